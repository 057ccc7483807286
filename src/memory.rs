//! The process's memory budget: an allocator that counts live bytes and,
//! when a request would pass the budget, ends the process with a message
//! (naming the template being rendered, if any) instead of letting the
//! allocation fail, which would abort, or the machine start swapping.
//!
//! The budget is three quarters of the machine's memory, or
//! `RATINGBOOK_MEMORY_LIMIT_MB` when set. The binaries install
//! [`BoundedAllocator`] as their global allocator; the library works without it.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicUsize, Ordering};

/// Live bytes allocated through [`BoundedAllocator`], as of each thread's
/// last settling (see [`SETTLE_BYTES`]).
static LIVE: AtomicIsize = AtomicIsize::new(0);
/// The most [`LIVE`] has been since [`take_peak_live_bytes`] last ran.
static PEAK: AtomicIsize = AtomicIsize::new(0);
/// The budget in bytes; 0 until [`set_limit_from_environment`] runs.
static LIMIT: AtomicUsize = AtomicUsize::new(0);
/// Whether the process ends when its one command is done (see [`let_go`]).
static ENDS_WITH_COMMAND: AtomicBool = AtomicBool::new(false);

const NAME_CAPACITY: usize = 96;

/// How far a thread's own count may drift before it is added to [`LIVE`].
/// One shared counter updated on every allocation kept two cores trading
/// its cache line (a tenth of a build's CPU); the budget can now be passed
/// by at most this much per thread before the process stops.
const SETTLE_BYTES: isize = 256 * 1024;

thread_local! {
    /// Bytes this thread allocated (less those it freed) since it last
    /// settled with [`LIVE`]. Constant-initialised with no destructor, so
    /// the allocator can use it at any point of a thread's life.
    static UNSETTLED: Cell<isize> = const { Cell::new(0) };
    /// The template this thread is rendering: fixed storage, so reading it
    /// never allocates.
    static RENDERING: Cell<([u8; NAME_CAPACITY], usize)> = const { Cell::new(([0; NAME_CAPACITY], 0)) };
}

/// An allocator (mimalloc underneath) that keeps the process within its
/// memory budget.
pub struct BoundedAllocator;

// SAFETY: every request is forwarded to mimalloc unchanged; the counter only
// observes sizes.
unsafe impl GlobalAlloc for BoundedAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        admit(layout.size());
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        admit(layout.size());
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        release(layout.size());
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            admit(new_size - layout.size());
        } else {
            release(layout.size() - new_size);
        }
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

/// Counts `size` more live bytes, or ends the process if that passes the budget.
fn admit(size: usize) {
    let size = isize::try_from(size).unwrap_or(isize::MAX);
    let unsettled = UNSETTLED.with(Cell::get).saturating_add(size);
    if unsettled < SETTLE_BYTES {
        UNSETTLED.with(|cell| cell.set(unsettled));
        return;
    }
    UNSETTLED.with(|cell| cell.set(0));
    let live = LIVE
        .fetch_add(unsettled, Ordering::Relaxed)
        .saturating_add(unsettled);
    PEAK.fetch_max(live, Ordering::Relaxed);
    let limit = LIMIT.load(Ordering::Relaxed);
    if limit != 0 && usize::try_from(live).is_ok_and(|live| live > limit) {
        out_of_budget(limit);
    }
}

/// Counts `size` fewer live bytes.
fn release(size: usize) {
    let size = isize::try_from(size).unwrap_or(isize::MAX);
    let unsettled = UNSETTLED.with(Cell::get).saturating_sub(size);
    if unsettled > -SETTLE_BYTES {
        UNSETTLED.with(|cell| cell.set(unsettled));
        return;
    }
    UNSETTLED.with(|cell| cell.set(0));
    LIVE.fetch_add(unsettled, Ordering::Relaxed);
}

/// Writes the message without allocating and exits with code 1.
fn out_of_budget(limit: usize) -> ! {
    let (name, length) = RENDERING.with(Cell::get);
    let mut message = [0u8; 512];
    let mut at = 0;
    let mut push = |bytes: &[u8]| {
        let n = bytes.len().min(message.len() - at);
        message[at..at + n].copy_from_slice(&bytes[..n]);
        at += n;
    };
    push(b"error: the build needed more than ");
    let mut digits = [0u8; 20];
    push(decimal(limit / (1024 * 1024), &mut digits));
    push(b" MB of memory");
    if length > 0 {
        push(b" while rendering the template `");
        push(&name[..length]);
        push(b"`; look for a loop in it that builds ever larger text");
    }
    push(b" (the limit is RATINGBOOK_MEMORY_LIMIT_MB, by default 3/4 of the machine's memory)\nbuild stopped, site not changed\n");
    // SAFETY: writing a valid buffer to stderr and leaving the process at
    // once, without running anything that could allocate.
    unsafe {
        libc::write(2, message.as_ptr().cast(), at);
        libc::_exit(1)
    }
}

fn decimal(mut n: usize, digits: &mut [u8; 20]) -> &[u8] {
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &digits[start..]
}

/// Sets the budget: `RATINGBOOK_MEMORY_LIMIT_MB`, else three quarters of the
/// machine's memory.
pub fn set_limit_from_environment() {
    let from_env = std::env::var("RATINGBOOK_MEMORY_LIMIT_MB")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .map(|mb| mb.saturating_mul(1024 * 1024));
    let limit = from_env.unwrap_or_else(|| machine_memory() / 4 * 3);
    LIMIT.store(limit, Ordering::Relaxed);
}

/// Has the process's memory come in ordinary pages rather than transparent
/// huge pages (on Linux; elsewhere nothing changes). A huge page is 2 MiB
/// zeroed whole when it is first touched, however little of it is used, and
/// again each time the allocator hands it back and takes it anew. On a
/// 300 000-player rebuild that cost 0.5 to 2 CPU-seconds of kernel time, far
/// more than fewer address-translation misses gained. Called at the start of
/// a process, before its memory grows.
pub fn prefer_ordinary_pages() {
    #[cfg(target_os = "linux")]
    // Only a hint: a kernel without the setting keeps its own choice.
    let _ = rustix::thread::disable_transparent_huge_pages(true);
}

/// Hands back what this thread freed and mimalloc keeps for the thread's
/// next allocations: it does that by itself only when the thread
/// allocates again, which a thread that has gone idle does not.
pub fn release_freed_memory_of_this_thread() {
    // SAFETY: asks mimalloc to tidy the calling thread's heap; no pointer
    // is passed and nothing allocated is touched.
    unsafe { libmimalloc_sys::mi_collect(true) }
}

/// Says that the process ends when its one command is done, so that what
/// the command no longer needs is left to the end (see [`let_go`]).
pub fn ends_with_command() {
    ENDS_WITH_COMMAND.store(true, Ordering::Relaxed);
}

/// Lets `value` go when it is no longer needed. In a process that
/// [`ends_with_command`], it is left to the operating system, which takes
/// all of the process's memory back at once when it ends: freeing a large
/// site's data one allocation at a time takes a noticeable part of a
/// second. Elsewhere (the preview server, tests) it is dropped.
pub fn let_go<T>(value: T) {
    if ENDS_WITH_COMMAND.load(Ordering::Relaxed) {
        std::mem::forget(value);
    } else {
        drop(value);
    }
}

/// The most bytes that were live at once (as far as [`BoundedAllocator`]
/// saw, to within `SETTLE_BYTES` per thread) since the last call, which
/// starts the next count from what is live now. 0 without the allocator.
pub fn take_peak_live_bytes() -> usize {
    let now = LIVE.load(Ordering::Relaxed);
    let peak = PEAK.swap(now, Ordering::Relaxed).max(now);
    usize::try_from(peak).unwrap_or(0)
}

/// Physical memory in bytes (0, meaning no budget, if it cannot be read).
fn machine_memory() -> usize {
    // SAFETY: sysconf only reads system values.
    let (pages, page_size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGE_SIZE),
        )
    };
    if pages <= 0 || page_size <= 0 {
        return 0;
    }
    (pages as usize).saturating_mul(page_size as usize)
}

/// The template this thread renders until the guard drops, for the message.
pub struct Rendering;

/// Marks this thread as rendering `template`.
pub fn rendering(template: &str) -> Rendering {
    let bytes = template.as_bytes();
    let length = bytes.len().min(NAME_CAPACITY);
    let mut name = [0u8; NAME_CAPACITY];
    name[..length].copy_from_slice(&bytes[..length]);
    RENDERING.with(|cell| cell.set((name, length)));
    Rendering
}

impl Drop for Rendering {
    fn drop(&mut self) {
        RENDERING.with(|cell| cell.set(([0; NAME_CAPACITY], 0)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_process_that_prefers_ordinary_pages_has_huge_pages_turned_off() {
        prefer_ordinary_pages();
        assert_eq!(
            rustix::thread::transparent_huge_pages_are_disabled().ok(),
            Some(true)
        );
    }

    #[test]
    fn the_peak_is_the_most_live_at_once_and_starts_over_when_taken() {
        // The test binary does not install the allocator: only these calls
        // move the count.
        let gib = 1usize << 30;
        take_peak_live_bytes();
        admit(gib);
        admit(gib / 2);
        release(gib);
        admit(gib / 4);
        let peak = take_peak_live_bytes();
        assert!(peak >= gib + gib / 2, "{peak}");
        assert!(peak < gib + gib / 2 + 2 * SETTLE_BYTES as usize, "{peak}");
        release(gib / 2 + gib / 4);
        let after = take_peak_live_bytes();
        assert!(after < gib, "{after}: counted again from what was live");
    }

    #[test]
    fn numbers_are_written_without_allocating() {
        let mut digits = [0u8; 20];
        assert_eq!(decimal(0, &mut digits), b"0");
        assert_eq!(decimal(1024, &mut digits), b"1024");
        assert_eq!(
            decimal(usize::MAX, &mut digits),
            usize::MAX.to_string().as_bytes()
        );
    }

    #[test]
    fn the_rendering_template_is_remembered_and_forgotten() {
        {
            let _guard = rendering("html/player.html");
            let (name, length) = RENDERING.with(Cell::get);
            assert_eq!(&name[..length], b"html/player.html");
        }
        assert_eq!(RENDERING.with(Cell::get).1, 0);
    }
}
