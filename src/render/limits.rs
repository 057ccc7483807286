//! Budgets for rendering one page, so that a template from a pull request
//! cannot hang the build or exhaust the machine:
//!
//! - **Size**: a page's output may not exceed `[output] max_page_megabytes`;
//!   rendering stops with an error naming the template.
//! - Both budgets stay below ceilings the repository cannot raise (see
//!   [`crate::limits::Ceilings`]).
//! - **Time**: a page may not render for longer than `[output]
//!   page_render_seconds`. A template cannot be interrupted halfway, so a
//!   watchdog thread ends the whole process with a message naming the
//!   template and the page (exit code 1). Nothing has been published at that
//!   point, so the site is unchanged.
//! - **Memory**: see [`crate::memory`], which names the template being
//!   rendered when the process runs out of its memory budget.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The budgets of one build.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Largest page, in bytes.
    pub max_bytes: usize,
    /// Longest a page may take to render.
    pub max_time: Duration,
}

impl Budget {
    /// The budgets `output` sets, each kept below its ceiling
    /// ([`crate::limits::Ceilings`]), which the repository cannot raise.
    pub fn of(output: &crate::config::OutputConfig) -> Budget {
        Budget {
            max_bytes: crate::limits::page_megabytes(output.max_page_megabytes) as usize
                * 1024
                * 1024,
            max_time: Duration::from_secs(
                crate::limits::page_seconds(output.page_render_seconds).into(),
            ),
        }
    }
}

/// A writer that refuses to grow past `max` bytes.
struct Capped {
    buffer: Vec<u8>,
    max: usize,
    exceeded: bool,
}

impl Write for Capped {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.buffer.len() + bytes.len() > self.max {
            self.exceeded = true;
            return Err(io::Error::other("page size budget exceeded"));
        }
        self.buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What a page is given to start with; a larger one grows.
const TYPICAL_PAGE_BYTES: usize = 64 * 1024;

/// Renders `template` within `budget.max_bytes`; the error text says which
/// budget was exceeded.
pub fn render_capped(
    tera: &tera::Tera,
    template: &str,
    ctx: &tera::Context,
    budget: Budget,
) -> Result<Vec<u8>, String> {
    let mut out = Capped {
        // Most pages fit: no copying as the page grows.
        buffer: Vec::with_capacity(TYPICAL_PAGE_BYTES.min(budget.max_bytes)),
        max: budget.max_bytes,
        exceeded: false,
    };
    let _current = crate::memory::rendering(template);
    match tera.render_to(template, ctx, &mut out) {
        Ok(()) => Ok(out.buffer),
        Err(_) if out.exceeded => Err(too_large(budget)),
        Err(e) => Err(super::templates::error_text(&e)),
    }
}

/// What a page larger than `budget` allows is told.
pub fn too_large(budget: Budget) -> String {
    format!(
        "the page is larger than {} MB (the limit `[output] max_page_megabytes`); \
         look for a loop in the template that writes without end",
        budget.max_bytes / (1024 * 1024)
    )
}

/// Pages being rendered now: what the watchdog looks at.
#[derive(Default)]
struct Running {
    pages: Vec<(u64, String, String, Instant)>,
    next: u64,
}

/// Ends the process when a page renders for longer than the budget; stops
/// watching when dropped.
pub struct Watchdog {
    running: Arc<Mutex<Running>>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// A page under the watchdog's eye; removed when dropped.
pub struct Watched<'a> {
    watchdog: &'a Watchdog,
    id: u64,
}

impl Watchdog {
    /// Starts watching with `limit` per page.
    pub fn start(limit: Duration) -> Watchdog {
        let running = Arc::new(Mutex::new(Running::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let running = Arc::clone(&running);
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || watch(&running, &stop, limit))
        };
        Watchdog {
            running,
            stop,
            thread: Some(thread),
        }
    }

    /// Marks `template` rendering `page` from now until the guard drops.
    pub fn watch(&self, template: &str, page: &str) -> Watched<'_> {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        running.next += 1;
        let id = running.next;
        running
            .pages
            .push((id, template.to_string(), page.to_string(), Instant::now()));
        Watched { watchdog: self, id }
    }
}

impl Drop for Watched<'_> {
    fn drop(&mut self) {
        let mut running = self
            .watchdog
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        running.pages.retain(|(id, ..)| *id != self.id);
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}

fn watch(running: &Mutex<Running>, stop: &AtomicBool, limit: Duration) {
    let tick = (limit / 10).clamp(Duration::from_millis(10), Duration::from_millis(250));
    while !stop.load(Ordering::Relaxed) {
        std::thread::park_timeout(tick);
        let overdue = {
            let running = running.lock().unwrap_or_else(|e| e.into_inner());
            running
                .pages
                .iter()
                .find(|(.., started)| started.elapsed() > limit)
                .map(|(_, template, page, _)| (template.clone(), page.clone()))
        };
        if let Some((template, page)) = overdue {
            let page = if page.is_empty() {
                String::new()
            } else {
                format!(" for `{page}`")
            };
            eprintln!(
                "error: template `{template}` ran for more than {} s{page} (the limit \
                 `[output] page_render_seconds`); look for a loop in the template that \
                 does not end\nbuild stopped, site not changed",
                limit.as_secs()
            );
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_beyond_the_size_budget_is_refused() {
        let mut tera = tera::Tera::new();
        tera.add_raw_template(
            "t",
            "{% for i in range(end=100000) %}xxxxxxxxxx{% endfor %}",
        )
        .unwrap();
        let budget = Budget {
            max_bytes: 64 * 1024,
            max_time: Duration::from_secs(60),
        };
        let e = render_capped(&tera, "t", &tera::Context::new(), budget).unwrap_err();
        assert!(e.contains("larger than"), "{e}");
        tera.add_raw_template("small", "{{ 1 + 1 }}").unwrap();
        let ok = render_capped(&tera, "small", &tera::Context::new(), budget).unwrap();
        assert_eq!(ok, b"2");
    }
}
