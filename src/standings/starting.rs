//! Starting ranks (the Turkish tournament manager's report): points (all 0 before round 1) descending, international
//! rating descending, national rating descending, name in the tournament language's
//! collation, licence number ascending. Missing ratings count as 0 and a missing licence
//! sorts after every licence.

use crate::collation;
use std::cmp::Ordering;

/// What the starting order needs to know about one player.
#[derive(Debug, Clone, PartialEq)]
pub struct StartingEntry {
    /// Caller's key (e.g. a start number or player index).
    pub key: usize,
    /// Points in half points (0 at the start).
    pub half_points: u32,
    /// International rating (ELO), if any.
    pub international: Option<u32>,
    /// National rating, if any.
    pub national: Option<u32>,
    /// Name as written.
    pub name: String,
    /// Licence number, if any.
    pub licence: Option<u32>,
}

/// Sorts entries into starting-rank order for `language` (a BCP 47 tag).
pub fn sort_starting(language: &str, entries: &mut [StartingEntry]) {
    let collator = collation::collator(language);
    let names = |a: &str, b: &str| match &collator {
        Some(c) => c.compare(a, b).then_with(|| a.cmp(b)),
        None => a.cmp(b),
    };
    entries.sort_by(|a, b| {
        b.half_points
            .cmp(&a.half_points)
            .then(
                b.international
                    .unwrap_or(0)
                    .cmp(&a.international.unwrap_or(0)),
            )
            .then(b.national.unwrap_or(0).cmp(&a.national.unwrap_or(0)))
            .then_with(|| names(&a.name, &b.name))
            .then_with(|| licence_order(a.licence, b.licence))
            .then(a.key.cmp(&b.key))
    });
}

fn licence_order(a: Option<u32>, b: Option<u32>) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}
