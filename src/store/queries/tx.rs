//! The steps a query takes on its backend's own transaction or pool, written once and compiled
//! for each backend: `sqlite.rs` and `postgres.rs` include this file as a module of their own,
//! with `Db` naming their backend.

use sqlx::{Row, Transaction};

use super::Db;
use crate::store::decode::match_with_seats;
use crate::store::{
    Glicko, MatchRow, PlayerRef, Pools, RatingChange, RatingJob, StoreError, db_id,
};

impl Pools<Db> {
    /// Records a player's id and the name last seen.
    pub(in crate::store) async fn upsert_player(
        &self,
        tx: &mut Transaction<'_, Db>,
        player: &PlayerRef,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO players (id, name, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at",
        )
        .bind(db_id(player.id))
        .bind(&player.name)
        .bind(at)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }

    /// A match row (`MATCH_SELECT`) with its seats.
    pub(in crate::store) async fn read_match(
        &self,
        row: &<Db as sqlx::Database>::Row,
    ) -> Result<MatchRow, StoreError> {
        let id: i64 = row.try_get("id")?;
        let seats = sqlx::query(
            "SELECT s.match_id, s.seat, s.player_id, p.name FROM match_seats s \
             LEFT JOIN players p ON p.id = s.player_id WHERE s.match_id = $1 ORDER BY s.seat",
        )
        .bind(id)
        .fetch_all(&self.read)
        .await?;
        match_with_seats(row, &seats)
    }

    /// Match rows with their seats. A match that cannot be read is left out of the list (and
    /// said in the log) rather than hiding every other one.
    pub(in crate::store) async fn read_matches(
        &self,
        rows: &[<Db as sqlx::Database>::Row],
    ) -> Result<Vec<MatchRow>, StoreError> {
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            match self.read_match(row).await {
                Ok(m) => out.push(m),
                Err(StoreError::Corrupt(error)) => {
                    tracing::error!(%error, "a match cannot be read; left out of the list");
                }
                Err(other) => return Err(other),
            }
        }
        Ok(out)
    }

    /// Reads every seat's rating in one scope, rates the game, writes ratings and history. A player
    /// holding two seats (the bot) is not rated: only rated matches between people get here.
    pub(in crate::store) async fn rate_scope(
        &self,
        tx: &mut Transaction<'_, Db>,
        match_id: i64,
        job: &RatingJob<'_>,
        scope: i64,
        changes: &mut Vec<RatingChange>,
    ) -> Result<(), StoreError> {
        let mut before = vec![job.initial; job.players.len()];
        for (slot, &player) in before.iter_mut().zip(&job.players) {
            let row = sqlx::query(
                "SELECT rating, deviation, volatility, last_played FROM ratings \
                 WHERE player_id = $1 AND game = $2 AND scope = $3",
            )
            .bind(db_id(player))
            .bind(job.game)
            .bind(scope)
            .fetch_optional(&mut **tx)
            .await?;
            if let Some(r) = row {
                let stored = Glicko {
                    rating: r.try_get(0)?,
                    deviation: r.try_get(1)?,
                    volatility: r.try_get(2)?,
                };
                let last_played: i64 = r.try_get(3)?;
                *slot = (job.decay)(stored, job.at.saturating_sub(last_played));
            }
        }
        let after = (job.rate)(&before, job.score_first);
        if after.len() != job.players.len() || job.scores.len() != job.players.len() {
            return Err(StoreError::Corrupt(format!(
                "{} ratings and {} scores for {} seats",
                after.len(),
                job.scores.len(),
                job.players.len()
            )));
        }
        for seat in 0..job.players.len() {
            let score = job.scores[seat];
            let (w, d, l) = if score > 0.75 {
                (1, 0, 0)
            } else if score < 0.25 {
                (0, 0, 1)
            } else {
                (0, 1, 0)
            };
            let player = job.players[seat];
            sqlx::query(
                "INSERT INTO ratings (player_id, game, scope, rating, deviation, volatility, games, \
                 wins, draws, losses, last_played) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, $10) \
                 ON CONFLICT (player_id, game, scope) DO UPDATE SET rating = excluded.rating, \
                 deviation = excluded.deviation, volatility = excluded.volatility, \
                 games = ratings.games + 1, wins = ratings.wins + excluded.wins, \
                 draws = ratings.draws + excluded.draws, losses = ratings.losses + excluded.losses, \
                 last_played = excluded.last_played",
            )
            .bind(db_id(player))
            .bind(job.game)
            .bind(scope)
            .bind(after[seat].rating)
            .bind(after[seat].deviation)
            .bind(after[seat].volatility)
            .bind(w)
            .bind(d)
            .bind(l)
            .bind(job.at)
            .execute(&mut **tx)
            .await?;
            sqlx::query(
                "INSERT INTO rating_history (match_id, player_id, scope, rating_before, \
                 deviation_before, rating_after, deviation_after, volatility_after) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(match_id)
            .bind(db_id(player))
            .bind(scope)
            .bind(before[seat].rating)
            .bind(before[seat].deviation)
            .bind(after[seat].rating)
            .bind(after[seat].deviation)
            .bind(after[seat].volatility)
            .execute(&mut **tx)
            .await?;
            changes.push(RatingChange {
                player_id: player,
                scope,
                rating_before: before[seat].rating,
                deviation_before: before[seat].deviation,
                after: after[seat],
            });
        }
        Ok(())
    }
}
