//! A player file, `data/players/<id>.toml`: read into a [`Player`], and
//! written new (commented, for `ratingbook new player`) or from a TRF import.

use super::toml_fields::{commented, quoted, read_date, toml_error, unknown_name, FieldErrors};
use crate::diagnostic::Diagnostic;
use crate::model::{Date, Membership, Player, Preset, Sex, Slug, Start, ASSOCIATION_LIST};
use serde::Deserialize;
use std::path::Path;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    name: Spanned<String>,
    membership: Spanned<String>,
    country: Option<Spanned<String>>,
    club: Option<Spanned<String>>,
    licence: Option<Spanned<i64>>,
    international_rating: Option<Spanned<i64>>,
    grade: Option<Spanned<String>>,
    birth_year: Option<Spanned<i64>>,
    birth_date: Option<Spanned<toml::Value>>,
    sex: Option<Spanned<String>>,
    fide_id: Option<Spanned<i64>>,
    title: Option<Spanned<String>>,
    fide_name: Option<Spanned<String>>,
    preset: Option<RawPreset>,
    start: Option<std::collections::BTreeMap<String, Spanned<RawStart>>>,
}

/// `[start.<list>]`: where the player starts in one list.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    rating: Option<Spanned<toml::Value>>,
    deviation: Option<Spanned<toml::Value>>,
    volatility: Option<Spanned<toml::Value>>,
    games: Option<Spanned<i64>>,
    k: Option<Spanned<i64>>,
    as_of: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPreset {
    rating: Option<Spanned<i64>>,
    games: Option<Spanned<i64>>,
}

/// Highest international rating accepted; anything above is a typo.
const MAX_RATING: i64 = 3500;

/// Largest FIDE id accepted: the TRF field is 11 digits wide.
const MAX_FIDE_ID: i64 = 99_999_999_999;

/// Earliest birth year accepted; anything before is a typo.
const MIN_BIRTH_YEAR: i64 = 1900;

/// The current year by the system clock: no one is born later.
fn current_year() -> i64 {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    Date::new(1970, 1, 1).map_or(1970, |d| i64::from(d.plus_days(days as i64).year))
}

/// The player id a file name gives (`<id>.toml`); a problem when the stem is not a slug.
pub fn player_id(stem: &str, shown: &Path, problems: &mut Vec<Diagnostic>) -> Option<Slug> {
    match Slug::parse(stem) {
        Ok(id) => Some(id),
        Err(e) => {
            problems.push(
                Diagnostic::error(shown, format!("invalid player id `{stem}`: {e}")).hint(format!(
                    "rename the file to `{}.toml`",
                    Slug::from_name(stem)
                )),
            );
            None
        }
    }
}

/// Reads a player file's text. Returns the player when it is usable (`id` is
/// the one [`player_id`] gave), adding every problem found to `problems`.
pub fn read_player(
    id: Option<Slug>,
    text: &str,
    shown: &Path,
    problems: &mut Vec<Diagnostic>,
) -> Option<Player> {
    let raw: RawPlayer = match toml::from_str(text) {
        Ok(raw) => raw,
        Err(e) => {
            problems.push(player_toml_error(shown, text, &e));
            return None;
        }
    };
    let fields = FieldErrors { text, shown };
    let long = too_long_fields(&raw, &fields);
    if !long.is_empty() {
        problems.extend(long);
        return None;
    }
    let name = read_name(&raw, &fields, problems);
    let membership = read_membership(&raw.membership, &fields, problems);
    let licence = read_licence(raw.licence.as_ref(), &fields, problems);
    let international_rating = read_rating(raw.international_rating.as_ref(), &fields, problems);
    let (birth_year, birth_date) = read_birth(&raw, &fields, problems);
    let sex = read_sex(raw.sex.as_ref(), &fields, problems);
    let fide_id = read_fide_id(raw.fide_id.as_ref(), &fields, problems);
    let title = read_title(raw.title.as_ref(), &fields, problems);
    let preset = load_preset(raw.preset.as_ref(), problems, &fields);
    let grade = read_grade(raw.grade.as_ref(), &fields, problems);
    let starts = read_starts(&raw, &fields, problems);
    match (id, membership) {
        (Some(id), Some(membership)) if problems.is_empty() => Some(Player {
            id,
            name,
            membership,
            country: non_empty(raw.country),
            club: non_empty(raw.club),
            licence,
            international_rating,
            grade,
            preset,
            starts,
            birth_year,
            birth_date,
            sex,
            fide_id,
            title,
            fide_name: non_empty(raw.fide_name),
            source: shown.to_path_buf(),
        }),
        _ => None,
    }
}

/// The trimmed name; problems for an empty name and for characters refused
/// in the name, country and club.
fn read_name(raw: &RawPlayer, fields: &FieldErrors, problems: &mut Vec<Diagnostic>) -> String {
    let name = raw.name.get_ref().trim().to_string();
    if name.is_empty() {
        problems.push(fields.error(
            raw.name.span(),
            "name",
            "the name is empty".into(),
            "write the name as printed, e.g. `name = \"Ikonen Jussi\"`",
        ));
    }
    let text_fields = [
        ("name", Some(&raw.name)),
        ("country", raw.country.as_ref()),
        ("club", raw.club.as_ref()),
    ];
    for (field, value) in text_fields {
        problems.extend(value.and_then(|v| fields.forbidden_chars(v, field, false)));
    }
    name
}

fn read_membership(
    raw: &Spanned<String>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<Membership> {
    let membership = Membership::parse(raw.get_ref());
    if membership.is_none() {
        const KNOWN: [&str; 4] = ["member", "honorary", "rif", "other"];
        let all = format!("use one of: {}", KNOWN.join(", "));
        let hint = match crate::text::closest(raw.get_ref(), KNOWN) {
            Some(near) => format!("did you mean `{near}`? {all}"),
            None => all,
        };
        problems.push(fields.error(
            raw.span(),
            "membership",
            format!("unknown membership `{}`", raw.get_ref()),
            &hint,
        ));
    }
    membership
}

fn read_licence(
    raw: Option<&Spanned<i64>>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<u32> {
    raw.and_then(|l| {
        let value = *l.get_ref();
        if value > 0 && value <= i64::from(u32::MAX) {
            Some(value as u32)
        } else {
            problems.push(fields.error(
                l.span(),
                "licence",
                format!("licence number {value} is not a positive integer"),
                "licence numbers are whole numbers from 1 up; remove the line if there is none",
            ));
            None
        }
    })
}

fn read_rating(
    raw: Option<&Spanned<i64>>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<u32> {
    raw.and_then(|r| {
        let value = *r.get_ref();
        if (1..=MAX_RATING).contains(&value) {
            Some(value as u32)
        } else {
            problems.push(fields.error(
                r.span(),
                "international_rating",
                format!("international rating {value} is out of range"),
                "give a rating between 1 and 3500, or remove the line if the player has none",
            ));
            None
        }
    })
}

/// The birth year and date; a problem for a year out of range, a date that
/// is not one, or a year and date that disagree (then no year).
fn read_birth(
    raw: &RawPlayer,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> (Option<i32>, Option<Date>) {
    let birth_year = raw.birth_year.as_ref().and_then(|y| {
        let value = *y.get_ref();
        let latest = current_year();
        if (MIN_BIRTH_YEAR..=latest).contains(&value) {
            Some(value as i32)
        } else {
            problems.push(fields.error(
                y.span(),
                "birth_year",
                format!("birth year {value} is out of range"),
                &format!(
                    "give the year of birth, {MIN_BIRTH_YEAR} to {latest}, or remove the line"
                ),
            ));
            None
        }
    });
    let birth_date = raw
        .birth_date
        .as_ref()
        .and_then(|d| read_date(d, "birth_date", fields, problems));
    let birth_year = match (birth_year, birth_date) {
        (Some(year), Some(date)) if year != date.year => {
            if let Some(d) = raw.birth_date.as_ref() {
                problems.push(fields.error(
                    d.span(),
                    "birth_date",
                    format!("birth date {date} is not in birth year {year}"),
                    "make birth_year and birth_date agree, or keep only birth_date",
                ));
            }
            None
        }
        (year, date) => year.or(date.map(|d| d.year)),
    };
    (birth_year, birth_date)
}

fn read_sex(
    raw: Option<&Spanned<String>>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<Sex> {
    raw.and_then(|x| match x.get_ref().as_str() {
        "m" => Some(Sex::Man),
        "w" => Some(Sex::Woman),
        other => {
            problems.push(fields.error(
                x.span(),
                "sex",
                format!("`{other}` is not a sex"),
                "write `m` or `w` (FIDE's TRF letters), or remove the line",
            ));
            None
        }
    })
}

fn read_fide_id(
    raw: Option<&Spanned<i64>>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<u64> {
    raw.and_then(|f| {
        let value = *f.get_ref();
        if value > 0 && value <= MAX_FIDE_ID {
            Some(value as u64)
        } else {
            problems.push(fields.error(
                f.span(),
                "fide_id",
                format!("FIDE id {value} is not a positive number of at most 11 digits"),
                "copy the id from the FIDE rating list, or remove the line",
            ));
            None
        }
    })
}

fn read_title(
    raw: Option<&Spanned<String>>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<String> {
    raw.and_then(|t| {
        let value = t.get_ref().trim();
        if value.chars().count() <= 3 && value.chars().all(|c| c.is_ascii_alphabetic()) {
            (!value.is_empty()).then(|| value.to_string())
        } else {
            problems.push(fields.error(
                t.span(),
                "title",
                format!("`{value}` is not a title"),
                "write the title as TRF does, at most 3 letters: GM, IM, WFM, g, m, wf, ...",
            ));
            None
        }
    })
}

fn read_grade(
    raw: Option<&Spanned<String>>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<go_grades::Grade> {
    raw.and_then(|grade| match grade.get_ref().parse::<go_grades::Grade>() {
        Ok(g) => Some(g),
        Err(e) => {
            problems.push(fields.error(
                grade.span(),
                "grade",
                format!("`{}` is not a grade: {e}", grade.get_ref()),
                "write kyu grades as `5k` (30k..1k) and dan grades as `2d` (1d..9d)",
            ));
            None
        }
    })
}

/// The text of a new player file.
pub fn player_text(
    name: &str,
    membership: Membership,
    club: Option<&str>,
    country: Option<&str>,
) -> String {
    let mut out = String::from(
        "# A player of the rating book. Lines starting with `#` are comments:\n\
         # remove the `#` to use an optional field. The file name is the player's id.\n",
    );
    out += &commented(&format!("name = {}", quoted(name)), "as printed; required");
    out += &commented(
        &format!("membership = \"{}\"", membership.as_str()),
        "member | honorary | rif | other",
    );
    out += &match club {
        Some(club) => commented(&format!("club = {}", quoted(club)), "optional"),
        None => commented("# club = \"Helsinki\"", "optional"),
    };
    out += &match country {
        Some(country) => commented(&format!("country = {}", quoted(country)), "optional"),
        None => commented("# country = \"FIN\"", "optional"),
    };
    out += &commented(
        "# licence = 111",
        "national licence number (a positive integer)",
    );
    let rif = if membership == Membership::Rif {
        "; needed: a rif player's games count at this rating"
    } else {
        "; a rif player's games count at this rating"
    };
    out += &commented("# international_rating = 1898", &format!("1..3500{rif}"));
    out += &commented("# grade = \"3k\"", "Go grade: 30k..1k, 1d..9d");
    out += &commented(
        "# birth_year = 1980",
        "1900..this year; personal data, used only with [site] publish_personal_data",
    );
    out += &commented(
        "# birth_date = 1980-05-17",
        "full date of birth (TRF imports write it); personal data, as birth_year",
    );
    out += &commented(
        "# sex = \"m\"",
        "m | w (FIDE's TRF letters); personal data, as birth_year",
    );
    out += "\n# Where a new member starts in the rating pool (default: 1600 with 0 games):\n";
    out += "# [preset]\n";
    out += &commented("# rating = 1600", "1600 | 1700 | 1800 | 1900 | 2000");
    out += &commented("# games = 0", "0 | 5 | 10 | 15");
    out
}

/// A player file as a command writes it whole (a TRF import, the
/// generator): the fields it knows, the others left out.
pub struct PlayerFile<'a> {
    /// The name as the rating book prints it.
    pub name: &'a str,
    /// The membership.
    pub membership: Membership,
    /// The club, empty when none.
    pub club: &'a str,
    /// The federation, empty when none.
    pub country: &'a str,
    /// The FIDE rating, if any.
    pub international_rating: Option<u32>,
    /// The FIDE id, if any.
    pub fide_id: Option<u64>,
    /// The FIDE title, empty when none.
    pub title: &'a str,
    /// The name as FIDE writes it, when it differs from `name`.
    pub fide_name: Option<&'a str>,
    /// `m` or `w`, if given.
    pub sex: Option<char>,
    /// The birth date, when the TRF line names a day.
    pub birth_date: Option<Date>,
    /// The birth year, when only a year is known.
    pub birth_year: Option<i32>,
    /// The preset rating and games of a member who arrives rated.
    pub preset: Option<(u32, u32)>,
    /// Starts in lists (`[start.<list>]`).
    pub starts: &'a [Start],
}

/// The text of a player file written whole ([`PlayerFile`]).
pub fn player_file_text(p: &PlayerFile) -> String {
    let mut out = format!(
        "name = {}\nmembership = \"{}\"\n",
        quoted(p.name),
        p.membership.as_str()
    );
    if !p.club.is_empty() {
        out.push_str(&format!("club = {}\n", quoted(p.club)));
    }
    if !p.country.is_empty() {
        out.push_str(&format!("country = {}\n", quoted(p.country)));
    }
    if let Some(rating) = p.international_rating {
        out.push_str(&format!("international_rating = {rating}\n"));
    }
    if let Some(id) = p.fide_id {
        out.push_str(&format!("fide_id = {id}\n"));
    }
    if !p.title.is_empty() {
        out.push_str(&format!("title = {}\n", quoted(p.title)));
    }
    if let Some(fide_name) = p.fide_name {
        out.push_str(&format!("fide_name = {}\n", quoted(fide_name)));
    }
    if let Some(sex) = p.sex {
        out.push_str(&format!("sex = \"{sex}\"\n"));
    }
    match (p.birth_date, p.birth_year) {
        (Some(date), _) => out.push_str(&format!("birth_date = {date}\n")),
        (None, Some(year)) => out.push_str(&format!("birth_year = {year}\n")),
        (None, None) => {}
    }
    if let Some((rating, games)) = p.preset {
        out.push_str(&format!("\n[preset]\nrating = {rating}\ngames = {games}\n"));
    }
    for start in p.starts {
        out.push_str(&start_text(start));
    }
    out
}

/// A `[start.<list>]` table as the player file writes it.
pub fn start_text(start: &Start) -> String {
    let list = start.pool.as_deref().unwrap_or(ASSOCIATION_LIST);
    let mut out = format!("\n[start.{list}]\nrating = {}\n", number(start.rating));
    if let Some(deviation) = start.deviation {
        out.push_str(&format!("deviation = {}\n", number(deviation)));
    }
    if let Some(volatility) = start.volatility {
        out.push_str(&format!("volatility = {}\n", number(volatility)));
    }
    if let Some(games) = start.games {
        out.push_str(&format!("games = {games}\n"));
    }
    if let Some(k) = start.k {
        out.push_str(&format!("k = {k}\n"));
    }
    if let Some(as_of) = start.as_of {
        out.push_str(&format!("as_of = {as_of}\n"));
    }
    out
}

/// `text`, a player file, with `start` as its `[start.<list>]` (replacing
/// the list's start if there is one): every other line, comments included,
/// kept as written. An error when `text` is not TOML.
pub fn with_start(text: &str, start: &Start) -> Result<String, toml_edit::TomlError> {
    let mut doc: toml_edit::DocumentMut = text.parse()?;
    let list = start.pool.as_deref().unwrap_or(ASSOCIATION_LIST);
    let mut table = toml_edit::Table::new();
    let whole = |v: f64| {
        if v.fract() == 0.0 && v.abs() < 1e15 {
            toml_edit::value(v as i64)
        } else {
            toml_edit::value(v)
        }
    };
    table["rating"] = whole(start.rating);
    if let Some(deviation) = start.deviation {
        table["deviation"] = whole(deviation);
    }
    if let Some(volatility) = start.volatility {
        table["volatility"] = toml_edit::value(volatility);
    }
    if let Some(games) = start.games {
        table["games"] = toml_edit::value(i64::from(games));
    }
    if let Some(k) = start.k {
        table["k"] = toml_edit::value(i64::from(k));
    }
    if let Some(as_of) = start.as_of {
        let date = toml_edit::Date {
            year: as_of.year as u16,
            month: as_of.month as u8,
            day: as_of.day as u8,
        };
        table["as_of"] = toml_edit::value(toml_edit::Datetime {
            date: Some(date),
            time: None,
            offset: None,
        });
    }
    let starts = doc.entry("start").or_insert_with(|| {
        let mut parent = toml_edit::Table::new();
        parent.set_implicit(true);
        toml_edit::Item::Table(parent)
    });
    if let Some(parent) = starts.as_table_mut() {
        parent.insert(list, toml_edit::Item::Table(table));
    }
    Ok(doc.to_string())
}

/// A number as TOML: whole numbers without a fraction, others as Rust prints them.
fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

/// A player file's text with top-level fields set: each `key = value`
/// line of `fields` (values already written as TOML) replaces the line of
/// that key before the first table, or is added before the first table;
/// comments and every other line stay as they are.
pub fn with_fields_set(text: &str, fields: &[(&str, String)]) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let table_at = lines
        .iter()
        .position(|l| l.trim_start().starts_with('['))
        .unwrap_or(lines.len());
    let key_of = |line: &str| {
        let (key, _) = line.split_once('=')?;
        let key = key.trim();
        (!key.starts_with('#')).then_some(key.to_string())
    };
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let mut added = Vec::new();
    for (key, value) in fields {
        let line = format!("{key} = {value}");
        match (0..table_at).find(|&i| key_of(lines[i]).as_deref() == Some(key)) {
            Some(i) => out[i] = line,
            None => added.push(line),
        }
    }
    let mut at = table_at;
    while at > 0 && table_at < lines.len() && out[at - 1].trim().is_empty() {
        at -= 1;
    }
    for (offset, line) in added.into_iter().enumerate() {
        out.insert(at + offset, line);
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// A text value as a player file writes it.
pub fn toml_text(value: &str) -> String {
    quoted(value)
}

/// The text fields longer than their limits ([`crate::limits`]); reported
/// alone, before any message that would repeat them.
fn too_long_fields(raw: &RawPlayer, fields: &FieldErrors) -> Vec<Diagnostic> {
    use crate::limits::{CLUB_CHARS, CODE_CHARS, COUNTRY_CHARS, NAME_CHARS};
    let texts = [
        ("name", Some(&raw.name), NAME_CHARS),
        ("membership", Some(&raw.membership), CODE_CHARS),
        ("country", raw.country.as_ref(), COUNTRY_CHARS),
        ("club", raw.club.as_ref(), CLUB_CHARS),
        ("grade", raw.grade.as_ref(), CODE_CHARS),
        ("sex", raw.sex.as_ref(), CODE_CHARS),
        ("title", raw.title.as_ref(), CODE_CHARS),
        ("fide_name", raw.fide_name.as_ref(), NAME_CHARS),
    ];
    texts
        .into_iter()
        .filter_map(|(field, value, max)| fields.too_long(value?, field, max))
        .collect()
}

/// [`toml_error`], with the fix for the fields people expect in a player
/// file: `rating` and `games` belong in `[preset]` (or the rating is an
/// `international_rating`).
fn player_toml_error(shown: &Path, text: &str, error: &toml::de::Error) -> Diagnostic {
    let d = toml_error(shown, text, error);
    let Some((field, _)) = unknown_name(error.message(), "unknown field") else {
        return d;
    };
    let written = error
        .span()
        .and_then(|span| written_value(text, span.start))
        .unwrap_or_else(|| "…".into());
    match field {
        "rating" => d.hint(format!(
            "a player's rating is computed from their games: for a new member's rating-pool \
             start write `rating = …` under `[preset]` (one of 1600, 1700, 1800, 1900, 2000); \
             for an international rating write `international_rating = {written}`"
        )),
        "games" => d.hint(format!(
            "preset games go under `[preset]`: write `games = {written}` there (one of 0, 5, \
             10, 15)"
        )),
        _ => d,
    }
}

/// The value written after `key =` on the line at byte `offset`, without a
/// trailing comment; `None` when there is none.
fn written_value(text: &str, offset: usize) -> Option<String> {
    let line = text.get(offset..)?.lines().next()?;
    let (_, value) = line.split_once('=')?;
    let value = value.split('#').next()?.trim();
    (!value.is_empty()).then(|| value.to_string())
}

fn load_preset(
    raw: Option<&RawPreset>,
    problems: &mut Vec<Diagnostic>,
    fields: &FieldErrors,
) -> Preset {
    let mut preset = Preset::default();
    let Some(raw) = raw else { return preset };
    if let Some(rating) = &raw.rating {
        let value = *rating.get_ref();
        match Preset::RATINGS.iter().find(|r| i64::from(**r) == value) {
            Some(r) => preset.rating = *r,
            None => problems.push(fields.error(
                rating.span(),
                "preset.rating",
                format!("preset rating {value} is not allowed"),
                "use one of 1600, 1700, 1800, 1900, 2000",
            )),
        }
    }
    if let Some(games) = &raw.games {
        let value = *games.get_ref();
        match Preset::GAMES.iter().find(|g| i64::from(**g) == value) {
            Some(g) => preset.games = *g,
            None => problems.push(fields.error(
                games.span(),
                "preset.games",
                format!("preset game count {value} is not allowed"),
                "use one of 0, 5, 10, 15",
            )),
        }
    }
    preset
}

/// Lowest and highest start rating accepted (EGD's scale goes below zero).
const START_RATINGS: std::ops::RangeInclusive<f64> = -1000.0..=4000.0;

/// Every `[start.<list>]`, with a problem for each value out of range, a
/// list name that is not one, and a `[start.association]` beside `[preset]`.
fn read_starts(
    raw: &RawPlayer,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Vec<Start> {
    let Some(tables) = &raw.start else {
        return Vec::new();
    };
    let mut starts = Vec::new();
    for (list, table) in tables {
        let span = table.span();
        let (line, _) = crate::diagnostic::line_column(fields.text, span.start);
        let field = |name: &str| format!("start.{list}.{name}");
        if Slug::parse(list).is_err() {
            problems.push(fields.error(
                span.clone(),
                &format!("start.{list}"),
                format!("`[start.{list}]`: `{list}` is not a list's name"),
                "name a `[pools.<name>]` of ratingbook.toml, or `association` for the association's own list",
            ));
            continue;
        }
        if list == ASSOCIATION_LIST && raw.preset.is_some() {
            problems.push(fields.error(
                span.clone(),
                &format!("start.{list}"),
                "both `[preset]` and `[start.association]` say where the player starts".into(),
                "keep one: `[start.association]` takes any rating and game count, `[preset]` the rating pool's",
            ));
        }
        let t = table.get_ref();
        let Some(rating) = &t.rating else {
            problems.push(fields.error(
                span.clone(),
                &field("rating"),
                format!("`[start.{list}]` has no rating"),
                "write the rating the player brings, e.g. `rating = 1850`",
            ));
            continue;
        };
        let rating = start_number(
            fields,
            problems,
            &field("rating"),
            rating,
            START_RATINGS,
            "write the rating as a number, e.g. `rating = 1850`",
        );
        let deviation = t.deviation.as_ref().and_then(|d| {
            start_number(
                fields,
                problems,
                &field("deviation"),
                d,
                1.0..=1000.0,
                "Glicko-2's RD in rating points, e.g. `deviation = 200`",
            )
        });
        let volatility = t.volatility.as_ref().and_then(|v| {
            start_number(
                fields,
                problems,
                &field("volatility"),
                v,
                0.0001..=1.0,
                "Glicko-2's σ, e.g. `volatility = 0.06`",
            )
        });
        let games = t
            .games
            .as_ref()
            .and_then(|g| start_games(fields, problems, &field("games"), g));
        let k =
            t.k.as_ref()
                .and_then(|k| start_k(fields, problems, &field("k"), k));
        let as_of = t
            .as_of
            .as_ref()
            .and_then(|d| read_date(d, &field("as_of"), fields, problems));
        if let Some(rating) = rating {
            starts.push(Start {
                pool: (list != ASSOCIATION_LIST).then(|| list.clone()),
                rating,
                deviation,
                volatility,
                games,
                k,
                as_of,
                line,
            });
        }
    }
    starts
}

/// A start's game count; a problem naming `field` when it is not one.
fn start_games(
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
    field: &str,
    games: &Spanned<i64>,
) -> Option<u32> {
    let value = *games.get_ref();
    let ok = u32::try_from(value).ok().filter(|v| *v <= 1_000_000);
    if ok.is_none() {
        problems.push(fields.error(
            games.span(),
            field,
            format!("`games = {value}` is not a number of games"),
            "write the rated games already played, 0 or more, e.g. `games = 45`",
        ));
    }
    ok
}

/// A start's K, one of FIDE's; a problem naming `field` otherwise.
fn start_k(
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
    field: &str,
    k: &Spanned<i64>,
) -> Option<u32> {
    let value = *k.get_ref();
    let ok = [10, 20, 40].contains(&value).then_some(value as u32);
    if ok.is_none() {
        problems.push(fields.error(
            k.span(),
            field,
            format!("`k = {value}` is not one of FIDE's K factors"),
            "write 40, 20 or 10, as FIDE's list shows it, or remove the line",
        ));
    }
    ok
}

/// A start's number (whole or not) within `range`; a problem naming `field` otherwise.
fn start_number(
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
    field: &str,
    value: &Spanned<toml::Value>,
    range: std::ops::RangeInclusive<f64>,
    hint: &str,
) -> Option<f64> {
    let read = match value.get_ref() {
        toml::Value::Integer(i) => Some(*i as f64),
        toml::Value::Float(f) => Some(*f),
        _ => None,
    };
    let ok = read.filter(|v| range.contains(v));
    if ok.is_none() {
        let name = field.rsplit('.').next().unwrap_or(field);
        problems.push(fields.error(
            value.span(),
            field,
            format!(
                "`{name} = {}` is not a number from {} to {}",
                value.get_ref(),
                range.start(),
                range.end()
            ),
            hint,
        ));
    }
    ok
}

fn non_empty(text: Option<Spanned<String>>) -> Option<String> {
    text.map(|t| t.into_inner().trim().to_string())
        .filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_set_in_place_and_added_before_the_tables() {
        let text = "# a member\nname = \"Ikonen Jussi\"\nmembership = \"rif\" # was\n\n[preset]\nrating = 2000\n";
        let set = with_fields_set(
            text,
            &[
                ("membership", "\"member\"".into()),
                ("club", "\"Oulu\"".into()),
            ],
        );
        assert_eq!(
            set,
            "# a member\nname = \"Ikonen Jussi\"\nmembership = \"member\"\nclub = \"Oulu\"\n\n[preset]\nrating = 2000\n"
        );
        assert_eq!(
            with_fields_set("name = \"A\"\n", &[("club", "\"B\"".into())]),
            "name = \"A\"\nclub = \"B\"\n"
        );
    }
}
