//! Build benchmark: `cargo bench --bench build`.
//!
//! For each size (players:tournaments, by default `30000:3000`,
//! `100000:10000` and `300000:30000`, the last about 2.65 million games over
//! 25 years; set `BENCH_SIZES`, e.g. `BENCH_SIZES=3000:300`), generates a
//! repository once (seed 1, kept under `BENCH_DATA`, default
//! target/bench-data) and times builds of its site: cold (no site, no build
//! cache), unchanged, after one new tournament on the newest date (first
//! right after the cold build, which has no previous site to reuse as its
//! staging folder, then `BENCH_REPEAT` times, default 3, with the median
//! printed after them; each time another tournament's results, so that no
//! build finds its own files already made two builds before), each
//! followed by the rebuild that removes it again,
//! after one new tournament on the day after the newest (the list date moves
//! on, as when results come in) and the rebuild that removes it, and
//! after one result edited ten years before the newest (the first decisive
//! game from then on between two players with 30 earlier games each, so
//! that it moves published ratings, and through them everyone's
//! downstream). The repository is
//! put back as it was afterwards. Each build runs in a fresh child process,
//! so its peak memory (VmHWM) is its own, and is followed by `sync`, so the
//! writing back of its files is not charged to the next. Prints one table
//! row per build:
//! wall time, CPU time, each phase (its wall time and the most memory its
//! allocations held at once, which shows what the peak is made of: the data
//! model after loading, the ratings after rating, the pages' working set
//! while rendering), peak memory, files made (rendered),
//! reused from the build cache, written, and bytes written; and the machine's
//! load average, since the machine may be shared. The site and cache of an
//! earlier run are moved aside before the cold build and deleted at the end.

mod common;

use std::path::{Path, PathBuf};
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
    println!(
        "build benchmark: {} cores, load average {}",
        cores(),
        common::load_average()
    );
    println!(
        "| players | tournaments | build | wall s | cpu s | phases (s, most memory in use) | peak MiB | made | reused | written | MB written | load |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut set_aside = Vec::new();
    for (players, tournaments) in common::sizes() {
        let root = common::repository(players, tournaments);
        set_aside.push(set_aside_previous_builds(&root));
        bench_size(&root, players, tournaments);
    }
    for folder in set_aside {
        let _ = std::fs::remove_dir_all(folder);
    }
}

/// Moves the site, its spare and staging folders and the build cache of an
/// earlier run out of the repository, to be deleted after all sizes ran.
///
/// Deleting them just before the cold build would make it slower than any
/// real one: on ext4 without a journal, creating a file skips the inodes
/// freed in the last minute, and a site is hundreds of thousands of them.
fn set_aside_previous_builds(root: &Path) -> PathBuf {
    let folder = root.with_file_name(format!(
        ".set-aside-{}",
        root.file_name().and_then(|n| n.to_str()).unwrap_or("build")
    ));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("make the set-aside folder");
    let earlier = [
        "site",
        ".site.ratingbook-spare",
        ".site.ratingbook-staging",
        ".site.ratingbook-old",
        ".ratingbook-cache",
    ];
    for name in earlier {
        let _ = std::fs::rename(root.join(name), folder.join(name));
    }
    folder
}

/// The sizes to run, from `BENCH_SIZES` or the defaults.
fn bench_size(root: &Path, players: usize, tournaments: usize) {
    // Prints the row of one build; its wall time.
    let row = |label: &str| -> f64 {
        let line = run_build(root);
        // The page cache writes a build's files back to disk after the
        // build: waited for here, so that the next row is not charged for
        // this one's gigabytes.
        let _ = Command::new("sync").status();
        println!(
            "| {players} | {tournaments} | {label} | {line} | {} |",
            common::load_average()
        );
        line.split(" | ")
            .next()
            .and_then(|wall| wall.parse().ok())
            .unwrap_or(f64::NAN)
    };
    row("cold");
    row("unchanged");
    // The first rebuild after a cold build has no spare (the site before
    // the current one) to assemble the new site in; later rebuilds do.
    // The steady case runs `BENCH_REPEAT` times (default 3): on a shared
    // machine one run can be a second off either way.
    let repeat = common::env_number("BENCH_REPEAT", 3).max(1);
    let mut steady = Vec::new();
    for n in 0..=repeat {
        let label = match n {
            0 => "one new tournament, first rebuild".to_string(),
            _ => format!("one new tournament ({n} of {repeat})"),
        };
        // A tournament of its own each time: no build finds in its spare
        // (the site before the previous one) the very files it makes.
        let added = ratingbook::generate::edit::add_another_tournament_at_newest_date(root, n)
            .expect("add a tournament");
        let wall = row(&label);
        if n > 0 {
            steady.push(wall);
        }
        if let Some(table) = &added {
            let _ = std::fs::remove_file(table);
            let _ = std::fs::remove_file(table.with_extension("toml"));
        }
        row("back to unchanged");
    }
    steady.sort_by(f64::total_cmp);
    println!(
        "| {players} | {tournaments} | one new tournament, median of {repeat} | {:.2} | | | | | | | | |",
        steady[steady.len() / 2]
    );
    // As results usually come in: the list date moves on.
    let later = ratingbook::generate::edit::add_tournament_on_a_later_day(root)
        .expect("add a tournament on a later day");
    row("one new tournament on a later day");
    if let Some(table) = &later {
        let _ = std::fs::remove_file(table);
        let _ = std::fs::remove_file(table.with_extension("toml"));
    }
    row("back to unchanged");
    let tables = ratingbook::generate::edit::crosstables_by_start(root);
    let from = ten_years_back(&tables);
    let reverse = || {
        ratingbook::generate::edit::reverse_result_between_regulars(&tables, from, REGULAR_GAMES)
            .expect("edit a result")
    };
    // Without two such players, the first decisive game ten years back.
    let first_decisive = || {
        let table = tables.get(from)?;
        ratingbook::generate::edit::reverse_first_decisive_result(table)
            .expect("edit a result")
            .map(|_| table.clone())
    };
    let regulars = reverse();
    match regulars.clone().or_else(first_decisive) {
        Some(table) => eprintln!("old result edited in {}", table.display()),
        None => eprintln!("no decisive game ten years back: the edit row changes nothing"),
    }
    row("one old result edited");
    // Reversing the same game again puts the result back: the games before
    // it are the same, so it is found again.
    match regulars {
        Some(_) => drop(reverse()),
        None => drop(first_decisive()),
    }
}

/// Earlier games each player of the edited game has: far past the
/// provisional phase, so that the edit moves published ratings.
const REGULAR_GAMES: usize = 30;

/// Where, in `tables` (oldest first), the tournaments ten years before the
/// newest start.
fn ten_years_back(tables: &[PathBuf]) -> usize {
    let year = |t: &Path| -> i32 {
        t.parent()
            .and_then(|d| d.file_name())
            .and_then(|y| y.to_str())
            .and_then(|y| y.parse().ok())
            .unwrap_or(0)
    };
    let newest = tables.last().map_or(0, |t| year(t));
    tables
        .iter()
        .position(|t| year(t) >= newest - 10)
        .unwrap_or(0)
}

/// Builds in a child process; its table cells.
fn run_build(root: &Path) -> String {
    let output = Command::new(std::env::current_exe().expect("own path"))
        .env(CHILD, root)
        .output()
        .expect("run child");
    if !output.status.success() {
        eprintln!("{}", String::from_utf8_lossy(&output.stderr));
        std::process::exit(1);
    }
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

/// One build, in a process set up as the `ratingbook` binary sets up its own.
fn run_child(root: &Path) {
    ratingbook::memory::prefer_ordinary_pages();
    ratingbook::memory::set_limit_from_environment();
    ratingbook::memory::ends_with_command();
    let start = Instant::now();
    let report = ratingbook::build_repository(root, &root.join("site"), &|| {})
        .unwrap_or_else(|e| panic!("build failed: {e}"));
    let wall = start.elapsed();
    let phases: Vec<String> = report
        .timings
        .iter()
        .map(|phase| {
            format!(
                "{} {:.2} ({} MiB)",
                phase.name,
                phase.took.as_secs_f64(),
                phase.peak_live_bytes >> 20
            )
        })
        .collect();
    println!(
        "{:.2} | {:.2} | {} | {} | {} | {} | {} | {:.1}",
        wall.as_secs_f64(),
        cpu_seconds(),
        phases.join(", "),
        common::peak_memory_kib() / 1024,
        report.cached.rendered,
        report.cached.reused,
        report.written.written,
        report.written.bytes_written as f64 / 1e6,
    );
}

/// User and system CPU time of this process so far.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses): utime and
    // stime are the 12th and 13th, in clock ticks (100 per second on Linux).
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
