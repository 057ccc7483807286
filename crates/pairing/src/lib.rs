//! Swiss pairing: the FIDE Dutch system by weighted matching
//! ([`dutch::pair_dutch`]), round-robin (Berger) schedules
//! ([`roundrobin::berger_schedule`]), the pure engine input built from TRF
//! ([`PairingInput::from_trf`]), the pairing checker ([`check`]) and the
//! tournament generator ([`generate`]), accelerated pairings
//! ([`acceleration`]).
//!
//! The engine has no I/O: [`pair_trf`] and [`format_pairings`] are the thin
//! layer the `ratingbook pair` command uses.
pub mod acceleration;
pub mod check;
pub mod dutch;
pub mod generate;
pub mod history;
pub mod input;
pub mod matching;
mod presence;
pub mod roundrobin;
pub mod simple;
pub mod system;

pub use dutch::{pair_dutch, DutchOptions, Pairing, PairingError};
pub use input::{Float, InputError, PairingInput, PlayedColours, PlayerState, PointSystem};
pub use system::System;

use thiserror::Error;
use trf::TrfDocument;

/// Errors of [`pair_trf`]: bad input (exit code 2), no legal pairing
/// (exit code 1), or an internal error caught by the engine's final check
/// (exit code 3; no pairing is written).
#[derive(Debug, Error)]
pub enum PairTrfError {
    /// The document cannot be used.
    #[error("bad input: {0}")]
    Input(#[from] InputError),
    /// The engine proved no legal pairing exists.
    #[error(transparent)]
    Pairing(#[from] PairingError),
}

impl PairTrfError {
    /// Process exit code: 1 no legal pairing, 2 bad input, 3 internal error.
    pub fn exit_code(&self) -> i32 {
        match self {
            PairTrfError::Input(_) => 2,
            PairTrfError::Pairing(
                PairingError::NoLegalPairing(_) | PairingError::SearchLimit(_),
            ) => 1,
            PairTrfError::Pairing(PairingError::Internal(_)) => 3,
        }
    }
}

/// Pairs the next round of a TRF document (or `round` if given): the round
/// is the first incomplete round column; its column may hold absences
/// (`0000 - H`, `0000 - Z`, `0000 - F` are not paired; `0000 - U` and
/// `0000 - +` mark players to be paired, the engine allocating the bye).
pub fn pair_trf(
    doc: &TrfDocument,
    round: Option<u32>,
    opts: DutchOptions,
) -> Result<(u32, Pairing), PairTrfError> {
    pair_trf_with(doc, round, System::Dutch, opts)
}

/// [`pair_trf`] with the given system.
pub fn pair_trf_with(
    doc: &TrfDocument,
    round: Option<u32>,
    system: System,
    opts: DutchOptions,
) -> Result<(u32, Pairing), PairTrfError> {
    let round = round.unwrap_or_else(|| input::round_to_pair(doc));
    let input = PairingInput::from_trf(doc, round, true)?;
    let pairing = system.pair(&input, opts)?;
    Ok((round, pairing))
}

/// Formats a pairing as pairing programs write it: the number of pairs
/// (the bye counts as one), then `white black` per board, the
/// pairing-allocated bye last as `N 0`.
pub fn format_pairings(p: &Pairing) -> String {
    let mut s = format!("{}\n", p.boards.len() + usize::from(p.bye.is_some()));
    for (w, b) in &p.boards {
        s.push_str(&format!("{w} {b}\n"));
    }
    if let Some(x) = p.bye {
        s.push_str(&format!("{x} 0\n"));
    }
    s
}
