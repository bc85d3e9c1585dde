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

use super::weight::Wide;

const NONE: usize = usize::MAX;

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

fn tri(a: usize, b: usize) -> usize {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    hi * (hi - 1) / 2 + lo
}

/// A maximum-weight matching kept up to date as edge weights change and vertices leave.
pub struct Matching<const L: usize> {
    n: usize,
    weights: Vec<Wide<L>>,
    /// Edge k joins `hi[k]` (endpoint 2k) and `lo[k]` (endpoint 2k + 1).
    hi: Vec<u32>,
    lo: Vec<u32>,
    alive: Vec<bool>,
    /// The edges whose weight changed since the last solve, the first vertex the one to raise.
    changed: Vec<(usize, usize)>,
    solved: bool,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<Wide<L>>,
    allowed: Vec<u32>,
    stage: u32,
    queue: Vec<usize>,
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
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        Self {
            n,
            weights: vec![Wide::default(); edges],
            hi,
            lo,
            alive: vec![true; n],
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
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar: vec![Wide::default(); 2 * n],
            allowed: vec![0; edges],
            stage: 0,
            queue: Vec::new(),
        }
    }

    /// The weight of the edge between `a` and `b` (zero: no edge).
    pub fn weight(&self, a: usize, b: usize) -> Wide<L> {
        if a == b {
            Wide::default()
        } else {
            self.weights[tri(a, b)]
        }
    }

    /// Sets the weight of the edge between `a` and `b` (zero removes it).
    pub fn set(&mut self, a: usize, b: usize, weight: Wide<L>) {
        if a == b {
            return;
        }
        let k = tri(a, b);
        if self.weights[k] != weight {
            self.weights[k] = weight;
            if self.solved {
                self.changed.push((a, b));
            }
        }
    }

    /// Takes `v` out of the graph for good (with its edges).
    pub fn remove(&mut self, v: usize) {
        self.alive[v] = false;
    }

    fn endpoint(&self, p: usize) -> usize {
        let k = p / 2;
        (if p.is_multiple_of(2) {
            self.hi[k]
        } else {
            self.lo[k]
        }) as usize
    }

    /// The endpoint of the edge between `v` and `x` that is `x`.
    fn toward(&self, v: usize, x: usize) -> usize {
        let k = tri(v, x);
        if x > v { 2 * k } else { 2 * k + 1 }
    }

    fn slack(&self, k: usize) -> Wide<L> {
        let (i, j) = (self.hi[k] as usize, self.lo[k] as usize);
        let w = self.weights[k];
        self.dualvar[i].plus(self.dualvar[j]).minus(w.plus(w))
    }

    /// The endpoints (toward the neighbour) of v's edges.
    fn neighbours(&self, v: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.neighbours_into(v, &mut out);
        out
    }

    /// The endpoints of v's edges, into `out` (emptied first).
    fn neighbours_into(&self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        for x in 0..self.n {
            if x != v && self.alive[x] && !self.weights[tri(v, x)].is_zero() {
                out.push(self.toward(v, x));
            }
        }
    }

    /// The maximum-weight matching of the vertices still in the graph: `mate[v]` is v's
    /// partner, or v itself if it has none (or has left).
    pub fn solve(&mut self) -> Vec<usize> {
        if self.solved {
            self.restart();
        } else {
            let max = self.weights.iter().copied().max().unwrap_or_default();
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
            let w = self.weights[tri(a, b)];
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

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint(mb), 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
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
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endpoint(self.labelend[b]);
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
        let (mut v, mut w) = (self.hi[k] as usize, self.lo[k] as usize);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint(self.labelend[bv]);
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
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = Wide::default();
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for leaf in self.leaves_of(b) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &child in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[child].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(child)
                    .into_iter()
                    .map(|leaf| self.neighbours(leaf).iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (i, j) = (self.hi[k] as usize, self.lo[k] as usize);
                    let j = if self.inblossom[j] == b { i } else { j };
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[child] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let entrychild = self.inblossom[self.endpoint(self.labelend[b] ^ 1)];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint(p ^ 1);
                self.label[q] = 0;
                let e = self.blossomendps[b][at(j - endptrick as isize)];
                let r = self.endpoint(e ^ endptrick ^ 1);
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allowed[e / 2] = self.stage;
                j += jstep;
                p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
                self.allowed[p / 2] = self.stage;
                j += jstep;
            }
            let bv = childs[at(j)];
            let q = self.endpoint(p ^ 1);
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let labelled = self.leaves_of(bv).into_iter().find(|&v| self.label[v] != 0);
                if let Some(v) = labelled {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    let base_mate = self.endpoint(mb);
                    self.label[base_mate] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
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
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p));
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p ^ 1));
            }
            let (a, b) = (self.endpoint(p), self.endpoint(p ^ 1));
            self.mate[a] = p ^ 1;
            self.mate[b] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    /// Augments along edge k between two search trees, or between a tree and a free vertex
    /// (or free blossom) outside the trees.
    fn augment_matching(&mut self, k: usize) {
        let (v, w) = (self.hi[k] as usize, self.lo[k] as usize);
        for (s, p) in [(v, 2 * k + 1), (w, 2 * k)] {
            self.flip_path(s, p);
        }
    }

    /// Gives `s` the partner at endpoint `p` (or none), then flips the alternating path from
    /// s's blossom up to the root of its search tree.
    fn flip_path(&mut self, mut s: usize, mut p: usize) {
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.label[bs] != 1 || self.labelend[bs] == NONE {
                break;
            }
            let t = self.endpoint(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.endpoint(self.labelend[bt]);
            let j = self.endpoint(self.labelend[bt] ^ 1);
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }

    /// The stages of the primal-dual method, until no free vertex has a positive dual.
    fn run(&mut self) {
        let n = self.n;
        loop {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.stage += 1;
            if self.stage == u32::MAX {
                self.allowed.iter_mut().for_each(|a| *a = 0);
                self.stage = 1;
            }
            self.queue.clear();
            let mut roots = false;
            for v in 0..n {
                if self.alive[v]
                    && self.mate[v] == NONE
                    && !self.dualvar[v].is_zero()
                    && self.label[self.inblossom[v]] == 0
                {
                    self.assign_label(v, 1, NONE);
                    roots = true;
                }
            }
            if !roots {
                break;
            }
            let mut augmented = false;
            loop {
                let mut ends = Vec::new();
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    self.neighbours_into(v, &mut ends);
                    for &p in &ends {
                        let k = p / 2;
                        let w = self.endpoint(p);
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = Wide::default();
                        if self.allowed[k] != self.stage {
                            kslack = self.slack(k);
                            if kslack.is_zero() {
                                self.allowed[k] = self.stage;
                            }
                        }
                        if self.allowed[k] == self.stage {
                            let bw = self.inblossom[w];
                            if self.label[bw] == 0 {
                                if self.mate[self.blossombase[bw]] == NONE {
                                    // A free vertex (or blossom) with a zero dual: augment to it.
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[bw] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // Type 1: an S-vertex's dual reaches zero (it may then go unmatched).
                let mut deltatype = 1;
                let mut delta = (0..n)
                    .filter(|&v| self.alive[v] && self.label[self.inblossom[v]] == 1)
                    .map(|v| self.dualvar[v])
                    .min()
                    .unwrap_or_default();
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.alive[v]
                        && self.label[self.inblossom[v]] == 0
                        && self.bestedge[v] != NONE
                    {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if (b >= n || self.alive[b])
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    if !self.alive[v] {
                        continue;
                    }
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v].minus(delta),
                        2 => self.dualvar[v] = self.dualvar[v].plus(delta),
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b].plus(delta),
                            2 => self.dualvar[b] = self.dualvar[b].minus(delta),
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    2 => {
                        self.allowed[deltaedge] = self.stage;
                        let (mut i, j) = (self.hi[deltaedge] as usize, self.lo[deltaedge] as usize);
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowed[deltaedge] = self.stage;
                        self.queue.push(self.hi[deltaedge] as usize);
                    }
                    4 => self.expand_blossom(deltablossom, false),
                    _ => {
                        // An S-vertex with a zero dual needs no partner: flip the path from its
                        // root to it, which matches the root.
                        let zero = (0..n).find(|&v| {
                            self.alive[v]
                                && self.label[self.inblossom[v]] == 1
                                && self.dualvar[v].is_zero()
                        });
                        if let Some(x) = zero {
                            self.flip_path(x, NONE);
                        }
                        break;
                    }
                }
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
impl<const L: usize> Matching<L> {
    /// Why the duals do not prove the matching optimal, if they do not (flat duals only: call
    /// right after a solve that made no blossom, or read the message).
    fn certificate(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let n = self.n;
        for a in 0..n {
            for b in 0..a {
                if !self.alive[a] || !self.alive[b] || self.weight(a, b).is_zero() {
                    continue;
                }
                let k = tri(a, b);
                let w = self.weights[k];
                let sum = self.dualvar[a].plus(self.dualvar[b]);
                if sum < w.plus(w) && self.inblossom[a] != self.inblossom[b] {
                    problems.push(format!("edge {a}-{b} infeasible"));
                }
                let matched = self.mate[a] != NONE && self.endpoint(self.mate[a]) == b;
                if matched && sum != w.plus(w) && self.inblossom[a] != self.inblossom[b] {
                    problems.push(format!("matched {a}-{b} not tight"));
                }
            }
            if self.alive[a] && self.mate[a] == NONE && !self.dualvar[a].is_zero() {
                problems.push(format!("free {a} with a positive dual"));
            }
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::{Matching, max_weight_matching};
    use crate::tournament::weight::Wide;
    use proptest::prelude::*;

    fn w(x: u64) -> Wide<1> {
        Wide::from_u64(x)
    }

    /// The best matching by trying them all (small graphs only).
    fn brute(n: usize, edges: &[(usize, usize, Wide<1>)]) -> u64 {
        fn go(v: usize, used: &mut Vec<bool>, n: usize, weights: &[Vec<u64>]) -> u64 {
            if v == n {
                return 0;
            }
            if used[v] {
                return go(v + 1, used, n, weights);
            }
            used[v] = true;
            let mut best = go(v + 1, used, n, weights);
            for u in v + 1..n {
                if !used[u] && weights[v][u] > 0 {
                    used[u] = true;
                    best = best.max(weights[v][u] + go(v + 1, used, n, weights));
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        let mut weights = vec![vec![0; n]; n];
        for &(a, b, x) in edges {
            weights[a][b] = x.0[0];
            weights[b][a] = x.0[0];
        }
        go(0, &mut vec![false; n], n, &weights)
    }

    #[test]
    fn a_warm_start_found_wrong_once() {
        let mut m = Matching::<1>::new(8);
        for (a, b, x) in [(0, 4, 17), (0, 7, 20), (2, 6, 20), (3, 7, 27), (4, 6, 11)] {
            m.set(a, b, w(x));
        }
        m.solve();
        for (x, v) in [(0, 17), (2, 29), (6, 18)] {
            m.set(1, x, w(v));
        }
        m.solve();
        assert_eq!(m.certificate(), Vec::<String>::new());
        for (x, v) in [(0, 14), (3, 27), (6, 15), (7, 22)] {
            m.set(5, x, w(v));
        }
        let mate = m.solve();
        assert_eq!(m.certificate(), Vec::<String>::new(), "{mate:?}");
        assert_eq!(total(&m, &mate, &[true; 8]), Some(88));
    }

    #[test]
    fn small_known_cases() {
        assert_eq!(
            max_weight_matching(2, &[(0, 1, w(1))]),
            vec![Some(1), Some(0)]
        );
        // A path 0-1-2-3: both ends (6 + 6) outweigh the middle (11), which outweighs 5 + 5.
        let m = max_weight_matching(4, &[(0, 1, w(6)), (1, 2, w(11)), (2, 3, w(6))]);
        assert_eq!(m, vec![Some(1), Some(0), Some(3), Some(2)]);
        let m = max_weight_matching(4, &[(0, 1, w(5)), (1, 2, w(11)), (2, 3, w(5))]);
        assert_eq!(m, vec![None, Some(2), Some(1), None]);
        // A triangle with a tail: a blossom forms and is expanded.
        let m = max_weight_matching(
            4,
            &[(0, 1, w(8)), (0, 2, w(9)), (1, 2, w(10)), (2, 3, w(7))],
        );
        assert_eq!(m, vec![Some(1), Some(0), Some(3), Some(2)]);
    }

    /// The weight of `mate` on the graph of `m`, checking it is a matching of live vertices.
    fn total(m: &Matching<1>, mate: &[usize], alive: &[bool]) -> Option<u64> {
        let mut sum = 0;
        for (v, &u) in mate.iter().enumerate() {
            if u != v {
                if mate[u] != v || !alive[u] || !alive[v] || m.weight(u, v).is_zero() {
                    return None;
                }
                if u < v {
                    sum += m.weight(u, v).0[0];
                }
            }
        }
        Some(sum)
    }

    proptest! {
        /// Solved again after changes (weights at a vertex, a pair taken out), the matching
        /// is still a maximum one.
        #[test]
        fn warm_starts_stay_optimal(
            n in 2usize..10,
            raw in proptest::collection::vec(0u64..30, 45),
            changes in proptest::collection::vec((0usize..10, proptest::collection::vec(0u64..30, 10), any::<bool>()), 1..6),
        ) {
            let mut m = Matching::<1>::new(n);
            let mut index = 0;
            for a in 0..n {
                for b in a + 1..n {
                    m.set(a, b, w(if raw[index] > 8 { raw[index] } else { 0 }));
                    index += 1;
                }
            }
            let mut alive = vec![true; n];
            let mut mate = m.solve();
            for (vertex, weights, take_out) in changes {
                let v = vertex % n;
                if take_out && alive[v] && mate[v] != v {
                    let u = mate[v];
                    m.remove(v);
                    m.remove(u);
                    alive[v] = false;
                    alive[u] = false;
                } else if alive[v] {
                    for x in 0..n {
                        if x != v && alive[x] {
                            m.set(v, x, w(if weights[x] > 8 { weights[x] } else { 0 }));
                        }
                    }
                }
                mate = m.solve();
                let edges: Vec<(usize, usize, Wide<1>)> = (0..n)
                    .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                    .filter(|&(a, b)| alive[a] && alive[b] && !m.weight(a, b).is_zero())
                    .map(|(a, b)| (a, b, m.weight(a, b)))
                    .collect();
                prop_assert_eq!(total(&m, &mate, &alive), Some(brute(n, &edges)));
            }
        }

        #[test]
        fn matches_brute_force(n in 1usize..9, raw in proptest::collection::vec(0u64..20, 36)) {
            let mut edges = Vec::new();
            let mut index = 0;
            for a in 0..n {
                for b in a + 1..n {
                    if raw[index] > 4 {
                        edges.push((a, b, w(raw[index])));
                    }
                    index += 1;
                }
            }
            let mate = max_weight_matching(n, &edges);
            let mut total = 0;
            for &(a, b, x) in &edges {
                if mate[a] == Some(b) {
                    prop_assert_eq!(mate[b], Some(a));
                    total += x.0[0];
                }
            }
            for v in 0..n {
                if let Some(u) = mate[v] {
                    prop_assert_eq!(mate[u], Some(v));
                }
            }
            prop_assert_eq!(total, brute(n, &edges));
        }
    }
}
