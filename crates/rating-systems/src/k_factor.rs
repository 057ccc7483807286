//! The K factor of the association's system for one game (the book: The
//! rating rules as implemented, the K rules).

use crate::input::{Rules, TimeControl, Tournament};
use crate::settings::AssociationSettings;
use serde::Serialize;

/// A K factor in eighths, so that three halvings of any whole base K stay exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(into = "f64")]
pub struct KFactor(pub u16);

impl KFactor {
    /// A whole K (the settings allow at most 100; larger values are kept
    /// at 8 191, the most eighths that fit).
    pub fn whole(k: u32) -> KFactor {
        KFactor(u16::try_from(k.saturating_mul(8)).unwrap_or(u16::MAX - 7))
    }

    /// Half of this K.
    pub fn halved(self) -> KFactor {
        KFactor(self.0 / 2)
    }

    /// The value as a number.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 8.0
    }
}

impl From<KFactor> for f64 {
    fn from(k: KFactor) -> f64 {
        k.value()
    }
}

/// K for one game of an established player, applying the rules in their order:
/// 1. base K (the tournament's, else the configured one);
/// 2. at or above `high_rating` at the start of the tournament, `high_k`
///    (never more than the base);
/// 3. halved for modified rules;
/// 4. halved for rapid play;
/// 5. halved when the opponent has no established national rating but an
///    international one.
///
/// An unrated tournament gives K = 0.
pub fn k_factor(
    config: &AssociationSettings,
    tournament: &Tournament,
    own_rating: i32,
    opponent_international_only: bool,
) -> KFactor {
    if !tournament.rated {
        return KFactor(0);
    }
    let base = tournament.base_k.unwrap_or(config.base_k);
    let mut k = if own_rating >= config.high_rating {
        KFactor::whole(base.min(config.high_k))
    } else {
        KFactor::whole(base)
    };
    if tournament.rules == Rules::Modified {
        k = k.halved();
    }
    if tournament.time_control == TimeControl::Rapid {
        k = k.halved();
    }
    if opponent_international_only {
        k = k.halved();
    }
    k
}
