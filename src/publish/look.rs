//! A look ahead at the files of a staging folder made from the spare,
//! before the build stores any.
#[cfg(unix)]
use super::removal::owner_may_write;
use super::FileIdentity;
#[cfg(unix)]
use foldhash::HashMap;

/// The files of a staging folder made from the spare, looked at one by one
/// before the build stores any: done while the data is loaded and rated,
/// so that keeping an unchanged file later ([`Staging::keep_found`](super::Staging::keep_found)) costs
/// no `stat` of its own. A file is found only in folders the build keeps
/// as they are (real folders, this user's and writable), each opened once
/// without following links.
#[derive(Debug)]
pub struct StagedFiles {
    #[cfg(unix)]
    pub(super) root: rustix::fd::OwnedFd,
    /// Each sub-folder opened so far, by name; `None` when it cannot be used.
    #[cfg(unix)]
    pub(super) folders: HashMap<String, Option<rustix::fd::OwnedFd>>,
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

    /// The sub-folder `folder`, opened once while it is among the
    /// [`MAX_OPEN_FOLDERS`] last opened (or on the way to one of them).
    #[cfg(unix)]
    fn folder(&mut self, folder: &str) -> Option<&rustix::fd::OwnedFd> {
        if !self.folders.contains_key(folder) {
            let opened = self.open_folder(folder);
            if self.folders.len() >= MAX_OPEN_FOLDERS {
                self.folders.retain(|open, _| is_on_the_way(open, folder));
            }
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

/// Most sub-folders held open at once: a site has a folder per tournament,
/// tens of thousands, and each open folder takes one of the process's file
/// descriptors (often no more than 1 024). Files are looked for in path
/// order, so a folder once left is seldom needed again.
#[cfg(unix)]
const MAX_OPEN_FOLDERS: usize = 64;

/// Whether the folder `open` is `folder` or one of the folders it is in.
#[cfg(unix)]
fn is_on_the_way(open: &str, folder: &str) -> bool {
    folder
        .strip_prefix(open)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
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

#[cfg(test)]
mod tests {
    use crate::publish::places::sibling;
    use crate::publish::tests::{build, files_of, site};
    use crate::publish::{SiteFiles, Staging};
    use foldhash::HashMap;
    use std::fs;

    #[test]
    fn a_look_ahead_holds_few_folders_open_however_many_the_site_has() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let names: Vec<String> = (0..300)
            .map(|i| format!("tournaments/t{i:03}/rounds/index.html"))
            .collect();
        let pages: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "x")).collect();
        let first = site(&pages);
        let (_, known) = build(&out, (&first, &SiteFiles::new()), &HashMap::default());
        let (_, known) = build(&out, (&first, &first), &known);
        let staging = Staging::begin(&out).unwrap();
        let mut look = staging
            .look()
            .expect("a staging folder made from the spare");
        let mut most_open = 0;
        for name in names.iter().chain(names.iter().rev()) {
            assert_eq!(look.identity(name), Some(known[name.as_str()]), "{name}");
            most_open = most_open.max(look.folders.len());
        }
        assert!(most_open <= 100, "{most_open} of 601 folders open at once");
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
}
