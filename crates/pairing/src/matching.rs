//! Maximum-weight matching on general graphs (Edmonds' blossom algorithm,
//! primal-dual, O(n³)), generic over the edge-weight integer ([`Weight`]:
//! `i128`, or wider fixed-size integers) so that lexicographic pairing
//! criteria can be packed into one number of any width they need.
//!
//! The implementation follows the classic formulation by Galil ("Efficient
//! algorithms for finding maximum matching in graphs", 1986) in the
//! well-known structure of Joris van Rantwijk's reference implementation
//! (labels S=1/T=2, blossom trees, `bestedge` bookkeeping for the dual
//! updates). It works on a sparse edge list, so memory is O(n + m).
//!
//! Why not a crate: `integer-blossom` 1.2.1 was evaluated (`cargo info`);
//! its `max_weight_matching` takes a dense `n × n` weight matrix, which for
//! 5000 players and `i128` weights is 400 MB before any work is done, and
//! its running time does not benefit from sparse candidate graphs. The
//! pairing engine relies on sparse graphs for large events.

/// One undirected edge `(u, v, weight)`; `u != v`, both `< n`.
pub type Edge<W = i128> = (usize, usize, W);

/// Largest `i128` weight accepted by [`max_weight_matching`] (weights are
/// doubled internally and duals may reach twice the largest weight).
pub const MAX_WEIGHT: i128 = 1 << 124;

/// An edge-weight type for the matching: `i128` for the common case, and
/// wider fixed-size integers ([`bnum::BInt`]) when the packed pairing
/// criteria need more bits.
pub trait Weight:
    Copy
    + Ord
    + std::fmt::Debug
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::AddAssign
    + std::ops::SubAssign
{
    /// Zero.
    const ZERO: Self;
    /// Largest weight accepted (larger weights are clamped).
    const LIMIT: Self;
    /// Half of a non-negative even value.
    fn half(self) -> Self;
    /// `value << shift`.
    fn shifted(value: u64, shift: u32) -> Self;
}

impl Weight for i128 {
    const ZERO: i128 = 0;
    const LIMIT: i128 = MAX_WEIGHT;
    fn half(self) -> i128 {
        self / 2
    }
    fn shifted(value: u64, shift: u32) -> i128 {
        i128::from(value) << shift
    }
}

impl<const N: usize> Weight for bnum::BInt<N> {
    const ZERO: Self = bnum::BInt::ZERO;
    const LIMIT: Self = bnum::BInt::MAX.shr(3);
    fn half(self) -> Self {
        self >> 1u32
    }
    fn shifted(value: u64, shift: u32) -> Self {
        Self::from(value) << shift
    }
}

/// Computes a maximum-weight matching of the graph with `n` vertices and the
/// given edges. Returns `mate`, where `mate[v] == Some(w)` iff `v`–`w` is
/// matched. Edges with non-positive weight are never useful and are ignored;
/// self-loops and out-of-range vertices are ignored as well. Weights above
/// [`MAX_WEIGHT`] are clamped.
///
/// Among matchings of maximum weight, which one is returned is deterministic
/// for a given input order.
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[Edge<W>]) -> Vec<Option<usize>> {
    max_weight_matching_probed(n, edges, &[]).0
}

/// [`max_weight_matching`], and whether the matching found stays of
/// maximum weight when the `probes` (edges left out of the graph) are
/// added: true when the final dual solution keeps every probe's slack
/// non-negative (LP duality: the duals then still prove the matching
/// optimal on the larger graph). A probe above [`MAX_WEIGHT`] (the type's
/// limit) or between vertices out of range counts as not proved.
pub fn max_weight_matching_probed<W: Weight>(
    n: usize,
    edges: &[Edge<W>],
    probes: &[Edge<W>],
) -> (Vec<Option<usize>>, bool) {
    let (mate, violated) = max_weight_matching_violated(n, edges, probes);
    (mate, violated.is_empty())
}

/// [`max_weight_matching`], and the indices of the `probes` (edges left out
/// of the graph) the final duals do not prove useless: those with a
/// negative slack, above [`MAX_WEIGHT`] or between vertices out of range.
/// When none is listed the matching is of maximum weight with every probe
/// added too; otherwise adding the listed ones and solving again is the
/// way to the larger graph's optimum (column generation).
pub fn max_weight_matching_violated<W: Weight>(
    n: usize,
    edges: &[Edge<W>],
    probes: &[Edge<W>],
) -> (Vec<Option<usize>>, Vec<usize>) {
    solve_probed(n, edges, probes.len(), &|k| Some(probes[k]), false)
}

/// [`max_weight_matching_violated`] for graphs whose weights put the
/// number of matched edges first (every edge carries the same top unit,
/// which outweighs all the rest of any matching): the maximum-weight
/// matching is then perfect whenever the graph has a perfect matching.
///
/// It starts from a greedy matching instead of an empty one: each vertex's
/// dual is the largest weight at it, lowered (vertex by vertex) to the
/// least that keeps its edges' slacks non-negative, and an edge that gets
/// tight between two free vertices is matched. The search then only has
/// the vertices left free to augment. Such a start can end with a vertex
/// dual below zero, which proves a perfect matching the best among perfect
/// matchings (so, with the weights above, the best) but not an imperfect
/// one: when the result is not perfect the graph is solved again from an
/// empty matching, as [`max_weight_matching_violated`] does.
pub fn max_weight_matching_greedy_start<W: Weight>(
    n: usize,
    edges: &[Edge<W>],
    probes: &[Edge<W>],
) -> (Vec<Option<usize>>, Vec<usize>) {
    max_weight_matching_greedy_start_with(n, edges, probes.len(), &|k| Some(probes[k]))
}

/// [`max_weight_matching_greedy_start`] with the probes made one at a time
/// after the matching is solved (`probe(k)` for `k < probes`; `None` counts
/// as violated), so a long list of them never needs to be held at once.
pub fn max_weight_matching_greedy_start_with<W: Weight>(
    n: usize,
    edges: &[Edge<W>],
    probes: usize,
    probe: &dyn Fn(usize) -> Option<Edge<W>>,
) -> (Vec<Option<usize>>, Vec<usize>) {
    let (mate, violated) = solve_probed(n, edges, probes, probe, true);
    if mate.iter().all(Option::is_some) {
        return (mate, violated);
    }
    solve_probed(n, edges, probes, probe, false)
}

/// The matching and the violated probes, from an empty matching or (with
/// `greedy`) from a greedy one.
fn solve_probed<W: Weight>(
    n: usize,
    edges: &[Edge<W>],
    probes: usize,
    probe: &dyn Fn(usize) -> Option<Edge<W>>,
    greedy: bool,
) -> (Vec<Option<usize>>, Vec<usize>) {
    let edges: Vec<Edge<W>> = edges
        .iter()
        .filter(|&&(u, v, w)| u != v && u < n && v < n && w > W::ZERO)
        .map(|&(u, v, w)| {
            let w = w.min(W::LIMIT);
            (u, v, w + w)
        })
        .collect();
    let fits = |&(u, v, w): &Edge<W>| u != v && u < n && v < n && w <= W::LIMIT;
    if edges.is_empty() {
        let violated = (0..probes)
            .filter(|&k| probe(k).is_none_or(|e| !fits(&e) || e.2 > W::ZERO))
            .collect();
        return (vec![None; n], violated);
    }
    let mut s = Solver::new(n, edges);
    if greedy {
        s.greedy_start();
    }
    s.solve();
    let violated = (0..probes)
        .filter(|&k| {
            probe(k).is_none_or(|e @ (u, v, w)| {
                !fits(&e) || (w > W::ZERO && s.dual_slack(u, v, w + w) < W::ZERO)
            })
        })
        .collect();
    let mate = s
        .mate
        .iter()
        .map(|&p| if p == NONE { None } else { Some(s.endpoint[p]) })
        .collect();
    (mate, violated)
}

const NONE: usize = usize::MAX;

struct Solver<W> {
    nv: usize,
    /// The edges with their weight doubled once more (`2w`, the amount a
    /// slack subtracts), so a slack costs one addition and one subtraction.
    edges: Vec<Edge<W>>,
    endpoint: Vec<usize>,
    /// Adjacency in CSR form: for vertex `v`, entries `adj_start[v]..adj_start[v + 1]`
    /// of `adj_p` (endpoint index `p`, the far end is `endpoint[p]`), `adj_to`
    /// (that far end) and `adj_w` (doubled edge weight, as in `edges`),
    /// stored contiguously so the
    /// hot scanning loop reads memory sequentially.
    adj_start: Vec<usize>,
    adj_p: Vec<usize>,
    adj_to: Vec<usize>,
    adj_w: Vec<W>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    /// The slack of `bestedge[b]` when it was chosen, valid while
    /// `bestepoch[b] == epoch` (no dual update since).
    bestslack: Vec<W>,
    bestepoch: Vec<u64>,
    /// Counts dual updates: slacks do not change between two of them.
    epoch: u64,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    /// Started from a greedy matching ([`Solver::greedy_start`]): the free
    /// vertices' duals are equal but not the lowest of all.
    greedy: bool,
}

impl<W: Weight> Solver<W> {
    fn new(nv: usize, edges: Vec<Edge<W>>) -> Self {
        let maxweight = edges
            .iter()
            .map(|e| e.2)
            .max()
            .unwrap_or(W::ZERO)
            .max(W::ZERO);
        let edges: Vec<Edge<W>> = edges.into_iter().map(|(i, j, w)| (i, j, w + w)).collect();
        let ne = edges.len();
        let mut endpoint = Vec::with_capacity(2 * ne);
        let mut degree = vec![0usize; nv + 1];
        for &(i, j, _) in &edges {
            endpoint.push(i);
            endpoint.push(j);
            degree[i] += 1;
            degree[j] += 1;
        }
        let mut adj_start = vec![0usize; nv + 1];
        for v in 0..nv {
            adj_start[v + 1] = adj_start[v] + degree[v];
        }
        let mut fill = adj_start.clone();
        let mut adj_p = vec![0usize; 2 * ne];
        let mut adj_to = vec![0usize; 2 * ne];
        let mut adj_w = vec![W::ZERO; 2 * ne];
        for (k, &(i, j, w)) in edges.iter().enumerate() {
            for (v, p, to) in [(i, 2 * k + 1, j), (j, 2 * k, i)] {
                let at = fill[v];
                adj_p[at] = p;
                adj_to[at] = to;
                adj_w[at] = w;
                fill[v] += 1;
            }
        }
        let mut dualvar = vec![maxweight; nv];
        dualvar.extend(std::iter::repeat_n(W::ZERO, nv));
        let mut blossombase: Vec<usize> = (0..nv).collect();
        blossombase.extend(std::iter::repeat_n(NONE, nv));
        Solver {
            nv,
            endpoint,
            adj_start,
            adj_p,
            adj_to,
            adj_w,
            mate: vec![NONE; nv],
            label: vec![0; 2 * nv],
            labelend: vec![NONE; 2 * nv],
            inblossom: (0..nv).collect(),
            blossomparent: vec![NONE; 2 * nv],
            blossomchilds: vec![Vec::new(); 2 * nv],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * nv],
            bestedge: vec![NONE; 2 * nv],
            bestslack: vec![W::ZERO; 2 * nv],
            bestepoch: vec![u64::MAX; 2 * nv],
            epoch: 0,
            blossombestedges: vec![None; 2 * nv],
            unusedblossoms: (nv..2 * nv).rev().collect(),
            dualvar,
            allowedge: vec![false; ne],
            queue: Vec::new(),
            greedy: false,
            edges,
        }
    }

    /// A feasible start with a matching: each vertex's dual is the largest
    /// weight at it; then, vertex by vertex, a free vertex's dual drops to
    /// the least that keeps its edges' slacks non-negative, and the first
    /// tight edge to a free vertex is matched. The free vertices' duals are
    /// finally raised to the largest of them, so all are equal, as the
    /// stages need (raising a dual keeps every slack non-negative and the
    /// matched edges, between vertices not raised, tight).
    fn greedy_start(&mut self) {
        let nv = self.nv;
        for v in 0..nv {
            let range = self.adj_start[v]..self.adj_start[v + 1];
            if let Some(&top) = self.adj_w[range].iter().max() {
                self.dualvar[v] = top.half();
            }
        }
        for v in 0..nv {
            let range = self.adj_start[v]..self.adj_start[v + 1];
            if self.mate[v] != NONE || range.is_empty() {
                continue;
            }
            let least = range
                .clone()
                .map(|idx| self.adj_w[idx] - self.dualvar[self.adj_to[idx]])
                .max()
                .unwrap_or(W::ZERO);
            self.dualvar[v] = least;
            for idx in range {
                let w = self.adj_to[idx];
                if self.mate[w] == NONE && least + self.dualvar[w] == self.adj_w[idx] {
                    let p = self.adj_p[idx];
                    self.mate[v] = p;
                    self.mate[w] = p ^ 1;
                    break;
                }
            }
        }
        for v in 0..nv {
            if self.mate[v] == NONE {
                self.augment_tight_3(v);
            }
        }
        let free = (0..nv).filter(|&v| self.mate[v] == NONE);
        if let Some(top) = free.clone().map(|v| self.dualvar[v]).max() {
            for v in free {
                self.dualvar[v] = top;
            }
        }
        self.greedy = true;
    }

    /// For the free vertex `v` of the greedy start: a path `v`-`w`-`x`-`y`
    /// of tight edges, `w`-`x` matched and `y` free, swapped so that `v`
    /// and `y` are matched too (the duals stay as they are).
    fn augment_tight_3(&mut self, v: usize) {
        for idx in self.adj_start[v]..self.adj_start[v + 1] {
            let w = self.adj_to[idx];
            if self.mate[w] == NONE || self.dualvar[v] + self.dualvar[w] != self.adj_w[idx] {
                continue;
            }
            let x = self.endpoint[self.mate[w]];
            for idx2 in self.adj_start[x]..self.adj_start[x + 1] {
                let y = self.adj_to[idx2];
                if y != v
                    && self.mate[y] == NONE
                    && self.dualvar[x] + self.dualvar[y] == self.adj_w[idx2]
                {
                    let (p, q) = (self.adj_p[idx], self.adj_p[idx2]);
                    self.mate[v] = p;
                    self.mate[w] = p ^ 1;
                    self.mate[x] = q;
                    self.mate[y] = q ^ 1;
                    return;
                }
            }
        }
    }

    #[inline]
    fn slack(&self, k: usize) -> W {
        let (i, j, w2) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - w2
    }

    /// The slack, under the current duals, of an edge `u`-`v` of weight
    /// `w` (as doubled on entry) that need not be in the graph: the vertex
    /// duals less twice the weight, plus twice the dual of every blossom
    /// holding both ends.
    fn dual_slack(&self, u: usize, v: usize, w: W) -> W {
        let chain = |mut b: usize| {
            let mut out = vec![b];
            while self.blossomparent[b] != NONE {
                b = self.blossomparent[b];
                out.push(b);
            }
            out.reverse();
            out
        };
        let mut s = self.dualvar[u] + self.dualvar[v] - w - w;
        for (bu, bv) in chain(u).into_iter().zip(chain(v)) {
            if bu != bv {
                break;
            }
            s += self.dualvar[bu] + self.dualvar[bu];
        }
        s
    }

    /// The slack of `bestedge[b]` (which must be set), from the cache when
    /// no dual update happened since it was chosen.
    #[inline]
    fn best_slack(&self, b: usize) -> W {
        if self.bestepoch[b] == self.epoch {
            self.bestslack[b]
        } else {
            self.slack(self.bestedge[b])
        }
    }

    /// Makes edge `k`, of slack `slack`, the best edge of `b`.
    #[inline]
    fn set_best(&mut self, b: usize, k: usize, slack: W) {
        self.bestedge[b] = k;
        self.bestslack[b] = slack;
        self.bestepoch[b] = self.epoch;
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.nv {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.inblossom[w];
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if t == 1 {
                let mut l = Vec::new();
                self.leaves(b, &mut l);
                self.queue.extend(l);
                return;
            }
            let base = self.blossombase[b];
            let mb = self.mate[base];
            w = self.endpoint[mb];
            t = 1;
            p = mb ^ 1;
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("blossom pool");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.nv];
        let mut bestslackto = vec![W::ZERO; 2 * self.nv];
        for &bv in &path {
            let nblists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| {
                        self.adj_p[self.adj_start[v]..self.adj_start[v + 1]]
                            .iter()
                            .map(|p| p / 2)
                            .collect()
                    })
                    .collect(),
                Some(l) => vec![l],
            };
            for nblist in nblists {
                for k in nblist {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b && self.label[bj] == 1 {
                        let s = self.slack(k);
                        if bestedgeto[bj] == NONE || s < bestslackto[bj] {
                            bestedgeto[bj] = k;
                            bestslackto[bj] = s;
                        }
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let mut list = Vec::new();
        let mut best = NONE;
        let mut best_slack = W::ZERO;
        for (bj, &k) in bestedgeto.iter().enumerate() {
            if k == NONE {
                continue;
            }
            list.push(k);
            if best == NONE || bestslackto[bj] < best_slack {
                best = k;
                best_slack = bestslackto[bj];
            }
        }
        self.blossombestedges[b] = Some(list);
        if best == NONE {
            self.bestedge[b] = NONE;
        } else {
            self.set_best(b, best, best_slack);
        }
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.nv {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let idx = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let e = endps[idx(j - endptrick as isize)];
                self.label[self.endpoint[e ^ endptrick ^ 1]] = 0;
                self.assign_label(q, 2, p);
                self.allowedge[e / 2] = true;
                j += jstep;
                p = endps[idx(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[idx(j)];
            let q = self.endpoint[p ^ 1];
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[idx(j)] != entrychild {
                let bv = childs[idx(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut found = NONE;
                for v in self.leaves_of(bv) {
                    if self.label[v] != 0 {
                        found = v;
                        break;
                    }
                }
                if found != NONE {
                    let v = found;
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[m]] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = u8::MAX;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.nv {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let len = childs.len() as isize;
        let idx = |j: isize| -> usize { j.rem_euclid(len) as usize };
        let i = childs.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = childs[idx(j)];
            let p = endps[idx(j - endptrick as isize)] ^ endptrick;
            if t >= self.nv {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = childs[idx(j)];
            if t >= self.nv {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let mut c2 = childs[i..].to_vec();
        c2.extend_from_slice(&childs[..i]);
        let mut e2 = endps[i..].to_vec();
        e2.extend_from_slice(&endps[..i]);
        self.blossombase[b] = self.blossombase[c2[0]];
        self.blossomchilds[b] = c2;
        self.blossomendps[b] = e2;
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s0, p0);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.nv {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.nv {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Runs the stages: each grows alternating trees from the free vertices
    /// and augments the matching by one edge, until no augmenting path is
    /// left (the matching is then of maximum weight).
    fn solve(&mut self) {
        for _stage in 0..self.nv {
            self.start_stage();
            let mut augmented = false;
            loop {
                if self.scan_queue() {
                    augmented = true;
                    break;
                }
                if !self.update_duals() {
                    break;
                }
            }
            if !augmented {
                break;
            }
            self.expand_tight_blossoms();
        }
    }

    /// Clears the labels and best edges of the last stage and labels every
    /// free vertex S, queued for scanning.
    fn start_stage(&mut self) {
        let nv = self.nv;
        self.label.iter_mut().for_each(|l| *l = 0);
        self.bestedge.iter_mut().for_each(|e| *e = NONE);
        for b in nv..2 * nv {
            self.blossombestedges[b] = None;
        }
        self.allowedge.iter_mut().for_each(|a| *a = false);
        self.queue.clear();
        for v in 0..nv {
            if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                self.assign_label(v, 1, NONE);
            }
        }
    }

    /// Scans the queued S vertices until the queue is empty (false) or an
    /// augmenting path was found and the matching augmented (true).
    #[inline]
    fn scan_queue(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            if self.scan_vertex(v) {
                return true;
            }
        }
        false
    }

    /// Scans the edges of the S vertex `v`: labels, new blossoms, best edges
    /// for the dual update; true when one of them augmented the matching.
    #[inline]
    fn scan_vertex(&mut self, v: usize) -> bool {
        // Vertex duals change only in dual updates, never during a scan.
        let dv = self.dualvar[v];
        for idx in self.adj_start[v]..self.adj_start[v + 1] {
            let p = self.adj_p[idx];
            let k = p / 2;
            let w = self.adj_to[idx];
            if self.inblossom[v] == self.inblossom[w] {
                continue;
            }
            let mut kslack = W::ZERO;
            if !self.allowedge[k] {
                kslack = dv + self.dualvar[w] - self.adj_w[idx];
                if kslack <= W::ZERO {
                    self.allowedge[k] = true;
                }
            }
            if self.allowedge[k] {
                let lw = self.label[self.inblossom[w]];
                if lw == 0 {
                    self.assign_label(w, 2, p ^ 1);
                } else if lw == 1 {
                    let base = self.scan_blossom(v, w);
                    if base != NONE {
                        self.add_blossom(base, k);
                    } else {
                        self.augment_matching(k);
                        return true;
                    }
                } else if self.label[w] == 0 {
                    self.label[w] = 2;
                    self.labelend[w] = p ^ 1;
                }
            } else if self.label[self.inblossom[w]] == 1 {
                let b = self.inblossom[v];
                if self.bestedge[b] == NONE || kslack < self.best_slack(b) {
                    self.set_best(b, k, kslack);
                }
            } else if self.label[w] == 0
                && (self.bestedge[w] == NONE || kslack < self.best_slack(w))
            {
                self.set_best(w, k, kslack);
            }
        }
        false
    }

    /// The dual update: changes the duals by the largest step that keeps
    /// every slack non-negative, then acts on what limited it (an edge
    /// becomes tight and is queued, or a T blossom is expanded). False when
    /// the step was limited by a free vertex's dual: the stage is over.
    fn update_duals(&mut self) -> bool {
        let (delta, limit) = self.next_delta();
        self.apply_delta(delta);
        match limit {
            DeltaLimit::VertexDual => return false,
            DeltaLimit::EdgeToFree(edge) => {
                self.allowedge[edge] = true;
                let (mut i, j, _) = self.edges[edge];
                if self.label[self.inblossom[i]] == 0 {
                    i = j;
                }
                self.queue.push(i);
            }
            DeltaLimit::EdgeBetweenS(edge) => {
                self.allowedge[edge] = true;
                let (i, _, _) = self.edges[edge];
                self.queue.push(i);
            }
            DeltaLimit::BlossomDual(b) => self.expand_blossom(b, false),
        }
        true
    }

    /// The dual step (Galil's δ: the least of the free vertices' duals, the
    /// slacks of edges from S to free vertices, half those between S
    /// blossoms, and the T blossoms' duals) and what limits it, the first
    /// found on ties.
    fn next_delta(&self) -> (W, DeltaLimit) {
        let nv = self.nv;
        let mut limit = DeltaLimit::VertexDual;
        // The free vertices' dual (after a cold start also the lowest of
        // all).
        let mut delta = if self.greedy {
            (0..nv)
                .filter(|&v| self.mate[v] == NONE)
                .map(|v| self.dualvar[v])
                .min()
                .unwrap_or(W::ZERO)
        } else {
            *self.dualvar[..nv].iter().min().unwrap_or(&W::ZERO)
        };
        for v in 0..nv {
            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.best_slack(v);
                if d < delta {
                    delta = d;
                    limit = DeltaLimit::EdgeToFree(self.bestedge[v]);
                }
            }
        }
        for b in 0..2 * nv {
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.best_slack(b).half();
                if d < delta {
                    delta = d;
                    limit = DeltaLimit::EdgeBetweenS(self.bestedge[b]);
                }
            }
        }
        for b in nv..2 * nv {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && self.dualvar[b] < delta
            {
                delta = self.dualvar[b];
                limit = DeltaLimit::BlossomDual(b);
            }
        }
        (delta, limit)
    }

    /// Changes the duals by `delta`: down for S vertices and up for T
    /// vertices, the other way round for top-level blossoms.
    fn apply_delta(&mut self, delta: W) {
        let nv = self.nv;
        self.epoch += 1;
        for v in 0..nv {
            match self.label[self.inblossom[v]] {
                1 => self.dualvar[v] -= delta,
                2 => self.dualvar[v] += delta,
                _ => {}
            }
        }
        for b in nv..2 * nv {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dualvar[b] += delta,
                    2 => self.dualvar[b] -= delta,
                    _ => {}
                }
            }
        }
    }

    /// After an augmentation: expands every top-level S blossom whose dual
    /// has reached zero.
    fn expand_tight_blossoms(&mut self) {
        let nv = self.nv;
        for b in nv..2 * nv {
            if self.blossomparent[b] == NONE
                && self.blossombase[b] != NONE
                && self.label[b] == 1
                && self.dualvar[b] == W::ZERO
            {
                self.expand_blossom(b, true);
            }
        }
    }
}

/// What limits a dual update's step.
#[derive(Debug, Clone, Copy)]
enum DeltaLimit {
    /// A free vertex's dual reaches zero: no augmenting path is left.
    VertexDual,
    /// The edge (by index) from an S vertex to a free vertex becomes tight.
    EdgeToFree(usize),
    /// The edge (by index) between two S blossoms becomes tight.
    EdgeBetweenS(usize),
    /// The dual of the T blossom (by index) reaches zero: it is expanded.
    BlossomDual(usize),
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn weight_of(mate: &[Option<usize>], edges: &[Edge]) -> i128 {
        let mut total = 0;
        for &(u, v, w) in edges {
            if mate[u] == Some(v) {
                total += w;
            }
        }
        total
    }

    fn brute(edges: &[Edge], used: u32, from: usize) -> i128 {
        if from >= edges.len() {
            return 0;
        }
        let mut best = brute(edges, used, from + 1);
        let (u, v, w) = edges[from];
        if w > 0 && used & (1 << u) == 0 && used & (1 << v) == 0 {
            best = best.max(w + brute(edges, used | (1 << u) | (1 << v), from + 1));
        }
        best
    }

    fn check_valid(n: usize, mate: &[Option<usize>], edges: &[Edge]) {
        for v in 0..n {
            if let Some(w) = mate[v] {
                assert_eq!(mate[w], Some(v));
                assert!(edges
                    .iter()
                    .any(|&(a, b, _)| (a == v && b == w) || (a == w && b == v)));
            }
        }
    }

    #[test]
    fn small_known_cases() {
        assert_eq!(max_weight_matching(2, &[(0, 1, 1)]), vec![Some(1), Some(0)]);
        let e = [(0, 1, 10), (1, 2, 11)];
        assert_eq!(max_weight_matching(3, &e), vec![None, Some(2), Some(1)]);
        // Blossom: triangle plus pendant.
        let e = [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)];
        let m = max_weight_matching(4, &e);
        assert_eq!(weight_of(&m, &e), 15);
        assert!(max_weight_matching::<i128>(3, &[])
            .iter()
            .all(|m| m.is_none()));
    }

    #[test]
    fn probes_are_proved_only_when_the_larger_graph_has_no_heavier_matching() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut proved_with_probes, mut refuted) = (0, 0);
        for round in 0..1500 {
            let n = rng.random_range(2..=10usize);
            let mut edges = Vec::new();
            let mut probes = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random_bool(0.6) {
                        let e = (u, v, rng.random_range(1..=20i128));
                        if rng.random_bool(0.3) {
                            probes.push(e);
                        } else {
                            edges.push(e);
                        }
                    }
                }
            }
            let (mate, proved) = max_weight_matching_probed(n, &edges, &probes);
            assert_eq!(mate, max_weight_matching(n, &edges), "case {round}");
            let all: Vec<Edge> = edges.iter().chain(&probes).copied().collect();
            let heavier = brute(&all, 0, 0) > weight_of(&mate, &edges);
            if heavier {
                assert!(!proved, "case {round}: a heavier matching uses a probe");
                refuted += 1;
            } else if proved && !probes.is_empty() {
                proved_with_probes += 1;
            }
        }
        // Both outcomes occur, so the check is not vacuous either way.
        assert!(proved_with_probes > 100 && refuted > 100);
    }

    #[test]
    fn greedy_start_finds_the_maximum_weight_when_cardinality_comes_first() {
        let mut rng = ChaCha8Rng::seed_from_u64(23);
        let (mut perfect, mut imperfect) = (0, 0);
        for round in 0..2000 {
            let n = rng.random_range(2..=10usize);
            let p = rng.random_range(0.2..1.0);
            // Small weights make ties and tight edges common, so the greedy
            // start matches many vertices and the search has to undo some.
            let wmax: i128 = if round % 2 == 0 { 4 } else { 1 << 40 };
            let top: i128 = 1 << 80;
            let mut edges = Vec::new();
            let mut probes = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random_bool(p) {
                        let e = (u, v, top + rng.random_range(0..=wmax));
                        if rng.random_bool(0.2) {
                            probes.push(e);
                        } else {
                            edges.push(e);
                        }
                    }
                }
            }
            let (mate, violated) = max_weight_matching_greedy_start(n, &edges, &probes);
            check_valid(n, &mate, &edges);
            assert_eq!(
                weight_of(&mate, &edges),
                brute(&edges, 0, 0),
                "case {round}: {edges:?}"
            );
            let all: Vec<Edge> = edges.iter().chain(&probes).copied().collect();
            if brute(&all, 0, 0) > weight_of(&mate, &edges) {
                assert!(
                    !violated.is_empty(),
                    "case {round}: a heavier matching uses a probe"
                );
            }
            if mate.iter().all(Option::is_some) {
                perfect += 1;
            } else {
                imperfect += 1;
            }
        }
        // Graphs with and without a perfect matching both occur (the second
        // are solved again from an empty matching).
        assert!(perfect > 200 && imperfect > 200, "{perfect} {imperfect}");
    }

    #[test]
    fn matches_brute_force_on_random_graphs() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for round in 0..1500 {
            let n = rng.random_range(1..=10usize);
            let p = rng.random_range(0.2..1.0);
            let wmax: i128 = if round % 3 == 0 {
                3
            } else {
                1 << rng.random_range(1..100)
            };
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random_bool(p) {
                        edges.push((u, v, rng.random_range(1..=wmax)));
                    }
                }
            }
            let m = max_weight_matching(n, &edges);
            check_valid(n, &m, &edges);
            assert_eq!(
                weight_of(&m, &edges),
                brute(&edges, 0, 0),
                "case {round}: {edges:?}"
            );
            // The same graph with every weight shifted beyond 128 bits (in
            // a 512-bit type) must give a matching of the same weight.
            let wide: Vec<Edge<bnum::BInt<8>>> = edges
                .iter()
                .map(|&(u, v, w)| (u, v, bnum::BInt::<8>::from(w) << 300u32))
                .collect();
            let mw = max_weight_matching(n, &wide);
            check_valid(n, &mw, &edges);
            assert_eq!(
                weight_of(&mw, &edges),
                weight_of(&m, &edges),
                "wide case {round}"
            );
        }
    }
}
