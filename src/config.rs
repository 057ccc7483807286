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
    /// Extra rating lists (`[lists] categories`).
    pub lists: ListsConfig,
    /// Further rating lists, each with its own system (`[pools.<name>]`);
    /// tournaments without `pool` are rated in the association's list (`[rating]`).
    pub pools: std::collections::BTreeMap<String, PoolConfig>,
}

/// A rating list of its own (`[pools.<name>]`): a game, a time control or a
/// kind of player rated apart, by its own system. A game rated in one list
/// never moves a rating in another.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PoolConfig {
    /// The list's name on pages, e.g. "Ataxx engines"; the pool's name when empty.
    pub title: String,
    /// The rating system of the list.
    pub system: SystemKind,
    /// What the list does with overlapping tournaments of one player; the
    /// system's default ([`Overlapping::default_for`]) when not given.
    pub overlapping: Option<Overlapping>,
    /// The association system's parameters (`system = "association"`).
    pub rating: RatingConfig,
    /// Glicko-2's parameters (`system = "glicko2"`).
    pub glicko2: Glicko2Config,
    /// The FIDE system's parameters (`system = "fide"`).
    pub fide: FideConfig,
    /// The European Go Database's parameters (`system = "egd"`).
    pub egd: EgdConfig,
    /// Whole-History Rating's parameters (`system = "whr"`).
    pub whr: WhrConfig,
}

impl Default for PoolConfig {
    fn default() -> Self {
        PoolConfig {
            title: String::new(),
            system: SystemKind::Association,
            overlapping: None,
            rating: RatingConfig::default(),
            glicko2: Glicko2Config::default(),
            fide: FideConfig::default(),
            egd: EgdConfig::default(),
            whr: WhrConfig::default(),
        }
    }
}

/// The rating systems a list can use.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "lowercase")]
pub enum SystemKind {
    /// The association's own system (the thesis' rules, `[rating]`).
    Association,
    /// Glickman's Glicko-2, one rating period per tournament.
    Glicko2,
    /// FIDE's rating regulations (2024).
    Fide,
    /// The European Go Database's GoR formula.
    Egd,
    /// Rémi Coulom's Whole-History Rating: every rating re-solved from the whole history.
    Whr,
}

impl SystemKind {
    /// Every system, in the order they are documented.
    pub const ALL: [SystemKind; 5] = [
        Self::Association,
        Self::Glicko2,
        Self::Fide,
        Self::Egd,
        Self::Whr,
    ];

    /// The system's name on pages.
    pub fn title(self) -> &'static str {
        match self {
            Self::Association => "the association's system",
            Self::Glicko2 => "Glicko-2",
            Self::Fide => "FIDE rating regulations",
            Self::Egd => "European Go Database (GoR)",
            Self::Whr => "Whole-History Rating",
        }
    }
}

/// Glicko-2 parameters (Glickman, "Example of the Glicko-2 system", 2013).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Glicko2Config {
    /// τ, the constraint on volatility change (the paper suggests 0.3 to 1.2).
    pub tau: f64,
    /// Rating of a new player.
    pub initial_rating: f64,
    /// Rating deviation of a new player.
    pub initial_deviation: f64,
    /// Volatility of a new player.
    pub initial_volatility: f64,
    /// What one rating period is: each tournament, or a calendar month.
    pub period: Glicko2Period,
}

/// What one Glicko-2 rating period is (`[pools.<name>.glicko2] period`).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Glicko2Period {
    /// Each tournament is a rating period for its players; idle time counts in calendar months.
    #[default]
    Tournament,
    /// A calendar month: the games of every tournament ending in it make one period.
    Month,
}

/// What a list does with a player entered in two tournaments whose dates
/// overlap (`overlapping` in `[rating]` or `[pools.<name>]`).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Overlapping {
    /// Both are rated, each as the list's system defines (a league and a
    /// weekend open inside it).
    Allow,
    /// Both are rated, and `check` warns: the association's rules rate one
    /// tournament after another.
    Warn,
    /// `check` refuses the data.
    Refuse,
}

impl Overlapping {
    /// The default of a list rated by `system`: the association's rules warn,
    /// the federations' systems (FIDE, EGD, Glicko-2, WHR) allow.
    pub fn default_for(system: SystemKind) -> Overlapping {
        match system {
            SystemKind::Association => Overlapping::Warn,
            _ => Overlapping::Allow,
        }
    }
}

impl Default for Glicko2Config {
    fn default() -> Self {
        Glicko2Config {
            tau: 0.5,
            initial_rating: 1500.0,
            initial_deviation: 350.0,
            initial_volatility: 0.06,
            period: Glicko2Period::Tournament,
        }
    }
}

/// FIDE system parameters (FIDE Rating Regulations effective 1 March 2024).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct FideConfig {
    /// Games against rated opponents a new player needs for a first rating (FIDE: 5).
    pub initial_games: u32,
    /// The lowest published rating (FIDE: 1400).
    pub rating_floor: i32,
}

impl Default for FideConfig {
    fn default() -> Self {
        FideConfig {
            initial_games: 5,
            rating_floor: 1400,
        }
    }
}

/// European Go Database parameters.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct EgdConfig {
    /// Rating of a new player without a declared grade (EGD: 20 kyu = 100... here the grade scale's value).
    pub initial_rating: f64,
}

impl Default for EgdConfig {
    fn default() -> Self {
        EgdConfig {
            initial_rating: 100.0,
        }
    }
}

/// Whole-History Rating parameters (Rémi Coulom, "Whole-History Rating: A
/// Bayesian Rating System for Players of Time-Varying Strength", 2008).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct WhrConfig {
    /// w², the variance of a player's change of strength per day, in Elo²
    /// (the paper's Wiener process): the larger, the faster ratings may move.
    pub w2: f64,
    /// The rating of the imagined opponent of every player's first day; the
    /// paper's 0, shifted so that lists read like other lists.
    pub anchor: f64,
    /// How many imagined wins, and as many losses, against the anchor each
    /// player gets on their first day (the paper: 1).
    pub prior_games: f64,
}

impl Default for WhrConfig {
    fn default() -> Self {
        WhrConfig {
            w2: 14.0,
            anchor: 1500.0,
            prior_games: 1.0,
        }
    }
}

/// Extra rating lists.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ListsConfig {
    /// FIDE-style category lists under `lists/`; they need
    /// `site.publish_personal_data`, since they reveal ages and sex.
    pub categories: Vec<Category>,
}

/// A category list: the rating list restricted to some players, ranked within.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// Under 20 in the list year (list year − birth year < 20).
    Junior,
    /// 65 or older in the list year (list year − birth year ≥ 65).
    Senior,
    /// `sex = "w"`.
    Women,
}

impl Category {
    /// The list's file stem and name: `junior`, `senior`, `women`.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Junior => "junior",
            Category::Senior => "senior",
            Category::Women => "women",
        }
    }
}

/// One setting that cannot be used, with where it is and how to fix it.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingProblem {
    /// The table, e.g. `rating`.
    pub section: &'static str,
    /// The key, e.g. `base_k`.
    pub key: &'static str,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: String,
}

/// An integer setting and its allowed range (inclusive).
struct IntegerSetting {
    section: &'static str,
    key: &'static str,
    value: i64,
    range: std::ops::RangeInclusive<i64>,
    meaning: &'static str,
}

impl Config {
    /// Every setting outside its documented range, every text setting with a
    /// control character, and a `base_url` that is not an http(s) address.
    ///
    /// A text longer than its limit ([`crate::limits`]) is reported alone,
    /// before anything that would repeat it in a message.
    pub fn problems(&self) -> Vec<SettingProblem> {
        let long = self.length_problems();
        if !long.is_empty() {
            return long;
        }
        let mut problems: Vec<SettingProblem> = self
            .integer_settings()
            .into_iter()
            .filter(|s| !s.range.contains(&s.value))
            .map(|s| SettingProblem {
                section: s.section,
                key: s.key,
                message: format!("{} = {} is out of range", s.key, s.value),
                hint: format!(
                    "{}: give a whole number from {} to {}",
                    s.meaning,
                    s.range.start(),
                    s.range.end()
                ),
            })
            .collect();
        if self.rating.high_k > self.rating.base_k && self.rating.base_k >= 1 {
            problems.push(SettingProblem {
                section: "rating",
                key: "high_k",
                message: format!(
                    "high_k = {} is above base_k = {}",
                    self.rating.high_k, self.rating.base_k
                ),
                hint: "the K for high ratings lowers K, never raises it: give at most base_k"
                    .into(),
            });
        }
        if !self.lists.categories.is_empty() && !self.site.publish_personal_data {
            problems.push(SettingProblem {
                section: "lists",
                key: "categories",
                message: "category lists publish ages and sex, and personal data is not published"
                    .into(),
                hint: "set `publish_personal_data = true` under `[site]`, or remove `categories`"
                    .into(),
            });
        }
        problems.extend(self.budget_problems());
        problems.extend(self.pool_problems());
        let texts = [
            ("title", &self.site.title),
            ("association", &self.site.association),
            ("language", &self.site.language),
        ];
        for (key, text) in texts {
            if let Some((_, c)) = crate::text::forbidden_char(text, false) {
                problems.push(SettingProblem {
                    section: "site",
                    key,
                    message: format!(
                        "`{key}` contains a control character or text override ({})",
                        crate::text::char_name(c)
                    ),
                    hint: "remove it; this setting is a single line of plain text".into(),
                });
            }
        }
        if !crate::collation::is_known_language(&self.site.language) {
            problems.push(SettingProblem {
                section: "site",
                key: "language",
                message: format!("`{}` is not a known language", self.site.language),
                hint: "use a BCP 47 tag such as `fi`, `tr` or `en`".into(),
            });
        }
        if let Some(why) = crate::links::base_url_problem(&self.site.base_url) {
            problems.push(SettingProblem {
                section: "site",
                key: "base_url",
                message: format!("base_url `{}` {why}", self.site.base_url),
                hint: "write the published address, e.g. `base_url = \"https://renju.fi/ratings/\"`, or leave it empty".into(),
            });
        }
        let scale = self.grades.scale;
        if !(0.0..=4000.0).contains(&scale.one_dan_rating) {
            problems.push(SettingProblem {
                section: "grades",
                key: "one_dan",
                message: format!("one_dan = {} is out of range", scale.one_dan_rating),
                hint: "the rating of 1 dan: give a number from 0 to 4000".into(),
            });
        }
        if !(1.0..=1000.0).contains(&scale.points_per_grade) {
            problems.push(SettingProblem {
                section: "grades",
                key: "points_per_grade",
                message: format!(
                    "points_per_grade = {} is out of range",
                    scale.points_per_grade
                ),
                hint: "rating points per grade: give a number from 1 to 1000".into(),
            });
        }
        problems
    }

    /// Budgets of `[output]` outside 1 up to their ceiling
    /// ([`crate::limits::Ceilings`]), which the repository cannot raise. A
    /// ceiling below a budget's default lowers the default instead.
    fn budget_problems(&self) -> Vec<SettingProblem> {
        use crate::limits::{Ceilings, MAX_PAGE_MEGABYTES_VAR, PAGE_RENDER_SECONDS_VAR};
        let ceilings = Ceilings::current();
        let defaults = OutputConfig::default();
        let budgets = [
            (
                "max_page_megabytes",
                self.output.max_page_megabytes,
                ceilings.max_page_megabytes.max(defaults.max_page_megabytes),
                "MB",
                MAX_PAGE_MEGABYTES_VAR,
            ),
            (
                "page_render_seconds",
                self.output.page_render_seconds,
                ceilings
                    .page_render_seconds
                    .max(defaults.page_render_seconds),
                "s",
                PAGE_RENDER_SECONDS_VAR,
            ),
        ];
        let mut problems = Vec::new();
        for (key, value, ceiling, unit, variable) in budgets {
            let option = key.replace('_', "-");
            if value == 0 {
                problems.push(SettingProblem {
                    section: "output",
                    key,
                    message: format!("{key} = 0 is out of range"),
                    hint: format!("give a whole number from 1 to {ceiling}"),
                });
            } else if value > ceiling {
                problems.push(SettingProblem {
                    section: "output",
                    key,
                    message: format!(
                        "{key} = {value} is above the ceiling of {ceiling} {unit}, which the repository cannot raise"
                    ),
                    hint: format!(
                        "give at most {ceiling}, or remove the line; whoever runs the build may raise the ceiling with `--{option} N` or {variable}=N"
                    ),
                });
            }
        }
        problems
    }

    /// Every text setting longer than its limit ([`crate::limits`]).
    fn length_problems(&self) -> Vec<SettingProblem> {
        use crate::limits::{ADDRESS_CHARS, CODE_CHARS, TITLE_CHARS};
        let site = &self.site;
        let mut texts: Vec<(&'static str, &'static str, &str, usize)> = vec![
            ("site", "title", &site.title, TITLE_CHARS),
            ("site", "association", &site.association, TITLE_CHARS),
            ("site", "language", &site.language, CODE_CHARS),
            ("site", "base_url", &site.base_url, ADDRESS_CHARS),
        ];
        for id in &self.standings.tiebreaks {
            texts.push(("standings", "tiebreaks", id, CODE_CHARS));
        }
        for id in &self.standings.round_robin_tiebreaks {
            texts.push(("standings", "round_robin_tiebreaks", id, CODE_CHARS));
        }
        for (name, pool) in &self.pools {
            texts.push(("pools", "name", name, CODE_CHARS));
            texts.push(("pools", "title", &pool.title, TITLE_CHARS));
        }
        texts
            .into_iter()
            .filter_map(|(section, key, text, max)| {
                let found = crate::limits::too_long(text, max)?;
                Some(SettingProblem {
                    section,
                    key,
                    message: format!("`{key}` is {found} characters long; the most is {max}"),
                    hint: format!("shorten it to at most {max} characters"),
                })
            })
            .collect()
    }

    /// Pool names that cannot name pages, and parameters outside their ranges.
    fn pool_problems(&self) -> Vec<SettingProblem> {
        let mut problems = Vec::new();
        for (name, pool) in &self.pools {
            if crate::model::Slug::parse(name).is_err() {
                problems.push(SettingProblem {
                    section: "pools",
                    key: "name",
                    message: format!("`[pools.{name}]`: a list's name must be lowercase letters, digits and single hyphens"),
                    hint: "rename it, e.g. `[pools.renju-rapid]`; the name is part of the list's page addresses".into(),
                });
            }
            let g = &pool.glicko2;
            let ranges = [
                ("glicko2.tau", g.tau, 0.05, 2.0),
                (
                    "glicko2.initial_deviation",
                    g.initial_deviation,
                    1.0,
                    1000.0,
                ),
                (
                    "glicko2.initial_volatility",
                    g.initial_volatility,
                    0.0001,
                    1.0,
                ),
                ("glicko2.initial_rating", g.initial_rating, 0.0, 4000.0),
                (
                    "egd.initial_rating",
                    pool.egd.initial_rating,
                    -900.0,
                    3200.0,
                ),
                (
                    "fide.initial_games",
                    f64::from(pool.fide.initial_games),
                    1.0,
                    100.0,
                ),
                (
                    "fide.rating_floor",
                    f64::from(pool.fide.rating_floor),
                    0.0,
                    3000.0,
                ),
                ("whr.w2", pool.whr.w2, 0.01, 100_000.0),
                ("whr.anchor", pool.whr.anchor, -4000.0, 4000.0),
                ("whr.prior_games", pool.whr.prior_games, 0.01, 100.0),
            ];
            for (key, value, low, high) in ranges {
                if !(low..=high).contains(&value) {
                    problems.push(SettingProblem {
                        section: "pools",
                        key: "parameter",
                        message: format!("`[pools.{name}]` {key} = {value} is out of range"),
                        hint: format!("give a number from {low} to {high}"),
                    });
                }
            }
        }
        problems
    }

    /// The integer settings with their allowed ranges: the one table the
    /// manual's configuration reference gives.
    fn integer_settings(&self) -> [IntegerSetting; 8] {
        let r = &self.rating;
        let setting = |section, key, value: i64, range, meaning| IntegerSetting {
            section,
            key,
            value,
            range,
            meaning,
        };
        [
            setting(
                "rating",
                "base_k",
                r.base_k.into(),
                1..=100,
                "the base K factor",
            ),
            setting(
                "rating",
                "high_rating",
                r.high_rating.into(),
                1000..=3500,
                "the rating from which K is high_k",
            ),
            setting(
                "rating",
                "high_k",
                r.high_k.into(),
                1..=100,
                "the K factor for high ratings",
            ),
            setting(
                "rating",
                "provisional_games",
                r.provisional_games.into(),
                1..=100,
                "games that end the provisional phase",
            ),
            setting(
                "rating",
                "provisional_spread",
                r.provisional_spread.into(),
                100..=2000,
                "the spread of the provisional formula",
            ),
            setting(
                "rating",
                "inactive_after_months",
                r.inactive_after_months.into(),
                1..=1200,
                "months without a rated game before a player is listed as inactive",
            ),
            setting(
                "site",
                "chart_players",
                self.site.chart_players as i64,
                0..=50,
                "players in the rating list's chart",
            ),
            setting(
                "site",
                "news_on_index",
                self.site.news_on_index as i64,
                0..=100,
                "news items on the front page",
            ),
        ]
    }
}

/// Site-wide settings.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct SiteConfig {
    /// Site title shown in every page header.
    pub title: String,
    /// BCP 47 language tag: the pages' `lang` and the collation of names.
    pub language: String,
    /// Absolute URL the site is published at (canonical links, the sitemap); empty = relative only, no sitemap.
    pub base_url: String,
    /// Name of the association, shown in the footer.
    pub association: String,
    /// How many top players the rating list's chart shows (0 = no chart).
    pub chart_players: usize,
    /// How many news items the front page lists.
    pub news_on_index: usize,
    /// Whether players' birth years and sex may be published (category lists
    /// need it); false by default: personal data stays out of every output.
    pub publish_personal_data: bool,
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
            publish_personal_data: false,
        }
    }
}

/// How expected scores are computed.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ExpectedScore {
    /// The thesis' two-decimal table.
    Table,
    /// The exact logistic curve `1 / (1 + 10^(−D/400))`.
    Logistic,
}

/// How fractional rating changes are rounded.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Rounding {
    /// Nearest integer, halves away from zero (the thesis' rule).
    HalfAwayFromZero,
    /// Nearest integer, halves to the even neighbour.
    HalfEven,
}

/// Rating-system parameters (the book: The rating rules as implemented).
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
    /// What the association's own list does with overlapping tournaments of
    /// one player (`[rating] overlapping`; a pool says it in `[pools.<name>]`).
    pub overlapping: Overlapping,
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
            overlapping: Overlapping::Warn,
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
    /// Largest page a template may produce, in megabytes.
    pub max_page_megabytes: u32,
    /// Longest a template may take to render one page (or one SQL dump), in seconds.
    pub page_render_seconds: u32,
    /// Write `methods.html`: every rating list replayed under the candidate
    /// systems, with their scores and a calibration chart (off by default: it
    /// rates each list once per candidate).
    pub methods: bool,
    /// Edition of FIDE's TRF format the `.trf` downloads are written in:
    /// `16` (TRF-16, the default) or `2026` (TRF-2026).
    pub trf_version: TrfEdition,
}

/// Edition of FIDE's TRF format for the `.trf` downloads (`[output] trf_version`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub enum TrfEdition {
    /// `16`: TRF-16, what pairing programs read.
    #[default]
    Trf16,
    /// `2026`: TRF-2026, FIDE's edition applied from 1 September 2025.
    Trf2026,
}

impl TrfEdition {
    /// The `trf` crate's name for the edition.
    pub fn version(self) -> trf::Version {
        match self {
            TrfEdition::Trf16 => trf::Version::Trf16,
            TrfEdition::Trf2026 => trf::Version::Trf2026,
        }
    }
}

impl TryFrom<u32> for TrfEdition {
    type Error = String;
    fn try_from(n: u32) -> Result<Self, Self::Error> {
        match n {
            16 => Ok(TrfEdition::Trf16),
            2026 => Ok(TrfEdition::Trf2026),
            other => Err(format!("{other} is not a TRF edition; write 16 or 2026")),
        }
    }
}

impl From<TrfEdition> for u32 {
    fn from(edition: TrfEdition) -> u32 {
        match edition {
            TrfEdition::Trf16 => 16,
            TrfEdition::Trf2026 => 2026,
        }
    }
}

impl Default for OutputConfig {
    fn default() -> Self {
        OutputConfig {
            html: true,
            markdown: true,
            sql: true,
            sql_dialects: vec![Dialect::Sqlite],
            csv: true,
            max_page_megabytes: 64,
            page_render_seconds: 120,
            methods: false,
            trf_version: TrfEdition::Trf16,
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
    /// Default tie-break chain for tournaments that set none (the Turkish tournament manager's: BH-1, BH-2, SB, wins
    /// with forfeit wins, with its virtual-opponent rule); ids in `standings::tiebreak`.
    pub tiebreaks: Vec<String>,
    /// Default tie-break chain for round robins that set none: FIDE C.07's
    /// recommendation for individual round robins (direct encounter, wins,
    /// Sonneborn–Berger, Koya).
    pub round_robin_tiebreaks: Vec<String>,
}

impl Default for StandingsConfig {
    fn default() -> Self {
        StandingsConfig {
            round_robin_tiebreaks: vec!["de".into(), "win".into(), "sb".into(), "ks".into()],
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
