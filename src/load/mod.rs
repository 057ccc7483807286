//! Reading a data repository: config, player files, tournament metadata and crosstables.
//!
//! Loading is forgiving in one way only: it keeps going after a problem so that
//! `check` can report every problem at once. Anything it cannot read becomes a
//! [`Diagnostic`] with file, line and column.

mod cell;
mod players;
mod source;
mod surveys;
mod tournaments;

pub use cell::{parse_cell, CellError};
pub use players::load_player;
pub use source::read_text;
pub use surveys::{load_surveys, survey_diagnostic, NamedSurvey};
pub use tournaments::{load_tournament, parse_crosstable, TournamentMeta};

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::model::Dataset;
use std::path::{Path, PathBuf};

/// Name of the configuration file at the repository root.
pub const CONFIG_FILE: &str = "ratingbook.toml";

/// What loading a repository produced.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The configuration (defaults where the file is missing).
    pub config: Config,
    /// Players and tournaments that could be read.
    pub dataset: Dataset,
    /// Every problem met while reading.
    pub diagnostics: Vec<Diagnostic>,
    /// Ids of player files that exist but could not be read: crosstables naming
    /// them are not reported again as naming unknown players.
    pub unreadable_players: std::collections::BTreeSet<String>,
    /// Handicap surveys under `data/surveys/`, in file-name order.
    pub surveys: Vec<NamedSurvey>,
}

/// Loads `ratingbook.toml`, `data/players/` and `data/tournaments/` under `root`.
pub fn load_repository(root: &Path) -> Loaded {
    let mut loaded = Loaded::default();
    if let Some(config) = load_config(root, &mut loaded.diagnostics) {
        loaded.config = config;
    }
    let players_dir = root.join("data").join("players");
    let mut player_files = files_with_extension(&players_dir, "toml", 1);
    player_files.sort();
    let players: Vec<_> = {
        use rayon::prelude::*;
        player_files
            .par_iter()
            .map(|path| load_player(root, path))
            .collect()
    };
    for (path, (player, diagnostics)) in player_files.iter().zip(players) {
        loaded.diagnostics.extend(diagnostics);
        match player {
            Some(player) => loaded.dataset.players.push(player),
            None => {
                let stem = path.file_stem().unwrap_or_default().to_string_lossy();
                loaded.unreadable_players.insert(stem.into_owned());
            }
        }
    }
    let tournaments_dir = root.join("data").join("tournaments");
    let mut meta_files = files_with_extension(&tournaments_dir, "toml", 2);
    meta_files.sort();
    let tournaments: Vec<_> = {
        use rayon::prelude::*;
        meta_files
            .par_iter()
            .map(|path| load_tournament(root, path))
            .collect()
    };
    for (tournament, diagnostics) in tournaments {
        loaded.diagnostics.extend(diagnostics);
        loaded.dataset.tournaments.extend(tournament);
    }
    for orphan in orphan_crosstables(&tournaments_dir, root) {
        loaded.diagnostics.push(
            Diagnostic::error(&orphan, "crosstable without a metadata file").hint(
                "add a .toml file with the same name beside it (name, start, end, rounds, ...)",
            ),
        );
    }
    loaded.dataset.sort();
    let (surveys, problems) = load_surveys(root, &loaded.dataset);
    loaded.surveys = surveys;
    loaded.diagnostics.extend(problems);
    loaded
}

fn load_config(root: &Path, diagnostics: &mut Vec<Diagnostic>) -> Option<Config> {
    let path = root.join(CONFIG_FILE);
    if !path.exists() {
        return None;
    }
    let shown = relative(root, &path);
    let text = match read_text(&path, &shown) {
        Ok(text) => text,
        Err(d) => {
            diagnostics.push(d);
            return None;
        }
    };
    match toml::from_str::<Config>(&text) {
        Ok(config) => Some(config),
        Err(e) => {
            diagnostics.push(source::toml_error(&shown, &text, &e));
            None
        }
    }
}

/// Files with `extension` found exactly `depth` folders below `dir` (1 = directly in it).
fn files_with_extension(dir: &Path, extension: &str, depth: usize) -> Vec<PathBuf> {
    if !dir.is_dir() {
        return Vec::new();
    }
    walkdir::WalkDir::new(dir)
        .min_depth(depth)
        .max_depth(depth)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect()
}

fn orphan_crosstables(dir: &Path, root: &Path) -> Vec<PathBuf> {
    files_with_extension(dir, "csv", 2)
        .into_iter()
        .filter(|csv| !csv.with_extension("toml").exists())
        .map(|csv| relative(root, &csv))
        .collect()
}

/// `path` relative to `root` for messages (unchanged when outside it).
pub fn relative(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}
