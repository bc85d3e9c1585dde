//! The tests of `parlor::tournament::matching`.
//!
//! Moved out of src/tournament/matching/mod.rs (the library builds no unit-test harness).

use parlor::tournament::matching::NONE;

/// Why the duals do not prove the matching optimal, if they do not (flat duals only: call
/// right after a solve that made no blossom, or read the message).
fn certificate<const L: usize>(m: &Matching<L>) -> Vec<String> {
    let mut problems = Vec::new();
    let n = m.n;
    for a in 0..n {
        for b in 0..a {
            if !m.alive[a] || !m.alive[b] || m.weight(a, b).is_zero() {
                continue;
            }
            let w = m.weight(a, b);
            let sum = m.dualvar[a].plus(m.dualvar[b]);
            if sum < w.plus(w) && m.inblossom[a] != m.inblossom[b] {
                problems.push(format!("edge {a}-{b} infeasible"));
            }
            let matched = m.mate[a] != NONE && m.endpoint(m.mate[a]) == b;
            if matched && sum != w.plus(w) && m.inblossom[a] != m.inblossom[b] {
                problems.push(format!("matched {a}-{b} not tight"));
            }
        }
        if m.alive[a] && m.mate[a] == NONE && !m.dualvar[a].is_zero() {
            problems.push(format!("free {a} with a positive dual"));
        }
    }
    problems
}

use parlor::tournament::matching::{Matching, max_weight_matching};
use parlor::tournament::weight::Wide;
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
    assert_eq!(certificate(&m), Vec::<String>::new());
    for (x, v) in [(0, 14), (3, 27), (6, 15), (7, 22)] {
        m.set(5, x, w(v));
    }
    let mate = m.solve();
    assert_eq!(certificate(&m), Vec::<String>::new(), "{mate:?}");
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
