//! Turning a typed line into a request: the bot's slash commands and option names, as text.

use crate::i18n::{Lang, Msg};
use crate::table::catalogue::{self, Args, Command, Kind, Opt, Person, Value, Values};
use crate::table::{Act, UserRef};

/// What a line asks for.
#[derive(Debug, PartialEq)]
pub enum Input {
    /// A request for the match service.
    Service(Act),
    /// What a button does in Discord (`/accept`, `/rematch` ...): the last such button shown.
    Press(Act),
    /// `/as NAME`: switch the local player.
    As(String),
    /// `/legal`: list the legal moves.
    Legal,
    /// `/confirm`: press the confirm button of the last question a button asked (resign,
    /// accept a draw).
    Confirm,
    /// `/wait MINUTES`: let that much time pass (a session on a manual clock only).
    Wait(u32),
    Help,
    Quit,
    Nothing,
}

/// The terminal's own commands (with their syntax), each group shown after the slash command
/// named first: what a button does in Discord (`/accept`), and what only a terminal needs
/// (`/as`, `/legal`, `/quit`). The slash commands themselves come from the catalogue.
const EXTRAS: &[(&str, &[(&str, &str)])] = &[
    ("move", &[("legal", ""), ("pick", "{source}")]),
    ("resign", &[("confirm", "")]),
    ("draw", &[("refuse-draw", "")]),
    ("takeback", &[("refuse-takeback", "")]),
    (
        "abort",
        &[
            ("accept", ""),
            ("decline", ""),
            ("cancel", ""),
            ("rematch", ""),
            ("sit", "{seat}"),
            ("sit-bot", ""),
        ],
    ),
    (
        "analyze",
        &[("as", "{name}"), ("wait", "{minutes}"), ("quit", "")],
    ),
];

/// Every command (`/play`) with its syntax (`game:{game} [opponent:{name}] ...`), for `/help`
/// and completion: the catalogue's, with the terminal's own after the one each follows.
pub fn commands() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for command in &catalogue::ALL {
        out.push((format!("/{}", command.name), command_syntax(command)));
        for sub in command.subcommands {
            out.push((format!("/{}", sub.name), command_syntax(sub)));
        }
        let extras = EXTRAS.iter().filter(|(after, _)| *after == command.name);
        for (name, syntax) in extras.flat_map(|(_, extras)| extras.iter()) {
            out.push((format!("/{name}"), (*syntax).to_owned()));
        }
    }
    out
}

/// A slash command's options as typed: `key:{value}`, optional ones in brackets.
fn command_syntax(command: &Command) -> String {
    let shown: Vec<String> = command
        .options
        .iter()
        .map(|o| {
            let option = format!("{}:{}", o.name, o.syntax());
            if o.required {
                option
            } else {
                format!("[{option}]")
            }
        })
        .collect();
    shown.join(" ")
}

/// A command's syntax from [`commands`] in `lang`: each `{word}` becomes `<word>` in the
/// reader's language (`{name}` is `<nom>` in French); option names and values stay as typed.
pub fn syntax(template: &str, lang: Lang) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(len) = rest[open..].find('}') else {
            break;
        };
        let word = &rest[open + 1..open + len];
        let said = crate::i18n::lookup(lang, &format!("local-ph-{word}"));
        out.push_str(&format!("<{}>", said.as_deref().unwrap_or(word)));
        rest = &rest[open + len + 1..];
    }
    out.push_str(rest);
    out
}

/// The catalogue id of what a command of [`commands`] does (`local-help-play`).
pub fn help_id(command: &str) -> String {
    format!(
        "local-help-{}",
        command.trim_start_matches('/').replace(' ', "-")
    )
}

/// A stable user id for a local name (case-insensitive): FNV-1a, kept clear of the bot's 0 and
/// positive as a database integer.
pub fn user_id(name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.trim().to_lowercase().bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h >> 2) | 1
}

/// A local user named in a command.
pub fn user_ref(name: &str) -> UserRef {
    let name = name.trim().trim_start_matches('@');
    UserRef::new(user_id(name), name)
}

/// The longest name `/as` takes: Discord's limit for a display name.
pub const MAX_NAME: usize = 32;

/// The `key:` option of each of the terminal's own commands that take one.
const EXTRA_OPTIONS: &[(&str, &str)] = &[
    ("as", "name"),
    ("sit", "seat"),
    ("pick", "source"),
    ("wait", "minutes"),
];

/// The `key:` options `command` (`/play`) takes, each with the values to offer.
fn options_of(command: &str) -> Vec<(&'static str, Vec<String>)> {
    let name = command.trim_start_matches('/');
    if let Some(command) = catalogue::find_path(name) {
        return command
            .options
            .iter()
            .map(|o| (o.name, o.suggestions()))
            .collect();
    }
    EXTRA_OPTIONS
        .iter()
        .filter(|(c, _)| c.eq_ignore_ascii_case(name))
        .map(|(_, key)| (*key, Vec::new()))
        .collect()
}

/// The option of `command` (`/move`) whose values are suggested from the match as it is typed.
pub fn autocompleted(command: &str) -> Option<&'static str> {
    let command = catalogue::find(command.trim_start_matches('/'))?;
    command
        .options
        .iter()
        .find(|o| matches!(o.kind, Kind::Text(Values::Autocomplete(_))))
        .map(|o| o.name)
}

/// The command a line calls, with its subcommand when it has them (`/tournament create`), and
/// the rest of the line; `None` while the subcommand is still being typed.
pub fn command_of(line: &str) -> Option<(String, &str)> {
    let line = line.trim_start();
    let (first, rest) = line.split_once(' ').unwrap_or((line, ""));
    let has_subs =
        catalogue::find(first.trim_start_matches('/')).is_some_and(|c| !c.subcommands.is_empty());
    if !has_subs {
        return Some((first.to_string(), rest));
    }
    let rest = rest.trim_start();
    let (sub, after) = rest.split_once(' ')?;
    Some((format!("{first} {sub}"), after))
}

/// Tab completion of a subcommand's name after `command` (`/tournament cr` -> `create`).
pub fn complete_subcommand(command: &str, word: &str) -> Vec<String> {
    catalogue::find(command.trim_start_matches('/'))
        .into_iter()
        .flat_map(|c| c.subcommands)
        .filter_map(|s| s.name.split_once(' ').map(|(_, sub)| sub))
        .filter(|sub| sub.starts_with(word))
        .map(|sub| format!("{sub} "))
        .collect()
}

/// Tab completion of the word being typed after `command` (a subcommand named by its whole
/// path): an option name (`opponent:`), or a value of the option already named (`level:3`).
pub fn complete_option(command: &str, word: &str) -> Vec<String> {
    let options = options_of(&command.to_ascii_lowercase());
    match word.split_once(':') {
        Some((key, value)) => options
            .into_iter()
            .filter(|(k, _)| *k == key)
            .flat_map(|(_, values)| values)
            .filter(|v| v.starts_with(value))
            .map(|v| format!("{key}:{v}"))
            .collect(),
        None => options
            .iter()
            .filter(|(k, _)| k.starts_with(word))
            .map(|(k, _)| format!("{k}:"))
            .collect(),
    }
}

/// The longest line read as a command; nothing a player types needs more.
pub const MAX_LINE: usize = 1000;

/// A line as echoed back: at most 120 characters, then an ellipsis.
pub fn shorten(line: &str) -> String {
    const SHOWN: usize = 120;
    match line.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    }
}

/// Reads one line; `Err` is a message for the player.
pub fn parse(line: &str) -> Result<Input, Msg> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Input::Nothing);
    }
    let length = line.chars().count();
    if length > MAX_LINE {
        return Err(Msg::new("local-err-too-long")
            .num("n", length as i64)
            .num("max", MAX_LINE as i64));
    }
    let Some(rest) = line.strip_prefix('/') else {
        return Err(Msg::new("local-err-slash")
            .code("help", "/help")
            .code("move", format!("/move {line}")));
    };
    let (name, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let args = args.trim();
    let name = name.to_ascii_lowercase();
    match name.as_str() {
        "help" => return Ok(Input::Help),
        "quit" | "exit" => return Ok(Input::Quit),
        "legal" => return Ok(Input::Legal),
        "confirm" => return Ok(Input::Confirm),
        "as" => return as_name(args),
        "wait" => return wait(args),
        "sit" => {
            let seat = args.strip_prefix("seat:").unwrap_or(args).trim();
            if seat.is_empty() {
                return Err(Msg::new("local-err-which-seat").code("example", "/sit 2"));
            }
            // A number outside the seats is refused as such, not as a missing seat.
            return match seat.parse::<u8>().ok().filter(|n| (1..=4).contains(n)) {
                Some(n) => Ok(Input::Press(Act::Sit(n - 1))),
                None => Err(catalogue::out_of_range(&format!("/sit {seat}"), 1, 4)),
            };
        }
        "pick" => {
            let source = args.strip_prefix("source:").unwrap_or(args).trim();
            if source.is_empty() {
                return Err(Msg::new("local-err-which-source").code("example", "/pick b1"));
            }
            return Ok(Input::Press(Act::PickSource(source.to_string())));
        }
        _ => {}
    }
    let command = match catalogue::find(if name == "analyse" { "analyze" } else { &name }) {
        Some(command) => command,
        // A button typed: `/accept`, `/rematch`, `/sit-bot` ...
        None => {
            return match bare_control(&name) {
                Some(act) => Ok(Input::Press(act)),
                None => Err(Msg::new("local-err-unknown")
                    .code("command", format!("/{name}"))
                    .code("help", "/help")),
            };
        }
    };
    // `/tournament create ...`: the first word names the subcommand.
    let (command, args) = match command.subcommands.is_empty() {
        true => (command, args),
        false => {
            let (sub, rest) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
            match command.subcommand(sub) {
                Some(sub) => (sub, rest.trim()),
                None => {
                    let names: Vec<&str> =
                        command.subcommands.iter().map(|c| c.leaf_name()).collect();
                    return Err(Msg::new("local-err-subcommand")
                        .code("command", format!("/{}", command.name))
                        .code("subcommands", names.join("|")));
                }
            }
        }
    };
    let act = (command.act)(&read(command, args)?)?;
    // A command that is only a button's (`/resign`) presses the button showing, if any.
    if command.options.is_empty() && act.is_control() {
        Ok(Input::Press(act))
    } else {
        Ok(Input::Service(act))
    }
}

/// The most `/wait` lets pass at once: a day.
pub const MAX_WAIT_MINUTES: u32 = 24 * 60;

/// `/wait MINUTES` (or `minutes:MINUTES`): whole minutes, from 1 to a day.
fn wait(args: &str) -> Result<Input, Msg> {
    let minutes = args.strip_prefix("minutes:").unwrap_or(args).trim();
    if minutes.is_empty() {
        return Err(Msg::new("local-err-how-long").code("example", "/wait 5"));
    }
    match minutes
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_WAIT_MINUTES).contains(n))
    {
        Some(n) => Ok(Input::Wait(n)),
        None => Err(catalogue::out_of_range(
            &format!("/wait {minutes}"),
            1,
            i64::from(MAX_WAIT_MINUTES),
        )),
    }
}

/// `/as NAME`: the whole rest of the line is the name (after an optional `name:`), as after
/// `opponent:` (spaces and colons included).
fn as_name(args: &str) -> Result<Input, Msg> {
    let who = args.strip_prefix("name:").unwrap_or(args).trim();
    let who = who.trim_start_matches('@');
    if who.is_empty() {
        return Err(Msg::new("local-err-who").code("example", "/as bob"));
    }
    if who.chars().count() > MAX_NAME {
        return Err(Msg::new("local-err-name-long").num("max", MAX_NAME as i64));
    }
    if who.chars().any(char::is_control) {
        return Err(Msg::new("local-err-name-chars"));
    }
    // `bot` and `parlor` name the bot as an opponent: a person cannot take them.
    if is_the_bot(who) {
        return Err(Msg::new("local-err-name-bot").code("name", who));
    }
    Ok(Input::As(who.to_string()))
}

/// Whether a typed name names the bot itself.
fn is_the_bot(name: &str) -> bool {
    name.eq_ignore_ascii_case("bot") || name.eq_ignore_ascii_case("parlor")
}

/// The control typed as this one word, when it takes no argument (a move, a piece or a seat
/// are typed with theirs above; `/confirm` answers the last question).
fn bare_control(word: &str) -> Option<Act> {
    crate::table::controls()
        .filter(|act| !matches!(act, Act::Move(_) | Act::PickSource(_) | Act::Sit(_)))
        .filter(|act| !matches!(act, Act::ConfirmResign | Act::ConfirmDraw))
        .find(|act| act.typed() == Some(word))
        .cloned()
}

/// Reads `command`'s options strictly: an option it does not take, one given twice or a value
/// that does not fit is refused by name. A value runs to the next option, so
/// `opponent:Jean Dupont` is one name; the words before the first option stand for the first
/// option when it is required or the only one (`/rules loa`, `/move b1-b3`, `/moves 12`).
fn read(command: &'static Command, args: &str) -> Result<Args, Msg> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut bare: Vec<&str> = Vec::new();
    for word in args.split_whitespace() {
        match word.split_once(':') {
            Some((k, v)) if !k.is_empty() && !k.contains('@') => {
                let key = k.to_ascii_lowercase();
                if command.option(&key).is_none() {
                    return Err(catalogue::unknown_option(command, &key));
                }
                pairs.push((key, v.to_string()));
            }
            // A yes-or-no option named alone is set (`/puzzle daily`).
            _ if pairs.is_empty()
                && command
                    .option(&word.to_ascii_lowercase())
                    .is_some_and(|o| o.kind == Kind::Bool) =>
            {
                pairs.push((word.to_ascii_lowercase(), "true".to_string()));
            }
            _ => match pairs.last_mut() {
                Some((_, value)) => {
                    value.push(' ');
                    value.push_str(word);
                }
                None => bare.push(word),
            },
        }
    }
    let first = command
        .options
        .first()
        .filter(|o| o.required || command.options.len() == 1);
    if let (Some(first), false) = (first, bare.is_empty())
        && !pairs.iter().any(|(k, _)| k == first.name)
    {
        pairs.insert(0, (first.name.to_owned(), bare.join(" ")));
    }
    let mut read = Args::new(command);
    for (key, text) in pairs {
        let Some(option) = command.option(&key) else {
            continue;
        };
        if let Some(value) = value(option, text.trim())? {
            read.set(option.name, value)?;
        }
    }
    Ok(read)
}

/// A typed value as option `option` holds it; `None` when empty (`opponent:` is no opponent).
fn value(option: &Opt, text: &str) -> Result<Option<Value>, Msg> {
    if text.is_empty() {
        return Ok(None);
    }
    let shown = || format!("{}:{text}", option.name);
    let value = match option.kind {
        Kind::Text(_) => Value::Text(text.to_owned()),
        Kind::Number { min, max } => Value::Number(
            text.parse()
                .map_err(|_| catalogue::out_of_range(&shown(), min, max))?,
        ),
        Kind::Bool => match text.to_ascii_lowercase().as_str() {
            "on" | "true" | "yes" | "1" => Value::Bool(true),
            "off" | "false" | "no" | "0" => Value::Bool(false),
            _ => return Err(Msg::new("local-err-on-off").code("text", shown())),
        },
        Kind::Channel => Value::Channel(
            text.trim_start_matches('#')
                .parse()
                .map_err(|_| catalogue::out_of_range(&shown(), 1, i64::MAX))?,
        ),
        Kind::User => {
            let name = text.trim_start_matches('@');
            if name.is_empty() {
                return Ok(None);
            }
            let bot = is_the_bot(name);
            Value::User(Person {
                // The bot's stats and history are under its own id.
                user: if bot {
                    crate::table::default_bot()
                } else {
                    user_ref(name)
                },
                is_this_bot: bot,
                is_bot: bot,
            })
        }
    };
    Ok(Some(value))
}
