//! The `ataxx` command line: perft, UAI engine, terminal game, replays,
//! single searches and engine gauntlets.
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ataxx::game::{self, GameConfig, PlayerKind};
use ataxx::gauntlet::{self, GauntletConfig};
use ataxx::movegen::divide;
use ataxx::referee::{self, EngineSpec, GameEnd, Tally, TimeControl};
use ataxx::replay::Replay;
use ataxx::search::{Limits, Searcher};
use ataxx::{uai, Outcome, Position, Side, START_FEN};
use clap::{Parser, Subcommand};
use miette::{miette, IntoDiagnostic, Result};

#[derive(Parser)]
#[command(
    name = "ataxx",
    version,
    about = "Ataxx engine, terminal game and gauntlets"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf positions DEPTH plies ahead (split by root move).
    Perft {
        /// Plies to look ahead (at most 9).
        depth: u32,
        /// Position as FEN (default: the start position).
        #[arg(num_args = 0.., trailing_var_arg = true)]
        fen: Vec<String>,
    },
    /// Speak the Universal Ataxx Interface on stdin/stdout.
    Uai,
    /// Play on the terminal.
    Play {
        /// Player of x, moving first: human or depthN.
        #[arg(long, default_value = "human")]
        white: String,
        /// Player of o: human or depthN.
        #[arg(long, default_value = "depth3")]
        black: String,
        /// Save the replay to FILE at the end (otherwise you are asked).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Start from this FEN instead of the standard position.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Play back a saved replay file.
    Replay {
        /// The replay file.
        file: PathBuf,
    },
    /// Search one position and print the best move.
    #[command(alias = "bestmove")]
    Search {
        /// Depth limit.
        #[arg(long)]
        depth: Option<u32>,
        /// Time limit in milliseconds (default 1000 without --depth).
        #[arg(long)]
        movetime: Option<u64>,
        /// Position as FEN (default: the start position).
        #[arg(num_args = 0.., trailing_var_arg = true)]
        fen: Vec<String>,
    },
    /// Round robin among engine settings, written in the data format.
    Gauntlet {
        /// Engine settings, e.g. 'depth1,depth2,depth3,depth4'.
        #[arg(long)]
        players: String,
        /// Games per pair of players.
        #[arg(long, default_value_t = 2)]
        games: u32,
        /// Data directory receiving players/ and tournaments/.
        #[arg(long)]
        out: PathBuf,
        /// Seed for the random openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Tournament date (YYYY-MM-DD).
        #[arg(long, default_value = "2026-01-01")]
        date: String,
        /// Random opening plies before the engines play.
        #[arg(long, default_value_t = 4)]
        opening_plies: u32,
    },
    /// Match between two UAI engines, each opening played with both colours.
    Match {
        /// An engine as NAME=COMMAND (the command is split at spaces),
        /// given twice; results are for the first.
        #[arg(long = "engine", required = true, num_args = 1)]
        engines: Vec<String>,
        /// Games to play (rounded up to an even number).
        #[arg(long, default_value_t = 200)]
        games: usize,
        /// Time per move in milliseconds (`go movetime`).
        #[arg(long, default_value_t = 100)]
        movetime: u64,
        /// Milliseconds a reply may come after the move time before it is
        /// a loss on time.
        #[arg(long, default_value_t = 100)]
        margin: u64,
        /// Openings: every distinct position after these plies from the start.
        #[arg(long, value_delimiter = ',', default_value = "2,3")]
        plies: Vec<u32>,
        /// Openings from this file instead (one FEN a line, as cuteataxx's).
        #[arg(long)]
        openings: Option<PathBuf>,
        /// Seed choosing the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Hash in MB sent to both engines (`setoption name Hash`).
        #[arg(long)]
        hash: Option<u32>,
    },
}

fn position_from(words: &[String]) -> Result<Position> {
    let fen = if words.is_empty() {
        START_FEN.to_string()
    } else {
        words.join(" ")
    };
    Position::from_fen(&fen).map_err(|e| miette!("{e}"))
}

fn perft(depth: u32, fen: &[String]) -> Result<()> {
    if depth > 9 {
        return Err(miette!("perft depth {depth} is too deep (at most 9)"));
    }
    let pos = position_from(fen)?;
    let start = Instant::now();
    let split = divide(&pos, depth);
    let total: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    let elapsed = start.elapsed();
    for (mv, nodes) in &split {
        println!("{mv} {nodes}");
    }
    let nps = total as f64 / elapsed.as_secs_f64().max(1e-9);
    println!(
        "\nnodes {total}\ntime {:.3} s\nnps {nps:.0}",
        elapsed.as_secs_f64()
    );
    Ok(())
}

fn play(white: &str, black: &str, save: Option<PathBuf>, fen: Option<String>) -> Result<()> {
    let kind = |s: &str| s.parse::<PlayerKind>().map_err(|e| miette!("{e}"));
    let start = match fen {
        Some(fen) => Position::from_fen(&fen).map_err(|e| miette!("{e}"))?,
        None => Position::start(),
    };
    let config = GameConfig {
        white: kind(white)?,
        black: kind(black)?,
        save,
        start,
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    game::play(&mut input, &mut out, &config).map_err(|e| miette!("{e}"))?;
    Ok(())
}

fn replay(file: &Path) -> Result<()> {
    let replay = Replay::load(file).map_err(|e| miette!("{e}"))?;
    let mut out = io::stdout();
    replay.play_back(&mut out).map_err(|e| miette!("{e}"))?;
    Ok(())
}

fn search(depth: Option<u32>, movetime: Option<u64>, fen: &[String]) -> Result<()> {
    let pos = position_from(fen)?;
    let limits = Limits {
        depth,
        movetime: movetime
            .or(depth.is_none().then_some(1000))
            .map(Duration::from_millis),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(22);
    let result = searcher.search(&pos, limits, |info| println!("{}", uai::info_line(info)));
    let best = result.best().map_or("0000".to_string(), |m| m.to_string());
    println!("bestmove {best}");
    Ok(())
}

fn run_gauntlet(config: GauntletConfig) -> Result<()> {
    let total = {
        let n = config.depths.len();
        n * (n - 1) / 2 * config.games as usize
    };
    let mut done = 0;
    let summary = gauntlet::run(&config, |g| {
        done += 1;
        eprintln!(
            "game {done}/{total}: round {} depth{} (x) vs depth{} (o): {} in {} plies",
            g.round,
            config.depths[g.white],
            config.depths[g.black],
            match g.outcome {
                Outcome::Win(Side::X) => "1-0",
                Outcome::Win(Side::O) => "0-1",
                Outcome::Draw => "1/2-1/2",
            },
            g.plies
        );
    })
    .map_err(|e| miette!("{e}"))?;
    for file in &summary.files {
        println!("wrote {}", file.display());
    }
    println!("rounds {}, games {}", summary.rounds, summary.games.len());
    for (id, points) in summary.ids.iter().zip(&summary.points) {
        println!("{id}: {points}");
    }
    Ok(())
}

fn engine_specs(texts: &[String], hash: Option<u32>) -> Result<[EngineSpec; 2]> {
    let specs: Vec<EngineSpec> = texts
        .iter()
        .map(|text| {
            let (name, command) = text
                .split_once('=')
                .ok_or_else(|| miette!("--engine {text:?}: expected NAME=COMMAND"))?;
            Ok(EngineSpec {
                name: name.to_string(),
                command: command.split_whitespace().map(String::from).collect(),
                options: hash
                    .map(|mb| ("Hash".to_string(), mb.to_string()))
                    .into_iter()
                    .collect(),
            })
        })
        .collect::<Result<_>>()?;
    specs
        .try_into()
        .map_err(|_| miette!("--engine must be given exactly twice"))
}

fn openings_from(file: &Path) -> Result<Vec<Position>> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| miette!("cannot read {}: {e}", file.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            Position::from_fen(line.trim())
                .map_err(|e| miette!("{}:{}: {e}", file.display(), i + 1))
        })
        .collect()
}

fn run_match(specs: [EngineSpec; 2], time: TimeControl, openings: &[Position]) -> Result<()> {
    let names = [specs[0].name.clone(), specs[1].name.clone()];
    let total = openings.len() * 2;
    let tally = referee::play_openings(specs, time, openings, |game, tally| {
        let x = &names[game.x_engine];
        let o = &names[1 - game.x_engine];
        let result = match game.end.outcome() {
            Outcome::Win(Side::X) => "1-0",
            Outcome::Win(Side::O) => "0-1",
            Outcome::Draw => "1/2-1/2",
        };
        let how = match &game.end {
            GameEnd::Rules(_) => String::new(),
            GameEnd::Forfeit { side, reason } => format!(" ({} forfeits: {reason})", side.letter()),
        };
        println!(
            "game {}/{total}: {x} (x) - {o} (o) {result}{how}, {} plies from {}; {}: +{} ={} -{}",
            tally.games(),
            game.moves.len(),
            game.opening.fen(),
            names[0],
            tally.wins,
            tally.draws,
            tally.losses
        );
    })
    .map_err(|e| miette!("{e}"))?;
    println!("{}", match_summary(&names, &tally));
    Ok(())
}

fn match_summary(names: &[String; 2], tally: &Tally) -> String {
    let score = tally.score().unwrap_or(0.0) * 100.0;
    let elo = match tally.elo() {
        Some((elo, half)) => format!("Elo {elo:+.1} ± {half:.1} (95 %)"),
        None => "Elo unbounded (no game lost or none won)".to_string(),
    };
    format!(
        "{} vs {}: {} games, W/D/L {}/{}/{}, score {score:.1} %, {elo}; forfeits {} {}, {} {}",
        names[0],
        names[1],
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        names[0],
        tally.forfeits[0],
        names[1],
        tally.forfeits[1]
    )
}

fn uai_session() -> Result<()> {
    let stdin = io::stdin();
    let input = stdin.lock();
    let mut out = uai::run(input, io::stdout()).into_diagnostic()?;
    out.flush().into_diagnostic()
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft { depth, fen } => perft(depth, &fen),
        Command::Uai => uai_session(),
        Command::Play {
            white,
            black,
            save,
            fen,
        } => play(&white, &black, save, fen),
        Command::Replay { file } => replay(&file),
        Command::Search {
            depth,
            movetime,
            fen,
        } => search(depth, movetime, &fen),
        Command::Match {
            engines,
            games,
            movetime,
            margin,
            plies,
            openings,
            seed,
            hash,
        } => {
            let specs = engine_specs(&engines, hash)?;
            let pool = match openings {
                Some(file) => openings_from(&file)?,
                None => plies
                    .iter()
                    .flat_map(|&p| referee::openings_after(&Position::start(), p.min(4)))
                    .collect(),
            };
            let time = TimeControl {
                movetime: Duration::from_millis(movetime),
                margin: Duration::from_millis(margin),
            };
            let chosen = referee::pick_openings(&pool, games.div_ceil(2), seed);
            run_match(specs, time, &chosen)
        }
        Command::Gauntlet {
            players,
            games,
            out,
            seed,
            date,
            opening_plies,
        } => run_gauntlet(GauntletConfig {
            depths: gauntlet::parse_players(&players).map_err(|e| miette!("{e}"))?,
            games,
            out,
            seed,
            date,
            opening_plies: opening_plies.min(20),
        }),
    }
}
