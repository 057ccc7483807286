//! Helpers shared by the benchmarks: the cached generated repository and
//! readings of the machine.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::Instant;

/// The generated repository of `players` and `tournaments` under
/// `BENCH_DATA` (default target/bench-data), generated once (seed 1) and
/// reused.
pub fn repository(players: usize, tournaments: usize) -> PathBuf {
    let data = match std::env::var_os("BENCH_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data"),
    };
    repository_in(&data, players, tournaments)
}

/// The generated repository of `players` and `tournaments` under `data`,
/// generated once (seed 1) and reused.
fn repository_in(data: &Path, players: usize, tournaments: usize) -> PathBuf {
    let root = data.join(format!("build-{players}-{tournaments}"));
    if !root.join("data").is_dir() {
        let _ = std::fs::remove_dir_all(&root);
        let started = Instant::now();
        let stats = ratingbook::generate::write_repository(
            &root,
            &ratingbook::generate::Options {
                players,
                tournaments,
                seed: 1,
            },
        )
        .expect("generate");
        println!(
            "generated {} players, {} tournaments, {} games in {:.1} s",
            stats.players,
            stats.tournaments,
            stats.games,
            started.elapsed().as_secs_f64()
        );
    }
    root
}

/// The sizes to run (players:tournaments) from `BENCH_SIZES`, by default
/// `30000:3000,100000:10000,300000:30000`.
pub fn sizes() -> Vec<(usize, usize)> {
    let text = std::env::var("BENCH_SIZES")
        .unwrap_or_else(|_| "30000:3000,100000:10000,300000:30000".into());
    text.split(',')
        .filter_map(|s| {
            let (p, t) = s.split_once(':')?;
            Some((p.trim().parse().ok()?, t.trim().parse().ok()?))
        })
        .collect()
}

/// A number from the environment, or the default.
pub fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// This process's peak resident memory (VmHWM) in KiB.
pub fn peak_memory_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

/// The machine's load averages (1, 5, 15 minutes).
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}
