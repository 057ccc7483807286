//! Evidence for choosing a system: replay a list's history under each
//! candidate system and score every game's prediction made before it was
//! played (the ratings at the start of its tournament).
//!
//! Scores, over the played games of rated tournaments between two rated
//! players, each game once:
//!
//! - log loss `−(s ln p + (1 − s) ln(1 − p))` and Brier score `(p − s)²`,
//!   with `p` the first player's expected score and `s` their score (1, ½, 0);
//!   `p` is held within 1%–99%, so that a "certain" prediction that fails
//!   costs a large but finite amount;
//! - accuracy over decisive games: the favourite won (an even prediction
//!   counts half);
//! - a calibration table: predictions in tenths, from both players' sides,
//!   with the mean prediction and the mean score in each.
//!
//! Whole-History Rating is replayed by its incremental algorithm, each day's
//! games predicted from the ratings solved from the days before it (its
//! published ratings, solved over the whole history, know the game's result).
//!
//! A game the system makes no prediction for (the association's system has
//! none for a provisional member's game against a provisional member without
//! an international rating; FIDE has none between two unrated players) is
//! predicted at its working ratings; see [`predictions`].

use crate::expected::expected;
use crate::input::{Dataset, Membership};
use crate::ratings::{NotCounted, Phase, Ratings, TournamentRating};
use crate::settings::{ExpectedScore, System};
use serde::Serialize;

/// The lowest and highest probability scored.
const CLAMP: f64 = 0.01;

/// One system with its parameters, to be replayed.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// How the table names it, e.g. `glicko2 τ=0.5`.
    pub label: String,
    /// The system and its parameters.
    pub system: System,
    /// The expected score a game is predicted at when the system gives none
    /// (see [`predictions`]).
    pub fallback: ExpectedScore,
}

/// One prediction and what happened: `p` the expected score, `s` the score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prediction {
    /// Expected score of the first player.
    pub p: f64,
    /// Their score: 1, ½ or 0.
    pub s: f64,
}

/// One tenth of the calibration table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CalibrationBin {
    /// Lowest prediction in the bin (inclusive).
    pub from: f64,
    /// Highest prediction (exclusive, except for the last bin).
    pub to: f64,
    /// Predictions in it (both sides of each game).
    pub count: usize,
    /// Their mean.
    pub mean_predicted: f64,
    /// The mean score they came with.
    pub mean_score: f64,
}

/// How well a candidate predicted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Score {
    /// The candidate's label.
    pub label: String,
    /// Games scored.
    pub games: usize,
    /// Mean log loss (natural logarithm).
    pub log_loss: f64,
    /// Mean Brier score.
    pub brier: f64,
    /// Share of decisive games the favourite won.
    pub accuracy: f64,
    /// Calibration in tenths.
    pub calibration: Vec<CalibrationBin>,
    /// Seconds the replay and the scoring took.
    pub seconds: f64,
}

/// Replays the list `pool` (`None`: the association's list) under every
/// candidate and scores its predictions, best log loss first.
pub fn evaluate(dataset: &Dataset, pool: Option<&str>, candidates: &[Candidate]) -> Vec<Score> {
    let mut scores: Vec<Score> = candidates
        .iter()
        .map(|c| {
            let started = std::time::Instant::now();
            // Whole-History Rating revises the past: its published ratings
            // know later games, so its predictions come from the replay.
            let ratings = match &c.system {
                System::Whr(settings) => crate::whr::replay_ratings(dataset, pool, settings),
                system => crate::list::rate_list(dataset, system, pool),
            };
            let predictions = predictions(dataset, &ratings, c.fallback);
            let mut score = score(&c.label, &predictions);
            score.seconds = started.elapsed().as_secs_f64();
            score
        })
        .collect();
    scores.sort_by(|a, b| {
        a.log_loss
            .total_cmp(&b.log_loss)
            .then(a.label.cmp(&b.label))
    });
    scores
}

/// Every scored game's prediction, from the side of the player with the lower
/// start number. The prediction is the system's own expected score; where it
/// has none, the association's expected score by `fallback` at the working
/// ratings (an established rating, else an international rating, else a
/// preset start).
pub fn predictions(
    dataset: &Dataset,
    ratings: &Ratings,
    fallback: ExpectedScore,
) -> Vec<Prediction> {
    let mut out = Vec::new();
    for (t, records) in ratings.by_tournament.iter().enumerate() {
        if !dataset.tournaments[t].rated {
            continue;
        }
        let by_player: std::collections::HashMap<usize, &TournamentRating> =
            records.iter().map(|r| (r.player, r)).collect();
        for record in records {
            for game in &record.games {
                let Some(theirs) = by_player.get(&game.opponent) else {
                    continue;
                };
                let scored = game.not_counted != Some(NotCounted::NotPlayed)
                    && record.start_no < theirs.start_no
                    && both_rated(dataset, record.player, game.opponent);
                if !scored {
                    continue;
                }
                let p = game.expected.get().unwrap_or_else(|| {
                    expected(
                        fallback,
                        working_rating(dataset, record),
                        working_rating(dataset, theirs),
                    )
                });
                out.push(Prediction {
                    p,
                    s: f64::from(game.half_points) / 2.0,
                });
            }
        }
    }
    out
}

fn both_rated(dataset: &Dataset, a: usize, b: usize) -> bool {
    dataset.players[a].membership != Membership::Other
        && dataset.players[b].membership != Membership::Other
}

/// The rating a player is predicted at when the system gives none.
fn working_rating(dataset: &Dataset, record: &TournamentRating) -> i32 {
    let player = &dataset.players[record.player];
    match (record.phase_before, record.rating_before) {
        (Phase::Established, Some(r)) => r,
        _ => player
            .international_rating
            .map_or(player.preset.rating as i32, |r| r as i32),
    }
}

/// Scores a list of predictions (see the module's documentation).
pub fn score(label: &str, predictions: &[Prediction]) -> Score {
    let n = predictions.len().max(1) as f64;
    let mut log_loss = 0.0;
    let mut brier = 0.0;
    let (mut right, mut decisive) = (0.0, 0usize);
    for &Prediction { p, s } in predictions {
        let q = p.clamp(CLAMP, 1.0 - CLAMP);
        log_loss -= s * q.ln() + (1.0 - s) * (1.0 - q).ln();
        brier += (p - s).powi(2);
        if s != 0.5 {
            decisive += 1;
            right += if p == 0.5 {
                0.5
            } else if (p > 0.5) == (s > 0.5) {
                1.0
            } else {
                0.0
            };
        }
    }
    Score {
        label: label.to_string(),
        games: predictions.len(),
        log_loss: log_loss / n,
        brier: brier / n,
        accuracy: right / decisive.max(1) as f64,
        calibration: calibration(predictions),
        seconds: 0.0,
    }
}

/// Predictions in tenths, both sides of each game.
fn calibration(predictions: &[Prediction]) -> Vec<CalibrationBin> {
    let mut sums = [(0usize, 0.0f64, 0.0f64); 10];
    let both = predictions
        .iter()
        .flat_map(|x| [(x.p, x.s), (1.0 - x.p, 1.0 - x.s)]);
    for (p, s) in both {
        let bin = ((p * 10.0).floor() as usize).min(9);
        sums[bin].0 += 1;
        sums[bin].1 += p;
        sums[bin].2 += s;
    }
    sums.iter()
        .enumerate()
        .map(|(i, &(count, p, s))| CalibrationBin {
            from: i as f64 / 10.0,
            to: (i + 1) as f64 / 10.0,
            count,
            mean_predicted: if count > 0 { p / count as f64 } else { 0.0 },
            mean_score: if count > 0 { s / count as f64 } else { 0.0 },
        })
        .collect()
}

/// The scores as a plain-text table, one candidate a line. Log loss and
/// Brier score are shown to six decimals: candidates that differ only in
/// Glicko-2's τ differ in the fifth or sixth when players have few games per
/// rating period (see [`crate::glicko2`]).
pub fn table(scores: &[Score]) -> String {
    let width = scores
        .iter()
        .map(|s| s.label.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let mut out = format!(
        "{:<width$}  {:>7}  {:>9}  {:>8}  {:>8}  {:>7}\n",
        "system", "games", "log loss", "Brier", "accuracy", "seconds"
    );
    for s in scores {
        out.push_str(&format!(
            "{:<width$}  {:>7}  {:>9.6}  {:>8.6}  {:>7.1}%  {:>7.2}\n",
            s.label,
            s.games,
            s.log_loss,
            s.brier,
            s.accuracy * 100.0,
            s.seconds
        ));
    }
    out
}

/// The calibration table of one score as plain text.
pub fn calibration_table(score: &Score) -> String {
    let mut out = format!(
        "calibration of {}\nprediction   count  predicted  scored\n",
        score.label
    );
    for b in score.calibration.iter().filter(|b| b.count > 0) {
        out.push_str(&format!(
            "{:.1}–{:.1}  {:>8}  {:>9.3}  {:>6.3}\n",
            b.from, b.to, b.count, b.mean_predicted, b.mean_score
        ));
    }
    out
}
