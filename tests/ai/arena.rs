//! The tests of `parlor::ai::arena`.
//!
//! Moved out of src/ai/arena.rs (the library builds no unit-test harness).

use parlor::ai::arena::{wilson, wilson_of};

#[test]
fn wilson_intervals_stay_honest_at_the_edges() {
    // 0 of 4 and 4 of 4: touching the edge, but wide (not 0-0 % or 100-100 %).
    let (lo, hi) = wilson(0, 4);
    assert_eq!(lo, 0.0);
    assert!(hi > 0.4 && hi < 0.6, "{hi}");
    let (lo, hi) = wilson(4, 4);
    assert_eq!(hi, 1.0);
    assert!(lo > 0.4 && lo < 0.6, "{lo}");
    // Half: symmetric around a half.
    let (lo, hi) = wilson(2, 4);
    assert!((lo + hi - 1.0).abs() < 1e-12 && hi - lo > 0.5, "{lo} {hi}");
    // Two draws are a score of a half over two games: still uncertain.
    let (lo, hi) = wilson_of(0.5, 2);
    assert!(lo < 0.2 && hi > 0.8, "{lo} {hi}");
    // No game: nothing known.
    assert_eq!(wilson(0, 0), (0.0, 1.0));
}
