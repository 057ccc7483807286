//! A site's files as a build makes them: a [`Sink`] takes each file as
//! soon as it is rendered, so the site is never held in memory as a whole,
//! and keeps a published file unchanged by its [`FileIdentity`].
//! [`crate::publish::Staging`] writes them into the next site;
//! [`MemorySink`] keeps them (small sites, tests).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

/// Rendered files by path relative to the site root (always `/`-separated).
pub type SiteFiles = BTreeMap<String, Vec<u8>>;

/// A file of the site could not be stored.
#[derive(Debug, thiserror::Error)]
#[error("cannot store {path}: {source}")]
pub struct WriteError {
    /// Path of the file in the site.
    pub path: String,
    /// What went wrong.
    #[source]
    pub source: Box<dyn std::error::Error + Send + Sync>,
}

/// What identifies a file's bytes without reading them: inode, size and
/// modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileIdentity {
    /// Inode number (0 where the platform has none).
    pub inode: u64,
    /// Length in bytes.
    pub size: u64,
    /// Modification time, nanoseconds since the epoch.
    pub modified: u128,
}

impl FileIdentity {
    /// The identity of the regular file at `path` (links are not followed).
    pub fn of(path: &Path) -> Option<FileIdentity> {
        FileIdentity::from_metadata(&std::fs::symlink_metadata(path).ok()?)
    }

    /// The identity of the regular file `name` (a relative path, links not
    /// followed) in the folder open as `dir`: the path is looked up from
    /// the folder rather than from the root, which a publish that checks
    /// hundreds of thousands of files does once per file.
    #[cfg(unix)]
    pub fn at(dir: &impl rustix::fd::AsFd, name: &str) -> Option<FileIdentity> {
        use rustix::fs::{statat, AtFlags, FileType};
        let stat = statat(dir, name, AtFlags::SYMLINK_NOFOLLOW).ok()?;
        let file = FileType::from_raw_mode(stat.st_mode) == FileType::RegularFile;
        file.then(|| FileIdentity::from_stat(&stat))?
    }

    /// The identity of a regular file from its `stat`, as [`FileIdentity::of`]
    /// gives it (no time before 1970).
    #[cfg(unix)]
    // The fields' integer types differ between platforms.
    #[allow(
        clippy::unnecessary_cast,
        clippy::useless_conversion,
        clippy::unnecessary_fallible_conversions
    )]
    pub fn from_stat(stat: &rustix::fs::Stat) -> Option<FileIdentity> {
        let seconds = u128::try_from(stat.st_mtime).ok()?;
        let nanos = u128::try_from(stat.st_mtime_nsec).ok()?;
        Some(FileIdentity {
            inode: stat.st_ino as u64,
            size: u64::try_from(stat.st_size).ok()?,
            modified: seconds * 1_000_000_000 + nanos,
        })
    }

    /// The identity of a regular file from metadata already read; `None`
    /// for anything else (a folder, a link).
    pub fn from_metadata(meta: &std::fs::Metadata) -> Option<FileIdentity> {
        if !meta.is_file() {
            return None;
        }
        let modified = meta
            .modified()
            .ok()?
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?
            .as_nanos();
        Some(FileIdentity {
            inode: inode(meta),
            size: meta.len(),
            modified,
        })
    }
}

#[cfg(unix)]
fn inode(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(meta)
}

#[cfg(not(unix))]
fn inode(_meta: &std::fs::Metadata) -> u64 {
    0
}

/// Writes a file's bytes into the writer it is given, which also copies
/// runs of other files (an SQL dump's unchanged pieces).
pub type StreamFn<'a> = dyn FnMut(&mut dyn crate::sql::DumpOut) -> std::io::Result<()> + 'a;

/// Takes the files of a site as they are rendered, from any thread.
pub trait Sink: Sync {
    /// Stores the file `path` (relative to the site root, `/`-separated).
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), WriteError>;

    /// Stores the file `path` whose bytes `write` writes, without holding
    /// them all (by default they are collected and [`Sink::put`]).
    fn put_streamed(&self, path: &str, write: &mut StreamFn) -> Result<(), WriteError> {
        let mut bytes = Vec::new();
        write(&mut bytes).map_err(|e| WriteError {
            path: path.to_string(),
            source: Box::new(e),
        })?;
        self.put(path, &bytes)
    }

    /// Stores the published site's file `path` as it is, without its bytes,
    /// if it still has `identity`; whether it did. A sink without a
    /// published site never does.
    fn keep(&self, path: &str, identity: FileIdentity) -> Result<bool, WriteError> {
        let _ = (path, identity);
        Ok(false)
    }

    /// As [`Sink::keep`], for a file the sink was found to hold already,
    /// with `identity`, before this build stored anything (see
    /// [`crate::publish::StagedFiles`]): a sink may keep it without
    /// looking again.
    fn keep_found(&self, path: &str, identity: FileIdentity) -> Result<bool, WriteError> {
        self.keep(path, identity)
    }

    /// The identity of the file stored at `path`, if the sink has files.
    fn identity(&self, path: &str) -> Option<FileIdentity> {
        let _ = path;
        None
    }

    /// The published site's file `path`, open for reading, if it still has
    /// `identity`. A sink without a published site has none.
    fn open_published(&self, path: &str, identity: FileIdentity) -> Option<std::fs::File> {
        let _ = (path, identity);
        None
    }
}

/// A sink that keeps every file in memory.
#[derive(Debug, Default)]
pub struct MemorySink {
    files: Mutex<SiteFiles>,
}

impl MemorySink {
    /// The files stored so far.
    pub fn into_files(self) -> SiteFiles {
        self.files
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The guarded value, also after a thread panicked while holding the lock:
/// what the lock guards here is a list being filled, whole at every step.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Sink for MemorySink {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), WriteError> {
        lock(&self.files).insert(path.to_string(), bytes.to_vec());
        Ok(())
    }
}

/// `path` relative to `dir`, `/`-separated on every platform: the key of a site file.
pub fn slash_path(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(all(test, unix))]
mod identity_tests {
    use super::FileIdentity;

    /// A file looked up from its open folder has the identity its path gives;
    /// a folder, a link and a missing file have none.
    #[test]
    fn identity_from_the_folder_is_the_identity_by_path() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("players")).unwrap();
        std::fs::write(dir.path().join("players/a.html"), "<p>a</p>").unwrap();
        std::os::unix::fs::symlink("a.html", dir.path().join("players/b.html")).unwrap();
        let folder = std::fs::File::open(dir.path()).unwrap();
        let by_path = FileIdentity::of(&dir.path().join("players/a.html"));
        assert!(by_path.is_some_and(|i| i.size == 8 && i.modified > 0));
        assert_eq!(FileIdentity::at(&folder, "players/a.html"), by_path);
        for other in ["players", "players/b.html", "players/c.html"] {
            assert_eq!(FileIdentity::at(&folder, other), None, "{other}");
        }
    }
}
