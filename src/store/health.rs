//! Whether the database is up, as the last failure showed. While it is down every query fails at
//! once with that fault, instead of each one waiting for the pool's or the lock's time-out and
//! holding a connection meanwhile; a probe in the background lifts the gate the moment the
//! database answers again (a PostgreSQL failover's new primary included: the probe connects to
//! the same address).

use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use super::error::{Fault, StoreError};

/// How often the probe asks a database that is down.
pub const PROBE_EVERY: Duration = Duration::from_millis(250);

/// How long one probe may wait for its answer.
const PROBE_WAIT: Duration = Duration::from_secs(2);

/// The gate: shared by every clone of a [`super::Store`].
#[derive(Debug, Default)]
pub struct Health {
    down: Mutex<Option<Down>>,
    /// When the database last answered a heartbeat ([`Health::answered`]): an outage noticed
    /// later is taken to have begun then, so that the time before anyone noticed it counts too.
    last_answer: Mutex<Option<Instant>>,
}

/// Since when, and why, the database is down.
#[derive(Clone, Debug)]
struct Down {
    fault: Fault,
    since: Instant,
    detail: String,
}

/// What the probe does to learn whether the database is back: `Ok` once it answers as the bot
/// needs it to (writable, not a standby).
pub type Probe = Box<
    dyn Fn() -> std::pin::Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send>>
        + Send
        + Sync,
>;

/// An outage as `/healthz`, the log and the front see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outage {
    pub fault: Fault,
    /// How long the database has been down (since it last answered a heartbeat, when one came
    /// before the failure that showed it).
    pub for_: Duration,
}

impl Health {
    /// Refuses at once while the database is down; the error names the fault.
    pub fn admit(&self) -> Result<(), StoreError> {
        match &*self.lock() {
            None => Ok(()),
            Some(down) => Err(StoreError::Db {
                fault: down.fault,
                detail: format!(
                    "the database has been unavailable for {} s, so nothing was asked of it (it failed with: {})",
                    down.since.elapsed().as_secs(),
                    down.detail
                ),
            }),
        }
    }

    /// Takes note that the database answered just now (see [`super::Store::heartbeat`]).
    pub fn answered(&self) {
        *self
            .last_answer
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(Instant::now());
    }

    /// The outage under way, if any.
    pub fn outage(&self) -> Option<Outage> {
        self.lock().as_ref().map(|d| Outage {
            fault: d.fault,
            for_: d.since.elapsed(),
        })
    }

    /// Takes note of a failure: one that says the database is unavailable closes the gate and,
    /// if it was open, starts `probe` in the background until the database is back. Returns
    /// whether it closed the gate.
    pub fn noticed(self: &Arc<Self>, error: &StoreError, probe: Probe) -> bool {
        let Some(fault) = error.fault().filter(|f| closes_the_gate(*f)) else {
            return false;
        };
        {
            let mut down = self.lock();
            if down.is_some() {
                return false;
            }
            let last_answer = *self
                .last_answer
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            *down = Some(Down {
                fault,
                // The last heartbeat answered is the latest the database is known to have
                // worked: an outage nobody met at once began after it, not when it was met.
                since: last_answer.unwrap_or_else(Instant::now),
                detail: error.to_string(),
            });
        }
        tracing::error!(fault = fault.key(), %error, "the database is unavailable: answering at once until it is back");
        metrics::gauge!("parlor_database_up").set(0.0);
        tokio::spawn(watch(Arc::downgrade(self), probe));
        true
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Down>> {
        self.down.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Whether a fault closes the gate: the database itself is unavailable. A refused statement or
/// a damaged row is one query's problem, and a closed store is Parlor stopping.
pub fn closes_the_gate(fault: Fault) -> bool {
    fault.is_outage() && fault != Fault::Closed
}

/// Probes every [`PROBE_EVERY`] until the database answers, then opens the gate. Ends when the
/// store is dropped.
async fn watch(health: Weak<Health>, probe: Probe) {
    let mut every = tokio::time::interval(PROBE_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    every.tick().await;
    loop {
        every.tick().await;
        let answered = tokio::time::timeout(PROBE_WAIT, probe()).await;
        let Some(health) = health.upgrade() else {
            return;
        };
        match answered {
            Ok(Ok(())) => {
                let was = health.lock().take();
                health.answered();
                let for_ = was.map(|d| d.since.elapsed()).unwrap_or_default();
                tracing::warn!(
                    seconds = for_.as_secs_f64(),
                    "the database is back: answering from it again"
                );
                metrics::gauge!("parlor_database_up").set(1.0);
                return;
            }
            Ok(Err(StoreError::Db {
                fault: Fault::Closed,
                ..
            })) => return,
            Ok(Err(error)) => {
                tracing::debug!(%error, "the database is still unavailable");
                if let Some(fault) = error.fault().filter(|f| closes_the_gate(*f))
                    && let Some(down) = health.lock().as_mut()
                {
                    down.fault = fault;
                }
            }
            Err(_) => tracing::debug!("the database still gives no answer"),
        }
    }
}
