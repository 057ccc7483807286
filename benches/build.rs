//! Build benchmark: `cargo bench --bench build`.
//!
//! Generates a synthetic repository (20 000 players, 2 000 tournaments, about
//! 175 000 games; cached under target/bench-data) and times `build` into an empty
//! site and again with nothing changed. Each build runs in a fresh child process
//! so its peak memory (VmHWM) is its own. Sizes can be set with
//! `BENCH_PLAYERS` and `BENCH_TOURNAMENTS`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The same allocator as the `ratingbook` binary, so the numbers match it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const CHILD: &str = "RATINGBOOK_BENCH_CHILD";

fn main() {
    if let Ok(root) = std::env::var(CHILD) {
        run_child(Path::new(&root));
        return;
    }
    let players = env_number("BENCH_PLAYERS", 20_000);
    let tournaments = env_number("BENCH_TOURNAMENTS", 2_000);
    let root = repository(players, tournaments);
    let site = root.join("site");
    let _ = std::fs::remove_dir_all(&site);
    println!(
        "build benchmark: {players} players, {tournaments} tournaments ({})",
        root.display()
    );
    println!(
        "machine: {} cores, load average {}",
        cores(),
        load_average()
    );
    for label in ["cold (empty site)", "warm (nothing changed)"] {
        let output = Command::new(std::env::current_exe().unwrap())
            .env(CHILD, &root)
            .output()
            .expect("run child");
        print!("{label}: {}", String::from_utf8_lossy(&output.stdout));
        if !output.status.success() {
            eprintln!("{}", String::from_utf8_lossy(&output.stderr));
            std::process::exit(1);
        }
    }
}

fn run_child(root: &Path) {
    let start = Instant::now();
    let report = ratingbook::build_repository(root, &root.join("site"), &|| {})
        .unwrap_or_else(|e| panic!("build failed: {e}"));
    let wall = start.elapsed();
    let phases: Vec<String> = report
        .timings
        .iter()
        .map(|(name, took)| format!("{name} {:.2} s", took.as_secs_f64()))
        .collect();
    println!(
        "{:.2} s wall, peak memory {} MiB, {} files ({} written); {}",
        wall.as_secs_f64(),
        peak_memory_kib() / 1024,
        report.files,
        report.written.written,
        phases.join(", ")
    );
}

fn repository(players: usize, tournaments: usize) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/bench-data")
        .join(format!("build-{players}-{tournaments}"));
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

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn peak_memory_kib() -> u64 {
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

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}
