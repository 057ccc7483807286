//! One crosstable cell: `12 w 1`, `3b½`, `7 =`, `5 +`, `bye`, `H`, or empty.

use crate::model::{Bye, Cell, Colour, GameResult};

/// Why a cell could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    /// The cell does not follow the grammar.
    #[error("cannot read cell `{0}`")]
    Malformed(String),
    /// The opponent number is not a positive integer.
    #[error("opponent `{0}` is not a start number")]
    BadOpponent(String),
    /// The result is not one of the accepted symbols.
    #[error("unknown result `{0}`")]
    BadResult(String),
    /// An opponent number and result with nothing between them.
    #[error("cell `{0}` is ambiguous: where does the opponent number end?")]
    Ambiguous(String),
    /// A handicap that is not `h` and a number of stones.
    #[error("handicap `{0}` is not `h` and a number of stones")]
    BadHandicap(String),
    /// More stones than a game may have.
    #[error("handicap of {0} stones is more than 9")]
    HandicapOutOfRange(u32),
    /// A handicap on a cell without a game.
    #[error("cell `{0}` has a handicap but no game")]
    HandicapWithoutGame(String),
}

impl CellError {
    /// How to write the cell correctly.
    pub fn hint(&self) -> &'static str {
        match self {
            CellError::BadResult(_) => {
                "results are 1 (win), 0 (loss), = or ½ or 0.5 (draw), + (forfeit win), - (forfeit loss), ? (not played yet)"
            }
            CellError::Ambiguous(_) => {
                "separate the opponent and result by a space or a colour: `12 1` or `12w1`"
            }
            CellError::BadHandicap(_) | CellError::HandicapOutOfRange(_) => {
                "write the handicap after the result as `h` and the stones, 0 to 9, e.g. `12 b 1 h3` (black received 3 stones; `h0` or nothing: an even game)"
            }
            CellError::HandicapWithoutGame(_) => {
                "a handicap belongs to a game: `<opponent> <w|b> <result> h<stones>`, e.g. `12 b 1 h3`; remove it from byes and empty cells"
            }
            _ => {
                "write `<opponent> [w|b] <result>` like `12 w 1`, or `bye`, `F`, `H`, `Z`, or leave it empty for an absence"
            }
        }
    }
}

/// Parses one cell of the crosstable notation with its optional handicap,
/// a last word `h<stones>` (0–9) after the result, e.g. `12 b 1 h3`: the
/// player with black received three stones.
pub fn parse_cell_with_handicap(text: &str) -> Result<(Cell, u8), CellError> {
    let text = text.trim();
    let Some((game, last)) = text.rsplit_once(char::is_whitespace) else {
        return Ok((parse_cell(text)?, 0));
    };
    let Some(stones) = last.strip_prefix(['h', 'H']) else {
        return Ok((parse_cell(text)?, 0));
    };
    let stones: u32 = stones
        .parse()
        .ok()
        .filter(|_| stones.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| CellError::BadHandicap(last.to_string()))?;
    let cell = parse_cell(game)?;
    if !matches!(cell, Cell::Game { .. } | Cell::Paired { .. }) {
        return Err(CellError::HandicapWithoutGame(text.to_string()));
    }
    let stones = u8::try_from(stones)
        .ok()
        .filter(|s| *s <= crate::model::MAX_HANDICAP)
        .ok_or(CellError::HandicapOutOfRange(stones))?;
    Ok((cell, stones))
}

/// Parses one cell of the crosstable notation (without a handicap).
pub fn parse_cell(text: &str) -> Result<Cell, CellError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Cell::Absent);
    }
    if let Some(bye) = parse_bye(text) {
        return Ok(Cell::Bye(bye));
    }
    let digits_end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    if digits_end == 0 {
        return Err(CellError::Malformed(text.to_string()));
    }
    let opponent_text = &text[..digits_end];
    let opponent: u32 = opponent_text
        .parse()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| CellError::BadOpponent(opponent_text.to_string()))?;
    if digits_end == text.len() {
        return Err(CellError::Ambiguous(text.to_string()));
    }
    let rest = &text[digits_end..];
    let separated = rest.starts_with(char::is_whitespace);
    let rest = rest.trim_start();
    let (colour, rest) = match rest.chars().next() {
        Some('w' | 'W') => (Some(Colour::White), &rest[1..]),
        Some('b' | 'B') => (Some(Colour::Black), &rest[1..]),
        _ => (None, rest),
    };
    if colour.is_none() && !separated {
        return Err(CellError::Ambiguous(text.to_string()));
    }
    let result_text = rest.trim();
    if result_text == "?" {
        return Ok(Cell::Paired { opponent, colour });
    }
    let result =
        parse_result(result_text).ok_or_else(|| CellError::BadResult(result_text.to_string()))?;
    Ok(Cell::Game {
        opponent,
        colour,
        result,
    })
}

fn parse_bye(text: &str) -> Option<Bye> {
    match text {
        "bye" | "BYE" | "Bye" | "U" | "u" => Some(Bye::PairingAllocated),
        "F" | "f" => Some(Bye::Full),
        "H" | "h" => Some(Bye::Half),
        "Z" | "z" => Some(Bye::Zero),
        _ => None,
    }
}

fn parse_result(text: &str) -> Option<GameResult> {
    match text {
        "1" => Some(GameResult::Win),
        "0" => Some(GameResult::Loss),
        "=" | "½" | "0.5" | ".5" | "1/2" => Some(GameResult::Draw),
        "+" => Some(GameResult::ForfeitWin),
        "-" | "−" => Some(GameResult::ForfeitLoss),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(opponent: u32, colour: Option<Colour>, result: GameResult) -> Cell {
        Cell::Game {
            opponent,
            colour,
            result,
        }
    }

    #[test]
    fn reads_every_form() {
        use Colour::*;
        use GameResult::*;
        assert_eq!(parse_cell("12 w 1"), Ok(game(12, Some(White), Win)));
        assert_eq!(parse_cell("3b½"), Ok(game(3, Some(Black), Draw)));
        assert_eq!(parse_cell("7 ="), Ok(game(7, None, Draw)));
        assert_eq!(parse_cell("7 0.5"), Ok(game(7, None, Draw)));
        assert_eq!(parse_cell("5 +"), Ok(game(5, None, ForfeitWin)));
        assert_eq!(parse_cell("5 W -"), Ok(game(5, Some(White), ForfeitLoss)));
        assert_eq!(parse_cell(" 10 0 "), Ok(game(10, None, Loss)));
        assert_eq!(parse_cell("bye"), Ok(Cell::Bye(Bye::PairingAllocated)));
        assert_eq!(parse_cell("H"), Ok(Cell::Bye(Bye::Half)));
        assert_eq!(parse_cell(""), Ok(Cell::Absent));
    }

    #[test]
    fn reads_handicaps() {
        use Colour::*;
        use GameResult::*;
        let read = parse_cell_with_handicap;
        assert_eq!(read("12 b 1 h3"), Ok((game(12, Some(Black), Win), 3)));
        assert_eq!(read("12 w 0 H9"), Ok((game(12, Some(White), Loss), 9)));
        assert_eq!(read("12 b 1 h0"), Ok((game(12, Some(Black), Win), 0)));
        assert_eq!(read("12 b 1"), Ok((game(12, Some(Black), Win), 0)));
        assert_eq!(read("H"), Ok((Cell::Bye(Bye::Half), 0)));
        assert_eq!(
            read("12 b ? h2"),
            Ok((
                Cell::Paired {
                    opponent: 12,
                    colour: Some(Black)
                },
                2
            ))
        );
        assert_eq!(read("12 b 1 h10"), Err(CellError::HandicapOutOfRange(10)));
        assert_eq!(read("12 b 1 hx"), Err(CellError::BadHandicap("hx".into())));
        assert_eq!(
            read("12 b 1 h+3"),
            Err(CellError::BadHandicap("h+3".into()))
        );
        assert_eq!(
            read("bye h2"),
            Err(CellError::HandicapWithoutGame("bye h2".into()))
        );
    }

    #[test]
    fn rejects_ambiguous_and_malformed() {
        assert!(matches!(parse_cell("121"), Err(CellError::Ambiguous(_))));
        assert!(matches!(parse_cell("12 x"), Err(CellError::BadResult(_))));
        assert!(matches!(
            parse_cell("0 w 1"),
            Err(CellError::BadOpponent(_))
        ));
        assert!(matches!(parse_cell("w1"), Err(CellError::Malformed(_))));
        assert!(matches!(
            parse_cell("99999999999 w 1"),
            Err(CellError::BadOpponent(_))
        ));
    }

    #[test]
    fn notation_round_trips() {
        for text in [
            "12 w 1", "3 b =", "7 =", "5 +", "5 w -", "4 b ?", "4 ?", "bye", "F", "H", "Z", "",
        ] {
            let cell = parse_cell(text).unwrap();
            assert_eq!(parse_cell(&cell.to_notation()), Ok(cell));
        }
    }

    proptest::proptest! {
        #[test]
        fn never_panics(text in "\\PC{0,12}") {
            let _ = parse_cell(&text);
        }

        #[test]
        fn printed_cells_parse_back(opponent in 1u32..500, colour in 0u8..3, result in 0u8..5) {
            let colour = [None, Some(Colour::White), Some(Colour::Black)][colour as usize];
            let result = [GameResult::Win, GameResult::Draw, GameResult::Loss,
                GameResult::ForfeitWin, GameResult::ForfeitLoss][result as usize];
            let cell = Cell::Game { opponent, colour, result };
            proptest::prop_assert_eq!(parse_cell(&cell.to_notation()), Ok(cell));
        }
    }
}
