//! TOML fields as our files write them: problems as diagnostics (syntax and
//! type errors with the closest allowed name, errors pointing at one spanned
//! field, dates), and the quoting and aligned comments of written files.

use crate::diagnostic::{line_column, Diagnostic};
use crate::model::Date;
use std::path::Path;
use toml::Spanned;

/// A TOML syntax or type error as a diagnostic. An unknown field or value
/// suggests the closest allowed one.
pub fn toml_error(shown: &Path, text: &str, error: &toml::de::Error) -> Diagnostic {
    // The message may repeat a value written in the file, however long.
    // Serde's word for a value out of a list is its own: a reader sees a value.
    let said = error
        .message()
        .trim()
        .replace("unknown variant", "unknown value");
    let message = crate::limits::excerpt(&said, MESSAGE_CHARS).into_owned();
    let mut d = Diagnostic::error(shown, message);
    if let Some((field, allowed)) = unknown_name(error.message(), "unknown field") {
        d = d.hint(match crate::text::closest(field, allowed.iter().copied()) {
            Some(near) => format!("check the spelling: did you mean `{near}`?"),
            None => "check the spelling: the allowed fields are listed in the message".into(),
        });
    } else if let Some((value, allowed)) = unknown_name(error.message(), "unknown variant") {
        d = d.hint(match crate::text::closest(value, allowed.iter().copied()) {
            Some(near) => format!("did you mean `{near}`?"),
            None => "use one of the values listed in the message".into(),
        });
    } else if error.message().contains("missing field") {
        d = d.hint("add the field; the manual's chapter The data repository shows a complete example of each file");
    }
    if let Some(span) = error.span() {
        let (line, column) = line_column(text, span.start);
        d = d.at(line, column);
    }
    d
}

/// A TOML file read into `T` reporting every field's problem, not only the
/// first: each unknown field or value the parser refuses is reported, set
/// aside (blanked, so that the other fields keep their places) and the file
/// read again. Gives `T` when what is left reads, and the names of the
/// fields set aside and of the known fields their unknown names stand for,
/// whose absence is not worth a second message. A syntax error stops it.
pub fn read_every_field<T: serde::de::DeserializeOwned>(
    text: &str,
    shown: &Path,
    problems: &mut Vec<Diagnostic>,
) -> Option<(T, Vec<String>)> {
    let values: std::collections::BTreeMap<String, Spanned<toml::Value>> =
        match toml::from_str(text) {
            Ok(values) => values,
            Err(e) => {
                problems.push(toml_error(shown, text, &e));
                return None;
            }
        };
    let mut left = text.to_string();
    let mut set_aside = Vec::new();
    for _ in 0..=values.len() {
        let error = match toml::from_str::<T>(&left) {
            Ok(read) => return Some((read, set_aside)),
            Err(e) => e,
        };
        let d = toml_error(shown, text, &error);
        let key = error
            .span()
            .and_then(|span| field_around(text, &values, span.start));
        problems.push(d);
        let (key, range) = key.filter(|(key, _)| !set_aside.contains(key))?;
        if let Some((_, allowed)) = unknown_name(error.message(), "unknown field") {
            set_aside.extend(crate::text::closest(&key, allowed.iter().copied()).map(String::from));
        }
        blank(&mut left, range);
        set_aside.push(key);
    }
    None
}

/// The top-level field whose line holds the byte at `offset`, with the bytes
/// from the start of its line to the end of its value.
fn field_around(
    text: &str,
    values: &std::collections::BTreeMap<String, Spanned<toml::Value>>,
    offset: usize,
) -> Option<(String, std::ops::Range<usize>)> {
    values.iter().find_map(|(key, value)| {
        let span = value.span();
        let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
        (line_start..span.end.max(span.start + 1))
            .contains(&offset)
            .then(|| (key.clone(), line_start..span.end))
    })
}

/// `text` with the bytes of `range` but line breaks made spaces, so that
/// every other byte keeps its offset.
fn blank(text: &mut String, range: std::ops::Range<usize>) {
    let blanked: String = text[range.clone()]
        .chars()
        .map(|c| match c {
            '\n' | '\r' => c.to_string(),
            _ => " ".repeat(c.len_utf8()),
        })
        .collect();
    text.replace_range(range, &blanked);
}

/// Most characters of a parser's message repeated in a diagnostic.
const MESSAGE_CHARS: usize = 1_000;

/// The name serde reports as unknown and the allowed names it lists, from a
/// message like ``unknown field `ratin`, expected one of `name`, `rating` ``
/// (`what` is `unknown field` or `unknown variant`).
pub fn unknown_name<'a>(message: &'a str, what: &str) -> Option<(&'a str, Vec<&'a str>)> {
    let after = &message[message.find(what)? + what.len()..];
    let (_, rest) = after.split_once('`')?;
    let (name, rest) = rest.split_once('`')?;
    let allowed = rest.split('`').skip(1).step_by(2).collect();
    Some((name, allowed))
}

/// Line and column of `key = ...` inside `[section]` of a TOML text, or
/// `(0, 0)` when the key is not written (a default value).
pub fn locate_key(text: &str, section: &str, key: &str) -> (usize, usize) {
    let mut current = String::new();
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(header) = trimmed.strip_prefix('[') {
            current = header.split(']').next().unwrap_or("").trim().to_string();
            continue;
        }
        let written_key = trimmed.split('=').next().unwrap_or("").trim();
        if current == section && written_key == key && trimmed.contains('=') {
            return (number + 1, line.len() - trimmed.len() + 1);
        }
    }
    (0, 0)
}

/// A source file being read, for errors that point at a spanned TOML value.
pub struct FieldErrors<'a> {
    /// The file's text.
    pub text: &'a str,
    /// The file's name in messages.
    pub shown: &'a Path,
}

impl FieldErrors<'_> {
    /// An error at `span` about `field`, with a fix hint.
    pub fn error(
        &self,
        span: std::ops::Range<usize>,
        field: &str,
        message: String,
        hint: &str,
    ) -> Diagnostic {
        let (line, column) = line_column(self.text, span.start);
        Diagnostic::error(self.shown, message)
            .at(line, column)
            .field(field)
            .hint(hint)
    }

    /// An error when the text field `value` is longer than `max_chars`
    /// characters (see [`crate::limits`]).
    pub fn too_long(
        &self,
        value: &toml::Spanned<String>,
        field: &str,
        max_chars: usize,
    ) -> Option<Diagnostic> {
        let found = crate::limits::too_long(value.get_ref(), max_chars)?;
        Some(self.error(
            value.span(),
            field,
            format!("`{field}` is {found} characters long; the most is {max_chars}"),
            &format!("shorten it to at most {max_chars} characters"),
        ))
    }

    /// An error when the text field `value` holds a control character (a
    /// line break only where `multiline`) or a bidirectional override.
    pub fn forbidden_chars(
        &self,
        value: &toml::Spanned<String>,
        field: &str,
        multiline: bool,
    ) -> Option<Diagnostic> {
        let (_, c) = crate::text::forbidden_char(value.get_ref(), multiline)?;
        let what = if c.is_control() {
            "a control character"
        } else {
            "a bidirectional text override"
        };
        let hint = if multiline {
            "remove it; line breaks and tabs are the only control characters allowed here"
        } else {
            "remove it; this field is a single line of plain text"
        };
        Some(self.error(
            value.span(),
            field,
            format!("`{field}` contains {what} ({})", crate::text::char_name(c)),
            hint,
        ))
    }
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

/// A TOML basic string.
pub fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// `line`, padded so that comments line up, then `# comment`.
pub fn commented(line: &str, comment: &str) -> String {
    format!("{line:<31} # {comment}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_names_and_the_allowed_ones_are_read_from_serde_messages() {
        let message = "unknown field `ratin`, expected one of `name`, `rating`";
        assert_eq!(
            unknown_name(message, "unknown field"),
            Some(("ratin", vec!["name", "rating"]))
        );
        let message = "unknown variant `swis`, expected `swiss` or `round-robin`";
        assert_eq!(
            unknown_name(message, "unknown variant"),
            Some(("swis", vec!["swiss", "round-robin"]))
        );
        let message = "unknown field `x`, there are no fields";
        assert_eq!(unknown_name(message, "unknown field"), Some(("x", vec![])));
        assert_eq!(unknown_name("missing field `name`", "unknown field"), None);
        assert_eq!(unknown_name("unknown field `x", "unknown field"), None);
    }

    #[test]
    fn an_unknown_field_suggests_the_closest_allowed_one() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Raw {
            membership: Option<String>,
            name: Option<String>,
        }
        let text = "name = \"x\"\nmemebership = \"member\"\n";
        let error = toml::from_str::<Raw>(text).unwrap_err();
        let d = toml_error(Path::new("p.toml"), text, &error);
        assert_eq!(d.location(), "p.toml:2:1");
        assert_eq!(
            d.hint.as_deref(),
            Some("check the spelling: did you mean `membership`?")
        );
        let text = "zzz = 1\n";
        let error = toml::from_str::<Raw>(text).unwrap_err();
        let d = toml_error(Path::new("p.toml"), text, &error);
        assert!(d.hint.unwrap().contains("listed in the message"));
    }

    #[test]
    fn every_refused_field_is_reported_and_the_rest_still_read() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Raw {
            rounds: Option<i64>,
            name: Option<String>,
            city: Option<String>,
        }
        // Byte offsets after a set-aside field hold even past a multibyte character.
        let text = "rouns = 4\nname = \"Ähtäri\"\ncity = 7\nrounds = 3\n";
        let mut problems = Vec::new();
        let (raw, set_aside) =
            read_every_field::<Raw>(text, Path::new("t.toml"), &mut problems).unwrap();
        let mut at: Vec<String> = problems.iter().map(Diagnostic::location).collect();
        at.sort();
        assert_eq!(at, ["t.toml:1:1", "t.toml:3:8"]);
        assert_eq!(raw.name.as_deref(), Some("Ähtäri"));
        assert_eq!((raw.rounds, raw.city), (Some(3), None));
        let mut set_aside = set_aside;
        set_aside.sort();
        assert_eq!(set_aside, ["city", "rounds", "rouns"]);
    }

    #[derive(serde::Deserialize)]
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
}
