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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_on_every_board_size() {
        for (files, ranks) in [(5u8, 5u8), (8, 8), (8, 17)] {
            for f in 0..files {
                for r in 0..ranks {
                    let name = square_name(f, r);
                    assert_eq!(parse_square(&name, files, ranks), Some((f, r)), "{name}");
                    assert_eq!(
                        parse_square(&name.to_uppercase(), files, ranks),
                        Some((f, r))
                    );
                }
            }
        }
    }

    #[test]
    fn squares_off_the_board_are_refused() {
        assert_eq!(parse_square("i1", 8, 8), None);
        assert_eq!(parse_square("a9", 8, 8), None);
        assert_eq!(parse_square("a0", 8, 8), None);
        assert_eq!(parse_square("f1", 5, 5), None);
        assert_eq!(parse_square("a18", 8, 17), None);
        assert_eq!(parse_square("a01", 8, 17), None);
        assert_eq!(parse_square("", 8, 8), None);
        assert_eq!(parse_square("é1", 8, 8), None);
    }

    #[test]
    fn take_square_leaves_the_rest() {
        assert_eq!(take_square("b1b3", 8, 8), Some(((1, 0), "b3")));
        assert_eq!(take_square("a17x", 8, 17), Some(((0, 16), "x")));
        // On an 8-rank board "a12" is a1 followed by "2".
        assert_eq!(take_square("a12", 8, 8), Some(((0, 0), "2")));
        assert_eq!(squash(" B1 b3\t"), "b1b3");
    }
    #[test]
    fn score_sheets_number_rounds_and_keep_a_turn_together() {
        use crate::games::Side::{First, Second};
        let plies = |list: &[(&str, crate::games::Side)]| {
            list.iter()
                .map(|(t, s)| (t.to_string(), *s))
                .collect::<Vec<_>>()
        };
        assert!(score_sheet(&[]).is_empty());
        assert_eq!(
            score_sheet(&plies(&[
                ("b1-b3", First),
                ("g8-e6", Second),
                ("c1-c3", First)
            ])),
            ["1. b1-b3 g8-e6", "2. c1-c3"]
        );
        // Lightning: a turn of two plies stays one turn.
        assert_eq!(
            score_sheet(&plies(&[
                ("P", First),
                ("-c1", First),
                ("RS-c2", Second),
                ("P", First),
            ])),
            ["1. P -c1 RS-c2", "2. P"]
        );
        assert_eq!(
            score_sheet(&plies(&[("e5-e4", Second), ("a2-a3", First)])),
            ["1. … e5-e4", "2. a2-a3"]
        );
    }
}
