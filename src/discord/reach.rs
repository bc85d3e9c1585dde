//! Where the bot can reach a chat. In a server that added it, and in its own DMs, it is a member
//! and posts what happens without a request (its own moves, reminders, time-outs) in the
//! channel. Elsewhere (DMs and group DMs between people, servers that never added it, reached
//! through Parlor installed to a person's account) it can post nothing itself: every word is an
//! answer to an interaction, and news goes as a follow-up of the last interaction there while its
//! token lives (15 minutes, at most 5 follow-ups), or else waits for the next interaction, and
//! goes besides, where Discord allows it, in a DM from Parlor to each player it concerns.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;

use super::answer::Answer;
use crate::table::Clock;

/// How long Discord lets an interaction's token follow up and edit.
pub const TOKEN_LIFE_MS: i64 = 15 * 60 * 1000;
/// What is left of that when the bot stops using a token: a request sent just before the end
/// may arrive after it.
const TOKEN_MARGIN_MS: i64 = 60 * 1000;
/// The follow-ups Discord allows one interaction of a user install (since June 2024).
pub const MAX_FOLLOWUPS: usize = 5;

/// How the bot reaches the chat of an interaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A member: it may post in the channel.
    Member,
    /// Through interactions only; `forced_private` where a server turned "Use External Apps"
    /// off (every answer there is private, whatever the bot asks).
    Interactions { forced_private: bool },
}

impl Reach {
    /// Reads it from what an interaction says: a DM or group DM between people (context 2) is
    /// reached by interactions only, and so is a server whose install did not authorize it (the
    /// app is installed to the person, not to the server); the member's permissions say whether
    /// the server lets them use external apps publicly.
    pub fn of(
        context: Option<serenity::InteractionContext>,
        guild: Option<serenity::GuildId>,
        owners: &serenity::AuthorizingIntegrationOwners,
        member: Option<serenity::Permissions>,
    ) -> Reach {
        use serenity::AuthorizingIntegrationOwner as Owner;
        use serenity::InteractionContext as Context;
        match (context, guild) {
            (Some(Context::PrivateChannel), _) => Reach::Interactions {
                forced_private: false,
            },
            (Some(Context::Guild), Some(guild)) => {
                let installed = owners
                    .0
                    .iter()
                    .any(|o| matches!(o, Owner::GuildInstall(Some(g)) if *g == guild));
                if installed || owners.0.is_empty() {
                    Reach::Member
                } else {
                    Reach::Interactions {
                        forced_private: member.is_some_and(|p| !p.use_external_apps()),
                    }
                }
            }
            _ => Reach::Member,
        }
    }

    pub fn is_member(self) -> bool {
        self == Reach::Member
    }

    pub fn forced_private(self) -> bool {
        matches!(
            self,
            Reach::Interactions {
                forced_private: true
            }
        )
    }
}

/// A token an answer or news went through: what the bot may still edit with it.
#[derive(Clone, Debug)]
pub struct Token {
    pub token: String,
    /// When the interaction arrived, by the table's clock.
    pub at_ms: i64,
}

impl Token {
    /// Whether Discord still takes it at `now_ms`.
    pub fn lives(&self, now_ms: i64) -> bool {
        now_ms - self.at_ms < TOKEN_LIFE_MS - TOKEN_MARGIN_MS
    }
}

/// Where news that no token could carry now went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// An interaction in the chat is being answered: the news follows it up in a moment.
    AnswerComing,
    /// The news waits for the next interaction there.
    NextInteraction,
}

/// A chat reached through interactions only.
#[derive(Default)]
struct Chat {
    /// The newest interaction there, the follow-ups it was used for, and whether it is
    /// answered (Discord takes no follow-up before the first response).
    last: Option<(Token, usize, bool)>,
    /// News that could not go yet: for the next interaction.
    waiting: Vec<Answer>,
}

/// The chats reached through interactions only, by channel: their newest token, and the news
/// waiting for the next interaction. Kept in memory: after a restart a chat is known again at
/// its next interaction.
#[derive(Clone)]
pub struct Chats {
    chats: Arc<Mutex<HashMap<u64, Chat>>>,
    clock: Arc<dyn Clock>,
}

impl Chats {
    pub fn new(clock: Arc<dyn Clock>) -> Chats {
        Chats {
            chats: Arc::default(),
            clock,
        }
    }

    /// The time by the table's clock.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Chat>> {
        self.chats.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// An interaction arrived in `channel`, reached through interactions only: its token is the
    /// one news goes through from now on. Its own answer may take a follow-up (after a
    /// deferral), counted already.
    pub fn saw(&self, channel: u64, token: &str) -> Token {
        let token = Token {
            token: token.to_owned(),
            at_ms: self.now_ms(),
        };
        self.lock().entry(channel).or_default().last = Some((token.clone(), 1, false));
        token
    }

    /// The interaction of `token` in `channel` is answered: news may follow it up from now on.
    /// Returns the news that was waiting there, taken in the same step, so that news kept
    /// while the answer went is never left behind.
    pub fn answered(&self, channel: u64, token: &str) -> Vec<Answer> {
        let mut chats = self.lock();
        let Some(chat) = chats.get_mut(&channel) else {
            return Vec::new();
        };
        if let Some((last, _, answered)) = chat.last.as_mut()
            && last.token == token
        {
            *answered = true;
        }
        std::mem::take(&mut chat.waiting)
    }

    /// Whether `channel` is reached through interactions only (as far as this process knows).
    pub fn is_outside(&self, channel: u64) -> bool {
        self.lock().contains_key(&channel)
    }

    /// A living token of `channel`, answered, with a follow-up left, that follow-up counted;
    /// `None` when there is none.
    pub fn lend(&self, channel: u64) -> Option<Token> {
        let now = self.now_ms();
        let mut chats = self.lock();
        let chat = chats.get_mut(&channel)?;
        Self::lend_from(chat, now)
    }

    fn lend_from(chat: &mut Chat, now: i64) -> Option<Token> {
        let (token, used, answered) = chat.last.as_mut()?;
        if !*answered || !token.lives(now) || *used >= MAX_FOLLOWUPS {
            return None;
        }
        *used += 1;
        Some(token.clone())
    }

    /// A token for `answer` in `channel` ([`Chats::lend`]), or else `answer` kept for the next
    /// interaction there ([`Chats::hold`]), in one step: news never falls between an answer
    /// being sent and its token being marked answered.
    pub fn lend_or_hold(&self, channel: u64, answer: Answer) -> Result<(Token, Answer), Held> {
        let now = self.now_ms();
        let mut chats = self.lock();
        let chat = chats.entry(channel).or_default();
        if let Some(token) = Self::lend_from(chat, now) {
            return Ok((token, answer));
        }
        Err(Self::hold_in(chat, answer, now))
    }

    /// Keeps news for the next interaction in `channel`, and says whether that interaction is
    /// already there (not answered yet, its token living with a follow-up left): then the
    /// news goes as soon as it is answered.
    pub fn hold(&self, channel: u64, answer: Answer) -> Held {
        let now = self.now_ms();
        let mut chats = self.lock();
        Self::hold_in(chats.entry(channel).or_default(), answer, now)
    }

    fn hold_in(chat: &mut Chat, answer: Answer, now: i64) -> Held {
        chat.waiting.push(answer);
        let soon = chat.last.as_ref().is_some_and(|(token, used, answered)| {
            !*answered && token.lives(now) && *used < MAX_FOLLOWUPS
        });
        if soon {
            Held::AnswerComing
        } else {
            Held::NextInteraction
        }
    }
}

/// Discord's refusal of a DM: the person cannot be messaged by the app (they never installed it
/// to their account and share no server with it, or they closed their DMs).
const CANNOT_MESSAGE: isize = 50007;

/// How a DM from Parlor went.
#[derive(Debug)]
pub enum Dm {
    Sent,
    /// Discord refused it (50007): the person cannot be messaged.
    Refused,
    /// Anything else.
    Failed(String),
}

impl Dm {
    fn from_error(error: serenity::Error) -> Dm {
        if let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) = &error
            && response.error.code == CANNOT_MESSAGE
        {
            return Dm::Refused;
        }
        Dm::Failed(error.to_string())
    }
}

/// How long a person whose DM Discord refused is not tried again: they may install Parlor
/// later, but every refusal counts towards Discord's limit of invalid requests (10,000 in ten
/// minutes ban the bot's address for a while).
const REFUSED_FOR: std::time::Duration = std::time::Duration::from_secs(3600);

/// The DMs of each person, as far as this process knows.
#[derive(Default)]
struct Known {
    /// Each person's DM channel with Parlor, once opened.
    channels: HashMap<u64, serenity::ChannelId>,
    /// When Discord last refused a DM to a person.
    refused: HashMap<u64, std::time::Instant>,
}

/// DMs from Parlor to people: the channel of each, opened once (`POST /users/@me/channels`)
/// and kept in memory, and the people Discord would not let Parlor message, not tried again
/// for [`REFUSED_FOR`].
#[derive(Clone, Default)]
pub struct Dms {
    known: Arc<Mutex<Known>>,
}

impl Dms {
    fn lock(&self) -> std::sync::MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Sends `message` to `user` in their DM with Parlor, opening it first if need be; a
    /// person Discord refused lately is answered `Refused` without asking again.
    pub async fn send(
        &self,
        http: &serenity::Http,
        user: serenity::UserId,
        message: serenity::CreateMessage,
    ) -> Dm {
        let known = {
            let mut known = self.lock();
            let lately = known
                .refused
                .get(&user.get())
                .is_some_and(|at| at.elapsed() < REFUSED_FOR);
            if lately {
                return Dm::Refused;
            }
            known.refused.retain(|_, at| at.elapsed() < REFUSED_FOR);
            known.channels.get(&user.get()).copied()
        };
        let channel = match known {
            Some(channel) => channel,
            None => match user.create_dm_channel(http).await {
                Ok(dm) => {
                    self.lock().channels.insert(user.get(), dm.id);
                    dm.id
                }
                Err(error) => return self.failed(user, error),
            },
        };
        match channel.send_message(http, message).await {
            Ok(_) => Dm::Sent,
            Err(error) => self.failed(user, error),
        }
    }

    /// What a failed DM to `user` means, remembering a refusal.
    fn failed(&self, user: serenity::UserId, error: serenity::Error) -> Dm {
        let dm = Dm::from_error(error);
        if matches!(dm, Dm::Refused) {
            self.lock()
                .refused
                .insert(user.get(), std::time::Instant::now());
        }
        dm
    }
}

/// The address of a chat, for a link to it from a DM: a DM or group DM between people, or a
/// server's channel.
pub fn chat_link(guild: Option<u64>, channel: u64) -> String {
    match guild {
        Some(guild) => format!("https://discord.com/channels/{guild}/{channel}"),
        None => format!("https://discord.com/channels/@me/{channel}"),
    }
}
