//! The options of one call of a command, as a transport read them: checked against the
//! declaration as they are set, then read by the command's [`super::Command::act`].

use crate::games::GameKind;
use crate::i18n::{Lang, Msg};
use crate::table::{Scope, UserRef};

use super::choices::{language_name, scope_name};
use super::{Choices, Command, Kind, Opt, Values};

/// An option's value, as a transport read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Number(i64),
    Bool(bool),
    User(Person),
    /// A channel, by its id.
    Channel(u64),
}

/// A person named in an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub user: UserRef,
    /// It is this bot (the AI as an opponent).
    pub is_this_bot: bool,
    /// It is a bot, this one or another.
    pub is_bot: bool,
}

impl Person {
    /// A person, no bot.
    pub fn new(user: UserRef) -> Person {
        Person {
            user,
            is_this_bot: false,
            is_bot: false,
        }
    }
}

/// The options given to a command.
#[derive(Clone, Debug)]
pub struct Args {
    command: &'static Command,
    values: Vec<(&'static str, Value)>,
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "/{}", self.name)
    }
}

impl Args {
    /// No option given yet.
    pub fn new(command: &'static Command) -> Args {
        Args {
            command,
            values: Vec::new(),
        }
    }

    pub fn command(&self) -> &'static Command {
        self.command
    }

    /// Gives option `name`; refused (with a message) when the command has no such option, when
    /// it is given twice, or when the value does not fit it: the wrong type, not one of its
    /// choices, outside its limits. A choice is kept as its canonical value (`LOA` is `loa`).
    pub fn set(&mut self, name: &str, value: Value) -> Result<(), Msg> {
        let Some(opt) = self.command.option(name) else {
            return Err(unknown_option(self.command, name));
        };
        if self.get(opt.name).is_some() {
            return Err(Msg::new("local-err-repeated-option").code("option", format!("{name}:")));
        }
        let value = fit(opt, value)?;
        self.values.push((opt.name, value));
        Ok(())
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// A text option.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name)? {
            Value::Text(text) => Some(text),
            _ => None,
        }
    }

    /// A required text option: without it the call is refused, naming it (Discord never sends
    /// a call without it; the terminal may).
    pub fn need_text(&self, name: &str) -> Result<&str, Msg> {
        self.text(name)
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| missing(self.command, name))
    }

    pub fn bool(&self, name: &str) -> Option<bool> {
        match self.get(name)? {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn number(&self, name: &str) -> Option<i64> {
        match self.get(name)? {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub fn channel(&self, name: &str) -> Option<u64> {
        match self.get(name)? {
            Value::Channel(id) => Some(*id),
            _ => None,
        }
    }

    pub fn user(&self, name: &str) -> Option<&Person> {
        match self.get(name)? {
            Value::User(person) => Some(person),
            _ => None,
        }
    }

    /// A game option.
    pub fn game(&self, name: &str) -> Option<GameKind> {
        self.text(name)?.parse().ok()
    }

    /// A required game option: without it the call is refused, naming it.
    pub fn need_game(&self, name: &str) -> Result<GameKind, Msg> {
        self.game(name).ok_or_else(|| missing(self.command, name))
    }

    /// A scope option.
    pub fn scope(&self, name: &str) -> Option<Scope> {
        let text = self.text(name)?;
        [Scope::Server, Scope::Global]
            .into_iter()
            .find(|s| scope_name(*s) == text)
    }

    /// A language setting: `Some(None)` for `auto`.
    pub fn language(&self, name: &str) -> Option<Option<Lang>> {
        let text = self.text(name)?;
        std::iter::once(None)
            .chain(Lang::ALL.into_iter().map(Some))
            .find(|l| language_name(*l) == text)
    }

    /// Whether this call only makes sense in a server that added the bot: it sets one of the
    /// server's own options (Manage Server's), or asks for a server's ladder by name.
    pub fn needs_server(&self) -> bool {
        self.values.iter().any(|(name, value)| {
            let Some(opt) = self.command.option(name) else {
                return false;
            };
            let server_scope = opt.kind == Kind::Text(Values::Choices(Choices::Scopes))
                && *value == Value::Text(scope_name(Scope::Server).to_owned());
            opt.who == super::Who::ManageServer || server_scope
        })
    }

    /// A match number option, `12` or `#12`.
    pub fn match_number(&self, name: &str) -> Result<Option<i64>, Msg> {
        let Some(text) = self.text(name) else {
            return Ok(None);
        };
        let text = text.trim();
        match text.trim_start_matches('#').parse::<i64>() {
            Ok(id) => Ok(Some(id)),
            Err(_) => Err(Msg::new("err-not-a-match-number")
                .code("text", text)
                .code("history", "/history")),
        }
    }

    /// A required match number.
    pub fn need_match_number(&self, name: &str) -> Result<i64, Msg> {
        self.match_number(name)?
            .ok_or_else(|| missing(self.command, name))
    }
}

/// `value` as option `opt` keeps it, or why it does not fit.
fn fit(opt: &Opt, value: Value) -> Result<Value, Msg> {
    let shown = |value: &dyn std::fmt::Display| format!("{}:{value}", opt.name);
    match (opt.kind, value) {
        (Kind::Text(Values::Choices(choices)), Value::Text(text)) if choices.strict() => {
            let values = choices.values();
            match values.iter().find(|v| v.eq_ignore_ascii_case(text.trim())) {
                Some(value) => Ok(Value::Text(value.clone())),
                // A game is named alone: `chess is no game here`.
                None if choices == Choices::Games => Err(Msg::new("local-err-game")
                    .code("text", text.trim())
                    .code("values", values.join(", "))),
                None => Err(Msg::new("err-option-choice")
                    .code("text", shown(&text))
                    .code("values", values.join("|"))),
            }
        }
        (Kind::Text(_), Value::Text(text)) => Ok(Value::Text(text)),
        (Kind::Number { min, max }, Value::Number(n)) if (min..=max).contains(&n) => {
            Ok(Value::Number(n))
        }
        (Kind::Number { min, max }, Value::Number(n)) => Err(out_of_range(&shown(&n), min, max)),
        (Kind::Bool, v @ Value::Bool(_))
        | (Kind::User, v @ Value::User(_))
        | (Kind::Channel, v @ Value::Channel(_)) => Ok(v),
        (_, _) => Err(Msg::new("err-internal")),
    }
}

/// A number outside an option's limits (or no number at all), shown as typed.
pub fn out_of_range(shown: &str, min: i64, max: i64) -> Msg {
    // The widest limits are a type's, not a rule: only the lower one is said then.
    let max = if max >= i64::from(u32::MAX) { 0 } else { max };
    Msg::new("err-option-number")
        .code("text", shown)
        .num("min", min)
        .num("max", max)
}

/// An option the command does not take, named with those it does.
pub fn unknown_option(command: &Command, name: &str) -> Msg {
    let known: Vec<String> = command
        .options
        .iter()
        .map(|o| format!("{}:", o.name))
        .collect();
    Msg::new("local-err-unknown-option")
        .code("option", format!("{name}:"))
        .code("command", format!("/{}", command.name))
        .num("n", known.len() as i64)
        .code("options", known.join(" "))
}

/// A required option not given, with an example of the command.
pub fn missing(command: &Command, name: &str) -> Msg {
    let example = command
        .option(name)
        .map(|o| {
            let value = o.example().unwrap_or_else(|| o.syntax());
            format!("/{} {name}:{value}", command.name)
        })
        .unwrap_or_default();
    Msg::new("local-err-missing")
        .code("key", format!("{name}:"))
        .code("example", example)
}
