//! FIDE's rating regulations (effective 1 March 2024, with the October 2025
//! exception to the 400-point rule), for a list rated by them.
//!
//! Each tournament is one rating period. Expected scores come from FIDE's
//! two-decimal table (the same table as the association's, article 8.1.2),
//! the rating difference counted at most 400 points unless the player is rated
//! 2650 or more; the change of a period is `Σ K × (W − We)` rounded to the
//! nearest whole number.

use super::expected::table_hundredths;
use super::periodic::{PeriodGame, PeriodSystem};
use super::KFactor;
use crate::config::FideConfig;
use crate::model::{Player, TimeControl, Tournament};
use crate::standings::tiebreak::rating_difference;

/// The rating of the two hypothetical opponents a first rating includes (8.2.1).
const HYPOTHETICAL_OPPONENT: i64 = 1800;
/// The highest first rating (8.2.2).
const MAX_INITIAL: i64 = 2200;
/// A difference above this counts as this (8.3.1) ...
const DIFFERENCE_CAP: i32 = 400;
/// ... unless the player is rated at least this.
const UNCAPPED_FROM: i32 = 2650;
/// K × games in a period may not exceed this (8.3.4).
const K_GAMES_CAP: u32 = 700;

/// Who a player is for K (article 8.3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KStanding {
    /// The player's rating at the start of the period.
    pub rating: i32,
    /// Rated games before the period (a first rating's games included).
    pub games: u32,
    /// Whether a published rating of the player has ever reached 2400.
    pub reached_2400: bool,
    /// Whether the player is under 18 in the period (known only when personal data may be used).
    pub junior: bool,
    /// Whether the period's games are rapid.
    pub rapid: bool,
}

/// K for a period of `games` games: 40 for a player with fewer than 30 rated
/// games, or under 18 and rated under 2300; 10 once a published rating has
/// reached 2400; 20 otherwise and for all rapid games; then lowered so that
/// K × games does not exceed 700.
pub fn k_factor(standing: KStanding, games: u32) -> u32 {
    let k = if standing.rapid {
        20
    } else if standing.games < 30 || (standing.junior && standing.rating < 2300) {
        40
    } else if standing.reached_2400 {
        10
    } else {
        20
    };
    if games > 0 && k * games > K_GAMES_CAP {
        K_GAMES_CAP / games
    } else {
        k
    }
}

/// We for `own` against `opponent` in hundredths, from FIDE's table with the
/// 400-point rule (not applied when `own` is 2650 or more).
pub fn expected_hundredths(own: i32, opponent: i32) -> u32 {
    let counted = if own >= UNCAPPED_FROM {
        opponent
    } else {
        opponent.clamp(own - DIFFERENCE_CAP, own + DIFFERENCE_CAP)
    };
    table_hundredths(own, counted)
}

/// The rating change of a period: `round(Σ K × (W − We))`, halves away from
/// zero; `games` are (opponent rating, score in half points).
pub fn period_change(own: i32, k: u32, games: &[(i32, u32)]) -> i32 {
    // In units of 1/200: K × (50 × half points − We in hundredths) / 100.
    let units: i64 = games
        .iter()
        .map(|&(opponent, half)| {
            i64::from(k) * (50 * i64::from(half) - i64::from(expected_hundredths(own, opponent)))
        })
        .sum();
    super::round_ratio(units, 100, crate::config::Rounding::HalfAwayFromZero) as i32
}

/// A first rating from games against rated opponents (8.2.1): `Ra + dp(p)`
/// with two hypothetical draws against 1800 added, at most 2200, rounded.
/// `games` are (opponent rating, score in half points).
pub fn initial_rating(games: &[(i32, u32)]) -> i32 {
    let n = games.len() as i64 + 2;
    let opponents: i64 =
        games.iter().map(|&(r, _)| i64::from(r)).sum::<i64>() + 2 * HYPOTHETICAL_OPPONENT;
    let half_points: i64 = games.iter().map(|&(_, h)| i64::from(h)).sum::<i64>() + 2;
    let average = super::round_ratio(opponents, n, crate::config::Rounding::HalfAwayFromZero);
    (average + rating_difference(half_points, n)).min(MAX_INITIAL) as i32
}

/// A player under FIDE's regulations.
#[derive(Debug, Clone, PartialEq)]
pub struct FideState {
    /// The rating, once there is one.
    pub rating: Option<i32>,
    /// Games towards a first rating: (opponent rating, half points).
    pub first_games: Vec<(i32, u32)>,
    /// Rated games so far.
    pub games: u32,
    /// Whether a published rating has reached 2400.
    pub reached_2400: bool,
    /// Year of birth, when personal data may be used.
    pub birth_year: Option<i32>,
}

/// FIDE's regulations with the given parameters.
#[derive(Debug, Clone, Copy)]
pub struct Fide {
    /// Games for a first rating and the rating floor.
    pub config: FideConfig,
    /// Whether birth years may be used (the K of players under 18).
    pub use_birth_years: bool,
}

impl Fide {
    fn standing(&self, own: &FideState, tournament: &Tournament) -> KStanding {
        KStanding {
            rating: own.rating.unwrap_or(0),
            games: own.games,
            reached_2400: own.reached_2400,
            junior: own
                .birth_year
                .is_some_and(|b| tournament.start.year - b < 18),
            rapid: tournament.time_control == TimeControl::Rapid,
        }
    }

    fn published_rating(&self, rating: i32) -> Option<i32> {
        (rating >= self.config.rating_floor).then_some(rating)
    }
}

impl PeriodSystem for Fide {
    type State = FideState;

    /// A player with an international rating in the player file starts with
    /// it; everyone else starts unrated.
    fn initial(&self, player: &Player) -> FideState {
        FideState {
            rating: player.international_rating.map(|r| r as i32),
            first_games: Vec::new(),
            games: 0,
            reached_2400: player.international_rating.is_some_and(|r| r >= 2400),
            birth_year: player.birth_year.filter(|_| self.use_birth_years),
        }
    }

    fn expected(&self, own: &FideState, opponent: &FideState) -> f64 {
        let own = self.working_rating(own);
        let opponent = self.working_rating(opponent);
        f64::from(expected_hundredths(own, opponent)) / 100.0
    }

    fn counts(&self, _own: &FideState, opponent: &FideState) -> bool {
        opponent.rating.is_some()
    }

    fn update(
        &self,
        own: &FideState,
        games: &[PeriodGame<FideState>],
        tournament: &Tournament,
    ) -> FideState {
        let rated: Vec<(i32, u32)> = games
            .iter()
            .filter_map(|g| Some((g.opponent.rating?, (g.score * 2.0).round() as u32)))
            .collect();
        let mut next = own.clone();
        next.games += rated.len() as u32;
        match own.rating {
            Some(rating) => {
                let k = k_factor(self.standing(own, tournament), rated.len() as u32);
                next.rating = Some(rating + period_change(rating, k, &rated));
            }
            None => {
                // A first event scored zero is disregarded (8.2.1).
                let scored = rated.iter().any(|&(_, h)| h > 0);
                if scored || !own.first_games.is_empty() {
                    next.first_games.extend(rated);
                }
                if next.first_games.len() as u32 >= self.config.initial_games {
                    let first = initial_rating(&next.first_games);
                    if first >= self.config.rating_floor {
                        next.rating = Some(first);
                    }
                }
            }
        }
        next.reached_2400 |= next.rating.is_some_and(|r| r >= 2400);
        next
    }

    fn published(&self, state: &FideState) -> Option<i32> {
        state.rating.and_then(|r| self.published_rating(r))
    }

    fn working_rating(&self, state: &FideState) -> i32 {
        state.rating.unwrap_or_else(|| {
            if state.first_games.is_empty() {
                HYPOTHETICAL_OPPONENT as i32
            } else {
                initial_rating(&state.first_games)
            }
        })
    }

    fn k(&self, own: &FideState, games: usize, tournament: &Tournament) -> Option<KFactor> {
        own.rating?;
        Some(KFactor::whole(k_factor(
            self.standing(own, tournament),
            games as u32,
        )))
    }

    fn games(&self, state: &FideState) -> u32 {
        state.games
    }
}
