//! Build benchmark: `cargo bench --bench build`.
//!
//! Generates a synthetic repository (20 000 players, 2 000 tournaments, about
//! 175 000 games; cached under target/bench-data) and times `build` into an empty
//! site and again with nothing changed. Each build runs in a fresh child process
//! so its peak memory (VmHWM) is its own. Sizes can be set with
//! `BENCH_PLAYERS` and `BENCH_TOURNAMENTS`.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The same allocator as the `ratingbook` binary, so the numbers match it.
#[global_allocator]
static ALLOCATOR: ratingbook::memory::BoundedAllocator = ratingbook::memory::BoundedAllocator;

const CHILD: &str = "RATINGBOOK_BENCH_CHILD";

fn main() {
    if let Ok(root) = std::env::var(CHILD) {
        run_child(Path::new(&root));
        return;
    }
    let players = common::env_number("BENCH_PLAYERS", 20_000);
    let tournaments = common::env_number("BENCH_TOURNAMENTS", 2_000);
    let root = common::repository(players, tournaments);
    let site = root.join("site");
    let _ = std::fs::remove_dir_all(&site);
    println!(
        "build benchmark: {players} players, {tournaments} tournaments ({})",
        root.display()
    );
    println!(
        "machine: {} cores, load average {}",
        cores(),
        common::load_average()
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
        common::peak_memory_kib() / 1024,
        report.files,
        report.written.written,
        phases.join(", ")
    );
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
