//! The match service: the open matches in memory, rebuilt from the store at start, timed by a
//! timer, and the bot's moves. What one act does to a match is in `commands.rs`; how it is
//! decided, in `decide.rs`.

use std::sync::{Arc, Mutex as StdMutex};

use crate::i18n::Msg;
use crate::store::{Fault, LogEntry, MatchRow, MatchStatus, Store, StoreError};
use crate::table::act::{Act, Actor, Place, Stamp};
use crate::table::api::{Reply, Undelivered};
use crate::table::config::Config;
use crate::table::reads::WebLinks;
use crate::table::settings::Settings;
use crate::table::shell::{Fail, Notifier};

use super::hints;
use super::index::{Index, Slot, Where};
use super::state::Match;

/// How many matches are rebuilt at once at start (about a database pool's connections).
const RESTORE_AT_ONCE: usize = 8;

/// How often the timer records that the running game clocks are timed (see
/// [`Matches::resume_clock`]): at most this much of a restart's downtime is not given back.
pub const CLOCKS_SEEN_EVERY_MS: i64 = 5_000;

/// The match service. Cheap to clone; all clones share the same matches.
#[derive(Clone)]
pub struct Matches {
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    pub store: Store,
    pub config: Config,
    index: StdMutex<Index>,
    pub notices: Notifier,
    /// The servers' settings (whether a challenge gets a thread).
    pub settings: Settings,
    /// Where a result links to on the web.
    pub web: WebLinks,
    /// Told of each match that ends (see [`Matches::endings`]), counted in hand until handled.
    pub ended: StdMutex<Option<tokio::sync::mpsc::UnboundedSender<crate::table::Ending>>>,
    /// When the timer first saw the database down (table clock, ms): nothing is judged
    /// meanwhile, and the time is given back to every clock once it is back.
    outage_began: StdMutex<Option<i64>>,
    /// When the running game clocks were last recorded as timed (unix ms).
    clocks_seen_at: std::sync::atomic::AtomicI64,
}

impl Matches {
    /// Starts the service on an opened store: rebuilds every open match it owns (see
    /// [`Config::owns`]) from its log, applies deadlines that passed while it was down (their
    /// notices wait in the receiver), and lets the bot think where it is to move.
    pub async fn start(
        store: Store,
        config: Config,
        notices: Notifier,
        settings: Settings,
        web: WebLinks,
    ) -> Result<Matches, StoreError> {
        let matches = Matches {
            inner: Arc::new(Inner {
                store,
                config,
                index: StdMutex::new(Index::default()),
                notices,
                settings,
                web,
                ended: StdMutex::new(None),
                outage_began: StdMutex::new(None),
                clocks_seen_at: std::sync::atomic::AtomicI64::new(i64::MIN),
            }),
        };
        // Other processes' matches are left to their owners, unread.
        let others = std::sync::atomic::AtomicUsize::new(0);
        let owns = |guild: Option<u64>, channel: u64| {
            let mine = matches.owns(guild, channel);
            if !mine {
                others.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            mine
        };
        let open = matches.inner.store.open_matches(&owns).await?;
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
                let matches = matches.clone();
                tasks.spawn(async move {
                    let mut m = matches.restore(row, &log).await;
                    if let Some(m) = m.as_mut() {
                        matches.resume_clock(m, log.last().map(|e| e.at)).await;
                    }
                    (i, m)
                });
            }
            match tasks.join_next().await {
                Some(Ok((i, m))) => rebuilt[i] = m,
                Some(Err(error)) => tracing::error!(%error, "a match could not be rebuilt"),
                None => break,
            }
        }
        // Which matches have news kept (almost none): the others' answers need not look.
        let news: Option<std::collections::HashSet<i64>> =
            match matches.inner.store.undelivered_matches().await {
                Ok(ids) => Some(ids.into_iter().collect()),
                Err(error) => {
                    tracing::warn!(%error, "cannot read which matches have news kept");
                    None
                }
            };
        let mut restored = 0usize;
        for mut m in rebuilt.into_iter().flatten() {
            m.news = news.as_ref().is_none_or(|ids| ids.contains(&m.id()));
            matches.register(m);
            restored += 1;
        }
        tracing::info!(restored, others, "open matches restored");
        release_freed_memory();
        matches.tick().await;
        let bot_turns = matches.lock_index().all();
        for slot in bot_turns {
            let m = slot.lock().await;
            matches.maybe_bot_turn(&m);
        }
        Ok(matches)
    }

    /// Rebuilds an open match from its row and move log, or `None` (logged) when it cannot be.
    async fn restore(&self, row: MatchRow, log: &[LogEntry]) -> Option<Match> {
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

    /// Gives back to the player to move on a game clock the time this process was down: their
    /// deadline moves on by the time since the clock was last known to be timed (the timer
    /// records it every [`CLOCKS_SEEN_EVERY_MS`]; the last entry of the log, `last_entry_at`,
    /// and the start say so too), so that a restart
    /// neither costs them time they could not use nor gives them more than that. A clock that
    /// had run out before is left to the timer.
    async fn resume_clock(&self, m: &mut Match, last_entry_at: Option<i64>) {
        let (true, Some(deadline)) = (m.game_clock_running(), m.row.deadline_at) else {
            return;
        };
        let seen = [m.row.clock_seen_at, m.row.started_at, last_entry_at]
            .into_iter()
            .flatten()
            .max();
        let now = self.now();
        let Some(seen) = seen.filter(|&seen| seen < deadline && seen < now) else {
            return;
        };
        let resumed = deadline + (now - seen);
        match self
            .inner
            .store
            .resume_clock(m.id(), m.stamp().seq, resumed, now)
            .await
        {
            Ok(true) => {
                tracing::info!(
                    match_id = m.id(),
                    given_back_ms = now - seen,
                    "game clock resumed after a restart"
                );
                m.row.deadline_at = Some(resumed);
                m.row.clock_seen_at = Some(now);
            }
            Ok(false) => tracing::warn!(
                match_id = m.id(),
                "game clock changed elsewhere; not resumed"
            ),
            Err(error) => tracing::error!(match_id = m.id(), %error, "cannot resume a game clock"),
        }
    }

    /// Records, every [`CLOCKS_SEEN_EVERY_MS`], that this process is timing its running game
    /// clocks (see [`Matches::resume_clock`]).
    async fn mark_clocks(&self, now: i64) {
        use std::sync::atomic::Ordering;
        let last = self.inner.clocks_seen_at.load(Ordering::Relaxed);
        if now.saturating_sub(last) < CLOCKS_SEEN_EVERY_MS {
            return;
        }
        let running = self.lock_index().running_clocks();
        if running.is_empty() {
            return;
        }
        match self.inner.store.clocks_seen(&running, now).await {
            Ok(()) => self.inner.clocks_seen_at.store(now, Ordering::Relaxed),
            Err(error) => tracing::warn!(%error, "cannot record the game clocks as timed"),
        }
    }

    /// Reads a match again from the database after another process changed it (its copy here
    /// was stale): the entry becomes the stored match, or leaves the index if it is closed.
    pub async fn reload(&self, id: i64) {
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
        self.lock_index().remove(&m);
        if let Some(fresh) = fresh {
            tracing::info!(
                match_id = id,
                "match changed elsewhere; read again from the database"
            );
            *m = fresh;
            self.lock_index().insert(Where::of(&m), slot.clone());
        } else {
            tracing::info!(match_id = id, "match closed elsewhere; dropped here");
        }
    }

    /// The refusal that says a match changed elsewhere, once its copy here is read again.
    pub async fn changed_elsewhere(&self, id: i64) -> Reply {
        self.reload(id).await;
        Reply {
            stale: true,
            ..Reply::private(Msg::new("err-changed-elsewhere").plain("id", id.to_string()))
        }
    }

    /// Records that the transport could not post news of a match (a notice), to tell at the
    /// next public answer about it; the match itself goes on regardless. Logged here, once.
    pub async fn undelivered(&self, match_id: i64, why: Undelivered) {
        tracing::warn!(match_id, why = %why.to_text(), "a notice could not be posted; the players will be told");
        // Under the match's lock, so that an answer cannot look between the row and the mark.
        let mut m = self.lock_open(match_id).await;
        match self
            .inner
            .store
            .set_undelivered(match_id, &why.to_text(), self.now())
            .await
        {
            Ok(()) => {
                if let Some(m) = m.as_mut() {
                    m.news = true;
                }
            }
            Err(error) => tracing::error!(match_id, %error, "cannot record an undelivered notice"),
        }
    }

    /// Takes the news kept for a match's next public answer; asks the store only when the match
    /// may have some (or is not open here).
    pub async fn take_news(&self, match_id: i64) -> Result<Option<Undelivered>, StoreError> {
        let mut m = self.lock_open(match_id).await;
        if m.as_ref().is_some_and(|m| !m.news) {
            return Ok(None);
        }
        let found = self.inner.store.take_undelivered(match_id).await?;
        if let Some(m) = m.as_mut() {
            m.news = false;
        }
        Ok(found.as_deref().map(Undelivered::from_text))
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
    /// how many matches it acted on. [`Matches::spawn_timer`] calls it every second.
    pub async fn tick(&self) -> usize {
        let now = self.now();
        if !self.time_runs(now).await {
            return 0;
        }
        let due = self.lock_index().due(now);
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
                Err(Fail::Store(StoreError::Conflict(_) | StoreError::NotLive(_))) => {
                    drop(m);
                    self.reload(id).await;
                }
                Err(error) => {
                    // A deadline that cannot be written shows an outage: the gate shuts, and no
                    // clock runs until the database is back.
                    if let Fail::Store(e) = &error {
                        self.inner.store.noticed(e);
                    }
                    tracing::error!(match_id = id, %error, "could not apply a deadline")
                }
            }
        }
        self.mark_clocks(self.now()).await;
        acted
    }

    /// Whether clocks run: not while the database is down (a player who cannot save a move
    /// must not lose on time), and once it is back the time it was down is first given back to
    /// every live match's clock.
    async fn time_runs(&self, now: i64) -> bool {
        let since = {
            let mut began = self
                .inner
                .outage_began
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            if let Some(outage) = self.inner.store.outage() {
                // From when the database last answered, not when the outage was first met.
                let for_ms = i64::try_from(outage.for_.as_millis()).unwrap_or(i64::MAX);
                began.get_or_insert(now.saturating_sub(for_ms));
                return false;
            }
            let Some(since) = *began else {
                return true;
            };
            since
        };
        let lost = now - since;
        match self.give_time_back(lost).await {
            Ok(matches) => {
                tracing::info!(
                    matches,
                    seconds = lost / 1000,
                    "time lost to the database outage given back"
                );
                *self
                    .inner
                    .outage_began
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
                true
            }
            Err(error) => {
                // Still failing: tried again at the next tick, with the time counted since.
                self.inner.store.noticed(&error);
                tracing::warn!(%error, "cannot give the outage's time back yet");
                false
            }
        }
    }

    /// Moves every live match's deadline `lost` ms later, in the store first; returns how many.
    async fn give_time_back(&self, lost: i64) -> Result<usize, StoreError> {
        let mut held = Vec::new();
        for slot in self.lock_index().all() {
            held.push(slot);
        }
        let mut guards = Vec::new();
        for slot in &held {
            let m = slot.lock().await;
            if m.live().is_some() && m.row.deadline_at.is_some() {
                guards.push(m);
            }
        }
        let ids: Vec<i64> = guards.iter().map(|m| m.id()).collect();
        self.inner.store.extend_deadlines(&ids, lost).await?;
        let mut index = self.lock_index();
        for m in &mut guards {
            m.row.deadline_at = m.row.deadline_at.map(|d| d + lost);
            index.reschedule(m);
        }
        Ok(guards.len())
    }

    /// Runs [`Matches::tick`] on the current tokio runtime when the next thing is due (a
    /// reminder comes at its tenth to the millisecond, not up to a second late), looking again
    /// at least every second for matches scheduled meanwhile; until the service is dropped
    /// everywhere else.
    pub fn spawn_timer(&self) -> tokio::task::JoinHandle<()> {
        let heart = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Store::HEARTBEAT_EVERY).await;
                let Some(inner) = heart.upgrade() else { break };
                inner.store.heartbeat().await;
            }
        });
        let weak = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            loop {
                let wait = {
                    let Some(inner) = weak.upgrade() else { break };
                    let matches = Matches { inner };
                    let now = matches.now();
                    // What is already past was just looked at (and failed, if it is still
                    // here): it is retried at the once-a-second pace, not in a busy loop.
                    let next = matches.lock_index().due.next_after(now);
                    next.map_or(1000, |at| (at - now).clamp(1, 1000))
                };
                tokio::time::sleep(std::time::Duration::from_millis(wait.unsigned_abs())).await;
                let Some(inner) = weak.upgrade() else { break };
                Matches { inner }.tick().await;
            }
        })
    }

    /// How many challenges and live matches are open.
    pub fn open_count(&self) -> usize {
        self.lock_index().len()
    }

    /// Whether this process serves the matches of this place (server, channel).
    pub fn owns(&self, guild: Option<u64>, channel: u64) -> bool {
        self.inner
            .config
            .owns
            .as_ref()
            .is_none_or(|owns| owns(guild, channel))
    }

    pub(super) fn now(&self) -> i64 {
        self.inner.config.clock.now_ms()
    }

    /// The table's clock: what transports time their own deadlines by (an interaction token's
    /// life), so that a test's hand-driven clock moves them too.
    pub fn clock(&self) -> std::sync::Arc<dyn crate::table::Clock> {
        self.inner.config.clock.clone()
    }

    pub(super) fn lock_index(&self) -> std::sync::MutexGuard<'_, Index> {
        // The index holds no invariant that a panic elsewhere could break half-way.
        self.inner
            .index
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn slot(&self, id: i64) -> Option<Slot> {
        self.lock_index().slot(id)
    }

    /// The match, locked, if it is open in this process.
    async fn lock_open(&self, id: i64) -> Option<tokio::sync::OwnedMutexGuard<Match>> {
        Some(self.slot(id)?.lock_owned().await)
    }

    pub(super) fn slot_in_channel(&self, channel: u64) -> Option<Slot> {
        self.lock_index().in_channel(channel)
    }

    /// The number of the match being played in this place's channel, if one is (not a
    /// challenge still waiting for its opponent).
    pub async fn live_here(&self, place: &Place) -> Option<i64> {
        let slot = self.slot_in_channel(place.channel)?;
        let m = slot.lock().await;
        m.live().map(|_| m.id())
    }

    /// Whether the bot owes a move in this place's match (its AI is thinking, or will).
    pub async fn bot_to_move(&self, place: &Place) -> bool {
        let Some(slot) = self.slot_in_channel(place.channel) else {
            return false;
        };
        let m = slot.lock().await;
        self.bot_seat_to_move(&m).is_some()
    }

    /// The seat the bot is to move in this match, if an AI plays it.
    fn bot_seat_to_move(&self, m: &Match) -> Option<usize> {
        let config = &self.inner.config;
        let seat = m.live()?.game.seat_to_move()?;
        let bot = m.player(seat)?.id == config.bot.id;
        (config.ai.is_some() && m.row.vs_bot && bot).then_some(seat)
    }

    /// Puts an open match in the index.
    pub(super) fn register(&self, m: Match) -> Slot {
        let at = Where::of(&m);
        let slot = Slot::new(m.into());
        self.lock_index().insert(at, slot.clone());
        slot
    }

    /// If the bot is to move in this match, lets the AI think in the background and play.
    pub(super) fn maybe_bot_turn(&self, m: &Match) {
        let (Some(ai), Some(board)) = (self.inner.config.ai.clone(), m.live()) else {
            return;
        };
        if self.bot_seat_to_move(m).is_none() {
            return;
        }
        let game = board.game.clone();
        let level = m.row.level.unwrap_or(2);
        let stamp = m.stamp();
        let matches = self.clone();
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
            matches.bot_move(stamp, text).await;
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
            Ok(reply) => self.inner.notices.send(m.place(), m.id(), reply),
            // The process is closing (the terminal's input ended): the move is simply not made,
            // and the bot plays it at the next start.
            Err(Fail::Store(StoreError::Db {
                fault: Fault::Closed,
                ..
            })) => {
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
