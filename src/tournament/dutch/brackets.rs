//! The brackets settled one after the other, from the top score down, each decision made by
//! raising the weight of the preferred edges and matching again.

use super::PairError;
use super::engine::Engine;
use crate::tournament::weight::Wide;

impl<const L: usize> Engine<'_, '_, L> {
    pub(super) fn brackets(mut self) -> Result<Vec<(usize, Option<usize>)>, PairError> {
        let n = self.n;
        let mut pairs: Vec<(usize, Option<usize>)> = Vec::new();
        let mut matched = vec![false; n];
        // The vertices of the current bracket (moved-down players first) and the next group.
        let mut bracket: Vec<usize> = Vec::new();
        let mut next_group = 0usize;
        let top = self.score(0);
        while next_group < n && self.score(next_group) >= top {
            bracket.push(next_group);
            next_group += 1;
        }
        let mut group_begin = 0usize; // moved-down players in the bracket
        let mut group_begin_vertex = 0usize;
        while bracket.len() > 1 || next_group < n {
            let next_begin = bracket.len();
            let next_begin_vertex = group_begin_vertex + (next_begin - group_begin);
            let group_start = next_group;
            while next_group < n && self.score(next_group) >= self.score(group_start) {
                bracket.push(next_group);
                next_group += 1;
            }
            let size = bracket.len();
            // Base weights, indexed [larger][smaller] in bracket positions.
            let mut base: Vec<Vec<Wide<L>>> = vec![Vec::new(); size];
            for larger in group_begin..size {
                for smaller in 0..larger {
                    let w = self.edge_weight(
                        bracket[smaller],
                        bracket[larger],
                        larger < next_begin,
                        larger >= next_begin,
                    );
                    base[larger].push(w);
                }
            }
            for larger in group_begin..size {
                for smaller in 0..larger {
                    self.set(bracket[larger], bracket[smaller], base[larger][smaller]);
                }
            }
            let sgb = self.pre.sgb;
            let modified = |base: &Vec<Vec<Wide<L>>>,
                            smaller: usize,
                            larger: usize,
                            smaller_rem: usize,
                            rem_pairs: usize|
             -> Wide<L> {
                let w = base[larger][smaller];
                if w.is_zero() {
                    return w;
                }
                let bonus = u64::from(smaller_rem < rem_pairs);
                w.add_at(bonus, 2 * sgb + 1).sub_u64(2 * smaller_rem as u64)
            };
            let in_group = |m: usize| -> bool { m >= group_begin_vertex && m < next_begin_vertex };
            let mut stable = self.compute();

            // Which moved-down players are paired in this bracket.
            let mut md_score = 0;
            let mut remaining = 0usize;
            let mut remaining_matched = 0usize;
            for i in 0..group_begin {
                let score_i = self.score(bracket[i]);
                if i == 0 || score_i < md_score {
                    md_score = score_i;
                    remaining = 0;
                    remaining_matched = 0;
                    let mut j = i;
                    while j < size && self.score(bracket[j]) >= md_score {
                        remaining += 1;
                        if in_group(stable[bracket[j]]) {
                            remaining_matched += 1;
                        }
                        j += 1;
                    }
                }
                if remaining_matched == 0 {
                    continue;
                }
                let v = bracket[i];
                if remaining <= remaining_matched {
                    matched[v] = true;
                    continue;
                }
                remaining -= 1;
                if !in_group(stable[v]) {
                    for o in group_begin..next_begin {
                        let w = base[o][i];
                        if !w.is_zero() {
                            self.set(v, bracket[o], w.add_u64(1));
                        }
                    }
                    stable = self.compute();
                }
                if in_group(stable[v]) {
                    matched[v] = true;
                    remaining_matched -= 1;
                    for o in group_begin..next_begin {
                        let w = base[o][i];
                        if !w.is_zero() {
                            let k = (next_begin - group_begin) as u64;
                            // The low bits of a base weight are free: `| k` adds k.
                            self.set(v, bracket[o], w.add_u64(k).add_u64(1));
                        }
                    }
                }
            }
            // Their opponents: the highest resident possible.
            for i in 0..group_begin {
                let v = bracket[i];
                if !matched[v] {
                    continue;
                }
                let mut addend = size as u64;
                for o in (group_begin..next_begin).rev() {
                    let ov = bracket[o];
                    if matched[ov] {
                        continue;
                    }
                    let w = base[o][i];
                    if !w.is_zero() {
                        self.set(v, ov, w.add_u64(addend));
                        addend += 1;
                    }
                }
                stable = self.compute();
                let m = stable[v];
                matched[m] = true;
                self.finalize(v, m);
            }
            // The remainder: residents not paired with a moved-down player.
            let mut remainder: Vec<usize> = Vec::new();
            let mut rem_pairs = 0usize;
            for (i, &v) in bracket
                .iter()
                .enumerate()
                .take(next_begin)
                .skip(group_begin)
            {
                if stable[v] < group_begin_vertex {
                    continue;
                }
                remainder.push(i);
                if stable[v] < v {
                    rem_pairs += 1;
                }
            }
            for (oi, &o) in remainder.iter().enumerate() {
                for (pi, &p) in remainder.iter().enumerate().take(oi) {
                    self.set(bracket[p], bracket[o], modified(&base, p, o, pi, rem_pairs));
                }
            }
            stable = self.compute();
            let exchanged =
                |stable: &Vec<usize>, v: usize| stable[v] <= v || stable[v] >= next_begin_vertex;
            let mut exchange_count = 0usize;
            if rem_pairs < remainder.len() {
                let first_lower = remainder[rem_pairs];
                for &p in &remainder {
                    if p >= first_lower {
                        break;
                    }
                    exchange_count += usize::from(exchanged(&stable, bracket[p]));
                }
            }
            // Players of the higher half to exchange: the lowest possible.
            let mut left = exchange_count;
            let mut pos = rem_pairs;
            while pos > 0 && left > 0 {
                let opp_from = pos;
                pos -= 1;
                let p = remainder[pos];
                let v = bracket[p];
                if stable[v] > v && stable[v] < next_begin_vertex {
                    for &o in &remainder[opp_from..] {
                        let w = modified(&base, p, o, pos, rem_pairs);
                        if !w.is_zero() {
                            self.set(v, bracket[o], w.sub_u64(1));
                        }
                    }
                    stable = self.compute();
                }
                let exchange = exchanged(&stable, v);
                left -= usize::from(exchange);
                for &o in &remainder[pos + 1..] {
                    if exchange {
                        base[o][p] = Wide::default();
                    }
                    self.set(v, bracket[o], modified(&base, p, o, pos, rem_pairs));
                }
            }
            // Players of the lower half to exchange: the highest possible.
            let mut left = exchange_count;
            let mut rem_index = rem_pairs;
            let mut idx = rem_pairs;
            while idx < remainder.len() && left > 1 {
                let p = remainder[idx];
                let v = bracket[p];
                let already = stable[v] > v && stable[v] < next_begin_vertex;
                if !already {
                    for &o in &remainder[idx + 1..] {
                        let w = modified(&base, p, o, rem_index, rem_pairs);
                        if !w.is_zero() {
                            self.set(v, bracket[o], w.add_u64(1));
                        }
                    }
                    stable = self.compute();
                }
                let exchange = stable[v] > v && stable[v] < next_begin_vertex;
                if exchange {
                    left -= 1;
                    for &o in &remainder[..idx] {
                        base[p][o] = Wide::default();
                        self.set(v, bracket[o], Wide::default());
                    }
                    for o in next_begin..size {
                        base[o][p] = Wide::default();
                        self.set(v, bracket[o], Wide::default());
                    }
                }
                if !already {
                    for &o in &remainder[idx + 1..] {
                        self.set(v, bracket[o], modified(&base, p, o, rem_index, rem_pairs));
                    }
                }
                rem_index += 1;
                idx += 1;
            }
            // Fix who is in the higher half; back to the base weights.
            for (pi, &p) in remainder.iter().enumerate() {
                let v = bracket[p];
                for &o in &remainder[pi + 1..] {
                    let ov = bracket[o];
                    if exchanged(&stable, v) || (stable[ov] > ov && stable[ov] < next_begin_vertex)
                    {
                        base[o][p] = Wide::default();
                    }
                    self.set(v, ov, base[o][p]);
                }
            }
            // Each player of the higher half meets the best opponent left.
            for &p in &remainder {
                let v = bracket[p];
                if stable[v] > v && stable[v] < next_begin_vertex {
                    let mut addend = 0u64;
                    for &o in remainder.iter().rev() {
                        let ov = bracket[o];
                        if o <= p || matched[ov] {
                            continue;
                        }
                        let w = base[o][p];
                        if !w.is_zero() {
                            self.set(v, ov, w.add_u64(addend));
                        }
                        addend += 1;
                    }
                    stable = self.compute();
                    let m = stable[v];
                    matched[v] = true;
                    matched[m] = true;
                    self.finalize(v, m);
                }
            }
            // The next bracket: whoever is left.
            let mut new_bracket = Vec::new();
            group_begin = 0;
            let next_score = (group_start < n).then(|| self.score(group_start));
            self.single_downfloater_bye =
                n % 2 == 1 && next_score.is_some_and(|s| self.bye_score >= s);
            for (i, &v) in bracket.iter().enumerate() {
                if i < next_begin && matched[v] {
                    // Both players of a pair are in the bracket: record it once.
                    if v < stable[v] {
                        pairs.push((self.pre.sorted[v], Some(self.pre.sorted[stable[v]])));
                    }
                } else {
                    new_bracket.push(v);
                    if i < next_begin {
                        group_begin += 1;
                    }
                    if self.single_downfloater_bye
                        && next_score.is_some_and(|s| self.score(stable[v]) < s)
                    {
                        self.single_downfloater_bye = false;
                    }
                }
            }
            bracket = new_bracket;
            group_begin_vertex = next_begin_vertex;
        }
        let mut paired = vec![false; n];
        for &(a, b) in &pairs {
            for id in std::iter::once(a).chain(b) {
                if let Some(v) = self.pre.sorted.iter().position(|&x| x == id) {
                    paired[v] = true;
                }
            }
        }
        for (v, _) in paired.iter().enumerate().filter(|(_, p)| !**p) {
            pairs.push((self.pre.sorted[v], None));
        }
        Ok(pairs)
    }
}
