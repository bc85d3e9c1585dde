//! The one-line export of a Lightning position, its import, and the text drawing.
//!
//! Export: `seed=7 drawn=3 first=<half> second=<half> reserve=S1B0X0A0V0 hand=PA to=second
//! started=yes result=-`. A half lists ranks 17 down to 1, separated by `/`, each rank as design
//! letters with digits for runs of empty squares (`8` is an empty rank); a tile the half's
//! opponent laid (to block) is written in lower case. `hand` is `-` or source
//! and design; `result` is `-`, `draw-<reason>` or `<winner>-<reason>`.
//!
//! The pile is not written: it is the seed's shuffle minus the tiles already seen. For a position
//! reached by play that is exactly the rest of the shuffle; for a hand-written one it removes, for
//! each design, its first occurrences, so any position with at most 30 tiles of each design can
//! be imported.

use std::fmt::Write as _;
use std::sync::Arc;

use super::half::{FILES, Half, RANKS};
use super::{Design, Lightning, LightningOptions, PER_DESIGN, PILE_SIZE, Source, shuffled_pile};
use crate::games::{ImportError, Outcome, Reason, Side};

const KEYS: [&str; 9] = [
    "seed", "drawn", "first", "second", "reserve", "hand", "to", "started", "result",
];

fn side_word(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

fn half_text(half: &Half) -> String {
    let mut ranks = Vec::with_capacity(usize::from(RANKS));
    for rank in (0..RANKS).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..FILES {
            match half.tile(file, rank) {
                Some(d) => {
                    if empty > 0 {
                        let _ = write!(text, "{empty}");
                        empty = 0;
                    }
                    if half.laid_by_opponent(file, rank) {
                        text.push(d.letter().to_ascii_lowercase());
                    } else {
                        text.push(d.letter());
                    }
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
        ranks.push(text);
    }
    ranks.join("/")
}

pub(super) fn export(game: &Lightning) -> String {
    let reserve: String = game
        .reserve
        .iter()
        .zip(Design::ALL)
        .map(|(n, d)| format!("{d}{n}"))
        .collect();
    let hand = match game.hand {
        Some((source, design)) => format!("{}{design}", source.letter()),
        None => "-".to_string(),
    };
    let result = match game.outcome {
        None => "-".to_string(),
        Some(Outcome {
            winner: Some(w),
            reason,
        }) => format!("{}-{reason}", side_word(w)),
        Some(Outcome {
            winner: None,
            reason,
        }) => format!("draw-{reason}"),
    };
    format!(
        "seed={} drawn={} first={} second={} reserve={reserve} hand={hand} to={} started={} \
         result={result}",
        game.options.seed,
        game.drawn,
        half_text(&game.halves[0]),
        half_text(&game.halves[1]),
        side_word(game.to_move),
        if game.started { "yes" } else { "no" },
    )
}

fn err(message: impl Into<String>) -> ImportError {
    ImportError(message.into())
}

/// The tiles of a half: square, design, and whether the half's opponent laid it.
type HalfTiles = Vec<(u8, u8, Design, bool)>;

fn read_half(text: &str, owner: &str) -> Result<HalfTiles, ImportError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != usize::from(RANKS) {
        return Err(err(format!(
            "the {owner} half must have {RANKS} ranks separated by /"
        )));
    }
    let mut tiles = Vec::new();
    for (i, row) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - i as u8;
        let mut file: u32 = 0;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                file += n;
            } else if let Some(d) = Design::from_letter(c) {
                if file < u32::from(FILES) {
                    tiles.push((file as u8, rank, d, c.is_ascii_lowercase()));
                }
                file += 1;
            } else {
                return Err(err(format!(
                    "unexpected `{c}` in rank {} of the {owner} half",
                    rank + 1
                )));
            }
            if file > u32::from(FILES) {
                break;
            }
        }
        if file != u32::from(FILES) {
            return Err(err(format!(
                "rank {} of the {owner} half does not have {FILES} squares",
                rank + 1
            )));
        }
    }
    Ok(tiles)
}

fn read_reserve(text: &str) -> Result<[u8; 5], ImportError> {
    let bad = || err("the reserve must read like S0B1X0A0V2");
    let mut counts = [0u8; 5];
    let mut rest = text;
    for (i, d) in Design::ALL.into_iter().enumerate() {
        rest = rest.strip_prefix(d.letter()).ok_or_else(bad)?;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 3 {
            return Err(bad());
        }
        counts[i] = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
    }
    if rest.is_empty() {
        Ok(counts)
    } else {
        Err(bad())
    }
}

fn read_side(text: &str) -> Option<Side> {
    match text {
        "first" => Some(Side::First),
        "second" => Some(Side::Second),
        _ => None,
    }
}

fn read_result(text: &str) -> Result<Option<Outcome>, ImportError> {
    if text == "-" {
        return Ok(None);
    }
    let bad = || {
        err(format!(
            "`{text}` is not a result: write -, draw-blocked or first-connection"
        ))
    };
    let (who, reason) = text.split_once('-').ok_or_else(bad)?;
    let reason: Reason = reason.parse().map_err(|_| bad())?;
    match who {
        "draw" => Ok(Some(Outcome::draw(reason))),
        _ => read_side(who)
            .map(|side| Some(Outcome::win(side, reason)))
            .ok_or_else(bad),
    }
}

pub fn import(text: &str) -> Result<Lightning, ImportError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() != KEYS.len() {
        return Err(err(format!(
            "expected {} fields: {}",
            KEYS.len(),
            KEYS.map(|k| format!("{k}=...")).join(" ")
        )));
    }
    let mut values = [""; 9];
    for ((value, token), key) in values.iter_mut().zip(&tokens).zip(KEYS) {
        *value = token
            .strip_prefix(key)
            .and_then(|v| v.strip_prefix('='))
            .ok_or_else(|| err(format!("expected {key}=... where `{token}` is")))?;
    }
    let [
        seed,
        drawn,
        first,
        second,
        reserve,
        hand,
        to,
        started,
        result,
    ] = values;
    let seed: u64 = seed
        .parse()
        .map_err(|_| err("the seed must be a whole number"))?;
    let drawn: u8 = drawn
        .parse()
        .ok()
        .filter(|&n| usize::from(n) <= PILE_SIZE)
        .ok_or_else(|| err(format!("drawn must be a number from 0 to {PILE_SIZE}")))?;
    let halves = [read_half(first, "first")?, read_half(second, "second")?];
    let reserve = read_reserve(reserve)?;
    let hand = match hand {
        "-" => None,
        _ => {
            let mut chars = hand.chars();
            let source = match chars.next() {
                Some('P') => Source::Pile,
                Some('R') => Source::Reserve,
                _ => return Err(err("the hand must be -, or P or R and a design, like PS")),
            };
            let design = chars
                .next()
                .filter(char::is_ascii_uppercase)
                .and_then(Design::from_letter)
                .filter(|_| chars.next().is_none())
                .ok_or_else(|| err("the hand must be -, or P or R and a design, like PS"))?;
            Some((source, design))
        }
    };
    let to_move = read_side(to).ok_or_else(|| err("to must be first or second"))?;
    let started = match started {
        "yes" => true,
        "no" => false,
        _ => return Err(err("started must be yes or no")),
    };
    let result = read_result(result)?;

    let mut seen = [0u32; 5];
    for tiles in &halves {
        for &(_, _, d, _) in tiles {
            seen[d.index()] += 1;
        }
    }
    for (s, &n) in seen.iter_mut().zip(&reserve) {
        *s += u32::from(n);
    }
    if let Some((_, d)) = hand {
        seen[d.index()] += 1;
    }
    if let Some(d) = Design::ALL
        .into_iter()
        .find(|d| seen[d.index()] > u32::from(PER_DESIGN))
    {
        return Err(err(format!(
            "there are only {PER_DESIGN} tiles of design {d}"
        )));
    }
    if seen.iter().sum::<u32>() != u32::from(drawn) {
        return Err(err(format!(
            "drawn={drawn} but the boards, the reserve and the hand hold {} tiles",
            seen.iter().sum::<u32>()
        )));
    }
    let nothing_placed = halves.iter().all(Vec::is_empty);
    if !started
        && (!nothing_placed
            || reserve.iter().any(|&n| n > 0)
            || to_move != Side::First
            || matches!(hand, Some((Source::Reserve, _))))
    {
        return Err(err(
            "before the first tile is placed the boards and the reserve are empty and first is \
             to move",
        ));
    }

    // The pile: the seen tiles first (their order no longer matters), then the rest of the
    // shuffle in order.
    let mut skip = seen;
    let mut front = Vec::with_capacity(PILE_SIZE);
    let mut back = Vec::with_capacity(PILE_SIZE);
    for d in shuffled_pile(seed) {
        if skip[d.index()] > 0 {
            skip[d.index()] -= 1;
            front.push(d);
        } else {
            back.push(d);
        }
    }
    front.extend(back);
    let pile: [Design; PILE_SIZE] = front
        .try_into()
        .map_err(|_| err("the pile could not be rebuilt"))?;

    let mut game = Lightning {
        options: LightningOptions { seed },
        pile: Arc::new(pile),
        drawn,
        halves: Box::new([Half::default(), Half::default()]),
        reserve,
        hand,
        to_move,
        started,
        outcome: None,
    };
    for (half, tiles) in game.halves.iter_mut().zip(&halves) {
        for &(f, r, d, by_opponent) in tiles {
            if by_opponent {
                half.mark_laid_by_opponent(f, r);
            }
            half.place(f, r, d);
        }
    }

    let connected = [game.halves[0].is_connected(), game.halves[1].is_connected()];
    let natural = match connected {
        [true, true] => return Err(err("both halves cannot be connected")),
        [true, false] => Some(Outcome::win(Side::First, Reason::Connection)),
        [false, true] => Some(Outcome::win(Side::Second, Reason::Connection)),
        [false, false] => {
            let exhausted = usize::from(drawn) == PILE_SIZE;
            (exhausted && hand.is_none() && !game.reserve_playable())
                .then(|| Outcome::draw(Reason::Blocked))
        }
    };
    if natural.is_some() && hand.is_some() {
        return Err(err("a finished game has no tile in hand"));
    }
    if natural != result {
        return Err(err("the result does not match the position"));
    }
    if matches!(hand, Some((Source::Reserve, _))) && !game.targets(Source::Reserve).on_board() {
        return Err(err("the tile in hand has nowhere to go"));
    }
    game.outcome = natural;
    Ok(game)
}

/// Both halves side by side, each in its owner's frame (rank 17 at the top), then the reserve,
/// the pile and whose turn it is.
pub(super) fn draw(game: &Lightning) -> String {
    let mut out = String::new();
    let label = |side: Side| {
        let mut name = side_word(side).to_string();
        if game.outcome.is_none() && game.to_move == side {
            name.push_str(" *");
        }
        name
    };
    let header = format!(
        "   {:<16}       {}",
        label(Side::First),
        label(Side::Second)
    );
    let _ = writeln!(out, "{}", header.trim_end());
    for rank in (0..RANKS).rev() {
        let mut line = String::new();
        for (i, half) in game.halves.iter().enumerate() {
            if i == 1 {
                line.push_str("     ");
            }
            let _ = write!(line, "{:>2} ", rank + 1);
            for file in 0..FILES {
                line.push(half.tile(file, rank).map_or('.', Design::glyph));
                line.push(' ');
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(out, "   a b c d e f g h         a b c d e f g h");
    let reserve: Vec<String> = Design::ALL
        .iter()
        .map(|d| format!("{d}({}) {}", d.glyph(), game.reserve[d.index()]))
        .collect();
    let _ = writeln!(out, "reserve: {}", reserve.join("  "));
    let _ = write!(out, "pile: {} tiles", game.pile_len());
    if let Some((source, design)) = game.hand {
        let from = match source {
            Source::Pile => "pile",
            Source::Reserve => "reserve",
        };
        let _ = write!(out, "   in hand: {design} from the {from}");
    }
    out.push('\n');
    match game.outcome {
        None => {
            let _ = write!(out, "{} to move", side_word(game.to_move));
        }
        Some(Outcome {
            winner: Some(w),
            reason,
        }) => {
            let _ = write!(out, "{} wins ({reason})", side_word(w));
        }
        Some(Outcome {
            winner: None,
            reason,
        }) => {
            let _ = write!(out, "draw ({reason})");
        }
    }
    out
}
