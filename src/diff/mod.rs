//! What a change does to the published results: `ratingbook diff`.
//!
//! Two versions of a data repository (two git revisions, the working tree
//! and a revision, or two folders) are each loaded, checked and rated,
//! without rendering; then compared (against the working tree, the base is
//! the working tree as loaded with the changed files swapped:
//! [`snapshots_against_working_tree`]):
//! tournaments added, removed and changed (with their rated games), the
//! games of the changed tournaments whose result changed or that were added
//! or removed, every player any of whose published numbers changed (the
//! rating, phase, rank on the rating list or rated-game count, or the rating
//! or performance rating their history shows after any tournament, with what
//! changed there; and the tournaments that caused it: the changed events the
//! player played in, or, for a player who played in none of them, the ripple
//! through opponents' ratings from the earliest changed event), new and
//! removed players, and the head's warnings and errors. Every further rating
//! list (`[pools.<name>]`) is compared the same way: the players whose rating,
//! phase, rank or rated games on that list changed.
//!
//! [`git`] brings a revision out of git; [`report`] writes Markdown (a pull
//! request comment) and JSON.

pub mod games;
pub mod git;
mod players;
pub mod report;
pub mod scratch;
pub(crate) mod tree;

use crate::diagnostic::Diagnostic;
use crate::incremental::rated::Rated as KeptRatings;
pub use crate::incremental::rated::RatedAgain;
use crate::load::Swap;
use crate::model::Dataset;
use crate::rating::{AllRatings, PoolRatings};
use crate::render::view::ViewBuilder;
use games::{Game, GameChange, GameKey};
use git::{Budget, GitError};
use players::{not_listed, player_states, settled_pair};
pub use players::{HistoryPoint, PlayerState, PlayerStates, PlayerStatesIter};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One version of the repository, reduced to what the published site shows.
#[derive(Debug, Default, Clone)]
pub struct Snapshot {
    /// Whether the version checked without errors (and so was rated).
    pub builds: bool,
    /// Every problem found, errors and warnings.
    pub diagnostics: Vec<Diagnostic>,
    /// Players by id.
    pub players: PlayerStates,
    /// Tournaments by id.
    pub tournaments: BTreeMap<String, TournamentState>,
    /// Each further rating list, by its name in `ratingbook.toml`.
    pub pools: BTreeMap<String, PoolSnapshot>,
    /// The games of the tournaments whose content differs from the other
    /// version's, by tournament id: filled by [`add_changed_games`], read
    /// by [`compare`] (empty for a snapshot alone).
    pub games: BTreeMap<String, BTreeMap<GameKey, Game>>,
    /// How the association's list was rated: how many first tournaments'
    /// records were taken over (from the ratings a build kept, or from the
    /// other version's) rather than rated again; `None` when the version
    /// does not build.
    pub rated_again: Option<RatedAgain>,
    /// The words of the version: its `[site] language` and its own
    /// message file for it, if any (`templates/translations/<language>.ftl`).
    pub words: Words,
}

/// The language a version's pages are in, and its own message file for it.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Words {
    /// `[site] language` of `ratingbook.toml`.
    pub language: String,
    /// The repository's own message file for the language, if any.
    pub own: Option<String>,
}

impl Words {
    /// The words of a repository as loaded.
    fn of(loaded: &crate::load::Loaded) -> Words {
        let language = loaded.config.site.language.clone();
        let own = loaded
            .templates
            .get(&crate::translate::file_name(&language))
            .map(|bytes| String::from_utf8_lossy(bytes).into_owned());
        Words { language, own }
    }
}

/// One further rating list of a version: the players on it.
#[derive(Debug, Default, Clone)]
pub struct PoolSnapshot {
    /// The list's name on pages.
    pub title: String,
    /// The players who played in the list's tournaments, by id.
    pub players: PlayerStates,
}

/// What identifies a tournament's content and its place in the order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentState {
    /// Display name.
    pub name: String,
    /// Start date, `YYYY-MM-DD`.
    pub start: String,
    /// Games that counted for a rating.
    pub rated_games: usize,
    /// A hash of the metadata and crosstable as they are read, for change detection.
    #[serde(skip)]
    pub content: u128,
}

/// Loads, checks and rates the repository at `root`.
pub fn snapshot(root: &Path) -> Snapshot {
    snapshot_keeping_data(root).0
}

/// Loads, checks and rates the repository at `root` (taking over what the
/// latest build of a site in `root` kept: its parsed files and ratings);
/// also hands back the data as loaded and checked, for [`add_changed_games`].
pub fn snapshot_keeping_data(root: &Path) -> (Snapshot, crate::pipeline::Checked) {
    snapshot_taking_over(root, crate::pipeline::kept_ratings(root).as_deref())
}

/// [`snapshot_keeping_data`], the ratings taking over from the file `kept`
/// (ratings a build kept, of this or any other version: only the records
/// of the first tournaments that are the same in both are taken over).
pub fn snapshot_taking_over(
    root: &Path,
    kept: Option<&Path>,
) -> (Snapshot, crate::pipeline::Checked) {
    let (checked, kept) = rayon::join(
        || crate::pipeline::check_repository(root),
        || kept.and_then(KeptRatings::read),
    );
    (rated_snapshot(&checked, kept), checked)
}

/// Rates a loaded and checked repository, taking over from `kept`, and
/// reduces it to its snapshot.
fn rated_snapshot(checked: &crate::pipeline::Checked, kept: Option<KeptRatings>) -> Snapshot {
    let (snapshot, rated) = snapshot_keeping_ratings(checked, 0, |dataset, config| {
        rate_taking_over_kept(dataset, config, kept)
    });
    free_aside(rated);
    snapshot
}

/// Every list of `dataset` rated, the association's taking over from
/// `kept` the records of the first tournaments that are the same.
fn rate_taking_over_kept(
    dataset: &Dataset,
    config: &crate::config::Config,
    kept: Option<KeptRatings>,
) -> (AllRatings, RatedAgain) {
    let Some(kept) = kept else {
        let again = RatedAgain {
            tournaments: dataset.tournaments.len(),
            taken_over: 0,
        };
        return (crate::rating::rate_all(dataset, config), again);
    };
    let rules = crate::incremental::rated::rules_text(config);
    let tool = crate::incremental::inputs::tool_key();
    let chain = crate::incremental::rated::Chain::of(dataset, &rules, tool);
    crate::incremental::rated::rate_all_taking_over(dataset, config, &chain, Some(kept))
}

/// Rates a loaded and checked repository with `rate` and reduces it to its
/// snapshot; also hands back the ratings (none when it does not build).
/// Its first `settled` tournaments are known to be the same in the version
/// it is compared with (0 when that is not known): the snapshot leaves out
/// what they decide alone (see [`players::player_states`]).
fn snapshot_keeping_ratings(
    checked: &crate::pipeline::Checked,
    settled: usize,
    rate: impl FnOnce(&Dataset, &crate::config::Config) -> (AllRatings, RatedAgain),
) -> (Snapshot, Option<AllRatings>) {
    let builds = checked.error_count() == 0;
    let dataset = &checked.loaded.dataset;
    let mut snapshot = Snapshot {
        builds,
        diagnostics: checked.diagnostics.clone(),
        words: Words::of(&checked.loaded),
        ..Snapshot::default()
    };
    if !builds {
        return (snapshot, None);
    }
    let config = &checked.loaded.config;
    let (rated, again) = rate(dataset, config);
    snapshot.rated_again = Some(again);
    let views = ViewBuilder::new(dataset, &rated.association, config);
    (snapshot.tournaments, snapshot.players) = rayon::join(
        || tournament_states(dataset, &rated, settled),
        || player_states(dataset, &rated.association, &views, None, settled),
    );
    snapshot.pools = rated
        .pools
        .iter()
        .map(|pool| (pool.name.clone(), pool_snapshot(dataset, pool, config)))
        .collect();
    drop(views);
    (snapshot, Some(rated))
}

/// Frees `value` on a thread of its own: a federation's ratings or data
/// take a second to free, and the diff does not wait for that.
fn free_aside<T: Send + 'static>(value: T) {
    // Should no thread start, the closure and `value` are dropped here.
    let _ = std::thread::Builder::new().spawn(move || drop(value));
}

/// The players of one further list as its pages show them.
fn pool_snapshot(
    dataset: &Dataset,
    pool: &PoolRatings,
    config: &crate::config::Config,
) -> PoolSnapshot {
    let views = crate::render::pools::PoolViews::new(pool, config);
    let builder = views.builder(dataset);
    PoolSnapshot {
        title: pool.title.clone(),
        players: player_states(dataset, &pool.ratings, &builder, Some(&pool.name), 0),
    }
}

/// Each tournament's state; those of the first `settled`, the same in the
/// version compared with, without their content hashed.
fn tournament_states(
    dataset: &Dataset,
    rated: &AllRatings,
    settled: usize,
) -> BTreeMap<String, TournamentState> {
    use rayon::prelude::*;
    let states: Vec<(String, TournamentState)> = dataset
        .tournaments
        .par_iter()
        .enumerate()
        .map(|(index, t)| {
            // A tournament's rated games are those of its own list.
            let ratings = t
                .pool
                .as_deref()
                .and_then(|name| rated.pools.iter().find(|p| p.name == name))
                .map_or(&rated.association, |p| &p.ratings);
            let rated_games = rated_games(&ratings.by_tournament[index]);
            // The same in both versions: not worth hashing.
            let content = if index < settled {
                0
            } else {
                crate::incremental::fingerprint::of(&(
                    &t.name,
                    t.start,
                    t.end,
                    t.rounds,
                    t.rated,
                    t.system,
                    crate::incremental::checkpoint::entries_fingerprint(&t.entries),
                    t.base_k,
                    t.time_control,
                    t.rules,
                    t.sequence,
                    &t.pool,
                ))
            };
            let state = TournamentState {
                name: t.name.clone(),
                start: t.start.to_string(),
                rated_games,
                content,
            };
            (t.id.to_string(), state)
        })
        .collect();
    states.into_iter().collect()
}

/// Games of a tournament that counted for at least one of the two players.
fn rated_games(records: &[crate::rating::TournamentRating]) -> usize {
    // Each game is in both players' records when it counted for both:
    // sorted and counted once (a set per tournament costs more at scale).
    let mut games: Vec<(u16, usize, usize)> = records
        .iter()
        .flat_map(|record| {
            record.games.iter().filter(|g| g.counted()).map(|game| {
                let low = record.player.min(game.opponent);
                (game.round, low, record.player.max(game.opponent))
            })
        })
        .collect();
    games.sort_unstable();
    games.dedup();
    games.len()
}

/// A tournament in the diff.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentChange {
    /// Its id.
    pub id: String,
    /// Its name (the head's, else the base's).
    pub name: String,
    /// Start date.
    pub start: String,
    /// Rated games before, if it existed.
    pub rated_games_before: Option<usize>,
    /// Rated games after, if it exists.
    pub rated_games_after: Option<usize>,
}

/// A player whose published numbers changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerChange {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Before.
    pub before: PlayerState,
    /// After.
    pub after: PlayerState,
    /// Rating after − before, when both exist.
    pub delta: Option<i32>,
    /// Changed tournaments the player played in (in either version).
    pub played_in: Vec<String>,
    /// For players who played in none of them: the earliest changed
    /// tournament, whose effect reached them through opponents.
    pub ripple_from: Option<String>,
    /// The rows of the player's history that changed, in the order played
    /// (the head's order, then the tournaments only the base has).
    pub history_changed: Vec<HistoryChange>,
}

/// A row of a player's history that changed, or that one version only has.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HistoryChange {
    /// The tournament's id.
    pub tournament: String,
    /// The tournament as the comment names it (with its year).
    pub tournament_name: String,
    /// The row before, if there was one.
    pub before: Option<HistoryPoint>,
    /// The row after, if there is one.
    pub after: Option<HistoryPoint>,
}

impl HistoryChange {
    /// The largest move of the row's rating or performance rating.
    fn size(&self) -> i32 {
        let (b, a) = (self.before.as_ref(), self.after.as_ref());
        let moved = |field: fn(&HistoryPoint) -> Option<i32>| {
            b.and_then(field)
                .zip(a.and_then(field))
                .map_or(0, |(b, a)| (a - b).abs())
        };
        moved(|p| p.rating).max(moved(|p| p.performance))
    }
}

impl PlayerChange {
    /// Whether only the player's rank moves (rating, phase, rated games and
    /// history stay): other players' changes pass them on the list.
    pub fn rank_only(&self) -> bool {
        self.before.rating == self.after.rating
            && self.before.phase == self.after.phase
            && self.before.rated_games == self.after.rated_games
            && self.history_changed.is_empty()
    }
}

/// Everything a change does to the published results.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Diff {
    /// Whether the base version checked without errors.
    pub base_builds: bool,
    /// Whether the head version checked without errors.
    pub head_builds: bool,
    /// Tournaments only in the head.
    pub tournaments_added: Vec<TournamentChange>,
    /// Tournaments only in the base.
    pub tournaments_removed: Vec<TournamentChange>,
    /// Tournaments in both whose data differs.
    pub tournaments_changed: Vec<TournamentChange>,
    /// The games of those whose result changed, or that were added or
    /// removed, by tournament (in the order of their ids) and round.
    pub games_changed: Vec<GameChange>,
    /// Players whose rating, phase, rank, rated games or history changed,
    /// by |Δ|, then the largest move in their history, then id.
    pub players_changed: Vec<PlayerChange>,
    /// Players only in the head: id and name.
    pub players_added: Vec<(String, String)>,
    /// Players only in the base: id and name.
    pub players_removed: Vec<(String, String)>,
    /// The head's errors and warnings, as `file:line: message` lines.
    pub head_problems: Vec<String>,
    /// Those of the head's problems the base does not have (the same file,
    /// place and message), and every error of a head that does not build:
    /// what this change brings.
    pub new_problems: Vec<String>,
    /// The further rating lists with players whose numbers changed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pools: Vec<PoolDiff>,
    /// The head's words: the comment is written in its language.
    #[serde(skip)]
    pub words: Words,
    /// How each version's association list was rated: how many of its
    /// first tournaments' records were taken over rather than rated again.
    pub rated: RatedPaths,
}

/// How the two versions were rated (see [`Snapshot::rated_again`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct RatedPaths {
    /// The base's rating, if it builds.
    pub base: Option<RatedAgain>,
    /// The head's rating, if it builds.
    pub head: Option<RatedAgain>,
}

/// The players of one further rating list whose numbers changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PoolDiff {
    /// The list's name in `ratingbook.toml`.
    pub name: String,
    /// The list's name on pages (the head's, else the base's).
    pub title: String,
    /// Players whose rating, phase, rank, rated games or history on the list
    /// changed, in the same order; a player new to the list comes from `unrated`.
    pub players_changed: Vec<PlayerChange>,
}

/// Compares two snapshots.
pub fn compare(base: &Snapshot, head: &Snapshot) -> Diff {
    let mut diff = Diff {
        base_builds: base.builds,
        head_builds: head.builds,
        head_problems: head.diagnostics.iter().map(|d| d.to_string()).collect(),
        rated: RatedPaths {
            base: base.rated_again,
            head: head.rated_again,
        },
        words: head.words.clone(),
        ..Diff::default()
    };
    let earlier: std::collections::HashSet<String> =
        base.diagnostics.iter().map(|d| d.to_string()).collect();
    diff.new_problems = head
        .diagnostics
        .iter()
        .zip(&diff.head_problems)
        .filter(|(d, text)| (d.is_error() && !head.builds) || !earlier.contains(*text))
        .map(|(_, text)| text.clone())
        .collect();
    let change = |id: &String, b: Option<&TournamentState>, h: Option<&TournamentState>| {
        let shown = h.or(b).expect("a tournament in one version");
        TournamentChange {
            id: id.clone(),
            name: shown.name.clone(),
            start: shown.start.clone(),
            rated_games_before: b.map(|t| t.rated_games),
            rated_games_after: h.map(|t| t.rated_games),
        }
    };
    for (id, h) in &head.tournaments {
        match base.tournaments.get(id) {
            None => diff.tournaments_added.push(change(id, None, Some(h))),
            Some(b) if b != h => diff.tournaments_changed.push(change(id, Some(b), Some(h))),
            Some(_) => {}
        }
    }
    for (id, b) in &base.tournaments {
        if !head.tournaments.contains_key(id) {
            diff.tournaments_removed.push(change(id, Some(b), None));
        }
    }
    let changed: Vec<&TournamentChange> = diff
        .tournaments_added
        .iter()
        .chain(&diff.tournaments_removed)
        .chain(&diff.tournaments_changed)
        .collect();
    let earliest = changed
        .iter()
        .min_by(|a, b| (&a.start, &a.id).cmp(&(&b.start, &b.id)))
        .map(|t| t.id.clone());
    let changed_ids: BTreeSet<&str> = changed.iter().map(|t| t.id.as_str()).collect();
    diff.games_changed = game_changes(base, head, &diff.tournaments_changed);
    let context = Context {
        changed_ids: &changed_ids,
        earliest: &earliest,
        base,
        head,
    };
    for (id, after) in &head.players {
        let Some(before) = base.players.get(id) else {
            diff.players_added.push((id.clone(), after.name.clone()));
            continue;
        };
        let (before, after) = settled_pair(before, after);
        if before == after {
            continue;
        }
        diff.players_changed
            .push(player_change(id, &before, &after, &context));
    }
    for (id, before) in &base.players {
        if !head.players.contains_key(id) {
            diff.players_removed.push((id.clone(), before.name.clone()));
        }
    }
    sort_changes(&mut diff.players_changed);
    let names: BTreeSet<&String> = base.pools.keys().chain(head.pools.keys()).collect();
    for name in names {
        let empty = PoolSnapshot::default();
        let before = base.pools.get(name).unwrap_or(&empty);
        let after = head.pools.get(name).unwrap_or(&empty);
        let ids: BTreeSet<&String> = before.players.keys().chain(after.players.keys()).collect();
        let mut players_changed = Vec::new();
        for id in ids {
            let (b, a) = (before.players.get(id), after.players.get(id));
            let Some(shown) = a.or(b) else { continue };
            let b = b.cloned().unwrap_or_else(|| not_listed(&shown.name));
            let a = a.cloned().unwrap_or_else(|| not_listed(&shown.name));
            if b != a {
                players_changed.push(player_change(id, &b, &a, &context));
            }
        }
        if !players_changed.is_empty() {
            sort_changes(&mut players_changed);
            let title = if after.title.is_empty() {
                &before.title
            } else {
                &after.title
            };
            diff.pools.push(PoolDiff {
                name: name.clone(),
                title: title.clone(),
                players_changed,
            });
        }
    }
    diff
}

/// What a player's change is worked out against: the changed tournaments,
/// the earliest of them, and the two versions (for tournaments' names).
struct Context<'a> {
    changed_ids: &'a BTreeSet<&'a str>,
    earliest: &'a Option<String>,
    base: &'a Snapshot,
    head: &'a Snapshot,
}

impl Context<'_> {
    /// A tournament as the comment names it: the head's name, else the base's, with its year.
    fn tournament_name(&self, id: &str) -> String {
        self.head
            .tournaments
            .get(id)
            .or_else(|| self.base.tournaments.get(id))
            .map_or_else(|| id.to_string(), |t| games::event_label(&t.name, &t.start))
    }
}

/// The games of the changed tournaments that differ, with the players' names
/// (the head's, else the base's).
fn game_changes(base: &Snapshot, head: &Snapshot, changed: &[TournamentChange]) -> Vec<GameChange> {
    let empty = BTreeMap::new();
    let name_of = |id: &str| {
        head.players
            .get(id)
            .or_else(|| base.players.get(id))
            .map_or_else(|| id.to_string(), |p| p.name.clone())
    };
    let mut changes = Vec::new();
    for t in changed {
        let label = games::event_label(&t.name, &t.start);
        changes.extend(games::changed_games(
            (&t.id, &label),
            base.games.get(&t.id).unwrap_or(&empty),
            head.games.get(&t.id).unwrap_or(&empty),
            name_of,
        ));
    }
    changes
}

/// The rows of two histories that differ: the head's order, then the rows
/// only the base has.
fn history_changes(
    before: &[HistoryPoint],
    after: &[HistoryPoint],
    context: &Context,
) -> Vec<HistoryChange> {
    let old: BTreeMap<&str, &HistoryPoint> =
        before.iter().map(|p| (p.tournament.as_ref(), p)).collect();
    let new: BTreeSet<&str> = after.iter().map(|p| p.tournament.as_ref()).collect();
    let rows = after
        .iter()
        .map(|a| (old.get(a.tournament.as_ref()).copied(), Some(a)))
        .chain(
            before
                .iter()
                .filter(|b| !new.contains(b.tournament.as_ref()))
                .map(|b| (Some(b), None)),
        );
    rows.filter(|(b, a)| b != a)
        .map(|(b, a)| {
            let id = a
                .or(b)
                .map(|p| p.tournament.to_string())
                .unwrap_or_default();
            HistoryChange {
                tournament_name: context.tournament_name(&id),
                tournament: id,
                before: b.cloned(),
                after: a.cloned(),
            }
        })
        .collect()
}

/// How a player's numbers changed and which changed tournaments caused it.
fn player_change(
    id: &str,
    before: &PlayerState,
    after: &PlayerState,
    context: &Context,
) -> PlayerChange {
    let (changed_ids, earliest) = (context.changed_ids, context.earliest);
    let played_in: BTreeSet<&Arc<str>> = before
        .tournaments
        .iter()
        .chain(&after.tournaments)
        .filter(|t| changed_ids.contains(t.as_ref()))
        .collect();
    let played_in: Vec<String> = played_in.into_iter().map(|t| t.to_string()).collect();
    PlayerChange {
        id: id.to_string(),
        name: after.name.clone(),
        delta: after.rating.zip(before.rating).map(|(a, b)| a - b),
        ripple_from: played_in.is_empty().then(|| earliest.clone()).flatten(),
        played_in,
        history_changed: history_changes(&before.history, &after.history, context),
        before: before.clone(),
        after: after.clone(),
    }
}

/// Largest |Δ| first, then the largest move in the history, then by id.
fn sort_changes(changes: &mut [PlayerChange]) {
    changes.sort_by_cached_key(|c| {
        let history = c.history_changed.iter().map(HistoryChange::size).max();
        (
            std::cmp::Reverse(c.delta.map_or(0, i32::abs)),
            std::cmp::Reverse(history.unwrap_or(0)),
            c.id.clone(),
        )
    });
}

/// Adds to both snapshots the games of the tournaments both versions have
/// and whose content differs: what [`compare`] lists as changed results.
pub fn add_changed_games(
    (base, base_data): (&mut Snapshot, &Dataset),
    (head, head_data): (&mut Snapshot, &Dataset),
) {
    let changed: BTreeSet<String> = head
        .tournaments
        .iter()
        .filter(|(id, h)| base.tournaments.get(*id).is_some_and(|b| b != *h))
        .map(|(id, _)| id.clone())
        .collect();
    let keep = |t: &crate::model::Tournament| changed.contains(t.id.as_str());
    base.games = games_where(base_data, keep);
    head.games = games_where(head_data, keep);
}

/// The games of the tournaments of `dataset` that `keep` chooses, by id.
fn games_where(
    dataset: &Dataset,
    keep: impl Fn(&crate::model::Tournament) -> bool,
) -> BTreeMap<String, BTreeMap<GameKey, Game>> {
    dataset
        .tournaments
        .iter()
        .filter(|t| keep(t))
        .map(|t| (t.id.to_string(), games::games_of(t)))
        .collect()
}

/// The snapshots of the repositories in two folders. The head is loaded
/// and checked while the base is rated (which runs on one thread), and the
/// base's data is dropped, reduced to its snapshot, before the head is
/// rated: memory never holds both versions' ratings.
pub fn snapshots(base: &Path, head: &Path) -> (Snapshot, Snapshot) {
    let base_data = crate::pipeline::check_repository(base);
    let kept =
        |root: &Path| crate::pipeline::kept_ratings(root).and_then(|f| KeptRatings::read(&f));
    let (mut base, head_data) = rayon::join(
        || rated_snapshot(&base_data, kept(base)),
        || crate::pipeline::check_repository(head),
    );
    let mut head = rated_snapshot(&head_data, kept(head));
    add_changed_games(
        (&mut base, &base_data.loaded.dataset),
        (&mut head, &head_data.loaded.dataset),
    );
    free_aside((base_data, head_data));
    (base, head)
}

/// The snapshots of the base `commit` and of the working tree of the data
/// repository at `root`.
///
/// The base's versions of the changed player and tournament files come out
/// of git into `scratch` (an empty folder) while the working tree is
/// loaded; the base is then the working tree as loaded with those files
/// swapped ([`Swap`]), not a second load of every file; and when no player
/// file changed, the base's ratings take over the head's records of the
/// tournaments before the first changed one, so only the tournaments from
/// there on are rated again ([`crate::rating::rate_continuing`]), and only
/// the players who played from there on have their histories taken down
/// ([`Swap::settled_before`]). A change to
/// anything else a build reads (the configuration, templates, pages,
/// surveys), or a base with links, brings the base out whole instead.
/// Nothing is brought out past `budget`.
pub fn snapshots_against_working_tree(
    root: &Path,
    commit: &str,
    scratch: &Path,
    budget: Budget,
) -> Result<(Snapshot, Snapshot), GitError> {
    let kept_file = crate::pipeline::kept_ratings(root);
    let kept = || kept_file.as_deref().and_then(KeptRatings::read);
    let (base_files, (head, kept_head)) = rayon::join(
        || changed_base_files(root, commit, scratch, budget),
        || rayon::join(|| crate::pipeline::load_after_build(root), kept),
    );
    let Some((swap, base_root)) = base_files? else {
        let (base_root, (mut head, head_data)) = rayon::join(
            || git::unpack(root, commit, scratch, budget),
            || {
                let checked = crate::pipeline::check_loaded(head);
                (rated_snapshot(&checked, kept_head), checked)
            },
        );
        let (mut base, base_data) = snapshot_taking_over(&base_root?, kept_file.as_deref());
        add_changed_games(
            (&mut base, &base_data.loaded.dataset),
            (&mut head, &head_data.loaded.dataset),
        );
        free_aside((base_data, head_data));
        return Ok((base, head));
    };
    let load_problems = head.diagnostics.clone();
    let (head, head_findings) = crate::pipeline::check_loaded_reusing(head, None);
    let settled = swap.settled_before(&head.loaded.dataset, &base_root);
    let (mut head_snapshot, head_ratings) =
        snapshot_keeping_ratings(&head, settled, |dataset, config| {
            rate_taking_over_kept(dataset, config, kept_head)
        });
    // Only the tournaments the swap touches can differ.
    head_snapshot.games = games_where(&head.loaded.dataset, |t| swap.touches(t));
    let head_order = swap.order_before(&head.loaded.dataset);
    // The head's data becomes the base's: one version in memory at a time.
    let mut loaded = head.loaded;
    loaded.diagnostics = load_problems;
    // With the same players, a tournament the swap left alone has the same
    // problems in both versions.
    let untouched = |t: &crate::model::Tournament| !swap.touches(t);
    let earlier = swap
        .keeps_players()
        .then_some((&head_findings, &untouched as &(dyn Fn(&_) -> bool + Sync)));
    let (base, _) =
        crate::pipeline::check_loaded_reusing(swap.apply(loaded, root, &base_root), earlier);
    let unchanged = head_order.unchanged_in(&base.loaded.dataset);
    let (mut base_snapshot, base_ratings) =
        snapshot_keeping_ratings(&base, settled, |dataset, config| {
            rate_taking_over(dataset, config, head_ratings, unchanged)
        });
    base_snapshot.games = games_where(&base.loaded.dataset, |t| {
        head_snapshot.games.contains_key(t.id.as_str())
    });
    free_aside((base, base_ratings));
    Ok((base_snapshot, head_snapshot))
}

/// The ratings of `dataset`, taking over from `earlier` (another version's,
/// if it built) the association's records of the first `unchanged`
/// tournaments; further lists are rated whole.
fn rate_taking_over(
    dataset: &Dataset,
    config: &crate::config::Config,
    earlier: Option<AllRatings>,
    unchanged: usize,
) -> (AllRatings, RatedAgain) {
    let again = RatedAgain {
        tournaments: dataset.tournaments.len(),
        taken_over: unchanged,
    };
    let same_players = |e: &AllRatings| e.association.players.len() == dataset.players.len();
    let Some(earlier) = earlier.filter(|e| unchanged > 0 && same_players(e)) else {
        let again = RatedAgain {
            taken_over: 0,
            ..again
        };
        return (crate::rating::rate_all(dataset, config), again);
    };
    let AllRatings { association, pools } = earlier;
    free_aside(pools);
    let ratings = AllRatings {
        association: crate::rating::rate_continuing(
            dataset,
            &config.rating,
            association,
            unchanged,
        ),
        pools: crate::rating::rate_pools(dataset, config),
    };
    (ratings, again)
}

/// The base's versions of the files changed in the working tree, written
/// under `scratch`, with the swap that puts them in place; `None` when the
/// base has to be loaded whole.
fn changed_base_files(
    root: &Path,
    commit: &str,
    scratch: &Path,
    budget: Budget,
) -> Result<Option<(Swap, PathBuf)>, GitError> {
    let Some(changed) = git::changed_in_working_tree(root, commit)? else {
        return Ok(None);
    };
    let Some(swap) = Swap::plan(&changed) else {
        return Ok(None);
    };
    let base_root = git::unpack_files(root, commit, &swap.files(), scratch, budget)?;
    Ok(base_root.map(|base_root| (swap, base_root)))
}

/// Compares the repositories in two folders.
pub fn diff_folders(base: &Path, head: &Path) -> Diff {
    let (base, head) = snapshots(base, head);
    compare(&base, &head)
}
