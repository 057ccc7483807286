//! A tournament director's work on one of our tournaments: the event's
//! registrations, withdrawals and forbidden pairings, pairing its next
//! round, a round's boards, entering and correcting a round's results, and
//! writing it out as FIDE TRF (and reading a TRF file in as a new tournament).
//!
//! The engines themselves stand alone in the `pairing` and `trf` crates; this
//! module is the bridge between them and our data model.

pub mod event;
pub mod manual;
pub mod pair;
pub mod results;
pub mod round;
pub mod trf_exchange;
pub mod trf_import_check;

#[cfg(test)]
pub(crate) mod tests {
    use crate::model::{
        Acceleration, Date, EventState, Rules, Slug, System, TimeControl, Tournament,
    };

    /// A tournament without players, for tests to fill in.
    pub fn sample(system: &str, rounds: u32) -> Tournament {
        Tournament {
            id: Slug::parse("open").unwrap(),
            name: "Open".into(),
            start: Date::new(2026, 3, 14).unwrap(),
            end: Date::new(2026, 3, 15).unwrap(),
            city: None,
            system: if system == "swiss" {
                System::Swiss
            } else {
                System::RoundRobin
            },
            acceleration: Acceleration::None,
            rounds,
            rated: true,
            time_control: TimeControl::Standard,
            rules: Rules::Standard,
            base_k: None,
            sequence: 0,
            illustrative: false,
            note: None,
            pool: None,
            tiebreaks: None,
            language: None,
            event: EventState::default(),
            entries: Vec::new(),
            first_round_column: 4,
            meta_source: Default::default(),
            table_source: Default::default(),
        }
    }
}
