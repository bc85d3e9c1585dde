//! The tests of `parlor::games::lightning::half`.
//!
//! Moved out of src/games/lightning/half.rs (the library builds no unit-test harness).

use parlor::games::lightning::design::Design;

use parlor::games::lightning::half::*;

/// A half holding these tiles: (file, rank, design).
fn half_with(tiles: &[(u8, u8, Design)]) -> Half {
    let mut half = Half::default();
    for &(file, rank, design) in tiles {
        half.place(file, rank, design);
    }
    half
}

#[test]
fn contact_counts_sides_and_corners() {
    let half = half_with(&[(3, 5, Design::S)]);
    for (f, r) in [
        (2, 4),
        (3, 4),
        (4, 4),
        (2, 5),
        (4, 5),
        (2, 6),
        (3, 6),
        (4, 6),
    ] {
        assert!(half.touches_tile(f, r), "{f} {r}");
    }
    for (f, r) in [(1, 5), (5, 5), (3, 3), (3, 7), (1, 3), (5, 7)] {
        assert!(!half.touches_tile(f, r), "{f} {r}");
    }
    let targets = half.targets(false);
    assert_eq!(mask_squares(&targets).count(), 8);
    assert_eq!(mask_squares(&half.targets(true)).count(), 16);
}

#[test]
fn contact_at_the_board_edges() {
    let half = half_with(&[(0, 0, Design::A), (7, 16, Design::V)]);
    assert!(half.touches_tile(1, 1) && half.touches_tile(0, 1) && half.touches_tile(1, 0));
    assert!(half.touches_tile(6, 15) && half.touches_tile(6, 16) && half.touches_tile(7, 15));
    assert!(!half.touches_tile(2, 0) && !half.touches_tile(7, 14) && !half.touches_tile(5, 16));
    assert_eq!(mask_squares(&half.targets(false)).count(), 6);
}

#[test]
fn the_connected_part_is_what_strokes_join_to_the_start_edge() {
    let mut half = Half::default();
    // a1 / and b2 / meet at b2's south-west corner; c2 \ joins them at the corner that b2,
    // c2, b3 and c3 share.
    half.place(0, 0, Design::S);
    half.place(1, 1, Design::S);
    half.place(2, 1, Design::B);
    // Touching b2 by a side, but its strokes stay on the top edge of a3: not joined.
    half.place(0, 2, Design::V);
    // On the start row: A reaches the outer edge of h1, V does not.
    half.place(7, 0, Design::A);
    half.place(6, 0, Design::V);
    // Far away.
    half.place(4, 4, Design::X);
    assert_eq!(
        half.connected_squares(),
        vec![(0, 0), (7, 0), (1, 1), (2, 1)]
    );
    assert!(half.winning_squares().is_empty());
    assert!(half.winning_path().is_empty());
}

#[test]
fn the_winning_path_is_a_shortest_one_without_the_branches() {
    let mut half = Half::default();
    // A column of crosses on c, with dead-end branches off it: d5 ∧ and e5 / on the right,
    // b6 ∨ on the left. They belong to the winning group, not to the path.
    for rank in 0..RANKS {
        half.place(2, rank, Design::X);
    }
    half.place(3, 4, Design::A);
    half.place(4, 4, Design::S);
    half.place(1, 5, Design::V);
    let path = half.winning_path();
    assert_eq!(path, (0..RANKS).map(|r| (2, r)).collect::<Vec<_>>());
    assert_eq!(half.winning_squares().len(), usize::from(RANKS) + 3);

    // A zigzag: / from a1 up to h8, then \ from h9 back to a16, and a cross on a17.
    let mut half = Half::default();
    for i in 0..8u8 {
        half.place(i, i, Design::S);
        half.place(7 - i, 8 + i, Design::B);
    }
    half.place(0, 16, Design::X);
    // A dead end off the start: not on the path.
    half.place(4, 0, Design::A);
    let path = half.winning_path();
    assert_eq!(path.len(), 17);
    assert_eq!(path.first(), Some(&(0, 0)));
    assert_eq!(path.last(), Some(&(0, 16)));
    assert!(!path.contains(&(4, 0)));
    // Each step goes one rank up, to a square touching the one before.
    for pair in path.windows(2) {
        let ((f0, r0), (f1, r1)) = (pair[0], pair[1]);
        assert_eq!(r1, r0 + 1);
        assert!(f0.abs_diff(f1) <= 1);
    }
}

#[test]
fn a_straight_column_of_crosses_connects() {
    let mut half = Half::default();
    for rank in 0..RANKS - 1 {
        assert!(!half.place(2, rank, Design::X));
    }
    assert!(!half.is_connected());
    assert!(half.place(2, RANKS - 1, Design::X));
    assert!(half.is_connected());
    assert_eq!(half.winning_squares().len(), usize::from(RANKS));
}
