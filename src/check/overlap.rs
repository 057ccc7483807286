//! A player cannot play two tournaments on the same days.

use crate::diagnostic::Diagnostic;
use crate::model::{Dataset, Tournament};
use std::collections::BTreeMap;

/// Reports every player entered in two tournaments whose dates overlap.
pub fn check_overlaps(dataset: &Dataset) -> Vec<Diagnostic> {
    let mut by_player: BTreeMap<&str, Vec<(&Tournament, usize)>> = BTreeMap::new();
    for t in &dataset.tournaments {
        for entry in &t.entries {
            by_player
                .entry(entry.player.as_str())
                .or_default()
                .push((t, entry.line));
        }
    }
    let mut problems = Vec::new();
    for (player, mut entries) in by_player {
        entries.sort_by_key(|(t, _)| (t.start, t.end));
        let mut latest: Option<&Tournament> = None;
        for (t, line) in entries {
            if let Some(previous) = latest {
                if t.start <= previous.end {
                    problems.push(
                        Diagnostic::error(
                            &t.table_source,
                            format!(
                                "`{player}` plays in `{}` ({} to {}) while also playing in `{}` ({} to {})",
                                t.id, t.start, t.end, previous.id, previous.start, previous.end
                            ),
                        )
                        .at(line, 2)
                        .field("player")
                        .hint("check the dates of both tournaments, or whether the right player id is used"),
                    );
                }
            }
            if latest.is_none_or(|p| t.end > p.end) {
                latest = Some(t);
            }
        }
    }
    problems
}
