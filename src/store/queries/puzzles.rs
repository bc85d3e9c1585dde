//! Puzzles (`puzzles`): found by `parlor puzzles generate` or loaded from the starter set, one
//! row per position of a game with its options, with a Glicko-2 rating.

use sqlx::Row;

use super::attempts::{PUZZLE_COLUMNS, puzzle_from_row};
use crate::games::GameKind;
use crate::store::decode::Fetch;
use crate::store::{LogEntry, Store, StoreError};

/// A puzzle to store.
#[derive(Clone, Debug, PartialEq)]
pub struct NewPuzzle {
    pub game: GameKind,
    pub options: String,
    pub position: String,
    /// From the start to the position, canonical notation.
    pub moves: Vec<String>,
    /// The solver's moves and the forced replies, ending with the win.
    pub solution: Vec<String>,
    pub own_moves: u32,
    pub nodes: u64,
    /// `self-play`, `match` or `starter`.
    pub source: &'static str,
    /// The self-play seed, or the match's id.
    pub source_id: i64,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A stored puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    pub id: i64,
    pub game: GameKind,
    pub options: String,
    pub moves: Vec<String>,
    pub solution: Vec<String>,
    pub own_moves: u32,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub plays: i64,
}

/// A finished match's record, for finding puzzles in it.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    pub id: i64,
    pub options: String,
    pub seed: i64,
    pub log: Vec<LogEntry>,
}

impl Store {
    /// Stores a puzzle; false (and nothing changed) when the same position of the same game
    /// and options is stored already.
    pub async fn add_puzzle(&self, p: &NewPuzzle, at: i64) -> Result<bool, StoreError> {
        let added = on!(self, pools => sqlx::query(
            "INSERT INTO puzzles (game, options, position, moves, solution, own_moves, nodes, \
             source, source_id, rating, deviation, volatility, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
             ON CONFLICT (game, options, position) DO NOTHING",
        )
        .bind(p.game.name())
        .bind(&p.options)
        .bind(&p.position)
        .bind(p.moves.join(" "))
        .bind(p.solution.join(" "))
        .bind(i64::from(p.own_moves))
        .bind(i64::try_from(p.nodes).unwrap_or(i64::MAX))
        .bind(p.source)
        .bind(p.source_id)
        .bind(p.rating)
        .bind(p.deviation)
        .bind(p.volatility)
        .bind(at)
        .execute(&pools.write)
        .await?
        .rows_affected());
        Ok(added == 1)
    }

    /// How many puzzles are stored for `game` with `options` (every game's when `None`).
    pub async fn puzzle_count(&self, game: Option<(GameKind, &str)>) -> Result<i64, StoreError> {
        let (name, options) = game.map_or(("", ""), |(g, o)| (g.name(), o));
        on!(self, pools => {
            let row = sqlx::query(
                "SELECT COUNT(*) FROM puzzles WHERE $1 = '' OR (game = $1 AND options = $2)",
            )
            .bind(name)
            .bind(options)
            .fetch_one(&pools.read)
            .await?;
            Ok(row.try_get::<i64, _>(0)?)
        })
    }

    /// The highest source id stored for puzzles of `game` with `options` from `source` (the
    /// last self-play seed, or the last match read): where a generation resumes.
    pub async fn last_puzzle_source(
        &self,
        game: GameKind,
        options: &str,
        source: &str,
    ) -> Result<Option<i64>, StoreError> {
        on!(self, pools => {
            let row = sqlx::query(
                "SELECT MAX(source_id) FROM puzzles \
                 WHERE game = $1 AND options = $2 AND source = $3",
            )
            .bind(game.name())
            .bind(options)
            .bind(source)
            .fetch_one(&pools.read)
            .await?;
            Ok(row.try_get::<Option<i64>, _>(0)?)
        })
    }

    /// Every stored puzzle, of one game or of all, in the order they were stored.
    pub async fn puzzles(&self, game: Option<GameKind>) -> Result<Vec<PuzzleRow>, StoreError> {
        let name = game.map_or("", GameKind::name);
        on!(self, pools => {
            sqlx::query(&format!(
                "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE $1 = '' OR game = $1 ORDER BY id"
            ))
            .bind(name)
            .all(&pools.read, puzzle_from_row)
            .await
        })
    }

    /// Up to `limit` finished matches of `game` after match `after`, oldest first, with their
    /// move logs: where `parlor puzzles generate` looks for puzzles in real games.
    pub async fn finished_games_after(
        &self,
        game: GameKind,
        after: i64,
        limit: u32,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let ids: Vec<(i64, String, i64)> = on!(self, pools => {
            sqlx::query(
                "SELECT id, options, seed FROM matches \
                 WHERE status = 'finished' AND game = $1 AND id > $2 ORDER BY id LIMIT $3",
            )
            .bind(game.name())
            .bind(after)
            .bind(i64::from(limit))
            .all(&pools.read, |r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .await?
        });
        let mut games = Vec::with_capacity(ids.len());
        for (id, options, seed) in ids {
            let log = self.log(id).await?;
            games.push(FinishedGame {
                id,
                options,
                seed,
                log,
            });
        }
        Ok(games)
    }
}
