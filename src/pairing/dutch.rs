//! The FIDE Dutch system (Handbook C.04.3) by maximum-weight matching.
//!
//! # Edition
//! The criteria are implemented after the Dutch rules approved in Baku 2016
//! with the Goynuk 2017 definitions (criteria numbered C1–C19 there), with
//! the one change of the edition applied from 1 July 2025 (in force in 2026)
//! that affects the engine's input: a player who scores more than a loss
//! without playing (pairing-allocated bye, forfeit win, full- or half-point
//! bye) receives a downfloat (2025: 1.4.3). The article numbers in the doc
//! comments below are those of the 2017 text.
//!
//! # Method
//! Players are ordered by score, then pairing number (A.2). Brackets are
//! processed from the top score down (as in seed 004): for bracket `B` (all
//! still-unpaired players with at least the bracket's score, i.e. residents
//! plus moved-down players) one maximum-weight matching is solved over `B`
//! *and the players below it*, with every edge weight a lexicographic vector
//! packed into an `i128`:
//!
//! 1. completion (C4): every edge counts 1, so the matching is perfect when
//!    any legal pairing of the remaining players exists — the pairs fixed in
//!    `B` can always be completed below;
//! 2. C5 pairs inside `B` (fewest downfloaters);
//! 3. C6 pairing score differences inside `B` (downfloaters measured against
//!    one point below the bracket's lowest score; an exponential penalty that
//!    compares exactly like A.8 when it fits 40 bits, else quadratic);
//! 4. C7 pairs in `B` ∪ next bracket (downfloaters chosen to maximise the
//!    pairs of the next bracket; its PSD is not considered here);
//! 5. the pairing-allocated bye goes to the lowest score, then lowest ranked
//!    eligible player (C2, A.5);
//! 6. C8/C9 topscorer colour exceptions, C10 colour preferences, C11 strong
//!    colour preferences, C12–C15 repeated floats, C16–C19 their score
//!    differences;
//! 7. B.3 fewest exchanges between S1 and S2, then the B.2 transposition
//!    order: the S2 partners of `S1[0]`, `S1[1]`, ... lexicographically smallest
//!    (exact when the bits left allow, else a weighted distance to the ideal
//!    partner; moved-down players' ideal partners are the top residents).
//!
//! Only the pairs inside `B` are kept; unpaired players of `B` move down.
//! Absolute criteria C1–C3 (and forbidden pairs) decide which edges exist.
//! Colours are then allocated by E.1–E.5 and boards ordered by C.04.2.
//!
//! For speed, large brackets use a candidate graph (neighbours around the
//! S1/S2 partner) and only a window of the players below (`Narrow`, then
//! `Wide`); if that graph has no perfect matching the step is re-solved on a
//! larger one up to the full graph (`Exact`), and if a later step fails the
//! whole round is redone with the next mode, so a legal pairing is always
//! found when one exists. The result is finally checked by
//! [`verify_pairing`].
use super::input::{Float, PairingInput, PlayerState};
use super::matching::{max_weight_matching, Edge};
use crate::trf::Colour;
use std::collections::HashSet;
use thiserror::Error;

/// The result of pairing one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    /// Boards in order: `(white, black)` start numbers.
    pub boards: Vec<(u32, u32)>,
    /// Start number of the player with the pairing-allocated bye.
    pub bye: Option<u32>,
    /// Quality criteria that had to be left out of a step's weights because
    /// the packed weight would not fit 124 bits (empty in normal events).
    pub dropped_criteria: Vec<&'static str>,
}

/// Pairing failures.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria C1–C3 (and forbidden
    /// pairs, and the bye rule C2).
    #[error("no legal pairing exists: the absolute criteria (no rematch, at most one bye, colour limits) cannot all be met for these {0} players")]
    NoLegalPairing(usize),
    /// The engine's own final check found its pairing breaking a rule (a
    /// bug; no pairing is returned rather than a wrong one).
    #[error("internal error, pairing withheld: {0}")]
    Internal(String),
}

/// Colour preference strength (A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No games played yet.
    None,
    /// Colour difference 0: alternate.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1 or the same colour twice in a row.
    Absolute,
}

/// A colour preference (A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColourPreference {
    /// Preferred colour (`None` with `Strength::None`).
    pub colour: Option<Colour>,
    /// Its strength.
    pub strength: Strength,
}

/// Derived per-player data used by the criteria.
#[derive(Debug, Clone)]
pub(crate) struct Player<'a> {
    pub(crate) st: &'a PlayerState,
    pub(crate) pref: ColourPreference,
    pub(crate) cd: i32,
    pub(crate) last_two: Option<(Colour, Colour)>,
    pub(crate) topscorer: bool,
}

/// Colour difference and the last two colours of played games.
fn colour_history(st: &PlayerState) -> (i32, Option<Colour>, Option<(Colour, Colour)>) {
    let played: Vec<Colour> = st.colours.iter().flatten().copied().collect();
    let cd = played
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum();
    let last = played.last().copied();
    let last_two = if played.len() >= 2 {
        Some((played[played.len() - 2], played[played.len() - 1]))
    } else {
        None
    };
    (cd, last, last_two)
}

/// A.6 Colour preference: absolute when the colour difference is beyond ±1
/// or the last two played games had the same colour; strong at ±1; mild at
/// 0 (alternate from the last game); none before the first game.
pub fn a6_colour_preference(st: &PlayerState) -> ColourPreference {
    let (cd, last, last_two) = colour_history(st);
    let pref = |colour, strength| ColourPreference {
        colour: Some(colour),
        strength,
    };
    if cd < -1 {
        return pref(Colour::White, Strength::Absolute);
    }
    if cd > 1 {
        return pref(Colour::Black, Strength::Absolute);
    }
    if let Some((a, b)) = last_two {
        if a == b {
            return pref(a.opposite(), Strength::Absolute);
        }
    }
    match (cd, last) {
        (-1, _) => pref(Colour::White, Strength::Strong),
        (1, _) => pref(Colour::Black, Strength::Strong),
        (_, Some(l)) => pref(l.opposite(), Strength::Mild),
        _ => ColourPreference {
            colour: None,
            strength: Strength::None,
        },
    }
}

/// A.7 Topscorers: when pairing the final round, players with more than 50%
/// of the maximum possible score.
pub fn a7_is_topscorer(input: &PairingInput, st: &PlayerState) -> bool {
    input.round == input.total_rounds
        && u64::from(st.score) * 2
            > u64::from(input.win_points) * u64::from(input.round.saturating_sub(1))
}

pub(crate) fn derive<'a>(input: &PairingInput, st: &'a PlayerState) -> Player<'a> {
    let (cd, _, last_two) = colour_history(st);
    Player {
        st,
        pref: a6_colour_preference(st),
        cd,
        last_two,
        topscorer: a7_is_topscorer(input, st),
    }
}

/// C1: two players shall not play against each other more than once (games
/// forfeited before they started do not count); forbidden pairs (`XXP`) are
/// treated the same way.
pub fn c1_no_rematch(a: &PlayerState, b: &PlayerState, forbidden: &HashSet<(u32, u32)>) -> bool {
    !a.opponents.contains(&b.id) && !forbidden.contains(&(a.id.min(b.id), a.id.max(b.id)))
}

/// C2: a player who has already received a pairing-allocated bye, or scored
/// a forfeit win, shall not receive the pairing-allocated bye.
pub fn c2_bye_eligible(a: &PlayerState) -> bool {
    !a.had_bye_or_forfeit_win
}

/// C3: non-topscorers with the same absolute colour preference shall not
/// meet.
pub(crate) fn c3_colour_compatible(a: &Player<'_>, b: &Player<'_>) -> bool {
    !(a.pref.strength == Strength::Absolute
        && b.pref.strength == Strength::Absolute
        && a.pref.colour == b.pref.colour
        && !a.topscorer
        && !b.topscorer)
}

/// True if `a` is ranked higher than `b` (A.2: score, then pairing number).
fn ranks_higher(a: &Player<'_>, b: &Player<'_>) -> bool {
    (std::cmp::Reverse(a.st.score), a.st.pairing_no)
        < (std::cmp::Reverse(b.st.score), b.st.pairing_no)
}

/// E.1–E.5 colour allocation; returns true if `a` gets white.
///
/// E.1 grant both preferences; E.2 grant the stronger preference (both
/// absolute: the wider colour difference); E.3 alternate from the most
/// recent round in which one had white and the other black; E.4 grant the
/// higher ranked player's preference; E.5 the higher ranked player gets the
/// initial colour if his pairing number is odd, the other colour if even.
pub(crate) fn e_allocate_colours(a: &Player<'_>, b: &Player<'_>, initial: Colour) -> bool {
    e1_grant_both_preferences(a, b)
        .or_else(|| e2_grant_stronger_preference(a, b))
        .or_else(|| e3_alternate_from_last_difference(a, b))
        .or_else(|| e4_grant_higher_ranked_preference(a, b))
        .unwrap_or_else(|| e5_initial_colour_by_pairing_number(a, b, initial))
}

/// E.1: grant both colour preferences (when they differ, or only one
/// player has one). `Some(true)` means `a` gets white.
fn e1_grant_both_preferences(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    match (a.pref.colour, b.pref.colour) {
        (Some(x), Some(y)) if x != y => Some(x == Colour::White),
        (Some(x), None) => Some(x == Colour::White),
        (None, Some(y)) => Some(y == Colour::Black),
        _ => None,
    }
}

/// E.2: grant the stronger colour preference; if both are absolute
/// (topscorers), grant the wider colour difference.
fn e2_grant_stronger_preference(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    let (pa, pb) = (a.pref, b.pref);
    let x = pa.colour?;
    pb.colour?;
    if pa.strength != pb.strength {
        return Some(if pa.strength > pb.strength {
            x == Colour::White
        } else {
            x == Colour::Black
        });
    }
    if pa.strength == Strength::Absolute && a.cd.abs() != b.cd.abs() {
        return Some(if a.cd.abs() > b.cd.abs() {
            x == Colour::White
        } else {
            x == Colour::Black
        });
    }
    None
}

/// E.3: alternate the colours to the most recent round in which one player
/// had white and the other black (rounds where either did not play are
/// skipped, C.04.2 D.5).
fn e3_alternate_from_last_difference(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    let n = a.st.colours.len().min(b.st.colours.len());
    (0..n)
        .rev()
        .find_map(|r| match (a.st.colours[r], b.st.colours[r]) {
            (Some(ca), Some(cb)) if ca != cb => Some(ca == Colour::Black),
            _ => None,
        })
}

/// E.4: grant the colour preference of the higher ranked player.
fn e4_grant_higher_ranked_preference(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    let (hi, a_is_hi) = if ranks_higher(a, b) {
        (a, true)
    } else {
        (b, false)
    };
    hi.pref.colour.map(|c| (c == Colour::White) == a_is_hi)
}

/// E.5: the higher ranked player gets the initial colour if his pairing
/// number is odd, the other colour if it is even.
fn e5_initial_colour_by_pairing_number(a: &Player<'_>, b: &Player<'_>, initial: Colour) -> bool {
    let (hi, a_is_hi) = if ranks_higher(a, b) {
        (a, true)
    } else {
        (b, false)
    };
    let hi_white = if hi.st.pairing_no % 2 == 1 {
        initial == Colour::White
    } else {
        initial == Colour::Black
    };
    hi_white == a_is_hi
}

/// Number of players of the pair not getting their colour preference (C10)
/// and their strong-or-absolute preference (C11), and topscorer colour rule
/// breaks (C8 colour difference beyond ±2, C9 same colour three times).
fn colour_costs(a: &Player<'_>, b: &Player<'_>, initial: Colour) -> (u64, u64, u64) {
    let a_white = e_allocate_colours(a, b, initial);
    let mut c10 = 0;
    let mut c11 = 0;
    let mut c89 = 0;
    for (p, white) in [(a, a_white), (b, !a_white)] {
        let got = if white { Colour::White } else { Colour::Black };
        if let Some(c) = p.pref.colour {
            if c != got {
                c10 += 1;
                if p.pref.strength >= Strength::Strong {
                    c11 += 1;
                }
            }
        }
        let cd = p.cd + if white { 1 } else { -1 };
        if cd.abs() > 2 {
            c89 += 1;
        }
        if p.last_two == Some((got, got)) {
            c89 += 1;
        }
    }
    (c10, c11, c89)
}

/// Tuning of the engine.
#[derive(Debug, Clone, Copy)]
pub struct DutchOptions {
    /// Brackets (with the next bracket) up to this size use all edges.
    pub dense_limit: usize,
    /// Neighbourhood half-width for candidate edges in large brackets.
    pub window: usize,
    /// Force full graphs everywhere (exact mode).
    pub exact: bool,
}

impl Default for DutchOptions {
    fn default() -> Self {
        DutchOptions {
            dense_limit: 160,
            window: 12,
            exact: false,
        }
    }
}

/// Pairs the round described by `input` with the FIDE Dutch system.
pub fn pair_dutch(input: &PairingInput) -> Result<Pairing, PairingError> {
    pair_dutch_with(input, DutchOptions::default())
}

/// [`pair_dutch`] with explicit options.
pub fn pair_dutch_with(input: &PairingInput, opts: DutchOptions) -> Result<Pairing, PairingError> {
    let mut players: Vec<Player<'_>> = input
        .players
        .iter()
        .filter(|p| p.present)
        .map(|p| derive(input, p))
        .collect();
    players.sort_by_key(|p| (std::cmp::Reverse(p.st.score), p.st.pairing_no, p.st.id));
    let forbidden: HashSet<(u32, u32)> = input
        .forbidden
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    let ctx = Ctx {
        input,
        players: &players,
        forbidden: &forbidden,
    };
    let modes: &[Mode] = if opts.exact {
        &[Mode::Exact]
    } else {
        &[Mode::Narrow, Mode::Wide, Mode::Exact]
    };
    let mut result = Err(Failure::None);
    for &mode in modes {
        result = ctx.run(mode, opts);
        if !matches!(result, Err(Failure::Late)) {
            break;
        }
    }
    match result {
        Ok((pairs, bye, dropped)) => {
            let pairing = ctx.finish(pairs, bye, dropped);
            verify_pairing(input, &pairing).map_err(PairingError::Internal)?;
            Ok(pairing)
        }
        Err(_) => Err(PairingError::NoLegalPairing(players.len())),
    }
}

/// Final safety check of a pairing against the absolute rules: every
/// present player exactly once, no absent player, C1 and C3 for every board,
/// C2 for the bye, a bye only with an odd number of players, and no colour
/// allocation giving a non-topscorer a third equal colour in a row or a
/// colour difference beyond ±2 when the other colour would not.
pub fn verify_pairing(input: &PairingInput, pairing: &Pairing) -> Result<(), String> {
    let present: std::collections::HashMap<u32, &PlayerState> = input
        .players
        .iter()
        .filter(|p| p.present)
        .map(|p| (p.id, p))
        .collect();
    let mut seen = HashSet::new();
    for &(w, b) in &pairing.boards {
        let (Some(pw), Some(pb)) = (present.get(&w), present.get(&b)) else {
            return Err(format!(
                "board {w}-{b} has a player who is not to be paired"
            ));
        };
        if !seen.insert(w) || !seen.insert(b) {
            return Err(format!("player on board {w}-{b} is paired twice"));
        }
        if !is_legal_pair(input, pw, pb) {
            return Err(format!("board {w}-{b} breaks C1 or C3"));
        }
        for (p, colour) in [
            (derive(input, pw), Colour::White),
            (derive(input, pb), Colour::Black),
        ] {
            let breaks = |c: Colour| {
                let cd = p.cd + if c == Colour::White { 1 } else { -1 };
                cd.abs() > 2 || p.last_two == Some((c, c))
            };
            // A history no colour can repair (only from files paired
            // without these rules) is not the engine's doing.
            let excused = p.topscorer
                || derive(input, if p.st.id == w { pb } else { pw }).topscorer
                || breaks(colour.opposite());
            if breaks(colour) && !excused {
                return Err(format!("player {} gets a colour the rules forbid", p.st.id));
            }
        }
    }
    if let Some(x) = pairing.bye {
        match present.get(&x) {
            Some(p) if c2_bye_eligible(p) && seen.insert(x) => {}
            _ => return Err(format!("player {x} may not have the bye")),
        }
        if present.len().is_multiple_of(2) {
            return Err("bye with an even number of players".to_string());
        }
    }
    if seen.len() != present.len() {
        return Err(format!(
            "{} of {} players paired",
            seen.len(),
            present.len()
        ));
    }
    Ok(())
}

/// How much of the graph below the bracket a step looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mode {
    /// Candidate edges, a short window of players below the next bracket.
    Narrow,
    /// Candidate edges, as many players below as the bracket has.
    Wide,
    /// All edges among all remaining players: exact completion.
    Exact,
}

enum Failure {
    /// No perfect matching at the first step: no legal pairing.
    None,
    /// A later step failed (possible only with partial graphs).
    Late,
}

struct Ctx<'a, 'b> {
    input: &'a PairingInput,
    players: &'b [Player<'a>],
    forbidden: &'b HashSet<(u32, u32)>,
}

/// Names of the packed criteria, highest priority first.
const FIELD_NAMES: [&str; 18] = [
    "C4 completion",
    "C5 pairs in bracket",
    "C6 score differences",
    "C7 pairs in next bracket",
    "A.5 bye to lowest ranked",
    "C8/C9 topscorer colours",
    "C10 colour preferences",
    "C11 strong colour preferences",
    "C12 repeated downfloat (previous round)",
    "C13 repeated upfloat (previous round)",
    "C14 repeated downfloat (two rounds before)",
    "C15 repeated upfloat (two rounds before)",
    "C16 score differences of repeated downfloaters (previous round)",
    "C17 score differences of repeated upfloaters (previous round)",
    "C18 score differences of repeated downfloaters (two rounds before)",
    "C19 score differences of repeated upfloaters (two rounds before)",
    "B.3 fewest S1/S2 exchanges",
    "B.2 transpositions: S1 players keep their ideal S2 partner, top first",
];
const NF: usize = FIELD_NAMES.len();
/// Fields that apply only to edges inside the bracket (offset-normalised).
const IN_B_FIELDS: [usize; 14] = [2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

type PairList = Vec<(usize, usize)>;
type RunResult = Result<(PairList, Option<usize>, Vec<&'static str>), Failure>;

impl Ctx<'_, '_> {
    fn legal(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        c1_no_rematch(pa.st, pb.st, self.forbidden) && c3_colour_compatible(pa, pb)
    }

    fn run(&self, mode: Mode, opts: DutchOptions) -> RunResult {
        let n = self.players.len();
        let mut remaining: Vec<usize> = (0..n).collect();
        let mut pairs = Vec::new();
        let mut bye = None;
        let mut dropped: Vec<&'static str> = Vec::new();
        let mut levels: Vec<u32> = self.players.iter().map(|p| p.st.score).collect();
        levels.dedup();
        let unit = score_unit(self.players, self.input.win_points);
        let mut first = true;
        for (li, &level) in levels.iter().enumerate() {
            if remaining.is_empty() {
                break;
            }
            let bsize = remaining
                .iter()
                .take_while(|&&i| self.players[i].st.score >= level)
                .count();
            let is_last = bsize == remaining.len();
            if bsize < 2 && !is_last {
                continue;
            }
            let next_level = levels.get(li + 1).copied();
            let bn_size = match next_level {
                Some(nl) => remaining
                    .iter()
                    .take_while(|&&i| self.players[i].st.score >= nl)
                    .count(),
                None => bsize,
            };
            let step = Step {
                bsize,
                bn_size,
                is_last,
                unit,
                level,
            };
            let mut res = None;
            for m in [Mode::Narrow, Mode::Wide, Mode::Exact] {
                if m >= mode && res.is_none() {
                    res = self.solve_step(&remaining, &step, m, opts);
                }
            }
            let Some((step_pairs, step_bye, d)) = res else {
                return Err(if first { Failure::None } else { Failure::Late });
            };
            first = false;
            for name in d {
                if !dropped.contains(&name) {
                    dropped.push(name);
                }
            }
            let mut used = vec![false; n];
            for &(a, b) in &step_pairs {
                used[a] = true;
                used[b] = true;
                pairs.push((a, b));
            }
            if let Some(x) = step_bye {
                used[x] = true;
                bye = Some(x);
            }
            remaining.retain(|&i| !used[i]);
        }
        if !remaining.is_empty() {
            return Err(Failure::Late);
        }
        Ok((pairs, bye, dropped))
    }

    /// One bracket step. `remaining` is sorted (best first); the bracket is
    /// its first `bsize` players. Returns the pairs inside the bracket and
    /// the bye (last bracket only), or `None` if the graph has no perfect
    /// matching.
    #[allow(clippy::type_complexity)]
    fn solve_step(
        &self,
        remaining: &[usize],
        step: &Step,
        mode: Mode,
        opts: DutchOptions,
    ) -> Option<(PairList, Option<usize>, Vec<&'static str>)> {
        let exact = mode == Mode::Exact;
        let trace = std::env::var_os("RATINGBOOK_PAIR_TRACE").is_some();
        let start = trace.then(std::time::Instant::now);
        // Vertex set.
        let mut vcount = remaining.len();
        if !exact {
            let below = if mode == Mode::Narrow {
                (8 * opts.window).max(64)
            } else {
                step.bsize.max(2 * opts.window)
            };
            let want = step.bn_size + below + 2;
            if want < remaining.len() {
                vcount = want;
                if vcount % 2 == 1 {
                    vcount += 1;
                }
            }
        }
        let verts = &remaining[..vcount];
        let all = vcount == remaining.len();
        let with_bye = all && vcount % 2 == 1;
        let bye_v = vcount;
        let nvert = vcount + usize::from(with_bye);
        let (bsize, bn) = (step.bsize, step.bn_size.min(vcount));
        let dense = exact || bn <= opts.dense_limit;
        let h_b = bsize / 2;
        let h_n = (bn - bsize) / 2;
        let w = opts.window;
        let mdp = verts[..bsize]
            .iter()
            .take_while(|&&v| self.players[v].st.score > step.level)
            .count();
        let mut ideal = IdealPairing::new(bsize, mdp);
        let near = |i: usize, j: usize| -> bool {
            // i < j, positions in verts.
            let d = j - i;
            if d <= w {
                return true;
            }
            if j < bsize {
                let p = ideal.partner[i];
                return d.abs_diff(h_b) <= w || (p != usize::MAX && j.abs_diff(p) <= w);
            }
            if i >= bsize && j < bn {
                return d.abs_diff(h_n) <= w;
            }
            if i < bsize && j < bn {
                return j - bsize <= 2 * w;
            }
            false
        };
        let smin = self.players[verts[bsize - 1]].st.score;
        let span = (self.players[verts[0]].st.score - smin) / step.unit;
        // C6 exactly (A.8's lexicographic comparison) with an exponential
        // penalty when it fits 40 bits, otherwise a quadratic one.
        let levels = u64::from(span) + u64::from(self.input.win_points / step.unit) + 1;
        let base = bsize as u64 + 1;
        let psd_bits = levels as f64 * (base as f64).log2() + (bsize as f64 + 1.0).log2() + 2.0;
        let psd_base = (psd_bits <= 40.0).then_some(base);
        let initial = self.input.initial_colour;
        let mut raw: Vec<(usize, usize, [u64; NF])> = Vec::new();
        #[allow(clippy::needless_range_loop)]
        for i in 0..vcount {
            let a = verts[i];
            let jend = if exact || i < bn {
                vcount
            } else {
                (i + w + 1).min(vcount)
            };
            for j in i + 1..jend {
                if !exact {
                    if j < bn {
                        if !dense && !near(i, j) {
                            continue;
                        }
                    } else if i < bn && !dense && j - bn > 2 * w {
                        continue;
                    }
                }
                let b = verts[j];
                if !self.legal(a, b) {
                    continue;
                }
                let mut f = [0u64; NF];
                f[0] = 1;
                if j < bsize {
                    let crit = BracketCriteria {
                        smin,
                        span,
                        psd_base,
                        unit: step.unit,
                        win: self.input.win_points,
                        initial,
                    };
                    crit.fill(&self.players[a], &self.players[b], &mut f);
                    f[16] = b3_exchange_gain(&ideal, i, j);
                }
                if j < bn {
                    f[3] = 1;
                }
                raw.push((i, j, f));
            }
        }
        if with_bye {
            for (i, &a) in verts.iter().enumerate() {
                if !c2_bye_eligible(self.players[a].st) {
                    continue;
                }
                let mut f = [0u64; NF];
                f[0] = 1;
                if step.is_last {
                    f[1] = 1;
                    f[4] = i as u64 + 1;
                    // The bye is neutral in the colour and float criteria: the
                    // same values as an in-bracket pair with nothing to regret.
                    f[5] = 2;
                    f[6] = 2;
                    f[7] = 2;
                    f[8..12].fill(1);
                    f[12..16].fill(u64::from(span) + 1);
                }
                raw.push((i, bye_v, f));
            }
        }
        // Normalise in-bracket fields by their minimum over in-bracket edges.
        let in_b_edge = |e: &(usize, usize, [u64; NF])| e.2[1] == 1;
        for &k in &IN_B_FIELDS {
            let min = raw
                .iter()
                .filter(|e| in_b_edge(e))
                .map(|e| e.2[k])
                .min()
                .unwrap_or(0);
            for e in raw.iter_mut() {
                if in_b_edge(e) {
                    e.2[k] -= min;
                }
            }
        }
        // Bits per field.
        let pairs_all = (nvert / 2 + 1) as u128;
        let pairs_b = (bsize / 2 + 1) as u128;
        let pairs_bn = (bn / 2 + 1) as u128;
        let mut bits = [0u32; NF];
        for (k, b) in bits.iter_mut().enumerate() {
            let maxv = raw.iter().map(|e| e.2[k]).max().unwrap_or(0) as u128;
            if maxv == 0 {
                continue;
            }
            let pairs = match k {
                0 => pairs_all,
                3 => pairs_bn,
                _ => pairs_b,
            };
            *b = 128 - (maxv * pairs).leading_zeros();
        }
        // B.2 last: exact transposition order when the bits left allow it.
        let left = 122u32.saturating_sub(bits[..NF - 1].iter().sum::<u32>());
        ideal.exact = ideal.exact_bits() < left.min(62);
        for e in raw.iter_mut() {
            if e.2[1] == 1 && e.1 != bye_v {
                e.2[NF - 1] = b2_transposition_gain(&ideal, e.0, e.1);
            }
        }
        let min = raw
            .iter()
            .filter(|e| e.2[1] == 1 && e.1 != bye_v)
            .map(|e| e.2[NF - 1])
            .min()
            .unwrap_or(0);
        for e in raw.iter_mut() {
            if e.2[1] == 1 && e.1 != bye_v {
                e.2[NF - 1] -= min;
            }
        }
        let maxv = raw.iter().map(|e| e.2[NF - 1]).max().unwrap_or(0) as u128;
        bits[NF - 1] = if ideal.exact {
            // Each S1 player contributes one digit: the total is below |S2|^|S1|.
            ideal.exact_bits() + 1
        } else {
            128 - (maxv * pairs_b).leading_zeros()
        };
        let mut dropped = Vec::new();
        let mut used_fields = NF;
        while bits[..used_fields].iter().sum::<u32>() > 122 && used_fields > 2 {
            used_fields -= 1;
            if bits[used_fields] > 0 {
                dropped.push(FIELD_NAMES[used_fields]);
            }
        }
        let mut shift = [0u32; NF];
        let mut acc = 0;
        for k in (0..used_fields).rev() {
            shift[k] = acc;
            acc += bits[k];
        }
        let edges: Vec<Edge> = raw
            .iter()
            .map(|(i, j, f)| {
                let mut wgt: i128 = 0;
                for k in 0..used_fields {
                    wgt += (f[k] as i128) << shift[k];
                }
                (*i, *j, wgt)
            })
            .collect();
        let built = trace.then(std::time::Instant::now);
        drop(raw);
        let mate = max_weight_matching(nvert, &edges);
        if let Some(t) = built {
            eprintln!(
                "pair-trace: bracket {bsize} (+next {}) vertices {nvert} edges {} exact {exact}: build {:.1} ms, matching {:.1} ms",
                bn - bsize,
                edges.len(),
                (t - start.unwrap_or(t)).as_secs_f64() * 1000.0,
                t.elapsed().as_secs_f64() * 1000.0
            );
        }
        if mate.iter().any(|m| m.is_none()) {
            return None;
        }
        let mut pairs = Vec::new();
        let mut bye = None;
        for i in 0..bsize {
            match mate[i] {
                Some(j) if j < bsize && i < j => pairs.push((verts[i], verts[j])),
                Some(j) if j == bye_v && with_bye && step.is_last => bye = Some(verts[i]),
                _ => {}
            }
        }
        Some((pairs, bye, dropped))
    }

    fn finish(
        &self,
        pairs: Vec<(usize, usize)>,
        bye: Option<usize>,
        dropped: Vec<&'static str>,
    ) -> Pairing {
        let initial = self.input.initial_colour;
        let mut boards: Vec<(usize, usize)> = pairs
            .into_iter()
            .map(|(a, b)| {
                if e_allocate_colours(&self.players[a], &self.players[b], initial) {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        // C.04.2 board order: higher score of the pair, then sum of scores,
        // then rank of the higher-ranked player (index order is rank order).
        boards.sort_by_key(|&(a, b)| {
            let (sa, sb) = (self.players[a].st.score, self.players[b].st.score);
            (
                std::cmp::Reverse(sa.max(sb)),
                std::cmp::Reverse(u64::from(sa) + u64::from(sb)),
                a.min(b),
            )
        });
        Pairing {
            boards: boards
                .into_iter()
                .map(|(a, b)| (self.players[a].st.id, self.players[b].st.id))
                .collect(),
            bye: bye.map(|x| self.players[x].st.id),
            dropped_criteria: dropped,
        }
    }
}

/// The bracket's ideal pairing before any transposition or exchange (B.1,
/// B.2): moved-down players meet the top residents in order, the remaining
/// residents are split into S1 (top half) and S2 and paired in order.
struct IdealPairing {
    /// Position is in S1 (the half that chooses partners).
    s1: Vec<bool>,
    /// Ideal partner position (`usize::MAX` for the natural floater).
    partner: Vec<usize>,
    /// Index of the position within S1, or within S2.
    side_index: Vec<usize>,
    n1: usize,
    n2: usize,
    /// Exact lexicographic transposition order fits in the weight.
    exact: bool,
}

impl IdealPairing {
    fn new(bsize: usize, mdp: usize) -> Self {
        let mut s1 = vec![false; bsize];
        let mut partner = vec![usize::MAX; bsize];
        let pair_block =
            |s1: &mut Vec<bool>, partner: &mut Vec<usize>, start: usize, len: usize| {
                let h = len / 2;
                for t in 0..h {
                    s1[start + t] = true;
                    partner[start + t] = start + h + t;
                    partner[start + h + t] = start + t;
                }
            };
        if mdp > 0 && 2 * mdp <= bsize {
            for t in 0..mdp {
                s1[t] = true;
                partner[t] = mdp + t;
                partner[mdp + t] = t;
            }
            pair_block(&mut s1, &mut partner, 2 * mdp, bsize - 2 * mdp);
        } else {
            pair_block(&mut s1, &mut partner, 0, bsize);
        }
        let mut side_index = vec![0; bsize];
        let (mut n1, mut n2) = (0, 0);
        for i in 0..bsize {
            if s1[i] {
                side_index[i] = n1;
                n1 += 1;
            } else {
                side_index[i] = n2;
                n2 += 1;
            }
        }

        IdealPairing {
            s1,
            partner,
            side_index,
            n1,
            n2,
            exact: false,
        }
    }

    /// Bits the exact transposition order needs (base-|S2| digits, one per
    /// S1 player).
    fn exact_bits(&self) -> u32 {
        (self.n1 as f64 * (self.n2.max(1) as f64).log2()).ceil() as u32
    }

    /// Value (higher is better) of pairing positions `i` and `j` for the
    /// transposition order of B.2: the sequence of S2 partners of S1[0],
    /// S1[1], ... should be lexicographically smallest. Exact (base-|S2|
    /// digits) when that fits the bits the higher criteria leave (at most
    /// 62), otherwise a weighted
    /// distance to the ideal partner. Exchanges (both in S1 or both in S2)
    /// score 0; they are counted by the exchange criterion.
    fn order_value(&self, i: usize, j: usize) -> u64 {
        if self.s1[i] == self.s1[j] {
            return 0;
        }
        let (a, b) = if self.s1[i] { (i, j) } else { (j, i) };
        let (ia, kb) = (self.side_index[a] as u64, self.side_index[b] as u64);
        let (n1, n2) = (self.n1 as u64, self.n2 as u64);
        if self.exact {
            (n2 - 1 - kb) * n2.pow((n1 - 1 - ia) as u32)
        } else {
            let dev = kb.abs_diff(ia);
            if n1 <= 100 {
                ((n2 + 1) * (n1 + 1)).saturating_sub(dev * (n1 - ia))
            } else {
                (n2 + 1).saturating_sub(dev)
            }
        }
    }
}

/// Per-bracket constants for the quality criteria of one edge.
struct BracketCriteria {
    /// Lowest score in the bracket.
    smin: u32,
    /// Score span of the bracket in score units.
    span: u32,
    /// Score unit (gcd of scores and the win points).
    unit: u32,
    /// Points for a win.
    win: u32,
    /// Initial colour (E.5).
    initial: Colour,
    /// Base of the exponential C6 penalty, if exact.
    psd_base: Option<u64>,
}

impl BracketCriteria {
    /// Fills the in-bracket criteria fields 1..=15 of an edge between two
    /// players of the bracket (higher values are better).
    fn fill(&self, pa: &Player<'_>, pb: &Player<'_>, f: &mut [u64; NF]) {
        f[1] = c5_pair_in_bracket_gain();
        f[2] = c6_score_difference_gain(self, pa.st.score, pb.st.score);
        let (c10, c11, c89) = colour_costs(pa, pb, self.initial);
        f[5] = c8_c9_topscorer_colour_gain(pa, pb, c89);
        f[6] = c10_colour_preference_gain(c10);
        f[7] = c11_strong_colour_preference_gain(c11);
        let (hi, lo) = match pa.st.score.cmp(&pb.st.score) {
            std::cmp::Ordering::Greater => (Some(pa), Some(pb)),
            std::cmp::Ordering::Less => (Some(pb), Some(pa)),
            std::cmp::Ordering::Equal => (None, None),
        };
        let diff = pa.st.score.abs_diff(pb.st.score) / self.unit;
        f[8] = c12_c14_repeated_downfloat_gain(pa, pb, hi, 1);
        f[9] = c13_c15_repeated_upfloat_gain(lo, 1);
        f[10] = c12_c14_repeated_downfloat_gain(pa, pb, hi, 2);
        f[11] = c13_c15_repeated_upfloat_gain(lo, 2);
        f[12] = c16_c19_float_score_difference_gain(hi, Float::Down, 1, diff, self.span);
        f[13] = c16_c19_float_score_difference_gain(lo, Float::Up, 1, diff, self.span);
        f[14] = c16_c19_float_score_difference_gain(hi, Float::Down, 2, diff, self.span);
        f[15] = c16_c19_float_score_difference_gain(lo, Float::Up, 2, diff, self.span);
    }
}

/// The float a player received `back` rounds ago (1 = previous round).
fn float_at(p: &Player<'_>, back: usize) -> Float {
    let f = &p.st.floats;
    if f.len() >= back {
        f[f.len() - back]
    } else {
        Float::None
    }
}

/// C5: maximise the number of pairs in the bracket (minimise downfloaters):
/// every pair inside the bracket counts one.
fn c5_pair_in_bracket_gain() -> u64 {
    1
}

/// C6: minimise the pairing score difference (A.8). With downfloaters
/// measured against one point below the bracket's lowest score, the total
/// penalty is `Σ_pairs f(|sa - sb|) + Σ_floaters f(s - smin + 1)`; up to a
/// constant that is the negated sum over pairs of this gain. With
/// `f(d) = base^d` and `base` above the number of players the sum compares
/// exactly like A.8's sorted lists; when that does not fit, `f(d) = d²`
/// approximates it.
fn c6_score_difference_gain(c: &BracketCriteria, sa: u32, sb: u32) -> u64 {
    let f = |d: u64| -> u64 {
        match c.psd_base {
            Some(b) => b.saturating_pow(d.min(u64::from(u32::MAX)) as u32),
            None => d.saturating_mul(d),
        }
    };
    let q = |s: u32| f(u64::from((s - c.smin) / c.unit).saturating_add(u64::from(c.win / c.unit)));
    let diff = u64::from(sa.abs_diff(sb) / c.unit);
    q(sa).saturating_add(q(sb)).saturating_sub(f(diff))
}

/// C8/C9: minimise topscorers (or their opponents) getting a colour
/// difference beyond ±2 or the same colour three times in a row (only
/// possible in the last round, where C3 does not protect topscorers).
fn c8_c9_topscorer_colour_gain(pa: &Player<'_>, pb: &Player<'_>, breaks: u64) -> u64 {
    if pa.topscorer || pb.topscorer {
        2 - breaks.min(2)
    } else {
        2
    }
}

/// C10: minimise the number of players who do not get their colour
/// preference.
fn c10_colour_preference_gain(not_granted: u64) -> u64 {
    2 - not_granted.min(2)
}

/// C11: minimise the number of players who do not get their strong colour
/// preference (absolute preferences of topscorers included).
fn c11_strong_colour_preference_gain(not_granted: u64) -> u64 {
    2 - not_granted.min(2)
}

/// C12 (`back` = 1) / C14 (`back` = 2): minimise the players who receive the
/// same downfloat as one / two rounds before. A pair inside the bracket
/// saves its players from floating down (gain per player with that float),
/// except the higher-scored player of a pair with different scores, who
/// downfloats anyway.
fn c12_c14_repeated_downfloat_gain(
    pa: &Player<'_>,
    pb: &Player<'_>,
    hi: Option<&Player<'_>>,
    back: usize,
) -> u64 {
    let d = |p: &Player<'_>| u64::from(float_at(p, back) == Float::Down);
    1 + d(pa) + d(pb) - hi.map(d).unwrap_or(0)
}

/// C13 (`back` = 1) / C15 (`back` = 2): minimise the players who receive the
/// same upfloat as one / two rounds before (the lower-scored player of a
/// pair with different scores upfloats).
fn c13_c15_repeated_upfloat_gain(lo: Option<&Player<'_>>, back: usize) -> u64 {
    1 - lo
        .map(|p| u64::from(float_at(p, back) == Float::Up))
        .unwrap_or(0)
}

/// C16–C19: minimise the score differences of players who receive the same
/// downfloat (C16, C18) or upfloat (C17, C19) as one or two rounds before.
fn c16_c19_float_score_difference_gain(
    p: Option<&Player<'_>>,
    float: Float,
    back: usize,
    diff: u32,
    span: u32,
) -> u64 {
    let cost = match p {
        Some(p) if float_at(p, back) == float => diff,
        _ => 0,
    };
    u64::from(span.saturating_add(1) - cost.min(span.saturating_add(1)))
}

/// B.3 (exchanges): pairs between S1 and S2 count one; a pair inside S1 or
/// inside S2 is an exchange.
fn b3_exchange_gain(ideal: &IdealPairing, i: usize, j: usize) -> u64 {
    u64::from(ideal.s1[i] != ideal.s1[j])
}

/// B.2 (transpositions): see [`IdealPairing::order_value`].
fn b2_transposition_gain(ideal: &IdealPairing, i: usize, j: usize) -> u64 {
    ideal.order_value(i, j)
}

struct Step {
    bsize: usize,
    bn_size: usize,
    is_last: bool,
    unit: u32,
    level: u32,
}

/// Greatest common divisor of all scores and the win points (so score
/// differences are small integers, e.g. half points).
fn score_unit(players: &[Player<'_>], win: u32) -> u32 {
    fn gcd(a: u32, b: u32) -> u32 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let mut g = win;
    for p in players {
        g = gcd(g, p.st.score);
    }
    g.max(1)
}

/// Absolute criteria C1 (no rematch, forbidden pairs) and C3 (colour
/// compatibility) for one candidate pair of `input`.
pub fn is_legal_pair(input: &PairingInput, a: &PlayerState, b: &PlayerState) -> bool {
    let forbidden: HashSet<(u32, u32)> = input
        .forbidden
        .iter()
        .map(|&(x, y)| (x.min(y), x.max(y)))
        .collect();
    a.id != b.id
        && c1_no_rematch(a, b, &forbidden)
        && c3_colour_compatible(&derive(input, a), &derive(input, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn st(id: u32, score: u32, colours: &[Option<Colour>]) -> PlayerState {
        PlayerState {
            id,
            pairing_no: id,
            rating: 0,
            score,
            colours: colours.to_vec(),
            floats: vec![Float::None; colours.len()],
            opponents: vec![],
            had_bye_or_forfeit_win: false,
            present: true,
        }
    }

    fn input(round: u32, total: u32, players: Vec<PlayerState>) -> PairingInput {
        PairingInput {
            round,
            total_rounds: total,
            initial_colour: W,
            win_points: 10,
            players,
            forbidden: vec![],
        }
    }

    fn pref(c: &[Option<Colour>]) -> (Option<Colour>, Strength) {
        let p = a6_colour_preference(&st(1, 0, c));
        (p.colour, p.strength)
    }

    #[test]
    fn a6_preferences() {
        assert_eq!(pref(&[]), (None, Strength::None));
        assert_eq!(pref(&[Some(W)]), (Some(B), Strength::Strong));
        assert_eq!(pref(&[Some(W), Some(B)]), (Some(W), Strength::Mild));
        assert_eq!(
            pref(&[Some(B), Some(W), Some(B)]),
            (Some(W), Strength::Strong)
        );
        assert_eq!(pref(&[Some(W), Some(W)]), (Some(B), Strength::Absolute));
        assert_eq!(
            pref(&[Some(B), Some(W), Some(B), Some(B)]),
            (Some(W), Strength::Absolute)
        );
        // Unplayed rounds do not count: W, bye, W is two whites in a row.
        assert_eq!(
            pref(&[Some(W), None, Some(B), None, Some(B)]),
            (Some(W), Strength::Absolute)
        );
    }

    fn white_of(inp: &PairingInput, a: usize, b: usize) -> u32 {
        let (pa, pb) = (derive(inp, &inp.players[a]), derive(inp, &inp.players[b]));
        if e_allocate_colours(&pa, &pb, inp.initial_colour) {
            pa.st.id
        } else {
            pb.st.id
        }
    }

    #[test]
    fn e1_both_preferences_granted() {
        let inp = input(2, 5, vec![st(1, 10, &[Some(W)]), st(2, 10, &[Some(B)])]);
        assert_eq!(white_of(&inp, 0, 1), 2);
    }

    #[test]
    fn e2_stronger_preference_wins() {
        // 1: strong white (CD -1); 2: mild white (CD 0, last black).
        let inp = input(
            3,
            5,
            vec![st(1, 10, &[None, Some(B)]), st(2, 20, &[Some(W), Some(B)])],
        );
        assert_eq!(white_of(&inp, 1, 0), 1);
        // Both absolute (topscorers, last round): the wider difference wins.
        let inp = input(
            4,
            4,
            vec![
                st(1, 30, &[Some(B), Some(B), Some(W)]),
                st(2, 25, &[Some(B), Some(W), Some(B)]),
            ],
        );
        let (p1, p2) = (derive(&inp, &inp.players[0]), derive(&inp, &inp.players[1]));
        assert_eq!(
            (p1.pref.strength, p2.pref.strength),
            (Strength::Strong, Strength::Strong)
        );
        let inp = input(
            5,
            5,
            vec![
                st(1, 35, &[Some(B), Some(B), Some(W), Some(B)]),
                st(2, 30, &[Some(W), Some(B), Some(B), Some(B)]),
            ],
        );
        assert_eq!(white_of(&inp, 0, 1), 2);
    }

    #[test]
    fn e3_alternate_from_last_different_round() {
        // Both strong white; in the last round 1 had black and 2 white.
        let inp = input(
            4,
            5,
            vec![
                st(1, 20, &[Some(B), Some(W), Some(B)]),
                st(2, 30, &[Some(B), Some(B), Some(W)]),
            ],
        );
        // E.4 would give white to the higher ranked 2; E.3 comes first.
        assert_eq!(white_of(&inp, 0, 1), 1);
    }

    #[test]
    fn e4_higher_ranked_gets_preference() {
        let inp = input(2, 5, vec![st(1, 10, &[Some(B)]), st(2, 10, &[Some(B)])]);
        assert_eq!(white_of(&inp, 1, 0), 1);
    }

    #[test]
    fn e5_initial_colour_by_pairing_number() {
        let mut inp = input(
            1,
            5,
            vec![st(1, 0, &[]), st(4, 0, &[]), st(2, 0, &[]), st(5, 0, &[])],
        );
        assert_eq!(white_of(&inp, 0, 1), 1);
        assert_eq!(white_of(&inp, 2, 3), 5);
        inp.initial_colour = B;
        assert_eq!(white_of(&inp, 0, 1), 4);
        assert_eq!(white_of(&inp, 2, 3), 2);
    }

    #[test]
    fn c1_c2_c3_absolute_criteria() {
        let mut a = st(1, 10, &[Some(W), Some(W)]);
        let b = st(2, 10, &[Some(W), Some(W)]);
        let c = st(3, 10, &[Some(B), Some(B)]);
        a.opponents.push(3);
        let inp = input(3, 5, vec![a.clone(), b.clone(), c.clone()]);
        assert!(!is_legal_pair(&inp, &a, &c), "C1 rematch");
        assert!(!is_legal_pair(&inp, &a, &b), "C3 same absolute preference");
        assert!(is_legal_pair(&inp, &b, &c));
        // Final round, topscorers: C3 does not apply.
        let inp = input(3, 3, vec![a.clone(), b.clone(), c]);
        let (x, y) = (
            st(1, 20, &[Some(W), Some(W)]),
            st(2, 20, &[Some(W), Some(W)]),
        );
        assert!(is_legal_pair(&inp, &x, &y));
        let mut bye = st(4, 0, &[]);
        assert!(c2_bye_eligible(&bye));
        bye.had_bye_or_forfeit_win = true;
        assert!(!c2_bye_eligible(&bye));
        let mut inp = input(1, 3, vec![st(1, 0, &[]), st(2, 0, &[])]);
        inp.forbidden.push((2, 1));
        assert_eq!(pair_dutch(&inp), Err(PairingError::NoLegalPairing(2)));
    }

    fn pairs(p: &Pairing) -> Vec<(u32, u32)> {
        let mut v: Vec<_> = p
            .boards
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn c5_c6_pairs_inside_score_groups_and_mdp_meets_top_resident() {
        // 1 and 2 have 2 points, 3 has 1.5, 4-7 have 1: 3 floats to the 1-point
        // bracket and meets its highest resident (4); 5-6 and 7 with 8.
        let inp = input(
            3,
            5,
            vec![
                st(1, 20, &[Some(W), Some(B)]),
                st(2, 20, &[Some(B), Some(W)]),
                st(3, 15, &[Some(W), Some(B)]),
                st(4, 10, &[Some(B), Some(W)]),
                st(5, 10, &[Some(W), Some(B)]),
                st(6, 10, &[Some(B), Some(W)]),
                st(7, 10, &[Some(W), Some(B)]),
                st(8, 10, &[Some(B), Some(W)]),
            ],
        );
        let p = pair_dutch(&inp).unwrap();
        assert_eq!(p.bye, None);
        // 3 floats and meets 4 (top resident); remainder {5,6,7,8}: S1 5 6,
        // S2 7 8; 5-7 would deny a colour preference (C10), so 5-8, 6-7.
        assert_eq!(pairs(&p), vec![(1, 2), (3, 4), (5, 8), (6, 7)]);
    }

    #[test]
    fn c10_colour_preferences_before_s1_s2_order() {
        // One score group: S1 = 1 3 4 6, S2 = 7 8 9 20; preferences
        // 1 B, 3 B, 4 W, 6 W, 7 B, 8 W, 9 B, 20 none. The first
        // transposition meeting every preference is 8 20 7 9.
        let c = |x: Colour| vec![Some(x.opposite())];
        let mut ps = vec![
            st(1, 10, &c(B)),
            st(3, 10, &c(B)),
            st(4, 10, &c(W)),
            st(6, 10, &c(W)),
            st(7, 10, &c(B)),
            st(8, 10, &c(W)),
            st(9, 10, &c(B)),
            st(20, 10, &[None]),
        ];
        ps[7].had_bye_or_forfeit_win = true;
        let p = pair_dutch(&input(2, 5, ps)).unwrap();
        assert_eq!(pairs(&p), vec![(1, 8), (3, 20), (4, 7), (6, 9)]);
        assert!(p.boards.contains(&(8, 1)) && p.boards.contains(&(4, 7)));
    }

    #[test]
    fn c12_avoids_repeated_downfloat() {
        // Three players with 1 point, two with 0: the lowest of the top group
        // (3) would float, but it floated last round, so 2 floats instead
        // (2-3 is excluded by colours: both prefer white).
        let mut ps = vec![
            st(1, 10, &[Some(W)]),
            st(2, 10, &[Some(B)]),
            st(3, 10, &[Some(B)]),
            st(4, 0, &[Some(B)]),
            st(5, 0, &[Some(W)]),
            st(6, 0, &[Some(B)]),
        ];
        ps[2].floats = vec![Float::Down];
        let p = pair_dutch(&input(2, 5, ps)).unwrap();
        assert!(pairs(&p).contains(&(1, 3)), "{:?}", p.boards);
    }

    #[test]
    fn bye_goes_to_lowest_score_then_lowest_rank() {
        let mut ps = vec![
            st(1, 10, &[Some(W)]),
            st(2, 10, &[Some(B)]),
            st(3, 0, &[Some(W)]),
            st(4, 0, &[Some(B)]),
            st(5, 0, &[None]),
        ];
        ps[4].had_bye_or_forfeit_win = true;
        let p = pair_dutch(&input(2, 5, ps)).unwrap();
        assert_eq!(p.bye, Some(4));
    }
}
