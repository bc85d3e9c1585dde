//! The graph of the pairing: the weight of each edge between two players, and the first
//! matchings that decide whether the round can be completed and who may get the bye.

use std::collections::HashMap;

use super::{Float, PairError, Player, Prepared, prefs_compatible};
use crate::tournament::Color;
use crate::tournament::Points;
use crate::tournament::matching::Matching;
use crate::tournament::weight::Wide;

/// The weights between the vertices (positions in `sorted`), kept from one matching to the next
/// as the brackets are settled; finalized pairs leave the graph.
pub struct Engine<'p, 'a, const L: usize> {
    pub(super) pre: &'p Prepared<'a>,
    pub(super) n: usize,
    pub(super) matching: Matching<L>,
    pub(super) fixed: Vec<Option<usize>>,
    pub(super) bye_score: Points,
    pub(super) single_downfloater_bye: bool,
    pub(super) unplayed_ranks: HashMap<usize, u64>,
}

impl<'p, 'a, const L: usize> Engine<'p, 'a, L> {
    pub(super) fn new(pre: &'p Prepared<'a>) -> Self {
        let n = pre.sorted.len();
        Self {
            pre,
            n,
            matching: Matching::new(n),
            fixed: vec![None; n],
            bye_score: 0,
            single_downfloater_bye: false,
            unplayed_ranks: HashMap::new(),
        }
    }

    pub(super) fn set(&mut self, a: usize, b: usize, weight: Wide<L>) {
        self.matching.set(a, b, weight);
    }

    pub(super) fn player(&self, vertex: usize) -> &Player {
        self.pre.p(self.pre.sorted[vertex])
    }

    pub(super) fn score(&self, vertex: usize) -> Points {
        self.player(vertex).score
    }

    /// The maximum-weight matching of the vertices not yet finalized: `mate[v]` is v's
    /// partner, or v itself if unmatched.
    pub(super) fn compute(&mut self) -> Vec<usize> {
        let mut mate = self.matching.solve();
        for (v, fixed) in self.fixed.iter().enumerate() {
            if let Some(partner) = fixed {
                mate[v] = *partner;
            }
        }
        mate
    }

    pub(super) fn finalize(&mut self, a: usize, b: usize) {
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
        self.matching.remove(a);
        self.matching.remove(b);
    }

    pub(super) fn bye_candidate(&self, p: &Player) -> bool {
        p.eligible_bye && p.score <= self.bye_score
    }

    /// The weight of the edge between `higher` and `lower` (vertices, higher first).
    pub(super) fn edge_weight(
        &self,
        higher: usize,
        lower: usize,
        in_current: bool,
        in_next: bool,
    ) -> Wide<L> {
        let pre = self.pre;
        let (h, l) = (self.player(higher), self.player(lower));
        if !pre.compatible(h, l) {
            return Wide::default();
        }
        let (sgb, sgs) = (pre.sgb, pre.sgs);
        let shift = |score: Points| pre.shifts.get(&score).copied().unwrap_or(0);
        // Each field is added at its bit offset, from the top field down: `at` is the lowest
        // bit of the field being written (the fields below it take `at` bits).
        let mut at = pre.body_bits();
        let mut w = Wide::<L>::default().add_at(
            1 + u64::from(!self.bye_candidate(h)) + u64::from(!self.bye_candidate(l)),
            at,
        );
        let mut field = |w: &mut Wide<L>, width: u32, value: u64| {
            at -= width;
            if value != 0 {
                *w = w.add_at(value, at);
            }
            at
        };
        // Pairs in the current bracket, then the scores paired there; the same for the next.
        for paired in [in_current, in_next] {
            field(&mut w, sgb, u64::from(paired));
            let scores = field(&mut w, sgs, 0);
            if paired {
                w = w.add_at(1, scores + shift(h.score));
            }
        }
        // The bye assignee's unplayed games.
        let mut unplayed = 0;
        if self.single_downfloater_bye {
            for p in [h, l] {
                if p.score == self.bye_score {
                    unplayed += self
                        .unplayed_ranks
                        .get(&p.played_games)
                        .copied()
                        .unwrap_or(0);
                }
            }
        }
        field(&mut w, 2 * sgb, unplayed);
        // Colour preferences (the lower player first, as the rules word them).
        let (p, o) = (l, h);
        let mask = in_current;
        let c1 = !p.abs_imbalance() || !o.abs_imbalance() || p.pref != o.pref;
        let c2 = !p.abs_pref()
            || !o.abs_pref()
            || p.pref != o.pref
            || if p.imbalance == o.imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let q = if p.imbalance > o.imbalance { o } else { p };
                q.repeated != p.pref.map(Color::invert)
            };
        let c3 = prefs_compatible(p.pref, o.pref);
        let c4 = (!p.strong && !p.abs_pref())
            || (!o.strong && !o.abs_pref())
            || (p.abs_pref() && o.abs_pref())
            || p.pref != o.pref;
        for c in [c1, c2, c3, c4] {
            field(&mut w, sgb, u64::from(mask && c));
        }
        let played = pre.swiss.played_rounds.min(2);
        let cur = u64::from(in_current);
        for i in 0..played {
            field(
                &mut w,
                sgb,
                cur * (u64::from(l.floats[i] == Float::Down)
                    + u64::from(h.score <= l.score && h.floats[i] == Float::Down)),
            );
            field(
                &mut w,
                sgb,
                cur * u64::from(!(h.score > l.score && l.floats[i] == Float::Up)),
            );
        }
        for i in 0..played {
            let down = field(&mut w, sgs, 0);
            if in_current {
                for p in [l, h] {
                    if p.floats[i] == Float::Down {
                        w = w.add_at(1, down + shift(p.score));
                    }
                }
            }
            let up = field(&mut w, sgs, 0);
            if in_current && !(l.floats[i] == Float::Up && h.score > l.score) {
                w = w.add_at(1, up + shift(h.score));
            }
        }
        // Below: room for the ordering of the bracket's pairs.
        debug_assert_eq!(at, 3 * sgb + 1);
        w
    }

    pub(super) fn run(mut self) -> Result<Vec<(usize, Option<usize>)>, PairError> {
        let n = self.n;
        let pre = self.pre;
        let odd = n % 2 == 1;
        let top = self.score(0);
        let shift = |score: Points| u64::from(pre.shifts.get(&score).copied().unwrap_or(0));
        // Completability: can everyone be paired (with one bye if odd)?
        for a in 0..n {
            for b in 0..a {
                let w = if odd {
                    let (pa, pb) = (self.player(a), self.player(b));
                    if pre.compatible(pa, pb) {
                        Wide::<L>::from_u64(u64::from(pa.score >= top))
                            .add_at(shift(pa.score) + shift(pb.score), pre.sgb)
                            .add_at(
                                1 + u64::from(!pa.eligible_bye) + u64::from(!pb.eligible_bye),
                                pre.sgs + pre.sgb,
                            )
                    } else {
                        Wide::default()
                    }
                } else {
                    self.edge_weight(b, a, false, false)
                };
                self.set(a, b, w);
            }
        }
        let first = self.compute();
        let mut unmatched = 0;
        for (v, &m) in first.iter().enumerate() {
            if m == v {
                unmatched += 1;
                if unmatched > 1 || !self.player(v).eligible_bye {
                    return Err(PairError::NoValidPairing);
                }
            }
        }
        if odd {
            if let Some(v) = (0..n).find(|&v| first[v] == v) {
                self.bye_score = self.score(v);
            }
            self.single_downfloater_bye = if self.bye_score >= top {
                (0..n)
                    .take_while(|&v| self.score(v) >= top)
                    .all(|v| self.score(first[v]) >= top)
            } else {
                false
            };
            let mut counts: Vec<usize> = (0..n)
                .filter(|&v| self.score(v) == self.bye_score)
                .map(|v| self.player(v).played_games)
                .collect();
            counts.sort_unstable_by(|a, b| b.cmp(a));
            for (rank, count) in counts.into_iter().enumerate() {
                self.unplayed_ranks.insert(count, rank as u64);
            }
            for a in 0..n {
                for b in 0..a {
                    let w = self.edge_weight(b, a, false, false);
                    self.set(a, b, w);
                }
            }
        }
        self.brackets()
    }
}
