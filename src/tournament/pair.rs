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
    /// The Dutch engine refused.
    #[error(transparent)]
    Pairing(#[from] PairTrfError),
}

impl NextRoundError {
    /// Process exit code: 1 no legal pairing exists, 2 anything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            NextRoundError::Pairing(e) => e.exit_code() as u8,
            NextRoundError::AllRoundsPaired(_) => 2,
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
    match t.system {
        System::RoundRobin => Ok(round_robin_round(t, round)),
        System::Swiss => {
            let mut doc = crate::tournament::trf_exchange::tournament_to_trf(t, dataset);
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
