//! The rating book's side of the rating systems: the engine
//! (`crates/rating-systems`) rates plain players and games; this module maps
//! the loaded dataset and `ratingbook.toml`'s sections into its types, and
//! the rest of the rating book reads the results through the names here.
//!
//! [`rate`] is a pure function: it takes the loaded dataset and the rating
//! parameters and returns, for every player in every tournament, what the
//! rules did. Tournaments are processed in chronological order; within a
//! tournament every player is rated from the ratings everyone had at its start.

mod convert;
pub mod evaluate;
pub mod fide;
pub mod pool;
pub mod whr;

pub use pool::{pool_title, rate_all, rate_pools, AllRatings, PoolRatings};
pub use rating_systems::{egd, expected, glicko2};
pub use rating_systems::{GameRating, KFactor, NotCounted, OptionalF64, Phase, PlayerRating};
pub use rating_systems::{Ratings, TournamentRating};

use crate::config::{RatingConfig, Rounding};
use crate::model::{Dataset, Tournament};
use rating_systems::association;

/// Rates every tournament of the association's list in order. `dataset` must
/// have passed `check`: every crosstable player exists and both sides of every
/// game agree.
pub fn rate(dataset: &Dataset, config: &RatingConfig) -> Ratings {
    rate_pool(dataset, config, None)
}

/// Rates the tournaments of one list (`None`: the association's list) by the
/// association's rules; tournaments of other lists get no records.
pub fn rate_pool(dataset: &Dataset, config: &RatingConfig, pool: Option<&str>) -> Ratings {
    association::rate_pool(
        &convert::dataset(dataset),
        &convert::association(config),
        pool,
    )
}

/// Rates the association's list of `dataset` as [`rate`] does, taking over
/// from `earlier` (the association's ratings of another version of the
/// data) the records of the first `unchanged` tournaments (see
/// [`association::rate_continuing`]). `ratingbook diff` rates a pull
/// request's base this way.
pub fn rate_continuing(
    dataset: &Dataset,
    config: &RatingConfig,
    earlier: Ratings,
    unchanged: usize,
) -> Ratings {
    let (players, tournaments) = (dataset.players.len(), dataset.tournaments.len());
    let data = match association::continued_from(&earlier, players, tournaments, unchanged) {
        Some(first) => convert::dataset_from(dataset, first),
        None => convert::dataset(dataset),
    };
    association::rate_continuing(&data, &convert::association(config), earlier, unchanged)
}

/// Rates the association's list of `dataset` as [`rate`] does, taking over
/// `by_tournament`, the records of its first tournaments as an earlier
/// rating of the same players, rules and first tournaments left them (see
/// [`association::rate_taking_over`]): only the tournaments after them are
/// rated, and only their crosstables are read. A build rates this way from
/// the ratings the previous one kept.
pub fn rate_taking_over(
    dataset: &Dataset,
    config: &RatingConfig,
    mut by_tournament: Vec<Vec<TournamentRating>>,
) -> Ratings {
    by_tournament.truncate(dataset.tournaments.len());
    let data = if association::records_fit(dataset.players.len(), &by_tournament) {
        convert::dataset_from(dataset, by_tournament.len())
    } else {
        convert::dataset(dataset)
    };
    association::rate_taking_over(&data, &convert::association(config), by_tournament)
}

/// K for one game of an established player in `tournament` by the
/// association's rules (see [`rating_systems::k_factor`]).
pub fn k_factor(
    config: &RatingConfig,
    tournament: &Tournament,
    own_rating: i32,
    opponent_international_only: bool,
) -> KFactor {
    rating_systems::k_factor(
        &convert::association(config),
        &convert::tournament_terms(tournament),
        own_rating,
        opponent_international_only,
    )
}

/// Rounds `numerator / denominator` (denominator > 0) to an integer by the
/// given rule, exactly, with no floating point.
pub fn round_ratio(numerator: i64, denominator: i64, rounding: Rounding) -> i64 {
    rating_systems::round_ratio(numerator, denominator, convert::rounding(rounding))
}
