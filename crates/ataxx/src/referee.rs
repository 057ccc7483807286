//! Engine matches: two UAI engines (any programs speaking the protocol) play
//! from a list of openings, each opening twice with colours swapped, with a
//! fixed time per move refereed by wall clock.
//!
//! The referee plays forced passes itself, ends games by the rules of
//! [`super::board`], and scores an illegal move, a crash or a reply later than
//! the move time plus the margin as a loss for that engine (counted apart as
//! a forfeit). Results are summed for the first engine: wins, draws, losses,
//! score and Elo difference with its 95 % interval.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use thiserror::Error;

use super::board::{Move, Outcome, Position, Side};
use super::movegen::legal_moves;
use super::notation::parse_move;

/// Why a match could not be run.
#[derive(Debug, Error)]
pub enum RefereeError {
    /// The engine command is empty.
    #[error("engine {0}: empty command")]
    EmptyCommand(String),
    /// The engine program could not be started.
    #[error("engine {name}: cannot start {program:?}: {source}")]
    Spawn {
        /// Engine name.
        name: String,
        /// Program path.
        program: String,
        /// Operating-system error.
        source: std::io::Error,
    },
    /// The engine did not answer `uai` with `uaiok` or `isready` with
    /// `readyok` in time.
    #[error("engine {name}: no {expected} within {seconds} s")]
    Handshake {
        /// Engine name.
        name: String,
        /// The awaited answer.
        expected: &'static str,
        /// Seconds waited.
        seconds: u64,
    },
}

/// An engine to start: a name for the report and the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Name in reports.
    pub name: String,
    /// Program and arguments.
    pub command: Vec<String>,
    /// UAI options sent after the handshake (`setoption name N value V`).
    pub options: Vec<(String, String)>,
}

/// How games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// `go movetime` sent to the engines.
    pub movetime: Duration,
    /// Extra wall-clock time allowed before a reply counts as late.
    pub margin: Duration,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules.
    Rules(Outcome),
    /// The side's engine lost by a late reply, illegal move or crash.
    Forfeit {
        /// The side that forfeited.
        side: Side,
        /// What happened.
        reason: String,
    },
}

impl GameEnd {
    /// The result in the usual form from `x`'s view.
    pub fn outcome(&self) -> Outcome {
        match self {
            GameEnd::Rules(outcome) => *outcome,
            GameEnd::Forfeit { side, .. } => Outcome::Win(side.other()),
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Index of the engine playing `x` (0 or 1).
    pub x_engine: usize,
    /// Opening position.
    pub opening: Position,
    /// Moves played from the opening.
    pub moves: Vec<Move>,
    /// The end.
    pub end: GameEnd,
}

impl GameRecord {
    /// Score of the first engine: 1, ½ or 0.
    pub fn first_engine_score(&self) -> f64 {
        match self.end.outcome() {
            Outcome::Draw => 0.5,
            Outcome::Win(side) => {
                let winner = if side == Side::X {
                    self.x_engine
                } else {
                    1 - self.x_engine
                };
                if winner == 0 {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Games either engine lost by forfeit (already in wins/losses).
    pub forfeits: [u32; 2],
}

impl Tally {
    /// Adds a finished game.
    pub fn add(&mut self, game: &GameRecord) {
        match game.first_engine_score() {
            s if s > 0.75 => self.wins += 1,
            s if s > 0.25 => self.draws += 1,
            _ => self.losses += 1,
        }
        if let GameEnd::Forfeit { side, .. } = game.end {
            let engine = if side == Side::X {
                game.x_engine
            } else {
                1 - game.x_engine
            };
            self.forfeits[engine] += 1;
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, 0..=1 (`None` before any game).
    pub fn score(&self) -> Option<f64> {
        let n = f64::from(self.games());
        (n > 0.0).then(|| (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n)
    }

    /// Elo difference and the half-width of its 95 % interval, from the
    /// score and the spread of the game results (normal approximation, as
    /// cutechess and cuteataxx report it). `None` when the score is 0 or 1,
    /// where the Elo difference is unbounded.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let mean = self.score()?;
        let n = f64::from(self.games());
        let deviation = |value: f64, count: u32| f64::from(count) * (value - mean).powi(2);
        let variance =
            (deviation(1.0, self.wins) + deviation(0.5, self.draws) + deviation(0.0, self.losses))
                / n;
        let margin = 1.959_964 * (variance / n).sqrt();
        let (low, high) = (mean - margin, mean + margin);
        let inside = |p: f64| p > 0.0 && p < 1.0;
        (inside(mean)).then(|| {
            let half = if inside(low) && inside(high) {
                (elo_of(high) - elo_of(low)) / 2.0
            } else {
                f64::INFINITY
            };
            (elo_of(mean), half)
        })
    }
}

/// Elo difference that gives `score` points per game.
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// A running engine process.
struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

const HANDSHAKE: Duration = Duration::from_secs(20);

impl Engine {
    fn start(spec: &EngineSpec) -> Result<Engine, RefereeError> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or_else(|| RefereeError::EmptyCommand(spec.name.clone()))?;
        let spawn_error = |source| RefereeError::Spawn {
            name: spec.name.clone(),
            program: program.clone(),
            source,
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(spawn_error)?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(stdin), Some(stdout)) => (stdin, stdout),
            _ => return Err(spawn_error(std::io::Error::other("no pipes"))),
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            name: spec.name.clone(),
            child,
            stdin,
            lines,
        };
        engine.send("uai");
        engine.expect("uaiok")?;
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"));
        }
        engine.ready()?;
        Ok(engine)
    }

    /// Sends a line; a dead engine shows up as a missing answer.
    fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
    }

    /// The first line starting with `prefix` within `timeout`.
    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String, RecvTimeoutError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left)?;
            if line.starts_with(prefix) {
                return Ok(line);
            }
        }
    }

    fn expect(&mut self, answer: &'static str) -> Result<(), RefereeError> {
        self.wait_for(answer, HANDSHAKE)
            .map(drop)
            .map_err(|_| RefereeError::Handshake {
                name: self.name.clone(),
                expected: answer,
                seconds: HANDSHAKE.as_secs(),
            })
    }

    fn ready(&mut self) -> Result<(), RefereeError> {
        self.send("isready");
        self.expect("readyok")
    }

    /// After a late reply: stops the search and swallows its `bestmove`, so
    /// that it is not taken for the answer to the next `go`; an engine that
    /// does not answer `stop` is ended (and restarted for the next game).
    fn resynchronise(&mut self) {
        self.send("stop");
        if self.wait_for("bestmove", HANDSHAKE).is_err() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    /// Asks for a move; `Err` explains a forfeit.
    fn best_move(&mut self, setup: &str, time: TimeControl) -> Result<Move, String> {
        while self.lines.try_recv().is_ok() {}
        self.send(setup);
        self.send(&format!("go movetime {}", time.movetime.as_millis()));
        let start = Instant::now();
        let allowed = time.movetime + time.margin;
        let line = self.wait_for("bestmove", allowed).map_err(|e| match e {
            RecvTimeoutError::Timeout => {
                self.resynchronise();
                format!("no move within {} ms", allowed.as_millis())
            }
            RecvTimeoutError::Disconnected => "the engine exited".to_string(),
        })?;
        let used = start.elapsed();
        if used > allowed {
            return Err(format!("took {} ms", used.as_millis()));
        }
        let text = line.split_whitespace().nth(1).unwrap_or_default();
        parse_move(text).map_err(|e| format!("bad move {text:?}: {e}"))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Two engines ready to play games.
pub struct Match {
    engines: [Engine; 2],
    specs: [EngineSpec; 2],
    time: TimeControl,
}

impl Match {
    /// Starts both engines and checks they answer.
    pub fn start(specs: [EngineSpec; 2], time: TimeControl) -> Result<Match, RefereeError> {
        let engines = [Engine::start(&specs[0])?, Engine::start(&specs[1])?];
        Ok(Match {
            engines,
            specs,
            time,
        })
    }

    /// Plays one game from `opening` with engine `x_engine` as `x`. An
    /// engine that crashed is restarted for the next game.
    pub fn play(&mut self, opening: Position, x_engine: usize) -> Result<GameRecord, RefereeError> {
        for (engine, spec) in self.engines.iter_mut().zip(&self.specs) {
            if !matches!(engine.child.try_wait(), Ok(None)) {
                *engine = Engine::start(spec)?;
            }
            engine.send("uainewgame");
            engine.ready()?;
        }
        let mut pos = opening;
        let mut moves: Vec<Move> = Vec::new();
        let end = loop {
            if let Some(outcome) = pos.outcome() {
                break GameEnd::Rules(outcome);
            }
            let mv = if legal_moves(&pos) == [Move::Pass] {
                Move::Pass
            } else {
                let engine = match pos.turn() {
                    Side::X => x_engine,
                    Side::O => 1 - x_engine,
                };
                let setup = setup_command(&opening, &moves);
                match self.engines[engine].best_move(&setup, self.time) {
                    Ok(mv) if pos.check(mv).is_ok() => mv,
                    Ok(mv) => break forfeit(&pos, format!("illegal move {mv}")),
                    Err(reason) => break forfeit(&pos, reason),
                }
            };
            pos = pos.make(mv);
            moves.push(mv);
        };
        Ok(GameRecord {
            x_engine,
            opening,
            moves,
            end,
        })
    }
}

fn forfeit(pos: &Position, reason: String) -> GameEnd {
    GameEnd::Forfeit {
        side: pos.turn(),
        reason,
    }
}

fn setup_command(opening: &Position, moves: &[Move]) -> String {
    let mut setup = format!("position fen {}", opening.fen());
    if !moves.is_empty() {
        setup.push_str(" moves");
        for mv in moves {
            setup.push(' ');
            setup.push_str(&mv.to_string());
        }
    }
    setup
}

/// `count` openings drawn without repetition (while the pool lasts) from
/// `pool`, in an order fixed by `seed`.
pub fn pick_openings(pool: &[Position], count: usize, seed: u64) -> Vec<Position> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut shuffled = pool.to_vec();
    shuffled.shuffle(&mut rng);
    shuffled.into_iter().cycle().take(count).collect()
}

/// Plays each opening twice, the first engine as `x` and then as `o`,
/// calling `report` after every game with the tally so far.
pub fn play_openings(
    specs: [EngineSpec; 2],
    time: TimeControl,
    openings: &[Position],
    mut report: impl FnMut(&GameRecord, &Tally),
) -> Result<Tally, RefereeError> {
    let mut referee = Match::start(specs, time)?;
    let mut tally = Tally::default();
    for opening in openings {
        for x_engine in [0, 1] {
            let game = referee.play(*opening, x_engine)?;
            tally.add(&game);
            report(&game, &tally);
        }
    }
    Ok(tally)
}

/// Every distinct position `plies` plies after `start` where the game goes
/// on, in a fixed order.
pub fn openings_after(start: &Position, plies: u32) -> Vec<Position> {
    let mut level = vec![*start];
    for _ in 0..plies {
        let mut next: Vec<Position> = level
            .iter()
            .flat_map(|pos| legal_moves(pos).into_iter().map(|mv| pos.make(mv)))
            .filter(|pos| !pos.is_game_over())
            .collect();
        next.sort_by_key(|p| (p.stones(Side::X), p.stones(Side::O), p.turn() as u8));
        next.dedup();
        level = next;
    }
    level
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
            forfeits: [0, 0],
        }
    }

    #[test]
    fn elo_of_known_scores() {
        // 75 %: 400 × log10(3) = 190.85; 50 %: 0; 25 %: −190.85.
        assert!((elo_of(0.75) - 190.848_501_887_864_9).abs() < 1e-9);
        assert!(elo_of(0.5).abs() < 1e-12);
        assert!((elo_of(0.25) + 190.848_501_887_864_9).abs() < 1e-9);
    }

    #[test]
    fn interval_by_hand() {
        // 60 wins, 20 draws, 20 losses: mean 0.7; variance
        // (60 × 0.09 + 20 × 0.04 + 20 × 0.49) / 100 = 0.16, standard error
        // 0.04, interval 0.7 ± 0.078399 = 0.621601 .. 0.778399;
        // Elo(0.778399) = 218.25, Elo(0.621601) = 86.23, half-width 66.01;
        // Elo(0.7) = 147.19.
        let (elo, half) = tally(60, 20, 20).elo().unwrap();
        assert!((elo - 147.19).abs() < 0.01, "{elo}");
        assert!((half - 66.01).abs() < 0.01, "{half}");
        assert_eq!(tally(3, 0, 0).elo(), None);
        assert_eq!(tally(0, 0, 0).score(), None);
    }

    #[test]
    fn two_and_three_ply_openings() {
        // From the start: 16 first moves (perft 1), and each of the 16 × 16
        // two-ply sequences leaves a different pair of new stones (256, as
        // in cuteataxx's ply2 book).
        let start = Position::start();
        assert_eq!(openings_after(&start, 1).len(), 16);
        assert_eq!(openings_after(&start, 2).len(), 256);
    }
}
