//! Bringing a revision of the data repository out of git, through the git
//! command line (the tool every maintainer and CI runner already has).
//!
//! A revision is unpacked with `git archive` into a temporary folder, so the
//! working tree, the index and the repository's worktree list are never
//! touched.

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
        return Ok(stdout_line(&output));
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

/// What a rating book reads, under the data root.
const READ_BY_A_BUILD: [&str; 3] = ["data", "templates", "ratingbook.toml"];

/// Unpacks what a build reads of `revision` (`data/`, `templates/`,
/// `ratingbook.toml` under the data root) into `into` (which must exist and be
/// empty); returns the data root inside it (the same place `root` has in the
/// working tree).
pub fn unpack(root: &Path, revision: &str, into: &Path) -> Result<PathBuf, GitError> {
    let commit = resolve(root, revision)?;
    // Paths below are from the repository's top, so git runs there.
    let (top, prefix) = locate(root)?;
    let prefix_text = prefix.to_string_lossy().into_owned();
    let mut list = vec!["ls-tree", "--name-only", commit.as_str()];
    if !prefix_text.is_empty() {
        list.push(&prefix_text);
    }
    let listing = git(&top, &list)?;
    let present: Vec<String> = String::from_utf8_lossy(&listing.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let wanted: Vec<String> = READ_BY_A_BUILD
        .iter()
        .map(|name| format!("{prefix_text}{name}"))
        .filter(|path| present.iter().any(|p| p == path))
        .collect();
    if wanted.is_empty() {
        return Ok(into.join(prefix));
    }
    let mut args = vec!["archive", "--format=tar", commit.as_str(), "--"];
    args.extend(wanted.iter().map(String::as_str));
    let output = git(&top, &args)?;
    if !output.status.success() {
        return Err(GitError::Failed {
            command: format!("archive {revision}"),
            message: stderr_text(&output),
        });
    }
    tar::Archive::new(output.stdout.as_slice())
        .unpack(into)
        .map_err(|source| GitError::Unpack {
            revision: revision.to_string(),
            source,
        })?;
    Ok(into.join(prefix))
}
