//! The crosstable CSV (`data/tournaments/<year>/<id>.csv`): read into entries,
//! written from a tournament, a TRF import, a new tournament or the
//! generator, and one round's column rewritten in place.

use super::cell::parse_cell_with_handicap;
use crate::diagnostic::Diagnostic;
use crate::model::{Cell, Entry, Slug, Tournament};
use std::path::Path;

/// One row of a crosstable as written: start number, player id, the rating
/// and final rank when known, and one cell's notation per round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The start number.
    pub start_no: u32,
    /// The player's id.
    pub player: String,
    /// The rating the player started with, if known.
    pub rating: Option<u32>,
    /// The final rank as the event's report gave it, if known.
    pub rank: Option<u32>,
    /// Each round's cell in crosstable notation.
    pub cells: Vec<String>,
}

/// A crosstable's text: the header `no,player,rating` (then `rank` when
/// `ranked`) and the rounds `1..=rounds`, then the rows.
pub fn crosstable_text(rounds: u32, ranked: bool, rows: impl IntoIterator<Item = Row>) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["no".to_string(), "player".into(), "rating".into()];
    if ranked {
        header.push("rank".into());
    }
    header.extend((1..=rounds).map(|r| r.to_string()));
    let _ = writer.write_record(&header);
    for row in rows {
        let mut fields = vec![
            row.start_no.to_string(),
            row.player,
            row.rating.map(|r| r.to_string()).unwrap_or_default(),
        ];
        if ranked {
            fields.push(row.rank.map(|r| r.to_string()).unwrap_or_default());
        }
        fields.extend(row.cells);
        let _ = writer.write_record(&fields);
    }
    writer.into_inner().unwrap_or_default()
}

/// The tournament's crosstable in the repository's CSV format.
pub fn crosstable_csv(t: &Tournament) -> Vec<u8> {
    let ranked = t.entries.iter().any(|e| e.rank.is_some());
    let rows = t.entries.iter().map(|e| Row {
        start_no: e.start_no,
        player: e.player.to_string(),
        rating: e.rating,
        rank: e.rank,
        cells: e
            .cells
            .iter()
            .enumerate()
            .map(|(round, c)| c.to_notation_with_handicap(e.handicap(round)))
            .collect(),
    });
    crosstable_text(t.rounds, ranked, rows)
}

/// Rewrites one round column of a crosstable file in place (through a temporary
/// file and a rename): the rows whose start number is listed get the new cell,
/// every other field keeps its text.
pub fn replace_round_cells(
    path: &std::path::Path,
    column: usize,
    cells: &[(u32, Cell)],
) -> std::io::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut writer = csv::Writer::from_writer(Vec::new());
    for (index, record) in reader.records().enumerate() {
        let record = record.map_err(std::io::Error::other)?;
        let start_no: Option<u32> = record.get(0).and_then(|f| f.trim().parse().ok());
        let replacement = start_no.and_then(|n| cells.iter().find(|(s, _)| *s == n));
        let mut fields: Vec<String> = record.iter().map(str::to_string).collect();
        // A crosstable may stop before its last declared round: add the column.
        while fields.len() <= column {
            let header = index == 0 && fields.len() == column;
            fields.push(if header {
                (column - first_round_column(&fields) + 1).to_string()
            } else {
                String::new()
            });
        }
        if let Some((_, cell)) = replacement {
            fields[column] = cell.to_notation();
        }
        writer
            .write_record(&fields)
            .map_err(std::io::Error::other)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    crate::atomic_write::write_file_atomically(path, &bytes)
}

/// 0-based index of round 1's column in a crosstable header.
fn first_round_column(header: &[String]) -> usize {
    let names: Vec<&str> = header.iter().map(String::as_str).collect();
    leading_columns(&names).first_round
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

/// The entry one crosstable row gives, or `None` with the row's problems
/// added to `problems`: its cells too long, its field count, its start
/// number, player id, rating, rank and round cells.
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
    let rating = read_rating(record, layout, shown, line, problems);
    let rank = read_rank(record, layout, shown, line, problems);
    let (cells, handicaps) = read_round_cells(record, layout, shown, line, rounds, problems);
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

/// The row's rating, if the crosstable has a rating column and the row gives
/// one; a problem when it is not a rating (1..3500).
fn read_rating(
    record: &csv::StringRecord,
    layout: &Layout,
    shown: &Path,
    line: usize,
    problems: &mut Vec<Diagnostic>,
) -> Option<u32> {
    let column = OptionalNumber {
        column: layout.rating_column?,
        valid: 1..=3500,
        field: "rating",
        hint: "give the international rating for this event (1..3500), or leave it empty",
    };
    column.read(record, shown, line, problems)
}

/// The row's final rank, if the crosstable has a rank column and the row
/// gives one; a problem when it is not a positive integer.
fn read_rank(
    record: &csv::StringRecord,
    layout: &Layout,
    shown: &Path,
    line: usize,
    problems: &mut Vec<Diagnostic>,
) -> Option<u32> {
    let column = OptionalNumber {
        column: layout.rank_column?,
        valid: 1..=u32::MAX,
        field: "rank",
        hint: "give the final rank from the event's report (1, 2, ...; ties may share one), or leave it empty",
    };
    column.read(record, shown, line, problems)
}

/// A column of whole numbers that a row may leave empty.
struct OptionalNumber {
    column: usize,
    valid: std::ops::RangeInclusive<u32>,
    /// The column's name, in messages (`rating`, `rank`).
    field: &'static str,
    hint: &'static str,
}

impl OptionalNumber {
    /// The row's number, if it gives one; a problem when it is not one of
    /// the valid numbers.
    fn read(
        &self,
        record: &csv::StringRecord,
        shown: &Path,
        line: usize,
        problems: &mut Vec<Diagnostic>,
    ) -> Option<u32> {
        let text = &record[self.column];
        if text.is_empty() {
            return None;
        }
        match text.parse::<u32>() {
            Ok(n) if self.valid.contains(&n) => Some(n),
            _ => {
                let field = self.field;
                problems.push(
                    Diagnostic::error(shown, format!("{field} `{text}` is not a {field}"))
                        .at(line, self.column + 1)
                        .field(field)
                        .hint(self.hint),
                );
                None
            }
        }
    }
}

/// The row's cell for each of the tournament's `rounds` (absent past the
/// round columns) and the handicap stones of each round up to the last one
/// with any; a problem for each cell that does not read.
fn read_round_cells(
    record: &csv::StringRecord,
    layout: &Layout,
    shown: &Path,
    line: usize,
    rounds: u32,
    problems: &mut Vec<Diagnostic>,
) -> (Vec<Cell>, Vec<u8>) {
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
    (cells, handicaps)
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

/// The number of round columns a crosstable's header names (at least 1):
/// the round count to read it against when the metadata gives none.
pub fn header_round_columns(text: &str) -> u32 {
    let Some(header) = records(text).next() else {
        return 1;
    };
    let fields: Vec<&str> = header.iter().collect();
    let first_round = leading_columns(&fields).first_round;
    let columns = header.len().saturating_sub(first_round);
    u32::try_from(columns).unwrap_or(u32::MAX).max(1)
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

    #[test]
    fn a_header_counts_its_round_columns() {
        assert_eq!(header_round_columns("no,player,rating,1,2,3\n"), 3);
        assert_eq!(header_round_columns("no,player,1,2\n"), 2);
        assert_eq!(header_round_columns("no,player\n"), 1);
        assert_eq!(header_round_columns(""), 1);
    }
}
