//! `data/tournaments/<year>/<id>.toml` (metadata) and `<id>.csv` (crosstable).

use super::cell::parse_cell_with_handicap;
use super::relative;
use super::source::{read_text, toml_error, FieldErrors};
use crate::diagnostic::Diagnostic;
use crate::model::{Acceleration, Date, Entry, Rules, Slug, System, TimeControl, Tournament};
use serde::Deserialize;
use std::path::Path;
use toml::Spanned;

/// Tournament metadata as written in the TOML file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentMeta {
    name: Spanned<String>,
    // Any value, so that a date written as text gets its own message.
    start: Spanned<toml::Value>,
    end: Spanned<toml::Value>,
    city: Option<Spanned<String>>,
    system: System,
    acceleration: Option<Spanned<Acceleration>>,
    rounds: Spanned<i64>,
    #[serde(default = "yes")]
    rated: bool,
    #[serde(default = "standard_time_control")]
    time_control: TimeControl,
    #[serde(default = "standard_rules")]
    rules: Rules,
    base_k: Option<Spanned<i64>>,
    sequence: Option<Spanned<i64>>,
    #[serde(default)]
    illustrative: bool,
    note: Option<Spanned<String>>,
    pool: Option<Spanned<String>>,
    tiebreaks: Option<Vec<String>>,
    language: Option<Spanned<String>>,
}

fn yes() -> bool {
    true
}

fn standard_time_control() -> TimeControl {
    TimeControl::Standard
}

fn standard_rules() -> Rules {
    Rules::Standard
}

/// Most rounds a tournament may declare.
pub(crate) const MAX_ROUNDS: i64 = 1000;

/// Reads a tournament's metadata file and the crosstable beside it.
///
/// Both are read even when the other has problems, so that one run reports
/// every problem: with unusable metadata the crosstable is read against the
/// declared round count when that can be read, else against its own header.
pub fn load_tournament(root: &Path, meta_path: &Path) -> (Option<Tournament>, Vec<Diagnostic>) {
    let shown = relative(root, meta_path);
    let mut problems = Vec::new();
    let id = tournament_id(meta_path, &shown, &mut problems);
    let text = read_text(root, meta_path, &shown)
        .map_err(|d| problems.push(d))
        .ok();
    let meta = text
        .as_deref()
        .and_then(|text| parse_meta(text, &shown, &mut problems));
    let header = meta
        .as_ref()
        .zip(text.as_deref())
        .and_then(|(meta, text)| read_meta(meta, text, &shown, &mut problems));
    let table_path = meta_path.with_extension("csv");
    let table_shown = relative(root, &table_path);
    let Some(table_text) = read_table(root, &table_path, &shown, &mut problems) else {
        return (None, problems);
    };
    let rounds = header
        .as_ref()
        .map(|h| h.rounds)
        .or_else(|| text.as_deref().and_then(declared_rounds))
        .unwrap_or_else(|| header_round_columns(&table_text));
    let (entries, first_round_column) =
        parse_crosstable(&table_text, &table_shown, rounds, &mut problems);
    let (Some(id), Some(meta), Some(header)) = (id, meta, header) else {
        return (None, problems);
    };
    if problems.iter().any(Diagnostic::is_error) {
        return (None, problems);
    }
    let tournament = Tournament {
        id,
        name: header.name,
        start: header.start,
        end: header.end,
        city: meta
            .city
            .map(|c| c.into_inner().trim().to_string())
            .filter(|c| !c.is_empty()),
        system: header.system,
        acceleration: header.acceleration,
        rounds: header.rounds,
        rated: meta.rated,
        time_control: header.time_control,
        rules: header.rules,
        base_k: header.base_k,
        sequence: header.sequence,
        illustrative: meta.illustrative,
        note: meta.note.map(Spanned::into_inner),
        pool: meta.pool.map(|p| p.into_inner().trim().to_string()),
        tiebreaks: meta.tiebreaks,
        language: meta
            .language
            .map(|l| l.into_inner().trim().to_string())
            .filter(|l| !l.is_empty()),
        entries,
        first_round_column,
        meta_source: shown,
        table_source: table_shown,
    };
    (Some(tournament), problems)
}

/// The tournament id from the metadata file's name; a problem when it is not a slug.
fn tournament_id(meta_path: &Path, shown: &Path, problems: &mut Vec<Diagnostic>) -> Option<Slug> {
    let stem = meta_path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    match Slug::parse(stem) {
        Ok(id) => Some(id),
        Err(e) => {
            problems.push(
                Diagnostic::error(shown, format!("invalid tournament id `{stem}`: {e}")).hint(
                    format!(
                        "rename the files to `{}.toml` and `.csv`",
                        Slug::from_name(stem)
                    ),
                ),
            );
            None
        }
    }
}

/// The metadata as written, or the TOML error (syntax, unknown or missing field).
fn parse_meta(text: &str, shown: &Path, problems: &mut Vec<Diagnostic>) -> Option<TournamentMeta> {
    toml::from_str(text)
        .map_err(|e| problems.push(toml_error(shown, text, &e)))
        .ok()
}

/// The crosstable's text; a problem when it is missing or unreadable.
fn read_table(
    root: &Path,
    table_path: &Path,
    meta_shown: &Path,
    problems: &mut Vec<Diagnostic>,
) -> Option<String> {
    let table_shown = relative(root, table_path);
    if !table_path.exists() {
        problems.push(
            Diagnostic::error(meta_shown, "the tournament has no crosstable").hint(format!(
                "add `{}` with a header `no,player,rating,1,2,...`",
                table_shown.display()
            )),
        );
        return None;
    }
    read_text(root, table_path, &table_shown)
        .map_err(|d| problems.push(d))
        .ok()
}

/// `rounds` as declared in metadata that cannot be used as a whole, when it
/// is a round count `check` accepts.
fn declared_rounds(text: &str) -> Option<u32> {
    let table = toml::from_str::<toml::Table>(text).ok()?;
    let rounds = table.get("rounds")?.as_integer()?;
    u32::try_from(rounds)
        .ok()
        .filter(|r| (1..=MAX_ROUNDS).contains(&i64::from(*r)))
}

/// The number of round columns a crosstable's header names (at least 1).
fn header_round_columns(text: &str) -> u32 {
    let Some(header) = records(text).next() else {
        return 1;
    };
    let fields: Vec<&str> = header.iter().collect();
    let first_round = leading_columns(&fields).first_round;
    let columns = header.len().saturating_sub(first_round);
    u32::try_from(columns).unwrap_or(u32::MAX).max(1)
}

struct Header {
    name: String,
    start: Date,
    end: Date,
    system: System,
    acceleration: Acceleration,
    rounds: u32,
    time_control: TimeControl,
    rules: Rules,
    base_k: Option<u32>,
    sequence: u32,
}

/// Highest `sequence` a tournament may give.
const MAX_SEQUENCE: i64 = 9999;

fn read_meta(
    meta: &TournamentMeta,
    text: &str,
    shown: &Path,
    problems: &mut Vec<Diagnostic>,
) -> Option<Header> {
    let fields = FieldErrors { text, shown };
    let long = too_long_fields(meta, &fields);
    if !long.is_empty() {
        problems.extend(long);
        return None;
    }
    let before = problems.len();
    let name = meta.name.get_ref().trim().to_string();
    if name.is_empty() {
        problems.push(fields.error(
            meta.name.span(),
            "name",
            "the name is empty".into(),
            "give the tournament's name",
        ));
    }
    let text_fields = [
        ("name", Some(&meta.name), false),
        ("city", meta.city.as_ref(), false),
        ("note", meta.note.as_ref(), true),
        ("language", meta.language.as_ref(), false),
    ];
    for (field, value, multiline) in text_fields {
        problems.extend(value.and_then(|v| fields.forbidden_chars(v, field, multiline)));
    }
    let sequence = meta.sequence.as_ref().map_or(0, |s| *s.get_ref());
    if let Some(spanned) = meta
        .sequence
        .as_ref()
        .filter(|_| !(0..=MAX_SEQUENCE).contains(&sequence))
    {
        problems.push(fields.error(
            spanned.span(),
            "sequence",
            format!("sequence {sequence} is out of range"),
            "give the order among tournaments starting the same day, from 0 to 9999",
        ));
    }
    let start = read_date(&meta.start, "start", &fields, problems);
    let end = read_date(&meta.end, "end", &fields, problems);
    if let (Some(s), Some(e)) = (start, end) {
        if e < s {
            problems.push(fields.error(
                meta.end.span(),
                "end",
                format!("the tournament ends ({e}) before it starts ({s})"),
                "check the dates; a one-day event has end = start",
            ));
        }
    }
    let rounds = *meta.rounds.get_ref();
    if !(1..=MAX_ROUNDS).contains(&rounds) {
        problems.push(fields.error(
            meta.rounds.span(),
            "rounds",
            format!("{rounds} rounds is out of range"),
            "give the number of rounds played, from 1 to 1000",
        ));
    }
    let base_k = meta.base_k.as_ref().and_then(|k| {
        let value = *k.get_ref();
        if (1..=100).contains(&value) {
            Some(value as u32)
        } else {
            problems.push(fields.error(
                k.span(),
                "base_k",
                format!("base K {value} is out of range"),
                "use a K between 1 and 100, or remove the line to use the configured base K",
            ));
            None
        }
    });
    let acceleration = meta
        .acceleration
        .as_ref()
        .map_or(Acceleration::None, |a| *a.get_ref());
    if let Some(a) = meta
        .acceleration
        .as_ref()
        .filter(|_| acceleration != Acceleration::None && meta.system != System::Swiss)
    {
        problems.push(fields.error(
            a.span(),
            "acceleration",
            "accelerated pairings apply to swiss tournaments only".into(),
            "remove the line, or set system = \"swiss\"",
        ));
    }
    if problems.len() > before {
        return None;
    }
    Some(Header {
        name,
        start: start?,
        end: end?,
        system: meta.system,
        acceleration,
        rounds: rounds as u32,
        time_control: meta.time_control,
        rules: meta.rules,
        base_k,
        sequence: sequence as u32,
    })
}

/// The text fields longer than their limits ([`crate::limits`]); reported
/// alone, before any message that would repeat them.
fn too_long_fields(meta: &TournamentMeta, fields: &FieldErrors) -> Vec<Diagnostic> {
    use crate::limits::{CODE_CHARS, NAME_CHARS, NOTE_CHARS, PLACE_CHARS};
    let texts = [
        ("name", Some(&meta.name), NAME_CHARS),
        ("city", meta.city.as_ref(), PLACE_CHARS),
        ("note", meta.note.as_ref(), NOTE_CHARS),
        ("pool", meta.pool.as_ref(), CODE_CHARS),
        ("language", meta.language.as_ref(), CODE_CHARS),
    ];
    let mut long: Vec<Diagnostic> = texts
        .into_iter()
        .filter_map(|(field, value, max)| fields.too_long(value?, field, max))
        .collect();
    for id in meta.tiebreaks.iter().flatten() {
        if let Some(found) = crate::limits::too_long(id, CODE_CHARS) {
            let (line, column) = super::source::locate_key(fields.text, "", "tiebreaks");
            let d = Diagnostic::error(
                fields.shown,
                format!("a tie-break id in `tiebreaks` is {found} characters long; the most is {CODE_CHARS}"),
            )
            .field("tiebreaks")
            .hint(format!("shorten it to at most {CODE_CHARS} characters"));
            long.push(if line > 0 { d.at(line, column) } else { d });
        }
    }
    long
}

/// A TOML date field (`2026-03-14`) as a [`Date`]; a problem naming the field otherwise.
pub(crate) fn read_date(
    value: &Spanned<toml::Value>,
    field: &str,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<Date> {
    let problem = |message: String, hint: String| fields.error(value.span(), field, message, &hint);
    let datetime = match value.get_ref() {
        toml::Value::Datetime(datetime) => datetime,
        toml::Value::String(text) => {
            problems.push(quoted_date(text, field, &problem));
            return None;
        }
        other => {
            problems.push(problem(
                format!(
                    "`{field}` is {}, not a date",
                    with_article(other.type_str())
                ),
                format!("write a date without quotes, e.g. {field} = 2003-09-20"),
            ));
            return None;
        }
    };
    let date = datetime
        .date
        .filter(|_| datetime.time.is_none())
        .and_then(|d| Date::new(i32::from(d.year), u32::from(d.month), u32::from(d.day)));
    if date.is_none() {
        problems.push(problem(
            format!("`{datetime}` is not a calendar date"),
            "write a plain date like 2003-09-20 (no time, no quotes)".into(),
        ));
    }
    date
}

/// `an integer`, `a float`, … for a TOML type name.
fn with_article(type_name: &str) -> String {
    let vowel = type_name.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {type_name}", if vowel { "an" } else { "a" })
}

/// The problem with a date written as a quoted string: TOML dates take no quotes.
fn quoted_date(
    text: &str,
    field: &str,
    problem: &dyn Fn(String, String) -> Diagnostic,
) -> Diagnostic {
    match Date::parse(text.trim()) {
        Some(date) => problem(
            format!("`{field}` is a date in quotes, which TOML reads as text"),
            format!("write {field} = {date} (no quotes)"),
        ),
        None => problem(
            format!("`{field}` is the text {text:?}, not a date"),
            format!("write the date as YYYY-MM-DD without quotes, e.g. {field} = 2003-09-20"),
        ),
    }
}

/// Parses a crosstable CSV. `rounds` is the declared round count. Returns the
/// rows in start-number order and the 1-based column of round 1.
pub fn parse_crosstable(
    text: &str,
    shown: &Path,
    rounds: u32,
    problems: &mut Vec<Diagnostic>,
) -> (Vec<Entry>, usize) {
    let mut records = records(text);
    let Some(header) = records.next() else {
        problems.push(
            Diagnostic::error(shown, "the crosstable is empty")
                .hint("start with a header line `no,player,rating,1,2,...`"),
        );
        return (Vec::new(), 3);
    };
    let Some(layout) = read_header(&header, shown, rounds, problems) else {
        return (Vec::new(), 3);
    };
    let mut entries = Vec::new();
    for record in records {
        if record.iter().all(str::is_empty) {
            continue;
        }
        if let Some(entry) = read_row(&record, &layout, shown, rounds, problems) {
            entries.push(entry);
        }
    }
    entries.sort_by_key(|e| e.start_no);
    (entries, layout.first_round_column + 1)
}

struct Layout {
    rating_column: Option<usize>,
    rank_column: Option<usize>,
    first_round_column: usize,
    round_columns: usize,
}

/// Where a crosstable's leading columns are (0-based): `no,player`, then the
/// optional `rating` and `rank` columns in that order, then the rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeadingColumns {
    /// The `rating` column, if present.
    pub rating: Option<usize>,
    /// The `rank` column (final rank as the event's report gave it), if present.
    pub rank: Option<usize>,
    /// The column of round 1.
    pub first_round: usize,
}

/// Reads the leading columns of a crosstable header.
pub fn leading_columns(header: &[&str]) -> LeadingColumns {
    let field = |i: usize| {
        header
            .get(i)
            .map(|f| f.trim().trim_start_matches('\u{feff}'))
    };
    let mut next = 2;
    let rating = (field(next) == Some("rating")).then_some(next);
    if rating.is_some() {
        next += 1;
    }
    let rank = (field(next) == Some("rank")).then_some(next);
    if rank.is_some() {
        next += 1;
    }
    LeadingColumns {
        rating,
        rank,
        first_round: next,
    }
}

fn read_header(
    header: &csv::StringRecord,
    shown: &Path,
    rounds: u32,
    problems: &mut Vec<Diagnostic>,
) -> Option<Layout> {
    let line = header.position().map_or(1, |p| p.line() as usize);
    let long = long_cells(header, shown, line, None);
    if !long.is_empty() {
        problems.extend(long);
        return None;
    }
    let field = |i: usize| header.get(i).unwrap_or("").trim_start_matches('\u{feff}');
    let expected =
        "the header is `no,player,rating,rank,1,2,...` (the rating and rank columns are optional)";
    if field(0) != "no" || field(1) != "player" {
        let column = if field(0) != "no" { 1 } else { 2 };
        problems.push(
            Diagnostic::error(shown, "the header does not start with `no,player`")
                .at(line, column)
                .hint(expected),
        );
        return None;
    }
    let names: Vec<&str> = header.iter().collect();
    let leading = leading_columns(&names);
    let rating_column = leading.rating;
    let first_round_column = leading.first_round;
    let round_columns = header.len().saturating_sub(first_round_column);
    for i in first_round_column..header.len() {
        let want = (i - first_round_column + 1).to_string();
        if field(i) != want {
            problems.push(
                Diagnostic::error(
                    shown,
                    format!(
                        "column {} is headed `{}`, expected round `{want}`",
                        i + 1,
                        field(i)
                    ),
                )
                .at(line, i + 1)
                .hint(expected),
            );
            return None;
        }
    }
    if round_columns as u32 > rounds {
        problems.push(
            Diagnostic::error(
                shown,
                format!("the crosstable has {round_columns} round columns but the tournament declares {rounds} rounds"),
            )
            .at(line, first_round_column + rounds as usize + 1)
            .hint("raise `rounds` in the metadata file or remove the extra columns"),
        );
        return None;
    }
    Some(Layout {
        rating_column,
        rank_column: leading.rank,
        first_round_column,
        round_columns,
    })
}

/// The cells of `record` (on `line`) longer than
/// [`crate::limits::CELL_CHARS`], each named by its column in `layout`
/// (none in the header); reported alone, before any message that would
/// repeat them.
fn long_cells(
    record: &csv::StringRecord,
    shown: &Path,
    line: usize,
    layout: Option<&Layout>,
) -> Vec<Diagnostic> {
    let max = crate::limits::CELL_CHARS;
    let field = |i: usize| match (i, layout) {
        (_, None) => None,
        (0, _) => Some("no".to_string()),
        (1, _) => Some("player".to_string()),
        (i, Some(l)) if l.rating_column == Some(i) => Some("rating".to_string()),
        (i, Some(l)) if l.rank_column == Some(i) => Some("rank".to_string()),
        (i, Some(l)) => Some((i + 1).saturating_sub(l.first_round_column).to_string()),
    };
    record
        .iter()
        .enumerate()
        .filter_map(|(i, cell)| {
            let found = crate::limits::too_long(cell, max)?;
            let d = Diagnostic::error(
                    shown,
                    format!("column {} is {found} characters long; the most a cell may hold is {max}", i + 1),
                )
                .at(line, i + 1)
                .hint(format!(
                    "shorten the cell to at most {max} characters: a start number, a player id, a rating, a rank or one round's game"
                ));
            Some(match field(i) {
                Some(name) => d.field(name),
                None => d,
            })
        })
        .collect()
}

fn read_row(
    record: &csv::StringRecord,
    layout: &Layout,
    shown: &Path,
    rounds: u32,
    problems: &mut Vec<Diagnostic>,
) -> Option<Entry> {
    let line = record.position().map_or(0, |p| p.line() as usize);
    let long = long_cells(record, shown, line, Some(layout));
    if !long.is_empty() {
        problems.extend(long);
        return None;
    }
    let before = problems.len();
    let expected_len = layout.first_round_column + layout.round_columns;
    if record.len() != expected_len {
        problems.push(
            Diagnostic::error(
                shown,
                format!("the row has {} fields but the header has {expected_len}", record.len()),
            )
            .at(line, record.len().min(expected_len) + 1)
            .hint("every row needs start number, player id, (rating, rank,) and one cell per round; leave absent rounds empty"),
        );
        return None;
    }
    let start_no = match record[0].parse::<u32>() {
        Ok(n) if n > 0 => Some(n),
        _ => {
            problems.push(
                Diagnostic::error(
                    shown,
                    format!("start number `{}` is not a positive integer", &record[0]),
                )
                .at(line, 1)
                .field("no")
                .hint("number the rows 1, 2, 3, ..."),
            );
            None
        }
    };
    let player = match Slug::parse(&record[1]) {
        Ok(id) => Some(id),
        Err(e) => {
            problems.push(
                Diagnostic::error(shown, format!("invalid player id `{}`: {e}", &record[1]))
                    .at(line, 2)
                    .field("player")
                    .hint("use the player's file name without `.toml`, e.g. `ikonen-jussi`"),
            );
            None
        }
    };
    let rating = layout.rating_column.and_then(|c| {
        let text = &record[c];
        if text.is_empty() {
            return None;
        }
        match text.parse::<u32>() {
            Ok(r) if (1..=3500).contains(&r) => Some(r),
            _ => {
                problems.push(
                    Diagnostic::error(shown, format!("rating `{text}` is not a rating"))
                        .at(line, c + 1)
                        .field("rating")
                        .hint("give the international rating for this event (1..3500), or leave it empty"),
                );
                None
            }
        }
    });
    let rank = layout.rank_column.and_then(|c| {
        let text = &record[c];
        if text.is_empty() {
            return None;
        }
        match text.parse::<u32>() {
            Ok(r) if r > 0 => Some(r),
            _ => {
                problems.push(
                    Diagnostic::error(shown, format!("rank `{text}` is not a rank"))
                        .at(line, c + 1)
                        .field("rank")
                        .hint("give the final rank from the event's report (1, 2, ...; ties may share one), or leave it empty"),
                );
                None
            }
        }
    });
    let mut cells = Vec::with_capacity(rounds as usize);
    let mut handicaps = Vec::new();
    for round in 0..layout.round_columns {
        let column = layout.first_round_column + round;
        match parse_cell_with_handicap(&record[column]) {
            Ok((cell, stones)) => {
                if stones > 0 {
                    handicaps.resize(round, 0);
                    handicaps.push(stones);
                }
                cells.push(cell);
            }
            Err(e) => problems.push(
                Diagnostic::error(shown, format!("round {}: {e}", round + 1))
                    .at(line, column + 1)
                    .field((round + 1).to_string())
                    .hint(e.hint()),
            ),
        }
    }
    cells.resize(rounds as usize, crate::model::Cell::Absent);
    handicaps.truncate(rounds as usize);
    if problems.len() > before {
        return None;
    }
    Some(Entry {
        start_no: start_no?,
        player: player?,
        rating,
        rank,
        cells,
        handicaps,
        line,
    })
}

std::thread_local! {
    /// This thread's parser (comma-separated, double quotes), between tables.
    static PARSER: std::cell::RefCell<Option<csv_core::Reader>> =
        const { std::cell::RefCell::new(None) };
}

/// The records of a crosstable's CSV text, each field trimmed, each with the
/// line it starts on; empty lines are skipped.
///
/// `csv_core` is used directly because the `csv` crate builds its parser
/// anew for every reader, which was a large share of loading 30 000
/// crosstables; here each thread's parser is reset for the next table (a
/// copy would not do: cloning a built `csv_core` parser loses its tables).
/// The text is already UTF-8, so no record can fail to read.
fn records(text: &str) -> Records<'_> {
    let mut parser = PARSER
        .with(|p| p.borrow_mut().take())
        .unwrap_or_else(|| csv_core::ReaderBuilder::new().build());
    parser.reset();
    Records {
        parser: Some(parser),
        input: text.as_bytes(),
        consumed: 0,
        count: 0,
        fields: vec![0; 256],
        ends: vec![0; 32],
        done: false,
    }
}

/// An iterator over the records of CSV text, see [`records`].
struct Records<'a> {
    /// Always there until dropped, when it goes back to the thread.
    parser: Option<csv_core::Reader>,
    input: &'a [u8],
    consumed: u64,
    count: u64,
    fields: Vec<u8>,
    ends: Vec<usize>,
    done: bool,
}

impl Iterator for Records<'_> {
    type Item = csv::StringRecord;

    fn next(&mut self) -> Option<csv::StringRecord> {
        use csv_core::ReadRecordResult;
        let parser = self.parser.as_mut()?;
        if self.done {
            return None;
        }
        let mut position = csv::Position::new();
        position
            .set_byte(self.consumed)
            .set_line(parser.line())
            .set_record(self.count);
        let (mut written, mut ended) = (0, 0);
        loop {
            let (result, read, out, ends) = parser.read_record(
                self.input,
                &mut self.fields[written..],
                &mut self.ends[ended..],
            );
            self.input = &self.input[read..];
            self.consumed += read as u64;
            written += out;
            ended += ends;
            match result {
                // All input is taken: the next call, with none, ends the text.
                ReadRecordResult::InputEmpty => {}
                ReadRecordResult::OutputFull => self.fields.resize(self.fields.len() * 2, 0),
                ReadRecordResult::OutputEndsFull => self.ends.resize(self.ends.len() * 2, 0),
                ReadRecordResult::Record => {
                    let mut record = csv::StringRecord::with_capacity(written, ended);
                    let mut start = 0;
                    for &end in &self.ends[..ended] {
                        record.push_field(String::from_utf8_lossy(&self.fields[start..end]).trim());
                        start = end;
                    }
                    record.set_position(Some(position));
                    self.count += 1;
                    return Some(record);
                }
                ReadRecordResult::End => {
                    self.done = true;
                    return None;
                }
            }
        }
    }
}

impl Drop for Records<'_> {
    fn drop(&mut self) {
        if let Some(parser) = self.parser.take() {
            PARSER.with(|p| *p.borrow_mut() = Some(parser));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The records and lines the `csv` crate reads, as crosstables were read before.
    fn csv_crate_records(text: &str) -> Vec<(u64, Vec<String>)> {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(csv::Trim::All)
            .from_reader(text.as_bytes());
        reader
            .records()
            .map(|r| {
                let r = r.unwrap();
                let line = r.position().unwrap().line();
                (line, r.iter().map(String::from).collect())
            })
            .collect()
    }

    fn own_records(text: &str) -> Vec<(u64, Vec<String>)> {
        records(text)
            .map(|r| {
                let line = r.position().unwrap().line();
                (line, r.iter().map(String::from).collect())
            })
            .collect()
    }

    #[test]
    fn crosstable_records_are_read_as_the_csv_crate_reads_them() {
        let long_field = format!("{},x\n", "é".repeat(700));
        let shapes = [
            "",
            "\n\n",
            "no,player,1\n1,a,2 w 1\n2,b,1 b 0\n",
            "no,player,1\r\n1,a,2 w 1\r\n\r\n2,b,1 b 0",
            " no , player ,\t1 \n\n\n1,  a ,\u{a0}bye\u{a0}\n",
            "\"no\",\"a, b\",\"say \"\"hi\"\"\"\n1,\"multi\nline\",x\n2,y\n",
            "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z,1,2,3,4,5,6,7,8,9,0,a,b,c,d\n,,\n",
            long_field.as_str(),
        ];
        for text in shapes {
            assert_eq!(own_records(text), csv_crate_records(text), "{text:?}");
        }
        // Many random texts over the characters that matter to CSV.
        let alphabet = [
            ",", "\"", "\n", "\r", " ", "\t", "a", "1", "é", "\u{a0}", "\u{feff}",
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..3000 {
            let mut text = String::new();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let length = (state >> 33) % 80;
            for _ in 0..length {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                text.push_str(alphabet[((state >> 33) % alphabet.len() as u64) as usize]);
            }
            assert_eq!(own_records(&text), csv_crate_records(&text), "{text:?}");
        }
    }

    #[derive(Deserialize)]
    struct OneDate {
        start: Spanned<toml::Value>,
    }

    fn date_problem(value: &str) -> Diagnostic {
        let text = format!("start = {value}\n");
        let one: OneDate = toml::from_str(&text).unwrap();
        let fields = FieldErrors {
            text: &text,
            shown: Path::new("t.toml"),
        };
        let mut problems = Vec::new();
        assert_eq!(read_date(&one.start, "start", &fields, &mut problems), None);
        assert_eq!(problems.len(), 1);
        problems.remove(0)
    }

    #[test]
    fn dates_that_are_not_dates_say_how_to_write_one() {
        let d = date_problem("\"2026-04-11\"");
        assert_eq!(d.location(), "t.toml:1:9");
        assert_eq!(
            d.hint.as_deref(),
            Some("write start = 2026-04-11 (no quotes)")
        );
        let d = date_problem("20260411");
        assert_eq!(d.message, "`start` is an integer, not a date");
        let d = date_problem("[2026, 4, 11]");
        assert_eq!(d.message, "`start` is an array, not a date");
        let d = date_problem("2026-04-11T10:00:00");
        assert!(
            d.message.contains("is not a calendar date"),
            "{}",
            d.message
        );
    }

    #[test]
    fn the_round_count_falls_back_to_the_crosstable_header() {
        assert_eq!(declared_rounds("rounds = 7\nname = 1"), Some(7));
        assert_eq!(declared_rounds("rounds = 0"), None);
        assert_eq!(declared_rounds("rounds = \"7\""), None);
        assert_eq!(declared_rounds("rounds = 7\n[[["), None);
        assert_eq!(header_round_columns("no,player,rating,1,2,3\n"), 3);
        assert_eq!(header_round_columns("no,player,1,2\n"), 2);
        assert_eq!(header_round_columns("no,player\n"), 1);
        assert_eq!(header_round_columns(""), 1);
    }
}
