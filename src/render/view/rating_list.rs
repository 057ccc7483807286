//! The rating list: current, as of a past date (the year-end archive), and
//! filtered by club, country or membership.

use super::shared::{add_months, local_date, Link, PlayerLink};
use super::ViewBuilder;
use crate::model::{Date, Membership, Player};
use crate::rating::Phase;
use crate::render::chart::{self, ChartPoint, Series};
use rayon::prelude::*;
use serde::Serialize;

/// A row of the established rating list.
///
/// The one definition of a rank, used by every output (HTML, Markdown, CSV,
/// SQL): active established players are ranked by rating, equal ratings
/// sharing a rank (1, 2, 2, 4); inactive players are listed, flagged
/// `active = false`, and have no rank. Filtered lists rank within themselves.
///
/// Its texts are borrowed from the player's record and its date and
/// movements kept as values, written out when shown: a list holds a row
/// per rated player, and a federation's lists are hundreds of thousands.
#[derive(Debug, Clone, Serialize)]
pub struct RatedRow<'a> {
    /// Rank among the list's active players; `None` (written empty) for inactive ones.
    #[serde(serialize_with = "rank_text")]
    pub rank: Option<usize>,
    /// Player link.
    pub player: PlayerLink<'a>,
    /// Player id.
    pub id: &'a str,
    /// Club or empty.
    pub club: &'a str,
    /// Country or empty.
    pub country: &'a str,
    /// Membership.
    pub membership: &'static str,
    /// Current rating.
    pub rating: i32,
    /// Rated games in total.
    pub games: u32,
    /// Date of the last tournament with a rated game.
    pub last_played: ListedDate,
    /// Whether the player had a rated game within the inactivity span before the list date.
    pub active: bool,
    /// Rating change since the previous list (see `movement`): `+12`, `-5`,
    /// `0`, `new` for a player not on it, empty on a list without a previous one.
    pub rating_change: Change,
    /// Rank change since the previous list: `+2` (up two places), `-1`, `0`,
    /// `new` for a player not on it, empty when either list leaves the player unranked.
    pub rank_change: Change,
    #[serde(skip)]
    index: usize,
}

/// A rank as templates show it: the number, or empty for an unranked (inactive) player.
fn rank_text<S: serde::Serializer>(rank: &Option<usize>, s: S) -> Result<S::Ok, S::Error> {
    match rank {
        Some(n) => s.serialize_str(&n.to_string()),
        None => s.serialize_str(""),
    }
}

/// A date as a list shows it: ISO (`2024-05-31`), or empty when there is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ListedDate(pub Option<Date>);

impl std::fmt::Display for ListedDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(date) => write!(f, "{date}"),
            None => Ok(()),
        }
    }
}

impl Serialize for ListedDate {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A movement since the previous list (see `movement`) as a list shows
/// it: `+12`, `-5`, `0`, `new`, or empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Change {
    /// Nothing to compare with: shown empty.
    #[default]
    Unknown,
    /// Not on the previous list.
    New,
    /// Up (positive) or down by this much.
    By(i64),
}

impl Change {
    /// The text without a leading `+` (`12`, `-5`, `new`): no spreadsheet
    /// cell starts with `+`, which spreadsheets read as a formula.
    pub fn unsigned(self) -> impl std::fmt::Display {
        struct Unsigned(Change);
        impl std::fmt::Display for Unsigned {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self.0 {
                    Change::By(n) => write!(f, "{n}"),
                    other => write!(f, "{other}"),
                }
            }
        }
        Unsigned(self)
    }
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Change::Unknown => Ok(()),
            Change::New => f.write_str("new"),
            Change::By(n) if n > 0 => write!(f, "+{n}"),
            Change::By(n) => write!(f, "{n}"),
        }
    }
}

impl Serialize for Change {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl RatedRow<'_> {
    /// Index of the player in `Dataset::players`.
    pub fn player_index(&self) -> usize {
        self.index
    }
}

/// A row of the provisional list.
#[derive(Debug, Clone, Serialize)]
pub struct ProvisionalRow<'a> {
    /// Player link.
    pub player: PlayerLink<'a>,
    /// Club or empty.
    pub club: &'a str,
    /// Games so far, preset included.
    pub games: u32,
    /// `12/20`.
    pub progress: String,
    #[serde(skip)]
    index: usize,
}

/// A row of the international players' list.
#[derive(Debug, Clone, Serialize)]
pub struct InternationalRow<'a> {
    /// Player link.
    pub player: PlayerLink<'a>,
    /// Country or empty.
    pub country: &'a str,
    /// International rating.
    pub rating: u32,
    #[serde(skip)]
    index: usize,
}

/// The rating list page.
#[derive(Debug, Clone, Serialize)]
pub struct RatingListView<'a> {
    /// Established members by rating.
    pub established: Vec<RatedRow<'a>>,
    /// Provisional members by games played.
    pub provisional: Vec<ProvisionalRow<'a>>,
    /// International (`rif`) players with their international rating.
    pub international: Vec<InternationalRow<'a>>,
    /// Heading of the list, e.g. `Rating list` or `Club: Helsinki`.
    pub title: String,
    /// The list date, ISO.
    pub date: String,
    /// The list date for the site's language.
    pub date_text: String,
    /// Established players hidden by default as inactive.
    pub inactive: usize,
    /// Date before which the last rated game makes a player inactive, ISO.
    pub inactive_before: String,
    /// SVG chart of the top players' histories, or empty.
    pub chart: String,
    /// Legend of the chart: player links in series order.
    pub legend: Vec<Link>,
    /// Date of the list the movement columns compare with (the year-end list
    /// of the year before the list date), ISO; empty when the list shows no movement.
    pub previous_date: String,
    /// The previous list's date for the site's language, or empty.
    pub previous_date_text: String,
    /// The previous list's established rows, unfiltered: filtered lists
    /// compare with the same filter of it.
    #[serde(skip)]
    previous: Option<Vec<RatedRow<'a>>>,
}

/// Rows of a rating list, borrowed from it, with its heading: what one page
/// of the list shows. Templates see the same fields as [`RatingListView`].
#[derive(Debug, Clone, Copy, Serialize)]
pub struct RatingListPage<'a> {
    /// Established members by rating.
    pub established: &'a [RatedRow<'a>],
    /// Provisional members by games played.
    pub provisional: &'a [ProvisionalRow<'a>],
    /// International (`rif`) players with their international rating.
    pub international: &'a [InternationalRow<'a>],
    /// Heading of the list.
    pub title: &'a str,
    /// The list date, ISO.
    pub date: &'a str,
    /// The list date for the site's language.
    pub date_text: &'a str,
    /// Established players on the page hidden by default as inactive.
    pub inactive: usize,
    /// Date before which the last rated game makes a player inactive, ISO.
    pub inactive_before: &'a str,
    /// SVG chart of the top players' histories, or empty.
    pub chart: &'a str,
    /// Legend of the chart.
    pub legend: &'a [Link],
    /// Date of the list the movement columns compare with, or empty.
    pub previous_date: &'a str,
    /// The previous list's date for the site's language, or empty.
    pub previous_date_text: &'a str,
}

impl RatingListPage<'_> {
    /// A hash of everything the page shows, its rows laid out by hand: a
    /// federation's lists have hundreds of thousands of rows, hashed on
    /// every build to find the pages that changed, and serializing them
    /// cost several times this. Every type is destructured, so a field
    /// added to any of them does not compile until it is hashed here.
    pub fn fingerprint(&self) -> crate::incremental::cache::Key {
        let RatingListPage {
            established,
            provisional,
            international,
            title,
            date,
            date_text,
            inactive,
            inactive_before,
            chart,
            legend,
            previous_date,
            previous_date_text,
        } = self;
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        let mut feed = crate::incremental::hashing::Feed::new(&mut hasher);
        for heading in [title, date, date_text, inactive_before, chart] {
            feed.add_text(heading);
        }
        for heading in [previous_date, previous_date_text] {
            feed.add_text(heading);
        }
        feed.add(&(*inactive as u64).to_le_bytes());
        feed.add(&(legend.len() as u64).to_le_bytes());
        for Link { text: shown, href } in *legend {
            feed.add_text(shown);
            feed.add_text(href);
        }
        feed.add(&(established.len() as u64).to_le_bytes());
        for row in *established {
            let RatedRow {
                rank,
                player,
                id,
                club,
                country,
                membership,
                rating,
                games,
                last_played: ListedDate(last_played),
                active,
                rating_change,
                rank_change,
                index: _,
            } = row;
            let rank = rank.map_or(u64::MAX, |r| r as u64);
            let last = last_played.map_or(0, |d| d.days_since_epoch() as u64 + 1);
            for field in [player.text(), player.id(), id, club, country, membership] {
                feed.add_text(field);
            }
            for number in [rank, *rating as u64, u64::from(*games), last] {
                feed.add(&number.to_le_bytes());
            }
            feed.add(&[u8::from(*active)]);
            for change in [rating_change, rank_change] {
                let (mark, by) = match *change {
                    Change::Unknown => (0, 0),
                    Change::New => (1, 0),
                    Change::By(by) => (2, by),
                };
                feed.add(&[mark]);
                feed.add(&by.to_le_bytes());
            }
        }
        feed.add(&(provisional.len() as u64).to_le_bytes());
        for row in *provisional {
            let ProvisionalRow {
                player,
                club,
                games,
                progress,
                index: _,
            } = row;
            for field in [player.text(), player.id(), club, progress] {
                feed.add_text(field);
            }
            feed.add(&games.to_le_bytes());
        }
        feed.add(&(international.len() as u64).to_le_bytes());
        for row in *international {
            let InternationalRow {
                player,
                country,
                rating,
                index: _,
            } = row;
            for field in [player.text(), player.id(), country] {
                feed.add_text(field);
            }
            feed.add(&rating.to_le_bytes());
        }
        feed.flush();
        hasher.digest128()
    }
}

/// The `rows` for which `keep` holds, counted first so that the list is
/// made at its size at once, however many rows it has.
fn kept_rows<T: Clone>(rows: &[T], keep: impl Fn(&T) -> bool) -> Vec<T> {
    let mut kept = Vec::with_capacity(rows.iter().filter(|r| keep(r)).count());
    kept.extend(rows.iter().filter(|r| keep(r)).cloned());
    kept
}

/// The one ranking rule (see [`RatedRow`]) over rows sorted by rating:
/// active rows ranked 1, 2, 2, 4 …, inactive rows unranked and not counted.
fn assign_ranks(rows: &mut [RatedRow<'_>]) {
    let mut ranks = Ranking::default();
    for row in rows {
        row.rank = ranks.next(row.rating, row.active);
    }
}

/// The ranking rule's state over rows sorted by rating (see [`assign_ranks`]).
#[derive(Default)]
struct Ranking {
    rank: usize,
    active_seen: usize,
    last_active_rating: Option<i32>,
}

impl Ranking {
    /// The rank of the next row, of `rating`, active or not.
    fn next(&mut self, rating: i32, active: bool) -> Option<usize> {
        if !active {
            return None;
        }
        self.active_seen += 1;
        if self.last_active_rating != Some(rating) {
            self.rank = self.active_seen;
        }
        self.last_active_rating = Some(rating);
        Some(self.rank)
    }
}

/// The sort key of an established row: by rating, highest first, then by
/// id (`id_order` is [`ViewBuilder::id_order`]).
fn established_order(id_order: &[u32], rating: i32, index: usize) -> (std::cmp::Reverse<i32>, u32) {
    (std::cmp::Reverse(rating), id_order[index])
}

/// Movement since the previous list, as FIDE's lists show it: for each row of
/// `rows` (ranked) the rating change and the rank change (positive = up)
/// against the same player's row in `previous` (ranked the same way, over the
/// same filter). A player not on the previous established list is `new`; a
/// rank change needs a rank on both lists.
fn movement(rows: &mut [RatedRow<'_>], previous: &[RatedRow<'_>]) {
    // By player index: a table, not a map (hundreds of thousands of rows).
    let players = rows.iter().chain(previous).map(|r| r.index + 1).max();
    let mut before: Vec<Option<&RatedRow<'_>>> = vec![None; players.unwrap_or(0)];
    for row in previous {
        before[row.index] = Some(row);
    }
    for row in rows {
        match before[row.index] {
            None => {
                row.rating_change = Change::New;
                row.rank_change = Change::New;
            }
            Some(old) => {
                row.rating_change = Change::By(i64::from(row.rating) - i64::from(old.rating));
                row.rank_change = match (old.rank, row.rank) {
                    (Some(was), Some(now)) => Change::By(was as i64 - now as i64),
                    _ => Change::Unknown,
                };
            }
        }
    }
}

/// What a page other than the list itself shows of the rating list: its
/// heading and counts, without its rows (which grow with the federation).
#[derive(Debug, Serialize)]
pub struct RatingListSummary<'a> {
    /// Heading of the list.
    pub title: &'a str,
    /// The list date, ISO.
    pub date: &'a str,
    /// The list date for the site's language.
    pub date_text: &'a str,
    /// Established players on the list.
    pub established: usize,
    /// Provisional players on the list.
    pub provisional: usize,
    /// International players on the list.
    pub international: usize,
    /// Established players hidden by default as inactive.
    pub inactive: usize,
    /// Date before which the last rated game makes a player inactive, ISO.
    pub inactive_before: &'a str,
}

impl<'a> RatingListView<'a> {
    /// The list's heading and counts, for pages that link to it.
    pub fn summary(&self) -> RatingListSummary<'_> {
        RatingListSummary {
            title: &self.title,
            date: &self.date,
            date_text: &self.date_text,
            established: self.established.len(),
            provisional: self.provisional.len(),
            international: self.international.len(),
            inactive: self.inactive,
            inactive_before: &self.inactive_before,
        }
    }

    /// Established, provisional and international rows together: what is
    /// split over the pages of a long list.
    pub fn row_count(&self) -> usize {
        self.established.len() + self.provisional.len() + self.international.len()
    }

    /// The whole list as one page.
    pub fn whole(&self) -> RatingListPage<'_> {
        RatingListPage {
            established: &self.established,
            provisional: &self.provisional,
            international: &self.international,
            title: &self.title,
            date: &self.date,
            date_text: &self.date_text,
            inactive: self.inactive,
            inactive_before: &self.inactive_before,
            chart: &self.chart,
            legend: &self.legend,
            previous_date: &self.previous_date,
            previous_date_text: &self.previous_date_text,
        }
    }

    /// The rows `rows` of the list (counted over established, provisional
    /// and international rows in that order) as a page of their own, with
    /// the inactive count of those rows; the chart only on the page that
    /// starts the list. The rows are borrowed, not copied.
    pub fn page(&self, rows: std::ops::Range<usize>) -> RatingListPage<'_> {
        let slice = |from: usize, len: usize| {
            let start = rows.start.saturating_sub(from).min(len);
            let end = rows.end.saturating_sub(from).min(len);
            start..end
        };
        let established = &self.established[slice(0, self.established.len())];
        let from = self.established.len();
        let provisional = &self.provisional[slice(from, self.provisional.len())];
        let from = from + self.provisional.len();
        let international = &self.international[slice(from, self.international.len())];
        let first = rows.start == 0;
        RatingListPage {
            inactive: established.iter().filter(|r| !r.active).count(),
            established,
            provisional,
            international,
            chart: if first { &self.chart } else { "" },
            legend: if first { &self.legend } else { &[] },
            ..self.whole()
        }
    }

    /// The ranks and active flags for the SQL dump's `published_ratings`.
    pub fn published(&self) -> crate::sql::PublishedList {
        crate::sql::PublishedList {
            date: self.date.clone(),
            established: self
                .established
                .iter()
                .map(|r| (r.index, (r.rank, r.active)))
                .collect(),
        }
    }
}

/// What a list needs of a player's state at the list date.
#[derive(Debug, Clone, Copy)]
struct ListState {
    phase: Phase,
    rating: Option<i32>,
    provisional_games: u32,
    rated_games: u32,
    last_rated: Option<usize>,
}

/// What a list step takes from one rating record: its tournament and
/// that tournament's last day, the state after it and the games that
/// counted.
#[derive(Debug, Clone, Copy)]
struct RecordStep {
    tournament: usize,
    end: Date,
    phase: Phase,
    rating: Option<i32>,
    provisional_games: u32,
    counted: u32,
}

/// Every rating record's [`RecordStep`], by tournament and place: made in
/// the records' own order (tournament by tournament, as they lie in
/// memory), then read player by player. Going from player to player
/// through the records themselves reached all over memory for each record
/// and again for its games: a federation's players have hundreds of
/// thousands of records between them.
struct RecordSteps {
    /// Where each tournament's records begin in `steps`.
    starts: Vec<usize>,
    steps: Vec<RecordStep>,
}

impl RecordSteps {
    fn of(ratings: &crate::rating::Ratings, ends: &[Date]) -> RecordSteps {
        let mut starts = Vec::with_capacity(ratings.by_tournament.len());
        let mut total = 0;
        for records in &ratings.by_tournament {
            starts.push(total);
            total += records.len();
        }
        let steps = (ratings.by_tournament.par_iter())
            .flat_map_iter(|records| {
                records.iter().map(|r| RecordStep {
                    tournament: r.tournament,
                    end: ends[r.tournament],
                    phase: r.phase_after,
                    rating: r.rating_after,
                    provisional_games: r.provisional_games_after,
                    counted: r.games_counted() as u32,
                })
            })
            .collect();
        RecordSteps { starts, steps }
    }

    /// The step of record `i` of tournament `t`.
    fn get(&self, (t, i): (usize, usize)) -> &RecordStep {
        &self.steps[self.starts[t] + i]
    }
}

/// The date of a list when nothing was played: 1 January 1970.
const NO_LIST_DATE: Date = Date {
    year: 1970,
    month: 1,
    day: 1,
};

/// Players whose [`ListHistory`] steps are made in one piece of work.
const STEP_RUN: usize = 2048;

/// Every player's list state after each of their tournaments, with the
/// latest last day of a tournament so far (see [`ViewBuilder::list_history`]).
pub struct ListHistory {
    /// Where each player's steps begin in `steps`, by player index, and
    /// where the last player's end.
    starts: Vec<usize>,
    steps: Vec<(Date, ListState)>,
}

impl<'a> ViewBuilder<'a> {
    /// The current rating list.
    pub fn rating_list(&self) -> RatingListView<'a> {
        self.rating_list_after(|date| self.rating_list_as_of(date))
    }

    /// The current rating list, its movements taken from the players'
    /// `history` (see [`ViewBuilder::list_history`]), for a build that
    /// makes year-end lists from it as well.
    pub fn rating_list_with(&self, history: &ListHistory) -> RatingListView<'a> {
        self.rating_list_after(|date| self.rating_list_from(history, date))
    }

    /// The current rating list, with the movements since the list that
    /// `past` makes for the end of the year before.
    fn rating_list_after(
        &self,
        past: impl FnOnce(Date) -> RatingListView<'a>,
    ) -> RatingListView<'a> {
        let mut list = self.current_list();
        let date = self.current_list_date();
        if let Some(previous_date) = Date::new(date.year - 1, 12, 31) {
            let previous = past(previous_date);
            movement(&mut list.established, &previous.established);
            list.previous_date = previous.date;
            list.previous_date_text = previous.date_text;
            list.previous = Some(previous.established);
        }
        list
    }

    /// Each player's rank on the current list, by player index, without
    /// making the list's rows.
    pub fn current_ranks(&self) -> Vec<Option<usize>> {
        let date = self.current_list_date();
        let inactive_before = self.inactive_before(date);
        let mut established: Vec<(i32, bool, usize)> = (self.ratings.players.iter())
            .enumerate()
            .filter_map(|(index, state)| match (state.phase, state.rating) {
                (Phase::Established, Some(rating)) => Some((
                    rating,
                    self.is_active(state.last_rated_tournament, inactive_before),
                    index,
                )),
                _ => None,
            })
            .collect();
        let id_order = self.id_order();
        established.sort_by_key(|&(rating, _, index)| established_order(id_order, rating, index));
        let mut ranks = vec![None; self.dataset.players.len()];
        let mut ranking = Ranking::default();
        for (rating, active, index) in established {
            ranks[index] = ranking.next(rating, active);
        }
        ranks
    }

    /// The date before which a list of `date` counts a player's last rated
    /// tournament as inactive.
    fn inactive_before(&self, date: Date) -> Date {
        add_months(date, -(self.config.rating.inactive_after_months as i32))
    }

    /// Each tournament's last day, by tournament index.
    fn tournament_ends(&self) -> &[Date] {
        self.tournament_ends
            .get_or_init(|| self.dataset.tournaments.iter().map(|t| t.end).collect())
    }

    /// Whether a player whose last rated tournament is `last_rated` (by
    /// index) is active on a list whose cut-off is `inactive_before`.
    fn is_active(&self, last_rated: Option<usize>, inactive_before: Date) -> bool {
        last_rated.is_some_and(|t| self.dataset.tournaments[t].end > inactive_before)
    }

    /// The current list's rows, ranks and chart.
    fn current_list(&self) -> RatingListView<'a> {
        let states = self
            .ratings
            .players
            .iter()
            .map(|s| {
                Some(ListState {
                    phase: s.phase,
                    rating: s.rating,
                    provisional_games: s.provisional_games,
                    rated_games: s.rated_games,
                    last_rated: s.last_rated_tournament,
                })
            })
            .collect();
        let title = self.words.text("list-title");
        self.build_list(&title, self.current_list_date(), states)
    }

    /// The current list's date (1 January 1970 when nothing was played).
    fn current_list_date(&self) -> Date {
        self.list_date().unwrap_or(NO_LIST_DATE)
    }

    /// The rating list as it stood at the end of `date`: players with a
    /// tournament by then, each with the state after their last one. For
    /// one list: it goes through each player's tournaments up to `date`
    /// only, keeping no player's history, only each record's compact step
    /// (see [`ViewBuilder::rating_list_from`]).
    pub fn rating_list_as_of(&self, date: Date) -> RatingListView<'a> {
        let records = RecordSteps::of(self.ratings, self.tournament_ends());
        let states = (0..self.dataset.players.len())
            .into_par_iter()
            .map(|i| {
                let steps = self.player_steps(i, &records);
                // The latest end so far grows: the first step past `date` ends the list's part.
                let by_then = steps.take_while(|(reached, _)| *reached <= date);
                by_then.last().map(|(_, state)| state)
            })
            .collect();
        self.build_list(&self.year_title(date.year), date, states)
    }

    /// Every player's list state after each of their tournaments, for
    /// [`ViewBuilder::rating_list_from`]: made once for all the year-end
    /// lists, where going through each player's tournaments again for
    /// every year read each tournament's ratings once per year.
    pub fn list_history(&self) -> ListHistory {
        let mut starts = Vec::with_capacity(self.dataset.players.len() + 1);
        let mut total = 0;
        starts.push(0);
        for records in &self.ratings.player_records {
            total += records.len();
            starts.push(total);
        }
        // Made at its size and filled a run of players at a time: a
        // federation's players have millions of steps between them.
        let unset = ListState {
            phase: Phase::Unrated,
            rating: None,
            provisional_games: 0,
            rated_games: 0,
            last_rated: None,
        };
        let mut steps = vec![(NO_LIST_DATE, unset); total];
        let records = RecordSteps::of(self.ratings, self.tournament_ends());
        let mut runs = Vec::new();
        let mut rest = steps.as_mut_slice();
        for first in (0..self.dataset.players.len()).step_by(STEP_RUN) {
            let players = first..(first + STEP_RUN).min(self.dataset.players.len());
            let (run, after) = rest.split_at_mut(starts[players.end] - starts[first]);
            runs.push((players, run));
            rest = after;
        }
        runs.into_par_iter().for_each(|(players, run)| {
            let made = players.flat_map(|i| self.player_steps(i, &records));
            for (step, made) in run.iter_mut().zip(made) {
                *step = made;
            }
        });
        ListHistory { starts, steps }
    }

    /// The list state of the player at `index` after each of their
    /// tournaments, in rating order, each with the latest last day of a
    /// tournament so far.
    fn player_steps<'s>(
        &'s self,
        index: usize,
        records: &'s RecordSteps,
    ) -> impl Iterator<Item = (Date, ListState)> + 's {
        let mut reached: Option<Date> = None;
        let mut state: Option<ListState> = None;
        self.ratings.player_records[index].iter().map(move |&at| {
            let r = records.get(at);
            let latest = reached.map_or(r.end, |d| d.max(r.end));
            reached = Some(latest);
            let previous = state.as_ref();
            let next = ListState {
                phase: r.phase,
                rating: r.rating,
                provisional_games: r.provisional_games,
                rated_games: previous.map_or(0, |p| p.rated_games) + r.counted,
                last_rated: if r.counted > 0 {
                    Some(r.tournament)
                } else {
                    previous.and_then(|p| p.last_rated)
                },
            };
            state = Some(next);
            (latest, next)
        })
    }

    /// The rating list as it stood at the end of `date` (see
    /// [`ViewBuilder::rating_list_as_of`]), from the players' `history`.
    pub fn rating_list_from(&self, history: &ListHistory, date: Date) -> RatingListView<'a> {
        let states = (0..self.dataset.players.len())
            .into_par_iter()
            .map(|i| {
                let steps = &history.steps[history.starts[i]..history.starts[i + 1]];
                // A player's state is the one after the tournaments before the
                // first that ends after `date` (the latest end so far grows).
                let before = steps.partition_point(|(reached, _)| *reached <= date);
                before.checked_sub(1).map(|last| steps[last].1)
            })
            .collect();
        self.build_list(&self.year_title(date.year), date, states)
    }

    fn build_list(
        &self,
        title: &str,
        date: Date,
        states: Vec<Option<ListState>>,
    ) -> RatingListView<'a> {
        let inactive_before = self.inactive_before(date);
        // Sized at once: a federation's list has hundreds of thousands of rows.
        let established_count = states
            .iter()
            .flatten()
            .filter(|s| s.phase == Phase::Established && s.rating.is_some())
            .count();
        let provisional_count = states
            .iter()
            .flatten()
            .filter(|s| s.phase == Phase::Provisional)
            .count();
        let mut established = Vec::with_capacity(established_count);
        let mut provisional = Vec::with_capacity(provisional_count);
        let mut international = Vec::new();
        for (index, player) in self.dataset.players.iter().enumerate() {
            let Some(state) = &states[index] else {
                continue;
            };
            match (state.phase, state.rating) {
                (Phase::Established, Some(rating)) => {
                    let last = state.last_rated.map(|t| self.dataset.tournaments[t].end);
                    established.push(RatedRow {
                        rank: None,
                        player: PlayerLink::to(player),
                        id: player.id.as_str(),
                        club: player.club.as_deref().unwrap_or_default(),
                        country: player.country.as_deref().unwrap_or_default(),
                        membership: player.membership.as_str(),
                        rating,
                        games: state.rated_games,
                        last_played: ListedDate(last),
                        active: self.is_active(state.last_rated, inactive_before),
                        rating_change: Change::Unknown,
                        rank_change: Change::Unknown,
                        index,
                    })
                }
                (Phase::Provisional, _) => provisional.push(ProvisionalRow {
                    player: PlayerLink::to(player),
                    club: player.club.as_deref().unwrap_or_default(),
                    games: state.provisional_games,
                    progress: self.progress(state.provisional_games),
                    index,
                }),
                _ => {
                    if let (Membership::Rif, Some(rating)) =
                        (player.membership, player.international_rating)
                    {
                        international.push(InternationalRow {
                            player: PlayerLink::to(player),
                            country: player.country.as_deref().unwrap_or_default(),
                            rating,
                            index,
                        });
                    }
                }
            }
        }
        let id_order = self.id_order();
        established.sort_by_cached_key(|row| established_order(id_order, row.rating, row.index));
        provisional.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then_with(|| self.cmp_player_hrefs(a.index, b.index))
        });
        international.sort_by(|a, b| {
            b.rating
                .cmp(&a.rating)
                .then_with(|| self.cmp_player_hrefs(a.index, b.index))
        });
        let mut list = RatingListView {
            established,
            provisional,
            international,
            title: title.to_string(),
            date: date.to_string(),
            date_text: local_date(date, &self.config.site.language),
            inactive: 0,
            inactive_before: inactive_before.to_string(),
            chart: String::new(),
            legend: Vec::new(),
            previous_date: String::new(),
            previous_date_text: String::new(),
            previous: None,
        };
        self.finish_list(&mut list, date);
        list
    }

    /// Ranks (see [`RatedRow`]), inactive count and the chart of a (possibly filtered) list.
    fn finish_list(&self, list: &mut RatingListView<'a>, date: Date) {
        assign_ranks(&mut list.established);
        list.inactive = list.established.iter().filter(|r| !r.active).count();
        let wanted = self.config.site.chart_players;
        let mut top: Vec<usize> = list
            .established
            .iter()
            .filter(|r| r.active)
            .take(wanted)
            .map(|r| r.index)
            .collect();
        if top.len() < 2 {
            top = list
                .established
                .iter()
                .take(wanted)
                .map(|r| r.index)
                .collect();
        }
        let series: Vec<Series> = top
            .iter()
            .enumerate()
            .map(|(n, &i)| Series {
                name: self.dataset.players[i].name.clone(),
                points: self
                    .chart_points(i, Some(date))
                    .into_iter()
                    .map(|p| ChartPoint {
                        href: format!("#top-chart-{n}"),
                        ..p
                    })
                    .collect(),
            })
            .collect();
        let title = self
            .words
            .with("list-chart-title", &[("count", series.len().into())]);
        list.chart = chart::list_chart("top-chart", &title, &series, &self.words);
        list.legend = if list.chart.is_empty() {
            Vec::new()
        } else {
            top.iter().map(|&i| self.player_link(i)).collect()
        };
    }

    /// The list restricted to players for whom `keep` holds.
    pub fn filtered_list(
        &self,
        list: &RatingListView<'a>,
        title: &str,
        keep: impl Fn(&Player) -> bool,
    ) -> RatingListView<'a> {
        // Decided in the players' order: the rows' order (by rating) would
        // reach for the players all over memory, once for every list.
        let kept: Vec<bool> = self.dataset.players.iter().map(keep).collect();
        let mut out = RatingListView {
            established: kept_rows(&list.established, |r| kept[r.index]),
            provisional: kept_rows(&list.provisional, |r| kept[r.index]),
            international: kept_rows(&list.international, |r| kept[r.index]),
            title: title.to_string(),
            date: list.date.clone(),
            date_text: list.date_text.clone(),
            inactive_before: list.inactive_before.clone(),
            previous_date: list.previous_date.clone(),
            previous_date_text: list.previous_date_text.clone(),
            // Made by `finish_list` and below, for the filtered rows.
            inactive: 0,
            chart: String::new(),
            legend: Vec::new(),
            previous: None,
        };
        let date = Date::parse(&list.date).unwrap_or(NO_LIST_DATE);
        self.finish_list(&mut out, date);
        if let Some(previous) = &list.previous {
            let mut previous = kept_rows(previous, |r| kept[r.index]);
            assign_ranks(&mut previous);
            movement(&mut out.established, &previous);
            out.previous = Some(previous);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rating: i32, active: bool) -> RatedRow<'static> {
        RatedRow {
            rank: Some(99),
            player: PlayerLink::new("", ""),
            id: "",
            club: "",
            country: "",
            membership: "member",
            rating,
            games: 30,
            last_played: ListedDate(None),
            active,
            rating_change: Change::Unknown,
            rank_change: Change::Unknown,
            index: 0,
        }
    }

    /// A page's rows and headings, owned, to be changed one at a time.
    #[derive(Clone)]
    struct Parts {
        established: Vec<RatedRow<'static>>,
        provisional: Vec<ProvisionalRow<'static>>,
        international: Vec<InternationalRow<'static>>,
        headings: [&'static str; 7],
        inactive: usize,
        legend: Vec<Link>,
    }

    impl Parts {
        fn page(&self) -> RatingListPage<'_> {
            let [title, date, date_text, inactive_before, chart, previous_date, previous_date_text] =
                self.headings;
            RatingListPage {
                established: &self.established,
                provisional: &self.provisional,
                international: &self.international,
                title,
                date,
                date_text,
                inactive: self.inactive,
                inactive_before,
                chart,
                legend: &self.legend,
                previous_date,
                previous_date_text,
            }
        }
    }

    fn link(text: &'static str, id: &'static str) -> PlayerLink<'static> {
        PlayerLink::new(text, id)
    }

    /// Every field of a page changed in turn: the fingerprint tells apart
    /// exactly the pages a template can tell apart (their serialized
    /// values), so no field is left out of it or hashed in another's place.
    #[test]
    fn a_page_fingerprint_changes_with_whatever_the_page_shows() {
        let base = Parts {
            established: vec![row(2000, true)],
            provisional: vec![ProvisionalRow {
                player: link("P", "p"),
                club: "c",
                games: 3,
                progress: "3/20".into(),
                index: 0,
            }],
            international: vec![InternationalRow {
                player: link("I", "i"),
                country: "FI",
                rating: 2100,
                index: 0,
            }],
            headings: ["t", "2024-01-01", "1 Jan", "2022-01-01", "", "", ""],
            inactive: 0,
            legend: Vec::new(),
        };
        type Change = fn(&mut Parts);
        let changes: Vec<Change> = vec![
            |p| p.established[0].rank = None,
            |p| p.established[0].rank = Some(98),
            |p| p.established[0].player = link("x", ""),
            |p| p.established[0].player = link("", "x"),
            |p| p.established[0].id = "x",
            |p| p.established[0].club = "x",
            |p| p.established[0].country = "x",
            |p| p.established[0].membership = "honorary",
            |p| p.established[0].rating = 2001,
            |p| p.established[0].games = 31,
            |p| p.established[0].last_played = ListedDate(Date::parse("2024-01-01")),
            |p| p.established[0].active = false,
            |p| p.established[0].rating_change = super::Change::New,
            |p| p.established[0].rating_change = super::Change::By(0),
            |p| p.established[0].rank_change = super::Change::By(1),
            |p| p.established.push(row(1900, true)),
            |p| p.established.clear(),
            |p| p.provisional[0].player = link("Q", "p"),
            |p| p.provisional[0].club = "d",
            |p| p.provisional[0].games = 4,
            |p| p.provisional[0].progress = "4/20".into(),
            |p| p.provisional.clear(),
            |p| p.international[0].player = link("I", "j"),
            |p| p.international[0].country = "SE",
            |p| p.international[0].rating = 2101,
            |p| p.international.clear(),
            |p| p.headings[0] = "u",
            |p| p.headings[1] = "2024-01-02",
            |p| p.headings[2] = "2 Jan",
            |p| p.headings[3] = "2022-01-02",
            |p| p.headings[4] = "<svg/>",
            |p| p.headings[5] = "2023-12-31",
            |p| p.headings[6] = "31 Dec",
            |p| p.inactive = 1,
            |p| {
                p.legend.push(Link {
                    text: String::new(),
                    href: String::new(),
                })
            },
            |p| {
                p.legend = vec![Link {
                    text: "a".into(),
                    href: String::new(),
                }]
            },
            // Texts moved from one field to the next read differently.
            |p| {
                p.established[0].id = "ab";
                p.established[0].club = "";
            },
            |p| {
                p.established[0].id = "a";
                p.established[0].club = "b";
            },
        ];
        crate::incremental::fingerprint::assert_keys_tell_apart_what_serializes_apart(
            &base,
            &changes,
            |p| (json(&p.page()), p.page().fingerprint()),
        );
        assert_eq!(base.page().fingerprint(), base.clone().page().fingerprint());
    }

    #[test]
    fn dates_and_movements_are_shown_as_lists_print_them() {
        let date = Date::parse("2024-05-31").unwrap();
        assert_eq!(json(&ListedDate(Some(date))), "\"2024-05-31\"");
        assert_eq!(json(&ListedDate(None)), "\"\"");
        assert_eq!(json(&Change::By(12)), "\"+12\"");
        assert_eq!(json(&Change::By(-5)), "\"-5\"");
        assert_eq!(json(&Change::By(0)), "\"0\"");
        assert_eq!(json(&Change::New), "\"new\"");
        assert_eq!(json(&Change::Unknown), "\"\"");
        assert_eq!(Change::By(12).unsigned().to_string(), "12");
        assert_eq!(Change::By(-5).unsigned().to_string(), "-5");
        assert_eq!(Change::New.unsigned().to_string(), "new");
        assert_eq!(json(&Change::By(i64::MIN)), "\"-9223372036854775808\"");
    }

    /// What a serializer sees of `value`, as JSON.
    fn json(value: &impl Serialize) -> String {
        serde_json::to_string(value).unwrap()
    }

    #[test]
    fn movement_compares_with_the_same_player_on_the_previous_list() {
        let mut previous = vec![row(2100, true), row(2000, true), row(1950, false)];
        for (i, r) in previous.iter_mut().enumerate() {
            r.index = i;
        }
        assign_ranks(&mut previous);
        // Now: player 1 climbs past player 0, player 2 comes back active, player 3 is new.
        let mut now = vec![
            row(2120, true),
            row(2090, true),
            row(1990, true),
            row(1980, true),
        ];
        for (r, index) in now.iter_mut().zip([1, 0, 3, 2]) {
            r.index = index;
        }
        assign_ranks(&mut now);
        movement(&mut now, &previous);
        let shown: Vec<(String, String)> = now
            .iter()
            .map(|r| (r.rating_change.to_string(), r.rank_change.to_string()))
            .collect();
        let expected = [("+120", "+1"), ("-10", "-1"), ("new", "new"), ("+30", "")];
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(rating, rank)| (rating.to_string(), rank.to_string()))
            .collect();
        assert_eq!(shown, expected);
    }

    #[test]
    fn active_players_are_ranked_ties_share_and_inactive_ones_are_skipped() {
        let mut rows = vec![
            row(2100, false),
            row(2080, true),
            row(2050, false),
            row(2000, true),
            row(2000, true),
            row(2000, false),
            row(1900, true),
        ];
        assign_ranks(&mut rows);
        let ranks: Vec<Option<usize>> = rows.iter().map(|r| r.rank).collect();
        assert_eq!(
            ranks,
            [None, Some(1), None, Some(2), Some(2), None, Some(4)]
        );
        let shown = serde_json::to_value(&rows[0]).unwrap();
        assert_eq!(shown["rank"], "");
        assert_eq!(serde_json::to_value(&rows[6]).unwrap()["rank"], "4");
    }
}
