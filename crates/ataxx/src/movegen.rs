//! Legal move generation on bitboards and perft.
//!
//! A position where the game is over has no moves. Otherwise, a side without
//! a clone or jump has exactly one move, the pass.

use super::board::{singles, Bits, Move, Position, JUMPS, NEIGHBOURS};

/// Upper bound on the number of legal moves in any position.
pub const MAX_MOVES: usize = 512;

/// A fixed-capacity move list (no allocation in search).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::Pass; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for ordering).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

/// Calls `emit` for each legal move of `pos` (clones first, then jumps, or a
/// single pass).
#[inline]
pub fn generate_with(pos: &Position, mut emit: impl FnMut(Move)) {
    if pos.is_game_over() {
        return;
    }
    let us = pos.stones(pos.turn());
    let empty = pos.empty();
    let mut any = false;
    for to in Bits(singles(us) & empty) {
        emit(Move::Single(to));
        any = true;
    }
    for from in Bits(us) {
        for to in Bits(JUMPS[from.index()] & empty) {
            emit(Move::Double(from, to));
            any = true;
        }
    }
    if !any {
        emit(Move::Pass);
    }
}

/// Fills `list` with the legal moves of `pos`.
pub fn generate(pos: &Position, list: &mut MoveList) {
    list.len = 0;
    generate_with(pos, |mv| list.push(mv));
}

/// The legal moves of `pos` as a vector.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list.as_slice().to_vec()
}

/// Number of legal moves, without building the list.
#[inline]
pub fn count_moves(pos: &Position) -> u64 {
    if pos.halfmoves() >= super::board::HALFMOVE_LIMIT {
        return 0;
    }
    let us = pos.stones(pos.turn());
    let them = pos.stones(pos.turn().other());
    if us == 0 || them == 0 {
        return 0;
    }
    let empty = pos.empty();
    let mut count = u64::from((singles(us) & empty).count_ones());
    for from in Bits(us) {
        count += u64::from((JUMPS[from.index()] & empty).count_ones());
    }
    if count == 0 && pos.can_move(pos.turn().other()) {
        count = 1;
    }
    count
}

/// Number of stones `mv` would capture (flip) in `pos`.
#[inline]
pub fn captures(pos: &Position, mv: Move) -> u32 {
    mv.to().map_or(0, |to| {
        (NEIGHBOURS[to.index()] & pos.stones(pos.turn().other())).count_ones()
    })
}

/// Counts leaf positions `depth` plies ahead (bulk counting at depth 1).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves(pos),
        _ => {
            let mut total = 0;
            generate_with(pos, |mv| total += perft(&pos.make(mv), depth - 1));
            total
        }
    }
}

/// Perft split by root move: `(move, leaf count)` for each legal move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    legal_moves(pos)
        .into_iter()
        .map(|mv| (mv, perft(&pos.make(mv), depth.saturating_sub(1))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_counts() {
        let pos = Position::start();
        assert_eq!(perft(&pos, 1), 16);
        assert_eq!(perft(&pos, 2), 256);
        assert_eq!(perft(&pos, 3), 6460);
        assert_eq!(legal_moves(&pos).len(), 16);
    }

    #[test]
    fn pass_only() {
        let pos = Position::from_fen("7/7/7/7/4ooo/4ooo/4oox x 0 1").unwrap();
        assert_eq!(legal_moves(&pos), vec![Move::Pass]);
        assert_eq!(count_moves(&pos), 1);
    }
}
