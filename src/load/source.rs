//! Reading source files: the symbolic-link policy, UTF-8, and parser errors
//! as diagnostics.
//!
//! **Symbolic links.** Everything in the repository arrives by pull request,
//! so a link must not publish or reveal a file from elsewhere on the machine
//! that builds the site, nor from the repository's own `.git/` (where CI
//! keeps its credentials). A link to a regular file that a load reads
//! anyway (in [`super::READ_PLACES`]: `ratingbook.toml`, a data file in its folder,
//! a template) is read like the file. Every other link (to a file elsewhere, to a folder, or
//! to nothing) is an error naming the link and its target, and is not read:
//! nothing of the target's content is ever shown.

use crate::diagnostic::{line_column, Diagnostic};
use std::path::{Path, PathBuf};

/// Threads that read the repository's files, at least, however few the cores.
const READERS: usize = 16;

/// Runs `work`, whose parallel iterators read the repository's files, on a
/// pool of `READERS` threads (or one per core, where there are more).
///
/// Reading hundreds of thousands of small files waits on the disk when they
/// are not in memory (a new checkout, or after a large site was written):
/// with one read in flight per core, the disk waits between requests. On the
/// 300 000-player benchmark repository, with nothing cached, on 2 cores:
/// `check` took 24–32 s with two threads and 10 s with sixteen.
pub fn reading<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    static POOL: std::sync::OnceLock<Option<rayon::ThreadPool>> = std::sync::OnceLock::new();
    let pool = POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(readers())
            .thread_name(|i| format!("reader-{i}"))
            .build()
            .ok()
    });
    match pool {
        Some(pool) => {
            let out = pool.install(work);
            // Idle until the next reading, the threads would keep what
            // they freed (about 70 MB more at 30 000 players).
            pool.broadcast(|_| crate::memory::release_freed_memory_of_this_thread());
            out
        }
        None => work(),
    }
}

/// The size of the pool [`reading`] uses.
fn readers() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores.max(READERS)
}

/// The problem with `path` if it is a symbolic link that the policy refuses
/// (see the module documentation); `shown` is its name in messages.
pub fn link_problem(root: &Path, path: &Path, shown: &Path) -> Option<Diagnostic> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.file_type().is_symlink() {
        return None;
    }
    let target = std::fs::read_link(path)
        .map(|t| t.display().to_string().escape_debug().to_string())
        .unwrap_or_default();
    let hint = "replace the link with the file itself";
    let resolved = std::fs::canonicalize(path);
    let readable =
        |t: &PathBuf| std::fs::canonicalize(root).is_ok_and(|root| is_read_place(&root, t));
    let message = match resolved {
        Ok(t) if readable(&t) && t.is_file() => return None,
        Ok(t) if t.is_dir() => format!(
            "is a symbolic link to the folder `{target}`; links to folders are not followed"
        ),
        Ok(_) => format!(
            "is a symbolic link to `{target}`, which is no file ratingbook reads (only `ratingbook.toml`, data files in their folders and templates are); it is not read"
        ),
        Err(_) => format!("is a symbolic link to `{target}`, which does not exist"),
    };
    Some(Diagnostic::error(shown, message).hint(hint))
}

/// Whether `path` (resolved, no link in it) is a file that a load of the
/// repository at `root` (resolved too) reads ([`super::places`]): the
/// configuration file, or a data file or template in its place, and not in
/// a `.git` folder.
pub fn is_read_place(root: &Path, path: &Path) -> bool {
    let Some(below) = path.strip_prefix(root).ok().and_then(Path::to_str) else {
        return false;
    };
    let below = below.replace(std::path::MAIN_SEPARATOR, "/");
    super::places::read_by_a_load(&below)
        && !below
            .split('/')
            .any(|part| part.eq_ignore_ascii_case(".git"))
}

/// Files with `extension` exactly `depth` folders below `dir` (1 = directly
/// in it), sorted, after the link policy; refused links become diagnostics.
pub fn repository_files(
    root: &Path,
    dir: &Path,
    extension: Option<&str>,
    depth: std::ops::RangeInclusive<usize>,
) -> (Vec<PathBuf>, Vec<Diagnostic>) {
    let shown = |p: &Path| super::relative(root, p);
    if let Some(problem) = link_problem(root, dir, &shown(dir)) {
        return (Vec::new(), vec![problem]);
    }
    if !dir.is_dir() {
        return (Vec::new(), Vec::new());
    }
    let mut found = Found {
        root,
        extension,
        depth,
        files: Vec::new(),
        refused: Vec::new(),
    };
    found.list(dir);
    (found.files, found.refused)
}

/// What listing a folder of the repository found so far.
struct Found<'a> {
    root: &'a Path,
    /// The files' extension, if any one.
    extension: Option<&'a str>,
    /// How many folders below the listed one the files are.
    depth: std::ops::RangeInclusive<usize>,
    files: Vec<PathBuf>,
    /// The problems of the links the policy refuses.
    refused: Vec<Diagnostic>,
}

impl Found<'_> {
    /// Whether the entry `name`, found `depth` folders below, is one of the files.
    fn wanted(&self, name: &std::ffi::OsStr, depth: usize) -> bool {
        self.depth.contains(&depth)
            && self
                .extension
                .is_none_or(|x| Path::new(name).extension().is_some_and(|e| e == x))
    }

    /// A link found at `path`, `depth` folders below: refused, or kept
    /// like a file.
    fn link(&mut self, path: PathBuf, depth: usize) {
        let shown = super::relative(self.root, &path);
        match link_problem(self.root, &path, &shown) {
            Some(problem) => self.refused.push(problem),
            None if path.file_name().is_some_and(|n| self.wanted(n, depth)) => {
                self.files.push(path)
            }
            None => {}
        }
    }
}

#[cfg(unix)]
impl Found<'_> {
    /// Lists the folder `dir`, each folder's entries in name order, so that
    /// the files come in [`walk_order`] without sorting them afterwards.
    /// Each entry's type comes with its name (one `stat` only where the
    /// file system does not give it), so a folder of 300 000 players is
    /// listed in one pass of reading its names.
    fn list(&mut self, dir: &Path) {
        use rustix::fs::{open, Mode, OFlags};
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        if let Ok(opened) = open(dir, flags, Mode::empty()) {
            self.list_at(&opened, dir, 1);
        }
    }

    /// Lists the open folder `opened` (at `dir`), whose entries are `depth`
    /// folders below the listed one. An entry that cannot be read is left
    /// out, as a walk leaves it.
    fn list_at(&mut self, opened: &rustix::fd::OwnedFd, dir: &Path, depth: usize) {
        use rustix::fs::{openat, statat, AtFlags, FileType, Mode, OFlags};
        use std::os::unix::ffi::OsStrExt;
        let Ok(entries) = rustix::fs::Dir::read_from(opened) else {
            return;
        };
        let mut names: Vec<(std::ffi::CString, FileType)> = entries
            .filter_map(Result::ok)
            .filter(|e| !matches!(e.file_name().to_bytes(), b"." | b".."))
            .map(|e| (e.file_name().to_owned(), e.file_type()))
            .collect();
        // Byte order, as file names compare on Unix.
        names.sort_unstable_by(|(a, _), (b, _)| a.cmp(b));
        for (name, mut kind) in names {
            if kind == FileType::Unknown {
                match statat(opened, &name, AtFlags::SYMLINK_NOFOLLOW) {
                    Ok(stat) => kind = FileType::from_raw_mode(stat.st_mode),
                    Err(_) => continue,
                }
            }
            let file_name = std::ffi::OsStr::from_bytes(name.to_bytes());
            match kind {
                FileType::Symlink => self.link(dir.join(file_name), depth),
                FileType::RegularFile if self.wanted(file_name, depth) => {
                    self.files.push(dir.join(file_name));
                }
                FileType::Directory if depth < *self.depth.end() => {
                    let flags =
                        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NOFOLLOW;
                    if let Ok(sub) = openat(opened, &name, flags, Mode::empty()) {
                        self.list_at(&sub, &dir.join(file_name), depth + 1);
                    }
                }
                _ => {}
            }
        }
    }
}

#[cfg(not(unix))]
impl Found<'_> {
    /// Lists the folder `dir` in [`walk_order`].
    fn list(&mut self, dir: &Path) {
        let walk = walkdir::WalkDir::new(dir)
            .min_depth(1)
            .max_depth(*self.depth.end())
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok);
        for entry in walk {
            let depth = entry.depth();
            if entry.file_type().is_symlink() {
                self.link(entry.into_path(), depth);
            } else if entry.file_type().is_file() && self.wanted(entry.file_name(), depth) {
                self.files.push(entry.into_path());
            }
        }
    }
}

/// The key that sorts paths as a walk with each folder sorted by name
/// lists them: component by component, a folder's name before anything
/// longer that starts with it (the separator becomes the lowest byte).
pub(crate) fn walk_order(path: &Path) -> Vec<u8> {
    path.as_os_str()
        .as_encoded_bytes()
        .iter()
        .map(|&b| {
            if std::path::is_separator(char::from(b)) {
                0
            } else {
                b
            }
        })
        .collect()
}

/// Reads `path` as UTF-8 text after the link policy; `shown` is the name
/// used in messages. A file larger than [`crate::limits::FILE_BYTES`] is an
/// error, and no more than one byte past that limit is read.
pub fn read_text(root: &Path, path: &Path, shown: &Path) -> Result<String, Diagnostic> {
    let bytes = match read_unless_link(path) {
        Some(bytes) => bytes,
        None => {
            if let Some(problem) = link_problem(root, path, shown) {
                return Err(problem);
            }
            std::fs::File::open(path)
                .and_then(read_capped)
                .map_err(|e| Diagnostic::error(shown, format!("cannot read the file: {e}")))?
        }
    };
    if bytes.len() as u64 > crate::limits::FILE_BYTES {
        return Err(too_large(path, shown));
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
        let (line, column) = line_column(&text, valid);
        Diagnostic::error(shown, "the file is not valid UTF-8")
            .at(line, column)
            .hint("save the file as UTF-8 (most editors offer this in \"Save as\")")
    })
}

/// The file's first [`crate::limits::FILE_BYTES`] bytes and one more, if
/// there are more.
fn read_capped(file: std::fs::File) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    file.take(crate::limits::FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The problem of a file larger than [`crate::limits::FILE_BYTES`].
fn too_large(path: &Path, shown: &Path) -> Diagnostic {
    let max = crate::limits::FILE_BYTES;
    let size = std::fs::metadata(path).map_or(max + 1, |m| m.len());
    Diagnostic::error(
        shown,
        format!(
            "the file is {size} bytes; the most a data file may hold is {max} bytes ({} MiB)",
            max >> 20
        ),
    )
    .hint("shorten its texts, or split it (a tournament's crosstable per event, a player per file)")
}

/// The bytes of `path` when it is not a symbolic link and reads without
/// error, in one open that refuses to follow a link (a repository holds
/// hundreds of thousands of files: a separate look at each costs seconds);
/// otherwise `None`, and the link policy and its messages take over.
#[cfg(unix)]
fn read_unless_link(path: &Path) -> Option<Vec<u8>> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
        .ok()?;
    read_capped(file).ok()
}

#[cfg(not(unix))]
fn read_unless_link(_path: &Path) -> Option<Vec<u8>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_a_load_reads_are_read_places() {
        let root = Path::new("/repo");
        let read = |p: &str| is_read_place(root, &root.join(p));
        assert!(read("ratingbook.toml"));
        assert!(read("data/players/a.toml"));
        assert!(read("data/tournaments/2005/open.csv"));
        assert!(read("templates/static/style.css"));
        assert!(!read("data/players/kept/a.toml"), "no load reads it");
        assert!(!read("data/players/a.txt"));
        assert!(!read("templates/.git/config"));
        assert!(
            !read(".git/config"),
            "git's own files hold CI's credentials"
        );
        assert!(!read("ratingbook.toml/x"));
        assert!(!read("data"));
        assert!(!read("README.md"));
        assert!(!read("site/index.html"));
        assert!(!is_read_place(root, Path::new("/elsewhere/data/a.toml")));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_into_git_is_refused_and_its_target_never_shown() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::create_dir_all(root.join("data/players")).unwrap();
        let secret = "AUTHORIZATION: basic c2VjcmV0";
        std::fs::write(root.join(".git/config"), secret).unwrap();
        let link = root.join("data/players/x.toml");
        std::os::unix::fs::symlink("../../.git/config", &link).unwrap();
        let problem = read_text(root, &link, Path::new("data/players/x.toml")).unwrap_err();
        let text = format!("{problem:?}");
        assert!(text.contains("which is no file ratingbook reads"), "{text}");
        assert!(!text.contains("c2VjcmV0"), "{text}");
        std::fs::write(root.join("data/players/y.toml"), "ok").unwrap();
        std::fs::remove_file(&link).unwrap();
        std::os::unix::fs::symlink("y.toml", &link).unwrap();
        assert_eq!(read_text(root, &link, Path::new("x")).unwrap(), "ok");
    }

    #[test]
    fn files_are_read_on_at_least_sixteen_threads() {
        let threads = reading(rayon::current_num_threads);
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        assert_eq!(threads, cores.max(16));
    }

    #[test]
    fn files_are_listed_folder_by_folder_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for file in [
            "a.b/1.toml",
            "a-b/1.toml",
            "a/2.toml",
            "a/10.toml",
            "a/x.csv",
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let (files, problems) = repository_files(root, root, Some("toml"), 2..=2);
        let names: Vec<_> = files
            .iter()
            .map(|f| f.strip_prefix(root).unwrap().to_string_lossy().into_owned())
            .collect();
        // The folder `a` comes before `a-b` and `a.b`, whose names start with it.
        assert_eq!(names, ["a/10.toml", "a/2.toml", "a-b/1.toml", "a.b/1.toml"]);
        assert!(problems.is_empty());
    }
}
