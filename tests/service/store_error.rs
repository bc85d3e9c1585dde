//! The tests of `parlor::store::error`.
//!
//! Moved out of src/store/error.rs (the library builds no unit-test harness).

use parlor::store::error::*;

#[test]
fn a_closed_pool_or_a_time_out_is_told_apart_from_a_refused_statement() {
    let fault = |e: sqlx::Error| StoreError::from(e).fault();
    assert_eq!(fault(sqlx::Error::PoolClosed), Some(Fault::Closed));
    assert_eq!(fault(sqlx::Error::PoolTimedOut), Some(Fault::Unreachable));
    let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
    assert_eq!(fault(sqlx::Error::Io(refused)), Some(Fault::Unreachable));
    let unreadable = StoreError::from(sqlx::Error::ColumnNotFound("game".into()));
    assert!(matches!(unreadable, StoreError::Corrupt(_)), "{unreadable}");
}

/// SQLite's own errors, met for real on a database file.
#[tokio::test]
async fn sqlite_says_read_only_and_locked_apart() {
    use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};
    let dir = std::env::temp_dir().join(format!("parlor-faults-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = SqliteConnectOptions::new()
        .filename(dir.join("faults.db"))
        .create_if_missing(true);
    let pool = async |options: SqliteConnectOptions| {
        SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .expect("open")
    };
    let fault = async |pool: &SqlitePool, statement: &str| {
        sqlx::query(statement)
            .execute(pool)
            .await
            .map_err(StoreError::from)
            .err()
            .and_then(|e| e.fault())
    };
    let writer = pool(file.clone()).await;
    assert_eq!(fault(&writer, "CREATE TABLE t (x INTEGER)").await, None);
    let reader = pool(file.clone().read_only(true)).await;
    let insert = "INSERT INTO t VALUES (1)";
    assert_eq!(fault(&reader, insert).await, Some(Fault::ReadOnly));
    // A connection kept out of its pool holds the write lock.
    let mut holder = writer.acquire().await.expect("a connection");
    let begun = sqlx::query("BEGIN EXCLUSIVE").execute(&mut *holder).await;
    assert!(begun.is_ok());
    let other = pool(file.busy_timeout(std::time::Duration::ZERO)).await;
    assert_eq!(fault(&other, insert).await, Some(Fault::Locked));
    let _ = std::fs::remove_dir_all(&dir);
}
