//! Exact rounding of rating changes.

use crate::settings::Rounding;

/// Rounds `numerator / denominator` (denominator > 0) to an integer by the given rule,
/// exactly, with no floating point.
pub fn round_ratio(numerator: i64, denominator: i64, rounding: Rounding) -> i64 {
    debug_assert!(denominator > 0);
    let quotient = numerator.div_euclid(denominator);
    let twice_remainder = 2 * numerator.rem_euclid(denominator);
    if twice_remainder < denominator {
        return quotient;
    }
    if twice_remainder > denominator {
        return quotient + 1;
    }
    match rounding {
        Rounding::HalfAwayFromZero if numerator >= 0 => quotient + 1,
        Rounding::HalfAwayFromZero => quotient,
        Rounding::HalfEven if quotient % 2 == 0 => quotient,
        Rounding::HalfEven => quotient + 1,
    }
}

/// Rounds a float by the given rule (for the logistic curve, which is not exact anyway).
pub fn round_float(value: f64, rounding: Rounding) -> i64 {
    match rounding {
        Rounding::HalfAwayFromZero => value.round() as i64,
        Rounding::HalfEven => value.round_ties_even() as i64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rounding::*;

    #[test]
    fn halves_go_away_from_zero() {
        assert_eq!(round_ratio(5, 2, HalfAwayFromZero), 3);
        assert_eq!(round_ratio(-5, 2, HalfAwayFromZero), -3);
        assert_eq!(round_ratio(81700, 40, HalfAwayFromZero), 2043);
        assert_eq!(round_ratio(1824, 100, HalfAwayFromZero), 18);
        assert_eq!(round_ratio(-1850, 100, HalfAwayFromZero), -19);
        assert_eq!(round_ratio(-1849, 100, HalfAwayFromZero), -18);
    }

    #[test]
    fn halves_to_even() {
        assert_eq!(round_ratio(5, 2, HalfEven), 2);
        assert_eq!(round_ratio(7, 2, HalfEven), 4);
        assert_eq!(round_ratio(-5, 2, HalfEven), -2);
        assert_eq!(round_float(2.5, HalfEven), 2);
        assert_eq!(round_float(-2.5, HalfAwayFromZero), -3);
    }
}
