//! Rating benchmark: a list of 1 000, 10 000 and 50 000 players in round
//! robins of ten over a year of weekly tournaments, rated by each system.
//!
//! Run with `cargo bench -p rating-systems --bench rating` (release build).
//! The dataset is made in memory with the crate's own types from a fixed
//! random start: members with presets, a few internationally rated players,
//! results drawn from hidden strengths; every system rates it once as a warm
//! up and then reports the median wall time of three runs. `RB_BENCH_SIZES=1000`
//! sets the sizes; `RB_BENCH_SYSTEMS=association,fide` the systems.
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rating_systems::{
    rate_list, AssociationSettings, Dataset, Date, EgdSettings, Entry, FideSettings, Game,
    GameResult, Glicko2Settings, Membership, Player, Preset, Rules, System, TimeControl,
    Tournament, WhrSettings,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Players in each round robin.
const TABLE: usize = 10;

/// A round robin of `TABLE` players (indexes `players`), results from `strength`.
fn round_robin(rng: &mut ChaCha8Rng, players: &[usize], strength: &[f64], day: Date) -> Tournament {
    let n = players.len();
    let mut entries: Vec<Entry> = players
        .iter()
        .enumerate()
        .map(|(row, &p)| Entry {
            start_no: row as u32 + 1,
            player: Some(p),
            rating: None,
            games: Vec::with_capacity(n - 1),
            half_points: 0,
        })
        .collect();
    let mut round = 0;
    for a in 0..n {
        for b in a + 1..n {
            round += 1;
            let d = strength[players[a]] - strength[players[b]];
            let p = 1.0 / (1.0 + 10f64.powf(-d / 400.0));
            let draw = rng.random_bool(0.2);
            let (ra, rb) = if draw {
                (GameResult::Draw, GameResult::Draw)
            } else if rng.random_bool(p) {
                (GameResult::Win, GameResult::Loss)
            } else {
                (GameResult::Loss, GameResult::Win)
            };
            for (row, opponent, result) in [(a, b, ra), (b, a, rb)] {
                entries[row].games.push(Game {
                    round,
                    opponent: opponent as u32 + 1,
                    result,
                    stones_received: 0,
                });
                entries[row].half_points += result.half_points();
            }
        }
    }
    Tournament {
        start: day,
        end: day.plus_days(2),
        rated: true,
        time_control: TimeControl::Standard,
        rules: Rules::Standard,
        base_k: None,
        pool: None,
        entries,
    }
}

/// `players` players, each in about five tournaments over a year.
fn dataset(players: usize) -> Dataset {
    let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
    let strength: Vec<f64> = (0..players)
        .map(|_| rng.random_range(1200.0..2600.0))
        .collect();
    let player_list = (0..players)
        .map(|i| Player {
            membership: match i % 20 {
                0 => Membership::Rif,
                1 => Membership::Other,
                _ => Membership::Member,
            },
            international_rating: (i % 10 == 0).then(|| strength[i] as u32),
            grade: None,
            preset: Preset {
                rating: 1600 + 100 * (i as u32 % 5),
                games: 5 * (i as u32 % 4),
            },
            start: None,
            birth_year: Some(1950 + (i % 60) as i32),
        })
        .collect();
    let mut tournaments = Vec::new();
    let mut order: Vec<usize> = (0..players).collect();
    let first = Date {
        year: 2024,
        month: 1,
        day: 6,
    };
    for week in 0..52 {
        let day = first.plus_days(7 * week);
        // A tenth of the players plays each week, ten to a table.
        for _ in 0..players / 10 / TABLE {
            let start = rng.random_range(0..players - TABLE);
            order[start..start + TABLE].sort_unstable();
            let table: Vec<usize> = order[start..start + TABLE].to_vec();
            tournaments.push(round_robin(&mut rng, &table, &strength, day));
            order.swap(start, rng.random_range(0..players));
        }
    }
    Dataset {
        players: player_list,
        tournaments,
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn main() {
    let sizes: Vec<usize> = std::env::var("RB_BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1000, 10_000, 50_000]);
    let wanted = std::env::var("RB_BENCH_SYSTEMS").ok();
    let systems = [
        (
            "association",
            System::Association(AssociationSettings::default()),
        ),
        ("fide", System::Fide(FideSettings::default())),
        ("egd", System::Egd(EgdSettings::default())),
        ("glicko2", System::Glicko2(Glicko2Settings::default())),
        ("whr", System::Whr(WhrSettings::default())),
    ];
    for players in sizes {
        let data = dataset(players);
        let games: usize = data
            .tournaments
            .iter()
            .map(|t| t.entries.iter().map(|e| e.games.len()).sum::<usize>() / 2)
            .sum();
        println!(
            "{players} players, {} tournaments, {games} games",
            data.tournaments.len()
        );
        for (name, system) in &systems {
            if wanted
                .as_ref()
                .is_some_and(|w| !w.split(',').any(|x| x == *name))
            {
                continue;
            }
            black_box(rate_list(&data, system, None));
            let times = (0..3)
                .map(|_| {
                    let started = Instant::now();
                    black_box(rate_list(black_box(&data), system, None));
                    started.elapsed()
                })
                .collect();
            println!("  {name:<12} {:>10.2?}", median(times));
        }
    }
}
