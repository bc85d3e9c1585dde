//! The slash commands, each declared once and independent of any transport: its name, its
//! options (type, required or not, choices taken from the domain's own enums, autocomplete,
//! limits), who may use it, where it may be used, the catalogue ids of its words, and how its
//! options become an [`Act`]. The Discord registration, the terminal's parser, its Tab completion
//! and `/help` in both adapters are all read from here.
//!
//! Adding a command: its declaration in [`commands`], its decision (what the table does with
//! its act), its words (`cmd-<name>`, `cmd-<name>-<option>` and `local-help-<name>` in both
//! catalogues).

#[doc(hidden)]
pub mod args;
#[doc(hidden)]
pub mod choices;
#[doc(hidden)]
pub mod commands;

pub use args::{Args, Person, Value, missing, out_of_range, unknown_option};
pub use choices::{Choice, Choices};
pub use commands::ALL;

use crate::i18n::Msg;

use super::Act;

/// One slash command.
pub struct Command {
    /// The name INTERFACES.md fixes (`leaderboard`).
    pub name: &'static str,
    /// Its options, in the order Discord lists them.
    pub options: &'static [Opt],
    /// Who may use it at all (a server's own options may ask more: see [`Opt::who`]).
    pub who: Who,
    /// Where it may be used.
    pub places: Places,
    /// Which paragraph of `/help` names it.
    pub help: Group,
    /// How its options become an act; `Err` is a message for the person who typed it.
    pub act: fn(&Args) -> Result<Act, Msg>,
    /// Its subcommands (`/tournament create`), each a command named by its whole path; a
    /// command with subcommands takes no option of its own.
    pub subcommands: &'static [Command],
}

/// One option of a command.
pub struct Opt {
    /// The name INTERFACES.md fixes (`my-language`).
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
    /// Who may set it.
    pub who: Who,
}

/// What an option holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text: free, or one of a list of choices, or with suggestions as it is typed.
    Text(Values),
    /// A whole number within limits (both included).
    Number {
        min: i64,
        max: i64,
    },
    Bool,
    /// A person (in the terminal: a name; `bot` names the bot).
    User,
    /// A channel of the server (in the terminal: its number).
    Channel,
}

/// Where the values of a text option come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Any text; `placeholder` names it in a syntax line (`local-ph-<placeholder>`), `example`
    /// is a value that reads well in an example (`12`).
    Free {
        placeholder: &'static str,
        example: &'static str,
    },
    /// One of these.
    Choices(Choices),
    /// Suggested while typed, from this source.
    Autocomplete(Source),
}

/// What suggests the values of an autocompleted option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The legal moves of this channel's match that start with what was typed.
    LegalMoves,
    /// The legal moves of the requester's puzzle under way that start with what was typed.
    PuzzleMoves,
}

/// Who may use a command or set an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Anyone,
    /// Discord's Manage Server: the server's own settings (checked by the table).
    ManageServer,
}

/// Where a command may be used: how the app is installed (Discord's `integration_types`) and
/// where it is called (`contexts`), as Discord registers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Places {
    /// Installed to a server.
    pub guild_install: bool,
    /// Installed to a person's account.
    pub user_install: bool,
    /// In a server's channel.
    pub server: bool,
    /// In a direct message with the bot.
    pub bot_dm: bool,
    /// In a direct message or group between people.
    pub private_channel: bool,
}

impl Places {
    /// Every installation, every context.
    pub const EVERYWHERE: Places = Places {
        guild_install: true,
        user_install: true,
        server: true,
        bot_dm: true,
        private_channel: true,
    };
    /// What only makes sense in a server that added the bot (its settings, tournaments).
    pub const SERVER: Places = Places {
        guild_install: true,
        user_install: false,
        server: true,
        bot_dm: false,
        private_channel: false,
    };
}

/// The paragraphs of `/help`, in order; each names its commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Play,
    Match,
    Puzzles,
    Results,
    Settings,
    Tournaments,
    Rules,
    /// Not in `/help`'s paragraphs (`/help` itself).
    None,
}

impl Group {
    /// Every paragraph, in the order `/help` shows them.
    pub const ALL: [Group; 7] = [
        Group::Play,
        Group::Match,
        Group::Puzzles,
        Group::Results,
        Group::Settings,
        Group::Tournaments,
        Group::Rules,
    ];

    /// The paragraph's catalogue id; it names each of its commands by `$<name>`.
    pub fn id(self) -> Option<&'static str> {
        match self {
            Group::Play => Some("help-play"),
            Group::Match => Some("help-match"),
            Group::Puzzles => Some("help-puzzles"),
            Group::Results => Some("help-results"),
            Group::Settings => Some("help-settings"),
            Group::Tournaments => Some("help-tournaments"),
            Group::Rules => Some("help-rules"),
            Group::None => None,
        }
    }
}

/// The command called `name` (as typed: case ignored).
pub fn find(name: &str) -> Option<&'static Command> {
    ALL.iter().find(|c| c.name.eq_ignore_ascii_case(name))
}

/// The command or subcommand called by its whole path (`tournament create`).
pub fn find_path(path: &str) -> Option<&'static Command> {
    let (top, sub) = path.split_once(' ').unwrap_or((path, ""));
    let command = find(top)?;
    if sub.trim().is_empty() {
        return Some(command);
    }
    command.subcommand(sub.trim())
}

/// Every command that is called with options: the commands without subcommands, and each
/// subcommand.
pub fn leaves() -> impl Iterator<Item = &'static Command> {
    ALL.iter().flat_map(|c| {
        if c.subcommands.is_empty() {
            std::slice::from_ref(c)
        } else {
            c.subcommands
        }
    })
}

impl Command {
    /// The subcommand called `name` (its last word, as typed: case ignored).
    pub fn subcommand(&self, name: &str) -> Option<&'static Command> {
        self.subcommands
            .iter()
            .find(|c| c.leaf_name().eq_ignore_ascii_case(name))
    }

    /// The last word of its name: the name Discord registers a subcommand under.
    pub fn leaf_name(&self) -> &'static str {
        self.name.rsplit(' ').next().unwrap_or(self.name)
    }

    /// Its name as part of a catalogue id (`tournament-create`).
    fn id_name(&self) -> String {
        self.name.replace(' ', "-")
    }

    /// The option called `name`.
    pub fn option(&self, name: &str) -> Option<&'static Opt> {
        self.options.iter().find(|o| o.name == name)
    }

    /// The catalogue id of what the command does, as Discord describes it (`cmd-play`).
    pub fn description_id(&self) -> String {
        format!("cmd-{}", self.id_name())
    }

    /// The catalogue id of an option's description (`cmd-play-game`).
    pub fn option_id(&self, option: &Opt) -> String {
        format!("cmd-{}-{}", self.id_name(), option.name)
    }

    /// The catalogue id of the command's line in the terminal's `/help` (`local-help-play`).
    pub fn help_id(&self) -> String {
        format!("local-help-{}", self.id_name())
    }

    /// Every catalogue id the command names: its description, its options', its choices', its
    /// line in the terminal's help.
    pub fn ids(&self) -> Vec<String> {
        let mut ids = vec![self.description_id(), self.help_id()];
        for sub in self.subcommands {
            ids.extend(sub.ids());
        }
        for option in self.options {
            ids.push(self.option_id(option));
            if let Kind::Text(Values::Choices(choices)) = option.kind {
                ids.extend(choices.all().iter().flat_map(|c| msg_ids(&c.label)));
            }
            if let Some(word) = option.placeholder() {
                ids.push(format!("local-ph-{word}"));
            }
        }
        ids
    }
}

impl Opt {
    /// The word that stands for the option's value in a syntax line, where its values are not
    /// listed (`game`: the terminal shows `<game>`, from `local-ph-game`).
    pub fn placeholder(&self) -> Option<&'static str> {
        match self.kind {
            Kind::Text(Values::Free { placeholder, .. }) => Some(placeholder),
            Kind::Text(Values::Autocomplete(_)) => Some("move"),
            Kind::Text(Values::Choices(Choices::Games)) => Some("game"),
            Kind::Text(Values::Choices(Choices::Variants)) => Some("variant"),
            Kind::Number { min, max } if max - min >= 10 => Some("n"),
            Kind::User => Some("name"),
            Kind::Channel => Some("channel"),
            _ => None,
        }
    }

    /// What the option may hold, as a syntax line shows it: `{game}` for a placeholder, else
    /// the values joined by `|` (`on|off`, `1-5` for a narrow number).
    pub fn syntax(&self) -> String {
        if let Some(word) = self.placeholder() {
            return format!("{{{word}}}");
        }
        match self.kind {
            Kind::Number { min, max } => format!("{min}-{max}"),
            Kind::Bool => "on|off".to_owned(),
            _ => self.suggestions().join("|"),
        }
    }

    /// A value that reads well in an example of the command.
    pub fn example(&self) -> Option<String> {
        match self.kind {
            Kind::Text(Values::Free { example, .. }) => Some(example.to_owned()),
            Kind::Text(Values::Autocomplete(_)) => Some("b1-b3".to_owned()),
            _ => self.suggestions().into_iter().next(),
        }
    }

    /// The values to offer while it is typed, where they are few enough to list (none for a
    /// free text or a wide number; `bot` for a person).
    pub fn suggestions(&self) -> Vec<String> {
        match self.kind {
            Kind::Text(Values::Choices(choices)) => choices.values(),
            Kind::Number { min, max } if max - min < 25 => {
                (min..=max).map(|n| n.to_string()).collect()
            }
            Kind::Bool => vec!["on".to_owned(), "off".to_owned()],
            Kind::User => vec!["bot".to_owned()],
            Kind::Channel => Vec::new(),
            _ => Vec::new(),
        }
    }
}

/// The ids a message names: its own and those of the messages in its arguments.
fn msg_ids(msg: &Msg) -> Vec<String> {
    let mut ids = vec![msg.id.to_owned()];
    for (_, arg) in &msg.args {
        match arg {
            crate::i18n::Arg::Msg(inner) => ids.extend(msg_ids(inner)),
            crate::i18n::Arg::List(items) => ids.extend(items.iter().flat_map(msg_ids)),
            _ => {}
        }
    }
    ids
}
