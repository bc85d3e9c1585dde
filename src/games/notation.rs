//! Helpers shared by the games' notations: square names and lenient reading of typed moves.

/// The name of a square: file letter + rank number, both 0-based here (`(0, 0)` is `a1`).
pub fn square_name(file: u8, rank: u8) -> String {
    let mut name = String::with_capacity(4);
    push_square(&mut name, file, rank);
    name
}

/// Appends a square's name to `out`: move lists name every square of every legal move, so this
/// writes in place rather than formatting a new string each time.
pub fn push_square(out: &mut String, file: u8, rank: u8) {
    use std::fmt::Write;
    // Writing to a `String` cannot fail.
    let _ = write!(out, "{}{}", char::from(b'a' + file), u16::from(rank) + 1);
}

/// Lower-cases a typed move and drops every kind of white space, so `" B1 b3 "` becomes `"b1b3"`.
pub fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Reads one square name at the start of `text` on a board of `files` x `ranks` (ranks may have
/// two digits). Returns the 0-based `(file, rank)` and the rest of the text, or `None`.
pub fn take_square(text: &str, files: u8, ranks: u8) -> Option<((u8, u8), &str)> {
    let bytes = text.as_bytes();
    let file = bytes.first()?.to_ascii_lowercase();
    if !file.is_ascii_lowercase() || file - b'a' >= files {
        return None;
    }
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    // With two digits available, prefer the longest rank that exists on this board
    // (`a17` on Lightning's 17 ranks), else fall back to one digit (`a1` followed by more text).
    for len in (1..=digits.min(2)).rev() {
        let number: u32 = text[1..1 + len].parse().ok()?;
        if len == 2 && text.as_bytes()[1] == b'0' {
            continue;
        }
        if (1..=u32::from(ranks)).contains(&number) {
            return Some(((file - b'a', (number - 1) as u8), &text[1 + len..]));
        }
    }
    None
}

/// Reads a whole text as exactly one square name.
pub fn parse_square(text: &str, files: u8, ranks: u8) -> Option<(u8, u8)> {
    match take_square(text, files, ranks)? {
        (square, "") => Some(square),
        _ => None,
    }
}

/// Each ply's move number: a move is one player's turn, counted from 1 over all players, so a
/// turn of several plies (Lightning's `P` then `-c1`) is one move, and a round of four players
/// is four moves. `movers` says who played each ply; consecutive plies of one mover are one turn
/// (every game alternates its movers: a player without a move passes with a ply of its own).
pub fn move_numbers<T: PartialEq>(movers: &[T]) -> Vec<usize> {
    let mut number = 0;
    movers
        .iter()
        .enumerate()
        .map(|(i, mover)| {
            if i == 0 || movers[i - 1] != *mover {
                number += 1;
            }
            number
        })
        .collect()
}

/// The number of the move `next` is to play after `movers`: the last move's own number while
/// its mover is still in the middle of it (Lightning's drawn tile), else the one after.
pub fn next_move_number<T: PartialEq>(movers: &[T], next: &T) -> usize {
    let last = move_numbers(movers).last().copied().unwrap_or(0);
    match movers.last() {
        Some(mover) if mover == next => last,
        _ => last + 1,
    }
}

/// A score sheet: the plies of a game (notation and who played each) grouped into moves (see
/// [`move_numbers`]), each prefixed by its own number, `per_row` moves a row (one round: two,
/// or four for four players): `15. h4xd4  16. g8-c8`.
pub fn score_sheet<T: PartialEq>(plies: &[(String, T)], per_row: usize) -> Vec<String> {
    let movers: Vec<&T> = plies.iter().map(|(_, mover)| mover).collect();
    let numbers = move_numbers(&movers);
    let mut moves: Vec<(usize, String)> = Vec::new();
    for ((text, _), number) in plies.iter().zip(numbers) {
        match moves.last_mut() {
            Some((last, turn)) if *last == number => {
                turn.push(' ');
                turn.push_str(text);
            }
            _ => moves.push((number, text.clone())),
        }
    }
    moves
        .chunks(per_row.max(1))
        .map(|row| {
            row.iter()
                .map(|(number, text)| format!("{number}. {text}"))
                .collect::<Vec<_>>()
                .join("  ")
        })
        .collect()
}
