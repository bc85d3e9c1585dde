//! The tests of `parlor::ai::loa`.
//!
//! Moved out of src/ai/loa.rs (the library builds no unit-test harness).

use parlor::games::Game;
use parlor::games::loa::Loa;

use parlor::ai::loa::*;

#[test]
fn groups_and_quads_agree_on_simple_shapes() {
    assert_eq!(groups(0, false), 0);
    assert_eq!(groups(0b11, false), 1);
    assert_eq!(groups(0b101, false), 2);
    // a1 and b2 touch by a corner.
    assert_eq!(groups(1 | 1 << 9, false), 1);
    // a3 and h2 touch only across the cylinder's joined edge.
    let a3_h2 = 1 << 16 | 1 << 15;
    assert_eq!(groups(a3_h2, false), 2);
    assert_eq!(groups(a3_h2, true), 1);
    assert_eq!(euler4(1), 4);
    assert_eq!(euler4(0b11), 4);
    assert_eq!(euler4(0b101), 8);
    assert_eq!(euler4(1 | 1 << 9), 4);
}

fn loa(options: &str) -> Loa {
    match parlor::games::AnyGame::new(parlor::games::GameKind::Loa, options) {
        Ok(parlor::games::AnyGame::Loa(game)) => game,
        other => panic!("not an LOA game: {other:?}"),
    }
}

#[test]
fn the_search_key_tells_marks_and_required_sets_apart() {
    // The same pieces and the same mover: only the marks differ.
    assert_ne!(key(&loa("")), key(&loa("players=4")));
    // The same marks: only the set White must move differs (free choice vs marked).
    assert_ne!(key(&loa("marks=alternate")), key(&loa("players=4")));
}

#[test]
fn mobility_counts_moves_from_the_start() {
    let game = Loa::new(Default::default());
    let own = game.pieces(game.color_to_move());
    let opp = game.pieces(game.color_to_move().opponent());
    assert_eq!(mobility(own, opp).0, game.legal_moves().len() as i32);
}
