//! The tests of `parlor::games::loa::board`.
//!
//! Moved out of src/games/loa/board.rs (the library builds no unit-test harness).

use parlor::games::loa::Color;
use parlor::games::loa::geometry::BETWEEN_CYLINDER;
use parlor::games::loa::geometry::DEST;
use parlor::games::loa::geometry::DEST_CYLINDER;
use parlor::games::loa::geometry::LINE_OF;
use parlor::games::loa::geometry::LINE_OF_CYLINDER;
use parlor::games::loa::geometry::NO_SQUARE;
use parlor::games::loa::geometry::connected;

use parlor::games::loa::board::*;
use parlor::games::loa::geometry::RAY;

fn sq(name: &str) -> u8 {
    let b = name.as_bytes();
    (b[1] - b'1') * 8 + (b[0] - b'a')
}

fn bits(names: &[&str]) -> u64 {
    names.iter().fold(0, |acc, n| acc | 1u64 << sq(n))
}

#[test]
fn tables_agree_with_coordinates() {
    assert_eq!(DEST[usize::from(sq("b1"))][2][2], sq("b3"));
    assert_eq!(DEST[usize::from(sq("b1"))][4][2], sq("d3"));
    assert_eq!(DEST[usize::from(sq("b1"))][6][1], sq("a2"));
    assert_eq!(DEST[usize::from(sq("b1"))][6][2], NO_SQUARE);
    assert_eq!(DEST[usize::from(sq("h8"))][5][7], sq("a1"));
    assert_eq!(
        RAY[usize::from(sq("a1"))][4],
        bits(&["b2", "c3", "d4", "e5", "f6", "g7", "h8"])
    );
    // The longest diagonal holds 8 squares, the corner anti-diagonal 1.
    assert_eq!(LINE_OF[0][2], LINE_OF[63][2]);
    assert_ne!(LINE_OF[7][3], LINE_OF[0][3]);
}

#[test]
fn flood_fill_connectivity() {
    assert!(!connected(0, false));
    assert!(connected(bits(&["e4"]), false));
    assert!(connected(bits(&["a1", "b2", "c3", "c4", "d5"]), false));
    assert!(!connected(bits(&["a1", "c1"]), false));
    // Bits must not wrap around from the h-file to the a-file.
    assert!(!connected(bits(&["h1", "a2"]), false));
    assert!(!connected(bits(&["a1", "h1"]), false));
}

#[test]
fn incremental_key_matches_a_fresh_computation() {
    let mut board = Board::new(
        bits(&["a2", "a3"]),
        bits(&["b1", "c1"]),
        [0, 2],
        Color::White,
    );
    board.apply(sq("a2"), sq("c2"), false, sq("e5"));
    assert_eq!(board.key, board.compute_key());
    board.apply(sq("c1"), sq("c3"), false, NO_SQUARE);
    assert_eq!(board.key, board.compute_key());
    board.apply(sq("c2"), sq("b1"), true, NO_SQUARE);
    assert_eq!(board.key, board.compute_key());
    let fresh = Board::new(board.pieces[0], board.pieces[1], board.held, board.to_move);
    assert_eq!(board, fresh);
}

#[test]
fn cylinder_tables_wrap_the_files_only() {
    let c = |name: &str| usize::from(sq(name));
    assert_eq!(DEST_CYLINDER[c("h4")][0][1], sq("a4"));
    assert_eq!(DEST_CYLINDER[c("a1")][1][1], sq("h1"));
    assert_eq!(DEST_CYLINDER[c("a1")][0][8], NO_SQUARE);
    assert_eq!(DEST_CYLINDER[c("h4")][4][2], sq("b6"));
    assert_eq!(DEST_CYLINDER[c("h1")][2][8], NO_SQUARE);
    assert_eq!(BETWEEN_CYLINDER[c("h4")][4][2], bits(&["a5"]));
    assert_eq!(LINE_OF_CYLINDER[c("h4")][2], LINE_OF_CYLINDER[c("a5")][2]);
    assert_eq!(LINE_OF_CYLINDER[c("a3")][3], LINE_OF_CYLINDER[c("h4")][3]);
    assert!(connected(bits(&["a3", "h2"]), true));
    assert!(connected(bits(&["a3", "h4"]), true));
    assert!(!connected(bits(&["a3", "h5"]), true));
    assert!(!connected(bits(&["a3", "h3"]), false));
}

#[test]
fn incremental_key_follows_marks_and_required_sets() {
    for turns in [Turns::Seats, Turns::Alternate] {
        let variant = Variant {
            cylinder: false,
            turns,
        };
        let required = if turns == Turns::Seats {
            [Required::Marked; 2]
        } else {
            [Required::Any; 2]
        };
        let mut board = Board::with_variant(
            bits(&["a2", "a3", "h4"]),
            bits(&["b1", "c1"]),
            [0, 0],
            Color::White,
            variant,
            bits(&["a2", "b1"]),
            required,
        );
        let unmarked = Board::with_variant(
            board.pieces[0],
            board.pieces[1],
            [0, 0],
            Color::White,
            variant,
            0,
            required,
        );
        assert_ne!(board.key, unmarked.key);
        // The marked a2 and b1 move, White passes, c1 moves, then a3 takes the marked b3.
        board.apply(sq("a2"), sq("c2"), false, NO_SQUARE);
        board.apply(sq("b1"), sq("b3"), false, NO_SQUARE);
        board.apply(NO_SQUARE, NO_SQUARE, false, NO_SQUARE);
        board.apply(sq("c1"), sq("c3"), false, NO_SQUARE);
        board.apply(sq("a3"), sq("b3"), true, NO_SQUARE);
        assert_eq!(board.key, board.compute_key(), "{turns:?}");
        assert_eq!(board.marked, bits(&["c2"]), "{turns:?}");
        let fresh = Board::with_variant(
            board.pieces[0],
            board.pieces[1],
            board.held,
            board.to_move,
            variant,
            board.marked,
            board.required,
        );
        assert_eq!(board, fresh);
    }
}
