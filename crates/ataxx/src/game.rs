//! The original design's terminal game: human against computer or human against
//! human, the board drawn with coordinates, every invalid input explained and
//! asked again, `quit` at any time, and the replay saved at the end.
//!
//! Input and output are any reader and writer, so the game can be scripted.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::str::FromStr;

use thiserror::Error;

use super::board::{Move, Outcome, Position, Side};
use super::movegen::legal_moves;
use super::notation::{parse_move_text, MoveText};
use super::replay::{Replay, ReplayError};
use super::search::{best_move_at_depth, Searcher};

/// Deepest computer player offered.
pub const MAX_ENGINE_DEPTH: u32 = 12;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// Moves are read from the input.
    Human,
    /// The engine searching to this depth.
    Engine(u32),
}

/// A player description that is neither `human` nor `depthN`.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("unknown player {0:?}: use 'human' or 'depthN' with N from 1 to {MAX_ENGINE_DEPTH}")]
pub struct PlayerKindError(pub String);

impl FromStr for PlayerKind {
    type Err = PlayerKindError;

    fn from_str(s: &str) -> Result<PlayerKind, PlayerKindError> {
        let lower = s.trim().to_ascii_lowercase();
        if lower == "human" {
            return Ok(PlayerKind::Human);
        }
        lower
            .strip_prefix("depth")
            .and_then(|d| d.trim_start_matches(['-', ' ']).parse::<u32>().ok())
            .filter(|d| (1..=MAX_ENGINE_DEPTH).contains(d))
            .map(PlayerKind::Engine)
            .ok_or_else(|| PlayerKindError(s.to_string()))
    }
}

/// Settings of one terminal game.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// Player of `x` (moves first; the original design's white).
    pub white: PlayerKind,
    /// Player of `o` (the original design's black).
    pub black: PlayerKind,
    /// Where to save the replay; when `None` the player is asked.
    pub save: Option<PathBuf>,
    /// Start position.
    pub start: Position,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            white: PlayerKind::Human,
            black: PlayerKind::Engine(3),
            save: None,
            start: Position::start(),
        }
    }
}

/// How a terminal game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// Final position.
    pub position: Position,
    /// Moves played.
    pub moves: Vec<Move>,
    /// Result, if the game was finished.
    pub outcome: Option<Outcome>,
    /// Whether a player quit.
    pub quit: bool,
    /// Where the replay was saved.
    pub saved: Option<PathBuf>,
}

/// Errors of the terminal game (input/output and saving).
#[derive(Debug, Error)]
pub enum GameError {
    /// Reading input or writing output failed.
    #[error("terminal input/output failed: {0}")]
    Io(#[from] io::Error),
    /// Saving the replay failed.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// A human's answer to the move prompt.
enum Input {
    Move(Move),
    Quit,
}

struct Players {
    kinds: [PlayerKind; 2],
    names: [String; 2],
}

impl Players {
    fn kind(&self, side: Side) -> PlayerKind {
        self.kinds[side as usize]
    }

    fn name(&self, side: Side) -> &str {
        &self.names[side as usize]
    }
}

fn colour_name(side: Side) -> &'static str {
    match side {
        Side::X => "white, x",
        Side::O => "black, o",
    }
}

/// Reads one line; `None` at end of input.
fn read_line<R: BufRead>(input: &mut R) -> io::Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

fn ask_name<R: BufRead, W: Write>(
    input: &mut R,
    out: &mut W,
    side: Side,
    kind: PlayerKind,
) -> io::Result<String> {
    let default = match (side, kind) {
        (_, PlayerKind::Engine(depth)) => return Ok(format!("Computer (depth {depth})")),
        (Side::X, PlayerKind::Human) => "White",
        (Side::O, PlayerKind::Human) => "Black",
    };
    write!(
        out,
        "Name of the {} player [{default}]: ",
        colour_name(side)
    )?;
    out.flush()?;
    let name = read_line(input)?.unwrap_or_default();
    Ok(if name.is_empty() {
        default.to_string()
    } else {
        name
    })
}

fn is_quit(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    // The original Ataxx work ends the game on a negative origin coordinate.
    matches!(lower.as_str(), "q" | "quit" | "exit") || lower.starts_with('-')
}

/// Reads and checks a typed move, explaining what is wrong with it.
fn checked_move(pos: &Position, text: &str) -> Result<Move, String> {
    let typed = parse_move_text(text).map_err(|e| e.to_string())?;
    let checked = match typed {
        MoveText::Pass => pos.check(Move::Pass).map(|()| Move::Pass),
        MoveText::To(to) => pos.check(Move::Single(to)).map(|()| Move::Single(to)),
        MoveText::FromTo(from, to) => pos.check_from_to(from, to),
    };
    checked.map_err(|e| e.to_string())
}

/// Asks until the human enters a legal move or quits.
fn read_move<R: BufRead, W: Write>(
    input: &mut R,
    out: &mut W,
    pos: &Position,
) -> io::Result<Input> {
    loop {
        write!(
            out,
            "Your move (f2 clones to f2, g1e3 jumps from g1 to e3, quit stops): "
        )?;
        out.flush()?;
        let Some(text) = read_line(input)? else {
            writeln!(out)?;
            return Ok(Input::Quit);
        };
        if is_quit(&text) {
            return Ok(Input::Quit);
        }
        match checked_move(pos, &text) {
            Ok(mv) => return Ok(Input::Move(mv)),
            Err(reason) => writeln!(out, "Invalid move {text:?}: {reason}. Try again.")?,
        }
    }
}

fn choose_move<R: BufRead, W: Write>(
    input: &mut R,
    out: &mut W,
    pos: &Position,
    kind: PlayerKind,
    searcher: &mut Searcher,
) -> io::Result<Input> {
    if legal_moves(pos) == [Move::Pass] {
        writeln!(out, "No legal move: passes (0000).")?;
        return Ok(Input::Move(Move::Pass));
    }
    match kind {
        PlayerKind::Human => read_move(input, out, pos),
        PlayerKind::Engine(depth) => {
            let mv = best_move_at_depth(searcher, pos, depth).unwrap_or(Move::Pass);
            writeln!(out, "Computer plays {mv}")?;
            Ok(Input::Move(mv))
        }
    }
}

fn announce<W: Write>(
    out: &mut W,
    pos: &Position,
    players: &Players,
    quit: bool,
) -> io::Result<()> {
    writeln!(out, "\n{pos}")?;
    writeln!(out, "Final position: {}", pos.fen())?;
    let (x, o) = (pos.count(Side::X), pos.count(Side::O));
    writeln!(out, "Stones: x {x}, o {o}.")?;
    let message = match pos.outcome() {
        _ if quit => "Game stopped before the end.".to_string(),
        Some(Outcome::Win(side)) => format!("{} ({}) wins.", players.name(side), colour_name(side)),
        Some(Outcome::Draw) => "The game is a draw.".to_string(),
        None => "Game stopped before the end.".to_string(),
    };
    writeln!(out, "{message}")
}

fn save_replay<R: BufRead, W: Write>(
    input: &mut R,
    out: &mut W,
    config: &GameConfig,
    replay: &Replay,
) -> Result<Option<PathBuf>, GameError> {
    let path = match &config.save {
        Some(path) => path.clone(),
        None => {
            write!(out, "Save the replay? File name (empty for no): ")?;
            out.flush()?;
            match read_line(input)? {
                Some(name) if !name.is_empty() => PathBuf::from(name),
                _ => return Ok(None),
            }
        }
    };
    replay.save(&path)?;
    writeln!(out, "Replay saved to {}", path.display())?;
    Ok(Some(path))
}

/// Plays a game on the terminal described by `input` and `out`.
pub fn play<R: BufRead, W: Write>(
    input: &mut R,
    out: &mut W,
    config: &GameConfig,
) -> Result<GameEnd, GameError> {
    writeln!(
        out,
        "Ataxx. White (x) moves first. Type quit at any time to stop."
    )?;
    let kinds = [config.white, config.black];
    let names = [
        ask_name(input, out, Side::X, kinds[0])?,
        ask_name(input, out, Side::O, kinds[1])?,
    ];
    let players = Players { kinds, names };
    let mut searcher = Searcher::new(18);
    let mut pos = config.start;
    let mut moves = Vec::new();
    let mut quit = false;
    while !pos.is_game_over() {
        let side = pos.turn();
        writeln!(out, "\n{pos}")?;
        writeln!(
            out,
            "{} ({}) to move.",
            players.name(side),
            colour_name(side)
        )?;
        match choose_move(input, out, &pos, players.kind(side), &mut searcher)? {
            Input::Quit => {
                quit = true;
                break;
            }
            Input::Move(mv) => {
                pos = pos.make(mv);
                moves.push(mv);
            }
        }
    }
    announce(out, &pos, &players, quit)?;
    let replay = Replay::new(&players.names[0], &players.names[1], &config.start, &moves);
    let saved = save_replay(input, out, config, &replay)?;
    Ok(GameEnd {
        position: pos,
        moves,
        outcome: pos.outcome(),
        quit,
        saved,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(script: &str, config: &GameConfig) -> (GameEnd, String) {
        let mut input = script.as_bytes();
        let mut out = Vec::new();
        let end = play(&mut input, &mut out, config).unwrap();
        (end, String::from_utf8(out).unwrap())
    }

    #[test]
    fn invalid_inputs_are_explained() {
        let config = GameConfig {
            white: PlayerKind::Human,
            black: PlayerKind::Human,
            ..GameConfig::default()
        };
        let script = "Aino\n\nh9\nd4\na7e7\nd1c3\ng7f6\na1\ngarbage\nb6\na2\nquit\n\n";
        let (end, text) = run(script, &config);
        assert!(end.quit);
        assert_eq!(end.moves.len(), 2);
        for expected in [
            "off the board",
            "too far to clone",
            "occupied",
            "too far: distance 4",
            "no stone on d1",
            "cannot read",
            "is not yours",
            "Aino (white, x) to move",
        ] {
            assert!(text.contains(expected), "missing {expected:?} in\n{text}");
        }
    }

    #[test]
    fn engines_finish_a_game() {
        let config = GameConfig {
            white: PlayerKind::Engine(1),
            black: PlayerKind::Engine(2),
            start: Position::from_fen("7/7/7/7/-------/-------/x5o x 0 1").unwrap(),
            ..GameConfig::default()
        };
        let (end, text) = run("\n", &config);
        assert!(end.outcome.is_some(), "{text}");
        assert!(!end.quit);
    }

    #[test]
    fn player_kinds() {
        assert_eq!("human".parse(), Ok(PlayerKind::Human));
        assert_eq!("depth3".parse(), Ok(PlayerKind::Engine(3)));
        assert_eq!("Depth-2".parse(), Ok(PlayerKind::Engine(2)));
        assert!("depth0".parse::<PlayerKind>().is_err());
        assert!("robot".parse::<PlayerKind>().is_err());
    }
}
