//! The Swiss pairing systems a round can be paired with.
use crate::dutch::{self, DutchOptions, Pairing, PairingError};
use crate::input::PairingInput;
use crate::simple;

/// The Swiss pairing systems: [`System::ALL`] lists them for `pair --system`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// The FIDE Dutch system ([`dutch`]).
    Dutch,
    /// The Turkish tournament manager's rules ([`simple`]).
    Simple,
}

impl System {
    /// Every system, the default first.
    pub const ALL: [System; 2] = [System::Dutch, System::Simple];

    /// The name `pair --system` takes.
    pub fn name(self) -> &'static str {
        match self {
            System::Dutch => "dutch",
            System::Simple => "simple",
        }
    }

    /// One line on the system and what it is verified against.
    pub fn description(self) -> &'static str {
        match self {
            System::Dutch => {
                "FIDE Dutch system (C.04.3, 2025 rules) by weighted matching; \
                 identical to bbpPairings on a recorded corpus"
            }
            System::Simple => {
                "the Turkish tournament manager's rules: points then starting rank, \
                 opponent search 1.1-1.2-1.3 per score group, bye to the lowest \
                 without one; verified on examples worked by hand from its text"
            }
        }
    }

    /// The system named `name`.
    pub fn from_name(name: &str) -> Option<System> {
        System::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Pairs one round with this system (`opts` for the Dutch engine).
    pub fn pair(self, input: &PairingInput, opts: DutchOptions) -> Result<Pairing, PairingError> {
        match self {
            System::Dutch => dutch::pair_dutch_with(input, opts),
            System::Simple => simple::pair_simple(input),
        }
    }
}
