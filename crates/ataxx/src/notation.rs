//! Move strings as used by UAI engines: `f2` (clone onto f2), `g1e3` (jump
//! from g1 to e3), `0000` (pass).
//!
//! Parsing here is purely syntactic; legality is checked by
//! [`Position::check`](super::board::Position::check).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::board::{Move, Square};

/// Why a move string could not be read.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum NotationError {
    /// Nothing was given.
    #[error("empty move")]
    Empty,
    /// A square outside a1–g7.
    #[error("{0} is off the board (files a-g, ranks 1-7)")]
    OffBoard(String),
    /// Not a square at all.
    #[error("cannot read {0:?} as a square (like f2) or a move (like f2, g1e3 or 0000)")]
    Unreadable(String),
    /// From and to are the same square.
    #[error("{0}{0} starts and ends on the same square")]
    SameSquare(Square),
}

/// Parses one square such as `c5`; reports squares off the board (`h3`, `a9`).
pub fn parse_square(text: &str) -> Result<Square, NotationError> {
    let mut chars = text.chars();
    let (Some(file), Some(rank_text)) = (chars.next(), text.get(1..)) else {
        return Err(NotationError::Unreadable(text.to_string()));
    };
    let file = file.to_ascii_lowercase();
    let rank: u32 = match rank_text.parse() {
        Ok(rank) if file.is_ascii_lowercase() && !rank_text.starts_with('+') => rank,
        _ => return Err(NotationError::Unreadable(text.to_string())),
    };
    let file_index = file as u32 - 'a' as u32;
    if file_index >= 7 || !(1..=7).contains(&rank) {
        return Err(NotationError::OffBoard(text.to_string()));
    }
    Square::new(file_index as u8, rank as u8 - 1)
        .ok_or_else(|| NotationError::OffBoard(text.to_string()))
}

/// Splits `g1e3` into `g1`, `e3` (the rank may have several digits, so that
/// `a10b1` is reported as off the board rather than unreadable).
fn split_two(text: &str) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    let second = (1..bytes.len()).find(|&i| bytes[i].is_ascii_alphabetic())?;
    Some((&text[..second], &text[second..]))
}

/// A move as typed, before legality is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// `0000` or `pass`.
    Pass,
    /// Only a target square: a clone.
    To(Square),
    /// Origin and target.
    FromTo(Square, Square),
}

/// Reads `0000`/`pass`, `f2`, `g1e3`, `g1-e3` or `g1 e3` without judging
/// distances.
pub fn parse_move_text(text: &str) -> Result<MoveText, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    if text == "0000" || text.eq_ignore_ascii_case("pass") {
        return Ok(MoveText::Pass);
    }
    let joined: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    let whole = |e: NotationError| match e {
        NotationError::Unreadable(_) => NotationError::Unreadable(text.to_string()),
        other => other,
    };
    match split_two(&joined) {
        None => parse_square(&joined).map(MoveText::To).map_err(whole),
        Some((from, to)) => {
            let from = parse_square(from).map_err(whole)?;
            let to = parse_square(to).map_err(whole)?;
            Ok(MoveText::FromTo(from, to))
        }
    }
}

/// Parses a move string: `0000` or `pass`, `f2`, `g1e3`, also `g1-e3` and
/// `g1 e3`. A from–to move at distance 1 is read as a clone onto the target.
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    match parse_move_text(text)? {
        MoveText::Pass => Ok(Move::Pass),
        MoveText::To(to) => Ok(Move::Single(to)),
        MoveText::FromTo(from, to) => match from.distance(to) {
            0 => Err(NotationError::SameSquare(from)),
            1 => Ok(Move::Single(to)),
            _ => Ok(Move::Double(from, to)),
        },
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Single(to) => write!(f, "{to}"),
            Move::Double(from, to) => write!(f, "{from}{to}"),
            Move::Pass => write!(f, "0000"),
        }
    }
}

impl FromStr for Move {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Move, NotationError> {
        parse_move(s)
    }
}

impl FromStr for Square {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Square, NotationError> {
        parse_square(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for text in ["f2", "g1e3", "0000", "a7c5", "g7"] {
            assert_eq!(parse_move(text).unwrap().to_string(), text);
        }
        assert_eq!(parse_move("g1 e3").unwrap().to_string(), "g1e3");
        assert_eq!(parse_move("g1-e3").unwrap().to_string(), "g1e3");
        assert_eq!(parse_move("g1g2").unwrap().to_string(), "g2");
        assert_eq!(parse_move("pass").unwrap(), Move::Pass);
    }

    #[test]
    fn errors() {
        assert_eq!(parse_move("h3"), Err(NotationError::OffBoard("h3".into())));
        assert_eq!(parse_move("a8"), Err(NotationError::OffBoard("a8".into())));
        assert_eq!(
            parse_move("a10b1"),
            Err(NotationError::OffBoard("a10".into()))
        );
        assert!(matches!(
            parse_move("zz"),
            Err(NotationError::Unreadable(_))
        ));
        assert!(matches!(
            parse_move("é4"),
            Err(NotationError::Unreadable(_))
        ));
        assert!(matches!(
            parse_move("a+1"),
            Err(NotationError::Unreadable(_))
        ));
        assert!(matches!(
            parse_move("a1a1"),
            Err(NotationError::SameSquare(_))
        ));
        assert_eq!(parse_move(" "), Err(NotationError::Empty));
        assert!(parse_move("1a").is_err());
    }
}
