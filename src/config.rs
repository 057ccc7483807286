//! `ratingbook.toml`: site settings, rating parameters and output switches.
//!
//! Every field has a default, so a data repository builds with no config file.

use go_grades::{Grade, GradeScale, GradeScaleError};
use serde::{Deserialize, Serialize};

/// The whole configuration file.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Site settings.
    pub site: SiteConfig,
    /// Rating-system parameters.
    pub rating: RatingConfig,
    /// Which outputs `build` writes.
    pub output: OutputConfig,
    /// Standings settings.
    pub standings: StandingsConfig,
    /// Go grades shown for ratings (`[grades] enabled, one_dan, points_per_grade`).
    pub grades: GradesConfig,
}

/// Site-wide settings.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct SiteConfig {
    /// Site title shown in every page header.
    pub title: String,
    /// BCP 47 language tag: the pages' `lang` and the collation of names.
    pub language: String,
    /// Absolute URL the site is published at (for canonical links and the sitemap); empty = relative only.
    pub base_url: String,
    /// Name of the association, shown in the footer.
    pub association: String,
    /// How many top players the rating list's chart shows (0 = no chart).
    pub chart_players: usize,
    /// How many news items the front page lists.
    pub news_on_index: usize,
}

impl Default for SiteConfig {
    fn default() -> Self {
        SiteConfig {
            title: "Rating book".into(),
            language: "en".into(),
            base_url: String::new(),
            association: String::new(),
            chart_players: 5,
            news_on_index: 5,
        }
    }
}

/// How expected scores are computed.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ExpectedScore {
    /// The seed's two-decimal table.
    Table,
    /// The exact logistic curve `1 / (1 + 10^(−D/400))`.
    Logistic,
}

/// How fractional rating changes are rounded.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Rounding {
    /// Nearest integer, halves away from zero (the seed's rule).
    HalfAwayFromZero,
    /// Nearest integer, halves to the even neighbour.
    HalfEven,
}

/// Rating-system parameters (spec: rating-rules.md).
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct RatingConfig {
    /// Base K when the tournament fixes none.
    pub base_k: u32,
    /// Start-of-tournament rating from which the high-rating K applies.
    pub high_rating: i32,
    /// K for players at or above `high_rating` (never more than the base K).
    pub high_k: u32,
    /// Preset plus rated games needed to leave the provisional phase.
    pub provisional_games: u32,
    /// The provisional formula's spread: `Rp = Rc + (Wc − 0.5) × spread`.
    pub provisional_spread: u32,
    /// Expected-score method.
    pub expected: ExpectedScore,
    /// Rounding of rating changes.
    pub rounding: Rounding,
    /// Months without a rated game after which a player is listed as inactive.
    pub inactive_after_months: u32,
}

impl Default for RatingConfig {
    fn default() -> Self {
        RatingConfig {
            base_k: 32,
            high_rating: 2400,
            high_k: 24,
            provisional_games: 20,
            provisional_spread: 850,
            expected: ExpectedScore::Table,
            rounding: Rounding::HalfAwayFromZero,
            inactive_after_months: 24,
        }
    }
}

/// Output switches.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct OutputConfig {
    /// Write the HTML site.
    pub html: bool,
    /// Write Markdown reports.
    pub markdown: bool,
    /// Write the SQL dumps (`false` turns off every dialect).
    pub sql: bool,
    /// Which SQL dumps the site gets: `sqlite` → `ratingbook.sql`, `postgres` →
    /// `ratingbook.postgres.sql`, `mysql` (MariaDB) → `ratingbook.mysql.sql`.
    pub sql_dialects: Vec<Dialect>,
    /// Write the downloads: rating list CSV, each tournament as CSV and FIDE TRF.
    pub csv: bool,
}

impl Default for OutputConfig {
    fn default() -> Self {
        OutputConfig {
            html: true,
            markdown: true,
            sql: true,
            sql_dialects: vec![Dialect::Sqlite],
            csv: true,
        }
    }
}

/// A database family an SQL dump is written for (`[output] sql_dialects`);
/// the `sql` module gives each its quoting, file name and load strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dialect {
    /// SQLite 3.
    Sqlite,
    /// PostgreSQL (12 or later).
    #[serde(alias = "postgresql")]
    Postgres,
    /// MariaDB (10.4 or later) and MySQL (8.0.16 or later): CHECK constraints enforced.
    #[serde(alias = "mariadb")]
    Mysql,
}

/// Standings settings.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct StandingsConfig {
    /// Default tie-break chain for tournaments that set none (seed 003: BH-1, BH-2, SB, wins
    /// with forfeit wins, with its virtual-opponent rule); ids in `standings::tiebreak`.
    pub tiebreaks: Vec<String>,
}

impl Default for StandingsConfig {
    fn default() -> Self {
        StandingsConfig {
            tiebreaks: vec![
                "bh-c1-virtual".into(),
                "bh-c2-virtual".into(),
                "sb-virtual".into(),
                "gs".into(),
            ],
        }
    }
}

/// The `[grades]` section of `ratingbook.toml`:
///
/// ```toml
/// [grades]
/// enabled = true        # show grades on player pages (default false)
/// one_dan = 2100        # rating of 1 dan (default 2100)
/// points_per_grade = 100
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(try_from = "RawGradesConfig", into = "RawGradesConfig")]
pub struct GradesConfig {
    /// Whether player pages show the grade matching a computed rating.
    pub enabled: bool,
    /// The grade ↔ rating mapping.
    pub scale: GradeScale,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGradesConfig {
    #[serde(default)]
    enabled: bool,
    #[serde(default = "default_one_dan")]
    one_dan: f64,
    #[serde(default = "default_points_per_grade")]
    points_per_grade: f64,
}

impl TryFrom<RawGradesConfig> for GradesConfig {
    type Error = GradeScaleError;
    fn try_from(raw: RawGradesConfig) -> Result<Self, Self::Error> {
        Ok(GradesConfig {
            enabled: raw.enabled,
            scale: GradeScale::new(raw.one_dan, raw.points_per_grade)?,
        })
    }
}

impl From<GradesConfig> for RawGradesConfig {
    fn from(config: GradesConfig) -> Self {
        RawGradesConfig {
            enabled: config.enabled,
            one_dan: config.scale.one_dan_rating,
            points_per_grade: config.scale.points_per_grade,
        }
    }
}

impl GradesConfig {
    /// The grade to show for `rating`, or `None` when grades are disabled.
    pub fn grade_for_rating(&self, rating: f64) -> Option<Grade> {
        if self.enabled {
            self.scale.grade_for_rating(rating)
        } else {
            None
        }
    }
}

fn default_one_dan() -> f64 {
    GradeScale::default().one_dan_rating
}

fn default_points_per_grade() -> f64 {
    GradeScale::default().points_per_grade
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_from_toml() {
        #[derive(Deserialize)]
        struct Config {
            grades: GradesConfig,
        }
        let config: Config =
            toml::from_str("[grades]\nenabled = true\none_dan = 2000\npoints_per_grade = 50\n")
                .unwrap();
        assert!(config.grades.enabled);
        assert_eq!(config.grades.scale, GradeScale::new(2000.0, 50.0).unwrap());
        assert_eq!(
            config.grades.grade_for_rating(2050.0),
            "2d".parse::<Grade>().ok()
        );

        let config: Config = toml::from_str("[grades]\n").unwrap();
        assert!(!config.grades.enabled);
        assert_eq!(config.grades.scale, GradeScale::default());
        assert_eq!(config.grades.grade_for_rating(2100.0), None);

        let err = toml::from_str::<Config>("[grades]\npoints_per_grade = 0\n")
            .err()
            .unwrap();
        assert!(err
            .to_string()
            .contains("points_per_grade must be a positive"));
        assert!(toml::from_str::<Config>("[grades]\nenable = true\n").is_err());
    }
}
