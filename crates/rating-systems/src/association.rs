//! The association's system (the book: The rating rules as implemented): tournaments in
//! chronological order; within a tournament every player is rated from the
//! ratings everyone had at its start. Members start provisional, with their
//! preset's virtual games, and are established once they reach the required
//! games; established players change by `Σ K × (W − We)`, rounded exactly.

use crate::expected::{expected, table_hundredths};
use crate::input::{Dataset, Entry, Membership, Player, Start, Tournament};
use crate::k_factor::{k_factor, KFactor};
use crate::ratings::{game_cells, GameRating, NotCounted, Phase, PlayerRating};
use crate::ratings::{Ratings, TournamentRating};
use crate::rounding::{round_float, round_ratio};
use crate::settings::{AssociationSettings, ExpectedScore};

/// A provisional member's games so far, preset virtual games included.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    games: u32,
    opponent_sum: i64,
    half_points: u32,
}

/// What the rules read of a player when they are someone's opponent, kept
/// in their state: rating a game then reads one place in memory for the
/// opponent, not also their whole player record (at a federation's scale,
/// reaching for both, all over memory, for millions of games was the
/// largest part of the rating's time).
#[derive(Debug, Clone, Copy)]
struct Facts {
    membership: Membership,
    preset_rating: i32,
    international_rating: Option<i32>,
}

#[derive(Debug, Clone)]
struct State {
    facts: Facts,
    phase: Phase,
    rating: Option<i32>,
    tally: Tally,
    rated_games: u32,
    last_rated_tournament: Option<usize>,
}

/// How an opponent looks to the rules at the start of a tournament.
#[derive(Debug, Clone, Copy)]
enum Opponent {
    /// An established member with this rating.
    Established(i32),
    /// A provisional member: preset start rating and international rating, if any.
    Provisional {
        preset: i32,
        international: Option<i32>,
    },
    /// A `rif` player with an international rating for the event, if any.
    International(Option<i32>),
    /// An `other` player.
    Other,
}

/// Rates every tournament of the association's list in order. `dataset` must
/// have passed `check`: every crosstable player exists and both sides of every
/// game agree.
pub fn rate(dataset: &Dataset, config: &AssociationSettings) -> Ratings {
    rate_pool(dataset, config, None)
}

/// Rates the tournaments of one list (`None`: the association's list) by the
/// association's rules; tournaments of other lists get no records.
pub fn rate_pool(dataset: &Dataset, config: &AssociationSettings, pool: Option<&str>) -> Ratings {
    rate_from(dataset, config, pool, Vec::new())
}

/// Rates the association's list of `dataset` as [`rate`] does, taking over
/// from `earlier` (the association's ratings of another version of the
/// data) the records of the first `unchanged` tournaments.
///
/// The two versions must have the same players in the same order, the same
/// rules, and the same first `unchanged` tournaments: ratings are computed
/// in chronological order, so those tournaments' records are the same in
/// both: their records are replayed into each player's state (cheap: no
/// expected scores, no lookups) and only the tournaments after them are
/// rated again. `ratingbook diff` rates a pull request's base this way.
pub fn rate_continuing(
    dataset: &Dataset,
    config: &AssociationSettings,
    mut earlier: Ratings,
    unchanged: usize,
) -> Ratings {
    let (players, tournaments) = (dataset.players.len(), dataset.tournaments.len());
    let Some(unchanged) = continued_from(&earlier, players, tournaments, unchanged) else {
        return rate(dataset, config);
    };
    earlier.by_tournament.truncate(unchanged);
    rate_from(dataset, config, None, earlier.by_tournament)
}

/// How many first tournaments [`rate_continuing`] takes over from
/// `earlier` (at most `unchanged`) for a dataset of `players` players and
/// `tournaments` tournaments; `None` when it rates them all, `earlier`
/// being another list's or of other players. Told before the dataset is
/// made, so that it can leave out the crosstables of the tournaments taken
/// over (see [`Dataset::entries_needed`]).
pub fn continued_from(
    earlier: &Ratings,
    players: usize,
    tournaments: usize,
    unchanged: usize,
) -> Option<usize> {
    let same_list = earlier.pool.is_none() && earlier.players.len() == players;
    same_list.then(|| unchanged.min(tournaments).min(earlier.by_tournament.len()))
}

/// Rates the association's list of `dataset` as [`rate`] does, taking over
/// `by_tournament`: the records of its first tournaments as another rating
/// of the same players, rules and first tournaments left them (a build's
/// ratings kept for the next one). Those records are replayed into each
/// player's state and only the tournaments after them are rated.
///
/// A record that names a player or tournament outside `dataset`, or stands
/// in another tournament's place, makes it rate everything instead.
pub fn rate_taking_over(
    dataset: &Dataset,
    config: &AssociationSettings,
    mut by_tournament: Vec<Vec<TournamentRating>>,
) -> Ratings {
    by_tournament.truncate(dataset.tournaments.len());
    if !records_fit(dataset.players.len(), &by_tournament) {
        return rate(dataset, config);
    }
    rate_from(dataset, config, None, by_tournament)
}

/// Whether [`rate_taking_over`] takes over `by_tournament` (the records of
/// a dataset's first tournaments, at most as many as it has) for a dataset
/// of `players` players, rather than rating everything: each record in its
/// own tournament's place, naming only players the dataset has. Told
/// before the dataset is made, so that it can leave out the crosstables of
/// the tournaments taken over (see [`Dataset::entries_needed`]).
pub fn records_fit(players: usize, by_tournament: &[Vec<TournamentRating>]) -> bool {
    by_tournament.iter().enumerate().all(|(index, records)| {
        records.iter().all(|r| {
            r.tournament == index
                && r.player < players
                && r.games.iter().all(|g| g.opponent < players)
        })
    })
}

/// Rates the tournaments of one list from the first one `by_tournament`
/// has no records of; the records it has are the list's first tournaments'.
fn rate_from(
    dataset: &Dataset,
    config: &AssociationSettings,
    pool: Option<&str>,
    mut by_tournament: Vec<Vec<TournamentRating>>,
) -> Ratings {
    let mut states: Vec<State> = dataset
        .players
        .iter()
        .map(|p| initial_state(p, p.start(pool), config))
        .collect();
    // A record's games are all `apply` reads, so replaying the records in
    // order gives each player the state rating them gave.
    for (index, records) in by_tournament.iter().enumerate() {
        for record in records {
            apply(config, &mut states[record.player], record, index);
        }
    }
    by_tournament.reserve(
        dataset
            .tournaments
            .len()
            .saturating_sub(by_tournament.len()),
    );
    let taken_over = by_tournament.len();
    for (index, tournament) in dataset.tournaments.iter().enumerate().skip(taken_over) {
        if tournament.pool.as_deref() != pool {
            by_tournament.push(Vec::new());
            continue;
        }
        // Made at its size: a list grown record by record is copied at each step.
        let mut records = Vec::with_capacity(
            tournament
                .entries
                .iter()
                .filter(|e| e.player.is_some())
                .count(),
        );
        records.extend(tournament.entries.iter().filter_map(|entry| {
            let player = entry.player?;
            Some(rate_entry(
                config, tournament, index, entry, player, &states,
            ))
        }));
        for record in &records {
            apply(config, &mut states[record.player], record, index);
        }
        let records: Vec<TournamentRating> = records
            .into_iter()
            .map(|mut r| {
                let state = &states[r.player];
                r.phase_after = state.phase;
                r.rating_after = state.rating;
                r.provisional_games_after = state.tally.games;
                r
            })
            .collect();
        by_tournament.push(records);
    }
    let players = states
        .into_iter()
        .map(|s| PlayerRating {
            phase: s.phase,
            rating: s.rating,
            provisional_games: s.tally.games,
            rated_games: s.rated_games,
            last_rated_tournament: s.last_rated_tournament,
            deviation: None,
        })
        .collect();
    Ratings::assemble(dataset, pool, by_tournament, players)
}

/// Phase 0: members start provisional with their preset's virtual games. A
/// member with a start in the list instead brings it: with at least the
/// provisional phase's games (or no count given) they are established at the
/// start's rating; with fewer, the start's games are virtual games at its
/// rating, as a preset's are.
fn initial_state(player: &Player, start: Option<&Start>, config: &AssociationSettings) -> State {
    let brought = start.filter(|_| player.membership.is_rated_by_us());
    let preset_rating = brought.map_or(player.preset.rating as i32, start_rating);
    let (phase, rating, tally) = match brought {
        Some(s) if s.games.is_none_or(|g| g >= config.provisional_games) => (
            Phase::Established,
            Some(start_rating(s)),
            Tally {
                games: s.games.unwrap_or(config.provisional_games),
                ..Tally::default()
            },
        ),
        _ if player.membership.is_rated_by_us() => {
            let games = brought.map_or(player.preset.games, |s| s.games.unwrap_or(0));
            let tally = Tally {
                games,
                opponent_sum: i64::from(games) * i64::from(preset_rating),
                half_points: games,
            };
            (Phase::Provisional, None, tally)
        }
        _ => (Phase::Unrated, None, Tally::default()),
    };
    State {
        facts: Facts {
            membership: player.membership,
            preset_rating,
            international_rating: player.international_rating.map(|r| r as i32),
        },
        phase,
        rating,
        tally,
        rated_games: 0,
        last_rated_tournament: None,
    }
}

/// A start's rating as the association's whole-number ratings hold it.
fn start_rating(start: &Start) -> i32 {
    round_float(start.rating, crate::settings::Rounding::HalfAwayFromZero) as i32
}

/// The international rating that applies to an entry: the event's, else the player file's.
fn event_rating(entry: &Entry, facts: &Facts) -> Option<i32> {
    entry
        .rating
        .map(|r| r as i32)
        .or(facts.international_rating)
}

fn opponent_view(state: &State, international: Option<i32>) -> Opponent {
    match (state.facts.membership, state.phase) {
        (Membership::Other, _) => Opponent::Other,
        (Membership::Rif, _) => Opponent::International(international),
        (_, Phase::Established) => Opponent::Established(state.rating.unwrap_or(0)),
        _ => Opponent::Provisional {
            preset: state.facts.preset_rating,
            international,
        },
    }
}

fn rate_entry(
    config: &AssociationSettings,
    tournament: &Tournament,
    tournament_index: usize,
    entry: &Entry,
    player: usize,
    states: &[State],
) -> TournamentRating {
    let state = &states[player];
    // Exactly as long as needed: a rating history holds millions of games.
    let mut games = Vec::with_capacity(game_cells(entry, &tournament.entries).count());
    for cell in game_cells(entry, &tournament.entries) {
        let (opponent_index, result) = (cell.opponent, cell.result);
        let Some(opponent_entry) = tournament.entries.get(cell.row) else {
            continue;
        };
        let opponent = &states[opponent_index];
        let view = opponent_view(opponent, event_rating(opponent_entry, &opponent.facts));
        let mut game = GameRating::unrated(cell.round, opponent_index, result.half_points());
        if !result.is_played() {
            game.not_counted = Some(NotCounted::NotPlayed);
        } else if !tournament.rated {
            game.not_counted = Some(NotCounted::UnratedTournament);
        } else {
            match state.phase {
                Phase::Unrated => game.not_counted = Some(NotCounted::PlayerUnrated),
                Phase::Provisional => rate_provisional_game(&mut game, view),
                Phase::Established => rate_established_game(
                    config,
                    tournament,
                    state.rating.unwrap_or(0),
                    &mut game,
                    view,
                ),
            }
        }
        games.push(game);
    }
    TournamentRating {
        player,
        tournament: tournament_index,
        start_no: entry.start_no,
        phase_before: state.phase,
        phase_after: state.phase,
        rating_before: state.rating,
        rating_after: state.rating,
        provisional_games_before: state.tally.games,
        provisional_games_after: state.tally.games,
        games,
        tournament_half_points: entry.half_points,
    }
}

/// Provisional phase: the game counts at the opponent's rating as the rules define it
/// (established rating, international rating, or a provisional member's preset).
fn rate_provisional_game(game: &mut GameRating, opponent: Opponent) {
    match opponent {
        Opponent::Other => game.not_counted = Some(NotCounted::OpponentOther),
        Opponent::International(None) => game.not_counted = Some(NotCounted::OpponentWithoutRating),
        Opponent::International(Some(r)) | Opponent::Established(r) => {
            game.opponent_rating = Some(r)
        }
        Opponent::Provisional { preset, .. } => game.opponent_rating = Some(preset),
    }
}

/// Established phase: only established members and internationally rated opponents count.
fn rate_established_game(
    config: &AssociationSettings,
    tournament: &Tournament,
    own: i32,
    game: &mut GameRating,
    opponent: Opponent,
) {
    let (rating, international_only) = match opponent {
        Opponent::Other => {
            game.not_counted = Some(NotCounted::OpponentOther);
            return;
        }
        Opponent::International(None) => {
            game.not_counted = Some(NotCounted::OpponentWithoutRating);
            return;
        }
        Opponent::Provisional {
            international: None,
            ..
        } => {
            game.not_counted = Some(NotCounted::OpponentProvisional);
            return;
        }
        Opponent::Established(r) => (r, false),
        Opponent::International(Some(r))
        | Opponent::Provisional {
            international: Some(r),
            ..
        } => (r, true),
    };
    let k = k_factor(config, tournament, own, international_only);
    let we = expected(config.expected, own, rating);
    game.opponent_rating = Some(rating);
    game.expected = Some(we).into();
    game.k = Some(k);
    game.change = Some(k.value() * (f64::from(game.half_points) / 2.0 - we)).into();
}

/// Applies a tournament's record to a player's state.
fn apply(config: &AssociationSettings, state: &mut State, record: &TournamentRating, index: usize) {
    let counted = || record.games.iter().filter(|g| g.counted());
    let counted_games = counted().count();
    if counted_games == 0 {
        return;
    }
    state.rated_games += counted_games as u32;
    state.last_rated_tournament = Some(index);
    match state.phase {
        Phase::Unrated => {}
        Phase::Provisional => {
            for game in counted() {
                state.tally.games += 1;
                state.tally.opponent_sum += i64::from(game.opponent_rating.unwrap_or(0));
                state.tally.half_points += u32::from(game.half_points);
            }
            if state.tally.games >= config.provisional_games {
                state.rating = Some(provisional_rating(config, state.tally));
                state.phase = Phase::Established;
            }
        }
        Phase::Established => {
            let own = state.rating.unwrap_or(0);
            state.rating = Some(own + established_change(config, own, counted()));
        }
    }
}

/// `Rp = Rc + (Wc − 0.5) × spread` over all provisional-phase games, rounded
/// exactly (the book: The rating rules as implemented, the provisional phase).
fn provisional_rating(config: &AssociationSettings, tally: Tally) -> i32 {
    let games = i64::from(tally.games.max(1));
    let numerator = 2 * tally.opponent_sum
        + i64::from(config.provisional_spread) * (i64::from(tally.half_points) - games);
    round_ratio(numerator, 2 * games, config.rounding) as i32
}

/// `round(Σ K × (W − We))` over a tournament's counted games (the book: the established phase).
/// With the table, the sum is computed exactly in units of 1/800.
fn established_change<'a>(
    config: &AssociationSettings,
    own: i32,
    games: impl Iterator<Item = &'a GameRating>,
) -> i32 {
    match config.expected {
        ExpectedScore::Table => {
            let units: i64 = games
                .map(|g| {
                    let k = i64::from(g.k.unwrap_or(KFactor(0)).0);
                    let we = i64::from(table_hundredths(own, g.opponent_rating.unwrap_or(own)));
                    k * (50 * i64::from(g.half_points) - we)
                })
                .sum();
            round_ratio(units, 800, config.rounding) as i32
        }
        ExpectedScore::Logistic => {
            let sum: f64 = games.filter_map(|g| g.change.get()).sum();
            round_float(sum, config.rounding) as i32
        }
    }
}
