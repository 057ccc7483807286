//! SQL dumps of the rating book for SQLite, PostgreSQL and MariaDB/MySQL.
//!
//! One schema ([`schema`]) is described once, as data, and written out as DDL
//! per [`Dialect`]. The rows come from [`SqlDump`] (dataset + ratings), and the
//! template `sql/ratingbook.sql` wraps both in each dialect's load strategy:
//!
//! - SQLite and PostgreSQL: one transaction drops the tables, recreates them
//!   and inserts every row (DDL is transactional there), so a reload replaces
//!   the previous contents completely or not at all.
//! - MariaDB/MySQL: DDL commits implicitly, so the tables are created only if
//!   missing, and one transaction then deletes every row and inserts the new
//!   ones. Readers see the old contents until the commit.
//!
//! Values are quoted by [`quote_string`] for the dialect: quote doubling for
//! SQLite and PostgreSQL (the dump sets `standard_conforming_strings`), and for
//! MySQL also backslashes doubled (the dump sets an explicit `sql_mode` without
//! `NO_BACKSLASH_ESCAPES`, so the server's defaults cannot change the meaning).

mod dump;
mod rows;
pub mod schema;

pub use crate::config::Dialect;
pub use dump::DumpRows;
pub use rows::{
    base_tables, pool_tables, result_code, PoolList, PublishedList, RowSource, SqlDump, SqlValue,
    TableSink, UnitKeys, Units, BATCH_ROWS,
};

use serde::Serialize;
use std::fmt::Write as _;

impl Dialect {
    /// Every dialect, in documentation order.
    pub const ALL: [Dialect; 3] = [Dialect::Sqlite, Dialect::Postgres, Dialect::Mysql];

    /// The name used on the command line and in `ratingbook.toml`.
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::Sqlite => "sqlite",
            Dialect::Postgres => "postgres",
            Dialect::Mysql => "mysql",
        }
    }

    /// Parses a dialect name (`postgresql` and `mariadb` are accepted as aliases).
    pub fn parse(text: &str) -> Option<Dialect> {
        match text {
            "sqlite" => Some(Dialect::Sqlite),
            "postgres" | "postgresql" => Some(Dialect::Postgres),
            "mysql" | "mariadb" => Some(Dialect::Mysql),
            _ => None,
        }
    }

    /// The database the dump loads into, by its own name (names only, so
    /// that the words around them are the page's language's).
    pub fn database_name(self) -> &'static str {
        match self {
            Dialect::Sqlite => "SQLite",
            Dialect::Postgres => "PostgreSQL",
            Dialect::Mysql => "MariaDB / MySQL",
        }
    }

    /// How to load the dump (the command in docs/sql.md).
    pub fn load_command(self) -> &'static str {
        match self {
            Dialect::Sqlite => "sqlite3 ratingbook.db < ratingbook.sql",
            Dialect::Postgres => "psql -v ON_ERROR_STOP=1 -f ratingbook.postgres.sql DBNAME",
            Dialect::Mysql => {
                "mariadb --default-character-set=utf8mb4 DBNAME < ratingbook.mysql.sql"
            }
        }
    }

    /// The dump's file name in the site: `ratingbook.sql` for SQLite (as before),
    /// `ratingbook.<dialect>.sql` for the others.
    pub fn file_name(self) -> &'static str {
        match self {
            Dialect::Sqlite => "ratingbook.sql",
            Dialect::Postgres => "ratingbook.postgres.sql",
            Dialect::Mysql => "ratingbook.mysql.sql",
        }
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Quotes a string as an SQL literal for `dialect`: `'O''Brien'`.
///
/// SQLite and PostgreSQL (standard strings): only the single quote is doubled.
/// MySQL: backslashes are doubled as well. NUL cannot be stored by any of them
/// and is dropped (the loader rejects control characters in names anyway).
pub fn quote_string(text: &str, dialect: Dialect) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    push_quoted(&mut out, text, dialect);
    out
}

/// Appends `text` quoted as [`quote_string`] quotes it to `out`.
fn push_quoted(out: &mut String, text: &str, dialect: Dialect) {
    out.push('\'');
    let mysql = dialect == Dialect::Mysql;
    let special = |b: u8| b == b'\'' || b == 0 || (b == b'\\' && mysql);
    // Names and ids rarely need escaping: scanning bytes finds that fast.
    if !text.bytes().any(special) {
        out.push_str(text);
    } else {
        for c in text.chars() {
            match c {
                '\'' => out.push_str("''"),
                '\\' if mysql => out.push_str("\\\\"),
                '\0' => {}
                c => out.push(c),
            }
        }
    }
    out.push('\'');
}

/// Appends `x` as Rust's `{:?}` writes it, as the template's numbers print
/// (the shortest text that reads back as `x`, a whole number with `.0`).
///
/// Ratings, points and expected scores are whole hundredths: those are
/// written from their integer digits, which is the same text (no shorter
/// decimal lies as close to `x` below a billion, where doubles are finer
/// than 10⁻⁶) and several times faster than formatting a float.
fn push_decimal(out: &mut String, x: f64) {
    let hundredths = (x * 100.0).round();
    if x == 0.0 || hundredths.abs() >= 1e11 || hundredths / 100.0 != x {
        let _ = write!(out, "{x:?}");
        return;
    }
    let hundredths = hundredths as i64;
    if hundredths < 0 {
        out.push('-');
    }
    let (whole, fraction) = (
        hundredths.unsigned_abs() / 100,
        hundredths.unsigned_abs() % 100,
    );
    out.push_str(itoa::Buffer::new().format(whole));
    out.push('.');
    let digits = [b'0' + (fraction / 10) as u8, b'0' + (fraction % 10) as u8];
    let shown = if fraction % 10 == 0 { 1 } else { 2 };
    out.push_str(std::str::from_utf8(&digits[..shown]).unwrap_or("0"));
}

/// Renders a template value as an SQL literal for `dialect`: strings quoted,
/// null as `NULL`, booleans as `1`/`0` (SQLite) or `TRUE`/`FALSE`, numbers as written.
pub fn literal(value: &tera::Value, dialect: Dialect) -> String {
    if value.is_none() || value.is_undefined() {
        return "NULL".to_string();
    }
    if let Some(b) = value.as_bool() {
        return bool_literal(b, dialect).to_string();
    }
    if value.is_number() {
        return value.to_string();
    }
    match value.as_str() {
        Some(s) => quote_string(s, dialect),
        None => quote_string(&value.to_string(), dialect),
    }
}

/// A boolean as `dialect` writes it (SQLite has no boolean type).
fn bool_literal(b: bool, dialect: Dialect) -> &'static str {
    match (dialect, b) {
        (Dialect::Sqlite, true) => "1",
        (Dialect::Sqlite, false) => "0",
        (_, true) => "TRUE",
        (_, false) => "FALSE",
    }
}

/// The template that writes every dialect's dump.
pub const TEMPLATE: &str = "sql/ratingbook.sql";

/// Everything the dump template gets: the dialect, the schema's DDL and the rows.
#[derive(Debug, Serialize)]
pub struct DumpContext<'a> {
    /// `sqlite`, `postgres` or `mysql`.
    pub dialect: Dialect,
    /// DDL for this dialect, ready to paste.
    pub schema: schema::Ddl,
    /// The rows.
    pub dump: &'a SqlDump,
}

/// Renders the dump for `dialect` with the compiled templates (`sql/ratingbook.sql`).
pub fn render(tera: &tera::Tera, dump: &SqlDump, dialect: Dialect) -> Result<String, tera::Error> {
    let mut ctx = tera::Context::new();
    ctx.insert("dialect", &dialect);
    ctx.insert("schema", &schema::Ddl::new(dialect, dump.pooled));
    ctx.insert("dump", dump);
    tera.render(TEMPLATE, &ctx)
}

/// The template's text before and after the rows of the dump for `dialect`
/// (`pooled`: with the further lists' tables), when the template has the
/// built-in layout: the rows go right before `after_data` and `COMMIT;`.
pub fn frame(
    tera: &tera::Tera,
    dialect: Dialect,
    pooled: bool,
) -> Result<(String, String), tera::Error> {
    let empty = SqlDump {
        pooled,
        ..SqlDump::default()
    };
    let mut head = render(tera, &empty, dialect)?;
    let after = format!("{}COMMIT;", schema::Ddl::new(dialect, pooled).after_data);
    let at = head.rfind(&after).unwrap_or(head.len());
    let tail = head.split_off(at);
    Ok((head, tail))
}

/// Writes the rows of each table handed over as the built-in template writes
/// them (`INSERT` statements of [`BATCH_ROWS`] rows), as they come, so the
/// dump is never held in memory.
///
/// The rows are taken a block at a time; while the next block is made on
/// this thread, the statements of the one before are written out as text
/// in parallel (a block is split at statement boundaries, so its parts are
/// independent), and then written in order.
pub struct InsertWriter<'w> {
    out: &'w mut dyn DumpOut,
    dialect: Dialect,
    /// Where the previous dump's pieces are, if it can be read.
    pieces: Option<&'w dyn Pieces>,
    /// Bytes written so far, from where the dump began.
    written: u64,
}

/// The pieces of a previous dump: a piece (the statements of up to
/// `PIECE_ROWS` rows of one table, from a whole multiple of them) whose
/// rows are the same makes the same text, so a dump that changed in a few
/// rows takes the rest of its text over instead of writing it again.
pub trait Pieces: Sync {
    /// The text of the piece whose rows hash to `key`, if the previous dump
    /// had it.
    fn text(&self, key: u128) -> Option<PieceText<'_>>;
    /// Notes that this dump has the piece `key` `at` (offset, length),
    /// put there as `placed` says.
    fn made(&self, key: u128, at: (u64, u64), placed: Placed);
    /// The length of the piece `key` when the file the dump is written
    /// over (`over`, as it was before this dump began) already holds it at
    /// `offset`: it is left there, not written again.
    fn held(&self, key: u128, offset: u64, over: &std::fs::Metadata) -> Option<u64> {
        let _ = (key, offset, over);
        None
    }
}

/// How a piece of a dump got its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placed {
    /// Its statements were written.
    Written,
    /// It was copied from the previous dump.
    Copied,
    /// The file written over already held it there.
    InPlace,
}

/// The text of a piece of a dump.
pub enum PieceText<'a> {
    /// Its bytes.
    Bytes(Vec<u8>),
    /// `length` bytes of `file` from `offset`, copied as they are: a
    /// previous dump's piece goes from file to file without being read.
    InFile {
        /// The file that has it.
        file: &'a std::fs::File,
        /// Bytes before it.
        offset: u64,
        /// Its length in bytes.
        length: u64,
    },
}

impl PieceText<'_> {
    /// Writes the text to `out`; its length.
    fn write_to(&self, out: &mut dyn DumpOut) -> std::io::Result<u64> {
        match self {
            PieceText::Bytes(bytes) => {
                out.write_all(bytes)?;
                Ok(bytes.len() as u64)
            }
            PieceText::InFile {
                file,
                offset,
                length,
            } => {
                out.copy_from(file, *offset, *length)?;
                Ok(*length)
            }
        }
    }
}

/// Where a dump's text goes: bytes written, and runs of another file
/// copied. Whatever can be written to copies by reading the run and
/// writing it; a file of the site copies within the file system.
pub trait DumpOut: std::io::Write {
    /// Appends `length` bytes of `file` from `offset`, as writing them would.
    fn copy_from(&mut self, file: &std::fs::File, offset: u64, length: u64) -> std::io::Result<()> {
        copy_by_reading(self, file, offset, length)
    }

    /// When the dump is written over the bytes of an earlier file, from
    /// its start: that file as it was before anything was written.
    fn written_over(&self) -> Option<&std::fs::Metadata> {
        None
    }

    /// Moves on by `length` bytes, leaving what the file written over
    /// holds there as it is. Only where [`DumpOut::written_over`] is.
    fn skip(&mut self, length: u64) -> std::io::Result<()> {
        let _ = length;
        Err(std::io::ErrorKind::Unsupported.into())
    }
}

impl DumpOut for Vec<u8> {}

/// Any writer (standard output, say), copying by reading.
impl DumpOut for &mut dyn std::io::Write {}

/// Appends `length` bytes of `file` from `offset` to `out`, a run at a time.
pub fn copy_by_reading(
    out: &mut (impl std::io::Write + ?Sized),
    file: &std::fs::File,
    offset: u64,
    length: u64,
) -> std::io::Result<()> {
    const RUN: u64 = 1 << 20;
    let end = offset
        .checked_add(length)
        .ok_or(std::io::ErrorKind::InvalidInput)?;
    let mut buffer = vec![0; length.min(RUN) as usize];
    let mut at = offset;
    while at < end {
        let run = &mut buffer[..(end - at).min(RUN) as usize];
        read_exact_at(file, run, at)?;
        out.write_all(run)?;
        at += run.len() as u64;
    }
    Ok(())
}

/// Fills `bytes` from `file` at `offset`, leaving the file's position as it was.
#[cfg(unix)]
fn read_exact_at(file: &std::fs::File, bytes: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, bytes, offset)
}

#[cfg(not(unix))]
fn read_exact_at(file: &std::fs::File, bytes: &mut [u8], offset: u64) -> std::io::Result<()> {
    use std::io::{Read as _, Seek as _};
    let mut file = file;
    file.seek(std::io::SeekFrom::Start(offset))?;
    file.read_exact(bytes)
}

/// Statements written as text in one piece of work.
const PIECE_ROWS: usize = BATCH_ROWS * 16;
/// Rows taken at a time: a piece for each of a few threads.
const BLOCK_ROWS: usize = PIECE_ROWS * 4;

impl<'w> InsertWriter<'w> {
    /// A writer of `dialect`'s statements into `out`.
    pub fn new(out: &'w mut dyn DumpOut, dialect: Dialect) -> Self {
        InsertWriter {
            out,
            dialect,
            pieces: None,
            written: 0,
        }
    }

    /// The same writer taking unchanged pieces over from `pieces`, its
    /// statements starting `offset` bytes into the file.
    pub fn reusing(mut self, pieces: &'w dyn Pieces, offset: u64) -> Self {
        self.pieces = Some(pieces);
        self.written = offset;
        self
    }
}

impl InsertWriter<'_> {
    /// Writes the piece `key`, whose text is `text`, where the dump is now,
    /// and notes it there; its length. A file written over that holds the
    /// same piece at the same place keeps it: nothing is written.
    fn write_piece(&mut self, key: u128, text: &PieceText) -> std::io::Result<u64> {
        let Some(pieces) = self.pieces else {
            return text.write_to(self.out);
        };
        let held = self
            .out
            .written_over()
            .and_then(|over| pieces.held(key, self.written, over));
        let (length, placed) = match (held, text) {
            (Some(length), _) => {
                self.out.skip(length)?;
                (length, Placed::InPlace)
            }
            (None, PieceText::InFile { .. }) => (text.write_to(self.out)?, Placed::Copied),
            (None, PieceText::Bytes(_)) => (text.write_to(self.out)?, Placed::Written),
        };
        pieces.made(key, (self.written, length), placed);
        Ok(length)
    }
}

/// The piece of `rows` (`width` values each) as text, with its key when
/// there are `pieces`: the previous dump's text, or written now.
fn piece<'p>(
    pieces: Option<&'p dyn Pieces>,
    header: &str,
    rows: &[SqlValue],
    width: usize,
    dialect: Dialect,
) -> (Option<u128>, PieceText<'p>) {
    let made = || PieceText::Bytes(statements(header, rows, width, dialect).into_bytes());
    let Some(pieces) = pieces else {
        return (None, made());
    };
    let key = piece_key(header, rows, width, dialect);
    (Some(key), pieces.text(key).unwrap_or_else(made))
}

/// What a piece's text depends on: the dialect, the table and its columns
/// (the statements' header) and every value of its rows. The values are
/// laid out in one buffer and hashed at once: hashing them one by one costs
/// more than writing them as SQL.
fn piece_key(header: &str, rows: &[SqlValue], width: usize, dialect: Dialect) -> u128 {
    let mut bytes = Vec::with_capacity(header.len() + rows.len() * 8);
    bytes.extend_from_slice(dialect.file_name().as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(header.as_bytes());
    for row in rows.chunks(width) {
        for value in row {
            match value {
                SqlValue::Null => bytes.push(0),
                SqlValue::Int(n) => {
                    bytes.push(1);
                    bytes.extend_from_slice(&n.to_le_bytes());
                }
                SqlValue::Text(text) => {
                    bytes.push(2);
                    bytes.extend_from_slice(&(text.len() as u64).to_le_bytes());
                    bytes.extend_from_slice(text.as_bytes());
                }
                SqlValue::Bool(b) => bytes.extend_from_slice(&[3, u8::from(*b)]),
                SqlValue::Decimal(x) => {
                    bytes.push(4);
                    bytes.extend_from_slice(&x.to_bits().to_le_bytes());
                }
            }
        }
        bytes.push(5);
    }
    xxhash_rust::xxh3::xxh3_128(&bytes)
}

impl TableSink for InsertWriter<'_> {
    /// Writes nothing for a table without columns (no schema table has none).
    fn table<'a>(
        &mut self,
        table: &'static str,
        columns: &[&'static str],
        rows: &mut dyn RowSource<'a>,
    ) -> std::io::Result<()> {
        let width = columns.len();
        if width == 0 {
            return Ok(());
        }
        let header = insert_header(table, columns);
        let dialect = self.dialect;
        let mut block = Vec::with_capacity(BLOCK_ROWS * width);
        let mut next = Vec::with_capacity(BLOCK_ROWS * width);
        rows::take_rows(rows, &mut block, BLOCK_ROWS, width);
        while !block.is_empty() {
            let mut texts: Vec<_> = (0..block.len().div_ceil(PIECE_ROWS * width))
                .map(|_| (None, PieceText::Bytes(Vec::new())))
                .collect();
            let pieces = self.pieces;
            rayon::in_place_scope(|scope| {
                let parts = block.chunks(PIECE_ROWS * width);
                for (text, rows) in texts.iter_mut().zip(parts) {
                    let header = &header;
                    scope.spawn(move |_| *text = piece(pieces, header, rows, width, dialect));
                }
                rows::take_rows(rows, &mut next, BLOCK_ROWS, width);
            });
            for (key, text) in &texts {
                let length = match key {
                    Some(key) => self.write_piece(*key, text)?,
                    None => text.write_to(self.out)?,
                };
                self.written += length;
            }
            std::mem::swap(&mut block, &mut next);
            next.clear();
        }
        Ok(())
    }

    /// With a previous dump and the units' keys, the pieces are the same
    /// as [`TableSink::table`] writes (a whole number of statements from
    /// the table's first row), each keyed by the keys of the units it
    /// holds rows of and where in them it starts; only the pieces the
    /// previous dump does not have get their rows made.
    fn units<'a>(
        &mut self,
        table: &'static str,
        columns: &[&'static str],
        units: &dyn Units<'a>,
    ) -> std::io::Result<()> {
        let width = columns.len();
        // The keys are known for every unit or for none.
        let keyed = width > 0 && units.count() > 0 && units.key(0).is_some();
        let Some(pieces) = self.pieces.filter(|_| keyed) else {
            let mut rows = rows::UnitRows::new(units, width);
            return self.table(table, columns, &mut rows);
        };
        let header = insert_header(table, columns);
        let spans = unit_pieces(units, &header, self.dialect);
        let dialect = self.dialect;
        for block in spans.chunks(BLOCK_ROWS / PIECE_ROWS) {
            let mut texts: Vec<_> = block.iter().map(|_| PieceText::Bytes(Vec::new())).collect();
            rayon::in_place_scope(|scope| {
                for (text, span) in texts.iter_mut().zip(block) {
                    let header = &header;
                    scope.spawn(move |_| {
                        *text = pieces.text(span.key).unwrap_or_else(|| {
                            let rows = span.rows(units, width);
                            PieceText::Bytes(statements(header, &rows, width, dialect).into_bytes())
                        });
                    });
                }
            });
            for (span, text) in block.iter().zip(&texts) {
                self.written += self.write_piece(span.key, text)?;
            }
        }
        Ok(())
    }
}

/// The first line of a table's `INSERT` statements.
fn insert_header(table: &str, columns: &[&str]) -> String {
    format!("INSERT INTO {table} ({}) VALUES\n", columns.join(", "))
}

/// Where a piece of a table made of units lies: from row `skip` of unit
/// `first`, `rows` rows.
struct UnitSpan {
    first: usize,
    skip: usize,
    rows: usize,
    key: u128,
}

impl UnitSpan {
    /// The span's rows, made.
    fn rows<'a>(&self, units: &dyn Units<'a>, width: usize) -> Vec<SqlValue<'a>> {
        let mut values = Vec::with_capacity((self.skip + self.rows) * width);
        let mut unit = self.first;
        while values.len() < (self.skip + self.rows) * width && unit < units.count() {
            units.push_rows(unit, &mut values);
            unit += 1;
        }
        values.truncate((self.skip + self.rows) * width);
        values.drain(..self.skip * width);
        values
    }
}

/// The pieces of a table made of `units`, [`PIECE_ROWS`] rows each (the
/// last one fewer), each keyed by what its text depends on: the dialect,
/// the statements' `header`, where it starts in its first unit, how many
/// rows it has, and the key of every unit it holds rows of.
fn unit_pieces(units: &dyn Units<'_>, header: &str, dialect: Dialect) -> Vec<UnitSpan> {
    let mut spans = Vec::new();
    let (mut unit, mut skip) = (0, 0);
    while unit < units.count() {
        let (first, first_skip) = (unit, skip);
        let mut key = xxhash_rust::xxh3::Xxh3::new();
        key.update(b"units\0");
        key.update(dialect.file_name().as_bytes());
        key.update(header.as_bytes());
        key.update(&(skip as u64).to_le_bytes());
        let mut rows = 0;
        while rows < PIECE_ROWS && unit < units.count() {
            let in_unit = units.rows_in(unit);
            let taken = (in_unit - skip.min(in_unit)).min(PIECE_ROWS - rows);
            key.update(&units.key(unit).unwrap_or_default().to_le_bytes());
            rows += taken;
            skip += taken;
            if skip >= in_unit {
                unit += 1;
                skip = 0;
            }
        }
        if rows > 0 {
            key.update(&(rows as u64).to_le_bytes());
            spans.push(UnitSpan {
                first,
                skip: first_skip,
                rows,
                key: key.digest128(),
            });
        }
    }
    spans
}

/// `rows` (`width` values each) as `INSERT` statements of [`BATCH_ROWS`]
/// rows each, the last one ending with the last row: `rows` start a
/// statement, and end one (a whole number of statements, or the table's
/// last rows).
fn statements(header: &str, rows: &[SqlValue], width: usize, dialect: Dialect) -> String {
    let mut text = String::new();
    let count = rows.len() / width;
    for (n, row) in rows.chunks(width).enumerate() {
        if n % BATCH_ROWS == 0 {
            text.push_str(header);
        }
        text.push('(');
        for (i, value) in row.iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            value.push_literal(&mut text, dialect);
        }
        let last = (n + 1) % BATCH_ROWS == 0 || n + 1 == count;
        text.push_str(if last { ");\n" } else { "),\n" });
    }
    text
}

impl SqlValue<'_> {
    /// Appends [`SqlValue::literal`] to `out`, without a string of its own
    /// for the common values.
    pub fn push_literal(&self, out: &mut String, dialect: Dialect) {
        match self {
            SqlValue::Null => out.push_str("NULL"),
            SqlValue::Int(n) => out.push_str(itoa::Buffer::new().format(*n)),
            SqlValue::Text(text) => push_quoted(out, text, dialect),
            SqlValue::Bool(b) => out.push_str(bool_literal(*b, dialect)),
            SqlValue::Decimal(x) => push_decimal(out, *x),
        }
    }

    /// The value as an SQL literal for `dialect`, as the template's `sql`
    /// filter writes it.
    pub fn literal(&self, dialect: Dialect) -> String {
        let mut out = String::new();
        self.push_literal(&mut out, dialect);
        out
    }
}

/// Reads the `dialect` variable of the template being rendered (SQLite when absent).
pub fn dialect_of(state: &tera::State) -> Dialect {
    state
        .get::<String>("dialect")
        .ok()
        .flatten()
        .and_then(|name| Dialect::parse(&name))
        .unwrap_or(Dialect::Sqlite)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The text [`InsertWriter`] writes for `n` rows `(i, 'p<i>')`.
    fn written(n: usize) -> String {
        let mut out = Vec::new();
        let mut rows = (0..n).map(|i| vec![SqlValue::Int(i as i64), format!("p{i}").into()]);
        InsertWriter::new(&mut out, Dialect::Postgres)
            .table("t", &["a", "b"], &mut rows)
            .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn rows_are_written_in_order_in_statements_of_250() {
        for n in [
            0, 1, 249, 250, 251, 4000, 16_000, 16_001, 64_250, 64_251, 70_000,
        ] {
            let text = written(n);
            let statements: Vec<&str> = text.split_terminator(";\n").collect();
            assert_eq!(statements.len(), n.div_ceil(250), "{n} rows");
            let mut next = 0;
            for statement in statements {
                let rows = statement
                    .strip_prefix("INSERT INTO t (a, b) VALUES\n")
                    .unwrap_or_else(|| panic!("{n} rows: {statement:.60}"));
                for row in rows.split(",\n") {
                    assert_eq!(row, format!("({next}, 'p{next}')"), "{n} rows");
                    next += 1;
                }
            }
            assert_eq!(next, n);
            assert!(n == 0 || text.ends_with("');\n"));
        }
    }

    /// Units of `sizes[u]` rows each, row `r` of unit `u` being
    /// `(u, 10 r + versions[u])`, keyed by unit and version.
    struct Numbered {
        sizes: Vec<usize>,
        versions: Vec<i64>,
    }

    impl<'a> Units<'a> for Numbered {
        fn count(&self) -> usize {
            self.sizes.len()
        }

        fn rows_in(&self, unit: usize) -> usize {
            self.sizes[unit]
        }

        fn key(&self, unit: usize) -> Option<u128> {
            Some(((unit as u128) << 64) | self.versions[unit] as u128)
        }

        fn push_rows(&self, unit: usize, out: &mut Vec<SqlValue<'a>>) {
            for r in 0..self.sizes[unit] {
                let value = 10 * r as i64 + self.versions[unit];
                out.extend([SqlValue::Int(unit as i64), SqlValue::Int(value)]);
            }
        }
    }

    /// The dump written before, in a file, and where its pieces are.
    #[derive(Default)]
    struct Kept {
        file: Option<std::fs::File>,
        at: std::collections::HashMap<u128, (u64, u64)>,
        /// The pieces of the dump being written.
        made: std::sync::Mutex<std::collections::HashMap<u128, (u64, u64)>>,
        taken: std::sync::atomic::AtomicUsize,
    }

    impl Pieces for Kept {
        fn text(&self, key: u128) -> Option<PieceText<'_>> {
            let file = self.file.as_ref()?;
            let &(offset, length) = self.at.get(&key)?;
            self.taken
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Some(PieceText::InFile {
                file,
                offset,
                length,
            })
        }

        fn made(&self, key: u128, at: (u64, u64), _: Placed) {
            self.made.lock().unwrap().insert(key, at);
        }
    }

    /// The table of `units` as written row by row, and as written unit by
    /// unit taking pieces over from `kept`; how many it took, and the dump
    /// written, to take pieces from next.
    fn both_ways(units: &Numbered, kept: Kept) -> (String, String, usize, Kept) {
        let mut rows = Vec::new();
        for unit in 0..units.count() {
            let mut values = Vec::new();
            units.push_rows(unit, &mut values);
            rows.extend(values.chunks(2).map(<[SqlValue]>::to_vec));
        }
        let mut by_rows = Vec::new();
        InsertWriter::new(&mut by_rows, Dialect::Sqlite)
            .table("t", &["a", "b"], &mut rows.into_iter())
            .unwrap();
        let mut by_units = Vec::new();
        InsertWriter::new(&mut by_units, Dialect::Sqlite)
            .reusing(&kept, 0)
            .units("t", &["a", "b"], units)
            .unwrap();
        let mut file = tempfile::tempfile().unwrap();
        std::io::Write::write_all(&mut file, &by_units).unwrap();
        let next = Kept {
            file: Some(file),
            at: kept.made.into_inner().unwrap(),
            ..Kept::default()
        };
        let text = |bytes| String::from_utf8(bytes).unwrap();
        (text(by_rows), text(by_units), kept.taken.into_inner(), next)
    }

    #[test]
    fn a_table_written_unit_by_unit_is_the_same_text_and_takes_unchanged_pieces_over() {
        // Units of every size around a piece's 4 000 rows, empty ones too.
        let sizes = vec![
            0, 1, 3_999, 2, 4_000, 0, 250, 7, 9_001, 1, 0, 4_001, 3, 3_998, 0,
        ];
        let total: usize = sizes.iter().sum();
        let pieces = total.div_ceil(PIECE_ROWS);
        let mut units = Numbered {
            versions: vec![0; sizes.len()],
            sizes,
        };
        let (by_rows, first, taken, kept) = both_ways(&units, Kept::default());
        assert_eq!(first, by_rows);
        assert_eq!(taken, 0);
        let (_, again, taken, kept) = both_ways(&units, kept);
        assert_eq!(again, by_rows);
        assert_eq!(taken, pieces);

        // Unit 8 (rows 8 259 to 17 259) is in the third to fifth pieces only.
        units.versions[8] = 5;
        let (by_rows, changed, taken, _) = both_ways(&units, kept);
        assert_eq!(changed, by_rows);
        assert_ne!(changed, first);
        assert_eq!(taken, pieces - 3);
    }

    /// A file written over from its start, as the site's staging folder
    /// writes a dump over the spare's.
    struct Over {
        file: std::fs::File,
        before: std::fs::Metadata,
    }

    impl std::io::Write for Over {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.file.write(bytes)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl DumpOut for Over {
        fn written_over(&self) -> Option<&std::fs::Metadata> {
            Some(&self.before)
        }

        fn skip(&mut self, length: u64) -> std::io::Result<()> {
            use std::io::Seek;
            self.file
                .seek(std::io::SeekFrom::Current(length as i64))
                .map(drop)
        }
    }

    /// The pieces of the dump the file written over holds, and where.
    struct Held {
        at: std::collections::HashMap<u128, (u64, u64)>,
        held: std::sync::atomic::AtomicUsize,
    }

    impl Pieces for Held {
        fn text(&self, _: u128) -> Option<PieceText<'_>> {
            None
        }

        fn made(&self, _: u128, _: (u64, u64), placed: Placed) {
            if placed == Placed::InPlace {
                self.held.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }

        fn held(&self, key: u128, offset: u64, _: &std::fs::Metadata) -> Option<u64> {
            let &(at, length) = self.at.get(&key)?;
            (at == offset).then_some(length)
        }
    }

    #[test]
    fn a_table_written_over_an_earlier_one_writes_only_the_pieces_not_already_in_place() {
        use std::io::{Read, Seek};
        let sizes = vec![4_000, 4_000, 4_000, 4_000, 4_000];
        let mut units = Numbered {
            versions: vec![0; sizes.len()],
            sizes,
        };
        let (_, before, _, kept) = both_ways(&units, Kept::default());
        let mut file = kept.file.unwrap();
        // The middle unit changes, its text keeping its length, then the
        // next one, its text growing: the last one, the same, is no longer
        // where it was.
        units.versions[2] = 5;
        units.versions[3] = 10;
        let (by_rows, ..) = both_ways(&units, Kept::default());
        assert!(by_rows.len() > before.len());
        let before_meta = file.metadata().unwrap();
        file.rewind().unwrap();
        let mut over = Over {
            file: file.try_clone().unwrap(),
            before: before_meta,
        };
        let held = Held {
            at: kept.at,
            held: Default::default(),
        };
        InsertWriter::new(&mut over, Dialect::Sqlite)
            .reusing(&held, 0)
            .units("t", &["a", "b"], &units)
            .unwrap();
        assert_eq!(
            held.held.into_inner(),
            2,
            "the first two pieces stay where they were"
        );
        let mut written = String::new();
        file.rewind().unwrap();
        file.read_to_string(&mut written).unwrap();
        assert_eq!(written, by_rows);
    }

    #[test]
    fn a_run_of_a_file_is_copied_by_reading_as_it_is() {
        let text: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
        let mut file = tempfile::tempfile().unwrap();
        std::io::Write::write_all(&mut file, &text).unwrap();
        for (offset, length) in [(0, 0), (0, 3_000_000), (7, 1), (1_048_570, 1_900_000)] {
            let mut out = Vec::new();
            copy_by_reading(&mut out, &file, offset, length).unwrap();
            let (from, to) = (offset as usize, (offset + length) as usize);
            assert_eq!(out, &text[from..to]);
        }
        let mut out = Vec::new();
        assert!(copy_by_reading(&mut out, &file, 2_999_999, 2).is_err());
        assert!(copy_by_reading(&mut out, &file, u64::MAX, 2).is_err());
    }

    #[test]
    fn rows_of_another_width_are_cut_or_filled_with_null() {
        let mut out = Vec::new();
        let mut rows = vec![
            vec![SqlValue::Int(1)],
            vec![SqlValue::Int(2), SqlValue::Int(3), SqlValue::Int(4)],
        ]
        .into_iter();
        InsertWriter::new(&mut out, Dialect::Sqlite)
            .table("t", &["a", "b"], &mut rows)
            .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "INSERT INTO t (a, b) VALUES\n(1, NULL),\n(2, 3);\n"
        );
    }

    fn decimal(x: f64) -> String {
        let mut out = String::new();
        push_decimal(&mut out, x);
        out
    }

    proptest! {
        /// Numbers are written exactly as Rust's `{:?}` writes them (what
        /// the template's numbers print), hundredths or not.
        #[test]
        fn decimals_are_written_as_debug_writes_them(
            hundredths in -200_000_000_000i64..200_000_000_000,
            small in -400_000i64..400_000,
            thousandths in -10_000_000i64..10_000_000,
            bits in any::<u64>(),
        ) {
            for x in [
                hundredths as f64 / 100.0,
                small as f64 / 100.0,
                thousandths as f64 / 1000.0,
                f64::from_bits(bits),
                (small as f64 * 1.37).round() / 100.0,
            ] {
                prop_assert_eq!(decimal(x), format!("{x:?}"));
            }
        }
    }

    #[test]
    fn decimal_edge_cases() {
        for x in [
            0.0,
            -0.0,
            0.01,
            -0.01,
            0.07,
            0.1,
            0.5,
            1.0,
            -1.0,
            2042.5,
            1e9,
            1e10,
            99.99,
            f64::NAN,
            f64::INFINITY,
            1e-5,
        ] {
            assert_eq!(decimal(x), format!("{x:?}"), "{x}");
        }
        assert_eq!(decimal(2042.5), "2042.5");
        assert_eq!(decimal(-0.07), "-0.07");
        assert_eq!(decimal(1523.0), "1523.0");
    }

    #[test]
    fn quotes_strings_per_dialect() {
        for d in Dialect::ALL {
            assert_eq!(quote_string("O'Brien", d), "'O''Brien'");
            assert_eq!(quote_string("x\0y", d), "'xy'");
            assert_eq!(quote_string("Işık 😀", d), "'Işık 😀'");
        }
        assert_eq!(quote_string("a\\b", Dialect::Sqlite), "'a\\b'");
        assert_eq!(quote_string("a\\b", Dialect::Postgres), "'a\\b'");
        assert_eq!(quote_string("a\\'b\\", Dialect::Mysql), "'a\\\\''b\\\\'");
    }

    #[test]
    fn literals_per_dialect() {
        let t = tera::Value::from(true);
        assert_eq!(literal(&t, Dialect::Sqlite), "1");
        assert_eq!(literal(&t, Dialect::Postgres), "TRUE");
        assert_eq!(literal(&tera::Value::none(), Dialect::Mysql), "NULL");
        assert_eq!(literal(&tera::Value::from(7), Dialect::Mysql), "7");
    }

    #[test]
    fn dialect_names_round_trip() {
        for d in Dialect::ALL {
            assert_eq!(Dialect::parse(d.as_str()), Some(d));
        }
        assert_eq!(Dialect::parse("mariadb"), Some(Dialect::Mysql));
        assert_eq!(Dialect::parse("oracle"), None);
    }
}
