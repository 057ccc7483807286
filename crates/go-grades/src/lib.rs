//! Go grades (kyu and dan) and the configurable grade ↔ rating mapping.
//!
//! A [`Grade`] is stored in *stone units* where a larger number is weaker, as
//! kyu numbers are: `k` kyu is `k` and `d` dan is `1 − d`, so 30k = 30, 1k = 1,
//! 1d = 0, 2d = −1 and 9d = −8. One grade step is one handicap stone.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Weakest supported grade, 30 kyu, in stone units.
pub const WEAKEST_STONES: i32 = 30;
/// Strongest supported grade, 9 dan, in stone units.
pub const STRONGEST_STONES: i32 = -8;

/// A Go grade between 30 kyu and 9 dan.
///
/// Parses from and prints as `"3k"` / `"1d"`; also accepts upper case and the
/// long forms `"3 kyu"` / `"1 dan"`. Ordered by stone units, so a weaker grade
/// compares greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grade {
    stones: i8,
}

impl Grade {
    /// `n` kyu, for `n` in 1..=30.
    pub fn kyu(n: u32) -> Option<Grade> {
        if (1..=30).contains(&n) {
            Grade::from_stones(n as i32)
        } else {
            None
        }
    }

    /// `n` dan, for `n` in 1..=9.
    pub fn dan(n: u32) -> Option<Grade> {
        if (1..=9).contains(&n) {
            Grade::from_stones(1 - n as i32)
        } else {
            None
        }
    }

    /// The grade with the given stone units (30 = 30k … 1 = 1k, 0 = 1d … −8 = 9d).
    pub fn from_stones(stones: i32) -> Option<Grade> {
        if (STRONGEST_STONES..=WEAKEST_STONES).contains(&stones) {
            Some(Grade {
                stones: stones as i8,
            })
        } else {
            None
        }
    }

    /// The grade with the given stone units, clamped into 30k..=9d.
    pub fn from_stones_clamped(stones: i64) -> Grade {
        let clamped = stones.clamp(STRONGEST_STONES as i64, WEAKEST_STONES as i64);
        Grade {
            stones: clamped as i8,
        }
    }

    /// The grade nearest to a fractional stone value (halves round towards the
    /// weaker grade), clamped into 30k..=9d; `None` for NaN or infinity.
    pub fn nearest(stones: f64) -> Option<Grade> {
        if !stones.is_finite() {
            return None;
        }
        let rounded = (stones + 0.5).floor();
        let clamped = rounded.clamp(STRONGEST_STONES as f64, WEAKEST_STONES as f64);
        Some(Grade::from_stones_clamped(clamped as i64))
    }

    /// Stone units: larger is weaker (1k = 1, 1d = 0, 2d = −1).
    pub fn stones(self) -> i32 {
        i32::from(self.stones)
    }

    /// Whether this is a dan grade.
    pub fn is_dan(self) -> bool {
        self.stones <= 0
    }

    /// The grade `delta` stones away (positive = weaker), clamped into 30k..=9d.
    pub fn offset_clamped(self, delta: i64) -> Grade {
        Grade::from_stones_clamped(i64::from(self.stones).saturating_add(delta))
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_dan() {
            write!(f, "{}d", 1 - self.stones())
        } else {
            write!(f, "{}k", self.stones())
        }
    }
}

/// Why a text is not a grade.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GradeError {
    /// Not of the form `<number>k` or `<number>d`.
    #[error(
        "`{0}` is not a grade: write kyu grades as `3k` (1k..30k) and dan grades as `1d` (1d..9d)"
    )]
    Syntax(String),
    /// The number is outside 1..=30 kyu or 1..=9 dan.
    #[error("`{0}` is out of range: kyu grades go from 30k to 1k and dan grades from 1d to 9d")]
    OutOfRange(String),
}

impl FromStr for Grade {
    type Err = GradeError;

    fn from_str(s: &str) -> Result<Grade, GradeError> {
        let text = s.trim();
        let lower = text.to_ascii_lowercase();
        let digits_end = lower
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(lower.len());
        let (number, unit) = lower.split_at(digits_end);
        let unit = unit.trim();
        if number.is_empty() || number.len() > 3 {
            return Err(GradeError::Syntax(text.to_string()));
        }
        let n: u32 = number
            .parse()
            .map_err(|_| GradeError::Syntax(text.to_string()))?;
        let grade = match unit {
            "k" | "kyu" => Grade::kyu(n),
            "d" | "dan" => Grade::dan(n),
            _ => return Err(GradeError::Syntax(text.to_string())),
        };
        grade.ok_or_else(|| GradeError::OutOfRange(text.to_string()))
    }
}

impl Serialize for Grade {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Grade {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Grade, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Linear mapping between grades and ratings.
///
/// `rating(grade) = one_dan_rating − stones(grade) · points_per_grade`; the
/// default is the European Go Database's: 2100 = 1d, 2000 = 1k, 2200 = 2d.
/// In a config file the keys are `one_dan` and `points_per_grade`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawGradeScale", into = "RawGradeScale")]
pub struct GradeScale {
    /// Rating of 1 dan (the middle of its band).
    pub one_dan_rating: f64,
    /// Rating points per grade (per handicap stone); must be positive.
    pub points_per_grade: f64,
}

impl Default for GradeScale {
    fn default() -> Self {
        GradeScale {
            one_dan_rating: 2100.0,
            points_per_grade: 100.0,
        }
    }
}

/// Why a grade scale is unusable.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GradeScaleError {
    /// `points_per_grade` is zero, negative or not finite.
    #[error("grades: points_per_grade must be a positive number, got {0}")]
    PointsPerGrade(f64),
    /// `one_dan` is not finite.
    #[error("grades: one_dan must be a finite number, got {0}")]
    OneDan(f64),
}

impl GradeScale {
    /// A validated scale.
    pub fn new(one_dan_rating: f64, points_per_grade: f64) -> Result<GradeScale, GradeScaleError> {
        if !one_dan_rating.is_finite() {
            return Err(GradeScaleError::OneDan(one_dan_rating));
        }
        if !(points_per_grade.is_finite() && points_per_grade > 0.0) {
            return Err(GradeScaleError::PointsPerGrade(points_per_grade));
        }
        Ok(GradeScale {
            one_dan_rating,
            points_per_grade,
        })
    }

    /// The rating at the middle of a grade's band (1d → 2100 by default).
    pub fn rating_for_grade(&self, grade: Grade) -> f64 {
        self.one_dan_rating - f64::from(grade.stones()) * self.points_per_grade
    }

    /// The rating for fractional stone units (e.g. an estimated grade).
    pub fn rating_for_stones(&self, stones: f64) -> f64 {
        self.one_dan_rating - stones * self.points_per_grade
    }

    /// The grade whose band holds `rating`, clamped into 30k..=9d; `None` for
    /// NaN or infinity. Bands are half-open around the grade's rating as in
    /// the European Go Database: with the default scale 1d is 2050 ≤ r < 2150,
    /// so 2049 is 1k, 2050 is 1d and 2150 is 2d.
    pub fn grade_for_rating(&self, rating: f64) -> Option<Grade> {
        if !rating.is_finite() {
            return None;
        }
        let steps = ((rating - self.one_dan_rating) / self.points_per_grade + 0.5).floor();
        if !steps.is_finite() {
            return None;
        }
        let stones = (-steps).clamp(STRONGEST_STONES as f64, WEAKEST_STONES as f64);
        Some(Grade::from_stones_clamped(stones as i64))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGradeScale {
    #[serde(default = "default_one_dan")]
    one_dan: f64,
    #[serde(default = "default_points_per_grade")]
    points_per_grade: f64,
}

fn default_one_dan() -> f64 {
    GradeScale::default().one_dan_rating
}

fn default_points_per_grade() -> f64 {
    GradeScale::default().points_per_grade
}

impl TryFrom<RawGradeScale> for GradeScale {
    type Error = GradeScaleError;
    fn try_from(raw: RawGradeScale) -> Result<Self, Self::Error> {
        GradeScale::new(raw.one_dan, raw.points_per_grade)
    }
}

impl From<GradeScale> for RawGradeScale {
    fn from(scale: GradeScale) -> Self {
        RawGradeScale {
            one_dan: scale.one_dan_rating,
            points_per_grade: scale.points_per_grade,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> Grade {
        s.parse().unwrap()
    }

    #[test]
    fn parses_and_prints() {
        assert_eq!(g("1k").stones(), 1);
        assert_eq!(g("1d").stones(), 0);
        assert_eq!(g("2d").stones(), -1);
        assert_eq!(g("30k").stones(), 30);
        assert_eq!(g("9d").stones(), -8);
        assert_eq!(g(" 3K ").to_string(), "3k");
        assert_eq!(g("4 dan").to_string(), "4d");
        assert_eq!(g("12 kyu").to_string(), "12k");
        for stones in STRONGEST_STONES..=WEAKEST_STONES {
            let grade = Grade::from_stones(stones).unwrap();
            assert_eq!(grade.to_string().parse::<Grade>().unwrap(), grade);
        }
        assert!(g("2d") < g("1d") && g("1d") < g("1k"));
    }

    #[test]
    fn rejects_bad_grades() {
        for bad in ["", "k", "3", "3p", "1.5k", "-3k", "k3", "99999999999k"] {
            assert!(
                matches!(bad.parse::<Grade>(), Err(GradeError::Syntax(_))),
                "{bad}"
            );
        }
        for bad in ["0k", "31k", "0d", "10d"] {
            assert!(
                matches!(bad.parse::<Grade>(), Err(GradeError::OutOfRange(_))),
                "{bad}"
            );
        }
        assert_eq!(
            "31k".parse::<Grade>().unwrap_err().to_string(),
            "`31k` is out of range: kyu grades go from 30k to 1k and dan grades from 1d to 9d"
        );
    }

    #[test]
    fn nearest_and_offset() {
        assert_eq!(Grade::nearest(2.75), Some(g("3k")));
        assert_eq!(Grade::nearest(0.5), Some(g("1k")));
        assert_eq!(Grade::nearest(0.4), Some(g("1d")));
        assert_eq!(Grade::nearest(-100.0), Some(g("9d")));
        assert_eq!(Grade::nearest(f64::NAN), None);
        assert_eq!(g("1k").offset_clamped(-1), g("1d"));
        assert_eq!(g("29k").offset_clamped(5), g("30k"));
        assert_eq!(g("8d").offset_clamped(i64::MIN), g("9d"));
    }

    #[test]
    fn egd_default_scale() {
        let scale = GradeScale::default();
        assert_eq!(scale.rating_for_grade(g("1d")), 2100.0);
        assert_eq!(scale.rating_for_grade(g("1k")), 2000.0);
        assert_eq!(scale.rating_for_grade(g("2d")), 2200.0);
        assert_eq!(scale.grade_for_rating(2100.0), Some(g("1d")));
        assert_eq!(scale.grade_for_rating(2050.0), Some(g("1d")));
        assert_eq!(scale.grade_for_rating(2049.9), Some(g("1k")));
        assert_eq!(scale.grade_for_rating(2149.0), Some(g("1d")));
        assert_eq!(scale.grade_for_rating(2150.0), Some(g("2d")));
        assert_eq!(scale.grade_for_rating(1500.0), Some(g("6k")));
        assert_eq!(scale.grade_for_rating(-5000.0), Some(g("30k")));
        assert_eq!(scale.grade_for_rating(9000.0), Some(g("9d")));
        assert_eq!(scale.grade_for_rating(f64::INFINITY), None);
        for stones in STRONGEST_STONES..=WEAKEST_STONES {
            let grade = Grade::from_stones(stones).unwrap();
            assert_eq!(
                scale.grade_for_rating(scale.rating_for_grade(grade)),
                Some(grade)
            );
        }
    }

    #[test]
    fn grade_serde_as_string() {
        #[derive(Deserialize, Serialize)]
        struct Player {
            grade: Grade,
        }
        let p: Player = toml::from_str("grade = \"3k\"").unwrap();
        assert_eq!(p.grade, g("3k"));
        assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"grade":"3k"}"#);
        assert!(toml::from_str::<Player>("grade = \"3x\"").is_err());
    }
}
