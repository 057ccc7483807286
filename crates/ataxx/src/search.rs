//! Alpha-beta search: iterative deepening with aspiration windows, principal
//! variation search, a transposition table ([`super::table`]), move ordering
//! (table move, gain, killers, history), null-move pruning, reverse futility
//! pruning and late-move reductions.
//!
//! Ataxx specifics: a pass is only legal without any other move, so the null
//! move (a pass the rules would not allow) is tried only when both sides can
//! move and the static evaluation already beats beta; zugzwang, where every
//! move opens a hole, is rare in the middle game and the reduced search still
//! sees forced passes. Scores are centistones from the side to move's view
//! ([`super::eval`]); finished games score ±[`WIN`] minus the ply.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::board::{Move, Outcome, Position, JUMPS, NEIGHBOURS};
use super::eval::{evaluate, STONE};
use super::movegen::{self, captures};
use super::table::{self, Bound, Table};

/// Score of a won game at the root (minus the plies needed to win).
pub const WIN: i32 = 30_000;
/// Larger than any score.
pub const INF: i32 = 32_000;
/// Deepest iteration searched.
pub const MAX_DEPTH: u32 = 64;
const MAX_PLY: usize = 128;
/// Scores beyond this are won or lost games.
const DECIDED: i32 = WIN - MAX_PLY as i32;
/// Nodes between looks at the clock: often enough that an unoptimised build on
/// a busy machine still stops within a few milliseconds of its deadline.
const CHECK_EVERY: u64 = 256;
const ASPIRATION: i32 = 60;

/// When to stop searching. With no limit at all, the search runs until
/// [`MAX_DEPTH`] or until stopped through [`Searcher::stop_flag`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Hard wall-clock budget: the search stops when it is spent.
    pub movetime: Option<Duration>,
    /// Soft budget: no new iteration starts once it is spent.
    pub soft_time: Option<Duration>,
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
    /// Score from the side to move's view (centistones, or near ±[`WIN`]).
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

/// Score of a finished game from the side to move's view, `None` if not over.
fn terminal_score(pos: &Position, ply: usize) -> Option<i32> {
    pos.outcome().map(|outcome| match outcome {
        Outcome::Draw => 0,
        Outcome::Win(side) if side == pos.turn() => WIN - ply as i32,
        Outcome::Win(_) => ply as i32 - WIN,
    })
}

/// Mate scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i16 {
    let adjusted = match score {
        s if s > DECIDED => s + ply as i32,
        s if s < -DECIDED => s - ply as i32,
        s => s,
    };
    adjusted.clamp(-INF, INF) as i16
}

fn from_table(score: i16, ply: usize) -> i32 {
    match i32::from(score) {
        s if s > DECIDED => s - ply as i32,
        s if s < -DECIDED => s + ply as i32,
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

/// Late-move reduction for the `index`-th move at `depth` (0 for the first
/// moves and shallow depths; one less in principal-variation nodes).
fn reduction(depth: i32, index: usize, pv_node: bool) -> i32 {
    if depth < 3 || index < 2 {
        return 0;
    }
    let r = 1.0 + (depth as f32).ln() * (index as f32).ln() / 2.0;
    (r as i32 - i32::from(pv_node)).clamp(0, depth - 1)
}

/// Whether a late move at a shallow non-PV node can be skipped: even its
/// stone gain on top of the static evaluation stays below alpha, or it is
/// one of many moves and gains nothing.
fn futile(gain: i32, static_eval: i32, depth: i32, index: usize, alpha: i32) -> bool {
    if depth > 3 || alpha.abs() >= DECIDED {
        return false;
    }
    let late = index >= (4 + 3 * depth * depth) as usize && gain <= 0;
    late || (depth <= 2 && static_eval + STONE * gain + 120 * depth <= alpha)
}

/// Stones gained by `mv` (a clone adds one, captures flip), less a share for
/// the hole a jump leaves next to its own stones.
fn gain(pos: &Position, mv: Move) -> i32 {
    let taken = 2 * captures(pos, mv) as i32;
    match mv {
        Move::Single(_) => taken + 1,
        Move::Double(from, _) => {
            let exposed = (NEIGHBOURS[from.index()] & pos.stones(pos.turn())).count_ones() as i32;
            taken - exposed
        }
        Move::Pass => 0,
    }
}

/// A search engine with its own transposition table and ordering tables.
pub struct Searcher {
    table: Table,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Vec<[i32; 49]>,
    buffers: Vec<Vec<(Move, i32)>>,
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
    stop: Arc<AtomicBool>,
    root_best: Option<Move>,
    gaps: u64,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::with_megabytes(16)
    }
}

impl Searcher {
    /// A searcher whose transposition table has `2^table_bits` entries.
    pub fn new(table_bits: u32) -> Searcher {
        Searcher::with_table(Table::with_bits(table_bits))
    }

    /// A searcher whose transposition table takes about `megabytes` MB.
    pub fn with_megabytes(megabytes: usize) -> Searcher {
        Searcher::with_table(Table::with_megabytes(megabytes))
    }

    fn with_table(table: Table) -> Searcher {
        Searcher {
            table,
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![[0; 49]; 50],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            stopped: false,
            stop: Arc::new(AtomicBool::new(false)),
            root_best: None,
            gaps: 0,
        }
    }

    /// A flag that stops the running search (within about a thousand nodes)
    /// when set. It stays set until its owner clears it: a search started
    /// while it is set returns at once, so a `stop` that arrives before the
    /// search thread starts is not lost.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.history.iter_mut().for_each(|row| *row = [0; 49]);
    }

    /// Searches `pos` within `limits`, calling `report` after each completed
    /// iteration. Returns the best result found (depth 0 and no move when the
    /// game is over; a single legal move is returned at once).
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
        let key = table::key(pos);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            self.root_best = None;
            let score = self.aspiration(pos, key, depth as i32, result.score);
            if self.stopped {
                // A move that raised alpha in the unfinished iteration beat
                // the previous best at this depth.
                if let Some(best) = self.root_best.filter(|&mv| Some(mv) != result.best()) {
                    result.pv = vec![best];
                }
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
            let soft_spent = limits.soft_time.is_some_and(|t| self.start.elapsed() >= t);
            if score.abs() > DECIDED || soft_spent {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    /// Searches a window around the previous score, widening on failure.
    fn aspiration(&mut self, pos: &Position, key: u64, depth: i32, previous: i32) -> i32 {
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < DECIDED {
            (previous - delta, previous + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let score = self.negamax(pos, key, depth, alpha, beta, 0, true);
            if self.stopped {
                return score;
            }
            if score <= alpha && alpha > -INF {
                alpha = (score - delta).max(-INF);
            } else if score >= beta && beta < INF {
                beta = (score + delta).min(INF);
            } else {
                return score;
            }
            delta *= 3;
        }
    }

    fn prepare(&mut self, pos: &Position, limits: Limits) {
        if pos.gaps() != self.gaps {
            self.clear();
            self.gaps = pos.gaps();
        }
        self.table.new_search();
        self.start = Instant::now();
        self.deadline = limits.movetime.and_then(|t| self.start.checked_add(t));
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.stopped = false;
        self.killers = [[None; 2]; MAX_PLY + 1];
        for row in self.history.iter_mut() {
            row.iter_mut().for_each(|h| *h /= 8);
        }
    }

    fn out_of_budget(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.node_limit.is_some_and(|limit| self.nodes >= limit)
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
                .probe(table::key(&p))
                .and_then(|hit| hit.mv)
                .filter(|&mv| p.check(mv).is_ok());
            current = next.map(|mv| {
                pv.push(mv);
                p.make(mv)
            });
        }
        pv
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        key: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
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
        let pv_node = beta - alpha > 1;
        let hit = self.table.probe(key);
        if let Some(score) = hit.and_then(|h| table_cutoff(h, depth, alpha, beta, ply)) {
            if ply > 0 && !pv_node {
                return score;
            }
        }
        let static_eval = (!pv_node && ply > 0 && beta.abs() < DECIDED).then(|| evaluate(pos));
        if let Some(eval) = static_eval {
            if let Some(score) = self.prune(pos, key, eval, depth, beta, ply, allow_null) {
                return score;
            }
        }
        let table_move = hit.and_then(|h| h.mv).filter(|&mv| playable(pos, mv));
        let offset = usize::from(table_move.is_some());
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        let mut generated = false;
        let original_alpha = alpha;
        let mut best = (-INF, None);
        for i in 0.. {
            // The table move goes first, before the others are generated:
            // it often cuts off alone.
            let mv = match table_move.filter(|_| i == 0) {
                Some(mv) => mv,
                None => {
                    if !generated {
                        self.order_moves(pos, table_move, ply, &mut moves);
                        generated = true;
                    }
                    match moves.get(i - offset) {
                        Some(_) => pick_next(&mut moves, i - offset),
                        None => break,
                    }
                }
            };
            // Moves come in order of gain, so the rest are futile too.
            let gain = gain_of(moves.get(i.wrapping_sub(offset)), mv);
            if i > 0 && static_eval.is_some_and(|e| futile(gain, e, depth, i, alpha)) {
                break;
            }
            let score = self.search_child(pos, key, mv, i, depth, alpha, beta, ply);
            if self.stopped {
                break;
            }
            if score > best.0 {
                best = (score, Some(mv));
            }
            if score > alpha {
                alpha = score;
                if ply == 0 {
                    self.root_best = Some(mv);
                }
                if alpha >= beta {
                    let tried = &moves[..(i.saturating_sub(offset)).min(moves.len())];
                    self.reward(mv, depth, ply, tried);
                    break;
                }
            }
        }
        self.buffers[ply] = moves;
        if !self.stopped {
            let bound = if best.0 <= original_alpha {
                Bound::Upper
            } else if best.0 >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let stored_move = best.1.filter(|_| bound != Bound::Upper);
            let depth = depth.min(i32::from(i8::MAX)) as i8;
            self.table
                .store(key, stored_move, to_table(best.0, ply), depth, bound);
        }
        best.0
    }

    /// Reverse futility and null-move pruning at a non-PV node; `Some` score
    /// when the node can be cut without searching its moves.
    #[allow(clippy::too_many_arguments)]
    fn prune(
        &mut self,
        pos: &Position,
        key: u64,
        static_eval: i32,
        depth: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> Option<i32> {
        if depth <= 3 && static_eval - 150 * depth >= beta {
            return Some(static_eval);
        }
        let both_move = pos.can_move(pos.turn()) && pos.can_move(pos.turn().other());
        if allow_null && depth >= 3 && static_eval >= beta && both_move {
            let r = 2 + depth / 4;
            let null = pos.make(Move::Pass);
            let score = -self.negamax(
                &null,
                key ^ table::SIDE_KEY,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                false,
            );
            if !self.stopped && score >= beta {
                return Some(if score >= DECIDED { beta } else { score });
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        pos: &Position,
        key: u64,
        mv: Move,
        index: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let child = pos.make(mv);
        // Leaves neither probe nor store.
        let child_key = if depth > 1 {
            table::child_key(pos, key, mv)
        } else {
            0
        };
        if index == 0 {
            return -self.negamax(&child, child_key, depth - 1, -beta, -alpha, ply + 1, true);
        }
        let killer = self.killers[ply].contains(&Some(mv));
        let r = if killer {
            0
        } else {
            reduction(depth, index, beta - alpha > 1)
        };
        let mut score = -self.negamax(
            &child,
            child_key,
            depth - 1 - r,
            -alpha - 1,
            -alpha,
            ply + 1,
            true,
        );
        if score > alpha && r > 0 {
            score = -self.negamax(
                &child,
                child_key,
                depth - 1,
                -alpha - 1,
                -alpha,
                ply + 1,
                true,
            );
        }
        if score > alpha && score < beta {
            score = -self.negamax(&child, child_key, depth - 1, -beta, -alpha, ply + 1, true);
        }
        score
    }

    fn order_moves(
        &self,
        pos: &Position,
        table_move: Option<Move>,
        ply: usize,
        moves: &mut Vec<(Move, i32)>,
    ) {
        moves.clear();
        movegen::generate_with(pos, |mv| {
            if Some(mv) != table_move {
                moves.push((mv, self.move_score(pos, mv, ply)));
            }
        });
    }

    fn move_score(&self, pos: &Position, mv: Move, ply: usize) -> i32 {
        let killer = match self.killers[ply] {
            [Some(k), _] if k == mv => 600,
            [_, Some(k)] if k == mv => 500,
            _ => 0,
        };
        let history = history_index(mv).map_or(0, |(f, t)| self.history[f][t] / 32);
        (gain(pos, mv) << GAIN_SHIFT) + killer + history + ORDER_BIAS
    }

    /// Credits the move that cut off and debits the moves tried before it.
    fn reward(&mut self, mv: Move, depth: i32, ply: usize, tried: &[(Move, i32)]) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        if let Some((f, t)) = history_index(mv) {
            update_history(&mut self.history[f][t], bonus);
        }
        for &(other, _) in tried {
            if let Some((f, t)) = history_index(other) {
                update_history(&mut self.history[f][t], -bonus);
            }
        }
    }
}

/// History with gravity: values stay within ±16384.
fn update_history(entry: &mut i32, bonus: i32) {
    *entry += 32 * bonus - *entry * bonus.abs() / 512;
}

fn table_cutoff(hit: table::Hit, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    if i32::from(hit.depth) < depth {
        return None;
    }
    let score = from_table(hit.score, ply);
    match hit.bound {
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

/// Ordering scores are the gain in the high bits and killer and history
/// bonuses (−512..=1112, shifted to be positive) in the low bits, so moves
/// sort by gain first and the gain can be read back.
const GAIN_SHIFT: u32 = 16;
const ORDER_BIAS: i32 = 2048;

/// The gain of a generated move read back from its ordering score; the
/// table move (not in the list) counts as gaining enough to be searched.
fn gain_of(entry: Option<&(Move, i32)>, mv: Move) -> i32 {
    match entry {
        Some(&(listed, score)) if listed == mv => score >> GAIN_SHIFT,
        _ => 1000,
    }
}

/// Whether `mv` (from the table, possibly stored for another position with
/// the same key) is a legal clone or jump in `pos`, whose game goes on.
fn playable(pos: &Position, mv: Move) -> bool {
    let us = pos.stones(pos.turn());
    let empty = pos.empty();
    match mv {
        Move::Single(to) => empty & to.bit() != 0 && NEIGHBOURS[to.index()] & us != 0,
        Move::Double(from, to) => {
            us & from.bit() != 0 && empty & to.bit() != 0 && JUMPS[from.index()] & to.bit() != 0
        }
        Move::Pass => false,
    }
}

/// Moves picked one by one before the rest is sorted: most cut-offs come
/// from the first moves, and picking all of a hundred moves would cost more
/// than sorting them.
const PICKED: usize = 3;

/// Moves the best-scored remaining move to `index` and returns it.
fn pick_next(moves: &mut [(Move, i32)], index: usize) -> Move {
    if index >= PICKED {
        if index == PICKED {
            moves[index..].sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        }
        return moves[index].0;
    }
    let best = (index..moves.len())
        .max_by_key(|&i| (moves[i].1, std::cmp::Reverse(i)))
        .unwrap_or(index);
    moves.swap(index, best);
    moves[index].0
}

/// Best move for `pos` at a fixed depth (used by the terminal game and the
/// gauntlet).
pub fn best_move_at_depth(searcher: &mut Searcher, pos: &Position, depth: u32) -> Option<Move> {
    searcher.search(pos, Limits::depth(depth), |_| {}).best()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Side;

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
        assert_eq!(after.count(Side::O), 0);
    }

    #[test]
    fn takes_the_most_stones() {
        // x on a4; o on b2, c2 and b1. The clone b3 adds a stone and takes
        // b2 and c2 (+5 stones in the difference); the jumps a4a2 and a4c3
        // take two without adding one (+4); the clone a3 takes b2 only (+3).
        let pos = Position::from_fen("7/7/7/x6/7/1oo4/1o5 x 0 1").unwrap();
        let info = Searcher::new(16).search(&pos, Limits::depth(1), |_| {});
        assert_eq!(info.best().map(|m| m.to_string()), Some("b3".to_string()));
    }

    #[test]
    fn game_over_has_no_move() {
        let pos = Position::from_fen("x6/7/7/7/7/7/7 o 0 1").unwrap();
        let info = Searcher::new(10).search(&pos, Limits::depth(3), |_| {});
        assert_eq!(info.best(), None);
    }

    #[test]
    fn stop_flag_ends_an_unlimited_search() {
        let mut searcher = Searcher::new(16);
        let flag = searcher.stop_flag();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        });
        let start = Instant::now();
        let info = searcher.search(&Position::start(), Limits::default(), |_| {});
        stopper.join().unwrap();
        assert!(start.elapsed() < Duration::from_secs(2));
        assert!(info.best().is_some());
    }
}
