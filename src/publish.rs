//! Putting a rendered site in place: all of it or none of it, one build at a
//! time, and only changed files with new bytes.
//!
//! How `site/` is replaced, with `site/` standing for any output folder:
//!
//! 1. [`BuildLock::acquire`] takes an advisory lock (`flock` on Unix) on `.site.ratingbook-lock`
//!    beside the folder. The operating system drops it when the process ends,
//!    however it ends, so a killed build never blocks the next one.
//! 2. Leftovers of an interrupted build (`.site.ratingbook-staging`,
//!    `.site.ratingbook-old`) are removed. The site before the current one,
//!    kept by the previous build as `.site.ratingbook-spare`, is renamed to
//!    be the staging folder; without one, an empty staging folder is made.
//! 3. The new site is assembled in the staging folder: a file whose content
//!    did not change is the current site's file, hard-linked (same bytes,
//!    same inode, same modification time, so deploy diffs show only real
//!    changes); a new or changed file is written as a new file. A staging
//!    folder made from the spare already holds most unchanged files as such
//!    links: each is checked by its identity (inode, size, modification
//!    time) and kept, and only the others are replaced. Nothing in the
//!    staging folder is written in place, since its files may share their
//!    inode with the current site's; except a streamed file (the SQL
//!    dumps) that has no other name: its bytes are written over, which
//!    costs a fraction of making a new file of hundreds of megabytes.
//! 4. What the new site does not have is removed from the staging folder
//!    (only needed when it was made from the spare).
//! 5. One atomic step swaps the two folders: on Linux `renameat2` with
//!    `RENAME_EXCHANGE`. Elsewhere (documented fallback) the old folder is
//!    renamed away and the new one renamed in: two renames, with a moment in
//!    which `site/` does not exist, but never a mix of old and new files.
//! 6. The previous site, now in the staging folder, is renamed to be the
//!    spare of the next build. Keeping it costs the disk space of the files
//!    that changed; reusing it saves the next build a link for every
//!    unchanged file and this one the deletion of a whole tree.
//!
//! Per file, publishing costs what the file needs and no more: each folder
//! of the staging folder is created (or checked) once per build, each
//! stored file's identity is noted as it is stored (the build cache records
//! it without reading the site again), and the files removed are counted
//! from the previous build's list when there is one
//! ([`Staging::finish_after`]) instead of by walking the site.
//!
//! A crash before step 5 leaves `site/` exactly as it was; after it, `site/`
//! is the whole new site. Either way the next build cleans up. This holds
//! for a killed process; it does not promise durability across a power cut
//! (nothing is fsynced).

use crate::site_files::{lock, slash_path, FileIdentity, Sink, SiteFiles, StreamFn, WriteError};
use foldhash::{HashMap, HashSet};
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock};

/// What publishing the site did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WriteReport {
    /// Files written because they were new or changed.
    pub written: usize,
    /// Files kept with their bytes because their content was the same.
    pub unchanged: usize,
    /// Files of the previous site that the new one no longer has.
    pub removed: usize,
    /// Bytes written into the files written (a dump written over an earlier
    /// one counts only the bytes not left in place).
    pub bytes_written: u64,
    /// A problem after the new site was in place (e.g. the previous site
    /// could not be moved aside); the site itself is complete.
    pub cleanup_warning: Option<String>,
}

/// Why the site was not published. In every case the output folder is
/// exactly as it was before the build.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    /// Another build holds the output folder's lock.
    #[error("another build of {out} is running{pid}; wait for it to finish and build again")]
    Busy {
        /// The output folder.
        out: String,
        /// ` (pid N)` when known.
        pid: String,
    },
    /// Where the build would write is a symbolic link (it may have come
    /// with the repository's files); nothing is written through it.
    #[error("{0} is a symbolic link; ratingbook never writes through links: remove the link (and from git, if it is committed) and build again")]
    Link(String),
    /// The output path exists and is not a folder.
    #[error("{0} exists and is not a folder; move it away or choose another --out")]
    NotAFolder(String),
    /// A file system operation failed.
    #[error("cannot {action} {path}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// On which path.
        path: String,
        /// The error.
        source: io::Error,
    },
}

fn io_error(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> PublishError {
    let path = path.display().to_string();
    move |source| PublishError::Io {
        action,
        path,
        source,
    }
}

/// The sibling of `out` named `.<name>.ratingbook-<suffix>`.
fn sibling(out: &Path, suffix: &str) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "site".into());
    out.with_file_name(format!(".{name}.ratingbook-{suffix}"))
}

/// The places a build of `out` writes: the output folder itself, its lock
/// file, its staging, previous and spare folders beside it, and the build
/// cache's folder. A repository may bring any of these names with it.
pub fn written_places(out: &Path) -> Vec<PathBuf> {
    let Ok(out) = named(out) else {
        return vec![out.to_path_buf()];
    };
    let mut places = vec![out.clone()];
    places.extend(["lock", "staging", "old", "spare"].map(|suffix| sibling(&out, suffix)));
    places.push(out.with_file_name(crate::incremental::cache::FOLDER));
    places
}

/// Those of [`written_places`] of `out` that are symbolic links: a build
/// writes through none of them, and stops before writing anything.
pub fn links_in_the_way(out: &Path) -> Vec<PathBuf> {
    written_places(out)
        .into_iter()
        .filter(|p| fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink()))
        .collect()
}

/// `out` with a file name, so that siblings can be named (`.` → the current
/// folder's absolute path).
fn named(out: &Path) -> io::Result<PathBuf> {
    if out.file_name().is_some() {
        Ok(out.to_path_buf())
    } else {
        std::path::absolute(out)?
            .canonicalize()
            .or_else(|_| std::path::absolute(out))
    }
}

/// `out` made absolute where it has no file name (`.`), as the build names it.
pub fn resolved(out: &Path) -> Result<PathBuf, PublishError> {
    named(out).map_err(io_error("resolve", out))
}

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

/// Replaces the folder `out` with exactly `files`, atomically (see the module
/// documentation). The caller holds `out`'s [`BuildLock`].
pub fn publish_site(out: &Path, files: &SiteFiles) -> Result<WriteReport, PublishError> {
    let staging = Staging::begin(out)?;
    for (name, content) in files {
        staging.put(name, content)?;
    }
    staging.finish()
}

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
    /// Starts the new site of `out` (the caller holds its [`BuildLock`]):
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

/// The folders of a site, each with what the site has in it.
#[derive(Debug, Default)]
struct SiteFolders<'a> {
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
    fn of(names: impl Iterator<Item = &'a String>) -> SiteFolders<'a> {
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
fn remove_extras_in<V: Sync>(
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

/// The files of a staging folder made from the spare, looked at one by one
/// before the build stores any: done while the data is loaded and rated,
/// so that keeping an unchanged file later ([`Staging::keep_found`]) costs
/// no `stat` of its own. A file is found only in folders the build keeps
/// as they are (real folders, this user's and writable), each opened once
/// without following links.
#[derive(Debug)]
pub struct StagedFiles {
    #[cfg(unix)]
    root: rustix::fd::OwnedFd,
    /// Each sub-folder opened so far, by name; `None` when it cannot be used.
    #[cfg(unix)]
    folders: HashMap<String, Option<rustix::fd::OwnedFd>>,
}

impl StagedFiles {
    /// The identity of the staging folder's regular file `name` (relative,
    /// `/`-separated), if it is there.
    #[cfg(unix)]
    pub fn identity(&mut self, name: &str) -> Option<FileIdentity> {
        match name.rsplit_once('/') {
            None => is_plain_name(name).then(|| FileIdentity::at(&self.root, name))?,
            Some((folder, file)) => {
                let folder = self.folder(folder)?;
                is_plain_name(file).then(|| FileIdentity::at(folder, file))?
            }
        }
    }

    #[cfg(not(unix))]
    pub fn identity(&mut self, _name: &str) -> Option<FileIdentity> {
        None
    }

    /// The sub-folder `folder`, opened once.
    #[cfg(unix)]
    fn folder(&mut self, folder: &str) -> Option<&rustix::fd::OwnedFd> {
        if !self.folders.contains_key(folder) {
            let opened = self.open_folder(folder);
            self.folders.insert(folder.to_string(), opened);
        }
        self.folders.get(folder)?.as_ref()
    }

    /// Opens the sub-folder `folder` when it is a folder this build may
    /// write into, as is every folder on the way.
    #[cfg(unix)]
    fn open_folder(&mut self, folder: &str) -> Option<rustix::fd::OwnedFd> {
        use rustix::fs::{fstat, openat, FileType, Mode, OFlags};
        let (parent, name) = match folder.rsplit_once('/') {
            Some((parent, name)) => (self.folder(parent)?, name),
            None => (&self.root, folder),
        };
        if !is_plain_name(name) {
            return None;
        }
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let opened = openat(parent, name, flags, Mode::empty()).ok()?;
        let stat = fstat(&opened).ok()?;
        let usable = FileType::from_raw_mode(stat.st_mode) == FileType::Directory
            && owner_may_write(stat.st_uid, mode_bits(&stat));
        usable.then_some(opened)
    }
}

/// The mode of the file `stat` describes, as the platform's other calls give it.
#[cfg(unix)]
// The field's integer type differs between platforms.
#[allow(clippy::useless_conversion)]
fn mode_bits(stat: &rustix::fs::Stat) -> u32 {
    u32::from(stat.st_mode)
}

/// Whether `name` is one plain name, neither empty nor a step up or aside.
fn is_plain_name(name: &str) -> bool {
    !matches!(name, "" | "." | "..") && !name.contains('/')
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

/// A file of the staging folder, written as it is made: a new file, or
/// one written over from its start.
struct StagedStream {
    out: io::BufWriter<File>,
    /// The file written over, as it was before this write began.
    over: Option<fs::Metadata>,
    /// Bytes written or copied so far (not those left in place).
    written: u64,
}

impl Write for StagedStream {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.out.write(bytes)?;
        self.written += n as u64;
        Ok(n)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl crate::sql::DumpOut for StagedStream {
    /// Within the file system where it can: the bytes are not read into
    /// this process and written back (for a federation's dump, hundreds of
    /// megabytes a build).
    fn copy_from(&mut self, file: &File, offset: u64, length: u64) -> io::Result<()> {
        self.out.flush()?;
        let copied = copy_within_file_system(file, offset, length, self.out.get_ref())?;
        let (offset, rest) = (offset + copied, length - copied);
        crate::sql::copy_by_reading(&mut self.out, file, offset, rest)?;
        self.written += length;
        Ok(())
    }

    fn written_over(&self) -> Option<&fs::Metadata> {
        self.over.as_ref()
    }

    fn skip(&mut self, length: u64) -> io::Result<()> {
        use io::Seek;
        if self.over.is_none() {
            return Err(io::ErrorKind::Unsupported.into());
        }
        let length = i64::try_from(length).map_err(|_| io::ErrorKind::InvalidInput)?;
        self.out.seek(io::SeekFrom::Current(length)).map(drop)
    }
}

/// Appends what it can of `length` bytes of `from`, from `offset`, to `to`
/// at its position, without reading them into this process; how many.
/// Where the system cannot (another file system, no such call), none.
#[cfg(target_os = "linux")]
fn copy_within_file_system(from: &File, offset: u64, length: u64, to: &File) -> io::Result<u64> {
    let mut at = offset;
    let end = offset
        .checked_add(length)
        .ok_or(io::ErrorKind::InvalidInput)?;
    while at < end {
        let run = usize::try_from(end - at).unwrap_or(usize::MAX).min(1 << 30);
        match rustix::fs::copy_file_range(from, Some(&mut at), to, None, run) {
            Ok(0) => break,
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => {}
            // Nothing was copied by this call: the rest goes by reading.
            Err(_) => break,
        }
    }
    Ok(at - offset)
}

#[cfg(not(target_os = "linux"))]
fn copy_within_file_system(_: &File, _: u64, _: u64, _: &File) -> io::Result<u64> {
    Ok(0)
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

/// Makes the spare `spare` the staging folder `staging`; whether there was
/// one to take. Anything else found under the spare's name is removed.
fn recycle(spare: &Path, staging: &Path) -> Result<bool, PublishError> {
    match fs::symlink_metadata(spare) {
        Ok(meta) if meta.is_dir() && is_writable(&meta) => {
            if fs::rename(spare, staging).is_ok() {
                return Ok(true);
            }
            remove_leftover(spare)?;
            Ok(false)
        }
        Ok(_) => remove_leftover(spare).map(|()| false),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(io_error("read", spare)(e)),
    }
}

/// Keeps the folder `previous` (a site replaced, or a staging folder not
/// published) as the spare of the next build.
fn keep_as_spare(previous: &Path, spare: &Path) -> io::Result<()> {
    remove_tree(spare)?;
    fs::rename(previous, spare)
}

/// Makes `path`, a folder on the way to a file in a staging folder made
/// from the spare, a writable folder: a file or link there is removed, a
/// read-only folder made writable (or removed when it cannot be). Whether
/// the folder is there afterwards.
fn clear_the_way(path: &Path) -> Result<bool, PublishError> {
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
fn is_writable(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    owner_may_write(meta.uid(), meta.mode())
}

/// Whether a folder of the owner `uid` with the mode `mode` is this
/// process's own, with the owner's write and search rights.
#[cfg(unix)]
fn owner_may_write(uid: u32, mode: u32) -> bool {
    uid == rustix::process::geteuid().as_raw() && mode & 0o300 == 0o300
}

#[cfg(not(unix))]
fn is_writable(meta: &fs::Metadata) -> bool {
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

fn remove_leftover(path: &Path) -> Result<(), PublishError> {
    remove_leftover_io(path).map_err(io_error("remove the leftover", path))
}

fn remove_leftover_io(path: &Path) -> io::Result<()> {
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
fn remove_tree(path: &Path) -> io::Result<()> {
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

/// The identity of `path` if it is a regular file (not a link) holding
/// exactly `content`.
fn same_content(path: &Path, content: &[u8]) -> Option<FileIdentity> {
    let meta = fs::symlink_metadata(path).ok()?;
    let same = meta.is_file()
        && meta.len() == content.len() as u64
        && fs::read(path).is_ok_and(|old| old == content);
    same.then(|| FileIdentity::from_metadata(&meta)).flatten()
}

/// Creates the file `path`, which must not exist: a file or link left
/// there is never written through.
fn create_new(path: &Path) -> io::Result<File> {
    File::options().write(true).create_new(true).open(path)
}

/// Writes `content` to the new file `path`; its identity.
fn write_new(path: &Path, content: &[u8]) -> io::Result<FileIdentity> {
    let mut file = create_new(path)?;
    file.write_all(content)?;
    FileIdentity::from_metadata(&file.metadata()?)
        .ok_or_else(|| io::Error::other("the written file has no identity"))
}

/// The identity of `old` if it is a regular file (not a link) with the
/// same bytes as `new`, compared a block at a time.
fn same_files(old: &Path, new: &Path) -> Option<FileIdentity> {
    let meta = fs::symlink_metadata(old).ok()?;
    let new_meta = fs::metadata(new).ok()?;
    let identity = FileIdentity::from_metadata(&meta)?;
    (same_bytes(old, new, meta.len() == new_meta.len())).then_some(identity)
}

/// Whether the files `old` and `new`, of the same length if `same_length`,
/// hold the same bytes.
fn same_bytes(old: &Path, new: &Path, same_length: bool) -> bool {
    if !same_length {
        return false;
    }
    let (Ok(mut a), Ok(mut b)) = (File::open(old), File::open(new)) else {
        return false;
    };
    let mut left = vec![0; 1 << 20];
    let mut right = vec![0; 1 << 20];
    loop {
        let n = match read_block(&mut a, &mut left) {
            Ok(n) => n,
            Err(_) => return false,
        };
        if read_block(&mut b, &mut right[..n]).ok() != Some(n) || left[..n] != right[..n] {
            return false;
        }
        if n == 0 {
            return true;
        }
    }
}

/// Fills `buffer` as far as the file goes; the number of bytes read.
fn read_block(file: &mut File, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match file.read(&mut buffer[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

/// A copy that keeps the modification time, where hard links are not possible.
fn copy_keeping_time(from: &Path, to: &Path) -> io::Result<()> {
    fs::copy(from, to)?;
    let modified = fs::metadata(from)?.modified()?;
    File::options().write(true).open(to)?.set_modified(modified)
}

/// Files under `dir` that the new site (`names`) no longer has.
fn count_stale<V>(dir: &Path, names: &HashMap<String, V>) -> usize {
    walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| !e.file_type().is_dir())
        .filter(|e| !names.contains_key(&slash_path(dir, e.path())))
        .count()
}

/// Swaps the folders `staging` and `out` in one step; afterwards `staging`
/// holds the previous site.
#[cfg(target_os = "linux")]
fn swap(staging: &Path, out: &Path, old: &Path) -> Result<(), PublishError> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    match renameat_with(CWD, staging, CWD, out, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(()),
        // File systems without RENAME_EXCHANGE (some network mounts).
        Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOSYS | rustix::io::Errno::OPNOTSUPP) => {
            swap_by_two_renames(staging, out, old)
        }
        Err(e) => Err(io_error("switch to the new site in", out)(e.into())),
    }
}

/// The fallback where no atomic exchange exists.
#[cfg(not(target_os = "linux"))]
fn swap(staging: &Path, out: &Path, old: &Path) -> Result<(), PublishError> {
    swap_by_two_renames(staging, out, old)
}

/// Renames `out` to `old` and `staging` to `out`, then `old` to `staging`,
/// leaving the previous site where [`swap`] leaves it.
fn swap_by_two_renames(staging: &Path, out: &Path, old: &Path) -> Result<(), PublishError> {
    fs::rename(out, old).map_err(io_error("move the previous site out of", out))?;
    if let Err(e) = fs::rename(staging, out) {
        let _ = fs::rename(old, out);
        return Err(io_error("move the new site to", out)(e));
    }
    fs::rename(old, staging).map_err(io_error("move the previous site to", staging))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;

    fn site(pairs: &[(&str, &str)]) -> SiteFiles {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn a_streamed_file_copies_runs_of_another_between_its_writes() {
        use crate::sql::DumpOut as _;
        let dir = tempfile::tempdir().unwrap();
        let from_text: Vec<u8> = (0..2_500_000u32).map(|i| (i % 253) as u8).collect();
        fs::write(dir.path().join("from"), &from_text).unwrap();
        let from = File::open(dir.path().join("from")).unwrap();
        let target = dir.path().join("to");
        let new_file = || StagedStream {
            out: io::BufWriter::new(File::create(&target).unwrap()),
            over: None,
            written: 0,
        };
        let mut out = new_file();
        let mut expected = Vec::new();
        for (offset, length) in [(0, 10), (5, 0), (100_000, 2_000_000), (2_499_999, 1)] {
            out.write_all(b"between").unwrap();
            expected.extend_from_slice(b"between");
            out.copy_from(&from, offset, length).unwrap();
            expected.extend_from_slice(&from_text[offset as usize..(offset + length) as usize]);
        }
        out.write_all(b"end").unwrap();
        expected.extend_from_slice(b"end");
        assert_eq!(out.written, expected.len() as u64);
        drop(out);
        let written = fs::read(&target).unwrap();
        assert_eq!(written.len(), expected.len());
        assert!(written == expected);
        let mut out = new_file();
        assert!(out.copy_from(&from, 2_499_999, 2).is_err(), "past the end");
        assert!(out.skip(1).is_err(), "a new file has nothing to skip over");
    }

    #[test]
    fn publishes_only_changes_and_keeps_unchanged_files_as_they_were() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let first = publish_site(&out, &site(&[("a.html", "one"), ("sub/b.html", "two")])).unwrap();
        assert_eq!((first.written, first.unchanged, first.removed), (2, 0, 0));
        let inode = fs::metadata(out.join("a.html")).unwrap().ino();
        let second = publish_site(&out, &site(&[("a.html", "one"), ("c.html", "new")])).unwrap();
        assert_eq!(
            (second.written, second.unchanged, second.removed),
            (1, 1, 1)
        );
        assert_eq!(fs::metadata(out.join("a.html")).unwrap().ino(), inode);
        assert!(!out.join("sub").exists());
        assert_eq!(fs::read_to_string(out.join("c.html")).unwrap(), "new");
        let mut names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(
            names,
            vec![".site.ratingbook-spare", "site"],
            "no leftovers but the previous site, kept for the next build"
        );
        let spare = files_of(&sibling(&out, "spare"));
        assert_eq!(spare, site(&[("a.html", "one"), ("sub/b.html", "two")]));
    }

    #[test]
    fn the_spare_is_the_previous_site_untouched_by_the_build_that_reused_it() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let steps = [
            site(&[
                ("a.html", "1"),
                ("p/b.html", "2"),
                ("p/c.html", "3"),
                ("d.sql", "5"),
            ]),
            site(&[
                ("a.html", "1*"),
                ("p/b.html", "2"),
                ("p/c.html", "3"),
                ("d.sql", "5"),
            ]),
            site(&[
                ("a.html", "1*"),
                ("p/b.html", "2*"),
                ("d.html", "4"),
                ("d.sql", "5*"),
            ]),
            site(&[
                ("a.html", "1"),
                ("p/b.html", "2*"),
                ("p/c.html", "3*"),
                ("d.sql", "5**"),
            ]),
            site(&[("a.html", "1"), ("d.sql", "6")]),
        ];
        build_steps(
            &out,
            &steps,
            |_| {},
            |i, _, before| {
                if i > 0 {
                    // A file changed in a staging folder made from the spare is
                    // written anew, never through an inode the current site shares.
                    assert_eq!(files_of(&sibling(&out, "spare")), *before, "step {i}");
                }
            },
        );
    }

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
    fn whatever_was_put_in_the_spare_is_neither_followed_nor_published() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let outside = dir.path().join("outside");
        fs::create_dir(&outside).unwrap();
        fs::write(outside.join("b.html"), "outside").unwrap();
        let first = site(&[("a.html", "1"), ("p/b.html", "2"), ("q/c.html", "3")]);
        let (_, known) = build(&out, (&first, &SiteFiles::new()), &HashMap::default());
        let (_, known) = build(&out, (&first, &first), &known);
        let spare = sibling(&out, "spare");
        fs::remove_dir_all(spare.join("p")).unwrap();
        std::os::unix::fs::symlink(&outside, spare.join("p")).unwrap();
        fs::remove_dir_all(spare.join("q")).unwrap();
        fs::write(spare.join("q"), "a file where a folder goes").unwrap();
        fs::write(spare.join("extra.html"), "not part of the site").unwrap();
        std::os::unix::fs::symlink(&outside, spare.join("linked")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("nowhere"), spare.join("dangling")).unwrap();
        std::os::unix::fs::symlink(spare.join("looping"), spare.join("looping")).unwrap();
        let second = site(&[("a.html", "1"), ("p/b.html", "2*"), ("q/c.html", "3")]);
        build(&out, (&second, &first), &known);
        assert_eq!(files_of(&out), second);
        assert_eq!(
            fs::read_to_string(outside.join("b.html")).unwrap(),
            "outside"
        );
        assert!(!out.join("linked").exists() && !out.join("extra.html").exists());
        assert!(fs::symlink_metadata(out.join("dangling")).is_err());
        assert!(fs::symlink_metadata(out.join("looping")).is_err());
        assert!(fs::symlink_metadata(out.join("p")).unwrap().is_dir());
    }

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
    fn a_look_ahead_finds_files_only_in_folders_the_build_keeps() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let first = site(&[("a.html", "1"), ("p/b.html", "2"), ("q/c.html", "3")]);
        let (_, known) = build(&out, (&first, &SiteFiles::new()), &HashMap::default());
        let (_, known) = build(&out, (&first, &first), &known);
        // The spare's `p/` becomes a link to a folder holding the current
        // site's own `p/b.html` (same identity), its `q/` read-only.
        let spare = sibling(&out, "spare");
        let elsewhere = dir.path().join("elsewhere");
        fs::create_dir(&elsewhere).unwrap();
        fs::hard_link(out.join("p/b.html"), elsewhere.join("b.html")).unwrap();
        fs::remove_dir_all(spare.join("p")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, spare.join("p")).unwrap();
        fs::set_permissions(spare.join("q"), fs::Permissions::from_mode(0o555)).unwrap();
        let staging = Staging::begin(&out).unwrap();
        let mut look = staging
            .look()
            .expect("a staging folder made from the spare");
        assert_eq!(look.identity("a.html"), Some(known["a.html"]));
        assert_eq!(look.identity("p/b.html"), None, "not through a link");
        assert_eq!(
            look.identity("q/c.html"),
            None,
            "not in a folder to be made writable"
        );
        for name in ["", "/a.html", "./a.html", "p/../a.html", "../site/a.html"] {
            assert_eq!(look.identity(name), None, "{name:?}");
        }
        drop(staging);
        build(&out, (&first, &first), &known);
        assert_eq!(files_of(&out), first);
        assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 1);
    }

    /// Every file under `dir`, by relative path.
    fn files_of(dir: &Path) -> SiteFiles {
        walkdir::WalkDir::new(dir)
            .min_depth(1)
            .into_iter()
            .map(Result::unwrap)
            .filter(|e| e.file_type().is_file())
            .map(|e| (slash_path(dir, e.path()), fs::read(e.path()).unwrap()))
            .collect()
    }

    /// Publishes `files` over `out` as a build does: a file whose content
    /// is the same as in `before` is kept by its identity in `known` (as the
    /// build cache does), the others are put; the identities recorded.
    fn build(
        out: &Path,
        (files, before): (&SiteFiles, &SiteFiles),
        known: &HashMap<String, FileIdentity>,
    ) -> (WriteReport, HashMap<String, FileIdentity>) {
        let staging = Staging::begin(out).unwrap();
        // Files found ahead are kept as a build keeps them (see `StagedFiles`).
        let mut look = staging.look();
        for (name, content) in files {
            let mut keep = |&id: &FileIdentity| {
                let found = look.as_mut().and_then(|look| look.identity(name));
                if found == Some(id) {
                    staging.keep_found(name, id)
                } else {
                    staging.keep_current(name, id)
                }
            };
            let kept = (before.get(name) == Some(content))
                .then(|| known.get(name))
                .flatten()
                .is_some_and(|id| keep(id).unwrap());
            if !kept {
                store(&staging, name, content);
            }
        }
        let (report, identities) =
            staging.finish_after_beside(known.keys().map(String::as_str), |stored| {
                files
                    .keys()
                    .map(|name| (name.clone(), stored(name).unwrap()))
                    .collect()
            });
        (report.unwrap(), identities)
    }

    /// Stores `content` as the file `name`, as a build does: streamed for
    /// an SQL dump, whole for any other file.
    fn store(staging: &Staging, name: &str, content: &[u8]) {
        if name.ends_with(".sql") {
            staging
                .put_streamed(name, &mut |out| out.write_all(content))
                .unwrap();
        } else {
            staging.put(name, content).unwrap();
        }
    }

    /// Builds `steps` into `out` one after another, each over the one
    /// before as [`build`] does, and checks that the site is each step's
    /// files with the identities recorded; `before_build(i)` runs before
    /// step `i`, `after_build(i, report, previous step's files)` after it.
    fn build_steps(
        out: &Path,
        steps: &[SiteFiles],
        mut before_build: impl FnMut(usize),
        mut after_build: impl FnMut(usize, &WriteReport, &SiteFiles),
    ) {
        let mut known = HashMap::default();
        let mut before = SiteFiles::new();
        for (i, files) in steps.iter().enumerate() {
            before_build(i);
            let (report, identities) = build(out, (files, &before), &known);
            assert_eq!(files_of(out), *files, "step {i}");
            for (name, identity) in &identities {
                assert_eq!(FileIdentity::of(&out.join(name)), Some(*identity), "{name}");
            }
            after_build(i, &report, &before);
            known = identities;
            before = files.clone();
        }
    }

    #[test]
    fn a_sequence_of_builds_ends_with_the_site_a_fresh_build_makes() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let steps = [
            site(&[("a.html", "1"), ("p/b.html", "2"), ("p/q/c.html", "3")]),
            site(&[
                ("a.html", "1"),
                ("p/b.html", "2*"),
                ("p/q/c.html", "3"),
                ("d.html", "4"),
            ]),
            site(&[("a.html", "1"), ("p/b.html", "2*"), ("d.html", "4")]),
            site(&[
                ("a.html", "1"),
                ("p/b.html", "2*"),
                ("d.html", "4"),
                ("p/q/c.html", "3"),
            ]),
        ];
        let hand_edit = |i: usize| {
            if i == 2 {
                // Edited by hand, size and all: the identity check notices.
                fs::write(out.join("a.html"), "edited by hand").unwrap();
            }
        };
        build_steps(&out, &steps, hand_edit, |i, report, _| {
            if i == 2 {
                assert_eq!(
                    (report.written, report.removed),
                    (1, 1),
                    "a.html again, c.html gone"
                );
                assert!(!out.join("p/q").exists());
            }
        });
        let fresh = dir.path().join("fresh");
        publish_site(&fresh, steps.last().unwrap()).unwrap();
        assert_eq!(files_of(&out), files_of(&fresh));
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
    fn a_file_in_the_way_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        fs::write(&out, "not a folder").unwrap();
        let e = publish_site(&out, &site(&[("a.html", "x")])).unwrap_err();
        assert!(e.to_string().contains("is not a folder"), "{e}");
        assert_eq!(fs::read_to_string(&out).unwrap(), "not a folder");
    }

    #[test]
    fn leftovers_of_an_interrupted_build_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        publish_site(&out, &site(&[("a.html", "one")])).unwrap();
        fs::create_dir_all(sibling(&out, "staging").join("half")).unwrap();
        fs::write(sibling(&out, "old"), "x").unwrap();
        publish_site(&out, &site(&[("a.html", "two")])).unwrap();
        assert!(!sibling(&out, "staging").exists());
        assert!(!sibling(&out, "old").exists());
        assert_eq!(fs::read_to_string(out.join("a.html")).unwrap(), "two");
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
