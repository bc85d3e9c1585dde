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
//! - scheduled events: see `events` (Manage Events, an external event's location and end, a
//!   start in the future, the status's only ways forward);
//! - a deleted channel (and its threads) answers every request with 404 (10003, Unknown Channel);
//! - sharding: each gateway connection IDENTIFYs as `shard: [id, total]`; a server's GUILD_CREATE
//!   and interactions go only to the connection of shard `(guild_id >> 22) % total` (direct
//!   messages to shard 0); a shard id not below its total, a total that disagrees with the
//!   connected shards', or a shard already connected is closed with 4010 (invalid shard), and
//!   fewer shards than the fake requires with 4011 (sharding required).
//!
//! - places where the bot is not a member (DMs and group DMs between people, servers that never
//!   added it): see `contexts` (user-install interactions, 403 on channel requests, the token's
//!   15 minutes, 5 follow-ups, answers forced private where Use External Apps is off);
//! - DMs from the bot: see `dms` (opening one, and 403 (50007) for a person the app may not
//!   message: who never installed it and shares no server with it).
//!
//! This file holds what the fake sees (`FakeState`), how a test starts it and the bot, waits for
//! something or for the bot to be idle, and the REST routes; what it fakes is in `gateway`,
//! `interactions`, `messages` (and threads), `faults` (permissions and injected failures) and
//! `contexts` (places without the bot).

// Shared with the latency benchmark, which uses only part of it.
#![allow(dead_code)]

pub mod contexts;
pub mod dms;
pub mod events;
mod faults;
pub mod gateway;
mod interactions;
mod messages;

pub use faults::perm;
pub use gateway::shard_of;
pub use interactions::{Interaction, Registration};
pub use messages::{Msg, Thread, check_message};

use contexts::*;
use dms::*;
use events::*;
use faults::*;
use gateway::*;
use interactions::*;
use messages::*;

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
/// How long a bot in this process must have sent nothing, and been sent nothing, to be idle once
/// its own count of the work in hand is zero: only what is on its way between the two sides.
pub const QUIET: Duration = Duration::from_millis(50);
/// The same for a bot in another process, of which the fake sees only the requests: long enough
/// for a board picture to be drawn between an answer and its edit.
pub const QUIET_ELSEWHERE: Duration = Duration::from_millis(300);
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

    /// The same member, allowed to manage the server's events (tournaments).
    pub fn with_manage_events(mut self) -> Self {
        self.permissions |= 1 << 33;
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
    /// REST requests being served now.
    pub in_flight: usize,
    /// When the bot last sent a request, had one answered, or was sent an event.
    pub last_activity: Option<Instant>,
    /// Injected failures: the next request whose "METHOD path" starts with the text is answered
    /// with that HTTP status (and a Discord error body) instead, once per entry.
    pub failures: Vec<(String, u16)>,
    /// A slow Discord: every request whose "METHOD path" starts with the text is answered only
    /// after this wait (counted in flight meanwhile).
    pub slow: Vec<(String, Duration)>,
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
    /// The servers' scheduled events, as Discord's objects, in the order created.
    pub scheduled_events: Vec<Value>,
    /// Whether the bot may manage the servers' events; off unless a test grants it.
    pub event_permission: bool,
    /// Further channels of those servers (channel -> server).
    pub channels: HashMap<u64, u64>,
    /// The shard count `/gateway/bot` recommends, and the least the fake accepts (close 4011
    /// below it).
    pub shard_count: u32,
    /// The open gateway sessions by shard id: session number, total shards, frames to send.
    gateways: HashMap<u32, Gateway>,
    /// Every (shard, event name) dispatched, in order.
    pub dispatched: Vec<(u32, String, Option<u64>)>,
    /// Channels the bot is not a member of (DMs and group DMs between people, servers without
    /// the bot), reached through Parlor installed to a person's account.
    pub outside: HashMap<u64, Outside>,
    /// REST requests about those channels, refused (403, 50001): "METHOD path".
    pub outside_refused: Vec<String>,
    /// Everyone the fake has seen (who sent an interaction, was named in one, or is in a DM or
    /// group DM), by id: whom the bot may open a DM with.
    pub people: HashMap<u64, User>,
    /// The DMs the bot opened with people (`POST /users/@me/channels`): person -> channel.
    pub dm_channels: HashMap<u64, u64>,
    /// The people a DM was refused to (403, 50007), once per refused message.
    pub dm_refused: Vec<u64>,
    /// The gateway is cut off: every connection is closed with 4000 as soon as it opens.
    gateway_cut: bool,
    seq: u64,
    next_id: u64,
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
            in_flight: 0,
            last_activity: None,
            failures: Vec::new(),
            slow: Vec::new(),
            denied: HashMap::new(),
            deleted: Vec::new(),
            delete_before_post: Vec::new(),
            threads: HashMap::new(),
            thread_permission: false,
            guilds: vec![(GUILD_ID, CHANNEL_ID)],
            scheduled_events: Vec::new(),
            event_permission: false,
            channels: HashMap::new(),
            shard_count: 1,
            gateways: HashMap::new(),
            dispatched: Vec::new(),
            outside: HashMap::new(),
            outside_refused: Vec::new(),
            people: HashMap::new(),
            dm_channels: HashMap::new(),
            dm_refused: Vec::new(),
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
        if channel == DM_CHANNEL_ID || self.dm_recipient(channel).is_some() {
            return None;
        }
        if let Some(place) = self.outside.get(&channel) {
            return place.guild();
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

    /// Why the bot is busy as far as Discord can tell, if it is: a REST request being served,
    /// or an interaction sent within the response `window` and not answered yet.
    fn busy(&self, window: Duration) -> Option<String> {
        if self.in_flight > 0 {
            return Some(format!("{} REST requests in flight", self.in_flight));
        }
        self.interactions
            .values()
            .find(|i| !i.answered() && i.sent_at.elapsed() < window)
            .map(|i| format!("interaction {} not answered yet", i.id))
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
    /// The work in hand of every bot started in this process.
    works: Mutex<Vec<parlor::discord::Work>>,
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

/// The bot on a runtime of its own, in this process, to be killed as SIGKILL kills a process:
/// every task it runs is dropped at once, wherever it is, with no shutdown of anything.
pub struct Killable {
    kill: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Killable {
    /// Drops everything the bot is doing, at once.
    pub fn kill(mut self) {
        self.stop_now();
    }

    fn stop_now(&mut self) {
        if let Some(kill) = self.kill.take() {
            let _ = kill.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Killable {
    fn drop(&mut self) {
        self.stop_now();
    }
}

impl FakeDiscord {
    /// What each bot of this process has in hand (its events and notices), one entry a bot
    /// started; a test that panicked while holding it leaves it readable.
    fn works(&self) -> MutexGuard<'_, Vec<parlor::discord::Work>> {
        self.inner.works.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Starts the real bot with these settings on a runtime of its own, to kill it later.
    pub fn start_bot_killable(
        &self,
        config: parlor::discord::Config,
        settings: parlor::table::Config,
    ) -> Killable {
        self.works().push(config.work.clone());
        let (kill, killed) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime for the bot");
            runtime.block_on(async move {
                // Why a start failed, on stderr: a test that then times out shows it.
                let serving = async {
                    let once = parlor::discord::serve(config, settings, std::future::pending());
                    if let Err(error) = once.await {
                        eprintln!("the killable bot stopped: {error:#}");
                    }
                };
                tokio::select! {
                    () = serving => {}
                    _ = killed => {}
                }
            });
            // Every task is dropped where it stands, nothing waited for.
            runtime.shutdown_background();
        });
        Killable {
            kill: Some(kill),
            thread: Some(thread),
        }
    }

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
            works: Mutex::new(Vec::new()),
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
        self.works().push(config.work.clone());
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

    /// Waits until the bot is idle: no REST request of its in flight, every interaction sent
    /// within Discord's window answered, nothing in the hands of the bots of this process (each
    /// counts the events and notices it is handling: an answer's picture, the older boards it
    /// greys out and the challenge card it edits come after the answer), and then nothing sent
    /// either way for [`QUIET`] ([`QUIET_ELSEWHERE`] when the bot runs in another process).
    /// What the channels show then changes no more until the test acts, or a clock runs out.
    /// Fails the test after [`WAIT`], saying what kept the bot busy.
    pub async fn idle(&self) {
        let deadline = Instant::now() + WAIT;
        loop {
            let (busy, quiet) = {
                let works = self.works();
                let quiet = if works.is_empty() {
                    QUIET_ELSEWHERE
                } else {
                    QUIET
                };
                let in_hand: usize = works.iter().map(parlor::discord::Work::in_hand).sum();
                let state = self.inner.lock();
                let busy = match state.busy(self.inner.window) {
                    None if in_hand > 0 => Some(format!("{in_hand} events or notices in hand")),
                    other => other,
                };
                let since = state.last_activity.map_or(quiet, |t| t.elapsed());
                (busy, quiet.saturating_sub(since))
            };
            let wait = match busy {
                None if quiet.is_zero() => return,
                None => quiet,
                Some(why) if Instant::now() > deadline => {
                    panic!("the bot never became idle: {why}")
                }
                Some(_) => Duration::from_millis(5),
            };
            tokio::time::sleep(wait).await;
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

    /// Takes the recorded violations (for tests that break rules on purpose).
    pub fn take_violations(&self) -> Vec<String> {
        std::mem::take(&mut self.inner.lock().violations)
    }
}

fn discord_error(status: StatusCode, code: u64, message: &str) -> Response {
    (status, Json(json!({"code": code, "message": message}))).into_response()
}

/// Records a broken rule (`what`) and answers as Discord does: `status`, its error `code`.
fn refused(inner: &Inner, what: String, status: StatusCode, code: u64, message: &str) -> Response {
    inner.violation(what);
    discord_error(status, code, message)
}

/// A body Discord refuses (its error 50035), recorded as a broken rule.
fn invalid_body(inner: &Inner, what: String) -> Response {
    refused(
        inner,
        what,
        StatusCode::BAD_REQUEST,
        50035,
        "Invalid Form Body",
    )
}

/// A message Discord does not know (its error 10008), recorded as a broken rule.
fn unknown_message(inner: &Inner, what: String) -> Response {
    refused(inner, what, StatusCode::NOT_FOUND, 10008, "Unknown Message")
}

/// An interaction token Discord does not know (its error 10015), recorded as a broken rule.
fn unknown_webhook(inner: &Inner, what: String) -> Response {
    refused(inner, what, StatusCode::NOT_FOUND, 10015, "Unknown Webhook")
}

/// Answers with message `id` as it now is, once the state is let go and the tests told.
fn written(inner: &Inner, state: MutexGuard<'_, FakeState>, id: u64) -> Response {
    let json = state.message(id).map(message_json).unwrap_or(Value::Null);
    drop(state);
    inner.changed();
    respond_message(inner, json)
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
        .route("/api/v10/users/@me/channels", post(create_dm))
        .route(
            "/api/v10/guilds/:guild/scheduled-events",
            post(create_event).get(list_events),
        )
        .route(
            "/api/v10/guilds/:guild/scheduled-events/:event",
            patch(edit_event),
        )
        .fallback(unknown_route)
        .layer(axum::extract::DefaultBodyLimit::max(30 * 1024 * 1024))
        .layer(axum::Extension(Caller(caller.to_owned())))
        .layer(axum::middleware::from_fn_with_state(
            inner.clone(),
            check_request,
        ))
        .with_state(inner)
}

async fn unknown_route(AxState(inner): AxState<Arc<Inner>>, req: Request) -> Response {
    inner.violation(format!("unknown route {} {}", req.method(), req.uri()));
    discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found")
}
