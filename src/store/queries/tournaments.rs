//! Tournaments: one row each with its whole state (JSON written by the tournament service),
//! rewritten by every transition under a sequence number, and the link of each board to its
//! match (written with the match, in `matches.rs`).

use sqlx::Row;

use crate::store::decode::Fetch;
use crate::store::{Store, StoreError, db_id, from_db_id};

/// A stored tournament, as the service restores it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: i64,
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    pub parent_id: Option<u64>,
    pub organiser_id: u64,
    /// `open`, `running`, `over` or `cancelled`.
    pub status: String,
    /// Transitions committed so far.
    pub seq: i64,
    /// The service's state, as JSON.
    pub state: String,
}

/// The statuses of a tournament that still has something to do.
const OPEN: &str = "status IN ('open', 'running')";

fn tournament_from_row<R: Row>(row: &R) -> Result<TournamentRow, StoreError>
where
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    i64: for<'a> sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
    String: for<'a> sqlx::Decode<'a, R::Database> + sqlx::Type<R::Database>,
{
    let opt = |name: &str| -> Result<Option<u64>, StoreError> {
        Ok(row.try_get::<Option<i64>, _>(name)?.map(from_db_id))
    };
    Ok(TournamentRow {
        id: row.try_get("id")?,
        guild_id: opt("guild_id")?,
        channel_id: from_db_id(row.try_get("channel_id")?),
        parent_id: opt("parent_id")?,
        organiser_id: from_db_id(row.try_get("organiser_id")?),
        status: row.try_get("status")?,
        seq: row.try_get("seq")?,
        state: row.try_get("state")?,
    })
}

impl Store {
    /// Records a new tournament (transition 0); returns its id.
    pub async fn create_tournament(
        &self,
        row: &TournamentRow,
        now: i64,
    ) -> Result<i64, StoreError> {
        on!(self, pools => {
            let found = sqlx::query(
                "INSERT INTO tournaments (guild_id, channel_id, parent_id, organiser_id, status, \
                 seq, state, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
            )
            .bind(row.guild_id.map(db_id))
            .bind(db_id(row.channel_id))
            .bind(row.parent_id.map(db_id))
            .bind(db_id(row.organiser_id))
            .bind(&row.status)
            .bind(row.seq)
            .bind(&row.state)
            .bind(now)
            .fetch_one(&pools.write)
            .await?;
            Ok(found.try_get(0)?)
        })
    }

    /// Writes transition `seq` of tournament `id`: its status and state after it. Refused as
    /// [`StoreError::Conflict`] unless the stored tournament is at transition `seq - 1` (another
    /// writer went first, or this one is stale).
    pub async fn save_tournament(
        &self,
        id: i64,
        seq: i64,
        status: &str,
        state: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        on!(self, pools => {
            let done = sqlx::query(
                "UPDATE tournaments SET seq = $1, status = $2, state = $3, updated_at = $4 \
                 WHERE id = $5 AND seq = $6",
            )
            .bind(seq)
            .bind(status)
            .bind(state)
            .bind(now)
            .bind(id)
            .bind(seq - 1)
            .execute(&pools.write)
            .await?
            .rows_affected();
            if done == 1 { Ok(()) } else { Err(StoreError::Conflict(id)) }
        })
    }

    /// Every tournament still open or running whose place `keep` accepts (server, channel).
    pub async fn open_tournaments(
        &self,
        keep: &(dyn Fn(Option<u64>, u64) -> bool + Sync),
    ) -> Result<Vec<TournamentRow>, StoreError> {
        on!(self, pools => {
            let all = sqlx::query(&format!("SELECT * FROM tournaments WHERE {OPEN} ORDER BY id"))
                .all(&pools.read, tournament_from_row)
                .await?;
            Ok(all.into_iter().filter(|t| keep(t.guild_id, t.channel_id)).collect())
        })
    }

    /// One tournament, whatever its status.
    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        on!(self, pools => {
            sqlx::query("SELECT * FROM tournaments WHERE id = $1")
                .bind(id)
                .optional(&pools.read, tournament_from_row)
                .await
        })
    }

    /// The latest tournament created in `channel`, whatever its status.
    pub async fn latest_tournament_in(
        &self,
        channel: u64,
    ) -> Result<Option<TournamentRow>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT * FROM tournaments WHERE channel_id = $1 ORDER BY id DESC LIMIT 1",
            )
            .bind(db_id(channel))
            .optional(&pools.read, tournament_from_row)
            .await
        })
    }

    /// The matches of a tournament's round (0-based), by board.
    pub async fn tournament_games(
        &self,
        tournament: i64,
        round: usize,
    ) -> Result<Vec<(usize, i64)>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT board, match_id FROM tournament_games \
                 WHERE tournament_id = $1 AND round = $2 ORDER BY board",
            )
            .bind(tournament)
            .bind(round as i64)
            .all(&pools.read, |r| Ok((r.try_get::<i64, _>(0)? as usize, r.try_get::<i64, _>(1)?)))
            .await
        })
    }

    /// The latest `limit` tournaments of a server, newest first, whatever their status.
    pub async fn tournaments_of(
        &self,
        guild: u64,
        limit: u32,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT * FROM tournaments WHERE guild_id = $1 ORDER BY id DESC LIMIT $2",
            )
            .bind(db_id(guild))
            .bind(i64::from(limit))
            .all(&pools.read, tournament_from_row)
            .await
        })
    }

    /// Every match of a tournament: (round from 0, board from 0, match).
    pub async fn tournament_matches(
        &self,
        tournament: i64,
    ) -> Result<Vec<(usize, usize, i64)>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT round, board, match_id FROM tournament_games \
                 WHERE tournament_id = $1 ORDER BY round, board",
            )
            .bind(tournament)
            .all(&pools.read, |r| {
                    Ok((
                        r.try_get::<i64, _>(0)? as usize,
                        r.try_get::<i64, _>(1)? as usize,
                        r.try_get::<i64, _>(2)?,
                    ))
                })
            .await
        })
    }

    /// Tournament `id`'s scheduled event on its server: the transport's event id, if one was
    /// created, and its status as last set (`none` until then).
    pub async fn tournament_calendar(
        &self,
        id: i64,
    ) -> Result<Option<(Option<u64>, String)>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT calendar_id, calendar_status FROM tournaments WHERE id = $1",
            )
            .bind(id)
            .optional(&pools.read, |r| {
                Ok((
                    r.try_get::<Option<i64>, _>(0)?.map(from_db_id),
                    r.try_get::<String, _>(1)?,
                ))
            })
            .await
        })
    }

    /// Records tournament `id`'s scheduled event as the transport left it.
    pub async fn set_tournament_calendar(
        &self,
        id: i64,
        event: Option<u64>,
        status: &str,
    ) -> Result<(), StoreError> {
        on!(self, pools => {
            sqlx::query(
                "UPDATE tournaments SET calendar_id = $1, calendar_status = $2 WHERE id = $3",
            )
            .bind(event.map(db_id))
            .bind(status)
            .bind(id)
            .execute(&pools.write)
            .await?;
            Ok(())
        })
    }

    /// How many tournaments there are by status (for `/metrics`).
    pub async fn tournament_counts(&self) -> Result<Vec<(String, i64)>, StoreError> {
        on!(self, pools => {
            sqlx::query("SELECT status, COUNT(*) FROM tournaments GROUP BY status")
                .all(&pools.read, |r| Ok((r.try_get::<String, _>(0)?, r.try_get::<i64, _>(1)?)))
                .await
        })
    }
}
