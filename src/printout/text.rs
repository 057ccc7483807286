//! Sheets as plain text (aligned columns) and as Markdown tables.

use super::{points, Label, PairingList, Sheet, StandingsSheet, WallChart};
use crate::render::format::markdown_text;

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

fn strings<const N: usize>(cells: [&str; N]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

fn pairings_table(list: &PairingList) -> Table {
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
        header: strings([
            "Board", "No.", "White", "Rtg", "Pts", "Result", "Pts", "Black", "Rtg", "No.",
        ]),
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

fn standings_table(sheet: &StandingsSheet) -> Table {
    let mut header = strings(["Rank", "No.", "Name", "Fed", "Rtg", "Pts"]);
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

fn wall_chart_table(chart: &WallChart) -> Table {
    let mut header = strings(["No.", "Name", "Rtg"]);
    header.extend((1..=chart.rounds).map(|r| format!("R{r}")));
    header.push("Pts".into());
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

/// Score sheets as text: one block per board, separated by form feeds (a
/// printer starts a new page at each).
fn score_sheets_plain(list: &PairingList) -> String {
    let mut out = Vec::new();
    for b in &list.boards {
        let mut s = format!(
            "{}, round {}, board {}\n\nWhite: {} {} {}\nBlack: {} {} {}\n\n",
            list.event,
            list.round,
            b.board,
            b.white.start_no,
            name(&b.white),
            rating(&b.white),
            b.black.start_no,
            name(&b.black),
            rating(&b.black)
        );
        for m in 1..=60 {
            s += &format!("{m:>3}. ______________  ______________\n");
        }
        s += "\nResult: ________   White's signature: ________   Black's signature: ________\n";
        out.push(s);
    }
    out.join("\u{c}")
}

fn title(sheet: &Sheet) -> String {
    match sheet {
        Sheet::Pairings(l) => format!("{}: round {} pairings", l.event, l.round),
        Sheet::ScoreSheets(l) => format!("{}: round {} score sheets", l.event, l.round),
        Sheet::Standings(s) => format!("{}: standings after round {}", s.event, s.after_round),
        Sheet::WallChart(c) => format!("{}: wall chart", c.event),
    }
}

/// The sheet as plain text.
pub fn plain(sheet: &Sheet) -> String {
    match sheet {
        Sheet::ScoreSheets(list) => score_sheets_plain(list),
        Sheet::Pairings(list) => {
            let mut out = format!("{}\n\n{}", title(sheet), pairings_table(list).plain());
            for line in byes_lines(list) {
                out += &format!("Bye: {line}\n");
            }
            out
        }
        Sheet::Standings(s) => format!("{}\n\n{}", title(sheet), standings_table(s).plain()),
        Sheet::WallChart(c) => format!("{}\n\n{}", title(sheet), wall_chart_table(c).plain()),
    }
}

/// The sheet as Markdown.
pub fn markdown(sheet: &Sheet) -> String {
    let heading = format!("## {}\n\n", markdown_text(&title(sheet)));
    match sheet {
        Sheet::ScoreSheets(list) | Sheet::Pairings(list) => {
            let mut out = heading + &pairings_table(list).markdown();
            let byes = byes_lines(list);
            if !byes.is_empty() {
                out.push('\n');
                for line in byes {
                    out += &format!("- Bye: {}\n", markdown_text(&line));
                }
            }
            out
        }
        Sheet::Standings(s) => heading + &standings_table(s).markdown(),
        Sheet::WallChart(c) => heading + &wall_chart_table(c).markdown(),
    }
}
