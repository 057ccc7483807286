//! Universal Ataxx Interface (UCI with `uai`/`uaiok`) over any reader and
//! writer, so that match runners such as cutechess/cuteataxx can drive the
//! engine and tests can script it in memory.
//!
//! Supported: `uai`, `isready`, `uainewgame`, `setoption` (accepted and
//! ignored), `position startpos|fen <FEN> [moves ...]`, `go` with `depth`,
//! `movetime`, `nodes`, `wtime`/`btime`/`winc`/`binc`, `infinite`, `stop`
//! (no-op: the search is synchronous), `quit`, and the extras `d` (show board)
//! and `perft <depth>`. Bad input is answered with `info string error: ...`
//! and never ends the session.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::board::{Position, Side};
use super::movegen::perft;
use super::notation::parse_move;
use super::search::{Limits, SearchInfo, Searcher, WIN};

/// Engine name reported to `uai`.
pub const ENGINE_NAME: &str = "ratingbook-ataxx";
/// Budget for `go infinite` (the search is synchronous and cannot be stopped).
pub const INFINITE_BUDGET: Duration = Duration::from_secs(10);
const MAX_PERFT_DEPTH: u32 = 8;

/// A UAI session: current position and engine state.
pub struct Session {
    pos: Position,
    searcher: Searcher,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

/// What to do after a command.
enum Flow {
    Continue,
    Quit,
}

impl Session {
    /// A session at the start position.
    pub fn new() -> Session {
        Session {
            pos: Position::start(),
            searcher: Searcher::new(20),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Reads commands until `quit` or end of input.
    pub fn run<R: BufRead, W: Write>(&mut self, input: R, out: &mut W) -> io::Result<()> {
        for line in input.lines() {
            if let Flow::Quit = self.command(&line?, out)? {
                break;
            }
            out.flush()?;
        }
        out.flush()
    }

    fn command<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        match name {
            "uai" => {
                writeln!(out, "id name {ENGINE_NAME}")?;
                writeln!(out, "id author ratingbook")?;
                writeln!(out, "uaiok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "uainewgame" => {
                self.pos = Position::start();
                self.searcher.clear();
            }
            "position" => self.position_command(args, out)?,
            "go" => self.go(args, out)?,
            "d" | "print" => writeln!(out, "{}\nfen {}", self.pos, self.pos.fen())?,
            "perft" => self.perft_command(args, out)?,
            "setoption" | "stop" | "ponderhit" | "debug" => {}
            "quit" => return Ok(Flow::Quit),
            other => writeln!(out, "info string error: unknown command {other:?}")?,
        }
        Ok(Flow::Continue)
    }

    fn position_command<W: Write>(&mut self, args: &[&str], out: &mut W) -> io::Result<()> {
        match parse_position(args) {
            Ok(pos) => self.pos = pos,
            Err(message) => writeln!(out, "info string error: {message}")?,
        }
        Ok(())
    }

    fn perft_command<W: Write>(&mut self, args: &[&str], out: &mut W) -> io::Result<()> {
        match args.first().and_then(|d| d.parse::<u32>().ok()) {
            Some(depth) if depth <= MAX_PERFT_DEPTH => {
                writeln!(out, "nodes {}", perft(&self.pos, depth))
            }
            _ => writeln!(
                out,
                "info string error: perft needs a depth 0..={MAX_PERFT_DEPTH}"
            ),
        }
    }

    fn go<W: Write>(&mut self, args: &[&str], out: &mut W) -> io::Result<()> {
        let limits = match parse_go(args, self.pos.turn()) {
            Ok(limits) => limits,
            Err(message) => {
                writeln!(out, "info string error: {message}")?;
                return Ok(());
            }
        };
        let mut lines = Vec::new();
        let result = self
            .searcher
            .search(&self.pos, limits, |info| lines.push(info_line(info)));
        for line in lines {
            writeln!(out, "{line}")?;
        }
        let best = result
            .best()
            .map_or("0000".to_string(), |mv| mv.to_string());
        writeln!(out, "bestmove {best}")
    }
}

/// Runs a UAI session on the given input and output.
pub fn run<R: BufRead, W: Write>(input: R, out: &mut W) -> io::Result<()> {
    Session::new().run(input, out)
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

/// Parses the arguments of `go` into search limits for `turn`.
pub fn parse_go(args: &[&str], turn: Side) -> Result<Limits, String> {
    let mut limits = Limits {
        depth: number(args, "depth")?.map(|d| d.clamp(1, 64) as u32),
        movetime: number(args, "movetime")?.map(Duration::from_millis),
        nodes: number(args, "nodes")?,
    };
    let (time_key, inc_key) = match turn {
        Side::X => ("btime", "binc"),
        Side::O => ("wtime", "winc"),
    };
    // libataxx names x "black" and o "white"; accept the mover's clock.
    if let Some(time) = number(args, time_key)? {
        let inc = number(args, inc_key)?.unwrap_or(0);
        let budget = (time / 30 + inc * 3 / 4).min(time / 2).max(1);
        limits.movetime = Some(Duration::from_millis(budget));
    }
    let unlimited = limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none();
    if args.contains(&"infinite") || unlimited {
        limits.movetime = limits.movetime.or(Some(INFINITE_BUDGET));
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
        "info depth {} score {score} nodes {} time {} nps {} pv {}",
        info.depth,
        info.nodes,
        info.elapsed.as_millis(),
        info.nps(),
        pv.join(" ")
    )
}
