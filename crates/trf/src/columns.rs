//! Fixed-column fields: read by 1-based columns, with errors that say
//! where and what was expected; padded to their width for writing.
use crate::model::{TrfError, TrfErrorKind};

pub(crate) fn err(
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
pub(crate) struct Cols<'a> {
    pub(crate) chars: &'a [char],
}

impl Cols<'_> {
    /// Text of columns `from..=to` (1-based, inclusive), padded with blanks.
    pub(crate) fn get(&self, from: usize, to: usize) -> String {
        (from..=to)
            .map(|c| self.chars.get(c - 1).copied().unwrap_or(' '))
            .collect()
    }
}

pub(crate) fn parse_number<T: std::str::FromStr>(
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

pub(crate) fn expect_blank(
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

pub(crate) fn pad_right(s: &str, width: usize) -> String {
    let mut out: String = s.chars().take(width).collect();
    let n = out.chars().count();
    out.extend(std::iter::repeat_n(' ', width - n));
    out
}

pub(crate) fn pad_left(s: &str, width: usize) -> String {
    let n = s.chars().count();
    if n >= width {
        s.chars().take(width).collect()
    } else {
        format!("{}{}", " ".repeat(width - n), s)
    }
}
