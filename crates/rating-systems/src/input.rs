//! What the rating systems read: players, tournaments in chronological order
//! and the games of their crosstables, with dates to place them in time.

/// A calendar date (proleptic Gregorian).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// Year, e.g. 2003.
    pub year: i32,
    /// Month 1–12.
    pub month: u32,
    /// Day 1–31, valid for the month.
    pub day: u32,
}

impl Date {
    /// Days since 1970-01-01 (negative before).
    pub fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after this one.
    pub fn plus_days(self, days: i64) -> Date {
        let z = self.days_since_epoch() + days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }
}

/// How a player relates to the association whose list is rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Membership {
    /// A member of the association: rated by the association's system.
    Member,
    /// An honorary member: rated exactly like a member.
    Honorary,
    /// A member of the international federation only: not rated by the
    /// association's system, but games against them count for its members
    /// at their international rating.
    Rif,
    /// Anyone else: games against them are ignored for both sides.
    Other,
}

impl Membership {
    /// Whether the association's system computes a rating for this player.
    pub fn is_rated_by_us(self) -> bool {
        matches!(self, Self::Member | Self::Honorary)
    }
}

/// A member's start in the association's system: `games` virtual games at
/// `rating`, each scored ½.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Preset {
    /// The preset rating.
    pub rating: u32,
    /// The number of virtual games.
    pub games: u32,
}

/// Where a player starts in one list: what they bring from before the
/// repository (a transfer, a merged federation, a published list). Each
/// system reads what it keeps and ignores the rest (see each system's
/// module): the association's system the rating and games, Glicko-2 the
/// rating, deviation, volatility and the date they held, FIDE the rating,
/// games, K and the list's date, EGD the rating, WHR the rating and deviation.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Start {
    /// The rating held.
    pub rating: f64,
    /// The rating's deviation (Glicko-2's RD), if known.
    pub deviation: Option<f64>,
    /// The volatility (Glicko-2's σ), if known.
    pub volatility: Option<f64>,
    /// Rated games already played, if known.
    pub games: Option<u32>,
    /// The K the player's federation last applied (FIDE: 40, 20 or 10), if known.
    pub k: Option<u32>,
    /// The date the values held (FIDE: the list's date), if known.
    pub as_of: Option<Date>,
}

/// One player, as the systems see them.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// Membership type.
    pub membership: Membership,
    /// International rating, if the player has one.
    pub international_rating: Option<u32>,
    /// Go grade, if declared (the EGD formula's start).
    pub grade: Option<go_grades::Grade>,
    /// The association's preset start.
    pub preset: Preset,
    /// Year of birth, if it may be used (FIDE's K of juniors).
    pub birth_year: Option<i32>,
    /// Starts in lists, by list (`None`: the association's list).
    pub starts: Vec<(Option<String>, Start)>,
}

impl Player {
    /// The player's start in list `pool` (`None`: the association's list), if any.
    pub fn start(&self, pool: Option<&str>) -> Option<&Start> {
        self.starts
            .iter()
            .find(|(list, _)| list.as_deref() == pool)
            .map(|(_, start)| start)
    }
}

/// Time control class; rapid games are rated with half K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// 30 minutes or more per player.
    Standard,
    /// Under 30 minutes per player.
    Rapid,
}

/// Rule set; modified rules are rated with half K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// The standard rules of the game.
    Standard,
    /// Modified rules (e.g. renju opening variants).
    Modified,
}

/// Result of a paired game from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
}

/// One paired game of a crosstable row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// Round number, from 1.
    pub round: u32,
    /// The opponent's start number.
    pub opponent: u32,
    /// The result, from the row's side.
    pub result: GameResult,
    /// Handicap stones the row's player received (negative: gave); 0 for an even game.
    pub stones_received: i32,
}

/// One row of a crosstable.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Start number, from 1 (start number `s` is row `s − 1`).
    pub start_no: u32,
    /// The player's index in [`Dataset::players`], `None` for an unknown player.
    pub player: Option<usize>,
    /// International rating for this event, if given.
    pub rating: Option<u32>,
    /// The row's paired games, in round order.
    pub games: Vec<Game>,
    /// Total points in half points, byes and forfeits included.
    pub half_points: u32,
}

/// One tournament: what the rules read of it, and its crosstable.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    /// First day.
    pub start: Date,
    /// Last day.
    pub end: Date,
    /// Whether games are rated.
    pub rated: bool,
    /// Time control class.
    pub time_control: TimeControl,
    /// Rule set.
    pub rules: Rules,
    /// A base K fixed for this tournament, if any.
    pub base_k: Option<u32>,
    /// The list the games count in; `None` for the association's list.
    pub pool: Option<String>,
    /// Crosstable rows in start-number order.
    pub entries: Vec<Entry>,
}

/// Every player and every tournament, in chronological order. The systems
/// expect a consistent crosstable: both sides of every game agree.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Dataset {
    /// The players; entries refer to them by index.
    pub players: Vec<Player>,
    /// The tournaments, oldest first.
    pub tournaments: Vec<Tournament>,
}

impl Dataset {
    /// Per player: whether they played in a tournament of a list other than
    /// `pool` (`None`: the association's list).
    pub fn players_elsewhere(&self, pool: Option<&str>) -> Vec<bool> {
        let mut elsewhere = vec![false; self.players.len()];
        for t in self
            .tournaments
            .iter()
            .filter(|t| t.pool.as_deref() != pool)
        {
            for i in t.entries.iter().filter_map(|e| e.player) {
                elsewhere[i] = true;
            }
        }
        elsewhere
    }

    /// Whether rating the association's list from its tournament `first`
    /// on, the records of the tournaments before taken over
    /// ([`rate_taking_over`](crate::association::rate_taking_over),
    /// [`rate_continuing`](crate::association::rate_continuing)), reads the
    /// crosstable of the tournament at `index` of the list `pool`: those
    /// from `first` on, and those of other lists, which tell who played
    /// elsewhere ([`Dataset::players_elsewhere`]). The others can be left
    /// out: at a federation's scale, most of the data.
    pub fn entries_needed(pool: Option<&str>, index: usize, first: usize) -> bool {
        index >= first || pool.is_some()
    }
}
