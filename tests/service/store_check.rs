//! The tests of `parlor::store::check`.
//!
//! Moved out of src/store/check.rs (the library builds no unit-test harness).

use parlor::store::StoreError;
use sqlx::Connection;
use sqlx::Row;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::sqlite::SqliteConnection;
use std::path::Path;

use super::common::sqlite_url;
use parlor::store::Store;
use parlor::store::check::*;

/// The bytes of a database and of each file SQLite may keep beside it (`None`: absent).
fn snapshot(path: &Path) -> Vec<(String, Option<Vec<u8>>)> {
    ["", "-wal", "-shm", "-journal"]
        .iter()
        .map(|suffix| {
            let file = side_file(path, suffix);
            (suffix.to_string(), std::fs::read(&file).ok())
        })
        .collect()
}

/// A Parlor database with a few rows, closed cleanly.
async fn parlor_db(path: &Path, players: i64) -> Store {
    let store = Store::open(&sqlite_url(path))
        .await
        .expect("a new database opens");
    for id in 1..=players {
        sqlx::query("INSERT INTO players (id, name, updated_at) VALUES ($1, $2, 0)")
            .bind(id)
            .bind(format!("player {id}"))
            .execute(&store.sqlite().write)
            .await
            .expect("insert");
    }
    store
}

async fn count_players(path: &Path) -> i64 {
    let store = Store::open(&sqlite_url(path)).await.expect("reopens");
    let n = players_read(&store).await;
    store.close().await;
    n
}

/// The players `store` holds, counted through its reading pool.
async fn players_read(store: &Store) -> i64 {
    sqlx::query("SELECT COUNT(*) FROM players")
        .fetch_one(&store.sqlite().read)
        .await
        .expect("count")
        .get(0)
}

/// A database of another application, in SQLite's default (rollback) journal mode.
async fn foreign_db(path: &Path) {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true);
    let mut conn = SqliteConnection::connect_with(&options)
        .await
        .expect("create");
    sqlx::query("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        .execute(&mut conn)
        .await
        .expect("create table");
    for i in 0..400 {
        sqlx::query("INSERT INTO notes (body) VALUES ($1)")
            .bind(format!("note number {i} with some words to fill the pages"))
            .execute(&mut conn)
            .await
            .expect("insert");
    }
    conn.close().await.expect("close");
}

/// Overwrites the page that holds `table`'s root, leaving the file header alone.
async fn damage(path: &Path, table: &str) {
    let options = SqliteConnectOptions::new().filename(path).read_only(true);
    let mut conn = SqliteConnection::connect_with(&options)
        .await
        .expect("open");
    let row = sqlx::query("SELECT rootpage FROM sqlite_master WHERE name = $1")
        .bind(table)
        .fetch_one(&mut conn)
        .await
        .expect("root page");
    let page: i64 = row.get(0);
    let size: i64 = sqlx::query("PRAGMA page_size")
        .fetch_one(&mut conn)
        .await
        .expect("page size")
        .get(0);
    conn.close().await.expect("close");
    let mut bytes = std::fs::read(path).expect("read");
    let start = usize::try_from((page - 1) * size).expect("offset");
    let end = start + usize::try_from(size).expect("size");
    bytes[start..end].fill(0x5a);
    std::fs::write(path, bytes).expect("write");
}

/// Fails unless `err`, as the operator reads it, contains `words`.
#[track_caller]
fn assert_error_says(err: &StoreError, words: &str) {
    let text = err.to_string();
    assert!(text.contains(words), "{text}");
}

/// Opens `path` expecting a refusal, and checks that not one byte changed.
async fn refused(path: &Path, url: &str) -> StoreError {
    let before = snapshot(path);
    let err = Store::open(url).await.expect_err("refused");
    assert_eq!(snapshot(path), before, "{err}");
    err
}

#[tokio::test]
async fn a_file_that_is_not_sqlite_is_left_untouched() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("notes.db");
    std::fs::write(&path, "my shopping list\n".repeat(500)).expect("write");
    let err = refused(&path, &sqlite_url(&path)).await;
    assert!(matches!(err, StoreError::NotSqlite { .. }), "{err:?}");
    assert_error_says(&err, "is not a SQLite database");
    assert_error_says(&err, "left untouched");
}

#[tokio::test]
async fn a_damaged_parlor_database_is_called_damaged_and_left_untouched() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("parlor.db");
    parlor_db(&path, 300).await.close().await;
    damage(&path, "players").await;
    let err = refused(&path, &sqlite_url(&path)).await;
    assert!(
        matches!(
            err,
            StoreError::Damaged {
                what: "Parlor database",
                ..
            }
        ),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(text.contains("is a damaged Parlor database"), "{text}");
    assert!(text.contains("left untouched"), "{text}");
    assert!(!text.contains("not a Parlor database"), "{text}");
}

#[tokio::test]
async fn a_damaged_database_in_rollback_mode_keeps_its_journal_mode_and_counter() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("other.db");
    foreign_db(&path).await;
    let header = std::fs::read(&path).expect("read")[..100].to_vec();
    assert_eq!(header[18..20], [1, 1], "rollback journal to begin with");
    damage(&path, "notes").await;
    let err = refused(&path, &sqlite_url(&path)).await;
    assert!(matches!(err, StoreError::Damaged { .. }), "{err:?}");
    assert_error_says(&err, "damaged SQLite database");
    assert_eq!(std::fs::read(&path).expect("read")[..100], header[..]);
}

#[tokio::test]
async fn another_applications_database_is_not_given_parlors_tables() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("notes.db");
    foreign_db(&path).await;
    let err = refused(&path, &sqlite_url(&path)).await;
    assert!(matches!(err, StoreError::Foreign { .. }), "{err:?}");
    let text = err.to_string();
    assert!(text.contains("belongs to another application"), "{text}");
    assert!(text.contains("notes"), "{text}");
}

#[tokio::test]
async fn a_database_from_a_newer_parlor_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("parlor.db");
    let store = parlor_db(&path, 2).await;
    let newer = known_version() + 1;
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ($1, 'from the future', 1, x'00', 0)",
    )
    .bind(newer)
    .execute(&store.sqlite().write)
    .await
    .expect("record a newer migration");
    store.close().await;
    let err = refused(&path, &sqlite_url(&path)).await;
    assert!(
        matches!(err, StoreError::Newer { version, .. } if version == newer),
        "{err:?}"
    );
    assert_error_says(&err, "newer version of Parlor");
}

#[tokio::test]
async fn a_read_only_database_with_its_log_files_stops_start_up() {
    let dir = tempfile::tempdir().expect("dir");
    let live = dir.path().join("live.db");
    let store = parlor_db(&live, 5).await;
    // A copy taken while Parlor runs: the rows are still in the log.
    let crashed = dir.path().join("crashed.db");
    for suffix in ["", "-wal", "-shm"] {
        std::fs::copy(side_file(&live, suffix), side_file(&crashed, suffix)).expect("copy");
    }
    store.close().await;
    assert!(
        std::fs::metadata(side_file(&crashed, "-wal"))
            .expect("log")
            .len()
            > 0
    );
    let err = refused(&crashed, &format!("{}?mode=ro", sqlite_url(&crashed))).await;
    assert!(matches!(err, StoreError::ReadOnly { .. }), "{err:?}");
    assert_error_says(&err, "cannot be written");
    // Write permission taken away: refused too (unless this process may write anyway).
    let mut perms = std::fs::metadata(&crashed).expect("meta").permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&crashed, perms).expect("chmod");
    if !may_write(&crashed) {
        let err = refused(&crashed, &sqlite_url(&crashed)).await;
        assert!(matches!(err, StoreError::ReadOnly { .. }), "{err:?}");
    }
    #[allow(clippy::permissions_set_readonly_false)]
    {
        let mut perms = std::fs::metadata(&crashed).expect("meta").permissions();
        perms.set_readonly(false);
        std::fs::set_permissions(&crashed, perms).expect("chmod");
    }
    // Writable again, the same files open and the rows in the log are all there.
    assert_eq!(count_players(&crashed).await, 5);
}

#[tokio::test]
async fn closing_folds_the_log_into_the_main_file() {
    let dir = tempfile::tempdir().expect("dir");
    for round in 0..5 {
        let path = dir.path().join(format!("parlor-{round}.db"));
        let store = parlor_db(&path, 20 + round).await;
        // Readers that were used, as in a real session.
        players_read(&store).await;
        store.close().await;
        let lone = dir.path().join(format!("copy-{round}.db"));
        std::fs::copy(&path, &lone).expect("copy the main file alone");
        assert_eq!(count_players(&lone).await, 20 + round);
    }
}

#[tokio::test]
async fn a_new_or_empty_file_becomes_a_parlor_database() {
    let dir = tempfile::tempdir().expect("dir");
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, b"").expect("touch");
    parlor_db(&empty, 1).await.close().await;
    assert_eq!(count_players(&empty).await, 1);
    let missing = dir.path().join("nowhere").join("parlor.db");
    let err = Store::open(&sqlite_url(&missing))
        .await
        .expect_err("no folder");
    assert_error_says(&err, "does not exist");
    assert!(!missing.exists());
}

#[tokio::test]
async fn a_log_deleted_by_another_process_while_checking_is_checked_again() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("parlor.db");
    // Another process has the database open: its rows are in the log.
    let other = parlor_db(&path, 4).await;
    let seen = Files::look(&path);
    assert!(seen.wal_len() > 0, "the open database has a log");
    // It closes between the look and the copy: the log is folded in and deleted.
    other.close().await;
    assert!(!side_file(&path, "-wal").exists());
    inspect_from(&path, false, seen)
        .await
        .expect("checked again from what is there now");
    assert_eq!(count_players(&path).await, 4);
}
