//! The crosstable notation: one way of writing a round in both crosstables
//! (by start number and in final order), in the player cards, on the round
//! pages and in every legend.
//!
//! A cell names whom the player met, then the points of the round: `12w 1`
//! (beat number 12 with white), `7b ½`, `3 0` (a game whose colours were not
//! recorded), `5w +` / `5b −` (won / lost by forfeit), `9w ?` (result to
//! come), `bye 1`, `bye ½` or `bye 0` (a round without an opponent and the
//! points it gave); an empty cell is a round the player was not paired in.

use crate::model::{Cell, Colour, GameResult};
use crate::render::format;
use serde::Serialize;

/// A cell of a crosstable, in either order.
#[derive(Debug, Clone, Serialize)]
pub struct CrossCell {
    /// The opponent's number (start number or final place), `bye`, or empty.
    pub opponent: String,
    /// Colour letter or empty.
    pub colour: String,
    /// Result symbol, bye token, or empty.
    pub result: String,
    /// Handicap stones of the game, e.g. `h3`; empty for an even game.
    pub handicap: String,
    /// The whole cell as text, e.g. `12w 1`, `bye ½` (see the module docs).
    pub text: String,
}

/// The symbol of a result from one player's side: `1`, `½`, `0`, `+` (won
/// by forfeit), `−` (lost by forfeit).
pub fn result_symbol(result: GameResult) -> &'static str {
    match result {
        GameResult::Win => "1",
        GameResult::Draw => "½",
        GameResult::Loss => "0",
        GameResult::ForfeitWin => "+",
        GameResult::ForfeitLoss => "−",
    }
}

/// The letter of a colour among the page's `letters` (white, black).
pub fn colour_letter(colour: Option<Colour>, letters: [&str; 2]) -> &str {
    match colour {
        Some(Colour::White) => letters[0],
        Some(Colour::Black) => letters[1],
        None => "",
    }
}

/// One round of a player's row: `opponent(start_no)` writes the opponent's
/// number as the table numbers players (start number or final place).
pub fn cross_cell(
    cell: &Cell,
    stones: u8,
    letters: [&str; 2],
    opponent: &dyn Fn(u32) -> String,
) -> CrossCell {
    let (who, colour, result) = match *cell {
        Cell::Game {
            opponent: o,
            colour,
            result,
        } => (
            opponent(o),
            colour_letter(colour, letters),
            result_symbol(result).to_string(),
        ),
        Cell::Paired {
            opponent: o,
            colour,
        } => (opponent(o), colour_letter(colour, letters), "?".into()),
        Cell::Bye(bye) => ("bye".into(), "", format::points(bye.half_points())),
        Cell::Absent => (String::new(), "", String::new()),
    };
    let handicap = match (cell, stones) {
        (Cell::Game { .. } | Cell::Paired { .. }, 1..) => format!("h{stones}"),
        _ => String::new(),
    };
    let mut text = match result.as_str() {
        "" => String::new(),
        _ => format!("{who}{colour} {result}"),
    };
    if !handicap.is_empty() {
        text.push(' ');
        text.push_str(&handicap);
    }
    CrossCell {
        opponent: who,
        colour: colour.to_string(),
        result,
        handicap,
        text,
    }
}

/// A game's result as a board shows it, the first player's side first:
/// `1–0`, `½–½`, `0–1`, `+–−`, `−–+`, `−–−` (neither came), `?` (to come).
pub fn board_result(first: Option<GameResult>, second: Option<GameResult>) -> String {
    match (first, second) {
        (Some(a), Some(b)) => format!("{}–{}", result_symbol(a), result_symbol(b)),
        (Some(a), None) => format!("{}–{}", result_symbol(a), result_symbol(a.complement())),
        _ => "?".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Bye;

    fn number(n: u32) -> String {
        n.to_string()
    }

    #[test]
    fn one_notation_for_games_byes_and_absences() {
        let letters = ["w", "b"];
        let cell = |c: Cell| cross_cell(&c, 0, letters, &number).text;
        let game = |colour, result| Cell::Game {
            opponent: 12,
            colour,
            result,
        };
        assert_eq!(cell(game(Some(Colour::White), GameResult::Win)), "12w 1");
        assert_eq!(cell(game(Some(Colour::Black), GameResult::Draw)), "12b ½");
        assert_eq!(cell(game(None, GameResult::Loss)), "12 0");
        assert_eq!(cell(game(None, GameResult::ForfeitWin)), "12 +");
        assert_eq!(
            cell(game(Some(Colour::Black), GameResult::ForfeitLoss)),
            "12b −"
        );
        assert_eq!(cell(Cell::Bye(Bye::PairingAllocated)), "bye 1");
        assert_eq!(cell(Cell::Bye(Bye::Full)), "bye 1");
        assert_eq!(cell(Cell::Bye(Bye::Half)), "bye ½");
        assert_eq!(cell(Cell::Bye(Bye::Zero)), "bye 0");
        assert_eq!(cell(Cell::Absent), "");
        let pending = Cell::Paired {
            opponent: 3,
            colour: Some(Colour::White),
        };
        assert_eq!(cross_cell(&pending, 2, letters, &number).text, "3w ? h2");
    }

    #[test]
    fn board_results_read_from_the_first_player() {
        assert_eq!(board_result(Some(GameResult::Win), None), "1–0");
        assert_eq!(board_result(Some(GameResult::Draw), None), "½–½");
        assert_eq!(board_result(Some(GameResult::ForfeitLoss), None), "−–+");
        assert_eq!(
            board_result(Some(GameResult::ForfeitLoss), Some(GameResult::ForfeitLoss)),
            "−–−"
        );
        assert_eq!(board_result(None, None), "?");
    }
}
