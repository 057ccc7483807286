//! A player cannot play two tournaments on the same days.

use crate::diagnostic::Diagnostic;
use crate::model::{Dataset, Date, Entry, Tournament};

/// Reports every player entered in two tournaments whose dates overlap.
pub fn check_overlaps(dataset: &Dataset) -> Vec<Diagnostic> {
    use rayon::prelude::*;
    // Every entry, by player, then in the order the player's tournaments
    // are played (by dates, then as the dataset orders them). Players are
    // told apart by number (their place in the dataset), not by comparing
    // ids: a federation has a million entries to sort.
    let tournaments = &dataset.tournaments;
    let mut entries = Vec::with_capacity(tournaments.iter().map(|t| t.entries.len()).sum());
    entries.par_extend(
        tournaments
            .par_iter()
            .enumerate()
            .flat_map_iter(|(index, t)| {
                t.entries
                    .iter()
                    .enumerate()
                    .map(move |(position, e)| PlayedEntry {
                        player: dataset
                            .player_index(e.player.as_str())
                            .unwrap_or(usize::MAX),
                        start: t.start,
                        end: t.end,
                        tournament: index,
                        position,
                    })
            }),
    );
    number_unknown_players(&mut entries, dataset);
    entries.par_sort_unstable();
    let mut problems = Vec::new();
    for played in entries.chunk_by(|a, b| a.player == b.player) {
        let mut latest: Option<&Tournament> = None;
        for entry in played {
            let t = &tournaments[entry.tournament];
            if let Some(previous) = latest.filter(|p| t.start <= p.end) {
                problems.push(overlap(&t.entries[entry.position], t, previous));
            }
            if latest.is_none_or(|p| t.end > p.end) {
                latest = Some(t);
            }
        }
    }
    problems
}

/// One entry of a crosstable, in the order overlaps are looked for.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct PlayedEntry {
    /// The player's place in the dataset (or after them, for an id without
    /// a player file).
    player: usize,
    start: Date,
    end: Date,
    tournament: usize,
    /// Place in the tournament's entries.
    position: usize,
}

/// Numbers the entries whose ids have no player file (`usize::MAX` so far)
/// after the players, one number per id.
fn number_unknown_players(entries: &mut [PlayedEntry], dataset: &Dataset) {
    let id = |e: &PlayedEntry| {
        dataset.tournaments[e.tournament].entries[e.position]
            .player
            .as_str()
    };
    let mut unknown: Vec<&str> = entries
        .iter()
        .filter(|e| e.player == usize::MAX)
        .map(id)
        .collect();
    unknown.sort_unstable();
    unknown.dedup();
    for entry in entries.iter_mut().filter(|e| e.player == usize::MAX) {
        let place = unknown.binary_search(&id(entry)).unwrap_or(0);
        entry.player = dataset.players.len() + place;
    }
}

/// The player of `entry`, in `t`'s crosstable, also plays in `previous` on those days.
fn overlap(entry: &Entry, t: &Tournament, previous: &Tournament) -> Diagnostic {
    let (player, line) = (entry.player.as_str(), entry.line);
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
