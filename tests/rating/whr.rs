//! Whole-History Rating lists in a repository: ratings published with their
//! uncertainty, a list among others in a dataset, parameters out of range
//! reported by `check`. The solver itself is tested against values worked by
//! hand and an independent implementation in `crates/rating-systems/tests/whr.rs`.

use crate::util;

use ratingbook::config::{Config, PoolConfig, SystemKind, WhrConfig};
use ratingbook::model::Membership;
use ratingbook::rating::whr::{self, Game, Options, Whr};
use std::path::Path;

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

fn game(first: usize, second: usize, day: i64, score: f64) -> Game {
    Game {
        first,
        second,
        day,
        score,
    }
}

/// A list rated by Whole-History Rating in a repository: ratings published
/// with their uncertainty on the list, in its CSV and on player pages; the
/// rules page explains the system; no page shows NaN.
#[test]
fn a_whr_list_publishes_ratings_with_their_uncertainty() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("repo");
    util::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("data"),
        &root.join("data"),
    );
    util::write(
        &root,
        "ratingbook.toml",
        "[pools.ataxx-engines]\ntitle = \"Ataxx engines\"\nsystem = \"whr\"\n\n[pools.ataxx-engines.whr]\nw2 = 30\nanchor = 1500\n",
    );
    let out = dir.path().join("site");
    util::build_site(&root, &out);
    let loaded = ratingbook::load::load_repository(&root);
    let pool = &loaded.config.pools["ataxx-engines"];
    assert_eq!(pool.system, SystemKind::Whr);
    let ratings = ratingbook::rating::whr::rate(&loaded.dataset, Some("ataxx-engines"), &pool.whr);
    let best = loaded.dataset.player_index("ataxx-depth-4").unwrap();
    let state = &ratings.players[best];
    let (rating, deviation) = (
        state.rating.unwrap(),
        state.deviation.unwrap().round() as i64,
    );
    assert!(rating > 1500, "{rating}");
    let list = std::fs::read_to_string(out.join("pools/ataxx-engines/ratings.csv")).unwrap();
    assert!(
        list.contains(&format!(",1,Ataxx depth 4,{rating},{deviation},")),
        "{list}"
    );
    let page = std::fs::read_to_string(out.join("pools/ataxx-engines/ratings.html")).unwrap();
    assert!(
        page.contains(&format!(
            "<td class=\"num\">{rating}</td><td class=\"num\">±{deviation}</td>"
        )),
        "{page}"
    );
    let player = std::fs::read_to_string(out.join("players/ataxx-depth-4.html")).unwrap();
    assert!(
        player.contains(&format!(
            "{rating} <abbr title=\"uncertainty: one standard deviation of the rating\">±</abbr> {deviation}</dd>"
        )),
        "{player}"
    );
    assert!(player.contains("Whole-History Rating has no K factor"));
    let rules = std::fs::read_to_string(out.join("pools/ataxx-engines/rules.html")).unwrap();
    assert!(rules.contains("Whole-History Rating"));
    assert!(rules.contains("30 Elo²"), "{rules}");
    for file in [
        "pools/ataxx-engines/ratings.html",
        "players/ataxx-depth-4.html",
        "pools/ataxx-engines/rules.html",
    ] {
        let text = std::fs::read_to_string(out.join(file)).unwrap();
        assert!(!text.contains("NaN") && !text.contains("inf"), "{file}");
    }
}

/// The list's ratings in a dataset: the stronger side of a one-sided history
/// is rated higher, every rating is the anchor plus the solved rating, and
/// the games' expected scores come from the ratings of their day.
#[test]
fn a_list_in_a_dataset() {
    let mut book = util::Book::new();
    for id in ["a", "b", "c"] {
        book.player(id, Membership::Member);
    }
    book.tournament_with(
        &[
            ("a", &["2 1", "3 1"]),
            ("b", &["1 0", ""]),
            ("c", &["", "1 0"]),
        ],
        |t| t.pool = Some("renju".into()),
    );
    let dataset = book.finish();
    let mut config = Config::default();
    let whr_config = WhrConfig {
        w2: 14.0,
        anchor: 2000.0,
        prior_games: 1.0,
    };
    config.pools.insert(
        "renju".into(),
        PoolConfig {
            system: SystemKind::Whr,
            whr: whr_config,
            ..PoolConfig::default()
        },
    );
    let pools = ratingbook::rating::rate_pools(&dataset, &config);
    let ratings = &pools[0].ratings;
    let a = dataset.player_index("a").unwrap();
    let b = dataset.player_index("b").unwrap();
    let c = dataset.player_index("c").unwrap();
    let rating = |p: usize| ratings.players[p].rating.unwrap();
    assert!(rating(a) > 2000 && rating(b) < 2000 && rating(c) < 2000);
    assert_eq!(rating(b), rating(c), "b and c are alike");
    // The same games straight to the solver.
    let day = dataset.tournaments[0].start.days_since_epoch();
    let mut solved = Whr::with_games(
        3,
        &[game(a, b, day, 1.0), game(a, c, day, 1.0)],
        (&whr_config).into(),
        Options::default(),
    );
    solved.solve();
    assert_eq!(
        rating(a),
        (2000.0 + solved.series(a)[0].rating).round() as i32
    );
    let record = &ratings.by_tournament[0][0];
    let expected = record.games[0].expected.get().unwrap();
    let difference = solved.series(a)[0].rating - solved.series(b)[0].rating;
    close(
        expected,
        1.0 / (1.0 + 10f64.powf(-difference / 400.0)),
        1e-3,
    );
    assert!(ratings.players[a].deviation.unwrap() > 0.0);
}

/// Timing on a large repository (not run by default): with
/// `RATINGBOOK_WHR_REPOSITORY` naming a repository whose `ratingbook.toml`
/// has a Whole-History Rating list `renju`, prints the time of the whole
/// solve and of the incremental replay, and checks that the solve converged.
/// `cargo test --release --test rating whr:: -- --ignored --nocapture`
#[test]
#[ignore]
fn timing_on_a_large_repository() {
    let Some(root) = std::env::var_os("RATINGBOOK_WHR_REPOSITORY") else {
        eprintln!("RATINGBOOK_WHR_REPOSITORY is not set; nothing timed");
        return;
    };
    let loaded = ratingbook::load::load_repository(Path::new(&root));
    let config = loaded.config.pools["renju"].whr;
    let started = std::time::Instant::now();
    let (ratings, convergence) =
        whr::rate_with_options(&loaded.dataset, Some("renju"), &config, Options::default());
    let rated = ratings
        .players
        .iter()
        .filter(|p| p.rating.is_some())
        .count();
    eprintln!(
        "whole solve: {rated} players rated in {:.2} s, {convergence:?}",
        started.elapsed().as_secs_f64()
    );
    assert!(convergence.converged);
    // How far the default tolerance stops from the solution: solved again
    // to a millionth of a point.
    let strict = Options {
        tolerance: 1e-6,
        ..Options::default()
    };
    let started = std::time::Instant::now();
    let (exact, convergence) =
        whr::rate_with_options(&loaded.dataset, Some("renju"), &config, strict);
    let differing = ratings
        .players
        .iter()
        .zip(&exact.players)
        .filter(|(a, b)| a.rating != b.rating)
        .count();
    let worst = (0..loaded.dataset.players.len())
        .flat_map(|p| ratings.history(p).zip(exact.history(p)))
        .filter_map(|(a, b)| Some((a.rating_after? - b.rating_after?).abs()))
        .max()
        .unwrap_or(0);
    eprintln!(
        "solved to 1e-6 in {:.2} s, {convergence:?}: {differing} published ratings differ, \
         by at most {worst}",
        started.elapsed().as_secs_f64()
    );
    let started = std::time::Instant::now();
    whr::replay_ratings(&loaded.dataset, Some("renju"), &config);
    eprintln!(
        "incremental replay: {:.2} s",
        started.elapsed().as_secs_f64()
    );
    // How far the incremental replay's last ratings are from the whole solve.
    let mut games = Vec::new();
    for (t, records) in ratings.by_tournament.iter().enumerate() {
        let day = loaded.dataset.tournaments[t].start.days_since_epoch();
        for record in records {
            for g in record.games.iter().filter(|g| g.counted()) {
                let theirs = records.iter().find(|r| r.player == g.opponent).unwrap();
                if record.start_no < theirs.start_no {
                    games.push(game(
                        record.player,
                        g.opponent,
                        day,
                        f64::from(g.half_points) / 2.0,
                    ));
                }
            }
        }
    }
    let players = loaded.dataset.players.len();
    let (_, incremental) = whr::replay(players, &games, (&config).into(), Options::default());
    let mut whole = Whr::with_games(players, &games, (&config).into(), Options::default());
    whole.solve();
    let (mut total, mut worst, mut count) = (0.0, 0.0f64, 0);
    for p in 0..players {
        if let (Some(a), Some(b)) = (incremental.series(p).last(), whole.series(p).last()) {
            let d = (a.rating - b.rating).abs();
            total += d;
            worst = worst.max(d);
            count += 1;
        }
    }
    eprintln!(
        "incremental against whole solve, last ratings of {count} players: mean difference \
         {:.1}, largest {worst:.1} Elo",
        total / f64::from(count.max(1))
    );
}

/// Parameters out of range (w² of 0, NaN, no imagined games) are errors of
/// `check`, naming the key; the engine itself never divides by them.
#[test]
fn parameters_out_of_range_are_reported() {
    let dir = util::sample_repository();
    let config = std::fs::read_to_string(dir.path().join("ratingbook.toml")).unwrap();
    let config = config.replace("system = \"glicko2\"", "system = \"whr\"")
        + "\n[pools.ataxx-engines.whr]\nw2 = 0\nanchor = nan\nprior_games = 0\n";
    util::write(dir.path(), "ratingbook.toml", &config);
    let (checked, errors) = util::check_with_errors(dir.path());
    for key in ["whr.w2 = 0", "whr.anchor = NaN", "whr.prior_games = 0"] {
        assert!(errors.iter().any(|e| e.contains(key)), "{key}: {errors:?}");
    }
    let bad = WhrConfig {
        w2: 0.0,
        anchor: 1500.0,
        prior_games: f64::NAN,
    };
    let dataset = &checked.loaded.dataset;
    let ratings = whr::rate(dataset, Some("ataxx-engines"), &bad);
    let rated = ratings
        .players
        .iter()
        .filter(|s| s.rating.is_some())
        .count();
    assert_eq!(rated, 4);
    for state in &ratings.players {
        assert!(state.deviation.is_none_or(f64::is_finite));
    }
}
