//! The terminal's words for a position: the text board with its pieces coloured, the legend and
//! the lines under it (clocks, reserves, whose half is whose), a result, and the legal moves
//! grouped by the square they start from.

use super::*;

/// A line of a text board's grid: a rank (it starts with its number) or the files' letters.
/// Colours on a terminal that shows them: `NO_COLOR` turns them off, `CLICOLOR_FORCE` on even
/// when the output is not a terminal (the usual conventions).
pub(super) fn wants_colour(terminal: bool) -> bool {
    let set = |key| std::env::var_os(key).is_some_and(|v| !v.is_empty() && v != "0");
    !set("NO_COLOR") && (terminal || set("CLICOLOR_FORCE"))
}

/// The pieces of a rank line as the reader's language names them, coloured by side when
/// `colour` (the game says which characters are pieces); coordinates and the rest are left
/// alone. In French, LOA's `w`/`b` become `b` (blanc) and `n` (noir): a French reader takes
/// `b` for *blanc*.
pub(super) fn show_pieces(game: &AnyGame, line: &str, lang: Lang, colour: bool) -> String {
    if !line.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
        return line.to_string();
    }
    let french_loa = lang == Lang::Fr && matches!(game, AnyGame::Loa(_));
    line.chars()
        .map(|c| {
            let shown = match (french_loa, c) {
                (true, 'w') => 'b',
                (true, 'W') => 'B',
                (true, 'b') => 'n',
                (true, 'B') => 'N',
                _ => c,
            };
            match (colour, game.glyph_side(c)) {
                (true, Some(Side::First)) => format!("\x1b[1;34m{shown}\x1b[0m"),
                (true, Some(Side::Second)) => format!("\x1b[1;31m{shown}\x1b[0m"),
                _ => shown.to_string(),
            }
        })
        .collect()
}

/// What the letters of a text board mean (Barrier's legend comes with its extras).
pub(super) fn legend(game: &AnyGame) -> Option<Msg> {
    match game {
        AnyGame::Loa(g) => Some(
            Msg::new("local-legend-loa").plain("marks", if g.marked() != 0 { "yes" } else { "no" }),
        ),
        AnyGame::Simultana(_) => Some(Msg::new("local-legend-simultana")),
        AnyGame::Lightning(_) | AnyGame::Barrier(_) => None,
    }
}

pub(super) fn is_grid_line(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with(|c: char| c.is_ascii_digit())
        || (!t.is_empty()
            && t.split_whitespace()
                .all(|w| matches!(w, "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h")))
}

/// What a text board needs besides the grid, as messages: Lightning's reserve, pile and tile
/// in hand; Barrier's tiles still to lay, its symbols and the quiet-move count.
pub(super) fn extras(game: &AnyGame) -> Vec<Msg> {
    match game {
        AnyGame::Lightning(g) => {
            let reserve: Vec<String> = Design::ALL
                .iter()
                .zip(g.reserve())
                .map(|(d, n)| format!("{d}({}) {n}", d.glyph()))
                .collect();
            let mut out = vec![
                Msg::new("local-reserve").plain("tiles", reserve.join("  ")),
                Msg::new("pic-pile").num("n", g.pile_len() as i64),
            ];
            if let Some((source, design)) = g.in_hand() {
                let from = match source {
                    Source::Pile => Msg::new("pic-from-pile"),
                    Source::Reserve => Msg::new("pic-from-reserve"),
                };
                out.push(
                    Msg::new("local-in-hand")
                        .code("tile", design.to_string())
                        .msg("from", from),
                );
            }
            out
        }
        AnyGame::Barrier(g) => {
            let mut out = Vec::new();
            if g.is_laying() {
                for side in Side::BOTH {
                    let tiles: Vec<String> = g
                        .unplayed_tiles(side)
                        .iter()
                        .map(|t| t.to_string())
                        .collect();
                    out.push(
                        Msg::new("local-holds")
                            .msg("side", words::side(game.side_name(side)))
                            .code("tiles", tiles.join(" ")),
                    );
                }
            }
            out.push(Msg::new("local-barrier-legend"));
            out.push(
                Msg::new("local-quiet")
                    .num("n", i64::from(g.quiet_plies()))
                    .num("max", i64::from(MOVE_LIMIT)),
            );
            out
        }
        AnyGame::Loa(_) | AnyGame::Simultana(_) => Vec::new(),
    }
}

/// How a game ended, in the words of the picture's banner: `alice (white) wins by resignation`.
pub(super) fn result_msg(game: &AnyGame, players: &[Msg], outcome: Outcome, lang: Lang) -> Msg {
    use crate::render::{Winner, result_msg};
    let winner = outcome.winner.map(|side| {
        // With four seats the winner is a team: its seats alternate in turn order.
        let mut names: Vec<String> = names_of(game, players, side, lang)
            .into_iter()
            .map(|p| p.text(lang))
            .collect();
        names.dedup();
        let colour = words::side(game.side_name(side)).text(lang);
        match names.as_slice() {
            [] => crate::render::unnamed_winner(game.side_name(side), colour),
            [one] => Winner::Player(format!("{one} ({colour})")),
            team => Winner::Team(format!("{colour} ({})", team.join(" & "))),
        }
    });
    result_msg(winner.as_ref(), outcome.reason)
}

/// The players seated on `side`, in turn order, leaving out seats with no name.
fn names_of<'a>(game: &AnyGame, players: &'a [Msg], side: Side, lang: Lang) -> Vec<&'a Msg> {
    players
        .iter()
        .enumerate()
        .filter(|(seat, p)| game.seat_side(*seat) == side && !p.text(lang).trim().is_empty())
        .map(|(_, p)| p)
        .collect()
}

/// Up to [`FLAT_MOVES`] moves on one line; more a line per piece (see [`grouped`]).
pub(super) fn listed(moves: &[String]) -> String {
    if moves.len() <= FLAT_MOVES {
        moves.join(" ")
    } else {
        format!("\n  {}", grouped(moves).join("\n  "))
    }
}

/// Legal moves a line per piece (`b1: b1-b3 b1xd3`), or per move or tile when a square follows
/// `@` (`b1-b3 @ a4 c6`: the parachute's drops), so that hundreds of moves stay readable.
#[doc(hidden)]
pub fn grouped(moves: &[String]) -> Vec<String> {
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for m in moves {
        let (key, item) = match m.split_once('@') {
            Some((before, after)) => (format!("{before} @"), after),
            None => match square_prefix(m) {
                Some(square) => (format!("{square}:"), m.as_str()),
                None => (String::new(), m.as_str()),
            },
        };
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, items)) => items.push(item),
            None => groups.push((key, vec![item])),
        }
    }
    groups
        .into_iter()
        .map(|(key, items)| match key.is_empty() {
            true => items.join(" "),
            false => format!("{key} {}", items.join(" ")),
        })
        .collect()
}

/// The square a move starts with (`b1` of `b1-b3`), if it starts with one.
#[doc(hidden)]
pub fn square_prefix(text: &str) -> Option<&str> {
    let file = text.chars().next().filter(char::is_ascii_lowercase)?;
    let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
    (file.is_ascii() && digits > 0).then(|| &text[..1 + digits])
}

/// Whose half of a Lightning board is whose: the text board draws the first player's half on
/// the left, the second's on the right, with no names over them. `None` for the other games.
pub(super) fn halves(game: &AnyGame, players: &[Msg], lang: Lang) -> Option<Msg> {
    let AnyGame::Lightning(_) = game else {
        return None;
    };
    let owner = |side: Side| match names_of(game, players, side, lang).first() {
        Some(name) => (*name).clone(),
        None => words::side(game.side_name(side)),
    };
    Some(
        Msg::new("local-lightning-halves")
            .msg("left", owner(Side::First))
            .msg("right", owner(Side::Second)),
    )
}
