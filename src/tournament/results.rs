//! Result entry with the association's result codes: one round's results from a compact file, written
//! into the crosstable CSV.
//!
//! The round file has one pairing per line, `WHITE BLACK RESULT` (start numbers and the
//! result as a code 0–5 or as the score), or `bye START` for the pairing-allocated bye;
//! blank lines and lines starting with `#` are ignored. Results (the association's codes, and
//! the score written from white's side):
//!
//! | code | score | meaning | white | black |
//! |---|---|---|---|---|
//! | 0 | `½-½`, `=`, `1/2-1/2`, `0.5-0.5` | draw | `B w =` | `W b =` |
//! | 1 | `1-0` | white wins | `B w 1` | `W b 0` |
//! | 2 | `0-1` | black wins | `B w 0` | `W b 1` |
//! | 3 | `+-` | black did not come (white wins by forfeit) | `B w +` | `W b -` |
//! | 4 | `-+` | white did not come (black wins by forfeit) | `B w -` | `W b +` |
//! | 5 | `--` | neither came | `B w -` | `W b -` |
//!
//! In a score, an en dash `–` or a minus sign `−` may stand for a hyphen (`1–0`), and
//! the forfeits may be written with a separator as in the Turkish tournament manager's report's table (`+–−`, `−–+`,
//! `−–−`). [`describe`] says how each line was understood.
//!
//! Only the round's cells of the players named change; every other byte of the CSV
//! stays as it was (a missing round column is appended to the header and every row).
//! Anything that would make the crosstable invalid is refused with `file:line` errors
//! and nothing is written; the file is replaced atomically (temporary file + rename).

use crate::diagnostic::Diagnostic;
use crate::model::{Bye, Cell, Colour, GameResult};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One instruction of a round file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Instruction {
    /// A game with one of the association's result codes.
    Pair {
        /// White's start number.
        white: u32,
        /// Black's start number.
        black: u32,
        /// Result code 0–5.
        code: u8,
    },
    /// A pairing-allocated bye.
    Bye {
        /// The player's start number.
        player: u32,
    },
}

/// An instruction and the line it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// 1-based line in the round file.
    pub line: usize,
    /// What it says.
    pub instruction: Instruction,
}

/// Parses a round file; every malformed line gives an error at `file:line`.
pub fn parse_round_file(text: &str, shown: &Path) -> Result<Vec<Line>, Vec<Diagnostic>> {
    let mut lines = Vec::new();
    let mut problems = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let content = raw.trim().trim_start_matches('\u{feff}');
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        match parse_line(content) {
            Ok(instruction) => lines.push(Line {
                line: number,
                instruction,
            }),
            Err((message, hint)) => {
                problems.push(Diagnostic::error(shown, message).at_line(number).hint(hint))
            }
        }
    }
    if problems.is_empty() {
        Ok(lines)
    } else {
        Err(problems)
    }
}

/// Every way of writing a result, for error messages.
pub const RESULT_FORMS: &str = "write a code 0-5 (0 draw, 1 white wins, 2 black wins, 3 black did not come, 4 white did not come, 5 neither came) or the score from white's side: 1-0, 0-1, ½-½ (also =, 1/2-1/2, 0.5-0.5), +- (black did not come), -+ (white did not come), -- (neither came)";

/// Reads a result as written in a round file, a code `0`–`5` or a score (see the
/// module documentation), as its code; `None` for anything else.
pub fn parse_result(token: &str) -> Option<u8> {
    let token: String = token
        .chars()
        .map(|c| if matches!(c, '–' | '−') { '-' } else { c })
        .collect();
    let code = match token.as_str() {
        "0" | "=" | "½-½" | "1/2-1/2" | "0.5-0.5" => 0,
        "1" | "1-0" => 1,
        "2" | "0-1" => 2,
        // With a separator, as in the Turkish tournament manager's report's table: `+–−`, `−–+`, `−–−`.
        "3" | "+-" | "+--" => 3,
        "4" | "-+" | "--+" => 4,
        "5" | "--" | "---" => 5,
        _ => return None,
    };
    Some(code)
}

/// What a result code means, in plain words after its score: `1-0, white wins`.
pub fn describe_code(code: u8) -> &'static str {
    match code {
        0 => "½-½, draw",
        1 => "1-0, white wins",
        2 => "0-1, black wins",
        3 => "+-, black did not come: white wins by forfeit",
        4 => "-+, white did not come: black wins by forfeit",
        5 => "--, neither came: both lose by forfeit",
        _ => "unknown result",
    }
}

/// How each line of a round file was understood, one line per game or bye:
/// `board 1: Ikonen Jussi (3, white) – Ilu Timo (7, black): 1-0, white wins`.
/// `names` gives a player's name by start number; without one, the start number
/// stands alone (`board 1: 3 (white) – 7 (black): …`). `boards` gives the
/// board number of each game `(white, black)` in the round's board order
/// ([`crate::tournament::round`]); a game without one is shown as `game`.
pub fn describe(
    lines: &[Line],
    names: &BTreeMap<u32, String>,
    boards: &BTreeMap<(u32, u32), u32>,
) -> Vec<String> {
    let player = |start_no: u32, colour: &str| match names.get(&start_no) {
        Some(name) => format!("{name} ({start_no}{colour})"),
        None if colour.is_empty() => start_no.to_string(),
        None => format!("{start_no} ({})", colour.trim_start_matches(", ")),
    };
    lines
        .iter()
        .map(|l| match l.instruction {
            Instruction::Pair { white, black, code } => {
                let board = boards
                    .get(&(white, black))
                    .map_or_else(|| "game".to_string(), |n| format!("board {n}"));
                format!(
                    "{board}: {} – {}: {}",
                    player(white, ", white"),
                    player(black, ", black"),
                    describe_code(code)
                )
            }
            Instruction::Bye { player: p } => {
                format!("bye: {}: pairing-allocated bye, 1 point", player(p, ""))
            }
        })
        .collect()
}

fn parse_line(content: &str) -> Result<Instruction, (String, &'static str)> {
    const FORMAT: &str = "write `WHITE BLACK RESULT` (e.g. `3 8 1-0` or `3 8 1`) or `bye START`";
    let tokens: Vec<&str> = content.split_whitespace().collect();
    let number = |text: &str| match text.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err((
            format!("`{text}` is not a start number"),
            "start numbers are positive integers from the crosstable's `no` column",
        )),
    };
    match tokens.as_slice() {
        [word, player] if word.eq_ignore_ascii_case("bye") => Ok(Instruction::Bye {
            player: number(player)?,
        }),
        [white, black, result @ ..] if !result.is_empty() => {
            let white = number(white)?;
            let black = number(black)?;
            // `1 - 0` is read as `1-0`.
            let Some(code) = parse_result(&result.concat()) else {
                return Err((
                    format!("`{}` is not a result code or score", result.join(" ")),
                    RESULT_FORMS,
                ));
            };
            if white == black {
                return Err((
                    format!("player {white} is paired with themselves"),
                    "white and black are two different start numbers",
                ));
            }
            Ok(Instruction::Pair { white, black, code })
        }
        _ => Err((format!("cannot read `{content}`"), FORMAT)),
    }
}

/// The two cells a code produces: (white's, black's).
pub fn cells_for(white: u32, black: u32, code: u8) -> Option<(Cell, Cell)> {
    use GameResult::*;
    let (w, b) = match code {
        0 => (Draw, Draw),
        1 => (Win, Loss),
        2 => (Loss, Win),
        3 => (ForfeitWin, ForfeitLoss),
        4 => (ForfeitLoss, ForfeitWin),
        5 => (ForfeitLoss, ForfeitLoss),
        _ => return None,
    };
    let game = |opponent, colour, result| Cell::Game {
        opponent,
        colour: Some(colour),
        result,
    };
    Some((game(black, Colour::White, w), game(white, Colour::Black, b)))
}

/// Byte ranges of the fields of one CSV line (commas inside double quotes do not split).
fn field_spans(line: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                spans.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    spans.push((start, line.len()));
    spans
}

fn unquote(field: &str) -> &str {
    field.trim().trim_matches('"').trim()
}

/// Applies a round's instructions to crosstable text. `rounds` is the declared round
/// count. Returns the new text or every reason it cannot be written.
pub fn apply(
    csv_text: &str,
    csv_shown: &Path,
    codes_shown: &Path,
    round: u32,
    rounds: u32,
    lines: &[Line],
) -> Result<String, Vec<Diagnostic>> {
    if round == 0 || round > rounds {
        return Err(vec![Diagnostic::error(
            codes_shown,
            format!("round {round} is outside the tournament's {rounds} rounds"),
        )
        .hint(format!("give --round between 1 and {rounds}"))]);
    }
    let newline = if csv_text.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let mut rows: Vec<String> = csv_text
        .split_inclusive('\n')
        .map(|l| l.trim_end_matches(['\n', '\r']).to_string())
        .collect();
    let (first_round, round_columns) = round_layout(&rows, csv_shown).map_err(|d| vec![d])?;
    let column = first_round + round as usize - 1;
    let by_start = rows_by_start(&rows);
    let mut problems = Vec::new();
    let new_cells = plan(lines, &by_start, codes_shown, &mut problems);
    let target = Target {
        round,
        round_columns,
        column,
    };
    problems.extend(occupied_cells(
        &rows,
        &by_start,
        &new_cells,
        &target,
        (csv_shown, codes_shown),
    ));
    if !problems.is_empty() {
        return Err(problems);
    }
    add_round_columns(&mut rows, round_columns, round);
    write_cells(&mut rows, &by_start, &new_cells, column);
    let mut out = rows.join(newline);
    if csv_text.ends_with('\n') {
        out.push_str(newline);
    }
    // The result must still be a readable crosstable.
    let mut parse_problems = Vec::new();
    let (entries, _) =
        crate::files::crosstable::parse_crosstable(&out, csv_shown, rounds, &mut parse_problems);
    if parse_problems.iter().any(Diagnostic::is_error) {
        return Err(parse_problems);
    }
    let problems = check_round_symmetry(&entries, round, &new_cells, codes_shown);
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(out)
}

/// Where the round goes: its number, the round columns the header has, and
/// the 0-based column of the round.
struct Target {
    round: u32,
    round_columns: u32,
    column: usize,
}

/// The 0-based column of round 1 and the number of round columns the
/// header names; a problem when there is no header or it does not start with `no`.
fn round_layout(rows: &[String], csv_shown: &Path) -> Result<(usize, u32), Diagnostic> {
    let Some(header) = rows.first() else {
        return Err(Diagnostic::error(csv_shown, "the crosstable is empty").at_line(1));
    };
    let header_fields: Vec<String> = field_spans(header)
        .iter()
        .map(|&(a, b)| {
            unquote(&header[a..b])
                .trim_start_matches('\u{feff}')
                .to_string()
        })
        .collect();
    if header_fields.first().map(String::as_str) != Some("no") {
        return Err(
            Diagnostic::error(csv_shown, "the header does not start with `no,player`")
                .at(1, 1)
                .hint("fix the crosstable first (`ratingbook check`)"),
        );
    }
    let names: Vec<&str> = header_fields.iter().map(String::as_str).collect();
    let first_round = crate::files::crosstable::leading_columns(&names).first_round;
    let round_columns = header_fields.len().saturating_sub(first_round) as u32;
    Ok((first_round, round_columns))
}

/// The rows by start number: index into `rows` (the header is row 0).
fn rows_by_start(rows: &[String]) -> BTreeMap<u32, usize> {
    let mut by_start: BTreeMap<u32, usize> = BTreeMap::new();
    for (i, row) in rows.iter().enumerate().skip(1) {
        if row.trim().is_empty() {
            continue;
        }
        let spans = field_spans(row);
        if let Some(n) = spans
            .first()
            .and_then(|&(a, b)| unquote(&row[a..b]).parse::<u32>().ok())
        {
            by_start.insert(n, i);
        }
    }
    by_start
}

/// A problem for each player whose cell in the round is already written,
/// unless it is a pairing made in advance that the result agrees with.
fn occupied_cells(
    rows: &[String],
    by_start: &BTreeMap<u32, usize>,
    new_cells: &BTreeMap<u32, (Cell, usize)>,
    target: &Target,
    (csv_shown, codes_shown): (&Path, &Path),
) -> Vec<Diagnostic> {
    let Target {
        round,
        round_columns,
        column,
    } = *target;
    let mut problems = Vec::new();
    for (&player, (cell, line)) in new_cells {
        let Some(&row_index) = by_start.get(&player) else {
            continue;
        };
        let row = &rows[row_index];
        let spans = field_spans(row);
        let current = spans
            .get(column)
            .map(|&(a, b)| unquote(&row[a..b]))
            .unwrap_or("");
        // A round paired in advance (`12 w ?`) is filled in when the results agree with it.
        let fills_pairing = matches!(
            (crate::files::cell::parse_cell_with_handicap(current), cell),
            (
                Ok((Cell::Paired { opponent: a, colour: ca }, _)),
                Cell::Game { opponent: b, colour: cb, .. },
            ) if a == *b && (ca.is_none() || ca == *cb)
        );
        let theirs = new_cells.get(&cell_opponent(cell)).map(|c| &c.0);
        let reversed = reversed_colours(current, player, cell, theirs);
        if let Some(hint) = reversed {
            if player < cell_opponent(cell) {
                problems.push(
                    Diagnostic::error(
                        codes_shown,
                        format!(
                            "the colours are reversed: round {round} is paired `{current}` for player {player}"
                        ),
                    )
                    .at_line(*line)
                    .hint(hint),
                );
            }
            continue;
        }
        if round <= round_columns && !current.is_empty() && !fills_pairing {
            problems.push(
                Diagnostic::error(
                    codes_shown,
                    format!(
                        "player {player} already has `{current}` in round {round} (would become `{}`)",
                        cell.to_notation()
                    ),
                )
                .at_line(*line)
                .hint(format!(
                    "clear {}:{}:{} first if the result is wrong",
                    csv_shown.display(),
                    row_index + 1,
                    column + 1
                )),
            );
        }
    }
    problems
}

/// The opponent a new cell names (0 for a bye).
fn cell_opponent(cell: &Cell) -> u32 {
    match cell {
        Cell::Game { opponent, .. } | Cell::Paired { opponent, .. } => *opponent,
        _ => 0,
    }
}

/// When the pairing `current` (`12 b ?`) has the same opponent as the
/// result `cell` but the other colour, the line to write instead: white
/// first, the score from white's side.
fn reversed_colours(
    current: &str,
    player: u32,
    cell: &Cell,
    theirs: Option<&Cell>,
) -> Option<String> {
    let (
        Ok((
            Cell::Paired {
                opponent: a,
                colour: Some(paired),
            },
            _,
        )),
        Cell::Game {
            opponent: b,
            colour: Some(typed),
            result,
        },
    ) = (crate::files::cell::parse_cell_with_handicap(current), cell)
    else {
        return None;
    };
    if a != *b || paired == *typed {
        return None;
    }
    let their_result = match theirs {
        Some(Cell::Game { result, .. }) => *result,
        _ => result.complement(),
    };
    // White is the player the pairing gives white; the score from their side.
    let (white, black, white_result, black_result) = match paired {
        Colour::White => (player, a, *result, their_result),
        Colour::Black => (a, player, their_result, *result),
    };
    let score = match (white_result, black_result) {
        (GameResult::Win, _) => "1-0",
        (GameResult::Loss, _) => "0-1",
        (GameResult::Draw, _) => "½-½",
        (GameResult::ForfeitWin, _) => "+-",
        (GameResult::ForfeitLoss, GameResult::ForfeitLoss) => "--",
        (GameResult::ForfeitLoss, _) => "-+",
    };
    Some(format!(
        "white is {white} and black {black} in the pairing: write `{white} {black} {score}` (the same result, white first)"
    ))
}

/// Adds the missing round columns up to `round`: numbered in the header,
/// empty in every row.
fn add_round_columns(rows: &mut [String], round_columns: u32, round: u32) {
    let missing = round.saturating_sub(round_columns) as usize;
    if missing == 0 {
        return;
    }
    for (i, row) in rows.iter_mut().enumerate() {
        if i == 0 {
            for r in round_columns + 1..=round {
                row.push_str(&format!(",{r}"));
            }
        } else if !row.trim().is_empty() {
            row.push_str(&",".repeat(missing));
        }
    }
}

/// Writes each player's new cell into `column` of their row.
fn write_cells(
    rows: &mut [String],
    by_start: &BTreeMap<u32, usize>,
    new_cells: &BTreeMap<u32, (Cell, usize)>,
    column: usize,
) {
    for (player, (cell, _)) in new_cells {
        if let Some(&row_index) = by_start.get(player) {
            let row = &mut rows[row_index];
            if let Some(&(a, b)) = field_spans(row).get(column) {
                // A handicap written with the pairing stays with the result.
                let stones = crate::files::cell::parse_cell_with_handicap(unquote(&row[a..b]))
                    .map_or(0, |(_, stones)| stones);
                row.replace_range(a..b, &cell.to_notation_with_handicap(stones));
            }
        }
    }
}

/// Every game of the round must be written on both sides: an existing cell that names a
/// player of the round file as opponent (while the file pairs them otherwise) is refused.
fn check_round_symmetry(
    entries: &[crate::model::Entry],
    round: u32,
    new_cells: &BTreeMap<u32, (Cell, usize)>,
    codes_shown: &Path,
) -> Vec<Diagnostic> {
    let cell_of = |start_no: u32| {
        entries
            .iter()
            .find(|e| e.start_no == start_no)
            .and_then(|e| e.cells.get(round as usize - 1))
            .copied()
    };
    let mut problems = Vec::new();
    for entry in entries {
        let Some(Cell::Game { opponent, .. }) = entry.cells.get(round as usize - 1) else {
            continue;
        };
        let points_back = matches!(
            cell_of(*opponent),
            Some(Cell::Game { opponent: back, .. }) if back == entry.start_no
        );
        if points_back {
            continue;
        }
        let line = new_cells
            .get(opponent)
            .or_else(|| new_cells.get(&entry.start_no))
            .map_or(0, |c| c.1);
        let d = Diagnostic::error(
            codes_shown,
            format!(
                "round {round}: the crosstable already pairs {} with {opponent}, which this file changes",
                entry.start_no
            ),
        )
        .hint("clear both players' cells for this round first, or fix the file");
        problems.push(if line > 0 { d.at_line(line) } else { d });
    }
    problems
}

/// The cell each named player gets, with the round-file line that set it.
fn plan(
    lines: &[Line],
    by_start: &BTreeMap<u32, usize>,
    codes_shown: &Path,
    problems: &mut Vec<Diagnostic>,
) -> BTreeMap<u32, (Cell, usize)> {
    let mut cells: BTreeMap<u32, (Cell, usize)> = BTreeMap::new();
    let mut put = |player: u32, cell: Cell, line: usize, problems: &mut Vec<Diagnostic>| {
        if !by_start.contains_key(&player) {
            problems.push(
                Diagnostic::error(
                    codes_shown,
                    format!("start number {player} is not in the crosstable"),
                )
                .at_line(line)
                .hint("use a number from the crosstable's `no` column"),
            );
        } else if let Some((_, first)) = cells.get(&player) {
            problems.push(
                Diagnostic::error(
                    codes_shown,
                    format!("player {player} is already paired on line {first}"),
                )
                .at_line(line)
                .hint("a player has one game (or bye) per round"),
            );
        } else {
            cells.insert(player, (cell, line));
        }
    };
    for l in lines {
        match l.instruction {
            Instruction::Pair { white, black, code } => {
                if let Some((w, b)) = cells_for(white, black, code) {
                    put(white, w, l.line, problems);
                    put(black, b, l.line, problems);
                }
            }
            Instruction::Bye { player } => {
                put(player, Cell::Bye(Bye::PairingAllocated), l.line, problems)
            }
        }
    }
    cells
}

/// Why `results add` failed.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The input or the crosstable has problems; nothing was written.
    #[error("{} problem(s); the crosstable was not changed", .0.len())]
    Invalid(Vec<Diagnostic>),
}

/// What `add_results` wrote.
#[derive(Debug)]
pub struct Added {
    /// The crosstable written.
    pub csv: PathBuf,
    /// Pairing-history warnings of the updated tournament (repeat pairings, colour
    /// rules, byes: see `check::check_history`).
    pub warnings: Vec<Diagnostic>,
    /// How each line of the round file was understood (see [`describe`]), with the
    /// players' names where their files are found.
    pub understood: Vec<String>,
}

/// A tournament's files as `results` commands read them.
struct Files {
    meta: PathBuf,
    csv: PathBuf,
    rounds: u32,
    csv_text: String,
}

fn read_files(path: &Path) -> Result<Files, ResultsError> {
    let meta = path.with_extension("toml");
    let csv = path.with_extension("csv");
    let read = |p: &Path| {
        std::fs::read_to_string(p).map_err(|source| ResultsError::Io {
            path: p.to_path_buf(),
            source,
        })
    };
    let meta_text = read(&meta)?;
    let rounds = toml::from_str::<toml::Table>(&meta_text)
        .ok()
        .and_then(|t| t.get("rounds").and_then(toml::Value::as_integer))
        .and_then(|r| u32::try_from(r).ok())
        .ok_or_else(|| {
            ResultsError::Invalid(vec![Diagnostic::error(&meta, "cannot read `rounds`")
                .field("rounds")
                .hint("run `ratingbook check` and fix the metadata first")])
        })?;
    let csv_text = read(&csv)?;
    Ok(Files {
        meta,
        csv,
        rounds,
        csv_text,
    })
}

/// Reads the tournament at `path` (its `.toml` or `.csv`), applies `codes` (the round
/// file's text, shown as `codes_shown`) to round `round` and rewrites the CSV atomically.
pub fn add_results(
    path: &Path,
    round: u32,
    codes: &str,
    codes_shown: &Path,
) -> Result<Added, ResultsError> {
    let files = read_files(path)?;
    let lines = parse_round_file(codes, codes_shown).map_err(ResultsError::Invalid)?;
    let out = apply(
        &files.csv_text,
        &files.csv,
        codes_shown,
        round,
        files.rounds,
        &lines,
    )
    .map_err(ResultsError::Invalid)?;
    write_and_describe(&files, round, &out, &lines)
}

/// A correction of a round's results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Correction<'a> {
    /// Replace the results of the games (and byes) the round file's text names.
    Set(&'a str),
    /// Take the results of these players' games back to the pairing (`12 w ?`).
    Clear(&'a [u32]),
}

/// Corrects round `round` of the tournament at `path`: the named players'
/// games go back to their pairing (`12 w ?`) and, for [`Correction::Set`],
/// the new results are entered as `results add` enters them; the CSV is
/// rewritten atomically, or not at all.
pub fn correct_results(
    path: &Path,
    round: u32,
    correction: Correction,
    codes_shown: &Path,
) -> Result<Added, ResultsError> {
    let files = read_files(path)?;
    let (players, lines) = match correction {
        Correction::Set(codes) => {
            let lines = parse_round_file(codes, codes_shown).map_err(ResultsError::Invalid)?;
            let players = lines
                .iter()
                .flat_map(|l| match l.instruction {
                    Instruction::Pair { white, black, .. } => vec![white, black],
                    Instruction::Bye { player } => vec![player],
                })
                .collect();
            (players, lines)
        }
        Correction::Clear(players) => (players.to_vec(), Vec::new()),
    };
    let cleared = clear_results(&files, round, &players, codes_shown)?;
    let out = apply(
        &cleared,
        &files.csv,
        codes_shown,
        round,
        files.rounds,
        &lines,
    )
    .map_err(ResultsError::Invalid)?;
    write_and_describe(&files, round, &out, &lines)
}

/// The crosstable text with the results of `players`' games in `round`
/// (and their opponents') taken back to the pairing; a pairing-allocated
/// bye of a player named is taken back too.
fn clear_results(
    files: &Files,
    round: u32,
    players: &[u32],
    codes_shown: &Path,
) -> Result<String, ResultsError> {
    let mut problems = Vec::new();
    let (entries, _) = crate::files::crosstable::parse_crosstable(
        &files.csv_text,
        &files.csv,
        files.rounds,
        &mut problems,
    );
    if problems.iter().any(Diagnostic::is_error) || round == 0 || round > files.rounds {
        problems.push(
            Diagnostic::error(codes_shown, format!("round {round} cannot be corrected"))
                .hint("give a round of the tournament, and run `ratingbook check` first"),
        );
        return Err(ResultsError::Invalid(problems));
    }
    let index = round as usize - 1;
    let mut cells: Vec<(u32, Cell)> = Vec::new();
    for &p in players {
        let Some(entry) = entries.iter().find(|e| e.start_no == p) else {
            problems.push(
                Diagnostic::error(
                    codes_shown,
                    format!("start number {p} is not in the crosstable"),
                )
                .hint("use a number from the crosstable's `no` column"),
            );
            continue;
        };
        match entry.cells.get(index) {
            Some(Cell::Game {
                opponent, colour, ..
            }) => {
                cells.push((
                    p,
                    Cell::Paired {
                        opponent: *opponent,
                        colour: *colour,
                    },
                ));
                cells.push((
                    *opponent,
                    Cell::Paired {
                        opponent: p,
                        colour: colour.map(Colour::opposite),
                    },
                ));
            }
            Some(Cell::Bye(Bye::PairingAllocated)) => cells.push((p, Cell::Absent)),
            _ => {}
        }
    }
    if !problems.is_empty() {
        return Err(ResultsError::Invalid(problems));
    }
    let mut rows: Vec<String> = files
        .csv_text
        .split_inclusive('\n')
        .map(|l| l.trim_end_matches(['\n', '\r']).to_string())
        .collect();
    let (first_round, _) =
        round_layout(&rows, &files.csv).map_err(|d| ResultsError::Invalid(vec![d]))?;
    let by_start = rows_by_start(&rows);
    let new_cells: BTreeMap<u32, (Cell, usize)> =
        cells.into_iter().map(|(p, c)| (p, (c, 0))).collect();
    write_cells(&mut rows, &by_start, &new_cells, first_round + index);
    let newline = if files.csv_text.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let mut out = rows.join(newline);
    if files.csv_text.ends_with('\n') {
        out.push_str(newline);
    }
    Ok(out)
}

/// Writes `out` as the crosstable and says how each line was understood.
fn write_and_describe(
    files: &Files,
    round: u32,
    out: &str,
    lines: &[Line],
) -> Result<Added, ResultsError> {
    let (meta, csv) = (&files.meta, &files.csv);
    let root = repository_root(meta).unwrap_or_else(|| csv.parent().unwrap_or(Path::new(".")));
    crate::atomic_write::write_file_atomically_in(root, csv, out.as_bytes()).map_err(|source| {
        ResultsError::Io {
            path: csv.clone(),
            source,
        }
    })?;
    let (tournament, _) = crate::load::load_tournament(Path::new(""), meta);
    let warnings = tournament
        .as_ref()
        .map(crate::check::check_history)
        .unwrap_or_default();
    let boards = tournament
        .map(|t| board_numbers(&t, round))
        .unwrap_or_default();
    let names = player_names(meta, out, csv, files.rounds);
    Ok(Added {
        csv: csv.clone(),
        warnings,
        understood: describe(lines, &names, &boards),
    })
}

/// The board number of each game `(white, black)` of round `round`.
pub fn board_numbers(t: &crate::model::Tournament, round: u32) -> BTreeMap<(u32, u32), u32> {
    crate::tournament::round::round(t, round)
        .boards
        .iter()
        .map(|b| ((b.white, b.black), b.number))
        .collect()
}

/// Names by start number, from the crosstable text and the player files of the
/// repository the tournament `meta` (`<root>/data/tournaments/<year>/<id>.toml`) is in.
fn player_names(
    meta: &Path,
    csv_text: &str,
    csv_shown: &Path,
    rounds: u32,
) -> BTreeMap<u32, String> {
    let Some(root) = repository_root(meta) else {
        return BTreeMap::new();
    };
    let (entries, _) =
        crate::files::crosstable::parse_crosstable(csv_text, csv_shown, rounds, &mut Vec::new());
    entries
        .iter()
        .filter_map(|e| {
            let file = root
                .join("data")
                .join("players")
                .join(format!("{}.toml", e.player));
            let (player, _) = crate::load::load_player(root, &file);
            player.map(|p| (e.start_no, p.name))
        })
        .collect()
}

/// `<root>` of `<root>/data/tournaments/<year>/<id>.toml`, if the path has that shape.
fn repository_root(meta: &Path) -> Option<&Path> {
    let year_folder = meta.parent()?;
    let tournaments = year_folder.parent()?;
    let data = tournaments.parent()?;
    let shaped = tournaments.file_name()? == "tournaments" && data.file_name()? == "data";
    let root = data.parent().filter(|_| shaped)?;
    Some(if root.as_os_str().is_empty() {
        Path::new(".")
    } else {
        root
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair_code(line: &str) -> Result<u8, Vec<Diagnostic>> {
        let parsed = parse_round_file(line, Path::new("r.txt"))?;
        match parsed[0].instruction {
            Instruction::Pair {
                white: 3,
                black: 7,
                code,
            } => Ok(code),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn every_result_form_gives_its_code() {
        let forms = [
            ("0", 0),
            ("=", 0),
            ("½-½", 0),
            ("1/2-1/2", 0),
            ("0.5-0.5", 0),
            ("½–½", 0),
            ("1", 1),
            ("1-0", 1),
            ("1–0", 1),
            ("2", 2),
            ("0-1", 2),
            ("0−1", 2),
            ("3", 3),
            ("+-", 3),
            ("+–−", 3),
            ("4", 4),
            ("-+", 4),
            ("−–+", 4),
            ("5", 5),
            ("--", 5),
            ("−–−", 5),
        ];
        for (form, code) in forms {
            assert_eq!(parse_result(form), Some(code), "{form}");
            assert_eq!(pair_code(&format!("3 7 {form}\n")), Ok(code), "{form}");
        }
    }

    #[test]
    fn a_spaced_score_is_read_whole() {
        assert_eq!(pair_code("3 7 1 - 0"), Ok(1));
        assert_eq!(pair_code("3\t7  ½ - ½"), Ok(0));
        assert_eq!(pair_code("3 7 + -"), Ok(3));
    }

    #[test]
    fn unknown_results_name_the_line_and_every_accepted_form() {
        for bad in ["6", "1-1", "1:0", "w", "½", "0-0", "+", "1 0"] {
            let problems = parse_round_file(&format!("# round 2\n3 7 {bad}\n"), Path::new("r.txt"))
                .unwrap_err();
            assert_eq!(problems.len(), 1, "{bad}");
            let d = &problems[0];
            assert_eq!(d.location(), "r.txt:2", "{bad}");
            assert_eq!(d.message, format!("`{bad}` is not a result code or score"));
            let hint = d.hint.as_deref().unwrap();
            assert_eq!(hint, RESULT_FORMS);
            for form in [
                "0-5", "1-0", "0-1", "½-½", "=", "1/2-1/2", "0.5-0.5", "+-", "-+", "--",
            ] {
                assert!(hint.contains(form), "{form} missing from {hint}");
            }
        }
    }

    #[test]
    fn every_code_is_described_in_words() {
        let lines = parse_round_file(
            "3 7 1-0\n7 2 0-1\n4 1 =\n5 6 +-\n8 9 -+\n10 11 --\nbye 12\n",
            Path::new("r.txt"),
        )
        .unwrap();
        let names = BTreeMap::from([(3, "Ikonen Jussi".to_string()), (12, "Ilu Timo".into())]);
        // The round's board order, not the order of the lines.
        let boards = BTreeMap::from([
            ((3, 7), 4),
            ((7, 2), 2),
            ((4, 1), 1),
            ((5, 6), 3),
            ((8, 9), 5),
        ]);
        assert_eq!(
            describe(&lines, &names, &boards),
            [
                "board 4: Ikonen Jussi (3, white) – 7 (black): 1-0, white wins",
                "board 2: 7 (white) – 2 (black): 0-1, black wins",
                "board 1: 4 (white) – 1 (black): ½-½, draw",
                "board 3: 5 (white) – 6 (black): +-, black did not come: white wins by forfeit",
                "board 5: 8 (white) – 9 (black): -+, white did not come: black wins by forfeit",
                "game: 10 (white) – 11 (black): --, neither came: both lose by forfeit",
                "bye: Ilu Timo (12): pairing-allocated bye, 1 point",
            ]
        );
    }

    #[test]
    fn scores_write_the_same_cells_as_codes() {
        let csv = "no,player,1\n1,a,\n2,b,\n";
        for (code, score) in [
            (0, "½-½"),
            (1, "1-0"),
            (2, "0-1"),
            (3, "+-"),
            (4, "-+"),
            (5, "--"),
        ] {
            let by = |result: &str| {
                let lines = parse_round_file(&format!("2 1 {result}"), Path::new("r.txt")).unwrap();
                apply(csv, Path::new("t.csv"), Path::new("r.txt"), 1, 1, &lines).unwrap()
            };
            assert_eq!(by(score), by(&code.to_string()), "{score}");
        }
    }

    #[test]
    fn the_repository_root_is_found_from_the_metadata_path() {
        let root = |p: &str| repository_root(Path::new(p)).map(Path::to_path_buf);
        assert_eq!(root("/r/data/tournaments/2026/x.toml"), Some("/r".into()));
        assert_eq!(root("data/tournaments/2026/x.toml"), Some(".".into()));
        assert_eq!(root("elsewhere/2026/x.toml"), None);
        assert_eq!(root("x.toml"), None);
    }

    proptest::proptest! {
        #[test]
        fn round_files_never_panic(text in "(\\PC{0,12}\n?){0,6}") {
            let _ = parse_round_file(&text, Path::new("r.txt"));
        }

        #[test]
        fn well_formed_lines_parse(w in 1u32..300, b in 1u32..300, code in 0u8..6) {
            let text = format!("{w} {b} {code}\n");
            let parsed = parse_round_file(&text, Path::new("r.txt"));
            if w == b {
                proptest::prop_assert!(parsed.is_err());
            } else {
                proptest::prop_assert_eq!(parsed.unwrap()[0].instruction, Instruction::Pair { white: w, black: b, code });
            }
        }

        #[test]
        fn apply_never_panics(text in "(\\PC{0,10}\n?){0,5}", round in 0u32..6) {
            let csv = "no,player,rating,1,2\n1,a,,2 w 1,\n2,b,,1 b 0,\n3,c,,bye,\n";
            if let Ok(lines) = parse_round_file(&text, Path::new("r.txt")) {
                let _ = apply(csv, Path::new("t.csv"), Path::new("r.txt"), round, 3, &lines);
            }
        }
    }
}
