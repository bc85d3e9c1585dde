//! Storage: the only place with SQL. SQLite (the embedded default) or PostgreSQL (several bot
//! processes sharing one database), chosen by the address; both run the same queries
//! (`queries.rs`, compiled once per backend by `sqlite.rs` and `postgres.rs`), so a player sees
//! no difference.
//!
//! On SQLite, writes go through a single connection (SQLite has one writer anyway), so
//! transactions never fight over the lock; reads use a small pool of their own. On PostgreSQL
//! one pool serves both, and concurrent processes are kept apart by row and advisory locks.

pub mod backup;
mod change;
mod check;
mod postgres;
mod rows;
mod sqlite;
pub mod web;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Database, Pool, Postgres, Row, Sqlite};
use thiserror::Error;

use crate::i18n::Lang;
pub use change::{Change, LiveState};
pub use rows::*;

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
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("the database holds a value Parlor cannot read: {0}")]
    Corrupt(String),
    #[error("match {0} is no longer live in the database")]
    NotLive(i64),
    /// The turn was already recorded (by another process holding a stale copy of the match).
    #[error("match {0} was changed elsewhere: that turn is already recorded")]
    Conflict(i64),
}

impl StoreError {
    /// Whether waiting may cure it: a database not made or not migrated yet (the bot does it),
    /// or one that cannot be reached right now. The rest needs a person.
    pub fn may_pass(&self) -> bool {
        matches!(
            self,
            StoreError::NotReady { .. } | StoreError::Open { .. } | StoreError::Sql(_)
        )
    }
}

/// The embedded SQLite migrations (`migrations/`), run by [`Store::open`].
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!();

/// The embedded PostgreSQL migrations (`migrations/postgres/`): the same versions, in
/// PostgreSQL's types.
static PG_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

/// A handle on the database; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
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
struct Pools<DB: Database> {
    write: Pool<DB>,
    read: Pool<DB>,
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
fn ready_to_read(
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
fn db_id(id: u64) -> i64 {
    id as i64
}

fn from_db_id(id: i64) -> u64 {
    id as u64
}

impl Store {
    /// Opens the database at `url` and brings its schema up to date: `sqlite://parlor.db`
    /// (created if missing) or `postgres://user:password@host/database` (the database must
    /// exist). A database that is damaged, another application's or from a newer Parlor gives an
    /// error and is left exactly as it was.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        if sqlite_url(url)? {
            Self::open_sqlite(url).await
        } else {
            Self::open_postgres(url).await
        }
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
            .busy_timeout(Duration::from_secs(10));
        let open_error = |e: sqlx::Error| StoreError::Open {
            url: url.to_string(),
            detail: e.to_string(),
        };
        // A file's log is copied by `Checkpoints`, not by the commit that fills it.
        let write_options = if in_memory {
            options.clone()
        } else {
            options.clone().pragma("wal_autocheckpoint", "0")
        };
        let write = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
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
        let shown = shown_url(url);
        let env = |name: &str| std::env::var(name).ok();
        let (options, root) = postgres::connect_options(url, &env)?;
        let host = options.get_host().to_string();
        let pool: PgPool = PgPoolOptions::new()
            .max_connections(postgres::connections(&env, 8)?)
            .acquire_timeout(Duration::from_secs(15))
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Open {
                url: shown.clone(),
                detail: postgres::connect_error(&e, &host, &root),
            })?;
        check::inspect_postgres(&pool, &shown).await?;
        PG_MIGRATOR.run(&pool).await.map_err(|e| StoreError::Open {
            url: shown.clone(),
            detail: format!("cannot bring the schema up to date: {e}"),
        })?;
        Ok(Store {
            db: Db::Postgres(Pools {
                write: pool.clone(),
                read: pool,
            }),
        })
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

    /// PostgreSQL for reading: every transaction of its connections is read-only
    /// (`default_transaction_read_only`), whatever the role may do.
    async fn open_postgres_reader(url: &str) -> Result<Store, StoreError> {
        let shown = shown_url(url);
        let env = |name: &str| std::env::var(name).ok();
        let (options, root) = postgres::connect_options(url, &env)?;
        let host = options.get_host().to_string();
        let pool: PgPool = PgPoolOptions::new()
            .max_connections(postgres::connections(&env, 4)?)
            .acquire_timeout(Duration::from_secs(15))
            .connect_with(options.options([("default_transaction_read_only", "on")]))
            .await
            .map_err(|e| StoreError::Open {
                url: shown.clone(),
                detail: postgres::connect_error(&e, &host, &root),
            })?;
        let applied = applied_migrations(&pool).await;
        if let Err(e) = ready_to_read(&shown, &applied, &PG_MIGRATOR) {
            pool.close().await;
            return Err(e);
        }
        Ok(Store {
            db: Db::Postgres(Pools {
                write: pool.clone(),
                read: pool,
            }),
        })
    }

    /// The SQLite pools, for tests that look under the store.
    #[cfg(test)]
    fn sqlite(&self) -> &Pools<Sqlite> {
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
        match &self.db {
            Db::Sqlite { pools, .. } => sqlx::query("SELECT 1")
                .execute(&pools.read)
                .await
                .map(drop)?,
            Db::Postgres(pools) => sqlx::query("SELECT 1")
                .execute(&pools.read)
                .await
                .map(drop)?,
        }
        Ok(())
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

/// The queries, run on whichever backend the store opened (`queries.rs`).
impl Store {
    /// Records a new challenge (and refreshes both players' names); returns the match id.
    pub async fn create_challenge(&self, m: &NewMatch) -> Result<i64, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.create_challenge(m).await,
            Db::Postgres(pools) => pools.create_challenge(m).await,
        }
    }

    /// Moves a match into its thread (`channel`, under `parent`) and records its card.
    pub async fn relocate(
        &self,
        id: i64,
        channel: u64,
        parent: Option<u64>,
        card: Option<(u64, u64)>,
    ) -> Result<(), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.relocate(id, channel, parent, card).await,
            Db::Postgres(pools) => pools.relocate(id, channel, parent, card).await,
        }
    }

    /// Records where a match's challenge card is.
    pub async fn set_card(&self, id: i64, channel: u64, message: u64) -> Result<(), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.set_card(id, channel, message).await,
            Db::Postgres(pools) => pools.set_card(id, channel, message).await,
        }
    }

    /// Seats a player on an empty seat of a pending challenge (a four-seat lobby). Returns false
    /// (and changes nothing) when the challenge is no longer pending or the seat is taken.
    pub async fn take_seat(
        &self,
        id: i64,
        seat: u8,
        player: &PlayerRef,
        bot_level: Option<u8>,
        at: i64,
    ) -> Result<bool, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.take_seat(id, seat, player, bot_level, at).await,
            Db::Postgres(pools) => pools.take_seat(id, seat, player, bot_level, at).await,
        }
    }

    /// Turns a pending challenge into a live match, seating `opponent` on the empty seat of a
    /// two-seat challenge (a lobby's seats are already taken). Returns false (and changes
    /// nothing) when the challenge was no longer pending or a seat is still empty.
    pub async fn start_match(
        &self,
        id: i64,
        opponent: Option<&PlayerRef>,
        started_at: i64,
        deadline_at: Option<i64>,
    ) -> Result<bool, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => {
                pools
                    .start_match(id, opponent, started_at, deadline_at)
                    .await
            }
            Db::Postgres(pools) => {
                pools
                    .start_match(id, opponent, started_at, deadline_at)
                    .await
            }
        }
    }

    /// Closes a pending challenge (declined, cancelled, expired, or aborted by a moderator).
    pub async fn close_challenge(
        &self,
        id: i64,
        status: MatchStatus,
        at: i64,
    ) -> Result<bool, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.close_challenge(id, status, at).await,
            Db::Postgres(pools) => pools.close_challenge(id, status, at).await,
        }
    }

    /// Applies one change to a live match in a single transaction: the new log entry (if any),
    /// the deadline and standing offers, and at the end the result and rating updates.
    /// Returns the rating changes made (empty unless the match was rated and just finished).
    /// A log entry whose number is already taken (another process recorded that turn) fails
    /// and changes nothing.
    pub async fn update_match(
        &self,
        update: &MatchUpdate<'_>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.update_match(update).await,
            Db::Postgres(pools) => pools.update_match(update).await,
        }
    }

    /// Every pending challenge and live match whose place `keep` accepts (server, `None` for
    /// none; channel), with its log, for a restart.
    pub async fn open_matches(
        &self,
        keep: &(dyn Fn(Option<u64>, u64) -> bool + Sync),
    ) -> Result<Vec<(MatchRow, Vec<LogEntry>)>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.open_matches(keep).await,
            Db::Postgres(pools) => pools.open_matches(keep).await,
        }
    }

    /// One match, whatever its status.
    pub async fn match_by_id(&self, id: i64) -> Result<Option<MatchRow>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.match_by_id(id).await,
            Db::Postgres(pools) => pools.match_by_id(id).await,
        }
    }

    /// The move log of a match, in order.
    pub async fn log(&self, match_id: i64) -> Result<Vec<LogEntry>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.log(match_id).await,
            Db::Postgres(pools) => pools.log(match_id).await,
        }
    }

    /// When this user last issued a challenge (for the cooldown).
    pub async fn last_challenge_at(&self, user: u64) -> Result<Option<i64>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.last_challenge_at(user).await,
            Db::Postgres(pools) => pools.last_challenge_at(user).await,
        }
    }

    /// The latest finished or aborted match in a channel that this user played.
    pub async fn last_closed_in_channel(
        &self,
        channel: u64,
        user: u64,
    ) -> Result<Option<MatchRow>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.last_closed_in_channel(channel, user).await,
            Db::Postgres(pools) => pools.last_closed_in_channel(channel, user).await,
        }
    }

    /// A player's rating in one game and scope, if they have played one rated game there.
    pub async fn rating(
        &self,
        user: u64,
        game: &str,
        scope: i64,
    ) -> Result<Option<RatingRow>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.rating(user, game, scope).await,
            Db::Postgres(pools) => pools.rating(user, game, scope).await,
        }
    }

    /// Every rating of a player (all games, all scopes).
    pub async fn ratings_of(&self, user: u64) -> Result<Vec<RatingRow>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.ratings_of(user).await,
            Db::Postgres(pools) => pools.ratings_of(user).await,
        }
    }

    /// One page of a ladder: established ratings only (deviation at most `max_deviation`), best
    /// first; also the number of such ratings, for paging.
    pub async fn leaderboard(
        &self,
        game: &str,
        scope: i64,
        max_deviation: f64,
        limit: u32,
        offset: u32,
    ) -> Result<(Vec<RatingRow>, u32), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => {
                pools
                    .leaderboard(game, scope, max_deviation, limit, offset)
                    .await
            }
            Db::Postgres(pools) => {
                pools
                    .leaderboard(game, scope, max_deviation, limit, offset)
                    .await
            }
        }
    }

    /// The provisional ratings of a ladder (deviation above `max_deviation`), most games first,
    /// then best; also how many there are.
    pub async fn provisional(
        &self,
        game: &str,
        scope: i64,
        max_deviation: f64,
        limit: u32,
    ) -> Result<(Vec<RatingRow>, u32), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.provisional(game, scope, max_deviation, limit).await,
            Db::Postgres(pools) => pools.provisional(game, scope, max_deviation, limit).await,
        }
    }

    /// How many established ratings in a ladder are above `rating` (rank = this + 1).
    pub async fn count_above(
        &self,
        game: &str,
        scope: i64,
        rating: f64,
        max_deviation: f64,
    ) -> Result<u32, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.count_above(game, scope, rating, max_deviation).await,
            Db::Postgres(pools) => pools.count_above(game, scope, rating, max_deviation).await,
        }
    }

    /// Finished matches between two players, per game: (game, a's wins, draws, a's losses).
    pub async fn head_to_head(&self, a: u64, b: u64) -> Result<Vec<Tally>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.head_to_head(a, b).await,
            Db::Postgres(pools) => pools.head_to_head(a, b).await,
        }
    }

    /// A player's latest finished or aborted matches, newest first.
    pub async fn history(&self, user: u64, limit: u32) -> Result<Vec<MatchRow>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.history(user, limit).await,
            Db::Postgres(pools) => pools.history(user, limit).await,
        }
    }

    /// A server's settings (the defaults for a server never configured).
    pub async fn guild_settings(&self, guild: u64) -> Result<GuildSettings, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.guild_settings(guild).await,
            Db::Postgres(pools) => pools.guild_settings(guild).await,
        }
    }

    /// Writes a server's settings.
    pub async fn set_guild_settings(
        &self,
        guild: u64,
        settings: &GuildSettings,
    ) -> Result<(), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.set_guild_settings(guild, settings).await,
            Db::Postgres(pools) => pools.set_guild_settings(guild, settings).await,
        }
    }

    /// Whether a player wants to be reminded when their clock runs low (yes unless they said no).
    pub async fn reminders(&self, player: u64) -> Result<bool, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.reminders(player).await,
            Db::Postgres(pools) => pools.reminders(player).await,
        }
    }

    /// Turns a player's reminders on or off.
    pub async fn set_reminders(
        &self,
        player: &PlayerRef,
        on: bool,
        at: i64,
    ) -> Result<(), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.set_reminders(player, on, at).await,
            Db::Postgres(pools) => pools.set_reminders(player, on, at).await,
        }
    }

    /// Whether a person hid their name on the web pages (`/settings my-web:off`: shown there as
    /// "anonymous"); no by default.
    pub async fn web_hidden(&self, player: u64) -> Result<bool, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_hidden(player).await,
            Db::Postgres(pools) => pools.web_hidden(player).await,
        }
    }

    /// Hides a person's name on the web pages, or shows it again.
    pub async fn set_web_hidden(
        &self,
        player: &PlayerRef,
        hidden: bool,
        at: i64,
    ) -> Result<(), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.set_web_hidden(player, hidden, at).await,
            Db::Postgres(pools) => pools.set_web_hidden(player, hidden, at).await,
        }
    }

    /// A player's random public key, which names their web page instead of their Discord id
    /// (`None` for someone who never played nor changed a setting).
    pub async fn web_key(&self, player: u64) -> Result<Option<String>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_key(player).await,
            Db::Postgres(pools) => pools.web_key(player).await,
        }
    }

    /// The language a person chose for their private replies (`None`: `auto`).
    pub async fn language(&self, player: u64) -> Result<Option<Lang>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.language(player).await,
            Db::Postgres(pools) => pools.language(player).await,
        }
    }

    /// Sets (or with `None`, resets to `auto`) a person's own language.
    pub async fn set_language(
        &self,
        player: &PlayerRef,
        language: Option<Lang>,
        at: i64,
    ) -> Result<(), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.set_language(player, language, at).await,
            Db::Postgres(pools) => pools.set_language(player, language, at).await,
        }
    }

    /// Records that news of a match could not be posted, and why (`gone`, or the missing
    /// permissions); a later failure replaces an earlier one.
    pub async fn set_undelivered(
        &self,
        match_id: i64,
        reason: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.set_undelivered(match_id, reason, at).await,
            Db::Postgres(pools) => pools.set_undelivered(match_id, reason, at).await,
        }
    }

    /// Takes (reads and forgets) why news of a match could not be posted, if it could not.
    pub async fn take_undelivered(&self, match_id: i64) -> Result<Option<String>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.take_undelivered(match_id).await,
            Db::Postgres(pools) => pools.take_undelivered(match_id).await,
        }
    }

    /// The open matches of a player whose news could not be posted, newest failure first.
    pub async fn undelivered_of(&self, player: u64) -> Result<Vec<(i64, String)>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.undelivered_of(player).await,
            Db::Postgres(pools) => pools.undelivered_of(player).await,
        }
    }
}

/// The coach's analyses of finished matches (`analyses`).
impl Store {
    /// The stored analysis of a match, done or under way.
    pub async fn analysis(&self, match_id: i64) -> Result<Option<AnalysisRow>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.analysis(match_id).await,
            Db::Postgres(pools) => pools.analysis(match_id).await,
        }
    }

    /// Records that an analysis of a match at `nodes` search steps per position has started
    /// ('pending', so that a restart starts it again). False if one is already recorded.
    pub async fn begin_analysis(
        &self,
        match_id: i64,
        nodes: u64,
        at: i64,
    ) -> Result<bool, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.begin_analysis(match_id, nodes, at).await,
            Db::Postgres(pools) => pools.begin_analysis(match_id, nodes, at).await,
        }
    }

    /// Stores a finished analysis (its text) on its pending row.
    pub async fn finish_analysis(
        &self,
        match_id: i64,
        result: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.finish_analysis(match_id, result, at).await,
            Db::Postgres(pools) => pools.finish_analysis(match_id, result, at).await,
        }
    }

    /// Forgets a match's analysis (one that failed, or cannot be read any more).
    pub async fn drop_analysis(&self, match_id: i64) -> Result<(), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.drop_analysis(match_id).await,
            Db::Postgres(pools) => pools.drop_analysis(match_id).await,
        }
    }

    /// The matches whose analysis was started and never finished (cut short by a restart),
    /// oldest request first.
    pub async fn pending_analyses(&self) -> Result<Vec<i64>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.pending_analyses().await,
            Db::Postgres(pools) => pools.pending_analyses().await,
        }
    }
}

/// A server's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    /// Each accepted match moves into a thread of its own.
    pub threads: bool,
    /// The server was told once why the bot could not create threads.
    pub told_no_threads: bool,
    /// What the whole server reads; `None` is `auto` (Discord's locale, then `PARLOR_LANG`).
    pub language: Option<Lang>,
    /// The unguessable part of the server's web pages' address while they are on (`/settings
    /// web:on`); `None` while they are off. Turned on again, they get a new one.
    pub web_slug: Option<String>,
    /// The server's name as last seen, for the web pages' titles.
    pub web_name: Option<String>,
}

impl Default for GuildSettings {
    fn default() -> Self {
        GuildSettings {
            threads: true,
            told_no_threads: false,
            language: None,
            web_slug: None,
            web_name: None,
        }
    }
}

/// A stored language code (`en`, `fr`; NULL for `auto`) as a language.
fn lang_of(code: Option<String>) -> Result<Option<Lang>, StoreError> {
    code.map(|c| {
        Lang::from_locale(&c).ok_or_else(|| StoreError::Corrupt(format!("{c} is no language")))
    })
    .transpose()
}

/// The condition "the player bound at `param` holds a seat in match `m`".
fn played_by(param: &str) -> String {
    format!("m.id IN (SELECT match_id FROM match_seats WHERE player_id = {param})")
}

const MATCH_SELECT: &str = "SELECT m.*, c.name AS challenger_name, o.name AS opponent_name \
     FROM matches m JOIN players c ON c.id = m.challenger_id \
     LEFT JOIN players o ON o.id = m.opponent_id";

/// The two parts of a ladder: settled ratings (deviation at most the bound), ranked best first,
/// and provisional ones, most games first.
#[derive(Clone, Copy)]
enum Part {
    Settled(f64),
    Provisional(f64),
}

const RATING_SELECT: &str = "SELECT r.*, p.name AS player_name FROM ratings r \
     JOIN players p ON p.id = r.player_id";

fn to_u32(v: i64) -> Result<u32, StoreError> {
    u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("{v} is out of range")))
}

fn to_u8(v: i64) -> Result<u8, StoreError> {
    u8::try_from(v).map_err(|_| StoreError::Corrupt(format!("{v} is out of range")))
}

#[cfg(test)]
mod tests {
    use super::{MIGRATOR, StoreError, ready_to_read, shown_url};

    #[test]
    fn a_reader_reads_only_a_schema_exactly_this_builds() {
        let all: Vec<(i64, bool)> = MIGRATOR.iter().map(|m| (m.version, true)).collect();
        assert!(ready_to_read("p.db", &all, &MIGRATOR).is_ok());
        let said = |applied: &[(i64, bool)]| match ready_to_read("p.db", applied, &MIGRATOR) {
            Err(e) => e,
            Ok(()) => panic!("{applied:?} read"),
        };
        let empty = said(&[]);
        assert!(matches!(empty, StoreError::NotReady { .. }), "{empty}");
        assert!(empty.to_string().contains("parlor bot"), "{empty}");
        let older = said(&all[..all.len() - 1]);
        let (have, want) = (all[all.len() - 2].0, all[all.len() - 1].0);
        assert!(
            older.to_string().contains(&format!(
                "schema version {have} and this Parlor reads version {want}"
            )),
            "{older}"
        );
        let mut newer = all.clone();
        newer.push((want + 1, true));
        assert!(matches!(said(&newer), StoreError::Newer { version, .. } if version == want + 1));
        let mut unfinished = all.clone();
        unfinished[all.len() - 1].1 = false;
        assert!(matches!(said(&unfinished), StoreError::Damaged { .. }));
    }

    #[test]
    fn a_shown_address_never_carries_the_password() {
        assert_eq!(
            shown_url("postgres://parlor:s3cr:et@db.example.org:5432/parlor?sslmode=require"),
            "postgres://parlor:***@db.example.org:5432/parlor?sslmode=require"
        );
        assert_eq!(
            shown_url("postgres://parlor@127.0.0.1:5432/parlor"),
            "postgres://parlor@127.0.0.1:5432/parlor"
        );
        assert_eq!(shown_url("postgres://localhost"), "postgres://localhost");
        assert_eq!(shown_url("sqlite://parlor.db"), "sqlite://parlor.db");
        assert_eq!(shown_url("garbage"), "garbage");
    }
}
