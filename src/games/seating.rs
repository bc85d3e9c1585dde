//! [`Seating`]: how many seats a game has and which side each plays, known from the game and
//! its options alone, so that records of finished matches (a game name, options and seat
//! numbers) are read with the same rule as live positions.

use super::{Game, GameKind, GameOptions, OptionsError, Outcome, Side};

/// The seats of a game in turn order: two, or four in two teams (four-player Lines of Action).
/// Seats alternate between the sides in turn order: seat 0 plays the first side, seat 1 the
/// second, seat 2 the first again, and so on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seating {
    count: usize,
}

impl Seating {
    /// One player a side.
    pub const TWO: Seating = Seating { count: 2 };

    /// `count` seats (at least two), alternating between the sides: for when only the number
    /// of seats is known (a list of ratings, a record this version cannot read).
    pub fn for_seats(count: usize) -> Seating {
        Seating {
            count: count.max(2),
        }
    }

    /// The seating of `kind` with `key=value` options (the preset's, with or without a seed),
    /// without building a position.
    pub fn new(kind: GameKind, options: &str) -> Result<Seating, OptionsError> {
        by_kind!(kind, G => <G as Game>::Options::parse(options)
            .map(|o| Seating::for_seats(o.seat_count())))
    }

    /// The seating of a stored match from its game name and options; `None` when this version
    /// cannot read them (an unknown game, options it does not know).
    pub fn of_record(game: &str, options: &str) -> Option<Seating> {
        let kind: GameKind = game.parse().ok()?;
        Seating::new(kind, options).ok()
    }

    /// How many seats: 2, or 4 with teams.
    pub fn count(self) -> usize {
        self.count
    }

    /// Whether a side is a team of several seats.
    pub fn has_teams(self) -> bool {
        self.count > 2
    }

    /// The side (team) a seat plays for.
    pub fn side(self, seat: usize) -> Side {
        if seat.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The seats that play for `side`, in turn order.
    pub fn seats_of(self, side: Side) -> impl Iterator<Item = usize> {
        (side.index()..self.count).step_by(2)
    }

    /// The entries of `by_seat` (one per seat, in turn order) that belong to `side`'s seats.
    pub fn team<T>(self, by_seat: &[T], side: Side) -> impl Iterator<Item = &T> {
        self.seats_of(side).filter_map(|seat| by_seat.get(seat))
    }

    /// The seats on the other side from `seat`, in turn order.
    pub fn opponents_of(self, seat: usize) -> impl Iterator<Item = usize> {
        self.seats_of(self.side(seat).opponent())
    }

    /// The seat after `seat` in turn order (it plays for the other side); any number is
    /// taken modulo the seat count, so a stored seat out of range still names a seat.
    pub fn next(self, seat: usize) -> usize {
        (seat % self.count + 1) % self.count
    }

    /// The seats that won `outcome`: the winning side's seats, none for a draw.
    pub fn winners(self, outcome: &Outcome) -> Vec<usize> {
        outcome
            .winner
            .map(|side| self.seats_of(side).collect())
            .unwrap_or_default()
    }

    /// How `seat` did in a finished game won by `winner` (`None`: a draw): `Some(true)` if its
    /// side won, `Some(false)` if it lost, `None` for a draw.
    pub fn won(self, seat: usize, winner: Option<Side>) -> Option<bool> {
        winner.map(|side| self.side(seat) == side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{AnyGame, Reason};

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
}
