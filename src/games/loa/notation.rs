//! Move notation: `b1-b3`, `c1xa3`, `pass`, and in the parachute phase `a2-a4@d5` or `pass@d5`.
//! Reading is lenient about case, spaces and missing separators, but a wrong separator (`-` for
//! a capture, `x` for a plain move) is refused with the right form.

use super::board::Required;
use super::board::{NO_SQUARE, StepError};
use super::{Loa, LoaMove, PieceSet};
use crate::games::MoveError;
use crate::games::notation::{parse_square, push_square, square_name, squash, take_square};
use crate::i18n::Msg;

/// Typed moves longer than this (after squashing) cannot be a move; they are refused unread.
const MAX_LEN: usize = 24;

/// The 0..64 index of a square name such as `d5`.
pub(super) fn square_index(name: &str) -> Option<u8> {
    parse_square(name, 8, 8).map(|(file, rank)| rank * 8 + file)
}

/// The name of a 0..64 square index.
pub(super) fn name(sq: u8) -> String {
    square_name(sq % 8, sq / 8)
}

/// The canonical text of a turn.
pub(super) fn format(mv: &LoaMove) -> String {
    let mut text = String::with_capacity(12);
    let square = |text: &mut String, sq: u8| push_square(text, sq % 8, sq / 8);
    if mv.from == NO_SQUARE {
        text.push_str("pass");
    } else {
        square(&mut text, mv.from);
        text.push(if mv.capture { 'x' } else { '-' });
        square(&mut text, mv.to);
    }
    if mv.drop != NO_SQUARE {
        text.push('@');
        square(&mut text, mv.drop);
    }
    text
}

/// The first part of a typed turn: a pass, or a move with the separator typed (if any).
enum Typed {
    Pass,
    Step {
        from: u8,
        to: u8,
        /// `Some(true)` for `x`, `Some(false)` for `-`, `None` when left out.
        capture: Option<bool>,
    },
}

/// Splits typed text into its parts, or `None` when it is not in the notation at all.
fn read(text: &str) -> Option<(Typed, Option<u8>)> {
    let index = |(file, rank): (u8, u8)| rank * 8 + file;
    let (typed, rest) = if let Some(rest) = text.strip_prefix("pass") {
        (Typed::Pass, rest)
    } else {
        let (from, rest) = take_square(text, 8, 8)?;
        let (capture, rest) = match rest.as_bytes().first() {
            Some(b'-') => (Some(false), &rest[1..]),
            Some(b'x') => (Some(true), &rest[1..]),
            _ => (None, rest),
        };
        let (to, rest) = take_square(rest, 8, 8)?;
        let step = Typed::Step {
            from: index(from),
            to: index(to),
            capture,
        };
        (step, rest)
    };
    if rest.is_empty() {
        return Some((typed, None));
    }
    let rest = rest.strip_prefix('@').unwrap_or(rest);
    let drop = parse_square(rest, 8, 8)?;
    Some((typed, Some(index(drop))))
}

fn step_message(game: &Loa, error: StepError, from: u8, to: u8) -> Msg {
    let (from_name, to_name) = (name(from), name(to));
    let mover = game.color_to_move();
    match error {
        StepError::NoPiece => Msg::new("move-no-piece").code("square", from_name),
        StepError::NotYours => Msg::new("move-loa-not-yours")
            .code("square", from_name)
            .plain("color", mover.name()),
        StepError::SameSquare => Msg::new("move-loa-same-square").code("square", from_name),
        StepError::NotALine => Msg::new("move-loa-not-a-line")
            .code("from", from_name)
            .code("to", to_name),
        StepError::Distance(n) => Msg::new("move-loa-distance")
            .code("square", from_name)
            .num("n", n),
        StepError::JumpsEnemy(sq) => Msg::new("move-loa-jumps-enemy").code("square", name(sq)),
        StepError::OwnPiece => Msg::new("move-loa-own-piece").code("square", to_name),
        StepError::WrongSet(required) => {
            let set = match required {
                Required::Unmarked => PieceSet::Unmarked,
                Required::Marked | Required::Any => PieceSet::Marked,
            };
            match game.seat_to_move() {
                Some(seat) => Msg::new("move-loa-wrong-seat")
                    .code("square", from_name)
                    .code("seat", seat.name())
                    .plain("color", seat.color().name())
                    .plain("set", set.name()),
                None => Msg::new("move-loa-wrong-set")
                    .code("square", from_name)
                    .plain("set", set.name()),
            }
        }
    }
}

/// Reads a typed turn and returns it only if it is legal in `game`.
pub(super) fn parse(game: &Loa, text: &str) -> Result<LoaMove, MoveError> {
    if game.outcome.is_some() {
        return Err(MoveError::GameOver);
    }
    let board = &game.board;
    let must_drop = board.must_drop();
    let expected = || {
        MoveError::Syntax(Msg::new(if must_drop {
            "move-loa-expected-drop"
        } else {
            "move-loa-expected"
        }))
    };
    let squashed = squash(text);
    if squashed.len() > MAX_LEN {
        return Err(expected());
    }
    let (typed, drop) = read(&squashed).ok_or_else(expected)?;
    let (mut mv, typed_capture) = match typed {
        Typed::Pass => {
            if board.has_step() {
                return Err(MoveError::Illegal(Msg::new("move-loa-pass-not-allowed")));
            }
            let mv = LoaMove {
                from: NO_SQUARE,
                to: NO_SQUARE,
                capture: false,
                drop: NO_SQUARE,
            };
            (mv, None)
        }
        Typed::Step { from, to, capture } => {
            let is_capture = board
                .check_step(from, to)
                .map_err(|e| MoveError::Illegal(step_message(game, e, from, to)))?;
            let mv = LoaMove {
                from,
                to,
                capture: is_capture,
                drop: NO_SQUARE,
            };
            (mv, capture)
        }
    };
    let free = !game.occupied_after(mv.from, mv.to);
    match (must_drop, drop) {
        (true, None) => {
            let example = LoaMove {
                drop: free.trailing_zeros() as u8,
                ..mv
            };
            return Err(MoveError::Illegal(
                Msg::new("move-loa-must-drop")
                    .plain("color", game.color_to_move().opponent().name())
                    .code("move", format(&example)),
            ));
        }
        (false, Some(_)) => {
            return Err(MoveError::Illegal(
                Msg::new("move-loa-nothing-to-drop").code("move", format(&mv)),
            ));
        }
        (true, Some(sq)) => {
            if free & (1u64 << sq) == 0 {
                return Err(MoveError::Illegal(
                    Msg::new("move-loa-drop-taken").code("square", name(sq)),
                ));
            }
            mv.drop = sq;
        }
        (false, None) => {}
    }
    match typed_capture {
        Some(true) if !mv.capture => Err(MoveError::Syntax(
            Msg::new("move-loa-not-a-capture")
                .code("typed", format!("{}x{}", name(mv.from), name(mv.to)))
                .code("move", format(&mv)),
        )),
        Some(false) if mv.capture => Err(MoveError::Syntax(
            Msg::new("move-loa-is-a-capture")
                .code("typed", format!("{}-{}", name(mv.from), name(mv.to)))
                .code("move", format(&mv)),
        )),
        _ => Ok(mv),
    }
}
