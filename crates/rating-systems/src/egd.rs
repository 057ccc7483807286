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
//!
//! In a handicap game the player who received `h` stones is expected to play
//! as if rated `100 × (h − 0.5)` higher (the database's handicap rule: a
//! stone is worth 100 points, less the half stone of komi a handicap game
//! does without); Se uses that rating, con and bonus the player's own.

use crate::input::{Player, Start, Tournament};
use crate::periodic::{PeriodGame, PeriodSystem};
use crate::settings::EgdSettings;

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

/// The rating points `stones` handicap stones are worth to the player who
/// receives them: `100 × (stones − 0.5)`, nothing for an even game.
pub fn handicap_points(stones: u32) -> f64 {
    if stones == 0 {
        0.0
    } else {
        100.0 * (f64::from(stones) - 0.5)
    }
}

/// Se in a game where `own` received `stones` stones (negative: gave them):
/// the receiver's rating counts `handicap_points` higher.
pub fn expected_with_handicap(own: f64, opponent: f64, stones: i32) -> f64 {
    let points = handicap_points(stones.unsigned_abs());
    if stones >= 0 {
        expected(own + points, opponent)
    } else {
        expected(own, opponent + points)
    }
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
    handicap_game_change(own, opponent, score, 0)
}

/// The change one game makes when `own` received `stones` handicap stones
/// (negative: gave them): `con × (Sa − Se) + bonus`, Se by the handicap rule.
pub fn handicap_game_change(own: f64, opponent: f64, score: f64, stones: i32) -> f64 {
    con(own) * (score - expected_with_handicap(own, opponent, stones)) + bonus(own)
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
    /// The start rating, and the rating of each declared Go grade.
    pub settings: EgdSettings,
}

impl PeriodSystem for Egd {
    type State = EgdState;

    /// A player starts at the rating of their declared grade, else at the configured start.
    /// A start's rating and games, else the declared grade's rating, else
    /// the settings' new player's.
    fn initial(&self, _index: usize, player: &Player, start: Option<&Start>) -> EgdState {
        let rating = player.grade.map_or(self.settings.initial_rating, |g| {
            self.settings.grades.rating_for_grade(g)
        });
        EgdState {
            rating: start.map_or(rating, |s| s.rating).min(HIGHEST),
            games: start.and_then(|s| s.games).unwrap_or(0),
        }
    }

    fn expected(&self, own: &EgdState, opponent: &EgdState) -> f64 {
        expected(own.rating, opponent.rating)
    }

    fn expected_with_handicap(&self, own: &EgdState, opponent: &EgdState, stones: i32) -> f64 {
        expected_with_handicap(own.rating, opponent.rating, stones)
    }

    fn update(&self, own: &EgdState, games: &[PeriodGame<EgdState>], _: &Tournament) -> EgdState {
        let change: f64 = games
            .iter()
            .map(|g| {
                handicap_game_change(own.rating, g.opponent.rating, g.score, g.stones_received)
            })
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
