//! The stages of the primal-dual method: grow the search trees from the free vertices with a
//! positive dual, change the duals when no tight edge is left, until no augmenting path exists.

use super::{Matching, NONE};
use crate::tournament::weight::Wide;

impl<const L: usize> Matching<L> {
    /// The next of v's edges in `bits` (word `i` of its row) that the search must act on,
    /// with the bits taken off up to it, and NONE if that edge is known tight, or else the
    /// vertex or blossom whose best edge it may replace (if that one is missing, or its slack
    /// not known, or more; a tight edge is one of these, which the caller finds from its zero
    /// slack). The edges passed over lie inside v's blossom, go to a T-vertex, or
    /// are neither tight nor better than the best edge they would replace. Only reads, so
    /// that the row's scan keeps its tables at hand.
    fn next_busy(&self, v: usize, i: usize, bits: &mut u64) -> Option<(usize, usize)> {
        let n = self.n;
        let own = self.inblossom[v];
        let dual = &self.dualvar[v];
        // The vertices' entries as slices of n, so that one test of w spares a bounds check
        // in each.
        let (inblossom, leaf_label) = (&self.inblossom[..n], &self.label[..n]);
        let duals = &self.dualvar[..n];
        let allowed = &self.allowed[v * n..(v + 1) * n];
        let weights = &self.weights[v * n..(v + 1) * n];
        // An edge to w in another S-blossom beats the best edge of v's blossom, of slack s, when
        // dual(w) - t < max(s, 1) - dual(v): the right side once for the row (used only while
        // that slack is known, which the loop checks first).
        let own_floor = self.best[own].slack.at_least_one().minus(*dual);
        while *bits != 0 {
            let w = i * 64 + bits.trailing_zeros() as usize;
            *bits &= *bits - 1;
            if w >= n {
                break;
            }
            let bw = inblossom[w];
            // A T-vertex (not a mere leaf of a T-blossom) gains nothing from v.
            if own == bw || (leaf_label[w] == 2 && self.label[bw] == 2) {
                continue;
            }
            if allowed[w] == self.stage {
                return Some((w, NONE));
            }
            let twice = &self.twice[weights[w] as usize];
            // Whose best edge this one replaces if it has less slack: v's S-blossom's toward
            // another S-blossom, or an unreached vertex's toward the trees.
            let target = if self.label[bw] == 1 {
                own
            } else if leaf_label[w] == 0 {
                w
            } else {
                if Wide::slack(dual, &duals[w], twice).is_zero() {
                    return Some((w, NONE));
                }
                continue;
            };
            // No best edge, or its slack not known (an entry without one has epoch 0).
            let best = &self.best[target];
            if best.epoch != self.epoch {
                return Some((w, target));
            }
            // Less slack than the best edge (a tight edge always has: the floor is 1): the
            // caller computes the slack, and treats a zero one as tight.
            let below = if target == own {
                Wide::below_after(&duals[w], twice, &own_floor)
            } else {
                Wide::below_after(dual, twice, &best.floor)
            };
            if below {
                return Some((w, target));
            }
        }
        None
    }

    /// The stages of the primal-dual method, until no free vertex has a positive dual.
    pub(super) fn run(&mut self) {
        let n = self.n;
        loop {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.s_bits.iter_mut().for_each(|b| *b = 0);
            self.best
                .iter_mut()
                .for_each(|e| (e.edge, e.epoch) = (NONE, 0));
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.stage += 1;
            // The duals may have changed since the last stage (a new solve raises some).
            self.epoch += 1;
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
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    // v's edges in the order of their other ends, from its row's bits.
                    let own = self.inblossom[v] * self.words;
                    'scan: for i in 0..self.words {
                        let mut bits = self.present[v * self.words + i]
                            & self.alive_bits[i]
                            & !self.members[own + i];
                        while let Some((w, target)) = self.next_busy(v, i, &mut bits) {
                            let bw = self.inblossom[w];
                            if target != NONE {
                                let slack = Wide::slack(
                                    &self.dualvar[v],
                                    &self.dualvar[w],
                                    &self.twice[self.weights[v * n + w] as usize],
                                );
                                if !slack.is_zero() {
                                    if self.best[target].edge == NONE
                                        || slack < self.best_slack(target)
                                    {
                                        self.set_best(target, self.toward(v, w) / 2, slack);
                                    }
                                    continue;
                                }
                            }
                            self.allow_between(v, w);
                            let p = self.toward(v, w);
                            let k = p / 2;
                            if self.label[bw] == 0 {
                                if self.mate[self.blossombase[bw]] == NONE {
                                    // A free vertex (or blossom) with a zero dual: augment to it.
                                    self.augment_matching(k);
                                    augmented = true;
                                    break 'scan;
                                }
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[bw] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break 'scan;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
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
                        && self.best[v].edge != NONE
                    {
                        let d = self.best_slack(v);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.best[v].edge;
                        }
                    }
                }
                for b in 0..2 * n {
                    if (b >= n || self.alive[b])
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.best[b].edge != NONE
                    {
                        let d = self.best_slack(b).half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.best[b].edge;
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
                self.epoch += 1;
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
                        self.allow(deltaedge);
                        let (mut i, j) = (self.hi[deltaedge] as usize, self.lo[deltaedge] as usize);
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allow(deltaedge);
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
