//! One list rated by one system: the dispatch from [`System`] to its course.

use crate::input::Dataset;
use crate::ratings::Ratings;
use crate::settings::System;
use crate::{association, egd, fide, glicko2, periodic, whr};

/// Rates the tournaments of one list (`pool`; `None`: the list of the
/// tournaments without one) with `system`; tournaments of other lists get no
/// records.
pub fn rate_list(dataset: &Dataset, system: &System, pool: Option<&str>) -> Ratings {
    match system {
        System::Association(settings) => association::rate_pool(dataset, settings, pool),
        System::Glicko2(settings) => glicko2::rate_by_periods(
            &glicko2::Glicko2 {
                settings: *settings,
            },
            dataset,
            pool,
        ),
        System::Fide(settings) => fide::rate_by_lists(
            &fide::Fide {
                settings: *settings,
            },
            dataset,
            pool,
        ),
        System::Egd(settings) => periodic::rate_with(
            &egd::Egd {
                settings: *settings,
            },
            dataset,
            pool,
        ),
        System::Whr(settings) => whr::rate(dataset, pool, settings),
    }
}
