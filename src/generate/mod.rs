//! Synthetic data repositories: many players, swiss and round-robin events, results
//! drawn from hidden strengths. Used by tests and the build benchmark.
//!
//! `players` makes the people (names, clubs, memberships, hidden strengths),
//! `tournaments` the events (round robins, result drawing, crosstable text) and
//! `swiss` the simple swiss pairing the generator uses for its swiss events.

pub mod edit;
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

/// Writes a complete, valid data repository (players, tournaments, config) into `out`.
pub fn write_repository(out: &Path, options: &Options) -> Result<Stats, GenerateError> {
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
    let mut date = Date::new(2000, 1, 1).expect("valid date");
    for index in 0..options.tournaments {
        let event = make_tournament(&mut rng, &players, index, date);
        let dir = out
            .join("data")
            .join("tournaments")
            .join(date.year.to_string());
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(format!("{}.toml", event.id)), &event.meta)?;
        std::fs::write(dir.join(format!("{}.csv", event.id)), &event.table)?;
        stats.games += event.games;
        stats.tournaments += 1;
        // Events never overlap: two days each, a day apart.
        date = date.plus_days(3);
    }
    Ok(stats)
}
