//! When each open match next needs the timer, kept in deadline order, so that the timer finds
//! what is due, and when to wake next, without looking at every match.

use std::collections::{BTreeSet, HashMap};

/// Match id -> its next due time (ms), and the same pairs ordered by time.
#[derive(Default)]
pub(super) struct Schedule {
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
    #[cfg(test)]
    pub fn len(&self) -> usize {
        debug_assert_eq!(self.at.len(), self.queue.len());
        self.at.len()
    }
}

#[cfg(test)]
mod tests {
    use super::Schedule;

    #[test]
    fn finds_what_is_due_and_the_next_time_in_order() {
        let mut s = Schedule::default();
        s.set(1, 500);
        s.set(2, 100);
        s.set(3, 300);
        s.set(2, 400); // moved later: its old time is gone
        assert_eq!(s.due(300).collect::<Vec<_>>(), vec![3]);
        assert_eq!(s.due(450).collect::<Vec<_>>(), vec![3, 2]);
        assert_eq!(s.next_after(300), Some(400));
        assert_eq!(s.next_after(99), Some(300));
        s.remove(3);
        s.remove(7); // never scheduled
        assert_eq!(s.due(450).collect::<Vec<_>>(), vec![2]);
        assert_eq!(s.next_after(500), None);
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn two_matches_due_at_the_same_time_are_both_kept() {
        let mut s = Schedule::default();
        s.set(4, 200);
        s.set(5, 200);
        assert_eq!(s.due(200).collect::<Vec<_>>(), vec![4, 5]);
        s.remove(4);
        assert_eq!(s.due(200).collect::<Vec<_>>(), vec![5]);
    }
}
