//! Rating lists of their own (`[pools.<name>]`): each rates only its own
//! tournaments, by its own system, so a game in one list never moves a rating
//! in another.

use super::egd::Egd;
use super::fide::{rate_by_lists, Fide};
use super::glicko2::Glicko2;
use super::periodic::rate_with;
use super::{rate_pool, Ratings};
use crate::config::{Config, PoolConfig, SystemKind};
use crate::model::Dataset;

/// One further list and what its system computed.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolRatings {
    /// The pool's name in `ratingbook.toml` and in tournament files.
    pub name: String,
    /// The list's name on pages.
    pub title: String,
    /// Its rating system.
    pub system: SystemKind,
    /// The ratings of its tournaments.
    pub ratings: Ratings,
}

/// Rates every configured pool (the association's own list is [`super::rate`]'s).
pub fn rate_pools(dataset: &Dataset, config: &Config) -> Vec<PoolRatings> {
    config
        .pools
        .iter()
        .map(|(name, pool)| PoolRatings {
            name: name.clone(),
            title: pool_title(name, pool),
            system: pool.system,
            ratings: rate_one_pool(dataset, config, Some(name), pool),
        })
        .collect()
}

/// The list's name on pages: its `title`, else its name.
pub fn pool_title(name: &str, pool: &PoolConfig) -> String {
    if pool.title.trim().is_empty() {
        name.to_string()
    } else {
        pool.title.trim().to_string()
    }
}

/// Rates one list's tournaments (`None`: the association's list) with a
/// system and its parameters.
pub fn rate_one_pool(
    dataset: &Dataset,
    config: &Config,
    name: Option<&str>,
    pool: &PoolConfig,
) -> Ratings {
    match pool.system {
        SystemKind::Association => rate_pool(dataset, &pool.rating, name),
        SystemKind::Glicko2 => rate_with(
            &Glicko2 {
                config: pool.glicko2,
            },
            dataset,
            name,
        ),
        SystemKind::Fide => rate_by_lists(
            &Fide {
                config: pool.fide,
                use_birth_years: config.site.publish_personal_data,
            },
            dataset,
            name,
        ),
        SystemKind::Egd => rate_with(
            &Egd {
                config: pool.egd,
                grades: config.grades.scale,
            },
            dataset,
            name,
        ),
        SystemKind::Whr => super::whr::rate(dataset, name, &pool.whr),
    }
}

/// Every list of a repository, each rated once: the association's list and
/// every configured pool. The pipeline computes it; pages, downloads and the
/// SQL dump only read it.
#[derive(Debug, Clone, PartialEq)]
pub struct AllRatings {
    /// The association's own list.
    pub association: Ratings,
    /// Each configured pool, in the configuration's order.
    pub pools: Vec<PoolRatings>,
}

/// Rates the association's list and every configured pool.
pub fn rate_all(dataset: &Dataset, config: &Config) -> AllRatings {
    AllRatings {
        association: super::rate(dataset, &config.rating),
        pools: rate_pools(dataset, config),
    }
}
