//! A player file, `data/players/<id>.toml`: read into a [`Player`], and
//! written new (commented, for `ratingbook new player`) or from a TRF import.

use super::toml_fields::{commented, quoted, read_date, toml_error, unknown_name, FieldErrors};
use crate::diagnostic::Diagnostic;
use crate::model::{Date, Membership, Player, Preset, Sex, Slug, Start};
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
    start: Option<RawStart>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    rating: Spanned<i64>,
    games: Spanned<i64>,
}

/// Most rated games a carried-over start may rest on; anything above is a typo.
const MAX_START_GAMES: i64 = 100_000;

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
    let start = read_start(raw.start.as_ref(), &fields, problems);
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
            start,
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

/// The `[start]` table: a rating (1..3500) and the rated games (0..100 000)
/// carried over from an earlier rating program.
fn read_start(
    raw: Option<&RawStart>,
    fields: &FieldErrors,
    problems: &mut Vec<Diagnostic>,
) -> Option<Start> {
    let raw = raw?;
    let rating = *raw.rating.get_ref();
    let games = *raw.games.get_ref();
    let mut ok = true;
    if !(1..=MAX_RATING).contains(&rating) {
        problems.push(fields.error(
            raw.rating.span(),
            "start.rating",
            format!("start rating {rating} is out of range"),
            "give the rating the player held before the first tournament, 1 to 3500",
        ));
        ok = false;
    }
    if !(0..=MAX_START_GAMES).contains(&games) {
        problems.push(fields.error(
            raw.games.span(),
            "start.games",
            format!("start game count {games} is out of range"),
            "give the rated games played before the first tournament, 0 to 100000",
        ));
        ok = false;
    }
    ok.then_some(Start {
        rating: rating as u32,
        games: games as u32,
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
    /// The rating and games carried over from an earlier rating program.
    pub start: Option<(u32, u32)>,
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
    if let Some((rating, games)) = p.start {
        out.push_str(&format!("\n[start]\nrating = {rating}\ngames = {games}\n"));
    }
    out
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

fn non_empty(text: Option<Spanned<String>>) -> Option<String> {
    text.map(|t| t.into_inner().trim().to_string())
        .filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_is_read_and_its_values_checked() {
        let shown = Path::new("data/players/a.toml");
        let id = Slug::parse("a").ok();
        let mut problems = Vec::new();
        let text = "name = \"A\"\nmembership = \"member\"\n\n[start]\nrating = 2100\ngames = 40\n";
        let player = read_player(id.clone(), text, shown, &mut problems).unwrap();
        assert_eq!(
            player.start,
            Some(Start {
                rating: 2100,
                games: 40
            })
        );
        let text = "name = \"A\"\nmembership = \"member\"\n[start]\nrating = 0\ngames = -1\n";
        assert!(read_player(id, text, shown, &mut problems).is_none());
        let messages: Vec<&str> = problems.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "start rating 0 is out of range",
                "start game count -1 is out of range"
            ]
        );
        assert_eq!((problems[0].line, problems[1].line), (Some(4), Some(5)));
    }

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
