//! The European Go Database's rating formula (GoR, in use since 2021):
//!
//! - `r' = r + con × (Sa − Se) + bonus`, game by game;
//! - `Se = 1 / (1 + exp(β(r₂) − β(r₁)))` with `β(r) = −7 ln(3300 − r)`;
//! - `con = ((3300 − r) / 200)^1.6`;
//! - `bonus = ln(1 + exp((2300 − r) / 80)) / 5`, against deflation.
//!
//! Every game of a tournament is computed from the ratings at its start and
//! the changes are added, as the database does for a tournament. Ratings stay
//! below 3300, where the formula is defined.

use super::periodic::{PeriodGame, PeriodSystem};
use crate::config::EgdConfig;
use crate::model::{Player, Tournament};

/// The formula's ceiling: ratings are kept below it.
const CEILING: f64 = 3300.0;
/// The highest rating kept, a little under the ceiling so that β stays finite.
const HIGHEST: f64 = CEILING - 1.0;

/// β(r) = −7 ln(3300 − r).
fn beta(rating: f64) -> f64 {
    -7.0 * (CEILING - rating.min(HIGHEST)).ln()
}

/// Se: the expected result of a player rated `own` against `opponent`.
pub fn expected(own: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + (beta(opponent) - beta(own)).exp())
}

/// con = ((3300 − r) / 200)^1.6.
pub fn con(rating: f64) -> f64 {
    ((CEILING - rating.min(HIGHEST)) / 200.0).powf(1.6)
}

/// bonus = ln(1 + exp((2300 − r) / 80)) / 5.
pub fn bonus(rating: f64) -> f64 {
    ((2300.0 - rating) / 80.0).exp().ln_1p() / 5.0
}

/// The change one game makes: `con × (Sa − Se) + bonus`.
pub fn game_change(own: f64, opponent: f64, score: f64) -> f64 {
    con(own) * (score - expected(own, opponent)) + bonus(own)
}

/// A player in the European Go Database's system.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EgdState {
    /// The rating (GoR), unrounded.
    pub rating: f64,
    /// Games rated so far.
    pub games: u32,
}

/// The EGD formula with the given parameters.
#[derive(Debug, Clone, Copy)]
pub struct Egd {
    /// The start rating.
    pub config: EgdConfig,
    /// The rating of each declared Go grade, for a player's start.
    pub grades: go_grades::GradeScale,
}

impl PeriodSystem for Egd {
    type State = EgdState;

    /// A player starts at the rating of their declared grade, else at the configured start.
    fn initial(&self, player: &Player) -> EgdState {
        let rating = player.grade.map_or(self.config.initial_rating, |g| {
            self.grades.rating_for_grade(g)
        });
        EgdState {
            rating: rating.min(HIGHEST),
            games: 0,
        }
    }

    fn expected(&self, own: &EgdState, opponent: &EgdState) -> f64 {
        expected(own.rating, opponent.rating)
    }

    fn update(&self, own: &EgdState, games: &[PeriodGame<EgdState>], _: &Tournament) -> EgdState {
        let change: f64 = games
            .iter()
            .map(|g| game_change(own.rating, g.opponent.rating, g.score))
            .sum();
        EgdState {
            rating: (own.rating + change).min(HIGHEST),
            games: own.games + games.len() as u32,
        }
    }

    fn published(&self, state: &EgdState) -> Option<i32> {
        (state.games > 0).then(|| state.rating.round() as i32)
    }

    fn working_rating(&self, state: &EgdState) -> i32 {
        state.rating.round() as i32
    }

    fn games(&self, state: &EgdState) -> u32 {
        state.games
    }
}
