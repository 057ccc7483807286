//! One round of one of our tournaments as the venue sees it: its boards in
//! the order FIDE's rules give them (C.04.2: the higher score of the pair,
//! then the sum of the scores, then the rank of the higher-ranked player:
//! more points, then the better start number; round robins
//! in the Berger table's order), with each side's points before the round
//! and the result when entered, and who has a bye or is absent.

use crate::model::{Bye, Cell, Colour, GameResult, System, Tournament};

/// One board of a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Board number, from 1.
    pub number: u32,
    /// White's start number (the first player when colours are not recorded).
    pub white: u32,
    /// Black's start number.
    pub black: u32,
    /// Whether the colours are recorded.
    pub coloured: bool,
    /// White's result, when entered.
    pub result: Option<GameResult>,
}

/// A round's boards, byes and absences.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Round {
    /// Round number, from 1.
    pub number: u32,
    /// The boards, board 1 first.
    pub boards: Vec<Board>,
    /// Players without a game: start number and the bye.
    pub byes: Vec<(u32, Bye)>,
    /// Players neither paired nor given a bye (withdrawn, not yet entered).
    pub absent: Vec<u32>,
}

impl Round {
    /// The board a player sits at.
    pub fn board_of(&self, start_no: u32) -> Option<&Board> {
        self.boards
            .iter()
            .find(|b| b.white == start_no || b.black == start_no)
    }

    /// The boards paired whose result is not entered yet.
    pub fn without_results(&self) -> impl Iterator<Item = &Board> {
        self.boards.iter().filter(|b| b.result.is_none())
    }

    /// Whether anyone is paired or given the pairing's bye in the round.
    pub fn is_paired(&self) -> bool {
        !self.boards.is_empty() || self.byes.iter().any(|b| b.1 == Bye::PairingAllocated)
    }
}

/// Points in half points of player `start_no` before round `round` (from 1).
pub fn half_points_before(t: &Tournament, start_no: u32, round: u32) -> u32 {
    t.entry(start_no).map_or(0, |e| {
        e.cells
            .iter()
            .take(round.saturating_sub(1) as usize)
            .map(Cell::half_points)
            .sum()
    })
}

/// Round `round` (from 1) of `t`: its boards in board order.
pub fn round(t: &Tournament, round: u32) -> Round {
    let index = round.saturating_sub(1) as usize;
    let mut boards = Vec::new();
    let mut byes = Vec::new();
    let mut absent = Vec::new();
    for e in &t.entries {
        match e.cells.get(index).copied().unwrap_or(Cell::Absent) {
            Cell::Game {
                opponent,
                colour,
                result,
            } => {
                if let Some(board) = board_from(e.start_no, opponent, colour, Some(result)) {
                    boards.push(board);
                }
            }
            Cell::Paired { opponent, colour } => {
                if let Some(board) = board_from(e.start_no, opponent, colour, None) {
                    boards.push(board);
                }
            }
            Cell::Bye(bye) => byes.push((e.start_no, bye)),
            Cell::Absent => absent.push(e.start_no),
        }
    }
    let berger = if t.system == System::RoundRobin {
        round_robin_order(t.entries.len() as u32, index)
    } else {
        Vec::new()
    };
    boards.sort_by_key(|b| {
        let (w, k) = (
            half_points_before(t, b.white, round),
            half_points_before(t, b.black, round),
        );
        let berger_place = berger
            .iter()
            .position(|&(x, y)| (x, y) == (b.white, b.black) || (y, x) == (b.white, b.black))
            .unwrap_or(usize::MAX);
        // The higher-ranked player: more points, then the better start number.
        let higher = if (std::cmp::Reverse(w), b.white) < (std::cmp::Reverse(k), b.black) {
            b.white
        } else {
            b.black
        };
        (
            berger_place,
            std::cmp::Reverse(w.max(k)),
            std::cmp::Reverse(w + k),
            higher,
        )
    });
    for (i, board) in boards.iter_mut().enumerate() {
        board.number = i as u32 + 1;
    }
    Round {
        number: round,
        boards,
        byes,
        absent,
    }
}

/// The board of a game seen from `me`'s row, once per game: from white's
/// row, or from the lower start number's when colours are not recorded.
fn board_from(
    me: u32,
    opponent: u32,
    colour: Option<Colour>,
    result: Option<GameResult>,
) -> Option<Board> {
    let (white, black, result) = match colour {
        Some(Colour::White) => (me, opponent, result),
        Some(Colour::Black) => return None,
        None if me < opponent => (me, opponent, result),
        None => return None,
    };
    Some(Board {
        number: 0,
        white,
        black,
        coloured: colour.is_some(),
        result,
    })
}

/// The boards of a round (index from 0) of the Berger table, repeated over
/// the cycles.
fn round_robin_order(players: u32, index: usize) -> Vec<(u32, u32)> {
    let schedule = pairing::roundrobin::berger_schedule(players);
    if schedule.is_empty() {
        return Vec::new();
    }
    schedule[index % schedule.len()].boards.clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entry, Slug};

    fn entry(start_no: u32, cells: Vec<Cell>) -> Entry {
        Entry {
            start_no,
            player: Slug::parse(&format!("p{start_no}")).unwrap(),
            rating: None,
            rank: None,
            cells,
            handicaps: Vec::new(),
            line: start_no as usize + 1,
        }
    }

    fn game(opponent: u32, colour: Colour, result: GameResult) -> Cell {
        Cell::Game {
            opponent,
            colour: Some(colour),
            result,
        }
    }

    fn paired(opponent: u32, colour: Colour) -> Cell {
        Cell::Paired {
            opponent,
            colour: Some(colour),
        }
    }

    #[test]
    fn boards_go_by_the_higher_score_then_the_sum_then_the_better_number() {
        use Colour::{Black, White};
        use GameResult::{Draw, Loss, Win};
        // After round 1: 1 and 3 won (1 point), 2 and 4 lost, 5 and 6 drew.
        // Round 2: 4-2 (0+0), 3-1 (1+1), 6-5 (½+½). By C.04.2 the boards
        // are 1: 3-1 (top score 1), 2: 6-5 (top ½), 3: 4-2 (top 0).
        let t = Tournament {
            entries: vec![
                entry(1, vec![game(2, White, Win), paired(3, Black)]),
                entry(2, vec![game(1, Black, Loss), paired(4, Black)]),
                entry(3, vec![game(4, Black, Win), paired(1, White)]),
                entry(4, vec![game(3, White, Loss), paired(2, White)]),
                entry(5, vec![game(6, White, Draw), paired(6, Black)]),
                entry(6, vec![game(5, Black, Draw), paired(5, White)]),
            ],
            ..crate::tournament::tests::sample("swiss", 2)
        };
        let r = round(&t, 2);
        let boards: Vec<(u32, u32, u32)> = r
            .boards
            .iter()
            .map(|b| (b.number, b.white, b.black))
            .collect();
        assert_eq!(boards, vec![(1, 3, 1), (2, 6, 5), (3, 4, 2)]);
        assert_eq!(r.without_results().count(), 3);
        assert_eq!(round(&t, 1).without_results().count(), 0);
    }
}
