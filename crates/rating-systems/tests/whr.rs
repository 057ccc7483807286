//! Whole-History Rating (Coulom 2008) against values worked by hand from the
//! paper's model and against an independent implementation.
//!
//! - Hand-worked: the two-player cases of one day, where by symmetry the two
//!   ratings are `±x` and the maximum of the posterior is the root of a cubic
//!   in `u = eˣ`, solved here by Cardano's formula or by bisection (test code,
//!   not the engine).
//! - Differential: the PyPI package `whole-history-rating` 3.7.1 (a port of
//!   the Ruby gem goshrine/whole_history_rating, which follows the paper),
//!   run by `tests/whr/reference.py` with the paper's prior (one win and one
//!   loss against rating 0) and no Hessian damping, on several shapes of
//!   input; every rating and every uncertainty must agree within
//!   [`AGREEMENT`] Elo. Without Python and the package the test
//!   fails unless `RATINGBOOK_SKIP_WHR_REFERENCE=1` (`scripts/install-test-deps`
//!   installs it).

use rating_systems::whr::{self, Game, Options, Params, Whr};
use std::path::{Path, PathBuf};
use std::process::Command;

/// How closely ratings and uncertainties must agree with the reference, in Elo.
const AGREEMENT: f64 = 0.001;

const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

fn tight() -> Options {
    Options {
        tolerance: 1e-9,
        max_sweeps: 100_000,
        incremental_sweeps: 10,
        full_sweep_games: 5000,
    }
}

fn paper(w2: f64) -> Params {
    Params {
        w2,
        prior_games: 1.0,
    }
}

fn game(first: usize, second: usize, day: i64, score: f64) -> Game {
    Game {
        first,
        second,
        day,
        score,
    }
}

/// Two players, one day, A beats B. By symmetry rA = x = −rB. A's gradient:
/// from the prior (a win and a loss against 0) `1 − 2σ(x) = −tanh(x/2)`, from
/// the game `1 − σ(2x) = 1 / (1 + e^(2x))`. Zero when, with u = eˣ,
/// `(u − 1)(1 + u²) = u + 1`, i.e. `u³ − u² − 2 = 0`; Cardano:
/// `u = (1 + ∛(28 + √783) + ∛(28 − √783)) / 3 = 1.69562…`, so
/// x = 400 log₁₀ u = 91.7315 Elo. The uncertainty: minus A's second
/// derivative is `2σ(x)(1 − σ(x)) + σ(2x)(1 − σ(2x)) = 2u/(1 + u)² + u²/(1 + u²)²`,
/// and the deviation is `1/√that` in natural units.
#[test]
fn two_players_one_day_by_hand() {
    let root = 783f64.sqrt();
    let u = (1.0 + (28.0 + root).cbrt() + (28.0 - root).cbrt()) / 3.0;
    close(u * u * u - u * u - 2.0, 0.0, 1e-12);
    let rating = 400.0 * u.log10();
    close(rating, 91.7315, 0.0001);
    let curvature = 2.0 * u / (1.0 + u).powi(2) + u * u / (1.0 + u * u).powi(2);
    let deviation = ELO_PER_NAT / curvature.sqrt();

    let mut solved = Whr::with_games(2, &[game(0, 1, 100, 1.0)], paper(14.0), tight());
    assert!(solved.solve().converged);
    let a = solved.series(0);
    let b = solved.series(1);
    assert_eq!(a.len(), 1);
    close(a[0].rating, rating, 1e-6);
    close(b[0].rating, -rating, 1e-6);
    close(a[0].deviation, deviation, 1e-6);
    close(b[0].deviation, deviation, 1e-6);
}

/// A draw counts as half a win and half a loss. A beats B once and draws
/// once on the same day: A's score 1.5 of 2, so the gradient is
/// `−tanh(x/2) + 1.5 − 2σ(2x) = 0`; with u = eˣ, σ(2x) = u²/(1 + u²):
/// `(u − 1)(1 + u²) = (u + 1)(1.5 − 0.5u²)`, i.e. `3u³ − u² − u − 5 = 0`,
/// solved by bisection.
#[test]
fn a_win_and_a_draw_by_hand() {
    let f = |u: f64| 3.0 * u.powi(3) - u * u - u - 5.0;
    let (mut low, mut high) = (1.0, 2.0);
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if f(mid) > 0.0 {
            high = mid;
        } else {
            low = mid;
        }
    }
    let rating = 400.0 * low.log10();
    let games = [game(0, 1, 5, 1.0), game(0, 1, 5, 0.5)];
    let mut solved = Whr::with_games(2, &games, paper(14.0), tight());
    assert!(solved.solve().converged);
    close(solved.series(0)[0].rating, rating, 1e-6);
    close(solved.series(1)[0].rating, -rating, 1e-6);
}

/// A player who only ever wins keeps a finite rating (the first-day prior),
/// the solve converges, and no number is NaN; the same with extreme
/// parameters (a tiny and a huge w², a long gap between days).
#[test]
fn only_winning_stays_finite() {
    for w2 in [0.01, 14.0, 100_000.0] {
        let games: Vec<Game> = (0..200)
            .map(|i| game(0, 1 + i % 5, i as i64 * 400, 1.0))
            .collect();
        let mut solved = Whr::with_games(6, &games, paper(w2), Options::default());
        let convergence = solved.solve();
        assert!(convergence.converged, "{w2}: {convergence:?}");
        for p in 0..6 {
            for point in solved.series(p) {
                assert!(point.rating.is_finite() && point.deviation.is_finite());
                assert!(point.deviation > 0.0);
            }
        }
        let best = solved.series(0);
        assert!(best.last().unwrap().rating > 200.0, "{w2}: {best:?}");
    }
}

/// An iteration cap ends the solve with a clear result: not converged, the
/// sweeps it ran, and finite ratings.
#[test]
fn the_sweep_cap_ends_the_solve() {
    let games: Vec<Game> = (0..60)
        .map(|i| {
            game(
                i % 7,
                (i * 3 + 1) % 7,
                i as i64 / 3,
                f64::from(i as u32 % 2),
            )
        })
        .filter(|g| g.first != g.second)
        .collect();
    let options = Options {
        tolerance: 1e-12,
        max_sweeps: 2,
        incremental_sweeps: 1,
        full_sweep_games: 0,
    };
    let mut solved = Whr::with_games(7, &games, paper(14.0), options);
    let convergence = solved.solve();
    assert!(!convergence.converged);
    assert_eq!(convergence.sweeps, 2);
    assert!(convergence.last_change.is_finite());
    assert!((0..7).all(|p| solved.series(p).iter().all(|x| x.rating.is_finite())));
}

/// The incremental replay predicts each day's games from the ratings of the
/// days before: the first day's games are even, and a later game's
/// prediction does not change when a later result is flipped.
#[test]
fn replay_uses_only_earlier_days() {
    let games = vec![
        game(0, 1, 1, 1.0),
        game(1, 2, 1, 1.0),
        game(0, 2, 3, 1.0),
        game(2, 1, 7, 0.0),
    ];
    let (before, _) = whr::replay(3, &games, paper(14.0), Options::default());
    assert_eq!(before[0].expected(), 0.5);
    assert_eq!(before[1].expected(), 0.5);
    assert!(before[2].expected() > 0.5, "{:?}", before[2]);
    let mut flipped = games.clone();
    flipped[3].score = 1.0;
    let (after, _) = whr::replay(3, &flipped, paper(14.0), Options::default());
    assert_eq!(&before[..3], &after[..3]);
    // The day-3 game is predicted from the day-1 ratings alone: a fresh solve
    // of the day-1 games gives the same ratings.
    let mut day_one = Whr::with_games(3, &games[..2], paper(14.0), Options::default());
    day_one.solve();
    close(before[2].first, day_one.series(0)[0].rating, 0.05);
    close(before[2].second, day_one.series(2)[0].rating, 0.05);
}

/// A small deterministic generator (xorshift), for the shapes of input.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `games` games among `players` players over days drawn from `days`,
/// results drawn from hidden strengths 150 Elo apart per player.
fn random_games(seed: u64, players: usize, games: usize, days: &[i64]) -> Vec<Game> {
    let mut random = Random(seed);
    let mut out = Vec::new();
    while out.len() < games {
        let a = random.below(players as u64) as usize;
        let b = random.below(players as u64) as usize;
        if a == b {
            continue;
        }
        let day = days[random.below(days.len() as u64) as usize];
        let difference = (b as f64 - a as f64) * 150.0 / 400.0;
        let p = 1.0 / (1.0 + 10f64.powf(difference));
        out.push(game(a, b, day, if random.unit() < p { 1.0 } else { 0.0 }));
    }
    out
}

/// The shapes compared with the reference: (name, w², players, games).
fn shapes() -> Vec<(&'static str, f64, usize, Vec<Game>)> {
    let long_gaps = vec![
        game(0, 1, 0, 1.0),
        game(1, 2, 0, 1.0),
        game(2, 0, 0, 0.0),
        game(0, 1, 500, 0.0),
        game(0, 2, 2000, 1.0),
        game(1, 2, 2001, 0.0),
        game(0, 1, 3650, 0.0),
    ];
    let one_winner: Vec<Game> = (0..24)
        .map(|i| game(0, 1 + i % 4, i as i64 * 30, 1.0))
        .chain((0..12).map(|i| game(1 + i % 4, 1 + (i + 1) % 4, i as i64 * 30 + 3, 1.0)))
        .collect();
    let few_days: Vec<i64> = (0..8).collect();
    let many_days: Vec<i64> = (0..120).map(|d| d * 7).collect();
    vec![
        ("two players, one game", 14.0, 2, vec![game(0, 1, 1, 1.0)]),
        (
            "three players, few days",
            14.0,
            3,
            random_games(11, 3, 30, &few_days),
        ),
        ("long gaps", 14.0, 3, long_gaps.clone()),
        ("long gaps, w² 300", 300.0, 3, long_gaps),
        ("one player only winning", 14.0, 5, one_winner),
        (
            "many players",
            14.0,
            60,
            random_games(5, 60, 1500, &many_days),
        ),
        (
            "many players, w² 2",
            2.0,
            40,
            random_games(9, 40, 600, &many_days),
        ),
    ]
}

/// The Python interpreter with the reference package, if any.
fn reference_python() -> Option<PathBuf> {
    test_tools::reference_python("import whr; whr.WHR")
}

/// The reference's ratings: per player, (day, rating, deviation) in Elo.
fn reference(python: &Path, w2: f64, games: &[Game]) -> serde_json::Value {
    use std::io::Write;
    let input = serde_json::json!({
        "w2": w2,
        "prior_games": 1.0,
        "games": games.iter().map(|g| (g.first, g.second, g.day, g.score)).collect::<Vec<_>>(),
    });
    let mut child = Command::new(python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/whr/reference.py"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the reference runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the reference failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn agrees_with_the_independent_implementation() {
    let python = reference_python();
    let install = "Python with the `whole-history-rating` package in target/reference-python";
    if !test_tools::require_tool("whr-reference", python.is_some(), install) {
        return;
    }
    let python = python.unwrap();
    let mut report = Vec::new();
    for (name, w2, players, games) in shapes() {
        let theirs = reference(&python, w2, &games);
        let mut ours = Whr::with_games(players, &games, paper(w2), tight());
        let convergence = ours.solve();
        assert!(convergence.converged, "{name}: {convergence:?}");
        let (mut worst_rating, mut worst_deviation, mut points) = (0.0f64, 0.0f64, 0);
        for p in 0..players {
            let series = ours.series(p);
            let Some(expected) = theirs.get(p.to_string()).and_then(|v| v.as_array()) else {
                assert!(series.is_empty(), "{name}: player {p} only here");
                continue;
            };
            assert_eq!(series.len(), expected.len(), "{name}: player {p}'s days");
            for (point, row) in series.iter().zip(expected) {
                let row: Vec<f64> = row
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_f64().unwrap())
                    .collect();
                assert_eq!(point.day as f64, row[0], "{name}: player {p}");
                worst_rating = worst_rating.max((point.rating - row[1]).abs());
                worst_deviation = worst_deviation.max((point.deviation - row[2]).abs());
                points += 1;
            }
        }
        report.push(format!(
            "{name}: {points} ratings, largest difference {worst_rating:.2e} Elo in rating, \
             {worst_deviation:.2e} Elo in uncertainty"
        ));
        assert!(
            worst_rating <= AGREEMENT && worst_deviation <= AGREEMENT,
            "{}",
            report.join("\n")
        );
    }
    eprintln!("{}", report.join("\n"));
}

/// Days at the ends of the range neither panic nor give an undefined
/// number: a game 2.9 × 10¹¹ years after the others is all but unanchored,
/// so its maximum lies thousands of points out and the capped solve says it
/// has not converged, with finite ratings. Across the widest range of dates
/// (year 1 to 9999) with the largest w² allowed, the solve converges.
#[test]
fn extreme_days_are_handled() {
    let games = [
        game(0, 1, i64::MIN, 1.0),
        game(1, 0, i64::MAX, 1.0),
        game(0, 1, 0, 0.5),
        game(2, 2, 5, 1.0),
    ];
    let options = Options {
        max_sweeps: 50,
        ..Options::default()
    };
    let mut solved = Whr::with_games(3, &games, paper(14.0), options);
    let convergence = solved.solve();
    assert!(!convergence.converged && convergence.last_change.is_finite());
    for p in 0..3 {
        for point in solved.series(p) {
            assert!(point.rating.is_finite() && point.deviation.is_finite());
        }
    }
    let (predictions, _) = whr::replay(3, &games, paper(14.0), Options::default());
    assert!(predictions.iter().all(|p| p.expected().is_finite()));

    let widest = [
        game(0, 1, -719_162, 1.0),
        game(1, 0, 2_932_896, 1.0),
        game(0, 1, 0, 0.5),
    ];
    let mut solved = Whr::with_games(2, &widest, paper(100_000.0), Options::default());
    let convergence = solved.solve();
    assert!(convergence.converged, "{convergence:?}");
}
