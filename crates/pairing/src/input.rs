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
    /// Start numbers of opponents in played games (C1: no rematch; games
    /// forfeited before they started do not count).
    pub opponents: Vec<u32>,
    /// Has had a pairing-allocated bye, or scored a win's points without
    /// playing (forfeit win, full-point bye): no bye now (C2).
    pub had_bye_or_forfeit_win: bool,
    /// Takes part in this round's pairing (false for `H`, `Z`, `F` absences).
    pub present: bool,
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
        let total = checked_total_rounds(doc, round)?;
        let ps = PointSystem::from_xxs(&doc.point_system()).map_err(InputError::Invalid)?;
        let xxc = doc.xxc();
        let hist = (round - 1) as usize;
        let players: Vec<_> = doc.players().collect();
        let score_before = pairing_scores_before_rounds(doc, &players, &ps, hist);
        let mut out = Vec::with_capacity(players.len());
        for p in &players {
            out.push(player_state(
                p,
                hist,
                &ps,
                &score_before,
                xxc.rank,
                blank_is_present,
            )?);
        }
        renumber_entered(&mut out, doc, hist);
        Ok(PairingInput {
            round,
            total_rounds: total,
            initial_colour: xxc
                .initial_colour
                .or_else(|| infer_initial_colour(doc))
                .unwrap_or(Colour::White),
            win_points: ps.win[0].0.max(1),
            players: out,
            forbidden: doc.forbidden_pairs_in_round(round),
        })
    }
}

/// The event's total rounds, once the document is consistent and `round`
/// can be paired: within XXR (or, without XXR, the round columns present)
/// and at most one past the last round column.
fn checked_total_rounds(doc: &TrfDocument, round: u32) -> Result<u32, InputError> {
    if let Some(e) = doc.check_consistency().into_iter().next() {
        return Err(InputError::Trf(e));
    }
    let present_cols = doc.rounds_present();
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

/// Each player's pairing score before each of the rounds `0..=hist`, by
/// start number: points plus virtual points (accelerated rounds).
fn pairing_scores_before_rounds(
    doc: &TrfDocument,
    players: &[&PlayerLine],
    ps: &PointSystem,
    hist: usize,
) -> HashMap<u32, Vec<u32>> {
    let virtual_points = crate::acceleration::virtual_points(doc);
    let mut score_before: HashMap<u32, Vec<u32>> = HashMap::new();
    for p in players {
        let extra = |r: usize| {
            virtual_points
                .get(&p.start_no)
                .and_then(|v| v.get(r))
                .copied()
                .unwrap_or(0)
        };
        let mut s = 0u32;
        let mut v = Vec::with_capacity(hist + 1);
        for r in 0..hist {
            v.push(s.saturating_add(extra(r)));
            if let Some(Some(e)) = p.rounds.get(r) {
                s = s.saturating_add(ps.points(e).0);
            }
        }
        v.push(s.saturating_add(extra(hist)));
        score_before.insert(p.start_no, v);
    }
    score_before
}

/// One player's state before the round after `hist` rounds: colours, floats
/// and opponents of the rounds played, whether they had a bye or a win
/// without playing, their pairing number (`by_rank`: XXC rank) and whether
/// they are to be paired.
fn player_state(
    p: &PlayerLine,
    hist: usize,
    ps: &PointSystem,
    score_before: &HashMap<u32, Vec<u32>>,
    by_rank: bool,
    blank_is_present: bool,
) -> Result<PlayerState, InputError> {
    let mut colours = Vec::with_capacity(hist);
    let mut floats = Vec::with_capacity(hist);
    let mut opponents = Vec::new();
    let mut had = false;
    let sb = &score_before[&p.start_no];
    for r in 0..hist {
        let e = p.rounds.get(r).and_then(|e| e.as_ref());
        let mut colour = None;
        let mut float = Float::None;
        if let Some(e) = e {
            let played = e.result.is_played() || e.result == ResultCode::Pending;
            if let Some(o) = e.opponent {
                if played {
                    colour = e.colour;
                    opponents.push(o);
                    let os = score_before.get(&o).map(|v| v[r]).unwrap_or(0);
                    float = match sb[r].cmp(&os) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    };
                }
            }
            if !played && ps.points(e) > ps.loss[0] {
                float = Float::Down;
            }
            // C2: a pairing-allocated bye, or a win's points without
            // playing (forfeit win, full-point bye).
            if e.result == ResultCode::PairingBye || (!played && ps.points(e) >= ps.win[0]) {
                had = true;
            }
        }
        colours.push(colour);
        floats.push(float);
    }
    let pairing_no = if by_rank {
        p.rank.ok_or_else(|| {
            InputError::Invalid(format!(
                "XXC rank is set but player {} has no rank",
                p.start_no
            ))
        })?
    } else {
        p.start_no
    };
    let present = entry_is_present(
        p.rounds.get(hist).and_then(|e| e.as_ref()),
        blank_is_present,
    );
    Ok(PlayerState {
        id: p.start_no,
        pairing_no,
        rating: p.rating.unwrap_or(0),
        score: sb[hist],
        colours,
        floats,
        opponents,
        had_bye_or_forfeit_win: had,
        present,
    })
}

/// True if the player took part in the pairing of some round before `hist`
/// (a game, even forfeited, or a pairing-allocated bye).
fn has_entered(rounds: &[Option<RoundEntry>], hist: usize) -> bool {
    rounds
        .iter()
        .take(hist)
        .any(|e| entry_is_present(e.as_ref(), false))
}

/// Pairing numbers belong to the players entered so far (C.04.3 1.2.2: the
/// initial ranking list "and subsequent modifications depending on possible
/// late entries"): a player absent from the round being paired who has not
/// yet taken part in any pairing is not numbered, and the others are
/// renumbered 1, 2, ... in their order. Only the parity used by 5.2.5
/// (colours when nothing else decides) can change; the order stays.
fn renumber_entered(players: &mut [PlayerState], doc: &TrfDocument, hist: usize) {
    let entered: HashMap<u32, bool> = doc
        .players()
        .map(|p| (p.start_no, has_entered(&p.rounds, hist)))
        .collect();
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&i| (players[i].pairing_no, players[i].id));
    let mut next = 1;
    for i in order {
        let p = &mut players[i];
        if p.present || entered.get(&p.id).copied().unwrap_or(false) {
            p.pairing_no = next;
            next += 1;
        }
    }
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
