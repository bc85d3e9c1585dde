//! The match service: challenges, moves, clocks, ratings, ladders, independent of any transport.
//!
//! Adapters (Discord, the terminal) turn their input into an [`Act`] (a [`Request`] when a
//! control was pressed) with an [`Actor`] and a [`Place`], call [`Table::handle`], and show the
//! [`Reply`]. Things that happen on their own (timeouts, clock warnings, expired challenges, the
//! AI's moves) arrive as [`Notice`]s on the receiver returned by [`Table::start`].
//!
//! A match is one value ([`state::Match`]); an act on it is decided by a pure function
//! (`decide.rs`) into [`crate::store::Change`]s, which the store commits and the match applies
//! (the same function replays the log at a restart), and the answer is presented from the
//! match as it then stands (`present.rs`). The changes of one match apply one at a time.

mod act;
mod api;
mod challenge;
mod clock;
mod coach;
mod commands;
mod decide;
pub mod gallery;
pub(crate) mod hints;
pub mod links;
mod offers;
mod picture;
mod present;
mod presets;
mod published;
pub mod rating;
mod records;
mod schedule;
mod sheet;
pub(crate) mod state;
mod texts;
mod verdict;
pub mod words;

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use tokio::sync::{Mutex, mpsc};

use crate::games::{AnyGame, AnyMove};
use crate::store::{MatchRow, MatchStatus, Store, StoreError};

pub use act::{
    Act, Actor, ChallengeSpec, Opponent, Place, Request, Scope, SettingsChange, Stamp, UserRef,
    controls, stamp_of_custom_id,
};
pub use api::{
    Button, ButtonStyle, CardEdit, Coaching, Link, Menu, MenuOption, Notice, Progress, Reply,
    ReplyKind, Section, TextFile, ThreadRequest, Undelivered,
};
pub use challenge::Languages;
pub use clock::{Clock, ManualClock, SystemClock};
pub use picture::{Image, Picture, PictureError, Pictures};
pub use presets::{
    CLOCK_CHOICES, DEFAULT_CLOCK_SECS, MAX_CLOCK_SECS, MIN_CLOCK_SECS, Variant, parse_clock,
    variant, variants,
};
pub use published::{BadPublicUrl, public_url};
pub use texts::{BadDocsUrl, DOCS_DIR, docs_url};
// The move hints and menus and the replay of a stored log, driven directly by the fuzz targets
// of tests/checks.
pub use hints::{MAX_CHOICES, MAX_ROWS, hints, move_menus, visible_moves};
pub use state::{Board, Unreplayable, position_after};

use state::Match;

/// The seam where the AI plugs in: picks a move for the side to move.
pub trait Ai: Send + Sync + 'static {
    /// A legal move of `game` at `level` (1-5), or `None` if it has none to offer. Blocking: the
    /// table calls it on a blocking thread.
    fn choose(&self, game: &AnyGame, level: u8) -> Option<AnyMove>;
}

/// The real AI: a bounded pool of searches (one per core).
impl Ai for crate::ai::Ai {
    fn choose(&self, game: &AnyGame, level: u8) -> Option<AnyMove> {
        crate::ai::Ai::choose(self, game, level)
    }
}

/// Settings of the service.
#[derive(Clone)]
pub struct Config {
    pub clock: Arc<dyn Clock>,
    /// How long a challenge waits for an answer.
    pub challenge_ttl_ms: i64,
    /// The least time between two challenges by the same person.
    pub challenge_cooldown_ms: i64,
    /// The bot's own user (the opponent of `/play opponent:<the bot>`).
    pub bot: UserRef,
    /// The AI behind `/play opponent:<the bot>`; with `None`, challenges to the bot are refused.
    pub ai: Option<Arc<dyn Ai>>,
    /// Where `/rules` sends readers for the full rules (`PARLOR_DOCS_URL`, checked with
    /// [`docs_url`]); `None` names the file in the repository instead.
    pub docs_url: Option<String>,
    /// The public address of the web pages (`PARLOR_PUBLIC_URL`, checked with [`public_url`]),
    /// for links from chat; `None` gives no links.
    pub public_url: Option<String>,
    /// Which matches this process serves when others share its database (the terminal, other
    /// shards of the bot); it restores and times only those. `None` serves every match.
    pub owns: Option<Owns>,
    /// How many post-game analyses run at once (`PARLOR_ANALYSIS_THREADS`, default 1); further
    /// requests wait their turn.
    pub analysis_threads: usize,
    /// Search steps per position of an analysis (`PARLOR_ANALYSIS_NODES`); `None`: each
    /// game's default depth ([`crate::ai::analysis::Depth::default_for`]).
    pub analysis_nodes: Option<u64>,
}

/// A positive number from the environment; unset or unreadable (logged) is `None`.
fn env_count(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    match text.trim().parse::<u64>() {
        Ok(n) if n > 0 => Some(n),
        _ => {
            tracing::warn!(variable = name, value = %text, "not a positive whole number; ignored");
            None
        }
    }
}

/// Whether a process serves the matches of a place: its server (`None`: none) and channel.
pub type Owns = Arc<dyn Fn(Option<u64>, u64) -> bool + Send + Sync>;

/// The channel of `parlor local`'s one table (a number no Discord channel has).
pub const TERMINAL_CHANNEL: u64 = 1;

/// Whether a match is played at the terminal (`parlor local`): no server, the terminal's channel.
pub fn at_terminal(guild: Option<u64>, channel: u64) -> bool {
    guild.is_none() && channel == TERMINAL_CHANNEL
}

impl Default for Config {
    fn default() -> Self {
        Config {
            clock: Arc::new(SystemClock),
            challenge_ttl_ms: 10 * 60 * 1000,
            challenge_cooldown_ms: 15 * 1000,
            bot: UserRef::new(0, "Parlor"),
            ai: Some(Arc::new(crate::ai::Ai::default())),
            docs_url: None,
            public_url: None,
            owns: None,
            analysis_threads: env_count("PARLOR_ANALYSIS_THREADS").map_or(1, |n| n as usize),
            analysis_nodes: env_count("PARLOR_ANALYSIS_NODES"),
        }
    }
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("challenge_ttl_ms", &self.challenge_ttl_ms)
            .field("challenge_cooldown_ms", &self.challenge_cooldown_ms)
            .field("bot", &self.bot)
            .field("ai", &self.ai.is_some())
            .field("docs_url", &self.docs_url)
            .field("public_url", &self.public_url)
            .field("owns", &self.owns.is_some())
            .field("analysis_threads", &self.analysis_threads)
            .field("analysis_nodes", &self.analysis_nodes)
            .finish()
    }
}

/// The receiver of [`Notice`]s.
pub type Notices = mpsc::UnboundedReceiver<Notice>;

/// The match service. Cheap to clone; all clones share the same state.
#[derive(Clone)]
pub struct Table {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    config: Config,
    index: StdMutex<Index>,
    notices: mpsc::UnboundedSender<Notice>,
    coach: coach::Coach,
    /// Held while a server's settings are read, changed and written back, so that two changes
    /// at once (a manager's `/settings`, the first challenge noting that threads cannot be
    /// started) do not undo each other. A server is served by one process, so one lock here is
    /// enough.
    guild_settings: Mutex<()>,
    pictures: Pictures,
}

type Slot = Arc<Mutex<Match>>;

/// Open matches by id and by channel, and when each next needs the timer.
#[derive(Default)]
struct Index {
    entries: HashMap<i64, Slot>,
    /// The open match of a channel; `RESERVED` while a challenge is being written.
    by_channel: HashMap<u64, i64>,
    /// When `tick` must next look at each match (expiry, warning or deadline).
    due: schedule::Schedule,
    /// The matches being played (started, not over), counted by `parlor_live_matches`.
    live: std::collections::HashSet<i64>,
}

impl Index {
    /// Records whether match `id` is being played, and keeps the gauge in step.
    fn set_live(&mut self, id: i64, live: bool) {
        let changed = if live {
            self.live.insert(id)
        } else {
            self.live.remove(&id)
        };
        if changed {
            metrics::gauge!("parlor_live_matches").set(self.live.len() as f64);
        }
    }
}

const RESERVED: i64 = -1;

/// How many matches are rebuilt at once at start (about a database pool's connections).
const RESTORE_AT_ONCE: usize = 8;

impl Table {
    /// Starts the service on an opened store: rebuilds every open match it owns (see
    /// [`Config::owns`]) from its log, applies deadlines that passed while it was down (their
    /// notices wait in the receiver), and returns the table with the receiver of its notices.
    pub async fn start(store: Store, config: Config) -> Result<(Table, Notices), StoreError> {
        let (tx, rx) = mpsc::unbounded_channel();
        let coach = coach::Coach::new(config.analysis_threads, config.analysis_nodes);
        let table = Table {
            inner: Arc::new(Inner {
                store,
                config,
                index: StdMutex::new(Index::default()),
                notices: tx,
                coach,
                guild_settings: Mutex::new(()),
                pictures: Pictures::default(),
            }),
        };
        // Other processes' matches are left to their owners, unread.
        let others = std::sync::atomic::AtomicUsize::new(0);
        let owns = |guild: Option<u64>, channel: u64| {
            let mine = table.owns(guild, channel);
            if !mine {
                others.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            mine
        };
        let open = table.inner.store.open_matches(&owns).await?;
        let others = others.into_inner();
        // Rebuilt a few at a time (each reads its players' ratings: one round trip after another
        // was most of a restart with thousands of matches on PostgreSQL), registered in order.
        let count = open.len();
        let mut rebuilt: Vec<Option<Match>> = std::iter::repeat_with(|| None).take(count).collect();
        let mut pending = open.into_iter().enumerate();
        let mut tasks = tokio::task::JoinSet::new();
        loop {
            while tasks.len() < RESTORE_AT_ONCE {
                let Some((i, (row, log))) = pending.next() else {
                    break;
                };
                let table = table.clone();
                tasks.spawn(async move { (i, table.restore(row, &log).await) });
            }
            match tasks.join_next().await {
                Some(Ok((i, m))) => rebuilt[i] = m,
                Some(Err(error)) => tracing::error!(%error, "a match could not be rebuilt"),
                None => break,
            }
        }
        let mut restored = 0usize;
        for m in rebuilt.into_iter().flatten() {
            table.register(m);
            restored += 1;
        }
        tracing::info!(restored, others, "open matches restored");
        release_freed_memory();
        table.tick().await;
        let bot_turns: Vec<Slot> = table.lock_index().entries.values().cloned().collect();
        for slot in bot_turns {
            let m = slot.lock().await;
            table.maybe_bot_turn(&m);
        }
        table.resume_analyses().await;
        Ok((table, rx))
    }

    /// Rebuilds an open match from its row and move log, or `None` (logged) when it cannot be.
    async fn restore(&self, row: MatchRow, log: &[crate::store::LogEntry]) -> Option<Match> {
        let id = row.id;
        let mut m = match Match::restore(row, log) {
            Ok(m) => m,
            Err(error) => {
                tracing::error!(match_id = id, %error, "cannot rebuild match; left as it is");
                return None;
            }
        };
        if m.live().is_some() {
            m.ratings = self.seat_ratings(&m).await.unwrap_or_else(|err| {
                tracing::warn!(match_id = id, error = %err, "ratings not shown");
                vec![None; m.row.seats.len()]
            });
        }
        Some(m)
    }

    /// Reads a match again from the database after another process changed it (its copy here
    /// was stale): the entry becomes the stored match, or leaves the index if it is closed.
    async fn reload(&self, id: i64) {
        let Some(slot) = self.slot(id) else {
            return;
        };
        let mut m = slot.lock().await;
        let fresh = match self.inner.store.match_by_id(id).await {
            Ok(Some(row)) if matches!(row.status, MatchStatus::Challenge | MatchStatus::Live) => {
                match self.inner.store.log(id).await {
                    Ok(log) => self.restore(row, &log).await,
                    Err(error) => {
                        tracing::error!(match_id = id, %error, "cannot read the move log again");
                        None
                    }
                }
            }
            Ok(_) => None,
            Err(error) => {
                tracing::error!(match_id = id, %error, "cannot read the match again");
                return;
            }
        };
        self.unregister(&m);
        if let Some(fresh) = fresh {
            tracing::info!(
                match_id = id,
                "match changed elsewhere; read again from the database"
            );
            *m = fresh;
            self.index_slot(&m, slot.clone());
        } else {
            tracing::info!(match_id = id, "match closed elsewhere; dropped here");
        }
    }

    /// Handles one request and returns the answer to show. Never fails: refusals and errors
    /// are replies for the requester.
    pub async fn handle(&self, actor: &Actor, place: &Place, req: impl Into<Request>) -> Reply {
        let started = std::time::Instant::now();
        let req = req.into();
        let what = req.act.name();
        let answer = self.dispatch(actor, place, req).await;
        if let Err(fail) = &answer {
            fail.count();
        }
        let reply = match answer {
            Ok(reply) => reply,
            Err(commands::Fail::Refuse(text)) => Reply::private(text),
            Err(commands::Fail::Stale(text)) => Reply {
                stale: true,
                ..Reply::private(text)
            },
            Err(commands::Fail::Store(StoreError::Conflict(id) | StoreError::NotLive(id))) => {
                // Another process changed this match: nothing was done here; catch up.
                tracing::warn!(match_id = id, command = what, "match changed elsewhere");
                self.reload(id).await;
                Reply {
                    stale: true,
                    ..Reply::private(
                        crate::i18n::Msg::new("err-changed-elsewhere").plain("id", id.to_string()),
                    )
                }
            }
            Err(commands::Fail::Store(e)) => {
                tracing::error!(error = %e, command = what, "storage failed");
                Reply::private(crate::i18n::Msg::new("err-internal"))
            }
        };
        let mut reply = reply;
        if let (Some(id), false, None) = (reply.match_id, reply.private, &reply.undelivered) {
            match self.inner.store.take_undelivered(id).await {
                Ok(found) => reply.undelivered = found.as_deref().map(Undelivered::from_text),
                Err(error) => tracing::warn!(match_id = id, %error, "cannot read undelivered news"),
            }
        }
        tracing::debug!(
            user = actor.id,
            command = what,
            ms = started.elapsed().as_millis() as u64,
            "handled"
        );
        reply
    }

    /// Records that the transport could not post news of a match (a notice), to tell at the
    /// next public answer about it; the match itself goes on regardless. Logged here, once.
    pub async fn undelivered(&self, match_id: i64, why: Undelivered) {
        tracing::warn!(match_id, why = %why.to_text(), "a notice could not be posted; the players will be told");
        if let Err(error) = self
            .inner
            .store
            .set_undelivered(match_id, &why.to_text(), self.now())
            .await
        {
            tracing::error!(match_id, %error, "cannot record an undelivered notice");
        }
    }

    /// Autocomplete for `/move`: the legal moves of the player to move in this channel's match
    /// that start with `prefix` (case-insensitive, separators optional), at most 25.
    pub async fn move_hints(&self, place: &Place, prefix: &str) -> Vec<String> {
        let Some(slot) = self.slot_in_channel(place.channel) else {
            return Vec::new();
        };
        let m = slot.lock().await;
        match m.live() {
            Some(board) => hints::hints(&hints::visible_moves(&board.game), prefix),
            None => Vec::new(),
        }
    }

    /// Applies everything that is due: expired challenges, clock warnings, timeouts. Returns
    /// how many matches it acted on. [`Table::spawn_timer`] calls it every second.
    pub async fn tick(&self) -> usize {
        let now = self.now();
        let due: Vec<(i64, Slot)> = {
            let index = self.lock_index();
            index
                .due
                .due(now)
                .filter_map(|id| index.entries.get(&id).map(|s| (id, s.clone())))
                .collect()
        };
        let mut acted = 0;
        for (id, slot) in due {
            let mut m = slot.lock().await;
            let applied = self.apply_due(&mut m).await;
            if let Err(fail) = &applied {
                fail.count();
            }
            match applied {
                Ok(true) => acted += 1,
                Ok(false) => {}
                Err(commands::Fail::Store(StoreError::Conflict(_) | StoreError::NotLive(_))) => {
                    drop(m);
                    self.reload(id).await;
                }
                Err(error) => tracing::error!(match_id = id, %error, "could not apply a deadline"),
            }
        }
        acted
    }

    /// Runs [`Table::tick`] on the current tokio runtime when the next thing is due (a
    /// reminder comes at its tenth to the millisecond, not up to a second late), looking again
    /// at least every second for matches scheduled meanwhile; until the table is dropped
    /// everywhere else.
    pub fn spawn_timer(&self) -> tokio::task::JoinHandle<()> {
        let weak = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            loop {
                let wait = {
                    let Some(inner) = weak.upgrade() else { break };
                    let table = Table { inner };
                    let now = table.now();
                    // What is already past was just looked at (and failed, if it is still
                    // here): it is retried at the once-a-second pace, not in a busy loop.
                    let next = table.lock_index().due.next_after(now);
                    next.map_or(1000, |at| (at - now).clamp(1, 1000))
                };
                tokio::time::sleep(std::time::Duration::from_millis(wait.unsigned_abs())).await;
                let Some(inner) = weak.upgrade() else { break };
                Table { inner }.tick().await;
            }
        })
    }

    /// Where adapters draw the pictures of replies (bounded, and boards kept per position).
    pub fn pictures(&self) -> &Pictures {
        &self.inner.pictures
    }

    /// The store underneath (for adapters that need more than the commands).
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// How many challenges and live matches are open.
    pub fn open_count(&self) -> usize {
        self.lock_index().entries.len()
    }

    /// Whether this process serves the matches of this place (server, channel).
    pub fn owns(&self, guild: Option<u64>, channel: u64) -> bool {
        self.inner
            .config
            .owns
            .as_ref()
            .is_none_or(|owns| owns(guild, channel))
    }

    fn now(&self) -> i64 {
        self.inner.config.clock.now_ms()
    }

    fn lock_index(&self) -> std::sync::MutexGuard<'_, Index> {
        // The index holds no invariant that a panic elsewhere could break half-way.
        self.inner
            .index
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn slot(&self, id: i64) -> Option<Slot> {
        self.lock_index().entries.get(&id).cloned()
    }

    /// Whether the bot owes a move in this place's match (its AI is thinking, or will).
    pub async fn bot_to_move(&self, place: &Place) -> bool {
        let Some(slot) = self.slot_in_channel(place.channel) else {
            return false;
        };
        let m = slot.lock().await;
        let bot = self.inner.config.bot.id;
        self.inner.config.ai.is_some()
            && m.row.vs_bot
            && m.live()
                .and_then(|b| b.game.seat_to_move())
                .and_then(|seat| m.player(seat))
                .is_some_and(|p| p.id == bot)
    }

    fn slot_in_channel(&self, channel: u64) -> Option<Slot> {
        let index = self.lock_index();
        let id = index.by_channel.get(&channel)?;
        index.entries.get(id).cloned()
    }

    /// Puts an open match in the index.
    fn register(&self, m: Match) -> Slot {
        let (id, channel, holds, due) = (m.id(), m.row.channel_id, m.holds_channel(), m.next_due());
        let live = m.live().is_some();
        let slot = Arc::new(Mutex::new(m));
        self.index(id, channel, holds, due, slot.clone());
        self.lock_index().set_live(id, live);
        slot
    }

    /// Indexes the slot holding `m` again (after it was read anew).
    fn index_slot(&self, m: &Match, slot: Slot) {
        self.index(
            m.id(),
            m.row.channel_id,
            m.holds_channel(),
            m.next_due(),
            slot,
        );
        self.lock_index().set_live(m.id(), m.live().is_some());
    }

    /// Indexes a slot holding match `id`: by id, by channel if it holds `channel`, and by `due`.
    fn index(&self, id: i64, channel: u64, holds: bool, due: Option<i64>, slot: Slot) {
        let mut index = self.lock_index();
        if holds {
            index.by_channel.insert(channel, id);
        }
        if let Some(at) = due {
            index.due.set(id, at);
        }
        index.entries.insert(id, slot);
    }

    /// Updates when the timer must next look at this match (call after every change).
    fn reschedule(&self, m: &Match) {
        let due = m.next_due();
        let mut index = self.lock_index();
        match due {
            Some(at) => index.due.set(m.id(), at),
            None => index.due.remove(m.id()),
        }
        index.set_live(m.id(), m.live().is_some());
    }

    /// Takes a closed match out of the index.
    fn unregister(&self, m: &Match) {
        let mut index = self.lock_index();
        index.entries.remove(&m.id());
        index.due.remove(m.id());
        index.set_live(m.id(), false);
        if index.by_channel.get(&m.row.channel_id) == Some(&m.id()) {
            index.by_channel.remove(&m.row.channel_id);
        }
    }

    fn notify(&self, m: &Match, reply: Reply) {
        // Nobody listening is fine: the change is in the database already.
        let _ = self.inner.notices.send(Notice {
            place: m.place(),
            match_id: m.id(),
            reply,
        });
    }

    /// If the bot is to move in this match, lets the AI think in the background and play.
    fn maybe_bot_turn(&self, m: &Match) {
        let (Some(ai), Some(board)) = (self.inner.config.ai.clone(), m.live()) else {
            return;
        };
        let Some(seat) = board.game.seat_to_move() else {
            return;
        };
        if !m.row.vs_bot || m.player(seat).map(|p| p.id) != Some(self.inner.config.bot.id) {
            return;
        }
        let game = board.game.clone();
        let level = m.row.level.unwrap_or(2);
        let stamp = m.stamp();
        let table = self.clone();
        tokio::spawn(async move {
            let chosen = tokio::task::spawn_blocking(move || {
                let mv = ai.choose(&game, level)?;
                game.format_move(&mv).ok()
            })
            .await;
            let Ok(Some(text)) = chosen else {
                tracing::warn!(match_id = stamp.match_id, "the AI found no move");
                return;
            };
            table.bot_move(stamp, text).await;
        });
    }

    async fn bot_move(&self, stamp: Stamp, text: String) {
        let Some(slot) = self.slot(stamp.match_id) else {
            return;
        };
        let mut m = slot.lock().await;
        if m.stamp() != stamp {
            return; // a takeback or an abort came first
        }
        let bot = self.inner.config.bot.clone();
        let actor = Actor::new(bot.id, bot.name);
        match self
            .act_on(&mut m, &actor, &Act::Move(text).at(stamp))
            .await
        {
            Ok(reply) => self.notify(&m, reply),
            // The process is closing (the terminal's input ended): the move is simply not made,
            // and the bot plays it at the next start.
            Err(commands::Fail::Store(StoreError::Sql(sqlx::Error::PoolClosed))) => {
                tracing::debug!(
                    match_id = stamp.match_id,
                    "closing: the AI's move waits for the next start"
                )
            }
            Err(error) => {
                tracing::error!(match_id = stamp.match_id, ?error, "the AI's move failed")
            }
        }
    }
}

/// Whole seconds left until `at` (ms), rounded up: a reminder 6 s before the deadline says
/// "6 seconds", and a fresh one-minute clock "1 minute", not 5 and 59.
pub fn secs_left(at: i64, now: i64) -> i64 {
    ((at - now).max(0) + 999) / 1000
}

/// How long before the deadline a player is reminded of their turn: a tenth of the time per
/// move, or one hour on a clock of a day or more.
pub fn reminder_ms(clock_secs: i64) -> i64 {
    const DAY_SECS: i64 = 24 * 3600;
    if clock_secs >= DAY_SECS {
        3600 * 1000
    } else {
        clock_secs * 1000 / 10
    }
}

/// Hands back to the system the memory the restore read and freed (every open match's rows and
/// log): glibc keeps freed blocks in its per-thread arenas, where the database's threads left
/// them between the matches that stay, and counts them in the process's memory until trimmed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn release_freed_memory() {
    // SAFETY: malloc_trim only returns free memory to the system; it takes no pointer and may be
    // called at any time from any thread.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn release_freed_memory() {}
