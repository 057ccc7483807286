//! Rating lists kept apart, each by its own system, through the rating
//! book's files: FIDE's monthly lists, EGD handicaps from the crosstable,
//! Glicko-2's periods, the methods page and `evaluate`. The systems' formulas
//! against their official worked examples are tested in
//! `crates/rating-systems/tests/systems.rs`.

use crate::util;

use ratingbook::config::{Config, PoolConfig, RatingConfig, SystemKind};
use ratingbook::model::{Dataset, Membership};
use ratingbook::rating::glicko2::Glicko2Rating;
use ratingbook::rating::{self, fide, glicko2};
use util::Book;

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

fn two_lists() -> (Dataset, Config) {
    let mut book = Book::new();
    for id in ["a", "b", "c"] {
        book.player(id, Membership::Member);
    }
    book.established("x", 2000);
    book.established("y", 2100);
    book.tournament(&[("x", &["2 1"]), ("y", &["1 0"])]);
    book.tournament_with(
        &[
            ("x", &["2 1", "3 1"]),
            ("a", &["1 0", ""]),
            ("b", &["", "1 0"]),
        ],
        |t| t.pool = Some("go".into()),
    );
    book.tournament_with(
        &[
            ("a", &["2 =", "3 1"]),
            ("b", &["1 =", ""]),
            ("c", &["", "1 0"]),
        ],
        |t| t.pool = Some("go".into()),
    );
    let mut config = Config::default();
    config.pools.insert(
        "go".into(),
        PoolConfig {
            system: SystemKind::Glicko2,
            ..PoolConfig::default()
        },
    );
    (book.finish(), config)
}

/// A game in one list never moves a rating in another: changing every result
/// of the `go` list leaves the association's list as it was, and the other
/// way round, whichever system rates the `go` list.
#[test]
fn lists_are_kept_apart() {
    for system in SystemKind::ALL {
        let (dataset, mut config) = two_lists();
        config.pools.get_mut("go").unwrap().system = system;
        let main = rating::rate(&dataset, &RatingConfig::default());
        let pools = rating::rate_pools(&dataset, &config);
        let mut flipped = dataset.clone();
        for t in flipped.tournaments.iter_mut().filter(|t| t.pool.is_some()) {
            for e in &mut t.entries {
                for c in &mut e.cells {
                    if let ratingbook::model::Cell::Game { result, .. } = c {
                        *result = result.complement();
                    }
                }
            }
        }
        assert_eq!(rating::rate(&flipped, &RatingConfig::default()), main);
        let flipped_pools = rating::rate_pools(&flipped, &config);
        assert_ne!(flipped_pools, pools, "{system:?}: the go list must change");
        // The association's tournament has no records in the go list, and the other way round.
        let go = &pools[0].ratings;
        assert!(go.by_tournament[dataset
            .tournaments
            .iter()
            .position(|t| t.pool.is_none())
            .unwrap()]
        .is_empty());
        let go_index = dataset
            .tournaments
            .iter()
            .position(|t| t.pool.is_some())
            .unwrap();
        assert!(main.by_tournament[go_index].is_empty());
        // x played in both lists: its association rating moved only by its own tournament.
        let x = dataset.player_index("x").unwrap();
        assert_eq!(main.player_records[x].len(), 2, "setup and the one game");
        assert_eq!(go.player_records[x].len(), 1);
        // c played only in the go list: not on the association's list.
        let c = dataset.player_index("c").unwrap();
        assert_eq!(main.players[c].phase, rating::Phase::Unrated);
    }
}

/// The Glicko-2 list of the sample `two_lists`: after one tournament, a new
/// player's rating is the paper's formula applied to the period: a, new at
/// 1500/350/0.06, draws b (new) and beats c (new).
#[test]
fn glicko2_list_uses_one_period_per_tournament() {
    let (dataset, config) = two_lists();
    let go = &rating::rate_pools(&dataset, &config)[0].ratings;
    let new = Glicko2Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };
    // First go tournament: a loses to x (new too in this list).
    let a1 = glicko2::rating_period(new, &[(new, 0.0)], 0.5);
    let b1 = glicko2::rating_period(new, &[(new, 0.0)], 0.5);
    let a2 = glicko2::rating_period(a1, &[(b1, 0.5), (new, 1.0)], 0.5);
    let a = dataset.player_index("a").unwrap();
    assert_eq!(go.players[a].rating, Some(a2.rating.round() as i32));
    close(go.players[a].deviation.unwrap(), a2.deviation, 1e-9);
}

/// On generated data, whose results are drawn from hidden strengths with
/// `1 / (1 + 10^((Sb − Sa) / 400))` as the expected score, the predictor that
/// knows those strengths scores better than every system replayed, and every
/// system but FIDE's monthly lists does better than a coin (log loss ln 2 =
/// 0.693).
#[test]
fn evaluate_ranks_the_hidden_model_first_on_generated_data() {
    use ratingbook::model::Cell;
    use ratingbook::rating::evaluate::{default_candidates, evaluate, score, Prediction};
    let dir = tempfile::tempdir().unwrap();
    let options = ratingbook::generate::Options {
        players: 120,
        tournaments: 60,
        seed: 7,
    };
    ratingbook::generate::write_repository(dir.path(), &options).unwrap();
    let strengths = ratingbook::generate::hidden_strengths(&options);
    let loaded = ratingbook::load::load_repository(dir.path());
    let dataset = &loaded.dataset;
    let scores = evaluate(
        dataset,
        &loaded.config,
        None,
        &default_candidates(&PoolConfig::default()),
    );
    let mut oracle = Vec::new();
    for t in dataset.tournaments.iter().filter(|t| t.rated) {
        for e in &t.entries {
            let own = dataset.player(e.player.as_str()).unwrap();
            for cell in &e.cells {
                let Cell::Game {
                    opponent, result, ..
                } = *cell
                else {
                    continue;
                };
                let theirs = dataset
                    .player(t.entries[opponent as usize - 1].player.as_str())
                    .unwrap();
                let rated =
                    own.membership != Membership::Other && theirs.membership != Membership::Other;
                if result.is_played() && opponent > e.start_no && rated {
                    let difference = strengths[theirs.id.as_str()] - strengths[own.id.as_str()];
                    oracle.push(Prediction {
                        p: 1.0 / (1.0 + 10f64.powf(difference / 400.0)),
                        s: f64::from(result.half_points()) / 2.0,
                    });
                }
            }
        }
    }
    let oracle = score("hidden strengths", &oracle);
    assert!(oracle.games > 1000, "{}", oracle.games);
    for s in &scores {
        assert_eq!(s.games, oracle.games, "{}", s.label);
        assert!(
            oracle.log_loss < s.log_loss,
            "{} {} vs {}",
            s.label,
            s.log_loss,
            oracle.log_loss
        );
        assert!(oracle.brier < s.brier, "{}", s.label);
        // The generator holds ten tournaments a month, where FIDE's monthly
        // lists keep ratings a month old and the 700 cap holds K near 10: its
        // predictions are stale by design, so it is not held to beat a coin.
        if s.label == "fide" {
            continue;
        }
        assert!(
            s.log_loss < std::f64::consts::LN_2,
            "{} {}",
            s.label,
            s.log_loss
        );
    }
}

/// A tournament naming a list that is not configured is an error at its
/// `pool` field, with the closest configured list suggested.
#[test]
fn an_unknown_list_is_an_error_with_a_suggestion() {
    let dir = tempfile::tempdir().unwrap();
    util::sample_with_engines_in_association_list(dir.path());
    util::edit(
        dir.path(),
        "data/tournaments/2026/ataxx-gauntlet-2026-01-01.toml",
        "illustrative = false\n",
        "illustrative = false\npool = \"ataxx-engine\"\n",
    );
    let checked = ratingbook::pipeline::check_repository(dir.path());
    let problem = checked
        .diagnostics
        .iter()
        .find(|d| d.message.contains("unknown rating list `ataxx-engine`"))
        .expect("the unknown list is reported");
    assert!(problem.is_error());
    assert_eq!(problem.field.as_deref(), Some("pool"));
    assert!(problem
        .hint
        .as_deref()
        .unwrap_or("")
        .contains("did you mean `ataxx-engines`?"));
}

/// With `[output] methods = true` the site gets `methods.html`: one section
/// per list, the candidates' scores as `evaluate` computes them and the
/// calibration chart of the best.
#[test]
fn the_methods_page_shows_every_list() {
    use ratingbook::rating::evaluate::{default_candidates, evaluate};
    let dir = tempfile::tempdir().unwrap();
    util::sample_with_engines_in_association_list(dir.path());
    let config = std::fs::read_to_string(dir.path().join("ratingbook.toml")).unwrap();
    util::write(
        dir.path(),
        "ratingbook.toml",
        &(config + "\n[output]\nmethods = true\n"),
    );
    let out = dir.path().join("site");
    util::build_site(dir.path(), &out);
    let page = std::fs::read_to_string(out.join("methods.html")).unwrap();
    assert!(page.contains("<h2>The association&#39;s list</h2>"));
    assert!(page.contains("<h2>Ataxx engines</h2>"));
    assert!(page.contains("<svg class=\"chart\""));
    let loaded = ratingbook::load::load_repository(dir.path());
    let association = PoolConfig {
        rating: loaded.config.rating.clone(),
        ..PoolConfig::default()
    };
    let best = &evaluate(
        &loaded.dataset,
        &loaded.config,
        None,
        &default_candidates(&association),
    )[0];
    assert!(page.contains(&format!(
        "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{:.4}</td>",
        best.label, best.games, best.log_loss
    )));
    assert!(std::fs::read_to_string(out.join("index.html"))
        .unwrap()
        .contains("href=\"methods.html\""));
}

/// The sample's engines rated by FIDE's regulations, each starting at an
/// international rating (depth 1 to 4: 1500, 1600, 1700, 1800), worked by
/// hand: 30 games with fewer than 30 before, so K = 40, lowered to 23 since
/// 40 × 30 > 700 (23 × 30 = 690). Depth 4 beats depth 1 ten times (D = 300:
/// We .85, +3.45 a game), depth 2 ten times (D = 200: .76) and depth 3 nine
/// times in ten (D = 100: .64): Σ (W − We) = 1.5 + 2.4 + 2.6 = 6.5, and
/// 23 × 6.5 = 149.5 rounds to +150: 1950. Each game shows, as FIDE's
/// calculator does, the opponent's rating, the difference (1800 − 1500 =
/// 300), We, K and K × (W − We).
#[test]
fn a_fide_list_shows_each_games_working() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("repo");
    util::copy_tree(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data"),
        &root.join("data"),
    );
    for (depth, rating) in [(1, 1500), (2, 1600), (3, 1700), (4, 1800)] {
        util::edit(
            &root,
            &format!("data/players/ataxx-depth-{depth}.toml"),
            "membership = \"member\"",
            &format!("membership = \"member\"\ninternational_rating = {rating}"),
        );
    }
    util::write(
        &root,
        "ratingbook.toml",
        "[pools.ataxx-engines]\ntitle = \"Ataxx engines\"\nsystem = \"fide\"\n",
    );
    let out = dir.path().join("site");
    util::build_site(&root, &out);
    let page = std::fs::read_to_string(out.join("players/ataxx-depth-4.html")).unwrap();
    assert!(
        page.contains(r#"Ataxx depth 1</a></td><td class="wrap">1</td><td class="num opt">1500</td><td class="num opt">300</td><td class="num opt">0.85</td><td class="num opt">23</td><td class="num">+3.45</td>"#),
        "{page}"
    );
    let list = std::fs::read_to_string(out.join("pools/ataxx-engines/ratings.csv")).unwrap();
    assert!(
        list.contains(",1,Ataxx depth 4,1950,,30,2026-01-01,true\n"),
        "{list}"
    );
    // Played on 1 January 2026, before the February list's closing date (29
    // January): rated on the 1 February list, from the 1 January list.
    let event =
        std::fs::read_to_string(out.join("tournaments/ataxx-gauntlet-2026-01-01.html")).unwrap();
    assert!(
        event.contains("Rated on the list of February 1, 2026, from the ratings of the list in force when the tournament started (January 1, 2026)"),
        "{event}"
    );
}

/// A FIDE-rated list: players with the given international ratings (none
/// for `None`), all members.
fn fide_book(players: &[(&str, Option<u32>)]) -> Book {
    let mut book = Book::new();
    for &(id, rating) in players {
        book.player(id, Membership::Member).international_rating = rating;
    }
    book
}

/// A tournament of the `fide` list played from `start` to `end` (`YYYY-MM-DD`).
fn fide_tournament(book: &mut Book, start: &str, end: &str, rows: &[(&str, &[&str])]) -> usize {
    let (start, end) = (
        ratingbook::model::Date::parse(start).unwrap(),
        ratingbook::model::Date::parse(end).unwrap(),
    );
    book.tournament_with(rows, |t| {
        t.start = start;
        t.end = end;
        t.pool = Some("fide".into());
    })
}

fn rate_fide(dataset: &Dataset) -> rating::Ratings {
    let mut config = Config::default();
    config.pools.insert(
        "fide".into(),
        PoolConfig {
            system: SystemKind::Fide,
            ..PoolConfig::default()
        },
    );
    rating::rate_pools(dataset, &config).remove(0).ratings
}

fn fide_rating(dataset: &Dataset, ratings: &rating::Ratings, id: &str) -> Option<i32> {
    ratings.players[dataset.player_index(id).unwrap()].rating
}

/// FIDE Rating Regulations (2024), the official rating list: a list is
/// published on the first day of each month, and its closing date is three
/// days before it; a tournament ending on or before the closing date is
/// rated on that list, a later one on the next.
#[test]
fn fide_tournaments_go_on_the_list_after_their_closing_date() {
    let date = |d| ratingbook::model::Date::parse(d).unwrap();
    assert_eq!(fide::rated_on_list(date("2000-01-10")), date("2000-02-01"));
    // 1 February − 3 days = 29 January, the closing date of the February list.
    assert_eq!(fide::rated_on_list(date("2000-01-29")), date("2000-02-01"));
    assert_eq!(fide::rated_on_list(date("2000-01-30")), date("2000-03-01"));
    // 1 January 2001 − 3 days = 29 December 2000.
    assert_eq!(fide::rated_on_list(date("2000-12-30")), date("2001-02-01"));
    assert_eq!(fide::rated_on_list(date("2000-12-29")), date("2001-01-01"));
    assert_eq!(fide::list_in_force(date("2000-03-20")), date("2000-03-01"));
}

/// Two tournaments ending in March 2000 go on the 1 April list together, both
/// rated from the 1 March list (FIDE Rating Regulations 2024: one-month
/// rating periods, ratings of the list in force at the tournament's start,
/// 8.3.2: the change is Σ K × (W − We) over the period). Worked by hand
/// with table 8.1.2 and K 40 (fewer than 30 games, 8.3.3):
/// a (2000) beats b (2100): D −100, We .36, 40 × .64 = +25.6; then a draws
/// c (1900): D +100, We .64, 40 × (.5 − .64) = −5.6. Σ 20.0: a 2020 on the
/// April list. Rated one after the other, a would meet c at 2026
/// (D 126, We .67: −6.8), ending at 2019.
/// c: draw with a at 2000 (not 2026): We .36, 40 × .14 = +5.6: 1906.
/// b: loss to a: We .64, 40 × −.64 = −25.6: 2074.
/// A tournament of April is rated from the April list: a (2020) beats b
/// (2074): D −54, We .42, 40 × .58 = +23.2: 2043.
#[test]
fn fide_tournaments_of_one_month_are_rated_together_from_the_same_list() {
    let mut book = fide_book(&[("a", Some(2000)), ("b", Some(2100)), ("c", Some(1900))]);
    let first = fide_tournament(
        &mut book,
        "2000-03-05",
        "2000-03-05",
        &[("a", &["2 1"]), ("b", &["1 0"])],
    );
    let second = fide_tournament(
        &mut book,
        "2000-03-20",
        "2000-03-21",
        &[("a", &["2 ="]), ("c", &["1 ="])],
    );
    let dataset = book.finish();
    let ratings = rate_fide(&dataset);
    assert_eq!(fide_rating(&dataset, &ratings, "a"), Some(2020));
    assert_eq!(fide_rating(&dataset, &ratings, "b"), Some(2074));
    assert_eq!(fide_rating(&dataset, &ratings, "c"), Some(1906));
    // Each game as FIDE's calculator shows it: Rc, We, K, K × (W − We).
    let a = &ratings.by_tournament[second][0];
    let game = &a.games[0];
    assert_eq!(game.opponent_rating, Some(1900));
    assert_eq!(game.expected.get(), Some(0.64));
    assert_eq!(game.k.map(|k| k.value()), Some(40.0));
    close(game.change.get().unwrap(), -5.6, 1e-9);
    let won = &ratings.by_tournament[first][0].games[0];
    close(won.change.get().unwrap(), 25.6, 1e-9);
    assert_eq!(a.rating_before, Some(2000));
    assert_eq!(a.rating_after, Some(2020));

    let mut book = fide_book(&[("a", Some(2000)), ("b", Some(2100)), ("c", Some(1900))]);
    fide_tournament(
        &mut book,
        "2000-03-05",
        "2000-03-05",
        &[("a", &["2 1"]), ("b", &["1 0"])],
    );
    fide_tournament(
        &mut book,
        "2000-03-20",
        "2000-03-21",
        &[("a", &["2 ="]), ("c", &["1 ="])],
    );
    fide_tournament(
        &mut book,
        "2000-04-10",
        "2000-04-10",
        &[("a", &["2 1"]), ("b", &["1 0"])],
    );
    let dataset = book.finish();
    assert_eq!(fide_rating(&dataset, &rate_fide(&dataset), "a"), Some(2043));
}

/// A tournament that starts before a list and ends after its closing date is
/// rated from the list in force at its start: a long tournament from 25
/// February to 5 March 2000 (on the 1 April list) is rated from the February
/// list, although a quick tournament of February put a new rating on the
/// March list. a (2000) beats b (2000) on 10 February: K 40, We .50: +20, a
/// 2020 and b 1980 on the March list. In the long tournament a draws b at
/// the February ratings, 2000 against 2000: We .50, no change, so a stays
/// 2020 on the April list (at the March ratings, 2020 against 1980, We .56,
/// a would lose 2.4 and fall to 2018).
#[test]
fn fide_tournaments_are_rated_from_the_list_in_force_at_their_start() {
    let mut book = fide_book(&[("a", Some(2000)), ("b", Some(2000))]);
    fide_tournament(
        &mut book,
        "2000-02-10",
        "2000-02-10",
        &[("a", &["2 1"]), ("b", &["1 0"])],
    );
    fide_tournament(
        &mut book,
        "2000-02-25",
        "2000-03-05",
        &[("a", &["2 ="]), ("b", &["1 ="])],
    );
    let dataset = book.finish();
    let ratings = rate_fide(&dataset);
    assert_eq!(fide_rating(&dataset, &ratings, "a"), Some(2020));
    assert_eq!(fide_rating(&dataset, &ratings, "b"), Some(1980));
    assert_eq!(
        ratings.by_tournament[1][0].games[0].opponent_rating,
        Some(2000)
    );
}

/// FIDE 8.3.4: "If the number of games (n) for a player on any list for a
/// rating period multiplied by K exceeds 700, then K shall be the largest
/// whole number such that K × n does not exceed 700." Two tournaments of
/// the same month, 10 and 9 games, are one period of 19 games: 40 × 19 =
/// 760 > 700, so K = 36 (36 × 19 = 684, 37 × 19 = 703) in both, although
/// each alone would keep K 40. a (2000) beats b (2000) ten times (We .50:
/// Σ (W − We) = 5) and draws nine times (0): 36 × 5 = +180, a 2180, b 1820.
#[test]
fn fide_700_cap_counts_every_game_of_the_period() {
    let mut book = fide_book(&[("a", Some(2000)), ("b", Some(2000))]);
    let ten_wins: Vec<&str> = vec!["2 1"; 10];
    let ten_losses: Vec<&str> = vec!["1 0"; 10];
    let nine_draws_a: Vec<&str> = vec!["2 ="; 9];
    let nine_draws_b: Vec<&str> = vec!["1 ="; 9];
    let first = fide_tournament(
        &mut book,
        "2000-05-01",
        "2000-05-03",
        &[("a", &ten_wins), ("b", &ten_losses)],
    );
    let second = fide_tournament(
        &mut book,
        "2000-05-10",
        "2000-05-12",
        &[("a", &nine_draws_a), ("b", &nine_draws_b)],
    );
    let dataset = book.finish();
    let ratings = rate_fide(&dataset);
    assert_eq!(fide_rating(&dataset, &ratings, "a"), Some(2180));
    assert_eq!(fide_rating(&dataset, &ratings, "b"), Some(1820));
    for t in [first, second] {
        for record in &ratings.by_tournament[t] {
            assert!(record
                .games
                .iter()
                .all(|g| g.k.map(|k| k.value()) == Some(36.0)));
        }
    }
    close(
        ratings.by_tournament[first][0].games[0]
            .change
            .get()
            .unwrap(),
        18.0,
        1e-9,
    );
}

/// FIDE 8.2.1 and the official list's rule for new players (2024): a rating
/// is published once a player has 5 games against rated opponents, pooled
/// over rating periods of at most 26 months, as Ra + dp(p) with two
/// hypothetical draws against 1800, rounded (8.2.2). n plays 1 game in
/// January, 2 in March and 2 in June 2000: unrated on the February and
/// April lists, rated on the July list. Games: 2000 won, 2000 drawn, 2000
/// lost, 1800 won, 1800 won; with the two 1800 draws: Ra = (6000 + 3600 +
/// 3600) / 7 = 1885.71, p = 4.5 / 7 = .64, dp(.64) = 102 (table 8.1.1):
/// 1987.71, rounded 1988. Games against n while unrated count for no one
/// (p and q keep their ratings).
#[test]
fn fide_first_rating_after_five_games_across_several_months() {
    let mut book = fide_book(&[("n", None), ("p", Some(2000)), ("q", Some(1800))]);
    let january = fide_tournament(
        &mut book,
        "2000-01-10",
        "2000-01-10",
        &[("n", &["2 1"]), ("p", &["1 0"])],
    );
    let march = fide_tournament(
        &mut book,
        "2000-03-10",
        "2000-03-11",
        &[("n", &["2 =", "2 0"]), ("p", &["1 =", "1 1"])],
    );
    let june = fide_tournament(
        &mut book,
        "2000-06-10",
        "2000-06-11",
        &[("n", &["2 1", "2 1"]), ("q", &["1 0", "1 0"])],
    );
    let dataset = book.finish();
    let ratings = rate_fide(&dataset);
    assert_eq!(ratings.by_tournament[january][0].rating_after, None);
    assert_eq!(ratings.by_tournament[march][0].rating_after, None);
    assert_eq!(ratings.by_tournament[june][0].rating_after, Some(1988));
    assert_eq!(fide_rating(&dataset, &ratings, "n"), Some(1988));
    assert_eq!(fide_rating(&dataset, &ratings, "p"), Some(2000));
    assert_eq!(fide_rating(&dataset, &ratings, "q"), Some(1800));
}

/// The 26-month window: 3 games on the 1 February 2000 list and 2 more on
/// the 1 March 2002 list span 26 monthly periods (February 2000 to March
/// 2002) and are pooled: 5 games, a first rating. On the 1 April 2002 list
/// (27 periods) the 2000 games have lapsed and 2 games are too few.
/// Pooled: 3 draws with 2000 and 2 wins over 1800, with two 1800 draws:
/// Ra = (6000 + 3600 + 3600) / 7 = 1885.71, p = (1.5 + 2 + 1) / 7 = 4.5 / 7
/// = .64, dp(.64) = 102 (table 8.1.1): 1987.71 → 1988.
#[test]
fn fide_first_rating_pools_games_over_at_most_26_months() {
    let run = |last: &str| {
        let mut book = fide_book(&[("n", None), ("p", Some(2000)), ("q", Some(1800))]);
        fide_tournament(
            &mut book,
            "2000-01-10",
            "2000-01-11",
            &[("n", &["2 =", "2 =", "2 ="]), ("p", &["1 =", "1 =", "1 ="])],
        );
        fide_tournament(
            &mut book,
            last,
            last,
            &[("n", &["2 1", "2 1"]), ("q", &["1 0", "1 0"])],
        );
        let dataset = book.finish();
        let ratings = rate_fide(&dataset);
        fide_rating(&dataset, &ratings, "n")
    };
    assert_eq!(run("2002-02-10"), Some(1988));
    assert_eq!(run("2002-03-10"), None);
}

/// The 400-point rule (8.3.1) and its exception for players rated 2650 or
/// more (FIDE decision effective October 2025), in a list: a (2700, K 40
/// with fewer than 30 games) beats b (2200). For a the real difference 500
/// counts: We .96 (table 8.1.2, 485–517), 40 × .04 = +1.6 → +2: 2702. For
/// b the difference counts as 400: We .08, 40 × −.08 = −3.2 → −3: 2197.
/// Without the exception a would have had We .92 and +3.
#[test]
fn fide_400_point_rule_and_its_exception_in_a_list() {
    let mut book = fide_book(&[("a", Some(2700)), ("b", Some(2200))]);
    let t = fide_tournament(
        &mut book,
        "2026-01-10",
        "2026-01-10",
        &[("a", &["2 1"]), ("b", &["1 0"])],
    );
    let dataset = book.finish();
    let ratings = rate_fide(&dataset);
    assert_eq!(fide_rating(&dataset, &ratings, "a"), Some(2702));
    assert_eq!(fide_rating(&dataset, &ratings, "b"), Some(2197));
    assert_eq!(
        ratings.by_tournament[t][0].games[0].expected.get(),
        Some(0.96)
    );
    assert_eq!(
        ratings.by_tournament[t][1].games[0].expected.get(),
        Some(0.08)
    );
    // The difference as it counted: 500 for a, −400 for b.
    assert_eq!(ratings.by_tournament[t][0].games[0].difference, Some(500));
    assert_eq!(ratings.by_tournament[t][1].games[0].difference, Some(-400));
}

/// A handicap game in a list rated by the EGD formula, from the crosstable's
/// `h3`: a and b both start at 1500; a, black, received 3 stones and won.
/// By hand: a counts as 1750 against 1500: β(1500) − β(1750) =
/// 7 ln(1550 / 1800) = −1.046722, Se = 1 / (1 + e^−1.046722) = 0.740145;
/// a: 33.634735 × 0.259855 + 2.000009 = +10.74016 → 1510.74 (1511 on the
/// list); b: 33.634735 × −0.259855 + 2.000009 = −6.74015 → 1493.26 (1493).
/// Even, the win would have been worth +18.82. Glicko-2 has no handicap
/// rule: the same game with and without `h3` rates the same.
#[test]
fn egd_list_rates_handicap_games_from_the_crosstable() {
    let run = |system: SystemKind, cells: [&str; 2]| {
        let mut book = Book::new();
        book.player("a", Membership::Member);
        book.player("b", Membership::Member);
        let t = book.tournament_with(&[("a", &[cells[0]]), ("b", &[cells[1]])], |t| {
            t.pool = Some("go".into())
        });
        let dataset = book.finish();
        let mut pool = PoolConfig {
            system,
            ..PoolConfig::default()
        };
        pool.egd.initial_rating = 1500.0;
        let mut config = Config::default();
        config.pools.insert("go".into(), pool);
        let ratings = rating::rate_pools(&dataset, &config).remove(0).ratings;
        (ratings, t)
    };
    let (egd_ratings, t) = run(SystemKind::Egd, ["2 b 1 h3", "1 w 0 h3"]);
    assert_eq!(egd_ratings.players[0].rating, Some(1511));
    assert_eq!(egd_ratings.players[1].rating, Some(1493));
    let game = &egd_ratings.by_tournament[t][0].games[0];
    assert_eq!(game.stones_received, 3);
    close(game.expected.get().unwrap(), 0.740145, 0.000001);
    assert_eq!(egd_ratings.by_tournament[t][1].games[0].stones_received, -3);
    let (even, _) = run(SystemKind::Egd, ["2 b 1", "1 w 0"]);
    assert_eq!(even.players[0].rating, Some(1519));
    let (glicko_handicap, _) = run(SystemKind::Glicko2, ["2 b 1 h3", "1 w 0 h3"]);
    let (glicko_even, _) = run(SystemKind::Glicko2, ["2 b 1", "1 w 0"]);
    assert_eq!(glicko_handicap.players, glicko_even.players);
}

/// A handicap written in a crosstable shows on the tournament page after the
/// result, with a legend; the association's rules page says its system
/// ignores it; the tournament's CSV download keeps it.
#[test]
fn handicaps_show_on_the_tournament_page() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("repo");
    util::copy_tree(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini"),
        &root,
    );
    let table = "data/tournaments/2005/spring-open.csv";
    util::edit(
        &root,
        table,
        "1,ikonen-jussi,,2 w 1,",
        "1,ikonen-jussi,,2 w 1 h2,",
    );
    util::edit(
        &root,
        table,
        "2,pellikka-marko,,1 b 0,",
        "2,pellikka-marko,,1 b 0 h2,",
    );
    let out = dir.path().join("site");
    util::build_site(&root, &out);
    let page = std::fs::read_to_string(out.join("tournaments/spring-open.html")).unwrap();
    assert!(
        page.contains(
            r#"<small class="handicap" title="handicap stones received by black">h2</small>"#
        ),
        "{page}"
    );
    assert!(page.contains("a handicap game, black received 3 stones"));
    let rules = std::fs::read_to_string(out.join("rules.html")).unwrap();
    assert!(rules.contains(r#"id="rule-handicap""#));
    let csv = std::fs::read_to_string(out.join("tournaments/spring-open.csv")).unwrap();
    assert!(csv.contains("2 w 1 h2"), "{csv}");
}
