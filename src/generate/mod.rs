//! Synthetic data repositories: many players, swiss and round-robin events, results
//! drawn from hidden strengths. Used by tests and the build benchmark.
//!
//! `players` makes the people (names, clubs, memberships, hidden strengths),
//! `tournaments` the events (round robins, their files' text), `games` each
//! game's result drawn from hidden strengths and `swiss` the simple swiss
//! pairing the generator uses for its swiss events.

pub mod edit;
mod games;
mod players;
mod swiss;
mod tournaments;

use crate::model::Date;
use players::{make_players, player_toml};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use tournaments::make_tournament;

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    /// Number of players.
    pub players: usize,
    /// Number of tournaments.
    pub tournaments: usize,
    /// Random seed: the same seed gives the same repository.
    pub seed: u64,
}

/// What was generated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Players written.
    pub players: usize,
    /// Tournaments written.
    pub tournaments: usize,
    /// Games played over the board.
    pub games: usize,
}

/// Why generation failed.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The output folder exists and is not empty.
    #[error("{0} exists and is not empty; choose a new folder")]
    NotEmpty(String),
    /// Too few players for a tournament.
    #[error("need at least 4 players")]
    TooFewPlayers,
    /// Writing failed.
    #[error("cannot write: {0}")]
    Io(#[from] std::io::Error),
}

/// The hidden strength of every player [`write_repository`] writes with the
/// same options, by player id: results are drawn from
/// `1 / (1 + 10^((Sb − Sa) / 400))` with 12% draws around it, so that is the
/// expected score of a game.
pub fn hidden_strengths(options: &Options) -> std::collections::BTreeMap<String, f64> {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    make_players(&mut rng, options.players)
        .into_iter()
        .map(|p| (p.id, p.strength))
        .collect()
}

/// Three-day slots in the 25 years a generated history spans at most.
const SLOTS_IN_SPAN: usize = 25 * 365 / 3;

/// How many events share each three-day slot, so that any number of
/// tournaments fits in about 25 years of history (one at a time up to about
/// 3 000 tournaments), as a federation's decades of results would. Never more
/// than one event per 100 players, so every event finds a free field.
fn concurrent_events(tournaments: usize, players: usize, slots: usize) -> usize {
    tournaments.div_ceil(slots.max(1)).min(players / 100).max(1)
}

/// Writes a complete, valid data repository (players, tournaments, config) into `out`.
pub fn write_repository(out: &Path, options: &Options) -> Result<Stats, GenerateError> {
    write_repository_in_slots(out, options, SLOTS_IN_SPAN)
}

/// [`write_repository`] with the history's three-day slots counted by `slots`.
fn write_repository_in_slots(
    out: &Path,
    options: &Options,
    slots: usize,
) -> Result<Stats, GenerateError> {
    if options.players < 4 {
        return Err(GenerateError::TooFewPlayers);
    }
    if out.exists() && std::fs::read_dir(out)?.next().is_some() {
        return Err(GenerateError::NotEmpty(out.display().to_string()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let players = make_players(&mut rng, options.players);
    let players_dir = out.join("data").join("players");
    std::fs::create_dir_all(&players_dir)?;
    for p in &players {
        std::fs::write(players_dir.join(format!("{}.toml", p.id)), player_toml(p))?;
    }
    std::fs::write(
        out.join(crate::load::CONFIG_FILE),
        "[site]\ntitle = \"Synthetic rating book\"\nlanguage = \"en\"\n",
    )?;
    let mut stats = Stats {
        players: players.len(),
        ..Stats::default()
    };
    let first_day = Date::new(2000, 1, 1).expect("valid date");
    let at_once = concurrent_events(options.tournaments, options.players, slots);
    let mut busy = std::collections::HashSet::new();
    for index in 0..options.tournaments {
        if index % at_once == 0 {
            busy.clear();
        }
        // Events never overlap for a player: two days each, a day apart, and
        // the events of one slot share no player.
        let date = first_day.plus_days(3 * (index / at_once) as i64);
        let event = make_tournament(&mut rng, &players, index, date, &busy);
        busy.extend(event.players.iter().copied());
        let dir = out
            .join("data")
            .join("tournaments")
            .join(date.year.to_string());
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(format!("{}.toml", event.id)), &event.meta)?;
        std::fs::write(dir.join(format!("{}.csv", event.id)), &event.table)?;
        stats.games += event.games;
        stats.tournaments += 1;
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_share_slots_only_when_the_span_is_full() {
        // 25 years of three-day slots hold 3 041 events one at a time.
        assert_eq!(concurrent_events(3_000, 30_000, SLOTS_IN_SPAN), 1);
        assert_eq!(concurrent_events(30_000, 300_000, SLOTS_IN_SPAN), 10);
        // Never more than one event per 100 players.
        assert_eq!(concurrent_events(30_000, 250, SLOTS_IN_SPAN), 2);
        assert_eq!(concurrent_events(30_000, 50, SLOTS_IN_SPAN), 1);
    }

    #[test]
    fn events_on_the_same_dates_share_no_player_and_the_repository_checks_clean() {
        let dir = tempfile::tempdir().unwrap();
        let options = Options {
            players: 400,
            tournaments: 24,
            seed: 7,
        };
        // Six slots: four events on each pair of days.
        write_repository_in_slots(dir.path(), &options, 6).unwrap();
        let loaded = crate::load::load_repository(dir.path());
        assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
        let starts: std::collections::BTreeSet<_> =
            loaded.dataset.tournaments.iter().map(|t| t.start).collect();
        assert_eq!(starts.len(), 6);
        let overlaps = crate::check::check_overlaps(&loaded.dataset);
        assert!(overlaps.is_empty(), "{overlaps:?}");
    }
}
