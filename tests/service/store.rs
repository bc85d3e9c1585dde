//! The tests of `parlor::store`.
//!
//! Moved out of src/store/mod.rs (the library builds no unit-test harness).

use parlor::store::{MIGRATOR, StoreError, ready_to_read, shown_url};

#[test]
fn a_reader_reads_only_a_schema_exactly_this_builds() {
    let all: Vec<(i64, bool)> = MIGRATOR.iter().map(|m| (m.version, true)).collect();
    assert!(ready_to_read("p.db", &all, &MIGRATOR).is_ok());
    let said = |applied: &[(i64, bool)]| match ready_to_read("p.db", applied, &MIGRATOR) {
        Err(e) => e,
        Ok(()) => panic!("{applied:?} read"),
    };
    let empty = said(&[]);
    assert!(matches!(empty, StoreError::NotReady { .. }), "{empty}");
    assert!(empty.to_string().contains("parlor bot"), "{empty}");
    let older = said(&all[..all.len() - 1]);
    let (have, want) = (all[all.len() - 2].0, all[all.len() - 1].0);
    assert!(
        older.to_string().contains(&format!(
            "schema version {have} and this Parlor reads version {want}"
        )),
        "{older}"
    );
    let mut newer = all.clone();
    newer.push((want + 1, true));
    assert!(matches!(said(&newer), StoreError::Newer { version, .. } if version == want + 1));
    let mut unfinished = all.clone();
    unfinished[all.len() - 1].1 = false;
    assert!(matches!(said(&unfinished), StoreError::Damaged { .. }));
}

#[test]
fn a_shown_address_never_carries_the_password() {
    assert_eq!(
        shown_url("postgres://parlor:s3cr:et@db.example.org:5432/parlor?sslmode=require"),
        "postgres://parlor:***@db.example.org:5432/parlor?sslmode=require"
    );
    assert_eq!(
        shown_url("postgres://parlor@127.0.0.1:5432/parlor"),
        "postgres://parlor@127.0.0.1:5432/parlor"
    );
    assert_eq!(shown_url("postgres://localhost"), "postgres://localhost");
    assert_eq!(shown_url("sqlite://parlor.db"), "sqlite://parlor.db");
    assert_eq!(shown_url("garbage"), "garbage");
}
