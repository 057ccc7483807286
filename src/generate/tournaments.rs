//! Generated tournaments: the field, the system (round robin or swiss), results drawn
//! from hidden strengths, and the event's TOML and crosstable CSV text.

use super::games::{draw_result, set_game};
use super::players::{GenPlayer, CLUBS};
use super::swiss::swiss_cells;
use crate::files::crosstable::{crosstable_text, Row};
use crate::files::tournament::{tournament_file_text, TournamentFile};
use crate::model::{Bye, Cell, Date, System};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// A generated tournament: its id, TOML and crosstable CSV text, and games played.
pub(super) struct GenTournament {
    pub(super) id: String,
    pub(super) meta: String,
    pub(super) table: String,
    pub(super) games: usize,
    /// Indices (into the generated players) of the field.
    pub(super) players: Vec<usize>,
}

/// Tournament number `index` (from 0) starting on `start`, drawn from the
/// `players` not in `busy` (those playing elsewhere on the same dates).
pub(super) fn make_tournament(
    rng: &mut ChaCha8Rng,
    players: &[GenPlayer],
    index: usize,
    start: Date,
    busy: &HashSet<usize>,
) -> GenTournament {
    let round_robin = rng.random_bool(0.2);
    let size = if round_robin {
        rng.random_range(6..=12)
    } else {
        rng.random_range(10..=50)
    }
    .min(players.len().saturating_sub(busy.len()));
    let mut chosen: Vec<usize> = rand::seq::index::sample(rng, players.len(), size).into_vec();
    replace_busy_players(rng, players.len(), &mut chosen, busy);
    // Start numbers by strength, as a seeding would do.
    chosen.sort_by(|a, b| players[*b].strength.total_cmp(&players[*a].strength));
    let (rounds, cells) = if round_robin {
        let rounds = if size % 2 == 0 { size - 1 } else { size };
        (rounds, round_robin_cells(rng, players, &chosen, rounds))
    } else {
        let rounds = rng.random_range(5..=9).min(size - 1);
        (rounds, swiss_cells(rng, players, &chosen, rounds))
    };
    let id = format!("event-{:05}", index + 1);
    let rapid = rng.random_bool(0.15);
    let meta = tournament_file_text(&TournamentFile {
        name: &format!("Synthetic event {}", index + 1),
        start,
        end: start.plus_days(1),
        city: Some(CLUBS[index % CLUBS.len()]),
        system: if round_robin {
            System::RoundRobin
        } else {
            System::Swiss
        },
        rounds: rounds as u32,
        rated: Some(!rng.random_bool(0.03)),
        time_control: Some(if rapid { "rapid" } else { "standard" }),
        rules: Some("standard"),
        base_k: None,
        illustrative: true,
    });
    let games = cells
        .iter()
        .flatten()
        .filter(|cell| matches!(cell, Cell::Game { result, .. } if result.is_played()))
        .count();
    let rows = chosen
        .iter()
        .zip(&cells)
        .enumerate()
        .map(|(i, (&p, row))| Row {
            start_no: i as u32 + 1,
            player: players[p].id.clone(),
            rating: None,
            rank: None,
            cells: row.iter().map(Cell::to_notation).collect(),
        });
    let table = String::from_utf8(crosstable_text(rounds as u32, false, rows)).unwrap_or_default();
    GenTournament {
        id,
        meta,
        table,
        games: games / 2,
        players: chosen,
    }
}

/// Replaces every chosen player who is busy with a random free one not yet
/// chosen. Draws nothing when nobody is busy, so one event at a time gives
/// the same repository as before events could share dates.
fn replace_busy_players(
    rng: &mut ChaCha8Rng,
    population: usize,
    chosen: &mut [usize],
    busy: &HashSet<usize>,
) {
    if busy.is_empty() {
        return;
    }
    let mut taken: HashSet<usize> = chosen.iter().copied().collect();
    for slot in chosen.iter_mut() {
        if busy.contains(slot) {
            let free = loop {
                let candidate = rng.random_range(0..population);
                if !busy.contains(&candidate) && !taken.contains(&candidate) {
                    break candidate;
                }
            };
            taken.insert(free);
            *slot = free;
        }
    }
}

/// Round-robin crosstable cells by the circle method.
fn round_robin_cells(
    rng: &mut ChaCha8Rng,
    players: &[GenPlayer],
    chosen: &[usize],
    rounds: usize,
) -> Vec<Vec<Cell>> {
    let n = chosen.len();
    let mut cells = vec![vec![Cell::Absent; rounds]; n];
    // Circle method over an even count; index n is the bye.
    let slots = n + n % 2;
    let mut ring: Vec<usize> = (0..slots).collect();
    for round in 0..rounds {
        for k in 0..slots / 2 {
            let (a, b) = (ring[k], ring[slots - 1 - k]);
            let (white, black) = if (round + k) % 2 == 0 { (a, b) } else { (b, a) };
            if white >= n || black >= n {
                let real = white.min(black);
                cells[real][round] = Cell::Bye(Bye::Zero);
                continue;
            }
            let result = draw_result(rng, &players[chosen[white]], &players[chosen[black]]);
            set_game(&mut cells, round, white, black, result);
        }
        ring[1..].rotate_right(1);
    }
    cells
}
