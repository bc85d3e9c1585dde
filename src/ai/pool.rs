//! A bounded pool for searches: at most one search per core runs at a time, the others wait
//! their turn on a blocking thread, so the async runtime (and with it the bot) keeps answering
//! while the AI thinks.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use super::arena::mix;
use super::{AiError, Settings, Thought, think};
use crate::games::{AnyGame, AnyMove};

/// A counting gate: `enter` blocks while `limit` searches are running.
#[derive(Debug)]
struct Gate {
    running: Mutex<usize>,
    freed: Condvar,
    limit: usize,
}

/// A place in the gate, given back when dropped (also if the search panics).
struct Pass<'a>(&'a Gate);

impl Gate {
    fn enter(&self) -> Pass<'_> {
        let mut running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        while *running >= self.limit {
            running = self.freed.wait(running).unwrap_or_else(|p| p.into_inner());
        }
        *running += 1;
        Pass(self)
    }
}

impl Drop for Pass<'_> {
    fn drop(&mut self) {
        let mut running = self.0.running.lock().unwrap_or_else(|p| p.into_inner());
        *running -= 1;
        self.0.freed.notify_one();
    }
}

/// The AI as the match service sees it. Cheap to clone; clones share the same pool.
#[derive(Clone, Debug)]
pub struct Ai {
    gate: Arc<Gate>,
    seed: u64,
    calls: Arc<AtomicU64>,
}

impl Default for Ai {
    /// One search per core, seed 0.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ai::new(cores)
    }
}

impl Ai {
    /// A pool running at most `parallel` searches at once (at least one); others wait their turn.
    pub fn new(parallel: usize) -> Self {
        Ai {
            gate: Arc::new(Gate {
                running: Mutex::new(0),
                freed: Condvar::new(),
                limit: parallel.max(1),
            }),
            seed: 0,
            calls: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The same pool with a base seed for [`Ai::choose`], so that a sequence of bot moves can
    /// be replayed in tests.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// How many searches may run at once.
    pub fn parallel(&self) -> usize {
        self.gate.limit
    }

    /// Searches on a blocking thread once a slot is free, and returns the full report.
    /// Must be called from within a tokio runtime.
    pub async fn think(
        &self,
        game: AnyGame,
        settings: Settings,
        seed: u64,
    ) -> Result<Thought, AiError> {
        let gate = Arc::clone(&self.gate);
        tokio::task::spawn_blocking(move || {
            let _pass = gate.enter();
            think(&game, &settings, seed)
        })
        .await
        .map_err(|e| AiError::Interrupted(e.to_string()))?
    }

    /// The move the AI plays in `game` (see [`Ai::think`]).
    pub async fn best_move(
        &self,
        game: AnyGame,
        settings: Settings,
        seed: u64,
    ) -> Result<AnyMove, AiError> {
        Ok(self.think(game, settings, seed).await?.best)
    }

    /// Blocking: waits for a slot, then searches at `level` (1-5) with the next seed of this
    /// pool's sequence. For callers already on a blocking thread (the match service's `Ai`
    /// seam has exactly this shape). `None` when the game is over or the level is invalid.
    pub fn choose(&self, game: &AnyGame, level: u8) -> Option<AnyMove> {
        let settings = Settings::level(level).ok()?;
        let seed = mix(self.seed ^ self.calls.fetch_add(1, Ordering::Relaxed));
        let _pass = self.gate.enter();
        think(game, &settings, seed).ok().map(|t| t.best)
    }
}
