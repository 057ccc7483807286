//! Sheets as plain text (aligned columns) and as Markdown tables.

use super::{points, Label, PairingList, Sheet, StandingsSheet, WallChart};
use crate::render::format::markdown_text;
use crate::translate::{Arg, Translations};

/// A table: header, rows, and which columns align right.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    right: Vec<bool>,
}

impl Table {
    fn plain(&self) -> String {
        let columns = self.header.len();
        let width = |c: usize| {
            std::iter::once(&self.header)
                .chain(&self.rows)
                .map(|r| r.get(c).map_or(0, |x| x.chars().count()))
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..columns).map(width).collect();
        let line = |row: &Vec<String>| {
            let cells: Vec<String> = (0..columns)
                .map(|c| {
                    let text = row.get(c).map_or("", String::as_str);
                    let pad = widths[c].saturating_sub(text.chars().count());
                    if self.right[c] {
                        format!("{}{text}", " ".repeat(pad))
                    } else {
                        format!("{text}{}", " ".repeat(pad))
                    }
                })
                .collect();
            cells.join("  ").trim_end().to_string() + "\n"
        };
        let mut out = line(&self.header);
        out += &(widths
            .iter()
            .map(|w| "-".repeat(*w))
            .collect::<Vec<_>>()
            .join("  ")
            + "\n");
        for row in &self.rows {
            out += &line(row);
        }
        out
    }

    fn markdown(&self) -> String {
        let row = |cells: &Vec<String>| {
            let escaped: Vec<String> = cells.iter().map(|c| markdown_text(c)).collect();
            format!("| {} |\n", escaped.join(" | "))
        };
        let mut out = row(&self.header);
        let rule: Vec<&str> = self
            .right
            .iter()
            .map(|r| if *r { "---:" } else { "---" })
            .collect();
        out += &format!("| {} |\n", rule.join(" | "));
        for r in &self.rows {
            out += &row(r);
        }
        out
    }
}

fn name(l: &Label) -> String {
    match &l.title {
        Some(title) if !title.trim().is_empty() => format!("{} {}", title.trim(), l.name),
        _ => l.name.clone(),
    }
}

fn rating(l: &Label) -> String {
    l.rating.map(|r| r.to_string()).unwrap_or_default()
}

/// The messages `keys` in `words`: a table's header.
fn strings<const N: usize>(words: &Translations, keys: [&str; N]) -> Vec<String> {
    keys.iter().map(|key| words.text(key)).collect()
}

fn pairings_table(list: &PairingList, words: &Translations) -> Table {
    let rows = list
        .boards
        .iter()
        .map(|b| {
            vec![
                b.board.to_string(),
                b.white.start_no.to_string(),
                name(&b.white),
                rating(&b.white),
                format!("({})", points(b.white_points)),
                b.result.clone().unwrap_or_else(|| "–".into()),
                format!("({})", points(b.black_points)),
                name(&b.black),
                rating(&b.black),
                b.black.start_no.to_string(),
            ]
        })
        .collect();
    Table {
        header: strings(
            words,
            [
                "sheet-col-board",
                "sheet-col-no",
                "sheet-col-white",
                "sheet-col-rating",
                "sheet-col-points",
                "sheet-col-result",
                "sheet-col-points",
                "sheet-col-black",
                "sheet-col-rating",
                "sheet-col-no",
            ],
        ),
        rows,
        right: vec![
            true, true, false, true, true, false, true, false, true, true,
        ],
    }
}

fn byes_lines(list: &PairingList) -> Vec<String> {
    list.byes
        .iter()
        .map(|(l, what)| format!("{} {} ({what})", l.start_no, name(l)))
        .collect()
}

fn standings_table(sheet: &StandingsSheet, words: &Translations) -> Table {
    let mut header = strings(
        words,
        [
            "sheet-col-rank",
            "sheet-col-no",
            "sheet-col-name",
            "sheet-col-federation",
            "sheet-col-rating",
            "sheet-col-points",
        ],
    );
    header.extend(sheet.tiebreaks.iter().cloned());
    let mut right = vec![true, true, false, false, true, true];
    right.extend(sheet.tiebreaks.iter().map(|_| true));
    let rows = sheet
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.rank.clone(),
                r.player.start_no.to_string(),
                name(&r.player),
                r.player.federation.clone().unwrap_or_default(),
                rating(&r.player),
                points(r.half_points),
            ];
            row.extend(r.tiebreaks.iter().cloned());
            row
        })
        .collect();
    Table {
        header,
        rows,
        right,
    }
}

fn wall_chart_table(chart: &WallChart, words: &Translations) -> Table {
    let mut header = strings(
        words,
        ["sheet-col-no", "sheet-col-name", "sheet-col-rating"],
    );
    header.extend((1..=chart.rounds).map(|r| round_column(words, r)));
    header.push(words.text("sheet-col-points"));
    let mut right = vec![true, false, true];
    right.extend((0..=chart.rounds).map(|_| true));
    let rows = chart
        .rows
        .iter()
        .map(|(l, cells, half)| {
            let mut row = vec![l.start_no.to_string(), name(l), rating(l)];
            row.extend(cells.iter().cloned());
            row.push(points(*half));
            row
        })
        .collect();
    Table {
        header,
        rows,
        right,
    }
}

/// A round's column on the wall chart: `R3`.
pub(super) fn round_column(words: &Translations, round: u32) -> String {
    words.with(
        "sheet-col-round",
        &[("round", Arg::Number(i64::from(round)))],
    )
}

/// A player's line on a score sheet: `White: 3 Name 1850`.
pub(super) fn colour_line(words: &Translations, key: &str, player: &str) -> String {
    words.with(key, &[("player", Arg::Text(player))])
}

/// Score sheets as text: one block per board, separated by form feeds (a
/// printer starts a new page at each).
fn score_sheets_plain(list: &PairingList, words: &Translations) -> String {
    let mut out = Vec::new();
    let player = |l: &Label| format!("{} {} {}", l.start_no, name(l), rating(l));
    for b in &list.boards {
        let mut s = format!(
            "{}\n\n{}\n{}\n\n",
            board_heading(list, b.board, words),
            colour_line(words, "sheet-white-player", &player(&b.white)),
            colour_line(words, "sheet-black-player", &player(&b.black)),
        );
        for m in 1..=60 {
            s += &format!("{m:>3}. ______________  ______________\n");
        }
        s += &format!(
            "\n{} ________   {} ________   {} ________\n",
            words.text("sheet-result-blank"),
            words.text("sheet-white-signature"),
            words.text("sheet-black-signature")
        );
        out.push(s);
    }
    out.join("\u{c}")
}

/// A score sheet's heading: `Spring Open, round 2, board 3`.
pub(super) fn board_heading(list: &PairingList, board: u32, words: &Translations) -> String {
    words.with(
        "sheet-board-heading",
        &[
            ("event", Arg::Text(&list.event)),
            ("round", Arg::Number(i64::from(list.round))),
            ("board", Arg::Number(i64::from(board))),
        ],
    )
}

/// The sheet's title: `Spring Open: round 2 pairings`.
pub(super) fn title(sheet: &Sheet, words: &Translations) -> String {
    match sheet {
        Sheet::Pairings(l) => titled(words, "sheet-pairings-title", &l.event, l.round),
        Sheet::ScoreSheets(l) => titled(words, "sheet-score-sheets-title", &l.event, l.round),
        Sheet::Standings(s) => titled(words, "sheet-standings-title", &s.event, s.after_round),
        Sheet::WallChart(c) => titled(words, "sheet-wall-chart-title", &c.event, c.rounds),
    }
}

/// The title `key` of a sheet of `event`'s round `round`.
pub(super) fn titled(words: &Translations, key: &str, event: &str, round: u32) -> String {
    words.with(
        key,
        &[
            ("event", Arg::Text(event)),
            ("round", Arg::Number(i64::from(round))),
        ],
    )
}

/// A player with a bye and what it gives: `Bye: 7 Name (bye, 1 point)`.
fn bye_line(words: &Translations, line: &str) -> String {
    words.with("sheet-bye-line", &[("player", Arg::Text(line))])
}

/// The sheet as plain text, in the language of `words`.
pub fn plain(sheet: &Sheet, words: &Translations) -> String {
    let title = title(sheet, words);
    match sheet {
        Sheet::ScoreSheets(list) => score_sheets_plain(list, words),
        Sheet::Pairings(list) => {
            let mut out = format!("{title}\n\n{}", pairings_table(list, words).plain());
            for line in byes_lines(list) {
                out += &format!("{}\n", bye_line(words, &line));
            }
            out
        }
        Sheet::Standings(s) => format!("{title}\n\n{}", standings_table(s, words).plain()),
        Sheet::WallChart(c) => format!("{title}\n\n{}", wall_chart_table(c, words).plain()),
    }
}

/// The sheet as Markdown, in the language of `words`.
pub fn markdown(sheet: &Sheet, words: &Translations) -> String {
    let heading = format!("## {}\n\n", markdown_text(&title(sheet, words)));
    match sheet {
        Sheet::ScoreSheets(list) | Sheet::Pairings(list) => {
            let mut out = heading + &pairings_table(list, words).markdown();
            let byes = byes_lines(list);
            if !byes.is_empty() {
                out.push('\n');
                for line in byes {
                    out += &format!("- {}\n", markdown_text(&bye_line(words, &line)));
                }
            }
            out
        }
        Sheet::Standings(s) => heading + &standings_table(s, words).markdown(),
        Sheet::WallChart(c) => heading + &wall_chart_table(c, words).markdown(),
    }
}
