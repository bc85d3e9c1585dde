//! `parlor backup FILE`: a consistent copy of the SQLite database, safe while the bot writes to it.
//! SQLite's `VACUUM INTO` reads one snapshot of the database (every transaction committed before
//! it began, none after) and writes it as a new, compact file, without blocking the writer. The
//! copy is written under a temporary name beside FILE, checked, then given its name only if FILE
//! still does not exist: a backup never overwrites anything, and an interrupted one leaves no
//! half-written FILE. The source is never migrated nor written.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{Connection, Row};
use thiserror::Error;

use super::shown_url;

/// Why no backup was made; in every case nothing was written.
#[derive(Debug, Error)]
pub enum BackupError {
    #[error(
        "DATABASE_URL `{url}` is a PostgreSQL database: parlor backup copies SQLite files only. Back it up with PostgreSQL's own tool, while the bot runs: pg_dump --format=custom --file=parlor.dump \"$DATABASE_URL\" (the README's \"Backups\" says how to put it back)"
    )]
    Postgres { url: String },
    #[error(
        "DATABASE_URL `{url}` is not a database address Parlor knows (write sqlite://parlor.db): {detail}"
    )]
    Url { url: String, detail: String },
    #[error("DATABASE_URL `{url}` is an in-memory database: there is no file to back up")]
    InMemory { url: String },
    #[error("there is no database at `{path}`, so there is nothing to back up")]
    Missing { path: String },
    #[error(
        "`{path}` is not Parlor's SQLite database ({detail}), so nothing was backed up; point DATABASE_URL at Parlor's database"
    )]
    NotParlor { path: String, detail: String },
    #[error("`{path}` exists already; parlor backup never overwrites a file: name a new one")]
    Exists { path: String },
    #[error("the folder `{folder}` does not exist; create it first, or name a file elsewhere")]
    NoFolder { folder: String },
    #[error("cannot back up `{path}` to `{target}`: {detail}")]
    Copy {
        path: String,
        target: String,
        detail: String,
    },
}

/// What a backup holds, to be told to the operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backup {
    /// The copy's size in bytes.
    pub bytes: u64,
    /// Matches (challenges included) in the copy.
    pub matches: i64,
    /// Move-log entries in the copy.
    pub entries: i64,
}

/// Copies the SQLite database at `url` (a `DATABASE_URL`) to the new file `target`, consistently
/// even while another process writes to the database. Refuses, writing nothing, when `target`
/// exists or its folder does not, when the database is missing or not Parlor's, and on
/// PostgreSQL (with the `pg_dump` command to use instead).
pub async fn take(url: &str, target: &Path) -> Result<Backup, BackupError> {
    if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        return Err(BackupError::Postgres {
            url: shown_url(url),
        });
    }
    let options = SqliteConnectOptions::from_str(url).map_err(|e| BackupError::Url {
        url: shown_url(url),
        detail: e.to_string(),
    })?;
    if url.contains(":memory:") || url.contains("mode=memory") {
        return Err(BackupError::InMemory {
            url: shown_url(url),
        });
    }
    let source = options.get_filename().to_path_buf();
    let shown = source.display().to_string();
    let folder = free_target(target)?;
    if !source.is_file() {
        return Err(BackupError::Missing { path: shown });
    }
    let copy_error = |detail: String| BackupError::Copy {
        path: shown.clone(),
        target: target.display().to_string(),
        detail,
    };
    // Created empty (VACUUM INTO accepts an empty file), readable by its owner only, and removed
    // again if anything below fails.
    let partial = tempfile::Builder::new()
        .prefix(".parlor-backup-")
        .suffix(".partial")
        .tempfile_in(&folder)
        .map_err(|e| copy_error(e.to_string()))?;
    let partial_path = partial
        .path()
        .to_str()
        .ok_or_else(|| copy_error("its folder's name is not UTF-8".to_string()))?
        .to_string();

    // Read-write if allowed (SQLite falls back to reading only), never created, never migrated.
    let options = options
        .create_if_missing(false)
        .busy_timeout(Duration::from_secs(30));
    let mut conn = SqliteConnection::connect_with(&options)
        .await
        .map_err(|e| copy_error(e.to_string()))?;
    let copied = async {
        parlor_tables(&mut conn)
            .await
            .map_err(|detail| BackupError::NotParlor {
                path: shown.clone(),
                detail,
            })?;
        sqlx::query("VACUUM INTO ?")
            .bind(&partial_path)
            .execute(&mut conn)
            .await
            .map_err(|e| copy_error(e.to_string()))?;
        Ok::<(), BackupError>(())
    }
    .await;
    let _ = conn.close().await;
    copied?;

    let backup = check_copy(partial.path())
        .await
        .map_err(|e| copy_error(format!("the copy does not read back: {e}")))?;
    partial
        .as_file()
        .sync_all()
        .map_err(|e| copy_error(e.to_string()))?;
    partial.persist_noclobber(target).map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            BackupError::Exists {
                path: target.display().to_string(),
            }
        } else {
            copy_error(e.error.to_string())
        }
    })?;
    // The new name itself survives a power cut once its folder is synced.
    if let Ok(dir) = std::fs::File::open(&folder) {
        let _ = dir.sync_all();
    }
    Ok(backup)
}

/// Checks that `target` may be created: it does not exist and its folder does. Returns the folder.
fn free_target(target: &Path) -> Result<PathBuf, BackupError> {
    if target.symlink_metadata().is_ok() {
        return Err(BackupError::Exists {
            path: target.display().to_string(),
        });
    }
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !folder.is_dir() {
        return Err(BackupError::NoFolder {
            folder: folder.display().to_string(),
        });
    }
    Ok(folder)
}

/// Whether the database holds Parlor's tables; the reason it is not Parlor's otherwise.
async fn parlor_tables(conn: &mut SqliteConnection) -> Result<(), String> {
    let found: i64 = sqlx::query(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' \
         AND name IN ('_sqlx_migrations', 'matches', 'moves')",
    )
    .fetch_one(&mut *conn)
    .await
    .and_then(|row| row.try_get(0))
    .map_err(|e| e.to_string())?;
    if found == 3 {
        Ok(())
    } else {
        Err("it has no table of matches and moves".to_string())
    }
}

/// Opens the copy read-only, checks it page by page, and counts what it holds.
async fn check_copy(path: &Path) -> Result<Backup, sqlx::Error> {
    let options = SqliteConnectOptions::new().filename(path).read_only(true);
    let mut conn = SqliteConnection::connect_with(&options).await?;
    let verdict: String = sqlx::query("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await?
        .try_get(0)?;
    let counts = sqlx::query("SELECT (SELECT COUNT(*) FROM matches), (SELECT COUNT(*) FROM moves)")
        .fetch_one(&mut conn)
        .await?;
    let (matches, entries): (i64, i64) = (counts.try_get(0)?, counts.try_get(1)?);
    conn.close().await?;
    if verdict != "ok" {
        return Err(sqlx::Error::Protocol(format!(
            "SQLite's integrity check says: {verdict}"
        )));
    }
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    Ok(Backup {
        bytes,
        matches,
        entries,
    })
}
