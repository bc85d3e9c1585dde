//! The open matches of a process, found by id and by channel, and when each next needs the
//! timer. Held under a short synchronous lock; each match has its own async lock ([`Slot`]).

use std::collections::{HashMap, HashSet};

use super::schedule::Schedule;
use super::state::Match;

/// An open match behind its lock.
pub type Slot = crate::table::shell::Slot<Match>;

/// The entry of a channel while a challenge is being written there.
pub const RESERVED: i64 = -1;

/// What the index keeps of a match: its id, the channel it holds, when it is next due, and
/// whether it is being played.
#[derive(Clone, Copy, Debug)]
pub struct Where {
    id: i64,
    channel: Option<u64>,
    due: Option<i64>,
    live: bool,
    running: bool,
}

impl Where {
    pub fn of(m: &Match) -> Where {
        Where {
            id: m.id(),
            channel: m.holds_channel().then_some(m.row.channel_id),
            due: m.next_due(),
            live: m.live().is_some(),
            running: m.game_clock_running(),
        }
    }
}

/// Open matches by id and by channel, and when each next needs the timer.
#[derive(Default)]
pub struct Index {
    entries: HashMap<i64, Slot>,
    /// The open match of a channel; [`RESERVED`] while a challenge is being written.
    pub by_channel: HashMap<u64, i64>,
    /// When `tick` must next look at each match (expiry, warning or deadline).
    pub due: Schedule,
    /// The matches being played (started, not over), counted by `parlor_live_matches`.
    live: HashSet<i64>,
    /// The live matches whose game clock is running (see [`Index::running_clocks`]).
    running: HashSet<i64>,
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

    /// Records whether match `id`'s game clock is running.
    fn set_running(&mut self, id: i64, running: bool) {
        if running {
            self.running.insert(id);
        } else {
            self.running.remove(&id);
        }
    }

    /// The live matches whose game clock is running here, which the timer marks as timed.
    pub fn running_clocks(&self) -> Vec<i64> {
        self.running.iter().copied().collect()
    }

    /// How many challenges and live matches are open.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Every open match.
    pub fn all(&self) -> Vec<Slot> {
        self.entries.values().cloned().collect()
    }

    /// The open match `id`.
    pub fn slot(&self, id: i64) -> Option<Slot> {
        self.entries.get(&id).cloned()
    }

    /// The open match played in `channel`.
    pub fn in_channel(&self, channel: u64) -> Option<Slot> {
        self.slot(*self.by_channel.get(&channel)?)
    }

    /// The matches due at `now`.
    pub fn due(&self, now: i64) -> Vec<(i64, Slot)> {
        self.due
            .due(now)
            .filter_map(|id| self.slot(id).map(|s| (id, s)))
            .collect()
    }

    /// Indexes the slot holding match `m`: by id, by channel if it holds its channel, by when
    /// it is due, and as live or not.
    pub fn insert(&mut self, m: Where, slot: Slot) {
        if let Some(channel) = m.channel {
            self.by_channel.insert(channel, m.id);
        }
        if let Some(at) = m.due {
            self.due.set(m.id, at);
        }
        self.entries.insert(m.id, slot);
        self.set_live(m.id, m.live);
        self.set_running(m.id, m.running);
    }

    /// Updates when the timer must next look at this match (after every change).
    pub fn reschedule(&mut self, m: &Match) {
        match m.next_due() {
            Some(at) => self.due.set(m.id(), at),
            None => self.due.remove(m.id()),
        }
        self.set_live(m.id(), m.live().is_some());
        self.set_running(m.id(), m.game_clock_running());
    }

    /// Takes a closed match out.
    pub fn remove(&mut self, m: &Match) {
        self.entries.remove(&m.id());
        self.due.remove(m.id());
        self.set_live(m.id(), false);
        self.set_running(m.id(), false);
        self.free_channel(m.row.channel_id, m.id());
    }

    /// Frees `channel` if match `id` (or [`RESERVED`]) holds it.
    pub fn free_channel(&mut self, channel: u64, id: i64) {
        if self.by_channel.get(&channel) == Some(&id) {
            self.by_channel.remove(&channel);
        }
    }
}
