//! The pairing system of the Turkish tournament manager's rules
//! (`--system simple`): an ordered search for each player's opponent
//! instead of the Dutch system's weighted matching.
//!
//! # The rules
//! Before each round the players are ordered by points, then by the
//! starting rank (the starting list orders by FIDE rating, national rating,
//! name in the tournament language's collation and licence number, none of
//! which change during the event, so points then starting rank is the
//! rules' whole order; the engine reads the starting rank as the pairing
//! number). From the top, each player not yet paired takes the first
//! opponent this search finds, among the players below him not yet paired,
//! and sits at the next board:
//!
//! 1. in his own score group, by these steps in turn, the player nearest
//!    in the order that fits the step:
//!    - 1.1 both players get the colour opposite to their previous one;
//!    - 1.2 he gets the opposite of his previous colour, the opponent the
//!      same as his previous one (if the colour rules allow it);
//!    - 1.3 he gets the same colour as his previous one (if the colour
//!      rules allow it), the opponent the opposite of his;
//! 2. if none fits, the same steps in the next lower score group, and so on.
//!
//! Rules never broken: two players meet once; nobody gets the same colour
//! three times in a row or one colour more than twice as often as the
//! other; with an odd number of players the lowest ranked player who has
//! not yet scored a point without playing (a bye or an absent opponent)
//! gets the bye (one point, no colour). In round 1, odd starting ranks
//! get the colour the director chose for the first player, even ones the
//! other.
//!
//! # How the rules are read
//! - *Previous colour*: the colour of the player's last game played over
//!   the board. Byes do not count for colours (the rules say so); forfeited
//!   games were not played and do not count either, and a forfeited game
//!   is no meeting.
//! - A player with no previous colour fits "the opposite of his previous
//!   colour" with either colour. When neither player has one, the colour
//!   goes by the round-1 rule: the first player (the one searching) gets
//!   the director's colour if his starting rank is odd, the other if even;
//!   so in round 1 the opponents are 1–2, 3–4, ... when nobody is absent.
//! - *Dead ends*: taking the first fitting opponent can leave players at
//!   the bottom who cannot be paired (they have met, or the colours
//!   forbid it). The rules say nothing of this case; the search then goes
//!   back to the latest choice that has another fitting opponent (the next
//!   one in the same order) and, last of all, gives the bye to the next
//!   lowest eligible player. A pairing the search finds without going back
//!   is exactly the rules' pairing; going back happens only where the rules
//!   would give none.
use crate::dutch::{Pairing, PairingError};
use crate::input::{PairingInput, PlayerState};
use trf::Colour;

/// The candidates the search may try in one round before it gives up
/// (so that no input makes it run for long).
pub const SEARCH_LIMIT: usize = 2_000_000;

/// The steps of the opponent search within one score group, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// 1.1: both players get the colour opposite to their previous one.
    BothAlternate,
    /// 1.2: the opponent repeats his previous colour.
    OpponentRepeats,
    /// 1.3: the player searching repeats his previous colour.
    SeekerRepeats,
}

const STEPS: [Step; 3] = [
    Step::BothAlternate,
    Step::OpponentRepeats,
    Step::SeekerRepeats,
];

/// One player's colour history (played games only).
#[derive(Debug, Clone, Copy)]
struct Colours {
    /// Whites minus blacks.
    difference: i32,
    last: Option<Colour>,
    last_two: Option<(Colour, Colour)>,
}

impl Colours {
    fn of(st: &PlayerState) -> Colours {
        let played = st.played_colours();
        let games = &played.games;
        let difference = played.difference;
        let last = games.last().copied();
        let before = games.len().checked_sub(2).map(|k| games[k]);
        Colours {
            difference,
            last,
            last_two: before.zip(last),
        }
    }

    /// The colour rules: not three times in a row, not one colour more
    /// than twice as often as the other.
    fn allows(&self, c: Colour) -> bool {
        let difference = self.difference + if c == Colour::White { 1 } else { -1 };
        difference.abs() <= 2 && self.last_two != Some((c, c))
    }

    /// `c` is the opposite of the previous colour (any colour when there
    /// is none).
    fn alternates(&self, c: Colour) -> bool {
        self.last != Some(c)
    }

    fn repeats(&self, c: Colour) -> bool {
        self.last == Some(c)
    }
}

/// A player to be paired.
struct Entrant<'a> {
    st: &'a PlayerState,
    colours: Colours,
}

/// The colour the searching player (`s`, starting rank `s_no`) gets
/// against `o` by `step`, if the step fits them and the colour rules allow
/// both colours.
fn colour_for(s: &Colours, s_no: u32, o: &Colours, step: Step, initial: Colour) -> Option<Colour> {
    // The seeker's colour tried first: the opposite of his previous one,
    // else the one that alternates the opponent's, else the round-1 rule.
    let first = match (s.last, o.last) {
        (Some(l), _) => l.opposite(),
        (None, Some(l)) => l,
        (None, None) if s_no % 2 == 1 => initial,
        (None, None) => initial.opposite(),
    };
    [first, first.opposite()].into_iter().find(|&c| {
        let d = c.opposite();
        let fits = match step {
            Step::BothAlternate => s.alternates(c) && o.alternates(d),
            Step::OpponentRepeats => s.alternates(c) && o.repeats(d),
            Step::SeekerRepeats => s.repeats(c) && o.alternates(d),
        };
        fits && s.allows(c) && o.allows(d)
    })
}

/// The search's state: who is paired, the boards so far, the candidates
/// left to try.
struct Search<'a> {
    players: Vec<Entrant<'a>>,
    used: Vec<bool>,
    boards: Vec<(usize, usize)>,
    initial: Colour,
    budget: usize,
}

impl Search<'_> {
    fn met(&self, a: usize, b: usize) -> bool {
        self.players[a]
            .st
            .opponents
            .contains(&self.players[b].st.id)
    }

    /// Pairs every player not yet used, the highest first; false if no
    /// pairing of them fits (or the budget is spent).
    fn pair_rest(&mut self) -> bool {
        let Some(s) = self.used.iter().position(|u| !u) else {
            return true;
        };
        self.used[s] = true;
        let n = self.players.len();
        let mut group_start = s + 1;
        while group_start < n {
            // The next score group among the players below `s`.
            let score = self.players[group_start].st.score;
            let group_end = (group_start..n)
                .find(|&j| self.players[j].st.score != score)
                .unwrap_or(n);
            for step in STEPS {
                for o in group_start..group_end {
                    if self.try_opponent(s, o, step) {
                        return true;
                    }
                    if self.budget == 0 {
                        return false;
                    }
                }
            }
            group_start = group_end;
        }
        self.used[s] = false;
        false
    }

    /// Seats `s` against `o` if the step fits them, and pairs the rest.
    fn try_opponent(&mut self, s: usize, o: usize, step: Step) -> bool {
        if self.used[o] || self.met(s, o) {
            return false;
        }
        let (ps, po) = (&self.players[s], &self.players[o]);
        let Some(c) = colour_for(
            &ps.colours,
            ps.st.pairing_no,
            &po.colours,
            step,
            self.initial,
        ) else {
            return false;
        };
        self.budget = self.budget.saturating_sub(1);
        self.used[o] = true;
        self.boards
            .push(if c == Colour::White { (s, o) } else { (o, s) });
        if self.pair_rest() {
            return true;
        }
        self.boards.pop();
        self.used[o] = false;
        false
    }
}

/// Pairs the round described by `input` by the Turkish tournament
/// manager's rules (see the module documentation): boards in the order
/// they were made, the bye apart.
pub fn pair_simple(input: &PairingInput) -> Result<Pairing, PairingError> {
    let mut players: Vec<Entrant<'_>> = input
        .players
        .iter()
        .filter(|p| p.present)
        .map(|st| Entrant {
            st,
            colours: Colours::of(st),
        })
        .collect();
    players.sort_by_key(|p| (std::cmp::Reverse(p.st.score), p.st.pairing_no, p.st.id));
    let n = players.len();
    let mut search = Search {
        used: vec![false; n],
        boards: Vec::new(),
        initial: input.initial_colour,
        budget: SEARCH_LIMIT,
        players,
    };
    // The bye: the lowest ranked player who has not scored without playing
    // (then the next one up, when the others cannot all be paired).
    let bye_candidates: Vec<Option<usize>> = if n % 2 == 1 {
        (0..n)
            .rev()
            .filter(|&i| !search.players[i].st.had_bye_or_forfeit_win)
            .map(Some)
            .collect()
    } else {
        vec![None]
    };
    for bye in bye_candidates {
        if let Some(x) = bye {
            search.used[x] = true;
        }
        if search.pair_rest() {
            let id = |i: usize| search.players[i].st.id;
            return Ok(Pairing {
                boards: search.boards.iter().map(|&(w, b)| (id(w), id(b))).collect(),
                bye: bye.map(id),
                dropped_criteria: Vec::new(),
            });
        }
        if search.budget == 0 {
            return Err(PairingError::SearchLimit(SEARCH_LIMIT));
        }
        if let Some(x) = bye {
            search.used[x] = false;
        }
    }
    Err(PairingError::NoLegalPairing(n))
}

#[cfg(test)]
mod tests;
