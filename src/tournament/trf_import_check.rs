//! What `import-trf` (and every other importer) would write, checked
//! before anything is written: the new files are read by `check`'s own
//! loaders and the repository as it would be after the import goes
//! through `check`'s own rules, so an import never leaves files that
//! `check` rejects.

use super::trf_exchange::Imported;
use crate::diagnostic::Diagnostic;
use crate::load::{self, Loaded};
use std::collections::BTreeSet;
use std::io;
use std::path::Path;

/// Every problem `check` would find after the import of `imported` into
/// `loaded` (the repository as it is) that it does not find now: in the
/// new files themselves, and across files. Empty when the import may be
/// written. Each problem in a player file or a crosstable row names the
/// `trf` file and line the player came from, when `trf_lines` (start
/// number, line) gives it.
pub fn problems_after_import(
    loaded: &Loaded,
    imported: &Imported,
    trf: &Path,
    trf_lines: &[(u32, usize)],
) -> io::Result<Vec<Diagnostic>> {
    let scratch = tempfile::tempdir()?;
    for (path, content) in &imported.files {
        let file = scratch.path().join(path);
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&file, content)?;
    }
    let mut problems = Vec::new();
    let mut after = loaded.dataset.clone();
    let mut unreadable = loaded.unreadable_players.clone();
    for (path, _) in &imported.files {
        let file = scratch.path().join(path);
        if path.starts_with("data/players/") {
            let (player, found) = load::load_player(scratch.path(), &file);
            problems.extend(found);
            match player {
                // A file the import rewrites replaces the player it held.
                Some(player) => match after.players.iter().position(|p| p.id == player.id) {
                    Some(at) => after.players[at] = player,
                    None => after.players.push(player),
                },
                None => {
                    let stem = file.file_stem().unwrap_or_default().to_string_lossy();
                    unreadable.insert(stem.into_owned());
                }
            }
        } else if path.ends_with(".toml") {
            let (tournament, found) = load::load_tournament(scratch.path(), &file);
            problems.extend(found);
            after.tournaments.extend(tournament);
        }
    }
    after.sort();
    let before: BTreeSet<String> = crate::check::check_dataset(&loaded.dataset, &unreadable)
        .iter()
        .map(identity)
        .collect();
    let new_findings = crate::check::check_dataset(&after, &unreadable)
        .into_iter()
        .filter(|d| !before.contains(&identity(d)));
    problems.extend(new_findings);
    problems.retain(Diagnostic::is_error);
    crate::diagnostic::sort(&mut problems);
    for problem in &mut problems {
        if let Some(line) = trf_line(problem, imported, trf_lines) {
            problem.message = format!("{} (from {}:{line})", problem.message, trf.display());
        }
    }
    Ok(problems)
}

/// What tells two findings apart.
fn identity(d: &Diagnostic) -> String {
    format!(
        "{}:{:?}:{:?}:{}",
        d.file.display(),
        d.line,
        d.column,
        d.message
    )
}

/// The TRF line the file and line of `problem` were made from: a new
/// player's file comes from that player's line, a crosstable row from the
/// line of its start number (rows follow start numbers from line 2).
fn trf_line(
    problem: &Diagnostic,
    imported: &Imported,
    trf_lines: &[(u32, usize)],
) -> Option<usize> {
    let file = &problem.file;
    let start_no = if file.starts_with("data/players") {
        let id = file.file_stem()?.to_str()?;
        imported
            .matches
            .iter()
            .find(|(_, _, matched, _)| matched.as_str() == id)
            .map(|&(start_no, ..)| start_no)?
    } else if file.extension()? == "csv" {
        u32::try_from(problem.line?.checked_sub(1)?).ok()?
    } else {
        return None;
    };
    let found = trf_lines.iter().find(|&&(no, _)| no == start_no);
    found.map(|&(_, line)| line)
}
