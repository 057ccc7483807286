//! Who takes part in the pairing of a round, read from a TRF round entry:
//! shared by the engine's input and the accelerations.
use trf::{ResultCode, RoundEntry};

/// True if a round entry means "takes part in the pairing of that round":
/// a game (even forfeited), a pairing-allocated bye (`U`, or `0000 - +`).
/// `H`, `F`, `Z` and `0000 - -` are absences; a blank block counts as
/// present only when `blank_is_present` (the round being paired).
pub fn entry_is_present(e: Option<&RoundEntry>, blank_is_present: bool) -> bool {
    match e {
        None => blank_is_present,
        Some(e) if e.opponent.is_some() => true,
        Some(e) => matches!(e.result, ResultCode::PairingBye | ResultCode::ForfeitWin),
    }
}
