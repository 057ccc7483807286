//! Static evaluation, in centistones from the side to move's view.
//!
//! Terms (weights found by self-play and short matches, see docs/ataxx.md):
//!
//! - **material**: 100 per stone more than the opponent;
//! - **tempo**: the side to move can clone next to enemy stones at once, so
//!   it is worth more the fuller the board (a leaf at an even or odd depth
//!   then scores alike);
//! - **squares**: stones in corners and on edges have fewer neighbours, so
//!   fewer ways to be captured;
//! - **safety**: a stone with no empty neighbour cannot be captured until a
//!   neighbour empties.

use super::board::{singles, Bits, Position, BOARD, NEIGHBOURS};

/// Value of one stone.
pub const STONE: i32 = 100;
const TEMPO_BASE: i32 = 20;
/// Added to the tempo per occupied or blocked square.
const TEMPO_PER_FILLED: i32 = 2;
const SAFE: i32 = 12;
/// Per enemy stone the side to move can take at once with a clone.
const THREAT: i32 = 40;

const fn ring_mask(distance_from_edge: u8) -> u64 {
    let mut mask = 0;
    let mut sq = 0;
    while sq < 49 {
        let (f, r) = ((sq % 7) as u8, (sq / 7) as u8);
        let df = if f < 6 - f { f } else { 6 - f };
        let dr = if r < 6 - r { r } else { 6 - r };
        let d = if df < dr { df } else { dr };
        if d == distance_from_edge {
            mask |= 1 << sq;
        }
        sq += 1;
    }
    mask
}

const CORNERS: u64 = 1 | 1 << 6 | 1 << 42 | 1 << 48;
const EDGES: u64 = ring_mask(0) & !CORNERS;
const INNER: u64 = ring_mask(1);
const SQUARE_WEIGHTS: [(u64, i32); 3] = [(CORNERS, 30), (EDGES, 12), (INNER, 4)];

fn side_terms(stones: u64, empty: u64) -> i32 {
    let squares: i32 = SQUARE_WEIGHTS
        .iter()
        .map(|&(mask, w)| w * (stones & mask).count_ones() as i32)
        .sum();
    let safe = (stones & !singles(empty)).count_ones() as i32;
    STONE * stones.count_ones() as i32 + squares + SAFE * safe
}

/// Most enemy stones one clone of `us` can take.
fn best_clone_capture(us: u64, them: u64, empty: u64) -> i32 {
    Bits(singles(us) & singles(them) & empty)
        .map(|sq| (NEIGHBOURS[sq.index()] & them).count_ones() as i32)
        .max()
        .unwrap_or(0)
}

/// Score of `pos` for the side to move (game-over positions are scored by
/// the search, not here).
pub fn evaluate(pos: &Position) -> i32 {
    let empty = pos.empty();
    let us = pos.stones(pos.turn());
    let them = pos.stones(pos.turn().other());
    let filled = (BOARD & !empty).count_ones() as i32;
    let tempo =
        TEMPO_BASE + TEMPO_PER_FILLED * filled + THREAT * best_clone_capture(us, them, empty);
    side_terms(us, empty) - side_terms(them, empty) + tempo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_partition_the_board() {
        assert_eq!(CORNERS.count_ones(), 4);
        assert_eq!(EDGES.count_ones(), 20);
        assert_eq!(INNER.count_ones(), 16);
        assert_eq!(ring_mask(2).count_ones() + ring_mask(3).count_ones(), 9);
    }

    #[test]
    fn symmetric_position_is_worth_the_tempo() {
        // Start position: 4 stones in corners, nothing safe, 45 empty.
        let pos = Position::start();
        assert_eq!(evaluate(&pos), TEMPO_BASE + 4 * TEMPO_PER_FILLED);
    }

    #[test]
    fn a_stone_more_is_worth_about_a_stone() {
        // x: a7, g1, f2 (f2 on the inner ring); o: a1, g7.
        let pos = Position::from_fen("x5o/7/7/7/7/5x1/o5x o 0 1").unwrap();
        let filled = 5;
        let expected = -(STONE + 4) + TEMPO_BASE + TEMPO_PER_FILLED * filled;
        assert_eq!(evaluate(&pos), expected);
    }
}
