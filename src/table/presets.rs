//! Per-move clock settings; the named variants of each game live with the game
//! ([`crate::games::variants`]) and are re-exported here for the table's callers.

use crate::i18n::Msg;

pub use crate::games::{Variant, ladder, ladders, variant, variants};

/// The shortest and longest time per move.
pub const MIN_CLOCK_SECS: i64 = 60;
pub const MAX_CLOCK_SECS: i64 = 7 * 24 * 3600;
/// One day per move, unless the challenge says otherwise.
pub const DEFAULT_CLOCK_SECS: i64 = 24 * 3600;

/// Suggested clock choices, as values of the `clock` option (labels come from the catalogue).
pub const CLOCK_CHOICES: &[&str] = &["5m", "30m", "1h", "1d", "3d", "7d", "none"];

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks() {
        assert_eq!(parse_clock(None), Ok(Some(86_400)));
        assert_eq!(parse_clock(Some("30m")), Ok(Some(1800)));
        assert_eq!(parse_clock(Some(" 1H ")), Ok(Some(3600)));
        assert_eq!(parse_clock(Some("1d")), Ok(Some(86_400)));
        assert_eq!(parse_clock(Some("2 days")), Ok(Some(172_800)));
        assert_eq!(parse_clock(Some("none")), Ok(None));
        assert!(parse_clock(Some("30s")).is_err());
        assert!(parse_clock(Some("8d")).is_err());
        assert!(parse_clock(Some("soon")).is_err());
        assert!(parse_clock(Some("99999999999999999999d")).is_err());
    }

    /// Every preset has words of its own in the catalogue, in both languages.
    #[test]
    fn every_variant_has_catalogue_words() {
        use crate::games::GameKind;
        use crate::i18n::Lang;
        for game in GameKind::ALL {
            for v in variants(game) {
                let word = super::super::words::variant(v.name);
                assert_ne!(word.id, Msg::verbatim(v.name).id, "{}", v.name);
                assert_ne!(word.text(Lang::En), v.label, "{}", v.name);
                assert_ne!(word.text(Lang::Fr), v.label, "{}", v.name);
            }
        }
    }
}
