//! Helpers shared by the games' notations: square names and lenient reading of typed moves.

/// The name of a square: file letter + rank number, both 0-based here (`(0, 0)` is `a1`).
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
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

/// A score sheet: the plies of a game (canonical notation and the side that played each)
/// grouped into turns (a side's consecutive plies, such as Lightning's `P` then `-c1`) and
/// numbered by rounds, the first side's turn then the second's: `1. b1-b3 g8-e6`. A round the
/// second side opens reads `4. … e6-e4`.
pub fn score_sheet(plies: &[(String, super::Side)]) -> Vec<String> {
    use super::Side;
    let mut turns: Vec<(Side, String)> = Vec::new();
    for (text, side) in plies {
        match turns.last_mut() {
            Some((last, turn)) if last == side => {
                turn.push(' ');
                turn.push_str(text);
            }
            _ => turns.push((*side, text.clone())),
        }
    }
    let mut rows: Vec<String> = Vec::new();
    let mut open = false;
    for (side, turn) in turns {
        match side {
            Side::Second if open => {
                if let Some(row) = rows.last_mut() {
                    row.push(' ');
                    row.push_str(&turn);
                }
                open = false;
            }
            Side::Second => rows.push(format!("{}. … {turn}", rows.len() + 1)),
            Side::First => {
                rows.push(format!("{}. {turn}", rows.len() + 1));
                open = true;
            }
        }
    }
    rows
}
