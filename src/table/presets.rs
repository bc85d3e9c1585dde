//! Per-move clock settings; the named variants of each game live with the game
//! ([`crate::games::variants`]) and are re-exported here for the table's callers.

use crate::i18n::Msg;

pub use crate::games::{Variant, ladder, ladders, variant, variants};

/// The shortest and longest time per move.
pub const MIN_CLOCK_SECS: i64 = 60;
pub const MAX_CLOCK_SECS: i64 = 7 * 24 * 3600;
/// One day per move, unless the challenge says otherwise.
pub const DEFAULT_CLOCK_SECS: i64 = 24 * 3600;

/// The shortest and longest time for each player's whole game on a game clock, in minutes,
/// and the most seconds added after each move.
pub const MIN_GAME_MINUTES: i64 = 1;
pub const MAX_GAME_MINUTES: i64 = 180;
pub const MAX_INCREMENT_SECS: i64 = 60;

/// Suggested clock choices, as values of the `clock` option (labels come from the catalogue).
pub const CLOCK_CHOICES: &[&str] = &[
    "3+2", "5+3", "15+10", "5m", "30m", "1h", "1d", "3d", "7d", "none",
];

/// How a match is timed, as its row stores it: a time per move (`secs`), a game clock (`secs`
/// for each player's whole game, `increment_secs` added after each of their moves), or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time per move, or each player's time for the whole game; `None`: no clock.
    pub secs: Option<i64>,
    /// `Some` for a game clock: the seconds added after each move.
    pub increment_secs: Option<i64>,
}

impl TimeControl {
    /// No clock at all.
    pub const NONE: TimeControl = TimeControl {
        secs: None,
        increment_secs: None,
    };

    /// A time per move.
    pub fn per_move(secs: Option<i64>) -> TimeControl {
        TimeControl {
            secs,
            increment_secs: None,
        }
    }

    /// The value that reads back as this clock (`5+3`, `3600s`, `none`).
    pub fn typed(self) -> String {
        match (self.secs, self.increment_secs) {
            (Some(s), Some(inc)) => format!("{}+{inc}", s / 60),
            (Some(s), None) => format!("{s}s"),
            (None, _) => "none".to_string(),
        }
    }
}

/// Reads a clock as `/play` and `/tournament create` take it: a game clock `M+S` (`5+3`:
/// five minutes each, three seconds added per move), or a time per move (see [`parse_clock`]).
pub fn parse_time_control(text: Option<&str>) -> Result<TimeControl, Msg> {
    let Some((minutes, increment)) = text.and_then(|t| t.split_once('+')) else {
        return parse_clock(text).map(TimeControl::per_move);
    };
    let typed = text.unwrap_or_default().trim();
    let expected =
        || Msg::new("err-not-a-clock").code("text", typed.chars().take(20).collect::<String>());
    let number = |part: &str| -> Result<i64, Msg> {
        let part = part.trim();
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(expected());
        }
        // More digits than any limit allows is out of range, not unreadable.
        Ok(part.parse().unwrap_or(i64::MAX))
    };
    let (minutes, increment) = (number(minutes)?, number(increment)?);
    if !(MIN_GAME_MINUTES..=MAX_GAME_MINUTES).contains(&minutes)
        || !(0..=MAX_INCREMENT_SECS).contains(&increment)
    {
        return Err(Msg::new("err-game-clock-range")
            .num("min", MIN_GAME_MINUTES)
            .num("max", MAX_GAME_MINUTES)
            .num("increment", MAX_INCREMENT_SECS));
    }
    Ok(TimeControl {
        secs: Some(minutes * 60),
        increment_secs: Some(increment),
    })
}

/// Reads a per-move clock: `none`, or a number with a unit (`90s`, `30m`, `1h`, `1d`, `1w`);
/// `None` input means the default. Returns seconds, or `None` for no clock.
pub fn parse_clock(text: Option<&str>) -> Result<Option<i64>, Msg> {
    let Some(text) = text.map(|t| t.trim().to_ascii_lowercase()) else {
        return Ok(Some(DEFAULT_CLOCK_SECS));
    };
    if text.is_empty() {
        return Ok(Some(DEFAULT_CLOCK_SECS));
    }
    if matches!(text.as_str(), "none" | "off" | "no" | "unlimited") {
        return Ok(None);
    }
    let expected =
        || Msg::new("err-not-a-clock").code("text", text.chars().take(20).collect::<String>());
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .ok_or_else(expected)?;
    let (number, unit) = text.split_at(split);
    let number: i64 = number.parse().map_err(|_| expected())?;
    let unit_secs = match unit.trim() {
        "s" | "sec" | "secs" | "second" | "seconds" => 1,
        "m" | "min" | "mins" | "minute" | "minutes" => 60,
        "h" | "hr" | "hour" | "hours" => 3600,
        "d" | "day" | "days" => 86_400,
        "w" | "week" | "weeks" => 7 * 86_400,
        _ => return Err(expected()),
    };
    let secs = number.checked_mul(unit_secs).ok_or_else(expected)?;
    if !(MIN_CLOCK_SECS..=MAX_CLOCK_SECS).contains(&secs) {
        return Err(Msg::new("err-clock-range"));
    }
    Ok(Some(secs))
}
