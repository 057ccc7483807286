//! Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2013): each
//! tournament is one rating period for its players; a month without games
//! widens a player's deviation by one idle period (the paper's step 6).
//!
//! The period update itself is the `skillratings` crate's, checked against
//! the paper's worked example in `tests/systems.rs`.

use crate::input::{Player, Tournament};
use crate::periodic::{PeriodGame, PeriodSystem};
use crate::settings::Glicko2Settings;
use skillratings::glicko2::glicko2_rating_period;
/// A rating, its deviation and volatility (the `skillratings` crate's type).
pub use skillratings::glicko2::Glicko2Rating;
use skillratings::Outcomes;

/// The Glicko-2 scale factor between ratings and the internal scale (the paper's 173.7178).
const SCALE: f64 = 173.7178;

/// A player's Glicko-2 state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko2State {
    /// Rating, deviation and volatility on the published scale.
    pub rating: Glicko2Rating,
    /// Games rated so far.
    pub games: u32,
    /// The month (year × 12 + month) of the last rated tournament.
    pub last_month: Option<i32>,
}

/// Glicko-2 with the given parameters.
#[derive(Debug, Clone, Copy)]
pub struct Glicko2 {
    /// τ and the new players' values.
    pub settings: Glicko2Settings,
}

/// One rating period of Glickman's algorithm: `results` are (opponent, score).
pub fn rating_period(
    player: Glicko2Rating,
    results: &[(Glicko2Rating, f64)],
    tau: f64,
) -> Glicko2Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|&(opponent, score)| (opponent, outcome(score)))
        .collect();
    let config = skillratings::glicko2::Glicko2Config {
        tau,
        ..Default::default()
    };
    glicko2_rating_period(&player, &results, &config)
}

/// The probability that `own` beats `opponent`, both deviations counted:
/// `1 / (1 + exp(−g(√(φ₁² + φ₂²)) (μ₁ − μ₂)))`.
pub fn expected(own: Glicko2Rating, opponent: Glicko2Rating) -> f64 {
    let phi = own.deviation.hypot(opponent.deviation) / SCALE;
    let g = 1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI.powi(2))).sqrt();
    let mu = (own.rating - opponent.rating) / SCALE;
    1.0 / (1.0 + (-g * mu).exp())
}

fn outcome(score: f64) -> Outcomes {
    if score > 0.75 {
        Outcomes::WIN
    } else if score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

fn month(tournament: &Tournament) -> i32 {
    tournament.end.year * 12 + tournament.end.month as i32
}

/// The deviation after `periods` idle periods: `φ² + periods × σ²`, at most the initial deviation.
fn idle(rating: Glicko2Rating, periods: i32, ceiling: f64) -> Glicko2Rating {
    let phi = rating.deviation / SCALE;
    let widened = (phi * phi + f64::from(periods.max(0)) * rating.volatility.powi(2)).sqrt();
    Glicko2Rating {
        deviation: (widened * SCALE).min(ceiling),
        ..rating
    }
}

impl PeriodSystem for Glicko2 {
    type State = Glicko2State;

    fn initial(&self, _index: usize, _player: &Player) -> Glicko2State {
        Glicko2State {
            rating: Glicko2Rating {
                rating: self.settings.initial_rating,
                deviation: self.settings.initial_deviation,
                volatility: self.settings.initial_volatility,
            },
            games: 0,
            last_month: None,
        }
    }

    fn expected(&self, own: &Glicko2State, opponent: &Glicko2State) -> f64 {
        expected(own.rating, opponent.rating)
    }

    fn update(
        &self,
        own: &Glicko2State,
        games: &[PeriodGame<Glicko2State>],
        tournament: &Tournament,
    ) -> Glicko2State {
        let now = month(tournament);
        let idle_periods = own.last_month.map_or(0, |last| now - last - 1);
        let start = idle(own.rating, idle_periods, self.settings.initial_deviation);
        let results: Vec<(Glicko2Rating, f64)> =
            games.iter().map(|g| (g.opponent.rating, g.score)).collect();
        Glicko2State {
            rating: rating_period(start, &results, self.settings.tau),
            games: own.games + games.len() as u32,
            last_month: Some(now),
        }
    }

    fn published(&self, state: &Glicko2State) -> Option<i32> {
        (state.games > 0).then(|| state.rating.rating.round() as i32)
    }

    fn working_rating(&self, state: &Glicko2State) -> i32 {
        state.rating.rating.round() as i32
    }

    fn deviation(&self, state: &Glicko2State) -> Option<f64> {
        (state.games > 0).then_some(state.rating.deviation)
    }

    fn games(&self, state: &Glicko2State) -> u32 {
        state.games
    }
}
