//! Integration tests: hand-checked pairings, absolute criteria over generated
//! events, brute-force legality, TRF errors.
use pairing::check::check_tournament;
use pairing::dutch::{c2_bye_eligible, is_legal_pair};
use pairing::generate::{generate_trf, GenerateOptions};
use pairing::{pair_dutch, pair_trf, DutchOptions, Float, PairingError, PairingInput, PlayerState};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::path::Path;
use trf::{self, Colour, ResultCode, TrfDocument};

fn player_line(no: u32, rating: u32, rounds: &[&str]) -> String {
    let mut s = format!(
        "001 {no:>4}      {:<33} {rating:>4} FIN {:>11} {:<10} {:>4} {:>4}",
        format!("Player {no}"),
        "",
        "",
        "0.0",
        ""
    );
    for r in rounds {
        s.push_str("  ");
        s.push_str(r);
    }
    s.trim_end().to_string()
}

fn doc(lines: &[String]) -> TrfDocument {
    trf::parse(&(lines.join("\n") + "\n")).unwrap()
}

#[test]
fn round_one_uses_initial_colour_and_s1_s2_split() {
    let mut lines: Vec<String> = (1..=6)
        .map(|n| player_line(n, 2000 - n * 10, &[]))
        .collect();
    lines.push("XXR 5".into());
    lines.push("XXC black1".into());
    let (round, p) = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap();
    assert_eq!(round, 1);
    // 1-4, 2-5, 3-6; odd pairing numbers get black (black1), even white.
    assert_eq!(p.boards, vec![(4, 1), (2, 5), (6, 3)]);
    assert_eq!(p.bye, None);
}

#[test]
fn pairing_numbers_belong_to_entered_players_for_5_2_5() {
    // C.04.3 1.2.2: pairing numbers follow the initial ranking list "and
    // subsequent modifications depending on possible late entries". Player 1
    // is absent from round 1 and has never been paired, so 2 holds pairing
    // number 1 and gets the initial colour (white1) by 5.2.5, 3 holds
    // number 2 and gets black: 2-4 and 5-3.
    let mut lines: Vec<String> = (2..=5)
        .map(|n| player_line(n, 2000 - n * 10, &[]))
        .collect();
    lines.insert(0, player_line(1, 2100, &["0000 - Z"]));
    lines.push("XXR 5".into());
    lines.push("XXC white1".into());
    let (round, p) = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap();
    assert_eq!(round, 1);
    assert_eq!(p.boards, vec![(2, 4), (5, 3)]);
    // Without XXC the initial colour is read back from round 1 the same
    // way: 2, the first numbered player, had black, so 3 (number 2) had
    // white; re-pairing round 1 gives the recorded boards.
    let lines = vec![
        player_line(1, 2100, &["0000 - Z"]),
        player_line(2, 1980, &["   4 b 1"]),
        player_line(3, 1970, &["   5 w 1"]),
        player_line(4, 1960, &["   2 w 0"]),
        player_line(5, 1950, &["   3 b 0"]),
        "XXR 5".into(),
    ];
    let reports = check_tournament(&doc(&lines), DutchOptions::default()).unwrap();
    assert_eq!(reports[0].difference, None, "{reports:?}");
}

#[test]
fn odd_count_gives_bye_to_lowest_ranked_eligible() {
    let mut lines: Vec<String> = (1..=5)
        .map(|n| player_line(n, 2000 - n * 10, &[]))
        .collect();
    lines.push("XXR 3".into());
    let (_, p) = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap();
    assert_eq!(p.bye, Some(5));
    assert_eq!(p.boards, vec![(1, 3), (4, 2)]);
    // Round 2: 5 already had the bye (and so scored), 4 lost: the bye goes
    // to the lowest-ranked eligible player of the lowest score group.
    let lines = vec![
        player_line(1, 2000, &["   3 w 1"]),
        player_line(2, 1990, &["   4 b 1"]),
        player_line(3, 1980, &["   1 b 0"]),
        player_line(4, 1970, &["   2 w 0"]),
        player_line(5, 1960, &["0000 - U"]),
        "XXR 3".into(),
        "XXC white1".into(),
    ];
    let (round, p) = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap();
    assert_eq!(round, 2);
    assert_eq!(p.bye, Some(4));
    let pairs: HashSet<(u32, u32)> = p
        .boards
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    assert!(pairs.contains(&(1, 2)) || pairs.contains(&(1, 5)));
    for &(a, b) in &p.boards {
        let pair = (a.min(b), a.max(b));
        assert!(pair != (1, 3) && pair != (2, 4), "rematch");
    }
}

#[test]
fn absences_in_round_column_are_not_paired() {
    let lines = vec![
        player_line(1, 2000, &["0000 - H"]),
        player_line(2, 1990, &[]),
        player_line(3, 1980, &["0000 - Z"]),
        player_line(4, 1970, &["0000 - U"]),
        player_line(5, 1960, &["0000 - F"]),
        "XXR 3".into(),
    ];
    let (round, p) = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap();
    assert_eq!(round, 1);
    assert_eq!(p.boards.len(), 1);
    let (a, b) = p.boards[0];
    assert_eq!((a.min(b), a.max(b)), (2, 4));
}

#[test]
fn no_legal_pairing_is_reported() {
    let lines = vec![
        player_line(1, 2000, &["   2 w 1"]),
        player_line(2, 1990, &["   1 b 0"]),
        "XXR 3".into(),
    ];
    let err = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap_err();
    assert_eq!(err.exit_code(), 1);
}

#[test]
fn bad_input_errors() {
    // Unknown opponent.
    let lines = vec![
        player_line(1, 2000, &["   7 w 1"]),
        player_line(2, 1990, &["0000 - U"]),
        "XXR 3".into(),
    ];
    let err = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap_err();
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains("opponent 7"), "{err}");
    assert!(err.to_string().contains("line 1, column 92"), "{err}");
    // Asymmetric round.
    let lines = vec![
        player_line(1, 2000, &["   2 w 1"]),
        player_line(2, 1990, &["   1 w 0"]),
        "XXR 3".into(),
    ];
    let err = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap_err();
    assert!(
        err.to_string().contains("colours are not opposite"),
        "{err}"
    );
    // Missing XXR when pairing a new round.
    let lines = vec![player_line(1, 2000, &[]), player_line(2, 1990, &[])];
    let err = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap_err();
    assert!(err.to_string().contains("XXR"), "{err}");
}

/// Played-game colour history and checks of every absolute criterion over a
/// whole generated event.
fn assert_absolute_criteria(d: &TrfDocument) {
    assert!(d.check_consistency().is_empty());
    let total = d.total_rounds().unwrap() as usize;
    let players: Vec<_> = d.players().collect();
    let ps = pairing::PointSystem::default();
    let mut met: HashSet<(u32, u32)> = HashSet::new();
    for r in 0..d.rounds_present() {
        for p in &players {
            let Some(Some(e)) = p.rounds.get(r) else {
                continue;
            };
            if let Some(o) = e.opponent {
                if e.result.is_played() && p.start_no < o {
                    assert!(
                        met.insert((p.start_no, o)),
                        "rematch {} - {o} in round {}",
                        p.start_no,
                        r + 1
                    );
                }
            }
        }
    }
    for p in &players {
        let mut byes = 0;
        let mut forfeit_win = false;
        let mut colours = Vec::new();
        let mut score = 0;
        for r in 0..p.rounds.len() {
            let e = p.rounds[r].as_ref().unwrap();
            let top = r + 1 == total && score * 2 > 10 * r as u32;
            if e.result == ResultCode::PairingBye {
                assert!(
                    !forfeit_win && byes == 0,
                    "player {} bye in round {} not allowed (C2)",
                    p.start_no,
                    r + 1
                );
                byes += 1;
            }
            if e.result == ResultCode::ForfeitWin {
                forfeit_win = true;
            }
            if e.result.is_played() {
                colours.push(e.colour.unwrap());
                let cd: i32 = colours
                    .iter()
                    .map(|c| if *c == Colour::White { 1 } else { -1 })
                    .sum();
                let n = colours.len();
                let three =
                    n >= 3 && colours[n - 1] == colours[n - 2] && colours[n - 2] == colours[n - 3];
                let opp = players
                    .iter()
                    .find(|q| Some(q.start_no) == e.opponent)
                    .unwrap();
                let opp_score: u32 = opp.rounds[..r]
                    .iter()
                    .flatten()
                    .map(|x| ps.points(x).0)
                    .sum();
                let opp_top = r + 1 == total && opp_score * 2 > 10 * r as u32;
                if !(top || opp_top) {
                    assert!(
                        cd.abs() <= 2 && !three,
                        "player {} colours {colours:?} in round {} (C3)",
                        p.start_no,
                        r + 1
                    );
                }
            }
            score += ps.points(e).0;
        }
    }
}

#[test]
fn generated_events_respect_absolute_criteria_and_checker_agrees() {
    for seed in 1..=10 {
        let d = generate_trf(&GenerateOptions::new(30, 9, seed)).unwrap();
        assert_absolute_criteria(&d);
        let reports = check_tournament(&d, DutchOptions::default()).unwrap();
        for r in &reports {
            assert_eq!(r.difference, None, "seed {seed} round {}", r.round);
        }
        // Every file written parses back identically.
        assert_eq!(trf::parse(&d.write()).unwrap(), d);
    }
    for (n, rounds, seed) in [(7, 6, 1), (11, 9, 2), (16, 15, 3), (64, 11, 4)] {
        let mut o = GenerateOptions::new(n, rounds, seed);
        o.forfeit_rate = 0.05;
        o.bye_rate = 0.05;
        match generate_trf(&o) {
            Ok(d) => assert_absolute_criteria(&d),
            // Long events for few players can run out of legal pairings.
            Err(PairingError::NoLegalPairing(_)) => assert!(rounds as f64 > (n as f64) * 0.6),
            Err(e) => panic!("{e}"),
        }
    }
}

/// Random small rounds: the engine pairs whenever a brute-force search
/// finds a legal pairing, and its pairing is legal.
#[test]
fn engine_finds_a_pairing_whenever_one_exists() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut found = 0;
    let mut impossible = 0;
    for case in 0..1500 {
        let n = rng.random_range(2..=12u32);
        let hist = rng.random_range(0..=5usize);
        let mut players: Vec<PlayerState> = (1..=n)
            .map(|id| PlayerState {
                id,
                pairing_no: id,
                rating: 0,
                score: 5 * rng.random_range(0..=(2 * hist as u32)),
                colours: (0..hist)
                    .map(|_| match rng.random_range(0..3) {
                        0 => Some(Colour::White),
                        1 => Some(Colour::Black),
                        _ => None,
                    })
                    .collect(),
                floats: vec![Float::None; hist],
                opponents: vec![],
                had_bye_or_forfeit_win: rng.random_bool(0.3),
                present: true,
                played: Default::default(),
            })
            .collect();
        for a in 1..=n {
            for b in a + 1..=n {
                if rng.random_bool(0.35) {
                    players[a as usize - 1].opponents.push(b);
                    players[b as usize - 1].opponents.push(a);
                }
            }
        }
        let input = PairingInput {
            round: hist as u32 + 1,
            total_rounds: hist as u32 + 1 + rng.random_range(0..2),
            initial_colour: Colour::White,
            win_points: 10,
            players,
            forbidden: vec![],
        };
        let exists = brute_force_exists(&input);
        match pair_dutch(&input) {
            Ok(p) => {
                assert!(
                    exists,
                    "case {case}: engine paired but brute force found nothing"
                );
                found += 1;
                let mut seen = HashSet::new();
                for &(w, b) in &p.boards {
                    let (pw, pb) = (
                        &input.players[w as usize - 1],
                        &input.players[b as usize - 1],
                    );
                    assert!(
                        is_legal_pair(&input, pw, pb),
                        "case {case}: illegal pair {w}-{b}"
                    );
                    assert!(seen.insert(w) && seen.insert(b));
                }
                if let Some(x) = p.bye {
                    assert!(c2_bye_eligible(&input.players[x as usize - 1]));
                    assert!(seen.insert(x));
                }
                assert_eq!(seen.len() as u32, n);
            }
            Err(e @ (PairingError::Internal(_) | PairingError::SearchLimit(_))) => {
                panic!("case {case}: {e}")
            }
            Err(PairingError::NoLegalPairing(_)) => {
                assert!(
                    !exists,
                    "case {case}: a legal pairing exists but the engine found none"
                );
                impossible += 1;
            }
        }
    }
    assert!(
        found > 300 && impossible > 50,
        "found {found}, impossible {impossible}"
    );
}

/// Odd and extreme inputs built directly (not from TRF) never panic.
#[test]
fn engine_never_panics_on_extreme_inputs() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..300 {
        let n = rng.random_range(0..=9u32);
        let hist = rng.random_range(0..=4usize);
        let players: Vec<PlayerState> = (0..n)
            .map(|i| PlayerState {
                id: rng.random_range(1..=20),
                pairing_no: rng.random_range(0..=3),
                rating: rng.random(),
                score: if rng.random_bool(0.5) {
                    rng.random()
                } else {
                    rng.random_range(0..30)
                },
                colours: (0..rng.random_range(0..=hist))
                    .map(|_| {
                        if rng.random_bool(0.5) {
                            Some(Colour::White)
                        } else {
                            None
                        }
                    })
                    .collect(),
                floats: (0..rng.random_range(0..=hist))
                    .map(|_| Float::Down)
                    .collect(),
                opponents: (0..rng.random_range(0..3))
                    .map(|_| rng.random_range(0..25))
                    .collect(),
                had_bye_or_forfeit_win: rng.random_bool(0.5),
                present: i % 4 != 3,
                played: Default::default(),
            })
            .collect();
        let input = PairingInput {
            round: rng.random_range(0..4),
            total_rounds: rng.random_range(0..4),
            initial_colour: Colour::Black,
            win_points: rng.random_range(0..=30),
            players,
            forbidden: vec![(1, 2), (3, 3), (99, 1)],
        };
        let _ = pair_dutch(&input);
        let _ = pairing::dutch::pair_dutch_with(
            &input,
            DutchOptions {
                exact: true,
                ..DutchOptions::default()
            },
        );
    }
}

fn brute_force_exists(input: &PairingInput) -> bool {
    let ps = &input.players;
    let n = ps.len();
    fn rec(input: &PairingInput, used: u32, bye_used: bool, n: usize) -> bool {
        let ps = &input.players;
        let Some(i) = (0..n).find(|&i| used & (1 << i) == 0) else {
            return true;
        };
        if !bye_used
            && !n.is_multiple_of(2)
            && c2_bye_eligible(&ps[i])
            && rec(input, used | (1 << i), true, n)
        {
            return true;
        }
        for j in i + 1..n {
            if used & (1 << j) == 0
                && is_legal_pair(input, &ps[i], &ps[j])
                && rec(input, used | (1 << i) | (1 << j), bye_used, n)
            {
                return true;
            }
        }
        false
    }
    rec(input, 0, n.is_multiple_of(2), n)
}

/// Real histories from generated small events played to the end (up to
/// n - 1 rounds): at every round the engine pairs exactly when a brute-force
/// search finds a legal pairing, and the checker agrees with the engine.
#[test]
fn engine_matches_brute_force_on_generated_histories() {
    let mut rounds_checked = 0;
    let mut impossible = 0;
    for seed in 1..=12u64 {
        for n in [6u32, 7, 8, 9, 10, 11, 12] {
            let total = n - 1;
            for r in 1..=total {
                let mut o = GenerateOptions::new(n, total, seed * 100 + u64::from(n));
                o.play_rounds = Some(r - 1);
                o.forfeit_rate = 0.05;
                let Ok(d) = generate_trf(&o) else { break };
                let input = PairingInput::from_trf(&d, r, true).unwrap();
                let exists = brute_force_exists(&input);
                let got = pair_dutch(&input);
                assert_eq!(got.is_ok(), exists, "seed {seed} n {n} round {r}");
                rounds_checked += 1;
                if !exists {
                    impossible += 1;
                    break;
                }
            }
        }
    }
    assert!(
        rounds_checked > 400 && impossible > 5,
        "{rounds_checked} rounds, {impossible} impossible"
    );
}

#[test]
fn fixture_with_byes_forfeits_and_withdrawal() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../trf/tests/fixtures/byes_forfeits_withdrawn.trf");
    let d = trf::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(d.name(), Some("Helsinki Spring Rapid 2026"));
    assert_eq!(d.total_rounds(), Some(5));
    assert_eq!(d.forbidden_pairs(), vec![(3, 4)]);
    let p3 = d.players().find(|p| p.start_no == 3).unwrap();
    assert_eq!(p3.name, "Öhman, Örjan");
    assert_eq!(p3.rounds.len(), 2);
    let input = PairingInput::from_trf(&d, 4, true).unwrap();
    let six = input.players.iter().find(|p| p.id == 6).unwrap();
    // Forfeit loss in round 1 is not a game: no colour, no opponent.
    assert_eq!(six.colours[0], None);
    assert!(six.opponents == vec![2]);
    assert!(six.had_bye_or_forfeit_win);
    let three = input.players.iter().find(|p| p.id == 3).unwrap();
    assert!(three.had_bye_or_forfeit_win);
    assert_eq!(three.score, 10);
    let reports = check_tournament(&d, DutchOptions::default()).unwrap();
    assert_eq!(reports.len(), 3);
}

fn boards_as_set(p: &pairing::Pairing) -> Vec<(u32, u32)> {
    let mut v = p.boards.clone();
    v.sort_unstable();
    v
}

#[test]
fn baku_acceleration_pairs_group_a_apart_in_the_first_rounds() {
    // C.04.5.1 with eight players and five rounds: group A holds the first
    // 2 × ⌈8/4⌉ = 4 players; the accelerated rounds are ⌈5/2⌉ = 3; group A
    // has 1 virtual point in the first ⌈3/2⌉ = 2 of them, ½ in the third.
    let mut lines: Vec<String> = (1..=8)
        .map(|n| player_line(n, 2000 - n * 10, &[]))
        .collect();
    lines.push("XXR 5".into());
    lines.push("XXC white1".into());
    let first = pairing::acceleration::with_baku(&doc(&lines), 5);
    assert_eq!(
        pairing::acceleration::baku_group_a(&first),
        vec![1, 2, 3, 4]
    );
    // Round 1: pairing scores 1 (players 1-4) and 0 (5-8); each scoregroup
    // is split S1/S2: 1-3, 2-4, 5-7, 6-8. By 5.2.5 (white1) the higher
    // ranked player gets white with an odd pairing number, black with an
    // even one.
    let (round, p) = pair_trf(&first, None, DutchOptions::default()).unwrap();
    assert_eq!(round, 1);
    assert_eq!(p.boards, vec![(1, 3), (4, 2), (5, 7), (8, 6)]);
    // Round 2 after 1-3 1-0, 4-2 ½-½, 5-7 1-0, 8-6 0-1. Pairing scores:
    // 1: 1+1 = 2; 2 and 4: ½+1 = 1½; 3: 0+1 = 1; 5 and 6: 1; 7 and 8: 0.
    // 1 floats into {2, 4} (2-4 met); both pairs with 1 float one 1½
    // player, and C12 picks 1-2 (2 wants white, 1 and 4 both black). 4
    // floats to the 1-point group and meets its top player 3 (4 black, 3
    // white: both preferences); 6-5 and 7-8 grant every preference.
    let lines = vec![
        player_line(1, 1990, &["   3 w 1"]),
        player_line(2, 1980, &["   4 b ="]),
        player_line(3, 1970, &["   1 b 0"]),
        player_line(4, 1960, &["   2 w ="]),
        player_line(5, 1950, &["   7 w 1"]),
        player_line(6, 1940, &["   8 b 1"]),
        player_line(7, 1930, &["   5 b 0"]),
        player_line(8, 1920, &["   6 w 0"]),
        "XXR 5".into(),
        "XXC white1".into(),
    ];
    let accelerated = pairing::acceleration::with_baku(&doc(&lines), 5);
    let (round, p) = pair_trf(&accelerated, None, DutchOptions::default()).unwrap();
    assert_eq!(round, 2);
    assert_eq!(boards_as_set(&p), vec![(2, 1), (3, 4), (6, 5), (7, 8)]);
    // Without acceleration the 1-point group is {1, 5, 6} and 1 meets 5
    // or 6: a different round.
    let (_, plain) = pair_trf(&doc(&lines), None, DutchOptions::default()).unwrap();
    assert_ne!(boards_as_set(&plain), boards_as_set(&p));
}

#[test]
fn baku_group_a_is_the_even_first_half_and_keeps_its_last_player() {
    // C.04.5.1's example: 161 players, half is 80.5, group A is 82.
    let lines: Vec<String> = (1..=161).map(|n| player_line(n, 2000, &[])).collect();
    let a = pairing::acceleration::baku_group_a(&doc(&lines));
    assert_eq!((a.len(), a.last().copied()), (82, Some(82)));
    // Twelve players, number 5 enters in round 2: round 1 pairs eleven,
    // group A is 2 × ⌈11/4⌉ = 6 of them (1, 2, 3, 4, 6, 7). The late
    // entry takes place 5 in the list and the last group A player stays
    // 7, so group A has seven players (an odd group A is allowed).
    let lines: Vec<String> = (1..=12)
        .map(|n| {
            let r1 = if n == 5 { "0000 - Z" } else { "" };
            player_line(n, 2000 - n * 10, &[r1])
        })
        .collect();
    let a = pairing::acceleration::baku_group_a(&doc(&lines));
    assert_eq!(a, vec![1, 2, 3, 4, 5, 6, 7]);
}
