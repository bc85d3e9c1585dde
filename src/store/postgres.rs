//! The queries compiled for PostgreSQL, and what only PostgreSQL does.

use sqlx::postgres::PgRow;
use sqlx::{Postgres, Transaction};

use super::{Pools, StoreError, db_id};

/// The backend `queries.rs` is compiled for here.
type Db = Postgres;
/// A row of that backend.
type DbRow = PgRow;

// The same queries are compiled once for each backend, on purpose (see queries.rs).
#[allow(clippy::duplicate_mod)]
#[path = "queries.rs"]
mod queries;

impl Pools<Postgres> {
    /// Serialises rating updates per player across processes: without it, two matches of one
    /// person ending at once in two processes would both read the old rating and one change
    /// would be lost. Locks are taken in id order (no deadlock) and held to the commit.
    async fn lock_players(
        tx: &mut Transaction<'_, Postgres>,
        players: &[u64],
    ) -> Result<(), StoreError> {
        let mut ids: Vec<i64> = players.iter().map(|&p| db_id(p)).collect();
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            sqlx::query("SELECT pg_advisory_xact_lock($1)")
                .bind(id)
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }
}
