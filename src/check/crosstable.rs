//! Rules for one crosstable: ids, start numbers, and both sides of every game.

use crate::diagnostic::Diagnostic;
use crate::files::tournament::PartlyRead;
use crate::model::{Cell, Colour, Dataset, Date, Entry, GameResult, Membership, Tournament};
use std::collections::{BTreeMap, BTreeSet};

/// Checks one tournament's crosstable against the player files and itself.
/// `newest_start` is the latest start date of any tournament on record.
pub fn check_tournament(
    t: &Tournament,
    dataset: &Dataset,
    unreadable_players: &BTreeSet<String>,
    newest_start: Option<Date>,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    check_start_numbers(t, true, &mut problems);
    check_players(t, dataset, unreadable_players, true, &mut problems);
    check_games(t, true, &mut problems);
    check_empty_rounds(t, newest_start, &mut problems);
    problems
}

/// Checks a tournament whose files had errors by the rules that can still
/// run on what was read: start numbers, the players named and both sides
/// of each game. Rules that need its metadata (empty rounds, unrated rif
/// players) wait until the metadata reads; rules about the rows as a whole
/// (start numbers up to the number of rows, opponents outside the table)
/// wait until every row reads.
pub fn check_partly_read(
    partly: &PartlyRead,
    dataset: &Dataset,
    unreadable_players: &BTreeSet<String>,
    newest_start: Option<Date>,
) -> Vec<Diagnostic> {
    let t = &partly.tournament;
    let every_row = partly.every_row_read;
    let mut problems = Vec::new();
    check_start_numbers(t, every_row, &mut problems);
    let metadata = partly.metadata_read;
    check_players(t, dataset, unreadable_players, metadata, &mut problems);
    check_games(t, every_row, &mut problems);
    if metadata && every_row {
        check_empty_rounds(t, newest_start, &mut problems);
    }
    problems
}

/// A round column with every cell empty would be published as everybody
/// absent: almost always a round left out or entered in the wrong column.
/// Empty rounds after the last one with anything in them are rounds not
/// played yet, which is fine while the tournament is the newest on record;
/// once a later tournament has started, the event is over and they are errors
/// too (a warning before that, so nobody forgets them).
fn check_empty_rounds(t: &Tournament, newest_start: Option<Date>, problems: &mut Vec<Diagnostic>) {
    let Some(first) = t.entries.iter().min_by_key(|e| e.line) else {
        return;
    };
    let empty = |round: usize| {
        t.entries
            .iter()
            .all(|e| matches!(e.cells.get(round), None | Some(Cell::Absent)))
    };
    let Some(last_used) = (0..t.rounds as usize).rev().find(|&r| !empty(r)) else {
        return;
    };
    let over = newest_start.is_some_and(|newest| newest > t.end);
    for round in (0..t.rounds as usize).filter(|&r| r != last_used && empty(r)) {
        let (line, column) = at_cell(t, first, round);
        let r = round + 1;
        let diagnostic = if round < last_used {
            Diagnostic::error(
                &t.table_source,
                format!(
                    "round {r}: every cell is empty, which would publish every player as absent, \
                     though round {} has results",
                    last_used + 1
                ),
            )
            .hint(MARK_ROUNDS_HINT)
        } else if over {
            Diagnostic::error(
                &t.table_source,
                format!(
                    "round {r}: every cell is empty, though the tournament ended on {} and later \
                     tournaments are on record; it would be published as every player absent",
                    t.end
                ),
            )
            .hint(format!(
                "{MARK_ROUNDS_HINT}; or, if the round was never played, lower `rounds` in the \
                 tournament's metadata"
            ))
        } else {
            Diagnostic::warning(
                &t.table_source,
                format!("round {r} has no results yet; its pages show it as not played"),
            )
            .hint("enter the round with `ratingbook results add` when it has been played")
        };
        problems.push(diagnostic.at(line, column).field(r.to_string()));
    }
}

const MARK_ROUNDS_HINT: &str = "enter the round's games, or mark each player's round explicitly: \
     `Z` zero-point bye, `H` half-point bye, `F` full-point bye, `bye` pairing-allocated bye";

fn at_cell(t: &Tournament, entry: &Entry, round: usize) -> (usize, usize) {
    (entry.line, t.first_round_column + round)
}

/// Start numbers are unique and run 1..n (the latter only when
/// `every_row` of the crosstable was read).
fn check_start_numbers(t: &Tournament, every_row: bool, problems: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    for entry in &t.entries {
        if let Some(first_line) = seen.insert(entry.start_no, entry.line) {
            problems.push(
                Diagnostic::error(
                    &t.table_source,
                    format!(
                        "start number {} is used twice (also on line {first_line})",
                        entry.start_no
                    ),
                )
                .at(entry.line, 1)
                .field("no")
                .hint("give every row its own start number"),
            );
        }
    }
    let n = t.entries.len() as u32;
    if let Some(entry) = t.entries.iter().find(|e| every_row && e.start_no > n) {
        problems.push(
            Diagnostic::error(
                &t.table_source,
                format!(
                    "start number {} is above the number of players ({n})",
                    entry.start_no
                ),
            )
            .at(entry.line, 1)
            .field("no")
            .hint("start numbers run from 1 to the number of rows without gaps"),
        );
    }
}

/// Every row names a known player, once; with `rated_known` (the
/// metadata read), a rif player without a rating is a warning.
fn check_players(
    t: &Tournament,
    dataset: &Dataset,
    unreadable_players: &BTreeSet<String>,
    rated_known: bool,
    problems: &mut Vec<Diagnostic>,
) {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for entry in &t.entries {
        let id = entry.player.as_str();
        match dataset.player(id) {
            None if unreadable_players.contains(id) => {}
            None => {
                let mut d = Diagnostic::error(&t.table_source, format!("unknown player `{id}`"))
                    .at(entry.line, 2)
                    .field("player");
                d = match crate::text::closest(id, dataset.players.iter().map(|p| p.id.as_str())) {
                    Some(near) => d.hint(format!("did you mean `{near}`?")),
                    None => d.hint(format!("add data/players/{id}.toml or fix the id")),
                };
                problems.push(d);
            }
            Some(player) => {
                let has_rating = entry.rating.or(player.international_rating).is_some();
                if player.membership == Membership::Rif && rated_known && t.rated && !has_rating {
                    problems.push(
                        Diagnostic::warning(
                            &t.table_source,
                            format!("`{id}` is a rif player without an international rating: their games will not be rated"),
                        )
                        .at(entry.line, 3)
                        .field("rating")
                        .hint("give the rating in the `rating` column or `international_rating` in the player file"),
                    );
                }
            }
        }
        if let Some(first_line) = seen.insert(id, entry.line) {
            problems.push(
                Diagnostic::error(
                    &t.table_source,
                    format!("player `{id}` appears twice (also on line {first_line})"),
                )
                .at(entry.line, 2)
                .field("player")
                .hint("merge the two rows into one"),
            );
        }
    }
}

/// Both sides of every game agree: the opponent names us back in the same round,
/// with the opposite colour and the complementary result. Unless `every_row`
/// of the crosstable was read, an opponent not in it may be a row that did
/// not read, and is not reported.
fn check_games(t: &Tournament, every_row: bool, problems: &mut Vec<Diagnostic>) {
    for entry in &t.entries {
        for (round, cell) in entry.cells.iter().enumerate() {
            let Some((opponent, colour, result)) = side(cell) else {
                continue;
            };
            let (line, column) = at_cell(t, entry, round);
            let r = round + 1;
            let fail = |message: String, hint: &str| {
                Diagnostic::error(&t.table_source, format!("round {r}: {message}"))
                    .at(line, column)
                    .field(r.to_string())
                    .hint(hint)
            };
            if opponent == entry.start_no {
                problems.push(fail(
                    format!("player {} is paired with themselves", entry.start_no),
                    "write the opponent's start number",
                ));
                continue;
            }
            let Some(other) = t.entry(opponent) else {
                if !every_row {
                    continue;
                }
                problems.push(fail(
                    format!("opponent {opponent} is not in the crosstable"),
                    "use a start number from the `no` column",
                ));
                continue;
            };
            let theirs = other.cells.get(round).copied().unwrap_or(Cell::Absent);
            let Some((their_opponent, their_colour, their_result)) = side(&theirs) else {
                problems.push(fail(
                    format!(
                        "{} says they played {opponent}, but row {opponent} has `{}` in this round",
                        entry.start_no,
                        theirs.to_notation()
                    ),
                    &format!(
                        "write `{}` in row {opponent}, round {r}",
                        mirror(entry.start_no, colour, result)
                    ),
                ));
                continue;
            };
            if their_opponent != entry.start_no {
                problems.push(fail(
                    format!(
                        "{} says they played {opponent}, but row {opponent} says they played {their_opponent}",
                        entry.start_no
                    ),
                    "a player meets one opponent per round: fix whichever row is wrong",
                ));
                continue;
            }
            // Report each disagreement once, from the lower start number.
            if entry.start_no > opponent {
                continue;
            }
            let symbol = |r: Option<GameResult>| r.map_or("?", GameResult::symbol);
            // A double forfeit (neither came) is `-` on both sides.
            let double_forfeit = result == Some(GameResult::ForfeitLoss) && their_result == result;
            if their_result != result.map(GameResult::complement) && !double_forfeit {
                problems.push(fail(
                    format!(
                        "{} scored `{}` against {opponent}, but {opponent} scored `{}`",
                        entry.start_no,
                        symbol(result),
                        symbol(their_result)
                    ),
                    &format!(
                        "results must complement each other: `{}` against `{}`",
                        symbol(result),
                        symbol(result.map(GameResult::complement))
                    ),
                ));
            }
            match (colour, their_colour) {
                (Some(a), Some(b)) if a == b => problems.push(fail(
                    format!(
                        "{} and {opponent} both have colour `{}`",
                        entry.start_no,
                        a.letter()
                    ),
                    "one player has white (w), the other black (b)",
                )),
                (Some(_), None) | (None, Some(_)) => problems.push(fail(
                    format!(
                        "the colour of {} vs {opponent} is written on one side only",
                        entry.start_no
                    ),
                    "write the colour in both cells or in neither",
                )),
                _ => {}
            }
            let (stones, their_stones) = (entry.handicap(round), other.handicap(round));
            if stones != their_stones {
                problems.push(fail(
                    format!(
                        "{} has a handicap of {stones} against {opponent}, but {opponent} has {their_stones}",
                        entry.start_no
                    ),
                    &format!(
                        "write the same handicap in both cells, e.g. `h{}` in each (nothing or `h0` for an even game)",
                        stones.max(their_stones)
                    ),
                ));
            } else if stones > 0 && (colour.is_none() || their_colour.is_none()) {
                problems.push(fail(
                    format!(
                        "the game {} vs {opponent} has a handicap of {stones} but no colours",
                        entry.start_no
                    ),
                    "write the colours: the player with black (b) received the stones, e.g. `12 b 1 h3` and `5 w 0 h3`",
                ));
            }
        }
    }
}

/// A paired cell's opponent, colour and result (`None`: not played yet).
fn side(cell: &Cell) -> Option<(u32, Option<Colour>, Option<GameResult>)> {
    match *cell {
        Cell::Game {
            opponent,
            colour,
            result,
        } => Some((opponent, colour, Some(result))),
        Cell::Paired { opponent, colour } => Some((opponent, colour, None)),
        _ => None,
    }
}

fn mirror(start_no: u32, colour: Option<Colour>, result: Option<GameResult>) -> String {
    let colour = colour.map(Colour::opposite);
    match result {
        Some(result) => Cell::Game {
            opponent: start_no,
            colour,
            result: result.complement(),
        },
        None => Cell::Paired {
            opponent: start_no,
            colour,
        },
    }
    .to_notation()
}
