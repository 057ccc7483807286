//! FIDE's rating regulations (see [`rating_systems::fide`]), with the list
//! dates in the model's calendar type for pages.

pub use rating_systems::fide::*;

use super::convert;
use crate::model::Date;

/// The list a tournament ending on `end` is rated on (see
/// [`rating_systems::fide::rated_on_list`]).
pub fn rated_on_list(end: Date) -> Date {
    convert::model_date(rating_systems::fide::rated_on_list(convert::date(end)))
}

/// The list in force on `day`: the one published on the first day of its month.
pub fn list_in_force(day: Date) -> Date {
    convert::model_date(rating_systems::fide::list_in_force(convert::date(day)))
}
