//! The look before the first write: a database file is opened read-only and examined, so that a
//! damaged, foreign, newer or read-only file is refused while it is still exactly as it was.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

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

/// How many times the files are examined again when another process changed them meanwhile.
const ATTEMPTS: usize = 5;

/// What was seen of a database and its write-ahead log: size and time of change, `None` when
/// absent. Another process closing the database (a restart, `parlor web` beside the bot) folds
/// its log into the main file and deletes it; a change between two looks says so.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Files {
    main: Option<(u64, Option<SystemTime>)>,
    wal: Option<(u64, Option<SystemTime>)>,
}

impl Files {
    /// Looks at the files now.
    pub fn look(path: &Path) -> Files {
        let seen = |p: &Path| {
            std::fs::metadata(p)
                .ok()
                .map(|m| (m.len(), m.modified().ok()))
        };
        Files {
            main: seen(path),
            wal: seen(&side_file(path, "-wal")),
        }
    }

    /// The size of the write-ahead log seen (0 when absent).
    pub fn wal_len(&self) -> u64 {
        self.wal.map_or(0, |(len, _)| len)
    }
}

/// Examines the database file at `path` without writing to it, and says whether Parlor may open
/// it for writing. `read_only` is true when the address itself asks for read-only access.
pub(super) async fn inspect(path: &Path, read_only: bool) -> Result<(), StoreError> {
    inspect_from(path, read_only, Files::look(path)).await
}

/// [`inspect`], from what was seen of the files just before. A check that fails while another
/// process changes the files (its log deleted before it could be copied, a copy torn by a
/// checkpoint) says nothing about the database: it is made again from the start, from what is
/// there now.
#[doc(hidden)]
pub async fn inspect_from(path: &Path, read_only: bool, mut seen: Files) -> Result<(), StoreError> {
    let mut attempt = 1;
    loop {
        let result = inspect_once(path, read_only, &seen).await;
        let now = Files::look(path);
        if result.is_ok() || now == seen || attempt == ATTEMPTS {
            return result;
        }
        tracing::info!("the database changed while it was being checked; checking it again");
        seen = now;
        attempt += 1;
    }
}

async fn inspect_once(path: &Path, read_only: bool, seen: &Files) -> Result<(), StoreError> {
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
    let wal_len = seen.wal_len();
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
pub fn known_version() -> i64 {
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
pub fn may_write(path: &Path) -> bool {
    rustix::fs::access(path, rustix::fs::Access::WRITE_OK).is_ok()
}

#[cfg(not(unix))]
fn may_write(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
}

/// `parlor.db` -> `parlor.db-wal` (or `-shm`, `-journal`).
pub fn side_file(path: &Path, suffix: &str) -> PathBuf {
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
    // Not reaching the server is said as such (and waited for at open), never as another
    // application's database.
    let applied: Vec<(i64, Vec<u8>)> =
        sqlx::query("SELECT version, checksum FROM _sqlx_migrations ORDER BY version")
            .fetch_all(pool)
            .await?
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
