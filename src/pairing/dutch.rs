//! The FIDE Dutch system (Handbook C.04.3) by maximum-weight matching.
//!
//! # Edition
//! The criteria are those of the edition applied from 1 July 2025 (its
//! February 2026 revision keeps them): absolute criteria C1–C3, completion
//! C4, C5 the lowest score for the pairing-allocated bye (PAB), and quality
//! criteria C6–C21. Article numbers in the doc comments are those of that
//! edition (1.x definitions, 2.x criteria, 4.x candidate order, 5.x
//! colours). A player who scores more than a loss without playing receives
//! a downfloat (1.4.3).
//!
//! # Method
//! Players are ordered by score, then pairing number (1.2). C5 is settled
//! first: one matching over all players finds the lowest score the PAB can
//! go to, and only eligible players (C2) with that score may take it.
//! Brackets are then processed from the top score down (as in seed 004): for
//! bracket `B` (all still-unpaired players with at least the bracket's
//! score, i.e. residents plus moved-down players) one maximum-weight matching
//! is solved over `B` *and the players below it*, with every edge weight a
//! lexicographic vector packed into one integer (`i128`, or a wider
//! fixed-size integer when the fields need more bits, up to
//! [`MAX_WEIGHT_BITS`]):
//!
//! 1. completion (C4): every edge counts 1, so the matching is perfect when
//!    any legal pairing of the remaining players exists — the pairs fixed in
//!    `B` can always be completed below;
//! 2. C6 pairs inside `B` (fewest downfloaters);
//! 3. C7 the scores of the pairs inside `B`, one unit per pair at its higher
//!    score in a mixed-radix number where higher scores are more significant
//!    (so the downfloaters' scores, compared from the highest, are lowest);
//! 4. C8 pairs and then scores in `B` ∪ the following scoregroup;
//! 5. C9 the PAB assignee with the most games played;
//! 6. C10/C11 topscorer colour exceptions, C12 colour preferences, C13
//!    strong colour preferences, C14–C17 repeated floats, C18–C21 the
//!    scores involved in them (mixed-radix like C7);
//! 7. 4.3 fewest resident exchanges between S1 and S2, then the 4.2
//!    transposition order: the S2 partners of `S1[0]`, `S1[1]`, ...
//!    lexicographically smallest, one exact digit per S1 player (in very
//!    large brackets only as many as fit the widest weight; the rest by a
//!    weighted distance to the ideal partner, reported in
//!    [`Pairing::dropped_criteria`]); moved-down players' ideal partners are
//!    the top residents;
//! 8. the PAB to the lowest ranked candidate.
//!
//! Only the pairs inside `B` are kept; unpaired players of `B` move down.
//! Absolute criteria C1–C3 (and forbidden pairs) decide which edges exist.
//! Colours are then allocated by 5.2 and boards ordered by C.04.2.
//!
//! For speed, large brackets use a candidate graph (neighbours around the
//! S1/S2 partner) and only a window of the players below (`Narrow`, then
//! `Wide`); if that graph has no perfect matching the step is re-solved on a
//! larger one up to the full graph (`Exact`), and if a later step fails the
//! whole round is redone with the next mode, so a legal pairing is always
//! found when one exists. The result is finally checked by
//! [`verify_pairing`].
use super::input::{Float, PairingInput, PlayerState};
use super::matching::{max_weight_matching, Edge, Weight};
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
    /// Quality criteria that were approximated or left out of a step's
    /// weights because the packed weight would exceed [`MAX_WEIGHT_BITS`]
    /// (empty except in brackets of hundreds of players).
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

/// Colour preference strength (1.7).
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

/// A colour preference (1.7).
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

/// 1.7 Colour preference: absolute when the colour difference is beyond ±1
/// or the last two played games had the same colour; strong at ±1; mild at
/// 0 (alternate from the last game); none before the first game.
pub fn colour_preference(st: &PlayerState) -> ColourPreference {
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

/// 1.8 Topscorers: when pairing the final round, players with more than 50%
/// of the maximum possible score.
pub fn is_topscorer(input: &PairingInput, st: &PlayerState) -> bool {
    input.round == input.total_rounds
        && u64::from(st.score) * 2
            > u64::from(input.win_points) * u64::from(input.round.saturating_sub(1))
}

pub(crate) fn derive<'a>(input: &PairingInput, st: &'a PlayerState) -> Player<'a> {
    let (cd, _, last_two) = colour_history(st);
    Player {
        st,
        pref: colour_preference(st),
        cd,
        last_two,
        topscorer: is_topscorer(input, st),
    }
}

/// C1: two players shall not play against each other more than once (games
/// forfeited before they started do not count); forbidden pairs (`XXP`) are
/// treated the same way.
pub fn c1_no_rematch(a: &PlayerState, b: &PlayerState, forbidden: &HashSet<(u32, u32)>) -> bool {
    !a.opponents.contains(&b.id) && !forbidden.contains(&(a.id.min(b.id), a.id.max(b.id)))
}

/// C2: a player who has already received a pairing-allocated bye, or
/// scored a win's points in one round without playing, shall not receive
/// the pairing-allocated bye.
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

/// True if `a` is ranked higher than `b` (1.2: score, then pairing number).
fn ranks_higher(a: &Player<'_>, b: &Player<'_>) -> bool {
    (std::cmp::Reverse(a.st.score), a.st.pairing_no)
        < (std::cmp::Reverse(b.st.score), b.st.pairing_no)
}

/// 5.2 colour allocation (5.2.1–5.2.5); returns true if `a` gets white.
///
/// 5.2.1 grant both preferences; 5.2.2 grant the stronger preference (both
/// absolute: the wider colour difference); 5.2.3 alternate from the most
/// recent round in which one had white and the other black; 5.2.4 grant the
/// higher ranked player's preference; 5.2.5 the higher ranked player gets the
/// initial colour if his pairing number is odd, the other colour if even.
pub(crate) fn allocate_colours(a: &Player<'_>, b: &Player<'_>, initial: Colour) -> bool {
    grant_both_preferences(a, b)
        .or_else(|| grant_stronger_preference(a, b))
        .or_else(|| alternate_from_last_difference(a, b))
        .or_else(|| grant_higher_ranked_preference(a, b))
        .unwrap_or_else(|| initial_colour_by_pairing_number(a, b, initial))
}

/// 5.2.1: grant both colour preferences (when they differ, or only one
/// player has one). `Some(true)` means `a` gets white.
fn grant_both_preferences(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    match (a.pref.colour, b.pref.colour) {
        (Some(x), Some(y)) if x != y => Some(x == Colour::White),
        (Some(x), None) => Some(x == Colour::White),
        (None, Some(y)) => Some(y == Colour::Black),
        _ => None,
    }
}

/// 5.2.2: grant the stronger colour preference; if both are absolute
/// (topscorers), grant the wider colour difference.
fn grant_stronger_preference(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
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

/// 5.2.3: alternate the colours to the most recent round in which one player
/// had white and the other black (rounds where either did not play are
/// skipped, General Handling Rules 3.4).
fn alternate_from_last_difference(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    let n = a.st.colours.len().min(b.st.colours.len());
    (0..n)
        .rev()
        .find_map(|r| match (a.st.colours[r], b.st.colours[r]) {
            (Some(ca), Some(cb)) if ca != cb => Some(ca == Colour::Black),
            _ => None,
        })
}

/// 5.2.4: grant the colour preference of the higher ranked player.
fn grant_higher_ranked_preference(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    let (hi, a_is_hi) = if ranks_higher(a, b) {
        (a, true)
    } else {
        (b, false)
    };
    hi.pref.colour.map(|c| (c == Colour::White) == a_is_hi)
}

/// 5.2.5: the higher ranked player gets the initial colour if his pairing
/// number is odd, the other colour if it is even.
fn initial_colour_by_pairing_number(a: &Player<'_>, b: &Player<'_>, initial: Colour) -> bool {
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

/// What a pair's colour allocation costs under C10–C13.
struct ColourCosts {
    /// C10: players of a topscorer's pair whose colour difference goes
    /// beyond ±2.
    beyond_two: u64,
    /// C11: players of a topscorer's pair getting the same colour a third
    /// time in a row.
    third_in_a_row: u64,
    /// C12: players not getting their colour preference.
    preferences: u64,
    /// C13: players not getting their strong (or absolute) preference.
    strong_preferences: u64,
}

/// The colour criteria costs of pairing `a` with `b` (colours by 5.2).
fn colour_costs(a: &Player<'_>, b: &Player<'_>, initial: Colour) -> ColourCosts {
    let a_white = allocate_colours(a, b, initial);
    let topscorers = a.topscorer || b.topscorer;
    let mut costs = ColourCosts {
        beyond_two: 0,
        third_in_a_row: 0,
        preferences: 0,
        strong_preferences: 0,
    };
    for (p, white) in [(a, a_white), (b, !a_white)] {
        let got = if white { Colour::White } else { Colour::Black };
        if let Some(c) = p.pref.colour {
            if c != got {
                costs.preferences += 1;
                if p.pref.strength >= Strength::Strong {
                    costs.strong_preferences += 1;
                }
            }
        }
        let cd = p.cd + if white { 1 } else { -1 };
        if topscorers && cd.abs() > 2 {
            costs.beyond_two += 1;
        }
        if topscorers && p.last_two == Some((got, got)) {
            costs.third_in_a_row += 1;
        }
    }
    costs
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

/// Index of each packed criterion; [`FIELD_NAMES`] gives their names. C1–C3
/// decide which edges exist and C5 which players may take the bye; the
/// others are fields of the edge weight, highest priority first.
mod field {
    pub const COMPLETION: usize = 0;
    pub const C6_PAIRS: usize = 1;
    pub const C7_SCORES: usize = 2;
    pub const C8_PAIRS: usize = 3;
    pub const C8_SCORES: usize = 4;
    pub const C9_BYE_GAMES: usize = 5;
    pub const C10_TOPSCORER_DIFFERENCE: usize = 6;
    pub const C11_TOPSCORER_THIRD_COLOUR: usize = 7;
    pub const C12_PREFERENCES: usize = 8;
    pub const C13_STRONG_PREFERENCES: usize = 9;
    /// C14–C17: repeated downfloat / upfloat, one then two rounds before.
    pub const C14_C17_FLOATS: usize = 10;
    /// C18–C21: their scores, one then two rounds before.
    pub const C18_C21_SCORES: usize = 14;
    pub const MDP_SET: usize = 18;
    pub const MDP_TRANSPOSITIONS: usize = 19;
    pub const EXCHANGES: usize = 20;
    pub const EXCHANGE_ORDER: usize = 21;
    pub const EXCHANGE_SETS: usize = 22;
    pub const TRANSPOSITIONS: usize = 23;
    pub const TRANSPOSITIONS_REST: usize = 24;
    pub const BYE_RANK: usize = 25;
}

/// Names of the packed criteria, highest priority first (article numbers of
/// the 2025 edition).
const FIELD_NAMES: [&str; NF] = [
    "C4 completion",
    "C6 fewest downfloaters",
    "C7 lowest downfloater scores",
    "C8 pairs in the following bracket",
    "C8 downfloater scores for the following bracket",
    "C9 fewest unplayed games of the PAB assignee",
    "C10 topscorers' colour difference beyond ±2",
    "C11 topscorers' same colour three times",
    "C12 colour preferences",
    "C13 strong colour preferences",
    "C14 repeated downfloat (previous round)",
    "C15 repeated upfloat (previous round)",
    "C16 repeated downfloat (two rounds before)",
    "C17 repeated upfloat (two rounds before)",
    "C18 scores of repeated downfloaters (previous round)",
    "C19 scores of repeated upfloaters' opponents (previous round)",
    "C20 scores of repeated downfloaters (two rounds before)",
    "C21 scores of repeated upfloaters' opponents (two rounds before)",
    "4.4 order of the MDP sets",
    "4.2 transposition order of the MDP-pairing",
    "4.3 fewest resident exchanges",
    "4.3 smallest difference of the exchanged pairing numbers",
    "4.3 the lowest S1 players and highest S2 players exchanged",
    "4.2 transposition order",
    "4.2 transposition order (players beyond the exact part)",
    "PAB to the lowest ranked",
];
const NF: usize = 26;

/// How a field's per-edge value is stored in a [`RawEdge`] and packed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FieldKind {
    /// A small number.
    Plain,
    /// Up to two score levels ([`levels_value`]); each is one unit of a
    /// mixed-radix number in which higher scores are more significant.
    Levels,
    /// One digit of the transposition order ([`IdealPairing::digit`]).
    Digit,
}

fn field_kind(k: usize) -> FieldKind {
    match k {
        field::C7_SCORES | field::C8_SCORES => FieldKind::Levels,
        k if (field::C18_C21_SCORES..field::C18_C21_SCORES + 4).contains(&k) => FieldKind::Levels,
        field::MDP_SET
        | field::MDP_TRANSPOSITIONS
        | field::EXCHANGE_SETS
        | field::TRANSPOSITIONS => FieldKind::Digit,
        _ => FieldKind::Plain,
    }
}

/// Encodes up to two score levels for a [`FieldKind::Levels`] field.
fn levels_value(a: Option<usize>, b: Option<usize>) -> u64 {
    let code = |l: Option<usize>| l.map_or(0, |l| l as u64 + 1);
    code(a) | (code(b) << 16)
}

/// The score levels of a step (the bracket and the following scoregroup),
/// as a mixed-radix number: each level gets enough bits to count all its
/// players, so sums over a matching never carry into the next level.
struct LevelTable {
    /// Distinct scores, ascending.
    scores: Vec<u32>,
    /// Bit offset of each level.
    shift: Vec<u32>,
    /// Total bits.
    width: u32,
}

impl LevelTable {
    fn new(scores_desc: impl Iterator<Item = u32>) -> Self {
        let mut counted: Vec<(u32, u64)> = Vec::new();
        for s in scores_desc {
            match counted.last_mut() {
                Some((last, n)) if *last == s => *n += 1,
                _ => counted.push((s, 1)),
            }
        }
        counted.reverse();
        let mut shift = Vec::with_capacity(counted.len());
        let mut width = 0;
        for &(_, n) in &counted {
            shift.push(width);
            width += bits_for(n);
        }
        LevelTable {
            scores: counted.iter().map(|&(s, _)| s).collect(),
            shift,
            width,
        }
    }

    fn of(&self, score: u32) -> usize {
        self.scores.binary_search(&score).unwrap_or(0)
    }
}

/// Bits needed to represent `n`.
fn bits_for(n: u64) -> u32 {
    64 - n.leading_zeros()
}

/// One candidate edge with its criteria values (see [`FieldKind`]).
type RawEdge = (usize, usize, [u64; NF]);

/// Widest packed weight used (bits).
const MAX_WEIGHT_BITS: u32 = 2040;

/// Passes of one step that fix a settled part of the bracket and order the
/// rest exactly (see [`Ctx::solve_step`]).
const MAX_PASSES: usize = 24;

/// The note for a bracket whose transposition order could not be made exact.
const APPROXIMATED_ORDER: &str =
    "4.2 transposition order (approximated for the lowest S1 players of a very large bracket)";

/// Weight width allowed for the exact transposition digits of a graph with
/// `nvert` vertices: wide integers cost time in every step of the matching,
/// so big graphs get exact digits for fewer S1 players per pass.
fn weight_bits_cap(nvert: usize) -> u32 {
    if nvert <= 300 {
        MAX_WEIGHT_BITS
    } else {
        508
    }
}

/// Bit layout of a step's packed weights.
struct Layout {
    shift: [u32; NF],
    used_fields: usize,
    levels: Vec<u32>,
    /// Exact digit slots and digit width of the MDP-pairing and of the
    /// remainder.
    exact_mdp_slots: usize,
    exact_remainder_slots: usize,
    remainder_len: usize,
    digit_width: [u32; 2],
    total_bits: u32,
    /// Criteria left out of the weight (only if even the widest weight
    /// cannot hold them).
    dropped: Vec<&'static str>,
}

impl Layout {
    /// Sizes every field for the edges of `raw` and fills in the
    /// transposition digits (exact for as many slots as the width allows,
    /// a distance measure for the remainder's slots beyond).
    fn new(
        raw: &mut [RawEdge],
        nvert: usize,
        bsize: usize,
        ideal: &IdealPairing,
        levels: &LevelTable,
        exchanges: bool,
    ) -> Layout {
        // A matching's total never exceeds the sum over vertices of their
        // largest incident value (plain fields), or the level table's width.
        let mut vmax = vec![[0u64; NF]; nvert];
        for (i, j, f) in raw.iter() {
            for k in 0..NF {
                vmax[*i][k] = vmax[*i][k].max(f[k]);
                vmax[*j][k] = vmax[*j][k].max(f[k]);
            }
        }
        let mut bits = [0u32; NF];
        for (k, b) in bits.iter_mut().enumerate() {
            if vmax.iter().all(|m| m[k] == 0) {
                continue;
            }
            *b = match field_kind(k) {
                FieldKind::Levels => levels.width,
                _ => bits_for(vmax.iter().map(|m| m[k]).sum::<u64>()),
            };
        }
        let (dw_mdp, dw_rest) = ideal.digit_widths();
        let (n1, n2) = (ideal.ds1.len() as u64, ideal.ds2.len() as u64);
        let rest_bits = bits_for(((n2 + 1) * (n1 + 1) + 2) * (n1 + 1));
        let cap = weight_bits_cap(nvert);
        let mut budget = cap.saturating_sub(bits.iter().sum::<u32>() + 3 + rest_bits);
        let exact_mdp_slots = ideal.mdps.len().min((budget / (dw_mdp + 1)) as usize);
        budget -= exact_mdp_slots as u32 * (dw_mdp + 1);
        let remainder_len = ideal.s1.len() + ideal.s2.len();
        let exchange_sets = exchanges && (remainder_len as u32) <= budget;
        if exchange_sets {
            budget -= remainder_len as u32;
        }
        let exact_remainder_slots = ideal.ds1.len().min((budget / dw_rest) as usize);
        let mut rest_max = 0;
        for (i, j, f) in raw.iter_mut() {
            if *j >= bsize {
                continue;
            }
            if let Some((slot, digit)) = ideal.mdp_digit(*i, *j) {
                if slot < exact_mdp_slots {
                    f[field::MDP_SET] = ((slot as u64) << 32) | 1;
                    f[field::MDP_TRANSPOSITIONS] = ((slot as u64) << 32) | digit;
                }
            } else if let Some((slot, digit)) = ideal.digit(*i, *j) {
                if exchange_sets {
                    f[field::EXCHANGE_SETS] = ideal.exchange_set_digit(*i, *j);
                }
                if slot < exact_remainder_slots {
                    f[field::TRANSPOSITIONS] = ((slot as u64) << 32) | digit;
                } else {
                    let v = ideal.approximate_order(*i, *j, exact_remainder_slots);
                    f[field::TRANSPOSITIONS_REST] = v;
                    rest_max = rest_max.max(v);
                }
            }
        }
        bits[field::MDP_SET] = exact_mdp_slots as u32;
        bits[field::MDP_TRANSPOSITIONS] = exact_mdp_slots as u32 * dw_mdp;
        if exchange_sets {
            bits[field::EXCHANGE_SETS] = remainder_len as u32;
        }
        bits[field::TRANSPOSITIONS] = exact_remainder_slots as u32 * dw_rest;
        bits[field::TRANSPOSITIONS_REST] = if rest_max > 0 {
            bits_for(rest_max * (n1 + 1))
        } else {
            0
        };
        let mut dropped = Vec::new();
        let mut used_fields = NF;
        while bits[..used_fields].iter().sum::<u32>() + 3 > cap.max(MAX_WEIGHT_BITS)
            && used_fields > 2
        {
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
        Layout {
            shift,
            used_fields,
            levels: levels.shift.clone(),
            exact_mdp_slots,
            exact_remainder_slots,
            remainder_len,
            digit_width: [dw_mdp, dw_rest],
            total_bits: acc + 3,
            dropped,
        }
    }

    fn weight<W: Weight>(&self, f: &[u64; NF]) -> W {
        let mut w = W::ZERO;
        for (k, &v) in f.iter().enumerate().take(self.used_fields) {
            if v == 0 {
                continue;
            }
            match field_kind(k) {
                FieldKind::Plain => w += W::shifted(v, self.shift[k]),
                FieldKind::Levels => {
                    for code in [v & 0xffff, v >> 16] {
                        if code > 0 {
                            w += W::shifted(1, self.shift[k] + self.levels[code as usize - 1]);
                        }
                    }
                }
                FieldKind::Digit => {
                    let (slot, digit) = ((v >> 32) as usize, v & 0xffff_ffff);
                    let (slots, width) = if k == field::MDP_SET {
                        (self.exact_mdp_slots, 1)
                    } else if k == field::EXCHANGE_SETS {
                        (self.remainder_len, 1)
                    } else if k == field::MDP_TRANSPOSITIONS {
                        (self.exact_mdp_slots, self.digit_width[0])
                    } else {
                        (self.exact_remainder_slots, self.digit_width[1])
                    };
                    let place = (slots - 1 - slot) as u32 * width;
                    w += W::shifted(digit, self.shift[k] + place);
                }
            }
        }
        w
    }
}

/// Solves the matching with the narrowest weight type that holds the
/// layout's bits.
fn match_packed(nvert: usize, raw: &[RawEdge], layout: &Layout) -> Vec<Option<usize>> {
    fn run<W: Weight>(nvert: usize, raw: &[RawEdge], layout: &Layout) -> Vec<Option<usize>> {
        let edges: Vec<Edge<W>> = raw
            .iter()
            .map(|(i, j, f)| (*i, *j, layout.weight::<W>(f)))
            .collect();
        max_weight_matching(nvert, &edges)
    }
    match layout.total_bits {
        0..=124 => run::<i128>(nvert, raw, layout),
        125..=252 => run::<bnum::BInt<4>>(nvert, raw, layout),
        253..=508 => run::<bnum::BInt<8>>(nvert, raw, layout),
        509..=1020 => run::<bnum::BInt<16>>(nvert, raw, layout),
        _ => run::<bnum::BInt<32>>(nvert, raw, layout),
    }
}

type PairList = Vec<(usize, usize)>;
type RunResult = Result<(PairList, Option<usize>, Vec<&'static str>), Failure>;

impl Ctx<'_, '_> {
    fn legal(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        c1_no_rematch(pa.st, pb.st, self.forbidden) && c3_colour_compatible(pa, pb)
    }

    /// C5: the lowest score a pairing-allocated bye can go to, when the
    /// number of players is odd. It is fixed before the first bracket: a
    /// matching over all players (completion first, then the bye's score)
    /// on a sparse graph of rank neighbours, and on the full graph unless
    /// the sparse one already reaches the lowest eligible score.
    fn lowest_bye_score(&self, opts: DutchOptions) -> Result<Option<u32>, Failure> {
        let n = self.players.len();
        if n.is_multiple_of(2) {
            return Ok(None);
        }
        let mut eligible: Vec<u32> = (0..n)
            .filter(|&i| c2_bye_eligible(self.players[i].st))
            .map(|i| self.players[i].st.score)
            .collect();
        eligible.sort_unstable();
        eligible.dedup();
        let Some(&lowest) = eligible.first() else {
            return Err(Failure::None);
        };
        let big = eligible.len() as i128 + 1;
        let solve = |reach: usize| -> Option<u32> {
            let mut edges: Vec<Edge> = Vec::new();
            for i in 0..n {
                for j in i + 1..n.min(i + 1 + reach) {
                    if self.legal(i, j) {
                        edges.push((i, j, big));
                    }
                }
                let st = self.players[i].st;
                if c2_bye_eligible(st) {
                    let rank = eligible.len() - eligible.binary_search(&st.score).unwrap_or(0);
                    edges.push((i, n, big + rank as i128));
                }
            }
            let mate = max_weight_matching(n + 1, &edges);
            if mate.iter().any(|m| m.is_none()) {
                return None;
            }
            mate[n].map(|x| self.players[x].st.score)
        };
        if !opts.exact {
            let sparse = solve(2 * opts.window + 8);
            if sparse == Some(lowest) {
                return Ok(sparse);
            }
        }
        solve(n).map(Some).ok_or(Failure::None)
    }

    fn run(&self, mode: Mode, opts: DutchOptions) -> RunResult {
        let n = self.players.len();
        let bye_score = self.lowest_bye_score(opts)?;
        let mut remaining: Vec<usize> = (0..n).collect();
        let mut pairs = Vec::new();
        let mut bye = None;
        let mut dropped: Vec<&'static str> = Vec::new();
        let mut levels: Vec<u32> = self.players.iter().map(|p| p.st.score).collect();
        levels.dedup();
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
                level,
                bye_score,
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
        let trace_fields = std::env::var("RATINGBOOK_PAIR_TRACE").is_ok_and(|v| v == "fields");
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
        let is_mdp = |p: usize| self.players[verts[p]].st.score > step.level;
        let members: Vec<usize> = (0..bsize).collect();
        let candidates = self.candidate_edges(
            verts,
            step,
            mode,
            opts,
            &IdealPairing::new(bsize, &members, is_mdp, None, None),
        );
        let levels = LevelTable::new(verts[..bn].iter().map(|&v| self.players[v].st.score));
        let crit = BracketCriteria {
            levels: &levels,
            initial: self.input.initial_colour,
        };
        // Positions fixed by an earlier pass (their partner), and MDPs left
        // in the limbo by the MDP-pairing.
        let mut fixed: Vec<Option<usize>> = vec![None; bsize];
        let mut limbo = vec![false; bsize];
        let mut remainder_pairs = None;
        let mut exchanged_s1: Option<Vec<usize>> = None;
        let mut c9_active = false;
        let mut dropped = Vec::new();
        for pass in 0.. {
            let start = trace.then(std::time::Instant::now);
            let members: Vec<usize> = (0..bsize).filter(|&p| fixed[p].is_none()).collect();
            let ideal = IdealPairing::new(
                bsize,
                &members,
                |p| is_mdp(p) && !limbo[p],
                remainder_pairs,
                exchanged_s1.as_deref(),
            );
            let usable = |i: usize, j: usize| -> bool {
                let fixed_at = |p: usize| if p < bsize { fixed[p] } else { None };
                match (fixed_at(i), fixed_at(j)) {
                    (None, None) => !(j < bsize && (limbo[i] || limbo[j])),
                    _ => false,
                }
            };
            let mut raw: Vec<RawEdge> = Vec::with_capacity(candidates.len());
            for &(i, j) in &candidates {
                if !usable(i, j) {
                    continue;
                }
                let (a, b) = (verts[i], verts[j]);
                let mut f = [0u64; NF];
                f[field::COMPLETION] = 1;
                if j < bsize {
                    crit.fill(&self.players[a], &self.players[b], &mut f);
                    f[field::EXCHANGES] = ideal.exchange_gain(i, j);
                    f[field::EXCHANGE_ORDER] = ideal.exchange_order(i, j);
                }
                if j < bn {
                    f[field::C8_PAIRS] = 1;
                    if j >= bsize {
                        let la = levels.of(self.players[a].st.score);
                        f[field::C8_SCORES] = levels_value(Some(la), None);
                    }
                }
                raw.push((i, j, f));
            }
            if with_bye {
                for (i, &a) in verts.iter().enumerate() {
                    let st = self.players[a].st;
                    if !c2_bye_eligible(st)
                        || step.bye_score.is_some_and(|s| st.score > s)
                        || (i < bsize && fixed[i].is_some())
                    {
                        continue;
                    }
                    let mut f = [0u64; NF];
                    f[field::COMPLETION] = 1;
                    if c9_active && i < bsize {
                        f[field::C9_BYE_GAMES] = played_games(st) + 1;
                    }
                    if step.is_last {
                        f[field::BYE_RANK] = i as u64 + 1;
                    }
                    raw.push((i, bye_v, f));
                }
            }
            let layout = Layout::new(
                &mut raw,
                nvert,
                bsize,
                &ideal,
                &levels,
                exchanged_s1.is_some(),
            );
            if trace_fields {
                for (i, j, f) in &raw {
                    let id = |x: usize| verts.get(x).map_or(0, |&v| self.players[v].st.id);
                    eprintln!("  {}-{}: {:?}", id(*i), id(*j), f);
                }
            }
            dropped.extend(layout.dropped.iter().copied());
            let built = trace.then(std::time::Instant::now);
            // Fixed pairs are left out of the matching (their weight is the
            // same in every candidate), which shrinks later passes.
            let active: Vec<usize> = (0..nvert)
                .filter(|&v| v >= bsize || fixed[v].is_none())
                .collect();
            let mut index = vec![usize::MAX; nvert];
            for (k, &v) in active.iter().enumerate() {
                index[v] = k;
            }
            for e in raw.iter_mut() {
                e.0 = index[e.0];
                e.1 = index[e.1];
            }
            let compact = match_packed(active.len(), &raw, &layout);
            drop(raw);
            let mut mate = vec![None; nvert];
            for (k, m) in compact.iter().enumerate() {
                mate[active[k]] = m.map(|x| active[x]);
            }
            for p in 0..bsize {
                if let Some(q) = fixed[p] {
                    mate[p] = Some(q);
                }
            }
            if let (Some(s), Some(t)) = (start, built) {
                eprintln!(
                    "pair-trace: bracket {bsize} (+next {}) vertices {nvert} bits {} exact {exact} pass {pass}: build {:.1} ms, matching {:.1} ms",
                    bn - bsize,
                    layout.total_bits,
                    (t - s).as_secs_f64() * 1000.0,
                    t.elapsed().as_secs_f64() * 1000.0
                );
            }
            if mate.iter().any(|m| m.is_none()) {
                return None;
            }
            if trace {
                let ids: Vec<String> = (0..bsize)
                    .filter_map(|p| mate[p].filter(|&q| q > p).map(|q| (p, q)))
                    .map(|(p, q)| {
                        let id = |x: usize| verts.get(x).map_or(0, |&v| self.players[v].st.id);
                        format!("{}-{}", id(p), id(q))
                    })
                    .collect();
                eprintln!("pair-trace:   pairs {}", ids.join(" "));
            }
            let in_bracket = |p: usize| mate[p].filter(|&q| q < bsize);
            // C9 applies in the PAB assignee's scoregroup when the PAB
            // assignee is its only downfloater (as the reference
            // implementations read it).
            if !c9_active
                && with_bye
                && step.bye_score == Some(step.level)
                && (0..bsize).all(|p| mate[p].is_none_or(|q| q < bsize || q == bye_v))
                && pass < MAX_PASSES
            {
                c9_active = true;
                continue;
            }
            // The MDP-pairing is settled first: if it left a remainder other
            // than the guessed one, fix it and pair the true remainder.
            if !ideal.mdps.is_empty() && layout.exact_mdp_slots == ideal.mdps.len() {
                let mut met: Vec<usize> =
                    ideal.mdps.iter().filter_map(|&m| in_bracket(m)).collect();
                met.sort_unstable();
                let mut guess = ideal.mdp_partners.clone();
                guess.sort_unstable();
                if met != guess && pass < MAX_PASSES {
                    for &m in &ideal.mdps {
                        match in_bracket(m) {
                            Some(q) => {
                                fixed[m] = Some(q);
                                fixed[q] = Some(m);
                            }
                            None => limbo[m] = true,
                        }
                    }
                    remainder_pairs = None;
                    exchanged_s1 = None;
                    continue;
                }
            }
            // The remainder's S1 holds as many players as it forms pairs.
            let formed = ideal
                .s1
                .iter()
                .chain(&ideal.s2)
                .filter(|&&p| {
                    in_bracket(p).is_some_and(|q| ideal.remainder_index(q).is_some() && q > p)
                })
                .count();
            if formed != ideal.s1.len() && remainder_pairs != Some(formed) && pass < MAX_PASSES {
                remainder_pairs = Some(formed);
                continue;
            }
            // After an exchange, transpositions apply to the new S1 (the
            // higher players of the remainder's pairs) and S2.
            let mut upper: Vec<usize> = ideal
                .s1
                .iter()
                .chain(&ideal.s2)
                .copied()
                .filter(|&p| {
                    in_bracket(p).is_some_and(|q| ideal.remainder_index(q).is_some() && q > p)
                })
                .collect();
            upper.sort_unstable();
            if upper != ideal.ds1 && pass < MAX_PASSES {
                exchanged_s1 = Some(upper);
                continue;
            }
            // Then the remainder: slots with exact digits and those whose
            // partner is the lowest possible are settled; fix them and
            // order the rest exactly in another pass.
            let settled = ideal.greedy_prefix(&mate).max(layout.exact_remainder_slots);
            let approximated =
                settled < ideal.ds1.len() || layout.exact_mdp_slots < ideal.mdps.len();
            if settled < ideal.ds1.len() && pass < MAX_PASSES {
                for &m in &ideal.mdps {
                    if let Some(q) = in_bracket(m) {
                        fixed[m] = Some(q);
                        fixed[q] = Some(m);
                    }
                }
                for &p in &ideal.ds1[..settled] {
                    if let Some(q) = in_bracket(p) {
                        fixed[p] = Some(q);
                        fixed[q] = Some(p);
                    }
                }
                remainder_pairs = Some(formed - settled);
                continue;
            }
            if approximated {
                dropped.push(APPROXIMATED_ORDER);
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
            dropped.dedup();
            return Some((pairs, bye, dropped));
        }
        None
    }

    /// The edges a step considers: every legal pair among the step's
    /// vertices in `Exact` mode; in the faster modes, with large brackets,
    /// only pairs near each other in rank or near the ideal partner, and a
    /// window of the players below.
    fn candidate_edges(
        &self,
        verts: &[usize],
        step: &Step,
        mode: Mode,
        opts: DutchOptions,
        ideal: &IdealPairing,
    ) -> Vec<(usize, usize)> {
        let exact = mode == Mode::Exact;
        let vcount = verts.len();
        let (bsize, bn) = (step.bsize, step.bn_size.min(vcount));
        let dense = exact || bn <= opts.dense_limit;
        let (h_b, h_n, w) = (bsize / 2, (bn - bsize) / 2, opts.window);
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
        let mut out = Vec::new();
        for i in 0..vcount {
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
                if self.legal(verts[i], verts[j]) {
                    out.push((i, j));
                }
            }
        }
        out
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
                if allocate_colours(&self.players[a], &self.players[b], initial) {
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

/// The order in which the rules generate a bracket's candidates (3.2, 4.2,
/// 4.3), over the bracket's players that are not yet fixed. Moved-down
/// players (MDPs) form S1 of the MDP-pairing against all residents; the
/// residents left over (guessed as all but the top ones, the MDPs' ideal
/// partners) form the remainder, split into its own S1 (top half) and S2.
/// All positions are positions in the step's vertex list.
struct IdealPairing {
    /// MDP slot (rank order among the MDPs).
    mdp_slot: Vec<Option<usize>>,
    /// Index among the residents (for the MDP-pairing's digits).
    resident_index: Vec<Option<usize>>,
    /// Remainder S1 slot.
    s1_slot: Vec<Option<usize>>,
    /// Remainder S2 index.
    s2_index: Vec<Option<usize>>,
    /// Ideal partner position (`usize::MAX` if none).
    partner: Vec<usize>,
    /// Residents each MDP ideally meets (the guess behind the remainder).
    mdp_partners: Vec<usize>,
    /// Remainder S1 and S2 positions in order (the exchange criteria are
    /// measured against them).
    s1: Vec<usize>,
    s2: Vec<usize>,
    /// S1 and S2 after the exchange a pass found (the transposition order
    /// applies to them), with each position's slot and index.
    ds1: Vec<usize>,
    ds2: Vec<usize>,
    ds1_slot: Vec<Option<usize>>,
    ds2_index: Vec<Option<usize>>,
    mdps: Vec<usize>,
    residents: usize,
}

impl IdealPairing {
    /// `members`: the unfixed bracket positions in rank order; `is_mdp`
    /// tells the moved-down players among them; `remainder_pairs` is the
    /// size of the remainder's S1 (the pairs it forms; half of it if
    /// unknown).
    fn new(
        bsize: usize,
        members: &[usize],
        is_mdp: impl Fn(usize) -> bool,
        remainder_pairs: Option<usize>,
        exchanged_s1: Option<&[usize]>,
    ) -> Self {
        let (mdps, residents): (Vec<usize>, Vec<usize>) = members.iter().partition(|&&p| is_mdp(p));
        let mut ideal = IdealPairing {
            mdp_slot: vec![None; bsize],
            resident_index: vec![None; bsize],
            s1_slot: vec![None; bsize],
            s2_index: vec![None; bsize],
            partner: vec![usize::MAX; bsize],
            mdp_partners: Vec::new(),
            s1: Vec::new(),
            s2: Vec::new(),
            ds1: Vec::new(),
            ds2: Vec::new(),
            ds1_slot: vec![None; bsize],
            ds2_index: vec![None; bsize],
            residents: residents.len(),
            mdps,
        };
        for (t, &p) in ideal.mdps.iter().enumerate() {
            ideal.mdp_slot[p] = Some(t);
        }
        for (k, &p) in residents.iter().enumerate() {
            ideal.resident_index[p] = Some(k);
        }
        let m1 = ideal.mdps.len().min(residents.len());
        for (&m, &r) in ideal.mdps.iter().zip(&residents) {
            ideal.partner[m] = r;
            ideal.partner[r] = m;
            ideal.mdp_partners.push(r);
        }
        let rest = &residents[m1..];
        let h = remainder_pairs
            .unwrap_or(rest.len() / 2)
            .min(rest.len() / 2);
        ideal.s1 = rest[..h].to_vec();
        ideal.s2 = rest[h..].to_vec();
        for (t, &p) in ideal.s1.iter().enumerate() {
            ideal.s1_slot[p] = Some(t);
            ideal.partner[p] = ideal.s2[t];
            ideal.partner[ideal.s2[t]] = p;
        }
        for (k, &p) in ideal.s2.iter().enumerate() {
            ideal.s2_index[p] = Some(k);
        }
        let exchanged: Vec<usize> = exchanged_s1
            .map(|x| x.iter().copied().filter(|p| rest.contains(p)).collect())
            .filter(|x: &Vec<usize>| x.len() == h)
            .unwrap_or_else(|| ideal.s1.clone());
        ideal.ds2 = rest
            .iter()
            .copied()
            .filter(|p| !exchanged.contains(p))
            .collect();
        ideal.ds1 = exchanged;
        for (t, &p) in ideal.ds1.iter().enumerate() {
            ideal.ds1_slot[p] = Some(t);
        }
        for (k, &p) in ideal.ds2.iter().enumerate() {
            ideal.ds2_index[p] = Some(k);
        }
        ideal
    }

    /// Bits of one MDP-pairing digit and of one remainder digit.
    fn digit_widths(&self) -> (u32, u32) {
        (
            bits_for(self.residents as u64).max(1),
            bits_for(self.ds2.len() as u64).max(1),
        )
    }

    /// The MDP-pairing's transposition order: the residents met by MDP 0,
    /// MDP 1, ... lexicographically smallest. A pair of MDP `slot` with
    /// resident `k` is the digit `residents - k` (so any partner beats
    /// none, and higher MDPs weigh more).
    fn mdp_digit(&self, i: usize, j: usize) -> Option<(usize, u64)> {
        let pick = |m: usize, r: usize| {
            Some((
                self.mdp_slot[m]?,
                (self.residents - self.resident_index[r]?) as u64,
            ))
        };
        pick(i, j).or_else(|| pick(j, i))
    }

    /// The remainder's transposition order (4.2): the S2 partners of S1[0],
    /// S1[1], ... lexicographically smallest; a pair of S1[`slot`] with
    /// S2[k] is the digit `|S2| - k`.
    fn digit(&self, i: usize, j: usize) -> Option<(usize, u64)> {
        let pick = |a: usize, b: usize| {
            Some((
                self.ds1_slot[a]?,
                (self.ds2.len() - self.ds2_index[b]?) as u64,
            ))
        };
        pick(i, j).or_else(|| pick(j, i))
    }

    /// 4.3, fewest exchanges: a remainder pair whose higher player is in
    /// S1 counts one (each exchange turns one such pair into an S2 pair);
    /// pairs with MDPs or their ideal partners (whose remainder is settled
    /// in a later pass) count one too.
    fn exchange_gain(&self, i: usize, j: usize) -> u64 {
        let higher = i.min(j);
        match (self.remainder_index(i), self.remainder_index(j)) {
            (Some(_), Some(_)) => u64::from(self.s1_slot[higher].is_some()),
            _ => 1,
        }
    }

    /// 4.3, the exchanged players' pairing numbers: the higher players of
    /// the remainder's pairs (its new S1) as high in the order as possible,
    /// i.e. the smallest sum of their positions.
    fn exchange_order(&self, i: usize, j: usize) -> u64 {
        let len = (self.s1.len() + self.s2.len()) as u64;
        match (self.remainder_index(i), self.remainder_index(j)) {
            (Some(a), Some(b)) => len - a.min(b) as u64,
            _ => 0,
        }
    }

    /// 4.3's last rules, for a remainder pair: its higher player stays in
    /// (or moves to) S1, one bit per remainder position, the top of S1
    /// most significant, then the top of S2: so the S1 players moved down
    /// are the lowest and the S2 players moved up the highest.
    fn exchange_set_digit(&self, i: usize, j: usize) -> u64 {
        match (self.remainder_index(i), self.remainder_index(j)) {
            (Some(a), Some(b)) => ((a.min(b) as u64) << 32) | 1,
            _ => 0,
        }
    }

    /// Position within the remainder (S1, then S2).
    fn remainder_index(&self, p: usize) -> Option<usize> {
        self.s1_slot[p].or_else(|| self.s2_index[p].map(|k| self.s1.len() + k))
    }

    /// For S1 players beyond the exact digits: a weighted distance to the
    /// ideal partner (higher is better), heavier for higher S1 players.
    fn approximate_order(&self, i: usize, j: usize, from_slot: usize) -> u64 {
        let Some((slot, digit)) = self.digit(i, j) else {
            return 0;
        };
        let (n1, n2) = (self.ds1.len() as u64, self.ds2.len() as u64);
        let (ia, kb) = (slot as u64, n2 - digit);
        let dev = kb.abs_diff(ia);
        let rest = n1 - from_slot as u64 + 1;
        ((n2 + 1) * rest).saturating_sub(dev * (n1 - ia + 1)) + 1
    }

    /// The number of leading remainder S1 slots whose partners in `mate`
    /// are each the lowest S2 player left by the slots before: no pairing
    /// can order them better.
    fn greedy_prefix(&self, mate: &[Option<usize>]) -> usize {
        let mut used = vec![false; self.ds2.len()];
        let mut lowest = 0;
        for (slot, &p) in self.ds1.iter().enumerate() {
            while lowest < used.len() && used[lowest] {
                lowest += 1;
            }
            match mate[p].and_then(|q| self.ds2_index.get(q).copied().flatten()) {
                Some(k) if k == lowest => used[k] = true,
                _ => return slot,
            }
        }
        self.ds1.len()
    }
}

/// Per-bracket constants for the quality criteria of one edge.
struct BracketCriteria<'l> {
    /// Score levels of the bracket and the following scoregroup.
    levels: &'l LevelTable,
    /// Initial colour (5.2.5).
    initial: Colour,
}

impl BracketCriteria<'_> {
    /// Fills the fields of an edge between two players of the bracket
    /// (`pa` ranked higher; higher values are better).
    fn fill(&self, pa: &Player<'_>, pb: &Player<'_>, f: &mut [u64; NF]) {
        let level = |p: &Player<'_>| self.levels.of(p.st.score);
        f[field::C6_PAIRS] = 1;
        f[field::C7_SCORES] = levels_value(Some(level(pa)), None);
        let costs = colour_costs(pa, pb, self.initial);
        f[field::C10_TOPSCORER_DIFFERENCE] = 2 - costs.beyond_two;
        f[field::C11_TOPSCORER_THIRD_COLOUR] = 2 - costs.third_in_a_row;
        f[field::C12_PREFERENCES] = 2 - costs.preferences;
        f[field::C13_STRONG_PREFERENCES] = 2 - costs.strong_preferences;
        let upfloater = (pa.st.score > pb.st.score).then_some(pb);
        for back in [1, 2] {
            let at = field::C14_C17_FLOATS + 2 * (back - 1);
            f[at] = repeated_downfloat_gain(pa, pb, back);
            f[at + 1] = repeated_upfloat_gain(upfloater, back);
            let at = field::C18_C21_SCORES + 2 * (back - 1);
            let was_down = |p: &Player<'_>| (float_at(p, back) == Float::Down).then(|| level(p));
            f[at] = levels_value(was_down(pa), was_down(pb));
            if repeated_upfloat_gain(upfloater, back) == 1 {
                f[at + 1] = levels_value(Some(level(pa)), None);
            }
        }
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

/// Games a player actually played (for C9).
fn played_games(st: &PlayerState) -> u64 {
    st.colours.iter().flatten().count() as u64
}

/// C14 (`back` = 1) / C16 (`back` = 2): minimise the players who receive
/// the same downfloat as one / two rounds before. A pair inside the
/// bracket saves its players from floating down, except the higher-scored
/// player of a pair with different scores, who receives a downfloat
/// anyway: the gain is the number of players saved who had that float.
fn repeated_downfloat_gain(pa: &Player<'_>, pb: &Player<'_>, back: usize) -> u64 {
    let was_down = |p: &Player<'_>| u64::from(float_at(p, back) == Float::Down);
    let saved_a = if pa.st.score > pb.st.score {
        0
    } else {
        was_down(pa)
    };
    saved_a + was_down(pb)
}

/// C15 (`back` = 1) / C17 (`back` = 2): minimise the players who receive
/// the same upfloat as one / two rounds before (the lower-scored player of
/// a pair with different scores upfloats); 1 when the pair repeats none.
fn repeated_upfloat_gain(upfloater: Option<&Player<'_>>, back: usize) -> u64 {
    1 - upfloater.map_or(0, |p| u64::from(float_at(p, back) == Float::Up))
}

struct Step {
    bsize: usize,
    bn_size: usize,
    is_last: bool,
    level: u32,
    /// C5: the lowest score the bye can go to (odd number of players).
    bye_score: Option<u32>,
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
        let p = colour_preference(&st(1, 0, c));
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
        if allocate_colours(&pa, &pb, inp.initial_colour) {
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
        // 5.2.4 would give white to the higher ranked 2; 5.2.3 comes first.
        assert_eq!(white_of(&inp, 0, 1), 1);
    }

    #[test]
    fn e4_higher_ranked_gets_preference() {
        let inp = input(2, 5, vec![st(1, 10, &[Some(B)]), st(2, 10, &[Some(B)])]);
        assert_eq!(white_of(&inp, 1, 0), 1);
    }

    #[test]
    fn initial_colour_by_pairing_number() {
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
    fn c6_c7_pairs_inside_score_groups_and_mdp_meets_top_resident() {
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
    fn c12_colour_preferences_before_s1_s2_order() {
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
    fn c14_avoids_repeated_downfloat() {
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

    fn played(mut p: PlayerState, opponents: &[u32]) -> PlayerState {
        p.opponents = opponents.to_vec();
        p
    }

    #[test]
    fn c5_bye_score_is_fixed_before_the_top_bracket_pairs() {
        // Round 3: 1 and 3 have 2 points, 2 and 5 one point (they met),
        // 6 none. Pairing 1-3 would leave 2, 5, 6 to give the bye to 5 (one
        // point); C5 puts the bye on 6 (no points) even though that floats
        // both 2-point players.
        let ps = vec![
            played(st(1, 20, &[Some(W), Some(B)]), &[4, 2]),
            played(st(2, 10, &[Some(B), Some(W)]), &[5, 1]),
            played(st(3, 20, &[Some(W), Some(B)]), &[6, 4]),
            played(st(5, 10, &[Some(W), Some(B)]), &[2, 6]),
            played(st(6, 0, &[Some(B), Some(W)]), &[3, 5]),
        ];
        let p = pair_dutch(&input(3, 3, ps)).unwrap();
        assert_eq!(p.bye, Some(6));
        assert_eq!(pairs(&p), vec![(1, 5), (2, 3)]);
    }

    #[test]
    fn c9_bye_goes_to_the_player_with_fewer_unplayed_games() {
        // Round 2: 5 missed round 1, so among the 0-point players the bye
        // goes to 4 (no unplayed game) although 5 is lower ranked.
        let ps = vec![
            played(st(1, 10, &[Some(W)]), &[3]),
            played(st(2, 10, &[Some(B)]), &[4]),
            played(st(3, 0, &[Some(B)]), &[1]),
            played(st(4, 0, &[Some(W)]), &[2]),
            st(5, 0, &[None]),
        ];
        let p = pair_dutch(&input(2, 3, ps)).unwrap();
        assert_eq!(p.bye, Some(4));
        assert_eq!(pairs(&p), vec![(1, 2), (3, 5)]);
    }

    /// Round 4 of 6: everyone alternates colours, so preferences are mild
    /// or strong but never block a pair.
    fn alternating(id: u32, score: u32, first: Colour, opponents: &[u32]) -> PlayerState {
        let colours: Vec<Option<Colour>> = (0..opponents.len())
            .map(|r| Some(if r % 2 == 0 { first } else { first.opposite() }))
            .collect();
        played(st(id, score, &colours), opponents)
    }

    #[test]
    fn c4_completion_floats_a_bracket_that_could_pair_itself() {
        // 1-2 could meet, but 3 and 4 have met each other and 5 and 6:
        // they can only be paired with 1 and 2, so neither meets the other.
        let ps = vec![
            alternating(1, 20, W, &[7, 8, 9]),
            alternating(2, 20, B, &[8, 7, 10]),
            alternating(3, 10, W, &[4, 5, 6]),
            alternating(4, 10, B, &[3, 6, 5]),
            alternating(5, 10, W, &[3, 4, 9]),
            alternating(6, 10, B, &[4, 3, 10]),
        ];
        let p = pair_dutch(&input(4, 6, ps)).unwrap();
        let got = pairs(&p);
        assert!(!got.contains(&(1, 2)), "{got:?}");
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn c7_the_higher_scored_mdp_is_paired() {
        // MDPs 1 (3 points) and 2 (2.5) meet the 2-point bracket {3, 4}, but
        // 4 has met both: one MDP pairs with 3, and C7 keeps the downfloater's
        // score low, so 1 meets 3 and 2 floats on.
        let ps = vec![
            alternating(1, 30, W, &[4, 7, 8]),
            alternating(2, 25, B, &[8, 4, 7]),
            alternating(3, 20, W, &[5, 6, 9]),
            alternating(4, 20, B, &[1, 2, 10]),
            alternating(5, 10, W, &[3, 9, 6]),
            alternating(6, 10, B, &[9, 3, 5]),
        ];
        let p = pair_dutch(&input(4, 6, ps)).unwrap();
        assert!(pairs(&p).contains(&(1, 3)), "{:?}", p.boards);
    }

    #[test]
    fn c8_floats_the_player_the_following_bracket_can_pair() {
        // {1, 2, 3} floats one player to {4, 5, 6}, where only 4-6 and
        // pairs with the floater are possible. 3 (the natural floater) has
        // met 5, so with 3 floating 5 would be left over: C8 floats 2 (1
        // floating would cost 2-3 a colour preference).
        let ps = vec![
            alternating(1, 20, W, &[7, 8]),
            alternating(2, 20, B, &[8, 7]),
            alternating(3, 20, B, &[5, 9]),
            alternating(4, 10, B, &[5, 10]),
            alternating(5, 10, W, &[4, 3, 6]),
            alternating(6, 10, B, &[5, 11]),
        ];
        let p = pair_dutch(&input(4, 6, ps)).unwrap();
        let got = pairs(&p);
        assert!(got.contains(&(1, 3)), "{got:?}");
        assert!(got.contains(&(2, 5)), "{got:?}");
        assert!(got.contains(&(4, 6)), "{got:?}");
    }

    #[test]
    fn c13_a_mild_preference_gives_way_before_a_strong_one() {
        // 1 and 2 both want white: 1 mildly (colour difference 0), 2
        // strongly (one black more). Against 3 (wants black) one of them
        // must take black; C13 makes it the mild one.
        let ps = vec![
            st(1, 10, &[Some(W), Some(B)]),
            st(2, 10, &[Some(B)]),
            st(3, 10, &[Some(W)]),
            st(4, 10, &[Some(B), Some(W)]),
        ];
        let mut ps = ps;
        ps[0].opponents = vec![4, 3];
        ps[3].opponents = vec![1];
        let p = pair_dutch(&input(3, 5, ps)).unwrap();
        // 1 has met 3 and 4: 1-2; 3-4. 2 gets white (strong), 1 black.
        assert!(p.boards.contains(&(2, 1)), "{:?}", p.boards);
    }

    #[test]
    fn exchange_has_the_smallest_pairing_number_difference() {
        // One score group S1 = {1, 2, 3, 4} (all want white), S2 = {5, 6,
        // 7, 8} (all want black); 2 has met all of S2, so one exchange is
        // needed. Moving 4 down and 5 up changes the pairing numbers least,
        // and 2 meets 4.
        let ps = vec![
            alternating(1, 10, W, &[9, 10]),
            alternating(2, 10, W, &[5, 6, 7, 8]),
            alternating(3, 10, W, &[11, 12]),
            alternating(4, 10, W, &[13, 14]),
            alternating(5, 10, B, &[2, 15]),
            alternating(6, 10, B, &[2, 16]),
            alternating(7, 10, B, &[2, 17]),
            alternating(8, 10, B, &[2, 18]),
        ];
        let p = pair_dutch(&input(5, 7, ps)).unwrap();
        assert!(pairs(&p).contains(&(2, 4)), "{:?}", p.boards);
    }
}
