//! The tests of `parlor::table::puzzles::solve`.
//!
//! Moved out of src/table/puzzles/solve.rs (the library builds no unit-test harness).

use parlor::table::puzzles::solve::*;

#[test]
fn days_and_streaks() {
    assert_eq!(date_of(0), "1970-01-01");
    assert_eq!(date_of(20_785), "2026-11-28");
    assert_eq!(streak_of(&[], 10), 0);
    assert_eq!(streak_of(&[10, 9, 8, 6], 10), 3);
    assert_eq!(streak_of(&[9, 8], 10), 2, "today's is still to solve");
    assert_eq!(streak_of(&[8, 7], 10), 0);
    assert_ne!(spread(1) % 300, spread(2) % 300);
}
