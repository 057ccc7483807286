//! Pairing-history rules from seed 004 (and seed 003's swiss rules), run on every
//! tournament after the crosstable checks.
//!
//! Symmetry, opposite colours and complementary results are crosstable errors
//! (see `crosstable.rs`) and are not repeated here. The rules below describe how a
//! pairing program should have paired; the crosstable records what happened, so
//! breaking them is a **warning**, never an error (a real event that broke a rule must
//! still load and publish):
//!
//! * **Byes**: a player gets at most one pairing-allocated bye, and not after having
//!   scored a point without playing (bye or forfeit win). Swiss only for the second
//!   part; in round-robins a player sits out once per cycle when the count is odd, so
//!   more byes than cycles are reported.
//! * **Repeat pairings** (swiss only): two players meet at most once, unless every
//!   earlier meeting was a forfeit. Round-robins with several cycles repeat legitimately.
//! * **Colours** (swiss only, games played over the board with a recorded colour; byes and
//!   forfeits do not count): no colour three times in a row, and whites − blacks stays
//!   within ±2. Each player's first breach of each rule is reported.
//!
//! Every diagnostic points at the crosstable row (line) and round cell (column).
//! The same entry point also checks the tournament's `tiebreaks` ids and `language` tag.

use crate::diagnostic::Diagnostic;
use crate::model::{Bye, Cell, Colour, Entry, GameResult, System, Tournament};
use std::collections::BTreeMap;

/// Runs the history rules, the tie-break id check and the language check on one tournament.
pub fn check_history(t: &Tournament) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for entry in &t.entries {
        check_byes(t, entry, &mut problems);
        if t.system == System::Swiss {
            check_colours(t, entry, &mut problems);
        }
    }
    if t.system == System::Swiss {
        check_repeats(t, &mut problems);
    }
    if let Some(ids) = &t.tiebreaks {
        problems.extend(crate::standings::check_ids(
            ids,
            &t.meta_source,
            "tiebreaks",
        ));
    }
    if let Some(language) = &t.language {
        if icu_locale_core::Locale::try_from_str(language).is_err() {
            problems.push(
                Diagnostic::warning(
                    &t.meta_source,
                    format!("`{language}` is not a language tag; names sort in the root order"),
                )
                .field("language")
                .hint("use a BCP 47 tag such as `tr`, `fi` or `en`"),
            );
        }
    }
    problems
}

fn warn(t: &Tournament, entry: &Entry, round: usize, message: String, hint: &str) -> Diagnostic {
    Diagnostic::warning(&t.table_source, format!("round {}: {message}", round + 1))
        .at(entry.line, t.first_round_column + round)
        .field((round + 1).to_string())
        .hint(hint)
}

/// Rounds per cycle of a round-robin with `players` players.
fn cycle_rounds(players: usize) -> usize {
    if players.is_multiple_of(2) {
        players.saturating_sub(1).max(1)
    } else {
        players.max(1)
    }
}

fn check_byes(t: &Tournament, entry: &Entry, problems: &mut Vec<Diagnostic>) {
    let allowed = match t.system {
        System::Swiss => 1,
        System::RoundRobin => (t.rounds as usize).div_ceil(cycle_rounds(t.entries.len())),
    };
    let mut byes = 0;
    let mut unplayed_point: Option<usize> = None;
    for (round, cell) in entry.cells.iter().enumerate() {
        if *cell == Cell::Bye(Bye::PairingAllocated) {
            byes += 1;
            if byes > allowed {
                problems.push(warn(
                    t,
                    entry,
                    round,
                    format!(
                        "player {} gets pairing-allocated bye number {byes} (at most {allowed})",
                        entry.start_no
                    ),
                    "the bye goes to the lowest-ranked player who has not had one yet",
                ));
            } else if let (System::Swiss, Some(earlier)) = (t.system, unplayed_point) {
                problems.push(warn(
                    t,
                    entry,
                    round,
                    format!(
                        "player {} gets the bye after already scoring a point without playing in round {}",
                        entry.start_no,
                        earlier + 1
                    ),
                    "a player who had a bye or a forfeit win cannot get the bye again",
                ));
            }
        }
        let point_without_playing = matches!(
            cell,
            Cell::Bye(Bye::PairingAllocated | Bye::Full)
                | Cell::Game {
                    result: GameResult::ForfeitWin,
                    ..
                }
        );
        if point_without_playing && unplayed_point.is_none() {
            unplayed_point = Some(round);
        }
    }
}

fn check_repeats(t: &Tournament, problems: &mut Vec<Diagnostic>) {
    // (low, high) start numbers → rounds of played (non-forfeit) meetings so far.
    let mut met: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for round in 0..t.rounds as usize {
        for entry in &t.entries {
            let Some(Cell::Game {
                opponent, result, ..
            }) = entry.cells.get(round)
            else {
                continue;
            };
            if entry.start_no > *opponent {
                continue;
            }
            let key = (entry.start_no, *opponent);
            if let Some(&earlier) = met.get(&key) {
                problems.push(warn(
                    t,
                    entry,
                    round,
                    format!(
                        "players {} and {opponent} meet again (they played in round {})",
                        entry.start_no,
                        earlier + 1
                    ),
                    "in a swiss two players meet at most once, unless the earlier game was forfeited",
                ));
            }
            if result.is_played() {
                met.entry(key).or_insert(round);
            }
        }
    }
}

fn check_colours(t: &Tournament, entry: &Entry, problems: &mut Vec<Diagnostic>) {
    let mut last: Option<Colour> = None;
    let mut run = 0;
    let mut difference: i32 = 0;
    let (mut reported_run, mut reported_difference) = (false, false);
    for (round, cell) in entry.cells.iter().enumerate() {
        let Cell::Game {
            colour: Some(colour),
            result,
            ..
        } = cell
        else {
            continue;
        };
        if !result.is_played() {
            continue;
        }
        run = if last == Some(*colour) { run + 1 } else { 1 };
        last = Some(*colour);
        difference += if *colour == Colour::White { 1 } else { -1 };
        let name = if *colour == Colour::White {
            "white"
        } else {
            "black"
        };
        if run >= 3 && !reported_run {
            reported_run = true;
            problems.push(warn(
                t,
                entry,
                round,
                format!(
                    "player {} has {name} for the {run}rd game in a row",
                    entry.start_no
                ),
                "nobody gets the same colour three times in a row",
            ));
        }
        if difference.abs() > 2 && !reported_difference {
            reported_difference = true;
            problems.push(warn(
                t,
                entry,
                round,
                format!(
                    "player {} has {} more {name} games than {}",
                    entry.start_no,
                    difference.abs(),
                    if *colour == Colour::White {
                        "black"
                    } else {
                        "white"
                    }
                ),
                "whites − blacks stays within ±2",
            ));
        }
    }
}
