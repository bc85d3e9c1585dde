//! The tests of `parlor::games::lightning::design`.
//!
//! Moved out of src/games/lightning/design.rs (the library builds no unit-test harness).

use parlor::games::lightning::design::Point::*;
use parlor::games::lightning::design::*;

#[test]
fn connectivity_follows_the_stroke_table() {
    assert!(Design::S.joins(SW, NE) && !Design::S.joins(NW, SE));
    assert!(Design::B.joins(NW, SE) && !Design::B.joins(SW, NE));
    for (a, b) in [(SW, NE), (NW, SE), (SW, NW), (SE, NE), (SW, SE), (NW, NE)] {
        assert!(Design::X.joins(a, b), "{a:?} {b:?}");
    }
    assert!(Design::A.joins(SW, SE) && !Design::A.joins(SW, NW));
    assert!(Design::V.joins(NW, NE) && !Design::V.joins(SE, NE));
    assert!(!Design::X.joins(SW, C));
}

#[test]
fn every_design_has_one_group_here() {
    assert_eq!(Design::S.corner_groups(), &[0b1001, 0, 0, 0]);
    assert_eq!(Design::B.corner_groups(), &[0b0110, 0, 0, 0]);
    assert_eq!(Design::X.corner_groups(), &[0b1111, 0, 0, 0]);
    assert_eq!(Design::A.corner_groups(), &[0b0011, 0, 0, 0]);
    assert_eq!(Design::V.corner_groups(), &[0b1100, 0, 0, 0]);
}

#[test]
fn separate_strokes_make_separate_groups() {
    assert_eq!(corner_groups(&[(SW, SE), (NW, NE)]), [0b0011, 0b1100, 0, 0]);
    assert_eq!(corner_groups(&[(SW, C)]), [0b0001, 0, 0, 0]);
}

#[test]
fn letters_round_trip() {
    for d in Design::ALL {
        assert_eq!(Design::from_letter(d.letter()), Some(d));
        assert_eq!(
            Design::from_letter(d.letter().to_ascii_lowercase()),
            Some(d)
        );
    }
    assert_eq!(Design::from_letter('p'), None);
    assert_eq!(Design::from_letter('é'), None);
}
