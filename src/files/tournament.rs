//! A tournament's metadata file, `data/tournaments/<year>/<id>.toml`: read
//! (with the crosstable beside it, [`super::crosstable`]) into a
//! [`Tournament`], and written new (commented, for `ratingbook new
//! tournament`) or from a TRF import.

use super::toml_fields::{commented, locate_key, quoted, read_date, read_every_field, FieldErrors};
use crate::diagnostic::Diagnostic;
use crate::model::{
    Acceleration, Date, Entry, EventState, LateEntryBye, ManualPairing, Rules, Slug, System,
    TimeControl, Tournament, Withdrawal,
};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// Tournament metadata as written in the TOML file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentMeta {
    // The fields every tournament gives are read as optional, so that one
    // missing or set aside does not hide the other fields' problems.
    name: Option<Spanned<String>>,
    // Any value, so that a date written as text gets its own message.
    start: Option<Spanned<toml::Value>>,
    end: Option<Spanned<toml::Value>>,
    city: Option<Spanned<String>>,
    system: Option<System>,
    acceleration: Option<Spanned<Acceleration>>,
    rounds: Option<Spanned<i64>>,
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
    late_entry_bye: Option<Spanned<String>>,
    #[serde(default)]
    withdrawal: Vec<Spanned<WithdrawalMeta>>,
    #[serde(default)]
    forbidden: Vec<Spanned<ForbiddenMeta>>,
    #[serde(default)]
    manual_pairing: Vec<Spanned<ManualPairingMeta>>,
}

/// A `[[withdrawal]]` record as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WithdrawalMeta {
    player: String,
    from_round: i64,
}

/// A `[[forbidden]]` record as written: players who must not meet.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ForbiddenMeta {
    players: Vec<String>,
}

/// A `[[manual_pairing]]` record as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ManualPairingMeta {
    round: i64,
    white: String,
    black: String,
}

impl TournamentMeta {
    /// Metadata giving none of the optional fields.
    fn left_out() -> TournamentMeta {
        TournamentMeta {
            name: None,
            start: None,
            end: None,
            city: None,
            system: None,
            acceleration: None,
            rounds: None,
            rated: true,
            time_control: TimeControl::Standard,
            rules: Rules::Standard,
            base_k: None,
            sequence: None,
            illustrative: false,
            note: None,
            pool: None,
            tiebreaks: None,
            language: None,
            late_entry_bye: None,
            withdrawal: Vec::new(),
            forbidden: Vec::new(),
            manual_pairing: Vec::new(),
        }
    }
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
    let (meta, set_aside) = text
        .and_then(|text| read_every_field::<TournamentMeta>(text, shown, problems))
        .unzip();
    let set_aside = set_aside.unwrap_or_default();
    let header = meta
        .as_ref()
        .zip(text)
        .and_then(|(meta, text)| read_meta(meta, &set_aside, text, shown, problems));
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
    Some(assemble(
        id,
        header,
        Some(meta),
        (entries, first_round_column),
        sources,
    ))
}

/// The tournament of a checked header, the metadata as written (`None`:
/// the optional fields left out) and the crosstable's entries.
fn assemble(
    id: Slug,
    header: Header,
    meta: Option<TournamentMeta>,
    (entries, first_round_column): (Vec<Entry>, usize),
    sources: Sources,
) -> Tournament {
    let text = |field: Option<Spanned<String>>| {
        field
            .map(|c| c.into_inner().trim().to_string())
            .filter(|c| !c.is_empty())
    };
    let (rated, illustrative) = meta
        .as_ref()
        .map_or((true, false), |m| (m.rated, m.illustrative));
    let meta = meta.unwrap_or_else(TournamentMeta::left_out);
    Tournament {
        id,
        name: header.name,
        start: header.start,
        end: header.end,
        city: text(meta.city),
        system: header.system,
        acceleration: header.acceleration,
        rounds: header.rounds,
        rated,
        time_control: header.time_control,
        rules: header.rules,
        base_k: header.base_k,
        sequence: header.sequence,
        illustrative,
        note: meta.note.map(Spanned::into_inner),
        pool: meta.pool.map(|p| p.into_inner().trim().to_string()),
        tiebreaks: meta.tiebreaks,
        language: text(meta.language),
        event: header.event,
        entries,
        first_round_column,
        meta_source: sources.meta,
        table_source: sources.table,
    }
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

/// A tournament whose files had errors, read as far as they could be, for
/// the rules that can still run on it: the crosstable's own structure, the
/// players it names and both sides of each game. Where the metadata could
/// not be read, the tournament holds stand-ins (its id for a name, the
/// crosstable's round count, no dates worth reading) that `metadata_read`
/// tells the rules not to trust.
#[derive(Debug, Clone)]
pub struct PartlyRead {
    /// The tournament, with stand-ins where its metadata was unusable.
    pub tournament: Tournament,
    /// Whether its metadata was read without a problem.
    pub metadata_read: bool,
    /// Whether every row of the crosstable was read (a row with a problem
    /// is left out, and rules about the rows as a whole cannot tell).
    pub every_row_read: bool,
}

/// The tournament of files that had errors, as far as they could be read
/// (see [`PartlyRead`]); `None` when the crosstable gave no row or the
/// file name is not a tournament id.
pub fn partly_read(
    id: Option<Slug>,
    metadata: Metadata,
    (entries, first_round_column): (Vec<Entry>, usize),
    sources: Sources,
    every_row_read: bool,
) -> Option<PartlyRead> {
    let id = id?;
    if entries.is_empty() {
        return None;
    }
    let rounds = entries.iter().map(|e| e.cells.len()).max().unwrap_or(0) as u32;
    let metadata_read = metadata.header.is_some();
    let stand_in = Date::new(1, 1, 1)?;
    let header = metadata.header.unwrap_or(Header {
        name: id.as_str().to_string(),
        start: stand_in,
        end: stand_in,
        system: System::RoundRobin,
        acceleration: Acceleration::None,
        rounds,
        time_control: TimeControl::Standard,
        rules: Rules::Standard,
        base_k: None,
        sequence: 0,
        event: EventState::default(),
    });
    let meta = metadata.meta.filter(|_| metadata_read);
    Some(PartlyRead {
        tournament: assemble(id, header, meta, (entries, first_round_column), sources),
        metadata_read,
        every_row_read,
    })
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
    event: EventState,
}

/// Highest `sequence` a tournament may give.
const MAX_SEQUENCE: i64 = 9999;

fn read_meta(
    meta: &TournamentMeta,
    set_aside: &[String],
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
    let missing = |field: &str| {
        Diagnostic::error(shown, format!("missing field `{field}`"))
            .field(field)
            .hint("add the field; the README shows a complete example of each file")
    };
    for (field, given) in [
        ("name", meta.name.is_some()),
        ("start", meta.start.is_some()),
        ("end", meta.end.is_some()),
        ("system", meta.system.is_some()),
        ("rounds", meta.rounds.is_some()),
    ] {
        if !given && !set_aside.iter().any(|s| s == field) {
            problems.push(missing(field));
        }
    }
    let name = meta.name.as_ref().map(|n| read_name(n, &fields, problems));
    let text_fields = [
        ("city", meta.city.as_ref(), false),
        ("note", meta.note.as_ref(), true),
        ("language", meta.language.as_ref(), false),
    ];
    for (field, value, multiline) in text_fields {
        problems.extend(value.and_then(|v| fields.forbidden_chars(v, field, multiline)));
    }
    let sequence = read_sequence(meta, &fields, problems);
    let start = meta
        .start
        .as_ref()
        .and_then(|s| read_date(s, "start", &fields, problems));
    let end = meta
        .end
        .as_ref()
        .and_then(|e| read_date(e, "end", &fields, problems));
    if let (Some(s), Some(e), Some(spanned)) = (start, end, meta.end.as_ref()) {
        if e < s {
            problems.push(fields.error(
                spanned.span(),
                "end",
                format!("the tournament ends ({e}) before it starts ({s})"),
                "check the dates; a one-day event has end = start",
            ));
        }
    }
    let rounds = meta
        .rounds
        .as_ref()
        .and_then(|r| read_rounds(r, &fields, problems));
    let base_k = read_base_k(meta, &fields, problems);
    let acceleration = read_acceleration(meta, &fields, problems);
    let event = read_event(meta, rounds, &fields, problems);
    if problems.len() > before {
        return None;
    }
    Some(Header {
        name: name?,
        start: start?,
        end: end?,
        system: meta.system?,
        acceleration,
        rounds: rounds?,
        time_control: meta.time_control,
        rules: meta.rules,
        base_k,
        sequence,
        event,
    })
}

/// The event's records (`late_entry_bye`, `[[withdrawal]]`, `[[forbidden]]`,
/// `[[manual_pairing]]`); a problem for each id that is not an id, each round
/// outside the tournament and each forbidden pair that is not two players.
fn read_event(
    meta: &TournamentMeta,
    rounds: Option<u32>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> EventState {
    let mut event = EventState::default();
    if let Some(bye) = &meta.late_entry_bye {
        match bye.get_ref().trim() {
            "zero" => event.late_entry_bye = LateEntryBye::Zero,
            "half" => event.late_entry_bye = LateEntryBye::Half,
            other => problems.push(fields.error(
                bye.span(),
                "late_entry_bye",
                format!("`{other}` is not a late entrant's bye"),
                "write \"zero\" (no points for rounds missed, FIDE's rule) or \"half\"",
            )),
        }
    }
    let mut id = |text: &str, span: std::ops::Range<usize>, field: &str| {
        read_id(text, span, field, fields, problems)
    };
    let mut bad_rounds = Vec::new();
    let mut id_problems = Vec::new();
    for w in &meta.withdrawal {
        let (span, w) = (w.span(), w.get_ref());
        let player = id(&w.player, span.clone(), "withdrawal");
        match (player, round_in(w.from_round, rounds)) {
            (Some(player), Some(from_round)) => {
                event.withdrawals.push(Withdrawal { player, from_round })
            }
            (_, None) => bad_rounds.push((span, "withdrawal", w.from_round)),
            _ => {}
        }
    }
    for f in &meta.forbidden {
        let (span, f) = (f.span(), f.get_ref());
        let ids: Vec<Slug> = f
            .players
            .iter()
            .filter_map(|p| id(p, span.clone(), "forbidden"))
            .collect();
        if f.players.len() < 2 {
            id_problems.push(fields.error(
                span,
                "forbidden",
                "a forbidden pairing names fewer than two players".into(),
                "write `players = [\"first-id\", \"second-id\"]`",
            ));
            continue;
        }
        for (i, a) in ids.iter().enumerate() {
            for b in &ids[i + 1..] {
                event.forbidden.push((a.clone(), b.clone()));
            }
        }
    }
    for m in &meta.manual_pairing {
        let (span, m) = (m.span(), m.get_ref());
        let white = id(&m.white, span.clone(), "manual_pairing");
        let black = id(&m.black, span.clone(), "manual_pairing");
        match (white, black, round_in(m.round, rounds)) {
            (Some(white), Some(black), Some(round)) => event.manual_pairings.push(ManualPairing {
                round,
                white,
                black,
            }),
            (_, _, None) => bad_rounds.push((span, "manual_pairing", m.round)),
            _ => {}
        }
    }
    problems.extend(id_problems);
    for (span, field, round) in bad_rounds {
        let key = if field == "withdrawal" {
            "from_round"
        } else {
            "round"
        };
        problems.push(fields.error(
            key_within(fields.text, span, key),
            field,
            format!("round {round} is not a round of the tournament"),
            "give a round from 1 to the tournament's `rounds`",
        ));
    }
    event
}

/// Where `key` is written inside the table starting at `span` (the
/// table's own place when it cannot be found).
fn key_within(text: &str, span: std::ops::Range<usize>, key: &str) -> std::ops::Range<usize> {
    // The span may hold the header alone: read on to the next table.
    let Some(table) = text.get(span.start..) else {
        return span;
    };
    let mut at = 0;
    for (i, line) in table.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start();
        if i > 0 && trimmed.starts_with('[') {
            break;
        }
        if trimmed.starts_with(key) && trimmed[key.len()..].trim_start().starts_with('=') {
            let start = span.start + at + (line.len() - trimmed.len());
            return start..start + key.len();
        }
        at += line.len();
    }
    span
}

/// A player id of an event record; a problem when it is not an id.
fn read_id(
    text: &str,
    span: std::ops::Range<usize>,
    field: &str,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<Slug> {
    match Slug::parse(text) {
        Ok(id) => Some(id),
        Err(e) => {
            problems.push(fields.error(
                span,
                field,
                format!("`{text}` is not a player id: {e}"),
                "write the player's id, the name of their file under data/players/",
            ));
            None
        }
    }
}

/// `round` when it is a round of a tournament of `rounds` rounds.
fn round_in(round: i64, rounds: Option<u32>) -> Option<u32> {
    u32::try_from(round)
        .ok()
        .filter(|r| *r >= 1 && rounds.is_none_or(|n| *r <= n))
}

/// The tournament's name, trimmed; a problem when it is empty or holds a
/// character a single line of text may not.
fn read_name(
    name: &Spanned<String>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> String {
    let trimmed = name.get_ref().trim().to_string();
    if trimmed.is_empty() {
        problems.push(fields.error(
            name.span(),
            "name",
            "the name is empty".into(),
            "give the tournament's name",
        ));
    }
    problems.extend(fields.forbidden_chars(name, "name", false));
    trimmed
}

/// `sequence` (0 when not given); a problem when it is out of range.
fn read_sequence(
    meta: &TournamentMeta,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> u32 {
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
        return 0;
    }
    sequence as u32
}

/// The round count; a problem when it is out of range.
fn read_rounds(
    rounds: &Spanned<i64>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<u32> {
    let value = *rounds.get_ref();
    if !(1..=MAX_ROUNDS).contains(&value) {
        problems.push(fields.error(
            rounds.span(),
            "rounds",
            format!("{} is out of range", crate::text::count(value, "round")),
            "give the number of rounds played, from 1 to 1000",
        ));
        return None;
    }
    Some(value as u32)
}

/// The tournament's own base K, when given; a problem when it is out of range.
fn read_base_k(
    meta: &TournamentMeta,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<u32> {
    meta.base_k.as_ref().and_then(|k| {
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
    })
}

/// The accelerated pairings; a problem when a tournament not swiss asks for them.
fn read_acceleration(
    meta: &TournamentMeta,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Acceleration {
    let acceleration = meta
        .acceleration
        .as_ref()
        .map_or(Acceleration::None, |a| *a.get_ref());
    let not_swiss = meta.system.is_some_and(|s| s != System::Swiss);
    if let Some(a) = meta
        .acceleration
        .as_ref()
        .filter(|_| acceleration != Acceleration::None && not_swiss)
    {
        problems.push(fields.error(
            a.span(),
            "acceleration",
            "accelerated pairings apply to swiss tournaments only".into(),
            "remove the line, or set system = \"swiss\"",
        ));
    }
    acceleration
}

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
        (
            "# late_entry_bye = \"half\"",
            "a late entrant's missed rounds: zero (default) | half",
        ),
        ("# acceleration = \"baku\"", "swiss: none (default) | baku"),
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
    /// A base K fixed for the tournament, when said.
    pub base_k: Option<u32>,
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
            base_k: None,
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
    if let Some(k) = t.base_k {
        out.push_str(&format!("base_k = {k}\n"));
    }
    if t.illustrative {
        out.push_str("illustrative = true\n");
    }
    out
}

/// An event record the director's commands add to a tournament's metadata
/// ([`with_event_record`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventRecord<'a> {
    /// `[[withdrawal]]`: `player` is not paired from `from_round` on.
    Withdrawal {
        /// The player's id.
        player: &'a Slug,
        /// The first round missed.
        from_round: u32,
    },
    /// `[[forbidden]]`: the players must not be paired with each other.
    Forbidden(&'a Slug, &'a Slug),
    /// `[[manual_pairing]]`: a game paired by hand.
    ManualPairing {
        /// The round.
        round: u32,
        /// White's id.
        white: &'a Slug,
        /// Black's id.
        black: &'a Slug,
    },
}

/// The metadata `text` with `record` appended as a TOML table of an array
/// (`[[withdrawal]]`, …); every other byte stays as written.
pub fn with_event_record(text: &str, record: &EventRecord) -> String {
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push('\n');
    match record {
        EventRecord::Withdrawal { player, from_round } => {
            out += &format!(
                "[[withdrawal]]\nplayer = {}\nfrom_round = {from_round}\n",
                quoted(player.as_str())
            );
        }
        EventRecord::Forbidden(a, b) => {
            out += &format!(
                "[[forbidden]]\nplayers = [{}, {}]\n",
                quoted(a.as_str()),
                quoted(b.as_str())
            );
        }
        EventRecord::ManualPairing {
            round,
            white,
            black,
        } => {
            out += &format!(
                "[[manual_pairing]]\nround = {round}\nwhite = {}\nblack = {}\n",
                quoted(white.as_str()),
                quoted(black.as_str())
            );
        }
    }
    out
}

/// The metadata `text` with the top-level `key` set to `value` (a TOML
/// value as written, e.g. `"baku"`): its line replaced when the key is
/// given, else a line added before the first table; comments and every
/// other line stay as written.
pub fn with_top_level_key(text: &str, key: &str, value: &str) -> String {
    let line = format!("{key} = {value}");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let first_table = lines
        .iter()
        .position(|l| l.trim_start().starts_with('['))
        .unwrap_or(lines.len());
    let given = lines[..first_table].iter().position(|l| {
        l.split_once('=')
            .is_some_and(|(k, _)| k.trim() == key && !l.trim_start().starts_with('#'))
    });
    match given {
        Some(i) => lines[i] = line,
        None => {
            // Before the blank lines that separate the first table.
            let mut at = first_table;
            while at > 0 && lines[at - 1].trim().is_empty() {
                at -= 1;
            }
            lines.insert(at, line);
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The text fields longer than their limits ([`crate::limits`]); reported
/// alone, before any message that would repeat them.
fn too_long_fields(meta: &TournamentMeta, fields: &FieldErrors) -> Vec<Diagnostic> {
    use crate::limits::{CODE_CHARS, NAME_CHARS, NOTE_CHARS, PLACE_CHARS};
    let texts = [
        ("name", meta.name.as_ref(), NAME_CHARS),
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
    fn event_records_are_added_and_read_back() {
        let text = "name = \"Open\"\nstart = 2026-03-14\nend = 2026-03-14\nsystem = \"swiss\"\nrounds = 7\n";
        let a = Slug::parse("ikonen-jussi").unwrap();
        let b = Slug::parse("ilu-timo").unwrap();
        let text = with_event_record(text, &EventRecord::Forbidden(&a, &b));
        let text = with_event_record(
            &text,
            &EventRecord::Withdrawal {
                player: &b,
                from_round: 4,
            },
        );
        let text = with_top_level_key(&text, "late_entry_bye", "\"half\"");
        let text = with_top_level_key(&text, "acceleration", "\"baku\"");
        let text = with_top_level_key(&text, "acceleration", "\"none\"");
        let mut problems = Vec::new();
        let metadata = read_metadata(Some(&text), Path::new("open.toml"), &mut problems);
        assert!(problems.is_empty(), "{problems:?}\n{text}");
        let event = metadata.header.unwrap().event;
        assert_eq!(event.late_entry_bye, LateEntryBye::Half);
        assert_eq!(event.forbidden, vec![(a, b.clone())]);
        assert_eq!(
            event.withdrawals,
            vec![Withdrawal {
                player: b,
                from_round: 4
            }]
        );
        assert_eq!(text.matches("acceleration").count(), 1, "{text}");
    }

    #[test]
    fn a_withdrawal_after_the_last_round_is_refused_where_it_is_written() {
        let text = "name = \"Open\"\nstart = 2026-03-14\nend = 2026-03-14\nsystem = \"swiss\"\nrounds = 7\n\n[[withdrawal]]\nplayer = \"ilu-timo\"\nfrom_round = 9\n";
        let mut problems = Vec::new();
        read_metadata(Some(text), Path::new("open.toml"), &mut problems);
        assert_eq!(problems.len(), 1);
        let shown = problems[0].to_string();
        assert!(
            shown.contains("round 9 is not a round of the tournament"),
            "{shown}"
        );
        assert!(shown.contains("open.toml:9:1"), "{shown}");
    }

    #[test]
    fn the_round_count_falls_back_to_the_crosstable_header() {
        assert_eq!(declared_rounds("rounds = 7\nname = 1"), Some(7));
        assert_eq!(declared_rounds("rounds = 0"), None);
        assert_eq!(declared_rounds("rounds = \"7\""), None);
        assert_eq!(declared_rounds("rounds = 7\n[[["), None);
    }
}
