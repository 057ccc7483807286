//! Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2013).
//!
//! A rating period is each tournament, or a calendar month (the settings'
//! [`Glicko2Period`]); time between periods counts in calendar months. Every
//! player who does not compete in a period has their deviation widened for
//! it, `φ* = √(φ² + σ²)` (the paper's step 6, the rule for players who do
//! not compete), opponents included: a player enters a period, as themself
//! and as everyone's opponent, with the deviation of its start. Lists show
//! each deviation as of the list's date, the last period of the list.
//!
//! A player may bring a start ([`Start`]): rating, deviation and
//! volatility (each defaulting to a new player's), and the date they held,
//! from which idle months widen the deviation.
//!
//! The period update itself is the `skillratings` crate's, checked against
//! the paper's worked example in `tests/systems.rs`.
//!
//! τ acts only through the volatility step (the paper's step 5), which moves
//! `ln σ²` by about τ² times a term of order `σ² (Δ² − φ² − v) / (φ² + v)²`.
//! With one or two games in a period `v`, the variance of the period's
//! results, is large, and σ moves in its fifth decimal whatever τ is: a
//! list whose players play a few games per tournament rates almost alike
//! under τ 0.3 and 1.2 (in `evaluate`, the scores differ in the fifth or
//! sixth decimal). τ matters when periods hold many games (`period =
//! "month"`, long events), where `v` is small.

use crate::input::{Dataset, Date, Player, Start, Tournament};
use crate::periodic::{phase, rate_tournament, PeriodGame, PeriodSystem};
use crate::ratings::{PlayerRating, Ratings, TournamentRating};
use crate::settings::{Glicko2Period, Glicko2Settings};
use skillratings::glicko2::glicko2_rating_period;
/// A rating, its deviation and volatility (the `skillratings` crate's type).
pub use skillratings::glicko2::Glicko2Rating;
use skillratings::Outcomes;
use std::collections::BTreeMap;

/// The Glicko-2 scale factor between ratings and the internal scale (the paper's 173.7178).
const SCALE: f64 = 173.7178;

/// A player's Glicko-2 state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko2State {
    /// Rating, deviation and volatility on the published scale.
    pub rating: Glicko2Rating,
    /// Games rated so far.
    pub games: u32,
    /// The last month (year × 12 + month) the deviation is current for:
    /// the last period the player competed in, or the last one they were
    /// widened through; `None` for a new player, who is not widened before
    /// their first period.
    pub as_of: Option<i32>,
    /// Whether the player brought a start, and so has a rating before any game.
    pub brought: bool,
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
    month_of(tournament.end)
}

fn month_of(date: Date) -> i32 {
    date.year * 12 + date.month as i32
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

impl Glicko2 {
    /// `state` widened for every period it sat out before period `now` (a
    /// month number): the state the player enters period `now` with.
    pub fn entering(&self, state: &Glicko2State, now: i32) -> Glicko2State {
        match state.as_of {
            Some(as_of) if as_of < now - 1 => Glicko2State {
                rating: idle(
                    state.rating,
                    now - 1 - as_of,
                    self.settings.initial_deviation,
                ),
                as_of: Some(now - 1),
                ..*state
            },
            _ => *state,
        }
    }
}

impl PeriodSystem for Glicko2 {
    type State = Glicko2State;

    fn initial(&self, _index: usize, _player: &Player, start: Option<&Start>) -> Glicko2State {
        let settings = &self.settings;
        Glicko2State {
            rating: Glicko2Rating {
                rating: start.map_or(settings.initial_rating, |s| s.rating),
                deviation: start
                    .and_then(|s| s.deviation)
                    .unwrap_or(settings.initial_deviation),
                volatility: start
                    .and_then(|s| s.volatility)
                    .unwrap_or(settings.initial_volatility),
            },
            games: start.and_then(|s| s.games).unwrap_or(0),
            as_of: start.and_then(|s| s.as_of).map(month_of),
            brought: start.is_some(),
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
        let start = self.entering(own, now);
        let results: Vec<(Glicko2Rating, f64)> = games
            .iter()
            .map(|g| (self.entering(&g.opponent, now).rating, g.score))
            .collect();
        Glicko2State {
            rating: rating_period(start.rating, &results, self.settings.tau),
            games: own.games + games.len() as u32,
            as_of: Some(now),
            brought: own.brought,
        }
    }

    fn published(&self, state: &Glicko2State) -> Option<i32> {
        (state.games > 0 || state.brought).then(|| state.rating.rating.round() as i32)
    }

    fn working_rating(&self, state: &Glicko2State) -> i32 {
        state.rating.rating.round() as i32
    }

    fn deviation(&self, state: &Glicko2State) -> Option<f64> {
        (state.games > 0 || state.brought).then_some(state.rating.deviation)
    }

    fn games(&self, state: &Glicko2State) -> u32 {
        state.games
    }
}

/// Rates the tournaments of `pool` (`None`: the association's list) period by
/// period: each period's players enter it widened for the periods they sat
/// out, every game of the period is rated from those states, and each
/// player's state is updated once for the period.
pub fn rate_by_periods(glicko: &Glicko2, dataset: &Dataset, pool: Option<&str>) -> Ratings {
    let (states, by_tournament, rated) = rate_states(glicko, dataset, pool);
    let list_month = dataset
        .tournaments
        .iter()
        .filter(|t| t.pool.as_deref() == pool)
        .map(month)
        .max();
    let players = dataset
        .players
        .iter()
        .zip(&states)
        .enumerate()
        .map(|(i, (player, state))| {
            // The deviation as of the list: every period up to its last one counted.
            let on_list = list_month.map_or(*state, |m| glicko.entering(state, m + 1));
            PlayerRating {
                phase: phase(glicko, player, state),
                rating: glicko.published(state),
                provisional_games: glicko.games(state),
                rated_games: rated[i].0,
                last_rated_tournament: rated[i].1,
                deviation: glicko.deviation(&on_list),
            }
        })
        .collect();
    Ratings::assemble(dataset, pool, by_tournament, players)
}

/// Each player's rated games and last rated tournament.
type Rated = Vec<(u32, Option<usize>)>;

/// Every player's state after the last period of `pool`, unrounded, with
/// the tournaments' records and each player's rated games.
pub fn rate_states(
    glicko: &Glicko2,
    dataset: &Dataset,
    pool: Option<&str>,
) -> (Vec<Glicko2State>, Vec<Vec<TournamentRating>>, Rated) {
    let mut states: Vec<Glicko2State> = dataset
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| glicko.initial(i, p, p.start(pool)))
        .collect();
    let mut rated: Rated = vec![(0, None); dataset.players.len()];
    let mut by_tournament: Vec<Vec<TournamentRating>> = vec![Vec::new(); dataset.tournaments.len()];
    let mut order: Vec<(i32, usize)> = dataset
        .tournaments
        .iter()
        .enumerate()
        .filter(|(_, t)| t.pool.as_deref() == pool)
        .map(|(i, t)| match glicko.settings.period {
            Glicko2Period::Tournament => (i as i32, i),
            Glicko2Period::Month => (month(t), i),
        })
        .collect();
    order.sort_unstable();
    for period in order.chunk_by(|a, b| a.0 == b.0) {
        let now = period
            .iter()
            .map(|&(_, i)| month(&dataset.tournaments[i]))
            .max()
            .unwrap_or_default();
        for &(_, index) in period {
            for p in dataset.tournaments[index]
                .entries
                .iter()
                .filter_map(|e| e.player)
            {
                states[p] = glicko.entering(&states[p], now);
            }
        }
        let mut results: BTreeMap<usize, (Vec<(Glicko2Rating, f64)>, usize)> = BTreeMap::new();
        for &(_, index) in period {
            let t = &dataset.tournaments[index];
            let records = rate_tournament(glicko, dataset, t, index, &states);
            for record in &records {
                let games = record.games.iter().filter(|g| g.counted());
                let scored =
                    games.map(|g| (states[g.opponent].rating, f64::from(g.half_points) / 2.0));
                let (list, last) = results.entry(record.player).or_default();
                list.extend(scored);
                *last = index;
            }
            by_tournament[index] = records;
        }
        for (player, (games, last)) in results.into_iter().filter(|(_, r)| !r.0.is_empty()) {
            let own = &states[player];
            states[player] = Glicko2State {
                rating: rating_period(own.rating, &games, glicko.settings.tau),
                games: own.games + games.len() as u32,
                as_of: Some(now),
                brought: own.brought,
            };
            rated[player].0 += games.len() as u32;
            rated[player].1 = Some(rated[player].1.map_or(last, |l: usize| l.max(last)));
        }
        for &(_, index) in period {
            for record in &mut by_tournament[index] {
                let state = &states[record.player];
                record.rating_after = glicko.published(state);
                record.phase_after = phase(glicko, &dataset.players[record.player], state);
                record.provisional_games_after = glicko.games(state);
            }
        }
    }
    (states, by_tournament, rated)
}
