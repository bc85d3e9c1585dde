//! The tests of `parlor::table::matches::schedule`.
//!
//! Moved out of src/table/matches/schedule.rs (the library builds no unit-test harness).

use parlor::table::matches::schedule::Schedule;

#[test]
fn finds_what_is_due_and_the_next_time_in_order() {
    let mut s = Schedule::default();
    s.set(1, 500);
    s.set(2, 100);
    s.set(3, 300);
    s.set(2, 400); // moved later: its old time is gone
    assert_eq!(s.due(300).collect::<Vec<_>>(), vec![3]);
    assert_eq!(s.due(450).collect::<Vec<_>>(), vec![3, 2]);
    assert_eq!(s.next_after(300), Some(400));
    assert_eq!(s.next_after(99), Some(300));
    s.remove(3);
    s.remove(7); // never scheduled
    assert_eq!(s.due(450).collect::<Vec<_>>(), vec![2]);
    assert_eq!(s.next_after(500), None);
    assert_eq!(s.len(), 2);
}

#[test]
fn two_matches_due_at_the_same_time_are_both_kept() {
    let mut s = Schedule::default();
    s.set(4, 200);
    s.set(5, 200);
    assert_eq!(s.due(200).collect::<Vec<_>>(), vec![4, 5]);
    s.remove(4);
    assert_eq!(s.due(200).collect::<Vec<_>>(), vec![5]);
}
