//! The new site assembled in the staging folder, file by file, then put in
//! place (steps 2 to 6 of the module documentation).
use super::content::{copy_keeping_time, create_new, same_content, same_files, write_new};
use super::look::StagedFiles;
use super::places::{named, sibling};
use super::removal::{
    clear_the_way, count_stale, remove_extras_in, remove_leftover, remove_leftover_io, SiteFolders,
};
use super::spare::{keep_as_spare, recycle};
use super::stream::StagedStream;
use super::swap::swap;
use super::{io_error, lock, FileIdentity, PublishError, Sink, StreamFn, WriteError, WriteReport};
use foldhash::{HashMap, HashSet};
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock};

/// A new site being assembled beside `out`, file by file, from any number of
/// threads; [`Staging::finish`] puts it in place in one step. Dropped
/// unfinished, it removes what it wrote and `out` stays as it was.
#[derive(Debug)]
pub struct Staging {
    out: PathBuf,
    current: Option<PathBuf>,
    staging: PathBuf,
    old: PathBuf,
    spare: PathBuf,
    /// Whether the staging folder is the spare (the site before the current
    /// one), whose files are checked and replaced rather than all made.
    recycled: bool,
    /// The staging folder, open: its files are checked from here.
    #[cfg(unix)]
    staging_folder: Option<rustix::fd::OwnedFd>,
    /// Each file of the new site, with its identity once stored.
    files: Mutex<HashMap<String, Option<FileIdentity>>>,
    /// Folders known to exist in the staging folder (relative, `/`-separated).
    folders: RwLock<HashSet<String>>,
    written: AtomicUsize,
    bytes_written: AtomicU64,
    unchanged: AtomicUsize,
    finished: bool,
}

impl Staging {
    /// Starts the new site of `out` (the caller holds its [`BuildLock`](super::BuildLock)):
    /// removes leftovers of an interrupted build and makes the staging
    /// folder, from the spare when there is one.
    pub fn begin(out: &Path) -> Result<Staging, PublishError> {
        let out = named(out).map_err(io_error("resolve", out))?;
        let current = match fs::symlink_metadata(&out) {
            Ok(meta) if meta.is_dir() => Some(out.clone()),
            Ok(meta) if meta.is_symlink() => {
                return Err(PublishError::Link(out.display().to_string()))
            }
            Ok(_) => return Err(PublishError::NotAFolder(out.display().to_string())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(io_error("read", &out)(e)),
        };
        let staging = sibling(&out, "staging");
        let old = sibling(&out, "old");
        let spare = sibling(&out, "spare");
        remove_leftover(&staging)?;
        remove_leftover(&old)?;
        let recycled = recycle(&spare, &staging)?;
        if !recycled {
            fs::create_dir(&staging).map_err(io_error("create", &staging))?;
        }
        #[cfg(unix)]
        let staging_folder = {
            use rustix::fs::{open, Mode, OFlags};
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
            open(&staging, flags, Mode::empty()).ok()
        };
        Ok(Staging {
            out,
            current,
            staging,
            old,
            spare,
            recycled,
            #[cfg(unix)]
            staging_folder,
            files: Mutex::new(HashMap::default()),
            folders: RwLock::new(HashSet::default()),
            written: AtomicUsize::new(0),
            bytes_written: AtomicU64::new(0),
            unchanged: AtomicUsize::new(0),
            finished: false,
        })
    }

    /// Makes room for about `files` files, so that noting each of them
    /// never grows the list of the new site's files.
    pub fn expect(&self, files: usize) {
        lock(&self.files).reserve(files);
    }

    /// The published folder this build replaces, if there is one.
    pub fn current(&self) -> Option<&Path> {
        self.current.as_deref()
    }

    /// Adds the file `name` (relative, `/`-separated) with `content`: a hard
    /// link to the current site's file when that holds the same bytes, else
    /// a new file. A second file of the same name replaces the first.
    pub fn put(&self, name: &str, content: &[u8]) -> Result<(), PublishError> {
        let target = self.target(name)?;
        let previous = self.current.as_ref().map(|dir| dir.join(name));
        if let Some((previous, identity)) =
            previous.and_then(|p| same_content(&p, content).map(|id| (p, id)))
        {
            return self.keep(name, &previous, &target, identity);
        }
        self.vacate(&target)?;
        let identity = write_new(&target, content).map_err(io_error("write", &target))?;
        self.record(name, identity);
        self.written.fetch_add(1, Ordering::Relaxed);
        self.bytes_written
            .fetch_add(content.len() as u64, Ordering::Relaxed);
        Ok(())
    }

    /// Adds the file `name` whose bytes `write` writes straight into the new
    /// site; afterwards, when the current site's file holds the same bytes,
    /// that one is linked in its place, as [`Staging::put`] does.
    pub fn put_streamed(&self, name: &str, write: &mut StreamFn) -> Result<(), PublishError> {
        let target = self.target(name)?;
        let (file, over) = match self.staged_file_of_its_own(&target) {
            Some(file) => {
                let before = file.metadata().map_err(io_error("write", &target))?;
                (file, Some(before))
            }
            None => {
                self.vacate(&target)?;
                let file = create_new(&target).map_err(io_error("write", &target))?;
                (file, None)
            }
        };
        let in_place = over.is_some();
        // Small writes are gathered; a large one (an SQL dump's piece of
        // rows) goes to the file as it is, not copied into the buffer first.
        let mut out = StagedStream {
            out: io::BufWriter::with_capacity(64 << 10, file),
            over,
            written: 0,
        };
        let file = write(&mut out);
        let bytes = out.written;
        let file = file
            .and_then(|()| out.out.into_inner().map_err(io::IntoInnerError::into_error))
            .and_then(|mut file| {
                if in_place {
                    crate::atomic_write::cut_after_written(&mut file)?;
                }
                Ok(file)
            })
            .map_err(io_error("write", &target))?;
        let previous = self.current.as_ref().map(|dir| dir.join(name));
        if let Some((previous, identity)) =
            previous.and_then(|p| same_files(&p, &target).map(|id| (p, id)))
        {
            fs::remove_file(&target).map_err(io_error("replace", &target))?;
            return self.keep(name, &previous, &target, identity);
        }
        let identity = file
            .metadata()
            .ok()
            .and_then(|m| FileIdentity::from_metadata(&m));
        if let Some(identity) = identity {
            self.record(name, identity);
        }
        self.written.fetch_add(1, Ordering::Relaxed);
        self.bytes_written.fetch_add(bytes, Ordering::Relaxed);
        Ok(())
    }

    /// The staging folder's file at `target`, opened for writing over its
    /// bytes when nothing else shares them (see
    /// [`crate::atomic_write::open_to_write_over`]): no other file, the
    /// current site's above all, has its inode. Only in a staging folder
    /// made from the spare.
    fn staged_file_of_its_own(&self, target: &Path) -> Option<File> {
        self.recycled
            .then(|| crate::atomic_write::open_to_write_over(target))
            .flatten()
    }

    /// Adds the current site's file `name` as it is, without reading it,
    /// when it still has `identity`; whether it did.
    pub fn keep_current(&self, name: &str, identity: FileIdentity) -> Result<bool, PublishError> {
        let Some(current) = self.current.as_ref() else {
            return Ok(false);
        };
        if self.recycled {
            if self.keep_staged(name, identity)? {
                return Ok(true);
            }
            // Not the file wanted, or a file of that name was stored before
            // in this build: gone, whether it is linked or made next.
            let target = self.target(name)?;
            self.vacate(&target)?;
        }
        let previous = current.join(name);
        if FileIdentity::of(&previous) != Some(identity) {
            return Ok(false);
        }
        let target = self.target(name)?;
        self.keep(name, &previous, &target, identity).map(|()| true)
    }

    /// Keeps the file `name` of a staging folder made from the spare when
    /// it is the current site's file (it has `identity`) and the first file
    /// of that name in this build; whether it did. The common case of
    /// [`Staging::keep_current`], for every unchanged file of a rebuild:
    /// one `stat` and one note, nothing else.
    fn keep_staged(&self, name: &str, identity: FileIdentity) -> Result<bool, PublishError> {
        if let Some((folder, _)) = name.rsplit_once('/') {
            self.create_folder(folder)?;
        }
        Ok(self.staged_identity(name) == Some(identity) && self.note_kept(name, identity))
    }

    /// As [`Staging::keep_current`], for a file that a [`StagedFiles`] look
    /// found in the staging folder with `identity` before this build stored
    /// anything: kept without looking at it again when it is the first file
    /// of that name in this build.
    pub fn keep_found(&self, name: &str, identity: FileIdentity) -> Result<bool, PublishError> {
        if self.recycled {
            if let Some((folder, _)) = name.rsplit_once('/') {
                self.create_folder(folder)?;
            }
            if self.note_kept(name, identity) {
                return Ok(true);
            }
        }
        self.keep_current(name, identity)
    }

    /// Notes the staging folder's file `name`, which has `identity`, as
    /// kept, unless a file of that name was stored before in this build;
    /// whether it did.
    fn note_kept(&self, name: &str, identity: FileIdentity) -> bool {
        match lock(&self.files).entry(name.to_string()) {
            std::collections::hash_map::Entry::Vacant(entry) => entry.insert(Some(identity)),
            std::collections::hash_map::Entry::Occupied(_) => return false,
        };
        self.unchanged.fetch_add(1, Ordering::Relaxed);
        true
    }

    /// A look at the files of the staging folder as it is now, for another
    /// thread ([`StagedFiles`]); none unless it was made from the spare.
    #[cfg(unix)]
    pub fn look(&self) -> Option<StagedFiles> {
        if !self.recycled {
            return None;
        }
        let root = self.staging_folder.as_ref()?.try_clone().ok()?;
        Some(StagedFiles {
            root,
            folders: HashMap::default(),
        })
    }

    /// Elsewhere, no look ahead: each kept file is checked as it is kept.
    #[cfg(not(unix))]
    pub fn look(&self) -> Option<StagedFiles> {
        None
    }

    /// Where `name` goes in the staging folder (its folder created), noted as
    /// part of the new site.
    fn target(&self, name: &str) -> Result<PathBuf, PublishError> {
        let target = self.staging.join(name);
        if let Some((folder, _)) = name.rsplit_once('/') {
            self.create_folder(folder)?;
        }
        let fresh = lock(&self.files).insert(name.to_string(), None).is_none();
        if !fresh {
            remove_leftover(&target)?;
        }
        Ok(target)
    }

    /// Creates the staging folder's sub-folder `folder` once for the whole
    /// build, however many files go into it. In a staging folder made from
    /// the spare, each folder on the way is checked once: a writable folder,
    /// not a link or a file.
    fn create_folder(&self, folder: &str) -> Result<(), PublishError> {
        let known = self
            .folders
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains(folder);
        if known {
            return Ok(());
        }
        let mut folders = self
            .folders
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if folders.contains(folder) {
            return Ok(());
        }
        if self.recycled {
            let mut path = self.staging.clone();
            for part in folder.split('/') {
                path.push(part);
                if !clear_the_way(&path)? {
                    break;
                }
            }
        }
        let path = self.staging.join(folder);
        fs::create_dir_all(&path).map_err(io_error("create", &path))?;
        folders.insert(folder.to_string());
        Ok(())
    }

    /// Removes whatever is at `target` in a staging folder made from the
    /// spare, so that the file is made anew and never written in place.
    fn vacate(&self, target: &Path) -> Result<(), PublishError> {
        if self.recycled {
            remove_leftover(target)?;
        }
        Ok(())
    }

    /// The identity of the file `name` of the staging folder.
    fn staged_identity(&self, name: &str) -> Option<FileIdentity> {
        #[cfg(unix)]
        if let Some(folder) = &self.staging_folder {
            return FileIdentity::at(folder, name);
        }
        FileIdentity::of(&self.staging.join(name))
    }

    /// Notes the identity the file `name` has in the new site.
    fn record(&self, name: &str, identity: FileIdentity) {
        lock(&self.files).insert(name.to_string(), Some(identity));
    }

    /// Links (or, where links fail, copies) an unchanged file of the
    /// current site, whose identity is `identity`.
    fn keep(
        &self,
        name: &str,
        previous: &Path,
        target: &Path,
        identity: FileIdentity,
    ) -> Result<(), PublishError> {
        if self.recycled && self.staged_identity(name) == Some(identity) {
            self.record(name, identity);
            self.unchanged.fetch_add(1, Ordering::Relaxed);
            return Ok(());
        }
        self.vacate(target)?;
        if fs::hard_link(previous, target).is_err() {
            copy_keeping_time(previous, target).map_err(io_error("copy", previous))?;
            if let Some(copied) = FileIdentity::of(target) {
                self.record(name, copied);
            }
        } else {
            self.record(name, identity);
        }
        self.unchanged.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Swaps the new site in (see the module documentation) and removes the previous one.
    pub fn finish(self) -> Result<WriteReport, PublishError> {
        self.finish_with(None, |_| ()).0
    }

    /// As [`Staging::finish`], for a current site whose files are
    /// `previous` (as the build cache lists them): the files removed are
    /// counted from that list instead of by walking the site.
    pub fn finish_after<'a>(
        self,
        previous: impl IntoIterator<Item = &'a str, IntoIter: Send>,
    ) -> Result<WriteReport, PublishError> {
        self.finish_after_beside(previous, |_| ()).0
    }

    /// As [`Staging::finish_after`], running `beside` at the same time: it
    /// is given the identity each file of the new site was stored with
    /// (without reading the file system again; the files keep it in the
    /// published site, since publishing moves whole folders).
    pub fn finish_after_beside<'a, R: Send>(
        self,
        previous: impl IntoIterator<Item = &'a str, IntoIter: Send>,
        beside: impl FnOnce(&StoredIdentity) -> R + Send,
    ) -> (Result<WriteReport, PublishError>, R) {
        let mut previous = previous.into_iter().peekable();
        // An empty list says nothing of a site that is there (no cache).
        let listed = previous.peek().is_some() || self.current.is_none();
        self.finish_with(listed.then_some(&mut previous), beside)
    }

    /// Publishes the new site, the files removed counted from `previous`
    /// (else by walking the current site), while `beside` runs.
    fn finish_with<R: Send>(
        mut self,
        previous: Option<&mut (dyn Iterator<Item = &str> + Send)>,
        beside: impl FnOnce(&StoredIdentity) -> R + Send,
    ) -> (Result<WriteReport, PublishError>, R) {
        self.finished = true;
        let files = std::mem::take(&mut *lock(&self.files));
        let identity = |name: &str| files.get(name).copied().flatten();
        let done = rayon::join(|| self.publish(&files, previous), || beside(&identity));
        crate::memory::let_go(files);
        done
    }

    fn publish(
        &self,
        files: &HashMap<String, Option<FileIdentity>>,
        previous: Option<&mut (dyn Iterator<Item = &str> + Send)>,
    ) -> Result<WriteReport, PublishError> {
        // Counting what the current site loses and clearing the staging
        // folder of what the new one does not have, side by side.
        let (removed, cleared) = rayon::join(
            || match (previous, self.current.as_deref()) {
                (_, None) => 0,
                (Some(listed), Some(_)) => listed.filter(|name| !files.contains_key(*name)).count(),
                (None, Some(dir)) => count_stale(dir, files),
            },
            || {
                if self.recycled {
                    self.remove_extras(files)
                } else {
                    Ok(())
                }
            },
        );
        cleared.map_err(io_error("clean up", &self.staging))?;
        let mut report = WriteReport {
            written: self.written.load(Ordering::Relaxed),
            bytes_written: self.bytes_written.load(Ordering::Relaxed),
            unchanged: self.unchanged.load(Ordering::Relaxed),
            removed,
            cleanup_warning: None,
        };
        if self.current.is_none() {
            fs::rename(&self.staging, &self.out)
                .map_err(io_error("move the new site to", &self.out))?;
            return Ok(report);
        }
        swap(&self.staging, &self.out, &self.old)?;
        report.cleanup_warning = keep_as_spare(&self.staging, &self.spare)
            .and_then(|()| remove_leftover_io(&self.old))
            .err()
            .map(|e| {
                format!(
                    "the new site is in place, but the previous one could not be \
                     moved aside from {}: {e}; the next build removes it",
                    self.staging.display()
                )
            });
        Ok(report)
    }
}

/// The identity a file of the new site (by its `/`-separated name) was
/// stored with, if it was.
pub type StoredIdentity<'a> = dyn Fn(&str) -> Option<FileIdentity> + Sync + 'a;

impl Staging {
    /// Removes from the staging folder, made from the spare, every file and
    /// folder the new site (`files`) does not have. Links are removed, never
    /// followed.
    fn remove_extras<V: Sync>(&self, files: &HashMap<String, V>) -> io::Result<()> {
        remove_extras_in(&self.staging, "", files, &SiteFolders::of(files.keys()))
    }
}

impl Sink for Staging {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), WriteError> {
        Staging::put(self, path, bytes).map_err(|e| write_error(path, e))
    }

    fn put_streamed(&self, path: &str, write: &mut StreamFn) -> Result<(), WriteError> {
        Staging::put_streamed(self, path, write).map_err(|e| write_error(path, e))
    }

    fn keep(&self, path: &str, identity: FileIdentity) -> Result<bool, WriteError> {
        self.keep_current(path, identity)
            .map_err(|e| write_error(path, e))
    }

    fn keep_found(&self, path: &str, identity: FileIdentity) -> Result<bool, WriteError> {
        Staging::keep_found(self, path, identity).map_err(|e| write_error(path, e))
    }

    fn identity(&self, path: &str) -> Option<FileIdentity> {
        FileIdentity::of(&self.staging.join(path))
    }

    fn open_published(&self, path: &str, identity: FileIdentity) -> Option<fs::File> {
        let file = self.current.as_ref()?.join(path);
        if fs::symlink_metadata(&file).ok()?.file_type().is_symlink() {
            return None;
        }
        let file = fs::File::open(file).ok()?;
        // The identity of what was opened, not of the name looked at before.
        let opened = FileIdentity::from_metadata(&file.metadata().ok()?)?;
        (opened == identity).then_some(file)
    }
}

fn write_error(path: &str, error: PublishError) -> WriteError {
    WriteError {
        path: path.to_string(),
        source: Box::new(error),
    }
}

impl Drop for Staging {
    /// An unfinished staging folder becomes the spare: every file in it is
    /// checked or replaced when the next build reuses it. One made empty
    /// and left so (a build that stopped at a problem in its data) is
    /// removed: it holds nothing worth keeping.
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        let untouched = !self.recycled && lock(&self.files).is_empty();
        if untouched && fs::remove_dir(&self.staging).is_ok() {
            return;
        }
        if keep_as_spare(&self.staging, &self.spare).is_err() {
            let _ = remove_leftover_io(&self.staging);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::publish::places::sibling;
    use crate::publish::tests::{build, files_of, site};
    use crate::publish::SiteFiles;
    use std::os::unix::fs::MetadataExt;

    #[test]
    fn a_file_stored_twice_in_one_build_is_the_second_also_when_kept() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let first = site(&[("a.html", "1"), ("p/b.html", "2")]);
        let (_, known) = build(&out, (&first, &SiteFiles::new()), &HashMap::default());
        let (_, known) = build(&out, (&first, &first), &known);
        let staging = Staging::begin(&out).unwrap();
        assert!(staging.recycled, "the previous site is the staging folder");
        staging.put("a.html", b"replaced below").unwrap();
        assert!(staging.keep_current("a.html", known["a.html"]).unwrap());
        // Kept twice: the second time links the file again.
        assert!(staging.keep_current("p/b.html", known["p/b.html"]).unwrap());
        assert!(staging.keep_current("p/b.html", known["p/b.html"]).unwrap());
        staging
            .finish_after(known.keys().map(String::as_str))
            .unwrap();
        assert_eq!(files_of(&out), first);
    }

    #[test]
    fn a_streamed_file_is_written_over_only_when_it_has_no_other_name() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let outside = dir.path().join("outside.sql");
        let dumps = |a: &str, b: &str, c: &str| site(&[("a.sql", a), ("p/b.sql", b), ("c.sql", c)]);
        let first = dumps("first, a long dump", "first b", "first c");
        let (_, known) = build(&out, (&first, &SiteFiles::new()), &HashMap::default());
        let second = dumps("second a", "second b", "second c");
        let (_, known) = build(&out, (&second, &first), &known);
        // The spare holds the first build's files: one gets a second name
        // outside, one becomes a link out.
        let spare = sibling(&out, "spare");
        let own_inode = fs::metadata(spare.join("a.sql")).unwrap().ino();
        let linked = dir.path().join("linked.sql");
        fs::hard_link(spare.join("p/b.sql"), &linked).unwrap();
        fs::write(&outside, "outside").unwrap();
        fs::remove_file(spare.join("c.sql")).unwrap();
        std::os::unix::fs::symlink(&outside, spare.join("c.sql")).unwrap();
        let third = dumps("third", "third b", "third c");
        build(&out, (&third, &second), &known);
        assert_eq!(files_of(&out), third);
        assert_eq!(
            fs::metadata(out.join("a.sql")).unwrap().ino(),
            own_inode,
            "written over, the longer old bytes cut"
        );
        assert_eq!(fs::read_to_string(&linked).unwrap(), "first b");
        assert_ne!(
            fs::metadata(out.join("p/b.sql")).unwrap().ino(),
            fs::metadata(&linked).unwrap().ino()
        );
        assert_eq!(fs::read_to_string(&outside).unwrap(), "outside");
        assert!(!fs::symlink_metadata(out.join("c.sql"))
            .unwrap()
            .is_symlink());
    }

    #[test]
    fn unchanged_files_keep_their_inode_and_time_across_builds() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let first = site(&[("a.html", "1"), ("p/b.html", "2")]);
        let (_, known) = build(&out, (&first, &SiteFiles::new()), &HashMap::default());
        let second = site(&[("a.html", "1"), ("p/b.html", "2"), ("p/c.html", "3")]);
        let (report, after) = build(&out, (&second, &first), &known);
        assert_eq!(
            (report.written, report.unchanged, report.removed),
            (1, 2, 0)
        );
        for name in ["a.html", "p/b.html"] {
            assert_eq!(after[name], known[name], "{name}");
        }
    }

    #[test]
    fn a_build_that_stops_before_the_swap_leaves_the_site_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let first = site(&[("a.html", "1"), ("p/b.html", "2")]);
        let (_, known) = build(&out, (&first, &SiteFiles::new()), &HashMap::default());
        let staging = Staging::begin(&out).unwrap();
        staging.put("a.html", b"changed").unwrap();
        staging.put("p/new.html", b"new").unwrap();
        assert!(staging.keep_current("p/b.html", known["p/b.html"]).unwrap());
        drop(staging);
        assert_eq!(files_of(&out), first);
        assert!(!sibling(&out, "staging").exists());
        // A staging folder left by a killed build does not stop the next one.
        fs::create_dir_all(sibling(&out, "staging").join("p")).unwrap();
        fs::write(sibling(&out, "staging").join("p/b.html"), "half").unwrap();
        let second = site(&[("a.html", "1"), ("p/b.html", "2*")]);
        build(&out, (&second, &first), &known);
        assert_eq!(files_of(&out), second);
        assert_eq!(FileIdentity::of(&out.join("a.html")), Some(known["a.html"]));
    }

    #[test]
    fn a_build_that_stops_before_storing_anything_leaves_nothing_beside_the_site() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        drop(Staging::begin(&out).unwrap());
        let names = |dir: &Path| -> Vec<String> {
            let entries = fs::read_dir(dir).unwrap();
            let mut names: Vec<String> = entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        };
        assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
        // With a site and its spare, the spare stays what it was.
        let first = site(&[("a.html", "1")]);
        let (_, known) = build(&out, (&first, &SiteFiles::new()), &HashMap::default());
        build(&out, (&first, &first), &known);
        let before = names(dir.path());
        drop(Staging::begin(&out).unwrap());
        assert_eq!(names(dir.path()), before);
        assert_eq!(files_of(&sibling(&out, "spare")), first);
    }
}
