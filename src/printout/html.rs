//! Sheets as one printable HTML page: the style is inside the page (no
//! file beside it, nothing fetched), each sheet is printed on a page of its
//! own, every text from the data is escaped.

use super::text::{board_heading, colour_line, round_column, titled};
use super::{points, Label, PairingList, Sheet, StandingsSheet, WallChart};
use crate::render::format::html_escaped as esc;
use crate::translate::Translations;

/// The page's style; `{scroll_hint}` is where the words of the hint go.
const STYLE: &str = "\
body{font-family:system-ui,sans-serif;margin:1rem;color:#000;background:#fff}\
h1{font-size:1.3rem;margin:0 0 .6rem}\
.scroll{overflow-x:auto}\
table{border-collapse:collapse;font-variant-numeric:tabular-nums}\
th,td{border:1px solid #999;padding:.2rem .45rem;text-align:left;white-space:nowrap}\
td.n,th.n{text-align:right}\
.sheet{margin-bottom:2rem}\
.moves td{width:12rem;height:1.15rem}\
.sign{margin-top:1rem;display:flex;gap:2rem}\
@media screen{.scroll[data-overflows]::before{content:\"{scroll_hint} \\2192\";display:block;\
position:sticky;left:0;width:max-content;font-size:.8rem;color:#555}\
.scroll[data-overflows]:not([data-at-end]){-webkit-mask-image:linear-gradient(to left,transparent,#000 2.5rem);\
mask-image:linear-gradient(to left,transparent,#000 2.5rem)}}\
@page{size:A4;margin:12mm}\
@media print{body{margin:0}.sheet{break-after:page;page-break-after:always;margin:0}\
.sheet:last-child{break-after:auto;page-break-after:auto}.scroll{overflow:visible}\
table{font-size:10pt}}";

fn name(l: &Label) -> String {
    match &l.title {
        Some(t) if !t.trim().is_empty() => format!("{} {}", esc(t.trim()), esc(&l.name)),
        _ => esc(&l.name),
    }
}

/// A player's title and name, not yet escaped (for a line escaped whole).
fn plain_name(l: &Label) -> String {
    match &l.title {
        Some(t) if !t.trim().is_empty() => format!("{} {}", t.trim(), l.name),
        _ => l.name.clone(),
    }
}

fn rating(l: &Label) -> String {
    l.rating.map(|r| r.to_string()).unwrap_or_default()
}

fn row(cells: &[(String, bool)], tag: &str) -> String {
    let mut out = String::from("<tr>");
    for (text, right) in cells {
        let class = if *right { " class=\"n\"" } else { "" };
        out += &format!("<{tag}{class}>{text}</{tag}>");
    }
    out + "</tr>\n"
}

fn table(header: Vec<(String, bool)>, rows: Vec<Vec<(String, bool)>>) -> String {
    let mut out = String::from("<div class=\"scroll\"><table>\n<thead>");
    out += &row(&header, "th");
    out += "</thead>\n<tbody>\n";
    for r in rows {
        out += &row(&r, "td");
    }
    out + "</tbody></table></div>\n"
}

/// `text` as a CSS string's content: quotes, backslashes and line ends
/// escaped, and `<` too, so that no text ends the style element.
fn css_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' | '\\' | '<' | '>' | '\n' | '\r' => out.push_str(&format!("\\{:x} ", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The header cell of the message `key`.
fn heading_cell(words: &Translations, key: &str, at_right: bool) -> (String, bool) {
    (esc(&words.text(key)), at_right)
}

fn left(text: impl Into<String>) -> (String, bool) {
    (text.into(), false)
}

fn right(text: impl Into<String>) -> (String, bool) {
    (text.into(), true)
}

fn pairings(list: &PairingList, words: &Translations) -> String {
    let header = vec![
        heading_cell(words, "sheet-col-board", true),
        heading_cell(words, "sheet-col-no", true),
        heading_cell(words, "sheet-col-white", false),
        heading_cell(words, "sheet-col-rating", true),
        heading_cell(words, "sheet-col-points", true),
        heading_cell(words, "sheet-col-result", false),
        heading_cell(words, "sheet-col-points", true),
        heading_cell(words, "sheet-col-black", false),
        heading_cell(words, "sheet-col-rating", true),
        heading_cell(words, "sheet-col-no", true),
    ];
    let rows = list
        .boards
        .iter()
        .map(|b| {
            vec![
                right(b.board.to_string()),
                right(b.white.start_no.to_string()),
                left(name(&b.white)),
                right(rating(&b.white)),
                right(points(b.white_points)),
                left(esc(b.result.as_deref().unwrap_or("–"))),
                right(points(b.black_points)),
                left(name(&b.black)),
                right(rating(&b.black)),
                right(b.black.start_no.to_string()),
            ]
        })
        .collect();
    let title = titled(words, "sheet-pairings-title", &list.event, list.round);
    let mut out = format!("<section class=\"sheet\"><h1>{}</h1>\n", esc(&title));
    out += &table(header, rows);
    for (l, what) in &list.byes {
        let line = format!("{} {} ({what})", l.start_no, plain_name(l));
        let line = words.with(
            "sheet-bye-line",
            &[("player", crate::translate::Arg::Text(&line))],
        );
        out += &format!("<p>{}</p>\n", esc(&line));
    }
    out + "</section>\n"
}

fn standings(sheet: &StandingsSheet, words: &Translations) -> String {
    let mut header = vec![
        heading_cell(words, "sheet-col-rank", true),
        heading_cell(words, "sheet-col-no", true),
        heading_cell(words, "sheet-col-name", false),
        heading_cell(words, "sheet-col-federation", false),
        heading_cell(words, "sheet-col-rating", true),
        heading_cell(words, "sheet-col-points", true),
    ];
    header.extend(sheet.tiebreaks.iter().map(|t| right(esc(t))));
    let rows = sheet
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                right(esc(&r.rank)),
                right(r.player.start_no.to_string()),
                left(name(&r.player)),
                left(esc(r.player.federation.as_deref().unwrap_or(""))),
                right(rating(&r.player)),
                right(points(r.half_points)),
            ];
            cells.extend(r.tiebreaks.iter().map(|v| right(esc(v))));
            cells
        })
        .collect();
    format!(
        "<section class=\"sheet\"><h1>{}</h1>\n{}</section>\n",
        esc(&titled(
            words,
            "sheet-standings-title",
            &sheet.event,
            sheet.after_round
        )),
        table(header, rows)
    )
}

fn wall_chart(chart: &WallChart, words: &Translations) -> String {
    let mut header = vec![
        heading_cell(words, "sheet-col-no", true),
        heading_cell(words, "sheet-col-name", false),
        heading_cell(words, "sheet-col-rating", true),
    ];
    header.extend((1..=chart.rounds).map(|r| right(esc(&round_column(words, r)))));
    header.push(heading_cell(words, "sheet-col-points", true));
    let rows = chart
        .rows
        .iter()
        .map(|(l, cells, half)| {
            let mut row = vec![
                right(l.start_no.to_string()),
                left(name(l)),
                right(rating(l)),
            ];
            row.extend(cells.iter().map(|c| right(esc(c))));
            row.push(right(points(*half)));
            row
        })
        .collect();
    format!(
        "<section class=\"sheet\"><h1>{}</h1>\n{}</section>\n",
        esc(&titled(
            words,
            "sheet-wall-chart-title",
            &chart.event,
            chart.rounds
        )),
        table(header, rows)
    )
}

fn score_sheets(list: &PairingList, words: &Translations) -> String {
    let mut out = String::new();
    let player = |l: &Label| format!("{} {} {}", l.start_no, plain_name(l), rating(l));
    let white = esc(&words.text("sheet-col-white"));
    let black = esc(&words.text("sheet-col-black"));
    for b in &list.boards {
        out += &format!(
            "<section class=\"sheet\"><h1>{}</h1>\n\
             <p>{}<br>{}</p>\n<table class=\"moves\">\n\
             <thead><tr><th class=\"n\">#</th><th>{white}</th><th>{black}</th>\
             <th class=\"n\">#</th><th>{white}</th><th>{black}</th></tr></thead>\n<tbody>\n",
            esc(&board_heading(list, b.board, words)),
            esc(&colour_line(words, "sheet-white-player", &player(&b.white))),
            esc(&colour_line(words, "sheet-black-player", &player(&b.black))),
        );
        for m in 1..=30 {
            out += &format!(
                "<tr><td class=\"n\">{m}</td><td></td><td></td><td class=\"n\">{}</td><td></td><td></td></tr>\n",
                m + 30
            );
        }
        out += &format!(
            "</tbody></table>\n<div class=\"sign\"><span>{} ________</span>\
             <span>{} ________</span><span>{} ________</span></div></section>\n",
            esc(&words.text("sheet-result-blank")),
            esc(&words.text("sheet-white-signature")),
            esc(&words.text("sheet-black-signature"))
        );
    }
    out
}

/// On a screen narrower than a sheet, a table that scrolls sideways says so
/// (the site's own pages do the same): its box is marked while it overflows
/// and until it is scrolled to the end; the style sheet shows the hint and
/// fades the edge. Paper never sees it.
const MARK_SCROLLING: &str = "for(const s of document.querySelectorAll('.scroll')){\
const mark=()=>{s.toggleAttribute('data-overflows',s.scrollWidth>s.clientWidth+1);\
s.toggleAttribute('data-at-end',s.scrollLeft+s.clientWidth>=s.scrollWidth-1)};\
mark();s.addEventListener('scroll',mark);addEventListener('resize',mark)}";

/// The sheet as a whole HTML page, in the language of `words`.
pub fn page(sheet: &Sheet, words: &Translations) -> String {
    let (event, body) = match sheet {
        Sheet::Pairings(l) => (&l.event, pairings(l, words)),
        Sheet::ScoreSheets(l) => (&l.event, score_sheets(l, words)),
        Sheet::Standings(s) => (&s.event, standings(s, words)),
        Sheet::WallChart(c) => (&c.event, wall_chart(c, words)),
    };
    let style = STYLE.replace("{scroll_hint}", &css_string(&words.text("scroll-hint")));
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"icon\" href=\"data:,\">\n<style>{style}</style>\n</head>\n<body>\n<main>\n{body}</main>\n<script>{MARK_SCROLLING}</script>\n</body>\n</html>\n",
        esc(words.language()),
        esc(event)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printout::PairingRow;

    fn player(start_no: u32, name: &str) -> Label {
        Label {
            start_no,
            name: name.into(),
            title: None,
            rating: Some(1800),
            federation: None,
        }
    }

    #[test]
    fn names_are_escaped_and_each_board_is_a_printed_page() {
        let list = PairingList {
            event: "Open <b>".into(),
            round: 2,
            boards: (1..=2)
                .map(|n| PairingRow {
                    board: n,
                    white: player(n, "<script>x</script>"),
                    white_points: 2,
                    black: player(n + 2, "O'Brien & Co"),
                    black_points: 1,
                    coloured: true,
                    result: None,
                })
                .collect(),
            byes: Vec::new(),
        };
        let english = Translations::english();
        let html = page(&Sheet::ScoreSheets(list.clone()), &english);
        // The page's own script marks wide tables; a name's never runs.
        assert!(!html.contains("<script>x</script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("O&#39;Brien &amp; Co"), "{html}");
        assert_eq!(html.matches("<section class=\"sheet\">").count(), 2);
        assert!(html.contains("break-after:page"));
        assert!(!html.contains("http"), "self-contained: {html}");
        assert_eq!(
            page(&Sheet::Pairings(list.clone()), &english),
            page(&Sheet::Pairings(list), &english)
        );
    }
}
