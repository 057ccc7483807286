//! Every rule of the Finnish association's rating rules (2005 thesis), as the
//! book's "The rating rules as implemented" states them, including the thesis'
//! three worked examples, checked through the public engine.

use crate::util;

use ratingbook::config::{ExpectedScore, RatingConfig, Rounding};
use ratingbook::model::{Dataset, Membership};
use ratingbook::rating::{self, expected, k_factor, NotCounted, Phase, Ratings};
use util::Book;

fn rate(dataset: &Dataset) -> Ratings {
    rating::rate(dataset, &RatingConfig::default())
}

fn state<'a>(d: &Dataset, r: &'a Ratings, id: &str) -> &'a rating::PlayerRating {
    &r.players[d.player_index(id).unwrap()]
}

fn rating_of(d: &Dataset, r: &Ratings, id: &str) -> Option<i32> {
    state(d, r, id).rating
}

#[test]
fn setup_helper_makes_established_players_at_exact_ratings() {
    let mut book = Book::new();
    for (id, rating) in [("a", 2100), ("b", 1900), ("c", 1800), ("d", 2200)] {
        book.established(id, rating);
    }
    let d = book.finish();
    let r = rate(&d);
    for (id, rating) in [("a", 2100), ("b", 1900), ("c", 1800), ("d", 2200)] {
        assert_eq!(state(&d, &r, id).phase, Phase::Established);
        assert_eq!(rating_of(&d, &r, id), Some(rating));
    }
}

/// Worked example 1: preset 2000/15 plus five games → Rp = 2042.5 → 2043.
#[test]
fn worked_example_1_provisional_completion() {
    let mut book = Book::worked_example_1();
    let d = book.finish();
    let r = rate(&d);
    let p = state(&d, &r, "p");
    assert_eq!(p.phase, Phase::Established);
    assert_eq!(p.rating, Some(2043));
    assert_eq!(p.provisional_games, 20);
    let record = r.history(d.player_index("p").unwrap()).last().unwrap();
    assert!(record.completed_provisional());
    assert_eq!(record.games_counted(), 5);
}

/// Worked example 2: 2475 vs 1959, rapid, modified rules: K 24 → 12 → 6, We .96.
#[test]
fn worked_example_2_k_and_expected() {
    let mut book = Book::new();
    book.member("x", 1600, 0);
    let t = book.tournament_with(&[("x", &[])], |t| {
        t.time_control = ratingbook::model::TimeControl::Rapid;
        t.rules = ratingbook::model::Rules::Modified;
    });
    let d = book.finish();
    let config = RatingConfig::default();
    let k = k_factor(&config, &d.tournaments[t], 2475, false);
    assert_eq!(k.value(), 6.0);
    assert_eq!(expected::table_hundredths(2475, 1959), 96);
    assert!((k.value() * (1.0 - 0.96) - 0.24).abs() < 1e-9);
}

/// Worked example 2 through the engine: a win adds 0.24, which rounds to 0.
#[test]
fn worked_example_2_in_the_engine() {
    let mut book = Book::new();
    book.established("high", 2475);
    book.established("low", 1959);
    book.tournament_with(&[("high", &["2 1"]), ("low", &["1 0"])], |t| {
        t.time_control = ratingbook::model::TimeControl::Rapid;
        t.rules = ratingbook::model::Rules::Modified;
    });
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(rating_of(&d, &r, "high"), Some(2475));
    let record = r.history(d.player_index("high").unwrap()).last().unwrap();
    let game = &record.games[0];
    assert_eq!(game.k.unwrap().value(), 6.0);
    assert_eq!(game.expected.get(), Some(0.96));
    // The loser: K = 32 → 16 → 8, We = .04, change −0.32 → 0.
    assert_eq!(rating_of(&d, &r, "low"), Some(1959));
}

/// Worked example 3: beat an established 2100 (+20.48), draw a rif 1900 (−2.24) → 2018.
#[test]
fn worked_example_3_established_tournament() {
    let d = Book::worked_example_3().finish();
    let r = rate(&d);
    assert_eq!(rating_of(&d, &r, "a"), Some(2018));
    let record = r.history(d.player_index("a").unwrap()).last().unwrap();
    let ks: Vec<f64> = record.games.iter().map(|g| g.k.unwrap().value()).collect();
    assert_eq!(ks, [32.0, 16.0]);
    assert_eq!(record.change(), Some(18));
    // b lost to a: We .64 → 32 × −0.64 = −20.48 → −20.
    assert_eq!(rating_of(&d, &r, "b"), Some(2080));
}

#[test]
fn all_k_combinations() {
    let config = RatingConfig::default();
    let mut book = Book::new();
    book.member("x", 1600, 0);
    book.tournament(&[("x", &[])]);
    let d = book.finish();
    for high in [false, true] {
        for modified in [false, true] {
            for rapid in [false, true] {
                for international in [false, true] {
                    let mut t = d.tournaments[0].clone();
                    if modified {
                        t.rules = ratingbook::model::Rules::Modified;
                    }
                    if rapid {
                        t.time_control = ratingbook::model::TimeControl::Rapid;
                    }
                    let own = if high { 2400 } else { 2399 };
                    let k = k_factor(&config, &t, own, international).value();
                    let halvings = [modified, rapid, international]
                        .iter()
                        .filter(|h| **h)
                        .count();
                    let base = if high { 24.0 } else { 32.0 };
                    assert_eq!(k, base / f64::from(1 << halvings));
                }
            }
        }
    }
    let mut values: Vec<f64> = Vec::new();
    for high in [2399, 2400] {
        for halvings in 0..=3 {
            values.push(if high >= 2400 { 24.0 } else { 32.0 } / f64::from(1 << halvings));
        }
    }
    values.sort_by(|a, b| b.total_cmp(a));
    assert_eq!(values, [32.0, 24.0, 16.0, 12.0, 8.0, 6.0, 4.0, 3.0]);
    // An unrated tournament gives 0; a tournament's own base K replaces the configured one.
    let mut t = d.tournaments[0].clone();
    t.rated = false;
    assert_eq!(k_factor(&config, &t, 2000, false).value(), 0.0);
    t.rated = true;
    t.base_k = Some(16);
    assert_eq!(k_factor(&config, &t, 2000, false).value(), 16.0);
    assert_eq!(k_factor(&config, &t, 2500, true).value(), 8.0);
}

#[test]
fn exactly_twenty_games_from_scratch() {
    let mut book = Book::new();
    book.member("p", 1600, 0);
    book.rif("r", Some(1800));
    let win: Vec<&str> = vec!["2 1"; 10];
    let loss: Vec<&str> = vec!["1 0"; 10];
    book.tournament(&[("p", &win), ("r", &loss)]);
    let d1 = book.finish();
    let r1 = rate(&d1);
    assert_eq!(state(&d1, &r1, "p").phase, Phase::Provisional);
    assert_eq!(state(&d1, &r1, "p").provisional_games, 10);
    let draws: Vec<&str> = vec!["2 ="; 10];
    let draws_back: Vec<&str> = vec!["1 ="; 10];
    book.tournament(&[("p", &draws), ("r", &draws_back)]);
    let d = book.finish();
    let r = rate(&d);
    // 20 games at 1800, score 15/20: Rp = 1800 + 0.25 × 850 = 2012.5 → 2013.
    assert_eq!(state(&d, &r, "p").phase, Phase::Established);
    assert_eq!(rating_of(&d, &r, "p"), Some(2013));
}

#[test]
fn nineteen_games_stay_provisional() {
    let mut book = Book::new();
    book.member("p", 1600, 15);
    book.rif("r", Some(1800));
    book.tournament(&[
        ("p", &["2 1", "2 1", "2 1", "2 1"]),
        ("r", &["1 0", "1 0", "1 0", "1 0"]),
    ]);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(state(&d, &r, "p").phase, Phase::Provisional);
    assert_eq!(state(&d, &r, "p").provisional_games, 19);
    assert_eq!(rating_of(&d, &r, "p"), None);
}

#[test]
fn crossing_twenty_mid_tournament_counts_every_game_of_it() {
    let mut book = Book::new();
    book.member("p", 1600, 15);
    book.rif("r", Some(2000));
    let wins: Vec<&str> = vec!["2 1"; 7];
    let losses: Vec<&str> = vec!["1 0"; 7];
    book.tournament(&[("p", &wins), ("r", &losses)]);
    let d = book.finish();
    let r = rate(&d);
    let p = state(&d, &r, "p");
    assert_eq!(p.provisional_games, 22);
    // Rc = (15·1600 + 7·2000)/22, Wc = (7.5 + 7)/22:
    // Rp = (2·38000 + 850·(29 − 22)) / 44 = 81950 / 44 = 1862.5 → 1863.
    assert_eq!(p.rating, Some(1863));
}

#[test]
fn other_opponents_are_ignored_for_both_sides() {
    let mut book = Book::new();
    book.established("a", 2000);
    book.member("p", 1600, 0);
    book.player("o", Membership::Other);
    book.tournament(&[
        ("a", &["3 1", ""]),
        ("p", &["", "3 1"]),
        ("o", &["1 0", "2 0"]),
    ]);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(rating_of(&d, &r, "a"), Some(2000));
    assert_eq!(state(&d, &r, "p").provisional_games, 0);
    let record = r.history(d.player_index("a").unwrap()).last().unwrap();
    assert_eq!(record.games[0].not_counted, Some(NotCounted::OpponentOther));
}

#[test]
fn rif_opponents_count_at_their_international_rating() {
    let mut book = Book::new();
    book.member("p", 1600, 15);
    book.rif("r", Some(2400));
    book.rif("norating", None);
    book.tournament(&[
        ("p", &["2 =", "2 =", "2 =", "2 =", "2 =", "3 1"]),
        ("r", &["1 =", "1 =", "1 =", "1 =", "1 =", ""]),
        ("norating", &["", "", "", "", "", "1 0"]),
    ]);
    let d = book.finish();
    let r = rate(&d);
    // Rc = (15·1600 + 5·2400)/20 = 1800, Wc = ½ → 1800; the game against the
    // rif player without a rating does not count.
    assert_eq!(rating_of(&d, &r, "p"), Some(1800));
    assert_eq!(state(&d, &r, "p").provisional_games, 20);
    let record = r.history(d.player_index("p").unwrap()).last().unwrap();
    assert_eq!(
        record.games[5].not_counted,
        Some(NotCounted::OpponentWithoutRating)
    );
}

#[test]
fn event_rating_overrides_the_player_file() {
    let mut book = Book::new();
    book.established("a", 2000);
    book.rif("r", Some(1500));
    book.tournament_with(&[("a", &["2 ="]), ("r", &["1 ="])], |t| {
        t.entries[1].rating = Some(2100);
    });
    let d = book.finish();
    let r = rate(&d);
    let record = r.history(d.player_index("a").unwrap()).last().unwrap();
    assert_eq!(record.games[0].opponent_rating, Some(2100));
    // K 16, We .36: 16 × 0.14 = 2.24 → +2.
    assert_eq!(rating_of(&d, &r, "a"), Some(2002));
}

#[test]
fn byes_and_forfeits_are_not_rated() {
    let mut book = Book::new();
    book.established("a", 2000);
    book.established("b", 2000);
    book.tournament(&[
        ("a", &["2 +", "bye", "H", "2 -"]),
        ("b", &["1 -", "", "", "1 +"]),
    ]);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(rating_of(&d, &r, "a"), Some(2000));
    assert_eq!(rating_of(&d, &r, "b"), Some(2000));
    let record = r.history(d.player_index("a").unwrap()).last().unwrap();
    assert_eq!(record.games.len(), 2);
    assert!(record
        .games
        .iter()
        .all(|g| g.not_counted == Some(NotCounted::NotPlayed)));
    assert_eq!(record.tournament_half_points, 2 + 2 + 1);
}

#[test]
fn provisional_opponents() {
    let mut book = Book::new();
    book.established("a", 2000);
    book.member("p", 1800, 5);
    book.member("q", 1700, 0);
    book.tournament(&[
        ("a", &["2 1", ""]),
        ("p", &["1 0", "3 1"]),
        ("q", &["", "2 0"]),
    ]);
    let d = book.finish();
    let r = rate(&d);
    // The established player's game against a provisional member changes nothing.
    assert_eq!(rating_of(&d, &r, "a"), Some(2000));
    let a = r.history(d.player_index("a").unwrap()).last().unwrap();
    assert_eq!(
        a.games[0].not_counted,
        Some(NotCounted::OpponentProvisional)
    );
    // For the provisional players: the established opponent counts at 2000,
    // a provisional opponent at their preset rating.
    let p = r.history(d.player_index("p").unwrap()).last().unwrap();
    assert_eq!(p.games[0].opponent_rating, Some(2000));
    assert_eq!(p.games[1].opponent_rating, Some(1700));
    let q = r.history(d.player_index("q").unwrap()).last().unwrap();
    assert_eq!(q.games[0].opponent_rating, Some(1800));
    assert_eq!(state(&d, &r, "p").provisional_games, 7);
}

#[test]
fn provisional_member_with_international_rating_counts_with_half_k() {
    let mut book = Book::new();
    book.established("a", 2000);
    book.member("p", 1600, 0);
    book.tournament_with(&[("a", &["2 1"]), ("p", &["1 0"])], |t| {
        t.entries[1].rating = Some(2000);
    });
    let d = book.finish();
    let r = rate(&d);
    let a = r.history(d.player_index("a").unwrap()).last().unwrap();
    assert_eq!(a.games[0].k.unwrap().value(), 16.0);
    assert_eq!(rating_of(&d, &r, "a"), Some(2008));
}

#[test]
fn ratings_use_start_of_tournament_values() {
    let mut book = Book::new();
    book.established("a", 2000);
    book.established("b", 2000);
    book.established("c", 2000);
    // a beats b, then a draws c: both games use 2000 for everyone.
    book.tournament(&[
        ("a", &["2 1", "3 ="]),
        ("b", &["1 0", ""]),
        ("c", &["", "1 ="]),
    ]);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(rating_of(&d, &r, "a"), Some(2016));
    assert_eq!(rating_of(&d, &r, "b"), Some(1984));
    assert_eq!(rating_of(&d, &r, "c"), Some(2000));
}

#[test]
fn unrated_tournaments_change_nothing() {
    let mut book = Book::new();
    book.established("a", 2000);
    book.member("p", 1600, 0);
    book.tournament_with(&[("a", &["2 1"]), ("p", &["1 0"])], |t| t.rated = false);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(rating_of(&d, &r, "a"), Some(2000));
    assert_eq!(state(&d, &r, "p").provisional_games, 0);
}

#[test]
fn honorary_members_are_rated_like_members() {
    let mut book = Book::new();
    book.player("h", Membership::Honorary);
    book.rif("r", Some(1600));
    let wins: Vec<&str> = vec!["2 ="; 20];
    let back: Vec<&str> = vec!["1 ="; 20];
    book.tournament(&[("h", &wins), ("r", &back)]);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(rating_of(&d, &r, "h"), Some(1600));
}

#[test]
fn rif_and_other_players_are_not_rated_by_us() {
    let mut book = Book::new();
    book.rif("r", Some(2000));
    book.player("o", Membership::Other);
    book.tournament(&[("r", &["2 1"]), ("o", &["1 0"])]);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(state(&d, &r, "r").phase, Phase::Unrated);
    assert_eq!(state(&d, &r, "o").phase, Phase::Unrated);
}

#[test]
fn logistic_option_and_half_even_rounding() {
    let mut book = Book::new();
    book.established("a", 2000);
    book.established("b", 2100);
    book.tournament(&[("a", &["2 1"]), ("b", &["1 0"])]);
    let d = book.finish();
    let config = RatingConfig {
        expected: ExpectedScore::Logistic,
        ..RatingConfig::default()
    };
    let r = rating::rate(&d, &config);
    // We = 1/(1+10^(100/400)) = 0.3599…: 32 × 0.6401 = 20.48 → 20.
    assert_eq!(rating_of(&d, &r, "a"), Some(2020));
    // Base K 10, D = 190 → We .75 for the higher: a win gives 10 × 0.25 = 2.5.
    let mut book = Book::new();
    book.established("hi", 2190);
    book.established("lo", 2000);
    book.tournament_with(&[("hi", &["2 1"]), ("lo", &["1 0"])], |t| {
        t.base_k = Some(10)
    });
    let d = book.finish();
    assert_eq!(rating_of(&d, &rate(&d), "hi"), Some(2193));
    let even = RatingConfig {
        rounding: Rounding::HalfEven,
        ..RatingConfig::default()
    };
    assert_eq!(rating_of(&d, &rating::rate(&d, &even), "hi"), Some(2192));
}

#[test]
fn players_at_2400_get_k_24() {
    let mut book = Book::new();
    book.established("top", 2400);
    book.established("b", 2400);
    book.tournament(&[("top", &["2 1"]), ("b", &["1 0"])]);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(rating_of(&d, &r, "top"), Some(2412));
    assert_eq!(rating_of(&d, &r, "b"), Some(2388));
}

#[test]
fn players_are_found_by_id_also_after_the_list_changed() {
    let mut book = Book::new();
    book.player("anna", Membership::Member);
    book.player("cecilia", Membership::Member);
    let mut dataset = book.dataset.clone();
    assert_eq!(dataset.player_index("cecilia"), Some(1));
    assert_eq!(dataset.player_index("bertil"), None);
    // Changed after the first lookup, without `sort`: the index is stale.
    book.player("bertil", Membership::Member);
    let bertil = book.dataset.players.pop().unwrap();
    dataset.players.insert(1, bertil);
    assert_eq!(dataset.player_index("cecilia"), Some(2));
    assert_eq!(dataset.player_index("bertil"), Some(1));
    assert_eq!(
        dataset.player("anna").map(|p| p.name.as_str()),
        Some("anna")
    );
    book.player("aaron", Membership::Member);
    dataset.players.push(book.dataset.players.pop().unwrap());
    dataset.sort();
    let order: Vec<Option<usize>> = ["aaron", "anna", "bertil", "cecilia", "david"]
        .iter()
        .map(|id| dataset.player_index(id))
        .collect();
    assert_eq!(order, [Some(0), Some(1), Some(2), Some(3), None]);
}

/// Turns the first won game of `tournament` into a loss, on both sides.
fn reverse_first_win(tournament: &mut ratingbook::model::Tournament) -> bool {
    use ratingbook::model::{Cell, GameResult};
    let found = tournament.entries.iter().enumerate().find_map(|(row, e)| {
        e.cells
            .iter()
            .enumerate()
            .find_map(|(round, cell)| match cell {
                Cell::Game {
                    opponent,
                    result: GameResult::Win,
                    ..
                } => Some((row, round, *opponent as usize - 1)),
                _ => None,
            })
    });
    let Some((row, round, other)) = found else {
        return false;
    };
    for (row, result) in [(row, GameResult::Loss), (other, GameResult::Win)] {
        if let Cell::Game { result: r, .. } = &mut tournament.entries[row].cells[round] {
            *r = result;
        }
    }
    true
}

/// A generated repository's data, rules and ratings.
fn generated_and_rated(
    players: usize,
    tournaments: usize,
    seed: u64,
) -> (Dataset, RatingConfig, Ratings) {
    let dir = util::generated_repository(players, tournaments, seed);
    let loaded = ratingbook::load::load_repository(dir.path());
    let config = loaded.config.rating.clone();
    let ratings = rating::rate(&loaded.dataset, &config);
    (loaded.dataset, config, ratings)
}

/// Rating a version of the data from where it first differs from another
/// (whose ratings are taken over up to there) gives the ratings of rating
/// it whole, record for record: a change at the start, in the middle, at
/// the end, a tournament removed, and nothing changed.
#[test]
fn continuing_from_another_versions_ratings_is_rating_it_whole() {
    let (head, config, head_ratings) = generated_and_rated(300, 40, 11);
    let n = head.tournaments.len();
    assert_eq!(n, 40);
    let mut versions = Vec::new();
    for changed in [0, 1, n / 3, n / 2, n - 2, n - 1] {
        let mut base = head.clone();
        assert!(
            reverse_first_win(&mut base.tournaments[changed]),
            "{changed}"
        );
        versions.push((
            format!("result reversed in tournament {changed}"),
            base,
            changed,
        ));
    }
    let mut removed = head.clone();
    removed.tournaments.remove(n / 2);
    versions.push(("tournament removed".into(), removed, n / 2));
    versions.push(("nothing changed".into(), head.clone(), n));
    let mut made_a_difference = 0;
    for (what, base, unchanged) in versions {
        let whole = rating::rate(&base, &config);
        let continued = rating::rate_continuing(&base, &config, head_ratings.clone(), unchanged);
        assert!(continued == whole, "{what}: differs from rating whole");
        // Taking over one tournament too many keeps the head's result.
        if unchanged < n && whole != head_ratings {
            let too_far =
                rating::rate_continuing(&base, &config, head_ratings.clone(), unchanged + 1);
            assert!(too_far != whole, "{what}: the change made no difference");
            made_a_difference += 1;
        }
    }
    assert!(made_a_difference >= 5, "{made_a_difference} changes rated");
}

/// A tournament of another list before the first changed one still tells
/// who played elsewhere (and so is off the association's list) when the
/// tournaments before the change are taken over, their crosstables left
/// out of what is rated.
#[test]
fn continuing_past_another_lists_tournaments_keeps_who_played_elsewhere() {
    let dir = util::generated_repository(300, 40, 11);
    let mut head = ratingbook::load::load_repository(dir.path()).dataset;
    let config = ratingbook::load::load_repository(dir.path()).config.rating;
    for t in &mut head.tournaments[..6] {
        t.pool = Some("club".into());
    }
    let head_ratings = rating::rate(&head, &config);
    let elsewhere_only = head_ratings
        .players
        .iter()
        .enumerate()
        .filter(|(p, r)| {
            head_ratings.player_records[*p].is_empty()
                && r.phase == Phase::Unrated
                && head.tournaments[..6]
                    .iter()
                    .any(|t| t.entries.iter().any(|e| e.player == head.players[*p].id))
        })
        .count();
    assert!(elsewhere_only > 0, "a player of the other list only");
    let n = head.tournaments.len();
    for changed in [n / 2, n - 1] {
        let mut base = head.clone();
        assert!(reverse_first_win(&mut base.tournaments[changed]));
        let whole = rating::rate(&base, &config);
        let continued = rating::rate_continuing(&base, &config, head_ratings.clone(), changed);
        assert!(
            continued == whole,
            "result reversed in tournament {changed}"
        );
    }
}

/// Ratings of a list with other players are not taken over.
#[test]
fn continuing_from_ratings_of_other_players_rates_whole() {
    let (head, config, head_ratings) = generated_and_rated(120, 10, 3);
    let mut fewer = head.clone();
    let unplayed = (0..fewer.players.len())
        .rev()
        .find(|&p| head_ratings.player_records[p].is_empty())
        .expect("a player without games");
    fewer.players.remove(unplayed);
    let whole = rating::rate(&fewer, &config);
    let continued = rating::rate_continuing(&fewer, &config, head_ratings, 10);
    assert!(continued == whole);
}

/// Every one of many players is found by id, in a copy of the list too and
/// after players were taken out: the index made on the first lookup is not
/// used for a list that was copied or shortened.
#[test]
fn players_are_found_by_id_in_a_copy_and_a_shortened_list() {
    let mut book = Book::new();
    for n in 0..500 {
        book.member(&format!("p{n:03}"), 1500, 0);
    }
    let mut d = book.finish();
    let index_of = |d: &Dataset, id: &str| d.players.iter().position(|p| p.id.as_str() == id);
    let check = |d: &Dataset| {
        for p in &d.players {
            assert_eq!(d.player_index(p.id.as_str()), index_of(d, p.id.as_str()));
        }
        assert_eq!(d.player_index("p-none"), None);
        assert_eq!(d.player_index(""), None);
    };
    check(&d);
    let copy = d.clone();
    check(&copy);
    d.players.remove(0);
    check(&d);
    d.players.truncate(100);
    assert_eq!(d.player_index("p300"), None);
    check(&d);
    d.sort();
    check(&d);
}

/// A rating carried over from an earlier program (`[start.association]`, e.g. by
/// `import-legacy`) replaces the preset: with 20 games or more the member
/// is established at it from their first tournament; with fewer its games
/// count as virtual games at its rating, as a preset's do.
#[test]
fn a_carried_over_start_is_established_or_counts_as_virtual_games() {
    use ratingbook::model::Start;
    // Established at 1950: beats an established 2100 (D 150, We .30):
    // 32 × 0.70 = 22.4 → 1972; the loser 2100 − 22.4 → 2078.
    let mut book = Book::new();
    book.established("o", 2100);
    book.player("e", Membership::Member).starts = vec![Start {
        pool: None,
        rating: 1950.0,
        deviation: None,
        volatility: None,
        games: Some(25),
        k: None,
        as_of: None,
        line: 0,
    }];
    book.tournament(&[("e", &["2 1"]), ("o", &["1 0"])]);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(rating_of(&d, &r, "e"), Some(1972));
    assert_eq!(rating_of(&d, &r, "o"), Some(2078));

    // Provisional with 12 games at 1950, then 8 games against an
    // established 2100 scoring 4: Rc = (12 × 1950 + 8 × 2100) / 20 = 2010,
    // Wc = (6 + 4) / 20 = ½ → Rp = 2010.
    let mut book = Book::new();
    book.established("o", 2100);
    book.player("p", Membership::Member).starts = vec![Start {
        pool: None,
        rating: 1950.0,
        deviation: None,
        volatility: None,
        games: Some(12),
        k: None,
        as_of: None,
        line: 0,
    }];
    let p: &[&str] = &["2 1", "2 0", "2 1", "2 0", "2 1", "2 0", "2 1", "2 0"];
    let o: &[&str] = &["1 0", "1 1", "1 0", "1 1", "1 0", "1 1", "1 0", "1 1"];
    book.tournament(&[("p", p), ("o", o)]);
    let d = book.finish();
    let r = rate(&d);
    assert_eq!(state(&d, &r, "p").phase, Phase::Established);
    assert_eq!(rating_of(&d, &r, "p"), Some(2010));
    // A game against a provisional member without an international rating
    // changes nothing for the established player.
    assert_eq!(rating_of(&d, &r, "o"), Some(2100));
}
