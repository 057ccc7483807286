//! Rating lists of their own (`[pools.<name>]`): each rates only its own
//! tournaments, by its own system, so a game in one list never moves a rating
//! in another.

use super::{convert, Ratings};
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
    if config.pools.is_empty() {
        // Nothing to rate: the data is not converted for nothing.
        return Vec::new();
    }
    pools_of(&convert::dataset(dataset), config)
}

fn pools_of(data: &rating_systems::Dataset, config: &Config) -> Vec<PoolRatings> {
    config
        .pools
        .iter()
        .map(|(name, pool)| PoolRatings {
            name: name.clone(),
            title: pool_title(name, pool),
            system: pool.system,
            ratings: rating_systems::rate_list(data, &convert::system(config, pool), Some(name)),
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
    rating_systems::rate_list(
        &convert::dataset(dataset),
        &convert::system(config, pool),
        name,
    )
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
    let data = convert::dataset(dataset);
    AllRatings {
        association: rating_systems::association::rate(
            &data,
            &convert::association(&config.rating),
        ),
        pools: pools_of(&data, config),
    }
}
