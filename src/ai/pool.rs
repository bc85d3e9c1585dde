//! A bounded pool for searches: at most one search per core runs at a time, on tokio's blocking
//! threads, so the async runtime (and with it the bot) keeps answering while the AI thinks.

use std::sync::Arc;

use tokio::sync::Semaphore;

use super::{AiError, Settings, Thought, think};
use crate::games::{AnyGame, AnyMove};

/// The AI as the match service sees it. Cheap to clone; clones share the same pool.
#[derive(Clone, Debug)]
pub struct Ai {
    permits: Arc<Semaphore>,
    parallel: usize,
}

impl Default for Ai {
    /// One search per core.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ai::new(cores)
    }
}

impl Ai {
    /// A pool running at most `parallel` searches at once (at least one); others wait their turn.
    pub fn new(parallel: usize) -> Self {
        let parallel = parallel.max(1);
        Ai {
            permits: Arc::new(Semaphore::new(parallel)),
            parallel,
        }
    }

    /// How many searches may run at once.
    pub fn parallel(&self) -> usize {
        self.parallel
    }

    /// Searches on a blocking thread once a slot is free, and returns the full report.
    /// Must be called from within a tokio runtime.
    pub async fn think(
        &self,
        game: AnyGame,
        settings: Settings,
        seed: u64,
    ) -> Result<Thought, AiError> {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|e| AiError::Interrupted(e.to_string()))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
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
}
