//! What the systems compute: each player's record in each tournament, game
//! by game, and their standing after the last ([`Ratings`]).

use crate::input::{Dataset, Entry, GameResult};
use crate::k_factor::KFactor;
use serde::Serialize;

/// Where a member stands in the rating system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Fewer than the required games (preset included): no published rating.
    Provisional,
    /// Rated game by game, tournament by tournament.
    Established,
    /// Not rated by us (`rif` and `other` players).
    Unrated,
}

/// Why a played game did not count for a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotCounted {
    /// The tournament is not rated.
    UnratedTournament,
    /// The opponent's membership is `other`.
    OpponentOther,
    /// A `rif` opponent without an international rating for the event.
    OpponentWithoutRating,
    /// An established player met a provisional member without an international rating.
    OpponentProvisional,
    /// Forfeits and byes are never rated.
    NotPlayed,
    /// The player is not rated by us.
    PlayerUnrated,
}

impl NotCounted {
    /// Short explanation for pages.
    pub fn explain(self) -> &'static str {
        match self {
            Self::UnratedTournament => "unrated tournament",
            Self::OpponentOther => "opponent not affiliated",
            Self::OpponentWithoutRating => "opponent has no rating",
            Self::OpponentProvisional => "opponent provisional",
            Self::NotPlayed => "not played",
            Self::PlayerUnrated => "not rated by us",
        }
    }
}

/// A number that may be absent, in 8 bytes (absence is NaN, which no rule
/// produces as a value): a rating history holds two per game and player,
/// millions at a federation's scale. It compares, prints (`Debug`) and
/// serializes exactly as the `Option<f64>` it stands for.
#[derive(Clone, Copy)]
pub struct OptionalF64(f64);

impl OptionalF64 {
    /// No number.
    pub const NONE: OptionalF64 = OptionalF64(f64::NAN);

    /// The number, if there is one.
    pub fn get(self) -> Option<f64> {
        (!self.0.is_nan()).then_some(self.0)
    }
}

impl From<Option<f64>> for OptionalF64 {
    fn from(value: Option<f64>) -> Self {
        OptionalF64(value.unwrap_or(f64::NAN))
    }
}

impl PartialEq for OptionalF64 {
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}

impl std::fmt::Debug for OptionalF64 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

impl Serialize for OptionalF64 {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(serializer)
    }
}

/// One game of one player, as the rating rules saw it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameRating {
    /// Round number, from 1.
    pub round: u16,
    /// Opponent's index in `Dataset::players`.
    pub opponent: usize,
    /// Score in half points (2 win, 1 draw, 0 loss).
    pub half_points: u8,
    /// The opponent rating the rules used, when the game counted.
    pub opponent_rating: Option<i32>,
    /// Expected score (established players only).
    pub expected: OptionalF64,
    /// K for this game (established players only).
    pub k: Option<KFactor>,
    /// `K × (W − We)` (established players only).
    pub change: OptionalF64,
    /// Why the game did not count, if it did not.
    pub not_counted: Option<NotCounted>,
    /// Handicap stones the player received (negative: gave), for systems
    /// with a handicap rule; 0 for an even game.
    #[serde(skip_serializing_if = "is_zero")]
    pub stones_received: i32,
    /// The rating difference the system counted, own minus the opponent's
    /// (FIDE's, with the 400-point rule), for systems that show one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difference: Option<i16>,
}

// A rating history holds every game twice (once per player): millions at a
// federation's scale, so the record is kept to one cache line.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<GameRating>() <= 48);

fn is_zero(value: &i32) -> bool {
    *value == 0
}

impl GameRating {
    /// A game before the rules have looked at it: nothing worked out yet.
    /// (Rounds past 65 535 and scores past 255 half points, which the
    /// loader rejects, would be kept at those bounds.)
    pub fn unrated(round: u32, opponent: usize, half_points: u32) -> Self {
        GameRating {
            round: u16::try_from(round).unwrap_or(u16::MAX),
            opponent,
            half_points: u8::try_from(half_points).unwrap_or(u8::MAX),
            opponent_rating: None,
            expected: OptionalF64::NONE,
            k: None,
            change: OptionalF64::NONE,
            not_counted: None,
            stones_received: 0,
            difference: None,
        }
    }

    /// Whether the game counted for the rating.
    pub fn counted(&self) -> bool {
        self.not_counted.is_none()
    }
}

/// One game of a crosstable row, with the opponent found.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GameCell {
    /// Round number, from 1.
    pub round: u32,
    /// The opponent's row in the crosstable.
    pub row: usize,
    /// The opponent's index in `Dataset::players`.
    pub opponent: usize,
    /// The result, from the row's side.
    pub result: GameResult,
    /// Handicap stones the row's player received (negative: gave).
    pub stones_received: i32,
}

/// The games of `entry` whose opponent is a known player; `entries` are the
/// crosstable's rows. Start numbers run 1..n, so start number `s` is row
/// `s − 1`; anything else is skipped.
pub(crate) fn game_cells<'a>(
    entry: &'a Entry,
    entries: &'a [Entry],
) -> impl Iterator<Item = GameCell> + 'a {
    entry.games.iter().filter_map(move |game| {
        let row = (game.opponent as usize).checked_sub(1)?;
        let opponent = entries.get(row)?.player?;
        Some(GameCell {
            round: game.round,
            row,
            opponent,
            result: game.result,
            stones_received: game.stones_received,
        })
    })
}

/// One player's record in one tournament.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentRating {
    /// Index in `Dataset::players`.
    pub player: usize,
    /// Index in `Dataset::tournaments`.
    pub tournament: usize,
    /// Start number in the tournament.
    pub start_no: u32,
    /// Phase at the start of the tournament.
    pub phase_before: Phase,
    /// Phase at its end.
    pub phase_after: Phase,
    /// Published rating at the start (established players only).
    pub rating_before: Option<i32>,
    /// Published rating at the end (established, or just completed the provisional phase).
    pub rating_after: Option<i32>,
    /// Provisional-phase games (preset included) at the start.
    pub provisional_games_before: u32,
    /// Provisional-phase games (preset included) at the end.
    pub provisional_games_after: u32,
    /// Every paired game, counted or not.
    pub games: Vec<GameRating>,
    /// Total points scored in the tournament in half points (byes and forfeits included).
    pub tournament_half_points: u32,
}

impl TournamentRating {
    /// Games that counted for the rating.
    pub fn games_counted(&self) -> usize {
        self.games.iter().filter(|g| g.counted()).count()
    }

    /// Score in counted games, in half points.
    pub fn counted_half_points(&self) -> u32 {
        self.games
            .iter()
            .filter(|g| g.counted())
            .map(|g| u32::from(g.half_points))
            .sum()
    }

    /// Sum of expected scores over counted games (established players).
    pub fn expected_total(&self) -> Option<f64> {
        let expected: Vec<f64> = self.games.iter().filter_map(|g| g.expected.get()).collect();
        (!expected.is_empty()).then(|| expected.iter().sum())
    }

    /// Rating change, when there is a rating before and after.
    pub fn change(&self) -> Option<i32> {
        Some(self.rating_after? - self.rating_before?)
    }

    /// Whether this tournament completed the provisional phase.
    pub fn completed_provisional(&self) -> bool {
        self.phase_before == Phase::Provisional && self.phase_after == Phase::Established
    }
}

/// A player's standing after all tournaments.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerRating {
    /// Current phase.
    pub phase: Phase,
    /// Current published rating (established players only).
    pub rating: Option<i32>,
    /// Provisional-phase games so far, preset included.
    pub provisional_games: u32,
    /// Rated games played in total (preset excluded).
    pub rated_games: u32,
    /// Index of the last tournament with a counted game.
    pub last_rated_tournament: Option<usize>,
    /// The rating's uncertainty (one standard deviation), for systems that keep one.
    pub deviation: Option<f64>,
}

/// Everything a system computed for one list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ratings {
    /// Per tournament (same order as `Dataset::tournaments`), one record per entry in start order.
    pub by_tournament: Vec<Vec<TournamentRating>>,
    /// Per player (same order as `Dataset::players`): the state after the last tournament.
    pub players: Vec<PlayerRating>,
    /// Per player: where their records are, as (tournament, position in `by_tournament[t]`).
    pub player_records: Vec<Vec<(usize, usize)>>,
    /// The list these ratings belong to: `None` for the association's list.
    pub pool: Option<String>,
}

impl Ratings {
    /// Indexes the records by player and leaves out of the list the players
    /// who played only in other lists (their phase becomes [`Phase::Unrated`]).
    pub(crate) fn assemble(
        dataset: &Dataset,
        pool: Option<&str>,
        by_tournament: Vec<Vec<TournamentRating>>,
        mut players: Vec<PlayerRating>,
    ) -> Ratings {
        // Each player's list made at its size: counted first.
        let mut counts = vec![0usize; dataset.players.len()];
        for record in by_tournament.iter().flatten() {
            counts[record.player] += 1;
        }
        let mut player_records: Vec<Vec<(usize, usize)>> =
            counts.into_iter().map(Vec::with_capacity).collect();
        for (t, records) in by_tournament.iter().enumerate() {
            for (i, record) in records.iter().enumerate() {
                player_records[record.player].push((t, i));
            }
        }
        let elsewhere = dataset.players_elsewhere(pool);
        for (index, state) in players.iter_mut().enumerate() {
            let outside = player_records[index].is_empty() && (pool.is_some() || elsewhere[index]);
            if outside {
                state.phase = Phase::Unrated;
                state.rating = None;
            }
        }
        Ratings {
            by_tournament,
            players,
            player_records,
            pool: pool.map(str::to_string),
        }
    }

    /// A player's records across tournaments, in chronological order.
    pub fn history(&self, player: usize) -> impl Iterator<Item = &TournamentRating> {
        self.player_records[player]
            .iter()
            .map(move |&(t, i)| &self.by_tournament[t][i])
    }
}
