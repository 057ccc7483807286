//! What a build removes: leftovers of an interrupted build, what is in the
//! way of a folder, the files of a reused staging folder that the new site
//! does not have; and the count of the files the new site drops.
use super::{io_error, slash_path, PublishError};
use foldhash::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Makes `path`, a folder on the way to a file in a staging folder made
/// from the spare, a writable folder: a file or link there is removed, a
/// read-only folder made writable (or removed when it cannot be). Whether
/// the folder is there afterwards.
pub(super) fn clear_the_way(path: &Path) -> Result<bool, PublishError> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => {
            if is_writable(&meta) || make_writable(path) {
                Ok(true)
            } else {
                remove_leftover(path).map(|()| false)
            }
        }
        Ok(_) => remove_leftover(path).map(|()| false),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(io_error("read", path)(e)),
    }
}

/// Whether this process may write into the folder `meta` describes: its
/// own, with the owner's write and search rights.
#[cfg(unix)]
pub(super) fn is_writable(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    owner_may_write(meta.uid(), meta.mode())
}

/// Whether a folder of the owner `uid` with the mode `mode` is this
/// process's own, with the owner's write and search rights.
#[cfg(unix)]
pub(super) fn owner_may_write(uid: u32, mode: u32) -> bool {
    uid == rustix::process::geteuid().as_raw() && mode & 0o300 == 0o300
}

#[cfg(not(unix))]
pub(super) fn is_writable(meta: &fs::Metadata) -> bool {
    !meta.permissions().readonly()
}

#[cfg(unix)]
fn make_writable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).is_ok()
}

#[cfg(not(unix))]
fn make_writable(_path: &Path) -> bool {
    false
}

pub(super) fn remove_leftover(path: &Path) -> Result<(), PublishError> {
    remove_leftover_io(path).map_err(io_error("remove the leftover", path))
}

pub(super) fn remove_leftover_io(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => fs::remove_dir_all(path).or_else(|_| {
            // A folder made read-only in the previous site: make our own
            // folders writable again, then remove.
            make_folders_writable(path);
            fs::remove_dir_all(path)
        }),
        Ok(_) => fs::remove_file(path),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Removes the folder `path` and everything in it, its top-level entries
/// side by side (they are mostly separate folders, which the file system
/// updates independently).
pub(super) fn remove_tree(path: &Path) -> io::Result<()> {
    use rayon::prelude::*;
    let entries: Vec<PathBuf> = match fs::read_dir(path) {
        Ok(entries) => entries.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(_) => return remove_leftover_io(path),
    };
    // Errors are left to the whole-tree removal, which also deals with
    // read-only folders.
    entries.par_iter().for_each(|entry| {
        let _ = remove_leftover_io(entry);
    });
    remove_leftover_io(path)
}

#[cfg(unix)]
fn make_folders_writable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let folders = walkdir::WalkDir::new(path)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_dir());
    for folder in folders {
        let _ = fs::set_permissions(folder.path(), fs::Permissions::from_mode(0o755));
    }
}

#[cfg(not(unix))]
fn make_folders_writable(_path: &Path) {}

/// The folders of a site, each with what the site has in it.
#[derive(Debug, Default)]
pub(super) struct SiteFolders<'a> {
    /// By `/`-separated name, the site's own folder as `""`.
    folders: HashMap<&'a str, FolderContents<'a>>,
}

/// What a site has in one folder.
#[derive(Debug, Default)]
struct FolderContents<'a> {
    /// Its files and sub-folders.
    entries: usize,
    /// Its sub-folders, by name in the site.
    subfolders: Vec<&'a str>,
}

impl<'a> SiteFolders<'a> {
    /// The folders of the site of the files `names`.
    pub(super) fn of(names: impl Iterator<Item = &'a String>) -> SiteFolders<'a> {
        let mut site = SiteFolders::default();
        site.folders.insert("", FolderContents::default());
        for name in names {
            let mut folder = parent_of(name);
            site.folders.entry(folder).or_default().entries += 1;
            // Each folder on the way, once, in its own parent.
            while !folder.is_empty() && site.folders[folder].entries == 1 {
                let parent = parent_of(folder);
                let contents = site.folders.entry(parent).or_default();
                contents.subfolders.push(folder);
                contents.entries += 1;
                if contents.entries > 1 {
                    break;
                }
                folder = parent;
            }
        }
        site
    }

    fn contents(&self, folder: &str) -> Option<&FolderContents<'a>> {
        self.folders.get(folder)
    }
}

/// The folder of the `/`-separated name `name` (`""` at the top).
fn parent_of(name: &str) -> &str {
    name.rsplit_once('/').map_or("", |(parent, _)| parent)
}

/// Removes from the folder `dir`, whose name in the site is `name` (empty
/// for the site's own folder), every entry that is neither one of `files`
/// nor one of the site's `folders`, and cleans the folders it keeps the
/// same way.
///
/// Every file of the site is in the staging folder already, so a folder
/// holding as many entries as the site has in it holds nothing else: only
/// its sub-folders are looked into. Otherwise its entries are looked at
/// side by side: a site's `players/` alone may hold hundreds of thousands
/// of files.
pub(super) fn remove_extras_in<V: Sync>(
    dir: &Path,
    name: &str,
    files: &HashMap<String, V>,
    folders: &SiteFolders,
) -> io::Result<()> {
    use rayon::prelude::*;
    let contents = folders.contents(name);
    if let Some(contents) = contents.filter(|c| entry_count(dir).ok() == Some(c.entries)) {
        return contents.subfolders.par_iter().try_for_each(|folder| {
            let own = folder.rsplit('/').next().unwrap_or(folder);
            remove_extras_in(&dir.join(own), folder, files, folders)
        });
    }
    let entries: Vec<fs::DirEntry> = fs::read_dir(dir)?.collect::<io::Result<_>>()?;
    entries.par_iter().try_for_each(|entry| {
        let file_name = entry.file_name();
        // A name that is not UTF-8 is no name of the site's.
        let Some(file_name) = file_name.to_str() else {
            return remove_leftover_io(&entry.path());
        };
        let entry_name = if name.is_empty() {
            file_name.to_string()
        } else {
            // Hundreds of thousands of names: joined without formatting.
            [name, "/", file_name].concat()
        };
        // The entry's own type: a link is not followed.
        if entry.file_type()?.is_dir() {
            if folders.contents(&entry_name).is_some() {
                return remove_extras_in(&entry.path(), &entry_name, files, folders);
            }
        } else if files.contains_key(&entry_name) {
            return Ok(());
        }
        remove_leftover_io(&entry.path())
    })
}

/// How many entries the folder `dir` holds (`.` and `..` aside).
#[cfg(unix)]
fn entry_count(dir: &Path) -> io::Result<usize> {
    use rustix::fs::{open, Dir, Mode, OFlags};
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let opened = open(dir, flags, Mode::empty())?;
    let mut count = 0;
    for entry in Dir::read_from(&opened)? {
        if !matches!(entry?.file_name().to_bytes(), b"." | b"..") {
            count += 1;
        }
    }
    Ok(count)
}

#[cfg(not(unix))]
fn entry_count(dir: &Path) -> io::Result<usize> {
    Ok(fs::read_dir(dir)?.count())
}

/// Files under `dir` that the new site (`names`) no longer has.
pub(super) fn count_stale<V>(dir: &Path, names: &HashMap<String, V>) -> usize {
    walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| !e.file_type().is_dir())
        .filter(|e| !names.contains_key(&slash_path(dir, e.path())))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::publish::places::sibling;
    use crate::publish::tests::{build, files_of, site};
    use crate::publish::SiteFiles;

    #[test]
    fn an_extra_file_deep_in_the_spare_is_removed_below_folders_that_look_complete() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let files = site(&[("a.html", "1"), ("p/b.html", "2"), ("p/q/r/c.html", "3")]);
        let (_, known) = build(&out, (&files, &SiteFiles::new()), &HashMap::default());
        let (_, known) = build(&out, (&files, &files), &known);
        let spare = sibling(&out, "spare");
        fs::write(spare.join("p/q/r/extra.html"), "not part of the site").unwrap();
        fs::create_dir(spare.join("p/q/empty")).unwrap();
        build(&out, (&files, &files), &known);
        assert_eq!(files_of(&out), files);
        assert!(!out.join("p/q/empty").exists());
        let folders = SiteFolders::of(known.keys());
        let counts = |name: &str| {
            let contents = folders.contents(name).unwrap();
            let mut subfolders = contents.subfolders.clone();
            subfolders.sort();
            (contents.entries, subfolders)
        };
        assert_eq!(counts(""), (2, vec!["p"]));
        assert_eq!(counts("p"), (2, vec!["p/q"]));
        assert_eq!(counts("p/q"), (1, vec!["p/q/r"]));
        assert_eq!(counts("p/q/r"), (1, vec![]));
    }
}
