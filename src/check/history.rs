//! Pairing-history rules (the book: Pairing; and the Turkish tournament manager's swiss rules), run on every
//! tournament after the crosstable checks.
//!
//! Symmetry, opposite colours and complementary results are crosstable errors
//! (see `crosstable.rs`) and are not repeated here. The rules below describe how a
//! pairing program should have paired; the crosstable records what happened, so
//! breaking them is a **warning**, never an error (a real event that broke a rule must
//! still load and publish):
//!
//! * **Byes**: a player gets at most one pairing-allocated bye, and not after having
//!   scored a point without playing (bye, full-point bye or forfeit win). Swiss only
//!   for the second part; in round-robins a player sits out once per cycle when the
//!   count is odd, so more byes than cycles are reported.
//! * **Repeat pairings** (swiss only): two players meet at most once, unless every
//!   earlier meeting was a forfeit. Round-robins with several cycles repeat legitimately.
//! * **Colours** (swiss only, games played over the board with a recorded colour; byes and
//!   forfeits do not count): no colour three times in a row, and whites − blacks stays
//!   within ±2. Each player's first breach of each rule is reported.
//!
//! The rules themselves live in `pairing::history`, shared with the TRF checker.
//! Every diagnostic points at the crosstable row (line) and round cell (column).
//! The same entry point also checks the tournament's `tiebreaks` ids and `language` tag.

use crate::diagnostic::Diagnostic;
use crate::model::{Bye, Cell, Entry, GameResult, System, Tournament};
use pairing::history::{
    history_breaches, Breach, Finding, HistoryRules, PlayerHistory, RoundRecord,
};
use std::collections::BTreeMap;

/// Runs the history rules, the tie-break id check and the language check on one tournament.
pub fn check_history(t: &Tournament) -> Vec<Diagnostic> {
    let histories: Vec<PlayerHistory> = t.entries.iter().map(player_history).collect();
    let rules = HistoryRules {
        swiss: t.system == System::Swiss,
        byes_allowed: match t.system {
            System::Swiss => 1,
            System::RoundRobin => (t.rounds as usize).div_ceil(cycle_rounds(t.entries.len())),
        },
    };
    let rows: BTreeMap<u32, &Entry> = t.entries.iter().map(|e| (e.start_no, e)).collect();
    let mut problems: Vec<Diagnostic> = history_breaches(&histories, rules)
        .into_iter()
        .filter_map(|f| rows.get(&f.player).map(|entry| diagnostic(t, entry, f)))
        .collect();
    if let Some(ids) = &t.tiebreaks {
        problems.extend(super::check_ids(ids, &t.meta_source, "tiebreaks"));
    }
    if let Some(language) = &t.language {
        if !crate::collation::is_known_language(language) {
            problems.push(
                Diagnostic::warning(
                    &t.meta_source,
                    format!("`{language}` is not a known language; names sort in the root order"),
                )
                .field("language")
                .hint("use a BCP 47 tag such as `tr`, `fi` or `en`"),
            );
        }
    }
    problems
}

/// A crosstable row as the history rules see it (pending games are not
/// history yet).
fn player_history(entry: &Entry) -> PlayerHistory {
    let rounds = entry
        .cells
        .iter()
        .map(|cell| match cell {
            Cell::Game {
                opponent,
                colour,
                result,
            } => Some(RoundRecord {
                opponent: Some(*opponent),
                colour: colour.map(Into::into),
                played: result.is_played(),
                unplayed_win: *result == GameResult::ForfeitWin,
                ..RoundRecord::default()
            }),
            Cell::Bye(bye) => Some(RoundRecord {
                pairing_bye: *bye == Bye::PairingAllocated,
                unplayed_win: *bye == Bye::Full,
                ..RoundRecord::default()
            }),
            Cell::Paired { .. } | Cell::Absent => None,
        })
        .collect();
    PlayerHistory {
        player: entry.start_no,
        rounds,
    }
}

/// The warning for one breach, at the player's row and round cell, with how
/// a pairing should have gone.
fn diagnostic(t: &Tournament, entry: &Entry, f: Finding) -> Diagnostic {
    let no = entry.start_no;
    let name = |c: trf::Colour| {
        if c == trf::Colour::White {
            "white"
        } else {
            "black"
        }
    };
    let (message, hint) = match f.breach {
        Breach::Repeat { opponent, earlier } => (
            format!(
                "players {no} and {opponent} meet again (they played in round {})",
                earlier + 1
            ),
            "in a swiss two players meet at most once, unless the earlier game was forfeited",
        ),
        Breach::ExtraBye { number, allowed } => (
            format!("player {no} gets pairing-allocated bye number {number} (at most {allowed})"),
            "the bye goes to the lowest-ranked player who has not had one yet",
        ),
        Breach::ByeAfterUnplayedWin { earlier } => (
            format!(
                "player {no} gets the bye after already scoring a point without playing in round {}",
                earlier + 1
            ),
            "a player who had a bye or a forfeit win cannot get the bye again",
        ),
        Breach::SameColour { colour, run } => (
            format!("player {no} has {} for the {run}rd game in a row", name(colour)),
            "nobody gets the same colour three times in a row",
        ),
        Breach::ColourDifference { colour, difference } => (
            format!(
                "player {no} has {difference} more {} games than {}",
                name(colour),
                name(colour.opposite())
            ),
            "whites − blacks stays within ±2",
        ),
    };
    Diagnostic::warning(&t.table_source, format!("round {}: {message}", f.round + 1))
        .at(entry.line, t.first_round_column + f.round)
        .field((f.round + 1).to_string())
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
