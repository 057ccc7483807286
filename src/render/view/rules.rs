//! The rules page: every rule the rating engine applies, with the numbers of the
//! configuration in force. Each rule has an anchor (`rule-…`) that the K, We,
//! Perf. and Δ columns of other pages link to.

use super::ViewBuilder;
use crate::config::{ExpectedScore, Rounding};
use crate::rating::{expected, KFactor};
use crate::render::format;
use serde::Serialize;

/// One band of the expected-score table.
#[derive(Debug, Clone, Serialize)]
pub struct ExpectedBand {
    /// The rating difference D, e.g. `0–3` or `> 735`.
    pub difference: String,
    /// The higher-rated player's expectation H, e.g. `.50`.
    pub higher: String,
    /// The lower-rated player's expectation L = 1 − H, e.g. `.50`.
    pub lower: String,
}

/// The rules page.
#[derive(Debug, Clone, Serialize)]
pub struct RulesView {
    /// Base K.
    pub base_k: String,
    /// Half the base K (one halving).
    pub base_k_half: String,
    /// The start-of-tournament rating from which the high-rating K applies.
    pub high_rating: i32,
    /// The high-rating K (never more than the base K).
    pub high_k: String,
    /// Every K one game can get with the configured base K, highest first.
    pub k_values: String,
    /// Games (preset included) that end the provisional phase.
    pub provisional_games: u32,
    /// The spread of `Rp = Rc + (Wc − 0.5) × spread`.
    pub provisional_spread: u32,
    /// Half the spread: the most a first rating can differ from `Rc`.
    pub provisional_reach: String,
    /// Whether We comes from the table (else the logistic curve).
    pub expected_table: bool,
    /// The table, band by band.
    pub expected_bands: Vec<ExpectedBand>,
    /// How sums are rounded, in words.
    pub rounding: String,
    /// Months without a rated game after which a player is inactive.
    pub inactive_after_months: u32,
    /// Whether a crosstable records handicap stones (the page then says
    /// how the system treats them).
    pub handicaps: bool,
}

impl ViewBuilder<'_> {
    /// The rules page from the rating configuration.
    pub fn rules(&self) -> RulesView {
        let rating = &self.config.rating;
        let base = KFactor::whole(rating.base_k);
        let high = KFactor::whole(rating.high_k.min(rating.base_k));
        // Three possible halvings (modified rules, rapid play, an opponent counted
        // at an international rating) of either starting K.
        let mut ks: Vec<KFactor> = [base, high]
            .iter()
            .flat_map(|&k| {
                [
                    k,
                    k.halved(),
                    k.halved().halved(),
                    k.halved().halved().halved(),
                ]
            })
            .collect();
        ks.sort_by(|a, b| b.cmp(a));
        ks.dedup();
        // The table's fractions as FIDE prints them, `.64` and `1.00`, in
        // the page's decimal separator (`,64` in Finnish).
        let zero = self.words.decimal("0");
        let two = |h: u32| {
            if h == 100 {
                self.words.decimal("1.00")
            } else {
                let written = self.words.decimal(&format!("0.{h:02}"));
                written
                    .strip_prefix(zero.as_str())
                    .map_or(written.clone(), str::to_string)
            }
        };
        let expected_bands = expected::table_bands()
            .into_iter()
            .map(|(from, to, h)| ExpectedBand {
                difference: match to {
                    Some(to) => format!("{from}–{to}"),
                    None => format!("> {}", from - 1),
                },
                higher: two(h),
                lower: two(100 - h),
            })
            .collect();
        RulesView {
            base_k: format::k(base.value()),
            base_k_half: format::k(base.halved().value()),
            high_rating: rating.high_rating,
            high_k: format::k(high.value()),
            // Each in the page's decimals; a list of them is separated by
            // the language's own mark, not a comma a decimal comma would blur.
            k_values: ks
                .iter()
                .map(|k| self.words.decimal(&format::k(k.value())))
                .collect::<Vec<_>>()
                .join(&self.words.text("list-separator")),
            provisional_games: rating.provisional_games,
            provisional_spread: rating.provisional_spread,
            provisional_reach: format::k(f64::from(rating.provisional_spread) / 2.0),
            expected_table: rating.expected == ExpectedScore::Table,
            expected_bands,
            rounding: self.words.text(match rating.rounding {
                Rounding::HalfAwayFromZero => "rounding-half-away",
                Rounding::HalfEven => "rounding-half-even",
            }),
            inactive_after_months: rating.inactive_after_months,
            handicaps: self
                .dataset
                .tournaments
                .iter()
                .flat_map(|t| &t.entries)
                .any(|e| e.handicaps.iter().any(|&h| h > 0)),
        }
    }
}
