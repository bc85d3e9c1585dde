//! A fake Discord on 127.0.0.1: the gateway (a websocket) and the REST routes the bot uses, with
//! Discord's rules for interactions enforced, so the real bot code (serenity + poise, unmodified)
//! can be tested end to end.
//!
//! Every payload sent to the bot is first checked to deserialize into serenity's own model types:
//! serenity silently drops events it cannot parse, and a silently dropped event would make a test
//! time out without saying why.
//!
//! The rules enforced (a broken rule answers as Discord does and is recorded in `violations`,
//! which every test checks is empty at the end):
//! - an interaction gets exactly one first response, within 3 seconds of being sent;
//! - a follow-up or an edit needs an answered interaction;
//! - a deferral fixes visibility: the first follow-up edits the "thinking" message, which stays
//!   public or private as the deferral was, whatever the follow-up asks;
//! - message limits: 2000 characters, 10 embeds, 5 rows, 5 buttons a row or one menu, 25 menu
//!   options, 25 autocomplete choices, `custom_id`s of at most 100 characters, unique in a message;
//!   a link button (style 5) has a `url` (at most 512 characters) and no `custom_id`, every other
//!   button the reverse;
//! - a slash command's options must match what the bot registered (names, types, choices, ranges),
//!   and only buttons and menus present and enabled on a message can be pressed;
//! - permissions: the bot's permissions in a channel (`app_permissions`, and each interaction's
//!   `channel.permissions`) leave out what a test denied there; posting a message there without
//!   View Channel answers 403 (50001, Missing Access), without Send Messages (Send Messages in
//!   Threads in a thread), or with files but without Attach Files, 403 (50013, Missing
//!   Permissions); embeds without Embed Links are dropped, as Discord does;
//! - a deleted channel (and its threads) answers every request with 404 (10003, Unknown Channel);
//! - sharding: each gateway connection IDENTIFYs as `shard: [id, total]`; a server's GUILD_CREATE
//!   and interactions go only to the connection of shard `(guild_id >> 22) % total` (direct
//!   messages to shard 0); a shard id not below its total, a total that disagrees with the
//!   connected shards', or a shard already connected is closed with 4010 (invalid shard), and
//!   fewer shards than the fake requires with 4011 (sharding required).

// Shared with the latency benchmark, which uses only part of it.
#![allow(dead_code)]

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::extract::{FromRequest, Multipart, Path, Request, State as AxState};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post, put};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// The application id, which is also the bot's user id.
pub const APP_ID: u64 = 900_000_000_000_000_001;
/// The one server of the fake.
pub const GUILD_ID: u64 = 910_000_000_000_000_001;
/// The default channel.
pub const CHANNEL_ID: u64 = 920_000_000_000_000_001;
/// The channel of direct messages (no server).
pub const DM_CHANNEL_ID: u64 = 930_000_000_000_000_001;
/// The token the bot must present.
pub const TOKEN: &str = "fake.bot-token.for-tests-only";
/// Discord's window for the first response.
pub const RESPONSE_WINDOW: Duration = Duration::from_secs(3);
/// How long a test waits for something before failing.
pub const WAIT: Duration = Duration::from_secs(20);
/// The ephemeral message flag.
const EPHEMERAL: u64 = 1 << 6;
/// What an ordinary member may do in the fake's channel (no Manage Messages, no Administrator).
pub const MEMBER_PERMISSIONS: u64 = 2_248_473_465_835_073;
/// Discord's Manage Messages permission bit.
pub const MANAGE_MESSAGES: u64 = 1 << 13;

/// A member of the fake server.
#[derive(Debug, Clone)]
pub struct User {
    pub id: u64,
    pub name: String,
    pub bot: bool,
    /// The language of the person's Discord client (an interaction's `locale`).
    pub locale: String,
    /// Their permissions in the channel (`member.permissions`, a bitfield).
    pub permissions: u64,
}

impl User {
    pub fn new(id: u64, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
            bot: false,
            locale: "en-US".to_owned(),
            permissions: MEMBER_PERMISSIONS,
        }
    }

    /// The same member, allowed to manage messages in the channel (a moderator).
    pub fn with_manage_messages(mut self) -> Self {
        self.permissions |= MANAGE_MESSAGES;
        self
    }

    /// The same member, allowed to manage the server (its settings).
    pub fn with_manage_server(mut self) -> Self {
        self.permissions |= 1 << 5;
        self
    }

    /// The same member with their Discord client in another language (`fr`, `en-GB` ...).
    pub fn speaking(mut self, locale: &str) -> Self {
        locale.clone_into(&mut self.locale);
        self
    }

    /// The bot itself, as a user (for `/play opponent:<the bot>`).
    pub fn bot() -> Self {
        Self {
            id: APP_ID,
            name: "Parlor".to_owned(),
            bot: true,
            locale: "en-US".to_owned(),
            permissions: MEMBER_PERMISSIONS,
        }
    }

    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": null,
            "bot": self.bot,
            "public_flags": 0,
        })
    }

    /// A member object without `user` (as in `resolved.members`).
    fn partial_member_json(&self) -> Value {
        json!({
            "nick": null,
            "avatar": null,
            "roles": [],
            "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": self.permissions.to_string(),
            "communication_disabled_until": null,
        })
    }

    fn member_json(&self) -> Value {
        let mut member = self.partial_member_json();
        member["user"] = self.json();
        member
    }
}

/// A file attached to a message.
#[derive(Debug, Clone)]
pub struct File {
    pub id: u64,
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// A message as the fake keeps it.
#[derive(Debug, Clone)]
pub struct Msg {
    pub id: u64,
    pub channel_id: u64,
    /// Only the person of `interaction` sees it.
    pub ephemeral: bool,
    pub content: String,
    pub embeds: Vec<Value>,
    /// Rows of components, as sent by the bot.
    pub components: Vec<Value>,
    pub files: Vec<File>,
    /// A deferral's "thinking" placeholder not yet replaced.
    pub thinking: bool,
    pub deleted: bool,
    pub edits: u32,
    /// The content after each write (creation, deferral's end, every edit), oldest first.
    pub history: Vec<String>,
    /// The interactions that created or changed it, oldest first.
    pub touched_by: Vec<u64>,
    /// Users the bot allowed to be notified by mentions.
    pub allowed_users: Vec<u64>,
}

impl Msg {
    /// Every button and menu: (custom_id, component type, disabled).
    pub fn controls(&self) -> Vec<(String, u64, bool)> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| {
                Some((
                    c["custom_id"].as_str()?.to_owned(),
                    c["type"].as_u64().unwrap_or(0),
                    c["disabled"].as_bool().unwrap_or(false),
                ))
            })
            .collect()
    }

    /// The custom_id of the first button whose label contains `label` (case-insensitive).
    pub fn button(&self, label: &str) -> Option<String> {
        let label = label.to_lowercase();
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .find(|c| {
                c["type"] == 2
                    && c["label"]
                        .as_str()
                        .is_some_and(|l| l.to_lowercase().contains(&label))
            })
            .and_then(|c| c["custom_id"].as_str().map(str::to_owned))
    }

    /// Every link button: (label, url).
    pub fn links(&self) -> Vec<(String, String)> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|c| c["type"] == 2 && c["style"] == 5)
            .map(|c| {
                let text = |key: &str| c[key].as_str().unwrap_or_default().to_owned();
                (text("label"), text("url"))
            })
            .collect()
    }

    /// The options (values) of the select menu `custom_id`.
    pub fn menu_values(&self, custom_id: &str) -> Vec<String> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|c| c["custom_id"] == custom_id)
            .flat_map(|c| c["options"].as_array().cloned().unwrap_or_default())
            .filter_map(|o| o["value"].as_str().map(str::to_owned))
            .collect()
    }

    /// Every select menu's custom_id.
    pub fn menus(&self) -> Vec<String> {
        self.controls()
            .into_iter()
            .filter(|(_, kind, _)| *kind == 3)
            .map(|(id, _, _)| id)
            .collect()
    }

    /// Whether every button and menu is disabled (a finished board).
    pub fn all_disabled(&self) -> bool {
        self.controls().iter().all(|(_, _, disabled)| *disabled)
    }

    /// The text and the embeds' text, for assertions.
    pub fn text(&self) -> String {
        let mut text = self.content.clone();
        for embed in &self.embeds {
            for key in ["title", "description"] {
                if let Some(s) = embed[key].as_str() {
                    text.push('\n');
                    text.push_str(s);
                }
            }
            for field in embed["fields"].as_array().into_iter().flatten() {
                for key in ["name", "value"] {
                    if let Some(s) = field[key].as_str() {
                        text.push('\n');
                        text.push_str(s);
                    }
                }
            }
            if let Some(s) = embed["footer"]["text"].as_str() {
                text.push('\n');
                text.push_str(s);
            }
        }
        text
    }

    /// The first PNG attached, if any.
    pub fn png(&self) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|f| f.bytes.starts_with(b"\x89PNG"))
            .map(|f| f.bytes.as_slice())
    }
}

/// One response call to an interaction's callback route.
#[derive(Debug, Clone)]
pub struct Callback {
    /// The interaction response type (4 message, 5 deferred message, 6 deferred update, 7 update,
    /// 8 autocomplete).
    pub kind: u64,
    /// Time since the interaction was sent.
    pub after: Duration,
    pub accepted: bool,
    pub ephemeral: bool,
    pub data: Value,
    /// Which bot answered: the name given to [`FakeDiscord::api_base_for`], empty through the
    /// common [`FakeDiscord::api_base`].
    pub by: String,
}

/// An interaction sent to the bot.
#[derive(Debug, Clone)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    /// 2 command, 3 component, 4 autocomplete.
    pub kind: u64,
    pub user: u64,
    pub channel_id: u64,
    pub sent_at: Instant,
    /// The message a component was on.
    pub source: Option<u64>,
    pub callbacks: Vec<Callback>,
    /// The message `@original` refers to.
    pub original: Option<u64>,
    /// Messages created by follow-ups.
    pub followups: Vec<u64>,
    /// The server it came from (`None`: a direct message).
    pub guild: Option<u64>,
    /// The gateway shard it was delivered to.
    pub shard: u32,
    /// Time from sending until a message it created or changed first carried a PNG (the board
    /// picture posted), for the load benchmark.
    pub picture_after: Option<Duration>,
}

impl Interaction {
    fn answered(&self) -> bool {
        self.callbacks.iter().any(|c| c.accepted)
    }
}

/// A public thread the bot started from a message.
#[derive(Debug, Clone)]
pub struct Thread {
    pub id: u64,
    pub parent: u64,
    /// The server of its parent channel.
    pub guild: u64,
    /// The message it was started from.
    pub message: u64,
    pub name: String,
    pub members: Vec<u64>,
    pub archived: bool,
}

impl Thread {
    /// The thread as Discord sends a channel object.
    fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "type": 11,
            "guild_id": self.guild.to_string(),
            "name": self.name,
            "parent_id": self.parent.to_string(),
            "owner_id": APP_ID.to_string(),
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": self.members.len(),
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": 10080,
                "archive_timestamp": "2026-11-24T12:00:00.000000+00:00",
                "locked": false,
            },
        })
    }
}

/// The bot's permissions in the fake's channels, as a bit set: everything a game bot needs,
/// with or without Create Public Threads (bit 35) and Send Messages in Threads (bit 38), less
/// what a test `denied` there.
fn app_permissions(threads: bool, denied: u64) -> u64 {
    let all: u64 = 2_248_473_465_835_073;
    let thread_bits = (1 << 35) | (1 << 38);
    (if threads { all } else { all & !thread_bits }) & !denied
}

/// Discord's permission bits the fake checks when the bot posts.
pub mod perm {
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
}

/// A registration of slash commands (a bulk overwrite).
#[derive(Debug, Clone)]
pub struct Registration {
    /// `None` for global commands.
    pub guild: Option<u64>,
    pub commands: Vec<Value>,
}

/// Everything the fake has seen.
pub struct FakeState {
    pub identifies: Vec<Value>,
    pub connections: usize,
    pub open_sessions: usize,
    pub registrations: Vec<Registration>,
    pub interactions: HashMap<u64, Interaction>,
    pub messages: Vec<Msg>,
    /// Broken Discord rules, unknown routes, payloads the fake could not build.
    pub violations: Vec<String>,
    /// The server's preferred locale, sent as interactions' `guild_locale`.
    pub guild_locale: Option<String>,
    /// Every REST request, as "METHOD path".
    pub requests: Vec<String>,
    /// Injected failures: the next request whose "METHOD path" starts with the text is answered
    /// with that HTTP status (and a Discord error body) instead, once per entry.
    pub failures: Vec<(String, u16)>,
    /// Permissions denied to the bot, by channel (a thread's are its parent's).
    pub denied: HashMap<u64, u64>,
    /// Channels deleted (with their threads).
    pub deleted: Vec<u64>,
    /// Channels deleted by a member just before the bot next posts a message there.
    pub delete_before_post: Vec<u64>,
    /// Threads the bot started, by id.
    pub threads: HashMap<u64, Thread>,
    /// Whether the bot may create public threads and write in them (`app_permissions`); off
    /// unless a test grants it, as on a server that never gave it.
    pub thread_permission: bool,
    /// The servers of the fake (the bot is in all of them), with their default channel.
    pub guilds: Vec<(u64, u64)>,
    /// Further channels of those servers (channel -> server).
    pub channels: HashMap<u64, u64>,
    /// The shard count `/gateway/bot` recommends, and the least the fake accepts (close 4011
    /// below it).
    pub shard_count: u32,
    /// The open gateway sessions by shard id: session number, total shards, frames to send.
    gateways: HashMap<u32, Gateway>,
    /// Every (shard, event name) dispatched, in order.
    pub dispatched: Vec<(u32, String, Option<u64>)>,
    /// The gateway is cut off: every connection is closed with 4000 as soon as it opens.
    gateway_cut: bool,
    seq: u64,
    next_id: u64,
}

/// Sent to a gateway session's queue of frames: close the connection instead.
const HANG_UP: &str = "\u{0}hang up";

/// One identified gateway connection.
struct Gateway {
    session: u64,
    total: u32,
    tx: mpsc::UnboundedSender<String>,
}

impl Default for FakeState {
    fn default() -> Self {
        Self {
            identifies: Vec::new(),
            connections: 0,
            open_sessions: 0,
            registrations: Vec::new(),
            interactions: HashMap::new(),
            messages: Vec::new(),
            violations: Vec::new(),
            guild_locale: None,
            requests: Vec::new(),
            failures: Vec::new(),
            denied: HashMap::new(),
            deleted: Vec::new(),
            delete_before_post: Vec::new(),
            threads: HashMap::new(),
            thread_permission: false,
            guilds: vec![(GUILD_ID, CHANNEL_ID)],
            channels: HashMap::new(),
            shard_count: 1,
            gateways: HashMap::new(),
            dispatched: Vec::new(),
            gateway_cut: false,
            seq: 0,
            next_id: 0,
        }
    }
}

impl FakeState {
    /// The server a channel (or a thread of it) belongs to; `None` for a channel of no server
    /// (a direct message). Channels not added with a server are the default server's.
    pub fn guild_of(&self, channel: u64) -> Option<u64> {
        let channel = self.threads.get(&channel).map_or(channel, |t| t.parent);
        if channel == DM_CHANNEL_ID {
            return None;
        }
        if let Some(guild) = self.channels.get(&channel) {
            return Some(*guild);
        }
        Some(
            self.guilds
                .iter()
                .find(|(_, c)| *c == channel)
                .map_or(GUILD_ID, |(g, _)| *g),
        )
    }

    /// The channel a channel's permissions come from: a thread's parent, else itself.
    fn permission_home(&self, channel: u64) -> u64 {
        self.threads.get(&channel).map_or(channel, |t| t.parent)
    }

    /// What the bot may do in a channel now, as a bit set.
    pub fn bot_permissions(&self, channel: u64) -> u64 {
        let denied = self
            .denied
            .get(&self.permission_home(channel))
            .copied()
            .unwrap_or(0);
        app_permissions(self.thread_permission, denied)
    }

    /// Whether a channel (or the channel of a thread) was deleted.
    pub fn is_deleted(&self, channel: u64) -> bool {
        self.deleted.contains(&channel) || self.deleted.contains(&self.permission_home(channel))
    }

    /// The shard ids connected now.
    pub fn connected_shards(&self) -> Vec<u32> {
        let mut shards: Vec<u32> = self.gateways.keys().copied().collect();
        shards.sort_unstable();
        shards
    }

    /// The shard a server's events go to, with the total the connected shards agree on.
    fn shard_for(&self, guild: Option<u64>) -> u32 {
        let total = self.gateways.values().map(|g| g.total).next().unwrap_or(1);
        shard_of(guild, total)
    }

    fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        1_000_000_000_000_000_000 + self.next_id
    }

    /// A message by id (messages are kept in the order of their ids, which only grow).
    pub fn message(&self, id: u64) -> Option<&Msg> {
        let at = self.messages.binary_search_by_key(&id, |m| m.id).ok()?;
        self.messages.get(at)
    }

    fn message_mut(&mut self, id: u64) -> Option<&mut Msg> {
        let at = self.messages.binary_search_by_key(&id, |m| m.id).ok()?;
        self.messages.get_mut(at)
    }

    /// The commands registered last, in the guild or globally.
    pub fn commands(&self) -> Vec<Value> {
        let mut all: HashMap<String, Value> = HashMap::new();
        for reg in &self.registrations {
            for cmd in &reg.commands {
                if let Some(name) = cmd["name"].as_str() {
                    all.insert(name.to_owned(), cmd.clone());
                }
            }
        }
        all.into_values().collect()
    }

    /// The command `name` as registered last.
    fn command(&self, name: &str) -> Option<Value> {
        self.registrations
            .iter()
            .rev()
            .find_map(|reg| reg.commands.iter().find(|c| c["name"] == name))
            .cloned()
    }
}

struct Inner {
    /// Discord's window for the first response (shorter in the fake's own tests).
    window: Duration,
    /// The token the bot must present ([`TOKEN`] unless started with another).
    token: String,
    state: Mutex<FakeState>,
    version: watch::Sender<u64>,
    gateway_url: String,
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, FakeState> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn changed(&self) {
        self.version.send_modify(|v| *v += 1);
    }

    fn violation(&self, what: String) {
        eprintln!("fake discord: {what}");
        self.lock().violations.push(what);
        self.changed();
    }
}

/// The fake Discord: a gateway and a REST API on 127.0.0.1, dropped with the test.
pub struct FakeDiscord {
    /// The value for `DISCORD_API_BASE`.
    pub api_base: String,
    /// Holds the bot's SQLite database and the processes' logs.
    pub dir: tempfile::TempDir,
    /// The bot's database (`DATABASE_URL` of [`FakeDiscord::config`]): `parlor.db` in `dir`,
    /// or a fresh PostgreSQL database when `PARLOR_TEST_POSTGRES` names a server.
    pub database_url: String,
    inner: Arc<Inner>,
    tasks: Mutex<Vec<JoinHandle<()>>>,
    /// Dropped (a PostgreSQL database with it) once the fake has stopped serving.
    _database: crate::db::Database,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        let tasks = self.tasks.get_mut().unwrap_or_else(|p| p.into_inner());
        for task in tasks.iter() {
            task.abort();
        }
    }
}

/// The bot, running in this process.
pub struct Bot {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: JoinHandle<anyhow::Result<()>>,
}

impl Bot {
    /// Asks the bot to shut down (as SIGTERM does) and waits for it.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match tokio::time::timeout(WAIT, &mut self.task).await {
            Ok(Ok(result)) => result,
            Ok(Err(e)) => Err(anyhow::anyhow!("the bot task failed: {e}")),
            Err(_) => Err(anyhow::anyhow!("the bot did not stop in time")),
        }
    }
}

impl FakeDiscord {
    /// Starts the fake on two free ports of 127.0.0.1.
    pub async fn start() -> Self {
        Self::start_with_window(RESPONSE_WINDOW).await
    }

    /// Starts the fake with another first-response window (to test the fake's own rules).
    pub async fn start_with_window(window: Duration) -> Self {
        Self::start_with(window, TOKEN).await
    }

    /// Starts the fake expecting another bot token (to check where a token ends up).
    pub async fn start_with_token(token: &str) -> Self {
        Self::start_with(RESPONSE_WINDOW, token).await
    }

    async fn start_with(window: Duration, token: &str) -> Self {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let gateway = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let rest_addr: SocketAddr = rest.local_addr().expect("REST address");
        let gateway_addr: SocketAddr = gateway.local_addr().expect("gateway address");
        let (version, _) = watch::channel(0);
        let inner = Arc::new(Inner {
            window,
            token: token.to_owned(),
            state: Mutex::new(FakeState::default()),
            version,
            gateway_url: format!("ws://{gateway_addr}"),
        });
        let app = router(inner.clone(), "");
        let rest_task = tokio::spawn(async move {
            let _ = axum::serve(rest, app).tcp_nodelay(true).await;
        });
        let gw_inner = inner.clone();
        let gateway_task = tokio::spawn(async move {
            while let Ok((stream, _)) = gateway.accept().await {
                tokio::spawn(gateway_session(gw_inner.clone(), stream));
            }
        });
        let dir = tempfile::tempdir().expect("a temporary directory");
        let database = match crate::db::postgres_server() {
            Some(server) => crate::db::fresh_postgres(&server).await,
            None => crate::db::Database::sqlite(format!(
                "sqlite://{}",
                dir.path().join("parlor.db").display()
            )),
        };
        Self {
            api_base: format!("http://{rest_addr}"),
            dir,
            database_url: database.url.clone(),
            tasks: Mutex::new(vec![rest_task, gateway_task]),
            _database: database,
            inner,
        }
    }

    /// Another `DISCORD_API_BASE` for the same fake, on a port of its own, so that what a bot
    /// does through it is told apart: its interaction responses carry `by == name`.
    pub async fn api_base_for(&self, name: &str) -> String {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let addr: SocketAddr = rest.local_addr().expect("REST address");
        let app = router(self.inner.clone(), name);
        let task = tokio::spawn(async move {
            let _ = axum::serve(rest, app).tcp_nodelay(true).await;
        });
        self.tasks
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(task);
        format!("http://{addr}")
    }

    /// The gateway's websocket URL.
    pub fn gateway_url(&self) -> String {
        self.inner.gateway_url.clone()
    }

    /// The bot's configuration for this fake: `vars` are extra environment variables.
    pub fn config(&self, vars: &[(&str, &str)]) -> parlor::discord::Config {
        let mut all: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        all.entry("DISCORD_TOKEN".into())
            .or_insert(self.inner.token.clone());
        all.entry("DISCORD_API_BASE".into())
            .or_insert(self.api_base.clone());
        all.entry("DATABASE_URL".into())
            .or_insert(self.database_url.clone());
        parlor::discord::Config::from_lookup(|k| all.get(k).cloned()).expect("valid test config")
    }

    /// Starts the real bot against this fake (no cooldown between challenges).
    pub fn start_bot(&self, config: parlor::discord::Config) -> Bot {
        let settings = parlor::table::Config {
            challenge_cooldown_ms: 0,
            ..parlor::table::Config::default()
        };
        self.start_bot_with(config, settings)
    }

    /// Starts the real bot with these match-service settings.
    pub fn start_bot_with(
        &self,
        config: parlor::discord::Config,
        settings: parlor::table::Config,
    ) -> Bot {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(parlor::discord::serve(config, settings, async move {
            let _ = stopped.await;
        }));
        Bot {
            stop: Some(stop),
            task,
        }
    }

    /// A snapshot of everything seen so far.
    pub fn state(&self) -> MutexGuard<'_, FakeState> {
        self.inner.lock()
    }

    /// Waits until `f` returns something, or fails the test after [`WAIT`].
    pub async fn wait<T>(&self, what: &str, mut f: impl FnMut(&FakeState) -> Option<T>) -> T {
        let mut rx = self.inner.version.subscribe();
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            if let Some(found) = f(&self.inner.lock()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                let state = self.inner.lock();
                panic!(
                    "timed out waiting for {what}; requests: {:?}; violations: {:?}",
                    state.requests, state.violations
                );
            }
        }
    }

    /// Waits until the bot is connected and has registered its commands (`count` registrations
    /// in all, counting earlier starts).
    pub async fn wait_ready(&self, count: usize) {
        self.wait("the bot to register its commands", |s| {
            (s.registrations.len() >= count && !s.gateways.is_empty()).then_some(())
        })
        .await;
    }

    /// Fails the test if any Discord rule was broken.
    pub fn assert_no_violations(&self) {
        let state = self.inner.lock();
        assert!(
            state.violations.is_empty(),
            "Discord rules broken: {:#?}",
            state.violations
        );
    }

    /// Sends an event of this server (`None`: a direct message) to the connection of its shard
    /// only; returns that shard.
    fn dispatch(&self, event: &str, data: Value, guild: Option<u64>) -> u32 {
        let mut state = self.inner.lock();
        let shard = state.shard_for(guild);
        state.seq += 1;
        let frame = json!({"op": 0, "t": event, "s": state.seq, "d": data});
        let Some(gateway) = state.gateways.get(&shard) else {
            panic!(
                "no bot runs shard {shard}, the shard of {guild:?} (connected: {:?})",
                state.connected_shards()
            );
        };
        gateway
            .tx
            .send(frame.to_string())
            .expect("gateway session alive");
        state.dispatched.push((shard, event.to_owned(), guild));
        shard
    }

    /// Adds a server (the bot is in it) with its default channel; a bot connected later gets
    /// its GUILD_CREATE on the server's shard.
    pub fn add_guild(&self, guild: u64, channel: u64) {
        self.inner.lock().guilds.push((guild, channel));
    }

    /// Cuts the bot off from the gateway, as a network failure or an outage of Discord would:
    /// every connection is closed with 4000 ("unknown error, reconnect"), and so is every new
    /// one, until [`FakeDiscord::restore_gateway`].
    pub fn cut_gateway(&self) {
        let mut state = self.inner.lock();
        state.gateway_cut = true;
        for gateway in state.gateways.values() {
            let _ = gateway.tx.send(HANG_UP.to_owned());
        }
    }

    /// Lets gateway connections through again.
    pub fn restore_gateway(&self) {
        self.inner.lock().gateway_cut = false;
        self.inner.changed();
    }

    /// Adds another channel to a server added with [`FakeDiscord::add_guild`].
    pub fn add_channel(&self, guild: u64, channel: u64) {
        self.inner.lock().channels.insert(channel, guild);
    }

    /// Sets how many shards `/gateway/bot` recommends, which is also the least the fake accepts.
    pub fn set_shard_count(&self, count: u32) {
        self.inner.lock().shard_count = count;
    }

    /// Waits until exactly these shards are connected (and past READY).
    pub async fn wait_shards(&self, shards: &[u32]) {
        let mut want = shards.to_vec();
        want.sort_unstable();
        self.wait(&format!("shards {want:?} to connect"), |s| {
            (s.connected_shards() == want).then_some(())
        })
        .await;
    }

    /// A new interaction's record and the fields common to every kind of payload.
    fn base_interaction(
        &self,
        kind: u64,
        user: &User,
        channel_id: u64,
        source: Option<u64>,
    ) -> (Interaction, Value) {
        let (id, token) = {
            let mut state = self.inner.lock();
            let id = state.new_id();
            (id, format!("interaction-token-{id}"))
        };
        let (guild_locale, thread, permissions, guild) = {
            let state = self.inner.lock();
            (
                state.guild_locale.clone(),
                state.threads.get(&channel_id).cloned(),
                state.bot_permissions(channel_id).to_string(),
                state.guild_of(channel_id),
            )
        };
        let channel = match &thread {
            Some(t) => {
                let mut c = t.json();
                c["permissions"] = json!(permissions);
                c
            }
            None if guild.is_none() => {
                json!({"id": channel_id.to_string(), "type": 1, "permissions": permissions})
            }
            None => {
                json!({"id": channel_id.to_string(), "type": 0, "name": "games", "permissions": permissions})
            }
        };
        let mut payload = json!({
            "id": id.to_string(),
            "application_id": APP_ID.to_string(),
            "type": kind,
            "channel_id": channel_id.to_string(),
            "channel": channel,
            "token": token,
            "version": 1,
            "app_permissions": permissions,
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": 26_214_400,
        });
        match guild {
            Some(guild) => {
                payload["guild_id"] = json!(guild.to_string());
                payload["member"] = user.member_json();
                payload["guild_locale"] = json!(guild_locale.as_deref().unwrap_or("en-US"));
                payload["authorizing_integration_owners"] = json!({"0": guild.to_string()});
                payload["context"] = json!(0);
            }
            None => {
                // A direct message with the bot: the user, no member, no server.
                payload["user"] = user.json();
                payload["authorizing_integration_owners"] = json!({"1": user.id.to_string()});
                payload["context"] = json!(1);
            }
        }
        let record = Interaction {
            id,
            token,
            kind,
            user: user.id,
            channel_id,
            sent_at: Instant::now(),
            source,
            callbacks: Vec::new(),
            original: None,
            followups: Vec::new(),
            guild,
            shard: 0,
            picture_after: None,
        };
        (record, payload)
    }

    /// Sends an interaction (kept as `record`) to the bot.
    fn send_interaction(&self, record: Interaction, payload: Value) -> u64 {
        if let Err(e) = serde_json::from_value::<serenity::Interaction>(payload.clone()) {
            panic!("the fake built an interaction serenity cannot read: {e}\n{payload:#}");
        }
        let id = record.id;
        let guild = record.guild;
        let shard = self.inner.lock().shard_for(guild);
        self.inner.lock().interactions.insert(
            id,
            Interaction {
                sent_at: Instant::now(),
                shard,
                ..record
            },
        );
        self.dispatch("INTERACTION_CREATE", payload, guild);
        id
    }

    /// Converts `options` ({"name": value}) to Discord's option list, checked against the
    /// registered command; returns the options and the `resolved` users.
    fn command_options(
        command: &Value,
        options: &Value,
        focused: Option<&str>,
        users: &[User],
    ) -> (Vec<Value>, Value) {
        let name = command["name"].as_str().unwrap_or_default();
        let declared = command["options"].as_array().cloned().unwrap_or_default();
        let given = options.as_object().cloned().unwrap_or_default();
        let mut out = Vec::new();
        let mut resolved_users = serde_json::Map::new();
        let mut resolved_members = serde_json::Map::new();
        for (key, value) in &given {
            let Some(decl) = declared.iter().find(|d| d["name"] == key.as_str()) else {
                panic!("/{name} has no option {key:?} (registered: {declared:#?})");
            };
            let kind = decl["type"].as_u64().unwrap_or(0);
            let is_focused = focused == Some(key.as_str());
            if !is_focused {
                if let Some(choices) = decl["choices"].as_array().filter(|c| !c.is_empty()) {
                    assert!(
                        choices.iter().any(|c| c["value"] == *value),
                        "/{name} {key}: {value} is not one of the registered choices {choices:?}"
                    );
                }
                if let (Some(min), Some(v)) = (decl["min_value"].as_f64(), value.as_f64()) {
                    assert!(v >= min, "/{name} {key}: {v} below the minimum {min}");
                }
                if let (Some(max), Some(v)) = (decl["max_value"].as_f64(), value.as_f64()) {
                    assert!(v <= max, "/{name} {key}: {v} above the maximum {max}");
                }
            }
            let value = match kind {
                // A user: the value is the id, the user goes into `resolved`.
                6 => {
                    let id = value.as_u64().expect("a user option takes a user id");
                    let user = users
                        .iter()
                        .find(|u| u.id == id)
                        .cloned()
                        .unwrap_or_else(|| User::new(id, &format!("user{id}")));
                    resolved_users.insert(id.to_string(), user.json());
                    resolved_members.insert(id.to_string(), user.partial_member_json());
                    json!(id.to_string())
                }
                3 => {
                    assert!(value.is_string(), "/{name} {key} takes text");
                    value.clone()
                }
                4 => {
                    assert!(
                        is_focused || value.is_i64(),
                        "/{name} {key} takes an integer"
                    );
                    value.clone()
                }
                5 => {
                    assert!(value.is_boolean(), "/{name} {key} takes true or false");
                    value.clone()
                }
                _ => value.clone(),
            };
            let mut option =
                json!({"name": key, "type": if is_focused { 3 } else { kind }, "value": value});
            if is_focused {
                assert_eq!(
                    decl["autocomplete"], true,
                    "/{name} {key} has no autocomplete"
                );
                option["focused"] = json!(true);
            }
            out.push(option);
        }
        if focused.is_none() {
            for decl in &declared {
                if decl["required"] == true {
                    let key = decl["name"].as_str().unwrap_or_default();
                    assert!(given.contains_key(key), "/{name} needs the option {key:?}");
                }
            }
        }
        let resolved = if resolved_users.is_empty() {
            json!({})
        } else {
            json!({"users": resolved_users, "members": resolved_members})
        };
        (out, resolved)
    }

    /// Sends a slash command as `user` in `channel_id`; `options` maps option names to values
    /// (a user option takes the user's id; pass those users in `users` to give their names).
    pub fn slash_in(
        &self,
        user: &User,
        channel_id: u64,
        name: &str,
        options: Value,
        users: &[User],
    ) -> u64 {
        let Some(command) = self.inner.lock().command(name) else {
            panic!("/{name} is not registered");
        };
        let (opts, resolved) = Self::command_options(&command, &options, None, users);
        let (record, mut payload) = self.base_interaction(2, user, channel_id, None);
        payload["data"] = json!({
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": opts,
            "resolved": resolved,
        });
        if let Some(guild) = record.guild {
            payload["data"]["guild_id"] = json!(guild.to_string());
        }
        self.send_interaction(record, payload)
    }

    /// Records a slash-command interaction without sending it (to answer it by hand in the fake's
    /// own tests); returns its id and token.
    pub fn record_interaction(&self, user: &User) -> (u64, String) {
        let (record, _) = self.base_interaction(2, user, CHANNEL_ID, None);
        let (id, token) = (record.id, record.token.clone());
        self.inner.lock().interactions.insert(id, record);
        (id, token)
    }

    /// Takes the recorded violations (for tests that break rules on purpose).
    pub fn take_violations(&self) -> Vec<String> {
        std::mem::take(&mut self.inner.lock().violations)
    }

    /// Sends a slash command in the default channel.
    pub fn slash(&self, user: &User, name: &str, options: Value) -> u64 {
        self.slash_in(user, CHANNEL_ID, name, options, &[])
    }

    /// Asks for autocomplete of `option` of `/name` with `typed` so far, in the default
    /// channel; returns the choices.
    pub async fn autocomplete(
        &self,
        user: &User,
        name: &str,
        option: &str,
        typed: &str,
    ) -> Vec<Value> {
        self.autocomplete_in(user, CHANNEL_ID, name, option, typed)
            .await
    }

    /// Asks for autocomplete in `channel_id`.
    pub async fn autocomplete_in(
        &self,
        user: &User,
        channel_id: u64,
        name: &str,
        option: &str,
        typed: &str,
    ) -> Vec<Value> {
        let id = self.send_autocomplete(user, channel_id, name, option, typed);
        let first = self.first_response(id).await;
        assert_eq!(
            first.kind, 8,
            "autocomplete answered with type {}",
            first.kind
        );
        first.data["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Sends an autocomplete request for `option` of `/name` in `channel_id` without waiting
    /// for the answer; returns the interaction's id.
    pub fn send_autocomplete(
        &self,
        user: &User,
        channel_id: u64,
        name: &str,
        option: &str,
        typed: &str,
    ) -> u64 {
        let Some(command) = self.inner.lock().command(name) else {
            panic!("/{name} is not registered");
        };
        let (opts, _) =
            Self::command_options(&command, &json!({ option: typed }), Some(option), &[]);
        let (record, mut payload) = self.base_interaction(4, user, channel_id, None);
        payload["data"] = json!({
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": opts,
        });
        if let Some(guild) = record.guild {
            payload["data"]["guild_id"] = json!(guild.to_string());
        }
        self.send_interaction(record, payload)
    }

    /// Presses the button `custom_id` on message `message_id`, as `user`.
    pub fn press(&self, user: &User, message_id: u64, custom_id: &str) -> u64 {
        self.component(user, message_id, custom_id, 2, None)
    }

    /// Picks `values` in the select menu `custom_id` on message `message_id`, as `user`.
    pub fn select(&self, user: &User, message_id: u64, custom_id: &str, values: &[&str]) -> u64 {
        self.component(user, message_id, custom_id, 3, Some(values))
    }

    fn component(
        &self,
        user: &User,
        message_id: u64,
        custom_id: &str,
        kind: u64,
        values: Option<&[&str]>,
    ) -> u64 {
        let message = {
            let state = self.inner.lock();
            let Some(msg) = state.message(message_id).cloned() else {
                panic!("no message {message_id}");
            };
            msg
        };
        assert!(!message.deleted, "message {message_id} was deleted");
        let control = message
            .controls()
            .into_iter()
            .find(|(id, _, _)| id == custom_id);
        let Some((_, found_kind, disabled)) = control else {
            panic!(
                "message {message_id} has no component {custom_id:?}: {:?}",
                message.controls()
            );
        };
        assert_eq!(found_kind, kind, "{custom_id} is not of the expected kind");
        assert!(
            !disabled,
            "{custom_id} is disabled: Discord would not send the press"
        );
        if let Some(values) = values {
            let offered = message.menu_values(custom_id);
            for v in values {
                assert!(
                    offered.iter().any(|o| o == v),
                    "{v:?} is not an option of {custom_id}: {offered:?}"
                );
            }
        }
        let (record, mut payload) =
            self.base_interaction(3, user, message.channel_id, Some(message_id));
        payload["data"] = match values {
            None => json!({"custom_id": custom_id, "component_type": 2}),
            Some(values) => json!({"custom_id": custom_id, "component_type": 3, "values": values}),
        };
        payload["message"] = message_json(&message);
        payload["message"]["guild_id"] = json!(record.guild.map(|g| g.to_string()));
        self.send_interaction(record, payload)
    }

    /// Lets the bot create public threads (and write in them) from now on.
    pub fn grant_threads(&self) {
        self.inner.lock().thread_permission = true;
    }

    /// Denies the bot these permissions (bits, see [`perm`]) in a channel (and its threads).
    pub fn deny(&self, channel: u64, bits: u64) {
        *self.inner.lock().denied.entry(channel).or_insert(0) |= bits;
    }

    /// Deletes a channel (and its threads): every request about it answers 404 (10003).
    pub fn delete_channel(&self, channel: u64) {
        self.inner.lock().deleted.push(channel);
    }

    /// Deletes a channel just before the bot next posts a message there (whatever the bot does
    /// first through interactions still works), so that a notice finds it gone.
    pub fn delete_before_next_post(&self, channel: u64) {
        self.inner.lock().delete_before_post.push(channel);
    }

    /// Answers the next `n` messages posted in `channel` with HTTP `status` instead.
    pub fn fail_posts(&self, channel: u64, n: usize, status: u16) {
        let line = format!("POST /api/v10/channels/{channel}/messages");
        let mut state = self.inner.lock();
        for _ in 0..n {
            state.failures.push((line.clone(), status));
        }
    }

    /// Archives a thread, as Discord does after a quiet week.
    pub fn archive(&self, thread: u64) {
        if let Some(t) = self.inner.lock().threads.get_mut(&thread) {
            t.archived = true;
        }
    }

    /// Puts a message with these component rows into a channel, as if an earlier run of the bot
    /// had posted it (old boards after a restart).
    pub fn inject_message(&self, channel_id: u64, content: &str, components: Vec<Value>) -> u64 {
        let mut state = self.inner.lock();
        let id = state.new_id();
        state.messages.push(Msg {
            id,
            channel_id,
            ephemeral: false,
            content: content.to_owned(),
            embeds: Vec::new(),
            components,
            files: Vec::new(),
            thinking: false,
            deleted: false,
            edits: 0,
            history: vec![content.to_owned()],
            touched_by: Vec::new(),
            allowed_users: Vec::new(),
        });
        id
    }

    /// Waits for the first accepted response to interaction `id`.
    pub async fn first_response(&self, id: u64) -> Callback {
        self.wait("a first response", |s| {
            s.interactions
                .get(&id)
                .and_then(|i| i.callbacks.iter().find(|c| c.accepted).cloned())
        })
        .await
    }

    /// Waits until interaction `id` has shown a finished (not "thinking") message, and returns
    /// the newest one it created or changed.
    pub async fn outcome(&self, id: u64) -> Msg {
        self.wait("the interaction's message", |s| {
            s.messages
                .iter()
                .filter(|m| m.touched_by.contains(&id) && !m.thinking && !m.deleted)
                .max_by_key(|m| m.touched_by.iter().position(|t| *t == id).map(|_| m.id))
                .cloned()
        })
        .await
    }

    /// Waits until message `id` carries a picture (PNG or GIF), and returns it: as on Discord,
    /// an answer may show at once and its picture be edited in a moment later.
    pub async fn pictured(&self, id: u64) -> Msg {
        self.wait("the message's picture", |s| {
            s.message(id)
                .filter(|m| {
                    m.files
                        .iter()
                        .any(|f| f.bytes.starts_with(b"\x89PNG") || f.bytes.starts_with(b"GIF8"))
                })
                .cloned()
        })
        .await
    }

    /// Every message of a channel that everyone sees, oldest first.
    pub fn public_messages(&self, channel_id: u64) -> Vec<Msg> {
        self.inner
            .lock()
            .messages
            .iter()
            .filter(|m| m.channel_id == channel_id && !m.ephemeral && !m.deleted)
            .cloned()
            .collect()
    }
}

/// A message as Discord returns it (complete enough for serenity's `Message`).
fn message_json(msg: &Msg) -> Value {
    let attachments: Vec<Value> = msg
        .files
        .iter()
        .map(|f| {
            json!({
                "id": f.id.to_string(),
                "filename": f.filename,
                "size": f.bytes.len(),
                "url": format!("https://cdn.invalid/{}/{}", f.id, f.filename),
                "proxy_url": format!("https://media.invalid/{}/{}", f.id, f.filename),
                "content_type": if f.filename.ends_with(".gif") { "image/gif" } else { "image/png" },
                "ephemeral": msg.ephemeral,
            })
        })
        .collect();
    json!({
        "id": msg.id.to_string(),
        "channel_id": msg.channel_id.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "author": User::bot().json(),
        "content": msg.content,
        "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": if msg.edits > 0 { json!("2024-01-01T00:00:01.000000+00:00") } else { Value::Null },
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": msg.embeds,
        "pinned": false,
        "type": 0,
        "flags": if msg.ephemeral { EPHEMERAL } else { 0 } | if msg.thinking { 1 << 7 } else { 0 },
        "components": msg.components,
        "application_id": APP_ID.to_string(),
        "webhook_id": APP_ID.to_string(),
    })
}

/// Checks a message body against Discord's limits.
pub fn check_message(data: &Value) -> Result<(), String> {
    if let Some(content) = data["content"].as_str()
        && content.chars().count() > 2000
    {
        return Err(format!(
            "content of {} characters (max 2000)",
            content.chars().count()
        ));
    }
    if let Some(embeds) = data["embeds"].as_array() {
        if embeds.len() > 10 {
            return Err("more than 10 embeds".into());
        }
        for embed in embeds {
            if embed["description"]
                .as_str()
                .is_some_and(|d| d.chars().count() > 4096)
            {
                return Err("embed description over 4096 characters".into());
            }
            if embed["title"]
                .as_str()
                .is_some_and(|d| d.chars().count() > 256)
            {
                return Err("embed title over 256 characters".into());
            }
        }
    }
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    if rows.len() > 5 {
        return Err(format!("{} component rows (max 5)", rows.len()));
    }
    let mut ids = Vec::new();
    for row in &rows {
        if row["type"] != 1 {
            return Err(format!(
                "a top-level component of type {} (must be a row)",
                row["type"]
            ));
        }
        let children = row["components"].as_array().cloned().unwrap_or_default();
        if children.is_empty() {
            return Err("an empty row".into());
        }
        let buttons = children.iter().filter(|c| c["type"] == 2).count();
        let menus = children.len() - buttons;
        if buttons > 5 {
            return Err(format!("{buttons} buttons in a row (max 5)"));
        }
        if menus > 0 && children.len() > 1 {
            return Err("a select menu must be alone in its row".into());
        }
        for c in &children {
            check_link(c)?;
            if let Some(id) = c["custom_id"].as_str() {
                if id.is_empty() || id.chars().count() > 100 {
                    return Err(format!("custom_id {id:?} not 1 to 100 characters"));
                }
                if ids.contains(&id.to_owned()) {
                    return Err(format!("custom_id {id:?} used twice in one message"));
                }
                ids.push(id.to_owned());
            } else if c["url"].is_null() {
                return Err("a component with neither custom_id nor url".into());
            }
            if c["label"].as_str().is_some_and(|l| l.chars().count() > 80) {
                return Err("a button label over 80 characters".into());
            }
            if c["type"] == 3 {
                let options = c["options"].as_array().cloned().unwrap_or_default();
                if options.is_empty() || options.len() > 25 {
                    return Err(format!(
                        "a select menu with {} options (1 to 25)",
                        options.len()
                    ));
                }
                for o in &options {
                    let label = o["label"].as_str().unwrap_or_default();
                    let value = o["value"].as_str().unwrap_or_default();
                    if label.is_empty()
                        || label.chars().count() > 100
                        || value.is_empty()
                        || value.chars().count() > 100
                    {
                        return Err(format!("a select option {o} not 1 to 100 characters"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Discord's rules for a button's link: a link button (style 5) has a `url` of at most 512
/// characters (http, https or discord) and no `custom_id`; every other button has a
/// `custom_id` and no `url`.
fn check_link(c: &Value) -> Result<(), String> {
    if c["type"] != 2 {
        return Ok(());
    }
    let (id, url) = (c["custom_id"].as_str(), c["url"].as_str());
    if c["style"] != 5 {
        return match (id, url) {
            (Some(_), None) => Ok(()),
            _ => Err(format!(
                "a button of style {} needs a custom_id and no url",
                c["style"]
            )),
        };
    }
    let Some(url) = url else {
        return Err("a link button (style 5) without a url".into());
    };
    if id.is_some() {
        return Err("a link button (style 5) with a custom_id".into());
    }
    let scheme = ["http://", "https://", "discord://"]
        .iter()
        .any(|s| url.starts_with(s));
    if !scheme || url.chars().count() > 512 || url.chars().any(char::is_whitespace) {
        return Err(format!(
            "a link button's url {url:?} is not a valid URL of 512 characters at most"
        ));
    }
    Ok(())
}

/// The shard Discord sends a server's events to: `(guild_id >> 22) % total`, direct messages to
/// shard 0 (Discord's documented formula, written out here apart from the bot's own).
pub fn shard_of(guild: Option<u64>, total: u32) -> u32 {
    match guild {
        Some(id) if total > 0 => ((id >> 22) % u64::from(total)) as u32,
        _ => 0,
    }
}

/// The `n`th server id (from 1) that lands on `shard` of `total`, for tests that need a server
/// on a given shard.
pub fn guild_on_shard(shard: u32, total: u32, n: u64) -> u64 {
    let total = u64::from(total.max(1));
    let base = GUILD_ID >> 22;
    let first = base + (u64::from(shard) + total - base % total) % total;
    let id = ((first + n * total) << 22) | 1;
    debug_assert_eq!(shard_of(Some(id), total as u32), shard);
    id
}

fn discord_error(status: StatusCode, code: u64, message: &str) -> Response {
    (status, Json(json!({"code": code, "message": message}))).into_response()
}

/// Which bot a REST request came through (the name of its API base; empty for the common one).
#[derive(Clone)]
struct Caller(String);

fn router(inner: Arc<Inner>, caller: &str) -> Router {
    Router::new()
        .route("/api/v10/gateway", get(gateway_url))
        .route("/api/v10/gateway/bot", get(gateway_bot))
        .route("/api/v10/applications/:app/commands", put(register_global))
        .route(
            "/api/v10/applications/:app/guilds/:guild/commands",
            put(register_guild),
        )
        .route(
            "/api/v10/interactions/:id/:token/callback",
            post(interaction_callback),
        )
        .route("/api/v10/webhooks/:app/:token", post(followup))
        .route(
            "/api/v10/webhooks/:app/:token/messages/:message",
            patch(edit_webhook_message)
                .delete(delete_webhook_message)
                .get(get_webhook_message),
        )
        .route("/api/v10/channels/:channel/messages", post(channel_post))
        .route(
            "/api/v10/channels/:channel/messages/:message",
            patch(channel_edit),
        )
        .route(
            "/api/v10/channels/:channel/messages/:message/threads",
            post(thread_from_message),
        )
        .route("/api/v10/channels/:channel/threads", post(thread_alone))
        .route(
            "/api/v10/channels/:channel/thread-members/:user",
            put(thread_member),
        )
        .route("/api/v10/channels/:channel", patch(channel_patch))
        .fallback(unknown_route)
        .layer(axum::extract::DefaultBodyLimit::max(30 * 1024 * 1024))
        .layer(axum::Extension(Caller(caller.to_owned())))
        .layer(axum::middleware::from_fn_with_state(
            inner.clone(),
            check_request,
        ))
        .with_state(inner)
}

/// Records every request and checks the bot's Authorization header.
async fn check_request(
    AxState(inner): AxState<Arc<Inner>>,
    req: Request,
    next: axum::middleware::Next,
) -> Response {
    let line = format!("{} {}", req.method(), req.uri().path());
    let auth = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let (failure, deleted) = {
        let mut state = inner.lock();
        state.requests.push(line.clone());
        let found = state.failures.iter().position(|(l, _)| line.starts_with(l));
        let channel = channel_of_path(req.uri().path());
        if let Some(c) = channel.filter(|c| state.delete_before_post.contains(c))
            && line == format!("POST /api/v10/channels/{c}/messages")
        {
            state.delete_before_post.retain(|d| *d != c);
            state.deleted.push(c);
        }
        let deleted = channel.is_some_and(|c| state.is_deleted(c));
        (found.map(|i| state.failures.remove(i).1), deleted)
    };
    if auth != format!("Bot {}", inner.token) {
        inner.violation(format!("{line}: bad Authorization header"));
        return discord_error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    if let Some(status) = failure {
        inner.changed();
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        if status == StatusCode::TOO_MANY_REQUESTS {
            // Discord's rate limit answer: no error code, the wait in the body and the header.
            let body = json!({"message": "You are being rate limited.", "retry_after": 0.2, "global": false});
            return (status, [("retry-after", "0.2")], Json(body)).into_response();
        }
        return discord_error(status, 0, status.canonical_reason().unwrap_or("error"));
    }
    if deleted {
        inner.changed();
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    }
    next.run(req).await
}

/// The channel a REST path is about (`/api/v10/channels/<id>/...`), if any.
fn channel_of_path(path: &str) -> Option<u64> {
    path.strip_prefix("/api/v10/channels/")?
        .split('/')
        .next()?
        .parse()
        .ok()
}

async fn unknown_route(AxState(inner): AxState<Arc<Inner>>, req: Request) -> Response {
    inner.violation(format!("unknown route {} {}", req.method(), req.uri()));
    discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found")
}

async fn gateway_url(AxState(inner): AxState<Arc<Inner>>) -> Json<Value> {
    Json(json!({"url": inner.gateway_url}))
}

async fn gateway_bot(AxState(inner): AxState<Arc<Inner>>) -> Json<Value> {
    let shards = inner.lock().shard_count;
    Json(json!({
        "url": inner.gateway_url,
        "shards": shards,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
    }))
}

fn register(inner: &Inner, guild: Option<u64>, body: Value) -> Response {
    let Some(commands) = body.as_array() else {
        inner.violation("command registration is not a list".into());
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let mut state = inner.lock();
    let mut out = Vec::new();
    for command in commands {
        let mut command = command.clone();
        let id = state.new_id();
        command["id"] = json!(id.to_string());
        command["application_id"] = json!(APP_ID.to_string());
        command["version"] = json!(id.to_string());
        if command.get("type").is_none() {
            command["type"] = json!(1);
        }
        if let Some(guild) = guild {
            command["guild_id"] = json!(guild.to_string());
        }
        if command.get("default_member_permissions").is_none() {
            command["default_member_permissions"] = Value::Null;
        }
        out.push(command);
    }
    if let Err(e) = serde_json::from_value::<Vec<serenity::Command>>(json!(out)) {
        drop(state);
        inner.violation(format!("the fake's command list does not parse: {e}"));
        return discord_error(StatusCode::INTERNAL_SERVER_ERROR, 0, "fake bug");
    }
    state.registrations.push(Registration {
        guild,
        commands: out.clone(),
    });
    drop(state);
    inner.changed();
    Json(json!(out)).into_response()
}

async fn register_global(
    AxState(inner): AxState<Arc<Inner>>,
    Path(app): Path<u64>,
    Json(body): Json<Value>,
) -> Response {
    if app != APP_ID {
        inner.violation(format!("commands registered for application {app}"));
    }
    register(&inner, None, body)
}

async fn register_guild(
    AxState(inner): AxState<Arc<Inner>>,
    Path((app, guild)): Path<(u64, u64)>,
    Json(body): Json<Value>,
) -> Response {
    if app != APP_ID {
        inner.violation(format!("commands registered for application {app}"));
    }
    register(&inner, Some(guild), body)
}

/// Reads a JSON or multipart (`payload_json` + files) body.
async fn read_body(inner: &Inner, req: Request) -> Result<(Value, Vec<File>), Response> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let bad = |what: String| {
        inner.violation(what);
        discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body")
    };
    if !multipart {
        let bytes = axum::body::to_bytes(req.into_body(), 30 * 1024 * 1024)
            .await
            .map_err(|e| bad(format!("unreadable body: {e}")))?;
        if bytes.is_empty() {
            return Ok((Value::Null, Vec::new()));
        }
        let value =
            serde_json::from_slice(&bytes).map_err(|e| bad(format!("body is not JSON: {e}")))?;
        return Ok((value, Vec::new()));
    }
    let mut form = Multipart::from_request(req, &())
        .await
        .map_err(|e| bad(format!("bad multipart body: {e}")))?;
    let mut payload = Value::Null;
    let mut files = Vec::new();
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| bad(format!("bad multipart field: {e}")))?
    {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let bytes = field
            .bytes()
            .await
            .map_err(|e| bad(format!("unreadable multipart field: {e}")))?;
        if name == "payload_json" {
            payload = serde_json::from_slice(&bytes)
                .map_err(|e| bad(format!("payload_json is not JSON: {e}")))?;
        } else {
            files.push(File {
                id: 0,
                filename: filename.unwrap_or(name),
                bytes: bytes.to_vec(),
            });
        }
    }
    Ok((payload, files))
}

/// Applies a message body to a message (creation or edit).
fn apply(msg: &mut Msg, data: &Value, mut files: Vec<File>, state_ids: &mut impl FnMut() -> u64) {
    if let Some(content) = data.get("content") {
        msg.content = content.as_str().unwrap_or_default().to_owned();
    }
    if let Some(embeds) = data.get("embeds") {
        msg.embeds = embeds.as_array().cloned().unwrap_or_default();
    }
    if let Some(components) = data.get("components") {
        msg.components = components.as_array().cloned().unwrap_or_default();
    }
    if let Some(keep) = data.get("attachments").and_then(Value::as_array) {
        let keep: Vec<String> = keep
            .iter()
            .filter_map(|a| {
                a["id"]
                    .as_str()
                    .map(str::to_owned)
                    .or_else(|| a["id"].as_u64().map(|n| n.to_string()))
            })
            .collect();
        msg.files.retain(|f| keep.contains(&f.id.to_string()));
    }
    for file in &mut files {
        file.id = state_ids();
    }
    msg.files.extend(files);
    if let Some(users) = data["allowed_mentions"]["users"].as_array() {
        msg.allowed_users = users
            .iter()
            .filter_map(|u| {
                u.as_str()
                    .and_then(|s| s.parse().ok())
                    .or_else(|| u.as_u64())
            })
            .collect();
    }
}

fn new_message(state: &mut FakeState, channel_id: u64, ephemeral: bool, thinking: bool) -> u64 {
    let id = state.new_id();
    state.messages.push(Msg {
        id,
        channel_id,
        ephemeral,
        content: String::new(),
        embeds: Vec::new(),
        components: Vec::new(),
        files: Vec::new(),
        thinking,
        deleted: false,
        edits: 0,
        history: Vec::new(),
        touched_by: Vec::new(),
        allowed_users: Vec::new(),
    });
    id
}

/// Sets a message's content from a body and records who touched it.
fn write_message(
    state: &mut FakeState,
    id: u64,
    data: &Value,
    files: Vec<File>,
    by: Option<u64>,
    edit: bool,
) {
    let mut next = state.next_id;
    let mut ids = || {
        next += 1;
        1_000_000_000_000_000_000 + next
    };
    let picture = files.iter().any(|f| f.bytes.starts_with(b"\x89PNG"));
    if let Some(msg) = state.message_mut(id) {
        apply(msg, data, files, &mut ids);
        msg.history.push(msg.content.clone());
        if edit {
            msg.edits += 1;
        }
        msg.thinking = false;
        if let Some(by) = by {
            msg.touched_by.push(by);
        }
    }
    state.next_id = next;
    if let Some(ix) = by.filter(|_| picture)
        && let Some(ix) = state.interactions.get_mut(&ix)
        && ix.picture_after.is_none()
    {
        ix.picture_after = Some(ix.sent_at.elapsed());
    }
}

async fn interaction_callback(
    AxState(inner): AxState<Arc<Inner>>,
    axum::Extension(Caller(by)): axum::Extension<Caller>,
    Path((id, token)): Path<(u64, String)>,
    req: Request,
) -> Response {
    let (body, files) = match read_body(&inner, req).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let kind = body["type"].as_u64().unwrap_or(0);
    let data = body["data"].clone();
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0;
    let mut state = inner.lock();
    let Some(ix) = state.interactions.get(&id).cloned() else {
        drop(state);
        inner.violation(format!("response to unknown interaction {id}"));
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    let after = ix.sent_at.elapsed();
    let refuse = |state: &mut FakeState, why: String, status, code, message: &str| {
        state.violations.push(format!("interaction {id}: {why}"));
        if let Some(ix) = state.interactions.get_mut(&id) {
            ix.callbacks.push(Callback {
                kind,
                after,
                accepted: false,
                ephemeral,
                data: data.clone(),
                by: by.clone(),
            });
        }
        eprintln!("fake discord: interaction {id}: {why}");
        discord_error(status, code, message)
    };
    let response = if ix.token != token {
        refuse(
            &mut state,
            "wrong token".into(),
            StatusCode::UNAUTHORIZED,
            50027,
            "Invalid Webhook Token",
        )
    } else if after > inner.window {
        refuse(
            &mut state,
            format!("first response after {after:?} (over {:?})", inner.window),
            StatusCode::NOT_FOUND,
            10062,
            "Unknown interaction",
        )
    } else if ix.answered() {
        refuse(
            &mut state,
            "a second response".into(),
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        )
    } else {
        let allowed: &[u64] = match ix.kind {
            2 => &[4, 5, 9],
            3 => &[4, 5, 6, 7, 9],
            4 => &[8],
            _ => &[],
        };
        let checked = if !allowed.contains(&kind) {
            Err(format!(
                "response type {kind} to an interaction of type {}",
                ix.kind
            ))
        } else if kind == 8 {
            let choices = data["choices"].as_array().cloned().unwrap_or_default();
            if choices.len() > 25 {
                Err(format!("{} autocomplete choices (max 25)", choices.len()))
            } else if let Some(bad) = choices.iter().find(|c| {
                let n = c["name"].as_str().map_or(0, |s| s.chars().count());
                !(1..=100).contains(&n)
            }) {
                Err(format!(
                    "autocomplete choice name {bad} not 1 to 100 characters"
                ))
            } else {
                Ok(())
            }
        } else if kind == 7
            && ephemeral
                != state
                    .message(ix.source.unwrap_or(0))
                    .is_some_and(|m| m.ephemeral)
            && data["flags"].is_u64()
        {
            Err("an update cannot change a message's visibility".into())
        } else {
            check_message(&data)
        };
        match checked {
            Err(why) => refuse(
                &mut state,
                why,
                StatusCode::BAD_REQUEST,
                50035,
                "Invalid Form Body",
            ),
            Ok(()) => {
                let original = match kind {
                    4 => {
                        let msg = new_message(&mut state, ix.channel_id, ephemeral, false);
                        write_message(&mut state, msg, &data, files, Some(id), false);
                        Some(msg)
                    }
                    5 => {
                        let msg = new_message(&mut state, ix.channel_id, ephemeral, true);
                        if let Some(m) = state.message_mut(msg) {
                            m.touched_by.push(id);
                        }
                        Some(msg)
                    }
                    6 => ix.source,
                    7 => {
                        if let Some(source) = ix.source {
                            write_message(&mut state, source, &data, files, Some(id), true);
                        }
                        ix.source
                    }
                    _ => None,
                };
                if let Some(ix) = state.interactions.get_mut(&id) {
                    ix.callbacks.push(Callback {
                        kind,
                        after,
                        accepted: true,
                        ephemeral,
                        data: data.clone(),
                        by: by.clone(),
                    });
                    ix.original = original;
                }
                StatusCode::NO_CONTENT.into_response()
            }
        }
    };
    drop(state);
    inner.changed();
    response
}

fn interaction_by_token(state: &FakeState, token: &str) -> Option<Interaction> {
    // The fake's tokens name their interaction; any other token is looked for everywhere.
    let named = token
        .strip_prefix("interaction-token-")
        .and_then(|id| id.parse::<u64>().ok())
        .and_then(|id| state.interactions.get(&id))
        .filter(|i| i.token == token);
    named
        .or_else(|| state.interactions.values().find(|i| i.token == token))
        .cloned()
}

async fn followup(
    AxState(inner): AxState<Arc<Inner>>,
    Path((app, token)): Path<(u64, String)>,
    req: Request,
) -> Response {
    let (data, files) = match read_body(&inner, req).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let mut state = inner.lock();
    let Some(ix) = interaction_by_token(&state, &token).filter(|_| app == APP_ID) else {
        drop(state);
        inner.violation("follow-up with an unknown token".into());
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    if !ix.answered() {
        drop(state);
        inner.violation(format!(
            "interaction {}: follow-up before any response",
            ix.id
        ));
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    }
    if let Err(why) = check_message(&data) {
        drop(state);
        inner.violation(format!("interaction {}: follow-up: {why}", ix.id));
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0;
    // After a deferral, the first follow-up replaces the "thinking" message, keeping its
    // visibility whatever the follow-up asks.
    let pending = ix
        .original
        .filter(|m| state.message(*m).is_some_and(|m| m.thinking && !m.deleted));
    let id = match pending {
        Some(msg) => {
            write_message(&mut state, msg, &data, files, Some(ix.id), false);
            msg
        }
        None => {
            let msg = new_message(&mut state, ix.channel_id, ephemeral, false);
            write_message(&mut state, msg, &data, files, Some(ix.id), false);
            if let Some(i) = state.interactions.get_mut(&ix.id) {
                i.followups.push(msg);
            }
            msg
        }
    };
    let json = state.message(id).map(message_json).unwrap_or(Value::Null);
    drop(state);
    inner.changed();
    respond_message(&inner, json)
}

/// Returns a message, after checking serenity can read it.
fn respond_message(inner: &Inner, json: Value) -> Response {
    if let Err(e) = serde_json::from_value::<serenity::Message>(json.clone()) {
        inner.violation(format!(
            "the fake built a message serenity cannot read: {e}"
        ));
    }
    Json(json).into_response()
}

fn webhook_target(state: &FakeState, token: &str, message: &str) -> Option<(Interaction, u64)> {
    let ix = interaction_by_token(state, token)?;
    let id = if message == "@original" {
        ix.original?
    } else {
        message.parse().ok()?
    };
    Some((ix, id))
}

async fn edit_webhook_message(
    AxState(inner): AxState<Arc<Inner>>,
    Path((_app, token, message)): Path<(u64, String, String)>,
    req: Request,
) -> Response {
    let (data, files) = match read_body(&inner, req).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let mut state = inner.lock();
    let Some((ix, id)) = webhook_target(&state, &token, &message) else {
        drop(state);
        inner.violation(format!("edit of unknown message {message}"));
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    if let Err(why) = check_message(&data) {
        drop(state);
        inner.violation(format!("interaction {}: edit: {why}", ix.id));
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    let was_thinking = state.message(id).is_some_and(|m| m.thinking);
    write_message(&mut state, id, &data, files, Some(ix.id), !was_thinking);
    let json = state.message(id).map(message_json).unwrap_or(Value::Null);
    drop(state);
    inner.changed();
    respond_message(&inner, json)
}

async fn delete_webhook_message(
    AxState(inner): AxState<Arc<Inner>>,
    Path((_app, token, message)): Path<(u64, String, String)>,
) -> Response {
    let mut state = inner.lock();
    let Some((_, id)) = webhook_target(&state, &token, &message) else {
        drop(state);
        inner.violation(format!("delete of unknown message {message}"));
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    if let Some(m) = state.message_mut(id) {
        m.deleted = true;
    }
    drop(state);
    inner.changed();
    StatusCode::NO_CONTENT.into_response()
}

async fn get_webhook_message(
    AxState(inner): AxState<Arc<Inner>>,
    Path((_app, token, message)): Path<(u64, String, String)>,
) -> Response {
    let state = inner.lock();
    match webhook_target(&state, &token, &message)
        .and_then(|(_, id)| state.message(id).map(message_json))
    {
        Some(json) => {
            drop(state);
            respond_message(&inner, json)
        }
        None => discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
    }
}

async fn channel_post(
    AxState(inner): AxState<Arc<Inner>>,
    Path(channel): Path<u64>,
    req: Request,
) -> Response {
    let (data, files) = match read_body(&inner, req).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    if let Err(why) = check_message(&data) {
        inner.violation(format!("channel message: {why}"));
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    let mut state = inner.lock();
    let have = state.bot_permissions(channel);
    let send = if state.threads.contains_key(&channel) {
        perm::SEND_MESSAGES_IN_THREADS
    } else {
        perm::SEND_MESSAGES
    };
    if have & perm::VIEW_CHANNEL == 0 {
        return discord_error(StatusCode::FORBIDDEN, 50001, "Missing Access");
    }
    if have & send == 0 || (!files.is_empty() && have & perm::ATTACH_FILES == 0) {
        return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
    }
    if state.threads.get(&channel).is_some_and(|t| t.archived) {
        return discord_error(StatusCode::BAD_REQUEST, 50083, "Thread is archived");
    }
    let mut data = data;
    if have & perm::EMBED_LINKS == 0 && data.get("embeds").is_some() {
        // Discord posts the message without its embeds.
        data["embeds"] = json!([]);
    }
    let id = new_message(&mut state, channel, false, false);
    write_message(&mut state, id, &data, files, None, false);
    let json = state.message(id).map(message_json).unwrap_or(Value::Null);
    drop(state);
    inner.changed();
    respond_message(&inner, json)
}

async fn channel_edit(
    AxState(inner): AxState<Arc<Inner>>,
    Path((channel, message)): Path<(u64, u64)>,
    _headers: HeaderMap,
    req: Request,
) -> Response {
    let (data, files) = match read_body(&inner, req).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let mut state = inner.lock();
    let editable = state
        .message(message)
        .is_some_and(|m| m.channel_id == channel && !m.ephemeral && !m.deleted);
    if !editable {
        drop(state);
        inner.violation(format!(
            "edit of message {message}, unknown in channel {channel} (or ephemeral)"
        ));
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    }
    if let Err(why) = check_message(&data) {
        drop(state);
        inner.violation(format!("channel edit: {why}"));
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    write_message(&mut state, message, &data, files, None, true);
    let json = state
        .message(message)
        .map(message_json)
        .unwrap_or(Value::Null);
    drop(state);
    inner.changed();
    respond_message(&inner, json)
}

/// One gateway connection: HELLO, IDENTIFY -> READY, heartbeats, then the dispatches of the test.
async fn gateway_session(inner: Arc<Inner>, stream: tokio::net::TcpStream) {
    // Nagle off, as on a real gateway: otherwise a dispatch written while the previous one is not
    // yet acknowledged waits for the bot's delayed ACK, and ~2% of interactions arrive 40 ms late.
    let _ = stream.set_nodelay(true);
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        inner.violation("a gateway connection that is not a websocket".into());
        return;
    };
    let (mut sink, mut source) = ws.split();
    if inner.lock().gateway_cut {
        close(&mut sink, 4000, "Unknown error.").await;
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let session = {
        let mut state = inner.lock();
        state.connections += 1;
        state.open_sessions += 1;
        state.connections as u64
    };
    inner.changed();
    let mut my_shard: Option<u32> = None;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 5000}});
    if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = source.next() => {
                let Some(Ok(message)) = incoming else { break };
                let text = match message {
                    WsMessage::Text(text) => text,
                    WsMessage::Close(_) => break,
                    _ => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else {
                    inner.violation(format!("gateway frame is not JSON: {text}"));
                    continue;
                };
                match frame["op"].as_u64() {
                    Some(1) => {
                        let _ = tx.send(json!({"op": 11}).to_string());
                    }
                    Some(2) => {
                        let token = frame["d"]["token"].as_str().unwrap_or_default();
                        if token.trim_start_matches("Bot ") != inner.token {
                            inner.violation("IDENTIFY with a wrong token".into());
                            let _ = sink.send(WsMessage::Close(None)).await;
                            break;
                        }
                        let shard = &frame["d"]["shard"];
                        let (id, total) = if shard.is_null() {
                            (0, 1)
                        } else {
                            match (shard[0].as_u64(), shard[1].as_u64()) {
                                (Some(id), Some(total)) => (id as u32, total as u32),
                                _ => {
                                    inner.violation(format!("IDENTIFY with a bad shard {shard}"));
                                    close(&mut sink, 4010, "Invalid shard.").await;
                                    break;
                                }
                            }
                        };
                        let refusal = {
                            let state = inner.lock();
                            let totals = state.gateways.values().map(|g| g.total).next();
                            if id >= total {
                                Some((4010, format!("shard {id} of {total}: not below the total")))
                            } else if totals.is_some_and(|t| t != total) {
                                Some((4010, format!("shard [{id}, {total}] while others run {totals:?} in all")))
                            } else if state.gateways.contains_key(&id) {
                                Some((4010, format!("shard {id} is already connected")))
                            } else if total < state.shard_count {
                                Some((4011, format!("{total} shards where the fake needs {}", state.shard_count)))
                            } else {
                                None
                            }
                        };
                        if let Some((code, why)) = refusal {
                            inner.violation(format!("IDENTIFY refused with {code}: {why}"));
                            let reason = if code == 4011 { "Sharding required." } else { "Invalid shard." };
                            close(&mut sink, code, reason).await;
                            break;
                        }
                        let mine: Vec<u64> = inner
                            .lock()
                            .guilds
                            .iter()
                            .map(|(g, _)| *g)
                            .filter(|g| shard_of(Some(*g), total) == id)
                            .collect();
                        let ready = json!({
                            "v": 10,
                            "user": {
                                "id": APP_ID.to_string(), "username": "Parlor", "discriminator": "0",
                                "global_name": null, "avatar": null, "bot": true, "verified": true,
                                "mfa_enabled": false, "flags": 0,
                            },
                            "guilds": mine.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect::<Vec<_>>(),
                            "session_id": format!("fake-session-{session}"),
                            "resume_gateway_url": inner.gateway_url,
                            "shard": [id, total],
                            "application": {"id": APP_ID.to_string(), "flags": 0},
                        });
                        if let Err(e) = serde_json::from_value::<serenity::Ready>(ready.clone()) {
                            inner.violation(format!("the fake's READY does not parse: {e}"));
                        }
                        let mut state = inner.lock();
                        let mut identify = frame["d"].clone();
                        identify["token"] = json!("<checked>");
                        state.identifies.push(identify);
                        state.seq += 1;
                        let frame = json!({"op": 0, "t": "READY", "s": state.seq, "d": ready});
                        let _ = tx.send(frame.to_string());
                        // Then each of the shard's servers becomes available.
                        for guild in mine {
                            let data = guild_json(guild);
                            if let Err(e) = serde_json::from_value::<serenity::Guild>(data.clone()) {
                                state.violations.push(format!("the fake's GUILD_CREATE does not parse: {e}"));
                            }
                            state.seq += 1;
                            let frame = json!({"op": 0, "t": "GUILD_CREATE", "s": state.seq, "d": data});
                            let _ = tx.send(frame.to_string());
                            state.dispatched.push((id, "GUILD_CREATE".to_owned(), Some(guild)));
                        }
                        state.gateways.insert(id, Gateway { session, total, tx: tx.clone() });
                        my_shard = Some(id);
                        drop(state);
                        inner.changed();
                    }
                    Some(6) => {
                        // No resuming here: ask for a new session.
                        let _ = tx.send(json!({"op": 9, "d": false}).to_string());
                    }
                    _ => {}
                }
            }
            outgoing = rx.recv() => {
                let Some(text) = outgoing else { break };
                if text == HANG_UP {
                    close(&mut sink, 4000, "Unknown error.").await;
                    break;
                }
                if sink.send(WsMessage::Text(text)).await.is_err() {
                    break;
                }
            }
        }
    }
    let mut state = inner.lock();
    state.open_sessions -= 1;
    if let Some(shard) = my_shard
        && state
            .gateways
            .get(&shard)
            .is_some_and(|g| g.session == session)
    {
        state.gateways.remove(&shard);
    }
    drop(state);
    inner.changed();
}

/// Closes a gateway connection with one of Discord's close codes.
async fn close<S>(sink: &mut S, code: u16, reason: &str)
where
    S: futures_util::Sink<WsMessage> + Unpin,
{
    use tokio_tungstenite::tungstenite::protocol::{CloseFrame, frame::coding::CloseCode};
    let frame = CloseFrame {
        code: CloseCode::from(code),
        reason: reason.to_owned().into(),
    };
    let _ = sink.send(WsMessage::Close(Some(frame))).await;
}

/// A server as GUILD_CREATE sends it (just what serenity needs to read it).
fn guild_json(guild: u64) -> Value {
    json!({
        "id": guild.to_string(), "name": format!("server {guild}"), "icon": null,
        "icon_hash": null, "splash": null, "discovery_splash": null,
        "owner_id": "100000000000000099", "verification_level": 0,
        "default_message_notifications": 0, "explicit_content_filter": 0, "roles": [],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
        "system_channel_id": null, "system_channel_flags": 0, "rules_channel_id": null,
        "premium_tier": 0, "preferred_locale": "en-US", "nsfw_level": 0, "stickers": [],
        "premium_progress_bar_enabled": false, "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "large": false, "unavailable": false, "member_count": 3, "voice_states": [],
        "members": [], "channels": [], "threads": [], "presences": [], "stage_instances": [],
        "guild_scheduled_events": [],
    })
}

/// Starts a public thread from a message, as Discord does: with the permission to create public
/// threads only, at most one thread per message, a name of 1 to 100 characters.
async fn thread_from_message(
    AxState(inner): AxState<Arc<Inner>>,
    Path((channel, message)): Path<(u64, u64)>,
    req: Request,
) -> Response {
    let (data, _) = match read_body(&inner, req).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    start_thread(&inner, channel, Some(message), &data)
}

/// Starts a public thread on its own (no message), as Discord does: type 11 must be asked for.
async fn thread_alone(
    AxState(inner): AxState<Arc<Inner>>,
    Path(channel): Path<u64>,
    req: Request,
) -> Response {
    let (data, _) = match read_body(&inner, req).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    if data["type"] != 11 {
        inner.violation(format!(
            "a thread without a message must say type 11: {data}"
        ));
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    start_thread(&inner, channel, None, &data)
}

/// A new thread under `channel`, from `message` if given.
fn start_thread(inner: &Arc<Inner>, channel: u64, message: Option<u64>, data: &Value) -> Response {
    let name = data["name"].as_str().unwrap_or_default().to_owned();
    let mut state = inner.lock();
    if !state.thread_permission {
        return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
    }
    let known = message.is_none_or(|message| {
        state
            .message(message)
            .is_some_and(|m| m.channel_id == channel && !m.ephemeral)
    });
    let taken = message.is_some() && state.threads.values().any(|t| Some(t.message) == message);
    if !known || taken || name.is_empty() || name.chars().count() > 100 {
        drop(state);
        inner.violation(format!(
            "thread from message {message:?} in {channel}: known {known}, taken {taken}, name {name:?}"
        ));
        return discord_error(
            StatusCode::BAD_REQUEST,
            160004,
            "A thread has already been created for this message",
        );
    }
    let id = state.new_id();
    let thread = Thread {
        id,
        parent: channel,
        guild: state.guild_of(channel).unwrap_or(GUILD_ID),
        message: message.unwrap_or(0),
        name,
        members: vec![APP_ID],
        archived: false,
    };
    let json = thread.json();
    state.threads.insert(id, thread);
    drop(state);
    inner.changed();
    if let Err(e) = serde_json::from_value::<serenity::GuildChannel>(json.clone()) {
        inner.violation(format!("the fake built a thread serenity cannot read: {e}"));
    }
    (StatusCode::CREATED, Json(json)).into_response()
}

/// Adds a member to a thread.
async fn thread_member(
    AxState(inner): AxState<Arc<Inner>>,
    Path((channel, user)): Path<(u64, u64)>,
) -> Response {
    let mut state = inner.lock();
    let Some(thread) = state.threads.get_mut(&channel) else {
        drop(state);
        inner.violation(format!(
            "thread member added to {channel}, which is no thread"
        ));
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if !thread.members.contains(&user) {
        thread.members.push(user);
    }
    drop(state);
    inner.changed();
    StatusCode::NO_CONTENT.into_response()
}

/// Edits a channel: here, only a thread's `archived` flag.
async fn channel_patch(
    AxState(inner): AxState<Arc<Inner>>,
    Path(channel): Path<u64>,
    req: Request,
) -> Response {
    let (data, _) = match read_body(&inner, req).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    let mut state = inner.lock();
    let Some(thread) = state.threads.get_mut(&channel) else {
        drop(state);
        inner.violation(format!("channel {channel} edited, which is no thread"));
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if let Some(archived) = data["archived"].as_bool() {
        thread.archived = archived;
    }
    let json = thread.json();
    drop(state);
    inner.changed();
    Json(json).into_response()
}
