//! Players who arrive with a history (a start in the list), Glicko-2's
//! rating periods as Glickman's procedure defines them, and overlapping
//! tournaments, each against its authority's own figures or the rules
//! worked by hand.
//!
//! Sources: Glickman, "Example of the Glicko-2 system" (glicko.net, 2013),
//! steps 1–8 and the worked example; FIDE Rating Regulations (effective
//! 1 March 2024), 8.1.2 (the table of expected scores), 8.3.3 (K) and 8.3.1;
//! the association's rules (the rating rules chapter, worked examples 1 and 3).

use rating_systems::glicko2::{self, Glicko2Rating};
use rating_systems::{
    rate_list, AssociationSettings, Dataset, Date, Entry, FideSettings, Game, GameResult,
    Glicko2Period, Glicko2Settings, Membership, Player, Preset, Rules, Start, System, TimeControl,
    Tournament, WhrSettings,
};

const POOL: &str = "list";

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

fn date(text: &str) -> Date {
    let parts: Vec<u32> = text.split('-').map(|p| p.parse().unwrap()).collect();
    Date {
        year: parts[0] as i32,
        month: parts[1],
        day: parts[2],
    }
}

/// A member with a start in `pool` (`None`: the association's list).
fn player(pool: Option<&str>, start: Option<Start>) -> Player {
    Player {
        membership: Membership::Member,
        international_rating: None,
        grade: None,
        preset: Preset {
            rating: 1600,
            games: 0,
        },
        birth_year: None,
        starts: start
            .map(|s| vec![(pool.map(str::to_string), s)])
            .unwrap_or_default(),
    }
}

fn start(rating: f64) -> Start {
    Start {
        rating,
        ..Start::default()
    }
}

/// A crosstable row: the player and their games (round, opponent's row from 1, result).
type Row<'a> = (usize, &'a [(u32, u32, GameResult)]);

/// A tournament of `pool` whose rows are (player, [(round, opponent row from 1, result)]).
fn tournament(pool: Option<&str>, from: &str, to: &str, rows: &[Row]) -> Tournament {
    Tournament {
        start: date(from),
        end: date(to),
        rated: true,
        time_control: TimeControl::Standard,
        rules: Rules::Standard,
        base_k: None,
        pool: pool.map(str::to_string),
        entries: rows
            .iter()
            .enumerate()
            .map(|(i, (player, games))| Entry {
                start_no: i as u32 + 1,
                player: Some(*player),
                rating: None,
                games: games
                    .iter()
                    .map(|&(round, opponent, result)| Game {
                        round,
                        opponent,
                        result,
                        stones_received: 0,
                    })
                    .collect(),
                half_points: games.iter().map(|g| g.2.half_points()).sum(),
            })
            .collect(),
    }
}

use GameResult::{Draw, Loss, Win};

fn glicko(period: Glicko2Period) -> System {
    System::Glicko2(Glicko2Settings {
        period,
        ..Glicko2Settings::default()
    })
}

fn glicko_start(rating: f64, deviation: f64, volatility: f64, as_of: Option<&str>) -> Start {
    Start {
        rating,
        deviation: Some(deviation),
        volatility: Some(volatility),
        as_of: as_of.map(date),
        ..Start::default()
    }
}

/// Glickman's worked example entered as players who arrive with their
/// ratings: 1500 (RD 200) beats 1400 (RD 30), loses to 1550 (RD 100) and to
/// 1700 (RD 300), all σ 0.06, τ 0.5, one rating period. The paper prints
/// r' = 1464.06, RD' = 151.52, σ' = 0.05999 (its steps rounded: unrounded,
/// 1464.05, so a hundredth of a point is allowed).
#[test]
fn glicko2_papers_example_with_players_who_bring_their_ratings() {
    let pool = Some(POOL);
    let dataset = Dataset {
        players: vec![
            player(pool, Some(glicko_start(1500.0, 200.0, 0.06, None))),
            player(pool, Some(glicko_start(1400.0, 30.0, 0.06, None))),
            player(pool, Some(glicko_start(1550.0, 100.0, 0.06, None))),
            player(pool, Some(glicko_start(1700.0, 300.0, 0.06, None))),
        ],
        tournaments: vec![tournament(
            pool,
            "2013-03-02",
            "2013-03-03",
            &[
                (0, &[(1, 2, Win), (2, 3, Loss), (3, 4, Loss)]),
                (1, &[(1, 1, Loss)]),
                (2, &[(2, 1, Win)]),
                (3, &[(3, 1, Win)]),
            ],
        )],
    };
    for period in [Glicko2Period::Tournament, Glicko2Period::Month] {
        let System::Glicko2(settings) = glicko(period) else {
            unreachable!()
        };
        let (states, _, _) = glicko2::rate_states(&glicko2::Glicko2 { settings }, &dataset, pool);
        close(states[0].rating.rating, 1464.06, 0.01);
        close(states[0].rating.deviation, 151.52, 0.005);
        close(states[0].rating.volatility, 0.05999, 0.00001);
        let list = rate_list(&dataset, &glicko(period), pool);
        assert_eq!(list.players[0].rating, Some(1464));
        close(list.players[0].deviation.unwrap(), 151.52, 0.005);
    }
}

/// φ* = √(φ² + n σ²) on the paper's scale (RD / 173.7178): the deviation
/// after `n` periods without games (the paper's step 6 for a player who
/// does not compete), capped at 350 as the paper's new players start.
fn widened(deviation: f64, volatility: f64, n: f64) -> f64 {
    let phi = deviation / 173.7178;
    ((phi * phi + n * volatility * volatility).sqrt() * 173.7178).min(350.0)
}

/// Both players last competed in January 2017 (their starts' date); they
/// meet in December 2020, 46 idle months later. Glickman's procedure widens both, the
/// opponent included, for each of those months before the December period.
#[test]
fn glicko2_widens_idle_opponents_too() {
    let pool = Some(POOL);
    let dataset = Dataset {
        players: vec![
            player(
                pool,
                Some(glicko_start(1500.0, 50.0, 0.06, Some("2017-01-31"))),
            ),
            player(
                pool,
                Some(glicko_start(1600.0, 50.0, 0.06, Some("2017-01-31"))),
            ),
        ],
        tournaments: vec![tournament(
            pool,
            "2020-12-05",
            "2020-12-06",
            &[(0, &[(1, 2, Win)]), (1, &[(1, 1, Loss)])],
        )],
    };
    let rd = widened(50.0, 0.06, 46.0);
    close(rd, 86.58, 0.01);
    let at = |rating| Glicko2Rating {
        rating,
        deviation: rd,
        volatility: 0.06,
    };
    let expected = glicko2::rating_period(at(1500.0), &[(at(1600.0), 1.0)], 0.5);
    let list = rate_list(&dataset, &glicko(Glicko2Period::Tournament), pool);
    assert_eq!(list.players[0].rating, Some(expected.rating.round() as i32));
    close(list.players[0].deviation.unwrap(), expected.deviation, 1e-9);
    // Against an opponent left at RD 50 the period's figures differ.
    let stale = Glicko2Rating {
        deviation: 50.0,
        ..at(1600.0)
    };
    let unwidened = glicko2::rating_period(at(1500.0), &[(stale, 1.0)], 0.5);
    assert!((unwidened.rating - expected.rating).abs() > 0.5);
    assert!((unwidened.deviation - expected.deviation).abs() > 0.01);
}

/// A list shows each deviation as of the list's date (its last period): a
/// player idle for 244 months after their only period reaches the cap of
/// 350 with σ 0.2, and √(φ² + 244 σ²) below it with σ 0.06.
#[test]
fn glicko2_list_deviations_are_as_of_the_list() {
    let pool = Some(POOL);
    for (volatility, capped) in [(0.06, false), (0.2, true)] {
        let dataset = Dataset {
            players: vec![
                player(pool, Some(glicko_start(1500.0, 100.0, volatility, None))),
                player(pool, Some(glicko_start(1500.0, 100.0, volatility, None))),
                player(pool, None),
                player(pool, None),
            ],
            tournaments: vec![
                tournament(
                    pool,
                    "2000-01-08",
                    "2000-01-08",
                    &[(0, &[(1, 2, Draw)]), (1, &[(1, 1, Draw)])],
                ),
                tournament(
                    pool,
                    "2020-05-09",
                    "2020-05-09",
                    &[(2, &[(1, 2, Win)]), (3, &[(1, 1, Loss)])],
                ),
            ],
        };
        let even = Glicko2Rating {
            rating: 1500.0,
            deviation: 100.0,
            volatility,
        };
        let after = glicko2::rating_period(even, &[(even, 0.5)], 0.5);
        let list = rate_list(&dataset, &glicko(Glicko2Period::Month), pool);
        let shown = list.players[0].deviation.unwrap();
        let expected = widened(after.deviation, after.volatility, 244.0);
        close(shown, expected, 1e-9);
        assert_eq!(shown == 350.0, capped, "{shown}");
    }
}

/// With calendar-month periods, a player's two tournaments of one month are
/// one period, rated from the states at its start (Glickman's step 1: the
/// period's games together); with a period per tournament they are two.
#[test]
fn glicko2_month_periods_rate_a_months_tournaments_together() {
    let pool = Some(POOL);
    let dataset = Dataset {
        players: vec![
            player(pool, Some(glicko_start(1500.0, 200.0, 0.06, None))),
            player(pool, Some(glicko_start(1400.0, 30.0, 0.06, None))),
            player(pool, Some(glicko_start(1550.0, 100.0, 0.06, None))),
        ],
        tournaments: vec![
            tournament(
                pool,
                "2013-03-02",
                "2013-03-02",
                &[(0, &[(1, 2, Win)]), (1, &[(1, 1, Loss)])],
            ),
            tournament(
                pool,
                "2013-03-16",
                "2013-03-16",
                &[(0, &[(1, 2, Loss)]), (2, &[(1, 1, Win)])],
            ),
        ],
    };
    let r = |rating, deviation| Glicko2Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let together = glicko2::rating_period(
        r(1500.0, 200.0),
        &[(r(1400.0, 30.0), 1.0), (r(1550.0, 100.0), 0.0)],
        0.5,
    );
    let month = rate_list(&dataset, &glicko(Glicko2Period::Month), pool);
    close(
        month.players[0].deviation.unwrap(),
        together.deviation,
        1e-9,
    );
    let first = glicko2::rating_period(r(1500.0, 200.0), &[(r(1400.0, 30.0), 1.0)], 0.5);
    let second = glicko2::rating_period(first, &[(r(1550.0, 100.0), 0.0)], 0.5);
    let each = rate_list(&dataset, &glicko(Glicko2Period::Tournament), pool);
    close(each.players[0].deviation.unwrap(), second.deviation, 1e-9);
    assert!((together.deviation - second.deviation).abs() > 1e-6);
}

/// FIDE: a player who arrives rated 1950 with 25 games (K 40, 8.3.3) draws a
/// player who arrives rated 2150 whose K is 10 (a rating that has reached
/// 2400). D = 200: FIDE's table gives 0.76 / 0.24 (8.1.2, 198–206), so the
/// lower-rated gains 40 × 0.26 = 10.4 → 1960 and the higher loses
/// 10 × 0.26 = 2.6 → 2147.
#[test]
fn fide_players_bring_rating_games_and_k() {
    let pool = Some(POOL);
    let dataset = Dataset {
        players: vec![
            player(
                pool,
                Some(Start {
                    games: Some(25),
                    as_of: Some(date("2024-03-01")),
                    ..start(1950.0)
                }),
            ),
            player(
                pool,
                Some(Start {
                    k: Some(10),
                    ..start(2150.0)
                }),
            ),
        ],
        tournaments: vec![tournament(
            pool,
            "2024-03-09",
            "2024-03-10",
            &[(0, &[(1, 2, Draw)]), (1, &[(1, 1, Draw)])],
        )],
    };
    let list = rate_list(&dataset, &System::Fide(FideSettings::default()), pool);
    assert_eq!(list.players[0].rating, Some(1960));
    assert_eq!(list.players[1].rating, Some(2147));
    let ks: Vec<f64> = list.by_tournament[0]
        .iter()
        .map(|r| r.games[0].k.unwrap().value())
        .collect();
    assert_eq!(ks, [40.0, 10.0]);
}

/// The association's system: a member who arrives with a rating and no game
/// count is established at it (worked example 3's first game: 2000 beats
/// an established 2100, We .36, K 32: +20.48 → 2020); one who arrives with
/// fewer games than the provisional phase's 20 counts them as virtual games
/// at that rating (worked example 1's formula: 15 games at 2050 and the
/// example's five games give Rc = (15 · 2050 + 10 000) / 20 = 2037.5,
/// Wc = 0.55, Rp = 2037.5 + 0.05 · 850 = 2080).
#[test]
fn association_members_bring_a_rating_and_games() {
    let players = vec![
        player(None, Some(start(2000.0))),
        player(None, Some(start(2100.0))),
        player(
            None,
            Some(Start {
                games: Some(15),
                ..start(2050.0)
            }),
        ),
        player(None, Some(start(1900.0))),
        player(None, Some(start(2000.0))),
        player(None, Some(start(2200.0))),
        player(None, Some(start(1800.0))),
        player(None, Some(start(2100.0))),
    ];
    let dataset = Dataset {
        players,
        tournaments: vec![
            tournament(
                None,
                "2005-01-08",
                "2005-01-08",
                &[(0, &[(1, 2, Win)]), (1, &[(1, 1, Loss)])],
            ),
            tournament(
                None,
                "2005-02-05",
                "2005-02-06",
                &[
                    (
                        2,
                        &[
                            (1, 2, Win),
                            (2, 3, Win),
                            (3, 4, Draw),
                            (4, 5, Loss),
                            (5, 6, Win),
                        ],
                    ),
                    (7, &[(1, 1, Loss)]),
                    (3, &[(2, 1, Loss)]),
                    (4, &[(3, 1, Draw)]),
                    (5, &[(4, 1, Win)]),
                    (6, &[(5, 1, Loss)]),
                ],
            ),
        ],
    };
    let list = rate_list(
        &dataset,
        &System::Association(AssociationSettings::default()),
        None,
    );
    let first = &list.by_tournament[0][0];
    assert_eq!(
        (first.rating_before, first.rating_after),
        (Some(2000), Some(2020))
    );
    assert_eq!(list.players[2].rating, Some(2080));
}

/// FIDE: a start with `as_of` is the player as FIDE's list of that date
/// published them. A (2000, 40 games, the 1 June 2024 list) beats B (2000,
/// no date) in March 2024, rated on the 1 April list: FIDE's June list
/// already counts that tournament, so it is rated from where A would be
/// without the start — unrated, one game towards a first rating (8.2), which
/// does not count for B (a game against an unrated player) — and shown in
/// A's history. From the June list on A is 2000 with 40 games (K 20): A
/// beats B again in June (1 July list), D = 0, We .50 (8.1.2), so A gains
/// 20 × 0.5 = +10 → 2010 and B (30 games, K 20) loses 10 → 1990. Had the
/// March tournament been rated on top of the list's 2000, A would be 2019.
#[test]
fn fide_start_as_of_a_list_takes_over_from_that_list() {
    let pool = Some(POOL);
    let dataset = Dataset {
        players: vec![
            player(
                pool,
                Some(Start {
                    games: Some(40),
                    as_of: Some(date("2024-06-01")),
                    ..start(2000.0)
                }),
            ),
            player(pool, Some(start(2000.0))),
        ],
        tournaments: vec![
            tournament(
                pool,
                "2024-03-09",
                "2024-03-10",
                &[(0, &[(1, 2, Win)]), (1, &[(1, 1, Loss)])],
            ),
            tournament(
                pool,
                "2024-06-08",
                "2024-06-09",
                &[(0, &[(1, 2, Win)]), (1, &[(1, 1, Loss)])],
            ),
        ],
    };
    let list = rate_list(&dataset, &System::Fide(FideSettings::default()), pool);
    let march = |p: usize| {
        list.by_tournament[0]
            .iter()
            .find(|r| r.player == p)
            .unwrap()
    };
    let june = |p: usize| {
        list.by_tournament[1]
            .iter()
            .find(|r| r.player == p)
            .unwrap()
    };
    assert_eq!(
        (march(0).rating_before, march(0).rating_after),
        (None, None)
    );
    assert_eq!(march(1).rating_after, Some(2000));
    assert_eq!(
        (june(0).rating_before, june(0).rating_after),
        (Some(2000), Some(2010))
    );
    assert_eq!(june(0).games[0].k.unwrap().value(), 20.0);
    assert_eq!(list.players[0].rating, Some(2010));
    assert_eq!(list.players[1].rating, Some(1990));
}

/// FIDE: a list dated after every tournament of the repository is where the
/// player ends. A (1900, K 40, the 1 September 2024 list) draws B (2000) in
/// March 2024; the tournament is shown, A unrated in it (one game towards a
/// first rating), and A's rating is the list's 1900. Games as FIDE counts
/// them: K 40 means fewer than 30 games, so A's one game counts and A stays
/// at K 40 for the next period.
#[test]
fn fide_start_as_of_a_list_after_the_last_tournament() {
    let pool = Some(POOL);
    let dataset = Dataset {
        players: vec![
            player(
                pool,
                Some(Start {
                    k: Some(40),
                    as_of: Some(date("2024-09-01")),
                    ..start(1900.0)
                }),
            ),
            player(pool, Some(start(2000.0))),
        ],
        tournaments: vec![tournament(
            pool,
            "2024-03-09",
            "2024-03-10",
            &[(0, &[(1, 2, Draw)]), (1, &[(1, 1, Draw)])],
        )],
    };
    let list = rate_list(&dataset, &System::Fide(FideSettings::default()), pool);
    assert_eq!(list.by_tournament[0][0].rating_after, None);
    assert_eq!(list.players[0].rating, Some(1900));
    assert_eq!(list.players[0].provisional_games, 1);
    assert_eq!(list.players[1].rating, Some(2000));
}

fn whr(anchor: f64) -> System {
    System::Whr(WhrSettings {
        w2: 14.0,
        anchor,
        prior_games: 1.0,
    })
}

/// Whole-History Rating with a start: the first-day prior (Coulom 2008,
/// section 3.3, one imagined win and one imagined loss) is against an
/// imagined player of the start's rating. The paper gives no numeric
/// example, so this one was solved by hand, outside the project (Newton's
/// method on the two ratings of a one-game history, in a few lines of
/// Python): A brings 1700 and beats B, who brings nothing (anchor 1500,
/// w² 14, one day). Maximizing ln σ(a − b) − [ln(1 + e^−(a−c)) + ln(1 +
/// e^(a−c))] − [ln(1 + e^−b) + ln(1 + e^b)] in natural units, c = 200 ×
/// ln 10 / 400, gives A 1751.88 and B 1448.12 (without the start: 1591.73
/// and 1408.27). With A's start deviation 100, the imagined games are
/// k = 2 / (100 ln 10 / 400)² = 6.0356 wins and as many losses, and the
/// win gives A 1710.00 and B 1439.04; a loss instead gives A 1672.09 and B
/// 1683.40.
#[test]
fn whr_start_is_the_prior_of_the_first_day() {
    let pool = Some(POOL);
    let history = |a: Start, result: GameResult, opposite: GameResult| Dataset {
        players: vec![player(pool, Some(a)), player(pool, None)],
        tournaments: vec![tournament(
            pool,
            "2024-03-09",
            "2024-03-09",
            &[(0, &[(1, 2, result)]), (1, &[(1, 1, opposite)])],
        )],
    };
    let solved = |dataset: &Dataset| {
        let list = rate_list(dataset, &whr(1500.0), pool);
        let record = |p: usize| {
            list.by_tournament[0]
                .iter()
                .find(|r| r.player == p)
                .unwrap()
                .games[0]
                .opponent_rating
                .unwrap()
        };
        (record(1), record(0))
    };
    assert_eq!(solved(&history(start(1700.0), Win, Loss)), (1752, 1448));
    let narrow = Start {
        deviation: Some(100.0),
        ..start(1700.0)
    };
    assert_eq!(solved(&history(narrow, Win, Loss)), (1710, 1439));
    assert_eq!(solved(&history(narrow, Loss, Win)), (1672, 1683));
    let none = Dataset {
        players: vec![player(pool, None), player(pool, None)],
        ..history(start(0.0), Win, Loss)
    };
    assert_eq!(solved(&none), (1592, 1408));
}

/// The start reaches `evaluate`'s replay: before the first game, A (1700,
/// deviation 100) is known at 1700 ± 100 and B at the anchor ± √2 natural
/// units (245.674, the one-win-one-loss prior alone). The prediction is
/// σ(d / √(1 + π v / 8)) with d = 200 × ln 10 / 400 and v the sum of the
/// variances in natural units: 0.696745 (by hand, outside the project).
#[test]
fn whr_replay_predicts_from_the_start() {
    let pool = Some(POOL);
    let dataset = Dataset {
        players: vec![
            player(
                pool,
                Some(Start {
                    deviation: Some(100.0),
                    ..start(1700.0)
                }),
            ),
            player(pool, None),
        ],
        tournaments: vec![tournament(
            pool,
            "2024-03-09",
            "2024-03-09",
            &[(0, &[(1, 2, Win)]), (1, &[(1, 1, Loss)])],
        )],
    };
    let System::Whr(settings) = whr(1500.0) else {
        unreachable!()
    };
    let ratings = rating_systems::whr::replay_ratings(&dataset, pool, &settings);
    let first = ratings.by_tournament[0]
        .iter()
        .find(|r| r.player == 0)
        .unwrap();
    close(first.games[0].expected.get().unwrap(), 0.696745, 0.000001);
    assert_eq!(first.games[0].opponent_rating, Some(1500));
}
