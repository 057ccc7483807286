//! Pairing the next round of one of our own tournaments: the Dutch engine for
//! swiss events, Berger tables for round robins.

use crate::model::{Acceleration, Bye, Cell, Colour, Dataset, System, Tournament};
use pairing::{pair_trf, roundrobin, DutchOptions, PairTrfError};

/// The next round's boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextRound {
    /// Round number, from 1.
    pub round: u32,
    /// `(white, black)` start numbers, board 1 first.
    pub boards: Vec<(u32, u32)>,
    /// Start number with the pairing-allocated bye.
    pub bye: Option<u32>,
}

/// Why the next round cannot be paired.
#[derive(Debug, thiserror::Error)]
pub enum NextRoundError {
    /// Every round already has pairings.
    #[error("all {0} rounds are already paired; raise `rounds` in the metadata to add one")]
    AllRoundsPaired(u32),
    /// An earlier round has boards without results.
    #[error("round {round} has no result on {}: enter them first (`ratingbook results add`)", boards_list(.boards))]
    ResultsMissing {
        /// The round, from 1.
        round: u32,
        /// The boards without a result: number, white's and black's start numbers.
        boards: Vec<(u32, u32, u32)>,
    },
    /// The Dutch engine refused.
    #[error(transparent)]
    Pairing(#[from] PairTrfError),
}

/// `board 3 (5 – 12), board 7 (9 – 2)`.
fn boards_list(boards: &[(u32, u32, u32)]) -> String {
    let shown: Vec<String> = boards
        .iter()
        .map(|(n, w, b)| format!("board {n} ({w} – {b})"))
        .collect();
    shown.join(", ")
}

impl NextRoundError {
    /// Process exit code: 1 no legal pairing exists, 2 anything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            NextRoundError::Pairing(e) => e.exit_code() as u8,
            NextRoundError::AllRoundsPaired(_) | NextRoundError::ResultsMissing { .. } => 2,
        }
    }
}

/// The first round in which nobody is paired yet and no pairing bye is given.
/// Requested byes (`F`, `H`, `Z`) entered in advance mark absences for it.
pub fn round_to_pair(t: &Tournament) -> Option<usize> {
    (0..t.rounds as usize).find(|&round| {
        t.entries.iter().all(|e| {
            !matches!(
                e.cells.get(round),
                Some(Cell::Game { .. } | Cell::Paired { .. } | Cell::Bye(Bye::PairingAllocated))
            )
        })
    })
}

/// Pairs the next round of `t` (with its acceleration's virtual points, which
/// are never stored in the crosstable).
pub fn pair_next_round(t: &Tournament, dataset: &Dataset) -> Result<NextRound, NextRoundError> {
    let round = round_to_pair(t).ok_or(NextRoundError::AllRoundsPaired(t.rounds))?;
    if let Some(missing) = first_round_without_results(t, round as u32 + 1) {
        return Err(missing);
    }
    match t.system {
        System::RoundRobin => Ok(round_robin_round(t, round)),
        System::Swiss => {
            let mut doc = engine_input(t, dataset, round as u32 + 1);
            if t.acceleration == Acceleration::Baku {
                doc = pairing::acceleration::with_baku(&doc, t.rounds);
            }
            let (_, pairing) = pair_trf(&doc, Some(round as u32 + 1), DutchOptions::default())?;
            Ok(NextRound {
                round: round as u32 + 1,
                boards: pairing.boards,
                bye: pairing.bye,
            })
        }
    }
}

/// The first of the rounds before `before` (from 1) with a board whose
/// result is not entered, as the error naming its boards.
pub fn first_round_without_results(t: &Tournament, before: u32) -> Option<NextRoundError> {
    (1..before).find_map(|r| {
        let round = crate::tournament::round::round(t, r);
        let boards: Vec<(u32, u32, u32)> = round
            .without_results()
            .map(|b| (b.number, b.white, b.black))
            .collect();
        (!boards.is_empty()).then_some(NextRoundError::ResultsMissing { round: r, boards })
    })
}

/// The TRF document the engine pairs round `round` (from 1) from: the
/// crosstable, withdrawn players marked absent in the round (`0000 - -`),
/// the forbidden pairings as `XXP` lines.
pub fn engine_input(t: &Tournament, dataset: &Dataset, round: u32) -> trf::TrfDocument {
    let mut doc = crate::tournament::trf_exchange::tournament_to_trf(t, dataset);
    let withdrawn: Vec<u32> = t
        .entries
        .iter()
        .filter(|e| t.event.withdrawn_by(&e.player, round))
        .map(|e| e.start_no)
        .collect();
    for line in &mut doc.lines {
        if let trf::TrfLine::Player(p) = line {
            if withdrawn.contains(&p.start_no) {
                let index = round as usize - 1;
                if p.rounds.len() <= index {
                    p.rounds.resize(index + 1, None);
                }
                p.rounds[index] = Some(trf::RoundEntry {
                    opponent: None,
                    colour: None,
                    result: trf::ResultCode::ForfeitLoss,
                });
            }
        }
    }
    let number = |id: &crate::model::Slug| {
        t.entries
            .iter()
            .find(|e| &e.player == id)
            .map(|e| e.start_no)
    };
    for (a, b) in &t.event.forbidden {
        if let (Some(a), Some(b)) = (number(a), number(b)) {
            doc.lines.push(trf::TrfLine::ForbiddenPairs(vec![a, b]));
        }
    }
    doc
}

/// Round `round` (0-based) of the Berger schedule; later cycles repeat it with
/// colours swapped.
fn round_robin_round(t: &Tournament, round: usize) -> NextRound {
    let schedule = roundrobin::berger_schedule(t.entries.len() as u32);
    let cycle_length = schedule.len().max(1);
    let this = schedule
        .get(round % cycle_length)
        .cloned()
        .unwrap_or(roundrobin::RoundRobinRound {
            boards: Vec::new(),
            bye: None,
        });
    let swap = (round / cycle_length) % 2 == 1;
    NextRound {
        round: round as u32 + 1,
        boards: this
            .boards
            .iter()
            .map(|&(w, b)| if swap { (b, w) } else { (w, b) })
            .collect(),
        bye: this.bye,
    }
}

/// The crosstable cells the pairing writes: `opponent colour ?` for each player
/// on a board, `bye` for the bye. Returns (start number, cell).
pub fn pairing_cells(next: &NextRound) -> Vec<(u32, Cell)> {
    let mut cells = Vec::new();
    for &(white, black) in &next.boards {
        cells.push((
            white,
            Cell::Paired {
                opponent: black,
                colour: Some(Colour::White),
            },
        ));
        cells.push((
            black,
            Cell::Paired {
                opponent: white,
                colour: Some(Colour::Black),
            },
        ));
    }
    if let Some(bye) = next.bye {
        cells.push((bye, Cell::Bye(Bye::PairingAllocated)));
    }
    cells.sort_by_key(|c| c.0);
    cells
}
