//! `new player` and `new tournament`: commented starting files, then what to do next.

use super::new_files::{
    plan_player, plan_tournament, write_new_files, NewError, NewFile, NewPlayer, NewTournament,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `ratingbook new player`: writes `data/players/<id>.toml` under `root`.
pub fn new_player(root: &Path, player: &NewPlayer) -> ExitCode {
    let file = match plan_player(root, player) {
        Ok(file) => file,
        Err(e) => return refused(&[e]),
    };
    if let Err(e) = write_new_files(root, std::slice::from_ref(&file)) {
        return refused(&[e]);
    }
    let id = file
        .path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    eprintln!("wrote {}", shown(root, &file.path).display());
    eprintln!("next:");
    eprintln!(
        "  - fill in the optional fields in {} (remove the `#` in front of a line to use it)",
        shown(root, &file.path).display()
    );
    if player.membership == ratingbook::model::Membership::Rif {
        eprintln!("  - give the rif player's `international_rating`: without it their games cannot be rated");
    }
    eprintln!("  - enter the player in a tournament by the id `{id}`: `ratingbook new tournament ... --players {id},...`, or a crosstable row `N,{id},`");
    eprintln!("  - run `ratingbook check{}`", root_option(root));
    ExitCode::SUCCESS
}

/// `ratingbook new tournament`: writes the metadata and the crosstable under
/// `data/tournaments/<start year>/` of `root`.
pub fn new_tournament(root: &Path, tournament: &NewTournament) -> ExitCode {
    let files = match plan_tournament(root, tournament) {
        Ok(files) => files,
        Err(problems) => return refused(&problems),
    };
    if let Err(e) = write_new_files(root, &files) {
        return refused(&[e]);
    }
    let [meta, table] = &files;
    eprintln!("wrote {}", shown(root, &meta.path).display());
    eprintln!(
        "wrote {} ({}, {}, no results yet)",
        shown(root, &table.path).display(),
        count(table.text.lines().count().saturating_sub(1), "player"),
        count(tournament.rounds as usize, "round")
    );
    let no_players = table.text.lines().count() <= 1;
    print_tournament_next_steps(root, meta, table, no_players);
    ExitCode::SUCCESS
}

fn print_tournament_next_steps(root: &Path, meta: &NewFile, table: &NewFile, no_players: bool) {
    let id_path = shown(root, &meta.path.with_extension(""));
    let root_option = root_option(root);
    eprintln!("next:");
    eprintln!(
        "  - fill in the optional fields in {} (city, time_control, rules, base_k, ...)",
        shown(root, &meta.path).display()
    );
    if no_players {
        eprintln!(
            "  - add the players to {}: one row `N,player-id,` per player, start numbers 1, 2, ... (`ratingbook new player \"Name\"` creates a player file)",
            shown(root, &table.path).display()
        );
    }
    eprintln!(
        "  - pair round 1: `ratingbook pair {}{root_option} --write`",
        id_path.display()
    );
    eprintln!(
        "  - enter its results: `ratingbook results add {} --round 1 --from round1.txt` (lines `WHITE BLACK RESULT`, e.g. `3 7 1-0`)",
        shown(root, &meta.path).display()
    );
    eprintln!("  - run `ratingbook check{root_option}`");
}

/// Prints why nothing was written; exit code 1.
fn refused(problems: &[NewError]) -> ExitCode {
    for problem in problems {
        eprintln!("error: {problem}");
        if let Some(hint) = problem.hint() {
            eprintln!("  help: {hint}");
        }
    }
    eprintln!("nothing written");
    ExitCode::FAILURE
}

/// A repository path as the user would type it from the current folder.
fn shown(root: &Path, path: &Path) -> PathBuf {
    if root == Path::new(".") {
        path.to_path_buf()
    } else {
        root.join(path)
    }
}

/// ` --root DIR` when the repository is not the current folder.
fn root_option(root: &Path) -> String {
    if root == Path::new(".") {
        String::new()
    } else {
        format!(" --root {}", root.display())
    }
}

/// `1 player`, `3 players`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
