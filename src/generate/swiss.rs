//! The simple swiss pairing used by the generator: score order, no repeat pairings,
//! colour rules kept by a bounded depth-first search with a greedy fallback, byes to
//! the lowest player who has not had one.

use super::games::{draw_result, set_game};
use super::players::GenPlayer;
use crate::model::{Bye, Cell, Colour, GameResult};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Whether `colour` keeps a player within the swiss colour rules (no colour three times
/// in a row, whites − blacks within ±2).
fn colour_allowed(history: &[Colour], colour: Colour) -> bool {
    let run = history.len() >= 2 && history[history.len() - 2..].iter().all(|&c| c == colour);
    let difference: i32 = history
        .iter()
        .chain(std::iter::once(&colour))
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum();
    !run && difference.abs() <= 2
}

/// Colours for `a` and `b` (white, black) obeying the rules, preferring to give white
/// to the player with fewer whites.
fn colours_for(history: &[Vec<Colour>], a: usize, b: usize) -> Option<(usize, usize)> {
    let whites = |i: usize| history[i].iter().filter(|&&c| c == Colour::White).count();
    let preferred = if whites(a) <= whites(b) {
        (a, b)
    } else {
        (b, a)
    };
    [preferred, (preferred.1, preferred.0)]
        .into_iter()
        .find(|&(w, bl)| {
            colour_allowed(&history[w], Colour::White)
                && colour_allowed(&history[bl], Colour::Black)
        })
}

/// Pairs `waiting` (in ranking order) without repeats and within the colour rules, by
/// depth-first search with a step budget; `None` if no such pairing was found.
fn pair_round(
    waiting: &[usize],
    met: &[Vec<bool>],
    history: &[Vec<Colour>],
) -> Option<Vec<(usize, usize)>> {
    fn search(
        rest: &mut Vec<usize>,
        met: &[Vec<bool>],
        history: &[Vec<Colour>],
        out: &mut Vec<(usize, usize)>,
        budget: &mut u32,
    ) -> bool {
        let Some(&a) = rest.first() else {
            return true;
        };
        for k in 1..rest.len() {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let b = rest[k];
            if met[a][b] {
                continue;
            }
            let Some(pair) = colours_for(history, a, b) else {
                continue;
            };
            let removed_b = rest.remove(k);
            let removed_a = rest.remove(0);
            out.push(pair);
            if search(rest, met, history, out, budget) {
                return true;
            }
            out.pop();
            rest.insert(0, removed_a);
            rest.insert(k, removed_b);
        }
        false
    }
    let mut rest = waiting.to_vec();
    let mut out = Vec::new();
    let mut budget = 20_000;
    search(&mut rest, met, history, &mut out, &mut budget).then_some(out)
}

/// The fallback pairing: each player in order meets the first player not met yet.
fn greedy(waiting: &[usize], met: &[Vec<bool>]) -> Vec<(usize, usize)> {
    let mut waiting = waiting.to_vec();
    let mut out = Vec::new();
    while waiting.len() >= 2 {
        let a = waiting.remove(0);
        let pos = waiting.iter().position(|&b| !met[a][b]).unwrap_or(0);
        out.push((a, waiting.remove(pos)));
    }
    out
}

/// Swiss crosstable cells, round by round: random half-point byes, a pairing-allocated
/// bye when the count is odd, then `pair_round` (or `greedy` when it finds nothing).
pub(super) fn swiss_cells(
    rng: &mut ChaCha8Rng,
    players: &[GenPlayer],
    chosen: &[usize],
    rounds: usize,
) -> Vec<Vec<Cell>> {
    let n = chosen.len();
    let mut cells = vec![vec![Cell::Absent; rounds]; n];
    let mut points = vec![0u32; n];
    let mut met = vec![vec![false; n]; n];
    let mut had_bye = vec![false; n];
    // Colours of games played over the board, per player.
    let mut history: Vec<Vec<Colour>> = vec![Vec::new(); n];
    for round in 0..rounds {
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(rng);
        let mut waiting: Vec<usize> = Vec::new();
        for &i in &order {
            if rng.random_bool(0.01) {
                cells[i][round] = Cell::Bye(Bye::Half);
                points[i] += 1;
            } else {
                waiting.push(i);
            }
        }
        waiting.sort_by(|a, b| points[*b].cmp(&points[*a]).then(a.cmp(b)));
        if waiting.len() % 2 == 1 {
            let pos = waiting
                .iter()
                .rposition(|&i| !had_bye[i])
                .unwrap_or(waiting.len() - 1);
            let i = waiting.remove(pos);
            had_bye[i] = true;
            cells[i][round] = Cell::Bye(Bye::PairingAllocated);
            points[i] += 2;
        }
        let pairs = pair_round(&waiting, &met, &history).unwrap_or_else(|| greedy(&waiting, &met));
        for (white, black) in pairs {
            met[white][black] = true;
            met[black][white] = true;
            let result = draw_result(rng, &players[chosen[white]], &players[chosen[black]]);
            set_game(&mut cells, round, white, black, result);
            if result.is_played() {
                history[white].push(Colour::White);
                history[black].push(Colour::Black);
            }
            // A forfeit win is a point without playing: no pairing bye afterwards.
            had_bye[white] |= result == GameResult::ForfeitWin;
            had_bye[black] |= result.complement() == GameResult::ForfeitWin;
            points[white] += result.half_points();
            points[black] += result.complement().half_points();
        }
    }
    cells
}
