//! A tournament's metadata file, `data/tournaments/<year>/<id>.toml`: read
//! (with the crosstable beside it, [`super::crosstable`]) into a
//! [`Tournament`], and written new (commented, for `ratingbook new
//! tournament`) or from a TRF import.

use super::toml_fields::{commented, locate_key, quoted, read_date, toml_error, FieldErrors};
use crate::diagnostic::Diagnostic;
use crate::model::{Acceleration, Date, Entry, Rules, Slug, System, TimeControl, Tournament};
use serde::Deserialize;
use std::path::{Path, PathBuf};
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

/// What a tournament's metadata file gave: the fields as written, the
/// checked header when they are usable, and otherwise the round count
/// declared, when that alone can be read.
pub struct Metadata {
    meta: Option<TournamentMeta>,
    header: Option<Header>,
    declared_rounds: Option<u32>,
}

impl Metadata {
    /// The round count to read the crosstable against, when the metadata gives one.
    pub fn rounds(&self) -> Option<u32> {
        self.header
            .as_ref()
            .map(|h| h.rounds)
            .or(self.declared_rounds)
    }
}

/// The tournament id a metadata file's name gives (`<id>.toml`); a problem
/// when the stem is not a slug.
pub fn tournament_id(stem: &str, shown: &Path, problems: &mut Vec<Diagnostic>) -> Option<Slug> {
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

/// Reads a metadata file's text (`None` when it could not be read), adding
/// every problem found to `problems`.
pub fn read_metadata(text: Option<&str>, shown: &Path, problems: &mut Vec<Diagnostic>) -> Metadata {
    let meta = text.and_then(|text| parse_meta(text, shown, problems));
    let header = meta
        .as_ref()
        .zip(text)
        .and_then(|(meta, text)| read_meta(meta, text, shown, problems));
    let declared_rounds = match header {
        Some(_) => None,
        None => text.and_then(declared_rounds),
    };
    Metadata {
        meta,
        header,
        declared_rounds,
    }
}

/// Where a tournament's two files are, for messages.
pub struct Sources {
    /// The metadata file.
    pub meta: PathBuf,
    /// The crosstable.
    pub table: PathBuf,
}

/// The tournament from its id, metadata and crosstable entries (with the
/// 1-based column of round 1); `None` when any part is unusable or any
/// error was found reading them.
pub fn tournament(
    id: Option<Slug>,
    metadata: Metadata,
    (entries, first_round_column): (Vec<Entry>, usize),
    sources: Sources,
    problems: &[Diagnostic],
) -> Option<Tournament> {
    let (Some(id), Some(meta), Some(header)) = (id, metadata.meta, metadata.header) else {
        return None;
    };
    if problems.iter().any(Diagnostic::is_error) {
        return None;
    }
    Some(Tournament {
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
        meta_source: sources.meta,
        table_source: sources.table,
    })
}

/// The metadata as written, or the TOML error (syntax, unknown or missing field).
fn parse_meta(text: &str, shown: &Path, problems: &mut Vec<Diagnostic>) -> Option<TournamentMeta> {
    toml::from_str(text)
        .map_err(|e| problems.push(toml_error(shown, text, &e)))
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
/// The spelling of a pairing system in metadata files.
pub fn system_name(system: System) -> &'static str {
    match system {
        System::Swiss => "swiss",
        System::RoundRobin => "round-robin",
    }
}

/// The text of a new tournament's metadata file.
pub fn tournament_text(name: &str, start: Date, end: Date, system: System, rounds: u32) -> String {
    let mut out = String::from(
        "# A tournament of the rating book; its crosstable is the .csv file of the same\n\
         # name. Lines starting with `#` are comments: remove the `#` to use an optional\n\
         # field.\n",
    );
    out += &format!("name = {}\n", quoted(name));
    out += &commented(&format!("start = {start}"), "TOML dates, no quotes");
    out += &commented(
        &format!("end = {end}"),
        "the last day; a one-day event has end = start",
    );
    out += &commented(
        &format!("system = \"{}\"", system_name(system)),
        "swiss | round-robin",
    );
    out += &commented(&format!("rounds = {rounds}"), "1..1000");
    let optional = [
        ("# city = \"Helsinki\"", "where it was played"),
        (
            "# rated = false",
            "default true; false: published, not rated",
        ),
        (
            "# time_control = \"rapid\"",
            "standard (default) | rapid: under 30 minutes per player, K halved",
        ),
        (
            "# rules = \"modified\"",
            "standard (default) | modified: K halved",
        ),
        (
            "# base_k = 32",
            "this tournament's base K, 1..100 (default: ratingbook.toml's)",
        ),
        (
            "# sequence = 1",
            "order among tournaments starting the same day, 0..9999",
        ),
        ("# note = \"...\"", "free text shown on the tournament page"),
        (
            "# tiebreaks = [\"bh-c1\", \"sb\"]",
            "this tournament's tie-break chain (default: ratingbook.toml's)",
        ),
        (
            "# language = \"fi\"",
            "collation and upper-casing of names (default: the site's)",
        ),
        (
            "# illustrative = true",
            "marks invented sample results on every page",
        ),
    ];
    for (line, comment) in optional {
        out += &commented(line, comment);
    }
    out
}

/// A tournament's metadata file as a command writes it whole (a TRF
/// import, the generator): the fields it knows, the others left out.
#[derive(Debug, Clone, Copy)]
pub struct TournamentFile<'a> {
    /// The name.
    pub name: &'a str,
    /// The first day.
    pub start: Date,
    /// The last day.
    pub end: Date,
    /// Where it was played, if known.
    pub city: Option<&'a str>,
    /// Swiss or round robin.
    pub system: System,
    /// Rounds played.
    pub rounds: u32,
    /// Whether it is rated, when said.
    pub rated: Option<bool>,
    /// Its time control (`standard`, `rapid`, …), when said.
    pub time_control: Option<&'a str>,
    /// The rules it was rated under (`standard`, …), when said.
    pub rules: Option<&'a str>,
    /// Whether its results are invented sample results.
    pub illustrative: bool,
}

impl Default for TournamentFile<'_> {
    fn default() -> Self {
        TournamentFile {
            name: "",
            start: Date::new(2000, 1, 1).expect("a valid date"),
            end: Date::new(2000, 1, 1).expect("a valid date"),
            city: None,
            system: System::Swiss,
            rounds: 1,
            rated: None,
            time_control: None,
            rules: None,
            illustrative: false,
        }
    }
}

/// The text of a tournament's metadata file written whole ([`TournamentFile`]).
pub fn tournament_file_text(t: &TournamentFile) -> String {
    let (start, end) = (t.start, t.end);
    let mut out = format!("name = {}\nstart = {start}\nend = {end}\n", quoted(t.name));
    if let Some(city) = t.city.map(str::trim).filter(|c| !c.is_empty()) {
        out.push_str(&format!("city = {}\n", quoted(city)));
    }
    out.push_str(&format!(
        "system = \"{}\"\nrounds = {}\n",
        system_name(t.system),
        t.rounds
    ));
    if let Some(rated) = t.rated {
        out.push_str(&format!("rated = {rated}\n"));
    }
    for (key, value) in [("time_control", t.time_control), ("rules", t.rules)] {
        if let Some(value) = value {
            out.push_str(&format!("{key} = {}\n", quoted(value)));
        }
    }
    if t.illustrative {
        out.push_str("illustrative = true\n");
    }
    out
}

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
            let (line, column) = locate_key(fields.text, "", "tiebreaks");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_round_count_falls_back_to_the_crosstable_header() {
        assert_eq!(declared_rounds("rounds = 7\nname = 1"), Some(7));
        assert_eq!(declared_rounds("rounds = 0"), None);
        assert_eq!(declared_rounds("rounds = \"7\""), None);
        assert_eq!(declared_rounds("rounds = 7\n[[["), None);
    }
}
