//! Named variants per game (mapped to engine options) and per-move clock settings.

use crate::games::GameKind;
use crate::i18n::Msg;

/// A named preset of a game's options, offered as a choice to players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    pub name: &'static str,
    /// The engine's `key=value` options.
    pub options: &'static str,
    /// The rating ladder of a variant that is a different game (ambidextrous LOA, the cylinder);
    /// `None`: the game's own ladder.
    pub ladder: Option<&'static str>,
}

const LOA: &[Variant] = &[
    Variant {
        name: "standard",
        options: "",
        ladder: None,
    },
    Variant {
        name: "scrambled-eggs",
        options: "setup=scrambled-eggs",
        ladder: None,
    },
    Variant {
        name: "parachute",
        options: "setup=parachute",
        ladder: None,
    },
    Variant {
        name: "olympiad",
        options: "rules=olympiad",
        ladder: None,
    },
    Variant {
        name: "ambidextrous",
        options: "marks=alternate",
        ladder: Some("loa-ambidextrous"),
    },
    Variant {
        name: "cylinder",
        options: "board=cylinder",
        ladder: Some("loa-cylinder"),
    },
    Variant {
        name: "four-player",
        options: "players=4",
        ladder: Some("loa-four"),
    },
];

const STANDARD: &[Variant] = &[Variant {
    name: "standard",
    options: "",
    ladder: None,
}];

/// The presets of a game; the first is the default.
pub fn variants(game: GameKind) -> &'static [Variant] {
    match game {
        GameKind::Loa => LOA,
        GameKind::Lightning | GameKind::Barrier | GameKind::Simultana => STANDARD,
    }
}

/// Finds a preset by name (case and spaces forgiven); the message lists the choices.
pub fn variant(game: GameKind, name: Option<&str>) -> Result<&'static Variant, Msg> {
    let all = variants(game);
    let Some(name) = name.map(|n| n.trim().to_ascii_lowercase().replace([' ', '_'], "-")) else {
        return Ok(&all[0]);
    };
    if name.is_empty() {
        return Ok(&all[0]);
    }
    all.iter().find(|v| v.name == name).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|v| v.name).collect();
        Msg::new("err-no-variant")
            .msg("game", super::words::game(game))
            .code("name", name.as_str())
            .code("choices", names.join(", "))
    })
}

/// The rating ladder of a game's variant: the game's own, or the variant's when it is a different
/// game (an unknown variant name falls back to the game's).
pub fn ladder(game: GameKind, variant_name: &str) -> &'static str {
    variants(game)
        .iter()
        .find(|v| v.name == variant_name)
        .and_then(|v| v.ladder)
        .unwrap_or(game.name())
}

/// Every ladder of a game: its own first, then its variants' own.
pub fn ladders(game: GameKind) -> Vec<(&'static str, Option<&'static str>)> {
    std::iter::once((game.name(), None))
        .chain(
            variants(game)
                .iter()
                .filter_map(|v| v.ladder.map(|l| (l, Some(v.name)))),
        )
        .collect()
}

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

    #[test]
    fn variants_resolve() {
        assert_eq!(variant(GameKind::Loa, None).map(|v| v.name), Ok("standard"));
        assert_eq!(
            variant(GameKind::Loa, Some("Scrambled Eggs")).map(|v| v.options),
            Ok("setup=scrambled-eggs")
        );
        assert!(variant(GameKind::Simultana, Some("olympiad")).is_err());
        assert_eq!(ladder(GameKind::Loa, "parachute"), "loa");
        assert_eq!(ladder(GameKind::Loa, "ambidextrous"), "loa-ambidextrous");
        assert_eq!(ladder(GameKind::Loa, "cylinder"), "loa-cylinder");
        assert_eq!(ladders(GameKind::Simultana).len(), 1);
        // Every preset has words of its own in the catalogue.
        for game in GameKind::ALL {
            for v in variants(game) {
                let word = super::super::words::variant(v.name);
                assert_ne!(word.id, Msg::verbatim(v.name).id, "{}", v.name);
            }
        }
    }
}
