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
