//! A player cannot play two tournaments on the same days.

use crate::diagnostic::Diagnostic;
use crate::model::{Dataset, Tournament};

/// Reports every player entered in two tournaments whose dates overlap.
pub fn check_overlaps(dataset: &Dataset) -> Vec<Diagnostic> {
    use rayon::prelude::*;
    // Every entry, by player, then in the order the player's tournaments
    // are played (by dates, then as the dataset orders them).
    let tournaments = &dataset.tournaments;
    let mut entries: Vec<(&str, usize, usize)> = tournaments
        .iter()
        .enumerate()
        .flat_map(|(index, t)| {
            t.entries
                .iter()
                .map(move |e| (e.player.as_str(), index, e.line))
        })
        .collect();
    entries.par_sort_unstable_by(|a, b| {
        let (ta, tb) = (&tournaments[a.1], &tournaments[b.1]);
        (a.0, ta.start, ta.end, a.1, a.2).cmp(&(b.0, tb.start, tb.end, b.1, b.2))
    });
    let mut problems = Vec::new();
    for played in entries.chunk_by(|a, b| a.0 == b.0) {
        let mut latest: Option<&Tournament> = None;
        for &(player, index, line) in played {
            let t = &tournaments[index];
            if let Some(previous) = latest.filter(|p| t.start <= p.end) {
                problems.push(overlap(player, t, line, previous));
            }
            if latest.is_none_or(|p| t.end > p.end) {
                latest = Some(t);
            }
        }
    }
    problems
}

/// `player`, on line `line` of `t`'s crosstable, also plays in `previous` on those days.
fn overlap(player: &str, t: &Tournament, line: usize, previous: &Tournament) -> Diagnostic {
    Diagnostic::error(
        &t.table_source,
        format!(
            "`{player}` plays in `{}` ({} to {}) while also playing in `{}` ({} to {})",
            t.id, t.start, t.end, previous.id, previous.start, previous.end
        ),
    )
    .at(line, 2)
    .field("player")
    .hint("check the dates of both tournaments, or whether the right player id is used")
}
