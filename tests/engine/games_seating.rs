//! The tests of `parlor::games::seating`.
//!
//! Moved out of src/games/seating.rs (the library builds no unit-test harness).

use parlor::games::GameKind;
use parlor::games::Outcome;
use parlor::games::Side;

use parlor::games::seating::*;
use parlor::games::{AnyGame, Reason};

#[test]
fn two_seats_are_one_a_side() {
    for kind in GameKind::ALL {
        let seating = Seating::new(kind, "").unwrap();
        assert_eq!(seating, Seating::TWO, "{kind}");
        assert!(!seating.has_teams());
        assert_eq!(seating.side(0), Side::First);
        assert_eq!(seating.side(1), Side::Second);
        assert_eq!(seating.seats_of(Side::First).collect::<Vec<_>>(), [0]);
        assert_eq!(seating.seats_of(Side::Second).collect::<Vec<_>>(), [1]);
        assert_eq!(seating.opponents_of(0).collect::<Vec<_>>(), [1]);
        assert_eq!((seating.next(0), seating.next(1)), (1, 0));
        // The same seating as the position built from the same options.
        let game = AnyGame::new(kind, "").unwrap();
        assert_eq!(game.seating(), seating);
    }
}

#[test]
fn four_seats_alternate_between_two_teams() {
    let seating = Seating::new(GameKind::Loa, "players=4").unwrap();
    assert_eq!(seating.count(), 4);
    assert!(seating.has_teams());
    let sides: Vec<Side> = (0..4).map(|s| seating.side(s)).collect();
    assert_eq!(
        sides,
        [Side::First, Side::Second, Side::First, Side::Second]
    );
    assert_eq!(seating.seats_of(Side::First).collect::<Vec<_>>(), [0, 2]);
    assert_eq!(seating.seats_of(Side::Second).collect::<Vec<_>>(), [1, 3]);
    assert_eq!(seating.opponents_of(2).collect::<Vec<_>>(), [1, 3]);
    assert_eq!(seating.next(3), 0);
    let names = ["ann", "bob", "cy", "dee"];
    let team: Vec<&&str> = seating.team(&names, Side::Second).collect();
    assert_eq!(team, [&"bob", &"dee"]);
    // The position agrees, seat by seat.
    let game = AnyGame::new(GameKind::Loa, "players=4").unwrap();
    assert_eq!(game.seating(), seating);
    for seat in 0..4 {
        assert_eq!(game.seat_side(seat), seating.side(seat));
    }
}

#[test]
fn a_team_outcome_is_won_by_every_seat_of_the_team() {
    let four = Seating::new(GameKind::Loa, "players=4").unwrap();
    let won = Outcome::win(Side::Second, Reason::Connection);
    assert_eq!(four.winners(&won), [1, 3]);
    assert_eq!(Seating::TWO.winners(&won), [1]);
    assert!(four.winners(&Outcome::draw(Reason::Agreement)).is_empty());
    assert_eq!(four.won(3, Some(Side::Second)), Some(true));
    assert_eq!(four.won(2, Some(Side::Second)), Some(false));
    assert_eq!(four.won(2, None), None);
}

#[test]
fn records_are_read_from_the_game_name_and_options() {
    assert_eq!(
        Seating::of_record("loa", "rules=abacus setup=standard players=4").map(Seating::count),
        Some(4)
    );
    assert_eq!(
        Seating::of_record("lightning", "seed=12"),
        Some(Seating::TWO)
    );
    assert_eq!(Seating::of_record("chess", ""), None);
    assert_eq!(Seating::of_record("loa", "players=3"), None);
}
