//! `ratingbook diff`: what a change does to the published results.

use ratingbook::diff::git::{self, Budget, GitError};
use ratingbook::diff::report::{self, Versions};
use ratingbook::diff::scratch::{self, Scratch};
use ratingbook::diff::{self as results_diff, Snapshot};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Output format of `diff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffFormat {
    /// A pull request comment.
    Markdown,
    /// Machine-readable.
    Json,
}

/// What to compare (the `diff` command's arguments).
#[derive(Debug, Clone, clap::Args)]
pub struct DiffArgs {
    /// Root of the data repository (inside a git repository).
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// Base revision: branch, tag or commit (default: where HEAD branched off
    /// the default branch).
    #[arg(long)]
    pub base: Option<String>,
    /// Head revision (default: the working tree).
    #[arg(long)]
    pub head: Option<String>,
    /// Compare two folders instead: the base folder.
    #[arg(long, requires = "head_dir", conflicts_with_all = ["base", "head"])]
    pub base_dir: Option<PathBuf>,
    /// Compare two folders instead: the head folder.
    #[arg(long, requires = "base_dir")]
    pub head_dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiffFormat::Markdown)]
    pub format: DiffFormat,
    /// Write to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Most files brought out of a revision where a build reads.
    #[arg(long, value_name = "N", default_value_t = git::MAX_FILES)]
    pub max_files: usize,
    /// Most bytes brought out of a revision.
    #[arg(long, value_name = "N", default_value_t = git::MAX_BYTES)]
    pub max_bytes: u64,
}

impl DiffArgs {
    fn budget(&self) -> Budget {
        Budget {
            files: self.max_files,
            bytes: self.max_bytes,
        }
    }
}

/// Runs the diff and prints it. Exit code 0 when a diff was produced (even
/// when the head has errors: they are part of the report), 2 when the
/// versions could not be read.
pub fn diff(args: &DiffArgs) -> ExitCode {
    remove_scratch_on_signals();
    for stale in scratch::remove_stale() {
        eprintln!(
            "note: removed {}, left behind by an earlier diff that was killed",
            stale.display()
        );
    }
    match produce(args) {
        Ok(text) => match &args.out {
            Some(path) => {
                match ratingbook::atomic_write::write_file_atomically(path, text.as_bytes()) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => {
                        eprintln!("error: cannot write {}: {e}", path.display());
                        ExitCode::from(2)
                    }
                }
            }
            None => {
                print!("{text}");
                ExitCode::SUCCESS
            }
        },
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// On SIGINT or SIGTERM, the revisions brought out of git are removed
/// before the process ends.
fn remove_scratch_on_signals() {
    let handler = ctrlc::set_handler(|| {
        use std::io::Write;
        scratch::remove_all();
        // `write!`, not `eprintln!`, which panics on a closed standard error.
        let _ = writeln!(
            std::io::stderr(),
            "interrupted: the revisions brought out of git are removed"
        );
        std::process::exit(130);
    });
    if let Err(e) = handler {
        eprintln!(
            "warning: cannot catch Ctrl-C ({e}); interrupted, the diff may leave a folder \
             named {}* in /dev/shm or the temporary folder, which the next diff removes",
            scratch::PREFIX
        );
    }
}

fn produce(args: &DiffArgs) -> Result<String, GitError> {
    let (base, head, versions, working_tree) = match (&args.base_dir, &args.head_dir) {
        (Some(base), Some(head)) => {
            let (base_snapshot, head_snapshot) = results_diff::snapshots(base, head);
            (
                base_snapshot,
                head_snapshot,
                Versions {
                    base: folder_name(base),
                    head: folder_name(head),
                },
                None,
            )
        }
        _ => revisions(args)?,
    };
    let diff = results_diff::compare(&base, &head);
    eprintln!("{}", rating_note(&diff.rated));
    // The working tree is named in the comment's language, which is the head's.
    let versions = match working_tree {
        Some(branch) => Versions {
            head: report::working_tree_label(&diff, &branch),
            ..versions
        },
        None => versions,
    };
    // The process ends after the report: freeing a federation's two
    // versions one value at a time would only delay it.
    std::mem::forget((base, head));
    Ok(match args.format {
        DiffFormat::Markdown => report::markdown(&diff, &versions),
        DiffFormat::Json => report::json(&diff, &versions),
    })
}

/// The two versions of `args`, their labels, and what the working tree is
/// on when it is the head.
type Compared = (Snapshot, Snapshot, Versions, Option<String>);

fn revisions(args: &DiffArgs) -> Result<Compared, GitError> {
    git::locate(&args.root)?;
    // Without --base, the merge base, named after the default branch.
    let (base_revision, base_name) = match &args.base {
        Some(revision) => (revision.clone(), revision.clone()),
        None => {
            let (branch, commit) = git::default_branch_base(&args.root)?;
            (commit, branch)
        }
    };
    let (base, head) = match &args.head {
        Some(head_revision) => {
            // The base comes out of git while the head is loaded and rated;
            // then the base is: one version's data in memory at a time.
            let (base, head) = rayon::join(
                || unpack(&args.root, &base_revision, args.budget()),
                || snapshot_of(&args.root, head_revision, args.budget()),
            );
            let (mut head, head_data) = head?;
            let (_unpacked, base_root) = base?;
            let (mut base, base_data) = results_diff::snapshot_keeping_data(&base_root);
            results_diff::add_changed_games(
                (&mut base, &base_data.loaded.dataset),
                (&mut head, &head_data.loaded.dataset),
            );
            std::mem::forget((base_data, head_data));
            (base, head)
        }
        None => {
            let commit = git::resolve(&args.root, &base_revision)?;
            let scratch = scratch_folder(&base_revision)?;
            results_diff::snapshots_against_working_tree(
                &args.root,
                &commit,
                scratch.path(),
                args.budget(),
            )?
        }
    };
    let working_tree = args.head.is_none().then(|| working_tree_branch(&args.root));
    let head_label = match &args.head {
        Some(revision) => label(&args.root, revision),
        None => working_tree.clone().unwrap_or_default(),
    };
    let versions = Versions {
        base: named_label(&args.root, &base_name, &base_revision),
        head: head_label,
    };
    Ok((base, head, versions, working_tree))
}

/// The snapshot of `revision`, with its data as loaded and checked.
fn snapshot_of(
    root: &Path,
    revision: &str,
    budget: Budget,
) -> Result<(Snapshot, ratingbook::pipeline::Checked), GitError> {
    let (_unpacked, data_root) = unpack(root, revision, budget)?;
    Ok(results_diff::snapshot_keeping_data(&data_root))
}

/// `revision` of the repository at `root` written out into a scratch
/// folder (removed when the first value drops); the data repository's root in it.
fn unpack(root: &Path, revision: &str, budget: Budget) -> Result<(Scratch, PathBuf), GitError> {
    let folder = scratch_folder(revision)?;
    let data_root = git::unpack(root, revision, folder.path(), budget)?;
    Ok((folder, data_root))
}

/// An empty scratch folder for files of `revision`.
fn scratch_folder(revision: &str) -> Result<Scratch, GitError> {
    Scratch::new().map_err(|source| GitError::Unpack {
        revision: revision.to_string(),
        source,
    })
}

/// `main (3f2a1c0)`, or the short commit alone when that is what was given.
fn label(root: &Path, revision: &str) -> String {
    named_label(root, revision, revision)
}

/// `name (3f2a1c0)` for the commit `revision`, or the short commit alone
/// when `name` is that commit.
fn named_label(root: &Path, name: &str, revision: &str) -> String {
    let short = git::resolve(root, revision)
        .map(|c| c.chars().take(7).collect::<String>())
        .unwrap_or_default();
    if short.is_empty() || name.starts_with(&short) {
        short
    } else {
        format!("{name} ({short})")
    }
}

/// What the working tree is on, for its label (`the working tree of …`):
/// the branch checked out, `fix-2003 (a1b2c3d)`, or the commit alone when
/// none is.
fn working_tree_branch(root: &Path) -> String {
    match git::current_branch(root) {
        Some(branch) => named_label(root, &branch, "HEAD"),
        None => label(root, "HEAD"),
    }
}

/// Which path the rating took, for standard error: `ratings: base 999 of
/// 3000 tournaments taken over, 2001 rated again; head …`.
fn rating_note(rated: &results_diff::RatedPaths) -> String {
    let side = |name: &str, again: Option<results_diff::RatedAgain>| match again {
        None => format!("{name} not rated (it has errors)"),
        Some(a) if a.taken_over == 0 => {
            format!("{name} rated whole ({} tournaments)", a.tournaments)
        }
        Some(a) => format!(
            "{name} {} of {} tournaments taken over, {} rated again",
            a.taken_over,
            a.tournaments,
            a.tournaments - a.taken_over
        ),
    };
    format!(
        "ratings: {}; {}",
        side("base", rated.base),
        side("head", rated.head)
    )
}

/// The last part of a folder's path (`../ratings-fix/` → `ratings-fix`),
/// the path as given when it has none.
fn folder_name(path: &Path) -> String {
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    absolute.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}
