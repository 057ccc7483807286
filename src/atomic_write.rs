//! Writing one file all at once, for every command that writes a file the
//! user keeps (crosstables, dumps, pairings, reports): through a temporary
//! file beside it and a rename, so a reader or a crash never sees it
//! half-written. The whole site is published by `publish` instead.
//!
//! Files replaced on every build (the build cache's) are written over the
//! bytes of the version they replaced the time before, kept beside them,
//! and swapped in ([`create_or_write_over`], [`swap_in`]).
//!
//! No writer here writes through a symbolic link: a link where a file is to
//! be written, or on a folder on the way to it below the repository root, is
//! refused with a [`LinkRefused`] error ([`refuse_links`]), and files are
//! created without following links.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A symbolic link found where ratingbook was to write: a data repository
/// arrives through pull requests, and a committed link could point anywhere.
#[derive(Debug, thiserror::Error)]
#[error(
    "{} is a symbolic link (to `{}`); ratingbook does not write through links: remove the link",
    .path.display(),
    .target.display()
)]
pub struct LinkRefused {
    /// The link, as the user names it (relative to the repository root when
    /// it is below it).
    pub path: PathBuf,
    /// Where the link points.
    pub target: PathBuf,
}

impl LinkRefused {
    /// The refusal inside `error`, if that is why it failed.
    pub fn within(error: &io::Error) -> Option<&LinkRefused> {
        error.get_ref()?.downcast_ref()
    }

    /// The refusal `error` carries, or else `error` itself.
    pub fn taken_from(error: io::Error) -> Result<LinkRefused, io::Error> {
        if LinkRefused::within(&error).is_none() {
            return Err(error);
        }
        let inner = error.into_inner().expect("a refusal is inside");
        Ok(*inner.downcast::<LinkRefused>().expect("checked above"))
    }
}

/// Fails with [`LinkRefused`] when `path`, or a folder on the way to it
/// below `root`, is a symbolic link (`root` itself may be one: the user
/// chose it). A `path` outside `root` is checked alone. Names that do not
/// exist yet are fine.
pub fn refuse_links(root: &Path, path: &Path) -> io::Result<()> {
    let (mut at, below) = match path.strip_prefix(root) {
        Ok(below) => (root.to_path_buf(), below.to_path_buf()),
        // `data/x.csv` is below the root `.`.
        Err(_) if path.is_relative() && root.components().all(|c| c.as_os_str() == ".") => {
            (PathBuf::new(), path.to_path_buf())
        }
        Err(_) => return refuse_link(path, path),
    };
    let mut shown = PathBuf::new();
    for part in below.components() {
        at.push(part);
        shown.push(part);
        match fs::symlink_metadata(&at) {
            Ok(_) => refuse_link(&at, &shown)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Fails with [`LinkRefused`] (naming it `shown`) when `path` is a link.
fn refuse_link(path: &Path, shown: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(io::Error::other(LinkRefused {
            path: shown.to_path_buf(),
            target: fs::read_link(path).unwrap_or_default(),
        })),
        _ => Ok(()),
    }
}

/// Creates the folder `dir` and those on the way to it below `root`, where
/// missing, after [`refuse_links`]: never through a link.
pub fn create_folders_in(root: &Path, dir: &Path) -> io::Result<()> {
    refuse_links(root, dir)?;
    let below = dir.strip_prefix(root).unwrap_or(dir);
    let mut at = if below == dir {
        PathBuf::new()
    } else {
        root.to_path_buf()
    };
    for part in below.components() {
        at.push(part);
        match fs::create_dir(&at) {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            other => other?,
        }
    }
    // What was made or found, not what the names showed before.
    refuse_links(root, dir)
}

/// Writes `bytes` as the new file `path` below `root`, creating its folders
/// ([`create_folders_in`]); fails with `AlreadyExists` when anything (even a
/// dangling link) has that name, and with [`LinkRefused`] for a link on the
/// way. The file appears whole or not at all.
pub fn create_new_file_in(root: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        create_folders_in(root, dir)?;
    }
    refuse_links(root, path)?;
    let temporary = temporary_beside(path);
    let written = (|| {
        let mut out = create_temporary(&temporary)?;
        io::Write::write_all(&mut out, bytes)?;
        drop(out);
        move_into_place_without_replacing(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// Renames `from` to `to` unless something has the name `to`.
fn move_into_place_without_replacing(from: &Path, to: &Path) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        match renameat_with(CWD, from, CWD, to, RenameFlags::NOREPLACE) {
            Ok(()) => return Ok(()),
            Err(e) if e == rustix::io::Errno::EXIST => {
                return Err(io::Error::from(io::ErrorKind::AlreadyExists))
            }
            Err(_) => {}
        }
    }
    fs::hard_link(from, to)?;
    fs::remove_file(from)
}

/// Replaces the file `path` below `root` with `bytes` in one step, after
/// [`refuse_links`].
pub fn write_file_atomically_in(root: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    refuse_links(root, path)?;
    write_file_atomically(path, bytes)
}

/// Replaces `path` with `bytes` in one step.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_file_atomically_with(path, |out| out.write_all(bytes))
}

/// The temporary name a file is written under before it takes `path`'s.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.ratingbook-tmp"))
}

/// Creates the temporary file `path` anew, never through a link: a leftover
/// of that name (a file, or a link committed in its place) is removed first.
fn create_temporary(path: &Path) -> io::Result<fs::File> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    let mut options = fs::File::options();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    options.open(path)
}

/// Replaces `path` in one step with what `write` writes, as it writes it
/// (for files too big to hold); on an error `path` stays as it was.
pub fn write_file_atomically_with<T, E: From<io::Error>>(
    path: &Path,
    write: impl FnOnce(&mut dyn io::Write) -> Result<T, E>,
) -> Result<T, E> {
    refuse_link(path, path)?;
    if let Some(mut device) = open_device(path)? {
        let mut out = io::BufWriter::new(&mut device);
        let value = write(&mut out)?;
        out.into_inner().map_err(io::IntoInnerError::into_error)?;
        return Ok(value);
    }
    let temporary = temporary_beside(path);
    let written = (|| {
        let mut out = io::BufWriter::with_capacity(1 << 20, create_temporary(&temporary)?);
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

/// `path` opened for writing when it is a device or a pipe (`-o /dev/null`,
/// `-o /dev/stdout`): those are written into, never replaced by a file of
/// the same name.
fn open_device(path: &Path) -> io::Result<Option<fs::File>> {
    match fs::symlink_metadata(path) {
        Ok(meta) if !meta.is_file() && !meta.is_dir() && !meta.file_type().is_symlink() => {
            fs::File::options().write(true).open(path).map(Some)
        }
        _ => Ok(None),
    }
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

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_into_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let null = Path::new("/dev/null");
        if !fs::metadata(null).is_ok_and(|m| m.file_type().is_char_device()) {
            return;
        }
        write_file_atomically(null, b"nothing").unwrap();
        assert!(fs::symlink_metadata(null)
            .unwrap()
            .file_type()
            .is_char_device());
    }

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

    #[test]
    fn a_link_where_a_file_is_written_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("repo");
        fs::create_dir_all(root.join("data/players")).unwrap();
        let outside = dir.path().join("outside");
        fs::create_dir(&outside).unwrap();
        // A committed link in place of the temporary is not followed.
        let planted = outside.join("planted");
        let path = root.join("data/players/a.toml");
        std::os::unix::fs::symlink(&planted, root.join("data/players/.a.toml.ratingbook-tmp"))
            .unwrap();
        write_file_atomically_in(&root, &path, b"a").unwrap();
        assert!(!planted.exists());
        assert_eq!(fs::read_to_string(&path).unwrap(), "a");
        // A link at the file, or on a folder on the way, is refused.
        let link = root.join("data/players/b.toml");
        std::os::unix::fs::symlink(&planted, &link).unwrap();
        let refused = create_new_file_in(&root, &link, b"b").unwrap_err();
        let named = LinkRefused::within(&refused).unwrap();
        assert_eq!(named.path, Path::new("data/players/b.toml"));
        assert!(write_file_atomically(&link, b"b").is_err());
        std::os::unix::fs::symlink(&outside, root.join("data/tournaments")).unwrap();
        let below = root.join("data/tournaments/2026/x.toml");
        let refused = create_new_file_in(&root, &below, b"x").unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!(
                "data/tournaments is a symbolic link (to `{}`); ratingbook does not write through links: remove the link",
                outside.display()
            )
        );
        assert_eq!(fs::read_dir(&outside).unwrap().count(), 0);
        // An existing file is never replaced by a new one.
        let taken = create_new_file_in(&root, &path, b"again").unwrap_err();
        assert_eq!(taken.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read_to_string(&path).unwrap(), "a");
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
