//! The document model: a TRF document as its lines, the `001` player line
//! and its round blocks, the pairing-program extension lines, the records
//! TRF-2026 adds, and the errors reading reports.
use std::fmt;
use thiserror::Error;

/// A score in tenths of a point (`35` is 3.5 points), as TRF writes scores
/// with one decimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub u32);

impl Points {
    /// Parses `"3.5"`, `"3"`, `"0.5"`, `".5"` (at most one decimal).
    pub fn parse(s: &str) -> Option<Points> {
        let s = s.trim();
        if s.is_empty() {
            return None;
        }
        let (int, frac) = match s.split_once('.') {
            Some((i, f)) => (i, f),
            None => (s, ""),
        };
        if !int.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || frac.len() > 1
            || (int.is_empty() && frac.is_empty())
            || int.len() > 6
        {
            return None;
        }
        let i: u32 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let f: u32 = if frac.is_empty() {
            0
        } else {
            frac.parse().ok()?
        };
        Some(Points(i * 10 + f))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A player's colour in one game (TRF-16 column "colour": `w` or `b`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White (`w`).
    White,
    /// Black (`b`).
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
}

/// A round result code (TRF-16 column "result").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1` win.
    Win,
    /// `0` loss.
    Loss,
    /// `=` draw.
    Draw,
    /// `+` forfeit win (opponent did not appear).
    ForfeitWin,
    /// `-` forfeit loss.
    ForfeitLoss,
    /// `W` win not rated (e.g. under one move played).
    UnratedWin,
    /// `D` draw not rated.
    UnratedDraw,
    /// `L` loss not rated.
    UnratedLoss,
    /// `H` half-point bye.
    HalfBye,
    /// `F` full-point bye.
    FullBye,
    /// `U` pairing-allocated bye.
    PairingBye,
    /// `Z` zero-point bye (absent).
    ZeroBye,
    /// blank: paired, result not yet known.
    Pending,
}

impl ResultCode {
    /// Reads a result character.
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c {
            '1' => ResultCode::Win,
            '0' => ResultCode::Loss,
            '=' => ResultCode::Draw,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' | 'w' => ResultCode::UnratedWin,
            'D' | 'd' => ResultCode::UnratedDraw,
            'L' | 'l' => ResultCode::UnratedLoss,
            'H' | 'h' => ResultCode::HalfBye,
            'F' | 'f' => ResultCode::FullBye,
            'U' | 'u' => ResultCode::PairingBye,
            'Z' | 'z' => ResultCode::ZeroBye,
            ' ' => ResultCode::Pending,
            _ => return None,
        })
    }

    /// The result character as written.
    pub fn to_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Loss => '0',
            ResultCode::Draw => '=',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::HalfBye => 'H',
            ResultCode::FullBye => 'F',
            ResultCode::PairingBye => 'U',
            ResultCode::ZeroBye => 'Z',
            ResultCode::Pending => ' ',
        }
    }

    /// True for results of a game that was actually played over the board
    /// (`1 0 = W D L`).
    pub fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Loss
                | ResultCode::Draw
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }

    /// The complementary result the opponent must have, if any.
    pub fn complement(self) -> Option<ResultCode> {
        Some(match self {
            ResultCode::Win => ResultCode::Loss,
            ResultCode::Loss => ResultCode::Win,
            ResultCode::Draw => ResultCode::Draw,
            ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
            ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
            ResultCode::UnratedWin => ResultCode::UnratedLoss,
            ResultCode::UnratedLoss => ResultCode::UnratedWin,
            ResultCode::UnratedDraw => ResultCode::UnratedDraw,
            ResultCode::Pending => ResultCode::Pending,
            _ => return None,
        })
    }
}

/// One round block of a player line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundEntry {
    /// Opponent's start number; `None` is written `0000` (no opponent).
    pub opponent: Option<u32>,
    /// Colour; `None` is written `-`.
    pub colour: Option<Colour>,
    /// Result code.
    pub result: ResultCode,
}

/// A `001` player line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerLine {
    /// Start number (columns 5–8), 1..=9999.
    pub start_no: u32,
    /// Sex (column 10): `m`, `w`, or `None` when blank.
    pub sex: Option<char>,
    /// Title (columns 11–13), trimmed, e.g. `GM`, `WFM`; empty if none.
    pub title: String,
    /// Name (columns 15–47), trimmed.
    pub name: String,
    /// FIDE rating (columns 49–52); `None` when blank or 0.
    pub rating: Option<u32>,
    /// Federation (columns 54–56), trimmed.
    pub federation: String,
    /// FIDE id (columns 58–68); `None` when blank.
    pub fide_id: Option<u64>,
    /// Birth date (columns 70–79) as written, trimmed (`YYYY/MM/DD` or `YYYY`).
    pub birth_date: String,
    /// Points (columns 81–84); blank reads as 0.
    pub points: Points,
    /// Rank (columns 86–89); `None` when blank.
    pub rank: Option<u32>,
    /// Round blocks from column 92; `None` for an all-blank block.
    pub rounds: Vec<Option<RoundEntry>>,
}

/// Options of an `XXC` line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct XxcLine {
    /// `white1` / `black1`: colour of the first-ranked player in round 1.
    pub initial_colour: Option<Colour>,
    /// `rank`: pairing numbers follow the rank column instead of start numbers.
    pub rank: bool,
}

/// One typed line of a TRF document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfLine {
    /// A `001` player line.
    Player(PlayerLine),
    /// A tournament header line (`012`, `022`, ..., `132`): code and the
    /// text from column 5 on (kept verbatim, trailing blanks removed).
    Header {
        /// The three-character code, e.g. `012`.
        code: String,
        /// The value text.
        text: String,
    },
    /// `XXR n`: total number of rounds.
    TotalRounds(u32),
    /// `XXC ...`: initial colour and ranking options.
    Xxc(XxcLine),
    /// `XXS KEY=value ...`: point system (JaVaFo keys `WW BW WD BD WL BL ZPB
    /// HPB FPB PAB FW FL W D`), in file order.
    PointSystem(Vec<(String, Points)>),
    /// `XXP a b ...`: the listed start numbers must not be paired with each
    /// other.
    ForbiddenPairs(Vec<u32>),
    /// TRF-2026 `162`: points of each result class, in file order.
    Scoring(Vec<(ScoreClass, Points)>),
    /// TRF-2026 National Rating Support line (a federation code, then the
    /// static part of a `001` line).
    National(NationalLine),
    /// TRF-2026 `240`: half-, full- or zero-point byes of one round.
    Bye(ByeRecord),
    /// TRF-2026 `250`: fictitious points of accelerated rounds.
    Acceleration(AccelerationRecord),
    /// TRF-2026 `260`: prohibited pairings over a span of rounds.
    Prohibited(ProhibitedRecord),
    /// TRF-2026 `299`: points assigned outside the normal results.
    Abnormal(AbnormalRecord),
    /// Any other line, verbatim (blank lines, comments, other codes).
    Other(String),
}

/// A parsed TRF file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrfDocument {
    /// The lines in file order.
    pub lines: Vec<TrfLine>,
}

/// What went wrong, for [`TrfError`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TrfErrorKind {
    /// A field did not have the expected form.
    #[error("{field}: expected {expected}, found {found:?}")]
    Expected {
        /// Field name.
        field: &'static str,
        /// Description of the expected form.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// The same start number appears on two `001` lines.
    #[error("start number {0} is used by two players")]
    DuplicateStartNumber(u32),
    /// A round block names a start number with no `001` line.
    #[error("round {round}: opponent {opponent} is not a player of this file")]
    UnknownOpponent {
        /// Round (1-based).
        round: usize,
        /// The unknown start number.
        opponent: u32,
    },
    /// A player is paired with himself.
    #[error("round {round}: player {player} is paired with himself")]
    SelfPairing {
        /// Round.
        round: usize,
        /// Start number.
        player: u32,
    },
    /// The opponent's block for the same round does not mirror this one.
    #[error("round {round}: player {player} has {opponent} as opponent, but {opponent}'s entry does not match ({detail})")]
    AsymmetricRound {
        /// Round.
        round: usize,
        /// This player.
        player: u32,
        /// The opponent.
        opponent: u32,
        /// What differs.
        detail: &'static str,
    },
}

/// A TRF error at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// The problem.
    pub kind: TrfErrorKind,
}

/// First column (1-based) of the round-block area in `001` lines.
pub const FIRST_ROUND_COLUMN: usize = 92;

/// The edition of the TRF format a document follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    /// TRF-16 (FIDE Handbook C.04 Annex 2, 2016), with the pairing programs'
    /// `XXR`, `XXC`, `XXS`, `XXP` lines.
    Trf16,
    /// TRF-2026 (approved by the FIDE Council on 12 May 2025).
    Trf2026,
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Version::Trf16 => "TRF-16",
            Version::Trf2026 => "TRF-2026",
        })
    }
}

/// A result class of the `162` scoring point system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreClass {
    /// `W`: win over the board or by forfeit, or full-point bye (default 1.0).
    Win,
    /// `D`: draw over the board or half-point bye (default 0.5).
    Draw,
    /// `L`: loss over the board (default 0.0).
    Loss,
    /// `A`: absence, zero-point bye or forfeit loss (default 0.0).
    Absence,
    /// `P`: pairing-allocated bye (default: as `W`).
    PairingBye,
    /// `X`: unknown result, e.g. an adjourned game (default: as `D`).
    Unknown,
}

impl ScoreClass {
    /// Reads the letter of the `162` record.
    pub fn from_char(c: char) -> Option<ScoreClass> {
        Some(match c {
            'W' => ScoreClass::Win,
            'D' => ScoreClass::Draw,
            'L' => ScoreClass::Loss,
            'A' => ScoreClass::Absence,
            'P' => ScoreClass::PairingBye,
            'X' => ScoreClass::Unknown,
            _ => return None,
        })
    }

    /// The letter as written.
    pub fn to_char(self) -> char {
        match self {
            ScoreClass::Win => 'W',
            ScoreClass::Draw => 'D',
            ScoreClass::Loss => 'L',
            ScoreClass::Absence => 'A',
            ScoreClass::PairingBye => 'P',
            ScoreClass::Unknown => 'X',
        }
    }
}

/// A National Rating Support line: the player's national data, linked to the
/// `001` line with the same start number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NationalLine {
    /// Rating federation, the three-letter FIDE code in columns 1–3.
    pub federation: String,
    /// Start number (columns 5–8) of the `001` line it belongs to.
    pub start_no: u32,
    /// National sex (column 10), if given.
    pub sex: Option<char>,
    /// National classification (columns 11–13), trimmed.
    pub classification: String,
    /// National name (columns 15–47), trimmed.
    pub name: String,
    /// National rating (columns 49–52).
    pub rating: Option<u32>,
    /// National origin: region, club or state (columns 54–56), trimmed.
    pub origin: String,
    /// National number (columns 58–68), trimmed, as written.
    pub national_id: String,
    /// Birth date (columns 70–79), trimmed, as written.
    pub birth_date: String,
}

/// The kind of a `240` bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// `F`: full-point bye.
    Full,
    /// `H`: half-point bye.
    Half,
    /// `Z`: zero-point bye.
    Zero,
}

impl ByeKind {
    /// The result code the bye has in a `001` round block.
    pub fn result(self) -> ResultCode {
        match self {
            ByeKind::Full => ResultCode::FullBye,
            ByeKind::Half => ResultCode::HalfBye,
            ByeKind::Zero => ResultCode::ZeroBye,
        }
    }

    pub(crate) fn letter(self) -> char {
        match self {
            ByeKind::Full => 'F',
            ByeKind::Half => 'H',
            ByeKind::Zero => 'Z',
        }
    }
}

/// A `240` record: players (or teams) given a bye in one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByeRecord {
    /// Column 5.
    pub kind: ByeKind,
    /// Round (columns 7–9).
    pub round: u32,
    /// Start numbers from column 11, four columns each, one blank between.
    pub ids: Vec<u32>,
}

/// A `250` record: fictitious points of an accelerated pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccelerationRecord {
    /// Fictitious match points (columns 5–8), team events only.
    pub match_points: Option<Points>,
    /// Fictitious game points (columns 10–13).
    pub game_points: Option<Points>,
    /// First round with the points (columns 15–17).
    pub first_round: u32,
    /// Last round with the points (columns 19–21).
    pub last_round: u32,
    /// First start number of the group (columns 23–26).
    pub first_id: u32,
    /// Last start number of the group (columns 28–31).
    pub last_id: u32,
}

/// A `260` record: players (or teams) who must not meet in a span of rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProhibitedRecord {
    /// First round (columns 5–7).
    pub first_round: u32,
    /// Last round (columns 9–11).
    pub last_round: u32,
    /// Start numbers from column 13, four columns each, one blank between.
    pub ids: Vec<u32>,
}

/// A `299` record: points assigned outside the normal results (a penalty, a
/// bonus, or a result the arbiter set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbnormalRecord {
    /// Column 5: `W D L F H Z + -`, or `None` (blank) for a penalty or bonus.
    pub kind: Option<char>,
    /// Match points (columns 8–11), team events only, in tenths (may be negative).
    pub match_points: Option<i32>,
    /// Game points, or points of an individual (columns 14–17), in tenths.
    pub points: Option<i32>,
    /// Round (columns 20–22); `None` (blank or `000`) means every round.
    pub round: Option<u32>,
    /// Start numbers from column 24, four columns each, one blank between.
    pub ids: Vec<u32>,
}
