//! One build at a time per output folder: an advisory lock beside it.
use super::places::{links_in_the_way, named, sibling};
use super::{io_error, PublishError};
use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::Path;

/// The advisory lock that keeps one build at a time per output folder; held
/// until dropped (closing the file releases it).
#[derive(Debug)]
pub struct BuildLock {
    _file: File,
}

impl BuildLock {
    /// Takes the lock of `out` (creating its parent folder), or says who holds it.
    pub fn acquire(out: &Path) -> Result<BuildLock, PublishError> {
        if let Some(link) = links_in_the_way(out).first() {
            return Err(PublishError::Link(link.display().to_string()));
        }
        let out = named(out).map_err(io_error("resolve", out))?;
        if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent).map_err(io_error("create", parent))?;
        }
        let path = sibling(&out, "lock");
        let mut file = open_lock_file(&path)?;
        match file.try_lock() {
            Ok(()) => {
                let _ = file.set_len(0);
                let _ = file.write_all(std::process::id().to_string().as_bytes());
                Ok(BuildLock { _file: file })
            }
            Err(fs::TryLockError::WouldBlock) => Err(PublishError::Busy {
                out: out.display().to_string(),
                pid: holder_pid(&path),
            }),
            Err(fs::TryLockError::Error(e)) => Err(io_error("lock", &path)(e)),
        }
    }
}

/// The lock file at `path`, created if missing, never through a link.
fn open_lock_file(path: &Path) -> Result<File, PublishError> {
    let mut options = fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    options.open(path).map_err(|e| {
        let link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        if link {
            PublishError::Link(path.display().to_string())
        } else {
            io_error("open the lock file", path)(e)
        }
    })
}

fn holder_pid(lock_path: &Path) -> String {
    let mut text = String::new();
    let _ = File::open(lock_path).and_then(|mut f| f.read_to_string(&mut text));
    match text.trim().parse::<u32>() {
        Ok(pid) => format!(" (pid {pid})"),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_build_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let held = BuildLock::acquire(&out).unwrap();
        // flock locks belong to the open file description: a second open in
        // this process conflicts just as another process would.
        let e = BuildLock::acquire(&out).unwrap_err();
        let message = e.to_string();
        assert!(message.contains("another build of"), "{message}");
        assert!(
            message.contains(&format!("(pid {})", std::process::id())),
            "{message}"
        );
        drop(held);
    }
}
