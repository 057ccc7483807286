//! Evidence for choosing a system (see [`rating_systems::evaluate`]): the
//! candidates as `ratingbook.toml` names them, replayed over the loaded
//! dataset.

pub use rating_systems::evaluate::{calibration_table, score, table};
pub use rating_systems::evaluate::{CalibrationBin, Prediction, Score};

use super::{convert, Ratings};
use crate::config::{Config, ExpectedScore, Glicko2Period, PoolConfig, SystemKind};
use crate::model::Dataset;
use rating_systems::evaluate as engine;

/// One system with its parameters, to be replayed.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// How the table names it, e.g. `glicko2 τ=0.5`.
    pub label: String,
    /// The system and its parameters.
    pub pool: PoolConfig,
}

/// The candidates `evaluate` replays by default: the list's own system, the
/// association's system with K 16, 32 and 48 and with the logistic curve,
/// FIDE, EGD, Glicko-2 with τ 0.3, 0.5 and 1.2, and Whole-History Rating
/// with w² 1, 3, 14 and 60 Elo² a day.
pub fn default_candidates(own: &PoolConfig) -> Vec<Candidate> {
    let mut out = vec![Candidate {
        label: format!("configured: {}", label_of(own)),
        pool: own.clone(),
    }];
    for k in [16, 32, 48] {
        let mut pool = PoolConfig::default();
        pool.rating.base_k = k;
        pool.rating.high_k = pool.rating.high_k.min(k);
        out.push(candidate(pool));
    }
    let mut logistic = PoolConfig::default();
    logistic.rating.expected = ExpectedScore::Logistic;
    out.push(candidate(logistic));
    for system in [SystemKind::Fide, SystemKind::Egd] {
        out.push(candidate(PoolConfig {
            system,
            ..PoolConfig::default()
        }));
    }
    for tau in [0.3, 0.5, 1.2] {
        let mut pool = PoolConfig {
            system: SystemKind::Glicko2,
            ..PoolConfig::default()
        };
        pool.glicko2.tau = tau;
        out.push(candidate(pool.clone()));
        pool.glicko2.period = Glicko2Period::Month;
        out.push(candidate(pool));
    }
    for w2 in WHR_W2_GRID {
        let mut pool = PoolConfig {
            system: SystemKind::Whr,
            ..PoolConfig::default()
        };
        pool.whr.w2 = w2;
        out.push(candidate(pool));
    }
    out
}

/// The values of w² (Elo² a day) `evaluate` tries for Whole-History Rating.
pub const WHR_W2_GRID: [f64; 4] = [1.0, 3.0, 14.0, 60.0];

fn candidate(pool: PoolConfig) -> Candidate {
    Candidate {
        label: label_of(&pool),
        pool,
    }
}

/// A short name for a system and its main parameter.
pub fn label_of(pool: &PoolConfig) -> String {
    match pool.system {
        SystemKind::Association => {
            let curve = match pool.rating.expected {
                ExpectedScore::Table => "table",
                ExpectedScore::Logistic => "logistic",
            };
            format!("association K={} {curve}", pool.rating.base_k)
        }
        SystemKind::Glicko2 => match pool.glicko2.period {
            Glicko2Period::Tournament => format!("glicko2 τ={}", pool.glicko2.tau),
            Glicko2Period::Month => format!("glicko2 τ={} monthly", pool.glicko2.tau),
        },
        SystemKind::Fide => "fide".into(),
        SystemKind::Egd => "egd".into(),
        SystemKind::Whr => format!("whr w²={}", pool.whr.w2),
    }
}

/// Replays the list `pool` (`None`: the association's list) under every
/// candidate and scores its predictions, best log loss first.
pub fn evaluate(
    dataset: &Dataset,
    config: &Config,
    pool: Option<&str>,
    candidates: &[Candidate],
) -> Vec<Score> {
    let candidates: Vec<engine::Candidate> = candidates
        .iter()
        .map(|c| engine::Candidate {
            label: c.label.clone(),
            system: convert::system(config, &c.pool),
            fallback: convert::expected(c.pool.rating.expected),
        })
        .collect();
    engine::evaluate(&convert::dataset(dataset), pool, &candidates)
}

/// Every scored game's prediction (see [`rating_systems::evaluate::predictions`]);
/// where the system gives none, the association's expected score by
/// `pool`'s `[rating]` method.
pub fn predictions(dataset: &Dataset, ratings: &Ratings, pool: &PoolConfig) -> Vec<Prediction> {
    engine::predictions(
        &convert::dataset(dataset),
        ratings,
        convert::expected(pool.rating.expected),
    )
}
