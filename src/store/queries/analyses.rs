//! The coach's analyses of finished matches (`analyses`): requested ('pending', so that a
//! restart starts them again), then done with their text.

use sqlx::Row;

use crate::store::decode::Fetch;
use crate::store::{AnalysisRow, Store, StoreError};

impl Store {
    /// The stored analysis of a match, done or under way.
    pub async fn analysis(&self, match_id: i64) -> Result<Option<AnalysisRow>, StoreError> {
        let row: Option<(String, i64, String)> = on!(self, pools => {
            sqlx::query("SELECT status, nodes, result FROM analyses WHERE match_id = $1")
                .bind(match_id)
                .optional(&pools.read, |r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
                .await?
        });
        let Some((status, nodes, result)) = row else {
            return Ok(None);
        };
        Ok(Some(AnalysisRow {
            match_id,
            done: match status.as_str() {
                "done" => true,
                "pending" => false,
                other => {
                    return Err(StoreError::Corrupt(format!(
                        "analysis status {other:?} of match {match_id}"
                    )));
                }
            },
            nodes: u64::try_from(nodes)
                .map_err(|_| StoreError::Corrupt(format!("{nodes} search steps")))?,
            result,
        }))
    }

    /// Records that an analysis of a match at `nodes` search steps per position has started
    /// ('pending', so that a restart starts it again). False if one is already recorded.
    pub async fn begin_analysis(
        &self,
        match_id: i64,
        nodes: u64,
        at: i64,
    ) -> Result<bool, StoreError> {
        let added = on!(self, pools => sqlx::query(
            "INSERT INTO analyses (match_id, status, nodes, requested_at) \
             VALUES ($1, 'pending', $2, $3) ON CONFLICT (match_id) DO NOTHING",
        )
        .bind(match_id)
        .bind(i64::try_from(nodes).unwrap_or(i64::MAX))
        .bind(at)
        .execute(&pools.write)
        .await?
        .rows_affected());
        Ok(added == 1)
    }

    /// Stores a finished analysis (its text) on its pending row.
    pub async fn finish_analysis(
        &self,
        match_id: i64,
        result: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        on!(self, pools => sqlx::query(
            "UPDATE analyses SET status = 'done', result = $1, finished_at = $2 \
             WHERE match_id = $3",
        )
        .bind(result)
        .bind(at)
        .bind(match_id)
        .execute(&pools.write)
        .await.map(drop))?;
        Ok(())
    }

    /// Forgets a match's analysis (one that failed, or cannot be read any more).
    pub async fn drop_analysis(&self, match_id: i64) -> Result<(), StoreError> {
        on!(self, pools => sqlx::query("DELETE FROM analyses WHERE match_id = $1")
            .bind(match_id)
            .execute(&pools.write)
            .await.map(drop))?;
        Ok(())
    }

    /// The matches whose analysis was started and never finished (cut short by a restart),
    /// oldest request first.
    pub async fn pending_analyses(&self) -> Result<Vec<i64>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT match_id FROM analyses WHERE status = 'pending' \
                 ORDER BY requested_at, match_id",
            )
            .all(&pools.read, |r| r.try_get::<i64, _>(0).map_err(StoreError::from))
            .await
        })
    }
}
