//! Where a tournament's round pages and player cards are, and which rounds
//! have a page: shared by the tournament page and the round pages.

use super::ViewBuilder;
use crate::model::{Cell, Tournament};
use serde::Serialize;

/// A link to one round's page.
#[derive(Debug, Clone, Serialize)]
pub struct RoundLink {
    /// Round number, from 1.
    pub round: u32,
    /// Path from the site root.
    pub href: String,
    /// Whether results of the round are still to come.
    pub pending: bool,
    /// Whether this is the page the link is shown on.
    pub current: bool,
}

/// Path of a tournament's round page from the site root.
pub fn round_href(t: &Tournament, round: u32) -> String {
    format!("tournaments/{}/round-{round}.html", t.id)
}

/// Path of a tournament's player cards page from the site root.
pub fn cards_href(t: &Tournament) -> String {
    format!("tournaments/{}/cards.html", t.id)
}

/// The rounds that have a page: up to the last one any player was paired in
/// or given a bye, each with whether results are still to come.
pub fn rounds_with_pages(t: &Tournament) -> Vec<(u32, bool)> {
    let last = t
        .entries
        .iter()
        .filter_map(|e| e.cells.iter().rposition(|c| *c != Cell::Absent))
        .max()
        .map_or(0, |r| r + 1);
    (0..last)
        .map(|r| {
            let pending = t
                .entries
                .iter()
                .any(|e| matches!(e.cells.get(r), Some(Cell::Paired { .. })));
            (r as u32 + 1, pending)
        })
        .collect()
}

impl ViewBuilder<'_> {
    /// Links to the rounds with a page; `current` marks one.
    pub(super) fn round_links(&self, t: &Tournament, current: Option<u32>) -> Vec<RoundLink> {
        rounds_with_pages(t)
            .into_iter()
            .map(|(round, pending)| RoundLink {
                round,
                href: round_href(t, round),
                pending,
                current: current == Some(round),
            })
            .collect()
    }
}
