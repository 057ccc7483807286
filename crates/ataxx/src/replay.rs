//! Replay files: the players' names, the start position and every move, as
//! TOML, saved by the terminal game and played back by `ataxx replay`.
//!
//! ```toml
//! white = "Aino"            # plays x and moves first (the original design's white)
//! black = "Computer (depth 3)"
//! start = "x5o/7/7/7/7/7/o5x x 0 1"
//! moves = ["f2", "b6", "g1e3"]
//! result = "1-0"            # 1-0 white (x) won, 0-1, 1/2-1/2, * unfinished
//! ```

use std::io::{self, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{FenError, Move, MoveError, Outcome, Position, Side};
use super::notation::{parse_move, NotationError};

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// Name of the player with `x` (moves first; the original design's white).
    pub white: String,
    /// Name of the player with `o` (the original design's black).
    pub black: String,
    /// Start position as FEN.
    pub start: String,
    /// Moves in UAI notation.
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when the game was not finished.
    pub result: String,
}

/// Errors reading, writing or replaying a replay file.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// File system problem.
    #[error("cannot access replay file {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: io::Error,
    },
    /// Not valid TOML or missing fields.
    #[error("replay file is not valid: {0}")]
    Format(String),
    /// Bad start position.
    #[error("replay start position: {0}")]
    Fen(#[from] FenError),
    /// A move that cannot be read.
    #[error("replay move {number} ({text}): {source}")]
    Notation {
        /// 1-based ply number.
        number: usize,
        /// The move text.
        text: String,
        /// The cause.
        source: NotationError,
    },
    /// An illegal move.
    #[error("replay move {number} ({text}) is illegal: {source}")]
    Illegal {
        /// 1-based ply number.
        number: usize,
        /// The move text.
        text: String,
        /// The cause.
        source: MoveError,
    },
}

/// The result string of a position (`*` if the game is not over).
pub fn result_string(pos: &Position) -> &'static str {
    match pos.outcome() {
        Some(Outcome::Win(Side::X)) => "1-0",
        Some(Outcome::Win(Side::O)) => "0-1",
        Some(Outcome::Draw) => "1/2-1/2",
        None => "*",
    }
}

impl Replay {
    /// Records a game from `start` through `moves`.
    pub fn new(white: &str, black: &str, start: &Position, moves: &[Move]) -> Replay {
        let end = moves.iter().fold(*start, |pos, &mv| pos.make(mv));
        Replay {
            white: white.to_string(),
            black: black.to_string(),
            start: start.fen(),
            moves: moves.iter().map(ToString::to_string).collect(),
            result: result_string(&end).to_string(),
        }
    }

    /// Reads a replay from TOML text.
    pub fn parse(text: &str) -> Result<Replay, ReplayError> {
        toml::from_str(text).map_err(|e| ReplayError::Format(e.to_string()))
    }

    /// The replay as TOML text.
    pub fn to_toml(&self) -> Result<String, ReplayError> {
        let body = toml::to_string(self).map_err(|e| ReplayError::Format(e.to_string()))?;
        Ok(format!(
            "# Ataxx replay. white plays x and moves first, black plays o.\n{body}"
        ))
    }

    /// Reads a replay file.
    pub fn load(path: &Path) -> Result<Replay, ReplayError> {
        let text = std::fs::read_to_string(path).map_err(|source| io_error(path, source))?;
        Replay::parse(&text)
    }

    /// Writes the replay file.
    pub fn save(&self, path: &Path) -> Result<(), ReplayError> {
        std::fs::write(path, self.to_toml()?).map_err(|source| io_error(path, source))
    }

    /// Every position from the start to the end, checking each move.
    pub fn positions(&self) -> Result<Vec<Position>, ReplayError> {
        let mut positions = vec![Position::from_fen(&self.start)?];
        for (i, text) in self.moves.iter().enumerate() {
            let number = i + 1;
            let mv = parse_move(text).map_err(|source| ReplayError::Notation {
                number,
                text: text.clone(),
                source,
            })?;
            let last = positions[positions.len() - 1];
            let next = last.play(mv).map_err(|source| ReplayError::Illegal {
                number,
                text: text.clone(),
                source,
            })?;
            positions.push(next);
        }
        Ok(positions)
    }

    /// Prints the game move by move and returns the final position.
    pub fn play_back<W: Write>(&self, out: &mut W) -> Result<Position, Box<dyn std::error::Error>> {
        let positions = self.positions()?;
        writeln!(out, "White (x): {}\nBlack (o): {}", self.white, self.black)?;
        writeln!(out, "Start:\n{}", positions[0])?;
        for (i, (text, pos)) in self.moves.iter().zip(&positions[1..]).enumerate() {
            let mover = if positions[i].turn() == Side::X {
                &self.white
            } else {
                &self.black
            };
            writeln!(out, "\n{}. {mover} plays {text}\n{pos}", i + 1)?;
        }
        let last = positions[positions.len() - 1];
        writeln!(out, "\nFinal position: {}", last.fen())?;
        writeln!(
            out,
            "Stones: x {} o {}. Result: {}",
            last.count(Side::X),
            last.count(Side::O),
            self.result
        )?;
        Ok(last)
    }
}

fn io_error(path: &Path, source: io::Error) -> ReplayError {
    ReplayError::Io {
        path: path.display().to_string(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let start = Position::start();
        let moves: Vec<Move> = ["f2", "b2", "g1e3"]
            .iter()
            .map(|m| parse_move(m).unwrap())
            .collect();
        let replay = Replay::new("A", "B", &start, &moves);
        let text = replay.to_toml().unwrap();
        let back = Replay::parse(&text).unwrap();
        assert_eq!(back, replay);
        assert_eq!(back.positions().unwrap().len(), 4);
        assert_eq!(back.result, "*");
    }

    #[test]
    fn illegal_move_is_reported() {
        let replay = Replay {
            white: "a".into(),
            black: "b".into(),
            start: Position::start().fen(),
            moves: vec!["d4".into()],
            result: "*".into(),
        };
        assert!(matches!(
            replay.positions(),
            Err(ReplayError::Illegal { number: 1, .. })
        ));
        assert!(Replay::parse("white = 3").is_err());
    }
}
