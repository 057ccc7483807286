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
//!
//! By file: `lock` the build lock; `places` the names beside the output
//! folder; `staging` the new site assembled (steps 2 to 6), with
//! `stream` for streamed files, `look` for the look ahead and
//! `content` for comparing and writing files; `spare` the previous site
//! kept and reused; `removal` leftovers, stale files and extras removed;
//! `swap` the atomic switch.

mod content;
mod lock;
mod look;
mod places;
mod removal;
mod spare;
mod staging;
mod stream;
mod swap;

pub use lock::BuildLock;
pub use look::StagedFiles;
pub use places::{links_in_the_way, resolved, written_places};
pub use staging::{Staging, StoredIdentity};

use crate::site_files::{lock, slash_path, FileIdentity, Sink, SiteFiles, StreamFn, WriteError};
use std::io;
use std::path::Path;

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

/// Replaces the folder `out` with exactly `files`, atomically (see the module
/// documentation). The caller holds `out`'s [`BuildLock`].
pub fn publish_site(out: &Path, files: &SiteFiles) -> Result<WriteReport, PublishError> {
    let staging = Staging::begin(out)?;
    for (name, content) in files {
        staging.put(name, content)?;
    }
    staging.finish()
}

#[cfg(test)]
mod tests {
    use super::places::sibling;
    use super::*;
    use foldhash::HashMap;
    use std::fs;
    use std::os::unix::fs::MetadataExt;

    pub(super) fn site(pairs: &[(&str, &str)]) -> SiteFiles {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.as_bytes().to_vec()))
            .collect()
    }

    /// Every file under `dir`, by relative path.
    pub(super) fn files_of(dir: &Path) -> SiteFiles {
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
    pub(super) fn build(
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
    pub(super) fn store(staging: &Staging, name: &str, content: &[u8]) {
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
    pub(super) fn build_steps(
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
}
