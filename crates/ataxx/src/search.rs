//! Negamax alpha-beta search with iterative deepening, a transposition table,
//! move ordering (table move, captures, killers, history), principal variation
//! search and late move reductions.
//!
//! The evaluation is the seed's: own stones minus opponent stones (scaled by
//! 100, reported as centipawns); finished games score ±[`WIN`] minus the ply.

use std::time::{Duration, Instant};

use super::board::{Move, Outcome, Position, NEIGHBOURS};
use super::movegen::{self, captures};

/// Score of a won game at the root (minus the plies needed to win).
pub const WIN: i32 = 30_000;
/// Larger than any score.
pub const INF: i32 = 32_000;
/// Deepest iteration searched.
pub const MAX_DEPTH: u32 = 64;
const MAX_PLY: usize = 128;
const CHECK_EVERY: u64 = 1024;

/// When to stop searching. With no limit at all, the search stops at
/// [`MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Wall-clock budget.
    pub movetime: Option<Duration>,
    /// Node budget.
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search exactly to `depth`.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for `movetime`.
    pub fn movetime(movetime: Duration) -> Limits {
        Limits {
            movetime: Some(movetime),
            ..Limits::default()
        }
    }
}

/// Progress after a completed iteration, and the final answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Score from the side to move's view (stones × 100, or near ±[`WIN`]).
    pub score: i32,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Time used so far.
    pub elapsed: Duration,
    /// Principal variation; its first move is the best move.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// The best move, if the position has any legal move.
    pub fn best(&self) -> Option<Move> {
        self.pv.first().copied()
    }

    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: (u64, u64),
    mv: Move,
    score: i16,
    depth: i8,
    bound: Bound,
}

/// Transposition table keyed by the full stone sets (no false hits); gaps are
/// constant within a game and the table is cleared when they change.
struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    fn new(bits: u32) -> Table {
        let size = 1usize << bits.clamp(4, 26);
        Table {
            entries: vec![None; size],
            mask: size - 1,
        }
    }

    fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    fn index(&self, key: (u64, u64)) -> usize {
        let h = key.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ key.1.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
        ((h ^ (h >> 29)) as usize) & self.mask
    }

    fn probe(&self, key: (u64, u64)) -> Option<Entry> {
        self.entries[self.index(key)].filter(|e| e.key == key)
    }

    fn store(&mut self, entry: Entry) {
        let index = self.index(entry.key);
        self.entries[index] = Some(entry);
    }
}

fn key_of(pos: &Position) -> (u64, u64) {
    let side_bit = (pos.turn() as u64) << 63;
    (
        pos.stones(super::Side::X) | side_bit,
        pos.stones(super::Side::O),
    )
}

/// Stones of the side to move minus the opponent's, × 100.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.count(pos.turn()) as i32;
    let them = pos.count(pos.turn().other()) as i32;
    (us - them) * 100
}

/// Score of a finished game from the side to move's view, `None` if not over.
fn terminal_score(pos: &Position, ply: usize) -> Option<i32> {
    pos.outcome().map(|outcome| match outcome {
        Outcome::Draw => 0,
        Outcome::Win(side) if side == pos.turn() => WIN - ply as i32,
        Outcome::Win(_) => ply as i32 - WIN,
    })
}

fn to_table(score: i32, ply: usize) -> i16 {
    let adjusted = match score {
        s if s > WIN - MAX_PLY as i32 => s + ply as i32,
        s if s < MAX_PLY as i32 - WIN => s - ply as i32,
        s => s,
    };
    adjusted.clamp(-INF, INF) as i16
}

fn from_table(score: i16, ply: usize) -> i32 {
    match i32::from(score) {
        s if s > WIN - MAX_PLY as i32 => s - ply as i32,
        s if s < MAX_PLY as i32 - WIN => s + ply as i32,
        s => s,
    }
}

fn history_index(mv: Move) -> Option<(usize, usize)> {
    match mv {
        Move::Single(to) => Some((49, to.index())),
        Move::Double(from, to) => Some((from.index(), to.index())),
        Move::Pass => None,
    }
}

/// A search engine with its own transposition table and ordering tables.
pub struct Searcher {
    table: Table,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<[i32; 49]>,
    buffers: Vec<Vec<(Move, i32)>>,
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
    root_best: Option<Move>,
    gaps: u64,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(20)
    }
}

impl Searcher {
    /// A searcher whose transposition table has `2^table_bits` entries.
    pub fn new(table_bits: u32) -> Searcher {
        Searcher {
            table: Table::new(table_bits),
            killers: [[None; 2]; MAX_PLY],
            history: vec![[0; 49]; 50],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            stopped: false,
            root_best: None,
            gaps: 0,
        }
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers = [[None; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|row| *row = [0; 49]);
    }

    /// Searches `pos` within `limits`, calling `report` after each completed
    /// iteration. Returns the last completed iteration (depth 0 and no move
    /// when the game is over).
    pub fn search(
        &mut self,
        pos: &Position,
        limits: Limits,
        mut report: impl FnMut(&SearchInfo),
    ) -> SearchInfo {
        self.prepare(pos, limits);
        let moves = movegen::legal_moves(pos);
        let mut result = SearchInfo {
            depth: 0,
            score: terminal_score(pos, 0).unwrap_or_else(|| evaluate(pos)),
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: moves.first().copied().into_iter().collect(),
        };
        if moves.len() <= 1 {
            return result;
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            self.root_best = None;
            let score = self.negamax(pos, depth as i32, -INF, INF, 0);
            if self.stopped {
                break;
            }
            result = SearchInfo {
                depth,
                score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: self.principal_variation(pos, self.root_best, depth),
            };
            report(&result);
            if score.abs() > WIN - MAX_PLY as i32 {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    fn prepare(&mut self, pos: &Position, limits: Limits) {
        if pos.gaps() != self.gaps {
            self.clear();
            self.gaps = pos.gaps();
        }
        self.start = Instant::now();
        self.deadline = limits.movetime.and_then(|t| self.start.checked_add(t));
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.stopped = false;
        self.killers = [[None; 2]; MAX_PLY];
        for row in self.history.iter_mut() {
            row.iter_mut().for_each(|h| *h /= 8);
        }
    }

    fn out_of_budget(&self) -> bool {
        self.node_limit.is_some_and(|limit| self.nodes >= limit)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn principal_variation(&self, pos: &Position, best: Option<Move>, depth: u32) -> Vec<Move> {
        let mut pv: Vec<Move> = best.into_iter().collect();
        let mut current = best.map(|mv| pos.make(mv));
        while let Some(p) = current {
            if pv.len() >= depth as usize {
                break;
            }
            let next = self
                .table
                .probe(key_of(&p))
                .map(|e| e.mv)
                .filter(|&mv| p.check(mv).is_ok());
            current = next.map(|mv| {
                pv.push(mv);
                p.make(mv)
            });
        }
        pv
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.out_of_budget() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        self.nodes += 1;
        if let Some(score) = terminal_score(pos, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return evaluate(pos);
        }
        let key = key_of(pos);
        let entry = self.table.probe(key);
        if let Some(score) = entry.and_then(|e| table_cutoff(e, depth, alpha, beta, ply)) {
            if ply > 0 {
                return score;
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.order_moves(pos, entry.map(|e| e.mv), ply, &mut moves);
        let original_alpha = alpha;
        let mut best = (-INF, Move::Pass);
        for i in 0..moves.len() {
            let mv = pick_next(&mut moves, i);
            let score = self.search_child(pos, mv, i, depth, alpha, beta, ply);
            if self.stopped {
                break;
            }
            if score > best.0 {
                best = (score, mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
                alpha = alpha.max(score);
                if alpha >= beta {
                    self.reward(pos, mv, depth, ply);
                    break;
                }
            }
        }
        self.buffers[ply] = moves;
        if !self.stopped {
            self.store(key, best, depth, original_alpha, beta, ply);
        }
        best.0
    }

    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        pos: &Position,
        mv: Move,
        index: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let child = pos.make(mv);
        if index == 0 {
            return -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
        }
        let reduction = self.reduction(pos, mv, index, depth, ply);
        let mut score = -self.negamax(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
        if score > alpha && (reduction > 0 || score < beta) {
            score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
        }
        score
    }

    fn reduction(&self, pos: &Position, mv: Move, index: usize, depth: i32, ply: usize) -> i32 {
        if depth < 3 || index < 3 || self.killers[ply].contains(&Some(mv)) {
            return 0;
        }
        let quiet = captures(pos, mv) == 0;
        1 + i32::from(index >= 10 && depth >= 5) + i32::from(quiet && depth >= 4)
    }

    fn order_moves(
        &self,
        pos: &Position,
        table_move: Option<Move>,
        ply: usize,
        moves: &mut Vec<(Move, i32)>,
    ) {
        moves.clear();
        let us = pos.stones(pos.turn());
        movegen::generate_with(pos, |mv| {
            let score = if Some(mv) == table_move {
                1 << 24
            } else {
                self.move_score(pos, us, mv, ply)
            };
            moves.push((mv, score));
        });
    }

    fn move_score(&self, pos: &Position, us: u64, mv: Move, ply: usize) -> i32 {
        let killer = match self.killers[ply] {
            [Some(k), _] if k == mv => 20_000,
            [_, Some(k)] if k == mv => 19_000,
            _ => 0,
        };
        let material = captures(pos, mv) as i32 * 64
            + match mv {
                Move::Single(_) => 64,
                Move::Double(from, _) => -16 * (NEIGHBOURS[from.index()] & us).count_ones() as i32,
                Move::Pass => 0,
            };
        let history = history_index(mv).map_or(0, |(f, t)| self.history[f][t].min(1 << 14) / 64);
        material * 256 + killer + history
    }

    fn reward(&mut self, pos: &Position, mv: Move, depth: i32, ply: usize) {
        if captures(pos, mv) > 0 {
            return;
        }
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if let Some((f, t)) = history_index(mv) {
            self.history[f][t] = (self.history[f][t] + depth * depth).min(1 << 20);
        }
    }

    fn store(
        &mut self,
        key: (u64, u64),
        best: (i32, Move),
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) {
        let bound = if best.0 <= alpha {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            mv: best.1,
            score: to_table(best.0, ply),
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
        });
    }
}

fn table_cutoff(entry: Entry, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    if i32::from(entry.depth) < depth {
        return None;
    }
    let score = from_table(entry.score, ply);
    match entry.bound {
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

/// Moves the best-scored remaining move to `index` and returns it.
fn pick_next(moves: &mut [(Move, i32)], index: usize) -> Move {
    let best = (index..moves.len())
        .max_by_key(|&i| (moves[i].1, std::cmp::Reverse(i)))
        .unwrap_or(index);
    moves.swap(index, best);
    moves[index].0
}

/// Best move for `pos` at a fixed depth with a fresh small table (used by the
/// terminal game and the gauntlet).
pub fn best_move_at_depth(searcher: &mut Searcher, pos: &Position, depth: u32) -> Option<Move> {
    searcher.search(pos, Limits::depth(depth), |_| {}).best()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_requested_depth() {
        let pos = Position::from_fen("x5o/7/7/7/7/7/o5x x 0 1").unwrap();
        let mut searcher = Searcher::new(16);
        let info = searcher.search(&pos, Limits::depth(4), |_| {});
        assert_eq!(info.depth, 4);
        assert!(info.best().is_some());
    }

    #[test]
    fn wins_when_possible() {
        // x clones to b1 capturing the only o stone.
        let pos = Position::from_fen("7/7/7/7/7/7/x1o4 x 0 1").unwrap();
        let mut searcher = Searcher::new(16);
        let info = searcher.search(&pos, Limits::depth(3), |_| {});
        assert!(info.score > WIN - 10, "{info:?}");
        let after = pos.make(info.best().unwrap());
        assert_eq!(after.count(super::super::Side::O), 0);
    }

    #[test]
    fn game_over_has_no_move() {
        let pos = Position::from_fen("x6/7/7/7/7/7/7 o 0 1").unwrap();
        let info = Searcher::new(10).search(&pos, Limits::depth(3), |_| {});
        assert_eq!(info.best(), None);
    }
}
