//! Every published rating can be checked by hand from what the pages show.
//!
//! For every player page of the sample site, each established player's
//! rating history is recomputed from the numbers on the page alone (per game
//! W, We and K; `Rn = Ro + round(Σ K × (W − We))`, halves away from zero, as
//! the rules page states), and must give the ratings the page publishes after
//! each tournament and the rating the list publishes.

use crate::util;

use std::collections::BTreeMap;

use crate::util::event_site::text;

/// The first `href` in an HTML fragment.
fn href(html: &str) -> Option<String> {
    let start = html.find("href=\"")? + 6;
    let end = html[start..].find('"')? + start;
    Some(html[start..end].to_string())
}

/// A table as rows of raw cell HTML, keyed by header text.
struct Table {
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn column(&self, name: &str) -> usize {
        self.headers
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name:?} in {:?}", self.headers))
    }
}

/// The table that follows the heading with id `heading`.
fn table_after(page: &str, heading: &str) -> Option<Table> {
    let at = page.find(&format!("id=\"{heading}\""))?;
    let rest = &page[at..];
    let start = rest.find("<table")?;
    let end = rest[start..].find("</table>")? + start;
    let table = &rest[start..end];
    let cells = |row: &str, tag: &str| -> Vec<String> {
        row.split(&format!("<{tag}"))
            .skip(1)
            .filter(|cell| cell.starts_with([' ', '>']))
            .map(|cell| {
                let body = &cell[cell.find('>').map_or(0, |i| i + 1)..];
                body.split(&format!("</{tag}>"))
                    .next()
                    .unwrap_or("")
                    .to_string()
            })
            .collect()
    };
    let head = table.split("</thead>").next()?;
    let headers = cells(head, "th").iter().map(|h| text(h)).collect();
    let body = table.split("<tbody>").nth(1)?;
    let rows = body
        .split("<tr")
        .skip(1)
        .map(|row| cells(row, "td"))
        .filter(|r| !r.is_empty())
        .collect();
    Some(Table { headers, rows })
}

/// A number as the pages write it: `−17.92`, `+8`, `0.68`.
fn number(cell: &str) -> Option<f64> {
    let t = text(cell).replace('−', "-").replace('+', "");
    t.split_whitespace().next()?.parse().ok()
}

/// W of a game from its result cell: `1`, `½`, `0`.
fn score(cell: &str) -> Option<i64> {
    match text(cell).split_whitespace().next()? {
        "1" => Some(100),
        "½" | "=" => Some(50),
        "0" => Some(0),
        _ => None,
    }
}

/// Half away from zero, of a sum in hundredths of a point.
fn round_hundredths(sum: i64) -> i64 {
    let whole = (sum.abs() + 50) / 100;
    if sum < 0 {
        -whole
    } else {
        whole
    }
}

/// Σ K × (W − We) of each tournament (by its link), in hundredths.
fn sums_by_tournament(games: &Table) -> BTreeMap<String, i64> {
    let (tournament, result, we, k) = (
        games.column("Tournament"),
        games.column("Result"),
        games.column("We"),
        games.column("K"),
    );
    let mut sums = BTreeMap::new();
    for row in games.rows.iter().filter(|r| r.len() == games.headers.len()) {
        let (Some(w), Some(we), Some(k)) = (score(&row[result]), number(&row[we]), number(&row[k]))
        else {
            continue;
        };
        let we = (we * 100.0).round() as i64;
        let k = k.round() as i64;
        assert_eq!(
            number(&row[games.column("K")]),
            Some(k as f64),
            "K is a whole number"
        );
        *sums.entry(href(&row[tournament]).unwrap()).or_insert(0) += k * (w - we);
    }
    sums
}

#[test]
fn every_established_rating_follows_from_the_numbers_on_its_page() {
    // With the engines in the association's list: their long histories are
    // most of what is recomputed here.
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("repo");
    util::sample_with_engines_in_association_list(&root);
    let out = dir.path().join("site");
    util::build_site(&root, &out);
    let listed = util::listed_ratings(&out);
    let mut checked_players = 0;
    let mut checked_tournaments = 0;
    for entry in std::fs::read_dir(out.join("players")).unwrap() {
        let path = entry.unwrap().path();
        let page = std::fs::read_to_string(&path).unwrap();
        let id = path.file_stem().unwrap().to_string_lossy().into_owned();
        let (Some(history), Some(games)) = (
            table_after(&page, "history-heading"),
            table_after(&page, "games-heading"),
        ) else {
            continue;
        };
        let sums = sums_by_tournament(&games);
        let (tournament, rating) = (history.column("Tournament"), history.column("Rating"));
        let mut previous: Option<i64> = None;
        for row in history
            .rows
            .iter()
            .filter(|r| r.len() == history.headers.len())
        {
            let Some(published) = number(&row[rating]).map(|r| r as i64) else {
                continue;
            };
            let link = href(&row[tournament]).unwrap();
            if let Some(before) = previous {
                let sum = sums.get(&link).copied().unwrap_or(0);
                assert_eq!(
                    before + round_hundredths(sum),
                    published,
                    "{id}: {link}: {before} + round({:.2})",
                    sum as f64 / 100.0
                );
                checked_tournaments += 1;
            }
            previous = Some(published);
        }
        if let (Some(last), Some(on_list)) = (previous, listed.get(&id)) {
            assert_eq!(last, *on_list, "{id}: the page and the list disagree");
            checked_players += 1;
        }
    }
    assert!(
        checked_players >= 10 && checked_tournaments >= 10,
        "{checked_players} players, {checked_tournaments} tournaments"
    );
    eprintln!("recomputed {checked_tournaments} tournament ratings of {checked_players} players from their pages");
}

#[test]
fn rounding_is_half_away_from_zero() {
    assert_eq!(round_hundredths(2992), 30);
    assert_eq!(round_hundredths(250), 3);
    assert_eq!(round_hundredths(-250), -3);
    assert_eq!(round_hundredths(-249), -2);
    assert_eq!(round_hundredths(0), 0);
}
