//! Where the table gets the time: the system clock, or a hand-driven one in tests.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The current time in unix milliseconds.
pub trait Clock: Send + Sync + 'static {
    fn now_ms(&self) -> i64;
}

/// The real time.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
            .unwrap_or(0)
    }
}

/// A clock that only moves when told to, so tests never sleep. Clones share the same time.
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn new(start_ms: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(start_ms)))
    }

    pub fn advance_ms(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }

    pub fn advance_secs(&self, secs: i64) {
        self.advance_ms(secs * 1000);
    }

    pub fn set_ms(&self, ms: i64) {
        self.0.store(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Whole seconds left until `at` (ms), rounded up: a reminder 6 s before the deadline says
/// "6 seconds", and a fresh one-minute clock "1 minute", not 5 and 59.
pub fn secs_left(at: i64, now: i64) -> i64 {
    ((at - now).max(0) + 999) / 1000
}

/// How long before the deadline a player is reminded of their turn: a tenth of the time per
/// move, or one hour on a clock of a day or more.
pub fn reminder_ms(clock_secs: i64) -> i64 {
    const DAY_SECS: i64 = 24 * 3600;
    if clock_secs >= DAY_SECS {
        3600 * 1000
    } else {
        clock_secs * 1000 / 10
    }
}

/// A game clock's time left as a clock face shows it, rounded up to the second: `4:57`,
/// `0:09`, `1:30:00`.
pub fn clock_face(ms: i64) -> String {
    let secs = (ms.max(0) + 999) / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}
