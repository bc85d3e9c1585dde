//! The tests of `parlor::table::clock`.
//!
//! Moved out of src/table/clock.rs (the library builds no unit-test harness).

use parlor::table::clock::clock_face;

#[test]
fn clock_faces_round_up_to_the_second() {
    assert_eq!(clock_face(300_000), "5:00");
    assert_eq!(clock_face(296_001), "4:57");
    assert_eq!(clock_face(9_000), "0:09");
    assert_eq!(clock_face(1), "0:01");
    assert_eq!(clock_face(-5), "0:00");
    assert_eq!(clock_face(5_400_000), "1:30:00");
}
