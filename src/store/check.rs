//! The look before the first write: a database file is opened read-only and examined, so that a
//! damaged, foreign, newer or read-only file is refused while it is still exactly as it was.

use std::path::{Path, PathBuf};

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{Connection, Row};

use super::{MIGRATOR, PG_MIGRATOR, StoreError};

/// The first 16 bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// Parlor's first migration: a database that recorded it (with the same checksum) is Parlor's.
const FIRST_VERSION: i64 = 1;

/// Who a database file belongs to, as far as its tables tell.
enum Owner {
    /// No tables yet: Parlor may create its own.
    Empty,
    /// Parlor's, at a schema this build knows (maybe older).
    Parlor,
    /// Parlor's, migrated further than this build knows.
    Newer { version: i64 },
    /// Parlor's, but a schema upgrade stopped half-way.
    Unfinished { version: i64 },
    /// Someone else's tables.
    Foreign { tables: Vec<String> },
}

/// Examines the database file at `path` without writing to it, and says whether Parlor may open
/// it for writing. `read_only` is true when the address itself asks for read-only access.
pub(super) async fn inspect(path: &Path, read_only: bool) -> Result<(), StoreError> {
    let shown = path.display().to_string();
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let folder = folder_of(path);
            if !folder.is_dir() {
                return Err(StoreError::Open {
                    url: shown,
                    detail: format!("the folder {} does not exist", folder.display()),
                });
            }
            return writable(path, read_only);
        }
        Err(e) => {
            return Err(StoreError::Open {
                url: shown,
                detail: e.to_string(),
            });
        }
    };
    if !meta.is_file() {
        return Err(StoreError::Open {
            url: shown,
            detail: "it is not a file".to_string(),
        });
    }
    let wal = side_file(path, "-wal");
    let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    if meta.len() == 0 && wal_len == 0 {
        // A new, empty file (SQLite creates its header on the first write).
        return writable(path, read_only);
    }
    if meta.len() > 0 && !starts_like_sqlite(path)? {
        return Err(StoreError::NotSqlite { path: shown });
    }
    let owner = examine(path, wal_len > 0).await?;
    let refusal = match owner {
        Owner::Empty | Owner::Parlor => None,
        Owner::Newer { version } => Some(StoreError::Newer {
            path: shown.clone(),
            version,
            known: known_version(),
        }),
        Owner::Unfinished { version } => Some(StoreError::Damaged {
            path: shown.clone(),
            what: "Parlor database",
            detail: format!("the upgrade to schema version {version} did not finish"),
        }),
        Owner::Foreign { tables } => Some(StoreError::Foreign {
            path: shown.clone(),
            tables: tables.join(", "),
        }),
    };
    if let Some(refusal) = refusal {
        return Err(refusal);
    }
    writable(path, read_only)
}

/// The newest schema version this build knows.
fn known_version() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// Refuses a non-empty file that is not SQLite at all, naming it so (for readers, which open
/// nothing they would have to create).
pub(super) fn refuse_non_sqlite(path: &Path) -> Result<(), StoreError> {
    let len = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if len > 0 && !starts_like_sqlite(path)? {
        return Err(StoreError::NotSqlite {
            path: path.display().to_string(),
        });
    }
    Ok(())
}

fn starts_like_sqlite(path: &Path) -> Result<bool, StoreError> {
    use std::io::Read;
    let mut head = [0u8; 16];
    let mut file = std::fs::File::open(path).map_err(|e| StoreError::Open {
        url: path.display().to_string(),
        detail: e.to_string(),
    })?;
    match file.read_exact(&mut head) {
        Ok(()) => Ok(&head == SQLITE_MAGIC),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(false),
        Err(e) => Err(StoreError::Open {
            url: path.display().to_string(),
            detail: e.to_string(),
        }),
    }
}

/// Opens the file read-only and reads its tables, migrations and integrity. With no write-ahead
/// log to replay the file is opened `immutable`, which also keeps SQLite from creating any file
/// beside it. A non-empty log (left by a crash) must be replayed to be read, and even a read-only
/// reader would then write the index file beside it: a copy of both is examined instead.
async fn examine(path: &Path, has_wal: bool) -> Result<Owner, StoreError> {
    let shown = path.display().to_string();
    let cannot_copy = |e: std::io::Error| StoreError::Open {
        url: shown.clone(),
        detail: format!("cannot copy it aside to check it: {e}"),
    };
    let mut _copy = None;
    let options = if has_wal {
        let dir = tempfile::tempdir().map_err(cannot_copy)?;
        let db = dir.path().join("check.db");
        std::fs::copy(path, &db).map_err(cannot_copy)?;
        std::fs::copy(side_file(path, "-wal"), side_file(&db, "-wal")).map_err(cannot_copy)?;
        _copy = Some(dir);
        SqliteConnectOptions::new().filename(db)
    } else {
        SqliteConnectOptions::new()
            .filename(path)
            .read_only(true)
            .immutable(true)
    };
    let mut conn = SqliteConnection::connect_with(&options)
        .await
        .map_err(|e| classify(&shown, "SQLite database", e))?;
    let result = examine_with(&mut conn, &shown).await;
    if let Err(e) = conn.close().await {
        tracing::debug!("closing the check connection: {e}");
    }
    result
}

async fn examine_with(conn: &mut SqliteConnection, shown: &str) -> Result<Owner, StoreError> {
    let tables: Vec<String> = sqlx::query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' \
         ORDER BY name",
    )
    .fetch_all(&mut *conn)
    .await
    .map_err(|e| classify(shown, "SQLite database", e))?
    .iter()
    .map(|r| r.try_get::<String, _>(0))
    .collect::<Result<_, _>>()
    .map_err(|e| classify(shown, "SQLite database", e))?;
    let owner = if tables.iter().any(|t| t == "_sqlx_migrations") {
        owner_from_migrations(conn, shown, tables).await?
    } else if tables.is_empty() {
        Owner::Empty
    } else {
        Owner::Foreign { tables }
    };
    let what = match owner {
        Owner::Foreign { .. } | Owner::Empty => "SQLite database",
        _ => "Parlor database",
    };
    let problems: Vec<String> = sqlx::query("PRAGMA quick_check(5)")
        .fetch_all(&mut *conn)
        .await
        .map_err(|e| classify(shown, what, e))?
        .iter()
        .map(|r| r.try_get::<String, _>(0))
        .collect::<Result<_, _>>()
        .map_err(|e| classify(shown, what, e))?;
    if problems != ["ok"] {
        return Err(StoreError::Damaged {
            path: shown.to_string(),
            what,
            detail: problems.join("; "),
        });
    }
    Ok(owner)
}

/// Reads the migration records: Parlor's first migration must be there with Parlor's checksum.
async fn owner_from_migrations(
    conn: &mut SqliteConnection,
    shown: &str,
    tables: Vec<String>,
) -> Result<Owner, StoreError> {
    let rows =
        sqlx::query("SELECT version, checksum, success FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&mut *conn)
            .await
            .map_err(|e| classify(shown, "SQLite database", e))?;
    let mut applied = Vec::with_capacity(rows.len());
    for row in &rows {
        let read = || -> Result<(i64, Vec<u8>, bool), sqlx::Error> {
            Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?))
        };
        match read() {
            Ok(record) => applied.push(record),
            // Records of another shape: not the migration table Parlor writes.
            Err(_) => return Ok(Owner::Foreign { tables }),
        }
    }
    let others: Vec<String> = tables
        .iter()
        .filter(|t| *t != "_sqlx_migrations")
        .cloned()
        .collect();
    if applied.is_empty() {
        return Ok(if others.is_empty() {
            Owner::Empty
        } else {
            Owner::Foreign { tables: others }
        });
    }
    let ours = |version: i64| MIGRATOR.iter().find(|m| m.version == version);
    let same = |version: i64, checksum: &[u8]| {
        ours(version).is_some_and(|m| m.checksum.as_ref() == checksum)
    };
    let parlor = applied
        .iter()
        .any(|(v, sum, _)| *v == FIRST_VERSION && same(*v, sum));
    let altered = applied
        .iter()
        .any(|(v, sum, _)| ours(*v).is_some() && !same(*v, sum));
    if !parlor || altered {
        return Ok(Owner::Foreign { tables: others });
    }
    if let Some((version, ..)) = applied.iter().find(|(v, ..)| ours(*v).is_none()) {
        return Ok(Owner::Newer { version: *version });
    }
    if let Some((version, ..)) = applied.iter().find(|(.., success)| !success) {
        return Ok(Owner::Unfinished { version: *version });
    }
    Ok(Owner::Parlor)
}

/// Turns a failure while reading into "damaged" when SQLite says so, else "cannot open".
fn classify(shown: &str, what: &'static str, e: sqlx::Error) -> StoreError {
    let code = e
        .as_database_error()
        .and_then(|d| d.code())
        .and_then(|c| c.parse::<i32>().ok())
        .map(|c| c & 0xff);
    match code {
        // SQLITE_CORRUPT, SQLITE_NOTADB: the header said SQLite, the rest disagrees.
        Some(11) | Some(26) => StoreError::Damaged {
            path: shown.to_string(),
            what,
            detail: e.to_string(),
        },
        _ => StoreError::Open {
            url: shown.to_string(),
            detail: e.to_string(),
        },
    }
}

/// Says whether Parlor may write the database and the files SQLite keeps beside it.
fn writable(path: &Path, read_only: bool) -> Result<(), StoreError> {
    let refuse = |detail: String| StoreError::ReadOnly {
        path: path.display().to_string(),
        detail,
    };
    if read_only {
        return Err(refuse(
            "DATABASE_URL asks for read-only access (mode=ro or immutable)".to_string(),
        ));
    }
    for file in [
        path.to_path_buf(),
        side_file(path, "-wal"),
        side_file(path, "-shm"),
    ] {
        if file.exists() && !may_write(&file) {
            return Err(refuse(format!("{} is read-only", file.display())));
        }
    }
    let folder = folder_of(path);
    if !may_write(&folder) {
        return Err(refuse(format!(
            "its folder {} is read-only, and SQLite keeps its journal files there",
            folder.display()
        )));
    }
    Ok(())
}

/// Whether this process may write `path` (permissions, ownership and read-only mounts alike).
#[cfg(unix)]
fn may_write(path: &Path) -> bool {
    rustix::fs::access(path, rustix::fs::Access::WRITE_OK).is_ok()
}

#[cfg(not(unix))]
fn may_write(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
}

/// `parlor.db` -> `parlor.db-wal` (or `-shm`, `-journal`).
fn side_file(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The same look at a PostgreSQL database before migrating it: tables of another application,
/// or a schema from a newer Parlor, are refused before anything is written.
pub(super) async fn inspect_postgres(pool: &sqlx::PgPool, shown: &str) -> Result<(), StoreError> {
    let tables: Vec<String> = sqlx::query(
        "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = current_schema() ORDER BY table_name",
    )
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| r.try_get(0))
    .collect::<Result<_, _>>()?;
    let others: Vec<String> = tables
        .iter()
        .filter(|t| *t != "_sqlx_migrations")
        .cloned()
        .collect();
    let foreign = || StoreError::Foreign {
        path: shown.to_string(),
        tables: others.join(", "),
    };
    if others.is_empty() {
        return Ok(());
    }
    if others.len() == tables.len() {
        return Err(foreign());
    }
    let applied: Vec<(i64, Vec<u8>)> =
        sqlx::query("SELECT version, checksum FROM _sqlx_migrations ORDER BY version")
            .fetch_all(pool)
            .await
            .map_err(|_| foreign())?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|_| foreign())?;
    let ours = |version: i64| PG_MIGRATOR.iter().find(|m| m.version == version);
    let parlor = applied.iter().any(|(v, sum)| {
        *v == FIRST_VERSION && ours(*v).is_some_and(|m| m.checksum.as_ref() == sum.as_slice())
    });
    if !parlor {
        return Err(foreign());
    }
    if let Some((version, _)) = applied.iter().find(|(v, _)| ours(*v).is_none()) {
        return Err(StoreError::Newer {
            path: shown.to_string(),
            version: *version,
            known: PG_MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

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

    fn url(path: &Path) -> String {
        format!("sqlite://{}", path.display())
    }

    /// A Parlor database with a few rows, closed cleanly.
    async fn parlor_db(path: &Path, players: i64) -> Store {
        let store = Store::open(&url(path)).await.expect("a new database opens");
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
        let store = Store::open(&url(path)).await.expect("reopens");
        let n: i64 = sqlx::query("SELECT COUNT(*) FROM players")
            .fetch_one(&store.sqlite().read)
            .await
            .expect("count")
            .get(0);
        store.close().await;
        n
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
        let err = refused(&path, &url(&path)).await;
        assert!(matches!(err, StoreError::NotSqlite { .. }), "{err:?}");
        assert!(
            err.to_string().contains("is not a SQLite database"),
            "{err}"
        );
        assert!(err.to_string().contains("left untouched"), "{err}");
    }

    #[tokio::test]
    async fn a_damaged_parlor_database_is_called_damaged_and_left_untouched() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("parlor.db");
        parlor_db(&path, 300).await.close().await;
        damage(&path, "players").await;
        let err = refused(&path, &url(&path)).await;
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
        let err = refused(&path, &url(&path)).await;
        assert!(matches!(err, StoreError::Damaged { .. }), "{err:?}");
        assert!(err.to_string().contains("damaged SQLite database"), "{err}");
        assert_eq!(std::fs::read(&path).expect("read")[..100], header[..]);
    }

    #[tokio::test]
    async fn another_applications_database_is_not_given_parlors_tables() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("notes.db");
        foreign_db(&path).await;
        let err = refused(&path, &url(&path)).await;
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
        let err = refused(&path, &url(&path)).await;
        assert!(
            matches!(err, StoreError::Newer { version, .. } if version == newer),
            "{err:?}"
        );
        assert!(err.to_string().contains("newer version of Parlor"), "{err}");
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
        let err = refused(&crashed, &format!("{}?mode=ro", url(&crashed))).await;
        assert!(matches!(err, StoreError::ReadOnly { .. }), "{err:?}");
        assert!(err.to_string().contains("cannot be written"), "{err}");
        // Write permission taken away: refused too (unless this process may write anyway).
        let mut perms = std::fs::metadata(&crashed).expect("meta").permissions();
        perms.set_readonly(true);
        std::fs::set_permissions(&crashed, perms).expect("chmod");
        if !may_write(&crashed) {
            let err = refused(&crashed, &url(&crashed)).await;
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
            let _: i64 = sqlx::query("SELECT COUNT(*) FROM players")
                .fetch_one(&store.sqlite().read)
                .await
                .expect("read")
                .get(0);
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
        let err = Store::open(&url(&missing)).await.expect_err("no folder");
        assert!(err.to_string().contains("does not exist"), "{err}");
        assert!(!missing.exists());
    }
}
