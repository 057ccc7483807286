//! One bracket step: the vertices its matching works on, and the passes
//! that settle the MDP-pairing, the remainder's subgroups and the
//! transposition order one after another.
use super::order::IdealPairing;
use super::weights::{match_packed, Layout, LevelTable, ProbeSet, Probes, RawEdge, Solved};

/// A bracket to pair, with what the step needs to know about the rest.
pub(super) struct Step {
    /// Players in the bracket (residents and moved-down players).
    pub(super) bsize: usize,
    /// Players in the bracket and the following scoregroup.
    pub(super) bn_size: usize,
    /// The bracket holds everyone left (it gives the bye).
    pub(super) is_last: bool,
    /// The residents' score.
    pub(super) level: u32,
    /// C5: the lowest score the bye can go to (odd number of players).
    pub(super) bye_score: Option<u32>,
}

/// The vertices of a step's matching: positions `0..bsize` are the
/// bracket, `bsize..bn` the following scoregroup, then players below; the
/// bye is vertex `bye_v` when the number is odd.
pub(super) struct StepGraph<'r> {
    pub(super) verts: &'r [usize],
    pub(super) bsize: usize,
    pub(super) bn: usize,
    pub(super) with_bye: bool,
    pub(super) bye_v: usize,
    pub(super) nvert: usize,
    pub(super) levels: LevelTable,
}

/// What the passes of a step have settled so far.
pub(super) struct Passes {
    /// Bracket positions fixed by an earlier pass, with their partner.
    pub(super) fixed: Vec<Option<usize>>,
    /// MDPs the MDP-pairing left in the limbo (they float on).
    pub(super) limbo: Vec<bool>,
    /// The remainder's S1 size, once known.
    pub(super) remainder_pairs: Option<usize>,
    /// The remainder's S1 after an exchange.
    pub(super) exchanged_s1: Option<Vec<usize>>,
    /// C9 is in force (see [`Passes::settle`]).
    pub(super) c9_active: bool,
}

/// The outcome of [`Passes::settle`].
pub(super) enum Settled {
    /// Something was fixed or learned: solve again.
    Again,
    /// The pass's matching is the step's result.
    Done {
        /// The transposition order could not be made exact.
        approximated: bool,
    },
}

impl Passes {
    pub(super) fn new(bsize: usize) -> Self {
        Passes {
            fixed: vec![None; bsize],
            limbo: vec![false; bsize],
            remainder_pairs: None,
            exchanged_s1: None,
            c9_active: false,
        }
    }

    /// Solves the matching of a pass. Fixed pairs are left out (their
    /// weight is the same in every candidate), which shrinks later passes;
    /// the returned `mate` includes them.
    ///
    /// With `probes` (pairs left out of the graph), also those that could
    /// make the matching heavier as edges (see `match_packed`).
    pub(super) fn solve(
        &self,
        g: &StepGraph<'_>,
        mut raw: Vec<RawEdge>,
        layout: &Layout,
        probes: Option<ProbeSet<'_>>,
    ) -> Solved {
        let active: Vec<usize> = (0..g.nvert)
            .filter(|&v| v >= g.bsize || self.fixed[v].is_none())
            .collect();
        let mut index = vec![usize::MAX; g.nvert];
        for (k, &v) in active.iter().enumerate() {
            index[v] = k;
        }
        for e in raw.iter_mut() {
            e.0 = index[e.0];
            e.1 = index[e.1];
        }
        let (compact, violated) = match_packed(
            active.len(),
            &raw,
            layout,
            probes.map(|(ideal, pairs, fields)| Probes {
                ideal,
                pairs,
                fields,
                index: &index,
            }),
        );
        let mut mate = vec![None; g.nvert];
        for (k, m) in compact.iter().enumerate() {
            mate[active[k]] = m.map(|x| active[x]);
        }
        for (p, q) in self.fixed.iter().enumerate() {
            if q.is_some() {
                mate[p] = *q;
            }
        }
        (mate, violated)
    }

    /// Looks at a pass's matching and settles, in order:
    /// 1. C9 applies in a bracket at or below the PAB assignee's score
    ///    when the PAB assignee is its only downfloater (every other player
    ///    of the bracket is paired inside it), as the endorsed engines read
    ///    it: the bracket holding the PAB candidates as moved-down players
    ///    counts, the bracket they floated from does not;
    /// 2. the MDP-pairing: if it left a remainder other than the guessed
    ///    one, it is fixed and the true remainder paired;
    /// 3. the remainder's S1 holds as many players as it forms pairs;
    /// 4. after an exchange, transpositions apply to the new S1 (the higher
    ///    players of the remainder's pairs) and S2;
    /// 5. the S1 players with exact digits, and those whose partner is the
    ///    lowest possible, are fixed, and the rest ordered exactly in
    ///    another pass.
    ///
    /// With `more` false (the pass limit) the matching is taken as it is.
    pub(super) fn settle(
        &mut self,
        g: &StepGraph<'_>,
        step: &Step,
        ideal: &IdealPairing,
        mate: &[Option<usize>],
        layout: &Layout,
        more: bool,
    ) -> Settled {
        let bsize = g.bsize;
        let in_bracket = |p: usize| mate[p].filter(|&q| q < bsize);
        if more
            && !self.c9_active
            && g.with_bye
            && step.bye_score.is_some_and(|s| s >= step.level)
            && (0..bsize).all(|p| mate[p].is_none_or(|q| q < bsize || q == g.bye_v))
        {
            self.c9_active = true;
            return Settled::Again;
        }
        if more && !ideal.mdps.is_empty() && layout.exact_mdp_slots == ideal.mdps.len() {
            let mut met: Vec<usize> = ideal.mdps.iter().filter_map(|&m| in_bracket(m)).collect();
            met.sort_unstable();
            let mut guess = ideal.mdp_partners.clone();
            guess.sort_unstable();
            if met != guess {
                for &m in &ideal.mdps {
                    match in_bracket(m) {
                        Some(q) => self.fix(m, q),
                        None => self.limbo[m] = true,
                    }
                }
                self.remainder_pairs = None;
                self.exchanged_s1 = None;
                return Settled::Again;
            }
        }
        let mut upper: Vec<usize> = ideal
            .s1
            .iter()
            .chain(&ideal.s2)
            .copied()
            .filter(|&p| in_bracket(p).is_some_and(|q| ideal.remainder_index(q).is_some() && q > p))
            .collect();
        upper.sort_unstable();
        let formed = upper.len();
        if more && formed != ideal.s1.len() && self.remainder_pairs != Some(formed) {
            self.remainder_pairs = Some(formed);
            return Settled::Again;
        }
        if more && upper != ideal.ds1 {
            self.exchanged_s1 = Some(upper);
            return Settled::Again;
        }
        let settled = ideal.greedy_prefix(mate).max(layout.exact_remainder_slots);
        if more && settled < ideal.ds1.len() {
            for &m in &ideal.mdps {
                if let Some(q) = in_bracket(m) {
                    self.fix(m, q);
                }
            }
            for &p in &ideal.ds1[..settled] {
                if let Some(q) = in_bracket(p) {
                    self.fix(p, q);
                }
            }
            self.remainder_pairs = Some(formed - settled);
            return Settled::Again;
        }
        Settled::Done {
            approximated: settled < ideal.ds1.len() || layout.exact_mdp_slots < ideal.mdps.len(),
        }
    }

    fn fix(&mut self, p: usize, q: usize) {
        self.fixed[p] = Some(q);
        self.fixed[q] = Some(p);
    }
}
