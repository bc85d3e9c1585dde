//! The blossoms of Edmonds' algorithm: labelling the search trees, shrinking an odd cycle into
//! a blossom, expanding it again, and augmenting the matching along a path through blossoms.

use super::{Matching, NONE};
use crate::tournament::weight::Wide;

impl<const L: usize> Matching<L> {
    pub(super) fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.clear_best(w);
        self.clear_best(b);
        if t == 1 {
            let mut queue = std::mem::take(&mut self.queue);
            self.leaves(b, &mut queue);
            self.queue = queue;
            let words = self.words;
            for i in 0..words {
                self.s_bits[i] |= self.members[b * words + i];
            }
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint(mb), 1, mb ^ 1);
        }
    }

    pub(super) fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
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

    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
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
        let words = self.words;
        for i in 0..words {
            let mut bits = 0;
            for &child in &path {
                bits |= self.members[child * words + i];
            }
            self.members[b * words + i] = bits;
            self.s_bits[i] |= bits;
        }
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        // The leaves of the T-children become S-vertices to scan, in the order of the leaves.
        let mut queue = std::mem::take(&mut self.queue);
        for &child in &path {
            if self.label[child] == 2 {
                self.leaves(child, &mut queue);
            }
        }
        self.queue = queue;
        self.set_inblossom(b, b);
        let mut leaves = std::mem::take(&mut self.scratch);
        // The least-slack edge from the new blossom to each S-blossom next to it, from the
        // lists its children kept, or else from their leaves' rows.
        for &child in &path {
            match self.blossombestedges[child].take() {
                Some(list) => {
                    for k in list {
                        let (i, j) = (self.hi[k] as usize, self.lo[k] as usize);
                        let j = if self.inblossom[j] == b { i } else { j };
                        let bj = self.inblossom[j];
                        if bj != b && self.label[bj] == 1 {
                            let slack = self.slack(k);
                            self.offer_best(bj, k, slack);
                        }
                    }
                }
                None => {
                    leaves.clear();
                    self.leaves(child, &mut leaves);
                    for &leaf in &leaves {
                        self.offer_row(leaf, b);
                    }
                }
            }
            self.clear_best(child);
        }
        self.scratch = leaves;
        let mut best = Vec::new();
        // The least of them: its edge, and the S-blossom whose entry holds its slack.
        let (mut least, mut least_to) = (NONE, NONE);
        let mut touched = std::mem::take(&mut self.touched);
        touched.sort_unstable();
        for &bj in &touched {
            let k = self.best_to[bj];
            self.best_to[bj] = NONE;
            best.push(k);
            if least == NONE || self.slack_to[bj] < self.slack_to[least_to] {
                (least, least_to) = (k, bj);
            }
        }
        touched.clear();
        self.touched = touched;
        if least == NONE {
            self.clear_best(b);
        } else {
            self.set_best(b, least, self.slack_to[least_to]);
        }
        self.blossombestedges[b] = Some(best);
    }

    /// Offers the edges from `leaf` to the S-vertices outside the new blossom `b` (the only
    /// ones that matter), in the order of their other ends. The slack of an edge is computed
    /// only when it beats the least so far, which most do not.
    fn offer_row(&mut self, leaf: usize, b: usize) {
        let (n, words) = (self.n, self.words);
        // Borrowed field by field, so that the loop keeps the tables at hand as it writes.
        let Self {
            present,
            alive_bits,
            s_bits,
            members,
            inblossom,
            label,
            dualvar,
            twice,
            weights,
            best_to,
            slack_to,
            touched,
            ..
        } = self;
        let dual = &dualvar[leaf];
        let row = &weights[leaf * n..(leaf + 1) * n];
        // The vertices' entries as slices of n: one test of x spares a bounds check in each.
        let (inblossom, duals) = (&inblossom[..n], &dualvar[..n]);
        for i in 0..words {
            let mut bits =
                present[leaf * words + i] & alive_bits[i] & s_bits[i] & !members[b * words + i];
            while bits != 0 {
                let x = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if x >= n {
                    break;
                }
                let bx = inblossom[x];
                if bx == b || label[bx] != 1 {
                    continue;
                }
                let twice = &twice[row[x] as usize];
                if best_to[bx] == NONE {
                    touched.push(bx);
                } else if !Wide::slack_against(dual, &duals[x], twice, &slack_to[bx]).1 {
                    continue;
                }
                best_to[bx] = super::tri(leaf, x);
                slack_to[bx] = Wide::slack(dual, &duals[x], twice);
            }
        }
    }

    /// Edge k, of slack `slack`, joins the blossom being made to the S-blossom `bj`: kept if
    /// it is the least so far.
    fn offer_best(&mut self, bj: usize, k: usize, slack: Wide<L>) {
        if self.best_to[bj] == NONE {
            self.touched.push(bj);
        } else if slack >= self.slack_to[bj] {
            return;
        }
        self.best_to[bj] = k;
        self.slack_to[bj] = slack;
    }

    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                self.set_inblossom(s, s);
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
                self.allow(e / 2);
                j += jstep;
                p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
                self.allow(p / 2);
                j += jstep;
            }
            let bv = childs[at(j)];
            let q = self.endpoint(p ^ 1);
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.clear_best(bv);
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
        self.clear_best(b);
        self.unusedblossoms.push(b);
    }

    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
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
    pub(super) fn augment_matching(&mut self, k: usize) {
        let (v, w) = (self.hi[k] as usize, self.lo[k] as usize);
        for (s, p) in [(v, 2 * k + 1), (w, 2 * k)] {
            self.flip_path(s, p);
        }
    }

    /// Gives `s` the partner at endpoint `p` (or none), then flips the alternating path from
    /// s's blossom up to the root of its search tree.
    pub(super) fn flip_path(&mut self, mut s: usize, mut p: usize) {
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
}
