//! Diff and check benchmark: `cargo bench --bench diff`.
//!
//! For each size of the build benchmark (`BENCH_SIZES`, by default 30 000,
//! 100 000 and 300 000 players), its generated repository is copied into a
//! git repository once (cached under `BENCH_DATA` or target/bench-data);
//! then one result is reversed, in the newest tournament and in one two
//! thirds of the way back (whose change ripples through later ratings), and
//! `ratingbook check` and `ratingbook diff --base HEAD` are run three times
//! each as a maintainer or CI runs them: in a fresh checkout, and after a
//! build of the site (whose parsed records and kept ratings both take
//! over). Each run's wall time, CPU time (user and system) and peak memory
//! (the child's maximum resident set, from `wait4`) are printed: the
//! middle of three for the times, the largest for memory.

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
    println!("diff benchmark: load average {}", common::load_average());
    println!(
        "| players | tournaments | change | site built before | players changed | check wall s | check cpu s | check peak MiB | diff wall s | diff cpu s | diff peak MiB | load |"
    );
    println!("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|");
    for (players, tournaments) in common::sizes() {
        bench_size(players, tournaments);
    }
}

/// The rows of one size.
fn bench_size(players: usize, tournaments: usize) {
    let repo = git_repository(players, tournaments);
    let tables = ratingbook::generate::edit::crosstables_by_start(&repo);
    let older = tables.get(tables.len() / 3);
    for built in [false, true] {
        git(&repo, &["checkout", "-q", "--", "."]);
        let _ = std::fs::remove_dir_all(repo.join("site"));
        let _ = std::fs::remove_dir_all(repo.join(".ratingbook-cache"));
        if built {
            measured(&repo, &["build"]);
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
            let check = Runs::of(|| measured(&repo, &["check"]));
            let mut changed = 0;
            let diff = Runs::of(|| {
                let run = measured(&repo, &["diff", "--base", "HEAD", "--format", "json"]);
                let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
                changed = json["diff"]["players_changed"]
                    .as_array()
                    .map_or(0, Vec::len);
                run
            });
            let built = if built { "yes" } else { "no" };
            println!(
                "| {players} | {tournaments} | {label} | {built} | {changed} | {} | {} | {} |",
                check.columns(),
                diff.columns(),
                common::load_average()
            );
        }
    }
    git(&repo, &["checkout", "-q", "--", "."]);
}

/// One run of the program.
struct Run {
    wall: f64,
    cpu: f64,
    peak_mib: u64,
    stdout: Vec<u8>,
}

/// Three runs of one command.
struct Runs(Vec<Run>);

impl Runs {
    fn of(mut run: impl FnMut() -> Run) -> Runs {
        Runs((0..3).map(|_| run()).collect())
    }

    /// The middle wall and CPU time, and the largest peak memory.
    fn columns(&self) -> String {
        let middle = |value: fn(&Run) -> f64| {
            let mut values: Vec<f64> = self.0.iter().map(value).collect();
            values.sort_by(f64::total_cmp);
            values[values.len() / 2]
        };
        let peak = self.0.iter().map(|r| r.peak_mib).max().unwrap_or(0);
        format!(
            "{:.2} | {:.2} | {peak}",
            middle(|r| r.wall),
            middle(|r| r.cpu)
        )
    }
}

/// Runs `ratingbook <args> --root <repo>`, which must succeed: its wall
/// time, CPU time and peak memory, and what it printed.
// The child is reaped by `wait4` in `wait_with_usage`, not `Child::wait`.
#[allow(clippy::zombie_processes)]
fn measured(repo: &Path, args: &[&str]) -> Run {
    use std::io::Read as _;
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ratingbook"))
        .args(args)
        .arg("--root")
        .arg(repo)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    let mut err = Vec::new();
    let _ = stderr.read_to_end(&mut err);
    let (status, usage) = wait_with_usage(&child);
    let wall = started.elapsed().as_secs_f64();
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "ratingbook {args:?}: {}",
        String::from_utf8_lossy(&err)
    );
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Run {
        wall,
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        peak_mib: usage.ru_maxrss as u64 / 1024,
        stdout: out.join().unwrap(),
    }
}

/// Waits for `child`: its wait status and the resources it used, that
/// child's alone (`wait4`, which `std` does not offer).
fn wait_with_usage(child: &std::process::Child) -> (i32, libc::rusage) {
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of that plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: `pid` is this process's own child, not waited for before
    // (`Child::wait` is never called on it); the pointers are to locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    (status, usage)
}
