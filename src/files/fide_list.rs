//! FIDE's monthly rating list as FIDE publishes it for download (the
//! standard, rapid and blitz lists, TXT): one player a line in fixed
//! columns under a header line naming them — `ID Number`, `Name`, `Fed`,
//! `Sex`, `Tit`, `WTit`, `OTit`, `FOA`, the month's rating (named for the
//! list and month, e.g. `SEP24`), games in the period (`SGm`, `RGm`,
//! `BGm`), K (`SK`, `RK`, `BK`), `B-day`, `Flag`. Each field is read
//! from its column's start to the next column's start.
//!
//! [`import_plan`] matches the repository's players to the list by their
//! `fide_id` and gives each matched player's start in a FIDE list.

use crate::diagnostic::Diagnostic;
use crate::model::{Date, Player, Slug, Start};
use std::path::{Path, PathBuf};

/// One player of a FIDE list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FideListPlayer {
    /// The FIDE id.
    pub id: u64,
    /// The name as FIDE writes it.
    pub name: String,
    /// The rating on the list; `None` for a player without one.
    pub rating: Option<u32>,
    /// The K FIDE applies from the list on, if shown.
    pub k: Option<u32>,
    /// The line in the file, from 1.
    pub line: usize,
}

/// A FIDE rating list read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FideList {
    /// The list's date (the first day of its month), from the rating
    /// column's name (`SEP24`: 1 September 2024), if it names one.
    pub date: Option<Date>,
    /// The players, in the file's order.
    pub players: Vec<FideListPlayer>,
}

/// The columns a list needs, by their header names.
const ID: &str = "ID Number";

/// Reads a FIDE list (TXT). Every problem is reported, each at its line and
/// column.
pub fn read_fide_list(text: &str, shown: &Path) -> Result<FideList, Vec<Diagnostic>> {
    let mut lines = text.lines().enumerate();
    let Some((_, header)) = lines.find(|(_, l)| !l.trim().is_empty()) else {
        return Err(vec![Diagnostic::error(shown, "the file is empty").hint(
            "give FIDE's rating list as downloaded (TXT), its header line first",
        )]);
    };
    let columns = header_columns(header);
    let find = |wanted: &dyn Fn(&str) -> bool| columns.iter().position(|(_, name)| wanted(name));
    let id = find(&|n| n == ID);
    let name = find(&|n| n == "Name");
    let foa = find(&|n| n == "FOA");
    let k = find(&|n| matches!(n, "K" | "SK" | "RK" | "BK"));
    let (Some(id), Some(name), Some(foa)) = (id, name, foa) else {
        return Err(vec![Diagnostic::error(
            shown,
            "the first line is not the header of a FIDE rating list",
        )
        .at(1, 1)
        .hint("the header names the columns: `ID Number`, `Name`, `Fed`, `Sex`, `Tit`, `WTit`, `OTit`, `FOA`, the month's rating (e.g. `SEP24`), games, K, `B-day`, `Flag`")]);
    };
    let rating = foa + 1;
    let Some((_, rating_name)) = columns.get(rating) else {
        return Err(vec![Diagnostic::error(
            shown,
            "the header has no rating column after `FOA`",
        )
        .at(1, header.len() + 1)
        .hint("the month's rating column follows `FOA`, e.g. `SEP24`")]);
    };
    let date = list_date(rating_name);
    let field = |line: &str, column: usize| -> (usize, String) {
        let start = columns[column].0;
        let end = columns.get(column + 1).map_or(line.len(), |c| c.0);
        let text = line
            .get(start..end.min(line.len()))
            .or_else(|| line.get(start..))
            .unwrap_or("");
        (start + 1, text.trim().to_string())
    };
    let mut players = Vec::new();
    let mut problems = Vec::new();
    for (index, line) in lines.filter(|(_, l)| !l.trim().is_empty()) {
        let number = |column: usize, what: &str, problems: &mut Vec<Diagnostic>| -> Option<u64> {
            let (at, text) = field(line, column);
            if text.is_empty() {
                return None;
            }
            let parsed = text.parse::<u64>().ok();
            if parsed.is_none() {
                problems.push(
                    Diagnostic::error(shown, format!("{what} `{text}` is not a number"))
                        .at(index + 1, at)
                        .hint("each field stays in its column under the header; check the line was not shifted"),
                );
            }
            parsed
        };
        let Some(fide_id) = number(id, "the FIDE id", &mut problems) else {
            continue;
        };
        let rating = number(rating, "the rating", &mut problems).map(|r| r as u32);
        let k = k
            .and_then(|k| number(k, "K", &mut problems))
            .map(|k| k as u32);
        players.push(FideListPlayer {
            id: fide_id,
            name: field(line, name).1,
            rating,
            k,
            line: index + 1,
        });
    }
    if problems.is_empty() {
        Ok(FideList { date, players })
    } else {
        Err(problems)
    }
}

/// Each column's byte offset and name in the header line; `ID Number` is one name.
fn header_columns(header: &str) -> Vec<(usize, String)> {
    let mut columns: Vec<(usize, String)> = Vec::new();
    let mut rest = header;
    while let Some(skip) = rest.find(|c: char| !c.is_whitespace()) {
        let start = header.len() - rest.len() + skip;
        let word_end = rest[skip..]
            .find(char::is_whitespace)
            .map_or(rest.len(), |e| skip + e);
        let word = &rest[skip..word_end];
        match columns.last_mut() {
            Some((_, last)) if last == "ID" && word == "Number" => *last = ID.to_string(),
            _ => columns.push((start, word.to_string())),
        }
        rest = &rest[word_end..];
    }
    columns
}

/// The list's date from its rating column's name: `SEP24` is 1 September 2024.
fn list_date(name: &str) -> Option<Date> {
    const MONTHS: [&str; 12] = [
        "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
    ];
    let (month, year) = (name.get(..3)?, name.get(3..)?);
    let month = MONTHS.iter().position(|m| m.eq_ignore_ascii_case(month))? as u32 + 1;
    let year: i32 = year.parse().ok().filter(|_| year.len() == 2)?;
    Date::new(2000 + year, month, 1)
}

/// What importing a list into a pool does: each matched player's new start,
/// and who could not be matched.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportPlan {
    /// (player id, player file, the start in the pool) for every player
    /// whose `fide_id` is on the list with a rating.
    pub starts: Vec<(Slug, PathBuf, Start)>,
    /// Players with a `fide_id` that the list does not have.
    pub not_on_list: Vec<Slug>,
    /// Players on the list without a rating on it.
    pub unrated: Vec<Slug>,
}

/// Matches `players` to `list` by FIDE id and gives each a start in `pool`:
/// the list's rating and K, held on the list's `date`.
pub fn import_plan(list: &FideList, players: &[Player], pool: &str, date: Date) -> ImportPlan {
    let by_id: std::collections::HashMap<u64, &FideListPlayer> =
        list.players.iter().map(|p| (p.id, p)).collect();
    let mut plan = ImportPlan::default();
    for player in players {
        let Some(fide_id) = player.fide_id else {
            continue;
        };
        match by_id.get(&fide_id) {
            None => plan.not_on_list.push(player.id.clone()),
            Some(FideListPlayer { rating: None, .. }) => plan.unrated.push(player.id.clone()),
            Some(&&FideListPlayer {
                rating: Some(rating),
                k,
                ..
            }) => {
                let line = player
                    .starts
                    .iter()
                    .find(|s| s.pool.as_deref() == Some(pool))
                    .map_or(0, |s| s.line);
                plan.starts.push((
                    player.id.clone(),
                    player.source.clone(),
                    Start {
                        pool: Some(pool.to_string()),
                        rating: f64::from(rating),
                        deviation: None,
                        volatility: None,
                        games: None,
                        k,
                        as_of: Some(date),
                        line,
                    },
                ));
            }
        }
    }
    plan
}
