//! Bringing a revision of the data repository out of git, through the git
//! command line (the tool every maintainer and CI runner already has).
//!
//! A revision is written out of git's objects into a temporary folder, so
//! the working tree, the index and the repository's worktree list are never
//! touched.

use super::tree::{self, EntryKind, TreeEntry, WalkError};
use crate::load::places::{may_hold_read_files, read_by_a_load};
use crate::load::READ_PLACES;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why a revision could not be brought out.
#[derive(Debug, thiserror::Error)]
pub enum GitError {
    /// git could not be run.
    #[error(
        "cannot run git: {0}; install git or compare two folders with --base-dir and --head-dir"
    )]
    NotInstalled(std::io::Error),
    /// The folder is not in a git repository.
    #[error(
        "{0} is not inside a git repository; compare two folders with --base-dir and --head-dir"
    )]
    NotARepository(String),
    /// The revision is not in a shallow clone's history.
    #[error("revision `{revision}` is not in this shallow clone; fetch more history (`git fetch --deepen=100`, or `fetch-depth: 0` in the CI checkout step) and run the diff again")]
    Shallow {
        /// The revision asked for.
        revision: String,
    },
    /// The revision does not exist.
    #[error("git does not know the revision `{revision}`: {message}")]
    UnknownRevision {
        /// The revision asked for.
        revision: String,
        /// What git said.
        message: String,
    },
    /// No base was given and no default branch could be found.
    #[error("no default branch found to compare with (tried origin/HEAD, origin/main, origin/master, main, master); give one with --base")]
    NoDefaultBranch,
    /// git failed otherwise.
    #[error("git {command} failed: {message}")]
    Failed {
        /// The git subcommand.
        command: String,
        /// What git said.
        message: String,
    },
    /// The revision holds more where a build reads than a rating book has.
    #[error(
        "revision `{revision}` has more than {limit} {what} in ratingbook.toml, data/ and \
         templates/ where a build reads them{found}; it is not brought out. Look for files \
         added by mistake (`git diff --stat {revision}`) and remove them, or, if the rating \
         book really is this large, raise the limit with --max-{what}"
    )]
    TooLarge {
        /// The revision.
        revision: String,
        /// `files` or `bytes`.
        what: &'static str,
        /// The limit.
        limit: u64,
        /// `: 1234 at least` when known, else empty.
        found: String,
    },
    /// The unpacked files could not be written.
    #[error("cannot unpack revision `{revision}`: {source}")]
    Unpack {
        /// The revision.
        revision: String,
        /// Why.
        source: std::io::Error,
    },
}

fn git(root: &Path, args: &[&str]) -> Result<std::process::Output, GitError> {
    Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .map_err(GitError::NotInstalled)
}

fn stdout_line(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

fn stderr_text(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).trim().to_string()
}

/// The repository's top folder and the data root's path inside it.
pub fn locate(root: &Path) -> Result<(PathBuf, PathBuf), GitError> {
    let output = git(root, &["rev-parse", "--show-toplevel", "--show-prefix"])?;
    if !output.status.success() {
        return Err(GitError::NotARepository(root.display().to_string()));
    }
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    let mut lines = text.lines();
    let top = PathBuf::from(lines.next().unwrap_or_default().trim());
    let prefix = PathBuf::from(lines.next().unwrap_or_default().trim());
    Ok((top, prefix))
}

fn is_shallow(root: &Path) -> bool {
    git(root, &["rev-parse", "--is-shallow-repository"])
        .map(|o| stdout_line(&o) == "true")
        .unwrap_or(false)
}

/// The commit `revision` names, with a clear message for shallow clones.
pub fn resolve(root: &Path, revision: &str) -> Result<String, GitError> {
    let output = git(
        root,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{revision}^{{commit}}"),
        ],
    )?;
    if output.status.success() {
        return Ok(stdout_line(&output));
    }
    if is_shallow(root) {
        return Err(GitError::Shallow {
            revision: revision.to_string(),
        });
    }
    Err(GitError::UnknownRevision {
        revision: revision.to_string(),
        message: "no such branch, tag or commit".into(),
    })
}

/// The default base: where `HEAD` branched from the default branch.
pub fn default_base(root: &Path) -> Result<String, GitError> {
    default_branch_base(root).map(|(_, commit)| commit)
}

/// The branch `HEAD` is on, if it is on one (`None` when detached).
pub fn current_branch(root: &Path) -> Option<String> {
    let output = git(root, &["symbolic-ref", "--quiet", "--short", "HEAD"]).ok()?;
    let name = stdout_line(&output);
    (output.status.success() && !name.is_empty()).then_some(name)
}

/// The default branch's name (`origin/main`, `main`, …) and the commit
/// where `HEAD` branched from it.
pub fn default_branch_base(root: &Path) -> Result<(String, String), GitError> {
    let branch = [
        "origin/HEAD",
        "origin/main",
        "origin/master",
        "main",
        "master",
    ]
    .into_iter()
    .find(|b| resolve(root, b).is_ok())
    .ok_or(GitError::NoDefaultBranch)?;
    let output = git(root, &["merge-base", "HEAD", branch])?;
    if output.status.success() {
        return Ok((branch.to_string(), stdout_line(&output)));
    }
    if is_shallow(root) {
        return Err(GitError::Shallow {
            revision: format!("the merge base of HEAD and {branch}"),
        });
    }
    Err(GitError::Failed {
        command: format!("merge-base HEAD {branch}"),
        message: stderr_text(&output),
    })
}

/// Most files `diff` brings out of one revision: three times a federation
/// of 300 000 players with as many tournaments.
pub const MAX_FILES: usize = 2_000_000;

/// Most bytes `diff` brings out of one revision.
pub const MAX_BYTES: u64 = 4 << 30;

/// How much of a revision `diff` brings out at most; never raised by the
/// repository's own files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Files (and folders, links and submodules looked at) where a build reads.
    pub files: usize,
    /// Bytes of the files.
    pub bytes: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            files: MAX_FILES,
            bytes: MAX_BYTES,
        }
    }
}

/// Brings what a build reads of `revision` (`ratingbook.toml` and the
/// files a load lists in `data/` and `templates/` under the data root:
/// [`crate::load::places`]) out into `into` (which must exist and be
/// empty), within `budget`; returns the data root inside it (the same place
/// `root` has in the working tree). The files stream from one `git
/// cat-file` straight to disk: a federation's revision is hundreds of
/// thousands of them.
pub fn unpack(
    root: &Path,
    revision: &str,
    into: &Path,
    budget: Budget,
) -> Result<PathBuf, GitError> {
    let commit = resolve(root, revision)?;
    // Paths below are from the repository's top, so git runs there.
    let (top, prefix) = locate(root)?;
    let mut entries = read_entries(&top, &commit, &prefix, revision, budget)?;
    // A submodule's content is another repository's: not part of the revision.
    entries.retain(|e| e.kind != EntryKind::Submodule);
    write_objects(&top, &entries, into, revision, budget)?;
    Ok(into.join(prefix))
}

/// The entries of `commit` a load of the data root at `prefix` reads, at
/// most `budget.files` of them.
fn read_entries(
    top: &Path,
    commit: &str,
    prefix: &Path,
    revision: &str,
    budget: Budget,
) -> Result<Vec<TreeEntry>, GitError> {
    let prefix = prefix.to_string_lossy();
    tree::read_entries(top, commit, &prefix, budget.files).map_err(|e| match e {
        WalkError::TooMany { limit } => GitError::TooLarge {
            revision: revision.to_string(),
            what: "files",
            limit: limit as u64,
            found: String::new(),
        },
        WalkError::Io(source) => GitError::Unpack {
            revision: revision.to_string(),
            source,
        },
    })
}

/// The places a build reads, as paths from the repository's top, for a
/// data root at `prefix` there.
fn read_places(prefix: &Path) -> Vec<String> {
    let prefix_text = prefix.to_string_lossy().into_owned();
    READ_PLACES
        .iter()
        .map(|name| format!("{prefix_text}{name}"))
        .collect()
}

/// The files a build reads that differ between `commit` and the working
/// tree of the data repository at `root`: changed, added or removed,
/// tracked or not (a build reads an ignored file all the same). Paths are
/// from the data root; `None` when a changed file's name is not UTF-8 (the
/// base is then best loaded whole).
pub fn changed_in_working_tree(
    root: &Path,
    commit: &str,
) -> Result<Option<Vec<PathBuf>>, GitError> {
    let (top, prefix) = locate(root)?;
    let wanted = read_places(&prefix);
    let tracked = ["diff", "--name-only", "-z", "--no-renames", commit, "--"];
    let untracked = ["ls-files", "--others", "-z", "--"];
    let mut changed = Vec::new();
    for command in [&tracked[..], &untracked[..]] {
        let mut args = vec!["--literal-pathspecs"];
        args.extend_from_slice(command);
        args.extend(wanted.iter().map(String::as_str));
        let output = git(&top, &args)?;
        if !output.status.success() {
            return Err(GitError::Failed {
                command: command[0].to_string(),
                message: stderr_text(&output),
            });
        }
        let paths = output.stdout.split(|&b| b == 0).filter(|p| !p.is_empty());
        for path in paths {
            let Ok(path) = std::str::from_utf8(path) else {
                return Ok(None);
            };
            let Some(path) = Path::new(path).strip_prefix(&prefix).ok() else {
                continue;
            };
            // A folder no build reads may hold any number of files.
            let text = path.to_string_lossy();
            if read_by_a_load(&text) || may_hold_read_files(&text) {
                changed.push(path.to_path_buf());
            }
        }
    }
    changed.sort();
    changed.dedup();
    Ok(Some(changed))
}

/// Writes the files at `paths` (from the data root) of `commit`, those it
/// has, under `into` (which must exist and be empty), as [`unpack`] writes
/// a whole revision; returns the data root inside it. `None` when the
/// revision has a link or a submodule anywhere a build reads: the file
/// behind a link may have changed while the link did not, and a
/// submodule's files are in the working tree but not in the revision, so
/// such a revision is brought out whole.
pub fn unpack_files(
    root: &Path,
    commit: &str,
    paths: &std::collections::BTreeSet<PathBuf>,
    into: &Path,
    budget: Budget,
) -> Result<Option<PathBuf>, GitError> {
    let (top, prefix) = locate(root)?;
    let entries = read_entries(&top, commit, &prefix, commit, budget)?;
    if entries.iter().any(|e| e.kind != EntryKind::File) {
        return Ok(None);
    }
    let wanted: Vec<TreeEntry> = entries
        .into_iter()
        .filter(|e| {
            Path::new(&e.path)
                .strip_prefix(&prefix)
                .is_ok_and(|path| paths.contains(path))
        })
        .collect();
    write_objects(&top, &wanted, into, commit, budget)?;
    Ok(Some(into.join(prefix)))
}

/// Writes `entries` of `revision` under `into` from their objects, read
/// through one `git cat-file --batch`, stopping past `budget.bytes`.
fn write_objects(
    top: &Path,
    entries: &[TreeEntry],
    into: &Path,
    revision: &str,
    budget: Budget,
) -> Result<(), GitError> {
    write_budgeted(top, entries, into, budget.bytes).map_err(|source| {
        match source
            .get_ref()
            .and_then(|e| e.downcast_ref::<OverBudget>())
        {
            Some(OverBudget(found)) => GitError::TooLarge {
                revision: revision.to_string(),
                what: "bytes",
                limit: budget.bytes,
                found: format!(" ({found} bytes at least)"),
            },
            None => GitError::Unpack {
                revision: revision.to_string(),
                source,
            },
        }
    })
}

/// The bytes a revision's files would take, past the budget.
#[derive(Debug)]
struct OverBudget(u64);

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} bytes, past the budget", self.0)
    }
}

impl std::error::Error for OverBudget {}

fn write_budgeted(
    top: &Path,
    entries: &[TreeEntry],
    into: &Path,
    max_bytes: u64,
) -> std::io::Result<()> {
    use std::io::Write;
    if entries.is_empty() {
        return Ok(());
    }
    let mut child = Command::new("git")
        .arg("-C")
        .arg(top)
        .args(["cat-file", "--batch"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    let (Some(mut input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        return Err(std::io::Error::other("git cat-file has no pipes"));
    };
    let objects: Vec<String> = entries.iter().map(|e| format!("{}\n", e.object)).collect();
    // Asked for on one thread, read on this one: neither pipe fills up.
    let asking = std::thread::spawn(move || -> std::io::Result<()> {
        for object in objects {
            input.write_all(object.as_bytes())?;
        }
        Ok(())
    });
    let mut answers = std::io::BufReader::new(output);
    let mut writer = RevisionWriter::new(into);
    let mut spent = 0u64;
    let written = entries.iter().try_for_each(|entry| {
        let content = read_object(&mut answers, spent, max_bytes)?;
        spent += content.len() as u64;
        writer.write(entry, &content)
    });
    if written.is_err() {
        // Stops git, and with it the thread asking.
        let _ = child.kill();
    }
    drop(answers);
    let asked = asking
        .join()
        .map_err(|_| std::io::Error::other("asking git for objects failed"));
    child.wait()?;
    written?;
    asked?
}

/// The next object of `git cat-file --batch`: `<object> <type> <size>\n<content>\n`;
/// an [`OverBudget`] error when it would take the bytes `spent` so far past `max`.
fn read_object(
    answers: &mut impl std::io::BufRead,
    spent: u64,
    max: u64,
) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut header = String::new();
    answers.read_line(&mut header)?;
    let size: u64 = header
        .split_whitespace()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("git cat-file said `{}`", header.trim())))?;
    if spent.saturating_add(size) > max {
        return Err(std::io::Error::other(OverBudget(
            spent.saturating_add(size),
        )));
    }
    let mut content = Vec::new();
    answers.take(size).read_to_end(&mut content)?;
    let mut newline = [0u8; 1];
    answers.read_exact(&mut newline)?;
    Ok(content)
}

/// Writes a revision's files under one folder, never outside it: a path
/// with `..` (or `.`, or an empty part) is refused, as is a path through a
/// link written before, and no file is written through an existing name.
/// A revision comes from a pull request, so its tree may be made by hand.
struct RevisionWriter<'a> {
    into: &'a Path,
    /// The folder made last (entries come folder by folder).
    folder: Option<PathBuf>,
    /// The links written so far, by path from the top.
    links: std::collections::HashSet<String>,
}

impl<'a> RevisionWriter<'a> {
    fn new(into: &'a Path) -> Self {
        RevisionWriter {
            into,
            folder: None,
            links: std::collections::HashSet::new(),
        }
    }

    /// Writes one entry, unless the process is stopping ([`super::scratch::writing`]).
    fn write(&mut self, entry: &TreeEntry, content: &[u8]) -> std::io::Result<()> {
        super::scratch::writing(|| self.write_now(entry, content))
    }

    fn write_now(&mut self, entry: &TreeEntry, content: &[u8]) -> std::io::Result<()> {
        let path = entry.path.as_str();
        let plain = path
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..");
        let through_link = path
            .match_indices('/')
            .any(|(end, _)| self.links.contains(&path[..end]));
        if !plain || through_link {
            return Err(std::io::Error::other(format!(
                "the revision has a file that would be written outside its folder: `{path}`"
            )));
        }
        let target = self.into.join(path);
        if target.parent() != self.folder.as_deref() {
            self.folder = target.parent().map(Path::to_path_buf);
            if let Some(folder) = &self.folder {
                std::fs::create_dir_all(folder)?;
            }
        }
        match entry.kind {
            EntryKind::File => {
                use std::io::Write;
                // `create_new` never follows a link already at the name.
                std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&target)?
                    .write_all(content)
            }
            EntryKind::Link => {
                self.links.insert(path.to_string());
                write_link(content, &target)
            }
            EntryKind::Submodule => Ok(()),
        }
    }
}

/// A symbolic link at `target` to `content`.
#[cfg(unix)]
fn write_link(content: &[u8], target: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    std::os::unix::fs::symlink(std::ffi::OsStr::from_bytes(content), target)
}

/// Without symbolic links the entry is left out, as a build refuses them anyway.
#[cfg(not(unix))]
fn write_link(_content: &[u8], _target: &Path) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_git(dir: &Path, args: &[&str]) {
        git_with_input(dir, args, "");
    }

    /// Runs git in `dir` with `input` on its standard input; its output, trimmed.
    fn git_with_input(dir: &Path, args: &[&str], input: &str) -> String {
        use std::io::Write;
        let mut child = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["-c", "user.name=t", "-c", "user.email=t@t"])
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("git is installed");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "git {args:?}");
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    }

    /// A commit whose tree is `templates/` made by hand from `mktree` lines
    /// (`{blob}` stands for a file's object, `{link}` for a link to `outside`).
    fn hand_made_commit(top: &Path, outside: &Path, trees: &[&str]) -> String {
        let blob = git_with_input(top, &["hash-object", "-w", "--stdin"], "name = \"X\"\n");
        let link = git_with_input(
            top,
            &["hash-object", "-w", "--stdin"],
            &outside.to_string_lossy(),
        );
        let mut last = String::new();
        for lines in trees {
            let lines = lines
                .replace("{blob}", &blob)
                .replace("{link}", &link)
                .replace("{last}", &last);
            last = git_with_input(top, &["mktree", "--missing"], &lines);
        }
        let root = git_with_input(
            top,
            &["mktree"],
            &format!("040000 tree {last}\ttemplates\n"),
        );
        git_with_input(top, &["commit-tree", &root, "-m", "hand made"], "")
    }

    #[cfg(unix)]
    #[test]
    fn a_revision_with_a_submodule_or_a_link_is_not_brought_out_file_by_file() {
        let repo = tempfile::tempdir().unwrap();
        let top = repo.path().join("repo");
        std::fs::create_dir(&top).unwrap();
        run_git(&top, &["init", "-q"]);
        let outside = repo.path().join("outside");
        let other_repository = "1111111111111111111111111111111111111111";
        let submodule = format!("160000 commit {other_repository}\tsub\n");
        let shapes: [(&[&str], bool); 3] = [
            (&["100644 blob {blob}\tx.toml\n"], true),
            (
                &["100644 blob {blob}\tx.toml\n120000 blob {link}\ty.toml\n"],
                false,
            ),
            (
                &[&format!("100644 blob {{blob}}\tx.toml\n{submodule}")],
                false,
            ),
        ];
        for (trees, file_by_file) in shapes {
            let commit = hand_made_commit(&top, &outside, trees);
            let into = tempfile::tempdir().unwrap();
            let wanted = std::collections::BTreeSet::from([PathBuf::from("templates/x.toml")]);
            let root =
                unpack_files(&top, &commit, &wanted, into.path(), Budget::default()).unwrap();
            assert_eq!(root.is_some(), file_by_file, "{trees:?}");
            if file_by_file {
                let read = std::fs::read_to_string(into.path().join("templates/x.toml")).unwrap();
                assert_eq!(read, "name = \"X\"\n");
            }
            // The whole revision leaves the submodule out.
            let whole = tempfile::tempdir().unwrap();
            let root = unpack(&top, &commit, whole.path(), Budget::default()).unwrap();
            assert!(root.join("templates/x.toml").exists());
            assert!(!root.join("templates/sub").exists());
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_hand_made_revision_cannot_write_outside_its_folder() {
        let repo = tempfile::tempdir().unwrap();
        let top = repo.path().join("repo");
        std::fs::create_dir(&top).unwrap();
        run_git(&top, &["init", "-q"]);
        let outside = repo.path().join("outside");
        std::fs::create_dir(&outside).unwrap();
        let shapes: [&[&str]; 2] = [
            // templates/../../x.toml
            &[
                "100644 blob {blob}\tx.toml\n",
                "040000 tree {last}\t..\n",
                "040000 tree {last}\t..\n",
            ],
            // templates/players/x, a link to `outside`, then templates/players/x/y.toml.
            &[
                "100644 blob {blob}\ty.toml\n",
                "120000 blob {link}\tx\n040000 tree {last}\tx\n",
                "040000 tree {last}\tplayers\n",
            ],
        ];
        for trees in shapes {
            let commit = hand_made_commit(&top, &outside, trees);
            let into = repo.path().join("into").join(&commit[..7]);
            std::fs::create_dir_all(&into).unwrap();
            let error = unpack(&top, &commit, &into, Budget::default())
                .unwrap_err()
                .to_string();
            assert!(error.contains("outside its folder"), "{error}");
            assert!(!repo.path().join("into/x.toml").exists());
            assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_revision_is_brought_out_file_for_file_with_its_links_as_links() {
        let repo = tempfile::tempdir().unwrap();
        let top = repo.path();
        run_git(top, &["init", "-q"]);
        let files = [
            ("book/ratingbook.toml", "[site]\ntitle = \"T\"\n"),
            ("book/data/players/a.toml", "name = \"A\"\n"),
            ("book/data/tournaments/2020/e.csv", "no,player\n1,a\n"),
            ("book/templates/html/x.html", "é\n"),
            ("book/notes.txt", "not read by a build\n"),
            ("elsewhere.txt", "outside the data root\n"),
        ];
        for (path, text) in files {
            let path = top.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        std::os::unix::fs::symlink("/etc/passwd", top.join("book/data/players/b.toml")).unwrap();
        run_git(top, &["add", "-A"]);
        run_git(top, &["commit", "-q", "-m", "one"]);
        // The working tree moves on; the revision is what counts.
        std::fs::write(top.join("book/data/players/a.toml"), "name = \"Changed\"\n").unwrap();

        let into = tempfile::tempdir().unwrap();
        let root = unpack(&top.join("book"), "HEAD", into.path(), Budget::default()).unwrap();
        assert_eq!(root, into.path().join("book"));
        for (path, text) in &files[..4] {
            let read = std::fs::read_to_string(into.path().join(path)).unwrap();
            assert_eq!(&read, text, "{path}");
        }
        let link = into.path().join("book/data/players/b.toml");
        assert_eq!(std::fs::read_link(link).unwrap(), Path::new("/etc/passwd"));
        assert!(!into.path().join("book/notes.txt").exists());
        assert!(!into.path().join("elsewhere.txt").exists());
    }
}
