//! The notices waiting to be posted, one queue per channel: each channel's news goes out in
//! order, and a channel whose posts Discord keeps failing holds back only its own news while it
//! is tried again.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use crate::table;
use crate::table::Busy;

/// A notice and the work it counts for until it is posted or kept.
type Waiting = (table::Notice, Busy);

/// The queues, by channel. A channel has an entry while a task is posting its notices.
#[derive(Clone, Default)]
pub struct Lanes(Arc<Mutex<HashMap<u64, VecDeque<Waiting>>>>);

impl Lanes {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, VecDeque<Waiting>>> {
        // Queues are only pushed to and popped from: a panic elsewhere leaves them whole.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues a notice behind its channel's; true when that channel had none in hand, so that
    /// the caller starts a task posting them ([`Lanes::next`] until `None`).
    pub fn push(&self, notice: table::Notice, busy: Busy) -> bool {
        let mut lanes = self.lock();
        match lanes.get_mut(&notice.place.channel) {
            Some(queue) => {
                queue.push_back((notice, busy));
                false
            }
            None => {
                lanes.insert(notice.place.channel, VecDeque::from([(notice, busy)]));
                true
            }
        }
    }

    /// The channel's next notice; `None` when it has no more, and its task is then done (the
    /// next notice there starts another).
    pub fn next(&self, channel: u64) -> Option<Waiting> {
        let mut lanes = self.lock();
        let next = lanes.get_mut(&channel)?.pop_front();
        if next.is_none() {
            lanes.remove(&channel);
        }
        next
    }
}

/// How far the bot is in stopping, for the notices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// Notices are posted, and tried again while Discord fails.
    Running,
    /// The bot is stopping: each notice waiting is still tried once, but one Discord does not
    /// take is kept as news at once rather than tried again for minutes.
    Stopping,
    /// The bot is out of time: what is still waiting is kept as news without being tried.
    Stopped,
}

/// The [`Phase`], shared by the poster and whoever stops the bot.
#[derive(Clone)]
pub struct Stop(Arc<watch::Sender<Phase>>);

impl Default for Stop {
    fn default() -> Self {
        Self(Arc::new(watch::Sender::new(Phase::Running)))
    }
}

impl Stop {
    /// Moves on to `phase` (never back).
    pub fn enter(&self, phase: Phase) {
        self.0.send_if_modified(|now| {
            let later = phase > *now;
            if later {
                *now = phase;
            }
            later
        });
    }

    /// The phase now.
    pub fn phase(&self) -> Phase {
        *self.0.borrow()
    }

    /// Waits `wait`, or less if the bot starts stopping meanwhile.
    pub async fn sleep(&self, wait: Duration) {
        let mut rx = self.0.subscribe();
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            // The sender lives in `self`: the channel cannot close while this waits.
            _ = rx.wait_for(|phase| *phase != Phase::Running) => {}
        }
    }
}
