//! The tests of `parlor::table::Work` (src/table/work.rs; the library builds no unit-test
//! harness).

use parlor::table::Work;

#[tokio::test]
async fn counts_until_every_guard_is_dropped() {
    let work = Work::default();
    let (one, two) = (work.begin(), work.clone().begin());
    assert_eq!(work.in_hand(), 2);
    drop(one);
    assert_eq!(work.in_hand(), 1);
    let waiter = tokio::spawn({
        let work = work.clone();
        async move { work.idle().await }
    });
    tokio::task::yield_now().await;
    assert!(!waiter.is_finished(), "one thing is still in hand");
    drop(two);
    waiter.await.expect("idle once the last guard is dropped");
    assert_eq!(work.in_hand(), 0);
}
