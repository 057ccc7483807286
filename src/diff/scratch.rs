//! Temporary folders for revisions brought out of git.
//!
//! Each is named [`PREFIX`], the process id, `-` and a random part, in
//! memory-backed `/dev/shm` where there is one, else in the system's
//! temporary folder. It is removed when dropped; on SIGINT or SIGTERM by
//! [`remove_all`] (which the command's signal handler calls); and, should
//! a run be killed outright, by the next run ([`remove_stale`]).

use crate::site_files::lock;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// How a scratch folder's name starts.
pub const PREFIX: &str = "ratingbook-diff-";

/// The scratch folders of this process, and whether it is stopping.
struct Kept {
    stopping: bool,
    folders: Vec<PathBuf>,
}

static KEPT: Mutex<Kept> = Mutex::new(Kept {
    stopping: false,
    folders: Vec::new(),
});

/// An empty temporary folder, removed when dropped.
#[derive(Debug)]
pub struct Scratch {
    dir: Option<tempfile::TempDir>,
}

impl Scratch {
    /// Makes a new scratch folder.
    pub fn new() -> std::io::Result<Scratch> {
        let mut kept = lock(&KEPT);
        if kept.stopping {
            return Err(stopping());
        }
        let prefix = format!("{PREFIX}{}-", std::process::id());
        let mut made = Err(std::io::Error::other("no temporary folder"));
        for parent in parents() {
            made = tempfile::Builder::new().prefix(&prefix).tempdir_in(parent);
            if made.is_ok() {
                break;
            }
        }
        let dir = made?;
        kept.folders.push(dir.path().to_path_buf());
        Ok(Scratch { dir: Some(dir) })
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        self.dir.as_ref().map_or(Path::new(""), |d| d.path())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let mut kept = lock(&KEPT);
        if let Some(dir) = self.dir.take() {
            kept.folders.retain(|f| f != dir.path());
            drop(dir);
        }
    }
}

/// Where scratch folders are made, in order of preference: unpacking tens
/// of thousands of small files to disk costs more than rating them.
fn parents() -> Vec<PathBuf> {
    let shared_memory = Path::new("/dev/shm");
    let mut parents = Vec::new();
    if shared_memory.is_dir() {
        parents.push(shared_memory.to_path_buf());
    }
    parents.push(std::env::temp_dir());
    parents
}

fn stopping() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::Interrupted, "the diff is stopping")
}

/// Runs `write` (which writes into a scratch folder) unless the process is
/// stopping: [`remove_all`] never removes a folder while a file is being
/// written into it, and nothing is written after.
pub(crate) fn writing<T>(write: impl FnOnce() -> std::io::Result<T>) -> std::io::Result<T> {
    let kept = lock(&KEPT);
    if kept.stopping {
        return Err(stopping());
    }
    let written = write();
    drop(kept);
    written
}

/// Removes every scratch folder of this process, and lets no more be made
/// or written into: for a signal handler, just before the process exits.
pub fn remove_all() {
    let mut kept = lock(&KEPT);
    kept.stopping = true;
    for folder in kept.folders.drain(..) {
        let _ = std::fs::remove_dir_all(folder);
    }
}

/// Removes the scratch folders that runs no longer alive left behind: the
/// folders (never links) of this user whose names start with [`PREFIX`]
/// and the id of a process that is gone. Returns those removed.
pub fn remove_stale() -> Vec<PathBuf> {
    let mut removed = Vec::new();
    for parent in parents() {
        let Ok(entries) = std::fs::read_dir(&parent) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name();
            let Some(pid) = name.to_str().and_then(owner_process) else {
                continue;
            };
            if pid == std::process::id() || is_alive(pid) {
                continue;
            }
            let path = entry.path();
            if is_own_folder(&path) && std::fs::remove_dir_all(&path).is_ok() {
                removed.push(path);
            }
        }
    }
    removed
}

/// The process id in a scratch folder's name.
fn owner_process(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(PREFIX)?;
    let (pid, random) = rest.split_once('-')?;
    (!random.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        .then(|| pid.parse().ok())
        .flatten()
}

#[cfg(unix)]
fn is_alive(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return true;
    };
    // Any answer but "no such process" (a process of another user) is alive.
    rustix::process::test_kill_process(pid) != Err(rustix::io::Errno::SRCH)
}

#[cfg(not(unix))]
fn is_alive(_pid: u32) -> bool {
    true
}

/// Whether `path` is a folder itself (not a link to one) of this user.
#[cfg(unix)]
fn is_own_folder(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(path)
        .is_ok_and(|m| m.file_type().is_dir() && m.uid() == rustix::process::geteuid().as_raw())
}

#[cfg(not(unix))]
fn is_own_folder(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_names_of_scratch_folders_give_a_process() {
        assert_eq!(owner_process("ratingbook-diff-123-abc"), Some(123));
        assert_eq!(owner_process("ratingbook-diff-123-"), None);
        assert_eq!(owner_process("ratingbook-diff--abc"), None);
        assert_eq!(owner_process("ratingbook-diff-+1-abc"), None);
        assert_eq!(owner_process("other-123-abc"), None);
    }
}
