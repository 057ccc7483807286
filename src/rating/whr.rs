//! Whole-History Rating (see [`rating_systems::whr`]) for a list of the
//! loaded dataset, with `[pools.<name>.whr]`'s parameters.

pub use rating_systems::whr::*;

use super::{convert, Ratings};
use crate::config::WhrConfig;
use crate::model::Dataset;

impl From<&WhrConfig> for Params {
    fn from(config: &WhrConfig) -> Self {
        Params::from(&convert::whr(config))
    }
}

/// The list `pool` rated by Whole-History Rating (see [`rating_systems::whr::rate`]).
pub fn rate(dataset: &Dataset, pool: Option<&str>, config: &WhrConfig) -> Ratings {
    rating_systems::whr::rate(&convert::dataset(dataset), pool, &convert::whr(config))
}

/// [`rate`] with the solver's options, and how the solve ended.
pub fn rate_with_options(
    dataset: &Dataset,
    pool: Option<&str>,
    config: &WhrConfig,
    options: Options,
) -> (Ratings, Convergence) {
    rating_systems::whr::rate_with_options(
        &convert::dataset(dataset),
        pool,
        &convert::whr(config),
        options,
    )
}

/// The list `pool` replayed by the incremental algorithm for `evaluate`
/// (see [`rating_systems::whr::replay_ratings`]).
pub fn replay_ratings(dataset: &Dataset, pool: Option<&str>, config: &WhrConfig) -> Ratings {
    rating_systems::whr::replay_ratings(&convert::dataset(dataset), pool, &convert::whr(config))
}
