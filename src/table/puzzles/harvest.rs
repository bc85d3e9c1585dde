//! The background job that adds puzzles from the matches finished on the server, as issue 42
//! asks: every so often it reads the finished matches it has not read yet (a few at a time) and
//! searches each for puzzles, like `parlor puzzles generate` does with the database's matches.
//!
//! It is bounded like the coach: one search at a time, on a thread of its own (never the
//! runtime's threads that answer moves, nor its blocking pool that draws the boards), and at
//! most [`MATCHES_PER_ROUND`] matches per round. Where it stopped is kept in memory; after a
//! restart it goes on after the last match that gave a puzzle (a few matches may be read again,
//! and a puzzle found twice is stored once).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Mutex;

use super::{Generated, PuzzleError, replayed, start, store_found};
use crate::ai::puzzle;
use crate::games::{GameKind, variants};
use crate::store::Store;
use crate::table::clock::Clock;

/// How often the bot looks for new finished matches.
pub const HARVEST_EVERY: Duration = Duration::from_secs(10 * 60);

/// Matches searched per round, over every game: a round is a few minutes of one core at most.
pub const MATCHES_PER_ROUND: u32 = 20;

/// The harvester: the store, the clock that stamps what it stores, and where it stopped in
/// each game. Cheap to clone; clones share where they stopped and take turns.
#[derive(Clone)]
pub struct Harvest {
    store: Store,
    clock: Arc<dyn Clock>,
    /// The last match read, by game; read from the store at the first round.
    after: Arc<Mutex<HashMap<GameKind, i64>>>,
    /// Search steps per position searched.
    budget: u64,
}

/// What one round did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Harvested {
    /// Finished matches read.
    pub matches: u64,
    /// Puzzles stored from them.
    pub added: u64,
}

impl Harvest {
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Harvest {
        Harvest {
            store,
            clock,
            after: Arc::new(Mutex::new(HashMap::new())),
            budget: puzzle::DEFAULT_BUDGET,
        }
    }

    /// One round: up to `limit` finished matches not read yet, of every game with puzzles,
    /// each searched on a thread of its own, one after the other.
    pub async fn round(&self, limit: u32) -> Result<Harvested, PuzzleError> {
        let mut after = self.after.lock().await;
        let mut done = Harvested::default();
        for game in GameKind::ALL {
            if !puzzle::offered_for(game, 2) {
                continue;
            }
            let left = limit.saturating_sub(done.matches as u32);
            if left == 0 {
                break;
            }
            let from = match after.get(&game) {
                Some(&id) => id,
                None => self.last_read(game).await?,
            };
            let batch = self.store.finished_games_after(game, from, left).await?;
            for record in batch {
                after.insert(game, record.id);
                done.matches += 1;
                let Some((first, options, moves)) = replayed(game, &record) else {
                    continue;
                };
                let budget = self.budget;
                let found = on_own_thread(record.id, move || {
                    puzzle::harvest(&first, &moves, puzzle::DEFAULT_MOVES, budget)
                })
                .await?;
                let mut stored = Generated::default();
                let now = || self.clock.now_ms();
                store_found(
                    &self.store,
                    game,
                    &options,
                    found,
                    "match",
                    record.id,
                    &now,
                    &mut stored,
                )
                .await?;
                done.added += stored.added;
            }
            after.entry(game).or_insert(from);
        }
        Ok(done)
    }

    /// The last match of `game` a puzzle came from, over its variants: where a fresh process
    /// goes on.
    async fn last_read(&self, game: GameKind) -> Result<i64, PuzzleError> {
        let mut last = 0;
        for variant in variants::variants(game) {
            let Ok((_, options)) = start(game, variant.options) else {
                continue;
            };
            let here = self
                .store
                .last_puzzle_source(game, &options, "match")
                .await?;
            last = last.max(here.unwrap_or(0));
        }
        Ok(last)
    }

    /// Runs a round every `every`, the first one `every` after the start (a process that has
    /// just started restores its matches and answers first), for as long as the process lives;
    /// a failed round is logged and the next one tries again.
    pub async fn run(self, every: Duration) {
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            match self.round(MATCHES_PER_ROUND).await {
                Ok(Harvested { matches: 0, .. }) => {}
                Ok(done) => {
                    tracing::info!(
                        matches = done.matches,
                        added = done.added,
                        "puzzles harvested"
                    );
                }
                Err(error) => tracing::warn!(%error, "puzzles not harvested this round"),
            }
        }
    }
}

/// `work` on a thread of its own (as the coach's analyses): the runtime's threads go on
/// answering meanwhile, and a shutdown does not wait for it.
async fn on_own_thread<T: Send + 'static>(
    match_id: i64,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, PuzzleError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name(format!("puzzles-{match_id}"))
        .spawn(move || {
            let _ = tx.send(work());
        })
        .map_err(|e| PuzzleError::Interrupted(e.to_string()))?;
    rx.await
        .map_err(|_| PuzzleError::Interrupted("the search thread stopped".to_string()))
}
