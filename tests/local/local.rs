//! The tests of `parlor::local`.
//!
//! Moved out of src/local/mod.rs (the library builds no unit-test harness).

use parlor::local::*;

#[test]
fn legal_moves_are_grouped_by_piece_and_by_move_before_a_drop() {
    let moves: Vec<String> = ["b1-b3", "c1xc3", "b1-d3", "b1-b3@e5", "b1-b3@f6", "PS-a1"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        grouped(&moves),
        ["b1: b1-b3 b1-d3", "c1: c1xc3", "b1-b3 @ e5 f6", "PS-a1"]
    );
    assert_eq!(square_prefix("h10-h8"), Some("h10"));
    assert_eq!(square_prefix("N+E@c4"), None);
}
