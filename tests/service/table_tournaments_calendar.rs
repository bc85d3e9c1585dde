//! The tests of `parlor::table::tournaments::calendar`.
//!
//! Moved out of src/table/tournaments/calendar.rs (the library builds no unit-test harness).

use parlor::table::tournaments::calendar::{Calendar, CalendarStatus as C};

fn at(status: C) -> Calendar {
    Calendar {
        event: None,
        status,
        end: None,
    }
}

#[test]
fn the_event_goes_scheduled_active_completed_or_scheduled_canceled() {
    assert_eq!(at(C::None).next(C::Scheduled), Some(C::Scheduled));
    // Too late to announce one that has started.
    assert_eq!(at(C::None).next(C::Active), None);
    assert_eq!(at(C::Scheduled).next(C::Scheduled), None);
    assert_eq!(at(C::Scheduled).next(C::Active), Some(C::Active));
    // Over without ever being marked active: active first.
    assert_eq!(at(C::Scheduled).next(C::Completed), Some(C::Active));
    assert_eq!(at(C::Scheduled).next(C::Canceled), Some(C::Canceled));
    assert_eq!(at(C::Active).next(C::Completed), Some(C::Completed));
    assert_eq!(at(C::Active).next(C::Canceled), Some(C::Completed));
    for done in [C::Completed, C::Canceled, C::Refused, C::Gone] {
        for wanted in [C::Scheduled, C::Active, C::Completed, C::Canceled] {
            assert_eq!(at(done).next(wanted), None, "{done:?} to {wanted:?}");
        }
    }
}

#[test]
fn the_end_is_expected_after_every_round() {
    use parlor::table::act::Place;
    use parlor::table::tournaments::{Event, Rules};
    use parlor::tournament::event::Format;
    let rules = |clock_secs, interval_ms| Rules {
        game: "simultana".into(),
        variant: "standard".into(),
        clock_secs,
        increment_secs: None,
        rated: true,
        interval_ms,
    };
    let place = Place::new(Some(1), 2);
    let minute = 60_000;
    let at_interval = Event::new(
        &place,
        3,
        rules(Some(60), Some(2 * minute)),
        Format::Swiss,
        3,
    );
    assert_eq!(at_interval.expected_end(1000), 1000 + 3 * 2 * minute);
    // A minute a move: twenty moves, but never less than half an hour a round.
    let clocked = Event::new(&place, 3, rules(Some(60), None), Format::Swiss, 3);
    assert_eq!(clocked.expected_end(0), 3 * 30 * minute);
    let daily = Event::new(&place, 3, rules(Some(86_400), None), Format::Swiss, 2);
    assert_eq!(daily.expected_end(0), 2 * 7 * 24 * 60 * minute);
    // Rounds sized by the entries: three expected.
    let sized = Event::new(&place, 3, rules(None, None), Format::Swiss, 0);
    assert_eq!(sized.expected_end(0), 3 * 30 * minute);
}

#[test]
fn the_end_is_given_again_when_it_moves_five_minutes_or_more() {
    let minute = 60_000;
    let given = |status, end| Calendar {
        event: Some(7),
        status,
        end,
    };
    assert!(given(C::Scheduled, None).needs_end(0), "never given here");
    assert!(!given(C::Scheduled, Some(0)).needs_end(4 * minute));
    assert!(given(C::Active, Some(0)).needs_end(5 * minute));
    assert!(
        given(C::Active, Some(10 * minute)).needs_end(0),
        "earlier too"
    );
    for over in [C::Completed, C::Canceled, C::Gone, C::Refused] {
        assert!(!given(over, Some(0)).needs_end(60 * minute), "{over:?}");
    }
    assert!(!at(C::Active).needs_end(0), "no event to change");
}

#[test]
fn statuses_are_stored_by_name() {
    for s in [
        C::None,
        C::Refused,
        C::Scheduled,
        C::Active,
        C::Completed,
        C::Canceled,
        C::Gone,
    ] {
        assert_eq!(C::from_name(s.name()), s);
    }
}
