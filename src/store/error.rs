//! What the store reports when it fails: [`StoreError`], with the database's own failures sorted
//! into the [`Fault`]s an operator acts on differently, so that no sqlx type leaves the store.

use std::fmt;

use thiserror::Error;

/// What went wrong with the database, in words an operator can act on. Every refusal at start-up
/// is made before anything is written, so the file is left exactly as it was.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error(
        "DATABASE_URL `{url}` is not a database address Parlor knows (write sqlite://parlor.db, or postgres://user:password@host/database): {detail}"
    )]
    Url { url: String, detail: String },
    #[error("cannot open the database `{url}`: {detail}")]
    Open { url: String, detail: String },
    #[error(
        "`{path}` is not a SQLite database (its first bytes are not SQLite's), so it was left untouched; point DATABASE_URL at Parlor's database or at a new file"
    )]
    NotSqlite { path: String },
    #[error(
        "`{path}` is a damaged {what}, so it was left untouched: {detail}; restore it from a backup or point DATABASE_URL at a new file"
    )]
    Damaged {
        path: String,
        what: &'static str,
        detail: String,
    },
    #[error(
        "`{path}` belongs to another application (it holds the tables {tables} but no record of Parlor's schema), so it was left untouched; point DATABASE_URL at Parlor's own database"
    )]
    Foreign { path: String, tables: String },
    #[error(
        "`{path}` was written by a newer version of Parlor (schema version {version}; this one knows up to {known}), so it was left untouched; run that newer version"
    )]
    Newer {
        path: String,
        version: i64,
        known: i64,
    },
    #[error(
        "`{path}` cannot be written ({detail}), so Parlor did not start and left it untouched; make it writable or point DATABASE_URL elsewhere"
    )]
    ReadOnly { path: String, detail: String },
    /// A reader (the web pages) found no schema, or an older one, and may not write to fix it.
    #[error(
        "`{path}` {state}; the web pages only read, so they wait for `parlor bot` of this version to make it or bring its schema up to date: start the bot on it"
    )]
    NotReady { path: String, state: String },
    /// A setting of the environment that the database connection reads is unusable.
    #[error("{name} must be {detail}")]
    Setting { name: &'static str, detail: String },
    /// A query failed once the database was open; `fault` says which kind of failure it was.
    #[error("database error ({fault}): {detail}")]
    Db { fault: Fault, detail: String },
    #[error("the database holds a value Parlor cannot read: {0}")]
    Corrupt(String),
    #[error("match {0} is no longer live in the database")]
    NotLive(i64),
    /// The turn was already recorded (by another process holding a stale copy of the match).
    #[error("match {0} was changed elsewhere: that turn is already recorded")]
    Conflict(i64),
}

/// Which kind of failure a query met, as an operator would act on it: wait, free some disk,
/// fix the login, restore a backup ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// The store was closed: Parlor is stopping.
    Closed,
    /// The database cannot be reached right now (stopped, restarting, the network, or no
    /// connection free in time).
    Unreachable,
    /// The database refused Parlor's login.
    LoginRefused,
    /// The disk holding the database is full.
    DiskFull,
    /// The database takes no writes (a read-only file, or a standby during a failover).
    ReadOnly,
    /// Another connection held a lock for too long (or a deadlock was broken).
    Locked,
    /// The database's file is damaged.
    Corrupt,
    /// Reading or writing the database's file failed (a disk I/O error).
    Io,
    /// Anything else: a statement the database refused.
    Other,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fault::Closed => "closed",
            Fault::Unreachable => "unreachable",
            Fault::LoginRefused => "login refused",
            Fault::DiskFull => "disk full",
            Fault::ReadOnly => "read-only",
            Fault::Locked => "locked",
            Fault::Corrupt => "damaged",
            Fault::Io => "disk I/O error",
            Fault::Other => "refused",
        })
    }
}

impl Fault {
    /// Its name in the catalogue's `db-fault` and in `parlor_database_faults_total{fault}`.
    pub fn key(self) -> &'static str {
        match self {
            Fault::Closed => "closed",
            Fault::Unreachable => "unreachable",
            Fault::LoginRefused => "login-refused",
            Fault::DiskFull => "disk-full",
            Fault::ReadOnly => "read-only",
            Fault::Locked => "locked",
            Fault::Corrupt => "damaged",
            Fault::Io => "io",
            Fault::Other => "refused",
        }
    }

    /// Whether the database itself is unavailable (down, full, read-only, busy ...), so that a
    /// player can only wait; not a statement the database refused, nor a damaged file.
    pub fn is_outage(self) -> bool {
        !matches!(self, Fault::Corrupt | Fault::Other)
    }
}

impl StoreError {
    /// Whether waiting may cure it: a database not made or not migrated yet (the bot does it),
    /// or one that cannot be reached right now. The rest needs a person.
    pub fn may_pass(&self) -> bool {
        matches!(
            self,
            StoreError::NotReady { .. } | StoreError::Open { .. } | StoreError::Db { .. }
        )
    }

    /// The kind of database failure, for a query that met one.
    pub fn fault(&self) -> Option<Fault> {
        match self {
            StoreError::Db { fault, .. } => Some(*fault),
            _ => None,
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        let fault = match &error {
            sqlx::Error::PoolClosed | sqlx::Error::WorkerCrashed => Fault::Closed,
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::Tls(_) => {
                Fault::Unreachable
            }
            sqlx::Error::Protocol(_) => Fault::Unreachable,
            sqlx::Error::Database(d) => database_fault(d.as_ref()),
            // A value in a column that the row type cannot hold.
            sqlx::Error::RowNotFound
            | sqlx::Error::TypeNotFound { .. }
            | sqlx::Error::ColumnIndexOutOfBounds { .. }
            | sqlx::Error::ColumnNotFound(_)
            | sqlx::Error::ColumnDecode { .. }
            | sqlx::Error::Decode(_) => return StoreError::Corrupt(error.to_string()),
            _ => Fault::Other,
        };
        StoreError::Db {
            fault,
            detail: error.to_string(),
        }
    }
}

/// The fault a database error names: SQLite's result codes, PostgreSQL's SQLSTATEs.
fn database_fault(error: &dyn sqlx::error::DatabaseError) -> Fault {
    let code = error.code().unwrap_or_default();
    if error
        .try_downcast_ref::<sqlx::sqlite::SqliteError>()
        .is_some()
    {
        let extended = code.parse::<i32>().unwrap_or(0);
        match (extended & 0xff, extended) {
            // SQLITE_FULL; SQLITE_IOERR_SHMSIZE: the shared-memory file could not grow.
            (13, _) | (_, 4874) => Fault::DiskFull,
            (8, _) => Fault::ReadOnly,
            // SQLITE_BUSY, SQLITE_LOCKED.
            (5 | 6, _) => Fault::Locked,
            // SQLITE_CORRUPT, SQLITE_NOTADB.
            (11 | 26, _) => Fault::Corrupt,
            // SQLITE_IOERR, SQLITE_CANTOPEN.
            (10 | 14, _) => Fault::Io,
            (23, _) => Fault::LoginRefused,
            _ => Fault::Other,
        }
    } else {
        match code.as_ref() {
            "53100" => Fault::DiskFull,
            "25006" => Fault::ReadOnly,
            "40P01" | "55P03" | "40001" => Fault::Locked,
            "XX001" | "XX002" => Fault::Corrupt,
            "58030" => Fault::Io,
            "57P01" | "57P02" | "57P03" | "53300" => Fault::Unreachable,
            c if c.starts_with("08") => Fault::Unreachable,
            c if c.starts_with("28") => Fault::LoginRefused,
            _ => Fault::Other,
        }
    }
}
