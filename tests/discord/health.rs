//! The tests of `parlor::discord::health`.
//!
//! Moved out of src/discord/health.rs (the library builds no unit-test harness).

use parlor::store::Store;

use parlor::discord::health::*;

#[tokio::test]
async fn each_part_is_unhealthy_until_it_works_and_says_why() {
    let health = Health::default();
    let check = |checks: Vec<(&'static str, Result<String, String>)>, name: &str| {
        checks
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, state)| state)
            .unwrap_or_else(|| Err(format!("no {name} check")))
    };
    // Before the bot has started anything.
    let checks = health.checks().await;
    assert_eq!(
        check(checks.clone(), "gateway"),
        Err("not started yet".into())
    );
    assert_eq!(check(checks, "database"), Err("not open yet".into()));

    let store = Store::open("sqlite::memory:")
        .await
        .expect("an in-memory database");
    health.set_store(store.clone());
    assert_eq!(
        check(health.checks().await, "database"),
        Ok("sqlite answers".into())
    );
    // A database that no longer answers (here: closed under the bot).
    store.close().await;
    let gone = check(health.checks().await, "database");
    assert!(
        gone.as_ref()
            .is_err_and(|why| why.starts_with("sqlite: ") && why.contains("closed")),
        "{gone:?}"
    );
}
