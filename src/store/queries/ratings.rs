//! Ratings: one player's, the ladders (settled and provisional parts), ranks, and head-to-head
//! tallies. They are written by `update_match` (`tx.rs`), in the transaction that ends a match.

use sqlx::Row;

use super::RATING_SELECT;
use crate::store::decode::{Fetch, rating_from_row, tally, to_u32};
use crate::store::{RatingRow, Store, StoreError, Tally, db_id};

/// The two parts of a ladder: settled ratings (deviation at most the bound), ranked best first,
/// and provisional ones, most games first.
#[derive(Clone, Copy)]
enum Part {
    Settled(f64),
    Provisional(f64),
}

impl Store {
    /// A player's rating in one game and scope, if they have played one rated game there.
    pub async fn rating(
        &self,
        user: u64,
        game: &str,
        scope: i64,
    ) -> Result<Option<RatingRow>, StoreError> {
        on!(self, pools => {
            sqlx::query(&format!(
                "{RATING_SELECT} WHERE r.player_id = $1 AND r.game = $2 AND r.scope = $3"
            ))
            .bind(db_id(user))
            .bind(game)
            .bind(scope)
            .optional(&pools.read, rating_from_row)
            .await
        })
    }

    /// Every rating of a player (all games, all scopes).
    pub async fn ratings_of(&self, user: u64) -> Result<Vec<RatingRow>, StoreError> {
        on!(self, pools => {
            sqlx::query(&format!(
                "{RATING_SELECT} WHERE r.player_id = $1 ORDER BY r.game, r.scope"
            ))
            .bind(db_id(user))
            .all(&pools.read, rating_from_row)
            .await
        })
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
        let part = Part::Settled(max_deviation);
        self.ladder(game, scope, part, limit, offset).await
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
        let part = Part::Provisional(max_deviation);
        self.ladder(game, scope, part, limit, 0).await
    }

    /// One page of one part of a ladder, and how many ratings that part holds.
    async fn ladder(
        &self,
        game: &str,
        scope: i64,
        part: Part,
        limit: u32,
        offset: u32,
    ) -> Result<(Vec<RatingRow>, u32), StoreError> {
        let (condition, order, max_deviation) = match part {
            Part::Settled(d) => ("r.deviation <= $3", "r.rating DESC, r.player_id", d),
            Part::Provisional(d) => (
                "r.deviation > $3",
                "r.games DESC, r.rating DESC, r.player_id",
                d,
            ),
        };
        let page = format!(
            "{RATING_SELECT} WHERE r.game = $1 AND r.scope = $2 AND {condition} \
             ORDER BY {order} LIMIT $4 OFFSET $5"
        );
        let count = format!(
            "SELECT COUNT(*) FROM ratings r WHERE r.game = $1 AND r.scope = $2 AND {condition}"
        );
        on!(self, pools => {
            let rows = sqlx::query(&page)
                .bind(game)
                .bind(scope)
                .bind(max_deviation)
                .bind(i64::from(limit))
                .bind(i64::from(offset))
                .fetch_all(&pools.read)
                .await?;
            let total: i64 = sqlx::query(&count)
                .bind(game)
                .bind(scope)
                .bind(max_deviation)
                .fetch_one(&pools.read)
                .await?
                .try_get(0)?;
            let rows = rows.iter().map(rating_from_row).collect::<Result<_, _>>()?;
            Ok((rows, to_u32(total)?))
        })
    }

    /// How many established ratings in a ladder are above `rating` (rank = this + 1).
    pub async fn count_above(
        &self,
        game: &str,
        scope: i64,
        rating: f64,
        max_deviation: f64,
    ) -> Result<u32, StoreError> {
        let n: i64 = on!(self, pools => sqlx::query(
            "SELECT COUNT(*) FROM ratings WHERE game = $1 AND scope = $2 AND deviation <= $3 \
             AND rating > $4",
        )
        .bind(game)
        .bind(scope)
        .bind(max_deviation)
        .bind(rating)
        .fetch_one(&pools.read)
        .await?
        .try_get(0)?);
        to_u32(n)
    }

    /// Finished matches between two players, per game: (game, a's wins, draws, a's losses).
    pub async fn head_to_head(&self, a: u64, b: u64) -> Result<Vec<Tally>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT game, \
                   SUM(CASE WHEN winner_seat IS NULL THEN 1 ELSE 0 END) AS draws, \
                   SUM(CASE WHEN winner_seat IS NOT NULL AND \
                     ((challenger_id = $1 AND winner_seat = challenger_seat) OR \
                      (opponent_id = $1 AND winner_seat <> challenger_seat)) THEN 1 ELSE 0 END) AS wins, \
                   COUNT(*) AS games \
                 FROM matches WHERE status = 'finished' AND seat_count = 2 AND \
                   ((challenger_id = $1 AND opponent_id = $2) OR (challenger_id = $2 AND opponent_id = $1)) \
                 GROUP BY game ORDER BY game",
            )
            .bind(db_id(a))
            .bind(db_id(b))
            .all(&pools.read, tally)
            .await
        })
    }
}
