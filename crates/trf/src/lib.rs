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
use std::fmt;
use thiserror::Error;

pub mod date;
pub mod trf26;

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

/// Header codes of TRF-16 (`012`-`132`); TRF-2026's are in
/// [`trf26::HEADER_CODES_2026`].
const HEADER_CODES: [&str; 13] = [
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
];

/// First column (1-based) of the round-block area in `001` lines.
pub const FIRST_ROUND_COLUMN: usize = 92;

fn err(
    line: usize,
    column: usize,
    field: &'static str,
    expected: &'static str,
    found: &str,
) -> TrfError {
    TrfError {
        line,
        column,
        kind: TrfErrorKind::Expected {
            field,
            expected,
            found: found.to_string(),
        },
    }
}

/// Characters of one line, with 1-based column access that pads with blanks.
struct Cols<'a> {
    chars: &'a [char],
}

impl Cols<'_> {
    /// Text of columns `from..=to` (1-based, inclusive), padded with blanks.
    fn get(&self, from: usize, to: usize) -> String {
        (from..=to)
            .map(|c| self.chars.get(c - 1).copied().unwrap_or(' '))
            .collect()
    }
}

fn parse_number<T: std::str::FromStr>(
    cols: &Cols<'_>,
    line: usize,
    from: usize,
    to: usize,
    field: &'static str,
    expected: &'static str,
) -> Result<Option<T>, TrfError> {
    let raw = cols.get(from, to);
    let t = raw.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        let off = raw
            .find(|c: char| !c.is_ascii_digit() && c != ' ')
            .unwrap_or(0);
        let col = from + raw[..off].chars().count();
        return Err(err(line, col, field, expected, &raw));
    }
    t.parse::<T>()
        .map(Some)
        .map_err(|_| err(line, from, field, expected, &raw))
}

fn expect_blank(
    cols: &Cols<'_>,
    line: usize,
    col: usize,
    field: &'static str,
) -> Result<(), TrfError> {
    let c = cols.get(col, col);
    if c != " " {
        return Err(err(line, col, field, "a blank separator", &c));
    }
    Ok(())
}

fn parse_player(chars: &[char], line: usize) -> Result<PlayerLine, TrfError> {
    let cols = Cols { chars };
    for col in [4, 9, 14, 48, 53, 57, 69, 80, 85] {
        expect_blank(&cols, line, col, "001 line")?;
    }
    let start_no: u32 = parse_number(
        &cols,
        line,
        5,
        8,
        "start number",
        "a number 1-9999 in columns 5-8",
    )?
    .filter(|&n: &u32| n > 0)
    .ok_or_else(|| {
        err(
            line,
            5,
            "start number",
            "a number 1-9999 in columns 5-8",
            &cols.get(5, 8),
        )
    })?;
    let sex = match cols.get(10, 10).chars().next().unwrap_or(' ') {
        ' ' => None,
        c if c.is_alphabetic() => Some(c),
        c => {
            return Err(err(
                line,
                10,
                "sex",
                "m, w or blank in column 10",
                &c.to_string(),
            ))
        }
    };
    let title = cols.get(11, 13).trim().to_string();
    let name = cols.get(15, 47).trim().to_string();
    let rating = parse_number::<u32>(&cols, line, 49, 52, "rating", "a rating in columns 49-52")?
        .filter(|&r| r > 0);
    let federation = cols.get(54, 56).trim().to_string();
    let fide_id = parse_number::<u64>(&cols, line, 58, 68, "FIDE id", "digits in columns 58-68")?;
    let birth_date = cols.get(70, 79).trim().to_string();
    let praw = cols.get(81, 84);
    let points = if praw.trim().is_empty() {
        Points(0)
    } else {
        Points::parse(&praw).ok_or_else(|| {
            err(
                line,
                81,
                "points",
                "points like 3.5 in columns 81-84",
                &praw,
            )
        })?
    };
    let rank = parse_number::<u32>(&cols, line, 86, 89, "rank", "a number in columns 86-89")?;
    for col in [90, 91] {
        expect_blank(&cols, line, col, "001 line")?;
    }
    let mut rounds = Vec::new();
    let mut start = FIRST_ROUND_COLUMN;
    while start <= chars.len() {
        let block = cols.get(start, start + 7);
        if block.trim().is_empty() {
            rounds.push(None);
        } else {
            let oraw = cols.get(start, start + 3);
            // `0000` is the standard "no opponent"; Lichess writes blanks instead.
            let opponent = if oraw == "0000" || oraw.trim().is_empty() {
                None
            } else {
                match parse_number::<u32>(
                    &cols,
                    line,
                    start,
                    start + 3,
                    "opponent",
                    "a start number or 0000",
                )? {
                    Some(0) | None => {
                        return Err(err(
                            line,
                            start,
                            "opponent",
                            "a start number or 0000",
                            &oraw,
                        ))
                    }
                    Some(n) => Some(n),
                }
            };
            expect_blank(&cols, line, start + 4, "round block")?;
            let colour = match cols.get(start + 5, start + 5).as_str() {
                "w" | "W" => Some(Colour::White),
                "b" | "B" => Some(Colour::Black),
                "-" | " " => None,
                other => return Err(err(line, start + 5, "colour", "w, b or -", other)),
            };
            expect_blank(&cols, line, start + 6, "round block")?;
            let rc = cols.get(start + 7, start + 7);
            let result =
                ResultCode::from_char(rc.chars().next().unwrap_or(' ')).ok_or_else(|| {
                    err(
                        line,
                        start + 7,
                        "result",
                        "one of 1 0 = + - W D L H F U Z",
                        &rc,
                    )
                })?;
            rounds.push(Some(RoundEntry {
                opponent,
                colour,
                result,
            }));
        }
        for col in [start + 8, start + 9] {
            if col <= chars.len() {
                expect_blank(&cols, line, col, "round block")?;
            }
        }
        start += 10;
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(PlayerLine {
        start_no,
        sex,
        title,
        name,
        rating,
        federation,
        fide_id,
        birth_date,
        points,
        rank,
        rounds,
    })
}

fn parse_line(raw: &str, line: usize) -> Result<TrfLine, TrfError> {
    // Trailing blanks and tabs carry nothing (some programs pad lines with them).
    let raw = raw.trim_end();
    let chars: Vec<char> = raw.chars().collect();
    let code: String = chars.iter().take(3).collect();
    let rest: String = chars.iter().skip(3).collect();
    match code.as_str() {
        "001" => parse_player(&chars, line).map(TrfLine::Player),
        "XXR" => {
            let t = rest.trim();
            let col = 4 + rest.len() - rest.trim_start().len();
            match t.parse::<u32>() {
                Ok(n) if n > 0 && n < 1000 => Ok(TrfLine::TotalRounds(n)),
                _ => Err(err(line, col, "XXR", "a number of rounds 1-999", t)),
            }
        }
        "XXC" => {
            let mut x = XxcLine::default();
            let mut col = 4;
            for piece in rest.split(' ') {
                if !piece.is_empty() {
                    match piece {
                        "white1" => x.initial_colour = Some(Colour::White),
                        "black1" => x.initial_colour = Some(Colour::Black),
                        "rank" => x.rank = true,
                        other => {
                            return Err(err(line, col, "XXC", "white1, black1 or rank", other))
                        }
                    }
                }
                col += piece.chars().count() + 1;
            }
            Ok(TrfLine::Xxc(x))
        }
        "XXS" => {
            let mut v = Vec::new();
            let mut col = 4;
            for piece in rest.split(' ') {
                if !piece.is_empty() {
                    let parsed = piece.split_once('=').and_then(|(k, p)| {
                        let ok = !k.is_empty() && k.chars().all(|c| c.is_ascii_uppercase());
                        Some((k.to_string(), Points::parse(p).filter(|_| ok)?))
                    });
                    match parsed {
                        Some(kv) => v.push(kv),
                        None => {
                            return Err(err(
                                line,
                                col,
                                "XXS",
                                "KEY=points such as WW=1 or D=0.5",
                                piece,
                            ))
                        }
                    }
                }
                col += piece.chars().count() + 1;
            }
            Ok(TrfLine::PointSystem(v))
        }
        "XXP" => {
            let mut v = Vec::new();
            let mut col = 4;
            for piece in rest.split(' ') {
                if !piece.is_empty() {
                    match piece.parse::<u32>() {
                        Ok(n) if n > 0 && n <= 9999 => v.push(n),
                        _ => return Err(err(line, col, "XXP", "start numbers", piece)),
                    }
                }
                col += piece.chars().count() + 1;
            }
            Ok(TrfLine::ForbiddenPairs(v))
        }
        "162" if chars.get(3).is_none_or(|c| *c == ' ') => trf26::parse_scoring(&chars, line),
        "240" if chars.get(3) == Some(&' ') => trf26::parse_bye(&chars, line),
        "250" if chars.get(3) == Some(&' ') => trf26::parse_acceleration(&chars, line),
        "260" if chars.get(3) == Some(&' ') => trf26::parse_prohibited(&chars, line),
        "299" if chars.get(3) == Some(&' ') => trf26::parse_abnormal(&chars, line),
        c if (HEADER_CODES.contains(&c) || trf26::HEADER_CODES_2026.contains(&c))
            && (chars.len() == 3 || chars[3] == ' ') =>
        {
            Ok(TrfLine::Header {
                code: code.clone(),
                text: chars
                    .iter()
                    .skip(4)
                    .collect::<String>()
                    .trim_end()
                    .to_string(),
            })
        }
        _ => match trf26::parse_national(&chars, line) {
            Some(national) => national,
            None => Ok(TrfLine::Other(raw.to_string())),
        },
    }
}

fn pad_right(s: &str, width: usize) -> String {
    let mut out: String = s.chars().take(width).collect();
    let n = out.chars().count();
    out.extend(std::iter::repeat_n(' ', width - n));
    out
}

/// The columns a player line (`001`) and a TRF-2026 national rating line
/// share, from the start number to the birth date.
pub(crate) struct IdentityColumns<'a> {
    pub start_no: u32,
    pub sex: Option<char>,
    pub title: &'a str,
    pub name: &'a str,
    pub rating: Option<u32>,
    pub federation: &'a str,
    pub id: &'a str,
    pub birth_date: &'a str,
}

/// Writes the shared columns 5–84 of a player or national rating line.
pub(crate) fn push_identity_columns(s: &mut String, c: &IdentityColumns) {
    s.push_str(&pad_left(&c.start_no.to_string(), 4));
    s.push(' ');
    s.push(c.sex.unwrap_or(' '));
    s.push_str(&pad_left(c.title, 3));
    s.push(' ');
    s.push_str(&pad_right(c.name, 33));
    s.push(' ');
    s.push_str(&pad_left(
        &c.rating.map(|r| r.to_string()).unwrap_or_default(),
        4,
    ));
    s.push(' ');
    s.push_str(&pad_right(c.federation, 3));
    s.push(' ');
    s.push_str(&pad_left(c.id, 11));
    s.push(' ');
    s.push_str(&pad_right(c.birth_date, 10));
}

fn pad_left(s: &str, width: usize) -> String {
    let n = s.chars().count();
    if n >= width {
        s.chars().take(width).collect()
    } else {
        format!("{}{}", " ".repeat(width - n), s)
    }
}

impl PlayerLine {
    /// A player line with the given start number and name and everything else
    /// empty.
    pub fn new(start_no: u32, name: &str) -> PlayerLine {
        PlayerLine {
            start_no,
            sex: None,
            title: String::new(),
            name: name.to_string(),
            rating: None,
            federation: String::new(),
            fide_id: None,
            birth_date: String::new(),
            points: Points(0),
            rank: None,
            rounds: Vec::new(),
        }
    }

    /// The line as written in a TRF file (no trailing blanks).
    pub fn to_line(&self) -> String {
        let mut s = String::with_capacity(100 + 10 * self.rounds.len());
        s.push_str("001 ");
        push_identity_columns(
            &mut s,
            &IdentityColumns {
                start_no: self.start_no,
                sex: self.sex,
                title: &self.title,
                name: &self.name,
                rating: self.rating,
                federation: &self.federation,
                id: &self.fide_id.map(|r| r.to_string()).unwrap_or_default(),
                birth_date: &self.birth_date,
            },
        );
        s.push(' ');
        s.push_str(&pad_left(&self.points.to_string(), 4));
        s.push(' ');
        s.push_str(&pad_left(
            &self.rank.map(|r| r.to_string()).unwrap_or_default(),
            4,
        ));
        for r in &self.rounds {
            s.push_str("  ");
            match r {
                None => s.push_str("        "),
                Some(e) => {
                    match e.opponent {
                        Some(o) => s.push_str(&pad_left(&o.to_string(), 4)),
                        None => s.push_str("0000"),
                    }
                    s.push(' ');
                    s.push(match e.colour {
                        Some(Colour::White) => 'w',
                        Some(Colour::Black) => 'b',
                        None => '-',
                    });
                    s.push(' ');
                    s.push(e.result.to_char());
                }
            }
        }
        s.trim_end().to_string()
    }
}

impl TrfLine {
    /// The line as written.
    pub fn to_line(&self) -> String {
        match self {
            TrfLine::Player(p) => p.to_line(),
            TrfLine::Header { code, text } => format!("{code} {text}").trim_end().to_string(),
            TrfLine::TotalRounds(n) => format!("XXR {n}"),
            TrfLine::Xxc(x) => {
                let mut s = String::from("XXC");
                match x.initial_colour {
                    Some(Colour::White) => s.push_str(" white1"),
                    Some(Colour::Black) => s.push_str(" black1"),
                    None => {}
                }
                if x.rank {
                    s.push_str(" rank");
                }
                s
            }
            TrfLine::PointSystem(v) => {
                let mut s = String::from("XXS");
                for (k, p) in v {
                    s.push_str(&format!(" {k}={}", trim_points(*p)));
                }
                s
            }
            TrfLine::ForbiddenPairs(v) => {
                let mut s = String::from("XXP");
                for n in v {
                    s.push_str(&format!(" {n}"));
                }
                s
            }
            TrfLine::Other(s) => s.clone(),
            record => trf26::write_record(record).unwrap_or_default(),
        }
    }
}

fn trim_points(p: Points) -> String {
    if p.0.is_multiple_of(10) {
        (p.0 / 10).to_string()
    } else {
        p.to_string()
    }
}

/// Parses a TRF document from text. Lines may end in `\n` or `\r\n`; a lone
/// `\r` (the form bbpPairings writes) also ends a line.
pub fn parse(text: &str) -> Result<TrfDocument, TrfError> {
    let mut lines = Vec::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut parts: Vec<&str> = normalised.split('\n').collect();
    if parts.last() == Some(&"") {
        parts.pop();
    }
    for (i, raw) in parts.iter().enumerate() {
        lines.push(parse_line(raw, i + 1)?);
    }
    Ok(TrfDocument { lines })
}

/// The character encoding a TRF file was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (plain ASCII included).
    Utf8,
    /// Not valid UTF-8, read as Latin-1 (ISO 8859-1), as older pairing programs write.
    Latin1,
}

/// Decodes a file's bytes: UTF-8 if valid, otherwise Latin-1.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), Encoding::Utf8),
        Err(_) => (
            bytes.iter().map(|&b| char::from(b)).collect(),
            Encoding::Latin1,
        ),
    }
}

/// Parses a TRF document from bytes: UTF-8 if valid, otherwise Latin-1 (the
/// encoding older pairing programs write); see [`decode`] to learn which.
pub fn parse_bytes(bytes: &[u8]) -> Result<TrfDocument, TrfError> {
    parse(&decode(bytes).0)
}

impl TrfDocument {
    /// Writes the document: one line per entry, `\n`-terminated.
    pub fn write(&self) -> String {
        let mut s = String::new();
        for l in &self.lines {
            s.push_str(&l.to_line());
            s.push('\n');
        }
        s
    }

    /// The player lines in file order.
    pub fn players(&self) -> impl Iterator<Item = &PlayerLine> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::Player(p) => Some(p),
            _ => None,
        })
    }

    /// Mutable access to the player lines in file order.
    pub fn players_mut(&mut self) -> impl Iterator<Item = &mut PlayerLine> {
        self.lines.iter_mut().filter_map(|l| match l {
            TrfLine::Player(p) => Some(p),
            _ => None,
        })
    }

    /// The 1-based line number of each player line, by start number.
    pub fn player_line_numbers(&self) -> Vec<(u32, usize)> {
        self.lines
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match l {
                TrfLine::Player(p) => Some((p.start_no, i + 1)),
                _ => None,
            })
            .collect()
    }

    /// Text of a header line (`"012"` = tournament name), if present.
    pub fn header(&self, code: &str) -> Option<&str> {
        self.lines.iter().find_map(|l| match l {
            TrfLine::Header { code: c, text } if c == code => Some(text.as_str()),
            _ => None,
        })
    }

    /// Tournament name (`012`).
    pub fn name(&self) -> Option<&str> {
        self.header("012")
    }

    /// Total rounds from `XXR`.
    pub fn total_rounds(&self) -> Option<u32> {
        self.lines
            .iter()
            .find_map(|l| match l {
                TrfLine::TotalRounds(n) => Some(*n),
                _ => None,
            })
            .or_else(|| {
                // TRF-2026 writes the number of rounds in `142`.
                let n = self.header("142")?.trim().parse::<u32>().ok()?;
                (1..1000).contains(&n).then_some(n)
            })
    }

    /// The `XXC` options (defaults if absent); without `XXC`, TRF-2026's `152`
    /// (`W` or `B`) gives the initial colour.
    pub fn xxc(&self) -> XxcLine {
        self.lines
            .iter()
            .find_map(|l| match l {
                TrfLine::Xxc(x) => Some(x.clone()),
                _ => None,
            })
            .unwrap_or_else(|| XxcLine {
                initial_colour: match self.header("152").map(str::trim) {
                    Some("W" | "w") => Some(Colour::White),
                    Some("B" | "b") => Some(Colour::Black),
                    _ => None,
                },
                rank: false,
            })
    }

    /// All `XXS` key/value pairs, in file order.
    pub fn point_system(&self) -> Vec<(String, Points)> {
        self.lines
            .iter()
            .filter_map(|l| match l {
                TrfLine::PointSystem(v) => Some(v.clone()),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// All forbidden pairs from `XXP` lines (each line forbids every pair of
    /// its members).
    pub fn forbidden_pairs(&self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for l in &self.lines {
            if let TrfLine::ForbiddenPairs(v) = l {
                for (i, &a) in v.iter().enumerate() {
                    for &b in &v[i + 1..] {
                        if a != b {
                            out.push((a.min(b), a.max(b)));
                        }
                    }
                }
            }
        }
        out
    }

    /// The edition the document follows: TRF-2026 when it has any record only
    /// TRF-2026 defines, TRF-16 otherwise.
    pub fn version(&self) -> Version {
        trf26::detect_version(self)
    }

    /// The document in the given edition (see [`trf26`] for what each
    /// conversion moves where); the player lines and their round blocks are
    /// the same in both.
    pub fn to_version(&self, version: Version) -> TrfDocument {
        match version {
            Version::Trf16 => trf26::to_trf16(self),
            Version::Trf2026 => trf26::to_trf2026(self),
        }
    }

    /// The TRF-2026 `162` point system, in file order (empty when absent).
    pub fn scoring(&self) -> Vec<(ScoreClass, Points)> {
        self.lines
            .iter()
            .filter_map(|l| match l {
                TrfLine::Scoring(v) => Some(v.clone()),
                _ => None,
            })
            .flatten()
            .collect()
    }

    /// The TRF-2026 National Rating Support lines.
    pub fn national_lines(&self) -> impl Iterator<Item = &NationalLine> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::National(n) => Some(n),
            _ => None,
        })
    }

    /// The TRF-2026 `240` bye records.
    pub fn bye_records(&self) -> impl Iterator<Item = &ByeRecord> {
        self.lines.iter().filter_map(|l| match l {
            TrfLine::Bye(b) => Some(b),
            _ => None,
        })
    }

    /// The codes of the team-section records present (`013`, `300`, `310`,
    /// `320`, `330`, `801`, `802`), each once, in file order: a team event.
    pub fn team_records(&self) -> Vec<&'static str> {
        let mut found = Vec::new();
        for l in &self.lines {
            if let TrfLine::Other(s) = l {
                if let Some(code) = trf26::TEAM_CODES
                    .iter()
                    .find(|c| s.starts_with(*c) && s.chars().nth(3).is_none_or(|x| x == ' '))
                {
                    if !found.contains(code) {
                        found.push(*code);
                    }
                }
            }
        }
        found
    }

    /// The pairs that must not meet in `round`: every pair of each `XXP` line,
    /// and of each TRF-2026 `260` record whose span of rounds includes `round`.
    pub fn forbidden_pairs_in_round(&self, round: u32) -> Vec<(u32, u32)> {
        let mut out = self.forbidden_pairs();
        for l in &self.lines {
            if let TrfLine::Prohibited(p) = l {
                if (p.first_round..=p.last_round).contains(&round) {
                    for (i, &a) in p.ids.iter().enumerate() {
                        for &b in &p.ids[i + 1..] {
                            if a != b {
                                out.push((a.min(b), a.max(b)));
                            }
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Number of round columns used by any player.
    pub fn rounds_present(&self) -> usize {
        self.players().map(|p| p.rounds.len()).max().unwrap_or(0)
    }

    /// Cross-line checks: duplicate start numbers, unknown opponents,
    /// self-pairings, and every game mirrored by the opponent's block in the
    /// same round (same opponent back, opposite colours, complementary
    /// results). Returns every problem found (line/column of the block).
    pub fn check_consistency(&self) -> Vec<TrfError> {
        let mut errors = Vec::new();
        let mut by_no: std::collections::HashMap<u32, (usize, &PlayerLine)> = Default::default();
        for (i, l) in self.lines.iter().enumerate() {
            if let TrfLine::Player(p) = l {
                if by_no.insert(p.start_no, (i + 1, p)).is_some() {
                    errors.push(TrfError {
                        line: i + 1,
                        column: 5,
                        kind: TrfErrorKind::DuplicateStartNumber(p.start_no),
                    });
                }
            }
        }
        for (i, l) in self.lines.iter().enumerate() {
            let TrfLine::Player(p) = l else { continue };
            for (r, e) in p.rounds.iter().enumerate() {
                let Some(e) = e else { continue };
                let Some(o) = e.opponent else { continue };
                let column = FIRST_ROUND_COLUMN + 10 * r;
                let at = |kind| TrfError {
                    line: i + 1,
                    column,
                    kind,
                };
                if o == p.start_no {
                    errors.push(at(TrfErrorKind::SelfPairing {
                        round: r + 1,
                        player: o,
                    }));
                    continue;
                }
                let Some((_, q)) = by_no.get(&o) else {
                    errors.push(at(TrfErrorKind::UnknownOpponent {
                        round: r + 1,
                        opponent: o,
                    }));
                    continue;
                };
                let asym = |detail| TrfErrorKind::AsymmetricRound {
                    round: r + 1,
                    player: p.start_no,
                    opponent: o,
                    detail,
                };
                match q.rounds.get(r).and_then(|x| x.as_ref()) {
                    Some(qe) if qe.opponent == Some(p.start_no) => {
                        let colours_ok = match (e.colour, qe.colour) {
                            (Some(a), Some(b)) => a != b,
                            (None, None) => true,
                            _ => false,
                        };
                        if !colours_ok {
                            errors.push(at(asym("colours are not opposite")));
                        } else if e.result.complement() != Some(qe.result)
                            && !(e.result == ResultCode::ForfeitLoss
                                && qe.result == ResultCode::ForfeitLoss)
                        {
                            errors.push(at(asym("results are not complementary")));
                        }
                    }
                    _ => errors.push(at(asym("the opponent's block names someone else"))),
                }
            }
        }
        errors
    }
}

impl std::str::FromStr for TrfDocument {
    type Err = TrfError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "012 Test Open\n042 2026/01/10\nXXR 3\nXXC white1\n\
001    1 m GM Alpha, Anna                       2500 FIN     1234567 1990/01/01  2.0    1     2 w 1     3 b 1\n\
001    2 w    Beta, Bob                         2400 SWE                         0.0    3     1 b 0  0000 - -\n\
001    3      Gamma                                                              1.0    2  0000 - U     1 w 0\n";

    fn set_col(line: &str, col: usize, c: char) -> String {
        line.chars()
            .enumerate()
            .map(|(i, x)| if i + 1 == col { c } else { x })
            .collect()
    }

    #[test]
    fn parses_and_round_trips() {
        let d = parse(SAMPLE).unwrap();
        assert_eq!(d.write(), SAMPLE);
        assert_eq!(d.total_rounds(), Some(3));
        assert_eq!(d.xxc().initial_colour, Some(Colour::White));
        let p: Vec<_> = d.players().collect();
        assert_eq!(p[0].name, "Alpha, Anna");
        assert_eq!(p[0].title, "GM");
        assert_eq!(p[0].fide_id, Some(1234567));
        assert_eq!(p[0].points, Points(20));
        assert_eq!(
            p[2].rounds[0].as_ref().unwrap().result,
            ResultCode::PairingBye
        );
        assert_eq!(parse(&d.write()).unwrap(), d);
        assert!(d.check_consistency().is_empty());
    }

    #[test]
    fn errors_have_line_and_column() {
        let good = SAMPLE.lines().nth(4).unwrap();
        let bad = format!("012 X\n{}\n", set_col(good, 60, 'x'));
        let e = parse(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (2, 60), "{e}");
        let bad = set_col(good, 97, 'q');
        let e = parse(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (1, 97));
        assert!(e.to_string().contains("line 1, column 97"));
        let bad = set_col(good, 99, '7');
        assert_eq!(parse(&bad).unwrap_err().column, 99);
        let e = parse("XXR x\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
        let e = parse("001 abcd\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
    }

    #[test]
    fn crlf_latin1_and_bbp_line_endings() {
        let crlf = SAMPLE.replace('\n', "\r\n");
        assert_eq!(parse(&crlf).unwrap(), parse(SAMPLE).unwrap());
        let cr = SAMPLE.replace('\n', "\r");
        assert_eq!(parse(&cr).unwrap(), parse(SAMPLE).unwrap());
        // Latin-1 bytes (0xD6 = Ö) are decoded when the file is not UTF-8.
        let mut bytes = SAMPLE.replace("Gamma", "\u{0}hman").into_bytes();
        let at = bytes.iter().position(|&b| b == 0).unwrap();
        bytes[at] = 0xD6;
        let d = parse_bytes(&bytes).unwrap();
        assert_eq!(d.players().nth(2).unwrap().name, "Öhman");
        // Unknown lines are kept verbatim.
        let with_other = format!("{SAMPLE}999 something else\n");
        assert_eq!(parse(&with_other).unwrap().write(), with_other);
    }

    #[test]
    fn trf_2026_rounds_and_initial_colour() {
        let text = "012 Spring\n### a comment line\n142 7\n152 B\n";
        let d = parse(text).unwrap();
        assert_eq!(d.total_rounds(), Some(7));
        assert_eq!(d.xxc().initial_colour, Some(Colour::Black));
        assert_eq!(d.write(), text);
        // XXR and XXC win when both are present.
        let both = parse(&format!("{text}XXR 9\nXXC white1\n")).unwrap();
        assert_eq!(both.total_rounds(), Some(9));
        assert_eq!(both.xxc().initial_colour, Some(Colour::White));
    }

    #[test]
    fn blank_opponent_is_no_opponent() {
        // Lichess writes a bye as a blank opponent and colour with `U`.
        let line = format!(
            "001 {:>4} {:1}{:>3} {:<33} 1500 {:<3} {:>11} {:<10}  1.0 {:>4}  {:>8}",
            2, "", "", " tester", "", "", "", "", "U"
        );
        let line = line.as_str();
        let d = parse(line).unwrap();
        let p = d.players().next().unwrap();
        let bye = p.rounds[0].as_ref().unwrap();
        assert_eq!(
            (bye.opponent, bye.colour, bye.result),
            (None, None, ResultCode::PairingBye)
        );
        assert!(p.to_line().ends_with("0000 - U"));
    }

    #[test]
    fn consistency_errors() {
        let text = SAMPLE.replace("     3 b 1", "     3 w 1");
        let d = parse(&text).unwrap();
        let errs = d.check_consistency();
        assert!(errs
            .iter()
            .any(|e| matches!(e.kind, TrfErrorKind::AsymmetricRound { round: 2, .. })));
        let text = SAMPLE.replace("     3 b 1", "     9 b 1");
        let errs = parse(&text).unwrap().check_consistency();
        assert!(matches!(
            errs[0].kind,
            TrfErrorKind::UnknownOpponent { opponent: 9, .. }
        ));
        assert_eq!(errs[0].column, 102);
    }
}

#[cfg(test)]
mod proptests {
    use super::*;
    use proptest::prelude::*;

    const LINE: &str = "001    1 m GM Alpha, Anna                       2500 FIN     1234567 1990/01/01  2.0    1     2 w 1     3 b 1";

    proptest! {
        #[test]
        fn parser_never_panics(s in "\\PC{0,300}") {
            let _ = parse(&s);
        }

        #[test]
        fn mutated_trf2026_records_never_panic(which in 0usize..7, pos in 0usize..60, c in proptest::char::any()) {
            const RECORDS: [&str; 7] = [
                "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0",
                "FIN    1 w    Alpha, Anna                       1850 HEL       12345 1990/05/17",
                "240 H   3    1   17",
                "250       1.0   1   2    1    2",
                "260   1   3    1    4",
                "299     -1.0 -1.5  003    2    7",
                "142 3",
            ];
            let mut chars: Vec<char> = RECORDS[which].chars().collect();
            if pos < chars.len() { chars[pos] = c; } else { chars.push(c); }
            let line: String = chars.into_iter().collect();
            if let Ok(d) = parse(&line) {
                let again = parse(&d.write()).unwrap();
                prop_assert_eq!(&again, &d);
                let _ = d.to_version(Version::Trf16).write();
                let _ = d.to_version(Version::Trf2026).write();
            }
        }

        #[test]
        fn mutated_player_lines_never_panic(pos in 0usize..120, c in proptest::char::any(), prefix in "(001|XXR|XXC|XXS|XXP|012|162|240|250|260|299|FIN|142| {3})") {
            let mut chars: Vec<char> = LINE.chars().collect();
            if pos < chars.len() { chars[pos] = c; } else { chars.push(c); }
            let line: String = chars.into_iter().collect();
            let line = format!("{prefix}{}", line.chars().skip(3).collect::<String>());
            if let Ok(d) = parse(&line) {
                let again = parse(&d.write()).unwrap();
                prop_assert_eq!(again, d);
            }
        }
    }
}
