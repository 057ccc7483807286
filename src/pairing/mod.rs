//! Swiss pairing: the FIDE Dutch system by weighted matching
//! ([`dutch::pair_dutch`]), round-robin (Berger) schedules
//! ([`roundrobin::berger_schedule`]), the pure engine input built from TRF
//! ([`PairingInput::from_trf`]), the pairing checker ([`check`]) and the
//! tournament generator ([`generate`]).
pub mod dutch;
pub mod input;
pub mod matching;

pub use dutch::{pair_dutch, Pairing, PairingError};
pub use input::{Float, InputError, PairingInput, PlayerState, PointSystem};
