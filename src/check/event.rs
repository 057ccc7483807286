//! The rules of an event in progress: a round paired while an earlier one
//! still waits for results, the director's records (withdrawals, forbidden
//! pairings, pairings changed by hand) naming players of the event, and the
//! crosstable keeping them (no game for a withdrawn player, none between a
//! forbidden pair unless paired so by hand).

use crate::diagnostic::Diagnostic;
use crate::model::{Cell, Slug, Tournament};

/// Every breach of the event rules in `t`.
pub fn check_event(t: &Tournament) -> Vec<Diagnostic> {
    let mut problems = rounds_paired_past_missing_results(t);
    problems.extend(unknown_players(t));
    problems.extend(withdrawn_but_paired(t));
    problems.extend(forbidden_but_paired(t));
    problems
}

fn is_paired(cell: Option<&Cell>) -> bool {
    matches!(cell, Some(Cell::Game { .. } | Cell::Paired { .. }))
}

/// A game without a result in a round followed by a paired round: the
/// later round was paired as if the game were lost by both.
fn rounds_paired_past_missing_results(t: &Tournament) -> Vec<Diagnostic> {
    let last_paired = (0..t.rounds as usize)
        .rev()
        .find(|&r| t.entries.iter().any(|e| is_paired(e.cells.get(r))));
    let Some(last_paired) = last_paired else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    for round in 0..last_paired {
        for e in &t.entries {
            if let Some(Cell::Paired { opponent, .. }) = e.cells.get(round) {
                if *opponent < e.start_no {
                    continue;
                }
                problems.push(
                    Diagnostic::error(
                        &t.table_source,
                        format!(
                            "round {}: {} – {} has no result, though round {} is paired",
                            round + 1,
                            e.start_no,
                            opponent,
                            last_paired + 1
                        ),
                    )
                    .at(e.line, t.first_round_column + round)
                    .field((round + 1).to_string())
                    .hint(format!(
                        "enter the result (`ratingbook results set`); round {} was paired without it \
                         and should be paired again",
                        last_paired + 1
                    )),
                );
            }
        }
    }
    problems
}

/// Event records naming a player the crosstable does not have.
fn unknown_players(t: &Tournament) -> Vec<Diagnostic> {
    let mut named: Vec<(&Slug, &str)> = Vec::new();
    named.extend(
        t.event
            .withdrawals
            .iter()
            .map(|w| (&w.player, "withdrawal")),
    );
    for (a, b) in &t.event.forbidden {
        named.push((a, "forbidden"));
        named.push((b, "forbidden"));
    }
    for m in &t.event.manual_pairings {
        named.push((&m.white, "manual_pairing"));
        named.push((&m.black, "manual_pairing"));
    }
    named
        .into_iter()
        .filter(|(id, _)| !t.entries.iter().any(|e| &e.player == *id))
        .map(|(id, field)| {
            Diagnostic::error(
                &t.meta_source,
                format!("`[[{field}]]` names `{id}`, who is not in the crosstable"),
            )
            .field(field)
            .hint("check the id against the crosstable's `player` column, or remove the record")
        })
        .collect()
}

/// A withdrawn player paired in a round from which they withdrew.
fn withdrawn_but_paired(t: &Tournament) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for w in &t.event.withdrawals {
        let Some(e) = t.entries.iter().find(|e| e.player == w.player) else {
            continue;
        };
        for round in w.from_round as usize - 1..t.rounds as usize {
            if is_paired(e.cells.get(round)) {
                problems.push(
                    Diagnostic::error(
                        &t.table_source,
                        format!(
                            "round {}: {} withdrew from round {} but is paired",
                            round + 1,
                            w.player,
                            w.from_round
                        ),
                    )
                    .at(e.line, t.first_round_column + round)
                    .field((round + 1).to_string())
                    .hint("pair the round again without the player, or correct `from_round` in the metadata"),
                );
            }
        }
    }
    problems
}

/// A forbidden pair that met, unless the director paired them by hand.
fn forbidden_but_paired(t: &Tournament) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for (a, b) in &t.event.forbidden {
        let (Some(ea), Some(eb)) = (
            t.entries.iter().find(|e| &e.player == a),
            t.entries.iter().find(|e| &e.player == b),
        ) else {
            continue;
        };
        for round in 0..t.rounds as usize {
            let met = ea.paired_with(round).is_some_and(|(o, _)| o == eb.start_no);
            let by_hand = t.event.manual_pairings.iter().any(|m| {
                m.round as usize == round + 1
                    && ((&m.white == a && &m.black == b) || (&m.white == b && &m.black == a))
            });
            if met && !by_hand {
                problems.push(
                    Diagnostic::error(
                        &t.table_source,
                        format!(
                            "round {}: {a} and {b} are paired, though the metadata forbids it",
                            round + 1
                        ),
                    )
                    .at(ea.line, t.first_round_column + round)
                    .field((round + 1).to_string())
                    .hint("pair the round again (`ratingbook pair --write` honours forbidden pairings)"),
                );
            }
        }
    }
    problems
}
