//! Plain data: players, tournaments, crosstable cells and the games they describe.
//!
//! Nothing here does I/O or validation; `load` builds these values and `check`
//! decides whether they are consistent.

mod date;
mod id;
pub mod tiebreak;

pub use date::Date;
pub use id::{IdError, Slug};

use serde::Serialize;
use std::path::PathBuf;

/// How a player relates to the association (the book: The rating rules as implemented).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Membership {
    /// A member of the association: rated by us.
    Member,
    /// An honorary member: rated exactly like a member.
    Honorary,
    /// A member of the international federation only: not rated by us, but games
    /// against them count for our members at their international rating.
    Rif,
    /// Anyone else: games against them are ignored for both sides.
    Other,
}

impl Membership {
    /// All values, in the order they are documented.
    pub const ALL: [Membership; 4] = [Self::Member, Self::Honorary, Self::Rif, Self::Other];

    /// The spelling used in player files.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Member => "member",
            Self::Honorary => "honorary",
            Self::Rif => "rif",
            Self::Other => "other",
        }
    }

    /// Parses the spelling used in player files.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.as_str() == text)
    }

    /// Whether the association computes a rating for this player.
    pub fn is_rated_by_us(self) -> bool {
        matches!(self, Self::Member | Self::Honorary)
    }
}

/// A member's rating-pool start: `games` virtual games at `rating`, each scored ½.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Preset {
    /// Preset rating, one of [`Preset::RATINGS`].
    pub rating: u32,
    /// Number of virtual games, one of [`Preset::GAMES`].
    pub games: u32,
}

impl Preset {
    /// Allowed preset ratings (the Finnish association's rating rules, 2007 thesis, section 2.1.2.1).
    pub const RATINGS: [u32; 5] = [1600, 1700, 1800, 1900, 2000];
    /// Allowed preset game counts (the Finnish association's rating rules, 2007 thesis, section 2.1.2.1).
    pub const GAMES: [u32; 4] = [0, 5, 10, 15];
}

impl Default for Preset {
    fn default() -> Self {
        Preset {
            rating: 1600,
            games: 0,
        }
    }
}

/// The name a player file gives the association's own list in `[start.<list>]`.
pub const ASSOCIATION_LIST: &str = "association";

/// Where a player starts in one rating list (`[start.<list>]` in the player
/// file): what they bring from before the repository — a transfer, a merged
/// federation, a published list. Each system reads what it keeps: the
/// association's the rating and games; Glicko-2 the rating, deviation,
/// volatility and date; FIDE the rating, games, K and the list's date; EGD
/// the rating and games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Start {
    /// The list: `None` for the association's own list (`[start.association]`),
    /// else a `[pools.<name>]` of `ratingbook.toml`.
    pub pool: Option<String>,
    /// The rating held.
    pub rating: f64,
    /// Glicko-2's rating deviation, if known.
    pub deviation: Option<f64>,
    /// Glicko-2's volatility, if known.
    pub volatility: Option<f64>,
    /// Rated games already played, if known.
    pub games: Option<u32>,
    /// The K last applied (FIDE: 40, 20 or 10), if known.
    pub k: Option<u32>,
    /// The date the values held (FIDE: the list's date), if known.
    pub as_of: Option<Date>,
    /// The line of the `[start.<list>]` header in the player file.
    #[serde(skip)]
    pub line: usize,
}

/// One player, as written in `data/players/<id>.toml`.
#[derive(Debug, Clone, Serialize)]
pub struct Player {
    /// The file stem: a lowercase slug.
    pub id: Slug,
    /// Display name as written.
    pub name: String,
    /// Membership type.
    pub membership: Membership,
    /// Country code or name, if given.
    pub country: Option<String>,
    /// Club, if given.
    pub club: Option<String>,
    /// National licence number, if given.
    pub licence: Option<u32>,
    /// International rating, if the player has one.
    pub international_rating: Option<u32>,
    /// Go grade such as `3k` or `1d`, if given.
    pub grade: Option<go_grades::Grade>,
    /// Rating-pool start.
    pub preset: Preset,
    /// Starts in lists, in the file's order (`[start.<list>]`).
    pub starts: Vec<Start>,
    /// Year of birth, if given: personal data, never serialized; only the
    /// category lists use it, and only with `site.publish_personal_data`.
    #[serde(skip)]
    pub birth_year: Option<i32>,
    /// Full date of birth, if given (`birth_date`, as FIDE's TRF carries it):
    /// personal data like `birth_year`, never serialized; TRF exports write it
    /// only with `site.publish_personal_data` or when asked to.
    #[serde(skip)]
    pub birth_date: Option<Date>,
    /// FIDE id, if the player has one.
    pub fide_id: Option<u64>,
    /// Title as FIDE's TRF writes it (`GM`, `WFM`, `g`, `wf`, ...), if any.
    pub title: Option<String>,
    /// Name as FIDE writes it (`Surname,Firstname`), when it differs from `name`'s form;
    /// TRF exports write this.
    pub fide_name: Option<String>,
    /// Sex as FIDE's TRF writes it, if given: personal data, as `birth_year`.
    #[serde(skip)]
    pub sex: Option<Sex>,
    /// Where the player was read from.
    pub source: PathBuf,
}

/// A player's sex with FIDE's TRF letters: `m` or `w`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sex {
    /// `m`.
    Man,
    /// `w`.
    Woman,
}

/// Pairing system of a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// Swiss system.
    Swiss,
    /// Everyone plays everyone (possibly several cycles).
    RoundRobin,
}

/// Accelerated pairings of a swiss tournament: virtual points in the first
/// rounds that change who meets whom, never anyone's points or standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Acceleration {
    /// No acceleration.
    #[default]
    None,
    /// The FIDE Baku Acceleration Method (Handbook C.04.5.1).
    Baku,
}

/// Time control class; rapid games are rated with half K.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TimeControl {
    /// 30 minutes or more per player.
    Standard,
    /// Under 30 minutes per player.
    Rapid,
}

/// Rule set; modified rules are rated with half K.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// The standard rules of the game.
    Standard,
    /// Modified rules (e.g. renju opening variants).
    Modified,
}

/// Colour of a player in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// `w` or `b`, as written in crosstable cells.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
}

/// Result of a paired game from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum GameResult {
    /// Won over the board.
    Win,
    /// Drawn over the board.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won because the opponent did not come.
    ForfeitWin,
    /// Lost by not coming (on both sides: a double forfeit).
    ForfeitLoss,
}

impl GameResult {
    /// The result the opponent must have written.
    pub fn complement(self) -> GameResult {
        match self {
            Self::Win => Self::Loss,
            Self::Loss => Self::Win,
            Self::Draw => Self::Draw,
            Self::ForfeitWin => Self::ForfeitLoss,
            Self::ForfeitLoss => Self::ForfeitWin,
        }
    }

    /// Whether the game was played over the board (forfeits are not).
    pub fn is_played(self) -> bool {
        matches!(self, Self::Win | Self::Draw | Self::Loss)
    }

    /// Points in half-point units: 2 for a win, 1 for a draw.
    pub fn half_points(self) -> u32 {
        match self {
            Self::Win | Self::ForfeitWin => 2,
            Self::Draw => 1,
            Self::Loss | Self::ForfeitLoss => 0,
        }
    }

    /// The symbol written in crosstable cells.
    pub fn symbol(self) -> &'static str {
        match self {
            Self::Win => "1",
            Self::Draw => "½",
            Self::Loss => "0",
            Self::ForfeitWin => "+",
            Self::ForfeitLoss => "-",
        }
    }
}

/// A round without an opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Bye {
    /// Bye allocated by the pairing (odd player out): 1 point.
    PairingAllocated,
    /// Requested full-point bye: 1 point.
    Full,
    /// Requested half-point bye: ½ point.
    Half,
    /// Zero-point bye: 0 points.
    Zero,
}

impl Bye {
    /// Points in half-point units.
    pub fn half_points(self) -> u32 {
        match self {
            Self::PairingAllocated | Self::Full => 2,
            Self::Half => 1,
            Self::Zero => 0,
        }
    }

    /// The token written in crosstable cells (the TRF letter for requested byes).
    pub fn token(self) -> &'static str {
        match self {
            Self::PairingAllocated => "bye",
            Self::Full => "F",
            Self::Half => "H",
            Self::Zero => "Z",
        }
    }
}

/// One player's entry for one round in a crosstable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Cell {
    /// Paired against the player with start number `opponent`.
    Game {
        /// The opponent's start number.
        opponent: u32,
        /// This player's colour, when recorded.
        colour: Option<Colour>,
        /// The result from this player's side.
        result: GameResult,
    },
    /// Paired against `opponent`, result not entered yet (written `12 w ?`).
    Paired {
        /// The opponent's start number.
        opponent: u32,
        /// This player's colour, when known.
        colour: Option<Colour>,
    },
    /// Not paired, with the given kind of bye.
    Bye(Bye),
    /// Not paired and not present: no points.
    Absent,
}

impl Cell {
    /// Points in half-point units.
    pub fn half_points(&self) -> u32 {
        match self {
            Cell::Game { result, .. } => result.half_points(),
            Cell::Paired { .. } => 0,
            Cell::Bye(bye) => bye.half_points(),
            Cell::Absent => 0,
        }
    }

    /// The cell in the crosstable's own notation, e.g. `12 w 1`, `bye` or empty.
    pub fn to_notation(&self) -> String {
        match self {
            Cell::Game {
                opponent,
                colour,
                result,
            } => {
                let result = match result {
                    GameResult::Draw => "=",
                    other => other.symbol(),
                };
                match colour {
                    Some(c) => format!("{opponent} {} {result}", c.letter()),
                    None => format!("{opponent} {result}"),
                }
            }
            Cell::Paired { opponent, colour } => match colour {
                Some(c) => format!("{opponent} {} ?", c.letter()),
                None => format!("{opponent} ?"),
            },
            Cell::Bye(bye) => bye.token().to_string(),
            Cell::Absent => String::new(),
        }
    }

    /// The cell's notation with the game's handicap, e.g. `12 b 1 h3`
    /// (nothing added for an even game).
    pub fn to_notation_with_handicap(&self, stones: u8) -> String {
        match stones {
            0 => self.to_notation(),
            stones => format!("{} h{stones}", self.to_notation()),
        }
    }
}

/// A position in a source file, 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Position {
    /// Line number, from 1.
    pub line: usize,
    /// Column number (CSV: field number), from 1.
    pub column: usize,
}

/// One row of a crosstable.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    /// Start number, from 1.
    pub start_no: u32,
    /// The player's id.
    pub player: Slug,
    /// International rating for this event, if given.
    pub rating: Option<u32>,
    /// Final rank as the event's own report gave it (the `rank` column, e.g.
    /// from an imported TRF file), if given; ties may share a rank.
    pub rank: Option<u32>,
    /// One cell per round (index 0 = round 1).
    pub cells: Vec<Cell>,
    /// Handicap stones of each round's game (a cell's `h<stones>`; index 0 =
    /// round 1, 0 = an even game); empty when the crosstable records none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub handicaps: Vec<u8>,
    /// Where the row starts in the CSV file.
    pub line: usize,
}

/// The most handicap stones a game may record.
pub const MAX_HANDICAP: u8 = 9;

impl Entry {
    /// The handicap stones of the game in `round` (index 0 = round 1): 0 for
    /// an even game or when none is recorded.
    pub fn handicap(&self, round: usize) -> u8 {
        self.handicaps.get(round).copied().unwrap_or(0)
    }

    /// Stones this player received in `round`'s game: the player with black
    /// receives them (positive), the one with white gives them (negative);
    /// 0 for an even game or when the colour is not written.
    pub fn stones_received(&self, round: usize) -> i32 {
        let stones = i32::from(self.handicap(round));
        match self.paired_with(round) {
            Some((_, Some(Colour::Black))) => stones,
            Some((_, Some(Colour::White))) => -stones,
            _ => 0,
        }
    }

    /// Total points in half-point units.
    pub fn half_points(&self) -> u32 {
        self.cells.iter().map(Cell::half_points).sum()
    }

    /// The opponent's start number and this player's colour in a round, for
    /// games played or only paired.
    pub fn paired_with(&self, round: usize) -> Option<(u32, Option<Colour>)> {
        match self.cells.get(round)? {
            Cell::Game {
                opponent, colour, ..
            }
            | Cell::Paired { opponent, colour } => Some((*opponent, *colour)),
            _ => None,
        }
    }
}

/// One tournament: metadata and crosstable.
#[derive(Debug, Clone, Serialize)]
pub struct Tournament {
    /// File stem, unique across all years.
    pub id: Slug,
    /// Display name.
    pub name: String,
    /// First day.
    pub start: Date,
    /// Last day.
    pub end: Date,
    /// City, if given.
    pub city: Option<String>,
    /// Pairing system.
    pub system: System,
    /// Accelerated pairings (swiss only).
    pub acceleration: Acceleration,
    /// Declared number of rounds.
    pub rounds: u32,
    /// Whether games are rated.
    pub rated: bool,
    /// Time control class.
    pub time_control: TimeControl,
    /// Rule set.
    pub rules: Rules,
    /// A base K fixed for this tournament, if any.
    pub base_k: Option<u32>,
    /// Order among tournaments that start on the same day.
    pub sequence: u32,
    /// True when the results are invented sample data.
    pub illustrative: bool,
    /// Free-text note shown on the tournament page.
    pub note: Option<String>,
    /// The rating list (`[pools.<name>]`) the games count in; `None` for the
    /// association's list.
    pub pool: Option<String>,
    /// Tie-break chain for standings, if this tournament sets its own.
    pub tiebreaks: Option<Vec<String>>,
    /// Language of names (BCP 47, e.g. `tr`) for sorting and upper-casing; site language if unset.
    pub language: Option<String>,
    /// The director's decisions for the event (withdrawals, forbidden
    /// pairings, manual pairing changes, the byes of late entries).
    pub event: EventState,
    /// Crosstable rows in start-number order.
    pub entries: Vec<Entry>,
    /// 1-based CSV column of round 1 (for messages).
    pub first_round_column: usize,
    /// The metadata file.
    pub meta_source: PathBuf,
    /// The crosstable file.
    pub table_source: PathBuf,
}

/// The decisions a director records while running an event, kept in the
/// tournament's metadata (`late_entry_bye`, `[[withdrawal]]`,
/// `[[forbidden]]`, `[[manual_pairing]]`). Requested byes and late entries'
/// missed rounds are crosstable cells (`H`, `Z`, `F`), where they are scored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct EventState {
    /// The bye a late entrant gets for each round paired before they came:
    /// [`Bye::Zero`] (FIDE's rule for late entrants) or [`Bye::Half`].
    pub late_entry_bye: LateEntryBye,
    /// Players who left the event, and from which round.
    pub withdrawals: Vec<Withdrawal>,
    /// Pairs of players who must not be paired with each other.
    pub forbidden: Vec<(Slug, Slug)>,
    /// Games the director paired by hand, departing from the engine.
    pub manual_pairings: Vec<ManualPairing>,
}

impl EventState {
    /// Whether `player` has withdrawn by round `round` (from 1).
    pub fn withdrawn_by(&self, player: &Slug, round: u32) -> bool {
        self.withdrawals
            .iter()
            .any(|w| &w.player == player && w.from_round <= round)
    }

    /// Whether nothing is recorded (every field at its default).
    pub fn is_empty(&self) -> bool {
        *self == EventState::default()
    }
}

/// The points a late entrant gets for each round missed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum LateEntryBye {
    /// No points (`Z`): FIDE's rule for late entries.
    #[default]
    Zero,
    /// Half a point (`H`), where the event's regulations give it.
    Half,
}

impl LateEntryBye {
    /// The crosstable's bye for a missed round.
    pub fn bye(self) -> Bye {
        match self {
            LateEntryBye::Zero => Bye::Zero,
            LateEntryBye::Half => Bye::Half,
        }
    }

    /// The spelling in metadata files.
    pub fn as_str(self) -> &'static str {
        match self {
            LateEntryBye::Zero => "zero",
            LateEntryBye::Half => "half",
        }
    }
}

/// A player who left the event: not paired from `from_round` on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Withdrawal {
    /// The player's id.
    pub player: Slug,
    /// The first round the player is not paired in (from 1).
    pub from_round: u32,
}

/// A game of a round that the director paired by hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ManualPairing {
    /// The round (from 1).
    pub round: u32,
    /// The player with white.
    pub white: Slug,
    /// The player with black.
    pub black: Slug,
}

/// A game seen once, from the side of the player with the lower start number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// Round number, from 1.
    pub round: u32,
    /// Start number of the first player.
    pub first: u32,
    /// Start number of the second player.
    pub second: u32,
    /// The first player's colour, if recorded.
    pub first_colour: Option<Colour>,
    /// The result from the first player's side.
    pub result: GameResult,
}

impl Tournament {
    /// The row with the given start number.
    pub fn entry(&self, start_no: u32) -> Option<&Entry> {
        self.entries
            .binary_search_by_key(&start_no, |e| e.start_no)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// Every paired game once (from the lower start number's side), in round order.
    pub fn pairings(&self) -> impl Iterator<Item = Pairing> + '_ {
        (0..self.rounds as usize).flat_map(move |round| {
            self.entries
                .iter()
                .filter_map(move |entry| match entry.cells.get(round) {
                    Some(&Cell::Game {
                        opponent,
                        colour,
                        result,
                    }) if entry.start_no < opponent => Some(Pairing {
                        round: round as u32 + 1,
                        first: entry.start_no,
                        second: opponent,
                        first_colour: colour,
                        result,
                    }),
                    _ => None,
                })
        })
    }

    /// Year folder the tournament belongs in.
    pub fn year(&self) -> i32 {
        self.start.year
    }
}

/// Everything loaded from a data repository.
#[derive(Debug, Clone, Default)]
pub struct Dataset {
    /// Players sorted by id.
    pub players: Vec<Player>,
    /// Tournaments in chronological order (start date, then sequence, then id).
    pub tournaments: Vec<Tournament>,
    /// Where each player is in `players`, by a 128-bit hash of their id,
    /// made on the first lookup (a search of 300 000 ids misses the cache at
    /// every step, and so does comparing the id found with the one sought).
    ids: IdCache,
}

/// The id index, made when first needed; a copy of the list starts
/// without one (the copy's players are elsewhere in memory).
#[derive(Debug, Default)]
struct IdCache(std::sync::OnceLock<IdIndex>);

impl Clone for IdCache {
    fn clone(&self) -> Self {
        IdCache::default()
    }
}

/// Player index by the 128-bit hash of the id, for the players the list
/// had when it was made. A list whose players are replaced in place (same
/// length, same buffer) is to be sorted again ([`Dataset::sort`], as every
/// loader does), which drops the index.
#[derive(Debug)]
struct IdIndex {
    /// Low half of the hash → (high half, index). The key is a hash
    /// already, so the map uses it as is.
    by_hash: std::collections::HashMap<u64, (u64, u32), std::hash::BuildHasherDefault<Prehashed>>,
    /// The address of the list's buffer and its length when the index was
    /// made: a list that grew, shrank or moved since is not the one indexed.
    players: (usize, usize),
    /// Whether two ids had one hash, or the list is too long to index
    /// (then the index is not used).
    ambiguous: bool,
}

impl IdIndex {
    fn of(players: &[Player]) -> IdIndex {
        let mut by_hash =
            std::collections::HashMap::with_capacity_and_hasher(players.len(), Default::default());
        let mut ambiguous = false;
        for (i, player) in players.iter().enumerate() {
            let (low, high) = id_hash(player.id.as_str());
            let Ok(index) = u32::try_from(i) else {
                ambiguous = true;
                break;
            };
            ambiguous |= by_hash.insert(low, (high, index)).is_some();
        }
        IdIndex {
            by_hash,
            players: buffer(players),
            ambiguous,
        }
    }

    /// Where `id` is, if this index describes `players`; `Some(None)`
    /// when it describes them and `id` is not among them.
    fn find(&self, players: &[Player], id: &str) -> Option<Option<usize>> {
        if self.ambiguous || self.players != buffer(players) {
            return None;
        }
        let (low, high) = id_hash(id);
        Some(
            self.by_hash
                .get(&low)
                .filter(|(stored, _)| *stored == high)
                .map(|&(_, index)| index as usize),
        )
    }
}

/// A hasher for keys that are hashes: the `u64` itself, not hashed again.
#[derive(Default)]
struct Prehashed(u64);

impl std::hash::Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl Dataset {
    /// The player with the given id.
    pub fn player(&self, id: &str) -> Option<&Player> {
        self.player_index(id).map(|i| &self.players[i])
    }

    /// Index of the player with the given id in `players`.
    pub fn player_index(&self, id: &str) -> Option<usize> {
        let ids = self.ids.0.get_or_init(|| IdIndex::of(&self.players));
        if let Some(found) = ids.find(&self.players, id) {
            return found;
        }
        self.players
            .binary_search_by(|p| p.id.as_str().cmp(id))
            .ok()
    }

    /// Per player: whether they played in a tournament of a list other than
    /// `pool` (`None`: the association's list).
    pub fn players_elsewhere(&self, pool: Option<&str>) -> Vec<bool> {
        let mut elsewhere = vec![false; self.players.len()];
        for t in self
            .tournaments
            .iter()
            .filter(|t| t.pool.as_deref() != pool)
        {
            for e in &t.entries {
                if let Some(i) = self.player_index(e.player.as_str()) {
                    elsewhere[i] = true;
                }
            }
        }
        elsewhere
    }

    /// Sorts players by id and tournaments chronologically.
    pub fn sort(&mut self) {
        self.ids = IdCache::default();
        self.players.sort_by(Dataset::player_order);
        self.tournaments.sort_by(Dataset::tournament_order);
    }

    /// The order of a dataset's players: by id.
    pub fn player_order(a: &Player, b: &Player) -> std::cmp::Ordering {
        a.id.cmp(&b.id)
    }

    /// The order of a dataset's tournaments: by start, then the order of
    /// the day, then id.
    pub fn tournament_order(a: &Tournament, b: &Tournament) -> std::cmp::Ordering {
        (a.start, a.sequence, &a.id).cmp(&(b.start, b.sequence, &b.id))
    }
}

/// Where a list of players is in memory, and its length.
fn buffer(players: &[Player]) -> (usize, usize) {
    (players.as_ptr() as usize, players.len())
}

/// The hash a player id is listed under in [`Dataset`]'s index, as its
/// low and high halves: two ids with one 128-bit hash are not to be met.
fn id_hash(id: &str) -> (u64, u64) {
    let hash = xxhash_rust::xxh3::xxh3_128(id.as_bytes());
    (hash as u64, (hash >> 64) as u64)
}
