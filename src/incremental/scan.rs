//! Fast scans of many files: every file of a published site with its
//! identity, and every input file with its metadata. One stat per file, the
//! stats of one folder side by side (a site's `players/` alone may hold
//! hundreds of thousands of files).

use super::hashing::Key;
use crate::site_files::FileIdentity;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use xxhash_rust::xxh3::Xxh3;

/// The fingerprint of a set of site files, each with its `/`-separated path
/// and identity: the sum of each file's hash, so that the files can be
/// visited in any order, and their number.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SiteFingerprint {
    /// Sum (wrapping) of the files' hashes.
    pub sum: Key,
    /// Number of files.
    pub files: usize,
}

impl SiteFingerprint {
    /// The fingerprint of the one file `path` with `identity`.
    pub fn one(path: &[u8], identity: FileIdentity) -> SiteFingerprint {
        let mut hasher = Xxh3::new();
        hasher.update(path);
        hasher.update(&[0]);
        hasher.update(&identity.inode.to_le_bytes());
        hasher.update(&identity.size.to_le_bytes());
        hasher.update(&identity.modified.to_le_bytes());
        SiteFingerprint {
            sum: hasher.digest128(),
            files: 1,
        }
    }

    /// The fingerprint of both sets (which share no file).
    pub fn with(self, other: SiteFingerprint) -> SiteFingerprint {
        SiteFingerprint {
            sum: self.sum.wrapping_add(other.sum),
            files: self.files + other.files,
        }
    }
}

/// The fingerprint of every file in the site folder `out`, or `None` when
/// something in it is neither a folder nor a regular file (e.g. a link), or
/// cannot be read.
#[cfg(unix)]
pub fn site_fingerprint(out: &Path) -> Option<SiteFingerprint> {
    use rustix::fs::{open, Mode, OFlags};
    let dir = open(
        out,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .ok()?;
    scan_folder(&dir, b"")
}

/// The fingerprint of the files in the open folder `dir`, whose files' paths
/// start with `prefix` (empty, or ending in `/`).
#[cfg(unix)]
fn scan_folder(dir: &rustix::fd::OwnedFd, prefix: &[u8]) -> Option<SiteFingerprint> {
    use rustix::fs::{Dir, FileType};
    let mut files = Vec::new();
    let mut folders = Vec::new();
    for entry in Dir::read_from(dir).ok()? {
        let entry = entry.ok()?;
        let name = entry.file_name();
        if name.to_bytes() == b"." || name.to_bytes() == b".." {
            continue;
        }
        match entry.file_type() {
            FileType::Directory => folders.push(name.to_owned()),
            _ => files.push(name.to_owned()),
        }
    }
    let (files, folders) = rayon::join(
        || {
            files
                .par_iter()
                .with_min_len(256)
                .map(|name| scan_entry(dir, prefix, name))
                .try_reduce(SiteFingerprint::default, |a, b| Some(a.with(b)))
        },
        || {
            folders
                .par_iter()
                .map(|name| scan_subfolder(dir, prefix, name))
                .try_reduce(SiteFingerprint::default, |a, b| Some(a.with(b)))
        },
    );
    Some(files?.with(folders?))
}

/// The fingerprint of the entry `name` of `dir`: a regular file, or a folder
/// whose type the listing did not tell.
#[cfg(unix)]
fn scan_entry(
    dir: &rustix::fd::OwnedFd,
    prefix: &[u8],
    name: &std::ffi::CStr,
) -> Option<SiteFingerprint> {
    use rustix::fs::{statat, AtFlags, FileType};
    let stat = statat(dir, name, AtFlags::SYMLINK_NOFOLLOW).ok()?;
    match FileType::from_raw_mode(stat.st_mode) {
        FileType::RegularFile => Some(SiteFingerprint::one(
            &[prefix, name.to_bytes()].concat(),
            FileIdentity::from_stat(&stat)?,
        )),
        FileType::Directory => scan_subfolder(dir, prefix, name),
        _ => None,
    }
}

/// The fingerprint of the folder `name` of `dir` (not followed if a link).
#[cfg(unix)]
fn scan_subfolder(
    dir: &rustix::fd::OwnedFd,
    prefix: &[u8],
    name: &std::ffi::CStr,
) -> Option<SiteFingerprint> {
    use rustix::fs::{openat, Mode, OFlags};
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let sub = openat(dir, name, flags, Mode::empty()).ok()?;
    scan_folder(&sub, &[prefix, name.to_bytes(), b"/"].concat())
}

/// Elsewhere, a walk of the folder.
#[cfg(not(unix))]
pub fn site_fingerprint(out: &Path) -> Option<SiteFingerprint> {
    let mut fingerprint = SiteFingerprint::default();
    for entry in walkdir::WalkDir::new(out).min_depth(1) {
        let entry = entry.ok()?;
        if entry.file_type().is_dir() {
            continue;
        }
        let name = crate::site_files::slash_path(out, entry.path());
        let identity = FileIdentity::of(entry.path())?;
        fingerprint = fingerprint.with(SiteFingerprint::one(name.as_bytes(), identity));
    }
    Some(fingerprint)
}

/// An input file: its path, identity (of the file a link leads to) and
/// change time.
#[derive(Debug, Clone)]
pub struct InputFile {
    /// Where it is.
    pub path: PathBuf,
    /// Inode, size and modification time.
    pub identity: FileIdentity,
    /// When its metadata last changed (which no program can set back).
    pub changed: SystemTime,
    /// Whether `path` itself, or a folder on the way to it from the path
    /// listed, is a symbolic link (whose target the loader's link policy
    /// must see).
    pub link: bool,
}

/// The files under each of `paths` (a file or folder, links followed; none
/// when missing), each folder's entries in name order; `None` when one
/// cannot be read or a link leads back into a folder it is in.
pub fn input_files(paths: &[PathBuf]) -> Option<Vec<InputFile>> {
    crate::load::reading(|| {
        let mut files = Vec::new();
        for path in paths {
            if !path.exists() {
                continue;
            }
            files.extend(input_entry(path.clone(), &[])?);
        }
        Some(files)
    })
}

/// The files at `path` (a file, or a folder inside the folders `ancestors`).
fn input_entry(path: PathBuf, ancestors: &[FolderId]) -> Option<Vec<InputFile>> {
    let meta = std::fs::metadata(&path).ok()?;
    let link = std::fs::symlink_metadata(&path)
        .ok()?
        .file_type()
        .is_symlink();
    if meta.is_dir() {
        let mut files = input_folder(&path, &meta, ancestors)?;
        if link {
            behind_link(&mut files);
        }
        return Some(files);
    }
    let identity = FileIdentity::from_metadata(&meta)?;
    let changed = changed_time(&meta)?;
    Some(vec![InputFile {
        path,
        identity,
        changed,
        link,
    }])
}

/// The files in the folder `path`, in name order, stated side by side
/// relative to the open folder (cheaper than by their whole paths).
#[cfg(unix)]
fn input_folder(
    path: &Path,
    meta: &std::fs::Metadata,
    ancestors: &[FolderId],
) -> Option<Vec<InputFile>> {
    use rustix::fs::{open, Mode, OFlags};
    let dir = open(
        path,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .ok()?;
    input_folder_at(&dir, path, folder_id(meta), ancestors)
}

/// The files in the open folder `dir` (at `path`, identified by `id`), in name order.
#[cfg(unix)]
fn input_folder_at(
    dir: &rustix::fd::OwnedFd,
    path: &Path,
    id: FolderId,
    ancestors: &[FolderId],
) -> Option<Vec<InputFile>> {
    if ancestors.contains(&id) {
        return None;
    }
    let ancestors = [ancestors, &[id]].concat();
    let mut names = Vec::new();
    for entry in rustix::fs::Dir::read_from(dir).ok()? {
        let entry = entry.ok()?;
        let name = entry.file_name();
        if name.to_bytes() != b"." && name.to_bytes() != b".." {
            names.push(name.to_owned());
        }
    }
    // Byte order, as file names compare on Unix.
    names.par_sort_unstable();
    // Each run of names folded into one list, in order; the lists joined
    // once into a list made at its size (hundreds of thousands of files,
    // copied at every step of a list grown by joining).
    let runs: Vec<Vec<InputFile>> = names
        .par_iter()
        .with_min_len(64)
        .try_fold(Vec::new, |mut files, name| {
            input_entry_at(dir, path, name, &ancestors, &mut files)?;
            Some(files)
        })
        .collect::<Option<_>>()?;
    let mut files = Vec::with_capacity(runs.iter().map(Vec::len).sum());
    for run in runs {
        files.extend(run);
    }
    Some(files)
}

/// Adds to `files` the files at the entry `name` of the open folder `dir`
/// (at `path`, inside the folders `ancestors`), links followed.
#[cfg(unix)]
// The fields' integer types differ between platforms.
#[allow(clippy::unnecessary_cast)]
fn input_entry_at(
    dir: &rustix::fd::OwnedFd,
    path: &Path,
    name: &std::ffi::CStr,
    ancestors: &[FolderId],
    files: &mut Vec<InputFile>,
) -> Option<()> {
    use rustix::fs::{openat, statat, AtFlags, FileType, Mode, OFlags};
    use std::os::unix::ffi::OsStrExt;
    // One stat for a file or folder; a second, through it, for a link.
    let own = statat(dir, name, AtFlags::SYMLINK_NOFOLLOW).ok()?;
    let link = FileType::from_raw_mode(own.st_mode) == FileType::Symlink;
    let stat = if link {
        statat(dir, name, AtFlags::empty()).ok()?
    } else {
        own
    };
    let path = path.join(std::ffi::OsStr::from_bytes(name.to_bytes()));
    match FileType::from_raw_mode(stat.st_mode) {
        FileType::Directory => {
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
            let sub = openat(dir, name, flags, Mode::empty()).ok()?;
            let id = Some((stat.st_dev as u64, stat.st_ino as u64));
            let mut inside = input_folder_at(&sub, &path, id, ancestors)?;
            if link {
                behind_link(&mut inside);
            }
            files.extend(inside);
        }
        FileType::RegularFile => files.push(InputFile {
            path,
            identity: FileIdentity::from_stat(&stat)?,
            changed: stat_changed(&stat)?,
            link,
        }),
        _ => return None,
    }
    Some(())
}

/// Marks `files`, found in a folder reached through a link, as behind one.
fn behind_link(files: &mut [InputFile]) {
    for file in files {
        file.link = true;
    }
}

/// When the file's metadata last changed, from its `stat`.
#[cfg(unix)]
#[allow(clippy::useless_conversion, clippy::unnecessary_fallible_conversions)]
fn stat_changed(stat: &rustix::fs::Stat) -> Option<SystemTime> {
    let seconds = u64::try_from(stat.st_ctime).ok()?;
    let nanos = u32::try_from(stat.st_ctime_nsec).ok()?;
    Some(std::time::UNIX_EPOCH + std::time::Duration::new(seconds, nanos))
}

/// The files in the folder `path`, in name order, stated side by side.
#[cfg(not(unix))]
fn input_folder(
    path: &Path,
    meta: &std::fs::Metadata,
    ancestors: &[FolderId],
) -> Option<Vec<InputFile>> {
    let id = folder_id(meta);
    if id.is_some() && ancestors.contains(&id) {
        return None;
    }
    let ancestors = [ancestors, &[id]].concat();
    let mut names = std::fs::read_dir(path)
        .ok()?
        .map(|entry| entry.map(|e| e.file_name()))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    names.sort_unstable();
    let files: Vec<Vec<InputFile>> = names
        .par_iter()
        .with_min_len(64)
        .map(|name| input_entry(path.join(name), &ancestors))
        .collect::<Option<_>>()?;
    Some(files.into_iter().flatten().collect())
}

/// What tells a folder apart from every other (device and inode).
type FolderId = Option<(u64, u64)>;

#[cfg(unix)]
fn folder_id(meta: &std::fs::Metadata) -> FolderId {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn folder_id(_meta: &std::fs::Metadata) -> FolderId {
    None
}

/// When the file's metadata last changed (which no program can set back).
#[cfg(unix)]
fn changed_time(meta: &std::fs::Metadata) -> Option<SystemTime> {
    use std::os::unix::fs::MetadataExt;
    let nanos = u64::try_from(meta.ctime()).ok()? * 1_000_000_000
        + u64::try_from(meta.ctime_nsec()).ok()?;
    Some(std::time::UNIX_EPOCH + std::time::Duration::from_nanos(nanos))
}

/// Elsewhere the modification time stands in.
#[cfg(not(unix))]
fn changed_time(meta: &std::fs::Metadata) -> Option<SystemTime> {
    meta.modified().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_scan_sees_every_file_and_its_identity() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path();
        std::fs::create_dir_all(out.join("players/x")).unwrap();
        std::fs::write(out.join("index.html"), "a").unwrap();
        std::fs::write(out.join("players/x/p.html"), "b").unwrap();
        let listed = [
            ("index.html", out.join("index.html")),
            ("players/x/p.html", out.join("players/x/p.html")),
        ]
        .iter()
        .map(|(name, file)| SiteFingerprint::one(name.as_bytes(), FileIdentity::of(file).unwrap()))
        .fold(SiteFingerprint::default(), SiteFingerprint::with);
        assert_eq!(site_fingerprint(out), Some(listed));
        assert_eq!(listed.files, 2);
        std::fs::write(out.join("players/extra.html"), "c").unwrap();
        assert_ne!(site_fingerprint(out), Some(listed));
        std::fs::remove_file(out.join("players/extra.html")).unwrap();
        assert_eq!(site_fingerprint(out), Some(listed));
        std::fs::write(out.join("index.html"), "edited").unwrap();
        assert_ne!(site_fingerprint(out), Some(listed));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_in_the_site_is_no_file_of_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.html"), "a").unwrap();
        std::os::unix::fs::symlink("a.html", dir.path().join("b.html")).unwrap();
        assert_eq!(site_fingerprint(dir.path()), None);
    }

    #[cfg(unix)]
    #[test]
    fn inputs_are_listed_in_name_order_through_links_and_a_loop_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        std::fs::create_dir_all(data.join("b")).unwrap();
        std::fs::write(data.join("b/c.toml"), "c").unwrap();
        std::fs::write(data.join("a.toml"), "a").unwrap();
        std::os::unix::fs::symlink(data.join("a.toml"), data.join("d.toml")).unwrap();
        let files = input_files(&[data.clone(), dir.path().join("missing")]).unwrap();
        let names: Vec<_> = files
            .iter()
            .map(|f| f.path.strip_prefix(&data).unwrap())
            .collect();
        assert_eq!(
            names,
            [
                Path::new("a.toml"),
                Path::new("b/c.toml"),
                Path::new("d.toml")
            ]
        );
        assert_eq!(files[0].identity, files[2].identity, "the link is followed");
        std::os::unix::fs::symlink(&data, data.join("b/loop")).unwrap();
        assert!(input_files(&[data]).is_none());
    }

    #[cfg(unix)]
    #[test]
    fn files_reached_through_a_linked_folder_count_as_behind_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let (data, elsewhere) = (dir.path().join("data"), dir.path().join("elsewhere"));
        std::fs::create_dir_all(data.join("own")).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        std::fs::write(data.join("own/a.toml"), "a").unwrap();
        std::fs::write(elsewhere.join("b.toml"), "b").unwrap();
        std::os::unix::fs::symlink(&elsewhere, data.join("linked")).unwrap();
        let files = input_files(std::slice::from_ref(&data)).unwrap();
        let links: Vec<_> = files
            .iter()
            .map(|f| (f.path.strip_prefix(&data).unwrap(), f.link))
            .collect();
        assert_eq!(
            links,
            [
                (Path::new("linked/b.toml"), true),
                (Path::new("own/a.toml"), false)
            ]
        );
        let through = dir.path().join("through");
        std::os::unix::fs::symlink(&data, &through).unwrap();
        let files = input_files(&[through]).unwrap();
        assert!(files.iter().all(|f| f.link), "{files:?}");
    }
}
