//! The position as text: the one-line export (and its import) and the drawing.
//!
//! Export format, fields separated by one space:
//! `<board> <to move> <ply> <held> <result> rules=<rules> setup=<setup>`, e.g.
//! `1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w 0 0,0 * rules=abacus setup=standard`.
//! The board lists ranks 8 to 1 separated by `/`, each from file a to h: `w` and `b` are pieces
//! and a digit counts empty squares. `<to move>` is `w` or `b`. `<held>` is how many white and
//! how many black stones the opponent still holds (parachute). `<result>` is `*` while the game
//! goes on, else `white-connection`, `black-connection`, `draw-connection` or
//! `draw-repetition`.

use std::fmt::Write;

use super::board::{Board, Verdict};
use super::{Color, Loa, LoaOptions, LoaSetup};
use crate::games::{Game, GameOptions, ImportError, Outcome, Reason, Status};

fn color_letter(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

pub(super) fn export(game: &Loa) -> String {
    let mut text = String::with_capacity(96);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match game.piece_at(file, rank) {
                Some(color) => {
                    if empty > 0 {
                        let _ = write!(text, "{empty}");
                        empty = 0;
                    }
                    text.push(color_letter(color));
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
        color_letter(game.color_to_move()),
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

/// Reads the board field into White's and Black's bitboards.
fn read_board(field: &str) -> Result<(u64, u64), ImportError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(error("the board needs 8 ranks separated by /"));
    }
    let mut pieces = [0u64; 2];
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        for c in row.chars() {
            match c {
                '1'..='8' => file += c.to_digit(10).unwrap_or(0),
                'w' | 'b' => {
                    if file < 8 {
                        let color = usize::from(c == 'b');
                        pieces[color] |= 1u64 << (rank * 8 + file);
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
    Ok((pieces[0], pieces[1]))
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
    let (white, black) = read_board(board_field)?;
    let to_move = match *to_move {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(error("the side to move is w or b")),
    };
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
    let options = LoaOptions::parse(&option_fields.join(" ")).map_err(|e| error(e.0))?;
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

    let board = Board::new(white, black, [held_white, held_black], to_move);
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
            let c = game.piece_at(file, rank).map_or('.', color_letter);
            text.push(' ');
            text.push(c);
        }
        let _ = writeln!(text, " {}", rank + 1);
    }
    text.push_str("  a b c d e f g h\n");
    match game.status() {
        Status::ToMove(_) => {
            let _ = write!(text, "{} to move", game.color_to_move());
        }
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
