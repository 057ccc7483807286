//! Bitboard position: squares, sides, FEN, making moves, game end and result.
//!
//! Squares are numbered `rank * 7 + file` with `a1 = 0`, `g1 = 6`, `a7 = 42`
//! and `g7 = 48`; bit `n` of a bitboard is square `n`.

use std::fmt;

use thiserror::Error;

/// Number of files and ranks.
pub const SIZE: u8 = 7;
/// Number of squares.
pub const SQUARES: usize = 49;
/// Every square of the board.
pub const BOARD: u64 = (1 << SQUARES) - 1;
/// The standard start position.
pub const START_FEN: &str = "x5o/7/7/7/7/7/o5x x 0 1";
/// The halfmove clock value that ends the game in a draw (unless decided).
pub const HALFMOVE_LIMIT: u32 = 100;

const FILE_A: u64 = column_mask(0);
const FILE_G: u64 = column_mask(6);

const fn column_mask(file: u8) -> u64 {
    let mut mask = 0;
    let mut rank = 0;
    while rank < SIZE {
        mask |= 1 << (rank * SIZE + file);
        rank += 1;
    }
    mask
}

/// Squares at Chebyshev distance exactly `dist` from every square.
const fn ring_table(dist: u8) -> [u64; SQUARES] {
    let mut table = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = ((sq % 7) as i32, (sq / 7) as i32);
        let mut to = 0;
        while to < SQUARES {
            let (tf, tr) = ((to % 7) as i32, (to / 7) as i32);
            let df = if tf > f { tf - f } else { f - tf };
            let dr = if tr > r { tr - r } else { r - tr };
            let d = if df > dr { df } else { dr };
            if d == dist as i32 {
                table[sq] |= 1 << to;
            }
            to += 1;
        }
        sq += 1;
    }
    table
}

/// Squares adjacent to each square (distance 1: clone targets, capture area).
pub const NEIGHBOURS: [u64; SQUARES] = ring_table(1);
/// Squares at distance 2 from each square (jump targets).
pub const JUMPS: [u64; SQUARES] = ring_table(2);

/// All squares adjacent to any square of `bb`.
#[inline]
pub fn singles(bb: u64) -> u64 {
    let west = (bb >> 1) & !FILE_G;
    let east = (bb << 1) & !FILE_A & BOARD;
    let row = bb | west | east;
    (row | (row << 7) | (row >> 7)) & BOARD
}

/// Iterator over the set squares of a bitboard.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(sq))
    }
}

/// A board square, `0..49`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < SIZE && rank < SIZE).then_some(Square(rank * SIZE + file))
    }

    /// The square with index `index` (`a1 = 0` … `g7 = 48`), if on the board.
    pub fn from_index(index: usize) -> Option<Square> {
        (index < SQUARES).then_some(Square(index as u8))
    }

    /// Index `0..49`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// File `0..7` (0 = a).
    pub fn file(self) -> u8 {
        self.0 % SIZE
    }

    /// Rank `0..7` (0 = rank 1).
    pub fn rank(self) -> u8 {
        self.0 / SIZE
    }

    /// Single-bit bitboard of this square.
    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// Chebyshev (king move) distance to `other`.
    pub fn distance(self, other: Square) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        df.max(dr)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A side: `X` moves first in the standard start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Player one, `x` in FEN (the original design's white).
    X = 0,
    /// Player two, `o` in FEN (the original design's black).
    O = 1,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// FEN letter.
    pub fn letter(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }

    fn idx(self) -> usize {
        self as usize
    }
}

/// What occupies a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing; stones may move here.
    Empty,
    /// A blocked square (`-` in FEN).
    Gap,
    /// A stone of a side.
    Stone(Side),
}

/// A move: a clone to an adjacent square, a jump, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Clone onto this square from any adjacent own stone.
    Single(Square),
    /// Jump from the first square to the second (distance 2).
    Double(Square, Square),
    /// Pass (`0000`), legal only when the side to move has no move.
    Pass,
}

impl Move {
    /// The target square, if the move is not a pass.
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Single(to) | Move::Double(_, to) => Some(to),
            Move::Pass => None,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Equal stones, or the halfmove clock ran out.
    Draw,
}

/// Errors reading a FEN string.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum FenError {
    /// Not the expected number of fields.
    #[error("FEN needs a board and a side to move (and optionally two counters): {0:?}")]
    Fields(String),
    /// The board does not have 7 ranks.
    #[error("FEN board needs 7 ranks separated by '/', found {0}")]
    Ranks(usize),
    /// A rank does not describe exactly 7 squares.
    #[error("FEN rank {rank} describes {count} squares instead of 7")]
    RankLength {
        /// Rank number, 1..7.
        rank: usize,
        /// Squares described.
        count: usize,
    },
    /// A character that is not `x`, `o`, `-` or a digit 1–7.
    #[error("unexpected character {0:?} in FEN board")]
    Char(char),
    /// The side to move is not `x` or `o`.
    #[error("side to move must be 'x' or 'o', found {0:?}")]
    Side(String),
    /// A counter is not a number.
    #[error("FEN counter is not a non-negative number: {0:?}")]
    Counter(String),
}

/// Why a move is illegal in a position.
#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum MoveError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// A jump from an empty square.
    #[error("there is no stone on {0}")]
    NoStone(Square),
    /// A jump from a blocked square.
    #[error("{0} is a blocked square, there is no stone on it")]
    FromGap(Square),
    /// A jump with the opponent's stone.
    #[error("the stone on {0} is not yours")]
    NotYours(Square),
    /// The target holds a stone.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// The target is a gap.
    #[error("{0} is a blocked square")]
    Blocked(Square),
    /// Jump longer than 2.
    #[error("{from} to {to} is too far: distance {distance}, at most 2 is allowed")]
    TooFar {
        /// Origin.
        from: Square,
        /// Target.
        to: Square,
        /// Chebyshev distance.
        distance: u8,
    },
    /// A clone target with no own stone next to it.
    #[error(
        "none of your stones is next to {0}: too far to clone (give the origin to jump, e.g. a1c3)"
    )]
    NoNeighbour(Square),
    /// A pass while moves exist.
    #[error("you cannot pass while you have a legal move")]
    PassNotAllowed,
    /// A real move while only a pass is possible.
    #[error("you have no legal move and must pass (0000)")]
    MustPass,
}

/// A position: stones of both sides, gaps, side to move and counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    stones: [u64; 2],
    gaps: u64,
    turn: Side,
    halfmoves: u32,
    fullmoves: u32,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The standard start position (`x5o/7/7/7/7/7/o5x x 0 1`).
    pub fn start() -> Position {
        let corner = |f, r| Square::new(f, r).map_or(0, Square::bit);
        Position {
            stones: [corner(0, 6) | corner(6, 0), corner(6, 6) | corner(0, 0)],
            gaps: 0,
            turn: Side::X,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Parses a FEN string; the two counters are optional (default `0 1`).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(2..=4).contains(&fields.len()) {
            return Err(FenError::Fields(fen.to_string()));
        }
        let (stones, gaps) = parse_board(fields[0])?;
        let turn = match fields[1] {
            "x" | "X" => Side::X,
            "o" | "O" => Side::O,
            other => return Err(FenError::Side(other.to_string())),
        };
        let counter = |i: usize, default: u32| -> Result<u32, FenError> {
            fields.get(i).map_or(Ok(default), |s| {
                s.parse().map_err(|_| FenError::Counter(s.to_string()))
            })
        };
        Ok(Position {
            stones,
            gaps,
            turn,
            halfmoves: counter(2, 0)?,
            fullmoves: counter(3, 1)?,
        })
    }

    /// The FEN string of this position.
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..SIZE).rev() {
            let mut run = 0;
            for file in 0..SIZE {
                let c = match self.cell(Square(rank * SIZE + file)) {
                    Cell::Empty => {
                        run += 1;
                        continue;
                    }
                    Cell::Gap => '-',
                    Cell::Stone(side) => side.letter(),
                };
                push_run(&mut out, &mut run);
                out.push(c);
            }
            push_run(&mut out, &mut run);
            if rank > 0 {
                out.push('/');
            }
        }
        format!(
            "{out} {} {} {}",
            self.turn.letter(),
            self.halfmoves,
            self.fullmoves
        )
    }

    /// What is on `sq`.
    pub fn cell(&self, sq: Square) -> Cell {
        let bit = sq.bit();
        if self.stones[0] & bit != 0 {
            Cell::Stone(Side::X)
        } else if self.stones[1] & bit != 0 {
            Cell::Stone(Side::O)
        } else if self.gaps & bit != 0 {
            Cell::Gap
        } else {
            Cell::Empty
        }
    }

    /// Side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Halfmove clock: plies since the last clone.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// Fullmove number, incremented after `o` moves.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Stones of `side`.
    pub fn stones(&self, side: Side) -> u64 {
        self.stones[side.idx()]
    }

    /// Blocked squares.
    pub fn gaps(&self) -> u64 {
        self.gaps
    }

    /// Empty squares.
    #[inline]
    pub fn empty(&self) -> u64 {
        !(self.stones[0] | self.stones[1] | self.gaps) & BOARD
    }

    /// Number of stones of `side`.
    pub fn count(&self, side: Side) -> u32 {
        self.stones(side).count_ones()
    }

    /// Whether `side` has a clone or jump (ignoring the game-over rules).
    #[inline]
    pub fn can_move(&self, side: Side) -> bool {
        singles(singles(self.stones(side))) & self.empty() != 0
    }

    /// True when a side has no stones, the halfmove clock reached 100, or no
    /// empty square is reachable by either side.
    #[inline]
    pub fn is_game_over(&self) -> bool {
        self.stones[0] == 0
            || self.stones[1] == 0
            || self.halfmoves >= HALFMOVE_LIMIT
            || singles(singles(self.stones[0] | self.stones[1])) & self.empty() == 0
    }

    /// The result if the game is over.
    ///
    /// A side without stones loses; a position where no empty square can be
    /// reached is decided by stone count; otherwise a 100-halfmove ending is a
    /// draw.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_game_over() {
            return None;
        }
        let (x, o) = (self.count(Side::X), self.count(Side::O));
        let decided = x == 0 || o == 0 || !self.can_move(Side::X) && !self.can_move(Side::O);
        Some(match (decided, x.cmp(&o)) {
            (true, std::cmp::Ordering::Greater) => Outcome::Win(Side::X),
            (true, std::cmp::Ordering::Less) => Outcome::Win(Side::O),
            _ => Outcome::Draw,
        })
    }

    /// The position after `mv`, which must be legal (see [`Position::check`]).
    #[inline]
    pub fn make(&self, mv: Move) -> Position {
        let mut next = *self;
        let (us, them) = (self.turn.idx(), self.turn.other().idx());
        next.halfmoves = next.halfmoves.saturating_add(1);
        match mv {
            Move::Pass => {}
            Move::Single(to) => {
                next.stones[us] |= to.bit();
                next.halfmoves = 0;
            }
            Move::Double(from, to) => next.stones[us] ^= from.bit() | to.bit(),
        }
        if let Some(to) = mv.to() {
            let captured = NEIGHBOURS[to.index()] & self.stones[them];
            next.stones[us] |= captured;
            next.stones[them] ^= captured;
        }
        if self.turn == Side::O {
            next.fullmoves = next.fullmoves.saturating_add(1);
        }
        next.turn = self.turn.other();
        next
    }

    /// Checks that `mv` is legal here, explaining why not.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_game_over() {
            return Err(MoveError::GameOver);
        }
        let can_move = self.can_move(self.turn);
        match mv {
            Move::Pass if can_move => Err(MoveError::PassNotAllowed),
            Move::Pass => Ok(()),
            _ if !can_move => Err(MoveError::MustPass),
            Move::Single(to) => self.check_single(to),
            Move::Double(from, to) => self.check_jump(from, to),
        }
    }

    fn check_target(&self, to: Square) -> Result<(), MoveError> {
        match self.cell(to) {
            Cell::Empty => Ok(()),
            Cell::Gap => Err(MoveError::Blocked(to)),
            Cell::Stone(_) => Err(MoveError::Occupied(to)),
        }
    }

    fn check_single(&self, to: Square) -> Result<(), MoveError> {
        self.check_target(to)?;
        if NEIGHBOURS[to.index()] & self.stones(self.turn) == 0 {
            return Err(MoveError::NoNeighbour(to));
        }
        Ok(())
    }

    fn check_jump(&self, from: Square, to: Square) -> Result<(), MoveError> {
        match self.cell(from) {
            Cell::Empty => return Err(MoveError::NoStone(from)),
            Cell::Gap => return Err(MoveError::FromGap(from)),
            Cell::Stone(side) if side != self.turn => return Err(MoveError::NotYours(from)),
            Cell::Stone(_) => {}
        }
        self.check_target(to)?;
        let distance = from.distance(to);
        if distance > 2 {
            return Err(MoveError::TooFar { from, to, distance });
        }
        Ok(())
    }

    /// Checks a move given as origin and target, explaining in the original design's
    /// order (stone on the origin, the mover's, target empty, distance at
    /// most 2); a distance-1 move is the clone onto `to`.
    pub fn check_from_to(&self, from: Square, to: Square) -> Result<Move, MoveError> {
        if self.is_game_over() {
            return Err(MoveError::GameOver);
        }
        self.check_jump(from, to)?;
        let mv = match from.distance(to) {
            1 => Move::Single(to),
            _ => Move::Double(from, to),
        };
        self.check(mv).map(|()| mv)
    }

    /// Makes `mv` after checking it.
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        self.check(mv)?;
        Ok(self.make(mv))
    }
}

fn push_run(out: &mut String, run: &mut u8) {
    if *run > 0 {
        out.push((b'0' + *run) as char);
        *run = 0;
    }
}

fn parse_board(board: &str) -> Result<([u64; 2], u64), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != SIZE as usize {
        return Err(FenError::Ranks(ranks.len()));
    }
    let mut stones = [0u64; 2];
    let mut gaps = 0u64;
    for (row, text) in ranks.iter().enumerate() {
        let rank = SIZE as usize - 1 - row;
        let mut file = 0usize;
        for c in text.chars() {
            let target = match c {
                '1'..='7' => {
                    file += c as usize - '0' as usize;
                    continue;
                }
                'x' | 'X' => &mut stones[0],
                'o' | 'O' => &mut stones[1],
                '-' => &mut gaps,
                _ => return Err(FenError::Char(c)),
            };
            if file < SIZE as usize {
                *target |= 1 << (rank * SIZE as usize + file);
            }
            file += 1;
        }
        if file != SIZE as usize {
            return Err(FenError::RankLength {
                rank: rank + 1,
                count: file,
            });
        }
    }
    Ok((stones, gaps))
}

impl fmt::Display for Position {
    /// Draws the board with coordinates (rank 7 on top).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "    a b c d e f g")?;
        writeln!(f, "  +---------------+")?;
        for rank in (0..SIZE).rev() {
            write!(f, "{} |", rank + 1)?;
            for file in 0..SIZE {
                let c = match self.cell(Square(rank * SIZE + file)) {
                    Cell::Empty => '.',
                    Cell::Gap => '#',
                    Cell::Stone(side) => side.letter(),
                };
                write!(f, " {c}")?;
            }
            writeln!(f, " | {}", rank + 1)?;
        }
        writeln!(f, "  +---------------+")?;
        write!(f, "    a b c d e f g")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_round_trip() {
        for fen in [
            START_FEN,
            "x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7",
            "7/7/7/7/-------/-------/x5o x 0 1",
        ] {
            assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
        }
        assert_eq!(Position::start().fen(), START_FEN);
    }

    #[test]
    fn bad_fens() {
        for fen in [
            "",
            "x5o/7/7/7/7/7 x 0 1",
            "x5o/7/7/7/7/7/o6x x",
            "x5o/7/7/7/7/7/o5 x",
            "x5o/7/7/7/7/7/o5x y",
            "x5o/7/7/7/7/7/o5x x -1 1",
            "x5o/7/7/7/7/7/o5z x",
            "x9/7/7/7/7/7/7 x",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/7/7/7/7/7/7 x",
        ] {
            assert!(Position::from_fen(fen).is_err(), "{fen}");
        }
    }

    #[test]
    fn tables() {
        let a1 = Square::new(0, 0).unwrap();
        assert_eq!(NEIGHBOURS[a1.index()].count_ones(), 3);
        assert_eq!(JUMPS[a1.index()].count_ones(), 5);
        let d4 = Square::new(3, 3).unwrap();
        assert_eq!(NEIGHBOURS[d4.index()].count_ones(), 8);
        assert_eq!(JUMPS[d4.index()].count_ones(), 16);
        for (sq, neighbours) in NEIGHBOURS.iter().enumerate().take(SQUARES) {
            assert_eq!(singles(1 << sq) & !(1 << sq), *neighbours);
        }
    }
}
