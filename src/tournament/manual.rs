//! Pairings changed by hand (`[[manual_pairing]]` in the metadata): which
//! pairing rule each departs from. The round is paired again by the engine
//! from the rounds before it, and each game paired by hand is compared with
//! the rules a director answers for: players who met before (C.04.1 b),
//! the colour rules (no colour three times in a row, colour difference
//! within ±2), a forbidden pairing, and the engine's own pairing.

use crate::diagnostic::Diagnostic;
use crate::model::{Cell, Colour, Dataset, ManualPairing, Tournament};

/// Warnings for every pairing changed by hand in the dataset's tournaments;
/// an error when the crosstable does not hold the game recorded.
pub fn manual_pairing_findings(dataset: &Dataset) -> Vec<Diagnostic> {
    dataset
        .tournaments
        .iter()
        .filter(|t| !t.event.manual_pairings.is_empty())
        .flat_map(|t| tournament_findings(t, dataset))
        .collect()
}

fn tournament_findings(t: &Tournament, dataset: &Dataset) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for m in &t.event.manual_pairings {
        let number = |id| {
            t.entries
                .iter()
                .find(|e| &e.player == id)
                .map(|e| e.start_no)
        };
        let (Some(white), Some(black)) = (number(&m.white), number(&m.black)) else {
            continue; // `check` names the unknown player.
        };
        let index = m.round as usize - 1;
        let held =
            t.entry(white).and_then(|e| e.paired_with(index)) == Some((black, Some(Colour::White)));
        if !held {
            found.push(
                Diagnostic::error(
                    &t.meta_source,
                    format!(
                        "round {}: the pairing changed by hand ({} – {}) is not in the crosstable",
                        m.round, m.white, m.black
                    ),
                )
                .field("manual_pairing")
                .hint("remove the record, or pair the game again with `ratingbook event change`"),
            );
            continue;
        }
        for rule in departures(t, dataset, m, (white, black)) {
            found.push(
                Diagnostic::warning(
                    &t.meta_source,
                    format!(
                        "round {}: {} – {} was paired by hand and departs from {rule}",
                        m.round, m.white, m.black
                    ),
                )
                .field("manual_pairing")
                .hint("a director's decision: keep it and note why, or pair the round again"),
            );
        }
    }
    found
}

/// The rules the game `white` – `black` of `m.round` departs from.
pub fn departures(
    t: &Tournament,
    dataset: &Dataset,
    m: &ManualPairing,
    (white, black): (u32, u32),
) -> Vec<String> {
    let index = m.round as usize - 1;
    let mut rules = Vec::new();
    let met = (0..index).find(|&r| {
        t.entry(white)
            .and_then(|e| e.paired_with(r))
            .is_some_and(|(o, _)| o == black)
    });
    if let Some(r) = met {
        rules.push(format!(
            "the rule that players meet only once (they met in round {})",
            r + 1
        ));
    }
    for (player, colour) in [(white, Colour::White), (black, Colour::Black)] {
        if let Some(why) = colour_breach(t, player, index, colour) {
            rules.push(format!("the colour rule: {player} {why}"));
        }
    }
    let forbidden = t
        .event
        .forbidden
        .iter()
        .any(|(a, b)| (a == &m.white && b == &m.black) || (a == &m.black && b == &m.white));
    if forbidden {
        rules.push("a forbidden pairing of the metadata".into());
    }
    if let Some(engine) = engine_board(t, dataset, m.round, white) {
        if engine != (white, black) {
            rules.push(format!(
                "the engine's pairing, which has {} – {}",
                engine.0, engine.1
            ));
        }
    }
    rules
}

/// Why `colour` in round `index` (from 0) breaks the colour rules for
/// `player`: a third time in a row, or a colour difference beyond ±2.
fn colour_breach(t: &Tournament, player: u32, index: usize, colour: Colour) -> Option<String> {
    let e = t.entry(player)?;
    let colours: Vec<Colour> = (0..index)
        .filter_map(|r| match e.cells.get(r) {
            Some(Cell::Game {
                colour: Some(c),
                result,
                ..
            }) if result.is_played() => Some(*c),
            _ => None,
        })
        .chain(std::iter::once(colour))
        .collect();
    let n = colours.len();
    if n >= 3 && colours[n - 3..].iter().all(|c| *c == colour) {
        return Some(format!("gets {} three times in a row", word(colour)));
    }
    let whites = colours.iter().filter(|c| **c == Colour::White).count() as i64;
    let difference = 2 * whites - n as i64;
    (difference.abs() > 2).then(|| format!("gets a colour difference of {difference:+}"))
}

fn word(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// The board the engine gives `player` in `round`, paired again from the
/// rounds before it (round robins: none, their table is fixed).
fn engine_board(t: &Tournament, dataset: &Dataset, round: u32, player: u32) -> Option<(u32, u32)> {
    if t.system != crate::model::System::Swiss {
        return None;
    }
    let mut before = t.clone();
    for e in &mut before.entries {
        for cell in e.cells.iter_mut().skip(round as usize - 1) {
            if matches!(
                cell,
                Cell::Game { .. }
                    | Cell::Paired { .. }
                    | Cell::Bye(crate::model::Bye::PairingAllocated)
            ) {
                *cell = Cell::Absent;
            }
        }
    }
    let mut doc = crate::tournament::pair::engine_input(&before, dataset, round);
    if t.acceleration == crate::model::Acceleration::Baku {
        doc = pairing::acceleration::with_baku(&doc, t.rounds);
    }
    let (_, pairing) =
        pairing::pair_trf(&doc, Some(round), pairing::DutchOptions::default()).ok()?;
    pairing
        .boards
        .into_iter()
        .find(|&(w, b)| w == player || b == player)
}
