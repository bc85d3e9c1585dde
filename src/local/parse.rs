//! Turning a typed line into a request: the bot's slash commands and option names, as text.

use crate::games::GameKind;
use crate::i18n::{Lang, Msg};
use crate::table::{Act, ChallengeSpec, Opponent, Scope, SettingsChange, UserRef};

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
    Help,
    Quit,
    Nothing,
}

/// Every command, for `/help` and completion.
pub const COMMANDS: &[(&str, &str)] = &[
    (
        "/play",
        "game:loa|lightning|barrier|simultana [opponent:{name}|bot] [variant:{variant}] [rated:true|false] [clock:30m|1h|1d|none] [level:1-5]",
    ),
    ("/move", "{move}"),
    ("/moves", "[match:{id}]"),
    ("/legal", ""),
    ("/board", ""),
    ("/resign", ""),
    ("/draw", ""),
    ("/refuse-draw", ""),
    ("/takeback", ""),
    ("/refuse-takeback", ""),
    ("/abort", ""),
    ("/confirm", ""),
    ("/accept", ""),
    ("/decline", ""),
    ("/cancel", ""),
    ("/rematch", ""),
    ("/pick", "{source}"),
    ("/sit", "{seat}"),
    ("/sit-bot", ""),
    ("/settings", "[reminders:on|off] [my-web:on|off]"),
    ("/rules", "game:{game}"),
    (
        "/leaderboard",
        "game:{game} [scope:server|global] [page:{n}]",
    ),
    ("/stats", "[user:{name}] [game:{game}] [against:{name}]"),
    ("/history", "[user:{name}]"),
    ("/replay", "match:{id}"),
    ("/analyze", "[match:{id}]"),
    ("/as", "{name}"),
    ("/help", ""),
    ("/quit", ""),
];

/// A command's syntax from [`COMMANDS`] in `lang`: each `{word}` becomes `<word>` in the
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

/// The catalogue id of what a command of [`COMMANDS`] does (`local-help-play`).
pub fn help_id(command: &str) -> String {
    format!("local-help-{}", command.trim_start_matches('/'))
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

/// The `key:` options of each command, for Tab completion.
const OPTIONS: &[(&str, &[&str])] = &[
    (
        "/play",
        &["game", "opponent", "variant", "rated", "clock", "level"],
    ),
    ("/rules", &["game"]),
    ("/leaderboard", &["game", "scope", "page", "variant"]),
    ("/stats", &["user", "game", "against"]),
    ("/history", &["user"]),
    ("/replay", &["match"]),
    ("/moves", &["match"]),
    ("/analyze", &["match"]),
    ("/as", &["name"]),
    ("/settings", &["reminders", "threads", "my-web"]),
    ("/move", &["move"]),
    ("/sit", &["seat"]),
    ("/pick", &["source"]),
];

/// The `key:` options `command` takes (none for a bare control like `/resign`).
fn options_of(command: &str) -> &'static [&'static str] {
    OPTIONS
        .iter()
        .find(|(c, _)| *c == command)
        .map_or(&[], |(_, keys)| keys)
}

/// The values an option can take, where they are few enough to list.
fn option_values(key: &str) -> Vec<String> {
    let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
    match key {
        "game" => GameKind::ALL.iter().map(|g| g.name().to_string()).collect(),
        "variant" => {
            let mut names: Vec<String> = GameKind::ALL
                .iter()
                .flat_map(|&g| crate::table::variants(g).iter().map(|v| v.name.to_string()))
                .collect();
            names.sort();
            names.dedup();
            names
        }
        "rated" => owned(&["true", "false"]),
        "reminders" | "threads" => owned(&["on", "off"]),
        "clock" => owned(crate::table::CLOCK_CHOICES),
        "level" => (1..=5).map(|l| l.to_string()).collect(),
        "scope" => owned(&["server", "global"]),
        "opponent" => owned(&["bot"]),
        _ => Vec::new(),
    }
}

/// Tab completion of the word being typed after `command`: an option name (`opponent:`), or a
/// value of the option already named (`level:3`).
pub fn complete_option(command: &str, word: &str) -> Vec<String> {
    let command = command.to_ascii_lowercase();
    let Some((_, keys)) = OPTIONS.iter().find(|(c, _)| *c == command) else {
        return Vec::new();
    };
    match word.split_once(':') {
        Some((key, value)) if keys.contains(&key) => option_values(key)
            .into_iter()
            .filter(|v| v.starts_with(value))
            .map(|v| format!("{key}:{v}"))
            .collect(),
        Some(_) => Vec::new(),
        None => keys
            .iter()
            .filter(|k| k.starts_with(word))
            .map(|k| format!("{k}:"))
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
    // A name is the whole rest of the line, as after `opponent:` (spaces and colons included).
    let opts = if name == "as" {
        Options::name_only(args)
    } else {
        Options::read(&format!("/{name}"), args)?
    };
    let service = |c| Ok(Input::Service(c));
    match name.as_str() {
        "play" => service(Act::Challenge(play(&opts)?)),
        "move" => {
            let text = opts.get("move").unwrap_or(args).trim();
            if text.is_empty() {
                return Err(Msg::new("local-err-which-move")
                    .code("example", "/move b1-b3")
                    .code("moves", "/legal"));
            }
            service(Act::Move(text.to_string()))
        }
        "moves" => service(Act::Moves(
            match opts.get("match").or(opts.bare.as_deref()) {
                None => None,
                Some(id) => Some(match_number(id)?),
            },
        )),
        // Without a number: the last finished match here (the one whose board offers it).
        "analyze" | "analyse" => service(Act::Analyse(
            match opts.get("match").or(opts.bare.as_deref()) {
                None => None,
                Some(id) => Some(match_number(id)?),
            },
        )),
        "legal" => Ok(Input::Legal),
        "board" => service(Act::Board),
        "confirm" => Ok(Input::Confirm),
        "sit" => {
            let seat = opts.get("seat").unwrap_or(args).trim();
            match seat.parse::<u8>().ok().filter(|n| (1..=4).contains(n)) {
                Some(n) => Ok(Input::Press(Act::Sit(n - 1))),
                None => Err(Msg::new("local-err-which-seat").code("example", "/sit 2")),
            }
        }
        "pick" => {
            let source = opts.get("source").unwrap_or(args).trim();
            if source.is_empty() {
                return Err(Msg::new("local-err-which-source").code("example", "/pick b1"));
            }
            Ok(Input::Press(Act::PickSource(source.to_string())))
        }
        // The terminal's language is `--lang`.
        "settings" => service(Act::Settings(SettingsChange {
            threads: on_off(&opts, "threads")?,
            reminders: on_off(&opts, "reminders")?,
            my_web: on_off(&opts, "my-web")?,
            ..SettingsChange::default()
        })),
        "rules" => service(Act::Rules(game(opts.need("game", "/rules game:loa")?)?)),
        "leaderboard" => service(Act::Leaderboard {
            game: game(opts.need("game", "/leaderboard game:loa")?)?,
            scope: match opts.get("scope").map(str::to_ascii_lowercase).as_deref() {
                None | Some("server") => Scope::Server,
                Some("global") => Scope::Global,
                Some(other) => {
                    return Err(Msg::new("local-err-scope").code("text", format!("scope:{other}")));
                }
            },
            page: match opts.get("page") {
                None => 1,
                Some(p) => p
                    .parse()
                    .map_err(|_| Msg::new("local-err-page").code("text", format!("page:{p}")))?,
            },
            variant: opts.get("variant").map(str::to_string),
        }),
        "stats" => match opts.get("against") {
            Some(against) => service(Act::HeadToHead {
                user: user_ref(against),
                other: opts.get("user").map(user_ref),
                game: opts.get("game").map(game).transpose()?,
            }),
            None => service(Act::Stats {
                user: opts.get("user").map(user_ref),
                game: opts.get("game").map(game).transpose()?,
            }),
        },
        "history" => service(Act::History {
            user: opts.get("user").map(user_ref),
        }),
        "replay" => {
            let id = opts.need("match", "/replay match:3")?;
            service(Act::Replay(match_number(id)?))
        }
        "as" => {
            let who = opts.get("name").unwrap_or_default().trim_start_matches('@');
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
            if who.eq_ignore_ascii_case("bot") || who.eq_ignore_ascii_case("parlor") {
                return Err(Msg::new("local-err-name-bot").code("name", who));
            }
            Ok(Input::As(who.to_string()))
        }
        "help" => Ok(Input::Help),
        "quit" | "exit" => Ok(Input::Quit),
        other => match bare_control(other) {
            // A button typed: `/accept`, `/resign`, `/sit-bot` ...
            Some(act) => Ok(Input::Press(act)),
            None => Err(Msg::new("local-err-unknown")
                .code("command", format!("/{other}"))
                .code("help", "/help")),
        },
    }
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

/// `key:value` options, and the words before the first one as the main option.
struct Options {
    pairs: Vec<(String, String)>,
    bare: Option<String>,
}

impl Options {
    /// Reads `command`'s options strictly: an option it does not take, or one given twice, is
    /// refused by name. A value runs to the next option, so `opponent:Jean Dupont` is one name.
    fn read(command: &str, args: &str) -> Result<Options, Msg> {
        let keys = options_of(command);
        let mut pairs: Vec<(String, String)> = Vec::new();
        let mut bare: Vec<&str> = Vec::new();
        for word in args.split_whitespace() {
            match word.split_once(':') {
                Some((k, v)) if !k.is_empty() && !k.contains('@') => {
                    let key = k.to_ascii_lowercase();
                    if !keys.contains(&key.as_str()) {
                        let known = keys.iter().map(|k| format!("{k}:")).collect::<Vec<_>>();
                        return Err(Msg::new("local-err-unknown-option")
                            .code("option", format!("{key}:"))
                            .code("command", command)
                            .num("n", known.len() as i64)
                            .code("options", known.join(" ")));
                    }
                    if pairs.iter().any(|(k, _)| *k == key) {
                        return Err(
                            Msg::new("local-err-repeated-option").code("option", format!("{key}:"))
                        );
                    }
                    pairs.push((key, v.to_string()));
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
        let bare = (!bare.is_empty()).then(|| bare.join(" "));
        Ok(Options { pairs, bare })
    }

    /// `/as`: the whole line is the name (after an optional `name:`).
    fn name_only(args: &str) -> Options {
        let name = args.strip_prefix("name:").unwrap_or(args).trim();
        Options {
            pairs: vec![("name".to_string(), name.to_string())],
            bare: None,
        }
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A required option; a bare word stands for it (`/rules loa`).
    fn need(&self, key: &str, example: &str) -> Result<&str, Msg> {
        self.get(key).or(self.bare.as_deref()).ok_or_else(|| {
            Msg::new("local-err-missing")
                .code("key", format!("{key}:"))
                .code("example", example)
        })
    }
}

/// A match number, `12` or `#12`.
fn match_number(text: &str) -> Result<i64, Msg> {
    let id = text.trim_start_matches('#');
    id.parse()
        .map_err(|_| Msg::new("local-err-match").code("text", format!("match:{id}")))
}

fn game(text: &str) -> Result<GameKind, Msg> {
    text.parse()
        .map_err(|_| Msg::new("local-err-game").code("text", text))
}

fn play(opts: &Options) -> Result<ChallengeSpec, Msg> {
    let kind = game(opts.need("game", "/play game:loa opponent:bob")?)?;
    let opponent = match opts.get("opponent").map(|o| o.trim_start_matches('@')) {
        None | Some("") => Opponent::Anyone,
        Some(o) if o.eq_ignore_ascii_case("bot") || o.eq_ignore_ascii_case("parlor") => {
            Opponent::Bot
        }
        Some(o) => Opponent::User(user_ref(o)),
    };
    let mut spec = ChallengeSpec::new(kind, opponent);
    spec.variant = opts.get("variant").map(str::to_string);
    spec.clock = opts.get("clock").map(str::to_string);
    spec.rated = match opts.get("rated").map(str::to_ascii_lowercase).as_deref() {
        None => None,
        Some("true" | "yes" | "1") => Some(true),
        Some("false" | "no" | "0") => Some(false),
        Some(other) => {
            return Err(Msg::new("local-err-rated").code("text", format!("rated:{other}")));
        }
    };
    spec.level = match opts.get("level") {
        None => None,
        Some(l) => Some(
            l.parse()
                .map_err(|_| Msg::new("local-err-level").code("text", format!("level:{l}")))?,
        ),
    };
    Ok(spec)
}

/// An `on`/`off` option (also `true`/`false`, `yes`/`no`), if given.
fn on_off(opts: &Options, key: &str) -> Result<Option<bool>, Msg> {
    match opts.get(key).map(str::to_ascii_lowercase).as_deref() {
        None => Ok(None),
        Some("on" | "true" | "yes" | "1") => Ok(Some(true)),
        Some("off" | "false" | "no" | "0") => Ok(Some(false)),
        Some(other) => Err(Msg::new("local-err-on-off").code("text", format!("{key}:{other}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_slash_commands() {
        let Ok(Input::Service(Act::Challenge(spec))) = parse("/play game:loa opponent:bot level:2")
        else {
            panic!("not a challenge");
        };
        assert_eq!(spec.opponent, Opponent::Bot);
        assert_eq!(spec.level, Some(2));
        assert_eq!(
            parse("/move b1-b3"),
            Ok(Input::Service(Act::Move("b1-b3".into())))
        );
        assert_eq!(parse("/as Bob"), Ok(Input::As("Bob".into())));
        assert_eq!(parse("/legal"), Ok(Input::Legal));
        assert_eq!(parse("/moves"), Ok(Input::Service(Act::Moves(None))));
        assert_eq!(parse("/analyze"), Ok(Input::Service(Act::Analyse(None))));
        for line in ["/analyze match:12", "/analyze #12", "/analyse 12"] {
            assert_eq!(
                parse(line),
                Ok(Input::Service(Act::Analyse(Some(12)))),
                "{line}"
            );
        }
        for line in ["/moves match:12", "/moves #12", "/moves 12"] {
            assert_eq!(
                parse(line),
                Ok(Input::Service(Act::Moves(Some(12)))),
                "{line}"
            );
        }
        let id = |line: &str| parse(line).err().map(|m| m.id);
        assert_eq!(
            id(&format!("/as {}", "x".repeat(500))),
            Some("local-err-name-long")
        );
        assert_eq!(id(&format!("/as {}", "é".repeat(MAX_NAME))), None);
        assert_eq!(id("/as Parlor"), Some("local-err-name-bot"));
        assert_eq!(id(&"z".repeat(1 << 20)), Some("local-err-too-long"));
        assert_eq!(shorten(&"é".repeat(1 << 20)).chars().count(), 121);
        assert_eq!(shorten("/board"), "/board");
        assert_eq!(id("/as @BOT"), Some("local-err-name-bot"));
    }

    #[test]
    fn tab_completes_options_and_their_values() {
        assert_eq!(complete_option("/play", "opp"), vec!["opponent:"]);
        assert_eq!(
            complete_option("/play", "level:"),
            ["1", "2", "3", "4", "5"].map(|l| format!("level:{l}"))
        );
        assert_eq!(
            complete_option("/play", "game:l"),
            vec!["game:loa", "game:lightning"]
        );
        assert!(complete_option("/play", "variant:").contains(&"variant:cylinder".to_string()));
        assert_eq!(complete_option("/leaderboard", "sc"), vec!["scope:"]);
        assert_eq!(
            complete_option("/leaderboard", "scope:g"),
            vec!["scope:global"]
        );
        assert!(complete_option("/board", "x").is_empty());
        assert!(complete_option("/play", "nonsense:1").is_empty());
        let text = |m: Msg| m.text(crate::i18n::Lang::En);
        assert!(text(parse("/frobnicate").unwrap_err()).contains("/help"));
        assert!(text(parse("b1-b3").unwrap_err()).contains("/move b1-b3"));
        assert!(parse("/rules game:chess").is_err());
        assert_eq!(user_id("Bob"), user_id("bob"));
        assert_ne!(user_id("bob"), 0);
    }

    #[test]
    fn unknown_and_repeated_options_are_refused_by_name() {
        let refusal = |line: &str| {
            let m = parse(line).expect_err(line);
            (m.id, m.text(crate::i18n::Lang::En))
        };
        let (id, text) = refusal("/play game:loa bogus:1");
        assert_eq!(id, "local-err-unknown-option");
        assert!(
            text.contains("bogus:") && text.contains("opponent:"),
            "{text}"
        );
        let (id, text) = refusal("/play game:loa level:2 level:3");
        assert_eq!(id, "local-err-repeated-option");
        assert!(text.contains("level:"), "{text}");
        assert_eq!(refusal("/board page:2").0, "local-err-unknown-option");
        assert_eq!(
            refusal("/rules game:loa scope:global").0,
            "local-err-unknown-option"
        );
        assert!(parse("/leaderboard game:loa scope:global page:2").is_ok());
    }

    #[test]
    fn a_name_reads_the_same_after_opponent_and_after_as() {
        let Ok(Input::As(me)) = parse("/as Jean Dupont") else {
            panic!("/as takes the whole name");
        };
        let Ok(Input::Service(Act::Challenge(spec))) =
            parse("/play game:loa opponent:Jean Dupont level:2")
        else {
            panic!("not a challenge");
        };
        assert_eq!(spec.opponent, Opponent::User(user_ref(&me)));
        assert_eq!(spec.level, Some(2));
        let Ok(Input::Service(Act::Challenge(spec))) = parse("/play loa opponent:@Zoé🎲") else {
            panic!("not a challenge");
        };
        assert_eq!(spec.opponent, Opponent::User(user_ref("Zoé🎲")));
        assert_eq!(parse("/as @Zoé🎲"), Ok(Input::As("Zoé🎲".into())));
    }
}
