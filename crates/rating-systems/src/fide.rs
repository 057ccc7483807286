//! FIDE's rating regulations (effective 1 March 2024, with the October 2025
//! exception to the 400-point rule), for a list rated by them.
//!
//! The rating period is a calendar month: a list is published on the first
//! day of each month and takes in the tournaments that ended by its closing
//! date, three days before it (a tournament ending later goes on the next
//! list). Every tournament is rated from the list in force at its start, for
//! the player and the opponents alike. A player's change on a list is
//! `Σ K × (W − We)` over every game of the period, rounded to the nearest whole
//! number, with K lowered so that K × (games of the period) does not exceed
//! 700. Expected scores come from FIDE's two-decimal table (the same table as
//! the association's, article 8.1.2), the rating difference counted at most
//! 400 points unless the player is rated 2650 or more. A player without a
//! rating gets a first one once their games against rated opponents, pooled
//! over at most 26 months, reach the required number.

use crate::expected::table_hundredths;
use crate::input::{Dataset, Date, Player, Start, TimeControl, Tournament};
use crate::k_factor::KFactor;
use crate::periodic::{phase, rate_tournament, PeriodGame, PeriodSystem};
use crate::ratings::{PlayerRating, Ratings, TournamentRating};
use crate::rounding::round_ratio;
use crate::settings::{FideSettings, Rounding};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The rating of the two hypothetical opponents a first rating includes (8.2.1).
const HYPOTHETICAL_OPPONENT: i64 = 1800;
/// The highest first rating (8.2.2).
const MAX_INITIAL: i64 = 2200;
/// A difference above this counts as this (8.3.1) ...
const DIFFERENCE_CAP: i32 = 400;
/// ... unless the player is rated at least this.
const UNCAPPED_FROM: i32 = 2650;
/// K × games in a period may not exceed this (8.3.4).
const K_GAMES_CAP: u32 = 700;
/// A list's closing date is this many days before the list's date.
const CLOSING_DAYS: i64 = 3;
/// A new player's results are pooled over rating periods spanning at most this many months.
const FIRST_RATING_MONTHS: i64 = 26;

/// The list a tournament ending on `end` is rated on: the first list (first
/// day of a month) whose closing date, three days before it, is on or after
/// `end`. A tournament ending on 28 January goes on the 1 February list; one
/// ending on 30 January on the 1 March list.
pub fn rated_on_list(end: Date) -> Date {
    let reached = end.plus_days(CLOSING_DAYS);
    if reached.day == 1 {
        reached
    } else if reached.month == 12 {
        Date {
            year: reached.year + 1,
            month: 1,
            day: 1,
        }
    } else {
        Date {
            year: reached.year,
            month: reached.month + 1,
            day: 1,
        }
    }
}

/// The list in force on `day`: the one published on the first day of its month.
pub fn list_in_force(day: Date) -> Date {
    Date { day: 1, ..day }
}

/// Months from the list of `earlier` to the list of `later`.
fn months_between(earlier: Date, later: Date) -> i64 {
    (i64::from(later.year) - i64::from(earlier.year)) * 12 + i64::from(later.month)
        - i64::from(earlier.month)
}

/// Who a player is for K (article 8.3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KStanding {
    /// The player's rating at the start of the period.
    pub rating: i32,
    /// Rated games before the period (a first rating's games included).
    pub games: u32,
    /// Whether a published rating of the player has ever reached 2400.
    pub reached_2400: bool,
    /// Whether the period is before the end of the year of the player's 18th
    /// birthday (known only when personal data may be used).
    pub junior: bool,
    /// Whether the period's games are rapid.
    pub rapid: bool,
}

/// K for a period of `games` games: 40 for a player with fewer than 30 rated
/// games, or rated under 2300 until the end of the year of their 18th
/// birthday; 10 once a published rating has
/// reached 2400; 20 otherwise and for all rapid games; then lowered so that
/// K × games does not exceed 700.
pub fn k_factor(standing: KStanding, games: u32) -> u32 {
    let k = if standing.rapid {
        20
    } else if standing.games < 30 || (standing.junior && standing.rating < 2300) {
        40
    } else if standing.reached_2400 {
        10
    } else {
        20
    };
    if games > 0 && k * games > K_GAMES_CAP {
        K_GAMES_CAP / games
    } else {
        k
    }
}

/// We for `own` against `opponent` in hundredths, from FIDE's table with the
/// 400-point rule (not applied when `own` is 2650 or more).
pub fn expected_hundredths(own: i32, opponent: i32) -> u32 {
    table_hundredths(own, own - counted_difference(own, opponent))
}

/// The rating difference `own − opponent` as it counts for `own` (8.3.1):
/// at most 400 either way, unless `own` is 2650 or more.
pub fn counted_difference(own: i32, opponent: i32) -> i32 {
    let difference = own.saturating_sub(opponent);
    if own >= UNCAPPED_FROM {
        difference
    } else {
        difference.clamp(-DIFFERENCE_CAP, DIFFERENCE_CAP)
    }
}

/// The rating change of a period: `round(Σ K × (W − We))`, halves away from
/// zero; `games` are (opponent rating, score in half points).
pub fn period_change(own: i32, k: u32, games: &[(i32, u32)]) -> i32 {
    round_hundredths(change_hundredths(own, k, games))
}

/// `Σ K × (W − We)` in hundredths of a point, exactly: K × (50 × half
/// points − We in hundredths) per game.
fn change_hundredths(own: i32, k: u32, games: &[(i32, u32)]) -> i64 {
    games
        .iter()
        .map(|&(opponent, half)| {
            i64::from(k) * (50 * i64::from(half) - i64::from(expected_hundredths(own, opponent)))
        })
        .sum()
}

/// A change in hundredths rounded to whole points, halves away from zero.
fn round_hundredths(hundredths: i64) -> i32 {
    round_ratio(hundredths, 100, Rounding::HalfAwayFromZero) as i32
}

/// FIDE's rating-difference table dp(p) for p = 0.50 .. 1.00 in steps of 0.01
/// (rating regulations, table 8.1.a).
const DP: [i64; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// dp for a score of `half_points` in `games` games: p rounded to two decimals, halves up.
pub fn rating_difference(half_points: i64, games: i64) -> i64 {
    if games <= 0 {
        return 0;
    }
    // p in hundredths, rounded: (half_points / 2 / games) * 100.
    let hundredths = ((half_points * 100 + games) / (2 * games)).clamp(0, 100);
    if hundredths >= 50 {
        DP[(hundredths - 50) as usize]
    } else {
        -DP[(50 - hundredths) as usize]
    }
}

/// A first rating from games against rated opponents (8.2.1): `Ra + dp(p)`
/// with two hypothetical draws against 1800 added, at most 2200, rounded.
/// `games` are (opponent rating, score in half points).
pub fn initial_rating(games: &[(i32, u32)]) -> i32 {
    let n = games.len() as i64 + 2;
    let opponents: i64 =
        games.iter().map(|&(r, _)| i64::from(r)).sum::<i64>() + 2 * HYPOTHETICAL_OPPONENT;
    let half_points: i64 = games.iter().map(|&(_, h)| i64::from(h)).sum::<i64>() + 2;
    let average = round_ratio(opponents, n, Rounding::HalfAwayFromZero);
    (average + rating_difference(half_points, n)).min(MAX_INITIAL) as i32
}

/// A game towards a first rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstGame {
    /// The list the game was rated on.
    pub list: Date,
    /// The opponent's rating.
    pub opponent: i32,
    /// The score in half points.
    pub half_points: u32,
}

/// One player's counted games in one tournament of a rating period.
#[derive(Debug, Clone)]
pub struct PeriodEntry<'a> {
    /// The player as the list in force at the tournament's start had them.
    pub own: FideState,
    /// The tournament.
    pub tournament: &'a Tournament,
    /// (opponent rating on the list in force at the start, half points).
    pub games: Vec<(i32, u32)>,
}

/// A player under FIDE's regulations.
#[derive(Debug, Clone, PartialEq)]
pub struct FideState {
    /// The rating, once there is one.
    pub rating: Option<i32>,
    /// Games towards a first rating, within the last 26 months.
    pub first_games: Vec<FirstGame>,
    /// Rated games so far.
    pub games: u32,
    /// Whether a published rating has reached 2400.
    pub reached_2400: bool,
    /// Year of birth, when personal data may be used.
    pub birth_year: Option<i32>,
}

/// FIDE's regulations with the given parameters.
#[derive(Debug, Clone, Copy)]
pub struct Fide {
    /// Games for a first rating, the rating floor, and whether birth years may be used.
    pub settings: FideSettings,
}

impl Fide {
    fn standing(&self, own: &FideState, tournament: &Tournament) -> KStanding {
        KStanding {
            rating: own.rating.unwrap_or(0),
            games: own.games,
            reached_2400: own.reached_2400,
            junior: own
                .birth_year
                .is_some_and(|b| tournament.start.year - b <= 18),
            rapid: tournament.time_control == TimeControl::Rapid,
        }
    }

    fn published_rating(&self, rating: i32) -> Option<i32> {
        (rating >= self.settings.rating_floor).then_some(rating)
    }

    /// K of a tournament of the period: the player's standing at the
    /// tournament's start, lowered for the `period_games` games of the whole
    /// period (8.3.4); `None` for a player without a rating at the start.
    pub fn period_k(&self, entry: &PeriodEntry, period_games: u32) -> Option<u32> {
        entry.own.rating?;
        Some(k_factor(
            self.standing(&entry.own, entry.tournament),
            period_games,
        ))
    }

    /// The player as list `list` publishes them, from `current` (the previous
    /// list) and the period's tournaments in order: a rated player changes by
    /// `Σ K × (W − We)` over every game of the period, rounded; a player
    /// without a rating pools the games towards a first one.
    pub fn close_period(
        &self,
        current: &FideState,
        entries: &[PeriodEntry],
        list: Date,
    ) -> FideState {
        let mut next = current.clone();
        match current.rating {
            Some(rating) => {
                // A tournament begun before the player's first list adds nothing.
                let games: u32 = entries
                    .iter()
                    .filter(|e| e.own.rating.is_some())
                    .map(|e| e.games.len() as u32)
                    .sum();
                let hundredths: i64 = entries
                    .iter()
                    .filter_map(|e| {
                        let k = self.period_k(e, games)?;
                        Some(change_hundredths(e.own.rating?, k, &e.games))
                    })
                    .sum();
                next.rating = Some(rating + round_hundredths(hundredths));
                next.games += games;
            }
            None => {
                next.first_games
                    .retain(|g| months_between(g.list, list) < FIRST_RATING_MONTHS);
                for entry in entries {
                    // A first event scored zero is disregarded (8.2.1).
                    let scored = entry.games.iter().any(|&(_, h)| h > 0);
                    if scored || !next.first_games.is_empty() {
                        next.first_games.extend(entry.games.iter().map(
                            |&(opponent, half_points)| FirstGame {
                                list,
                                opponent,
                                half_points,
                            },
                        ));
                    }
                }
                next.games = next.first_games.len() as u32;
                if next.games >= self.settings.initial_games {
                    let first = initial_rating(&first_pairs(&next.first_games));
                    if first >= self.settings.rating_floor {
                        next.rating = Some(first);
                    }
                }
            }
        }
        next.reached_2400 |= next.rating.is_some_and(|r| r >= 2400);
        next
    }
}

/// The player as FIDE's list publishes them in `start`, after `before`
/// (their state from the repository's games up to that list): the list's
/// rating; its games, else the games counted so far (fewer than 30 when the
/// list's K is 40, at least 30 otherwise: a rated player past K 40); K 10,
/// or a rating of 2400 or more, marks a rating that has reached 2400 (with
/// no K given, so does the repository's history).
pub fn from_list(start: &Start, before: &FideState) -> FideState {
    let rating = start.rating.round() as i32;
    let games = match (start.games, start.k) {
        (Some(games), _) => games,
        (None, Some(40)) => before.games.min(29),
        (None, _) => before.games.max(30),
    };
    FideState {
        rating: Some(rating),
        first_games: Vec::new(),
        games,
        reached_2400: rating >= 2400
            || start.k == Some(10)
            || (start.k.is_none() && before.reached_2400),
        birth_year: before.birth_year,
    }
}

/// (opponent rating, half points) of games towards a first rating.
fn first_pairs(games: &[FirstGame]) -> Vec<(i32, u32)> {
    games.iter().map(|g| (g.opponent, g.half_points)).collect()
}

impl PeriodSystem for Fide {
    type State = FideState;

    /// A player with a start in the list starts from it: its rating (as
    /// held on the list of its date), its games (30 when not given: a
    /// rated player past K 40) and its K (10: a rating that has reached
    /// 2400; 40 with no games given: fewer than 30 games). Otherwise a
    /// player with an international rating in the player file starts with
    /// it; everyone else starts unrated.
    fn initial(&self, _index: usize, player: &Player, start: Option<&Start>) -> FideState {
        let birth_year = player.birth_year.filter(|_| self.settings.use_birth_years);
        let unrated = FideState {
            rating: None,
            first_games: Vec::new(),
            games: 0,
            reached_2400: false,
            birth_year,
        };
        if let Some(start) = start {
            return from_list(start, &unrated);
        }
        FideState {
            rating: player.international_rating.map(|r| r as i32),
            reached_2400: player.international_rating.is_some_and(|r| r >= 2400),
            ..unrated
        }
    }

    fn expected(&self, own: &FideState, opponent: &FideState) -> f64 {
        let own = self.working_rating(own);
        let opponent = self.working_rating(opponent);
        f64::from(expected_hundredths(own, opponent)) / 100.0
    }

    fn counts(&self, _own: &FideState, opponent: &FideState) -> bool {
        opponent.rating.is_some()
    }

    /// One tournament alone as a rating period (the monthly course is [`rate_by_lists`]).
    fn update(
        &self,
        own: &FideState,
        games: &[PeriodGame<FideState>],
        tournament: &Tournament,
    ) -> FideState {
        let entry = PeriodEntry {
            own: own.clone(),
            tournament,
            games: rated_games(games),
        };
        self.close_period(own, &[entry], rated_on_list(tournament.end))
    }

    fn published(&self, state: &FideState) -> Option<i32> {
        state.rating.and_then(|r| self.published_rating(r))
    }

    fn working_rating(&self, state: &FideState) -> i32 {
        state.rating.unwrap_or_else(|| {
            if state.first_games.is_empty() {
                HYPOTHETICAL_OPPONENT as i32
            } else {
                initial_rating(&first_pairs(&state.first_games))
            }
        })
    }

    fn k(&self, own: &FideState, games: usize, tournament: &Tournament) -> Option<KFactor> {
        own.rating?;
        Some(KFactor::whole(k_factor(
            self.standing(own, tournament),
            games as u32,
        )))
    }

    fn games(&self, state: &FideState) -> u32 {
        state.games
    }
}

/// (opponent rating, half points) of the games against rated opponents.
fn rated_games(games: &[PeriodGame<FideState>]) -> Vec<(i32, u32)> {
    games
        .iter()
        .filter_map(|g| Some((g.opponent.rating?, (g.score * 2.0).round() as u32)))
        .collect()
}

/// The player's state on the list in force on `list` (`history` holds the
/// lists on which the player changed, oldest first).
fn state_on(history: &[(Date, FideState)], initial: &FideState, list: Date) -> FideState {
    let changed = history.partition_point(|(date, _)| *date <= list);
    changed
        .checked_sub(1)
        .map_or_else(|| initial.clone(), |i| history[i].1.clone())
}

/// Rates the tournaments of `pool` (`None`: the association's list) by FIDE's
/// monthly lists: the tournaments of one list are rated from the lists in
/// force at their starts, and each player's change is worked out once for the
/// whole period.
pub fn rate_by_lists(fide: &Fide, dataset: &Dataset, pool: Option<&str>) -> Ratings {
    let mut order: Vec<(Date, usize)> = dataset
        .tournaments
        .iter()
        .enumerate()
        .filter(|(_, t)| t.pool.as_deref() == pool)
        .map(|(i, t)| (rated_on_list(t.end), i))
        .collect();
    order.sort_unstable();
    let (initial, restores) = initial_states(fide, dataset, pool, &order);
    let mut restores = restores.into_iter().peekable();
    let mut current = initial.clone();
    let mut history: Vec<Vec<(Date, FideState)>> = vec![Vec::new(); initial.len()];
    let mut last_changed: Option<Date> = None;
    let mut rated = vec![0u32; initial.len()];
    let mut last_rated = vec![None; initial.len()];
    let mut by_tournament: Vec<Vec<TournamentRating>> = vec![Vec::new(); dataset.tournaments.len()];
    let mut restore = |current: &mut [FideState],
                       history: &mut [Vec<(Date, FideState)>],
                       last_changed: &mut Option<Date>,
                       before: Option<Date>| {
        while let Some(r) = restores.next_if(|r| before.is_none_or(|b| r.list < b)) {
            let state = from_list(&r.start, &current[r.player]);
            history[r.player].push((r.list, state.clone()));
            current[r.player] = state;
            *last_changed = (*last_changed).max(Some(r.list));
        }
    };
    for period in order.chunk_by(|a, b| a.0 == b.0) {
        let list = period[0].0;
        // Lists published before this one that the repository must take as FIDE had them.
        restore(&mut current, &mut history, &mut last_changed, Some(list));
        // Each player's tournaments of the period: their indexes and counted games.
        let mut entries: PeriodEntries = BTreeMap::new();
        for &(_, index) in period {
            let tournament = &dataset.tournaments[index];
            let starts = states_at_start(&current, &history, &initial, last_changed, tournament);
            let mut records = rate_tournament(fide, dataset, tournament, index, &starts);
            set_counted_differences(&mut records, &starts);
            add_period_entries(&mut entries, &records, &starts, index, tournament);
            by_tournament[index] = records;
        }
        // K of each player's tournaments of the period, for the pages.
        let mut ks: BTreeMap<(usize, usize), u32> = BTreeMap::new();
        for (&player, (indexes, player_entries)) in &entries {
            let games: u32 = player_entries
                .iter()
                .filter(|e| e.own.rating.is_some())
                .map(|e| e.games.len() as u32)
                .sum();
            for (&index, entry) in indexes.iter().zip(player_entries) {
                if let Some(k) = fide.period_k(entry, games) {
                    ks.insert((player, index), k);
                }
            }
            let next = fide.close_period(&current[player], player_entries, list);
            rated[player] += player_entries
                .iter()
                .map(|e| e.games.len() as u32)
                .sum::<u32>();
            last_rated[player] = indexes.iter().copied().max().max(last_rated[player]);
            history[player].push((list, next.clone()));
            current[player] = next;
            last_changed = Some(list);
        }
        record_period_results(fide, dataset, period, &ks, &current, &mut by_tournament);
    }
    restore(&mut current, &mut history, &mut last_changed, None);
    let players = dataset
        .players
        .iter()
        .zip(&current)
        .enumerate()
        .map(|(i, (player, state))| PlayerRating {
            phase: phase(fide, player, state),
            rating: fide.published(state),
            provisional_games: fide.games(state),
            rated_games: rated[i],
            last_rated_tournament: last_rated[i],
            deviation: None,
        })
        .collect();
    Ratings::assemble(dataset, pool, by_tournament, players)
}

/// A player's rating as FIDE's list of `list` published it (a start with
/// `as_of`), to take over from the repository's own course at that list.
struct Restore {
    player: usize,
    list: Date,
    start: Start,
}

/// Every player's state before the first list of `pool`, and the lists to
/// take over, in order of their dates. A start with `as_of` is the player
/// as FIDE's list of that date (the list in force on it) had them: a player
/// with tournaments of the list rated on that list or earlier is rated
/// through them from where they would be without the start (shown in their
/// history; FIDE's list already counts them) and takes the list's values
/// from it on; a player whose tournaments all come after it starts from it.
fn initial_states(
    fide: &Fide,
    dataset: &Dataset,
    pool: Option<&str>,
    order: &[(Date, usize)],
) -> (Vec<FideState>, Vec<Restore>) {
    let mut first_list: Vec<Option<Date>> = vec![None; dataset.players.len()];
    for &(list, index) in order {
        for p in dataset.tournaments[index]
            .entries
            .iter()
            .filter_map(|e| e.player)
        {
            first_list[p] = Some(first_list[p].map_or(list, |d| d.min(list)));
        }
    }
    let mut restores = Vec::new();
    let initial = dataset
        .players
        .iter()
        .enumerate()
        .map(|(i, player)| {
            let start = player.start(pool);
            let list = start.and_then(|s| s.as_of).map(list_in_force);
            match (start, list) {
                (Some(start), Some(list)) if first_list[i].is_some_and(|f| f <= list) => {
                    restores.push(Restore {
                        player: i,
                        list,
                        start: *start,
                    });
                    fide.initial(i, player, None)
                }
                _ => fide.initial(i, player, start),
            }
        })
        .collect();
    restores.sort_by_key(|r| (r.list, r.player));
    (initial, restores)
}

/// Each player's tournaments of a rating period: the tournaments' indexes and,
/// for each, the player's counted games against rated opponents.
type PeriodEntries<'a> = BTreeMap<usize, (Vec<usize>, Vec<PeriodEntry<'a>>)>;

/// The players as the list in force at `tournament`'s start had them: the
/// current states while no later list has changed anyone, otherwise the
/// entrants' states taken back to that list.
fn states_at_start<'a>(
    current: &'a [FideState],
    history: &[Vec<(Date, FideState)>],
    initial: &[FideState],
    last_changed: Option<Date>,
    tournament: &Tournament,
) -> Cow<'a, [FideState]> {
    let in_force = list_in_force(tournament.start);
    if last_changed.is_none_or(|d| d <= in_force) {
        Cow::Borrowed(current)
    } else {
        // A tournament begun before an earlier list: its entrants as that list had them.
        let mut states = current.to_vec();
        for p in tournament.entries.iter().filter_map(|e| e.player) {
            states[p] = state_on(&history[p], &initial[p], in_force);
        }
        Cow::Owned(states)
    }
}

/// Each counted game's rating difference, from the ratings at the
/// tournament's start, as the pages show it.
fn set_counted_differences(records: &mut [TournamentRating], starts: &[FideState]) {
    for record in records {
        let own = starts[record.player].rating;
        for game in record.games.iter_mut().filter(|g| g.counted()) {
            game.difference = own
                .zip(game.opponent_rating)
                .map(|(own, theirs)| counted_difference(own, theirs))
                .map(|d| i16::try_from(d).unwrap_or(if d < 0 { i16::MIN } else { i16::MAX }));
        }
    }
}

/// Adds each player's counted games against rated opponents in the
/// tournament at `index` to the player's entries of the period.
fn add_period_entries<'a>(
    entries: &mut PeriodEntries<'a>,
    records: &[TournamentRating],
    starts: &[FideState],
    index: usize,
    tournament: &'a Tournament,
) {
    for record in records {
        let games: Vec<(i32, u32)> = record
            .games
            .iter()
            .filter(|g| g.counted())
            .filter_map(|g| Some((starts[g.opponent].rating?, g.half_points.into())))
            .collect();
        if !games.is_empty() {
            let (indexes, player_entries) = entries.entry(record.player).or_default();
            indexes.push(index);
            player_entries.push(PeriodEntry {
                own: starts[record.player].clone(),
                tournament,
                games,
            });
        }
    }
}

/// Writes into the period's tournament records each counted game's K and
/// change and each player's rating after the list (`current`, the list just
/// closed).
fn record_period_results(
    fide: &Fide,
    dataset: &Dataset,
    period: &[(Date, usize)],
    ks: &BTreeMap<(usize, usize), u32>,
    current: &[FideState],
    by_tournament: &mut [Vec<TournamentRating>],
) {
    for &(_, index) in period {
        for record in &mut by_tournament[index] {
            let k = ks.get(&(record.player, index)).copied();
            for game in record.games.iter_mut().filter(|g| g.counted()) {
                game.k = k.map(KFactor::whole);
                game.change = k
                    .zip(game.expected.get())
                    .map(|(k, we)| f64::from(k) * (f64::from(game.half_points) / 2.0 - we))
                    .into();
            }
            let state = &current[record.player];
            record.rating_after = fide.published(state);
            record.phase_after = phase(fide, &dataset.players[record.player], state);
            record.provisional_games_after = fide.games(state);
        }
    }
}
