//! The choices of the options that take one of a list, from the domain's own lists: the games,
//! the variants and clocks the table accepts, the ladders' scopes, the languages.

use crate::games::GameKind;
use crate::i18n::{Lang, Msg};
use crate::table::{self, Scope, words};

/// A list of choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choices {
    Games,
    /// Every variant of every game (the table checks it fits the chosen game).
    Variants,
    /// The suggested times per move (the table also takes others, such as game clocks).
    Clocks,
    Scopes,
    /// `auto`, then each language.
    Languages,
    /// A tournament's format: `swiss`, `round-robin`, `arena`.
    Formats,
}

/// One choice: the value a command carries (and INTERFACES.md names), and what a menu shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub value: String,
    pub label: Msg,
}

impl Choices {
    /// Every choice, in menu order.
    pub fn all(self) -> Vec<Choice> {
        let choice = |value: &str, label: Msg| Choice {
            value: value.to_owned(),
            label,
        };
        match self {
            Choices::Games => GameKind::ALL
                .iter()
                .map(|g| choice(g.name(), game_label(*g)))
                .collect(),
            Choices::Variants => variants(),
            Choices::Clocks => table::CLOCK_CHOICES
                .iter()
                .filter_map(|value| {
                    let clock = table::parse_time_control(Some(value)).ok()?;
                    Some(choice(value, words::time_control(clock)))
                })
                .collect(),
            Choices::Scopes => [Scope::Server, Scope::Global]
                .iter()
                .map(|s| choice(scope_name(*s), scope_label(*s)))
                .collect(),
            Choices::Languages => std::iter::once(None)
                .chain(Lang::ALL.into_iter().map(Some))
                .map(|l| choice(language_name(l), language_label(l)))
                .collect(),
            Choices::Formats => ["swiss", "round-robin", "arena"]
                .iter()
                .map(|f| choice(f, Msg::new(format_label(f))))
                .collect(),
        }
    }

    /// The values, in menu order.
    pub fn values(self) -> Vec<String> {
        self.all().into_iter().map(|c| c.value).collect()
    }

    /// Whether only the listed values are taken: the table reads variants and clocks itself
    /// (and takes clocks no menu lists), so those are passed on as typed.
    pub fn strict(self) -> bool {
        !matches!(self, Choices::Variants | Choices::Clocks)
    }
}

fn format_label(format: &str) -> &'static str {
    match format {
        "swiss" => "choice-format-swiss",
        "round-robin" => "choice-format-round-robin",
        _ => "choice-format-arena",
    }
}

fn game_label(game: GameKind) -> Msg {
    Msg::new(match game {
        GameKind::Loa => "choice-game-loa",
        GameKind::Lightning => "choice-game-lightning",
        GameKind::Barrier => "choice-game-barrier",
        GameKind::Simultana => "choice-game-simultana",
    })
}

/// A scope's value (`server`).
pub fn scope_name(scope: Scope) -> &'static str {
    match scope {
        Scope::Server => "server",
        Scope::Global => "global",
    }
}

fn scope_label(scope: Scope) -> Msg {
    Msg::new(match scope {
        Scope::Server => "choice-scope-server",
        Scope::Global => "choice-scope-global",
    })
}

/// A language setting's value: `auto` (Discord's language, then `PARLOR_LANG`) or the code.
pub fn language_name(lang: Option<Lang>) -> &'static str {
    lang.map_or("auto", Lang::code)
}

fn language_label(lang: Option<Lang>) -> Msg {
    Msg::new(match lang {
        None => "choice-language-auto",
        Some(Lang::En) => "choice-language-en",
        Some(Lang::Fr) => "choice-language-fr",
    })
}

/// Each variant name once, in the order of the games: `standard` for any game, the others
/// labelled with their game.
fn variants() -> Vec<Choice> {
    let mut out: Vec<Choice> = Vec::new();
    for game in GameKind::ALL {
        for v in table::variants(game) {
            if out.iter().any(|c| c.value == v.name) {
                continue;
            }
            let label = if v.name == "standard" {
                Msg::new("choice-variant-standard")
            } else {
                Msg::new("choice-variant")
                    .msg("game", words::game(game))
                    .msg("variant", words::variant(v.name))
            };
            out.push(Choice {
                value: v.name.to_owned(),
                label,
            });
        }
    }
    out
}
