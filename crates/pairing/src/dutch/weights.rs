//! The edge weight: the criteria as fields of one lexicographic number,
//! their bit widths, and the matching on the narrowest integer that holds
//! them.
use super::order::IdealPairing;
use crate::matching::{
    max_weight_matching_greedy_start, max_weight_matching_greedy_start_with, Edge, Weight,
};

/// Index of each packed criterion; [`FIELD_NAMES`] gives their names. C1–C3
/// decide which edges exist and C5 which players may take the bye; the
/// others are fields of the edge weight, highest priority first.
pub(super) mod field {
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
pub(super) const FIELD_NAMES: [&str; NF] = [
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
pub(super) const NF: usize = 26;

/// How a field's per-edge value is stored in a [`RawEdge`] and packed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum FieldKind {
    /// A small number.
    Plain,
    /// Up to two score levels ([`levels_value`]); each is one unit of a
    /// mixed-radix number in which higher scores are more significant.
    Levels,
    /// One digit of the transposition order ([`IdealPairing::digit`]).
    Digit,
}

pub(super) fn field_kind(k: usize) -> FieldKind {
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
pub(super) fn levels_value(a: Option<usize>, b: Option<usize>) -> u64 {
    let code = |l: Option<usize>| l.map_or(0, |l| l as u64 + 1);
    code(a) | (code(b) << 16)
}

/// The score levels of a step (the bracket and the following scoregroup),
/// as a mixed-radix number: each level gets enough bits to count all its
/// players, so sums over a matching never carry into the next level.
pub(super) struct LevelTable {
    /// Distinct scores, ascending.
    pub(super) scores: Vec<u32>,
    /// Bit offset of each level.
    pub(super) shift: Vec<u32>,
    /// Total bits.
    pub(super) width: u32,
}

impl LevelTable {
    pub(super) fn new(scores_desc: impl Iterator<Item = u32>) -> Self {
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

    pub(super) fn of(&self, score: u32) -> usize {
        self.scores.binary_search(&score).unwrap_or(0)
    }
}

/// Bits needed to represent `n`.
pub(super) fn bits_for(n: u64) -> u32 {
    64 - n.leading_zeros()
}

/// One candidate edge with its criteria values (see [`FieldKind`]).
pub(super) type RawEdge = (usize, usize, [u64; NF]);

/// Widest packed weight used (bits).
pub(super) const MAX_WEIGHT_BITS: u32 = 2040;

/// Passes of one step that fix a settled part of the bracket and order the
/// rest exactly (see [`Ctx::solve_step`]).
pub(super) const MAX_PASSES: usize = 60;

/// The passes of one step stop (leaving the transposition order of the
/// lowest S1 players approximated) once they have matched this many
/// vertices in all: a time bound for brackets of thousands of players.
/// Round 2 of a 5 000-player event (a bracket of 2 387 players, 19 passes
/// over a graph of 2 686 vertices) takes 30 810 and comes out exact.
pub(super) const PASS_WORK_BUDGET: usize = 40_000;

/// Solving passes again with left-out pairs added (see `Ctx::run_passes`)
/// stops once it has matched this many vertices in a step (a bracket of
/// 566 players in the last round of a 5 000-player event takes 11 286).
pub(super) const RESOLVE_WORK_BUDGET: usize = 20_000;

/// The note for a bracket whose transposition order could not be made exact.
pub(super) const APPROXIMATED_ORDER: &str =
    "4.2 transposition order (approximated for the lowest S1 players of a very large bracket)";

/// Weight width allowed for the exact transposition digits of a graph with
/// `nvert` vertices: wide integers cost time in every step of the matching,
/// so big graphs get exact digits for fewer S1 players per pass. From 301
/// vertices on 508 bits: about three times the exact digits a pass of
/// 252-bit weights has, for twice its cost, so fewer passes. Round 2 of a
/// 2 000-player event takes 14 passes with 252 bits, 10 with 508; round 2
/// of a 5 000-player event 204 s of CPU time with 252 bits, 77 s with 508
/// and 93 s with 1 020 (fewer but dearer passes).
pub(super) fn weight_bits_cap(nvert: usize) -> u32 {
    match nvert {
        0..=300 => MAX_WEIGHT_BITS,
        _ => 508,
    }
}

/// Saves bits without changing any comparison. Below C6 every candidate
/// has the same number of pairs inside the bracket, so a field of those
/// pairs can lose its smallest value; and C19/C21 equal C7 on every pair
/// when nobody upfloated in that round, so they can go.
fn drop_redundant_fields(raw: &mut [RawEdge], bsize: usize) -> Redundant {
    const SHIFTED: [usize; SHIFTED_FIELDS] = [
        field::C10_TOPSCORER_DIFFERENCE,
        field::C11_TOPSCORER_THIRD_COLOUR,
        field::C12_PREFERENCES,
        field::C13_STRONG_PREFERENCES,
        field::C14_C17_FLOATS,
        field::C14_C17_FLOATS + 1,
        field::C14_C17_FLOATS + 2,
        field::C14_C17_FLOATS + 3,
        field::EXCHANGES,
        field::EXCHANGE_ORDER,
    ];
    let inside = |e: &RawEdge| e.1 < bsize;
    // One pass for the minima and one for the shifts: the edges are many
    // and wide, so each pass over them counts.
    let mut min = [u64::MAX; SHIFTED.len()];
    let mut redundant = [true; 2];
    const UPFLOAT_SCORES: [usize; 2] = [field::C18_C21_SCORES + 1, field::C18_C21_SCORES + 3];
    for e in raw.iter().filter(|e| inside(e)) {
        for (m, &k) in min.iter_mut().zip(&SHIFTED) {
            *m = (*m).min(e.2[k]);
        }
        for (r, &k) in redundant.iter_mut().zip(&UPFLOAT_SCORES) {
            *r &= e.2[k] == e.2[field::C7_SCORES];
        }
    }
    for e in raw.iter_mut() {
        if inside(e) {
            for (&m, &k) in min.iter().zip(&SHIFTED) {
                e.2[k] -= m;
            }
        }
        for (&r, &k) in redundant.iter().zip(&UPFLOAT_SCORES) {
            if r {
                e.2[k] = 0;
            }
        }
    }
    Redundant {
        shifted: SHIFTED,
        min,
        upfloat_scores: UPFLOAT_SCORES,
        dropped: redundant,
    }
}

const SHIFTED_FIELDS: usize = 10;

/// What [`drop_redundant_fields`] did, to do the same to edges outside the
/// graph.
struct Redundant {
    shifted: [usize; SHIFTED_FIELDS],
    /// The value each shifted field lost.
    min: [u64; SHIFTED_FIELDS],
    upfloat_scores: [usize; 2],
    /// Whether each of the upfloat score fields was dropped.
    dropped: [bool; 2],
}

/// The transposition digits of each slot, renumbered by rank among the
/// partners its edges allow: the order is the same, but a digit needs only
/// as many bits as the largest candidate list, not as the whole of S2.
struct DigitRanks {
    /// Per slot, the digits its edges carry, ascending.
    digits: Vec<Vec<u64>>,
}

impl DigitRanks {
    /// `digit` is asked about the pairs inside the bracket (`j < bsize`).
    fn new(
        slots: usize,
        raw: &[RawEdge],
        bsize: usize,
        digit: impl Fn(usize, usize) -> Option<(usize, u64)>,
    ) -> Self {
        let mut digits = vec![Vec::new(); slots];
        for (i, j, _) in raw.iter().filter(|e| e.1 < bsize) {
            if let Some((slot, d)) = digit(*i, *j) {
                digits[slot].push(d);
            }
        }
        for list in &mut digits {
            list.sort_unstable();
            list.dedup();
        }
        DigitRanks { digits }
    }

    fn width(&self) -> u32 {
        bits_for(self.digits.iter().map(Vec::len).max().unwrap_or(0) as u64).max(1)
    }

    /// The bits of one slot's digits (its own list's, not the longest's).
    fn slot_width(&self, slot: usize) -> u32 {
        bits_for(self.digits[slot].len() as u64).max(1)
    }

    /// As many leading slots as `budget` bits hold, each with its own
    /// width: the place (lowest bit) of each slot's digit, the first slot
    /// most significant.
    fn places(&self, budget: u32) -> Vec<u32> {
        let mut used = 0;
        let mut slots = 0;
        while slots < self.digits.len() && used + self.slot_width(slots) <= budget {
            used += self.slot_width(slots);
            slots += 1;
        }
        let mut places = vec![0; slots];
        let mut below = 0;
        for slot in (0..slots).rev() {
            places[slot] = below;
            below += self.slot_width(slot);
        }
        places
    }

    /// 1 for the worst partner of the slot, up to the list's length.
    fn rank(&self, slot: usize, digit: u64) -> u64 {
        self.digits[slot]
            .binary_search(&digit)
            .map_or(0, |k| k as u64 + 1)
    }

    /// [`DigitRanks::rank`], or for a digit no edge carries the rank of the
    /// next better one (one above the list when none is better): never less
    /// than the digit's place in the order.
    fn rank_at_least(&self, slot: usize, digit: u64) -> u64 {
        match self.digits[slot].binary_search(&digit) {
            Ok(k) | Err(k) => k as u64 + 1,
        }
    }
}

/// Bit layout of a step's packed weights.
pub(super) struct Layout {
    pub(super) shift: [u32; NF],
    pub(super) used_fields: usize,
    pub(super) levels: Vec<u32>,
    /// Exact digit slots and digit width of the MDP-pairing and of the
    /// remainder.
    pub(super) exact_mdp_slots: usize,
    pub(super) exact_remainder_slots: usize,
    /// The place of each exact remainder slot's digit (each slot as wide
    /// as its own candidate list needs).
    remainder_places: Vec<u32>,
    pub(super) remainder_len: usize,
    pub(super) mdp_digit_width: u32,
    pub(super) total_bits: u32,
    /// Bits per field (for the trace).
    pub(super) field_bits: [u32; NF],
    /// Criteria left out of the weight (only if even the widest weight
    /// cannot hold them).
    pub(super) dropped: Vec<&'static str>,
    redundant: Redundant,
    mdp_ranks: DigitRanks,
    ranks: DigitRanks,
    exchange_sets: bool,
}

impl Layout {
    /// Sizes every field for the edges of `raw` and fills in the
    /// transposition digits (exact for as many slots as the width allows,
    /// a distance measure for the remainder's slots beyond).
    pub(super) fn new(
        raw: &mut [RawEdge],
        nvert: usize,
        bsize: usize,
        ideal: &IdealPairing,
        levels: &LevelTable,
        exchanges: bool,
        active_vertices: usize,
    ) -> Layout {
        let redundant = drop_redundant_fields(raw, bsize);
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
        let mdp_ranks = DigitRanks::new(ideal.mdps.len(), raw, bsize, |i, j| ideal.mdp_digit(i, j));
        let ranks = DigitRanks::new(ideal.ds1.len(), raw, bsize, |i, j| ideal.digit(i, j));
        let dw_mdp = mdp_ranks.width();
        let (n1, n2) = (ideal.ds1.len() as u64, ideal.ds2.len() as u64);
        let rest_bits = bits_for(((n2 + 1) * (n1 + 1) + 2) * (n1 + 1));
        let cap = weight_bits_cap(active_vertices);
        let mut budget = cap.saturating_sub(bits.iter().sum::<u32>() + 3 + rest_bits);
        let exact_mdp_slots = ideal.mdps.len().min((budget / (dw_mdp + 1)) as usize);
        budget -= exact_mdp_slots as u32 * (dw_mdp + 1);
        let remainder_len = ideal.s1.len() + ideal.s2.len();
        let exchange_sets = exchanges && (remainder_len as u32) <= budget;
        if exchange_sets {
            budget -= remainder_len as u32;
        }
        let remainder_places = ranks.places(budget);
        let exact_remainder_slots = remainder_places.len();
        let transposition_bits = remainder_places
            .first()
            .map_or(0, |&p| p + ranks.slot_width(0));
        let mut rest_max = 0;
        for (i, j, f) in raw.iter_mut() {
            if *j >= bsize {
                continue;
            }
            if let Some((slot, digit)) = ideal.mdp_digit(*i, *j) {
                if slot < exact_mdp_slots {
                    f[field::MDP_SET] = ((slot as u64) << 32) | 1;
                    f[field::MDP_TRANSPOSITIONS] =
                        ((slot as u64) << 32) | mdp_ranks.rank(slot, digit);
                }
            } else {
                if exchange_sets {
                    f[field::EXCHANGE_SETS] = ideal.exchange_set_digit(*i, *j);
                }
                let Some((slot, digit)) = ideal.digit(*i, *j) else {
                    continue;
                };
                if slot < exact_remainder_slots {
                    f[field::TRANSPOSITIONS] = ((slot as u64) << 32) | ranks.rank(slot, digit);
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
        bits[field::TRANSPOSITIONS] = transposition_bits;
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
            remainder_places,
            remainder_len,
            mdp_digit_width: dw_mdp,
            total_bits: acc + 3,
            field_bits: bits,
            dropped,
            redundant,
            mdp_ranks,
            ranks,
            exchange_sets,
        }
    }

    pub(super) fn weight<W: Weight>(&self, f: &[u64; NF]) -> W {
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
                    w += W::shifted(digit, self.shift[k] + self.digit_place(k, slot));
                }
            }
        }
        w
    }
}

impl Layout {
    /// The weight of a pair inside the bracket that is not an edge of the
    /// graph (`raw`: its criteria as the pass computes them), made as
    /// [`Layout::new`] makes the edges' and never lower than the weight of
    /// its place in the criteria's order: a transposition digit no edge
    /// carries gets the rank of the next better one, a field below its
    /// shift counts 0. `None` when that cannot be said (an upfloat score
    /// field dropped here differs on this pair, or a value reaches beyond
    /// the weight's width).
    pub(super) fn probe_weight<W: Weight>(&self, ideal: &IdealPairing, raw: &RawEdge) -> Option<W> {
        let (i, j, mut f) = *raw;
        let r = &self.redundant;
        for (&k, &m) in r.shifted.iter().zip(&r.min) {
            f[k] = f[k].saturating_sub(m);
        }
        for (&k, &dropped) in r.upfloat_scores.iter().zip(&r.dropped) {
            if dropped {
                if f[k] != f[field::C7_SCORES] {
                    return None;
                }
                f[k] = 0;
            }
        }
        if let Some((slot, digit)) = ideal.mdp_digit(i, j) {
            if slot < self.exact_mdp_slots {
                f[field::MDP_SET] = ((slot as u64) << 32) | 1;
                f[field::MDP_TRANSPOSITIONS] =
                    ((slot as u64) << 32) | self.mdp_ranks.rank_at_least(slot, digit);
            }
        } else {
            if self.exchange_sets {
                f[field::EXCHANGE_SETS] = ideal.exchange_set_digit(i, j);
            }
            if let Some((slot, digit)) = ideal.digit(i, j) {
                if slot < self.exact_remainder_slots {
                    f[field::TRANSPOSITIONS] =
                        ((slot as u64) << 32) | self.ranks.rank_at_least(slot, digit);
                } else {
                    f[field::TRANSPOSITIONS_REST] =
                        ideal.approximate_order(i, j, self.exact_remainder_slots);
                }
            }
        }
        let top = self.total_bits - 3;
        let fits = (0..self.used_fields).all(|k| match self.place_of(k, f[k]) {
            Some((place, value_bits)) => place + value_bits <= top,
            None => true,
        });
        fits.then(|| self.weight(&f))
    }

    /// The lowest bit a field's value lands on in the weight and the bits
    /// of the value placed there (`None` for a zero value).
    fn place_of(&self, k: usize, v: u64) -> Option<(u32, u32)> {
        if v == 0 {
            return None;
        }
        Some(match field_kind(k) {
            FieldKind::Plain => (self.shift[k], bits_for(v)),
            FieldKind::Levels => {
                let highest = (v & 0xffff).max(v >> 16);
                (self.shift[k] + self.levels[highest as usize - 1], 1)
            }
            FieldKind::Digit => {
                let (slot, digit) = ((v >> 32) as usize, v & 0xffff_ffff);
                (self.shift[k] + self.digit_place(k, slot), bits_for(digit))
            }
        })
    }

    /// The place (lowest bit within its field) of a digit field's digit
    /// for `slot`, the first slot most significant.
    fn digit_place(&self, k: usize, slot: usize) -> u32 {
        if k == field::MDP_SET {
            (self.exact_mdp_slots - 1 - slot) as u32
        } else if k == field::EXCHANGE_SETS {
            (self.remainder_len - 1 - slot) as u32
        } else if k == field::MDP_TRANSPOSITIONS {
            (self.exact_mdp_slots - 1 - slot) as u32 * self.mdp_digit_width
        } else {
            self.remainder_places[slot]
        }
    }
}

/// A pass's matching (each vertex's mate) and the left-out pairs that could
/// improve it, if any were weighed.
pub(super) type Solved = (Vec<Option<usize>>, Option<Vec<(usize, usize)>>);

/// The criteria of a left-out pair, made when it is weighed.
pub(super) type FieldsOf<'p> = &'p dyn Fn((usize, usize)) -> RawEdge;

/// A pass's left-out pairs with its ideal pairing and their criteria.
pub(super) type ProbeSet<'p> = (&'p IdealPairing, &'p [(usize, usize)], FieldsOf<'p>);

/// Pairs left out of a pass's graph, to prove its matching the best with
/// them too.
pub(super) struct Probes<'p> {
    /// The pass's ideal pairing (the pairs' transposition digits).
    pub(super) ideal: &'p IdealPairing,
    /// The pairs, by step position.
    pub(super) pairs: &'p [(usize, usize)],
    /// The criteria of a pair, made when it is weighed.
    pub(super) fields: FieldsOf<'p>,
    /// The matching's vertex of each step position.
    pub(super) index: &'p [usize],
}

/// Solves the matching with the narrowest weight type that holds the
/// layout's bits: every 64 bits up to 508 (the matching's time grows with
/// the width of its weights), then 1 020 and 2 040. With `probes`, also
/// the probes (by step position) that could make the matching heavier if
/// they were edges: a negative slack under the final duals, or a weight
/// this layout cannot say (see [`Layout::probe_weight`]); `None` without
/// probes.
pub(super) fn match_packed(
    nvert: usize,
    raw: &[RawEdge],
    layout: &Layout,
    probes: Option<Probes<'_>>,
) -> Solved {
    fn run<W: Weight>(
        nvert: usize,
        raw: &[RawEdge],
        layout: &Layout,
        probes: Option<Probes<'_>>,
    ) -> Solved {
        let edges: Vec<Edge<W>> = raw
            .iter()
            .map(|(i, j, f)| (*i, *j, layout.weight::<W>(f)))
            .collect();
        let Some(probes) = probes else {
            return (max_weight_matching_greedy_start(nvert, &edges, &[]).0, None);
        };
        let weigh = |k: usize| -> Option<Edge<W>> {
            let e = (probes.fields)(probes.pairs[k]);
            let w = layout.probe_weight::<W>(probes.ideal, &e)?;
            Some((probes.index[e.0], probes.index[e.1], w))
        };
        let (mate, violated) =
            max_weight_matching_greedy_start_with(nvert, &edges, probes.pairs.len(), &weigh);
        let violated = violated.into_iter().map(|k| probes.pairs[k]).collect();
        (mate, Some(violated))
    }
    match layout.total_bits {
        0..=124 => run::<i128>(nvert, raw, layout, probes),
        125..=188 => run::<bnum::BInt<3>>(nvert, raw, layout, probes),
        189..=252 => run::<bnum::BInt<4>>(nvert, raw, layout, probes),
        253..=316 => run::<bnum::BInt<5>>(nvert, raw, layout, probes),
        317..=380 => run::<bnum::BInt<6>>(nvert, raw, layout, probes),
        381..=444 => run::<bnum::BInt<7>>(nvert, raw, layout, probes),
        445..=508 => run::<bnum::BInt<8>>(nvert, raw, layout, probes),
        509..=1020 => run::<bnum::BInt<16>>(nvert, raw, layout, probes),
        _ => run::<bnum::BInt<32>>(nvert, raw, layout, probes),
    }
}

#[cfg(test)]
mod tests {
    use super::DigitRanks;

    #[test]
    fn transposition_digits_4_2_take_the_bits_of_their_own_candidate_list() {
        // Slots with 1, 7 and 3 candidate partners: digits of 1, 3 and 2
        // bits, the first slot most significant.
        let ranks = DigitRanks {
            digits: vec![vec![4], (1..=7).collect(), vec![2, 5, 9]],
        };
        assert_eq!(ranks.places(6), vec![5, 2, 0]);
        assert_eq!(ranks.places(100), vec![5, 2, 0]);
        // 4 bits hold the first two slots only (1 + 3), 3 bits the first.
        assert_eq!(ranks.places(4), vec![3, 0]);
        assert_eq!(ranks.places(3), vec![0]);
        assert_eq!(ranks.places(0), Vec::<u32>::new());
    }
}
