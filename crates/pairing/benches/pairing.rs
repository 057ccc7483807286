//! Pairing benchmark: time and peak memory of the Dutch engine for round 2
//! and for the last round of generated events of 20 to 5000 players.
//!
//! Run with `cargo bench --bench pairing` (release build). Each case runs in
//! a child process so its peak resident memory (VmHWM) is its own; the
//! events are generated once (by the engine itself) and cached under
//! `target/bench-data/`. `RB_BENCH_SIZES=20,100` limits the sizes.
use pairing::generate::{generate_trf, GenerateOptions};
use pairing::{dutch, PairingInput};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn peak_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

/// CPU time of this (single-threaded) process in ms, from
/// `/proc/self/schedstat` (time on CPU in ns); the machine is shared, so
/// wall time alone overstates the engine's cost under load.
fn cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .next()
                .and_then(|v| v.parse::<f64>().ok())
        })
        .map(|ns| ns / 1e6)
        .unwrap_or(0.0)
}

fn child(file: &str, round: u32) {
    let text = std::fs::read_to_string(file).expect("bench file");
    let doc = trf::parse(&text).expect("valid TRF");
    let input = PairingInput::from_trf(&doc, round, true).expect("valid input");
    let t = Instant::now();
    let c = cpu_ms();
    let p = dutch::pair_dutch(&input).expect("pairing");
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let cpu = cpu_ms() - c;
    println!("{ms:.1} {} {} {cpu:.1}", p.boards.len(), peak_kb());
}

fn event(dir: &Path, n: u32, rounds: u32, play: u32) -> PathBuf {
    let path = dir.join(format!("n{n}_r{rounds}_p{play}.trf"));
    if !path.exists() {
        let mut o = GenerateOptions::new(n, rounds, 2026);
        o.play_rounds = Some(play);
        let t = Instant::now();
        let doc = generate_trf(&o).expect("generated event");
        std::fs::write(&path, doc.write()).expect("write bench file");
        eprintln!(
            "  generated {} in {:.1} s",
            path.display(),
            t.elapsed().as_secs_f64()
        );
    }
    path
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--child") {
        child(&args[i + 1], args[i + 2].parse().expect("round"));
        return;
    }
    let sizes: Vec<u32> = std::env::var("RB_BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![20, 100, 500, 1000, 2000, 5000]);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/bench-data");
    std::fs::create_dir_all(&dir).expect("bench dir");
    let exe = std::env::current_exe().expect("current exe");
    println!("| players | rounds | round paired | boards | wall time (ms) | CPU time (ms) | peak RSS (MiB) |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for &n in &sizes {
        let rounds = if n <= 100 { 9 } else { 11 };
        for round in [2, rounds] {
            let file = event(&dir, n, rounds, round - 1);
            let out = Command::new(&exe)
                .arg("--child")
                .arg(&file)
                .arg(round.to_string())
                .output()
                .expect("child run");
            let line = String::from_utf8_lossy(&out.stdout);
            let v: Vec<&str> = line.split_whitespace().collect();
            if v.len() == 4 {
                let kb: f64 = v[2].parse().unwrap_or(0.0);
                println!(
                    "| {n} | {rounds} | {round} | {} | {} | {} | {:.1} |",
                    v[1],
                    v[0],
                    v[3],
                    kb / 1024.0
                );
            } else {
                println!(
                    "| {n} | {rounds} | {round} | failed: {} |",
                    String::from_utf8_lossy(&out.stderr).trim()
                );
            }
        }
    }
}
