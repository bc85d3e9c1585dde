//! Work in hand: what a transport is handling (on Discord, an interaction with everything that
//! follows its answer: the picture edited in, older boards greyed out, the challenge card's
//! result; the notices it is posting) and what the service does on its own (a tournament's step).
//! None in hand means that nothing more will change on its own until something new arrives (or a
//! clock runs out): the end-to-end tests wait for that before comparing what a channel shows, and
//! a stopping bot for it before it disconnects.

use std::sync::Arc;

use tokio::sync::watch;

/// A match that has ended (its id), counted in the work in hand until its guard is dropped: what
/// the match service sends to whoever listens for endings (the tournaments).
pub type Ending = (i64, Busy);

/// A count of the things being handled, shared by the handlers and whoever waits for the bot to
/// be idle. Cheap to clone.
#[derive(Clone)]
pub struct Work(Arc<watch::Sender<usize>>);

impl Default for Work {
    fn default() -> Self {
        Self(Arc::new(watch::Sender::new(0)))
    }
}

impl std::fmt::Debug for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Work").field(&self.in_hand()).finish()
    }
}

impl Work {
    /// Something starts being handled; it counts until the returned guard is dropped (also when
    /// its handler is cancelled or panics).
    pub fn begin(&self) -> Busy {
        self.0.send_modify(|n| *n += 1);
        Busy(self.clone())
    }

    /// How many things are being handled now.
    pub fn in_hand(&self) -> usize {
        *self.0.borrow()
    }

    /// Waits until nothing is being handled.
    pub async fn idle(&self) {
        let mut rx = self.0.subscribe();
        // The sender lives in `self`: the channel cannot close while this waits.
        let _ = rx.wait_for(|n| *n == 0).await;
    }
}

/// One thing being handled, counted in its [`Work`] while this lives.
#[must_use = "the work counts only while the guard lives"]
pub struct Busy(Work);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.0.send_modify(|n| *n = n.saturating_sub(1));
    }
}
