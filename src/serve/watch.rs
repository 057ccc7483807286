//! Watching the data repository. Owns which file-system changes start a
//! rebuild: anything written, created, removed or renamed under `data/` or
//! `templates/`, and `ratingbook.toml`; never the output folder, its
//! staging and lock files beside it, editors' backup and swap files, or a
//! file merely opened or read (a build reads every data file).
//!
//! Uses the `notify` crate (inotify on Linux, FSEvents on macOS,
//! ReadDirectoryChangesW on Windows). Only the repository root itself (not
//! its subfolders), `data/` and `templates/` are watched, so a large output
//! folder or a `target/` beside the data costs nothing. When `data/` or
//! `templates/` appears, disappears or is replaced (a `git checkout`), the
//! caller calls [`Watcher::rewatch`]. The debounce is the caller's: see
//! [`super::Server::run`].

use notify::event::{AccessKind, AccessMode};
use notify::{EventKind, RecursiveMode, Watcher as _};
use std::path::{Path, PathBuf};

/// The top-level entries of the repository that a build reads.
const WATCHED_FOLDERS: [&str; 2] = ["data", "templates"];
const CONFIG: &str = "ratingbook.toml";

/// A running watch of one repository.
pub struct Watcher {
    inner: notify::RecommendedWatcher,
    root: PathBuf,
}

impl std::fmt::Debug for Watcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watcher").field("root", &self.root).finish()
    }
}

/// `path` made absolute and resolved as far as it exists (the rest
/// appended), so that it compares with the paths the watcher reports.
fn absolute(path: &Path) -> PathBuf {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    if let Ok(resolved) = path.canonicalize() {
        return resolved;
    }
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => absolute(parent).join(name),
        _ => path,
    }
}

/// Whether a change at `path` should start a rebuild of the repository at
/// `root` built into `out` (all three absolute).
pub fn is_relevant(root: &Path, out: &Path, path: &Path) -> bool {
    if path.starts_with(out) {
        return false;
    }
    let Ok(relative) = path.strip_prefix(root) else {
        return false;
    };
    let mut parts = relative.components();
    let Some(first) = parts.next().and_then(|c| c.as_os_str().to_str()) else {
        return false;
    };
    if first == CONFIG {
        return parts.next().is_none();
    }
    if !WATCHED_FOLDERS.contains(&first) {
        return false;
    }
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    !is_editor_scratch(name)
}

/// Swap, backup and probe files that editors write beside the real one.
fn is_editor_scratch(name: &str) -> bool {
    name.starts_with('.')
        || name.starts_with('#')
        || name.ends_with('~')
        || name == "4913"
        || name.ends_with("___jb_tmp___")
        || name.ends_with("___jb_old___")
}

/// Whether an event of this kind can change what a build reads.
fn is_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    }
}

impl Watcher {
    /// Starts watching the repository at `root` (built into `out`);
    /// `on_change` gets each relevant changed path, from the watcher's
    /// thread.
    pub fn start(
        root: &Path,
        out: &Path,
        on_change: impl Fn(PathBuf) + Send + 'static,
    ) -> notify::Result<Watcher> {
        let root = absolute(root);
        let out = absolute(out);
        let inner = {
            let root = root.clone();
            notify::recommended_watcher(move |event: notify::Result<notify::Event>| match event {
                Ok(event) if event.need_rescan() => on_change(root.clone()),
                Ok(event) => {
                    if is_change(&event.kind) {
                        for path in event.paths {
                            if is_relevant(&root, &out, &path) {
                                on_change(path);
                            }
                        }
                    }
                }
                // The watch itself failed (e.g. the kernel's event queue
                // overflowed): build to be safe.
                Err(_) => on_change(root.clone()),
            })?
        };
        let mut watcher = Watcher { inner, root };
        watcher
            .inner
            .watch(&watcher.root, RecursiveMode::NonRecursive)?;
        watcher.rewatch();
        Ok(watcher)
    }

    /// Whether `path` is `data/` or `templates/` itself: its watch must be
    /// renewed when it was created, removed or replaced.
    pub fn is_top_folder(&self, path: &Path) -> bool {
        path.parent() == Some(self.root.as_path())
            && path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| WATCHED_FOLDERS.contains(&n))
    }

    /// (Re)starts the recursive watches of `data/` and `templates/`, those
    /// that exist.
    pub fn rewatch(&mut self) {
        for folder in WATCHED_FOLDERS {
            let path = self.root.join(folder);
            let _ = self.inner.unwatch(&path);
            if path.is_dir() {
                let _ = self.inner.watch(&path, RecursiveMode::Recursive);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relevant_paths() {
        let root = Path::new("/r");
        let out = Path::new("/r/site");
        let yes = |p: &str| is_relevant(root, out, Path::new(p));
        assert!(yes("/r/ratingbook.toml"));
        assert!(yes("/r/data"));
        assert!(yes("/r/data/players/a.toml"));
        assert!(yes("/r/data/tournaments/2003/x.csv"));
        assert!(yes("/r/templates/html/base.html"));
        assert!(!yes("/r/site/index.html"));
        assert!(!yes("/r/.site.ratingbook-staging/index.html"));
        assert!(!yes("/r/.site.ratingbook-lock"));
        assert!(!yes("/r/target/debug/x"));
        assert!(!yes("/r/README.md"));
        assert!(!yes("/r/ratingbook.toml/x"));
        assert!(!yes("/elsewhere/data/x.toml"));
        assert!(!yes("/r/data/players/.a.toml.swp"));
        assert!(!yes("/r/data/players/a.toml~"));
        assert!(!yes("/r/data/players/4913"));
        // An output folder inside data/ is still not watched.
        assert!(!is_relevant(
            root,
            Path::new("/r/data/out"),
            Path::new("/r/data/out/a.html")
        ));
    }

    #[test]
    fn reads_are_not_changes() {
        use notify::event::{CreateKind, ModifyKind};
        assert!(!is_change(&EventKind::Access(AccessKind::Open(
            AccessMode::Any
        ))));
        assert!(!is_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Read
        ))));
        assert!(is_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(is_change(&EventKind::Create(CreateKind::File)));
        assert!(is_change(&EventKind::Modify(ModifyKind::Any)));
    }
}
