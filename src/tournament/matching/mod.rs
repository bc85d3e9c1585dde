//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables
//! (the primal-dual method as Galil describes it), on wide integer weights so that a whole
//! lexicographic list of pairing criteria fits in one weight. Integer weights keep every dual
//! variable an integer, so the arithmetic is exact.
//!
//! The graph is dense (every pair of players may have an edge) and is solved again after each
//! change of the weights at a few vertices: [`Matching`] keeps its matching and dual variables,
//! and a new solve frees only the vertices whose edges changed, so it costs a few augmentations
//! instead of a whole run. A free vertex whose dual is zero needs no partner (complementary
//! slackness), so the search starts from free vertices with a positive dual only, and a search
//! tree whose vertex reaches a zero dual flips the path to it.

mod blossom;
mod stages;

use std::collections::HashMap;

use super::weight::Wide;

#[doc(hidden)]
pub const NONE: usize = usize::MAX;

/// The maximum-weight matching of a graph of `n` vertices whose edges are `(u, v, weight)`
/// with `u != v` (zero weights are no edges): `mate[v]` is v's partner, or None.
pub fn max_weight_matching<const L: usize>(
    n: usize,
    edges: &[(usize, usize, Wide<L>)],
) -> Vec<Option<usize>> {
    let mut m = Matching::new(n);
    for &(a, b, w) in edges {
        m.set(a, b, w);
    }
    m.solve()
        .into_iter()
        .enumerate()
        .map(|(v, m)| (m != v).then_some(m))
        .collect()
}

#[doc(hidden)]
pub fn tri(a: usize, b: usize) -> usize {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    hi * (hi - 1) / 2 + lo
}

/// A maximum-weight matching kept up to date as edge weights change and vertices leave.
pub struct Matching<const L: usize> {
    #[doc(hidden)]
    pub n: usize,
    /// The weight of the edge between a and b at `a * n + b` (and `b * n + a`), as its index
    /// in `values`: a vertex's edges lie side by side for the search, which reads them all.
    /// A pairing has a few thousand distinct weights, so the indices and the table stay in
    /// the cache where the wide weights themselves (n² of them) would not.
    weights: Vec<u32>,
    /// The distinct weights set so far (index 0 is zero, no edge), each also doubled (the
    /// slack's term), and the index of each.
    values: Vec<Wide<L>>,
    twice: Vec<Wide<L>>,
    index_of: HashMap<Wide<L>, u32>,
    /// Edge k joins `hi[k]` (endpoint 2k) and `lo[k]` (endpoint 2k + 1).
    hi: Vec<u32>,
    lo: Vec<u32>,
    #[doc(hidden)]
    pub alive: Vec<bool>,
    /// Which edges exist, a bit per edge (`words` words a row), and which vertices are still
    /// in the graph: the search reads a row's edges from these bits.
    present: Vec<u64>,
    alive_bits: Vec<u64>,
    words: usize,
    /// The leaves of each vertex or blossom, a bit per vertex (`words` words each): fixed
    /// while the blossom lives, so the search skips a blossom's own edges by masking a row.
    members: Vec<u64>,
    /// A superset of the S-vertices of the stage (bits set when labelled S, cleared when the
    /// stage starts): a new blossom reads only these of its leaves' edges.
    s_bits: Vec<u64>,
    /// Scratch for a blossom's leaves, kept to spare an allocation per use.
    scratch: Vec<usize>,
    /// The edges whose weight changed since the last solve, the first vertex the one to raise.
    changed: Vec<(usize, usize)>,
    solved: bool,
    #[doc(hidden)]
    pub mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    #[doc(hidden)]
    pub inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    /// The best edge of each vertex and blossom, with what the search knows of its slack.
    best: Vec<Best<L>>,
    /// Counts the changes of the vertex duals.
    epoch: u64,
    blossombestedges: Vec<Option<Vec<usize>>>,
    /// Scratch of a new blossom's least-slack edges: to each S-blossom `bj` (NONE if none
    /// yet), their slacks, and the blossoms touched.
    best_to: Vec<usize>,
    slack_to: Vec<Wide<L>>,
    touched: Vec<usize>,
    unusedblossoms: Vec<usize>,
    #[doc(hidden)]
    pub dualvar: Vec<Wide<L>>,
    /// The stage in which the edge between a and b was found tight, at `a * n + b` and
    /// `b * n + a`: a row lies side by side, as the search reads it.
    allowed: Vec<u32>,
    stage: u32,
    queue: Vec<usize>,
}

/// The best edge of a vertex or blossom (the least slack toward the search trees or another
/// S-blossom) and what the search knows of it, side by side: the row's scan reads an entry's
/// epoch and floor together.
#[derive(Clone, Copy)]
struct Best<const L: usize> {
    /// The edge, or NONE.
    edge: usize,
    /// The `epoch` in which `slack` and `floor` were computed for this edge, or 0 (not
    /// known): they hold while no dual changed since, and every new edge sets or clears it,
    /// which spares the search recomputing a wide slack for every edge it compares.
    epoch: u64,
    /// The edge's slack.
    slack: Wide<L>,
    /// That slack (at least 1) less x's dual: an edge from v (dual a, doubled weight t) to an
    /// unreached vertex x has less slack than x's best edge, or none, when a - t is below it
    /// (`Wide::below_after`).
    floor: Wide<L>,
}

impl<const L: usize> Best<L> {
    /// No best edge (the epochs start at 1).
    const NONE: Self = Self {
        edge: NONE,
        epoch: 0,
        slack: Wide([0; L]),
        floor: Wide([0; L]),
    };
}

impl<const L: usize> Matching<L> {
    /// A graph of `n` vertices and no edge.
    pub fn new(n: usize) -> Self {
        let edges = n * n.saturating_sub(1) / 2;
        let mut hi = Vec::with_capacity(edges);
        let mut lo = Vec::with_capacity(edges);
        for a in 1..n {
            for b in 0..a {
                hi.push(a as u32);
                lo.push(b as u32);
            }
        }
        let words = n.div_ceil(64);
        let mut blossombase: Vec<usize> = (0..n).collect();
        let mut members = vec![0; 2 * n * words];
        for v in 0..n {
            members[v * words + v / 64] = 1 << (v % 64);
        }
        blossombase.extend(std::iter::repeat_n(NONE, n));
        Self {
            n,
            weights: vec![0; n * n],
            values: vec![Wide::default()],
            twice: vec![Wide::default()],
            index_of: HashMap::from([(Wide::default(), 0)]),
            hi,
            lo,
            alive: vec![true; n],
            present: vec![0; n * words],
            alive_bits: (0..words)
                .map(|i| {
                    let left = n - 64 * i;
                    if left >= 64 {
                        u64::MAX
                    } else {
                        (1 << left) - 1
                    }
                })
                .collect(),
            words,
            members,
            s_bits: vec![0; words],
            scratch: Vec::new(),
            changed: Vec::new(),
            solved: false,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            best: vec![Best::NONE; 2 * n],
            epoch: 1,
            blossombestedges: vec![None; 2 * n],
            best_to: vec![NONE; 2 * n],
            slack_to: vec![Wide::default(); 2 * n],
            touched: Vec::new(),
            unusedblossoms: (n..2 * n).collect(),
            dualvar: vec![Wide::default(); 2 * n],
            allowed: vec![0; n * n],
            stage: 0,
            queue: Vec::new(),
        }
    }

    /// The weight of the edge between `a` and `b` (zero: no edge).
    pub fn weight(&self, a: usize, b: usize) -> Wide<L> {
        if a == b {
            Wide::default()
        } else {
            self.values[self.weights[a * self.n + b] as usize]
        }
    }

    /// Sets the weight of the edge between `a` and `b` (zero removes it).
    pub fn set(&mut self, a: usize, b: usize, weight: Wide<L>) {
        if a == b {
            return;
        }
        let n = self.n;
        let next = self.values.len() as u32;
        let index = *self.index_of.entry(weight).or_insert(next);
        if index == next {
            self.values.push(weight);
            self.twice.push(weight.plus(weight));
        }
        if self.weights[a * n + b] != index {
            self.weights[a * n + b] = index;
            self.weights[b * n + a] = index;
            let words = self.words;
            for (x, y) in [(a, b), (b, a)] {
                let bit = 1 << (y % 64);
                let word = &mut self.present[x * words + y / 64];
                if weight.is_zero() {
                    *word &= !bit;
                } else {
                    *word |= bit;
                }
            }
            if self.solved {
                self.changed.push((a, b));
            }
        }
    }

    /// Takes `v` out of the graph for good (with its edges).
    pub fn remove(&mut self, v: usize) {
        self.alive[v] = false;
        self.alive_bits[v / 64] &= !(1 << (v % 64));
    }

    #[doc(hidden)]
    pub fn endpoint(&self, p: usize) -> usize {
        let k = p / 2;
        (if p.is_multiple_of(2) {
            self.hi[k]
        } else {
            self.lo[k]
        }) as usize
    }

    /// Marks edge k tight in this stage.
    fn allow(&mut self, k: usize) {
        self.allow_between(self.hi[k] as usize, self.lo[k] as usize);
    }

    /// Marks the edge between i and j tight in this stage, in both rows.
    fn allow_between(&mut self, i: usize, j: usize) {
        self.allowed[i * self.n + j] = self.stage;
        self.allowed[j * self.n + i] = self.stage;
    }

    /// The endpoint of the edge between `v` and `x` that is `x`.
    fn toward(&self, v: usize, x: usize) -> usize {
        let k = tri(v, x);
        if x > v { 2 * k } else { 2 * k + 1 }
    }

    fn slack(&self, k: usize) -> Wide<L> {
        let (i, j) = (self.hi[k] as usize, self.lo[k] as usize);
        Wide::slack(
            &self.dualvar[i],
            &self.dualvar[j],
            &self.twice[self.weights[i * self.n + j] as usize],
        )
    }

    /// The slack of x's best edge (which must be an edge), from the cache while no dual changed.
    fn best_slack(&mut self, x: usize) -> Wide<L> {
        if self.best[x].epoch != self.epoch {
            let slack = self.slack(self.best[x].edge);
            self.set_best(x, self.best[x].edge, slack);
        }
        self.best[x].slack
    }

    /// Makes edge k, whose slack is `slack`, the best edge of `x`.
    fn set_best(&mut self, x: usize, k: usize, slack: Wide<L>) {
        self.best[x] = Best {
            edge: k,
            epoch: self.epoch,
            slack,
            floor: slack.at_least_one().minus(self.dualvar[x]),
        };
    }

    /// Leaves `x` without a best edge.
    fn clear_best(&mut self, x: usize) {
        self.best[x] = Best::NONE;
    }

    /// The maximum-weight matching of the vertices still in the graph: `mate[v]` is v's
    /// partner, or v itself if it has none (or has left).
    pub fn solve(&mut self) -> Vec<usize> {
        if self.solved {
            self.restart();
        } else {
            let mut used = vec![false; self.values.len()];
            for &index in &self.weights {
                used[index as usize] = true;
            }
            let max = (self.values.iter().zip(used))
                .filter_map(|(value, used)| used.then_some(*value))
                .max()
                .unwrap_or_default();
            for v in 0..self.n {
                self.dualvar[v] = max;
            }
            self.solved = true;
        }
        self.changed.clear();
        self.run();
        (0..self.n)
            .map(|v| {
                if self.alive[v] && self.mate[v] != NONE {
                    self.endpoint(self.mate[v])
                } else {
                    v
                }
            })
            .collect()
    }

    /// Makes the last solution a start for the next: blossoms dissolved into their vertices'
    /// duals, duals raised where changed edges need it, and loose matched edges undone.
    fn restart(&mut self) {
        let n = self.n;
        let mut extra = vec![Wide::<L>::default(); n];
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                self.spread(b, Wide::default(), &mut extra);
            }
        }
        for (dual, extra) in self.dualvar.iter_mut().zip(extra) {
            *dual = dual.plus(extra);
        }
        for b in n..2 * n {
            self.dualvar[b] = Wide::default();
            self.blossomchilds[b].clear();
            self.blossomendps[b].clear();
            self.blossombase[b] = NONE;
            self.blossomparent[b] = NONE;
            self.blossombestedges[b] = None;
        }
        for v in 0..n {
            self.inblossom[v] = v;
            self.blossomparent[v] = NONE;
            self.blossombase[v] = v;
        }
        self.unusedblossoms = (n..2 * n).collect();
        // A changed edge the duals no longer cover raises its first vertex's dual.
        for i in 0..self.changed.len() {
            let (a, b) = self.changed[i];
            if !self.alive[a] || !self.alive[b] {
                continue;
            }
            let w = self.values[self.weights[a * n + b] as usize];
            let (twice, sum) = (w.plus(w), self.dualvar[a].plus(self.dualvar[b]));
            if sum < twice {
                self.dualvar[a] = self.dualvar[a].plus(twice.minus(sum));
            }
        }
        for v in 0..n {
            let m = self.mate[v];
            if m == NONE {
                continue;
            }
            let u = self.endpoint(m);
            let loose = !self.alive[v] || !self.alive[u] || !self.slack(m / 2).is_zero();
            if loose {
                self.mate[v] = NONE;
                self.mate[u] = NONE;
            }
        }
        // The search needs every free vertex's dual of one parity (then every vertex its trees
        // reach through tight edges shares it, and the slack between two of them halves
        // exactly): raising a free vertex's dual keeps every constraint.
        for v in 0..n {
            if self.alive[v] && self.mate[v] == NONE && self.dualvar[v].0[0] & 1 == 1 {
                self.dualvar[v] = self.dualvar[v].add_u64(1);
            }
        }
    }

    fn spread(&self, b: usize, above: Wide<L>, extra: &mut [Wide<L>]) {
        let total = above.plus(self.dualvar[b]);
        for &child in &self.blossomchilds[b] {
            if child < self.n {
                extra[child] = total;
            } else {
                self.spread(child, total, extra);
            }
        }
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    /// Makes `to` the top blossom of every leaf of `b`.
    fn set_inblossom(&mut self, b: usize, to: usize) {
        let words = self.words;
        for i in 0..words {
            let mut bits = self.members[b * words + i];
            while bits != 0 {
                self.inblossom[i * 64 + bits.trailing_zeros() as usize] = to;
                bits &= bits - 1;
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }
}
