//! Ataxx: rules, a bitboard engine, a terminal game and engine gauntlets.
//!
//! Rules and notation follow the Ataxx engine community (UAI engines and
//! libataxx): a 7×7 board, FEN such as `x5o/7/7/7/7/7/o5x x 0 1` (`x` and
//! `o` stones, `-` gaps, side to move, halfmove clock, fullmove number), moves
//! `f2` (clone), `g1e3` (jump) and `0000` (pass, only when the side to move has
//! no move). A clone resets the halfmove clock; jumps and passes increment it.
//! The game ends when a side has no stones, the clock reaches 100, or no empty
//! square can be reached by either side.
//!
//! The start position of the original Ataxx work (white in the top-left and bottom-right corners,
//! black in the other two, white first) is exactly the standard one with
//! `x` = the original design's white and `o` = the original design's black; see [`board`] and
//! the crate's README (rules, notation and every command of the `ataxx` binary).

pub mod board;
pub mod eval;
pub mod movegen;
pub mod notation;

pub use board::{Cell, FenError, Move, MoveError, Outcome, Position, Side, Square, START_FEN};
pub use movegen::{legal_moves, perft};
pub use notation::{parse_move, NotationError};
pub mod game;
pub mod gauntlet;
pub mod referee;
pub mod replay;
pub mod search;
pub mod table;
pub mod uai;
