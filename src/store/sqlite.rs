//! What only SQLite does, and the steps of queries on its own transactions (`queries/tx.rs`).

use sqlx::{Sqlite, Transaction};

use super::{Pools, StoreError};

/// The backend `queries/tx.rs` is compiled for here.
type Db = Sqlite;

// The same steps are compiled once for each backend, on purpose (see queries/tx.rs).
#[allow(clippy::duplicate_mod)]
#[path = "queries/tx.rs"]
mod tx;

impl Pools<Sqlite> {
    /// Nothing to lock: SQLite has one writer, and this process holds it for the transaction.
    pub(super) async fn lock_players(
        &self,
        _tx: &mut Transaction<'_, Sqlite>,
        _players: &[u64],
    ) -> Result<(), StoreError> {
        Ok(())
    }
}
