//! The engine's pure input ([`PairingInput`]) and its construction from a TRF
//! document ([`PairingInput::from_trf`]).
use std::collections::HashMap;
use thiserror::Error;
use trf::{Colour, PlayerLine, Points, ResultCode, RoundEntry, TrfDocument, TrfError};

pub use crate::presence::entry_is_present;

/// A float received in a round (C.04.3 1.4: downfloat, upfloat).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    /// No float.
    None,
    /// Paired with a lower-scored opponent, or scored more than a loss
    /// without playing (2025 edition, 1.4.3).
    Down,
    /// Paired with a higher-scored opponent.
    Up,
}

/// One player's state before the round being paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerState {
    /// Start number (the number written in pairing output).
    pub id: u32,
    /// Pairing number (initial ranking order); equals `id` unless `XXC rank`.
    pub pairing_no: u32,
    /// Rating (0 if none); informative.
    pub rating: u32,
    /// Pairing score before this round, in tenths of a point: points plus
    /// the virtual points of an accelerated round (`XXA`).
    pub score: u32,
    /// Colour per previous round, `Some` only for games actually played.
    pub colours: Vec<Option<Colour>>,
    /// Float per previous round.
    pub floats: Vec<Float>,
    /// Start numbers of opponents in played games, each once (C1: no
    /// rematch; games forfeited before they started do not count).
    pub opponents: Vec<u32>,
    /// Has had a pairing-allocated bye, or scored a win's points without
    /// playing (forfeit win, full-point bye): no bye now (C2).
    pub had_bye_or_forfeit_win: bool,
    /// Takes part in this round's pairing (false for `H`, `Z`, `F` absences).
    pub present: bool,
    /// The played games' colours of `colours`, kept up to date round by
    /// round by the file reader so that the colour rules need not count
    /// the whole history again each round; `Default` (or any summary of
    /// another number of rounds) is recomputed from `colours` when read.
    pub played: PlayedColours,
}

impl PlayerState {
    /// The colours of the games played, from [`PlayerState::played`] when
    /// it covers every round of `colours`, else counted from `colours`.
    pub fn played_colours(&self) -> std::borrow::Cow<'_, PlayedColours> {
        if self.played.rounds == self.colours.len() {
            std::borrow::Cow::Borrowed(&self.played)
        } else {
            std::borrow::Cow::Owned(PlayedColours::of(&self.colours))
        }
    }
}

/// The games a player played, in order, and their colour difference.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayedColours {
    /// Rounds of the history this summary covers (played or not).
    pub rounds: usize,
    /// Colour of each game played, oldest first.
    pub games: Vec<Colour>,
    /// Whites minus blacks.
    pub difference: i32,
}

impl PlayedColours {
    /// The summary of a colour history (`None` for rounds not played).
    pub fn of(colours: &[Option<Colour>]) -> Self {
        let mut summary = PlayedColours::default();
        for &c in colours {
            summary.push(c);
        }
        summary
    }

    /// Adds one more round: its colour when the game was played.
    pub fn push(&mut self, colour: Option<Colour>) {
        self.rounds += 1;
        if let Some(c) = colour {
            self.games.push(c);
            self.difference += if c == Colour::White { 1 } else { -1 };
        }
    }
}

/// Everything the pairing engine needs for one round; no I/O.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingInput {
    /// Round being paired (1-based).
    pub round: u32,
    /// Total rounds of the event (`XXR`).
    pub total_rounds: u32,
    /// Colour of the first pairing number in round 1 (`XXC white1/black1`).
    pub initial_colour: Colour,
    /// Points for a win, in tenths (for topscorers: more than 50% of the
    /// maximum possible score).
    pub win_points: u32,
    /// All players of the event (absent ones with `present == false`).
    pub players: Vec<PlayerState>,
    /// Pairs that must not meet (`XXP`), by start number.
    pub forbidden: Vec<(u32, u32)>,
}

/// Scores of result codes, from `XXS` (JaVaFo keys) or the standard 1/½/0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointSystem {
    /// Win with white / with black.
    pub win: [Points; 2],
    /// Draw with white / with black.
    pub draw: [Points; 2],
    /// Loss with white / with black.
    pub loss: [Points; 2],
    /// Zero-point bye.
    pub zpb: Points,
    /// Half-point bye.
    pub hpb: Points,
    /// Full-point bye.
    pub fpb: Points,
    /// Pairing-allocated bye.
    pub pab: Points,
    /// Forfeit win.
    pub fw: Points,
    /// Forfeit loss.
    pub fl: Points,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: [Points(10); 2],
            draw: [Points(5); 2],
            loss: [Points(0); 2],
            zpb: Points(0),
            hpb: Points(5),
            fpb: Points(10),
            pab: Points(10),
            fw: Points(10),
            fl: Points(0),
        }
    }
}

impl PointSystem {
    /// Builds the point system from `XXS` pairs; unknown keys are errors.
    pub fn from_xxs(pairs: &[(String, Points)]) -> Result<PointSystem, String> {
        let mut p = PointSystem::default();
        for (k, v) in pairs {
            match k.as_str() {
                "WW" => p.win[0] = *v,
                "BW" => p.win[1] = *v,
                "W" => p.win = [*v; 2],
                "WD" => p.draw[0] = *v,
                "BD" => p.draw[1] = *v,
                "D" => p.draw = [*v; 2],
                "WL" => p.loss[0] = *v,
                "BL" => p.loss[1] = *v,
                "L" => p.loss = [*v; 2],
                "ZPB" => p.zpb = *v,
                "HPB" => p.hpb = *v,
                "FPB" => p.fpb = *v,
                "PAB" => p.pab = *v,
                "FW" => p.fw = *v,
                "FL" => p.fl = *v,
                other => return Err(format!("unknown XXS key {other}")),
            }
        }
        Ok(p)
    }

    /// Points scored by one round entry.
    pub fn points(&self, e: &RoundEntry) -> Points {
        let c = usize::from(e.colour == Some(Colour::Black));
        match e.result {
            ResultCode::Win | ResultCode::UnratedWin => self.win[c],
            ResultCode::Draw | ResultCode::UnratedDraw => self.draw[c],
            ResultCode::Loss | ResultCode::UnratedLoss => self.loss[c],
            ResultCode::ForfeitWin if e.opponent.is_none() => self.pab,
            ResultCode::ForfeitWin => self.fw,
            ResultCode::ForfeitLoss => self.fl,
            ResultCode::HalfBye => self.hpb,
            ResultCode::FullBye => self.fpb,
            ResultCode::PairingBye => self.pab,
            ResultCode::ZeroBye => self.zpb,
            ResultCode::Pending => Points(0),
        }
    }
}

/// Why a TRF document cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InputError {
    /// A format or consistency error in the file.
    #[error(transparent)]
    Trf(#[from] TrfError),
    /// `XXR` is missing and the round count is needed.
    #[error("missing XXR line: the total number of rounds is needed to pair (add e.g. \"XXR 9\")")]
    MissingTotalRounds,
    /// The round asked for is out of range.
    #[error("round {round} cannot be paired: the event has {total} rounds (XXR) and {present} round columns")]
    RoundOutOfRange {
        /// Requested round.
        round: u32,
        /// XXR.
        total: u32,
        /// Columns present.
        present: usize,
    },
    /// Other semantic problem.
    #[error("{0}")]
    Invalid(String),
}

/// The round a `pair` run should pair: the first round column that is not
/// yet complete (a column holding only byes and absences is the round to
/// pair, as pairing programs accept absences written ahead).
pub fn round_to_pair(doc: &TrfDocument) -> u32 {
    let n = doc.rounds_present();
    if n == 0 {
        return 1;
    }
    let last_has_games = doc
        .players()
        .any(|p| matches!(p.rounds.get(n - 1), Some(Some(e)) if e.opponent.is_some()));
    if last_has_games {
        n as u32 + 1
    } else {
        n as u32
    }
}

impl PairingInput {
    /// Builds the input for pairing `round` (1-based) from a TRF document:
    /// history from the rounds before it, absences from its own column
    /// (`blank_is_present`: whether a blank block in that column means the
    /// player is to be paired, true when pairing a new round, false when
    /// re-pairing a recorded one). Checks consistency first (duplicate start
    /// numbers, unknown opponents, asymmetric rounds).
    pub fn from_trf(
        doc: &TrfDocument,
        round: u32,
        blank_is_present: bool,
    ) -> Result<PairingInput, InputError> {
        let mut history = RoundByRound::new(doc)?;
        history.input_for(round, blank_is_present)?;
        Ok(history.input)
    }
}

/// The engine's input for the rounds of one document in turn: each step adds
/// one round's games to every player's history, so the inputs of all R rounds
/// (`pair --check`) cost time linear in R, where building each one
/// from the start ([`PairingInput::from_trf`]) would cost R²/2 rounds read.
#[derive(Debug)]
pub struct RoundByRound<'d> {
    doc: &'d TrfDocument,
    players: Vec<&'d PlayerLine>,
    /// The point system, or why `XXS` cannot be read (reported when a
    /// round is asked for, after the round's range).
    points: Result<PointSystem, String>,
    virtual_points: HashMap<u32, Vec<u32>>,
    /// Index of each start number in `players`.
    index: HashMap<u32, usize>,
    /// Pairing numbers before renumbering (start number, or rank with
    /// `XXC rank`), and the players in their order.
    base_no: Vec<u32>,
    order: Vec<usize>,
    missing_rank: Option<u32>,
    /// Points scored in the rounds recorded so far (no virtual points).
    scored: Vec<u32>,
    /// Took part in the pairing of a recorded round.
    entered: Vec<bool>,
    /// Rounds recorded into `input`'s histories.
    recorded: usize,
    present_cols: usize,
    input: PairingInput,
}

impl<'d> RoundByRound<'d> {
    /// Starts before round 1; fails if the document is inconsistent.
    pub fn new(doc: &'d TrfDocument) -> Result<Self, InputError> {
        if let Some(e) = doc.check_consistency().into_iter().next() {
            return Err(InputError::Trf(e));
        }
        let players: Vec<&PlayerLine> = doc.players().collect();
        let points = PointSystem::from_xxs(&doc.point_system());
        let xxc = doc.xxc();
        let base_no: Vec<u32> = players
            .iter()
            .map(|p| {
                if xxc.rank {
                    p.rank.unwrap_or(0)
                } else {
                    p.start_no
                }
            })
            .collect();
        let missing_rank = players
            .iter()
            .find(|p| xxc.rank && p.rank.is_none())
            .map(|p| p.start_no);
        let mut order: Vec<usize> = (0..players.len()).collect();
        order.sort_by_key(|&i| (base_no[i], players[i].start_no));
        let states = players
            .iter()
            .zip(&base_no)
            .map(|(p, &no)| PlayerState {
                id: p.start_no,
                pairing_no: no,
                rating: p.rating.unwrap_or(0),
                score: 0,
                colours: Vec::new(),
                floats: Vec::new(),
                opponents: Vec::new(),
                had_bye_or_forfeit_win: false,
                present: false,
                played: PlayedColours::default(),
            })
            .collect();
        let win_points = points.as_ref().map_or(1, |ps| ps.win[0].0.max(1));
        Ok(RoundByRound {
            doc,
            index: players
                .iter()
                .enumerate()
                .map(|(i, p)| (p.start_no, i))
                .collect(),
            scored: vec![0; players.len()],
            entered: vec![false; players.len()],
            players,
            points,
            virtual_points: crate::acceleration::virtual_points(doc),
            base_no,
            order,
            missing_rank,
            recorded: 0,
            present_cols: doc.rounds_present(),
            input: PairingInput {
                round: 0,
                total_rounds: 0,
                initial_colour: xxc
                    .initial_colour
                    .or_else(|| infer_initial_colour(doc))
                    .unwrap_or(Colour::White),
                win_points,
                players: states,
                forbidden: Vec::new(),
            },
        })
    }

    /// The input for pairing `round`, which must not come before a round
    /// asked for earlier (`blank_is_present` as in
    /// [`PairingInput::from_trf`]).
    pub fn input_for(
        &mut self,
        round: u32,
        blank_is_present: bool,
    ) -> Result<&PairingInput, InputError> {
        let total = checked_total_rounds(self.doc, self.present_cols, round)?;
        let ps = self.points.clone().map_err(InputError::Invalid)?;
        if let Some(no) = self.missing_rank {
            return Err(InputError::Invalid(format!(
                "XXC rank is set but player {no} has no rank"
            )));
        }
        let hist = (round - 1) as usize;
        if hist < self.recorded {
            return Err(InputError::Invalid(format!(
                "round {round} comes before the rounds already read"
            )));
        }
        while self.recorded < hist {
            self.record_round(&ps);
        }
        for (i, p) in self.players.iter().enumerate() {
            let score = self.scored[i].saturating_add(self.extra(p.start_no, hist));
            let st = &mut self.input.players[i];
            st.score = score;
            st.present = entry_is_present(
                p.rounds.get(hist).and_then(|e| e.as_ref()),
                blank_is_present,
            );
        }
        self.renumber_entered();
        self.input.round = round;
        self.input.total_rounds = total;
        self.input.forbidden = self.doc.forbidden_pairs_in_round(round);
        Ok(&self.input)
    }

    /// Virtual points of `start_no` in round `r` (0-based).
    fn extra(&self, start_no: u32, r: usize) -> u32 {
        self.virtual_points
            .get(&start_no)
            .and_then(|v| v.get(r))
            .copied()
            .unwrap_or(0)
    }

    /// Adds round `self.recorded` (0-based) to every player's history:
    /// colours, floats and opponents of the games played, whether they had
    /// a bye or a win without playing, and their points.
    fn record_round(&mut self, ps: &PointSystem) {
        let r = self.recorded;
        let score_then: Vec<u32> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| self.scored[i].saturating_add(self.extra(p.start_no, r)))
            .collect();
        for (i, p) in self.players.iter().enumerate() {
            let e = p.rounds.get(r).and_then(|e| e.as_ref());
            let opponent_score = |o: u32| self.index.get(&o).map_or(0, |&j| score_then[j]);
            let st = &mut self.input.players[i];
            let mut colour = None;
            let mut float = Float::None;
            if let Some(e) = e {
                let played = e.result.is_played() || e.result == ResultCode::Pending;
                if let Some(o) = e.opponent.filter(|_| played) {
                    colour = e.colour;
                    if !st.opponents.contains(&o) {
                        st.opponents.push(o);
                    }
                    float = match score_then[i].cmp(&opponent_score(o)) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    };
                }
                if !played && ps.points(e) > ps.loss[0] {
                    float = Float::Down;
                }
                // C2: a pairing-allocated bye, or a win's points without
                // playing (forfeit win, full-point bye).
                if e.result == ResultCode::PairingBye || (!played && ps.points(e) >= ps.win[0]) {
                    st.had_bye_or_forfeit_win = true;
                }
                self.scored[i] = self.scored[i].saturating_add(ps.points(e).0);
            }
            st.colours.push(colour);
            st.played.push(colour);
            st.floats.push(float);
            if entry_is_present(e, false) {
                self.entered[i] = true;
            }
        }
        self.recorded += 1;
    }

    /// Pairing numbers belong to the players entered so far (C.04.3 1.2.2:
    /// the initial ranking list "and subsequent modifications depending on
    /// possible late entries"): a player absent from the round being paired
    /// who has not yet taken part in any pairing is not numbered, and the
    /// others are renumbered 1, 2, ... in their order. Only the parity used
    /// by 5.2.5 (colours when nothing else decides) can change; the order
    /// stays.
    fn renumber_entered(&mut self) {
        let mut next = 1;
        for &i in &self.order {
            let p = &mut self.input.players[i];
            if p.present || self.entered[i] {
                p.pairing_no = next;
                next += 1;
            } else {
                p.pairing_no = self.base_no[i];
            }
        }
    }
}

/// The event's total rounds, once `round` can be paired: within XXR (or,
/// without XXR, the `present_cols` round columns present) and at most one
/// past the last round column.
fn checked_total_rounds(
    doc: &TrfDocument,
    present_cols: usize,
    round: u32,
) -> Result<u32, InputError> {
    let total = match doc.total_rounds() {
        Some(t) => t,
        None if (round as usize) <= present_cols => present_cols as u32,
        None => return Err(InputError::MissingTotalRounds),
    };
    if round == 0 || round > total || round as usize > present_cols + 1 {
        return Err(InputError::RoundOutOfRange {
            round,
            total,
            present: present_cols,
        });
    }
    Ok(total)
}

/// True if the player took part in the pairing of some round before `hist`
/// (a game, even forfeited, or a pairing-allocated bye).
fn has_entered(rounds: &[Option<RoundEntry>], hist: usize) -> bool {
    rounds
        .iter()
        .take(hist)
        .any(|e| entry_is_present(e.as_ref(), false))
}

/// Infers the initial colour when `XXC` does not give it, from the first
/// round with a colour: the highest player numbered then (one who had taken
/// part in a pairing by that round) with a colour in it had the initial
/// colour if his pairing number among them was odd, the other one if even
/// (C.04.3 5.2.5).
fn infer_initial_colour(doc: &TrfDocument) -> Option<Colour> {
    let players: Vec<_> = doc.players().collect();
    let first = players
        .iter()
        .filter_map(|p| {
            p.rounds
                .iter()
                .position(|e| matches!(e, Some(e) if e.colour.is_some()))
        })
        .min()?;
    let mut order: Vec<_> = players
        .iter()
        .filter(|p| has_entered(&p.rounds, first + 1))
        .collect();
    order.sort_by_key(|p| p.start_no);
    order.iter().enumerate().find_map(|(i, p)| {
        let colour = p.rounds.get(first)?.as_ref()?.colour?;
        Some(if i % 2 == 0 {
            colour
        } else {
            colour.opposite()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use trf::TrfLine;

    /// Two players who meet in every one of `rounds` rounds, colours
    /// alternating (a file without `XXR`).
    fn long_event(rounds: u32) -> TrfDocument {
        let mut doc = TrfDocument::default();
        for (no, other) in [(1, 2), (2, 1)] {
            let mut p = PlayerLine::new(no, &format!("P{no}"));
            p.rounds = (0..rounds)
                .map(|r| {
                    let white = (r + no) % 2 == 0;
                    Some(RoundEntry {
                        opponent: Some(other),
                        colour: Some(if white { Colour::White } else { Colour::Black }),
                        result: if white {
                            ResultCode::Win
                        } else {
                            ResultCode::Loss
                        },
                    })
                })
                .collect();
            doc.lines.push(TrfLine::Player(p));
        }
        doc
    }

    #[test]
    fn round_by_round_reads_each_round_once_and_matches_reading_from_the_start() {
        let doc = long_event(40);
        let mut history = RoundByRound::new(&doc).unwrap();
        for round in 1..=40 {
            let input = history.input_for(round, false).unwrap().clone();
            // Each step adds one round: the inputs of all rounds cost 39
            // rounds read, not 39 · 40 / 2.
            assert_eq!(history.recorded, round as usize - 1);
            assert_eq!(input, PairingInput::from_trf(&doc, round, false).unwrap());
            let p1 = &input.players[0];
            assert_eq!(p1.colours.len(), round as usize - 1);
            assert_eq!(p1.opponents, if round > 1 { vec![2] } else { vec![] });
            assert_eq!(p1.score, 10 * ((round - 1) / 2));
        }
        assert!(history.input_for(3, false).is_err(), "no going back");
    }

    #[test]
    fn the_played_colours_are_kept_round_by_round() {
        let doc = long_event(6);
        let mut history = RoundByRound::new(&doc).unwrap();
        // Player 1 has black in rounds 1, 3, 5 and white in 2, 4, 6.
        let expected = [
            (vec![], 0),
            (vec![Colour::Black], -1),
            (vec![Colour::Black, Colour::White], 0),
            (vec![Colour::Black, Colour::White, Colour::Black], -1),
        ];
        for (round, (games, difference)) in (1..).zip(expected) {
            let p1 = &history.input_for(round, false).unwrap().players[0];
            // Kept by the reader (covers every round), not counted again.
            assert_eq!(p1.played.rounds, round as usize - 1);
            assert_eq!(p1.played.games, games);
            assert_eq!(p1.played.difference, difference);
        }
    }

    #[test]
    fn a_summary_of_other_rounds_is_counted_again_from_the_colours() {
        let p = PlayerState {
            id: 1,
            pairing_no: 1,
            rating: 0,
            score: 0,
            colours: vec![
                Some(Colour::White),
                None,
                Some(Colour::Black),
                Some(Colour::Black),
            ],
            floats: vec![Float::None; 4],
            opponents: vec![2, 3, 4],
            had_bye_or_forfeit_win: false,
            present: true,
            played: PlayedColours::default(),
        };
        let played = p.played_colours();
        assert_eq!(played.rounds, 4);
        assert_eq!(played.games, [Colour::White, Colour::Black, Colour::Black]);
        assert_eq!(played.difference, -1);
    }
}
