//! Another version of a loaded repository, from the files that differ.
//!
//! `ratingbook diff` compares a pull request's working tree with its base.
//! A change touches a few player and tournament files of a federation's
//! hundreds of thousands; loading the base afresh would read every one of
//! them again. Instead the head, as loaded, has the changed files' records
//! and loading problems taken out, and the base's versions of the same files
//! are loaded in their place. The outcome is what loading the base whole
//! gives; the diff's tests compare the two on many kinds of change.

use super::{load_player, load_surveys, orphan_crosstable, read_tournament, relative, Loaded};
use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

/// The player and tournament files a change touches, from the data root.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Swap {
    /// Player files (`data/players/<id>.toml`).
    players: BTreeSet<PathBuf>,
    /// Tournaments, each as its files' path without the extension
    /// (`data/tournaments/<year>/<id>`): both files are taken together.
    tournaments: BTreeSet<PathBuf>,
}

/// What a build makes of a file, by its path from the data root.
#[derive(Debug, PartialEq, Eq)]
enum Role {
    /// A player file.
    Player,
    /// A tournament's metadata or crosstable, by the tournament's path
    /// without extension.
    Tournament(PathBuf),
    /// A file a build does not read.
    Unread,
    /// Anything else a build reads: the configuration, a template, a page,
    /// a survey (or a path that cannot be told apart safely).
    Other,
}

impl Swap {
    /// The swap for the files in `changed` (paths from the data root);
    /// `None` when a changed file is read by a build but is neither a player
    /// nor a tournament file: such a change calls for loading the other
    /// version whole.
    pub fn plan<P: AsRef<Path>>(changed: &[P]) -> Option<Swap> {
        let mut swap = Swap::default();
        for path in changed {
            let path = path.as_ref();
            match role(path) {
                Role::Player => {
                    swap.players.insert(path.to_path_buf());
                }
                Role::Tournament(stem) => {
                    swap.tournaments.insert(stem);
                }
                Role::Unread => {}
                Role::Other => return None,
            }
        }
        Some(swap)
    }

    /// Whether the change leaves every player file as it was.
    pub fn keeps_players(&self) -> bool {
        self.players.is_empty()
    }

    /// Whether the change touches `tournament`'s files.
    pub fn touches(&self, tournament: &crate::model::Tournament) -> bool {
        let stem = tournament.meta_source.with_extension("");
        self.tournaments.contains(&stem)
    }

    /// Whether nothing a build reads changed.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty() && self.tournaments.is_empty()
    }

    /// The files whose other versions [`Swap::apply`] loads, from the data
    /// root: the changed player files and both files of each changed
    /// tournament.
    pub fn files(&self) -> BTreeSet<PathBuf> {
        let tournament_files = self
            .tournaments
            .iter()
            .flat_map(|stem| [stem.with_extension("toml"), stem.with_extension("csv")]);
        self.players
            .iter()
            .cloned()
            .chain(tournament_files)
            .collect()
    }

    /// `loaded` (loaded from `root`) as it is with the other version of
    /// each changed file, found under `other_root` (a file missing there is
    /// one the other version does not have).
    pub fn apply(&self, mut loaded: Loaded, root: &Path, other_root: &Path) -> Loaded {
        let files = self.files();
        loaded.diagnostics.retain(|d| !files.contains(&d.file));
        self.take_out(&mut loaded);
        self.load_players(&mut loaded, other_root);
        self.load_tournaments(&mut loaded, other_root);
        loaded.dataset.sort();
        loaded.taken_over = super::TakenOver::default();
        reload_surveys(&mut loaded, root);
        loaded
    }

    /// Takes the changed files' players and tournaments out.
    fn take_out(&self, loaded: &mut Loaded) {
        let dataset = &mut loaded.dataset;
        dataset
            .players
            .retain(|p| !self.players.contains(&p.source));
        dataset
            .tournaments
            .retain(|t| !self.tournaments.contains(&t.meta_source.with_extension("")));
        loaded.partly_read.retain(|p| {
            !self
                .tournaments
                .contains(&p.tournament.meta_source.with_extension(""))
        });
        for path in &self.players {
            loaded.unreadable_players.remove(&player_stem(path));
        }
    }

    /// Loads the other version of each changed player file it has.
    fn load_players(&self, loaded: &mut Loaded, other_root: &Path) {
        for path in &self.players {
            let file = other_root.join(path);
            if !is_file(&file) {
                continue;
            }
            let (player, problems) = load_player(other_root, &file);
            loaded.diagnostics.extend(problems);
            match player {
                Some(player) => loaded.dataset.players.push(player),
                None => {
                    loaded.unreadable_players.insert(player_stem(path));
                }
            }
        }
    }

    /// Loads the other version of each changed tournament it has, and
    /// leaves the tournaments in the order a whole load reads them in
    /// (which decides, among tournaments of one day and id, which is first).
    fn load_tournaments(&self, loaded: &mut Loaded, other_root: &Path) {
        for stem in &self.tournaments {
            let meta = other_root.join(stem.with_extension("toml"));
            let table = other_root.join(stem.with_extension("csv"));
            if is_file(&meta) {
                let read = read_tournament(other_root, &meta);
                loaded.diagnostics.extend(read.problems);
                loaded.dataset.tournaments.extend(read.tournament);
                loaded.partly_read.extend(read.partly);
            } else if is_file(&table) {
                loaded
                    .diagnostics
                    .push(orphan_crosstable(&relative(other_root, &table)));
            }
        }
        loaded
            .dataset
            .tournaments
            .sort_by_cached_key(|t| super::source::walk_order(&t.meta_source));
    }
}

/// A version's tournaments in order before a [`Swap`], to tell how many of
/// the first ones the swap leaves as they were.
pub struct OrderBefore<'s> {
    swap: &'s Swap,
    /// Each tournament's metadata file, in the dataset's order; none when
    /// the swap changes players (then no tournament is rated as before).
    sources: Vec<PathBuf>,
}

impl Swap {
    /// The order of `dataset`'s tournaments, before this swap is applied to it.
    pub fn order_before(&self, dataset: &crate::model::Dataset) -> OrderBefore<'_> {
        let sources = if self.keeps_players() {
            let tournaments = dataset.tournaments.iter();
            tournaments.map(|t| t.meta_source.clone()).collect()
        } else {
            Vec::new()
        };
        OrderBefore {
            swap: self,
            sources,
        }
    }
}

impl Swap {
    /// How many of the first tournaments of `dataset` (loaded before the
    /// swap) are sure to stay first, in their places and among the same
    /// players, once the other versions under `other_root` are swapped in:
    /// those before the first one the swap touches that also come before
    /// each of the other versions' tournaments. Known before the swap is
    /// applied, it is never more than [`OrderBefore::unchanged_in`] finds
    /// after; 0 when the swap changes players.
    pub fn settled_before(&self, dataset: &crate::model::Dataset, other_root: &Path) -> usize {
        if !self.keeps_players() {
            return 0;
        }
        let others: Vec<crate::model::Tournament> = self
            .tournaments
            .iter()
            .map(|stem| other_root.join(stem.with_extension("toml")))
            .filter(|meta| is_file(meta))
            .filter_map(|meta| read_tournament(other_root, &meta).tournament)
            .collect();
        let before_every_other = |t: &crate::model::Tournament| {
            others.iter().all(|other| {
                crate::model::Dataset::tournament_order(t, other) == std::cmp::Ordering::Less
            })
        };
        dataset
            .tournaments
            .iter()
            .take_while(|t| !self.touches(t) && before_every_other(t))
            .count()
    }
}

impl OrderBefore<'_> {
    /// How many of the first tournaments of `after` (the version with the
    /// swap applied) are the same as before, in the same places, among the
    /// same players: each is the very tournament loaded before, since the
    /// swap did not touch its files, so everything computed in chronological
    /// order up to it is the same in both versions.
    pub fn unchanged_in(&self, after: &crate::model::Dataset) -> usize {
        self.sources
            .iter()
            .zip(&after.tournaments)
            .take_while(|(before, t)| **before == t.meta_source && !self.swap.touches(t))
            .count()
    }
}

/// Surveys name players: with other players their problems may differ.
fn reload_surveys(loaded: &mut Loaded, root: &Path) {
    let folder = Path::new("data").join("surveys");
    let had_surveys = !loaded.surveys.is_empty()
        || loaded
            .diagnostics
            .iter()
            .any(|d| d.file.starts_with(&folder));
    if !had_surveys {
        return;
    }
    loaded.diagnostics.retain(|d| !d.file.starts_with(&folder));
    let (surveys, problems) = load_surveys(root, &loaded.dataset);
    loaded.surveys = surveys;
    loaded.diagnostics.extend(problems);
}

fn is_file(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
}

fn player_stem(path: &Path) -> String {
    path.file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// What a build makes of the file at `path` (from the data root), by the
/// rules the loader reads folders with.
fn role(path: &Path) -> Role {
    let mut parts = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => match part.to_str() {
                Some(part) => parts.push(part),
                None => return Role::Other,
            },
            _ => return Role::Other,
        }
    }
    let extension = path.extension().and_then(|e| e.to_str());
    match parts.as_slice() {
        ["data", "players", _] if extension == Some("toml") => Role::Player,
        ["data", "players", _, ..] => Role::Unread,
        ["data", "tournaments", _, _] if matches!(extension, Some("toml" | "csv")) => {
            Role::Tournament(path.with_extension(""))
        }
        ["data", "tournaments", _, ..] => Role::Unread,
        ["data", ..] | ["templates", ..] | [super::CONFIG_FILE] => Role::Other,
        _ => Role::Unread,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_and_tournament_files_are_swapped_and_other_inputs_are_not() {
        let swap = Swap::plan(&[
            "data/players/a.toml",
            "data/players/notes.txt",
            "data/tournaments/2024/open.csv",
            "data/tournaments/2024/open.toml",
            "data/tournaments/2024/sub/deep.csv",
            "data/tournaments/open.toml",
            "site/index.html",
        ])
        .unwrap();
        let files: Vec<_> = swap.files().into_iter().collect();
        assert_eq!(
            files,
            [
                "data/players/a.toml",
                "data/tournaments/2024/open.csv",
                "data/tournaments/2024/open.toml",
            ]
            .map(PathBuf::from)
        );
        for other in [
            "ratingbook.toml",
            "templates/html/base.html",
            "data/pages/about.md",
            "data/surveys/club.csv",
            "data/players",
            "data/players/../ratingbook.toml",
        ] {
            assert_eq!(Swap::plan(&[other]), None, "{other}");
        }
        assert!(Swap::plan(&["README.md"]).unwrap().is_empty());
    }
}
