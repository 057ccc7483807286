//! FIDE's rating regulations against their own published figures: every
//! entry of the two tables, typed from the regulations, and the rules of
//! articles 8.3.1 to 8.3.4 on cases worked by hand from their text.
//!
//! Source: FIDE Handbook, B.02 "FIDE Rating Regulations effective from
//! 1 March 2024" (with the 1 October 2025 amendment of 8.3.1): table 8.1.1
//! (conversion of a fractional score p into a rating difference dp), table
//! 8.1.2 (conversion of a rating difference D into a scoring probability PD
//! for the higher, H, and the lower, L, rated player), 8.2 (the initial
//! rating), 8.3 (the rating change). The regulations give no worked numeric
//! example of their own; the hand-worked cases below use only their tables.

use rating_systems::fide;

/// Table 8.1.1 as printed: dp for p = 1.00, .99, …, .51, .50 (dp for
/// p < .50 is −dp(1 − p), as the table prints it).
const TABLE_8_1_1: [(u32, i64); 51] = [
    (100, 800),
    (99, 677),
    (98, 589),
    (97, 538),
    (96, 501),
    (95, 470),
    (94, 444),
    (93, 422),
    (92, 401),
    (91, 383),
    (90, 366),
    (89, 351),
    (88, 336),
    (87, 322),
    (86, 309),
    (85, 296),
    (84, 284),
    (83, 273),
    (82, 262),
    (81, 251),
    (80, 240),
    (79, 230),
    (78, 220),
    (77, 211),
    (76, 202),
    (75, 193),
    (74, 184),
    (73, 175),
    (72, 166),
    (71, 158),
    (70, 149),
    (69, 141),
    (68, 133),
    (67, 125),
    (66, 117),
    (65, 110),
    (64, 102),
    (63, 95),
    (62, 87),
    (61, 80),
    (60, 72),
    (59, 65),
    (58, 57),
    (57, 50),
    (56, 43),
    (55, 36),
    (54, 29),
    (53, 21),
    (52, 14),
    (51, 7),
    (50, 0),
];

/// Table 8.1.2 as printed: each row's rating differences (from, to) and PD
/// of the higher-rated player in hundredths; the lower-rated player's is
/// 100 − H. The last row, D > 735, gives 1.00.
const TABLE_8_1_2: [(i32, i32, u32); 50] = [
    (0, 3, 50),
    (4, 10, 51),
    (11, 17, 52),
    (18, 25, 53),
    (26, 32, 54),
    (33, 39, 55),
    (40, 46, 56),
    (47, 53, 57),
    (54, 61, 58),
    (62, 68, 59),
    (69, 76, 60),
    (77, 83, 61),
    (84, 91, 62),
    (92, 98, 63),
    (99, 106, 64),
    (107, 113, 65),
    (114, 121, 66),
    (122, 129, 67),
    (130, 137, 68),
    (138, 145, 69),
    (146, 153, 70),
    (154, 162, 71),
    (163, 170, 72),
    (171, 179, 73),
    (180, 188, 74),
    (189, 197, 75),
    (198, 206, 76),
    (207, 215, 77),
    (216, 225, 78),
    (226, 235, 79),
    (236, 245, 80),
    (246, 256, 81),
    (257, 267, 82),
    (268, 278, 83),
    (279, 290, 84),
    (291, 302, 85),
    (303, 315, 86),
    (316, 328, 87),
    (329, 344, 88),
    (345, 357, 89),
    (358, 374, 90),
    (375, 391, 91),
    (392, 411, 92),
    (412, 432, 93),
    (433, 456, 94),
    (457, 484, 95),
    (485, 517, 96),
    (518, 559, 97),
    (560, 619, 98),
    (620, 735, 99),
];

/// Every entry of table 8.1.1: a score of p (k half points out of 50 games
/// is p = k / 100) gives dp, and 1 − p gives −dp.
#[test]
fn table_8_1_1_every_entry() {
    for (p, dp) in TABLE_8_1_1 {
        assert_eq!(fide::rating_difference(i64::from(p), 50), dp, "p = .{p}");
        assert_eq!(
            fide::rating_difference(i64::from(100 - p), 50),
            -dp,
            "p = .{}",
            100 - p
        );
    }
}

/// Every row of table 8.1.2 at both of its ends, for the higher-rated
/// player (rated 2700 or more, so that 8.3.1's 400-point rule does not cut
/// the difference) and, up to 400, for the lower-rated one; D > 735 gives
/// 1.00 and .00.
#[test]
fn table_8_1_2_every_row() {
    for (from, to, high) in TABLE_8_1_2 {
        for d in [from, to] {
            assert_eq!(fide::expected_hundredths(3500, 3500 - d), high, "D = {d}");
            if d <= 400 {
                assert_eq!(fide::expected_hundredths(2000, 2000 + d), 100 - high);
                assert_eq!(fide::expected_hundredths(2000 + d, 2000), high);
            }
        }
    }
    assert_eq!(fide::expected_hundredths(3500, 3500 - 736), 100);
    assert_eq!(fide::expected_hundredths(3500, 2000), 100);
}

/// 8.3.1: a difference of more than 400 counts as 400 for a player rated
/// below 2650 (H .92, L .08, the 392–411 row), and as it is for a player
/// rated 2650 or more. A player rated 2200 against 1000 and against 1600
/// expects .92 from each; 1800 against 2400 and against 2482 expects .08;
/// 2650 against 2000 (D 650, the 620–735 row) expects .99, while 2000
/// against 2650 still counts 400 (.08).
#[test]
fn rule_8_3_1_four_hundred_points() {
    assert_eq!(fide::expected_hundredths(2200, 1000), 92);
    assert_eq!(fide::expected_hundredths(2200, 1600), 92);
    assert_eq!(fide::expected_hundredths(1800, 2400), 8);
    assert_eq!(fide::expected_hundredths(1800, 2482), 8);
    assert_eq!(fide::counted_difference(2200, 1000), 400);
    assert_eq!(fide::counted_difference(2649, 2000), 400);
    assert_eq!(fide::expected_hundredths(2650, 2000), 99);
    assert_eq!(fide::counted_difference(2650, 2000), 650);
    assert_eq!(fide::expected_hundredths(2000, 2650), 8);
}

/// 8.3.2–8.3.4: ΔR = score − PD per game, the rating change is ΣΔR × K,
/// rounded to the nearest whole number, 0.5 away from zero. By hand from
/// table 8.1.2: rated 2000, K 10, a draw with 2035 (D 35, L .45) is
/// +0.05 × 10 = +0.5 → +1; rated 2035, a draw with 2000 (H .55) is −0.5 →
/// −1. Rated 2200, K 20, over a period: a win against 2300 (L .36: +0.64), a
/// loss to 2150 (D 50, H .57: −0.57), a draw with 2700 (400-point rule, L
/// .08: +0.42): ΣΔR = 0.49, × 20 = 9.8 → +10.
#[test]
fn rules_8_3_2_to_8_3_4_the_change_and_its_rounding() {
    assert_eq!(fide::period_change(2000, 10, &[(2035, 1)]), 1);
    assert_eq!(fide::period_change(2035, 10, &[(2000, 1)]), -1);
    assert_eq!(
        fide::period_change(2200, 20, &[(2300, 2), (2150, 0), (2700, 1)]),
        10
    );
}

/// 8.3.3, last paragraph: if the number of games n of a period times K
/// exceeds 700, K is the largest whole number with K × n ≤ 700: K 40 and
/// 19 games give 36 (36 × 19 = 684, 37 × 19 = 703); K 20 and 40 games give
/// 17; K 10 and 71 games give 9; K 10 and 70 games stay 10.
#[test]
fn rule_8_3_3_seven_hundred() {
    let new = fide::KStanding {
        rating: 1800,
        games: 0,
        reached_2400: false,
        junior: false,
        rapid: false,
    };
    assert_eq!(fide::k_factor(new, 19), 36);
    let settled = fide::KStanding { games: 30, ..new };
    assert_eq!(fide::k_factor(settled, 40), 17);
    let strong = fide::KStanding {
        rating: 2450,
        reached_2400: true,
        ..settled
    };
    assert_eq!(fide::k_factor(strong, 71), 9);
    assert_eq!(fide::k_factor(strong, 70), 10);
}

/// 8.2: Ra is the average of the rated opponents and two hypothetical
/// opponents rated 1800, drawn; Ru = Ra + dp, rounded, at most 2200. By hand:
/// 2½ of 5 against 1600, 1700, 1800, 1900, 2000: Ra = (9 000 + 3 600) / 7 =
/// 1800, p = 3.5 / 7 = .50, dp 0: 1800. 1 of 5 against 2000 each: Ra =
/// 13 600 / 7 = 1942.86, p = 2 / 7 = .29 (table 8.1.1: −158): 1784.86 →
/// 1785.
#[test]
fn rule_8_2_the_initial_rating() {
    let even = [(1600, 2), (1700, 0), (1800, 1), (1900, 2), (2000, 0)];
    assert_eq!(fide::initial_rating(&even), 1800);
    let poor = [(2000, 2), (2000, 0), (2000, 0), (2000, 0), (2000, 0)];
    assert_eq!(fide::initial_rating(&poor), 1785);
}
