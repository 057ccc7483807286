//! Reading a data repository: config, player files, tournament metadata and crosstables.
//!
//! Loading is forgiving in one way only: it keeps going after a problem so that
//! `check` can report every problem at once. Anything it cannot read becomes a
//! [`Diagnostic`] with file, line and column.

pub mod pages;
pub mod places;
mod record;
mod source;
mod surveys;
mod swap;
mod take_over;

pub use crate::files::tournament::PartlyRead;
pub use record::{load_player, load_tournament, read_tournament, TournamentRead};
pub use source::{is_read_place, read_text, repository_files};
pub use surveys::{load_surveys, survey_diagnostic, NamedSurvey};
pub use swap::{OrderBefore, Swap};
pub use take_over::{NothingToTakeOver, TakeOver};

pub use source::reading;

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::model::Dataset;
use std::path::{Path, PathBuf};

/// Name of the configuration file at the repository root.
pub const CONFIG_FILE: &str = "ratingbook.toml";

/// Everything of a repository that ratingbook reads, relative to its root:
/// the configuration file and the data and template folders. Nothing else
/// (`.git/` above all, where CI keeps its credentials) is read, shown or
/// published, whatever link leads there.
pub const READ_PLACES: [&str; 3] = [CONFIG_FILE, "data", "templates"];

/// What loading a repository produced.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The configuration (defaults where the file is missing).
    pub config: Config,
    /// Players and tournaments that could be read.
    pub dataset: Dataset,
    /// Tournaments whose files had errors, as far as they could be read:
    /// checked by the rules that can still run on them, never published.
    pub partly_read: Vec<PartlyRead>,
    /// Every problem met while reading.
    pub diagnostics: Vec<Diagnostic>,
    /// Ids of player files that exist but could not be read: crosstables naming
    /// them are not reported again as naming unknown players.
    pub unreadable_players: std::collections::BTreeSet<String>,
    /// Handicap surveys under `data/surveys/`, in file-name order.
    pub surveys: Vec<NamedSurvey>,
    /// Pages under `data/pages/`, in file-name order.
    pub pages: Vec<pages::Page>,
    /// The repository's own templates and static files (`templates/`) by
    /// name, overriding the built-in ones.
    pub templates: std::collections::BTreeMap<String, Vec<u8>>,
    /// How many player and tournament records were parsed, and how many
    /// taken over from the previous build.
    pub records: Records,
    /// Which players and tournaments were taken over from the previous build.
    pub taken_over: TakenOver,
}

impl Loaded {
    /// How many players and tournaments were read, those whose files had
    /// errors included.
    pub fn read_counts(&self) -> (usize, usize) {
        (
            self.dataset.players.len() + self.unreadable_players.len(),
            self.dataset.tournaments.len() + self.partly_read.len(),
        )
    }
}

/// Which of a dataset's players and tournaments were taken over unchanged
/// from the previous build's parsed files (see [`TakeOver`]), each list in
/// the dataset's order. Such a record met no problem at all in that build,
/// neither in its file nor by any rule. Lists of another length than the
/// dataset's say nothing.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TakenOver {
    /// For each player.
    pub players: Vec<bool>,
    /// For each tournament.
    pub tournaments: Vec<bool>,
}

/// How many player and tournament records a load parsed from their files,
/// and how many it took over from the previous build's checkpoint.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Records {
    /// Parsed from their files.
    pub parsed: usize,
    /// Taken over unchanged.
    pub taken_over: usize,
}

/// Loads `ratingbook.toml`, `data/players/` and `data/tournaments/` under `root`.
pub fn load_repository(root: &Path) -> Loaded {
    load_repository_reusing(root, &NothingToTakeOver)
}

/// Loads the repository at `root` as [`load_repository`] does, taking over
/// from `reuse` each player and tournament whose files did not change since
/// the previous build.
pub fn load_repository_reusing(root: &Path, reuse: &dyn TakeOver) -> Loaded {
    let mut loaded = Loaded::default();
    if let Some(config) = load_config(root, &mut loaded.diagnostics) {
        loaded.config = config;
    }
    let players_dir = root.join("data").join("players");
    let player_files = match reuse.listed() {
        Some(listed) => listed_files(root, listed, &players_dir, "toml", 1),
        None => files_with_extension(root, &players_dir, "toml", 1, &mut loaded.diagnostics),
    };
    let players: Vec<_> = source::reading(|| {
        use rayon::prelude::*;
        player_files
            .par_iter()
            .map(|path| taken_over_or(reuse.player(root, path), || load_player(root, path)))
            .collect()
    });
    let mut read_players = Vec::with_capacity(players.len());
    for (path, (player, diagnostics, taken_over)) in player_files.iter().zip(players) {
        loaded.diagnostics.extend(diagnostics);
        loaded.records.count(taken_over);
        match player {
            Some(player) => read_players.push((player, taken_over)),
            None => {
                let stem = path.file_stem().unwrap_or_default().to_string_lossy();
                loaded.unreadable_players.insert(stem.into_owned());
            }
        }
    }
    read_players.sort_by(|(a, _), (b, _)| Dataset::player_order(a, b));
    (loaded.dataset.players, loaded.taken_over.players) = read_players.into_iter().unzip();
    let tournaments_dir = root.join("data").join("tournaments");
    let meta_files = match reuse.listed() {
        Some(listed) => listed_files(root, listed, &tournaments_dir, "toml", 2),
        None => files_with_extension(root, &tournaments_dir, "toml", 2, &mut loaded.diagnostics),
    };
    let tournaments: Vec<_> = source::reading(|| {
        use rayon::prelude::*;
        meta_files
            .par_iter()
            .map(|path| match reuse.tournament(root, path) {
                Some(t) => (Some(t), None, Vec::new(), true),
                None => {
                    let read = read_tournament(root, path);
                    (read.tournament, read.partly, read.problems, false)
                }
            })
            .collect()
    });
    let mut read_tournaments = Vec::with_capacity(tournaments.len());
    for (tournament, partly, diagnostics, taken_over) in tournaments {
        loaded.diagnostics.extend(diagnostics);
        loaded.records.count(taken_over);
        read_tournaments.extend(tournament.map(|t| (t, taken_over)));
        loaded.partly_read.extend(partly);
    }
    read_tournaments.sort_by(|(a, _), (b, _)| Dataset::tournament_order(a, b));
    (loaded.dataset.tournaments, loaded.taken_over.tournaments) =
        read_tournaments.into_iter().unzip();
    let orphans = match reuse.listed() {
        Some(listed) => listed_orphan_crosstables(root, listed, &tournaments_dir),
        None => orphan_crosstables(&tournaments_dir, root),
    };
    for orphan in orphans {
        loaded.diagnostics.push(orphan_crosstable(&orphan));
    }
    loaded.dataset.sort();
    let (surveys, problems) = load_surveys(root, &loaded.dataset);
    loaded.surveys = surveys;
    loaded.diagnostics.extend(problems);
    let (pages, problems) = pages::load_pages(root);
    loaded.pages = pages;
    loaded.diagnostics.extend(problems);
    let (templates, problems) = load_templates(root);
    loaded.templates = templates;
    loaded.diagnostics.extend(problems);
    loaded
}

/// The value `taken_over` from the previous build, without problems, or
/// else what `load` reads; and whether it was taken over.
fn taken_over_or<T>(
    taken_over: Option<T>,
    load: impl FnOnce() -> (Option<T>, Vec<Diagnostic>),
) -> (Option<T>, Vec<Diagnostic>, bool) {
    match taken_over {
        Some(value) => (Some(value), Vec::new(), true),
        None => {
            let (value, problems) = load();
            (value, problems, false)
        }
    }
}

impl Records {
    fn count(&mut self, taken_over: bool) {
        match taken_over {
            true => self.taken_over += 1,
            false => self.parsed += 1,
        }
    }
}

fn load_config(root: &Path, diagnostics: &mut Vec<Diagnostic>) -> Option<Config> {
    let path = root.join(CONFIG_FILE);
    if std::fs::symlink_metadata(&path).is_err() {
        return None;
    }
    let shown = relative(root, &path);
    let text = match read_text(root, &path, &shown) {
        Ok(text) => text,
        Err(d) => {
            diagnostics.push(d);
            return None;
        }
    };
    match toml::from_str::<Config>(&text) {
        Ok(config) => {
            let problems = config.problems();
            if problems.is_empty() {
                return Some(config);
            }
            for problem in problems {
                let (line, column) =
                    crate::files::toml_fields::locate_key(&text, problem.section, problem.key);
                let mut d = Diagnostic::error(&shown, problem.message)
                    .field(format!("{}.{}", problem.section, problem.key))
                    .hint(problem.hint);
                if line > 0 {
                    d = d.at(line, column);
                }
                diagnostics.push(d);
            }
            None
        }
        Err(e) => {
            diagnostics.push(crate::files::toml_fields::toml_error(&shown, &text, &e));
            None
        }
    }
}

/// Files with `extension` exactly `depth` folders below `dir` (1 = directly
/// in it), sorted; links the policy refuses are reported into `problems`.
fn files_with_extension(
    root: &Path,
    dir: &Path,
    extension: &str,
    depth: usize,
    problems: &mut Vec<Diagnostic>,
) -> Vec<PathBuf> {
    let (files, refused) = source::repository_files(root, dir, Some(extension), depth..=depth);
    problems.extend(refused);
    files
}

/// The problem of a crosstable (`shown`) with no metadata file beside it.
fn orphan_crosstable(shown: &Path) -> Diagnostic {
    Diagnostic::error(shown, "crosstable without a metadata file")
        .hint("add a .toml file with the same name beside it (name, start, end, rounds, ...)")
}

/// The files `depth` folders below `dir` (`1`: in it) with `extension`,
/// of the files `listed` under `root` (see [`TakeOver::listed`]),
/// as [`files_with_extension`] lists them.
fn listed_files(
    root: &Path,
    listed: &[&str],
    dir: &Path,
    extension: &str,
    depth: usize,
) -> Vec<PathBuf> {
    use rayon::prelude::*;
    use std::path::MAIN_SEPARATOR;
    let Some(dir) = dir.strip_prefix(root).ok().and_then(Path::to_str) else {
        return Vec::new();
    };
    let suffix = format!(".{extension}");
    // Hundreds of thousands of paths: cut as text, not parsed.
    let wanted = |path: &&&str| {
        let Some(below) = path
            .strip_prefix(dir)
            .and_then(|p| p.strip_prefix(MAIN_SEPARATOR))
        else {
            return false;
        };
        let name = below.rsplit(MAIN_SEPARATOR).next().unwrap_or(below);
        // As `Path::extension` tells it: `.toml` alone is a name without one.
        let has_extension = name.len() > suffix.len() && name.ends_with(&suffix);
        has_extension && below.split(MAIN_SEPARATOR).count() == depth
    };
    listed
        .par_iter()
        .filter(wanted)
        .map(|path| root.join(path))
        .collect()
}

/// [`orphan_crosstables`] of the files `listed` under `root`.
fn listed_orphan_crosstables(root: &Path, listed: &[&str], dir: &Path) -> Vec<PathBuf> {
    let metadata: std::collections::HashSet<PathBuf> = listed_files(root, listed, dir, "toml", 2)
        .into_iter()
        .collect();
    listed_files(root, listed, dir, "csv", 2)
        .into_iter()
        .filter(|csv| !metadata.contains(&csv.with_extension("toml")))
        .map(|csv| relative(root, &csv))
        .collect()
}

fn orphan_crosstables(dir: &Path, root: &Path) -> Vec<PathBuf> {
    files_with_extension(root, dir, "csv", 2, &mut Vec::new())
        .into_iter()
        .filter(|csv| !csv.with_extension("toml").is_file())
        .map(|csv| relative(root, &csv))
        .collect()
}

/// Every file under `templates/` by its name there (`html/player.html`),
/// after the link policy.
fn load_templates(root: &Path) -> (std::collections::BTreeMap<String, Vec<u8>>, Vec<Diagnostic>) {
    let dir = root.join("templates");
    let (paths, mut problems) = repository_files(root, &dir, None, 1..=8);
    let mut files = std::collections::BTreeMap::new();
    for path in paths {
        match std::fs::read(&path) {
            Ok(bytes) => {
                let name = path
                    .strip_prefix(&dir)
                    .unwrap_or(&path)
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                files.insert(name, bytes);
            }
            Err(e) => problems.push(Diagnostic::error(
                relative(root, &path),
                format!("cannot read the file: {e}"),
            )),
        }
    }
    (files, problems)
}

/// `path` relative to `root` for messages (unchanged when outside it).
pub fn relative(root: &Path, path: &Path) -> PathBuf {
    match joined_below(root, path) {
        Some(below) => PathBuf::from(below),
        None => path.strip_prefix(root).unwrap_or(path).to_path_buf(),
    }
}

/// [`relative`] as text borrowed from `path`, when `path` is below `root`
/// and the rest is UTF-8.
pub fn relative_text<'a>(root: &Path, path: &'a Path) -> Option<&'a str> {
    joined_below(root, path).or_else(|| path.strip_prefix(root).ok()?.to_str())
}

/// What follows `root` and a separator in `path`, cut as text, when that
/// is a plain relative path (no empty or `.` parts), as
/// [`Path::strip_prefix`] would give it: a federation's hundreds of
/// thousands of files are each named relative to the root, and parsing
/// both paths into parts took longer than reading the file's record.
fn joined_below<'a>(root: &Path, path: &'a Path) -> Option<&'a str> {
    use std::path::MAIN_SEPARATOR;
    let below = path
        .to_str()?
        .strip_prefix(root.to_str()?)?
        .strip_prefix(MAIN_SEPARATOR)?;
    let plain = below
        .split(MAIN_SEPARATOR)
        .all(|part| !part.is_empty() && part != ".");
    plain.then_some(below)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_below_the_root_is_named_as_the_standard_library_names_it() {
        let cases = [
            ("/repo", "/repo/data/players/aho-matti.toml"),
            ("/repo/", "/repo/data/players/aho-matti.toml"),
            (".", "./data/players/aho-matti.toml"),
            ("../repo", "../repo/data/x.csv"),
            ("/repo", "/repo/data/./x.csv"),
            ("/repo", "/repo//data/x.csv"),
            ("/repo", "/repo/data/x/"),
            ("/repo", "/repository/data/x.csv"),
            ("/repo", "/elsewhere/x.csv"),
            ("/repo/.", "/repo/./data/x.csv"),
        ];
        for (root, path) in cases {
            let (root, path) = (Path::new(root), Path::new(path));
            let expected = path.strip_prefix(root).unwrap_or(path);
            assert_eq!(relative(root, path), expected, "{path:?} under {root:?}");
            let below = path.strip_prefix(root).ok().and_then(Path::to_str);
            assert_eq!(relative_text(root, path), below, "{path:?} under {root:?}");
        }
    }

    /// Every file under `root`'s `data/`, relative to `root`, each
    /// folder's entries in name order.
    fn listing(root: &Path) -> Vec<String> {
        walkdir::WalkDir::new(root.join("data"))
            .sort_by_file_name()
            .into_iter()
            .map(Result::unwrap)
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                e.path()
                    .strip_prefix(root)
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn files_taken_from_a_listing_are_the_files_a_folder_listing_finds() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let files = [
            "data/players/a.toml",
            "data/players/.toml",
            "data/players/b.toml.txt",
            "data/players/c.TOML",
            "data/players/sub/d.toml",
            "data/players-2/e.toml",
            "data/tournaments/top.toml",
            "data/tournaments/2020/x.toml",
            "data/tournaments/2020/x.csv",
            "data/tournaments/2020/y.csv",
            "data/tournaments/2020/z.csv",
            "data/tournaments/2020/deeper/w.toml",
            "data/tournaments/2021/v.toml",
        ];
        for file in files {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        // A folder with a metadata file's name is no metadata file.
        std::fs::create_dir_all(root.join("data/tournaments/2020/z.toml")).unwrap();
        let listed = listing(root);
        let listed: Vec<&str> = listed.iter().map(String::as_str).collect();
        for (dir, extension, depth) in [
            ("data/players", "toml", 1),
            ("data/tournaments", "toml", 2),
            ("data/tournaments", "csv", 2),
        ] {
            let dir = root.join(dir);
            let own = files_with_extension(root, &dir, extension, depth, &mut Vec::new());
            assert_eq!(listed_files(root, &listed, &dir, extension, depth), own);
            assert!(!own.is_empty());
        }
        let tournaments = root.join("data/tournaments");
        let orphans = orphan_crosstables(&tournaments, root);
        assert_eq!(
            orphans,
            [
                Path::new("data/tournaments/2020/y.csv"),
                Path::new("data/tournaments/2020/z.csv")
            ]
        );
        assert_eq!(
            listed_orphan_crosstables(root, &listed, &tournaments),
            orphans
        );
    }
}
