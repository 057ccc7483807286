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
//! Brackets are then processed from the top score down (as the book's Pairing chapter describes): for
//! bracket `B` (all still-unpaired players with at least the bracket's
//! score, i.e. residents plus moved-down players) one maximum-weight matching
//! is solved over `B` *and the players below it*, with every edge weight a
//! lexicographic vector packed into one integer (`i128`, or a wider
//! fixed-size integer when the fields need more bits, up to 2 040 bits):
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
mod criteria;
mod order;
mod step;
#[cfg(test)]
mod tests;
mod weights;

pub(crate) use criteria::{
    allocate_colours, c3_colour_compatible, colour_costs_of, derive, float_at, Player,
};
pub use criteria::{
    c1_no_rematch, c2_bye_eligible, colour_preference, is_topscorer, ColourPreference, Strength,
};

use super::input::{PairingInput, PlayerState};
use super::matching::{max_weight_matching, Edge};
use criteria::{played_games, BracketCriteria};
use order::IdealPairing;
use std::collections::HashSet;
use step::{Passes, Settled, Step, StepGraph};
use thiserror::Error;
use trf::Colour;
use weights::{
    field, levels_value, Layout, LevelTable, RawEdge, APPROXIMATED_ORDER, MAX_PASSES, NF,
    PASS_WORK_BUDGET, RESOLVE_WORK_BUDGET,
};

/// The result of pairing one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    /// Boards in order: `(white, black)` start numbers.
    pub boards: Vec<(u32, u32)>,
    /// Start number of the player with the pairing-allocated bye.
    pub bye: Option<u32>,
    /// Quality criteria that were approximated or left out of a step's
    /// weights because the packed weight would exceed the weights' bit budget
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
    /// A search system (`simple`) tried this many candidates without
    /// finding a pairing or proving there is none.
    #[error("no pairing found after trying {0} candidate opponents (the search stopped)")]
    SearchLimit(usize),
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
    ///
    /// A step may take several passes; each fixes what is settled (see
    /// [`Passes::settle`]) and re-solves the rest without the fixed pairs.
    /// On a candidate graph, every pass also weighs the bracket's S1/S2
    /// pairs left out of it, and takes in those that could improve its
    /// matching (see [`Ctx::run_passes`]).
    #[allow(clippy::type_complexity)]
    fn solve_step(
        &self,
        remaining: &[usize],
        step: &Step,
        mode: Mode,
        opts: DutchOptions,
    ) -> Option<(PairList, Option<usize>, Vec<&'static str>)> {
        let g = self.step_graph(remaining, step, mode, opts);
        let is_mdp = |p: usize| self.players[g.verts[p]].st.score > step.level;
        let members: Vec<usize> = (0..g.bsize).collect();
        let first_order = IdealPairing::new(g.bsize, &members, is_mdp, None, None);
        let candidates = self.candidate_edges(g.verts, step, mode, opts, &first_order, false);
        let complete = mode == Mode::Exact || step.bn_size.min(g.verts.len()) <= opts.dense_limit;
        // The S1/S2 pairs of the bracket left out of a candidate graph: 4.2
        // prefers an S1 player's lower S2 partner however far it is from
        // the ideal one (a rematch or colour conflict early in S1 can shift
        // partners far), so each pass makes sure none of them could improve
        // its matching.
        let left_out: Vec<(usize, usize)> = if complete {
            Vec::new()
        } else {
            self.candidate_edges(g.verts, step, mode, opts, &first_order, true)
                .into_iter()
                .filter(|e| candidates.binary_search(e).is_err())
                .collect()
        };
        let (mate, mut dropped) = self.run_passes(&g, step, &candidates, &left_out, is_mdp)?;
        let mut pairs = Vec::new();
        let mut bye = None;
        for (i, m) in mate.iter().enumerate().take(g.bsize) {
            match *m {
                Some(j) if j < g.bsize && i < j => pairs.push((g.verts[i], g.verts[j])),
                Some(j) if j == g.bye_v && g.with_bye && step.is_last => bye = Some(g.verts[i]),
                _ => {}
            }
        }
        dropped.dedup();
        Some((pairs, bye, dropped))
    }

    /// The passes of one step over `candidates`: the final matching and the
    /// criteria approximated on the way, or `None` without a perfect
    /// matching.
    ///
    /// Each pass's matching ends with dual values that prove it the best on
    /// its graph (LP duality); the `left_out` pairs are weighed under those
    /// duals, and the ones with a negative slack (which could make a better
    /// matching) become edges and the pass is solved again, until none is
    /// left: the pass's matching is then the best with every left-out pair
    /// too, at the cost of the few pairs that matter rather than all. These
    /// solves again have a vertex budget of their own
    /// ([`RESOLVE_WORK_BUDGET`]); past it a pass keeps its matching and the
    /// order is reported approximated.
    fn run_passes(
        &self,
        g: &StepGraph<'_>,
        step: &Step,
        candidates: &[(usize, usize)],
        left_out: &[(usize, usize)],
        is_mdp: impl Fn(usize) -> bool,
    ) -> Option<(Vec<Option<usize>>, Vec<&'static str>)> {
        let mut passes = Passes::new(g.bsize);
        let mut work = 0;
        // Vertices matched again with left-out pairs added, and whether a
        // pass kept a matching they could improve (that budget spent).
        let mut solved_again = 0;
        let mut unproved = false;
        let mut dropped = Vec::new();
        let mut edges = candidates.to_vec();
        let mut out = left_out.to_vec();
        let crit = BracketCriteria {
            levels: &g.levels,
            initial: self.input.initial_colour,
        };
        let mut pass = 0;
        loop {
            let start = std::time::Instant::now();
            let members: Vec<usize> = (0..g.bsize)
                .filter(|&p| passes.fixed[p].is_none())
                .collect();
            let ideal = IdealPairing::new(
                g.bsize,
                &members,
                |p| is_mdp(p) && !passes.limbo[p],
                passes.remainder_pairs,
                passes.exchanged_s1.as_deref(),
            );
            let mut raw = self.pass_edges(g, step, &edges, &ideal, &passes);
            let layout_vertices = g.nvert - passes.fixed.iter().filter(|f| f.is_some()).count();
            let layout = Layout::new(
                &mut raw,
                g.nvert,
                g.bsize,
                &ideal,
                &g.levels,
                passes.exchanged_s1.is_some(),
                layout_vertices,
            );
            self.trace_fields(g, &raw);
            let live: Vec<(usize, usize)> = out
                .iter()
                .copied()
                .filter(|&(i, j)| Self::pair_free(g, &passes, i, j))
                .collect();
            let fields = |pair: (usize, usize)| self.pair_field(g, &crit, &ideal, pair);
            let probes = (!out.is_empty()).then_some((
                &ideal,
                &live[..],
                &fields as &dyn Fn((usize, usize)) -> RawEdge,
            ));
            let (mate, violated) = passes.solve(g, raw, &layout, probes);
            self.trace_pass(g, &mate, &layout, pass, start);
            if mate.iter().any(|m| m.is_none()) {
                return None;
            }
            if let Some(add) = violated.filter(|v| !v.is_empty()) {
                if solved_again < RESOLVE_WORK_BUDGET {
                    solved_again += layout_vertices;
                    out.retain(|e| add.binary_search(e).is_err());
                    edges.extend(add);
                    edges.sort_unstable();
                    continue;
                }
                unproved = true;
            }
            dropped.extend(layout.dropped.iter().copied());
            work += layout_vertices;
            let more = pass < MAX_PASSES && work < PASS_WORK_BUDGET;
            if let Settled::Done { approximated } =
                passes.settle(g, step, &ideal, &mate, &layout, more)
            {
                if approximated || unproved {
                    dropped.push(APPROXIMATED_ORDER);
                }
                return Some((mate, dropped));
            }
            pass += 1;
        }
    }

    /// The vertices a step's matching works on: the bracket, the following
    /// scoregroup and, depending on `mode`, a window of or all the players
    /// below, plus the bye vertex when the number is odd.
    fn step_graph<'r>(
        &self,
        remaining: &'r [usize],
        step: &Step,
        mode: Mode,
        opts: DutchOptions,
    ) -> StepGraph<'r> {
        let mut vcount = remaining.len();
        if mode != Mode::Exact {
            let below = if mode == Mode::Narrow {
                (8 * opts.window).max(64)
            } else {
                step.bsize.max(2 * opts.window)
            };
            let want = step.bn_size + below + 2;
            if want < remaining.len() {
                vcount = want + want % 2;
            }
        }
        let verts = &remaining[..vcount];
        let with_bye = vcount == remaining.len() && vcount % 2 == 1;
        let bn = step.bn_size.min(vcount);
        StepGraph {
            verts,
            bsize: step.bsize,
            bn,
            with_bye,
            bye_v: vcount,
            nvert: vcount + usize::from(with_bye),
            levels: LevelTable::new(verts[..bn].iter().map(|&v| self.players[v].st.score)),
        }
    }

    /// The edges of one pass with their criteria values: candidate pairs
    /// not involving fixed players (nor limbo MDPs inside the bracket), and
    /// the bye edges of the players C2 and C5 allow.
    fn pass_edges(
        &self,
        g: &StepGraph<'_>,
        step: &Step,
        candidates: &[(usize, usize)],
        ideal: &IdealPairing,
        passes: &Passes,
    ) -> Vec<RawEdge> {
        let crit = BracketCriteria {
            levels: &g.levels,
            initial: self.input.initial_colour,
        };
        let mut raw = self.pair_fields(g, &crit, candidates, ideal, passes);
        let free = |p: usize| p >= g.bsize || passes.fixed[p].is_none();
        if g.with_bye {
            for (i, &v) in g.verts.iter().enumerate() {
                let st = self.players[v].st;
                if !c2_bye_eligible(st) || step.bye_score.is_some_and(|s| st.score > s) || !free(i)
                {
                    continue;
                }
                let mut f = [0u64; NF];
                f[field::COMPLETION] = 1;
                if passes.c9_active && i < g.bsize {
                    f[field::C9_BYE_GAMES] = played_games(st) + 1;
                }
                if step.is_last {
                    f[field::BYE_RANK] = i as u64 + 1;
                }
                raw.push((i, g.bye_v, f));
            }
        }
        raw
    }

    /// The criteria values of the `pairs` a pass may use: those not
    /// involving fixed players (nor limbo MDPs inside the bracket).
    fn pair_fields(
        &self,
        g: &StepGraph<'_>,
        crit: &BracketCriteria<'_>,
        pairs: &[(usize, usize)],
        ideal: &IdealPairing,
        passes: &Passes,
    ) -> Vec<RawEdge> {
        pairs
            .iter()
            .filter(|&&(i, j)| Self::pair_free(g, passes, i, j))
            .map(|&(i, j)| self.pair_field(g, crit, ideal, (i, j)))
            .collect()
    }

    /// Whether a pass may use the pair `i`-`j`: neither player fixed, nor
    /// a limbo MDP inside the bracket.
    fn pair_free(g: &StepGraph<'_>, passes: &Passes, i: usize, j: usize) -> bool {
        let free = |p: usize| p >= g.bsize || passes.fixed[p].is_none();
        free(i) && free(j) && !(j < g.bsize && (passes.limbo[i] || passes.limbo[j]))
    }

    /// The criteria values of the pair `i`-`j` (`i < j`).
    fn pair_field(
        &self,
        g: &StepGraph<'_>,
        crit: &BracketCriteria<'_>,
        ideal: &IdealPairing,
        (i, j): (usize, usize),
    ) -> RawEdge {
        let (a, b) = (&self.players[g.verts[i]], &self.players[g.verts[j]]);
        let mut f = [0u64; NF];
        f[field::COMPLETION] = 1;
        if j < g.bsize {
            crit.fill(a, b, &mut f);
            f[field::EXCHANGES] = ideal.exchange_gain(i, j);
            f[field::EXCHANGE_ORDER] = ideal.exchange_order(i, j);
        }
        if j < g.bn {
            f[field::C8_PAIRS] = 1;
            if j >= g.bsize {
                f[field::C8_SCORES] = levels_value(Some(g.levels.of(a.st.score)), None);
            }
        }
        (i, j, f)
    }

    /// `RATINGBOOK_PAIR_TRACE=fields`: every edge's criteria values.
    fn trace_fields(&self, g: &StepGraph<'_>, raw: &[RawEdge]) {
        if std::env::var("RATINGBOOK_PAIR_TRACE").is_ok_and(|v| v == "fields") {
            for (i, j, f) in raw {
                eprintln!("  {}-{}: {f:?}", self.trace_id(g, *i), self.trace_id(g, *j));
            }
        }
    }

    /// `RATINGBOOK_PAIR_TRACE`: each pass's size, weight width, time and
    /// the bracket's pairs.
    fn trace_pass(
        &self,
        g: &StepGraph<'_>,
        mate: &[Option<usize>],
        layout: &Layout,
        pass: usize,
        start: std::time::Instant,
    ) {
        if std::env::var_os("RATINGBOOK_PAIR_TRACE").is_none() {
            return;
        }
        let pairs: Vec<String> = (0..g.bsize)
            .filter_map(|p| mate[p].filter(|&q| q > p).map(|q| (p, q)))
            .map(|(p, q)| format!("{}-{}", self.trace_id(g, p), self.trace_id(g, q)))
            .collect();
        eprintln!(
            "pair-trace: bracket {} (+next {}) vertices {} bits {} {:?} pass {pass}: {:.1} ms; pairs {}",
            g.bsize,
            g.bn - g.bsize,
            g.nvert,
            layout.total_bits,
            layout.field_bits,
            start.elapsed().as_secs_f64() * 1000.0,
            pairs.join(" ")
        );
    }

    fn trace_id(&self, g: &StepGraph<'_>, p: usize) -> u32 {
        g.verts.get(p).map_or(0, |&v| self.players[v].st.id)
    }

    /// The edges a step considers: every legal pair among the step's
    /// vertices in `Exact` mode; in the faster modes, with large brackets,
    /// only pairs near each other in rank or near the ideal partner (every
    /// S1/S2 pair of the bracket with `whole_bracket`), and a window of the
    /// players below.
    fn candidate_edges(
        &self,
        verts: &[usize],
        step: &Step,
        mode: Mode,
        opts: DutchOptions,
        ideal: &IdealPairing,
        whole_bracket: bool,
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
                let s1_to_s2 = ideal.partner[i] != usize::MAX
                    && ideal.partner[i] > i
                    && ideal.partner[j] != usize::MAX
                    && ideal.partner[j] < j;
                if whole_bracket && s1_to_s2 {
                    return true;
                }
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
