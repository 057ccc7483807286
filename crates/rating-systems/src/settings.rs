//! Each system's parameters, and [`System`]: one system with its parameters.

/// How the association's system computes expected scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpectedScore {
    /// The two-decimal table (see [`crate::expected::table_bands`]).
    Table,
    /// The exact logistic curve `1 / (1 + 10^(−D/400))`.
    Logistic,
}

/// How fractional rating changes are rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// Nearest integer, halves away from zero.
    HalfAwayFromZero,
    /// Nearest integer, halves to the even neighbour.
    HalfEven,
}

/// The association's system's parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AssociationSettings {
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
}

impl Default for AssociationSettings {
    fn default() -> Self {
        AssociationSettings {
            base_k: 32,
            high_rating: 2400,
            high_k: 24,
            provisional_games: 20,
            provisional_spread: 850,
            expected: ExpectedScore::Table,
            rounding: Rounding::HalfAwayFromZero,
        }
    }
}

/// What one Glicko-2 rating period is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Glicko2Period {
    /// Each tournament is a rating period of its own for its players; time
    /// between periods counts in calendar months.
    #[default]
    Tournament,
    /// A calendar month: every game of the tournaments ending in it is rated
    /// in one period, from everyone's state at its start.
    Month,
}

/// Glicko-2's parameters (Glickman, "Example of the Glicko-2 system", 2013).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko2Settings {
    /// τ, the constraint on volatility change (the paper suggests 0.3 to 1.2).
    pub tau: f64,
    /// Rating of a new player.
    pub initial_rating: f64,
    /// Rating deviation of a new player.
    pub initial_deviation: f64,
    /// Volatility of a new player.
    pub initial_volatility: f64,
    /// What one rating period is.
    pub period: Glicko2Period,
}

impl Default for Glicko2Settings {
    fn default() -> Self {
        Glicko2Settings {
            tau: 0.5,
            initial_rating: 1500.0,
            initial_deviation: 350.0,
            initial_volatility: 0.06,
            period: Glicko2Period::Tournament,
        }
    }
}

/// FIDE's parameters (rating regulations effective 1 March 2024).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FideSettings {
    /// Games against rated opponents a new player needs for a first rating (FIDE: 5).
    pub initial_games: u32,
    /// The lowest published rating (FIDE: 1400).
    pub rating_floor: i32,
    /// Whether birth years may be used (FIDE's K of juniors).
    pub use_birth_years: bool,
}

impl Default for FideSettings {
    fn default() -> Self {
        FideSettings {
            initial_games: 5,
            rating_floor: 1400,
            use_birth_years: false,
        }
    }
}

/// The European Go Database's parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EgdSettings {
    /// Rating of a new player without a declared grade.
    pub initial_rating: f64,
    /// The rating of each declared Go grade, for a player's start.
    pub grades: go_grades::GradeScale,
}

impl Default for EgdSettings {
    fn default() -> Self {
        EgdSettings {
            initial_rating: 100.0,
            grades: go_grades::GradeScale::default(),
        }
    }
}

/// Whole-History Rating's parameters (Rémi Coulom, 2008).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WhrSettings {
    /// w², the variance of a player's change of strength per day, in Elo².
    pub w2: f64,
    /// The published rating of the imagined opponent of every player's first day.
    pub anchor: f64,
    /// Imagined wins, and as many losses, against the anchor on a player's first day.
    pub prior_games: f64,
}

impl Default for WhrSettings {
    fn default() -> Self {
        WhrSettings {
            w2: 14.0,
            anchor: 1500.0,
            prior_games: 1.0,
        }
    }
}

/// A rating system with its parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum System {
    /// The association's system.
    Association(AssociationSettings),
    /// Glicko-2, one rating period per tournament or per calendar month.
    Glicko2(Glicko2Settings),
    /// FIDE's rating regulations, monthly lists.
    Fide(FideSettings),
    /// The European Go Database's formula.
    Egd(EgdSettings),
    /// Whole-History Rating.
    Whr(WhrSettings),
}
