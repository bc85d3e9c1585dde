//! The tests of `parlor::store::health`.
//!
//! Moved out of src/store/health.rs (the library builds no unit-test harness).

use parlor::store::error::Fault;
use parlor::store::error::StoreError;
use std::sync::Arc;
use std::time::Duration;
use std::time::Instant;

use parlor::store::health::*;

use super::table_shell::OUTAGES;

fn failure(fault: Fault) -> StoreError {
    StoreError::Db {
        fault,
        detail: "test".into(),
    }
}

/// Every outage but a pool closed on purpose (the process is stopping) closes the gate.
#[test]
fn only_an_unavailable_database_closes_the_gate() {
    for fault in OUTAGES.into_iter().filter(|f| *f != Fault::Closed) {
        assert!(closes_the_gate(fault), "{fault}");
    }
    for fault in [Fault::Closed, Fault::Corrupt, Fault::Other] {
        assert!(!closes_the_gate(fault), "{fault}");
    }
}

#[tokio::test]
async fn the_gate_refuses_at_once_with_the_fault_and_opens_when_the_probe_answers() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let health = Arc::new(Health::default());
    assert!(health.admit().is_ok());
    let back = Arc::new(AtomicBool::new(false));
    let probe_back = back.clone();
    let probe: Probe = Box::new(move || {
        let back = probe_back.load(Ordering::SeqCst);
        Box::pin(async move {
            if back {
                Ok(())
            } else {
                Err(failure(Fault::Unreachable))
            }
        })
    });
    assert!(health.noticed(&failure(Fault::Unreachable), probe));
    let refused = health.admit().err().and_then(|e| e.fault());
    assert_eq!(refused, Some(Fault::Unreachable));
    assert_eq!(health.outage().map(|o| o.fault), Some(Fault::Unreachable));
    // A second failure meanwhile starts no second probe.
    let never: Probe = Box::new(|| Box::pin(async { Err(failure(Fault::Unreachable)) }));
    assert!(!health.noticed(&failure(Fault::DiskFull), never));
    tokio::time::sleep(PROBE_EVERY * 2).await;
    assert!(health.admit().is_err(), "still down while the probe fails");
    back.store(true, Ordering::SeqCst);
    let started = Instant::now();
    while health.admit().is_err() && started.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        health.admit().is_ok(),
        "the gate opened once the probe answered"
    );
    assert_eq!(health.outage(), None);
}
