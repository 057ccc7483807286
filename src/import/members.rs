//! A member list (a CSV export of the association's member database or a
//! spreadsheet) as player files: each row creates a player or updates one,
//! by a column mapping; members of the book that no row names are reported.
//!
//! A row is matched to a player by its `id` column when mapped, else by
//! licence number, else by the id its name gives (`Ikonen Jussi` →
//! `ikonen-jussi`). An empty cell leaves the player's field as it is.

use crate::files::player::{player_file_text, toml_text, with_fields_set, PlayerFile};
use crate::model::{Dataset, Membership, Slug};
use std::collections::{BTreeMap, BTreeSet};

/// The fields a member list can fill, as the player file names them.
pub const FIELDS: [&str; 7] = [
    "id",
    "name",
    "membership",
    "club",
    "country",
    "licence",
    "grade",
];

/// A problem with the list: its line (0: the header) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line in the CSV file.
    pub line: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}

/// One row's values, by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRow {
    /// 1-based line in the CSV file.
    pub line: usize,
    /// Field name → the cell's text, for the non-empty mapped cells.
    pub values: BTreeMap<&'static str, String>,
}

/// The columns: field → header as written in the file. A field not given
/// is read from the column of its own name, when there is one.
pub fn columns(
    header: &[String],
    mapping: &BTreeMap<String, String>,
) -> Result<BTreeMap<&'static str, usize>, Vec<Problem>> {
    let mut problems = Vec::new();
    for field in mapping.keys() {
        if !FIELDS.contains(&field.as_str()) {
            problems.push(Problem {
                line: 0,
                message: format!(
                    "`{field}` is not a field a member list fills; use one of: {}",
                    FIELDS.join(", ")
                ),
            });
        }
    }
    let mut found = BTreeMap::new();
    for field in FIELDS {
        let wanted = mapping.get(field).map_or(field, String::as_str);
        match header
            .iter()
            .position(|h| h.trim().eq_ignore_ascii_case(wanted))
        {
            Some(at) => {
                found.insert(field, at);
            }
            None if mapping.contains_key(field) => problems.push(Problem {
                line: 1,
                message: format!(
                    "no column `{wanted}` for `{field}`; the header has: {}",
                    header.join(", ")
                ),
            }),
            None => {}
        }
    }
    if !found.contains_key("name") {
        problems.push(Problem {
            line: 1,
            message: "no name column: map it with --column name=HEADER".into(),
        });
    }
    if problems.is_empty() {
        Ok(found)
    } else {
        Err(problems)
    }
}

/// Most rows a member list may have.
pub const MAX_ROWS: usize = 1_000_000;

/// Reads the list's text: the header, then each row's mapped cells. The
/// delimiter is `;` when the header has one and no comma (a spreadsheet's
/// export in many languages), else `,`.
pub fn read(
    text: &str,
    mapping: &BTreeMap<String, String>,
) -> Result<Vec<MemberRow>, Vec<Problem>> {
    let first = text.lines().next().unwrap_or("");
    let delimiter = if first.contains(';') && !first.contains(',') {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(text.as_bytes());
    let header: Vec<String> = match reader.headers() {
        Ok(h) => h.iter().map(str::to_string).collect(),
        Err(e) => {
            return Err(vec![Problem {
                line: 1,
                message: format!("the header cannot be read: {e}"),
            }])
        }
    };
    let at = columns(&header, mapping)?;
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line() as usize);
                problems.push(Problem {
                    line,
                    message: format!("the row cannot be read: {e}"),
                });
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line() as usize);
        if rows.len() == MAX_ROWS {
            problems.push(Problem {
                line,
                message: format!("more than {MAX_ROWS} rows"),
            });
            break;
        }
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let values = at
            .iter()
            .filter_map(|(&field, &i)| {
                let cell = record.get(i)?.trim();
                (!cell.is_empty()).then(|| (field, cell.to_string()))
            })
            .collect();
        rows.push(MemberRow { line, values });
    }
    if problems.is_empty() {
        Ok(rows)
    } else {
        Err(problems)
    }
}

/// What a row does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A new player file.
    New,
    /// Fields changed: (field, before, after).
    Changed(Vec<(&'static str, String, String)>),
    /// Nothing to change.
    Same,
}

/// What the list does to the repository.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// Each row: its line, the player, what changes.
    pub rows: Vec<(usize, Slug, Change)>,
    /// Files to write: path, content, whether it is new.
    pub files: Vec<(String, String, bool)>,
    /// Members and honorary members of the book that no row names.
    pub unmatched: Vec<Slug>,
}

/// The plan for `rows` against `dataset`; `text_of` gives a matched
/// player's file text. `codes` translates the list's membership words
/// (`Jäsen` → member) besides the book's own four.
pub fn plan(
    rows: &[MemberRow],
    dataset: &Dataset,
    codes: &BTreeMap<String, Membership>,
    text_of: &dyn Fn(&Slug) -> Option<String>,
) -> Result<Plan, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut plan = Plan::default();
    let mut claimed: BTreeMap<String, usize> = BTreeMap::new();
    for row in rows {
        let Some(name) = row.values.get("name") else {
            problems.push(Problem {
                line: row.line,
                message: "the name is empty".into(),
            });
            continue;
        };
        let membership = match row.values.get("membership") {
            None => None,
            Some(word) => match membership(word, codes) {
                Some(m) => Some(m),
                None => {
                    problems.push(Problem {
                        line: row.line,
                        message: format!("membership `{word}` is not member, honorary, rif or other; translate it with --membership {word}=member"),
                    });
                    continue;
                }
            },
        };
        if let Some(licence) = row.values.get("licence") {
            if !licence.parse::<u32>().is_ok_and(|l| l > 0) {
                problems.push(Problem {
                    line: row.line,
                    message: format!("licence `{licence}` is not a positive whole number"),
                });
                continue;
            }
        }
        if let Some(grade) = row.values.get("grade") {
            if grade
                .to_ascii_lowercase()
                .parse::<go_grades::Grade>()
                .is_err()
            {
                problems.push(Problem {
                    line: row.line,
                    message: format!("grade `{grade}` is not a grade such as 5k or 2d"),
                });
                continue;
            }
        }
        let id = match matched(row, name, dataset) {
            Ok(id) => id,
            Err(message) => {
                problems.push(Problem {
                    line: row.line,
                    message,
                });
                continue;
            }
        };
        if let Some(first) = claimed.insert(id.as_str().to_string(), row.line) {
            problems.push(Problem {
                line: row.line,
                message: format!("this row and line {first} are both `{id}`: keep one"),
            });
            continue;
        }
        let change = apply(
            row,
            name,
            membership,
            &id,
            dataset,
            text_of,
            &mut plan.files,
        );
        plan.rows.push((row.line, id, change));
    }
    let named: BTreeSet<&String> = claimed.keys().collect();
    plan.unmatched = dataset
        .players
        .iter()
        .filter(|p| p.membership.is_rated_by_us() && !named.contains(&p.id.as_str().to_string()))
        .map(|p| p.id.clone())
        .collect();
    if problems.is_empty() {
        Ok(plan)
    } else {
        Err(problems)
    }
}

fn membership(word: &str, codes: &BTreeMap<String, Membership>) -> Option<Membership> {
    let lower = word.trim().to_lowercase();
    Membership::parse(&lower).or_else(|| {
        codes
            .iter()
            .find(|(code, _)| code.to_lowercase() == lower)
            .map(|(_, m)| *m)
    })
}

/// The player a row names: by id, licence, or the id its name gives.
fn matched(row: &MemberRow, name: &str, dataset: &Dataset) -> Result<Slug, String> {
    if let Some(id) = row.values.get("id") {
        return Slug::parse(id).map_err(|e| format!("id `{id}`: {e}"));
    }
    if let Some(licence) = row
        .values
        .get("licence")
        .and_then(|l| l.parse::<u32>().ok())
    {
        let mut holders = dataset
            .players
            .iter()
            .filter(|p| p.licence == Some(licence));
        if let Some(p) = holders.next() {
            if holders.next().is_some() {
                return Err(format!(
                    "two players have licence {licence}: map an id column"
                ));
            }
            return Ok(p.id.clone());
        }
    }
    Slug::from_text(name).ok_or_else(|| format!("no id can be made from the name `{name}`"))
}

#[allow(clippy::too_many_arguments)]
fn apply(
    row: &MemberRow,
    name: &str,
    membership: Option<Membership>,
    id: &Slug,
    dataset: &Dataset,
    text_of: &dyn Fn(&Slug) -> Option<String>,
    files: &mut Vec<(String, String, bool)>,
) -> Change {
    let path = format!("data/players/{id}.toml");
    let value = |field: &str| row.values.get(field).map(String::as_str);
    let Some(player) = dataset.player(id.as_str()) else {
        let mut text = player_file_text(&PlayerFile {
            name,
            membership: membership.unwrap_or(Membership::Member),
            club: value("club").unwrap_or(""),
            country: value("country").unwrap_or(""),
            international_rating: None,
            fide_id: None,
            title: "",
            fide_name: None,
            sex: None,
            birth_date: None,
            birth_year: None,
            preset: None,
            starts: &[],
        });
        let mut extra = Vec::new();
        if let Some(l) = value("licence") {
            extra.push(("licence", l.to_string()));
        }
        if let Some(g) = value("grade") {
            extra.push(("grade", toml_text(&g.to_ascii_lowercase())));
        }
        if !extra.is_empty() {
            text = with_fields_set(&text, &extra);
        }
        files.push((path, text, true));
        return Change::New;
    };
    let mut changed: Vec<(&'static str, String, String)> = Vec::new();
    let mut set: Vec<(&str, String)> = Vec::new();
    let mut compare = |field: &'static str,
                       before: Option<String>,
                       after: Option<String>,
                       toml: fn(&str) -> String| {
        if let Some(after) = after {
            if before.as_deref() != Some(after.as_str()) {
                set.push((field, toml(&after)));
                changed.push((field, before.unwrap_or_default(), after));
            }
        }
    };
    let text = |s: &str| toml_text(s);
    let number = |s: &str| s.to_string();
    compare(
        "name",
        Some(player.name.clone()),
        Some(name.trim().to_string()),
        text,
    );
    compare(
        "membership",
        Some(player.membership.as_str().into()),
        membership.map(|m| m.as_str().into()),
        text,
    );
    compare(
        "club",
        player.club.clone(),
        value("club").map(str::to_string),
        text,
    );
    compare(
        "country",
        player.country.clone(),
        value("country").map(str::to_string),
        text,
    );
    compare(
        "licence",
        player.licence.map(|l| l.to_string()),
        value("licence").map(str::to_string),
        number,
    );
    compare(
        "grade",
        player.grade.map(|g| g.to_string()),
        value("grade").map(str::to_ascii_lowercase),
        text,
    );
    if changed.is_empty() {
        return Change::Same;
    }
    if let Some(current) = text_of(id) {
        files.push((path, with_fields_set(&current, &set), false));
    }
    Change::Changed(changed)
}
