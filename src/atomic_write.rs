//! Writing one file all at once, for every command that writes a file the
//! user keeps (crosstables, dumps, pairings, reports): through a temporary
//! file beside it and a rename, so a reader or a crash never sees it
//! half-written. The whole site is published by `publish` instead.
//!
//! Files replaced on every build (the build cache's) are written over the
//! bytes of the version they replaced the time before, kept beside them,
//! and swapped in ([`create_or_write_over`], [`swap_in`]).

use std::fs;
use std::io;
use std::path::Path;

/// Replaces `path` with `bytes` in one step.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_file_atomically_with(path, |out| out.write_all(bytes))
}

/// Replaces `path` in one step with what `write` writes, as it writes it
/// (for files too big to hold); on an error `path` stays as it was.
pub fn write_file_atomically_with<T, E: From<io::Error>>(
    path: &Path,
    write: impl FnOnce(&mut dyn io::Write) -> Result<T, E>,
) -> Result<T, E> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.ratingbook-tmp"));
    let written = (|| {
        let mut out = io::BufWriter::with_capacity(1 << 20, fs::File::create(&temporary)?);
        let value = write(&mut out)?;
        out.into_inner().map_err(io::IntoInnerError::into_error)?;
        fs::rename(&temporary, path)?;
        Ok(value)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// The file at `path`, opened for writing over its bytes, when that
/// touches nothing else: a regular file (not a link), this user's, with no
/// other name. Nothing but a regular file is opened (opening a named pipe
/// for writing would wait for a reader).
///
/// Writing over the bytes of a large file costs a fraction of making a new
/// one and deleting the old: a new file's blocks are allocated, and the old
/// one's freed with its cached pages, which for tens or hundreds of
/// megabytes takes longer than copying the bytes.
#[cfg(unix)]
pub fn open_to_write_over(path: &Path) -> Option<fs::File> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let own = |meta: &fs::Metadata| {
        meta.is_file() && meta.nlink() == 1 && meta.uid() == rustix::process::geteuid().as_raw()
    };
    let seen = fs::symlink_metadata(path).ok().filter(own)?;
    let flags = rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK;
    let file = fs::File::options()
        .write(true)
        .custom_flags(flags.bits() as i32)
        .open(path)
        .ok()?;
    // What was opened, not what the name showed before.
    let opened = file.metadata().ok().filter(own)?;
    (opened.dev() == seen.dev() && opened.ino() == seen.ino()).then_some(file)
}

#[cfg(not(unix))]
pub fn open_to_write_over(_path: &Path) -> Option<fs::File> {
    None
}

/// The file at `path` to write, over its bytes when [`open_to_write_over`]
/// allows it, else as a new file in place of whatever was there (never
/// through a link).
pub fn create_or_write_over(path: &Path) -> io::Result<fs::File> {
    if let Some(file) = open_to_write_over(path) {
        return Ok(file);
    }
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    fs::File::options().write(true).create_new(true).open(path)
}

/// Ends a file written from its start, cutting what is left of longer
/// bytes it held before.
pub fn cut_after_written(file: &mut fs::File) -> io::Result<()> {
    use std::io::Seek;
    let end = file.stream_position()?;
    file.set_len(end)
}

/// Puts the file `written` in place of `path` in one step. The file it
/// replaces takes the name `written` (on Linux, where both names can be
/// swapped at once), so the next version can be written over its bytes
/// ([`create_or_write_over`]); elsewhere it is removed.
pub fn swap_in(written: &Path, path: &Path) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        if renameat_with(CWD, written, CWD, path, RenameFlags::EXCHANGE).is_ok() {
            return Ok(());
        }
    }
    fs::rename(written, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_files_are_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("dump.sql");
        fs::write(&path, "old").unwrap();
        write_file_atomically(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        let missing = dir.path().join("no-such-folder").join("x");
        assert!(write_file_atomically(&missing, b"x").is_err());
    }

    /// Writes `text` to `written` as a build writes its cache file, and
    /// swaps it in for `path`.
    fn replace(written: &Path, path: &Path, text: &str) {
        use std::io::Write;
        let mut file = create_or_write_over(written).unwrap();
        file.write_all(text.as_bytes()).unwrap();
        cut_after_written(&mut file).unwrap();
        drop(file);
        swap_in(written, path).unwrap();
    }

    #[test]
    fn a_replaced_file_is_written_over_the_version_before_it_only_when_nothing_shares_it() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("site.pages");
        let written = dir.path().join("site.partial");
        replace(&written, &path, "first, the longest version");
        replace(&written, &path, "second");
        assert_eq!(fs::read_to_string(&path).unwrap(), "second");
        // The first version waits beside it and is written over next.
        let spare = fs::metadata(&written).unwrap().ino();
        replace(&written, &path, "third");
        assert_eq!(fs::read_to_string(&path).unwrap(), "third");
        assert_eq!(fs::metadata(&path).unwrap().ino(), spare);
        // A second name, or a link, is never written through.
        let other = dir.path().join("other-name");
        fs::hard_link(&written, &other).unwrap();
        replace(&written, &path, "fourth");
        assert_eq!(fs::read_to_string(&other).unwrap(), "second");
        let outside = dir.path().join("outside");
        fs::write(&outside, "outside").unwrap();
        fs::remove_file(&written).unwrap();
        std::os::unix::fs::symlink(&outside, &written).unwrap();
        replace(&written, &path, "fifth");
        assert_eq!(fs::read_to_string(&outside).unwrap(), "outside");
        assert_eq!(fs::read_to_string(&path).unwrap(), "fifth");
        assert!(!fs::symlink_metadata(&path).unwrap().is_symlink());
    }
}
