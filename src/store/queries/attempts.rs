//! Puzzle attempts (`puzzle_attempts`), each person's puzzle rating per game
//! (`puzzle_ratings`), the puzzle of each day (`puzzle_days`) and where servers want it posted
//! (`puzzle_channels`). An attempt under way keeps its step here, so it survives a restart.

use crate::games::GameKind;
use crate::store::decode::{Cells, Fetch};
use crate::store::{Glicko, PuzzleRow, Store, StoreError, db_id, from_db_id};

/// The columns [`puzzle_from_row`] reads.
pub(super) const PUZZLE_COLUMNS: &str = "id, game, options, moves, solution, own_moves, rating, \
     deviation, volatility, plays";

/// A puzzle read from [`PUZZLE_COLUMNS`].
pub(super) fn puzzle_from_row(r: &impl Cells) -> Result<PuzzleRow, StoreError> {
    let id: i64 = r.try_get("id")?;
    let game: String = r.try_get("game")?;
    let words = |text: String| text.split_whitespace().map(String::from).collect();
    let own: i64 = r.try_get("own_moves")?;
    Ok(PuzzleRow {
        id,
        game: game
            .parse()
            .map_err(|_| StoreError::Corrupt(format!("puzzle {id} game {game:?}")))?,
        options: r.try_get("options")?,
        moves: words(r.try_get("moves")?),
        solution: words(r.try_get("solution")?),
        own_moves: u32::try_from(own)
            .map_err(|_| StoreError::Corrupt(format!("puzzle {id} moves {own}")))?,
        rating: r.try_get("rating")?,
        deviation: r.try_get("deviation")?,
        volatility: r.try_get("volatility")?,
        plays: r.try_get("plays")?,
    })
}

/// One person's attempt at a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRow {
    pub id: i64,
    pub puzzle_id: i64,
    pub player: u64,
    /// Moves of the solution played so far (the person's and the forced replies).
    pub step: u32,
    /// Whether it moves the ratings (a first attempt, no hint asked).
    pub rated: bool,
    /// `None` while under way.
    pub solved: Option<bool>,
    /// The day (since 1970-01-01, UTC) whose daily puzzle this is, if it is one.
    pub day: Option<i64>,
}

const ATTEMPT_COLUMNS: &str = "id, puzzle_id, player_id, step, rated, solved, day";

fn attempt_from_row(r: &impl Cells) -> Result<AttemptRow, StoreError> {
    let step: i64 = r.try_get("step")?;
    let rated: i64 = r.try_get("rated")?;
    let solved: Option<i64> = r.try_get("solved")?;
    Ok(AttemptRow {
        id: r.try_get("id")?,
        puzzle_id: r.try_get("puzzle_id")?,
        player: from_db_id(r.try_get("player_id")?),
        step: u32::try_from(step).map_err(|_| StoreError::Corrupt(format!("step {step}")))?,
        rated: rated != 0,
        solved: solved.map(|s| s != 0),
        day: r.try_get("day")?,
    })
}

/// A person's puzzle rating in one game and how many rated attempts made it.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRating {
    pub game: String,
    pub value: Glicko,
    pub attempts: i64,
}

impl Store {
    /// One puzzle.
    pub async fn puzzle(&self, id: i64) -> Result<Option<PuzzleRow>, StoreError> {
        on!(self, pools => {
            sqlx::query(&format!("SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1"))
                .bind(id)
                .optional(&pools.read, puzzle_from_row)
                .await
        })
    }

    /// The puzzle of `game` with `options` whose rating is nearest `near` among those `user`
    /// never attempted; when they attempted them all, the nearest of all.
    pub async fn pick_puzzle(
        &self,
        game: GameKind,
        options: &str,
        near: f64,
        user: u64,
    ) -> Result<Option<PuzzleRow>, StoreError> {
        for fresh in [true, false] {
            let row = on!(self, pools => {
                sqlx::query(&format!(
                    "SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE game = $1 AND options = $2 \
                     AND ($4 = 0 OR NOT EXISTS (SELECT 1 FROM puzzle_attempts a \
                         WHERE a.puzzle_id = p.id AND a.player_id = $3)) \
                     ORDER BY ABS(rating - $5), id LIMIT 1"
                ))
                .bind(game.name())
                .bind(options)
                .bind(db_id(user))
                .bind(i64::from(fresh))
                .bind(near)
                .optional(&pools.read, puzzle_from_row)
                .await?
            });
            if row.is_some() {
                return Ok(row);
            }
        }
        Ok(None)
    }

    /// The attempt `user` has under way, if any.
    pub async fn open_attempt(&self, user: u64) -> Result<Option<AttemptRow>, StoreError> {
        on!(self, pools => {
            sqlx::query(&format!(
                "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts \
                 WHERE player_id = $1 AND solved IS NULL ORDER BY id DESC LIMIT 1"
            ))
            .bind(db_id(user))
            .optional(&pools.read, attempt_from_row)
            .await
        })
    }

    /// One attempt.
    pub async fn attempt(&self, id: i64) -> Result<Option<AttemptRow>, StoreError> {
        on!(self, pools => {
            sqlx::query(&format!(
                "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE id = $1"
            ))
            .bind(id)
            .optional(&pools.read, attempt_from_row)
            .await
        })
    }

    /// Whether `user` attempted puzzle `puzzle` before (only a first attempt is rated).
    pub async fn attempted(&self, puzzle: i64, user: u64) -> Result<bool, StoreError> {
        on!(self, pools => {
            let row = sqlx::query(
                "SELECT COUNT(*) AS n FROM puzzle_attempts WHERE puzzle_id = $1 AND player_id = $2",
            )
            .bind(puzzle)
            .bind(db_id(user))
            .fetch_one(&pools.read)
            .await?;
            Ok(Cells::try_get::<i64, _>(&row, "n")? > 0)
        })
    }

    /// Starts an attempt (any other one of `user` still under way is left unsolved and
    /// unrated); returns its id.
    pub async fn start_attempt(
        &self,
        puzzle: i64,
        user: u64,
        rated: bool,
        day: Option<i64>,
        at: i64,
    ) -> Result<i64, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "UPDATE puzzle_attempts SET solved = 0, rated = 0, finished_at = $2 \
                 WHERE player_id = $1 AND solved IS NULL",
            )
            .bind(db_id(user))
            .bind(at)
            .execute(&pools.write)
            .await?;
            let row = sqlx::query(
                "INSERT INTO puzzle_attempts (puzzle_id, player_id, step, rated, started_at, day) \
                 VALUES ($1, $2, 0, $3, $4, $5) RETURNING id",
            )
            .bind(puzzle)
            .bind(db_id(user))
            .bind(i64::from(rated))
            .bind(at)
            .bind(day)
            .fetch_one(&pools.write)
            .await?;
            Ok(Cells::try_get::<i64, _>(&row, "id")?)
        })
    }

    /// Moves an attempt under way to `step`, rated or not (a hint makes it unrated).
    pub async fn attempt_step(&self, id: i64, step: u32, rated: bool) -> Result<(), StoreError> {
        on!(self, pools => {
            sqlx::query(
                "UPDATE puzzle_attempts SET step = $2, rated = $3 WHERE id = $1 AND solved IS NULL",
            )
            .bind(id)
            .bind(i64::from(step))
            .bind(i64::from(rated))
            .execute(&pools.write)
            .await?;
            Ok(())
        })
    }

    /// Ends an attempt, solved or not, at `step`.
    pub async fn finish_attempt(
        &self,
        id: i64,
        step: u32,
        solved: bool,
        at: i64,
    ) -> Result<(), StoreError> {
        on!(self, pools => {
            sqlx::query(
                "UPDATE puzzle_attempts SET step = $2, solved = $3, finished_at = $4 \
                 WHERE id = $1 AND solved IS NULL",
            )
            .bind(id)
            .bind(i64::from(step))
            .bind(i64::from(solved))
            .bind(at)
            .execute(&pools.write)
            .await?;
            Ok(())
        })
    }

    /// `user`'s puzzle rating in `game`, if they have made a rated attempt.
    pub async fn puzzle_rating(
        &self,
        user: u64,
        game: GameKind,
    ) -> Result<Option<PuzzleRating>, StoreError> {
        Ok(self
            .puzzle_ratings_of(user)
            .await?
            .into_iter()
            .find(|r| r.game == game.name()))
    }

    /// Every puzzle rating of `user`, by game.
    pub async fn puzzle_ratings_of(&self, user: u64) -> Result<Vec<PuzzleRating>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT game, rating, deviation, volatility, attempts FROM puzzle_ratings \
                 WHERE player_id = $1 ORDER BY game",
            )
            .bind(db_id(user))
            .all(&pools.read, |r| {
                    Ok(PuzzleRating {
                        game: Cells::try_get(r, "game")?,
                        value: Glicko {
                            rating: Cells::try_get(r, "rating")?,
                            deviation: Cells::try_get(r, "deviation")?,
                            volatility: Cells::try_get(r, "volatility")?,
                        },
                        attempts: Cells::try_get(r, "attempts")?,
                    })
                })
            .await
        })
    }

    /// Writes the ratings a rated attempt gave: the puzzle's (one more play) and the person's
    /// in the puzzle's game.
    pub async fn rate_attempt(
        &self,
        puzzle: i64,
        puzzle_value: Glicko,
        user: u64,
        game: GameKind,
        user_value: Glicko,
    ) -> Result<(), StoreError> {
        on!(self, pools => {
            sqlx::query(
                "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, \
                 plays = plays + 1 WHERE id = $1",
            )
            .bind(puzzle)
            .bind(puzzle_value.rating)
            .bind(puzzle_value.deviation)
            .bind(puzzle_value.volatility)
            .execute(&pools.write)
            .await?;
            sqlx::query(
                "INSERT INTO puzzle_ratings (player_id, game, rating, deviation, volatility, \
                 attempts) VALUES ($1, $2, $3, $4, $5, 1) ON CONFLICT (player_id, game) DO UPDATE \
                 SET rating = $3, deviation = $4, volatility = $5, \
                 attempts = puzzle_ratings.attempts + 1",
            )
            .bind(db_id(user))
            .bind(game.name())
            .bind(user_value.rating)
            .bind(user_value.deviation)
            .bind(user_value.volatility)
            .execute(&pools.write)
            .await?;
            Ok(())
        })
    }

    /// The puzzle of day `day`, once chosen.
    pub async fn daily_puzzle(&self, day: i64) -> Result<Option<i64>, StoreError> {
        on!(self, pools => {
            sqlx::query("SELECT puzzle_id FROM puzzle_days WHERE day = $1")
                .bind(day)
                .optional(&pools.read, |r| Ok(Cells::try_get::<i64, _>(r, "puzzle_id")?))
                .await
        })
    }

    /// The days whose daily puzzle `puzzle` was chosen for, newest first.
    pub async fn puzzle_days_of(&self, puzzle: i64) -> Result<Vec<i64>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT day FROM puzzle_days WHERE puzzle_id = $1 ORDER BY day DESC",
            )
            .bind(puzzle)
            .all(&pools.read, |r| Cells::try_get::<i64, _>(r, "day").map_err(Into::into))
            .await
        })
    }

    /// Chooses `puzzle` for day `day` unless one is chosen already; returns the day's puzzle.
    pub async fn choose_daily_puzzle(&self, day: i64, puzzle: i64) -> Result<i64, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "INSERT INTO puzzle_days (day, puzzle_id) VALUES ($1, $2) \
                 ON CONFLICT (day) DO NOTHING",
            )
            .bind(day)
            .bind(puzzle)
            .execute(&pools.write)
            .await?;
        });
        Ok(self.daily_puzzle(day).await?.unwrap_or(puzzle))
    }

    /// The `n`-th puzzle (0-based, by id) of `game` with `options`, and how many there are:
    /// where a day's puzzle is picked from.
    pub async fn nth_puzzle(
        &self,
        game: GameKind,
        options: &str,
        n: i64,
    ) -> Result<Option<PuzzleRow>, StoreError> {
        on!(self, pools => {
            sqlx::query(&format!(
                "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE game = $1 AND options = $2 \
                 ORDER BY id LIMIT 1 OFFSET $3"
            ))
            .bind(game.name())
            .bind(options)
            .bind(n)
            .optional(&pools.read, puzzle_from_row)
            .await
        })
    }

    /// The days whose daily puzzle `user` solved, newest first.
    pub async fn daily_days_solved(&self, user: u64) -> Result<Vec<i64>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT DISTINCT day FROM puzzle_attempts \
                 WHERE player_id = $1 AND solved = 1 AND day IS NOT NULL ORDER BY day DESC",
            )
            .bind(db_id(user))
            .all(&pools.read, |r| Cells::try_get::<i64, _>(r, "day").map_err(Into::into))
            .await
        })
    }

    /// How `user`'s finished attempts at day `day`'s puzzle went: `Some(true)` if one solved
    /// it, `Some(false)` if they failed, `None` before any ended.
    pub async fn daily_result(&self, user: u64, day: i64) -> Result<Option<bool>, StoreError> {
        on!(self, pools => {
            let row = sqlx::query(
                "SELECT MAX(solved) AS s FROM puzzle_attempts \
                 WHERE player_id = $1 AND day = $2 AND solved IS NOT NULL",
            )
            .bind(db_id(user))
            .bind(day)
            .fetch_one(&pools.read)
            .await?;
            Ok(Cells::try_get::<Option<i64>, _>(&row, "s")?.map(|s| s != 0))
        })
    }

    /// How many people solved day `day`'s puzzle that day.
    pub async fn daily_solvers(&self, day: i64) -> Result<i64, StoreError> {
        on!(self, pools => {
            let row = sqlx::query(
                "SELECT COUNT(DISTINCT player_id) AS n FROM puzzle_attempts \
                 WHERE day = $1 AND solved = 1",
            )
            .bind(day)
            .fetch_one(&pools.read)
            .await?;
            Ok(Cells::try_get::<i64, _>(&row, "n")?)
        })
    }

    /// Sets (or, with `None`, clears) the channel where `guild` gets the daily puzzle.
    pub async fn set_puzzle_channel(
        &self,
        guild: u64,
        channel: Option<u64>,
    ) -> Result<(), StoreError> {
        on!(self, pools => {
            match channel {
                Some(channel) => sqlx::query(
                    "INSERT INTO puzzle_channels (guild_id, channel_id) VALUES ($1, $2) \
                     ON CONFLICT (guild_id) DO UPDATE SET channel_id = $2",
                )
                .bind(db_id(guild))
                .bind(db_id(channel))
                .execute(&pools.write)
                .await?,
                None => sqlx::query("DELETE FROM puzzle_channels WHERE guild_id = $1")
                    .bind(db_id(guild))
                    .execute(&pools.write)
                    .await?,
            };
            Ok(())
        })
    }

    /// The channel where `guild` gets the daily puzzle.
    pub async fn puzzle_channel(&self, guild: u64) -> Result<Option<u64>, StoreError> {
        on!(self, pools => {
            sqlx::query("SELECT channel_id FROM puzzle_channels WHERE guild_id = $1")
                .bind(db_id(guild))
                .optional(&pools.read, |r| Ok(from_db_id(Cells::try_get(r, "channel_id")?)))
                .await
        })
    }

    /// The servers whose daily puzzle of `day` is not posted yet: (server, channel).
    pub async fn puzzle_channels_due(&self, day: i64) -> Result<Vec<(u64, u64)>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT guild_id, channel_id FROM puzzle_channels \
                 WHERE posted_day IS NULL OR posted_day < $1 ORDER BY guild_id",
            )
            .bind(day)
            .all(&pools.read, |r| {
                    Ok((
                        from_db_id(Cells::try_get(r, "guild_id")?),
                        from_db_id(Cells::try_get(r, "channel_id")?),
                    ))
                })
            .await
        })
    }

    /// Notes that `guild`'s daily puzzle of `day` is posted.
    pub async fn puzzle_posted(&self, guild: u64, day: i64) -> Result<(), StoreError> {
        on!(self, pools => {
            sqlx::query("UPDATE puzzle_channels SET posted_day = $2 WHERE guild_id = $1")
                .bind(db_id(guild))
                .bind(day)
                .execute(&pools.write)
                .await?;
            Ok(())
        })
    }
}
