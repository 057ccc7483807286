//! Expected scores: the association's two-decimal table and the logistic curve.

use crate::settings::ExpectedScore;

/// Upper bound of each rating-difference band and the higher-rated player's
/// expectation in hundredths (the book: The rating rules as implemented, the expected-score table).
const TABLE: [(u32, u32); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// The table as published: each band of the absolute rating difference D, from
/// `from` to `to` inclusive (`None`: no upper end), with the higher-rated
/// player's expectation in hundredths.
pub fn table_bands() -> Vec<(u32, Option<u32>, u32)> {
    let mut from = 0;
    let mut bands = Vec::with_capacity(TABLE.len() + 1);
    for &(upper, h) in &TABLE {
        bands.push((from, Some(upper), h));
        from = upper + 1;
    }
    bands.push((from, None, 100));
    bands
}

/// Expected score of a player rated `own` against one rated `opponent`, by the table,
/// in hundredths (0..=100).
pub fn table_hundredths(own: i32, opponent: i32) -> u32 {
    let difference = own.abs_diff(opponent);
    let higher = TABLE
        .iter()
        .find(|(upper, _)| difference <= *upper)
        .map_or(100, |(_, h)| *h);
    if own >= opponent {
        higher
    } else {
        100 - higher
    }
}

/// Expected score by the logistic curve `1 / (1 + 10^(−D/400))`, D = own − opponent.
pub fn logistic(own: i32, opponent: i32) -> f64 {
    let d = f64::from(own - opponent);
    1.0 / (1.0 + 10f64.powf(-d / 400.0))
}

/// Expected score by the configured method, as a fraction.
pub fn expected(method: ExpectedScore, own: i32, opponent: i32) -> f64 {
    match method {
        ExpectedScore::Table => f64::from(table_hundredths(own, opponent)) / 100.0,
        ExpectedScore::Logistic => logistic(own, opponent),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_bands_match_the_spec() {
        assert_eq!(table_hundredths(2000, 2000), 50);
        assert_eq!(table_hundredths(2003, 2000), 50);
        assert_eq!(table_hundredths(2004, 2000), 51);
        assert_eq!(table_hundredths(2000, 2100), 36);
        assert_eq!(table_hundredths(2000, 1900), 64);
        assert_eq!(table_hundredths(2475, 1959), 96);
        assert_eq!(table_hundredths(2735, 2000), 99);
        assert_eq!(table_hundredths(2736, 2000), 100);
        assert_eq!(table_hundredths(2000, 2736), 0);
    }

    #[test]
    fn published_bands_are_the_spec_table() {
        let bands = table_bands();
        assert_eq!(bands.len(), 51);
        assert_eq!(bands[0], (0, Some(3), 50));
        assert_eq!(bands[1], (4, Some(10), 51));
        assert_eq!(bands[25], (189, Some(197), 75));
        assert_eq!(bands[49], (620, Some(735), 99));
        assert_eq!(bands[50], (736, None, 100));
    }

    #[test]
    fn table_is_monotonic_and_symmetric() {
        let mut last = 50;
        for d in 0..900 {
            let h = table_hundredths(1000 + d, 1000);
            assert!(h >= last);
            assert_eq!(h + table_hundredths(1000, 1000 + d), 100);
            last = h;
        }
    }

    #[test]
    fn logistic_is_close_to_table() {
        assert!((logistic(2000, 2000) - 0.5).abs() < 1e-12);
        for d in [0, 50, 100, 200, 400] {
            let table = f64::from(table_hundredths(1500 + d, 1500)) / 100.0;
            assert!((logistic(1500 + d, 1500) - table).abs() < 0.02, "d = {d}");
        }
    }
}
