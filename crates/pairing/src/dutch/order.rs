//! The order in which the rules generate a bracket's candidates (article 4):
//! the MDP-pairing, the remainder's S1 and S2, exchanges and transpositions.

/// The order in which the rules generate a bracket's candidates (3.2, 4.2,
/// 4.3), over the bracket's players that are not yet fixed. Moved-down
/// players (MDPs) form S1 of the MDP-pairing against all residents; the
/// residents left over (guessed as all but the top ones, the MDPs' ideal
/// partners) form the remainder, split into its own S1 (top half) and S2.
/// All positions are positions in the step's vertex list.
pub(super) struct IdealPairing {
    /// MDP slot (rank order among the MDPs).
    pub(super) mdp_slot: Vec<Option<usize>>,
    /// Index among the residents (for the MDP-pairing's digits).
    pub(super) resident_index: Vec<Option<usize>>,
    /// Remainder S1 slot.
    pub(super) s1_slot: Vec<Option<usize>>,
    /// Remainder S2 index.
    pub(super) s2_index: Vec<Option<usize>>,
    /// Ideal partner position (`usize::MAX` if none).
    pub(super) partner: Vec<usize>,
    /// Residents each MDP ideally meets (the guess behind the remainder).
    pub(super) mdp_partners: Vec<usize>,
    /// Remainder S1 and S2 positions in order (the exchange criteria are
    /// measured against them).
    pub(super) s1: Vec<usize>,
    pub(super) s2: Vec<usize>,
    /// S1 and S2 after the exchange a pass found (the transposition order
    /// applies to them), with each position's slot and index.
    pub(super) ds1: Vec<usize>,
    pub(super) ds2: Vec<usize>,
    pub(super) ds1_slot: Vec<Option<usize>>,
    pub(super) ds2_index: Vec<Option<usize>>,
    pub(super) mdps: Vec<usize>,
    pub(super) residents: usize,
}

impl IdealPairing {
    /// `members`: the unfixed bracket positions in rank order; `is_mdp`
    /// tells the moved-down players among them; `remainder_pairs` is the
    /// size of the remainder's S1 (the pairs it forms; half of it if
    /// unknown).
    pub(super) fn new(
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

    /// The MDP-pairing's transposition order: the residents met by MDP 0,
    /// MDP 1, ... lexicographically smallest. A pair of MDP `slot` with
    /// resident `k` is the digit `residents - k` (so any partner beats
    /// none, and higher MDPs weigh more).
    pub(super) fn mdp_digit(&self, i: usize, j: usize) -> Option<(usize, u64)> {
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
    pub(super) fn digit(&self, i: usize, j: usize) -> Option<(usize, u64)> {
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
    pub(super) fn exchange_gain(&self, i: usize, j: usize) -> u64 {
        let higher = i.min(j);
        match (self.remainder_index(i), self.remainder_index(j)) {
            (Some(_), Some(_)) => u64::from(self.s1_slot[higher].is_some()),
            _ => 1,
        }
    }

    /// 4.3, the exchanged players' pairing numbers: the higher players of
    /// the remainder's pairs (its new S1) as high in the order as possible,
    /// i.e. the smallest sum of their positions.
    pub(super) fn exchange_order(&self, i: usize, j: usize) -> u64 {
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
    pub(super) fn exchange_set_digit(&self, i: usize, j: usize) -> u64 {
        match (self.remainder_index(i), self.remainder_index(j)) {
            (Some(a), Some(b)) => ((a.min(b) as u64) << 32) | 1,
            _ => 0,
        }
    }

    /// Position within the remainder (S1, then S2).
    pub(super) fn remainder_index(&self, p: usize) -> Option<usize> {
        self.s1_slot[p].or_else(|| self.s2_index[p].map(|k| self.s1.len() + k))
    }

    /// For S1 players beyond the exact digits: a weighted distance to the
    /// ideal partner (higher is better), heavier for higher S1 players.
    pub(super) fn approximate_order(&self, i: usize, j: usize, from_slot: usize) -> u64 {
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
    pub(super) fn greedy_prefix(&self, mate: &[Option<usize>]) -> usize {
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
