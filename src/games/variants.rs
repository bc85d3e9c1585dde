//! Named presets of a game's options ([`Variant`]): each game lists its own
//! ([`Game::VARIANTS`](super::Game::VARIANTS)); these functions find them by game and name.

use super::GameKind;
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
    /// The catalogue id of the preset's label (`variant-standard`).
    pub label: &'static str,
}

impl Variant {
    /// The game as it comes: no options, the game's own ladder.
    pub const STANDARD: Variant = Variant {
        name: "standard",
        options: "",
        ladder: None,
        label: "variant-standard",
    };

    /// The preset's label, for players in any language.
    pub fn label(&self) -> Msg {
        Msg::new(self.label)
    }
}

/// The presets of a game; the first is the default.
pub fn variants(game: GameKind) -> &'static [Variant] {
    by_kind!(game, G => <G as super::Game>::VARIANTS)
}

/// Finds a preset by name (case and spaces forgiven; none or blank: the default); the message
/// lists the choices.
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
            .msg("game", game.label())
            .code("name", name.as_str())
            .code("choices", names.join(", "))
    })
}

/// The label of a preset known only by its stored name (any game's); an unknown name is shown
/// as it is.
pub fn variant_label(name: &str) -> Msg {
    GameKind::ALL
        .into_iter()
        .flat_map(variants)
        .find(|v| v.name == name)
        .map_or_else(|| Msg::verbatim(name), Variant::label)
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
