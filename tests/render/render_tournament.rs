//! The tests of `parlor::render::tournament`.
//!
//! Moved out of src/render/tournament.rs (the library builds no unit-test harness).

use parlor::render::tournament::*;

#[test]
fn signs_and_byes_are_written_as_a_crosstable_writes_them() {
    assert_eq!(signed(12), "+12");
    assert_eq!(signed(-8), "\u{2212}8");
    assert_eq!(signed(0), "±0");
    assert_eq!(bye_points(5), "½");
    assert_eq!(bye_points(10), "1");
    assert_eq!(bye_points(0), "0");
    assert_eq!(cell_words(Cell::Won(3)).0, "+3");
    assert_eq!(cell_words(Cell::Lost(12)).0, "\u{2212}12");
}
