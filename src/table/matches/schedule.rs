//! When each open match next needs the timer, kept in deadline order, so that the timer finds
//! what is due, and when to wake next, without looking at every match.

use std::collections::{BTreeSet, HashMap};

/// Match id -> its next due time (ms), and the same pairs ordered by time.
#[derive(Default)]
pub struct Schedule {
    at: HashMap<i64, i64>,
    queue: BTreeSet<(i64, i64)>,
}

impl Schedule {
    /// Match `id` is next due at `at` (replacing any earlier time).
    pub fn set(&mut self, id: i64, at: i64) {
        if let Some(old) = self.at.insert(id, at) {
            self.queue.remove(&(old, id));
        }
        self.queue.insert((at, id));
    }

    /// Match `id` needs no timer.
    pub fn remove(&mut self, id: i64) {
        if let Some(old) = self.at.remove(&id) {
            self.queue.remove(&(old, id));
        }
    }

    /// The matches due at `now` or before, earliest first.
    pub fn due(&self, now: i64) -> impl Iterator<Item = i64> + '_ {
        self.queue.range(..=(now, i64::MAX)).map(|&(_, id)| id)
    }

    /// The first time after `now` that something is due.
    pub fn next_after(&self, now: i64) -> Option<i64> {
        self.queue
            .range((now.saturating_add(1), i64::MIN)..)
            .next()
            .map(|&(at, _)| at)
    }

    /// How many matches are scheduled.
    pub fn len(&self) -> usize {
        debug_assert_eq!(self.at.len(), self.queue.len());
        self.at.len()
    }

    /// Whether no match is scheduled.
    pub fn is_empty(&self) -> bool {
        self.at.is_empty()
    }
}
