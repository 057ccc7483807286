//! Whole-History Rating (Rémi Coulom, "Whole-History Rating: A Bayesian
//! Rating System for Players of Time-Varying Strength", Computers and Games
//! 2008), the system of the Renju International Federation since 2021.
//!
//! The model, in the paper's natural units (`r = Elo × ln 10 / 400`):
//!
//! - every player has one rating per day they played (here: per tournament
//!   start day), a time series;
//! - a game between ratings `r₁` and `r₂` is won by the first player with
//!   probability `1 / (1 + e^(r₂ − r₁))` (Bradley–Terry); a score `s` (1, ½
//!   or 0) contributes `s ln P + (1 − s) ln(1 − P)`, so a draw counts as half
//!   a win and half a loss;
//! - between two days `t₁ < t₂` of a player, the change of rating is normal
//!   with variance `w² (t₂ − t₁)` (a Wiener process, `w²` given in Elo² per
//!   day);
//! - the anchor: on their first day every player also has `prior_games`
//!   imagined wins and as many imagined losses against an imagined player of
//!   rating 0 (the paper's prior, section 3.3; published ratings add
//!   `anchor`, so the imagined player is shown at `anchor`). This keeps the
//!   rating of a player who only ever won finite.
//! - a player who brings a start ([`Start`]) to the list has the same prior
//!   (the paper's virtual games on the first day, not a Gaussian) against an
//!   imagined player of the start's rating instead: the start's rating is
//!   where the player's history begins, and the games pull it from there.
//!   With the start's deviation `D`, the imagined games are as many as give
//!   that deviation on their own: `k = 2 / (D · ln 10 / 400)²` wins and as
//!   many losses (their curvature at the centre is `2k · ¼`); without,
//!   `prior_games`.
//!
//! The ratings are the maximum of the posterior over the whole history. The
//! solver runs the paper's algorithm (section 3.2): one player at a time, in
//! a fixed order, a Newton step on all of the player's days at once (the
//! Hessian is tridiagonal, solved by the Thomas algorithm), sweeping over the
//! players until no rating moves by more than a tolerance, or until a sweep
//! cap. The posterior is strictly concave, so each step is checked to raise
//! the player's posterior and halved until it does: a sweep can never make
//! the solution worse, and a step can never run away.
//!
//! Each rating's uncertainty is the paper's (section 3.4): the square root of
//! the diagonal of the inverse of minus the Hessian of the player's own
//! ratings, the opponents held fixed.
//!
//! [`replay`] is the paper's incremental algorithm (section 3.5), for
//! `evaluate`: days are added in order, each day's games predicted from the
//! ratings solved before that day, then a few Newton sweeps over the players
//! of the day, warm-started from their previous ratings, and one sweep over
//! every player each 5000 games. A prediction counts
//! the uncertainty of both players' strengths on the day (their last
//! rating's, grown by the drift since), as Glicko-2's expected score does.

use crate::input::{Dataset, Player, Start, Tournament};
use crate::periodic::{rate_with, PeriodGame, PeriodSystem};
use crate::ratings::Ratings;
use crate::settings::WhrSettings;

/// Natural units per Elo point: `ln 10 / 400`.
pub const NAT_PER_ELO: f64 = std::f64::consts::LN_10 / 400.0;

/// The largest change of one rating in one Newton step, in natural units
/// (about 870 Elo); a larger step is shortened to it.
const MAX_STEP: f64 = 5.0;

/// How often a step that does not raise the posterior is halved before the
/// player is left as they were for this sweep.
const MAX_HALVINGS: u32 = 40;

/// The model's parameters, in Elo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// w²: variance of the change of strength per day, in Elo².
    pub w2: f64,
    /// Imagined wins (and as many losses) against rating 0 on a player's first day.
    pub prior_games: f64,
}

impl From<&WhrSettings> for Params {
    fn from(config: &WhrSettings) -> Self {
        Params {
            w2: config.w2,
            prior_games: config.prior_games,
        }
    }
}

/// When the solver stops.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Converged when no rating moved by more than this many Elo points in a sweep.
    pub tolerance: f64,
    /// At most this many sweeps over all players.
    pub max_sweeps: usize,
    /// At most this many sweeps over the players of a new day in [`replay`].
    pub incremental_sweeps: usize,
    /// In [`replay`], one sweep over every player each time this many games
    /// have been added (0: never), so that players who did not play lately
    /// also take in their opponents' later results.
    pub full_sweep_games: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            tolerance: 1e-4,
            max_sweeps: 2000,
            incremental_sweeps: 10,
            full_sweep_games: 5000,
        }
    }
}

/// One game for the solver.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Game {
    /// The first player's number (from 0).
    pub first: usize,
    /// The second player's number.
    pub second: usize,
    /// The day it was played (any day count, e.g. days since 1970).
    pub day: i64,
    /// The first player's score: 1, ½ or 0.
    pub score: f64,
}

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Convergence {
    /// Whether the last sweep moved no rating by more than the tolerance.
    pub converged: bool,
    /// Sweeps run.
    pub sweeps: usize,
    /// The largest change of a rating in the last sweep, in Elo.
    pub last_change: f64,
}

/// One game as one of its players sees it.
#[derive(Debug, Clone, Copy)]
struct GameRef {
    opponent: u32,
    opponent_day: u32,
    score: f64,
}

/// One day of one player.
#[derive(Debug, Clone)]
struct Day {
    day: i64,
    r: f64,
    games: Vec<GameRef>,
}

/// A rating on one day, in Elo relative to the imagined player (rating 0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// The day.
    pub day: i64,
    /// The rating, in Elo.
    pub rating: f64,
    /// One standard deviation of it, in Elo.
    pub deviation: f64,
}

/// Every player's time series of ratings.
#[derive(Debug, Clone)]
pub struct Whr {
    /// w² in natural units per day.
    w2: f64,
    prior: f64,
    options: Options,
    players: Vec<Vec<Day>>,
    /// Each player's first-day prior: the imagined opponent's rating (natural
    /// units) and the imagined wins, and as many losses, against them.
    priors: Vec<(f64, f64)>,
}

/// Scratch space for a Newton step, reused between players.
#[derive(Default)]
struct Scratch {
    gradient: Vec<f64>,
    diagonal: Vec<f64>,
    off: Vec<f64>,
    upper: Vec<f64>,
    step: Vec<f64>,
    trial: Vec<f64>,
}

/// `ln(1 + e^x)` without overflow.
fn softplus(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

/// `1 / (1 + e^−x)`.
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Whr {
    /// An empty history of `players` players.
    pub fn new(players: usize, params: Params, options: Options) -> Whr {
        // Out-of-range parameters are reported by `check`; the engine only
        // keeps them usable, so that it never divides by zero.
        let w2 = if params.w2.is_finite() {
            params.w2.clamp(1e-6, 1e9)
        } else {
            14.0
        };
        let prior = if params.prior_games.is_finite() {
            params.prior_games.clamp(1e-6, 1e6)
        } else {
            1.0
        };
        Whr {
            w2: w2 * NAT_PER_ELO * NAT_PER_ELO,
            prior,
            options,
            players: vec![Vec::new(); players],
            priors: vec![(0.0, prior); players],
        }
    }

    /// Centres a player's first-day prior on `rating` (Elo, relative to the
    /// imagined player of rating 0): the imagined wins and losses are against
    /// an imagined opponent of that rating. With a `deviation` (Elo), their
    /// number is the one whose curvature gives that deviation alone,
    /// `k = 2 / (deviation in natural units)²`; without, the parameters'
    /// `prior_games`. A player out of range, or a value that is not finite, is
    /// left as it was. The player's ratings start from `rating`.
    pub fn set_prior(&mut self, player: usize, rating: f64, deviation: Option<f64>) {
        if player >= self.priors.len() || !rating.is_finite() {
            return;
        }
        let centre = rating * NAT_PER_ELO;
        let games = match deviation {
            Some(d) if d.is_finite() && d > 0.0 => {
                (2.0 / (d * NAT_PER_ELO).powi(2)).clamp(1e-6, 1e6)
            }
            _ => self.prior,
        };
        self.priors[player] = (centre, games);
        for day in &mut self.players[player] {
            day.r = centre;
        }
    }

    /// A history of `players` players with all of `games` at once (players
    /// out of range and games of a player against themselves are left out).
    pub fn with_games(players: usize, games: &[Game], params: Params, options: Options) -> Whr {
        let mut whr = Whr::new(players, params, options);
        let games: Vec<&Game> = games.iter().filter(|g| whr.accepts(g)).collect();
        let mut days: Vec<Vec<i64>> = vec![Vec::new(); players];
        for g in &games {
            days[g.first].push(g.day);
            days[g.second].push(g.day);
        }
        for (series, mut own) in whr.players.iter_mut().zip(days) {
            own.sort_unstable();
            own.dedup();
            *series = own
                .into_iter()
                .map(|day| Day {
                    day,
                    r: 0.0,
                    games: Vec::new(),
                })
                .collect();
        }
        for g in games {
            whr.link(g);
        }
        whr
    }

    fn accepts(&self, g: &Game) -> bool {
        g.first != g.second
            && g.first < self.players.len()
            && g.second < self.players.len()
            && g.first <= u32::MAX as usize
            && g.second <= u32::MAX as usize
            && g.score.is_finite()
    }

    fn day_index(&self, player: usize, day: i64) -> Option<usize> {
        self.players[player]
            .binary_search_by(|d| d.day.cmp(&day))
            .ok()
    }

    /// Records a game on both players' days (which must exist).
    fn link(&mut self, g: &Game) {
        let (Some(a), Some(b)) = (
            self.day_index(g.first, g.day),
            self.day_index(g.second, g.day),
        ) else {
            return;
        };
        let score = g.score.clamp(0.0, 1.0);
        self.players[g.first][a].games.push(GameRef {
            opponent: g.second as u32,
            opponent_day: b as u32,
            score,
        });
        self.players[g.second][b].games.push(GameRef {
            opponent: g.first as u32,
            opponent_day: a as u32,
            score: 1.0 - score,
        });
    }

    /// Solves the whole history: sweeps over the players, in order, until no
    /// rating moves by more than the tolerance or the sweep cap is reached.
    pub fn solve(&mut self) -> Convergence {
        let everyone: Vec<usize> = (0..self.players.len()).collect();
        self.sweep_until(&everyone, self.options.max_sweeps)
    }

    fn sweep_until(&mut self, players: &[usize], cap: usize) -> Convergence {
        let mut scratch = Scratch::default();
        let mut last_change = 0.0;
        for sweep in 1..=cap {
            let mut change: f64 = 0.0;
            for &p in players {
                change = change.max(self.newton(p, &mut scratch));
            }
            last_change = change / NAT_PER_ELO;
            if last_change <= self.options.tolerance {
                return Convergence {
                    converged: true,
                    sweeps: sweep,
                    last_change,
                };
            }
        }
        Convergence {
            converged: false,
            sweeps: cap,
            last_change,
        }
    }

    fn opponent_rating(&self, g: &GameRef) -> f64 {
        self.players[g.opponent as usize][g.opponent_day as usize].r
    }

    /// The player's log posterior with their own ratings `r`, the opponents' fixed.
    fn objective(&self, player: usize, r: &[f64]) -> f64 {
        let days = &self.players[player];
        let mut total = 0.0;
        for (i, day) in days.iter().enumerate() {
            for g in &day.games {
                let x = r[i] - self.opponent_rating(g);
                total -= g.score * softplus(-x) + (1.0 - g.score) * softplus(x);
            }
            if i > 0 {
                let variance = self.w2 * day.day.abs_diff(days[i - 1].day) as f64;
                total -= (r[i] - r[i - 1]).powi(2) / (2.0 * variance);
            }
        }
        if let Some(&first) = r.first() {
            let (centre, games) = self.priors[player];
            let x = first - centre;
            total -= games * (softplus(-x) + softplus(x));
        }
        total
    }

    /// Fills the gradient and minus the Hessian (diagonal and off-diagonal) of
    /// a player's log posterior at their current ratings.
    fn derivatives(&self, player: usize, s: &mut Scratch) {
        let days = &self.players[player];
        let n = days.len();
        s.gradient.clear();
        s.diagonal.clear();
        s.off.clear();
        for (i, day) in days.iter().enumerate() {
            let (mut g, mut a) = (0.0, 0.0);
            for game in &day.games {
                let p = logistic(day.r - self.opponent_rating(game));
                g += game.score - p;
                a += p * (1.0 - p);
            }
            if i == 0 {
                let (centre, games) = self.priors[player];
                let p = logistic(day.r - centre);
                g += games * (1.0 - 2.0 * p);
                a += 2.0 * games * p * (1.0 - p);
            }
            s.gradient.push(g);
            s.diagonal.push(a);
        }
        for i in 1..n {
            let precision = 1.0 / (self.w2 * days[i].day.abs_diff(days[i - 1].day) as f64);
            let difference = days[i].r - days[i - 1].r;
            s.gradient[i - 1] += precision * difference;
            s.gradient[i] -= precision * difference;
            s.diagonal[i - 1] += precision;
            s.diagonal[i] += precision;
            s.off.push(-precision);
        }
    }

    /// One Newton step on all of a player's days; returns the largest change
    /// of one of their ratings, in natural units.
    fn newton(&mut self, player: usize, s: &mut Scratch) -> f64 {
        let n = self.players[player].len();
        if n == 0 {
            return 0.0;
        }
        self.derivatives(player, s);
        // Thomas algorithm on (−H) x = g: the step that maximizes the local
        // quadratic model.
        s.upper.clear();
        s.step.clear();
        let mut previous_upper = 0.0;
        let mut previous_step = 0.0;
        for i in 0..n {
            let below = if i > 0 { s.off[i - 1] } else { 0.0 };
            let pivot = s.diagonal[i] - below * previous_upper;
            // A pivot is positive in exact arithmetic (−H is positive
            // definite); a tiny or NaN one is replaced, and the step checked below.
            // (`max` also turns NaN into the floor.)
            let pivot = pivot.max(1e-12);
            let upper = if i + 1 < n { s.off[i] / pivot } else { 0.0 };
            let value = (s.gradient[i] - below * previous_step) / pivot;
            s.upper.push(upper);
            s.step.push(value);
            previous_upper = upper;
            previous_step = value;
        }
        for i in (0..n.saturating_sub(1)).rev() {
            let next = s.step[i + 1];
            s.step[i] -= s.upper[i] * next;
        }
        let longest = s.step.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        if !longest.is_finite() || longest == 0.0 {
            return 0.0;
        }
        let mut scale = (MAX_STEP / longest).min(1.0);
        let current: Vec<f64> = self.players[player].iter().map(|d| d.r).collect();
        let before = self.objective(player, &current);
        for _ in 0..=MAX_HALVINGS {
            s.trial.clear();
            s.trial
                .extend(current.iter().zip(&s.step).map(|(r, x)| r + scale * x));
            let after = self.objective(player, &s.trial);
            if after.is_finite() && after >= before - 1e-12 * (1.0 + before.abs()) {
                for (day, r) in self.players[player].iter_mut().zip(&s.trial) {
                    day.r = *r;
                }
                return scale * longest;
            }
            scale *= 0.5;
        }
        0.0
    }

    /// A player's ratings and their uncertainties, one point per day.
    pub fn series(&self, player: usize) -> Vec<Point> {
        let Some(days) = self.players.get(player) else {
            return Vec::new();
        };
        let mut s = Scratch::default();
        self.derivatives(player, &mut s);
        let variances = inverse_diagonal(&s.diagonal, &s.off);
        days.iter()
            .zip(variances)
            .map(|(d, variance)| Point {
                day: d.day,
                rating: d.r / NAT_PER_ELO,
                deviation: variance.max(0.0).sqrt() / NAT_PER_ELO,
            })
            .collect()
    }

    /// What is known of a player's strength on `day` (after their last day):
    /// their last rating and its variance grown by the drift since, in
    /// natural units. Before their first game: the prior's centre, with the
    /// variance of the first-day prior alone (`1 / (2k · ¼)`).
    fn belief(&self, player: usize, day: i64, s: &mut Scratch) -> (f64, f64) {
        let Some(last) = self.players[player].last() else {
            let (centre, games) = self.priors[player];
            return (centre, 2.0 / games);
        };
        self.derivatives(player, s);
        // The last diagonal entry of (−H)⁻¹ is 1 / the last pivot of the
        // elimination from the top.
        let mut pivot = s.diagonal[0];
        for i in 1..s.diagonal.len() {
            pivot = s.diagonal[i] - s.off[i - 1] * s.off[i - 1] / pivot.max(1e-300);
        }
        let drift = self.w2 * day.saturating_sub(last.day).max(0) as f64;
        (last.r, 1.0 / pivot.max(1e-300) + drift)
    }

    /// Adds one day's games (a day later than every day so far) and sweeps
    /// over the day's players; returns each game's prediction from what was
    /// known before the day was added.
    fn add_day(&mut self, games: &[Game], scratch: &mut Scratch) -> Vec<Prediction> {
        let mut players: Vec<usize> = games
            .iter()
            .filter(|g| self.accepts(g))
            .flat_map(|g| [g.first, g.second])
            .collect();
        players.sort_unstable();
        players.dedup();
        let day = games.first().map_or(0, |g| g.day);
        let beliefs: Vec<(f64, f64)> = players
            .iter()
            .map(|&p| self.belief(p, day, scratch))
            .collect();
        let known = |p: usize| {
            players
                .binary_search(&p)
                .map_or((0.0, 2.0 / self.prior), |i| beliefs[i])
        };
        let before = games
            .iter()
            .map(|g| {
                let (a, b) = (known(g.first), known(g.second));
                Prediction {
                    first: a.0 / NAT_PER_ELO,
                    second: b.0 / NAT_PER_ELO,
                    first_deviation: a.1.max(0.0).sqrt() / NAT_PER_ELO,
                    second_deviation: b.1.max(0.0).sqrt() / NAT_PER_ELO,
                }
            })
            .collect();
        let accepted: Vec<Game> = games.iter().filter(|g| self.accepts(g)).copied().collect();
        let mut touched: Vec<usize> = Vec::new();
        for g in &accepted {
            for p in [g.first, g.second] {
                let series = &mut self.players[p];
                if series.last().is_some_and(|d| d.day >= g.day) {
                    continue;
                }
                let r = series.last().map_or(self.priors[p].0, |d| d.r);
                series.push(Day {
                    day: g.day,
                    r,
                    games: Vec::new(),
                });
                touched.push(p);
            }
        }
        for g in &accepted {
            let ends_today = |p: usize| self.players[p].last().is_some_and(|d| d.day == g.day);
            if ends_today(g.first) && ends_today(g.second) {
                self.link(g);
            }
        }
        touched.sort_unstable();
        for _ in 0..self.options.incremental_sweeps {
            let mut change: f64 = 0.0;
            for &p in &touched {
                change = change.max(self.newton(p, scratch));
            }
            if change / NAT_PER_ELO <= self.options.tolerance {
                break;
            }
        }
        before
    }
}

/// The diagonal of the inverse of a symmetric tridiagonal matrix with
/// `diagonal` and `off` (positive definite): with the pivots `d` of the
/// elimination from the top and `e` from the bottom,
/// `(A⁻¹)ᵢᵢ = 1 / (dᵢ + eᵢ − aᵢ)`.
fn inverse_diagonal(diagonal: &[f64], off: &[f64]) -> Vec<f64> {
    let n = diagonal.len();
    let positive = |x: f64| if x > 1e-300 { x } else { 1e-300 };
    let mut down = vec![0.0; n];
    let mut up = vec![0.0; n];
    for i in 0..n {
        down[i] = if i == 0 {
            diagonal[0]
        } else {
            diagonal[i] - off[i - 1] * off[i - 1] / positive(down[i - 1])
        };
    }
    for i in (0..n).rev() {
        up[i] = if i + 1 == n {
            diagonal[i]
        } else {
            diagonal[i] - off[i] * off[i] / positive(up[i + 1])
        };
    }
    (0..n)
        .map(|i| 1.0 / positive(down[i] + up[i] - diagonal[i]))
        .collect()
}

/// One game's prediction in [`replay`]: what was known of both players
/// before its day.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prediction {
    /// The first player's rating on their last day before, in Elo relative
    /// to the imagined player (0 before their first game).
    pub first: f64,
    /// The second player's.
    pub second: f64,
    /// The uncertainty of the first player's strength on the day, in Elo:
    /// their last rating's, grown by the drift since.
    pub first_deviation: f64,
    /// The second player's.
    pub second_deviation: f64,
}

impl Prediction {
    /// The first player's expected score: the chance of a win averaged over
    /// the uncertainty of both strengths, `σ(d / √(1 + π v / 8))` with `d`
    /// the difference of the ratings and `v` the sum of the variances
    /// (natural units; MacKay's approximation of the logistic-normal mean).
    pub fn expected(&self) -> f64 {
        let difference = (self.first - self.second) * NAT_PER_ELO;
        let variance = (self.first_deviation.powi(2) + self.second_deviation.powi(2))
            * NAT_PER_ELO
            * NAT_PER_ELO;
        let shrink = (1.0 + std::f64::consts::PI * variance / 8.0).sqrt();
        let p = logistic(difference / shrink);
        if p.is_finite() {
            p
        } else {
            0.5
        }
    }
}

/// The incremental replay of `games` (in any order; taken day by day, in
/// order of day and then as given): for each game, both players' ratings
/// solved before its day; and the history as it stands after the last day.
pub fn replay(
    players: usize,
    games: &[Game],
    params: Params,
    options: Options,
) -> (Vec<Prediction>, Whr) {
    replay_with_priors(players, games, &[], params, options)
}

/// A player's first-day prior (see [`Whr::set_prior`]): the player, the
/// rating it is centred on (Elo, relative to the imagined player) and its
/// deviation, if given.
pub type Prior = (usize, f64, Option<f64>);

/// [`replay`] with some players' first-day priors centred elsewhere than 0.
pub fn replay_with_priors(
    players: usize,
    games: &[Game],
    priors: &[Prior],
    params: Params,
    options: Options,
) -> (Vec<Prediction>, Whr) {
    let mut whr = Whr::new(players, params, options);
    for &(player, rating, deviation) in priors {
        whr.set_prior(player, rating, deviation);
    }
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.sort_by_key(|&i| games[i].day);
    let unknown = Prediction {
        first: 0.0,
        second: 0.0,
        first_deviation: 0.0,
        second_deviation: 0.0,
    };
    let mut predictions = vec![unknown; games.len()];
    let mut scratch = Scratch::default();
    let mut start = 0;
    let mut since_full = 0usize;
    while start < order.len() {
        let day = games[order[start]].day;
        let end = start + order[start..].partition_point(|&i| games[i].day == day);
        let today: Vec<Game> = order[start..end].iter().map(|&i| games[i]).collect();
        for (&i, p) in order[start..end]
            .iter()
            .zip(whr.add_day(&today, &mut scratch))
        {
            predictions[i] = p;
        }
        start = end;
        since_full += today.len();
        if options.full_sweep_games > 0 && since_full >= options.full_sweep_games {
            since_full = 0;
            for p in 0..whr.players.len() {
                whr.newton(p, &mut scratch);
            }
        }
    }
    (predictions, whr)
}

/// A player as the published list sees them: their solved rating as of the
/// last tournament rated so far.
#[derive(Debug, Clone, PartialEq)]
pub struct WhrState {
    player: Option<usize>,
    point: Option<Point>,
    games: u32,
}

/// The list's course through [`rate_with`], reading each tournament's
/// ratings from every player's solved series (`None`: nothing solved yet).
struct Published<'a> {
    solved: Option<&'a [Vec<Point>]>,
    anchor: f64,
}

/// A player's point on `day`, if they have one.
fn point_on(series: &[Point], day: i64) -> Option<Point> {
    series
        .binary_search_by(|p| p.day.cmp(&day))
        .ok()
        .map(|i| series[i])
}

/// The day a tournament's games are rated on: its first day.
fn day_of(tournament: &Tournament) -> i64 {
    tournament.start.days_since_epoch()
}

impl PeriodSystem for Published<'_> {
    type State = WhrState;

    fn initial(&self, index: usize, _player: &Player, _start: Option<&Start>) -> WhrState {
        WhrState {
            player: Some(index),
            point: None,
            games: 0,
        }
    }

    fn expected(&self, own: &WhrState, opponent: &WhrState) -> f64 {
        let rating = |s: &WhrState| s.point.map_or(0.0, |p| p.rating);
        logistic((rating(own) - rating(opponent)) * NAT_PER_ELO)
    }

    fn update(
        &self,
        own: &WhrState,
        games: &[PeriodGame<WhrState>],
        tournament: &Tournament,
    ) -> WhrState {
        let day = day_of(tournament);
        let point = match (self.solved, own.player) {
            (Some(series), Some(p)) => series.get(p).and_then(|s| point_on(s, day)),
            _ => None,
        };
        WhrState {
            player: own.player,
            point: point.or(own.point),
            games: own.games + games.len() as u32,
        }
    }

    fn published(&self, state: &WhrState) -> Option<i32> {
        state.point.map(|p| publish(self.anchor, p.rating))
    }

    fn working_rating(&self, state: &WhrState) -> i32 {
        publish(self.anchor, state.point.map_or(0.0, |p| p.rating))
    }

    fn deviation(&self, state: &WhrState) -> Option<f64> {
        state.point.map(|p| p.deviation)
    }

    fn games(&self, state: &WhrState) -> u32 {
        state.games
    }
}

/// A rating as lists show it: the anchor plus the solved rating, rounded.
fn publish(anchor: f64, rating: f64) -> i32 {
    let shown = (anchor + rating).round();
    if shown.is_finite() {
        shown.clamp(-1e6, 1e6) as i32
    } else {
        anchor.round() as i32
    }
}

/// A counted game of a list and where its two records are.
struct Located {
    game: Game,
    /// (tournament, record, game) of the first player's side.
    first: (usize, usize, usize),
    /// The same of the second player's side.
    second: Option<(usize, usize, usize)>,
}

/// Every counted game of `ratings`, once, from the side of the player with
/// the lower start number.
fn counted_games(dataset: &Dataset, ratings: &Ratings) -> Vec<Located> {
    let mut out = Vec::new();
    for (t, records) in ratings.by_tournament.iter().enumerate() {
        let day = day_of(&dataset.tournaments[t]);
        let mut rows: Vec<(usize, usize)> = records
            .iter()
            .enumerate()
            .map(|(i, r)| (r.player, i))
            .collect();
        rows.sort_unstable();
        for (i, record) in records.iter().enumerate() {
            for (k, game) in record.games.iter().enumerate() {
                if !game.counted() {
                    continue;
                }
                let Ok(at) = rows.binary_search_by(|&(p, _)| p.cmp(&game.opponent)) else {
                    continue;
                };
                let j = rows[at].1;
                if records[j].start_no <= record.start_no {
                    continue;
                }
                let mirror = records[j]
                    .games
                    .iter()
                    .position(|g| g.round == game.round && g.opponent == record.player);
                out.push(Located {
                    game: Game {
                        first: record.player,
                        second: game.opponent,
                        day,
                        score: f64::from(game.half_points) / 2.0,
                    },
                    first: (t, i, k),
                    second: mirror.map(|m| (t, j, m)),
                });
            }
        }
    }
    out
}

/// Sets a counted game's prediction and the opponent's rating on both sides.
fn set_expected(ratings: &mut Ratings, located: &Located, p: f64, ratings_shown: (i32, i32)) {
    let (t, i, k) = located.first;
    let game = &mut ratings.by_tournament[t][i].games[k];
    game.expected = Some(p).into();
    game.opponent_rating = Some(ratings_shown.1);
    if let Some((t, j, m)) = located.second {
        let game = &mut ratings.by_tournament[t][j].games[m];
        game.expected = Some(1.0 - p).into();
        game.opponent_rating = Some(ratings_shown.0);
    }
}

/// The first-day priors of the players who bring a start to `pool`: centred
/// on the start's rating (less the anchor, the published rating of the
/// imagined player), with its deviation if given.
fn start_priors(dataset: &Dataset, pool: Option<&str>, config: &WhrSettings) -> Vec<Prior> {
    dataset
        .players
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let start = p.start(pool)?;
            Some((i, start.rating - config.anchor, start.deviation))
        })
        .collect()
}

/// The list `pool` rated by Whole-History Rating: every rating solved from
/// the whole history, each tournament's rating the player's rating on its
/// first day, with its uncertainty; each game's expected score from both
/// players' ratings of that day.
pub fn rate(dataset: &Dataset, pool: Option<&str>, config: &WhrSettings) -> Ratings {
    rate_with_options(dataset, pool, config, Options::default()).0
}

/// [`rate`] with the solver's options, and how the solve ended.
pub fn rate_with_options(
    dataset: &Dataset,
    pool: Option<&str>,
    config: &WhrSettings,
    options: Options,
) -> (Ratings, Convergence) {
    let mut system = Published {
        solved: None,
        anchor: config.anchor,
    };
    let games = counted_games(dataset, &rate_with(&system, dataset, pool));
    let plain: Vec<Game> = games.iter().map(|g| g.game).collect();
    let mut whr = Whr::with_games(dataset.players.len(), &plain, config.into(), options);
    for (player, rating, deviation) in start_priors(dataset, pool, config) {
        whr.set_prior(player, rating, deviation);
    }
    let convergence = whr.solve();
    let series: Vec<Vec<Point>> = (0..dataset.players.len()).map(|p| whr.series(p)).collect();
    system.solved = Some(&series);
    let mut ratings = rate_with(&system, dataset, pool);
    let on = |player: usize, day: i64| point_on(&series[player], day).map_or(0.0, |pt| pt.rating);
    for located in &games {
        let g = located.game;
        let (a, b) = (on(g.first, g.day), on(g.second, g.day));
        let shown = (publish(config.anchor, a), publish(config.anchor, b));
        set_expected(
            &mut ratings,
            located,
            logistic((a - b) * NAT_PER_ELO),
            shown,
        );
    }
    (ratings, convergence)
}

/// The list `pool` replayed by the incremental algorithm for `evaluate`:
/// each counted game's expected score is the prediction from the ratings
/// solved before its day (see [`replay`]).
pub fn replay_ratings(dataset: &Dataset, pool: Option<&str>, config: &WhrSettings) -> Ratings {
    let system = Published {
        solved: None,
        anchor: config.anchor,
    };
    let mut ratings = rate_with(&system, dataset, pool);
    let games = counted_games(dataset, &ratings);
    let plain: Vec<Game> = games.iter().map(|g| g.game).collect();
    let (predictions, _) = replay_with_priors(
        dataset.players.len(),
        &plain,
        &start_priors(dataset, pool, config),
        config.into(),
        Options::default(),
    );
    for (located, p) in games.iter().zip(predictions) {
        let shown = (
            publish(config.anchor, p.first),
            publish(config.anchor, p.second),
        );
        set_expected(&mut ratings, located, p.expected(), shown);
    }
    ratings
}
