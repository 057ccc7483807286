//! What a venue posts and hands out for one of our events: the pairing list
//! of a round (board, start numbers, names, titles, ratings, points before
//! the round, colours, results), the standings after a round, the wall chart
//! (every player's rounds) and a score sheet per board.
//!
//! Each sheet is gathered once ([`PairingList`], [`StandingsSheet`],
//! [`WallChart`]) and written as plain text (a terminal, a notice board),
//! Markdown (a club's page or chat) or printable HTML ([`html`]: one file,
//! its style inside, one printed page per sheet). Every name is escaped
//! for the format; the output depends on nothing but the data. The sheets'
//! words are the site's language (`[site] language`, see [`words`]): a
//! venue posts them in the language its players read.

pub mod html;
mod text;

use crate::load::Loaded;
use crate::model::{Bye, Cell, Colour, Dataset, GameResult, Tournament};
use crate::render::templates::TemplateSet;
use crate::standings::TieBreak;
use crate::tournament::round::{half_points_before, round, Board};
use crate::translate::{Arg, Translations};

pub use text::{markdown, plain};

/// A sheet to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sheet {
    /// A round's pairing list (with results once entered).
    Pairings(PairingList),
    /// The standings after a round.
    Standings(StandingsSheet),
    /// The wall chart.
    WallChart(WallChart),
    /// A score sheet for each board of a round.
    ScoreSheets(PairingList),
}

/// `sheet` written in `format`, in the language of `words`.
pub fn write(sheet: &Sheet, format: Format, words: &Translations) -> String {
    match format {
        Format::Text => plain(sheet, words),
        Format::Markdown => markdown(sheet, words),
        Format::Html => html::page(sheet, words),
    }
}

/// The words the sheets of `loaded`'s repository are printed in: those of
/// its site's language, the repository's own message file over the
/// built-in one (a broken own file: the built-in words, as `check` says).
pub fn words(loaded: &Loaded) -> Translations {
    let language = &loaded.config.site.language;
    TemplateSet::with_overrides(&loaded.templates)
        .translations_for(language)
        .or_else(|_| Translations::new(language, None))
        .unwrap_or_else(|_| Translations::english())
}

/// The formats a sheet is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text in aligned columns.
    Text,
    /// Markdown tables.
    Markdown,
    /// A printable HTML page.
    Html,
}

/// A player as sheets show them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// Start number.
    pub start_no: u32,
    /// Name as printed.
    pub name: String,
    /// FIDE title, if any.
    pub title: Option<String>,
    /// Rating for the event, if any.
    pub rating: Option<u32>,
    /// Federation or country, if given.
    pub federation: Option<String>,
}

/// The player with start number `start_no` of `t`.
pub fn label(t: &Tournament, dataset: &Dataset, start_no: u32) -> Label {
    let entry = t.entry(start_no);
    let player = entry.and_then(|e| dataset.player(e.player.as_str()));
    Label {
        start_no,
        name: player.map_or_else(
            || entry.map_or_else(String::new, |e| e.player.to_string()),
            |p| p.name.clone(),
        ),
        title: player.and_then(|p| p.title.clone()),
        rating: entry
            .and_then(|e| e.rating)
            .or_else(|| player.and_then(|p| p.international_rating)),
        federation: player.and_then(|p| p.country.clone()),
    }
}

/// Points in half points as printed: `2`, `2½`, `½`.
pub fn points(half_points: u32) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".into(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// One board of a pairing list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingRow {
    /// Board number.
    pub board: u32,
    /// White (the first player when colours are not recorded).
    pub white: Label,
    /// White's points before the round, in half points.
    pub white_points: u32,
    /// Black.
    pub black: Label,
    /// Black's points before the round, in half points.
    pub black_points: u32,
    /// Whether the colours are recorded.
    pub coloured: bool,
    /// The result as a score from white's side (`1-0`, `½-½`, `+-`), when entered.
    pub result: Option<String>,
}

/// The pairing list of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingList {
    /// The event's name.
    pub event: String,
    /// The round, from 1.
    pub round: u32,
    /// The boards, board 1 first.
    pub boards: Vec<PairingRow>,
    /// Players with a bye, and what it gives, in words.
    pub byes: Vec<(Label, String)>,
}

/// The score of a board from white's side.
fn score(board: &Board, t: &Tournament, round_index: usize) -> Option<String> {
    let white = board.result?;
    let black = t
        .entry(board.black)
        .and_then(|e| e.cells.get(round_index))
        .and_then(|c| match c {
            Cell::Game { result, .. } => Some(*result),
            _ => None,
        })
        .unwrap_or(white.complement());
    Some(
        match (white, black) {
            (GameResult::Win, _) => "1-0",
            (GameResult::Draw, _) => "½-½",
            (GameResult::Loss, _) => "0-1",
            (GameResult::ForfeitWin, _) => "+-",
            (GameResult::ForfeitLoss, GameResult::ForfeitLoss) => "--",
            (GameResult::ForfeitLoss, _) => "-+",
        }
        .into(),
    )
}

/// What a bye gives, in the words of `words`: `full-point bye, 1 point`.
pub fn bye_words(bye: Bye, words: &Translations) -> String {
    words.text(match bye {
        Bye::PairingAllocated => "sheet-bye-allocated",
        Bye::Full => "sheet-bye-full",
        Bye::Half => "sheet-bye-half",
        Bye::Zero => "sheet-bye-zero",
    })
}

/// The pairing list of round `number` of `t`, its byes in `words`.
pub fn pairing_list(
    t: &Tournament,
    dataset: &Dataset,
    number: u32,
    words: &Translations,
) -> PairingList {
    let r = round(t, number);
    let index = number.saturating_sub(1) as usize;
    let boards = r
        .boards
        .iter()
        .map(|b| PairingRow {
            board: b.number,
            white: label(t, dataset, b.white),
            white_points: half_points_before(t, b.white, number),
            black: label(t, dataset, b.black),
            black_points: half_points_before(t, b.black, number),
            coloured: b.coloured,
            result: score(b, t, index),
        })
        .collect();
    let byes = r
        .byes
        .iter()
        .map(|&(s, bye)| (label(t, dataset, s), bye_words(bye, words)))
        .collect();
    PairingList {
        event: t.name.clone(),
        round: number,
        boards,
        byes,
    }
}

/// One row of a standings sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingRow {
    /// Rank as shown (`3`, `3–4`).
    pub rank: String,
    /// The player.
    pub player: Label,
    /// Points in half points.
    pub half_points: u32,
    /// Tie-break values as printed, in chain order.
    pub tiebreaks: Vec<String>,
}

/// The standings after a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsSheet {
    /// The event's name.
    pub event: String,
    /// The round the standings are after.
    pub after_round: u32,
    /// Tie-break labels, in chain order.
    pub tiebreaks: Vec<String>,
    /// The rows, first place first.
    pub rows: Vec<StandingRow>,
}

/// `t` as it stood after round `after` (later rounds left out).
pub fn after_round(t: &Tournament, after: u32) -> Tournament {
    let mut before = t.clone();
    for e in &mut before.entries {
        for cell in e.cells.iter_mut().skip(after as usize) {
            *cell = Cell::Absent;
        }
        for cell in e.cells.iter_mut().take(after as usize) {
            if matches!(cell, Cell::Paired { .. }) {
                *cell = Cell::Absent;
            }
        }
    }
    before.rounds = after.max(1);
    before
}

/// The standings of `t` after round `after`, with the tie-break `chain`
/// (the standings module's own ranks and values).
pub fn standings_sheet(
    t: &Tournament,
    dataset: &Dataset,
    chain: &[TieBreak],
    after: u32,
) -> StandingsSheet {
    let before = after_round(t, after);
    let rating = |s: u32| label(t, dataset, s).rating;
    let table = crate::standings::standings(&before, chain, &rating);
    let rows = table
        .iter()
        .map(|s| StandingRow {
            rank: s.rank_label.clone(),
            player: label(t, dataset, s.start_no),
            half_points: s.half_points,
            tiebreaks: s
                .tiebreaks
                .iter()
                .zip(chain)
                .map(|(v, tb)| {
                    v.map_or_else(String::new, |v| {
                        crate::standings::tiebreak::format_value(v, tb.kind.scale())
                    })
                })
                .collect(),
        })
        .collect();
    StandingsSheet {
        event: t.name.clone(),
        after_round: after,
        tiebreaks: chain.iter().map(|tb| tb.label()).collect(),
        rows,
    }
}

/// The wall chart: every player's rounds in start-number order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WallChart {
    /// The event's name.
    pub event: String,
    /// Number of rounds.
    pub rounds: u32,
    /// Per player: the player, each round's cell (`12w1`, `bye`, `—`), points.
    pub rows: Vec<(Label, Vec<String>, u32)>,
}

/// A round's cell on the wall chart: opponent, colour, result (`12w1`,
/// `7b½`, `3w?` before the result), the bye's points (`bye ½` in `words`),
/// or empty.
pub fn chart_cell(cell: &Cell, words: &Translations) -> String {
    let bye = |points: &str| words.with("sheet-cell-bye", &[("points", Arg::Text(points))]);
    let colour = |c: &Option<Colour>| c.map_or(String::new(), |c| c.letter().to_string());
    match cell {
        Cell::Game {
            opponent,
            colour: c,
            result,
        } => format!("{opponent}{}{}", colour(c), result.symbol()),
        Cell::Paired {
            opponent,
            colour: c,
        } => format!("{opponent}{}?", colour(c)),
        Cell::Bye(Bye::Half) => bye("½"),
        Cell::Bye(Bye::Zero) => bye("0"),
        Cell::Bye(_) => bye("1"),
        Cell::Absent => String::new(),
    }
}

/// The wall chart of `t`, its byes in `words`.
pub fn wall_chart(t: &Tournament, dataset: &Dataset, words: &Translations) -> WallChart {
    let rows = t
        .entries
        .iter()
        .map(|e| {
            let cells = (0..t.rounds as usize)
                .map(|r| {
                    e.cells
                        .get(r)
                        .map(|c| chart_cell(c, words))
                        .unwrap_or_default()
                })
                .collect();
            (label(t, dataset, e.start_no), cells, e.half_points())
        })
        .collect();
    WallChart {
        event: t.name.clone(),
        rounds: t.rounds,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_with_halves() {
        assert_eq!(points(0), "0");
        assert_eq!(points(1), "½");
        assert_eq!(points(5), "2½");
        assert_eq!(points(6), "3");
    }
}
