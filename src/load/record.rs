//! One player or one tournament read from its files in the repository (the
//! formats themselves are [`crate::files`]'s).

use super::relative;
use super::source::read_text;
use crate::diagnostic::Diagnostic;
use crate::files::tournament::PartlyRead;
use crate::files::{crosstable, player, tournament};
use crate::model::{Player, Tournament};
use std::path::Path;

/// Reads one player file. Returns the player when it is usable, and every problem found.
pub fn load_player(root: &Path, path: &Path) -> (Option<Player>, Vec<Diagnostic>) {
    let shown = relative(root, path);
    let mut problems = Vec::new();
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let id = player::player_id(stem, &shown, &mut problems);
    let text = match read_text(root, path, &shown) {
        Ok(text) => text,
        Err(d) => {
            problems.push(d);
            return (None, problems);
        }
    };
    let player = player::read_player(id, &text, &shown, &mut problems);
    (player, problems)
}

/// Reads a tournament's metadata file and the crosstable beside it.
///
/// Both are read even when the other has problems, so that one run reports
/// every problem: with unusable metadata the crosstable is read against the
/// declared round count when that can be read, else against its own header.
pub fn load_tournament(root: &Path, meta_path: &Path) -> (Option<Tournament>, Vec<Diagnostic>) {
    let read = read_tournament(root, meta_path);
    (read.tournament, read.problems)
}

/// What reading a tournament's two files gave.
pub struct TournamentRead {
    /// The tournament, when its files had no error.
    pub tournament: Option<Tournament>,
    /// Otherwise the tournament as far as it could be read, for the rules
    /// that can still run on it.
    pub partly: Option<PartlyRead>,
    /// Every problem found reading the files.
    pub problems: Vec<Diagnostic>,
}

/// [`load_tournament`], also giving the tournament as far as it could be
/// read when its files had errors.
pub fn read_tournament(root: &Path, meta_path: &Path) -> TournamentRead {
    let shown = relative(root, meta_path);
    let mut problems = Vec::new();
    let stem = meta_path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let id = tournament::tournament_id(stem, &shown, &mut problems);
    let text = read_text(root, meta_path, &shown)
        .map_err(|d| problems.push(d))
        .ok();
    let metadata = tournament::read_metadata(text.as_deref(), &shown, &mut problems);
    let table_path = meta_path.with_extension("csv");
    let table_shown = relative(root, &table_path);
    let Some(table_text) = read_table(root, &table_path, &shown, &mut problems) else {
        return TournamentRead {
            tournament: None,
            partly: None,
            problems,
        };
    };
    let rounds = metadata
        .rounds()
        .unwrap_or_else(|| crosstable::header_round_columns(&table_text));
    let before = problems.len();
    let entries = crosstable::parse_crosstable(&table_text, &table_shown, rounds, &mut problems);
    let every_row_read = !problems[before..].iter().any(Diagnostic::is_error);
    let sources = tournament::Sources {
        meta: shown,
        table: table_shown,
    };
    if problems.iter().any(Diagnostic::is_error) {
        let partly = tournament::partly_read(id, metadata, entries, sources, every_row_read);
        return TournamentRead {
            tournament: None,
            partly,
            problems,
        };
    }
    let tournament = tournament::tournament(id, metadata, entries, sources, &problems);
    TournamentRead {
        tournament,
        partly: None,
        problems,
    }
}

/// The crosstable's text; a problem when it is missing or unreadable.
fn read_table(
    root: &Path,
    table_path: &Path,
    meta_shown: &Path,
    problems: &mut Vec<Diagnostic>,
) -> Option<String> {
    let table_shown = relative(root, table_path);
    if !table_path.exists() {
        problems.push(
            Diagnostic::error(meta_shown, "the tournament has no crosstable").hint(format!(
                "add `{}` with a header `no,player,rating,1,2,...`",
                table_shown.display()
            )),
        );
        return None;
    }
    read_text(root, table_path, &table_shown)
        .map_err(|d| problems.push(d))
        .ok()
}
