//! The fixed choices of the slash options `game`, `variant`, `clock` and `scope`.
//!
//! Discord sends the choice's value; the values are the short names of INTERFACES.md (`loa`, `1d`,
//! ...), the labels are what a newcomer reads in the menu. poise's own choice derive sends list
//! indices instead, so these implement `SlashArgument` by hand.

use poise::serenity_prelude as serenity;

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
            pub fn label(self) -> &'static str {
                match self { $($name::$variant => $label,)+ }
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
                    |b, c| b.add_string_choice(c.label(), c.value()),
                )
            }
        }
    };
}

string_choices! {
    /// One of the four games.
    Game {
        /// Lines of Action.
        Loa = "loa": "Lines of Action: connect all your pieces",
        /// Lightning.
        Lightning = "lightning": "Lightning: lay tiles to draw a path across your board",
        /// Barrier.
        Barrier = "barrier": "Barrier: checkers across a barrier of arrow tiles",
        /// Simultana.
        Simultana = "simultana": "Simultana: small board, every move must leave the right gaps",
    }
}

string_choices! {
    /// A variant of a game (RULES.md options); the match service checks it fits the game.
    Variant {
        /// The standard rules of the game.
        Standard = "standard": "Standard rules (any game)",
        /// LOA, Olympiad rules: Black starts, a double connection is a draw.
        Olympiad = "olympiad": "Lines of Action: Olympiad rules (Black starts)",
        /// LOA, Soucie's scrambled-eggs setup.
        ScrambledEggs = "scrambled-eggs": "Lines of Action: scrambled eggs setup",
        /// LOA, parachute: six stones dropped in the first turns.
        Parachute = "parachute": "Lines of Action: parachute (drop stones early on)",
    }
}

string_choices! {
    /// The time each player has for a move.
    Clock {
        /// No time limit.
        None = "none": "No clock",
        /// One minute per move.
        OneMinute = "1m": "1 minute per move",
        /// Five minutes per move.
        FiveMinutes = "5m": "5 minutes per move",
        /// One hour per move.
        OneHour = "1h": "1 hour per move",
        /// One day per move (the default).
        OneDay = "1d": "1 day per move (default)",
        /// Three days per move.
        ThreeDays = "3d": "3 days per move",
        /// Seven days per move.
        SevenDays = "7d": "7 days per move",
    }
}

string_choices! {
    /// Whose ratings a leaderboard ranks.
    Scope {
        /// This server's players.
        Server = "server": "This server",
        /// Everyone, everywhere.
        Global = "global": "Everyone (global)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        for g in Game::ALL {
            assert_eq!(Game::from_value(g.value()), Some(*g));
            assert!(g.label().len() <= 100, "Discord's limit for a choice name");
        }
        assert_eq!(Game::from_value(" LOA "), Some(Game::Loa));
        assert_eq!(Clock::from_value("1d"), Some(Clock::OneDay));
        assert_eq!(Variant::from_value("chess"), None);
        assert_eq!(Scope::ALL.len(), 2);
    }
}
