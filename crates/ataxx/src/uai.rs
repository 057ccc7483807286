//! Universal Ataxx Interface (UCI with `uai`/`uaiok`) over any reader and
//! writer, so that match runners such as cutechess/cuteataxx can drive the
//! engine and tests can script it in memory.
//!
//! The search runs on its own thread while this loop keeps reading, so
//! `stop`, `isready` and `quit` are answered at once; `info` lines are written
//! after every iteration. Commands that change the position or the engine
//! (`position`, `go`, `uainewgame`, `setoption`, `d`, `perft`) arriving
//! during a search wait for it to end, and stop it first if it is infinite;
//! so does the end of input.
//!
//! Supported: `uai`, `isready`, `uainewgame`, `setoption name Hash value MB`,
//! `position startpos|fen <FEN> [moves ...]`, `go` with `depth`, `movetime`,
//! `nodes`, `wtime`/`btime`/`winc`/`binc`/`movestogo` and `infinite`, `stop`,
//! `quit`, and the extras `d` (show board) and `perft <depth>`. Bad input is
//! answered with `info string error: ...` and never ends the session.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::board::{Position, Side};
use super::movegen::perft;
use super::notation::parse_move;
use super::search::{Limits, SearchInfo, Searcher, WIN};

/// Engine name reported to `uai`.
pub const ENGINE_NAME: &str = "ratingbook-ataxx";
/// Transposition table size unless `setoption name Hash` says otherwise.
pub const DEFAULT_HASH_MB: usize = 64;
/// Largest accepted `Hash` value.
pub const MAX_HASH_MB: usize = 4096;
const MAX_PERFT_DEPTH: u32 = 8;
/// Moves still to play when a clock comes without `movestogo`.
const DEFAULT_MOVES_TO_GO: u64 = 30;

/// A search running on its own thread; it hands the searcher back when done.
struct Running {
    handle: JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
    infinite: bool,
}

/// A UAI session: current position and engine state.
pub struct Session<W: Write + Send + 'static> {
    pos: Position,
    out: Arc<Mutex<W>>,
    idle: Option<Searcher>,
    running: Option<Running>,
    hash_mb: usize,
}

/// What to do after a command.
enum Flow {
    Continue,
    Quit,
}

/// Writes one line and flushes, whoever else is writing.
fn write_line<W: Write>(out: &Mutex<W>, line: &str) -> io::Result<()> {
    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    writeln!(out, "{line}")?;
    out.flush()
}

impl<W: Write + Send + 'static> Session<W> {
    /// A session at the start position writing to `out`.
    pub fn new(out: W) -> Session<W> {
        Session {
            pos: Position::start(),
            out: Arc::new(Mutex::new(out)),
            idle: Some(Searcher::with_megabytes(DEFAULT_HASH_MB)),
            running: None,
            hash_mb: DEFAULT_HASH_MB,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Reads commands until `quit` or end of input, then waits for a finite
    /// search (or stops an infinite one) and returns the writer.
    pub fn run<R: BufRead>(mut self, input: R) -> io::Result<W> {
        for line in input.lines() {
            if let Flow::Quit = self.command(&line?)? {
                self.stop();
                break;
            }
        }
        self.finish();
        drop(self.idle.take());
        match Arc::try_unwrap(self.out) {
            Ok(out) => Ok(out.into_inner().unwrap_or_else(|p| p.into_inner())),
            Err(_) => Err(io::Error::other("the search thread still holds the output")),
        }
    }

    fn say(&self, line: &str) -> io::Result<()> {
        write_line(&self.out, line)
    }

    fn command(&mut self, line: &str) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        match name {
            "uai" => {
                self.say(&format!("id name {ENGINE_NAME}"))?;
                self.say("id author ratingbook")?;
                self.say(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                ))?;
                self.say("uaiok")?;
            }
            "isready" => self.say("readyok")?,
            "stop" => self.stop(),
            "quit" => return Ok(Flow::Quit),
            "ponderhit" | "debug" => {}
            _ => {
                self.finish();
                self.engine_command(name, args)?;
            }
        }
        Ok(Flow::Continue)
    }

    /// Commands that need the engine idle.
    fn engine_command(&mut self, name: &str, args: &[&str]) -> io::Result<()> {
        match name {
            "uainewgame" => {
                self.pos = Position::start();
                self.searcher().clear();
            }
            "setoption" => self.set_option(args)?,
            "position" => match parse_position(args) {
                Ok(pos) => self.pos = pos,
                Err(message) => self.say(&format!("info string error: {message}"))?,
            },
            "go" => self.go(args)?,
            "d" | "print" => self.say(&format!("{}\nfen {}", self.pos, self.pos.fen()))?,
            "perft" => self.perft_command(args)?,
            other => self.say(&format!("info string error: unknown command {other:?}"))?,
        }
        Ok(())
    }

    fn searcher(&mut self) -> &mut Searcher {
        self.idle
            .get_or_insert_with(|| Searcher::with_megabytes(DEFAULT_HASH_MB))
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.finish();
    }

    /// Waits for a finite search to end; stops an infinite one.
    fn finish(&mut self) {
        let Some(running) = self.running.take() else {
            return;
        };
        if running.infinite {
            running.stop.store(true, Ordering::Relaxed);
        }
        // A search thread that panicked leaves no searcher: a fresh one is
        // made on demand.
        self.idle = running.handle.join().ok();
    }

    fn set_option(&mut self, args: &[&str]) -> io::Result<()> {
        let name_at = args.iter().position(|&w| w == "name");
        let value_at = args.iter().position(|&w| w == "value");
        let (Some(n), Some(v)) = (name_at, value_at) else {
            return self.say("info string error: expected setoption name <id> value <x>");
        };
        let name = args.get(n + 1..v).unwrap_or_default().join(" ");
        let value = args.get(v + 1..).unwrap_or_default().join(" ");
        match (name.to_ascii_lowercase().as_str(), value.parse::<usize>()) {
            ("hash", Ok(mb)) if (1..=MAX_HASH_MB).contains(&mb) => {
                self.hash_mb = mb;
                self.idle = Some(Searcher::with_megabytes(mb));
                Ok(())
            }
            ("hash", _) => self.say(&format!(
                "info string error: Hash must be 1..={MAX_HASH_MB} (MB), got {value:?}"
            )),
            _ => self.say(&format!("info string error: unknown option {name:?}")),
        }
    }

    fn perft_command(&mut self, args: &[&str]) -> io::Result<()> {
        match args.first().and_then(|d| d.parse::<u32>().ok()) {
            Some(depth) if depth <= MAX_PERFT_DEPTH => {
                self.say(&format!("nodes {}", perft(&self.pos, depth)))
            }
            _ => self.say(&format!(
                "info string error: perft needs a depth 0..={MAX_PERFT_DEPTH}"
            )),
        }
    }

    fn go(&mut self, args: &[&str]) -> io::Result<()> {
        let limits = match parse_go(args, self.pos.turn()) {
            Ok(limits) => limits,
            Err(message) => return self.say(&format!("info string error: {message}")),
        };
        let hash_mb = self.hash_mb;
        let mut searcher = self
            .idle
            .take()
            .unwrap_or_else(|| Searcher::with_megabytes(hash_mb));
        let stop = searcher.stop_flag();
        stop.store(false, Ordering::Relaxed);
        let out = Arc::clone(&self.out);
        let pos = self.pos;
        let infinite = limits == Limits::default();
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&pos, limits, |info| {
                // A closed output cannot be reported anywhere.
                let _ = write_line(&out, &info_line(info));
            });
            // An infinite search answers only when stopped, even when it
            // finished early (a forced result or a single move).
            let flag = searcher.stop_flag();
            while infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            let best = result.best().map_or("0000".into(), |mv| mv.to_string());
            let _ = write_line(&out, &format!("bestmove {best}"));
            searcher
        });
        self.running = Some(Running {
            handle,
            stop,
            infinite,
        });
        Ok(())
    }
}

/// Runs a UAI session on the given input and output; returns the output.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, out: W) -> io::Result<W> {
    Session::new(out).run(input)
}

/// Parses the arguments of `position`.
pub fn parse_position(args: &[&str]) -> Result<Position, String> {
    let moves_at = args.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let mut pos = match setup.split_first() {
        Some((&"startpos", [])) => Position::start(),
        Some((&"fen", fen)) => Position::from_fen(&fen.join(" ")).map_err(|e| e.to_string())?,
        _ => return Err("expected 'position startpos' or 'position fen <FEN>'".into()),
    };
    for text in moves {
        let mv = parse_move(text).map_err(|e| format!("move {text}: {e}"))?;
        pos = pos.play(mv).map_err(|e| format!("move {text}: {e}"))?;
    }
    Ok(pos)
}

fn number(args: &[&str], key: &str) -> Result<Option<u64>, String> {
    match args.iter().position(|&w| w == key) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse::<i64>().ok())
            .map(|v| Some(v.max(0) as u64))
            .ok_or_else(|| format!("go {key} needs a number")),
    }
}

/// Time kept back from every budget for reading, writing and scheduling.
fn overhead(budget_ms: u64) -> u64 {
    (budget_ms / 20).clamp(1, 10)
}

/// Parses the arguments of `go` into search limits for `turn`.
///
/// `movetime` is a hard limit (less a small overhead). With a clock, a soft
/// budget of the remaining time shared over the moves to go (30 unless
/// `movestogo` says) plus most of the increment decides whether another
/// iteration starts; the hard limit is three times that, at most half of the
/// clock. Nothing at all, or `infinite`, searches until `stop`.
pub fn parse_go(args: &[&str], turn: Side) -> Result<Limits, String> {
    let mut limits = Limits {
        depth: number(args, "depth")?.map(|d| d.clamp(1, 64) as u32),
        movetime: number(args, "movetime")?
            .map(|t| Duration::from_millis(t.saturating_sub(overhead(t)).max(1))),
        soft_time: None,
        nodes: number(args, "nodes")?,
    };
    // libataxx names x "black" and o "white"; use the mover's clock.
    let (time_key, inc_key) = match turn {
        Side::X => ("btime", "binc"),
        Side::O => ("wtime", "winc"),
    };
    if let Some(time) = number(args, time_key)? {
        let inc = number(args, inc_key)?.unwrap_or(0);
        let moves_to_go = number(args, "movestogo")?
            .unwrap_or(DEFAULT_MOVES_TO_GO)
            .clamp(1, 100);
        let usable = time.saturating_sub(overhead(time));
        let hard = (usable / 2).max(1);
        let soft = (usable / moves_to_go + inc * 3 / 4).clamp(1, hard);
        let hard = (soft * 3).min(hard);
        limits.soft_time = Some(Duration::from_millis(soft));
        limits.movetime = Some(limits.movetime.map_or(Duration::from_millis(hard), |t| {
            t.min(Duration::from_millis(hard))
        }));
    }
    if args.contains(&"infinite") {
        return Ok(Limits::default());
    }
    Ok(limits)
}

/// Formats a UAI `info` line.
pub fn info_line(info: &SearchInfo) -> String {
    let score = if info.score.abs() > WIN - 200 {
        let plies = WIN - info.score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if info.score > 0 { moves } else { -moves })
    } else {
        format!("cp {}", info.score)
    };
    let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
    format!(
        "info depth {} score {score} time {} nodes {} nps {} pv {}",
        info.depth,
        info.elapsed.as_millis(),
        info.nodes,
        info.nps(),
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budgets() {
        // x to move: btime is its clock. 30 s with 30 moves to go: soft
        // (30000 - 10) / 30 = 999 ms, hard 3 × 999 = 2997 ms.
        let limits = parse_go(&["wtime", "1000", "btime", "30000"], Side::X).unwrap();
        assert_eq!(limits.soft_time, Some(Duration::from_millis(999)));
        assert_eq!(limits.movetime, Some(Duration::from_millis(2997)));
        // One move to go with 1 s and 100 ms increment: soft 990 + 75 capped at
        // half the usable clock, 495 ms, which is also the hard limit.
        let limits =
            parse_go(&["wtime", "1000", "winc", "100", "movestogo", "1"], Side::O).unwrap();
        assert_eq!(limits.soft_time, Some(Duration::from_millis(495)));
        assert_eq!(limits.movetime, Some(Duration::from_millis(495)));
        // movetime 100 keeps 5 ms back.
        let limits = parse_go(&["movetime", "100"], Side::X).unwrap();
        assert_eq!(limits.movetime, Some(Duration::from_millis(95)));
        assert_eq!(parse_go(&["infinite"], Side::X).unwrap(), Limits::default());
        assert_eq!(parse_go(&[], Side::X).unwrap(), Limits::default());
    }
}
