//! The bot's own permissions where it acts: Discord sends them with every interaction
//! (`app_permissions`); they are checked before a match starts (its board must be postable
//! there), remembered per channel for the notices posted later, and named in the words Discord
//! itself shows when something is missing. Also the invite link with exactly what is needed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;
use serenity::Permissions;

use crate::i18n::Msg;
use crate::table::Act;

/// Everything the bot ever needs in a channel: see a channel, post boards (text, embed,
/// picture) there and in threads, start a match's thread from its card, and read the messages it
/// edits. The invite link asks for exactly these.
pub fn wanted() -> Permissions {
    Permissions::VIEW_CHANNEL
        | Permissions::SEND_MESSAGES
        | Permissions::SEND_MESSAGES_IN_THREADS
        | Permissions::EMBED_LINKS
        | Permissions::ATTACH_FILES
        | Permissions::READ_MESSAGE_HISTORY
        | Permissions::CREATE_PUBLIC_THREADS
}

/// The link that adds the bot to a server with [`wanted`] permissions and its slash commands
/// (a guild install: the `bot` scope installs to a server).
pub fn invite_url(application: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application}&scope=bot%20applications.commands&permissions={}",
        wanted().bits()
    )
}

/// The link that installs Parlor to a person's own account (a user install, Discord's
/// `integration_type=1`): its commands in their DMs, group DMs and servers without the bot.
/// It works once user install is turned on in the developer portal (see the README).
pub fn user_install_url(application: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application}&integration_type=1&scope=applications.commands"
    )
}

/// What posting a message in a channel (or a thread) needs, with an embed and a file or not.
pub fn to_post(in_thread: bool, embed: bool, file: bool) -> Permissions {
    let mut need = Permissions::VIEW_CHANNEL;
    need |= if in_thread {
        Permissions::SEND_MESSAGES_IN_THREADS
    } else {
        Permissions::SEND_MESSAGES
    };
    if embed {
        need |= Permissions::EMBED_LINKS;
    }
    if file {
        need |= Permissions::ATTACH_FILES;
    }
    need
}

/// What posting a board needs (a board is text with an embed and a picture).
pub fn to_post_board(in_thread: bool) -> Permissions {
    to_post(in_thread, true, true)
}

/// What an act needs in its channel before it is tried: anything that starts a match (or opens
/// a challenge that will) needs its board to be postable there, since the bot's moves, reminders
/// and timeouts are posted later without an interaction. Other acts are answered through the
/// interaction itself, which needs nothing.
pub fn needed(act: &Act, in_thread: bool) -> Permissions {
    match act {
        Act::Challenge(_) | Act::Accept | Act::Sit(_) | Act::SitBot | Act::Rematch => {
            to_post_board(in_thread)
        }
        _ => Permissions::empty(),
    }
}

/// What of `need` the bot lacks with `have` (nothing when Discord did not say, as in a direct
/// message without a server).
pub fn missing(have: Option<Permissions>, need: Permissions) -> Permissions {
    match have {
        Some(have) if !have.administrator() => need - have,
        _ => Permissions::empty(),
    }
}

/// Discord's names of the permissions the bot may lack, in the order Discord lists them.
const NAMES: [(Permissions, &str); 7] = [
    (Permissions::VIEW_CHANNEL, "perm-view-channel"),
    (Permissions::SEND_MESSAGES, "perm-send-messages"),
    (
        Permissions::SEND_MESSAGES_IN_THREADS,
        "perm-send-messages-in-threads",
    ),
    (
        Permissions::CREATE_PUBLIC_THREADS,
        "perm-create-public-threads",
    ),
    (Permissions::EMBED_LINKS, "perm-embed-links"),
    (Permissions::ATTACH_FILES, "perm-attach-files"),
    (
        Permissions::READ_MESSAGE_HISTORY,
        "perm-read-message-history",
    ),
];

/// The permissions in `set`, by the names Discord shows (in bold).
pub fn names(set: Permissions) -> Vec<Msg> {
    NAMES
        .iter()
        .filter(|(p, _)| set.contains(*p))
        .map(|(_, id)| Msg::new(id))
        .collect()
}

/// The refusal of an act that needs what is `missing`: what, and where to grant it.
pub fn refusal(missing: Permissions) -> Msg {
    Msg::new("err-missing-permissions").list("perms", names(missing))
}

/// The bot's permissions in each channel, as the latest interaction there reported them: what
/// a notice (posted without an interaction) is checked against.
#[derive(Clone, Default)]
pub struct Known(Arc<Mutex<HashMap<u64, Permissions>>>);

impl Known {
    /// Remembers what an interaction in `channel` said.
    pub fn saw(&self, channel: u64, have: Option<Permissions>) {
        if let Some(have) = have {
            self.lock().insert(channel, have);
        }
    }

    /// What the bot had in `channel` when last told, if it ever was.
    pub fn get(&self, channel: u64) -> Option<Permissions> {
        self.lock().get(&channel).copied()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Permissions>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}
