//! The tests of `parlor::games::simultana`.
//!
//! Moved out of src/games/simultana.rs (the library builds no unit-test harness).

use parlor::games::Game;
use parlor::games::Status;

use parlor::games::simultana::*;

/// Mobility counts the legal moves of the side to move, and of the other side as if it
/// were its turn (checked by passing the turn on a copy).
#[test]
fn mobility_counts_legal_moves_for_either_side() {
    let mut game = Simultana::new(SimultanaOptions);
    let mut pick = 0usize;
    for _ in 0..60 {
        let Status::ToMove(side) = game.status else {
            break;
        };
        assert_eq!(game.mobility(side) as usize, game.legal_moves().len());
        let mut passed = game.clone();
        passed.turn = side.opponent();
        passed.status = Status::ToMove(side.opponent());
        assert_eq!(
            game.mobility(side.opponent()) as usize,
            passed.legal_moves().len()
        );
        let moves = game.legal_moves();
        pick = (pick * 7 + 3) % moves.len();
        game.play_unchecked(&moves[pick]);
    }
}

#[test]
fn start_sets_match_the_rules() {
    let g = Simultana::new(SimultanaOptions);
    let names =
        |set: u32| -> Vec<String> { (0..25u8).filter(|&s| set & bit(s) != 0).map(name).collect() };
    let (white, black) = (names(g.pieces[0]), names(g.pieces[1]));
    assert_eq!(white, ["c1", "a2", "b2", "c2", "d2", "e2"]);
    assert_eq!(black, ["a4", "b4", "c4", "d4", "e4", "c5"]);
}

#[test]
fn neighbours_do_not_wrap_round_the_edges() {
    // e1's neighbours are d1 and e2, not a2.
    assert_eq!(squares_of(neighbours(bit(4))), [(3, 0), (4, 1)]);
    // a2's neighbours are a1, b2 and a3, not e1.
    assert_eq!(squares_of(neighbours(bit(5))), [(0, 0), (1, 1), (0, 2)]);
    assert_eq!(neighbours(FULL), FULL);
}

#[test]
fn flood_follows_only_orthogonal_links() {
    // a1 and b2 touch only by a corner.
    let set = bit(0) | bit(6);
    assert_eq!(flood(bit(0), set), bit(0));
    assert_eq!(flood(bit(0), FULL), FULL);
}
