//! The tournament service: the open tournaments in memory, rebuilt from the store at start,
//! each behind its lock; every transition goes through the shell ([`crate::table::shell`]):
//! written to the store (its sequence number checked) before it is applied and announced.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use crate::store::{Store, StoreError};
use crate::table::act::Place;
use crate::table::config::Config;
use crate::table::matches::Matches;
use crate::table::shell::{Answer, Fail, Keeper, Notifier, Slot};

use super::event::{Event, Status, Step};
use super::pictures;
use super::present::{self, Say};

/// The tournament service. Cheap to clone; all clones share the same tournaments.
#[derive(Clone)]
pub struct Tournaments {
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    pub store: Store,
    pub config: Config,
    pub matches: Matches,
    pub notices: Notifier,
    /// The open tournaments by id, and which tournament each of their games belongs to.
    index: StdMutex<Index>,
    /// What the restore at start did, for `/healthz`.
    restore: StdMutex<Restore>,
    /// Each tournament's calendar event, as the transport keeps it.
    pub calendars: super::calendar::Calendars,
}

#[derive(Default)]
struct Index {
    events: HashMap<i64, Slot<Event>>,
    by_match: HashMap<i64, i64>,
    /// Each open tournament's status and players still in it, for `/metrics`.
    counted: HashMap<i64, (Status, usize)>,
}

impl Index {
    /// Sets the tournament gauges from what is counted.
    fn publish(&self) {
        let of = |status: Status| self.counted.values().filter(|(s, _)| *s == status).count();
        metrics::gauge!("parlor_tournaments", "status" => "open").set(of(Status::Open) as f64);
        metrics::gauge!("parlor_tournaments", "status" => "running")
            .set(of(Status::Running) as f64);
        let players: usize = self.counted.values().map(|(_, n)| n).sum();
        metrics::gauge!("parlor_tournament_players").set(players as f64);
    }

    /// Counts `e` as it now stands (a closed one not at all).
    fn count(&mut self, e: &Event) {
        if e.status.is_closed() {
            self.counted.remove(&e.id);
        } else {
            let players = e.tournament.members.iter().filter(|m| !m.withdrawn).count();
            self.counted.insert(e.id, (e.status, players));
        }
        self.publish();
    }
}

/// What the restore at start did: `None` until it has run.
#[derive(Default)]
struct Restore {
    done: Option<(usize, Vec<i64>)>,
}

impl Tournaments {
    /// Starts the service beside the match service (already started): rebuilds every open
    /// tournament this process owns (see [`Config::owns`]), catches up with what happened while
    /// it was down (games that ended, rounds due), and listens for the end of its games.
    pub async fn start(
        store: Store,
        config: Config,
        matches: Matches,
        notices: Notifier,
    ) -> Result<Tournaments, StoreError> {
        let endings = matches.endings();
        let service = Tournaments {
            inner: Arc::new(Inner {
                store,
                config,
                matches,
                notices,
                index: StdMutex::new(Index::default()),
                restore: StdMutex::new(Restore::default()),
                calendars: Default::default(),
            }),
        };
        let owns = |guild: Option<u64>, channel: u64| service.inner.matches.owns(guild, channel);
        let rows = service.inner.store.open_tournaments(&owns).await?;
        let mut restored = 0usize;
        let mut failed = Vec::new();
        for row in rows {
            let mut e = match Event::restore(&row) {
                Ok(e) => e,
                Err(error) => {
                    tracing::error!(tournament = row.id, %error, "cannot rebuild tournament; left as it is");
                    failed.push(row.id);
                    continue;
                }
            };
            if e.tournament.current.is_some() || e.arena().is_some() {
                let round = e.tournament.swiss.played_rounds;
                e.games = service
                    .inner
                    .store
                    .tournament_games(e.id, round)
                    .await?
                    .into_iter()
                    .collect();
            }
            service.register(e);
            restored += 1;
        }
        tracing::info!(restored, "open tournaments restored");
        metrics::gauge!("parlor_tournaments_unrestored").set(failed.len() as f64);
        service.lock_restore().done = Some((restored, failed));
        service.tick().await;
        service.listen(endings);
        Ok(service)
    }

    /// Feeds each ended game's result to its tournament as it comes, until the service is
    /// dropped everywhere else.
    fn listen(&self, mut endings: tokio::sync::mpsc::UnboundedReceiver<crate::table::Ending>) {
        let weak = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            while let Some((match_id, _busy)) = endings.recv().await {
                let Some(inner) = weak.upgrade() else { break };
                let service = Tournaments { inner };
                let Some(id) = service.lock_index().by_match.get(&match_id).copied() else {
                    continue;
                };
                service.advance_one(id).await;
            }
        });
    }

    /// Does what is due in every open tournament: results of games that ended, rounds to pair,
    /// games to open, the end. Returns how many it acted on. The timer calls it every second.
    pub async fn tick(&self) -> usize {
        let ids: Vec<i64> = self.lock_index().events.keys().copied().collect();
        let mut acted = 0;
        for id in ids {
            if self.advance_one(id).await {
                acted += 1;
            }
        }
        acted
    }

    /// Runs [`Tournaments::tick`] every second on the current tokio runtime, until the service
    /// is dropped everywhere else.
    pub fn spawn_timer(&self) -> tokio::task::JoinHandle<()> {
        let weak = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                let Some(inner) = weak.upgrade() else { break };
                Tournaments { inner }.tick().await;
            }
        })
    }

    /// Advances tournament `id` (its lock held); true if it changed. Failures are logged: the
    /// next look tries again from what was committed.
    async fn advance_one(&self, id: i64) -> bool {
        let Some(slot) = self.slot(id) else {
            return false;
        };
        // In hand while it acts: a round's pairings come before its games are opened.
        let _busy = self.inner.config.work.begin();
        let (changed, closed, stale) = {
            let mut e = slot.lock().await;
            let before = e.seq;
            let stale = match self.advance(&mut e).await {
                Ok(()) => false,
                Err(Fail::Store(StoreError::Conflict(_))) => {
                    tracing::warn!(tournament = id, "tournament changed elsewhere; read again");
                    true
                }
                Err(error) => {
                    error.count();
                    tracing::error!(tournament = id, %error, "tournament could not go on");
                    false
                }
            };
            (e.seq != before, e.status.is_closed(), stale)
        };
        if stale {
            self.reload(id).await;
        }
        if closed {
            self.forget(id);
        }
        changed
    }

    /// Reads a tournament again from the store (its copy here was stale).
    async fn reload(&self, id: i64) {
        let Some(slot) = self.slot(id) else { return };
        let mut e = slot.lock().await;
        match self.inner.store.tournament(id).await {
            Ok(Some(row)) => match Event::restore(&row) {
                Ok(mut fresh) => {
                    if fresh.tournament.current.is_some() || fresh.arena().is_some() {
                        let round = fresh.tournament.swiss.played_rounds;
                        if let Ok(games) = self.inner.store.tournament_games(id, round).await {
                            fresh.games = games.into_iter().collect();
                        }
                    }
                    *e = fresh;
                }
                Err(error) => tracing::error!(tournament = id, %error, "cannot rebuild tournament"),
            },
            Ok(None) => {}
            Err(error) => tracing::error!(tournament = id, %error, "cannot read tournament"),
        }
    }

    /// The open tournament of this place (its channel, or a thread of it): the latest.
    pub async fn here(&self, place: &Place) -> Option<i64> {
        let slots: Vec<Slot<Event>> = self.lock_index().events.values().cloned().collect();
        let mut best = None;
        for slot in slots {
            let e = slot.lock().await;
            if e.is_at(place) && best.is_none_or(|b| e.id > b) {
                best = Some(e.id);
            }
        }
        best
    }

    /// A copy of tournament `id` as it stands (open ones from memory, others from the store):
    /// for pictures and pages.
    pub async fn event(&self, id: i64) -> Result<Option<Event>, StoreError> {
        if let Some(slot) = self.slot(id) {
            return Ok(Some(slot.lock().await.clone()));
        }
        let Some(row) = self.inner.store.tournament(id).await? else {
            return Ok(None);
        };
        Event::restore(&row)
            .map(Some)
            .map_err(|e| StoreError::Corrupt(e.to_string()))
    }

    /// How many tournaments are open or running here.
    pub fn open_count(&self) -> usize {
        self.lock_index().events.len()
    }

    /// The restore as `/healthz` tells it: how many tournaments were rebuilt at start and how
    /// many are open now, and the ids of any whose stored state could not be read (they are
    /// left as they are, for an operator; the others run). `Err` only before it has run.
    pub fn restore_check(&self) -> Result<String, String> {
        let open = self.open_count();
        match &self.lock_restore().done {
            None => Err("not restored yet".to_string()),
            Some((restored, failed)) if failed.is_empty() => {
                Ok(format!("{restored} restored, {open} open"))
            }
            Some((restored, failed)) => {
                let ids: Vec<String> = failed.iter().map(i64::to_string).collect();
                Ok(format!(
                    "{restored} restored, {open} open; not rebuilt (unreadable state): {}",
                    ids.join(", ")
                ))
            }
        }
    }

    fn lock_restore(&self) -> std::sync::MutexGuard<'_, Restore> {
        // A record of the start, complete whenever it is read.
        self.inner
            .restore
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn now(&self) -> i64 {
        self.inner.config.clock.now_ms()
    }

    fn lock_index(&self) -> std::sync::MutexGuard<'_, Index> {
        // The index holds no invariant that a panic elsewhere could break half-way.
        self.inner
            .index
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn slot(&self, id: i64) -> Option<Slot<Event>> {
        self.lock_index().events.get(&id).cloned()
    }

    /// Puts an open tournament (and its current games) in the index.
    pub(super) fn register(&self, e: Event) -> Slot<Event> {
        let id = e.id;
        let mut index = self.lock_index();
        for &m in e.games.values() {
            index.by_match.insert(m, id);
        }
        index.count(&e);
        let slot = Slot::new(e.into());
        index.events.insert(id, slot.clone());
        slot
    }

    /// Records that match `match_id` is a game of tournament `id`.
    pub(super) fn link(&self, id: i64, match_id: i64) {
        self.lock_index().by_match.insert(match_id, id);
    }

    /// Takes a closed tournament out of memory.
    pub(super) fn forget(&self, id: i64) {
        let mut index = self.lock_index();
        index.events.remove(&id);
        index.by_match.retain(|_, t| *t != id);
        index.counted.remove(&id);
        index.publish();
    }
}

impl Keeper<Event> for Tournaments {
    type Committed = ();

    /// Writes the tournament as the step leaves it, under the step's sequence number.
    async fn write(&self, e: &Event, step: &Step) -> Result<(), Fail> {
        let mut next = e.clone();
        shell_apply(&mut next, step)?;
        let state = next.to_json()?;
        self.inner
            .store
            .save_tournament(e.id, next.seq, next.status.name(), &state, self.now())
            .await?;
        if matches!(step, Step::Pair { .. }) {
            metrics::counter!("parlor_tournament_rounds_paired_total").increment(1);
        }
        let mut index = self.lock_index();
        if index.events.contains_key(&e.id) {
            index.count(&next);
        }
        Ok(())
    }

    async fn present(&self, e: &Event, say: Say, _: &()) -> Answer {
        let mut reply = present::say(e, say);
        reply.tournament = Some(present::news(e));
        let drawn = |p: &Option<crate::table::Picture>| {
            matches!(
                p,
                Some(crate::table::Picture::Standings(_) | crate::table::Picture::Podium(_))
            )
        };
        if e.rules.rated
            && (drawn(&reply.picture) || reply.sections.iter().any(|s| drawn(&s.picture)))
        {
            let changes = pictures::rating_changes(&self.inner.store, e).await;
            return Ok(pictures::with_changes(reply, e, &changes));
        }
        Ok(reply)
    }

    fn settled(&self, _: &Event) {}

    fn notices(&self) -> &Notifier {
        &self.inner.notices
    }
}

/// Applies a step as the shell does (the trait's method, named apart from `Event`'s own).
fn shell_apply(e: &mut Event, step: &Step) -> Result<(), Fail> {
    crate::table::shell::Decides::apply(e, step)
}
