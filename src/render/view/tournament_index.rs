//! The tournaments page (and the downloads page): every tournament, grouped by year.

use super::shared::{dates, Link};
use super::ViewBuilder;
use serde::Serialize;

/// A tournament in lists.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentSummary {
    /// Link.
    pub link: Link,
    /// Dates.
    pub dates: String,
    /// City or empty.
    pub city: String,
    /// Player count.
    pub players: usize,
    /// Rounds.
    pub rounds: u32,
    /// Rated.
    pub rated: bool,
    /// Invented sample results.
    pub illustrative: bool,
}

/// Tournaments of one year.
#[derive(Debug, Clone, Serialize)]
pub struct YearView {
    /// The year.
    pub year: i32,
    /// Its tournaments, newest first.
    pub tournaments: Vec<TournamentSummary>,
}

impl ViewBuilder<'_> {
    /// Tournaments grouped by year, newest first.
    pub fn years(&self) -> Vec<YearView> {
        let mut years: Vec<YearView> = Vec::new();
        for (index, t) in self.dataset.tournaments.iter().enumerate().rev() {
            let summary = TournamentSummary {
                link: self.tournament_link(index),
                dates: dates(t),
                city: t.city.clone().unwrap_or_default(),
                players: t.entries.len(),
                rounds: t.rounds,
                rated: t.rated,
                illustrative: t.illustrative,
            };
            match years.last_mut() {
                Some(y) if y.year == t.year() => y.tournaments.push(summary),
                _ => years.push(YearView {
                    year: t.year(),
                    tournaments: vec![summary],
                }),
            }
        }
        years
    }
}
