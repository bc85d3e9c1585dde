//! The tests of `parlor::games::loa::geometry`.
//!
//! Moved out of src/games/loa/geometry.rs (the library builds no unit-test harness).

use parlor::games::loa::Color;
use parlor::games::loa::board::Board;
use parlor::games::loa::geometry::*;

/// A fixed stream of pseudo-random positions (SplitMix64), so a failure can be replayed.
fn positions() -> impl Iterator<Item = (u64, u64)> {
    let mut state = 0x5EED_u64;
    std::iter::repeat_with(move || {
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let (a, b) = (next() & next(), next() & next());
        (a, b & !a)
    })
    .take(2000)
}

#[test]
fn the_evaluations_moves_are_the_rules_moves() {
    for (white, black) in positions() {
        for mover in [Color::White, Color::Black] {
            let (own, enemy) = match mover {
                Color::White => (white, black),
                Color::Black => (black, white),
            };
            let mut rules = Vec::new();
            Board::new(white, black, [0, 0], mover)
                .each_step(|from, to, capture| rules.push((from, to, capture)));
            let mut ours = Vec::new();
            flat_steps(own, enemy, |from, to, capture| {
                ours.push((from, to, capture))
            });
            rules.sort_unstable();
            ours.sort_unstable();
            assert_eq!(ours, rules, "white {white:#x} black {black:#x} {mover:?}");
        }
    }
}

#[test]
fn groups_grow_across_the_side_edge_only_on_the_cylinder() {
    let a4 = 1u64 << 24;
    let h5 = 1u64 << 39;
    assert_eq!(reach(a4, false) & h5, 0);
    assert_ne!(reach(a4, true) & (1u64 << 31), 0);
    assert_eq!(group_of(a4, a4 | h5, false), a4);
    assert!(connected((1u64 << 24) | (1u64 << 39), true));
    assert!(!connected(0, true));
}
