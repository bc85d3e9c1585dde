//! Finding moves without typing them in full: autocomplete hints and the select menus.

use crate::games::AnyGame;

use crate::i18n::Msg;
use crate::table::act::{Act, Stamp};
use crate::table::api::{Menu, MenuOption};

/// Discord's limits: choices per autocomplete or menu, rows per message.
pub const MAX_CHOICES: usize = 25;
pub const MAX_ROWS: usize = 5;

/// The legal moves a player may be shown: the game decides what is public (Lightning offers
/// only the draw step `P` for the pile, never a whole turn naming the hidden top tile).
pub fn visible_moves(game: &AnyGame) -> Vec<String> {
    game.visible_move_texts()
}

/// A move text reduced for matching what people type: lower case, no separators (`-`, `@`, `*`,
/// `+`, spaces) and no capture `x` after a square (`c1xa3` -> `c1a3`); Lightning's `X` design
/// letter stays because it follows a letter.
pub fn match_key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous = ' ';
    for c in text.chars().flat_map(char::to_lowercase) {
        let skip = c.is_whitespace()
            || matches!(c, '-' | '@' | '*' | '+')
            || (c == 'x' && previous.is_ascii_digit());
        if !skip {
            out.push(c);
        }
        previous = c;
    }
    out
}

/// Where a move starts, for grouping: the text before its first separator (`b1` of `b1-b3`,
/// `c1` of `c1xa3`, `PS` of `PS-c1`, `N+E` of `N+E@c4`, `pass` of `pass@d5`).
pub fn source_of(text: &str) -> &str {
    let mut previous = ' ';
    for (i, c) in text.char_indices() {
        if i > 0 && (c == '-' || c == '@' || (c == 'x' && previous.is_ascii_digit())) {
            return &text[..i];
        }
        previous = c;
    }
    text
}

/// The legal moves matching a typed prefix (case-insensitive, separators optional), at most 25.
/// With nothing typed, or more matches than fit, moves are taken in turn from each source so
/// that every piece shows up, then listed grouped by source.
pub fn hints(legal: &[String], prefix: &str) -> Vec<String> {
    let key = match_key(prefix);
    let matching: Vec<&String> = legal
        .iter()
        .filter(|m| match_key(m).starts_with(&key))
        .collect();
    spread(&matching, MAX_CHOICES)
}

/// Up to `limit` moves, fairly spread over their sources, listed source by source.
fn spread(moves: &[&String], limit: usize) -> Vec<String> {
    if moves.len() <= limit {
        return moves.iter().map(|m| m.to_string()).collect();
    }
    let mut groups: Vec<(&str, Vec<&String>)> = Vec::new();
    for m in moves {
        let source = source_of(m);
        match groups.iter_mut().find(|(s, _)| *s == source) {
            Some((_, list)) => list.push(m),
            None => groups.push((source, vec![m])),
        }
    }
    let mut taken = vec![0usize; groups.len()];
    let mut count = 0;
    'outer: loop {
        let mut progressed = false;
        for (i, (_, list)) in groups.iter().enumerate() {
            if taken[i] < list.len() {
                taken[i] += 1;
                count += 1;
                progressed = true;
                if count == limit {
                    break 'outer;
                }
            }
        }
        if !progressed {
            break;
        }
    }
    groups
        .iter()
        .zip(taken)
        .flat_map(|((_, list), n)| list[..n].iter().map(|m| m.to_string()))
        .collect()
}

fn menus_of(act: Act, stamp: Stamp, placeholder: &Msg, items: &[String], rows: usize) -> Vec<Menu> {
    let id = act.custom_id(stamp).unwrap_or_default();
    items
        .chunks(MAX_CHOICES)
        .take(rows)
        .enumerate()
        .map(|(i, chunk)| Menu {
            // Discord wants distinct ids within a message; the suffix is ignored when parsing.
            id: if i == 0 {
                id.clone()
            } else {
                format!("{id}:{i}")
            },
            placeholder: placeholder.clone(),
            options: chunk
                .iter()
                .map(|m| MenuOption {
                    label: Msg::verbatim(m.as_str()),
                    value: m.clone(),
                })
                .collect(),
        })
        .collect()
}

/// The first step of moving with menus: one entry per source (piece, tile, pile ...); when no
/// move has a source of its own (Lightning's second step `-c1`, a lone `pass`), the moves.
pub fn source_menus(legal: &[String], stamp: Stamp, rows: usize) -> Vec<Menu> {
    if legal.iter().all(|m| source_of(m) == m) {
        return menus_of(
            Act::Move(String::new()),
            stamp,
            &Msg::new("menu-move"),
            legal,
            rows,
        );
    }
    let mut sources: Vec<String> = Vec::new();
    for m in legal {
        let s = source_of(m);
        if !sources.iter().any(|x| x == s) {
            sources.push(s.to_string());
        }
    }
    menus_of(
        Act::PickSource(String::new()),
        stamp,
        &Msg::new("menu-pick-piece"),
        &sources,
        rows,
    )
}

/// The second step: the moves that start with `source`; when there are too many (a move
/// followed by a drop), first the part before the drop, as a further source menu.
pub fn move_menus(legal: &[String], source: &str, stamp: Stamp) -> Vec<Menu> {
    let chosen: Vec<String> = legal
        .iter()
        .filter(|m| m.starts_with(source))
        .cloned()
        .collect();
    let to = Msg::new("menu-move-to").code("source", source);
    if chosen.len() <= MAX_CHOICES * MAX_ROWS {
        return menus_of(Act::Move(String::new()), stamp, &to, &chosen, MAX_ROWS);
    }
    let mut stages: Vec<String> = Vec::new();
    for m in &chosen {
        let stage = m.split('@').next().unwrap_or(m);
        if stage.len() > source.len() && !stages.iter().any(|s| s == stage) {
            stages.push(stage.to_string());
        }
    }
    if stages.is_empty() || stages.len() >= chosen.len() {
        return menus_of(Act::Move(String::new()), stamp, &to, &chosen, MAX_ROWS);
    }
    menus_of(
        Act::PickSource(String::new()),
        stamp,
        &Msg::new("menu-pick-move").code("source", source),
        &stages,
        MAX_ROWS,
    )
}
