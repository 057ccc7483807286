//! Tie-breaks named as in FIDE's tie-break regulations (handbook C.07, the
//! edition applied from 1 August 2024, and its amendment applied from 1 March 2026), plus
//! the Turkish tournament manager's "wins including forfeit wins" (`gs`) and its
//! virtual-opponent Buchholz.
//! The plain ids compute exactly what FIDE's reference checker (`tiebreakchecker.py`
//! of the Technical Commission) computes; `scripts/tiebreak-differential` compares them.
//!
//! # Unplayed rounds (C.07 article 16)
//!
//! A round is *played* when a game was played over the board; byes, absences and
//! forfeits are unplayed. A *voluntarily unplayed round* (VUR) is an unplayed round
//! not worth a win: a forfeit loss, a half- or zero-point bye, an absence. Forfeit
//! wins, full-point and pairing-allocated byes are unplayed but not VURs.
//!
//! The opponent-score tie-breaks (`bh`, `bh-c1`, `bh-c2`, `bh-m1`, `sb`) come in two
//! variants that differ only in how unplayed rounds are valued:
//!
//! * **FIDE "dummy opponent"** (plain id, e.g. `bh-c1`):
//!   - *Opponents' scores* (16.3): an opponent's score counts every round at its real
//!     value, except rounds without an opponent after the opponent's last round that
//!     is not a VUR (a withdrawal, or byes at the end), which count as draws (16.3.2).
//!   - *The player's own unplayed rounds* (16.4) count as a game against a dummy
//!     opponent whose score is the player's own final score. Under the amendment
//!     applied from 1 March 2026 (events starting on or after that day) the dummy's
//!     score is at most the real opponent's score for a forfeit and at most a draw in
//!     every round for a bye or absence.
//!   - *Cuts*: `-c1`, `-c2` and the low cut of `-m1` remove the player's own
//!     VURs first (least valuable first), then the lowest remaining values; the high
//!     cut of `-m1` removes the highest value.
//!   - *Round robins* (pre-determined pairings): every paired round counts as
//!     a game against its real opponent, forfeits included; rounds without an opponent
//!     count for nothing, and an opponent's rounds without an opponent after their last
//!     round that is not a VUR count as lost.
//! * **Seed 003 "virtual opponent"** (suffix `-virtual`, e.g. `bh-c1-virtual`): the
//!   original Finnish rule, kept as an option. Each unplayed round `r` of `n` completed
//!   rounds counts as a game against a virtual opponent whose score is the player's
//!   own score *before* round `r` plus ½ for each of the `n − r` rounds after it.
//!   Opponents' real final scores are used unchanged, and cuts remove the lowest values
//!   whatever their origin.
//!
//! In `sb`, each round's opponent value (real, dummy or virtual) is multiplied by the
//! points the player scored in that round, so a forfeit loss or zero-point bye adds nothing.
//!
//! The other tie-breaks do not use opponents' scores: `win` (FIDE WIN) counts every
//! round worth a win with or without playing (wins, forfeit wins, pairing-allocated
//! and full-point byes); `won` (FIDE WON) counts wins over the board only; `gs`
//! (the Turkish tournament manager's report) counts wins over the board plus forfeit wins; `ps` sums the running
//! score after each round (unplayed rounds with the points they gave); `bpg`
//! counts games played over the board with black (forfeits never count); `aro`
//! and `tpr` use games played over the board against rated opponents only;
//! `de` orders the players still tied by their games against each other (see
//! [`Facts::direct_encounter_tiers`]).

pub use crate::model::tiebreak::{parse_chain, Kind, TieBreak, Unplayed};
use crate::model::{Bye, Cell, Colour, Date, GameResult, System, Tournament};

/// Which edition of FIDE's unplayed-round rules applies (C.07 article 16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FideEdition {
    /// Applied from 1 August 2024: the dummy opponent has the player's own final score.
    From2024,
    /// Amendment applied from 1 March 2026: the dummy's score is capped by the real
    /// opponent's score (forfeits) or by a draw in every round (byes, absences).
    From2026,
}

impl FideEdition {
    /// The edition in force for an event starting on `start`.
    pub fn for_start(start: Date) -> FideEdition {
        if (start.year, start.month, start.day) >= (2026, 3, 1) {
            FideEdition::From2026
        } else {
            FideEdition::From2024
        }
    }
}

/// Precomputed facts about a tournament that every tie-break needs.
pub struct Facts<'a> {
    t: &'a Tournament,
    /// Completed rounds: the last round in which any row has a non-empty cell.
    pub rounds: usize,
    /// Final score of each row (index = start number − 1), half points.
    pub score: Vec<i64>,
    /// Score as opponents' tie-breaks see it (C.07 16.3), half points.
    adjusted: Vec<i64>,
    /// Rating used for ARO/TPR, per row.
    ratings: Vec<Option<u32>>,
    /// The FIDE edition whose unplayed-round rules apply.
    pub edition: FideEdition,
    /// Pre-determined pairings (round robin): forfeits count as games.
    round_robin: bool,
}

/// Index of a start number in per-row vectors.
fn index(start_no: u32) -> Option<usize> {
    (start_no as usize).checked_sub(1)
}

/// Whether a cell is an unplayed round (no game over the board). A pairing-allocated
/// bye is unplayed here: it has no opponent whose score could count.
pub fn is_unplayed(cell: &Cell) -> bool {
    match cell {
        Cell::Game { result, .. } => !result.is_played(),
        // A round paired but not played yet counts as not played (yet).
        Cell::Paired { .. } | Cell::Bye(_) | Cell::Absent => true,
    }
}

/// Whether a cell is a voluntarily unplayed round (C.07 article 16): unplayed and not
/// worth a win. Forfeit wins, full-point and pairing-allocated byes are not VURs.
pub fn is_vur(cell: &Cell) -> bool {
    matches!(
        cell,
        Cell::Game {
            result: GameResult::ForfeitLoss,
            ..
        } | Cell::Paired { .. }
            | Cell::Bye(Bye::Half | Bye::Zero)
            | Cell::Absent
    )
}

/// Whether a round has an opponent (a game, played, forfeited or pending).
fn has_opponent(cell: &Cell) -> bool {
    matches!(cell, Cell::Game { .. } | Cell::Paired { .. })
}

/// The score opponents' tie-breaks see (C.07 16.3): rounds without an opponent after
/// the last round that is not a VUR count as draws (as losses in a round robin).
fn adjusted_score(cells: &[Cell], rounds: usize, round_robin: bool) -> i64 {
    let cell = |r: usize| cells.get(r).unwrap_or(&Cell::Absent);
    let last_active = (0..rounds).rev().find(|&r| !is_vur(cell(r)));
    (0..rounds)
        .map(|r| {
            let c = cell(r);
            if has_opponent(c) || last_active.is_some_and(|last| r <= last) {
                i64::from(c.half_points())
            } else if round_robin {
                0
            } else {
                1
            }
        })
        .sum()
}

impl<'a> Facts<'a> {
    /// Computes the facts; `rating(start_no)` gives the rating used for ARO and TPR.
    pub fn new(t: &'a Tournament, rating: &dyn Fn(u32) -> Option<u32>) -> Self {
        let rounds = t
            .entries
            .iter()
            .filter_map(|e| e.cells.iter().rposition(|c| *c != Cell::Absent))
            .max()
            .map_or(0, |r| r + 1);
        let round_robin = t.system == System::RoundRobin;
        let size = t.entries.iter().map(|e| e.start_no).max().unwrap_or(0) as usize;
        let mut score = vec![0; size];
        let mut adjusted = vec![0; size];
        let mut ratings = vec![None; size];
        for e in &t.entries {
            let Some(i) = index(e.start_no) else {
                continue;
            };
            let cells = &e.cells[..rounds.min(e.cells.len())];
            score[i] = cells.iter().map(|c| i64::from(c.half_points())).sum();
            adjusted[i] = adjusted_score(cells, rounds, round_robin);
            ratings[i] = rating(e.start_no);
        }
        Facts {
            t,
            rounds,
            score,
            adjusted,
            ratings,
            edition: FideEdition::for_start(t.start),
            round_robin,
        }
    }

    fn cells(&self, start_no: u32) -> &[Cell] {
        self.t
            .entry(start_no)
            .map_or(&[][..], |e| &e.cells[..self.rounds.min(e.cells.len())])
    }

    /// Final score (half points) of a start number; 0 for numbers not in the table.
    pub fn score_of(&self, start_no: u32) -> i64 {
        index(start_no)
            .and_then(|i| self.score.get(i))
            .copied()
            .unwrap_or(0)
    }

    fn adjusted_of(&self, start_no: u32) -> i64 {
        self.adjusted
            .get(index(start_no).unwrap_or(usize::MAX))
            .copied()
            .unwrap_or(0)
    }

    /// The rating used for ARO/TPR for a start number.
    pub fn rating_of(&self, start_no: u32) -> Option<u32> {
        index(start_no)
            .and_then(|i| self.ratings.get(i))
            .copied()
            .flatten()
    }

    /// The dummy opponent's score for one of the player's unplayed rounds (C.07 16.4).
    fn dummy(&self, own: i64, opponent: Option<u32>) -> i64 {
        match self.edition {
            FideEdition::From2024 => own,
            FideEdition::From2026 => match opponent {
                Some(o) => own.min(self.adjusted_of(o)),
                None => own.min(self.rounds as i64),
            },
        }
    }

    /// Per round: (opponent value in half points, points scored that round, whether the
    /// round is the player's VUR). Round robins leave out rounds without an opponent.
    fn opponent_values(&self, start_no: u32, unplayed: Unplayed) -> Vec<(i64, i64, bool)> {
        let own = self.score_of(start_no);
        let mut before = 0;
        let mut out = Vec::with_capacity(self.rounds);
        for (r, cell) in self.cells(start_no).iter().enumerate() {
            let points = i64::from(cell.half_points());
            let opponent = match cell {
                Cell::Game { opponent, .. } | Cell::Paired { opponent, .. } => Some(*opponent),
                _ => None,
            };
            let played = !is_unplayed(cell);
            let entry = match (unplayed, opponent) {
                (Unplayed::Virtual, Some(o)) if played => Some((self.score_of(o), false)),
                (Unplayed::Virtual, _) => Some((before + (self.rounds - r - 1) as i64, false)),
                (Unplayed::Dummy, Some(o)) if played || self.round_robin => {
                    Some((self.adjusted_of(o), false))
                }
                (Unplayed::Dummy, None) if self.round_robin => None,
                (Unplayed::Dummy, o) => Some((self.dummy(own, o), is_vur(cell))),
            };
            if let Some((value, vur)) = entry {
                out.push((value, points, vur));
            }
            before += points;
        }
        // Rounds past the end of a short row are absences.
        if unplayed == Unplayed::Dummy && !self.round_robin {
            let missing = self.rounds.saturating_sub(self.cells(start_no).len());
            out.extend(std::iter::repeat_n(
                (self.dummy(own, None), 0, true),
                missing,
            ));
        }
        out
    }

    /// The value of one tie-break for one player, scaled by [`Kind::scale`]. `group`
    /// is the set of players still tied (used by direct encounter). `None` means the
    /// tie-break has no value for this player (e.g. TPR without rated games).
    pub fn value(&self, tb: TieBreak, start_no: u32, group: &[u32]) -> Option<i64> {
        let cells = self.cells(start_no);
        let count = |f: &dyn Fn(&Cell) -> bool| Some(cells.iter().filter(|c| f(c)).count() as i64);
        match tb.kind {
            Kind::Buchholz => Some(self.buchholz(start_no, tb.unplayed, 0, 0)),
            Kind::BuchholzCut1 => Some(self.buchholz(start_no, tb.unplayed, 1, 0)),
            Kind::BuchholzCut2 => Some(self.buchholz(start_no, tb.unplayed, 2, 0)),
            Kind::BuchholzMedian1 => Some(self.buchholz(start_no, tb.unplayed, 1, 1)),
            Kind::SonnebornBerger => Some(
                self.opponent_values(start_no, tb.unplayed)
                    .iter()
                    .map(|(value, points, _)| value * points)
                    .sum(),
            ),
            Kind::Win => count(&|c| c.half_points() == 2),
            Kind::Won => count(&|c| {
                matches!(
                    c,
                    Cell::Game {
                        result: GameResult::Win,
                        ..
                    }
                )
            }),
            Kind::WinsInclForfeits => count(&|c| {
                matches!(
                    c,
                    Cell::Game {
                        result: GameResult::Win | GameResult::ForfeitWin,
                        ..
                    }
                )
            }),
            Kind::Progressive => Some(
                cells
                    .iter()
                    .scan(0i64, |running, c| {
                        *running += i64::from(c.half_points());
                        Some(*running)
                    })
                    .sum(),
            ),
            Kind::BlackGames => count(&|c| {
                matches!(
                    c,
                    Cell::Game { colour: Some(Colour::Black), result, .. } if result.is_played()
                )
            }),
            Kind::DirectEncounter => self.direct_encounter(start_no, group),
            Kind::AverageRating => self.rated_games(start_no).map(|(sum, n, _)| {
                // Rounded to the nearest whole number, halves up.
                (2 * sum + n) / (2 * n)
            }),
            Kind::Performance => self.rated_games(start_no).map(|(sum, n, half_points)| {
                let aro = (2 * sum + n) / (2 * n);
                aro + rating_difference(half_points, n)
            }),
            Kind::Koya => Some(self.koya(start_no)),
        }
    }

    /// Koya (FIDE KS): half points scored in the rounds against opponents
    /// whose score is at least half the maximum of the rounds completed.
    fn koya(&self, start_no: u32) -> i64 {
        let rounds = self.rounds as i64;
        self.cells(start_no)
            .iter()
            .filter_map(|cell| match cell {
                Cell::Game { opponent, .. } if self.score_of(*opponent) >= rounds => {
                    Some(i64::from(cell.half_points()))
                }
                _ => None,
            })
            .sum()
    }

    /// Buchholz with `low` least significant and `high` highest values cut.
    fn buchholz(&self, start_no: u32, unplayed: Unplayed, low: usize, high: usize) -> i64 {
        let mut values = self.opponent_values(start_no, unplayed);
        // Least significant first: under FIDE's rules the player's own VURs go first.
        values.sort_by_key(|&(value, _, vur)| (!(vur && unplayed == Unplayed::Dummy), value));
        let keep_low = low.min(values.len());
        let mut kept: Vec<i64> = values[keep_low..].iter().map(|v| v.0).collect();
        kept.sort_unstable();
        let keep = kept.len().saturating_sub(high);
        kept[..keep].iter().sum()
    }

    /// Sum of opponents' ratings, number of rated opponents, half points scored against them
    /// (games played over the board only).
    fn rated_games(&self, start_no: u32) -> Option<(i64, i64, i64)> {
        let (mut sum, mut n, mut half_points) = (0i64, 0i64, 0i64);
        for cell in self.cells(start_no) {
            if let Cell::Game {
                opponent, result, ..
            } = cell
            {
                if let (true, Some(r)) = (result.is_played(), self.rating_of(*opponent)) {
                    sum += i64::from(r);
                    n += 1;
                    half_points += i64::from(result.half_points());
                }
            }
        }
        (n > 0).then_some((sum, n, half_points))
    }

    /// Points (halves, rounded down) scored against the other members of `group` that
    /// the player met, repeated meetings averaged; no value outside a tie. The order
    /// direct encounter gives is [`Facts::direct_encounter_tiers`].
    fn direct_encounter(&self, start_no: u32, group: &[u32]) -> Option<i64> {
        if group.len() < 2 {
            return None;
        }
        let (points, _) = self.encounter_score(start_no, group);
        Some((points * 2.0).floor() as i64)
    }

    /// Points against the other members of `group` (each opponent's meetings averaged)
    /// and how many of them the player met. Games count when played over the board;
    /// in a round robin every paired game counts, forfeits included.
    fn encounter_score(&self, start_no: u32, group: &[u32]) -> (f64, usize) {
        let mut met: std::collections::BTreeMap<u32, (u32, u32)> = Default::default();
        for cell in self.cells(start_no) {
            if let Cell::Game {
                opponent, result, ..
            } = cell
            {
                if *opponent != start_no
                    && group.contains(opponent)
                    && (result.is_played() || self.round_robin)
                {
                    let entry = met.entry(*opponent).or_default();
                    entry.0 += result.half_points();
                    entry.1 += 1;
                }
            }
        }
        let points = met
            .values()
            .map(|&(halves, games)| f64::from(halves) / 2.0 / f64::from(games))
            .sum();
        (points, met.len())
    }

    /// Direct encounter (C.07, as FIDE's checker applies it): the tied players in
    /// tiers, best first. When all have met (always, in a round robin) they are ordered
    /// by points against each other; in a Swiss event where some have not met, players
    /// are taken off the top only while the leader's points exceed what any of the rest
    /// could reach by winning their missing games. Tiers still tied are ordered again
    /// among themselves.
    pub fn direct_encounter_tiers(&self, group: &[u32]) -> Vec<Vec<u32>> {
        if group.len() < 2 {
            return vec![group.to_vec()];
        }
        let others = group.len() - 1;
        let mut rows: Vec<(u32, f64, f64)> = group
            .iter()
            .map(|&s| {
                let (points, met) = self.encounter_score(s, group);
                (s, points, points + (others - met) as f64)
            })
            .collect();
        let complete = self.round_robin || rows.iter().all(|r| r.1 == r.2);
        rows.sort_by(|a, b| {
            b.1.total_cmp(&a.1)
                .then(b.2.total_cmp(&a.2))
                .then(a.0.cmp(&b.0))
        });
        let tiers = if complete {
            runs(&rows, |a, b| a.1 == b.1)
        } else {
            peel(&rows)
        };
        if tiers.len() == 1 {
            return tiers;
        }
        tiers
            .into_iter()
            .flat_map(|tier| self.direct_encounter_tiers(&tier))
            .collect()
    }
}

/// Consecutive rows with `same` as tiers of start numbers.
fn runs(
    rows: &[(u32, f64, f64)],
    same: impl Fn(&(u32, f64, f64), &(u32, f64, f64)) -> bool,
) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        match out.last_mut() {
            Some(tier) if i > 0 && same(&rows[i - 1], row) => tier.push(row.0),
            _ => out.push(vec![row.0]),
        }
    }
    out
}

/// Rows sorted by (points, best reachable) taken off one by one while the current
/// leader's points exceed the best any remaining player could reach; the rest tie.
fn peel(rows: &[(u32, f64, f64)]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < rows.len() {
        let best_rest = rows[i + 1..].iter().map(|r| r.2).fold(f64::MIN, f64::max);
        if rows[i].1 > best_rest {
            out.push(vec![rows[i].0]);
            i += 1;
        } else {
            break;
        }
    }
    out.push(rows[i..].iter().map(|r| r.0).collect());
    out
}

/// FIDE's dp(p), from the rating systems (FIDE's first rating uses it too).
pub use rating_systems::fide::rating_difference;

/// Writes a scaled value: `12½`, `10¼`, `7¾`, `1850`.
pub fn format_value(value: i64, scale: i64) -> String {
    let whole = value.div_euclid(scale);
    let frac = value.rem_euclid(scale) * (4 / scale.clamp(1, 4));
    let sign = if value < 0 && whole < 0 { "−" } else { "" };
    let whole_abs = whole.abs();
    let suffix = match frac {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    match (whole_abs, suffix) {
        (0, s) if !s.is_empty() => format!("{sign}{s}"),
        (w, s) => format!("{sign}{w}{s}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for id in TieBreak::all_ids() {
            assert_eq!(TieBreak::parse(&id).unwrap().id(), id);
        }
        assert!(TieBreak::parse("tpr-virtual").is_none());
        assert!(TieBreak::parse("bh-3").is_none());
    }

    #[test]
    fn dp_table_edges() {
        assert_eq!(rating_difference(0, 4), -800);
        assert_eq!(rating_difference(8, 4), 800);
        assert_eq!(rating_difference(4, 4), 0);
        assert_eq!(rating_difference(1, 2), -193);
        assert_eq!(rating_difference(3, 4), -87);
    }

    #[test]
    fn formats_fractions() {
        assert_eq!(format_value(25, 2), "12½");
        assert_eq!(format_value(41, 4), "10¼");
        assert_eq!(format_value(3, 4), "¾");
        assert_eq!(format_value(1850, 1), "1850");
        assert_eq!(format_value(0, 2), "0");
    }
}
