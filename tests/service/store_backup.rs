//! The tests of `parlor::store::backup`.
//!
//! Moved out of src/store/backup.rs (the library builds no unit-test harness).

use super::common::{assert_contains, sqlite_url};
use parlor::store::backup::*;

#[tokio::test]
async fn refuses_postgres_with_the_pg_dump_command_and_no_password() {
    let dir = tempfile::tempdir().expect("temp dir");
    let target = dir.path().join("b.db");
    let err = take("postgres://parlor:hunter2@db.example.org/parlor", &target)
        .await
        .expect_err("PostgreSQL is not copied");
    let said = err.to_string();
    assert!(said.contains("pg_dump"), "{said}");
    assert_contains(&said, "postgres://parlor:***@db.example.org/parlor");
    assert!(!said.contains("hunter2"), "{said}");
    assert!(!target.exists());
}

#[tokio::test]
async fn refuses_a_missing_database_folder_or_an_existing_file_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("parlor.db");
    let url = sqlite_url(&db);
    let target = dir.path().join("copy.db");
    let err = take(&url, &target).await.expect_err("no database");
    assert!(matches!(err, BackupError::Missing { .. }), "{err}");
    assert!(!db.exists(), "the database was not created");

    let store = parlor::store::Store::open(&url).await.expect("open");
    store.close().await;
    let err = take(&url, &dir.path().join("no-such-folder/copy.db"))
        .await
        .expect_err("no folder");
    assert!(matches!(err, BackupError::NoFolder { .. }), "{err}");
    assert!(err.to_string().contains("no-such-folder"), "{err}");

    std::fs::write(&target, b"keep me").expect("write");
    let err = take(&url, &target).await.expect_err("exists");
    assert!(matches!(err, BackupError::Exists { .. }), "{err}");
    assert_eq!(std::fs::read(&target).expect("read"), b"keep me");

    let other = dir.path().join("other.db");
    let foreign = sqlite_url(&other);
    std::fs::write(&other, b"").expect("write");
    let err = take(&foreign, &dir.path().join("c2.db"))
        .await
        .expect_err("not Parlor's");
    assert!(matches!(err, BackupError::NotParlor { .. }), "{err}");

    // Nothing but the database, its refused neighbours and no partial file is left.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["copy.db", "other.db", "parlor.db"]);
}

#[tokio::test]
async fn a_copy_of_an_empty_database_opens_and_counts_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = sqlite_url(&dir.path().join("parlor.db"));
    let store = parlor::store::Store::open(&url).await.expect("open");
    let target = dir.path().join("copy.db");
    // While the store is open (its log in use), as when the bot runs.
    let backup = take(&url, &target).await.expect("backed up");
    store.close().await;
    assert_eq!((backup.matches, backup.entries), (0, 0));
    assert_eq!(
        backup.bytes,
        std::fs::metadata(&target).expect("the copy").len()
    );
    let copy = parlor::store::Store::open(&sqlite_url(&target))
        .await
        .expect("the copy opens");
    copy.close().await;
}
