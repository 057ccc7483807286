//! FIDE Tournament Report File (TRF-16, FIDE Handbook C.04 Annex 2, and
//! TRF-2026, see [`trf26`]) reading and writing, as a format-only document type.
//!
//! A [`TrfDocument`] is the sequence of lines of a file. Player lines (`001`),
//! the pairing-program extension lines used by JaVaFo and bbpPairings (`XXR`
//! total rounds, `XXC` initial colour / ranking flags, `XXS` point system,
//! `XXP` forbidden pairs) and the tournament header lines (`012` name, `022`
//! city, `032` federation, `042`/`052` dates, `062`/`072`/`082` counts, `092`
//! type, `102`/`112` arbiters, `122` time control, `132` round dates) are
//! typed; every other line is kept verbatim, so [`TrfDocument::write`] of a
//! parsed file reproduces a canonical file byte for byte and
//! `parse(write(doc)) == doc` always holds.
//!
//! `001` line layout (1-based columns): 1–3 `001`, 5–8 start number, 10 sex,
//! 11–13 title, 15–47 name, 49–52 rating, 54–56 federation, 58–68 FIDE id,
//! 70–79 birth date, 81–84 points, 86–89 rank, then one 10-column block per
//! round starting at column 92: 4 columns opponent start number (`0000` = no
//! opponent), a blank, colour (`w`, `b`, `-`), a blank, the result code.
//!
//! Parsing never panics; problems are reported as [`TrfError`] values with the
//! 1-based line and column and what was expected there. Semantic checks
//! across lines (unknown opponents, asymmetric rounds) are in
//! [`TrfDocument::check_consistency`].
//!
//! By file: this one the document model; [`date`] TRF dates; `parse` and
//! `player` reading (the `001` line apart), `write` writing, `document`
//! what a document answers (headers, extension lines, consistency),
//! `columns` the fixed-column helpers reading and writing share, and
//! [`trf26`] the 2026 edition's records.
use std::fmt;
use thiserror::Error;

mod columns;
pub mod date;
mod document;
mod parse;
mod player;
pub mod trf26;
mod write;

pub use parse::{decode, parse, parse_bytes, Encoding};
pub use trf26::{
    AbnormalRecord, AccelerationRecord, ByeKind, ByeRecord, NationalLine, ProhibitedRecord,
    ScoreClass, Version,
};

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
