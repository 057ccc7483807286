//! The handicap survey: a human-editable CSV matrix of opinions.
//!
//! ```text
//! ,go-aalto,go-berg,go-carlsson,go-dahl
//! go-aalto,,0,-8,-5
//! go-berg,0,,-8,-4
//! go-carlsson,8,7,,2
//! go-dahl,5,5,-2,
//! ```
//!
//! - The header row starts with an empty corner cell, then one player id per
//!   column. Each following row starts with a player id, in the same order as
//!   the columns, so that each player's own cell is on the diagonal.
//! - A cell holds the row player's opinion of the handicap for an even game
//!   against the column player, in whole stones: positive when the row player
//!   *receives* stones, negative when they *give* them, `0` for an even game,
//!   empty for no opinion. The diagonal must be empty or `0`.
//! - Handicaps are bounded by [`MAX_HANDICAP_STONES`] either way: the largest
//!   handicaps placed in practice (25 stones for a complete beginner); a larger
//!   number is almost surely a typo or points instead of stones.
//! - Cells are trimmed; lines starting with `#` are comments; all-empty rows
//!   and trailing empty columns (as spreadsheets export them) are ignored.
//!
//! Errors name the file, the 1-based CSV line and the 1-based CSV column (the
//! field number, the row id being column 1) and carry a fix hint.

// Survey errors are large (they carry a location and a hint) but cold: one
// per failed parse, so they are not boxed.
#![allow(clippy::result_large_err)]

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

/// The largest handicap (in stones, either way) a survey cell may hold.
pub const MAX_HANDICAP_STONES: i64 = 25;

/// Where in a survey file something is: file, 1-based CSV line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The file name as given.
    pub file: String,
    /// 1-based line of the CSV record.
    pub line: u64,
    /// 1-based CSV column (field number; the row id is column 1).
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// A malformed survey. Every variant except [`SurveyError::Io`] names the
/// place in the file; all carry a fix hint (shown as the diagnostic's help).
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum SurveyError {
    /// The file could not be read.
    #[error("cannot read survey {file}: {source}")]
    Io {
        /// The file name.
        file: String,
        /// The I/O error.
        source: std::io::Error,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// The CSV itself is malformed.
    #[error("{at}: cannot read the CSV: {message}")]
    Csv {
        /// Where.
        at: Location,
        /// The CSV reader's message.
        message: String,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// No header or no players.
    #[error("{at}: the survey names no players")]
    Empty {
        /// Where.
        at: Location,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// The header row does not start with an empty corner cell.
    #[error("{at}: the header row must start with an empty cell, found `{found}`")]
    Corner {
        /// Where.
        at: Location,
        /// The text found in the corner.
        found: String,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// A header cell or a row's first cell is empty.
    #[error("{at}: empty player id")]
    EmptyId {
        /// Where.
        at: Location,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// An id that is not a lowercase slug.
    #[error("{at}: `{id}` is not a player id")]
    InvalidId {
        /// Where.
        at: Location,
        /// The text found.
        id: String,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// An id not among the known players.
    #[error("{at}: unknown player id `{id}`")]
    UnknownId {
        /// Where.
        at: Location,
        /// The unknown id.
        id: String,
        /// The closest known id, if any is close.
        suggestion: Option<String>,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// The same id twice in the header or among the rows.
    #[error(
        "{at}: player `{id}` appears twice (first at line {first_line}, column {first_column})"
    )]
    DuplicateId {
        /// Where the second one is.
        at: Location,
        /// The id.
        id: String,
        /// Line of the first one.
        first_line: u64,
        /// Column of the first one.
        first_column: usize,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// A row with more or fewer cells than players in the header.
    #[error("{at}: the survey is not square: row `{id}` has {found} opinion cells but the header names {expected} players")]
    RowLength {
        /// Where the first missing or extra cell is.
        at: Location,
        /// The row's id.
        id: String,
        /// Opinion cells in the row.
        found: usize,
        /// Players in the header.
        expected: usize,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// Fewer rows than players in the header.
    #[error("{at}: the survey is not square: the header names {expected} players but there are {found} rows; no row for `{id}`")]
    MissingRows {
        /// The header cell of the first player without a row.
        at: Location,
        /// The first player without a row.
        id: String,
        /// Rows found.
        found: usize,
        /// Players in the header.
        expected: usize,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// A row for a player who has no column.
    #[error("{at}: row `{id}` has no column in the header")]
    RowNotInHeader {
        /// Where.
        at: Location,
        /// The row's id.
        id: String,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// Rows not in the header's order.
    #[error(
        "{at}: row {row} is for `{id}` but column {header_column} of the header is `{expected}`"
    )]
    RowOrder {
        /// Where.
        at: Location,
        /// 1-based row number among the opinion rows.
        row: usize,
        /// The row's id.
        id: String,
        /// The header column that should match.
        header_column: usize,
        /// The id in that header column.
        expected: String,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// A cell that is not a number.
    #[error("{at}: `{cell}` is not a handicap (row `{row}`, column `{column}`)")]
    NonNumeric {
        /// Where.
        at: Location,
        /// The cell's text.
        cell: String,
        /// The row player.
        row: String,
        /// The column player.
        column: String,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// A number that is not a whole number of stones.
    #[error(
        "{at}: handicap `{cell}` is not a whole number of stones (row `{row}`, column `{column}`)"
    )]
    NonInteger {
        /// Where.
        at: Location,
        /// The cell's text.
        cell: String,
        /// The row player.
        row: String,
        /// The column player.
        column: String,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// A handicap beyond [`MAX_HANDICAP_STONES`].
    #[error("{at}: handicap `{cell}` is out of range (row `{row}`, column `{column}`): at most {max} stones either way")]
    Absurd {
        /// Where.
        at: Location,
        /// The cell's text.
        cell: String,
        /// The row player.
        row: String,
        /// The column player.
        column: String,
        /// The bound.
        max: i64,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// A nonzero opinion of a player about themself.
    #[error("{at}: `{id}`'s own cell on the diagonal must be empty or 0, found `{cell}`")]
    Diagonal {
        /// Where.
        at: Location,
        /// The player.
        id: String,
        /// The cell's text.
        cell: String,
        /// How to fix it.
        #[help]
        hint: String,
    },
}

impl SurveyError {
    /// Where the error is, when it is in the file's text.
    pub fn location(&self) -> Option<&Location> {
        match self {
            SurveyError::Io { .. } => None,
            SurveyError::Csv { at, .. }
            | SurveyError::Empty { at, .. }
            | SurveyError::Corner { at, .. }
            | SurveyError::EmptyId { at, .. }
            | SurveyError::InvalidId { at, .. }
            | SurveyError::UnknownId { at, .. }
            | SurveyError::DuplicateId { at, .. }
            | SurveyError::RowLength { at, .. }
            | SurveyError::MissingRows { at, .. }
            | SurveyError::RowNotInHeader { at, .. }
            | SurveyError::RowOrder { at, .. }
            | SurveyError::NonNumeric { at, .. }
            | SurveyError::NonInteger { at, .. }
            | SurveyError::Absurd { at, .. }
            | SurveyError::Diagonal { at, .. } => Some(at),
        }
    }

    /// The fix hint.
    pub fn hint(&self) -> &str {
        match self {
            SurveyError::Io { hint, .. }
            | SurveyError::Csv { hint, .. }
            | SurveyError::Empty { hint, .. }
            | SurveyError::Corner { hint, .. }
            | SurveyError::EmptyId { hint, .. }
            | SurveyError::InvalidId { hint, .. }
            | SurveyError::UnknownId { hint, .. }
            | SurveyError::DuplicateId { hint, .. }
            | SurveyError::RowLength { hint, .. }
            | SurveyError::MissingRows { hint, .. }
            | SurveyError::RowNotInHeader { hint, .. }
            | SurveyError::RowOrder { hint, .. }
            | SurveyError::NonNumeric { hint, .. }
            | SurveyError::NonInteger { hint, .. }
            | SurveyError::Absurd { hint, .. }
            | SurveyError::Diagonal { hint, .. } => hint,
        }
    }
}

/// A parsed, validated survey: `n` player ids and an `n × n` matrix of
/// opinions in stones (`None` = no opinion; the diagonal is always `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Survey {
    source: String,
    ids: Vec<String>,
    opinions: Vec<Vec<Option<i32>>>,
}

impl Survey {
    /// Reads and parses a survey file; see [`Survey::parse`].
    pub fn from_path(path: &Path, known_ids: Option<&[String]>) -> Result<Survey, SurveyError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| SurveyError::Io {
            hint: if source.kind() == std::io::ErrorKind::InvalidData {
                "save the survey as UTF-8 text (CSV)".to_string()
            } else {
                "check the path of the survey file".to_string()
            },
            file: file.clone(),
            source,
        })?;
        Survey::parse(&file, &text, known_ids)
    }

    /// Parses survey text. `file` is used in error messages and as the
    /// survey's source. When `known_ids` is given, every id must be in it
    /// (unknown ids get the closest known id as a suggestion).
    pub fn parse(
        file: &str,
        text: &str,
        known_ids: Option<&[String]>,
    ) -> Result<Survey, SurveyError> {
        Parser { file, known_ids }.parse(text)
    }

    /// The source file name as given to the parser.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The player ids, in header order.
    pub fn ids(&self) -> &[String] {
        &self.ids
    }

    /// Number of players.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the survey has no players (never true for a parsed survey).
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Player `i`'s opinion of the handicap against player `j`, in stones.
    pub fn opinion(&self, i: usize, j: usize) -> Option<i32> {
        self.opinions
            .get(i)
            .and_then(|row| row.get(j))
            .copied()
            .flatten()
    }

    /// The opinion matrix, row = whose opinion.
    pub fn opinions(&self) -> &[Vec<Option<i32>>] {
        &self.opinions
    }

    /// The opinion matrix as floating point, for [`super::estimate`].
    pub fn matrix(&self) -> Vec<Vec<Option<f64>>> {
        self.opinions
            .iter()
            .map(|row| row.iter().map(|cell| cell.map(f64::from)).collect())
            .collect()
    }

    /// Number of opinions given (non-empty off-diagonal cells).
    pub fn opinion_count(&self) -> usize {
        self.opinions
            .iter()
            .flatten()
            .filter(|c| c.is_some())
            .count()
    }
}

/// The known id closest to `id` by edit distance, if it is close enough to be
/// a plausible typo (at most a third of the id's length, at least 2 edits).
pub fn closest_id<'a, I>(id: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let limit = (id.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(id, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Whether `id` is a player id: a lowercase slug `[a-z0-9]+(-[a-z0-9]+)*`.
pub fn is_player_id(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

struct Parser<'a> {
    file: &'a str,
    known_ids: Option<&'a [String]>,
}

/// One CSV record: its line, its cells without trailing empty ones, and its
/// original number of fields.
struct Record {
    line: u64,
    cells: Vec<String>,
    fields: usize,
}

const ID_HINT: &str =
    "player ids are lowercase slugs like `ikonen-jussi`: the player file's name without `.toml`";
const EMPTY_HINT: &str = "the first row lists the player ids after an empty corner cell (`,go-a,go-b`); each following row starts with a player id and holds that player's opinions";
const CELL_HINT: &str = "write the handicap in whole stones: positive when the row's player receives stones (`3`), negative when they give them (`-3`), `0` for an even game, or leave the cell empty for no opinion";

impl Parser<'_> {
    fn at(&self, line: u64, column: usize) -> Location {
        Location {
            file: self.file.to_string(),
            line,
            column,
        }
    }

    fn records(&self, text: &str) -> Result<Vec<Record>, SurveyError> {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(csv::Trim::All)
            .comment(Some(b'#'))
            .from_reader(text.as_bytes());
        let mut records = Vec::new();
        for result in reader.records() {
            let record = result.map_err(|e| {
                let line = e.position().map(|p| p.line()).unwrap_or(1);
                SurveyError::Csv {
                    at: self.at(line, 1),
                    message: e.to_string(),
                    hint: "check the quotes and separators on this line; cells are separated by commas"
                        .to_string(),
                }
            })?;
            let line = record.position().map(|p| p.line()).unwrap_or(1);
            let fields = record.len();
            let mut cells: Vec<String> = record.iter().map(str::to_string).collect();
            // Spreadsheets pad rows with empty cells and export empty rows.
            while cells.last().is_some_and(|c| c.is_empty()) {
                cells.pop();
            }
            if !cells.is_empty() {
                records.push(Record {
                    line,
                    cells,
                    fields,
                });
            }
        }
        Ok(records)
    }

    fn check_id(&self, id: &str, at: Location) -> Result<(), SurveyError> {
        if id.is_empty() {
            return Err(SurveyError::EmptyId {
                at,
                hint: "every header cell after the corner and the first cell of every row name a player id"
                    .to_string(),
            });
        }
        if !is_player_id(id) {
            return Err(SurveyError::InvalidId {
                at,
                id: id.to_string(),
                hint: ID_HINT.to_string(),
            });
        }
        if let Some(known) = self.known_ids {
            if !known.iter().any(|k| k == id) {
                let suggestion =
                    closest_id(id, known.iter().map(String::as_str)).map(str::to_string);
                let hint = match &suggestion {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!("no player file `{id}.toml`: add the player or fix the id"),
                };
                return Err(SurveyError::UnknownId {
                    at,
                    id: id.to_string(),
                    suggestion,
                    hint,
                });
            }
        }
        Ok(())
    }

    /// The survey of `text`: the header's ids, then each row's opinions,
    /// one row per id in the header's order.
    fn parse(&self, text: &str) -> Result<Survey, SurveyError> {
        let records = self.records(text)?;
        let Some((header, rows)) = records.split_first() else {
            return Err(SurveyError::Empty {
                at: self.at(1, 1),
                hint: EMPTY_HINT.to_string(),
            });
        };
        let ids = self.header_ids(header)?;
        let n = ids.len();
        let columns: HashMap<&str, usize> = ids
            .iter()
            .enumerate()
            .map(|(j, id)| (id.as_str(), j))
            .collect();
        let mut opinions: Vec<Vec<Option<i32>>> = Vec::with_capacity(n);
        let mut seen_rows: HashMap<&str, u64> = HashMap::new();
        for (i, record) in rows.iter().enumerate() {
            self.check_row_id(record, i, &ids, &columns, &mut seen_rows)?;
            opinions.push(self.row_opinions(record, i, &ids)?);
        }
        if opinions.len() < n {
            let missing = opinions.len();
            return Err(SurveyError::MissingRows {
                at: self.at(header.line, missing + 2),
                id: ids[missing].clone(),
                found: missing,
                expected: n,
                hint: format!(
                    "add a row for every player in the header, in the same order; a row with empty cells (`{}{}`) means no opinions",
                    ids[missing],
                    ",".repeat(n)
                ),
            });
        }
        Ok(Survey {
            source: self.file.to_string(),
            ids,
            opinions,
        })
    }

    /// The player ids of the header row, after its empty corner cell: at
    /// least one, each valid and known, none twice.
    fn header_ids(&self, header: &Record) -> Result<Vec<String>, SurveyError> {
        let corner = &header.cells[0];
        if !corner.is_empty() {
            return Err(SurveyError::Corner {
                at: self.at(header.line, 1),
                found: corner.clone(),
                hint: format!(
                    "put an empty cell in the corner above the row ids: the header row reads `,{}`",
                    header.cells.join(",")
                ),
            });
        }
        let ids: Vec<String> = header.cells[1..].to_vec();
        if ids.is_empty() {
            return Err(SurveyError::Empty {
                at: self.at(header.line, 2),
                hint: EMPTY_HINT.to_string(),
            });
        }
        let mut columns: HashMap<&str, usize> = HashMap::new();
        for (j, id) in ids.iter().enumerate() {
            let at = self.at(header.line, j + 2);
            self.check_id(id, at.clone())?;
            if let Some(&first) = columns.get(id.as_str()) {
                return Err(SurveyError::DuplicateId {
                    at,
                    id: id.clone(),
                    first_line: header.line,
                    first_column: first + 2,
                    hint: "each player gets exactly one column and one row; remove or merge the duplicate"
                        .to_string(),
                });
            }
            columns.insert(id, j);
        }
        Ok(ids)
    }

    /// Checks the id of the `i`-th row (0-based): valid and known, not a
    /// row's before (`seen_rows`, noted here), in the header (`columns`)
    /// and at the header's place for it.
    fn check_row_id<'r>(
        &self,
        record: &'r Record,
        i: usize,
        ids: &[String],
        columns: &HashMap<&str, usize>,
        seen_rows: &mut HashMap<&'r str, u64>,
    ) -> Result<(), SurveyError> {
        let id = record.cells[0].as_str();
        let at = self.at(record.line, 1);
        self.check_id(id, at.clone())?;
        if let Some(&first_line) = seen_rows.get(id) {
            return Err(SurveyError::DuplicateId {
                at,
                id: id.to_string(),
                first_line,
                first_column: 1,
                hint:
                    "each player gets exactly one row and one column; remove or merge the duplicate"
                        .to_string(),
            });
        }
        seen_rows.insert(id, record.line);
        if !columns.contains_key(id) {
            return Err(SurveyError::RowNotInHeader {
                at,
                id: id.to_string(),
                hint: format!(
                    "add `{id}` to the header row (as column {}) or remove this row; rows and columns list the same players",
                    ids.len() + 2
                ),
            });
        }
        if ids[i] != id {
            return Err(SurveyError::RowOrder {
                at,
                row: i + 1,
                id: id.to_string(),
                header_column: i + 2,
                expected: ids[i].clone(),
                hint: "list the rows in the same order as the header's columns, so that each player's own cell is on the diagonal"
                    .to_string(),
            });
        }
        Ok(())
    }

    /// The opinions of the `i`-th row (0-based), one per header id: neither
    /// more cells than ids nor fewer fields (trailing empty cells aside).
    fn row_opinions(
        &self,
        record: &Record,
        i: usize,
        ids: &[String],
    ) -> Result<Vec<Option<i32>>, SurveyError> {
        let n = ids.len();
        let id = record.cells[0].as_str();
        let cells = &record.cells[1..];
        if cells.len() > n {
            return Err(SurveyError::RowLength {
                at: self.at(record.line, n + 2),
                id: id.to_string(),
                found: cells.len(),
                expected: n,
                hint: format!(
                    "remove the extra cells after column {}: every row has one cell per player in the header",
                    n + 1
                ),
            });
        }
        let mut row = Vec::with_capacity(n);
        for (j, cell) in cells.iter().enumerate() {
            row.push(self.cell(cell, record.line, i, j, ids)?);
        }
        // Trailing empty cells may have been trimmed; a row that is
        // genuinely short (not just ending in empty cells) is an error.
        let raw_len = record.fields.saturating_sub(1);
        if raw_len < n {
            return Err(SurveyError::RowLength {
                at: self.at(record.line, raw_len + 2),
                id: id.to_string(),
                found: raw_len,
                expected: n,
                hint: format!(
                    "give every row one cell per player in the header, leaving a cell empty for no opinion (e.g. `{id}{}`)",
                    ",".repeat(n)
                ),
            });
        }
        row.resize(n, None);
        Ok(row)
    }

    fn cell(
        &self,
        text: &str,
        line: u64,
        i: usize,
        j: usize,
        ids: &[String],
    ) -> Result<Option<i32>, SurveyError> {
        if text.is_empty() {
            return Ok(None);
        }
        let at = self.at(line, j + 2);
        let row = ids[i].clone();
        let column = ids[j].clone();
        let normalized = text.replace('\u{2212}', "-");
        let value = match parse_stones(&normalized) {
            Stones::Whole(v) => v,
            Stones::OutOfRange => {
                return Err(SurveyError::Absurd {
                    at,
                    cell: text.to_string(),
                    row,
                    column,
                    max: MAX_HANDICAP_STONES,
                    hint: format!(
                        "handicaps are counted in stones (-{m}..{m}), not points or grades; fix the typo or leave the cell empty",
                        m = MAX_HANDICAP_STONES
                    ),
                })
            }
            Stones::Fraction => {
                return Err(SurveyError::NonInteger {
                    at,
                    cell: text.to_string(),
                    row,
                    column,
                    hint: "round to whole stones (e.g. `2` or `3`), or leave the cell empty"
                        .to_string(),
                })
            }
            Stones::NotANumber => {
                return Err(SurveyError::NonNumeric {
                    at,
                    cell: text.to_string(),
                    row,
                    column,
                    hint: CELL_HINT.to_string(),
                })
            }
        };
        if i == j {
            if value != 0 {
                return Err(SurveyError::Diagonal {
                    at,
                    id: row,
                    cell: text.to_string(),
                    hint: "leave the player's own cell empty (or 0)".to_string(),
                });
            }
            return Ok(None);
        }
        Ok(Some(value))
    }
}

/// A cell's text read as a number of stones.
enum Stones {
    Whole(i32),
    OutOfRange,
    Fraction,
    NotANumber,
}

fn parse_stones(text: &str) -> Stones {
    if let Ok(v) = text.parse::<i64>() {
        return if v.unsigned_abs() > MAX_HANDICAP_STONES.unsigned_abs() {
            Stones::OutOfRange
        } else {
            Stones::Whole(v as i32)
        };
    }
    let looks_numeric = text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E'))
        && text.chars().any(|c| c.is_ascii_digit());
    match text.parse::<f64>() {
        Ok(f) if looks_numeric && f.is_finite() => {
            if f.fract() != 0.0 {
                Stones::Fraction
            } else if f.abs() > MAX_HANDICAP_STONES as f64 {
                Stones::OutOfRange
            } else {
                Stones::Whole(f as i32)
            }
        }
        _ => Stones::NotANumber,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use miette::Diagnostic;

    const SEED: &str = ",go-a,go-b,go-c,go-d
go-a,0,0,-8,-5
go-b,0,0,-8,-4
go-c,8,7,0,2
go-d,5,5,-2,0
";

    fn err(text: &str) -> SurveyError {
        Survey::parse("s.csv", text, None).unwrap_err()
    }

    fn known() -> Vec<String> {
        ["go-a", "go-b", "go-c", "ikonen-jussi"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn parses_the_club_example() {
        let s = Survey::parse("s.csv", SEED, None).unwrap();
        assert_eq!(s.ids(), ["go-a", "go-b", "go-c", "go-d"]);
        assert_eq!(s.len(), 4);
        assert_eq!(s.opinion(0, 2), Some(-8));
        assert_eq!(s.opinion(2, 3), Some(2));
        assert_eq!(s.opinion(1, 1), None);
        assert_eq!(s.opinion(9, 9), None);
        assert_eq!(s.opinion_count(), 12);
        assert_eq!(s.source(), "s.csv");
        assert_eq!(s.matrix()[3][2], Some(-2.0));
    }

    #[test]
    fn lenient_where_harmless() {
        let text = "# a comment\n , go-a , go-b ,,\n\ngo-a,,+3,,\ngo-b,\u{2212}3.0,\n,,,\n";
        let s = Survey::parse("s.csv", text, None).unwrap();
        assert_eq!(s.opinions(), [vec![None, Some(3)], vec![Some(-3), None]]);
        let s = Survey::parse("s.csv", ",go-a\ngo-a,\n", None).unwrap();
        assert_eq!(s.opinion_count(), 0);
    }

    #[test]
    fn non_square_row() {
        let e = err(",go-a,go-b,go-c\ngo-a,,1,2\ngo-b,-1,\ngo-c,-2,0,\n");
        assert_eq!(
            e.to_string(),
            "s.csv:3:4: the survey is not square: row `go-b` has 2 opinion cells but the header names 3 players"
        );
        assert!(e.hint().contains("leaving a cell empty for no opinion"));
        let e = err(",go-a,go-b\ngo-a,,1,2\ngo-b,-1,\n");
        assert_eq!(
            e.to_string(),
            "s.csv:2:4: the survey is not square: row `go-a` has 3 opinion cells but the header names 2 players"
        );
        assert!(e.hint().contains("remove the extra cells after column 3"));
    }

    #[test]
    fn non_square_missing_rows() {
        let e = err(",go-a,go-b,go-c\ngo-a,,1,2\ngo-b,-1,,3\n");
        assert_eq!(
            e.to_string(),
            "s.csv:1:4: the survey is not square: the header names 3 players but there are 2 rows; no row for `go-c`"
        );
        assert!(e.hint().starts_with("add a row for every player"));
    }

    #[test]
    fn unknown_id_with_suggestion() {
        let text = ",go-a,go-b,ikonen-jusi\ngo-a,,,\ngo-b,,,\nikonen-jusi,,,\n";
        let e = Survey::parse("s.csv", text, Some(&known())).unwrap_err();
        assert_eq!(e.to_string(), "s.csv:1:4: unknown player id `ikonen-jusi`");
        assert_eq!(e.hint(), "did you mean `ikonen-jussi`?");
        assert_eq!(
            e.help().unwrap().to_string(),
            "did you mean `ikonen-jussi`?"
        );
        assert!(
            matches!(e, SurveyError::UnknownId { suggestion: Some(ref s), .. } if s == "ikonen-jussi")
        );
        let e = Survey::parse("s.csv", ",go-a,zzzzzzz\n", Some(&known())).unwrap_err();
        assert_eq!(e.to_string(), "s.csv:1:3: unknown player id `zzzzzzz`");
        assert_eq!(
            e.hint(),
            "no player file `zzzzzzz.toml`: add the player or fix the id"
        );
        // Row ids are checked too.
        let e = Survey::parse("s.csv", ",go-a\ngo-x,\n", Some(&known())).unwrap_err();
        assert_eq!(e.to_string(), "s.csv:2:1: unknown player id `go-x`");
    }

    #[test]
    fn id_twice() {
        let e = err(",go-a,go-b,go-a\n");
        assert_eq!(
            e.to_string(),
            "s.csv:1:4: player `go-a` appears twice (first at line 1, column 2)"
        );
        assert!(e.hint().contains("exactly one column and one row"));
        let e = err(",go-a,go-b\ngo-a,,1\ngo-a,,1\n");
        assert_eq!(
            e.to_string(),
            "s.csv:3:1: player `go-a` appears twice (first at line 2, column 1)"
        );
    }

    #[test]
    fn non_numeric_cell() {
        let e = err(",go-a,go-b\ngo-a,,three\ngo-b,-3,\n");
        assert_eq!(
            e.to_string(),
            "s.csv:2:3: `three` is not a handicap (row `go-a`, column `go-b`)"
        );
        assert!(e.hint().starts_with("write the handicap in whole stones"));
        for bad in ["nan", "inf", "1-2", "3k", "e", "+", "."] {
            let e = err(&format!(",go-a,go-b\ngo-a,,{bad}\ngo-b,,\n"));
            assert!(matches!(e, SurveyError::NonNumeric { .. }), "{bad}: {e}");
        }
    }

    #[test]
    fn non_integer_cell() {
        let e = err(",go-a,go-b\ngo-a,,\ngo-b,2.5,\n");
        assert_eq!(
            e.to_string(),
            "s.csv:3:2: handicap `2.5` is not a whole number of stones (row `go-b`, column `go-a`)"
        );
        assert_eq!(
            e.hint(),
            "round to whole stones (e.g. `2` or `3`), or leave the cell empty"
        );
    }

    #[test]
    fn absurd_handicap() {
        let e = err(",go-a,go-b\ngo-a,,40\ngo-b,,\n");
        assert_eq!(
            e.to_string(),
            "s.csv:2:3: handicap `40` is out of range (row `go-a`, column `go-b`): at most 25 stones either way"
        );
        assert!(e.hint().contains("not points or grades"));
        for bad in [
            "-26",
            "26",
            "99999999999999999999999",
            "-9223372036854775808",
            "1e3",
            "40.0",
        ] {
            let e = err(&format!(",go-a,go-b\ngo-a,,{bad}\ngo-b,,\n"));
            assert!(matches!(e, SurveyError::Absurd { .. }), "{bad}: {e}");
        }
        assert!(Survey::parse("s.csv", ",go-a,go-b\ngo-a,,-25\ngo-b,25,\n", None).is_ok());
    }

    #[test]
    fn header_and_row_mismatches() {
        let e = err(",go-a,go-b\ngo-b,,\ngo-a,,\n");
        assert_eq!(
            e.to_string(),
            "s.csv:2:1: row 1 is for `go-b` but column 2 of the header is `go-a`"
        );
        assert!(e.hint().contains("same order"));
        let e = err(",go-a,go-b\ngo-a,,\ngo-c,,\n");
        assert_eq!(
            e.to_string(),
            "s.csv:3:1: row `go-c` has no column in the header"
        );
        assert!(e
            .hint()
            .starts_with("add `go-c` to the header row (as column 4)"));
        let e = err("go-a,go-b\ngo-a,,\n");
        assert_eq!(
            e.to_string(),
            "s.csv:1:1: the header row must start with an empty cell, found `go-a`"
        );
        let e = err(",go-a,,go-b\n");
        assert_eq!(e.to_string(), "s.csv:1:3: empty player id");
        let e = err(",go-a,Go B\n");
        assert_eq!(e.to_string(), "s.csv:1:3: `Go B` is not a player id");
        let e = err(",go-a\n,\n,1\n");
        assert_eq!(e.to_string(), "s.csv:3:1: empty player id");
    }

    #[test]
    fn empty_and_diagonal() {
        assert_eq!(
            err("").to_string(),
            "s.csv:1:1: the survey names no players"
        );
        assert_eq!(
            err("\n\n# only\n,,\n").to_string(),
            "s.csv:1:1: the survey names no players"
        );
        let e = err(",go-a,go-b\ngo-a,1,\ngo-b,,\n");
        assert_eq!(
            e.to_string(),
            "s.csv:2:2: `go-a`'s own cell on the diagonal must be empty or 0, found `1`"
        );
    }

    #[test]
    fn io_error_names_the_file() {
        let e = Survey::from_path(Path::new("/nonexistent/s.csv"), None).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("cannot read survey /nonexistent/s.csv: "));
        assert!(e.location().is_none());
        assert_eq!(err(",x y\n").location().unwrap().column, 2);
    }

    #[test]
    fn closest_ids() {
        let ids = ["go-aalto", "go-berg", "ikonen-jussi"];
        assert_eq!(closest_id("go-alto", ids), Some("go-aalto"));
        assert_eq!(closest_id("ikonen-jusi", ids), Some("ikonen-jussi"));
        assert_eq!(closest_id("saarenpaa", ids), None);
        assert!(is_player_id("a-1-b") && !is_player_id("a--b") && !is_player_id("-a"));
    }

    proptest::proptest! {
        #[test]
        fn parser_never_panics(text in "\\PC*") {
            let _ = Survey::parse("p.csv", &text, None);
            let _ = Survey::parse("p.csv", &text, Some(&known()));
        }

        #[test]
        fn parser_never_panics_on_csv_like_input(
            cells in proptest::collection::vec(
                proptest::collection::vec("(|go-a|go-b|go-c|0|-3|7|2\\.5|40|x|\"|#)", 0..6),
                0..6,
            )
        ) {
            let text: String = cells.iter().map(|r| r.join(",") + "\n").collect();
            if let Ok(s) = Survey::parse("p.csv", &text, Some(&known())) {
                proptest::prop_assert_eq!(s.opinions().len(), s.len());
                for row in s.opinions() {
                    proptest::prop_assert_eq!(row.len(), s.len());
                }
            }
        }
    }
}
