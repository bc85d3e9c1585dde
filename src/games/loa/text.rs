//! The position as text: the one-line export (and its import) and the drawing.
//!
//! Export format, fields separated by one space:
//! `<board> <to move> <ply> <held> <result> rules=<rules> setup=<setup>`, e.g.
//! `1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w 0 0,0 * rules=abacus setup=standard`.
//! The board lists ranks 8 to 1 separated by `/`, each from file a to h: `w` and `b` are pieces
//! (`W` and `B` marked pieces, with `players=4` or `marks=alternate`) and a digit counts empty
//! squares. `<to move>` is `w` or `b`; with `players=4` it is the seat (`w1`, `b1`, `w2`, `b2`);
//! with `marks=alternate` it is followed by `:` and the sets White and Black must move next
//! (`m` marked, `u` unmarked, `-` free choice), e.g. `b:um`. `<held>` is how many white and
//! how many black stones the opponent still holds (parachute). `<result>` is `*` while the game
//! goes on, else `white-connection`, `black-connection`, `draw-connection` or
//! `draw-repetition`.

use std::fmt::Write;

use super::board::{Board, Required, Turns, Verdict};
// `text` names the output being built in this file, so the message helper is renamed.
use super::{Color, Loa, LoaOptions, LoaSetup, PieceSet, Seat, Text, text as variant_text};
use crate::games::{Game, GameOptions, ImportError, Outcome, Reason, Status};

fn color_letter(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

/// The letter of the piece on a square: upper case when it is marked.
fn piece_letter(game: &Loa, file: u8, rank: u8) -> Option<char> {
    let letter = color_letter(game.piece_at(file, rank)?);
    Some(if game.is_marked(file, rank) {
        letter.to_ascii_uppercase()
    } else {
        letter
    })
}

fn set_letter(set: Option<PieceSet>) -> char {
    match set {
        None => '-',
        Some(PieceSet::Marked) => 'm',
        Some(PieceSet::Unmarked) => 'u',
    }
}

/// The `<to move>` field: a colour, a seat, or a colour with the required sets.
fn to_move_field(game: &Loa) -> String {
    if let Some(seat) = game.seat_to_move() {
        return seat.name().to_string();
    }
    let mut field = color_letter(game.color_to_move()).to_string();
    if game.board.variant().turns == Turns::Alternate {
        field.push(':');
        for color in Color::BOTH {
            field.push(set_letter(game.required_set(color)));
        }
    }
    field
}

pub(super) fn export(game: &Loa) -> String {
    let mut text = String::with_capacity(96);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match piece_letter(game, file, rank) {
                Some(letter) => {
                    if empty > 0 {
                        let _ = write!(text, "{empty}");
                        empty = 0;
                    }
                    text.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let result = match game.outcome {
        None => "*".to_string(),
        Some(outcome) => {
            let who = match outcome.winner {
                Some(side) => game.color_of(side).name(),
                None => "draw",
            };
            format!("{who}-{}", outcome.reason)
        }
    };
    let _ = write!(
        text,
        " {} {} {},{} {result} {}",
        to_move_field(game),
        game.ply,
        game.held(Color::White),
        game.held(Color::Black),
        game.options.to_text()
    );
    text
}

fn error(message: impl Into<String>) -> ImportError {
    ImportError(message.into())
}

/// Reads the board field into White's and Black's bitboards and the marked squares.
fn read_board(field: &str) -> Result<(u64, u64, u64), ImportError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(error("the board needs 8 ranks separated by /"));
    }
    let mut pieces = [0u64; 2];
    let mut marked = 0u64;
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        for c in row.chars() {
            match c {
                '1'..='8' => file += c.to_digit(10).unwrap_or(0),
                'w' | 'b' | 'W' | 'B' => {
                    if file < 8 {
                        let color = usize::from(c.eq_ignore_ascii_case(&'b'));
                        pieces[color] |= 1u64 << (rank * 8 + file);
                        if c.is_ascii_uppercase() {
                            marked |= 1u64 << (rank * 8 + file);
                        }
                    }
                    file += 1;
                }
                _ => {
                    return Err(error(format!(
                        "the board holds w, b and digits, not `{}`",
                        c.escape_default()
                    )));
                }
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(error(format!("rank {} does not have 8 squares", rank + 1)));
        }
    }
    Ok((pieces[0], pieces[1], marked))
}

fn read_set(letter: char) -> Option<Option<PieceSet>> {
    match letter {
        '-' => Some(None),
        'm' => Some(Some(PieceSet::Marked)),
        'u' => Some(Some(PieceSet::Unmarked)),
        _ => None,
    }
}

/// Reads the `<to move>` field for the options' variant: the colour to move and each colour's
/// required set (see the module's doc comment).
fn read_to_move(field: &str, options: &LoaOptions) -> Result<(Color, [Required; 2]), ImportError> {
    let bad = || error(variant_text(Text::ToMoveField));
    let colour = |letter: &str| match letter {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(bad()),
    };
    match options.variant().turns {
        Turns::Plain => match field {
            "w" => Ok((Color::White, [Required::Any; 2])),
            "b" => Ok((Color::Black, [Required::Any; 2])),
            _ => Err(error("the side to move is w or b")),
        },
        Turns::Seats => {
            let seat = Seat::ALL
                .into_iter()
                .find(|s| s.name() == field)
                .ok_or_else(bad)?;
            let mover = seat.color();
            let own = PieceSet::required(Some(seat.pieces()));
            // The order goes first colour marked, second marked, first unmarked, second
            // unmarked: the first colour's seat is followed by the same set of the second.
            let other = if mover == options.rules.first_color() {
                own
            } else {
                match own {
                    Required::Marked => Required::Unmarked,
                    _ => Required::Marked,
                }
            };
            let mut required = [other; 2];
            required[mover.index()] = own;
            Ok((mover, required))
        }
        Turns::Alternate => {
            let (letter, sets) = field.split_once(':').ok_or_else(bad)?;
            let mut letters = sets.chars();
            let (Some(white), Some(black), None) = (letters.next(), letters.next(), letters.next())
            else {
                return Err(bad());
            };
            let white = read_set(white).ok_or_else(bad)?;
            let black = read_set(black).ok_or_else(bad)?;
            Ok((
                colour(letter)?,
                [PieceSet::required(white), PieceSet::required(black)],
            ))
        }
    }
}

fn read_result(field: &str) -> Result<Option<(Option<Color>, Reason)>, ImportError> {
    if field == "*" {
        return Ok(None);
    }
    let (who, reason) = field
        .split_once('-')
        .ok_or_else(|| error("the result is *, white-connection, black-connection, draw-connection or draw-repetition"))?;
    let winner = match who {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        "draw" => None,
        _ => return Err(error("the result names white, black or draw")),
    };
    let reason = match reason {
        "connection" => Reason::Connection,
        "repetition" if winner.is_none() => Reason::Repetition,
        _ => {
            return Err(error(
                "a Lines of Action game ends by connection or by a draw by repetition",
            ));
        }
    };
    Ok(Some((winner, reason)))
}

pub(super) fn import(text: &str) -> Result<Loa, ImportError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board_field, to_move, ply, held, result, option_fields @ ..] = fields.as_slice() else {
        return Err(error(
            "write <board> <w|b> <ply> <held white>,<held black> <result> [options]",
        ));
    };
    let (white, black, marked) = read_board(board_field)?;
    let options = LoaOptions::parse(&option_fields.join(" ")).map_err(|e| error(e.0))?;
    let (to_move, required) = read_to_move(to_move, &options)?;
    let ply: u32 = ply
        .parse()
        .map_err(|_| error("the ply is a number of turns"))?;
    let held: Vec<u8> = held
        .split(',')
        .map(|n| n.parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|_| error("held stones are written as two numbers like 6,6"))?;
    let [held_white, held_black] = held[..] else {
        return Err(error("held stones are written as two numbers like 6,6"));
    };
    let result = read_result(result)?;

    let limit = if options.setup == LoaSetup::Parachute {
        6
    } else {
        0
    };
    if held_white > limit || held_black > limit {
        return Err(error(format!(
            "with setup={} a player holds at most {limit} stones",
            options.setup.name()
        )));
    }
    for (color, bb, held) in [
        (Color::White, white, held_white),
        (Color::Black, black, held_black),
    ] {
        if bb.count_ones() + u32::from(held) > 12 {
            return Err(error(format!("{color} has more than 12 stones")));
        }
    }

    if marked != 0 && !options.has_marks() {
        return Err(error(variant_text(Text::MarksWithoutVariant)));
    }
    if options.has_marks() {
        for (color, bb) in [(Color::White, white), (Color::Black, black)] {
            for (set, pieces) in [
                (PieceSet::Marked, bb & marked),
                (PieceSet::Unmarked, bb & !marked),
            ] {
                if pieces.count_ones() > 6 {
                    return Err(error(variant_text(Text::TooManyOfSet { color, set })));
                }
            }
        }
    }

    let board = Board::with_variant(
        white,
        black,
        [held_white, held_black],
        to_move,
        options.variant(),
        marked,
        required,
    );
    let mut game = Loa::from_parts(options, board, None, ply);
    let verdict = board.full_verdict(game.options.rules);
    let outcome = result.map(|(winner, reason)| Outcome {
        winner: winner.map(|c| game.side_of(c)),
        reason,
    });
    let consistent = match (outcome, verdict) {
        (None, Verdict::Ongoing) => true,
        (Some(o), Verdict::Ongoing) => o.reason == Reason::Repetition,
        (Some(o), v) => game.verdict_outcome(v) == Some(o),
        (None, _) => false,
    };
    if !consistent {
        let actual = match game.verdict_outcome(verdict) {
            None => "nobody is connected".to_string(),
            Some(Outcome {
                winner: Some(side), ..
            }) => format!("{} wins by connection", game.color_of(side)),
            Some(_) => "it is a draw by connection".to_string(),
        };
        return Err(error(format!(
            "the result does not match the board: {actual}"
        )));
    }
    game.outcome = outcome;
    Ok(game)
}

pub(super) fn draw(game: &Loa) -> String {
    let mut text = String::from("  a b c d e f g h\n");
    for rank in (0..8).rev() {
        let _ = write!(text, "{}", rank + 1);
        for file in 0..8 {
            let c = piece_letter(game, file, rank).unwrap_or('.');
            text.push(' ');
            text.push(c);
        }
        let _ = writeln!(text, " {}", rank + 1);
    }
    text.push_str("  a b c d e f g h\n");
    if game.options.has_marks() {
        let _ = writeln!(text, "{}", variant_text(Text::MarkLegend));
    }
    match game.status() {
        Status::ToMove(_) => match game.seat_to_move() {
            Some(seat) => {
                let _ = write!(text, "{}", variant_text(Text::SeatToMove(seat)));
            }
            None => {
                let _ = write!(text, "{} to move", game.color_to_move());
                if game.board.variant().turns == Turns::Alternate {
                    for color in Color::BOTH {
                        let set = game.required_set(color);
                        let _ = write!(text, "\n{}", variant_text(Text::SetToMove(color, set)));
                    }
                }
            }
        },
        Status::Over(Outcome {
            winner: Some(side),
            reason,
        }) => {
            let _ = write!(text, "{} wins by {reason}", game.color_of(side));
        }
        Status::Over(Outcome { reason, .. }) => {
            let _ = write!(text, "draw by {reason}");
        }
    }
    for color in Color::BOTH {
        let held = game.held(color);
        if held > 0 {
            let _ = write!(
                text,
                "\n{} holds {held} {color} stone{}",
                color.opponent(),
                if held == 1 { "" } else { "s" }
            );
        }
    }
    text.push('\n');
    text
}
