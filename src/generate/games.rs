//! One generated game: its result drawn from the players' hidden strengths,
//! written into both players' crosstable rows.

use super::players::GenPlayer;
use crate::model::{Cell, Colour, GameResult};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Draws a result for `a` against `b` from their hidden strengths.
pub(super) fn draw_result(rng: &mut ChaCha8Rng, a: &GenPlayer, b: &GenPlayer) -> GameResult {
    if rng.random_bool(0.01) {
        return if rng.random_bool(0.5) {
            GameResult::ForfeitWin
        } else {
            GameResult::ForfeitLoss
        };
    }
    let expected = 1.0 / (1.0 + 10f64.powf((b.strength - a.strength) / 400.0));
    let draw = 0.12;
    let roll: f64 = rng.random();
    if roll < expected - draw / 2.0 {
        GameResult::Win
    } else if roll < expected + draw / 2.0 {
        GameResult::Draw
    } else {
        GameResult::Loss
    }
}

/// Writes a game between `white` and `black` into both players' rows.
pub(super) fn set_game(
    cells: &mut [Vec<Cell>],
    round: usize,
    white: usize,
    black: usize,
    result: GameResult,
) {
    cells[white][round] = Cell::Game {
        opponent: black as u32 + 1,
        colour: Some(Colour::White),
        result,
    };
    cells[black][round] = Cell::Game {
        opponent: white as u32 + 1,
        colour: Some(Colour::Black),
        result: result.complement(),
    };
}
