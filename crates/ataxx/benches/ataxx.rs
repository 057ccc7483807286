//! Ataxx benchmark: perft 1..7 from the start position and search depth in 1 s.
//! Run with `cargo bench --bench ataxx`.
use std::time::{Duration, Instant};

use ataxx::search::{Limits, Searcher};
use ataxx::{perft, Position};

fn main() {
    let pos = Position::start();
    let max_depth: u32 = std::env::var("ATAXX_PERFT_MAX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(7);
    for depth in 1..=max_depth {
        let start = Instant::now();
        let nodes = perft(&pos, depth);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "perft({depth}) = {nodes:>12}  {secs:>9.4} s  {:>14.0} nodes/s",
            nodes as f64 / secs.max(1e-9)
        );
    }
    let mut searcher = Searcher::new(22);
    let info = searcher.search(&pos, Limits::movetime(Duration::from_secs(1)), |_| {});
    println!(
        "search 1 s from start: depth {} score {} nodes {} nps {} best {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps(),
        info.best().map_or("none".to_string(), |m| m.to_string())
    );
}
