//! What the published site shows of each player, in one version: their
//! numbers on a list and their history there.
//!
//! A pull request usually touches the newest tournaments of a history of
//! thousands. Everything before the first tournament it touches is rated
//! the same in both versions, so a player who played only there has the same
//! history in both: such a player's history is left out of the snapshot
//! (see [`PlayerState::history_settled`]) and, when the other version has
//! it, taken from there by [`settled_pair`].

use crate::model::Dataset;
use crate::rating::{Phase, Ratings};
use crate::render::view::ViewBuilder;
use serde::Serialize;
use std::borrow::Cow;
use std::sync::Arc;

/// What the site publishes about one player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerState {
    /// Display name.
    pub name: String,
    /// Published rating, if the player has one.
    pub rating: Option<i32>,
    /// `established`, `provisional` or `unrated`.
    pub phase: &'static str,
    /// Rank on the rating list's active established members, if listed there.
    pub rank: Option<usize>,
    /// Rated games so far.
    pub rated_games: u32,
    /// Ids of the tournaments the player played in, sorted, each once (only
    /// those after the tournaments both versions share).
    #[serde(skip)]
    pub tournaments: Vec<Arc<str>>,
    /// The player's history on the list, in the order played: what their
    /// page shows after each tournament (the changes are in
    /// [`super::PlayerChange::history_changed`]).
    #[serde(skip)]
    pub history: Vec<HistoryPoint>,
    /// Whether `tournaments` and `history` were left out because every
    /// tournament the player played in is among the first ones both versions
    /// share: their history is the other version's, less the tournaments it
    /// lists.
    #[serde(skip)]
    pub history_settled: bool,
}

/// Players' states by id, in the order of their ids: a sorted list rather
/// than a map, which at a federation's scale (300 000 players, in both
/// versions) takes half the memory, and is made without a second copy.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct PlayerStates(Vec<(String, PlayerState)>);

impl PlayerStates {
    /// `states`, sorted by id (the ids are distinct).
    fn sorted(mut states: Vec<(String, PlayerState)>) -> PlayerStates {
        if !states.is_sorted_by(|a, b| a.0 < b.0) {
            states.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        }
        PlayerStates(states)
    }

    /// The state of the player `id`.
    pub fn get(&self, id: &str) -> Option<&PlayerState> {
        let found = self.0.binary_search_by(|(key, _)| key.as_str().cmp(id));
        found.ok().map(|at| &self.0[at].1)
    }

    /// Whether the player `id` is here.
    pub fn contains_key(&self, id: &str) -> bool {
        self.get(id).is_some()
    }

    /// The ids, in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(id, _)| id)
    }

    /// Each id with its state, in the order of the ids.
    pub fn iter(&self) -> PlayerStatesIter<'_> {
        self.0.iter().map(|(id, state)| (id, state))
    }

    /// How many players.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The iterator of [`PlayerStates::iter`].
pub type PlayerStatesIter<'a> = std::iter::Map<
    std::slice::Iter<'a, (String, PlayerState)>,
    fn(&'a (String, PlayerState)) -> (&'a String, &'a PlayerState),
>;

impl<'a> IntoIterator for &'a PlayerStates {
    type Item = (&'a String, &'a PlayerState);
    type IntoIter = PlayerStatesIter<'a>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// One row of a player's history: what their page shows for a tournament.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HistoryPoint {
    /// The tournament's id.
    #[serde(serialize_with = "as_text")]
    pub tournament: Arc<str>,
    /// The published rating after it (established players only).
    pub rating: Option<i32>,
    /// The performance rating over its counted games.
    pub performance: Option<i32>,
    /// `established`, `provisional` or `unrated` after it.
    pub phase: &'static str,
}

fn as_text<S: serde::Serializer>(text: &Arc<str>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(text)
}

/// What the list `views` shows of each player: every player for the
/// association's list (`pool` `None`), only those who played in the list's
/// tournaments for a further list.
///
/// The first `settled` tournaments are the same in both versions compared:
/// each player's `tournaments` lists only those after them, and a player
/// who played in none of those has no `history` (it is the same in both
/// versions) and is marked [`PlayerState::history_settled`].
pub(super) fn player_states(
    dataset: &Dataset,
    ratings: &Ratings,
    views: &ViewBuilder,
    pool: Option<&str>,
    settled: usize,
) -> PlayerStates {
    let ranks = views.current_ranks();
    // One shared copy of each tournament's id, for every list and history.
    let ids: Vec<Arc<str>> = dataset
        .tournaments
        .iter()
        .map(|t| Arc::from(t.id.as_str()))
        .collect();
    let played = tournaments_played(dataset, pool, settled, &ids);
    let listed = |index: usize| pool.is_none() || !ratings.player_records[index].is_empty();
    let mut states = Vec::with_capacity((0..dataset.players.len()).filter(|&i| listed(i)).count());
    let each = dataset
        .players
        .iter()
        .zip(&ratings.players)
        .zip(played)
        .enumerate()
        .filter(|(index, _)| listed(*index))
        .map(|(index, ((player, state), tournaments))| {
            let history_settled = settled > 0 && tournaments.is_empty();
            let value = PlayerState {
                name: player.name.clone(),
                rating: state.rating,
                phase: phase_word(state.phase),
                rank: ranks.get(index).copied().flatten(),
                rated_games: state.rated_games,
                tournaments,
                history: if history_settled {
                    Vec::new()
                } else {
                    history(ratings, views, index, &ids)
                },
                history_settled,
            };
            (player.id.to_string(), value)
        });
    states.extend(each);
    PlayerStates::sorted(states)
}

/// The two versions of a player with the history of a version that left it
/// out ([`PlayerState::history_settled`]) taken from the other: the same
/// rows less the tournaments the other lists, which are all after the
/// tournaments both share, and so are not among this version's.
pub(super) fn settled_pair<'a>(
    before: &'a PlayerState,
    after: &'a PlayerState,
) -> (Cow<'a, PlayerState>, Cow<'a, PlayerState>) {
    let filled = |settled: &PlayerState, other: &PlayerState| {
        let history = other
            .history
            .iter()
            .filter(|point| other.tournaments.binary_search(&point.tournament).is_err())
            .cloned()
            .collect();
        PlayerState {
            history,
            history_settled: false,
            ..settled.clone()
        }
    };
    match (before.history_settled, after.history_settled) {
        (true, false) => (Cow::Owned(filled(before, after)), Cow::Borrowed(after)),
        (false, true) => (Cow::Borrowed(before), Cow::Owned(filled(after, before))),
        _ => (Cow::Borrowed(before), Cow::Borrowed(after)),
    }
}

/// What the page of the player at `index` shows after each of their
/// tournaments; `ids` are the tournaments' ids, shared.
fn history(
    ratings: &Ratings,
    views: &ViewBuilder,
    index: usize,
    ids: &[Arc<str>],
) -> Vec<HistoryPoint> {
    ratings.player_records[index]
        .iter()
        .map(|&(t, i)| {
            let record = &ratings.by_tournament[t][i];
            HistoryPoint {
                tournament: Arc::clone(&ids[t]),
                rating: record
                    .rating_after
                    .filter(|_| record.phase_after == Phase::Established),
                performance: views.performance(record),
                phase: phase_word(record.phase_after),
            }
        })
        .collect()
}

/// Each player's tournaments (of the list `pool`, or all) after the first
/// `settled`, in the order of their ids, each id from `ids` (the
/// tournaments' ids, one shared copy of each however many played in it).
fn tournaments_played(
    dataset: &Dataset,
    pool: Option<&str>,
    settled: usize,
    ids: &[Arc<str>],
) -> Vec<Vec<Arc<str>>> {
    use rayon::prelude::*;
    let in_list = |t: &&crate::model::Tournament| pool.is_none() || t.pool.as_deref() == pool;
    let entries: Vec<(usize, usize)> = dataset
        .tournaments
        .par_iter()
        .enumerate()
        .skip(settled)
        .filter(|(_, t)| in_list(t))
        .flat_map_iter(|(tournament, t)| {
            let players = t.entries.iter();
            players
                .filter_map(move |e| Some((dataset.player_index(e.player.as_str())?, tournament)))
        })
        .collect();
    let mut played: Vec<Vec<Arc<str>>> = vec![Vec::new(); dataset.players.len()];
    for (player, tournament) in entries {
        played[player].push(Arc::clone(&ids[tournament]));
    }
    played.par_iter_mut().for_each(|ids| {
        ids.sort_unstable();
        ids.dedup();
    });
    played
}

pub(super) fn phase_word(phase: Phase) -> &'static str {
    match phase {
        Phase::Established => "established",
        Phase::Provisional => "provisional",
        Phase::Unrated => "unrated",
    }
}

/// A player not on a list (in one of the two versions).
pub(super) fn not_listed(name: &str) -> PlayerState {
    PlayerState {
        name: name.to_string(),
        rating: None,
        phase: phase_word(Phase::Unrated),
        rank: None,
        rated_games: 0,
        tournaments: Vec::new(),
        history: Vec::new(),
        history_settled: false,
    }
}
