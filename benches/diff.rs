//! Diff and check benchmark: `cargo bench --bench diff`.
//!
//! The build benchmark's generated repository (20 000 players, 2 000
//! tournaments; `BENCH_PLAYERS`, `BENCH_TOURNAMENTS`) is copied into a git
//! repository once (cached under target/bench-data); then one result is
//! reversed, in the newest tournament and in one two thirds of the way back
//! (whose change ripples through later ratings), and `ratingbook check` and
//! `ratingbook diff --base HEAD` are timed as a maintainer or CI runs them:
//! in a fresh checkout, and after a build of the site (whose parsed records
//! both take over).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "Bench")
        .env("GIT_AUTHOR_EMAIL", "bench@example.org")
        .env("GIT_COMMITTER_NAME", "Bench")
        .env("GIT_COMMITTER_EMAIL", "bench@example.org")
        .status()
        .expect("git");
    assert!(status.success(), "git {args:?}");
}

/// The generated repository under git, made once.
fn git_repository(players: usize, tournaments: usize) -> PathBuf {
    let source = common::repository(players, tournaments);
    let repo = source.with_file_name(format!("diff-{players}-{tournaments}"));
    if !repo.join(".gitignore").is_file() {
        let _ = std::fs::remove_dir_all(&repo);
        copy_tree(&source.join("data"), &repo.join("data"));
        // What `ratingbook init` ignores: the site and what builds keep beside it.
        let ignored = include_str!("../src/init/files/gitignore");
        std::fs::write(repo.join(".gitignore"), ignored).unwrap();
        git(&repo, &["init", "-q", "-b", "main"]);
        git(&repo, &["add", "-A"]);
        git(&repo, &["commit", "-q", "-m", "results"]);
    }
    git(&repo, &["checkout", "-q", "--", "."]);
    repo
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn main() {
    let players = common::env_number("BENCH_PLAYERS", 20_000);
    let tournaments = common::env_number("BENCH_TOURNAMENTS", 2_000);
    let repo = git_repository(players, tournaments);
    println!(
        "diff benchmark: {players} players, {tournaments} tournaments ({})",
        repo.display()
    );
    println!("machine: load average {}", common::load_average());
    println!("| change | site built before | players changed | check s, 3 runs | diff s, 3 runs |");
    println!("|---|---|---:|---|---|");
    let tables = ratingbook::generate::edit::crosstables_by_start(&repo);
    let older = tables.get(tables.len() / 3);
    for built in [false, true] {
        git(&repo, &["checkout", "-q", "--", "."]);
        let _ = std::fs::remove_dir_all(repo.join("site"));
        let _ = std::fs::remove_dir_all(repo.join(".ratingbook-cache"));
        if built {
            run(&repo, &["build"]);
        }
        for (label, table) in [
            ("newest tournament", tables.last()),
            ("a tournament 2/3 back", older),
        ] {
            let table = table.expect("a tournament");
            git(&repo, &["checkout", "-q", "--", "."]);
            ratingbook::generate::edit::reverse_first_decisive_result(table)
                .unwrap()
                .expect("a decisive game");
            let check = (0..3).map(|_| timed(&repo, &["check"]).0);
            let check: Vec<String> = check.map(|t| format!("{t:.2}")).collect();
            let mut changed = 0;
            let mut diff = Vec::new();
            for _ in 0..3 {
                let (time, stdout) = timed(&repo, &["diff", "--base", "HEAD", "--format", "json"]);
                let json: serde_json::Value = serde_json::from_slice(&stdout).unwrap();
                changed = json["diff"]["players_changed"]
                    .as_array()
                    .map_or(0, Vec::len);
                diff.push(format!("{time:.2}"));
            }
            let built = if built { "yes" } else { "no" };
            println!(
                "| {label} | {built} | {changed} | {} | {} |",
                check.join(", "),
                diff.join(", ")
            );
        }
    }
    git(&repo, &["checkout", "-q", "--", "."]);
}

/// Runs `ratingbook <args> --root <repo>`, which must succeed; its wall
/// time in seconds and its output.
fn timed(repo: &Path, args: &[&str]) -> (f64, Vec<u8>) {
    let started = Instant::now();
    let stdout = run(repo, args);
    (started.elapsed().as_secs_f64(), stdout)
}

fn run(repo: &Path, args: &[&str]) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_ratingbook"))
        .args(args)
        .arg("--root")
        .arg(repo)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "ratingbook {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}
