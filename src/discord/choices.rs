//! The choices of the slash options `game`, `variant`, `clock` and `scope`.
//!
//! Discord sends the choice's value; the values are the short names of INTERFACES.md (`loa`, `1d`,
//! ...), the labels are what a newcomer reads in the menu. poise's own choice derive sends list
//! indices instead, so these implement `SlashArgument` by hand. Variants and clocks come from the
//! match service's presets, so the menus always offer exactly what it accepts.

use poise::serenity_prelude as serenity;

use crate::games::GameKind;
use crate::i18n::{Lang, Msg};
use crate::table;

macro_rules! string_choices {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $value:literal : $label:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every choice, in menu order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The value Discord sends (and INTERFACES.md names).
            pub fn value(self) -> &'static str {
                match self { $($name::$variant => $value,)+ }
            }

            /// What the menu shows.
            pub fn label(self) -> Msg {
                Msg::new(match self { $($name::$variant => $label,)+ })
            }

            /// The choice with this value (case and surrounding spaces ignored).
            pub fn from_value(text: &str) -> Option<Self> {
                let text = text.trim();
                Self::ALL.iter().copied().find(|c| c.value().eq_ignore_ascii_case(text))
            }
        }

        #[poise::async_trait]
        impl poise::SlashArgument for $name {
            async fn extract(
                _: &serenity::Context,
                _: &serenity::CommandInteraction,
                value: &serenity::ResolvedValue<'_>,
            ) -> Result<Self, poise::SlashArgError> {
                match value {
                    serenity::ResolvedValue::String(text) => Self::from_value(text).ok_or_else(|| {
                        poise::SlashArgError::new_command_structure_mismatch(concat!(
                            "not one of the choices of ",
                            stringify!($name)
                        ))
                    }),
                    _ => Err(poise::SlashArgError::new_command_structure_mismatch(
                        "expected a string choice",
                    )),
                }
            }

            fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
                Self::ALL.iter().fold(
                    builder.kind(serenity::CommandOptionType::String),
                    |b, c| add_choice(b, &c.label(), c.value()),
                )
            }
        }
    };
}

string_choices! {
    /// One of the four games.
    Game {
        /// Lines of Action.
        Loa = "loa": "choice-game-loa",
        /// Lightning.
        Lightning = "lightning": "choice-game-lightning",
        /// Barrier.
        Barrier = "barrier": "choice-game-barrier",
        /// Simultana.
        Simultana = "simultana": "choice-game-simultana",
    }
}

string_choices! {
    /// Whose ratings a leaderboard ranks.
    Scope {
        /// This server's players.
        Server = "server": "choice-scope-server",
        /// Everyone, everywhere.
        Global = "global": "choice-scope-global",
    }
}

string_choices! {
    /// A language setting: `auto` (Discord's language, then `PARLOR_LANG`), or a language.
    Language {
        /// Discord's language.
        Auto = "auto": "choice-language-auto",
        /// English.
        En = "en": "choice-language-en",
        /// French.
        Fr = "fr": "choice-language-fr",
    }
}

impl Language {
    /// The setting as the match service stores it (`None` for `auto`).
    pub fn lang(self) -> Option<Lang> {
        match self {
            Language::Auto => None,
            Language::En => Some(Lang::En),
            Language::Fr => Some(Lang::Fr),
        }
    }
}

impl Game {
    /// The engine's game kind.
    pub fn kind(self) -> GameKind {
        match self {
            Game::Loa => GameKind::Loa,
            Game::Lightning => GameKind::Lightning,
            Game::Barrier => GameKind::Barrier,
            Game::Simultana => GameKind::Simultana,
        }
    }
}

impl Scope {
    /// The match service's scope.
    pub fn scope(self) -> table::Scope {
        match self {
            Scope::Server => table::Scope::Server,
            Scope::Global => table::Scope::Global,
        }
    }
}

/// Defines a text option whose choices are computed (from the match service's presets).
macro_rules! preset_choice {
    ($(#[$meta:meta])* $name:ident, $choices:expr) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(pub String);

        impl $name {
            /// (label, value) of every choice, in menu order.
            pub fn choices() -> Vec<(Msg, String)> {
                $choices
            }
        }

        #[poise::async_trait]
        impl poise::SlashArgument for $name {
            async fn extract(
                _: &serenity::Context,
                _: &serenity::CommandInteraction,
                value: &serenity::ResolvedValue<'_>,
            ) -> Result<Self, poise::SlashArgError> {
                match value {
                    serenity::ResolvedValue::String(text) => Ok(Self((*text).to_owned())),
                    _ => Err(poise::SlashArgError::new_command_structure_mismatch(
                        "expected a string choice",
                    )),
                }
            }

            fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
                Self::choices().into_iter().take(25).fold(
                    builder.kind(serenity::CommandOptionType::String),
                    |b, (label, value)| add_choice(b, &label, &value),
                )
            }
        }
    };
}

preset_choice!(
    /// A variant name of any game (the match service checks it fits the chosen game).
    Variant,
    variant_choices()
);

preset_choice!(
    /// A per-move time limit (`none`, `1h`, `1d`, ...).
    Clock,
    table::CLOCK_CHOICES
        .iter()
        .filter_map(|value| {
            let secs = table::parse_clock(Some(value)).ok()?;
            Some((table::words::clock(secs), (*value).to_owned()))
        })
        .collect()
);

/// A choice named in English, with its French name as Discord's `fr` localization.
fn add_choice(
    builder: serenity::CreateCommandOption,
    label: &Msg,
    value: &str,
) -> serenity::CreateCommandOption {
    let name = |lang| label.text(lang).chars().take(100).collect::<String>();
    builder.add_string_choice_localized(name(Lang::En), value, [("fr", name(Lang::Fr))])
}

fn variant_choices() -> Vec<(Msg, String)> {
    let mut out: Vec<(Msg, String)> = Vec::new();
    for game in Game::ALL {
        for v in table::variants(game.kind()) {
            if out.iter().any(|(_, value)| value == v.name) {
                continue;
            }
            let label = if v.name == "standard" {
                Msg::new("choice-variant-standard")
            } else {
                Msg::new("choice-variant")
                    .msg("game", table::words::game(game.kind()))
                    .msg("variant", table::words::variant(v.name))
            };
            out.push((label, v.name.to_owned()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        for g in Game::ALL {
            assert_eq!(Game::from_value(g.value()), Some(*g));
            for lang in Lang::ALL {
                let label = g.label().text(lang);
                assert!(
                    label.chars().count() <= 100,
                    "Discord's limit for a choice name"
                );
                assert!(!label.starts_with("choice-"), "{label} is in the catalogue");
            }
        }
        assert_eq!(Game::from_value(" LOA "), Some(Game::Loa));
        assert!(Clock::choices().iter().any(|(_, v)| v == "1d"));
        let variants = Variant::choices();
        assert!(variants.iter().any(|(_, v)| v == "standard"));
        assert!(variants.iter().any(|(_, v)| v == "scrambled-eggs"));
        for g in Game::ALL {
            assert_eq!(g.kind().name(), g.value());
        }
        assert_eq!(Scope::ALL.len(), 2);
    }
}
