//! Engine gauntlets: a round robin among fixed-depth engine settings, written
//! as a tournament in ratingbook's data format so the ratings can be built.
//!
//! Games are scheduled as rounds of a Berger table (every player meets every
//! other once per cycle). The table is repeated `games` times, colours swapped
//! in every second cycle, so each pair plays `games` games. Each round of a
//! pair of cycles starts from its own seeded random opening (a few clones from
//! the start position), played once with each colour. Everything is
//! deterministic for a given seed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use super::board::{Move, Outcome, Position, Side};
use super::movegen::legal_moves;
use super::search::{best_move_at_depth, Searcher};

/// Deepest engine setting accepted.
pub const MAX_DEPTH: u32 = 8;

/// Settings of a gauntlet.
#[derive(Clone, Debug)]
pub struct GauntletConfig {
    /// Search depth of each player, in start-number order.
    pub depths: Vec<u32>,
    /// Games per pair of players.
    pub games: u32,
    /// Data directory receiving `players/` and `tournaments/`.
    pub out: PathBuf,
    /// Random seed for the openings.
    pub seed: u64,
    /// Tournament date, `YYYY-MM-DD`.
    pub date: String,
    /// Random opening plies before the engines take over.
    pub opening_plies: u32,
}

/// Errors of a gauntlet.
#[derive(Debug, Error)]
pub enum GauntletError {
    /// Bad `--players` list.
    #[error("bad player {0:?}: use depthN with N from 1 to {MAX_DEPTH}, separated by commas")]
    Player(String),
    /// Fewer than two players or duplicates.
    #[error("a gauntlet needs at least two different players, got {0:?}")]
    Players(Vec<u32>),
    /// No games.
    #[error("--games must be at least 1")]
    Games,
    /// Bad date.
    #[error("bad date {0:?}: use YYYY-MM-DD")]
    Date(String),
    /// Writing files failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file or directory.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
}

/// One played game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Round number, 1-based.
    pub round: usize,
    /// Start index of the player with `x` (moves first; written as `w`).
    pub white: usize,
    /// Start index of the player with `o` (written as `b`).
    pub black: usize,
    /// Result.
    pub outcome: Outcome,
    /// Plies played (opening included).
    pub plies: usize,
}

/// What a gauntlet produced.
#[derive(Clone, Debug)]
pub struct GauntletSummary {
    /// Player ids in start-number order.
    pub ids: Vec<String>,
    /// Points of each player (win 1, draw ½).
    pub points: Vec<f64>,
    /// Every game.
    pub games: Vec<GameRecord>,
    /// Number of rounds.
    pub rounds: usize,
    /// Files written.
    pub files: Vec<PathBuf>,
}

/// Parses `depth1,depth2,...` into depths.
pub fn parse_players(list: &str) -> Result<Vec<u32>, GauntletError> {
    let depths = list
        .split(',')
        .map(|p| {
            let p = p.trim();
            p.strip_prefix("depth")
                .and_then(|d| d.trim_start_matches('-').parse::<u32>().ok())
                .filter(|d| (1..=MAX_DEPTH).contains(d))
                .ok_or_else(|| GauntletError::Player(p.to_string()))
        })
        .collect::<Result<Vec<u32>, _>>()?;
    let mut unique = depths.clone();
    unique.sort_unstable();
    unique.dedup();
    if depths.len() < 2 || unique.len() != depths.len() {
        return Err(GauntletError::Players(depths));
    }
    Ok(depths)
}

/// Player id of an engine setting, e.g. `ataxx-depth-3`.
pub fn player_id(depth: u32) -> String {
    format!("ataxx-depth-{depth}")
}

/// Checks `YYYY-MM-DD` and returns the year.
pub fn parse_date(date: &str) -> Result<u32, GauntletError> {
    let bad = || GauntletError::Date(date.to_string());
    let parts: Vec<&str> = date.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(y, 4) && digits(m, 2) && digits(d, 2)) {
        return Err(bad());
    }
    let (year, month, day): (u32, u32, u32) = (
        y.parse().map_err(|_| bad())?,
        m.parse().map_err(|_| bad())?,
        d.parse().map_err(|_| bad())?,
    );
    if !(1..=12).contains(&month) || !(1..=days_in_month(year, month)).contains(&day) {
        return Err(bad());
    }
    Ok(year)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Berger table for `n` players: rounds of `(first, second)` pairs; with an
/// odd `n` one player sits out each round.
pub fn berger(n: usize) -> Vec<Vec<(usize, usize)>> {
    let m = n + n % 2;
    (0..m.saturating_sub(1))
        .map(|r| {
            (0..m / 2)
                .map(|k| berger_pair(m, r, k))
                .filter(|&(a, b)| a < n && b < n)
                .collect()
        })
        .collect()
}

fn berger_pair(m: usize, round: usize, k: usize) -> (usize, usize) {
    let ring = m - 1;
    if k == 0 {
        let (a, b) = (round, ring);
        return if round.is_multiple_of(2) {
            (a, b)
        } else {
            (b, a)
        };
    }
    let a = (round + k) % ring;
    let b = (round + ring - k) % ring;
    if k.is_multiple_of(2) {
        (a, b)
    } else {
        (b, a)
    }
}

/// A seeded random opening of `plies` moves, preferring clones.
pub fn random_opening(rng: &mut ChaCha8Rng, plies: u32) -> Vec<Move> {
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = legal_moves(&pos);
        let clones: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Single(_)))
            .collect();
        let pool = if clones.is_empty() { &legal } else { &clones };
        let Some(&mv) = pool.choose(rng) else { break };
        pos = pos.make(mv);
        moves.push(mv);
    }
    moves
}

/// Plays one engine game from the opening; returns the result and ply count.
pub fn play_game(white_depth: u32, black_depth: u32, opening: &[Move]) -> (Outcome, usize) {
    let mut pos = Position::start();
    for &mv in opening {
        pos = pos.make(mv);
    }
    let mut searchers = [Searcher::new(16), Searcher::new(16)];
    let depths = [white_depth, black_depth];
    let mut plies = opening.len();
    while let Some(mv) = (!pos.is_game_over()).then(|| {
        let side = pos.turn() as usize;
        best_move_at_depth(&mut searchers[side], &pos, depths[side]).unwrap_or(Move::Pass)
    }) {
        pos = pos.make(mv);
        plies += 1;
    }
    (pos.outcome().unwrap_or(Outcome::Draw), plies)
}

/// Plays all games of the schedule, reporting each finished game.
pub fn play_all(
    config: &GauntletConfig,
    mut progress: impl FnMut(&GameRecord),
) -> (Vec<GameRecord>, usize) {
    let table = berger(config.depths.len());
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let mut openings = Vec::new();
    let mut games = Vec::new();
    for cycle in 0..config.games as usize {
        if cycle.is_multiple_of(2) {
            openings = (0..table.len())
                .map(|_| random_opening(&mut rng, config.opening_plies))
                .collect();
        }
        for (r, pairs) in table.iter().enumerate() {
            let round = cycle * table.len() + r + 1;
            for &(a, b) in pairs {
                let (white, black) = if cycle.is_multiple_of(2) {
                    (a, b)
                } else {
                    (b, a)
                };
                let depths = (config.depths[white], config.depths[black]);
                let (outcome, plies) = play_game(depths.0, depths.1, &openings[r]);
                let record = GameRecord {
                    round,
                    white,
                    black,
                    outcome,
                    plies,
                };
                progress(&record);
                games.push(record);
            }
        }
    }
    (games, table.len() * config.games as usize)
}

fn points_of(games: &[GameRecord], players: usize) -> Vec<f64> {
    let mut points = vec![0.0; players];
    for g in games {
        match g.outcome {
            Outcome::Win(Side::X) => points[g.white] += 1.0,
            Outcome::Win(Side::O) => points[g.black] += 1.0,
            Outcome::Draw => {
                points[g.white] += 0.5;
                points[g.black] += 0.5;
            }
        }
    }
    points
}

/// Crosstable CSV in the data format (`no,player,rating,1,2,...`).
pub fn crosstable(ids: &[String], games: &[GameRecord], rounds: usize) -> String {
    let mut cells = vec![vec![String::new(); rounds]; ids.len()];
    for g in games {
        let (w, b) = match g.outcome {
            Outcome::Win(Side::X) => ("1", "0"),
            Outcome::Win(Side::O) => ("0", "1"),
            Outcome::Draw => ("=", "="),
        };
        cells[g.white][g.round - 1] = format!("{} w {w}", g.black + 1);
        cells[g.black][g.round - 1] = format!("{} b {b}", g.white + 1);
    }
    let mut out = String::from("no,player,rating");
    for round in 1..=rounds {
        let _ = write!(out, ",{round}");
    }
    out.push('\n');
    for (i, id) in ids.iter().enumerate() {
        let _ = write!(out, "{},{id},", i + 1);
        for cell in &cells[i] {
            let _ = write!(out, ",{cell}");
        }
        out.push('\n');
    }
    out
}

/// Tournament id for a date, e.g. `ataxx-gauntlet-2026-01-01`.
pub fn tournament_id(date: &str) -> String {
    format!("ataxx-gauntlet-{date}")
}

fn tournament_toml(config: &GauntletConfig, rounds: usize) -> String {
    let depths: Vec<String> = config.depths.iter().map(u32::to_string).collect();
    format!(
        "name = \"Ataxx engine gauntlet {date} (depths {list}, opening set {seed})\"\n\
         start = {date}\nend = {date}\ncity = \"Computer\"\n\
         system = \"round-robin\"\nrounds = {rounds}\nrated = true\n\
         time_control = \"standard\"\nrules = \"standard\"\nillustrative = false\n",
        date = config.date,
        list = depths.join(", "),
        seed = config.seed,
    )
}

fn player_toml(depth: u32) -> String {
    format!("name = \"Ataxx depth {depth}\"\nmembership = \"member\"\n")
}

fn write_file(path: &Path, text: &str) -> Result<PathBuf, GauntletError> {
    let io = |source| GauntletError::Io {
        path: path.display().to_string(),
        source,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    std::fs::write(path, text).map_err(io)?;
    Ok(path.to_path_buf())
}

/// Plays the gauntlet and writes the player files, tournament metadata and
/// crosstable under `config.out`.
pub fn run(
    config: &GauntletConfig,
    progress: impl FnMut(&GameRecord),
) -> Result<GauntletSummary, GauntletError> {
    let year = parse_date(&config.date)?;
    if config.games == 0 {
        return Err(GauntletError::Games);
    }
    let mut unique = config.depths.clone();
    unique.sort_unstable();
    unique.dedup();
    if unique.len() < 2 || unique.len() != config.depths.len() {
        return Err(GauntletError::Players(config.depths.clone()));
    }
    let (games, rounds) = play_all(config, progress);
    let ids: Vec<String> = config.depths.iter().map(|&d| player_id(d)).collect();
    let mut files = Vec::new();
    for (&depth, id) in config.depths.iter().zip(&ids) {
        let path = config.out.join("players").join(format!("{id}.toml"));
        files.push(write_file(&path, &player_toml(depth))?);
    }
    let dir = config.out.join("tournaments").join(year.to_string());
    let stem = tournament_id(&config.date);
    let toml_path = dir.join(format!("{stem}.toml"));
    files.push(write_file(&toml_path, &tournament_toml(config, rounds))?);
    let csv_path = dir.join(format!("{stem}.csv"));
    files.push(write_file(&csv_path, &crosstable(&ids, &games, rounds))?);
    Ok(GauntletSummary {
        points: points_of(&games, ids.len()),
        ids,
        games,
        rounds,
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn berger_meets_everyone_once() {
        for n in 2..=7 {
            let table = berger(n);
            let mut met = std::collections::HashSet::new();
            for round in &table {
                let mut seen = std::collections::HashSet::new();
                for &(a, b) in round {
                    assert!(a != b && seen.insert(a) && seen.insert(b));
                    assert!(met.insert((a.min(b), a.max(b))), "n={n}");
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2);
        }
    }

    #[test]
    fn dates_and_players() {
        assert_eq!(parse_date("2026-01-01").unwrap(), 2026);
        assert!(parse_date("2026-02-30").is_err());
        assert!(parse_date("26-1-1").is_err());
        assert_eq!(parse_players("depth1, depth3").unwrap(), vec![1, 3]);
        assert!(parse_players("depth1,depth1").is_err());
        assert!(parse_players("depth1").is_err());
        assert!(parse_players("depth1,human").is_err());
    }

    #[test]
    fn openings_are_deterministic() {
        let a = random_opening(&mut ChaCha8Rng::seed_from_u64(7), 4);
        let b = random_opening(&mut ChaCha8Rng::seed_from_u64(7), 4);
        assert_eq!(a, b);
        assert_eq!(a.len(), 4);
    }
}
