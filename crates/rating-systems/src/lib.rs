//! Rating systems over plain games and players, usable without the rating
//! book: the association's system (provisional phase, K factors, the
//! expected-score table, exact rounding), FIDE's rating regulations, the
//! European Go Database's formula, Glicko-2 and Whole-History Rating, and
//! [`evaluate`], which replays a list under candidate systems and scores
//! their predictions.
//!
//! The input is a [`Dataset`]: players and tournaments in chronological
//! order, each tournament's crosstable rows with their games. [`rate_list`]
//! rates the tournaments of one list with one [`System`]; the result,
//! [`Ratings`], holds every player's record in every tournament and their
//! standing after the last.

pub mod association;
pub mod egd;
pub mod evaluate;
pub mod expected;
pub mod fide;
pub mod glicko2;
mod input;
mod k_factor;
mod list;
mod periodic;
mod ratings;
mod rounding;
mod settings;
pub mod whr;

pub use input::{Dataset, Date, Entry, Game, GameResult, Membership, Player, Preset, Rules, Start};
pub use input::{TimeControl, Tournament};
pub use k_factor::{k_factor, KFactor};
pub use list::rate_list;
pub use ratings::TournamentRating;
pub use ratings::{GameRating, NotCounted, OptionalF64, Phase, PlayerRating, Ratings};
pub use rounding::{round_float, round_ratio};
pub use settings::{AssociationSettings, EgdSettings, ExpectedScore, FideSettings};
pub use settings::{Glicko2Settings, Rounding, System, WhrSettings};
