//! A player entered in two tournaments whose dates overlap: refused, warned
//! of, or allowed, as each list's `overlapping` says.

use crate::config::{Config, Overlapping};
use crate::diagnostic::Diagnostic;
use crate::model::{Dataset, Date, Entry, Tournament};

/// Reports every player entered in two tournaments whose dates overlap, as an error.
pub fn check_overlaps(dataset: &Dataset) -> Vec<Diagnostic> {
    check_overlaps_by(dataset, |_| Overlapping::Refuse)
}

/// What `config` does with overlapping tournaments in list `pool` (`None`:
/// the association's list): its `overlapping`, else its system's default.
pub fn overlapping_of(config: &Config, pool: Option<&str>) -> Overlapping {
    match pool.and_then(|p| config.pools.get(p)) {
        Some(list) => list
            .overlapping
            .unwrap_or_else(|| Overlapping::default_for(list.system)),
        None if pool.is_some() => Overlapping::Allow,
        None => config.rating.overlapping,
    }
}

/// Reports every player entered in two tournaments whose dates overlap, as
/// the lists of the two tournaments say ([`overlapping_of`]): an error
/// where either refuses them, a warning where either warns, nothing where
/// both allow them.
pub fn check_overlaps_in(dataset: &Dataset, config: &Config) -> Vec<Diagnostic> {
    check_overlaps_by(dataset, |pool| overlapping_of(config, pool))
}

fn check_overlaps_by(
    dataset: &Dataset,
    policy: impl Fn(Option<&str>) -> Overlapping,
) -> Vec<Diagnostic> {
    use rayon::prelude::*;
    // Every entry, by player, then in the order the player's tournaments
    // are played (by dates, then as the dataset orders them). Players are
    // told apart by number (their place in the dataset), not by comparing
    // ids: a federation has millions of entries to sort.
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
                            .map_or(UNKNOWN, number),
                        start: t.start,
                        end: t.end,
                        tournament: number(index),
                        position: number(position),
                    })
            }),
    );
    number_unknown_players(&mut entries, dataset);
    entries.par_sort_unstable();
    let mut problems = Vec::new();
    for played in entries.chunk_by(|a, b| a.player == b.player) {
        let mut latest: Option<&Tournament> = None;
        for entry in played {
            let t = &tournaments[entry.tournament as usize];
            if let Some(previous) = latest.filter(|p| t.start <= p.end) {
                let rules = [t, previous].map(|t| policy(t.pool.as_deref()));
                let entry = &t.entries[entry.position as usize];
                if rules.contains(&Overlapping::Refuse) {
                    problems.push(overlap(entry, t, previous));
                } else if rules.contains(&Overlapping::Warn) {
                    problems.push(overlap_warning(entry, t, previous));
                }
            }
            if latest.is_none_or(|p| t.end > p.end) {
                latest = Some(t);
            }
        }
    }
    problems
}

/// One entry of a crosstable, in the order overlaps are looked for; the
/// numbers are 32 bits wide, since a federation has millions of entries.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct PlayedEntry {
    /// The player's place in the dataset (or after them, for an id without
    /// a player file).
    player: u32,
    start: Date,
    end: Date,
    tournament: u32,
    /// Place in the tournament's entries.
    position: u32,
}

/// The number of an entry whose id has no player file, until
/// [`number_unknown_players`] numbers it.
const UNKNOWN: u32 = u32::MAX;

/// A place in a list (of players, tournaments, entries) as an entry's number.
fn number(place: usize) -> u32 {
    u32::try_from(place).expect("fewer than four billion players, tournaments and entries")
}

/// Numbers the entries whose ids have no player file ([`UNKNOWN`] so far)
/// after the players, one number per id.
fn number_unknown_players(entries: &mut [PlayedEntry], dataset: &Dataset) {
    let id = |e: &PlayedEntry| {
        dataset.tournaments[e.tournament as usize].entries[e.position as usize]
            .player
            .as_str()
    };
    let mut unknown: Vec<&str> = entries
        .iter()
        .filter(|e| e.player == UNKNOWN)
        .map(id)
        .collect();
    unknown.sort_unstable();
    unknown.dedup();
    for entry in entries.iter_mut().filter(|e| e.player == UNKNOWN) {
        let place = unknown.binary_search(&id(entry)).unwrap_or(0);
        entry.player = number(dataset.players.len() + place);
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
    .hint(
        "check the dates of both tournaments, or whether the right player id is used; \
         a list that rates overlapping tournaments says `overlapping = \"allow\"` \
         (`[rating]` or `[pools.<name>]` in ratingbook.toml)",
    )
}

/// The player of `entry`, in `t`'s crosstable, also plays in `previous` on
/// those days, in a list whose rules rate one tournament after another.
fn overlap_warning(entry: &Entry, t: &Tournament, previous: &Tournament) -> Diagnostic {
    let (player, line) = (entry.player.as_str(), entry.line);
    Diagnostic::warning(
        &t.table_source,
        format!(
            "`{player}` plays in `{}` ({} to {}) while also playing in `{}` ({} to {}); \
             the association's rules rate one tournament after another, so both are \
             rated, `{}` from the ratings after `{}`",
            t.id, t.start, t.end, previous.id, previous.start, previous.end, t.id, previous.id
        ),
    )
    .at(line, 2)
    .field("player")
    .hint(
        "check the dates and the player id; if the overlap is real, say so with \
         `overlapping = \"allow\"` under `[rating]` in ratingbook.toml (or \"refuse\" to refuse it)",
    )
}
