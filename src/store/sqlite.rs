//! The queries compiled for SQLite, and what only SQLite does.

use sqlx::sqlite::SqliteRow;
use sqlx::{Sqlite, Transaction};

use super::{Pools, StoreError};

/// The backend `queries.rs` is compiled for here.
type Db = Sqlite;
/// A row of that backend.
type DbRow = SqliteRow;

// The same queries are compiled once for each backend, on purpose (see queries.rs).
#[allow(clippy::duplicate_mod)]
#[path = "queries.rs"]
mod queries;
#[allow(clippy::duplicate_mod)]
#[path = "web_queries.rs"]
mod web_queries;

impl Pools<Sqlite> {
    /// Nothing to lock: SQLite has one writer, and this process holds it for the transaction.
    async fn lock_players(
        _tx: &mut Transaction<'_, Sqlite>,
        _players: &[u64],
    ) -> Result<(), StoreError> {
        Ok(())
    }
}
