//! Matches and their move log: challenges, seats, starts, each change of a live match (with the
//! rating updates that end one), the matches to restore, and news that could not be posted.

use sqlx::Row;

use super::{MATCH_SELECT, played_by};
use crate::store::decode::{Fetch, Grouped, log_entry, match_with_seats};
use crate::store::{
    LogEntry, MatchRow, MatchStatus, MatchUpdate, NewMatch, PlayerRef, RatingChange, Store,
    StoreError, db_id, from_db_id,
};

impl Store {
    /// Moves the deadlines of these live matches `ms` later: the time a database outage took
    /// from their players, given back.
    pub async fn extend_deadlines(&self, ids: &[i64], ms: i64) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        on!(self, pools => {
            let mut tx = pools.write.begin().await?;
            for id in ids {
                sqlx::query(
                    "UPDATE matches SET deadline_at = deadline_at + $1 \
                     WHERE id = $2 AND status = 'live' AND deadline_at IS NOT NULL",
                )
                .bind(ms)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Records a new challenge (and refreshes both players' names); returns the match id.
    pub async fn create_challenge(&self, m: &NewMatch) -> Result<i64, StoreError> {
        Ok(self.insert_match(m, None).await?.0)
    }

    /// Records the match of board `board` of round `round` (0-based) of tournament
    /// `tournament`, linked to it in the same transaction; if that board already has its match
    /// (a restart repeating the step), nothing is written and that match is returned. Returns
    /// the match id and whether it was created now.
    pub async fn create_tournament_game(
        &self,
        m: &NewMatch,
        tournament: i64,
        round: usize,
        board: usize,
    ) -> Result<(i64, bool), StoreError> {
        self.insert_match(m, Some((tournament, round as i64, board as i64)))
            .await
    }

    /// Inserts a challenge, linked to a tournament's board if `link` says which.
    async fn insert_match(
        &self,
        m: &NewMatch,
        link: Option<(i64, i64, i64)>,
    ) -> Result<(i64, bool), StoreError> {
        on!(self, pools => {
            let mut tx = pools.write.begin().await?;
            if let Some((tournament, round, board)) = link {
                let found = sqlx::query(
                    "SELECT match_id FROM tournament_games \
                     WHERE tournament_id = $1 AND round = $2 AND board = $3",
                )
                .bind(tournament)
                .bind(round)
                .bind(board)
                .fetch_optional(&mut *tx)
                .await?;
                if let Some(row) = found {
                    return Ok((row.try_get(0)?, false));
                }
            }
            pools.upsert_player(&mut tx, &m.challenger, m.created_at).await?;
            if let Some(opponent) = &m.opponent {
                pools.upsert_player(&mut tx, opponent, m.created_at).await?;
            }
            for player in m.seats.iter().flatten() {
                pools.upsert_player(&mut tx, player, m.created_at).await?;
            }
            let row = sqlx::query(
                "INSERT INTO matches (guild_id, channel_id, parent_id, game, variant, options, seed, \
                 rated, clock_secs, level, challenger_id, opponent_id, vs_bot, challenger_seat, status, \
                 deadline_at, rematch_of, created_at, seat_count, threaded, increment_secs, remaining_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'challenge', $15, $16, $17, $18, $19, $20, $21) \
                 RETURNING id",
            )
            .bind(m.guild_id.map(db_id))
            .bind(db_id(m.channel_id))
            .bind(m.parent_id.map(db_id))
            .bind(m.game.name())
            .bind(m.variant.name)
            .bind(&m.options)
            .bind(m.seed)
            .bind(m.rated)
            .bind(m.clock_secs)
            .bind(m.level.map(i64::from))
            .bind(db_id(m.challenger.id))
            .bind(m.opponent.as_ref().map(|p| db_id(p.id)))
            .bind(m.vs_bot)
            .bind(i64::from(m.challenger_seat))
            .bind(m.deadline_at)
            .bind(m.rematch_of)
            .bind(m.created_at)
            .bind(m.seats.len() as i64)
            .bind(m.threaded)
            .bind(m.increment_secs)
            .bind(m.starting_bank().map(|b| b.to_text()))
            .fetch_one(&mut *tx)
            .await?;
            let id: i64 = row.try_get(0)?;
            for (seat, player) in m.seats.iter().enumerate() {
                sqlx::query("INSERT INTO match_seats (match_id, seat, player_id) VALUES ($1, $2, $3)")
                    .bind(id)
                    .bind(seat as i64)
                    .bind(player.as_ref().map(|p| db_id(p.id)))
                    .execute(&mut *tx)
                    .await?;
            }
            if let Some((tournament, round, board)) = link {
                sqlx::query(
                    "INSERT INTO tournament_games (tournament_id, round, board, match_id) \
                     VALUES ($1, $2, $3, $4)",
                )
                .bind(tournament)
                .bind(round)
                .bind(board)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok((id, true))
        })
    }

    /// Moves a match into its thread (`channel`, under `parent`) and records its card.
    pub async fn relocate(
        &self,
        id: i64,
        channel: u64,
        parent: Option<u64>,
        card: Option<(u64, u64)>,
    ) -> Result<(), StoreError> {
        on!(self, pools => sqlx::query(
            "UPDATE matches SET channel_id = $1, parent_id = $2, \
             card_channel_id = COALESCE($3, card_channel_id), \
             card_message_id = COALESCE($4, card_message_id) WHERE id = $5",
        )
        .bind(db_id(channel))
        .bind(parent.map(db_id))
        .bind(card.map(|c| db_id(c.0)))
        .bind(card.map(|c| db_id(c.1)))
        .bind(id)
        .execute(&pools.write)
        .await.map(drop))?;
        Ok(())
    }

    /// Records where a match's challenge card is.
    pub async fn set_card(&self, id: i64, channel: u64, message: u64) -> Result<(), StoreError> {
        on!(self, pools => sqlx::query(
            "UPDATE matches SET card_channel_id = $1, card_message_id = $2 WHERE id = $3",
        )
        .bind(db_id(channel))
        .bind(db_id(message))
        .bind(id)
        .execute(&pools.write)
        .await.map(drop))?;
        Ok(())
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
        on!(self, pools => {
            let mut tx = pools.write.begin().await?;
            pools.upsert_player(&mut tx, player, at).await?;
            let done = sqlx::query(
                "UPDATE match_seats SET player_id = $1 WHERE match_id = $2 AND seat = $3 \
                 AND player_id IS NULL \
                 AND EXISTS (SELECT 1 FROM matches WHERE id = $2 AND status = 'challenge')",
            )
            .bind(db_id(player.id))
            .bind(id)
            .bind(i64::from(seat))
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            if !done {
                tx.rollback().await?;
                return Ok(false);
            }
            if let Some(level) = bot_level {
                // A match with the bot in it is casual, and the bot plays at the lobby's level.
                sqlx::query(
                    "UPDATE matches SET vs_bot = TRUE, rated = FALSE, level = COALESCE(level, $1) WHERE id = $2",
                )
                .bind(i64::from(level))
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(true)
        })
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
        on!(self, pools => {
            let mut tx = pools.write.begin().await?;
            if let Some(opponent) = opponent {
                pools.upsert_player(&mut tx, opponent, started_at).await?;
                sqlx::query(
                    "UPDATE match_seats SET player_id = $1 WHERE match_id = $2 AND player_id IS NULL \
                     AND seat = (SELECT 1 - challenger_seat FROM matches WHERE id = $2)",
                )
                .bind(db_id(opponent.id))
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
            let done = sqlx::query(
                "UPDATE matches SET status = 'live', opponent_id = COALESCE($1, opponent_id), \
                 started_at = $2, deadline_at = $3, warned = FALSE WHERE id = $4 AND status = 'challenge' \
                 AND NOT EXISTS (SELECT 1 FROM match_seats WHERE match_id = $4 AND player_id IS NULL)",
            )
            .bind(opponent.map(|o| db_id(o.id)))
            .bind(started_at)
            .bind(deadline_at)
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            if done {
                tx.commit().await?;
            } else {
                tx.rollback().await?;
            }
            Ok(done)
        })
    }

    /// Closes a pending challenge (declined, cancelled, expired, or aborted by a moderator).
    pub async fn close_challenge(
        &self,
        id: i64,
        status: MatchStatus,
        at: i64,
    ) -> Result<bool, StoreError> {
        let done = on!(self, pools => sqlx::query(
            "UPDATE matches SET status = $1, finished_at = $2, deadline_at = NULL \
             WHERE id = $3 AND status = 'challenge'",
        )
        .bind(status.name())
        .bind(at)
        .bind(id)
        .execute(&pools.write)
        .await?
        .rows_affected());
        Ok(done == 1)
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
        let last_seq = update.entry.as_ref().map_or(update.known_seq, |e| e.seq);
        on!(self, pools => {
            let mut tx = pools.write.begin().await?;
            if let Some(entry) = &update.entry {
                sqlx::query(
                    "INSERT INTO moves (match_id, seq, kind, ply, notation, player_id, played_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(update.match_id)
                .bind(i64::from(entry.seq))
                .bind(entry.kind.name())
                .bind(i64::from(entry.ply))
                .bind(entry.notation.as_deref())
                .bind(db_id(entry.player_id))
                .bind(entry.at)
                .execute(&mut *tx)
                .await
                .map_err(|e| match e.as_database_error() {
                    Some(d) if d.is_unique_violation() => StoreError::Conflict(update.match_id),
                    _ => StoreError::from(e),
                })?;
            }
            let changed = match &update.finish {
                None => sqlx::query(
                    "UPDATE matches SET deadline_at = $1, warned = $2, draw_offer_seat = $3, \
                     takeback_seat = $4, draw_consent = $5, takeback_consent = $6, last_seq = $7, \
                     remaining_ms = $10 \
                     WHERE id = $8 AND status = 'live' AND last_seq = $9",
                )
                .bind(update.deadline_at)
                .bind(update.warned)
                .bind(update.draw_offer_seat.map(i64::from))
                .bind(update.takeback_seat.map(i64::from))
                .bind(i64::from(update.draw_consent))
                .bind(i64::from(update.takeback_consent))
                .bind(i64::from(last_seq))
                .bind(update.match_id)
                .bind(i64::from(update.known_seq))
                .bind(update.remaining.map(|b| b.to_text()))
                .execute(&mut *tx)
                .await?
                .rows_affected(),
                Some(finish) => sqlx::query(
                    "UPDATE matches SET status = $1, winner_seat = $2, reason = $3, finished_at = $4, \
                     deadline_at = NULL, draw_offer_seat = NULL, takeback_seat = NULL, \
                     draw_consent = 0, takeback_consent = 0, last_seq = $5 \
                     WHERE id = $6 AND status = 'live' AND last_seq = $7",
                )
                .bind(finish.status.name())
                .bind(finish.winner_seat.map(i64::from))
                .bind(finish.reason)
                .bind(finish.at)
                .bind(i64::from(last_seq))
                .bind(update.match_id)
                .bind(i64::from(update.known_seq))
                .execute(&mut *tx)
                .await?
                .rows_affected(),
            };
            if changed != 1 {
                // Closed, or changed by another process since this one last read it: keep
                // everything as it was, and say which.
                tx.rollback().await?;
                let still_live =
                    sqlx::query("SELECT 1 FROM matches WHERE id = $1 AND status = 'live'")
                        .bind(update.match_id)
                        .fetch_optional(&pools.write)
                        .await?
                        .is_some();
                return Err(if still_live {
                    StoreError::Conflict(update.match_id)
                } else {
                    StoreError::NotLive(update.match_id)
                });
            }
            let mut changes = Vec::new();
            if let Some(job) = update.finish.as_ref().and_then(|f| f.rating.as_ref()) {
                pools.lock_players(&mut tx, &job.players).await?;
                for &scope in &job.scopes {
                    pools
                        .rate_scope(&mut tx, update.match_id, job, scope, &mut changes)
                        .await?;
                }
            }
            tx.commit().await?;
            Ok(changes)
        })
    }

    /// Records that the game clocks of these live matches were timed by a live process at `at`
    /// (see [`MatchRow::clock_seen_at`]): one statement per few hundred matches.
    pub async fn clocks_seen(&self, ids: &[i64], at: i64) -> Result<(), StoreError> {
        for chunk in ids.chunks(500) {
            let marks: Vec<String> = (2..chunk.len() + 2).map(|i| format!("${i}")).collect();
            let sql = format!(
                "UPDATE matches SET clock_seen_at = $1 WHERE status = 'live' AND id IN ({})",
                marks.join(", ")
            );
            on!(self, pools => {
                let mut query = sqlx::query(&sql).bind(at);
                for id in chunk {
                    query = query.bind(*id);
                }
                query.execute(&pools.write).await.map(drop)
            })?;
        }
        Ok(())
    }

    /// Moves the deadline of a live match's running game clock after a restart, and records
    /// when it was timed again; only if no other change came first (`known_seq`). Returns
    /// whether it was written.
    pub async fn resume_clock(
        &self,
        id: i64,
        known_seq: u32,
        deadline_at: i64,
        at: i64,
    ) -> Result<bool, StoreError> {
        let done = on!(self, pools => sqlx::query(
            "UPDATE matches SET deadline_at = $1, clock_seen_at = $2 \
             WHERE id = $3 AND status = 'live' AND last_seq = $4",
        )
        .bind(deadline_at)
        .bind(at)
        .bind(id)
        .bind(i64::from(known_seq))
        .execute(&pools.write)
        .await?
        .rows_affected());
        Ok(done == 1)
    }

    /// Every pending challenge and live match whose place `keep` accepts (server, `None` for
    /// none; channel), with its log, for a restart.
    pub async fn open_matches(
        &self,
        keep: &(dyn Fn(Option<u64>, u64) -> bool + Sync),
    ) -> Result<Vec<(MatchRow, Vec<LogEntry>)>, StoreError> {
        // Three queries in all, whatever the number of matches: at a restart with thousands of
        // open matches, a query or two per match was most of the start-up time.
        on!(self, pools => {
            let rows = sqlx::query(&format!(
                "{MATCH_SELECT} WHERE m.status IN ('challenge', 'live') ORDER BY m.id"
            ))
            .fetch_all(&pools.read)
            .await?;
            let seat_rows = sqlx::query(
                "SELECT s.match_id, s.seat, s.player_id, p.name FROM match_seats s \
                 JOIN matches m ON m.id = s.match_id LEFT JOIN players p ON p.id = s.player_id \
                 WHERE m.status IN ('challenge', 'live') ORDER BY s.match_id, s.seat",
            )
            .fetch_all(&pools.read)
            .await?;
            let log_rows = sqlx::query(
                "SELECT mv.match_id, mv.seq, mv.kind, mv.ply, mv.notation, mv.player_id, mv.played_at \
                 FROM moves mv JOIN matches m ON m.id = mv.match_id \
                 WHERE m.status IN ('challenge', 'live') ORDER BY mv.match_id, mv.seq",
            )
            .fetch_all(&pools.read)
            .await?;
            let mut seats = Grouped::new(&seat_rows);
            let mut logs = Grouped::new(&log_rows);
            let mut out = Vec::with_capacity(rows.len());
            for row in &rows {
                // Another process's matches are left to it, unparsed.
                let guild = row.try_get::<Option<i64>, _>("guild_id").ok().flatten();
                let channel = row.try_get::<i64, _>("channel_id").unwrap_or_default();
                let id = row.try_get::<i64, _>("id").unwrap_or_default();
                let (its_seats, its_log) = (seats.take(id), logs.take(id));
                if !keep(guild.map(from_db_id), from_db_id(channel)) {
                    continue;
                }
                // One damaged match must not keep every other one from being restored: it is
                // left as it is in the database, and said in the log.
                let m = match match_with_seats(row, its_seats) {
                    Ok(m) => m,
                    Err(error) => {
                        tracing::error!(%error, "an open match cannot be read; left as it is");
                        continue;
                    }
                };
                match its_log.iter().map(log_entry).collect() {
                    Ok(log) => out.push((m, log)),
                    Err(StoreError::Corrupt(error)) => {
                        tracing::error!(match_id = m.id, %error, "a move log cannot be read; match left as it is");
                    }
                    Err(other) => return Err(other),
                }
            }
            Ok(out)
        })
    }

    /// One match, whatever its status.
    pub async fn match_by_id(&self, id: i64) -> Result<Option<MatchRow>, StoreError> {
        on!(self, pools => {
            let row = sqlx::query(&format!("{MATCH_SELECT} WHERE m.id = $1"))
                .bind(id)
                .fetch_optional(&pools.read)
                .await?;
            match row {
                Some(row) => Ok(Some(pools.read_match(&row).await?)),
                None => Ok(None),
            }
        })
    }

    /// The move log of a match, in order.
    pub async fn log(&self, match_id: i64) -> Result<Vec<LogEntry>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT match_id, seq, kind, ply, notation, player_id, played_at FROM moves \
                 WHERE match_id = $1 ORDER BY seq",
            )
            .bind(match_id)
            .all(&pools.read, log_entry)
            .await
        })
    }

    /// When this user last issued a challenge (for the cooldown).
    pub async fn last_challenge_at(&self, user: u64) -> Result<Option<i64>, StoreError> {
        on!(self, pools => {
            let row = sqlx::query("SELECT MAX(created_at) FROM matches WHERE challenger_id = $1")
                .bind(db_id(user))
                .fetch_one(&pools.read)
                .await?;
            Ok(row.try_get(0)?)
        })
    }

    /// The latest finished or aborted match in a channel that this user played.
    pub async fn last_closed_in_channel(
        &self,
        channel: u64,
        user: u64,
    ) -> Result<Option<MatchRow>, StoreError> {
        on!(self, pools => {
            let row = sqlx::query(&format!(
                "{MATCH_SELECT} WHERE m.channel_id = $1 AND m.status IN ('finished', 'aborted') \
                 AND {} ORDER BY m.finished_at DESC, m.id DESC LIMIT 1",
                played_by("$2")
            ))
            .bind(db_id(channel))
            .bind(db_id(user))
            .fetch_optional(&pools.read)
            .await?;
            match row {
                Some(row) => Ok(Some(pools.read_match(&row).await?)),
                None => Ok(None),
            }
        })
    }

    /// A player's latest finished or aborted matches, newest first.
    pub async fn history(&self, user: u64, limit: u32) -> Result<Vec<MatchRow>, StoreError> {
        on!(self, pools => {
            let rows = sqlx::query(&format!(
                "{MATCH_SELECT} WHERE {} \
                 AND m.status IN ('finished', 'aborted') ORDER BY m.finished_at DESC, m.id DESC LIMIT $2",
                played_by("$1")
            ))
            .bind(db_id(user))
            .bind(i64::from(limit))
            .fetch_all(&pools.read)
            .await?;
            pools.read_matches(&rows).await
        })
    }

    /// Records that news of a match could not be posted, and why (`gone`, or the missing
    /// permissions); a later failure replaces an earlier one.
    pub async fn set_undelivered(
        &self,
        match_id: i64,
        reason: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        on!(self, pools => sqlx::query(
            "INSERT INTO undelivered (match_id, reason, at) VALUES ($1, $2, $3) \
             ON CONFLICT (match_id) DO UPDATE SET reason = excluded.reason, at = excluded.at",
        )
        .bind(match_id)
        .bind(reason)
        .bind(at)
        .execute(&pools.write)
        .await.map(drop))?;
        Ok(())
    }

    /// Takes (reads and forgets) why news of a match could not be posted, if it could not.
    pub async fn take_undelivered(&self, match_id: i64) -> Result<Option<String>, StoreError> {
        on!(self, pools => {
            sqlx::query("DELETE FROM undelivered WHERE match_id = $1 RETURNING reason")
                .bind(match_id)
                .optional(&pools.write, |r| Ok(r.try_get(0)?))
                .await
        })
    }

    /// The matches whose news could not be posted for `reason`, oldest failure first.
    pub async fn undelivered_because(&self, reason: &str) -> Result<Vec<i64>, StoreError> {
        on!(self, pools => {
            sqlx::query("SELECT match_id FROM undelivered WHERE reason = $1 ORDER BY at")
                .bind(reason)
                .all(&pools.read, |r| Ok(r.try_get(0)?))
                .await
        })
    }

    /// Every match with news kept for its next answer.
    pub async fn undelivered_matches(&self) -> Result<Vec<i64>, StoreError> {
        on!(self, pools => {
            sqlx::query("SELECT match_id FROM undelivered")
                .all(&pools.read, |r| Ok(r.try_get(0)?))
                .await
        })
    }

    /// The open matches of a player whose news could not be posted, newest failure first.
    pub async fn undelivered_of(&self, player: u64) -> Result<Vec<(i64, String)>, StoreError> {
        on!(self, pools => {
            sqlx::query(&format!(
                "SELECT u.match_id, u.reason FROM undelivered u JOIN matches m ON m.id = u.match_id \
                 WHERE {} AND m.status IN ('challenge', 'live') ORDER BY u.at DESC",
                played_by("$1")
            ))
            .bind(db_id(player))
            .all(&pools.read, |r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .await
        })
    }
}
