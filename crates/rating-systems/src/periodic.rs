//! The common course of the federations' systems (FIDE, EGD, Glicko-2): each
//! tournament of a list is rated from the states everyone had at its start,
//! then every participant's state is updated at once.
//!
//! Who is rated: every player of the list except `other` players; a game
//! counts when it was played over the board in a rated tournament against a
//! rated opponent.

use crate::input::{Dataset, Membership, Player, Start, Tournament};
use crate::k_factor::KFactor;
use crate::ratings::{game_cells, GameRating, NotCounted, Phase, PlayerRating};
use crate::ratings::{Ratings, TournamentRating};

/// One counted game as a system's update sees it.
#[derive(Debug, Clone)]
pub struct PeriodGame<S> {
    /// The opponent's state at the start of the tournament.
    pub opponent: S,
    /// The score: 1, ½ or 0.
    pub score: f64,
    /// Handicap stones the player received (negative: gave); 0 for an even game.
    pub stones_received: i32,
}

/// A rating system that rates a tournament at a time.
pub trait PeriodSystem {
    /// What the system keeps of a player.
    type State: Clone;

    /// The state of player `index` before their first game, from the start
    /// they bring to the list, if any.
    fn initial(&self, index: usize, player: &Player, start: Option<&Start>) -> Self::State;

    /// The expected score of `own` against `opponent`, before the game.
    fn expected(&self, own: &Self::State, opponent: &Self::State) -> f64;

    /// The expected score when `own` received `stones` handicap stones
    /// (negative: gave them); systems without a handicap rule ignore them.
    fn expected_with_handicap(
        &self,
        own: &Self::State,
        opponent: &Self::State,
        _stones: i32,
    ) -> f64 {
        self.expected(own, opponent)
    }

    /// Whether a game against `opponent` counts for `own` (both rated by the list).
    fn counts(&self, _own: &Self::State, _opponent: &Self::State) -> bool {
        true
    }

    /// The state after a tournament's counted games (at least one).
    fn update(
        &self,
        own: &Self::State,
        games: &[PeriodGame<Self::State>],
        tournament: &Tournament,
    ) -> Self::State;

    /// The rating as published, `None` while the system publishes none yet.
    fn published(&self, state: &Self::State) -> Option<i32>;

    /// The rating the system works with (shown as the opponent's rating).
    fn working_rating(&self, state: &Self::State) -> i32;

    /// The K factor of a game, for systems that have one.
    fn k(&self, _own: &Self::State, _games: usize, _tournament: &Tournament) -> Option<KFactor> {
        None
    }

    /// One standard deviation of the rating, for systems that keep one.
    fn deviation(&self, _state: &Self::State) -> Option<f64> {
        None
    }

    /// Games rated so far, as the system counts them.
    fn games(&self, state: &Self::State) -> u32;
}

/// Rates the tournaments of `pool` (`None`: the association's list) with `system`.
pub fn rate_with<S: PeriodSystem>(system: &S, dataset: &Dataset, pool: Option<&str>) -> Ratings {
    let mut states: Vec<S::State> = dataset
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| system.initial(i, p, p.start(pool)))
        .collect();
    let mut rated_games = vec![0u32; dataset.players.len()];
    let mut last_rated = vec![None; dataset.players.len()];
    let mut by_tournament = Vec::with_capacity(dataset.tournaments.len());
    for (index, tournament) in dataset.tournaments.iter().enumerate() {
        if tournament.pool.as_deref() != pool {
            by_tournament.push(Vec::new());
            continue;
        }
        let records = rate_tournament(system, dataset, tournament, index, &states);
        let mut updates = Vec::new();
        for record in &records {
            let games: Vec<PeriodGame<S::State>> = record
                .games
                .iter()
                .filter(|g| g.counted())
                .map(|g| PeriodGame {
                    opponent: states[g.opponent].clone(),
                    score: f64::from(g.half_points) / 2.0,
                    stones_received: g.stones_received,
                })
                .collect();
            if !games.is_empty() {
                let next = system.update(&states[record.player], &games, tournament);
                rated_games[record.player] += games.len() as u32;
                last_rated[record.player] = Some(index);
                updates.push((record.player, next));
            }
        }
        for (player, next) in updates {
            states[player] = next;
        }
        let records = records
            .into_iter()
            .map(|mut r| {
                let state = &states[r.player];
                r.rating_after = system.published(state);
                r.phase_after = phase(system, &dataset.players[r.player], state);
                r.provisional_games_after = system.games(state);
                r
            })
            .collect();
        by_tournament.push(records);
    }
    let players = dataset
        .players
        .iter()
        .zip(&states)
        .enumerate()
        .map(|(i, (player, state))| PlayerRating {
            phase: phase(system, player, state),
            rating: system.published(state),
            provisional_games: system.games(state),
            rated_games: rated_games[i],
            last_rated_tournament: last_rated[i],
            deviation: system.deviation(state),
        })
        .collect();
    Ratings::assemble(dataset, pool, by_tournament, players)
}

pub(crate) fn phase<S: PeriodSystem>(system: &S, player: &Player, state: &S::State) -> Phase {
    if player.membership == Membership::Other {
        Phase::Unrated
    } else if system.published(state).is_some() {
        Phase::Established
    } else {
        Phase::Provisional
    }
}

/// Every entry's games, with the expected scores from the states at the start.
pub(crate) fn rate_tournament<S: PeriodSystem>(
    system: &S,
    dataset: &Dataset,
    tournament: &Tournament,
    index: usize,
    states: &[S::State],
) -> Vec<TournamentRating> {
    let mut records = Vec::with_capacity(tournament.entries.len());
    for entry in &tournament.entries {
        let Some(player) = entry.player else { continue };
        let own = &states[player];
        // Exactly as long as needed: a rating history holds millions of games.
        let mut games = Vec::with_capacity(game_cells(entry, &tournament.entries).count());
        for cell in game_cells(entry, &tournament.entries) {
            let (opponent, result) = (cell.opponent, cell.result);
            let mut game = GameRating::unrated(cell.round, opponent, result.half_points());
            game.stones_received = cell.stones_received;
            game.not_counted = if !result.is_played() {
                Some(NotCounted::NotPlayed)
            } else if !tournament.rated {
                Some(NotCounted::UnratedTournament)
            } else if dataset.players[player].membership == Membership::Other {
                Some(NotCounted::PlayerUnrated)
            } else if dataset.players[opponent].membership == Membership::Other {
                Some(NotCounted::OpponentOther)
            } else if !system.counts(own, &states[opponent]) {
                Some(NotCounted::OpponentWithoutRating)
            } else {
                None
            };
            if game.counted() {
                let theirs = &states[opponent];
                game.opponent_rating = Some(system.working_rating(theirs));
                game.expected =
                    Some(system.expected_with_handicap(own, theirs, game.stones_received)).into();
            }
            games.push(game);
        }
        let counted = games.iter().filter(|g| g.counted()).count();
        if let Some(k) = system.k(own, counted, tournament) {
            for g in games.iter_mut().filter(|g| g.counted()) {
                g.k = Some(k);
                g.change = g
                    .expected
                    .get()
                    .map(|we| k.value() * (f64::from(g.half_points) / 2.0 - we))
                    .into();
            }
        }
        let player_state = dataset.players.get(player).map(|p| phase(system, p, own));
        records.push(TournamentRating {
            player,
            tournament: index,
            start_no: entry.start_no,
            phase_before: player_state.unwrap_or(Phase::Unrated),
            phase_after: player_state.unwrap_or(Phase::Unrated),
            rating_before: system.published(own),
            rating_after: system.published(own),
            provisional_games_before: system.games(own),
            provisional_games_after: system.games(own),
            games,
            tournament_half_points: entry.half_points,
        });
    }
    records
}
