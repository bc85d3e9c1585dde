//! Storage: the only place with SQL. SQLite (the embedded default) or PostgreSQL (several bot
//! processes sharing one database), chosen by the address; both run the same queries, so a
//! player sees no difference. Each query is written once, in `queries/` (grouped by what it
//! stores), inside [`on!`], which compiles it once per backend with sqlx's static types; rows are
//! read into Parlor's types by `decode.rs`, for both backends alike.
//!
//! On SQLite, writes go through a single connection (SQLite has one writer anyway), so
//! transactions never fight over the lock; reads use a small pool of their own. On PostgreSQL
//! one pool serves both, and concurrent processes are kept apart by row and advisory locks.

/// Runs `$body` with `$pools` bound to the store's connections, whichever backend they are: the
/// body is compiled once for each (as `dispatch!` does for the games), so a query is written
/// once and keeps each backend's static types.
macro_rules! on {
    ($store:expr, $pools:ident => $body:expr) => {{
        $store.health.admit()?;
        match &$store.db {
            $crate::store::Db::Sqlite { pools: $pools, .. } => $body,
            $crate::store::Db::Postgres($pools) => $body,
        }
    }};
}

pub mod backup;
#[doc(hidden)]
pub mod change;
#[doc(hidden)]
pub mod check;
#[doc(hidden)]
pub mod decode;
#[doc(hidden)]
pub mod error;
#[doc(hidden)]
pub mod health;
#[doc(hidden)]
pub mod postgres;
#[doc(hidden)]
pub mod queries;
#[doc(hidden)]
pub mod rows;
mod sqlite;
mod tls;
pub mod web;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Database, Pool, Postgres, Row, Sqlite};

pub use change::{Change, LiveState};
pub use error::{Fault, StoreError};
pub use health::Outage;
pub use queries::attempts::{AttemptRow, PuzzleRating};
pub use queries::puzzles::{FinishedGame, NewPuzzle, PuzzleRow};
pub use queries::settings::GuildSettings;
pub use queries::tournaments::TournamentRow;
pub use rows::*;

/// The embedded SQLite migrations (`migrations/`), run by [`Store::open`].
#[doc(hidden)]
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!();

/// The embedded PostgreSQL migrations (`migrations/postgres/`): the same versions, in
/// PostgreSQL's types.
#[doc(hidden)]
pub static PG_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

/// A handle on the database; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
    /// Shut while the database is known to be down, so that queries fail at once.
    health: Arc<health::Health>,
    /// PostgreSQL's TLS checked as libpq checks it (verify-ca, verify-full with a root file),
    /// which the pool's connections go through; it stops with the last clone of the store.
    _relay: Option<Arc<tls::Relay>>,
}

#[derive(Clone, Debug)]
enum Db {
    Sqlite {
        pools: Pools<Sqlite>,
        /// The read pool is the write pool (one in-memory database).
        in_memory: bool,
        /// Copies the log into the database file in the background (a file only).
        checkpoints: Option<Arc<Checkpoints>>,
        /// Opened by [`Store::open_reader`]: both pools only read, and nothing is folded in.
        reader: bool,
    },
    Postgres(Pools<Postgres>),
}

impl Db {
    /// Whether the database answers as the bot needs it (the probe of an outage): SQLite commits
    /// a write (the write lock, and room on its disk), PostgreSQL is a primary (a standby during
    /// a failover takes no writes). A reader only needs to read.
    async fn answers(&self) -> Result<(), StoreError> {
        match self {
            Db::Sqlite {
                pools,
                reader: true,
                ..
            } => {
                sqlx::query("SELECT 1").execute(&pools.read).await?;
            }
            Db::Sqlite { pools, .. } => {
                // A row changed and changed back, committed: the write lock and room on the disk
                // for the log, as a move needs. A statement that changes nothing writes nothing,
                // and found a full disk "back" at once (SQLite skips an unchanged page).
                let toggle = "UPDATE _sqlx_migrations SET success = NOT success \
                              WHERE version = (SELECT MAX(version) FROM _sqlx_migrations)";
                let mut tx = pools.write.begin().await?;
                sqlx::query(toggle).execute(&mut *tx).await?;
                sqlx::query(toggle).execute(&mut *tx).await?;
                tx.commit().await?;
            }
            Db::Postgres(pools) => {
                let standby: bool = sqlx::query_scalar("SELECT pg_is_in_recovery()")
                    .fetch_one(&pools.write)
                    .await?;
                if standby {
                    return Err(StoreError::Db {
                        fault: Fault::ReadOnly,
                        detail: "the server is a standby".into(),
                    });
                }
            }
        }
        Ok(())
    }
}

/// How long a query waits for SQLite's write lock while another program (a backup, the sqlite3
/// shell) holds it, before it fails as `locked`: short enough that the player hears at once
/// that nothing was saved (the bot writes through one connection, so it never waits for
/// itself).
const LOCK_WAIT: Duration = Duration::from_millis(800);

/// How long a query waits for a PostgreSQL connection (a free one, or a new one made) before it
/// fails as `unreachable`: a healthy pool hands one over in microseconds, and a database that is
/// down must not keep players waiting (the first failure closes the gate of [`health`]).
const CONNECTION_WAIT: Duration = Duration::from_millis(800);
/// A PostgreSQL connection idle this long is tested by a round trip before it is used again.
const IDLE_RETESTED: Duration = Duration::from_secs(1);

/// How long opening waits for a PostgreSQL server that is still starting.
const START_WAIT: Duration = Duration::from_secs(15);

/// How often the SQLite log is copied into the database file, off the write connection.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// A connection of its own that copies SQLite's log (WAL) into the database file once every
/// [`CHECKPOINT_EVERY`]. Left to the write connection, that copy and its two fsyncs ran inside
/// the commit that crossed 1,000 pages, and on a busy disk every move behind it waited (the p99
/// of the load bench went from 10 to 200 ms). A passive checkpoint never blocks the writer, and
/// what it loses on a crash is nothing: the log is the record until it is copied.
#[derive(Debug)]
struct Checkpoints {
    pool: SqlitePool,
}

impl Checkpoints {
    /// Starts checkpointing on `pool` until the returned handle's last clone is dropped.
    fn start(pool: SqlitePool) -> Arc<Checkpoints> {
        let this = Arc::new(Checkpoints { pool });
        let weak = Arc::downgrade(&this);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(CHECKPOINT_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            every.tick().await;
            loop {
                every.tick().await;
                let Some(this) = weak.upgrade() else { break };
                if this.pool.is_closed() {
                    break;
                }
                if let Err(error) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&this.pool)
                    .await
                {
                    tracing::debug!(%error, "the database log was not copied this time");
                }
            }
        });
        this
    }
}

/// One backend's connections: writes go through `write`, reads through `read` (the same pool on
/// PostgreSQL).
#[derive(Debug)]
#[doc(hidden)]
pub struct Pools<DB: Database> {
    #[doc(hidden)]
    pub write: Pool<DB>,
    #[doc(hidden)]
    pub read: Pool<DB>,
}

impl<DB: Database> Clone for Pools<DB> {
    fn clone(&self) -> Self {
        Pools {
            write: self.write.clone(),
            read: self.read.clone(),
        }
    }
}

/// Whether the address's query asks SQLite for read-only access (`mode=ro`, `immutable=1`).
fn asks_read_only(url: &str) -> bool {
    let Some((_, query)) = url.split_once('?') else {
        return false;
    };
    query.split('&').any(|pair| {
        matches!(
            pair.split_once('='),
            Some(("mode", "ro")) | Some(("immutable", "1" | "true"))
        )
    })
}

/// The schema versions applied to a database (version, finished): none when it keeps no record.
async fn applied_migrations<DB: sqlx::Database>(pool: &sqlx::Pool<DB>) -> Vec<(i64, bool)>
where
    for<'c> &'c mut DB::Connection: sqlx::Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: sqlx::IntoArguments<'q, DB>,
    i64: sqlx::Type<DB> + for<'r> sqlx::Decode<'r, DB>,
    bool: sqlx::Type<DB> + for<'r> sqlx::Decode<'r, DB>,
    usize: sqlx::ColumnIndex<DB::Row>,
{
    sqlx::query("SELECT version, success FROM _sqlx_migrations ORDER BY version")
        .fetch_all(pool)
        .await
        .map(|rows| {
            rows.iter()
                .filter_map(|r| Some((r.try_get(0).ok()?, r.try_get(1).ok()?)))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether `url` names a SQLite database (else PostgreSQL); neither is an error.
fn sqlite_url(url: &str) -> Result<bool, StoreError> {
    if url.starts_with("sqlite:") {
        Ok(true)
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        Ok(false)
    } else {
        Err(StoreError::Url {
            url: shown_url(url),
            detail: "it starts with neither sqlite: nor postgres:".to_string(),
        })
    }
}

/// Whether a reader may read a database whose schema has these migrations applied (version,
/// finished): exactly the ones this build knows, all finished.
#[doc(hidden)]
pub fn ready_to_read(
    shown: &str,
    applied: &[(i64, bool)],
    migrator: &sqlx::migrate::Migrator,
) -> Result<(), StoreError> {
    let known: Vec<i64> = migrator.iter().map(|m| m.version).collect();
    let newest = known.iter().copied().max().unwrap_or(0);
    let not_ready = |state: String| StoreError::NotReady {
        path: shown.to_string(),
        state,
    };
    if applied.is_empty() {
        return Err(not_ready("holds no Parlor tables yet".to_string()));
    }
    if let Some((version, _)) = applied.iter().find(|(v, _)| !known.contains(v)) {
        return Err(StoreError::Newer {
            path: shown.to_string(),
            version: *version,
            known: newest,
        });
    }
    if let Some((version, _)) = applied.iter().find(|(_, finished)| !finished) {
        return Err(StoreError::Damaged {
            path: shown.to_string(),
            what: "Parlor database",
            detail: format!("the upgrade to schema version {version} did not finish"),
        });
    }
    let have = applied.iter().map(|(v, _)| *v).max().unwrap_or(0);
    if known.iter().any(|k| !applied.iter().any(|(v, _)| v == k)) {
        return Err(not_ready(format!(
            "is at schema version {have} and this Parlor reads version {newest}"
        )));
    }
    Ok(())
}

/// The address as it may be shown and logged: without its password.
pub fn shown_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let Some((user_info, host)) = authority.rsplit_once('@') else {
        return url.to_string();
    };
    let user = user_info
        .split_once(':')
        .map_or(user_info, |(user, _)| user);
    let hidden = if user_info.contains(':') { ":***" } else { "" };
    let path = if rest.contains('/') {
        format!("/{path}")
    } else {
        String::new()
    };
    format!("{scheme}://{user}{hidden}@{host}{path}")
}

/// Discord ids are u64 but SQL integers are signed: store the same 64 bits.
#[doc(hidden)]
pub fn db_id(id: u64) -> i64 {
    id as i64
}

#[doc(hidden)]
pub fn from_db_id(id: i64) -> u64 {
    id as u64
}

impl Store {
    /// Opens the database at `url` and brings its schema up to date: `sqlite://parlor.db`
    /// (created if missing) or `postgres://user:password@host/database` (the database must
    /// exist). A database that is damaged, another application's or from a newer Parlor gives an
    /// error and is left exactly as it was.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let store = if sqlite_url(url)? {
            Self::open_sqlite(url).await
        } else {
            Self::open_postgres(url).await
        }?;
        // Set to 0 while an outage lasts (see `health`).
        metrics::gauge!("parlor_database_up").set(1.0);
        Ok(store)
    }

    /// SQLite: the file is first examined read-only (not SQLite, damaged, another
    /// application's, from a newer Parlor, not writable: all refused before any write).
    async fn open_sqlite(url: &str) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url).map_err(|e| StoreError::Url {
            url: url.to_string(),
            detail: e.to_string(),
        })?;
        let in_memory = url.contains(":memory:") || url.contains("mode=memory");
        if !in_memory {
            check::inspect(options.get_filename(), asks_read_only(url)).await?;
        }
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // WAL with synchronous=NORMAL never corrupts; a power cut may lose the last commits.
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(LOCK_WAIT);
        let open_error = |e: sqlx::Error| {
            let said = e.to_string();
            let detail = match StoreError::from(e).fault() {
                Some(Fault::DiskFull) => {
                    format!("the disk holding it is full ({said}); free some space and start again")
                }
                _ => said,
            };
            StoreError::Open {
                url: url.to_string(),
                detail,
            }
        };
        // A file's log is copied by `Checkpoints`, not by the commit that fills it.
        let write_options = if in_memory {
            options.clone()
        } else {
            options.clone().pragma("wal_autocheckpoint", "0")
        };
        // An SQLite connection is a file opened in this process: nothing to test by a round trip
        // to its thread before each query (sqlx's default, made for network connections).
        let mut write = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .test_before_acquire(false);
        if !in_memory {
            // A COMMIT refused for a full disk is rolled back by SQLite, but sqlx still counts the
            // transaction; the connection's next "transaction" is then a savepoint, whose
            // release commits nothing once a failure leaves SQLite's transaction open: moves
            // acknowledged and never saved. Such a connection is closed, not reused (an
            // in-memory database lives only in its one connection, and has no disk to fill).
            // A transaction committed or rolled back leaves none open, which needs no round
            // trip to the connection's thread to see; one still open (a refused COMMIT, or a
            // rollback on drop still queued) is looked at again once the thread is done.
            write = write.after_release(|conn, _| {
                Box::pin(async move {
                    use sqlx::Connection;
                    if !conn.is_in_transaction() {
                        return Ok(true);
                    }
                    conn.ping().await?;
                    Ok(!conn.is_in_transaction())
                })
            });
        }
        let write = write
            .connect_with(write_options)
            .await
            .map_err(open_error)?;
        MIGRATOR.run(&write).await.map_err(|e| StoreError::Open {
            url: url.to_string(),
            detail: format!("cannot bring the schema up to date: {e}"),
        })?;
        let (read, checkpoints) = if in_memory {
            (write.clone(), None)
        } else {
            let read = SqlitePoolOptions::new()
                .max_connections(4)
                .test_before_acquire(false)
                .connect_with(options.clone().read_only(true))
                .await
                .map_err(open_error)?;
            let checkpointer = SqlitePoolOptions::new()
                .max_connections(1)
                .connect_with(options)
                .await
                .map_err(open_error)?;
            (read, Some(Checkpoints::start(checkpointer)))
        };
        Ok(Store {
            health: Arc::default(),
            _relay: None,
            db: Db::Sqlite {
                pools: Pools { write, read },
                in_memory,
                checkpoints,
                reader: false,
            },
        })
    }

    /// PostgreSQL: connects (with TLS as `sslmode` asks; a refused certificate is named),
    /// refuses another application's or a newer Parlor's schema, then migrates (sqlx holds an advisory lock meanwhile, so processes starting together take
    /// turns).
    async fn open_postgres(url: &str) -> Result<Store, StoreError> {
        let (pool, shown, relay) = Self::postgres_pool(url, false).await?;
        // A server slow to hand over a connection (busy, or its TLS handshakes slow) is waited
        // for here as it is for the first connection.
        let started = std::time::Instant::now();
        loop {
            match check::inspect_postgres(&pool, &shown).await {
                Err(StoreError::Db {
                    fault: Fault::Unreachable,
                    detail,
                }) if started.elapsed() < START_WAIT => {
                    tracing::debug!(error = %detail, "PostgreSQL is slow to answer");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                checked => break checked?,
            }
        }
        PG_MIGRATOR.run(&pool).await.map_err(|e| StoreError::Open {
            url: shown.clone(),
            detail: format!("cannot bring the schema up to date: {e}"),
        })?;
        Ok(Self::on_postgres(pool, relay))
    }

    /// Connects to PostgreSQL (8 connections for the bot; 4 for a reader, whose every
    /// transaction is read-only through `default_transaction_read_only`, whatever the role may
    /// do). Returns the pool, the address as logs may show it, and the TLS relay its
    /// connections go through, if any.
    async fn postgres_pool(
        url: &str,
        reader: bool,
    ) -> Result<(PgPool, String, Option<Arc<tls::Relay>>), StoreError> {
        let shown = shown_url(url);
        let env = |name: &str| std::env::var(name).ok();
        let (options, root) = postgres::connect_options(url, &env)?;
        let host = options.get_host().to_string();
        let (options, relay) =
            postgres::relayed(options, &root)
                .await
                .map_err(|detail| StoreError::Open {
                    url: shown.clone(),
                    detail,
                })?;
        let (size, options) = if reader {
            (
                4,
                options.options([("default_transaction_read_only", "on")]),
            )
        } else {
            (8, options)
        };
        // sqlx pings every connection as it goes back to the pool: one back a moment ago needs
        // no second round trip before its next query (sqlx's default), only one idle a while.
        let pool = PgPoolOptions::new()
            .max_connections(postgres::connections(&env, size)?)
            .acquire_timeout(CONNECTION_WAIT)
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if meta.idle_for >= IDLE_RETESTED {
                        use sqlx::Connection;
                        conn.ping().await?;
                    }
                    Ok(true)
                })
            })
            .connect_lazy_with(options);
        // At start the server may still be coming up: wait for it longer than a query would.
        let started = std::time::Instant::now();
        loop {
            match pool.acquire().await {
                Ok(_) => break,
                Err(e) if postgres::may_come_up(&e) && started.elapsed() < START_WAIT => {
                    tracing::debug!(error = %e, "PostgreSQL does not answer yet");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => {
                    return Err(StoreError::Open {
                        url: shown.clone(),
                        detail: postgres::connect_error(&e, &host, &root),
                    });
                }
            }
        }
        Ok((pool, shown, relay))
    }

    /// A store on one PostgreSQL pool, which both writes and reads.
    fn on_postgres(pool: PgPool, relay: Option<Arc<tls::Relay>>) -> Store {
        Store {
            health: Arc::default(),
            _relay: relay,
            db: Db::Postgres(Pools {
                write: pool.clone(),
                read: pool,
            }),
        }
    }

    /// Opens the database at `url` for reading only, as the web pages do: nothing is created,
    /// migrated or written, so `parlor web` may run with a read-only database role. The schema
    /// must already be this build's (the bot brings it up to date); otherwise a clear refusal.
    pub async fn open_reader(url: &str) -> Result<Store, StoreError> {
        if sqlite_url(url)? {
            Self::open_sqlite_reader(url).await
        } else {
            Self::open_postgres_reader(url).await
        }
    }

    async fn open_sqlite_reader(url: &str) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url).map_err(|e| StoreError::Url {
            url: url.to_string(),
            detail: e.to_string(),
        })?;
        let path = options.get_filename().display().to_string();
        if !options.get_filename().is_file() {
            return Err(StoreError::NotReady {
                path,
                state: "does not exist".to_string(),
            });
        }
        // Another kind of file never becomes Parlor's: the bot refuses it too.
        check::refuse_non_sqlite(options.get_filename())?;
        let read = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(
                options
                    .read_only(true)
                    .busy_timeout(Duration::from_secs(10)),
            )
            .await
            .map_err(|e| StoreError::Open {
                url: url.to_string(),
                detail: e.to_string(),
            })?;
        let applied = applied_migrations(&read).await;
        if let Err(e) = ready_to_read(&path, &applied, &MIGRATOR) {
            read.close().await;
            return Err(e);
        }
        Ok(Store {
            health: Arc::default(),
            _relay: None,
            db: Db::Sqlite {
                pools: Pools {
                    write: read.clone(),
                    read,
                },
                in_memory: false,
                checkpoints: None,
                reader: true,
            },
        })
    }

    /// PostgreSQL for reading: every transaction of its connections is read-only.
    async fn open_postgres_reader(url: &str) -> Result<Store, StoreError> {
        let (pool, shown, relay) = Self::postgres_pool(url, true).await?;
        let applied = applied_migrations(&pool).await;
        if let Err(e) = ready_to_read(&shown, &applied, &PG_MIGRATOR) {
            pool.close().await;
            return Err(e);
        }
        Ok(Self::on_postgres(pool, relay))
    }

    /// The SQLite pools, for tests that look under the store.
    #[doc(hidden)]
    pub fn sqlite(&self) -> &Pools<Sqlite> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools,
            Db::Postgres(_) => panic!("a SQLite store was expected"),
        }
    }

    /// Which backend this store runs on: `sqlite` or `postgres` (for logs and benchmarks).
    pub fn backend(&self) -> &'static str {
        match self.db {
            Db::Sqlite { .. } => "sqlite",
            Db::Postgres(_) => "postgres",
        }
    }

    /// Whether the database answers a trivial query (health checks). It asks the readers' pool,
    /// so that a long write does not make a working database look dead.
    pub async fn ping(&self) -> Result<(), StoreError> {
        on!(self, pools => sqlx::query("SELECT 1").execute(&pools.read).await.map(drop))?;
        Ok(())
    }

    /// How often [`Store::heartbeat`] is asked while the database is up.
    pub const HEARTBEAT_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

    /// Asks the database a trivial question while it is thought up: an answer dates the last
    /// moment it worked (an outage met later began after it), and a failure closes the gate at
    /// once, so that an outage is known within [`Store::HEARTBEAT_EVERY`] even when nobody plays
    /// (the match timer then judges no deadline). Nothing is asked while the gate is shut: the
    /// probe then does the asking.
    pub async fn heartbeat(&self) {
        if self.health.outage().is_some() {
            return;
        }
        match self.ping().await {
            Ok(()) => self.health.answered(),
            Err(StoreError::Db {
                fault: Fault::Closed,
                ..
            }) => {}
            Err(error) => self.noticed(&error),
        }
    }

    /// Takes note of a failure a caller met: one that says the database is unavailable (down,
    /// full, read-only, locked ...) makes every query fail at once with that fault until a probe
    /// in the background finds the database back, every [`health::PROBE_EVERY`].
    pub fn noticed(&self, error: &StoreError) {
        // On PostgreSQL `locked` is one transaction's conflict (a deadlock or a serialization
        // failure the server broke), not the database's state.
        if matches!(self.db, Db::Postgres(_)) && error.fault() == Some(Fault::Locked) {
            return;
        }
        let db = self.db.clone();
        let probe: health::Probe = Box::new(move || {
            let db = db.clone();
            Box::pin(async move { db.answers().await })
        });
        self.health.noticed(error, probe);
    }

    /// The outage under way, if the database is known to be down.
    pub fn outage(&self) -> Option<Outage> {
        self.health.outage()
    }

    /// Closes the database after a clean run: waits for queries in flight; on SQLite, then folds
    /// the write-ahead log into the main file, so that `parlor.db` alone holds every row.
    pub async fn close(&self) {
        let (pools, in_memory) = match &self.db {
            Db::Sqlite {
                pools,
                reader: true,
                ..
            } => {
                pools.read.close().await;
                return;
            }
            Db::Sqlite {
                pools,
                in_memory,
                checkpoints,
                reader: false,
            } => {
                if let Some(checkpoints) = checkpoints {
                    checkpoints.pool.close().await;
                }
                (pools, *in_memory)
            }
            Db::Postgres(pools) => {
                pools.write.close().await;
                return;
            }
        };
        if !in_memory {
            // Readers first: a read-only connection left open would keep the log alive.
            pools.read.close().await;
        }
        match sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .fetch_one(&pools.write)
            .await
        {
            Ok(row) => {
                let busy: i64 = row.try_get(0).unwrap_or(1);
                if busy != 0 {
                    tracing::warn!("the database log could not be folded in: it is still in use");
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot fold the database log in"),
        }
        pools.write.close().await;
    }
}
