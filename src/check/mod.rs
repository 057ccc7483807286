//! Every validation rule that needs more than one file, each returning diagnostics.
//!
//! Single-file problems (syntax, field values) are found while loading; the rules
//! here compare crosstables with player files, both sides of each game, and
//! tournaments with each other.

mod crosstable;
mod event;
mod history;
mod overlap;
mod starts;
mod tiebreak_ids;

use crate::diagnostic::{self, Diagnostic};
use crate::load::{PartlyRead, TakenOver};
use crate::model::{Dataset, Date, Tournament};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

pub use crosstable::{check_partly_read, check_tournament};
pub use event::check_event;
pub use history::check_history;
pub use overlap::{check_overlaps, check_overlaps_in, overlapping_of};
pub use starts::check_starts;
pub use tiebreak_ids::check_ids;

/// Runs every cross-file rule over a loaded dataset. `unreadable_players` are ids
/// whose files exist but failed to load (already reported). Diagnostics come back sorted.
pub fn check_dataset(dataset: &Dataset, unreadable_players: &BTreeSet<String>) -> Vec<Diagnostic> {
    check_dataset_taking_over(dataset, unreadable_players, &TakenOver::default())
}

/// [`check_dataset`] over a dataset of which `taken_over` tells which
/// records the previous build vouches for: the rules of a tournament
/// whose own rules cannot find anything (see `finds_nothing_again`) are not
/// run again.
pub fn check_dataset_taking_over(
    dataset: &Dataset,
    unreadable_players: &BTreeSet<String>,
    taken_over: &TakenOver,
) -> Vec<Diagnostic> {
    use rayon::prelude::*;
    let newest_start = newest_start(dataset);
    let finds_nothing = finds_nothing_again(dataset, taken_over);
    let problems = dataset
        .tournaments
        .par_iter()
        .enumerate()
        .filter(|(index, _)| !finds_nothing(*index))
        .flat_map_iter(|(_, t)| own_findings(t, dataset, unreadable_players, newest_start))
        .collect();
    with_cross_tournament_checks(dataset, problems)
}

/// Whether the own rules of the tournament at an index are sure to find
/// nothing, by what `taken_over` tells. They found nothing in the previous
/// build when it was taken over (a record is kept only when nothing at all
/// was found in its files), and find nothing again when every player it
/// names was taken over too: of the data, they read only the tournament
/// itself and, of its players, whether each exists, its membership and its
/// international rating. The newest start date they are given cannot
/// matter: an empty round is reported whatever the date.
///
/// Each player is looked up even when every player was taken over: a
/// player whose file was removed is in no list, and the tournaments naming
/// them name an unknown player.
fn finds_nothing_again<'a>(
    dataset: &'a Dataset,
    taken_over: &'a TakenOver,
) -> impl Fn(usize) -> bool + Sync + 'a {
    let known = taken_over.players.len() == dataset.players.len()
        && taken_over.tournaments.len() == dataset.tournaments.len();
    move |index| {
        known
            && taken_over.tournaments[index]
            && dataset.tournaments[index].entries.iter().all(|e| {
                dataset
                    .player_index(e.player.as_str())
                    .is_some_and(|p| taken_over.players[p])
            })
    }
}

/// The start of the newest tournament.
fn newest_start(dataset: &Dataset) -> Option<Date> {
    dataset.tournaments.iter().map(|t| t.start).max()
}

/// What the tournament's own rules find: its crosstable against the
/// players, and its pairings.
fn own_findings(
    t: &Tournament,
    dataset: &Dataset,
    unreadable_players: &BTreeSet<String>,
    newest_start: Option<Date>,
) -> Vec<Diagnostic> {
    let mut found = check_tournament(t, dataset, unreadable_players, newest_start);
    found.extend(history::check_history(t));
    found.extend(event::check_event(t));
    found
}

/// `problems` with what the rules across tournaments find, sorted.
fn with_cross_tournament_checks(
    dataset: &Dataset,
    mut problems: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    problems.extend(check_unique_tournament_ids(dataset));
    problems.extend(check_year_folders(dataset));
    diagnostic::sort(&mut problems);
    problems
}

/// Runs the rules that can still run on the tournaments whose files had
/// errors ([`PartlyRead`]): their own ([`check_partly_read`]), and, for
/// those whose metadata read, the rules across tournaments and the rating
/// list named (`pools`: the lists configured) with the dataset's
/// tournaments. Gives only what the dataset's own check does not find;
/// sorted.
pub fn check_partly_read_tournaments<'a>(
    partly: &[PartlyRead],
    dataset: &Dataset,
    unreadable_players: &BTreeSet<String>,
    pools: impl IntoIterator<Item = &'a str> + Clone,
) -> Vec<Diagnostic> {
    use rayon::prelude::*;
    let newest_start = newest_start(dataset);
    let mut problems: Vec<Diagnostic> = partly
        .par_iter()
        .flat_map_iter(|p| {
            let mut found = check_partly_read(p, dataset, unreadable_players, newest_start);
            if p.metadata_read && p.every_row_read {
                found.extend(history::check_history(&p.tournament));
            }
            found
        })
        .collect();
    let with_metadata: Vec<&PartlyRead> = partly.iter().filter(|p| p.metadata_read).collect();
    if !with_metadata.is_empty() {
        let across = |data: &Dataset| {
            let mut found = with_cross_tournament_checks(data, Vec::new());
            found.extend(check_pools(data, pools.clone()));
            found
        };
        let mut already = across(dataset);
        let mut all = dataset.clone();
        all.tournaments
            .extend(with_metadata.iter().map(|p| p.tournament.clone()));
        all.sort();
        for found in across(&all) {
            match already.iter().position(|d| *d == found) {
                Some(i) => {
                    already.swap_remove(i);
                }
                None => problems.push(found),
            }
        }
    }
    diagnostic::sort(&mut problems);
    problems
}

/// What each tournament's own rules (its crosstable against the players,
/// and its pairings) found, by its metadata file, for a check of another
/// version of the data to take over.
#[derive(Debug, Default)]
pub struct TournamentFindings {
    /// The newest start they were checked against (rounds not played yet
    /// are fine only in the newest tournament).
    newest_start: Option<Date>,
    by_tournament: HashMap<PathBuf, Vec<Diagnostic>>,
}

/// Findings a check may take over, and which tournaments' findings: the
/// caller vouches that those tournaments, the players and the unreadable
/// player files are the same as when they were found.
pub type Earlier<'a> = (
    &'a TournamentFindings,
    &'a (dyn Fn(&Tournament) -> bool + Sync),
);

/// [`check_dataset_taking_over`], also handing back what each tournament's
/// own rules found; with `earlier`, the findings of the tournaments it
/// vouches for are taken over instead of found again (when checked against
/// the same newest start).
pub fn check_dataset_reusing(
    dataset: &Dataset,
    unreadable_players: &BTreeSet<String>,
    taken_over: &TakenOver,
    earlier: Option<Earlier>,
) -> (Vec<Diagnostic>, TournamentFindings) {
    use rayon::prelude::*;
    let newest_start = newest_start(dataset);
    let finds_nothing = finds_nothing_again(dataset, taken_over);
    let earlier = earlier.filter(|(findings, _)| findings.newest_start == newest_start);
    let found_before = |t: &Tournament| {
        let (findings, same) = earlier?;
        same(t).then(|| findings.by_tournament.get(&t.meta_source).cloned())?
    };
    let own: Vec<(PathBuf, Vec<Diagnostic>)> = dataset
        .tournaments
        .par_iter()
        .enumerate()
        .map(|(index, t)| {
            let found = if finds_nothing(index) {
                Vec::new()
            } else {
                found_before(t)
                    .unwrap_or_else(|| own_findings(t, dataset, unreadable_players, newest_start))
            };
            (t.meta_source.clone(), found)
        })
        .collect();
    let problems = own.iter().flat_map(|(_, found)| found.clone()).collect();
    let problems = with_cross_tournament_checks(dataset, problems);
    let findings = TournamentFindings {
        newest_start,
        by_tournament: own.into_iter().collect(),
    };
    (problems, findings)
}

/// Every tournament's `pool` must name a list configured under `[pools.<name>]`.
pub fn check_pools<'a>(
    dataset: &Dataset,
    pools: impl IntoIterator<Item = &'a str> + Clone,
) -> Vec<Diagnostic> {
    dataset
        .tournaments
        .iter()
        .filter_map(|t| {
            let pool = t.pool.as_deref()?;
            if pools.clone().into_iter().any(|p| p == pool) {
                return None;
            }
            let hint = match crate::text::closest(pool, pools.clone()) {
                Some(close) => format!("did you mean `{close}`? Lists are configured in ratingbook.toml as `[pools.<name>]`"),
                None => format!("add `[pools.{pool}]` to ratingbook.toml, or remove the line to rate the tournament in the association's list"),
            };
            Some(
                Diagnostic::error(&t.meta_source, format!("unknown rating list `{pool}`"))
                    .field("pool")
                    .hint(hint),
            )
        })
        .collect()
}

/// Tournament ids are file stems and must be unique across year folders,
/// because they name the tournament's pages.
fn check_unique_tournament_ids(dataset: &Dataset) -> Vec<Diagnostic> {
    let mut seen: BTreeMap<&str, &std::path::Path> = BTreeMap::new();
    let mut problems = Vec::new();
    for t in &dataset.tournaments {
        if let Some(first) = seen.insert(t.id.as_str(), &t.meta_source) {
            problems.push(
                Diagnostic::error(
                    &t.meta_source,
                    format!(
                        "tournament id `{}` is also used by {}",
                        t.id,
                        first.display()
                    ),
                )
                .hint("rename one pair of files (.toml and .csv), e.g. add the year"),
            );
        }
    }
    problems
}

/// A tournament lives in the folder of its start year.
fn check_year_folders(dataset: &Dataset) -> Vec<Diagnostic> {
    dataset
        .tournaments
        .iter()
        .filter_map(|t| {
            let folder = t.meta_source.parent()?.file_name()?.to_str()?;
            let year = t.year().to_string();
            (folder != year).then(|| {
                Diagnostic::error(
                    &t.meta_source,
                    format!("the tournament starts in {year} but is in folder `{folder}`"),
                )
                .field("start")
                .hint(format!(
                    "move both files to data/tournaments/{year}/ or fix the start date"
                ))
            })
        })
        .collect()
}
