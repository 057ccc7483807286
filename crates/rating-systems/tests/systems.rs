//! The federations' systems against their official worked examples and
//! published figures, and rating lists kept apart.
//!
//! Every expected number below comes from outside this code: Glickman's
//! paper, FIDE's rating regulations (and the figures its calculator shows,
//! which are those of its table), the European Go Database's formula worked
//! by hand, or an independent implementation, as cited at each test.

use rating_systems::glicko2::Glicko2Rating;
use rating_systems::{egd, fide, glicko2};

fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

/// Glickman, "Example of the Glicko-2 system" (glicko.net, 2013), the worked
/// example: a player rated 1500 (RD 200, σ 0.06) beats 1400 (RD 30), loses to
/// 1550 (RD 100) and to 1700 (RD 300) with τ = 0.5, and ends at
/// r' = 1464.06, RD' = 151.52, σ' = 0.05999. The paper rounds its steps
/// (μ' = −0.2069 gives 1464.06); unrounded, μ' = −0.20694 gives 1464.05, so
/// the rating is held to a hundredth of a point and σ to 0.00001 (exactly
/// 0.059996).
#[test]
fn glicko2_papers_worked_example() {
    let rating = |rating, deviation| Glicko2Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let after = glicko2::rating_period(
        rating(1500.0, 200.0),
        &[
            (rating(1400.0, 30.0), 1.0),
            (rating(1550.0, 100.0), 0.0),
            (rating(1700.0, 300.0), 0.0),
        ],
        0.5,
    );
    close(after.rating, 1464.06, 0.01);
    close(after.deviation, 151.52, 0.005);
    close(after.volatility, 0.05999, 0.00001);
}

/// FIDE Rating Regulations (effective 1 March 2024), 8.3.3: K = 40 for a
/// player with fewer than 30 games, and for a junior (until the end of the year of their 18th birthday) rated under
/// 2300; 20 under 2400; 10 once a published rating has reached 2400, even
/// after it drops; 20 for rapid; 8.3.4: K × games ≤ 700 in a period.
#[test]
fn fide_k_factor_and_who_gets_which() {
    let standing = fide::KStanding {
        rating: 2000,
        games: 30,
        reached_2400: false,
        junior: false,
        rapid: false,
    };
    assert_eq!(fide::k_factor(standing, 9), 20);
    assert_eq!(
        fide::k_factor(
            fide::KStanding {
                games: 29,
                ..standing
            },
            9
        ),
        40
    );
    let fallen = fide::KStanding {
        rating: 2390,
        reached_2400: true,
        ..standing
    };
    assert_eq!(fide::k_factor(fallen, 9), 10);
    let junior = fide::KStanding {
        junior: true,
        ..standing
    };
    assert_eq!(fide::k_factor(junior, 9), 40);
    assert_eq!(
        fide::k_factor(
            fide::KStanding {
                rating: 2300,
                ..junior
            },
            9
        ),
        20
    );
    assert_eq!(
        fide::k_factor(
            fide::KStanding {
                rapid: true,
                ..standing
            },
            9
        ),
        20
    );
    // 40 × 18 = 720 > 700: K is the largest whole number with K × 18 ≤ 700, 38.
    assert_eq!(
        fide::k_factor(
            fide::KStanding {
                games: 0,
                ..standing
            },
            18
        ),
        38
    );
    // 20 × 36 = 720: 19.
    assert_eq!(fide::k_factor(standing, 36), 19);
    assert_eq!(fide::k_factor(standing, 35), 20);
}

/// FIDE 8.1.2's table and the 400-point rule (8.3.1): a difference above 400
/// counts as 400 (We .92 / .08), except for a player rated 2650 or more, for
/// whom the real difference counts (FIDE decision effective October 2025).
#[test]
fn fide_expected_scores_and_the_400_point_rule() {
    assert_eq!(fide::expected_hundredths(2000, 2100), 36);
    assert_eq!(fide::expected_hundredths(2100, 2000), 64);
    assert_eq!(fide::expected_hundredths(2000, 1500), 92);
    assert_eq!(fide::expected_hundredths(1500, 2000), 8);
    assert_eq!(fide::expected_hundredths(2649, 2149), 92);
    // 2700 against 2200: D = 500 lies in 485–517, H = .96.
    assert_eq!(fide::expected_hundredths(2700, 2200), 96);
    // The weaker player keeps the rule: 2200 against 2700 counts as 400.
    assert_eq!(fide::expected_hundredths(2200, 2700), 8);
}

/// Per game as FIDE's calculator shows it: rated 2000, K 20, a win over 2100
/// is We .36, 20 × 0.64 = +12.8; a draw with 2000 is 0; the period's change is
/// round(12.8) = 13. A loss to 1900 (We .64) adds −12.8: 0.
#[test]
fn fide_period_change() {
    assert_eq!(fide::period_change(2000, 20, &[(2100, 2), (2000, 1)]), 13);
    assert_eq!(fide::period_change(2000, 20, &[(2100, 2), (1900, 0)]), 0);
    // K 10, a loss to 2100: 10 × −0.36 = −3.6 → −4.
    assert_eq!(fide::period_change(2000, 10, &[(2100, 0)]), -4);
}

/// FIDE 8.2.1 (2024): a first rating is Ra + dp(p) over the games against
/// rated opponents with two hypothetical draws against 1800 added, rounded,
/// at most 2200 (8.2.2). 3 of 5 against 1900, 2000, 2100, 1800, 2200:
/// Ra = (10 000 + 3 600) / 7 = 1942.86, p = 4 / 7 = .57, dp(.57) = 50 (table
/// 8.1.1): 1992.86 → 1993. Five wins against 2300: Ra = 2157.14, p = .86,
/// dp = 309: 2466, so 2200.
#[test]
fn fide_first_rating() {
    let games = [(1900, 2), (2000, 2), (2100, 2), (1800, 0), (2200, 0)];
    assert_eq!(fide::initial_rating(&games), 1993);
    assert_eq!(fide::initial_rating(&[(2300, 2); 5]), 2200);
}

/// The European Go Database's formula (europeangodatabase.eu, "EGF rating
/// system", since 2021), worked by hand: two players rated 2100, a win:
/// Se = ½, con = 6^1.6 = e^(1.6 ln 6) = 17.5809, bonus = ln(1 + e^2.5) / 5 = 0.51578, so
/// 2100 + 8.7905 + 0.5158 = 2109.306 (the figure the independent `ers`
/// implementation prints for the same game).
#[test]
fn egd_even_game() {
    close(egd::expected(2100.0, 2100.0), 0.5, 1e-12);
    close(egd::con(2100.0), 17.5809, 0.0001);
    close(egd::bonus(2100.0), 0.515778, 0.000001);
    close(
        2100.0 + egd::game_change(2100.0, 2100.0, 1.0),
        2109.306,
        0.001,
    );
}

/// A strong player's loss, by hand: r = 2674.564 against 2611.051:
/// con = (625.436 / 200)^1.6 = 6.19790, Se = 1 / (1 + (688.949 / 625.436)^7)
/// = 0.663075, bonus = ln(1 + e^−4.68205) / 5 = 0.001847; the change is
/// 6.19790 × −0.663075 + 0.001847 = −4.10783 (as an independent EGF
/// calculator service reports: −4.107829).
#[test]
fn egd_strong_players_loss() {
    close(egd::con(2674.564), 6.197900, 0.000001);
    close(egd::expected(2674.564, 2611.051), 0.663075, 0.000001);
    close(
        egd::game_change(2674.564, 2611.051, 0.0),
        -4.107829,
        0.000001,
    );
}

/// The scores by hand: predictions .8 (won), .3 (drawn), .5 (lost):
/// log loss = −(ln .8 + (½ ln .3 + ½ ln .7) + ln .5) / 3
/// = (0.223144 + 0.780319 + 0.693147) / 3 = 0.56554;
/// Brier = (.04 + .04 + .25) / 3 = 0.11; accuracy over the two decisive
/// games: the favourite won one, the even one counts half: 0.75.
#[test]
fn scores_by_hand() {
    use rating_systems::evaluate::{score, Prediction};
    let s = score(
        "x",
        &[
            Prediction { p: 0.8, s: 1.0 },
            Prediction { p: 0.3, s: 0.5 },
            Prediction { p: 0.5, s: 0.0 },
        ],
    );
    close(s.log_loss, 0.565_54, 0.000_01);
    close(s.brier, 0.11, 1e-12);
    close(s.accuracy, 0.75, 1e-12);
    let bin = &s.calibration[8];
    assert_eq!((bin.count, bin.mean_score), (1, 1.0));
}

/// The European Go Database's handicap rule (europeangodatabase.eu, "EGF
/// rating system": in a handicap game the rating difference is reduced by
/// 100 × (h − 0.5) in favour of the player who received h stones; the
/// current formula keeps the rule, as the database's GoR calculator
/// applies it): a player rated 1500 receives 3 stones from one rated 1800
/// and wins. By hand: the receiver counts as 1500 + 250 = 1750;
/// β(1800) − β(1750) = 7 ln(1550 / 1500) = 0.229529, Se = 1 / (1 +
/// e^0.229529) = 0.442868; con(1500) = 9^1.6 = 33.634735, bonus(1500) =
/// ln(1 + e^10) / 5 = 2.000009; change = 33.634735 × 0.557132 + 2.000009 =
/// +20.73898. The giver: Se = 0.557132, con(1800) = 7.5^1.6 = 25.124534,
/// bonus = ln(1 + e^6.25) / 5 = 1.250386: 25.124534 × −0.557132 + 1.250386
/// = −12.74729. One stone (no komi) is worth 50: Se = 1 / (1 + (1750 /
/// 1500)^7) = 0.253685. The independent `skillratings` crate's EGF
/// expected score, with the same handicap, agrees.
#[test]
fn egd_handicap_rule() {
    close(egd::handicap_points(0), 0.0, 0.0);
    close(egd::handicap_points(1), 50.0, 0.0);
    close(egd::handicap_points(3), 250.0, 0.0);
    close(
        egd::expected_with_handicap(1500.0, 1800.0, 3),
        0.442868,
        0.000001,
    );
    close(
        egd::expected_with_handicap(1800.0, 1500.0, -3),
        0.557132,
        0.000001,
    );
    close(
        egd::expected_with_handicap(1500.0, 1800.0, 1),
        0.253685,
        0.000001,
    );
    close(
        egd::handicap_game_change(1500.0, 1800.0, 1.0, 3),
        20.73898,
        0.00001,
    );
    close(
        egd::handicap_game_change(1800.0, 1500.0, 0.0, -3),
        -12.74729,
        0.00001,
    );
    let (receiver, _) = skillratings::egf::expected_score(
        &skillratings::egf::EGFRating { rating: 1500.0 },
        &skillratings::egf::EGFRating { rating: 1800.0 },
        &skillratings::egf::EGFConfig { handicap: -3.0 },
    );
    close(
        egd::expected_with_handicap(1500.0, 1800.0, 3),
        receiver,
        1e-12,
    );
}
