//! The queries, written once and compiled for each backend: `sqlite.rs` and `postgres.rs` each
//! include this file as a module of their own, with `Db` and `DbRow` naming their backend's
//! types, so the two share every statement (portable SQL with `$N` placeholders) while each keeps
//! sqlx's static types. The methods are documented where `Store` calls them (`mod.rs`).

use sqlx::{Row, Transaction};

use super::{Db, DbRow};
use crate::store::*;

impl Pools<Db> {
    pub(in crate::store) async fn create_challenge(&self, m: &NewMatch) -> Result<i64, StoreError> {
        let mut tx = self.write.begin().await?;
        Self::upsert_player(&mut tx, &m.challenger, m.created_at).await?;
        if let Some(opponent) = &m.opponent {
            Self::upsert_player(&mut tx, opponent, m.created_at).await?;
        }
        for player in m.seats.iter().flatten() {
            Self::upsert_player(&mut tx, player, m.created_at).await?;
        }
        let row = sqlx::query(
            "INSERT INTO matches (guild_id, channel_id, parent_id, game, variant, options, seed, \
             rated, clock_secs, level, challenger_id, opponent_id, vs_bot, challenger_seat, status, \
             deadline_at, rematch_of, created_at, seat_count, threaded) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'challenge', $15, $16, $17, $18, $19) \
             RETURNING id",
        )
        .bind(m.guild_id.map(db_id))
        .bind(db_id(m.channel_id))
        .bind(m.parent_id.map(db_id))
        .bind(&m.game)
        .bind(&m.variant)
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
        tx.commit().await?;
        Ok(id)
    }

    pub(in crate::store) async fn relocate(
        &self,
        id: i64,
        channel: u64,
        parent: Option<u64>,
        card: Option<(u64, u64)>,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE matches SET channel_id = $1, parent_id = $2, \
             card_channel_id = COALESCE($3, card_channel_id), \
             card_message_id = COALESCE($4, card_message_id) WHERE id = $5",
        )
        .bind(db_id(channel))
        .bind(parent.map(db_id))
        .bind(card.map(|c| db_id(c.0)))
        .bind(card.map(|c| db_id(c.1)))
        .bind(id)
        .execute(&self.write)
        .await?;
        Ok(())
    }

    pub(in crate::store) async fn set_card(
        &self,
        id: i64,
        channel: u64,
        message: u64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE matches SET card_channel_id = $1, card_message_id = $2 WHERE id = $3")
            .bind(db_id(channel))
            .bind(db_id(message))
            .bind(id)
            .execute(&self.write)
            .await?;
        Ok(())
    }

    pub(in crate::store) async fn take_seat(
        &self,
        id: i64,
        seat: u8,
        player: &PlayerRef,
        bot_level: Option<u8>,
        at: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write.begin().await?;
        Self::upsert_player(&mut tx, player, at).await?;
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
    }

    pub(in crate::store) async fn start_match(
        &self,
        id: i64,
        opponent: Option<&PlayerRef>,
        started_at: i64,
        deadline_at: Option<i64>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write.begin().await?;
        if let Some(opponent) = opponent {
            Self::upsert_player(&mut tx, opponent, started_at).await?;
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
    }

    pub(in crate::store) async fn close_challenge(
        &self,
        id: i64,
        status: MatchStatus,
        at: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE matches SET status = $1, finished_at = $2, deadline_at = NULL \
             WHERE id = $3 AND status = 'challenge'",
        )
        .bind(status.name())
        .bind(at)
        .bind(id)
        .execute(&self.write)
        .await?
        .rows_affected()
            == 1;
        Ok(done)
    }

    pub(in crate::store) async fn update_match(
        &self,
        update: &MatchUpdate<'_>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let mut tx = self.write.begin().await?;
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
                _ => StoreError::Sql(e),
            })?;
        }
        let last_seq = update.entry.as_ref().map_or(update.known_seq, |e| e.seq);
        let changed = match &update.finish {
            None => sqlx::query(
                "UPDATE matches SET deadline_at = $1, warned = $2, draw_offer_seat = $3, \
                 takeback_seat = $4, draw_consent = $5, takeback_consent = $6, last_seq = $7 \
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
            let still_live = sqlx::query("SELECT 1 FROM matches WHERE id = $1 AND status = 'live'")
                .bind(update.match_id)
                .fetch_optional(&self.write)
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
            Self::lock_players(&mut tx, &job.players).await?;
            for &scope in &job.scopes {
                Self::rate_scope(&mut tx, update.match_id, job, scope, &mut changes).await?;
            }
        }
        tx.commit().await?;
        Ok(changes)
    }

    pub(in crate::store) async fn open_matches(
        &self,
        keep: &(dyn Fn(Option<u64>, u64) -> bool + Sync),
    ) -> Result<Vec<(MatchRow, Vec<LogEntry>)>, StoreError> {
        // Three queries in all, whatever the number of matches: at a restart with thousands of
        // open matches, a query or two per match was most of the start-up time.
        let rows = sqlx::query(&format!(
            "{MATCH_SELECT} WHERE m.status IN ('challenge', 'live') ORDER BY m.id"
        ))
        .fetch_all(&self.read)
        .await?;
        let seat_rows = sqlx::query(
            "SELECT s.match_id, s.seat, s.player_id, p.name FROM match_seats s \
             JOIN matches m ON m.id = s.match_id LEFT JOIN players p ON p.id = s.player_id \
             WHERE m.status IN ('challenge', 'live') ORDER BY s.match_id, s.seat",
        )
        .fetch_all(&self.read)
        .await?;
        let log_rows = sqlx::query(
            "SELECT mv.match_id, mv.seq, mv.kind, mv.ply, mv.notation, mv.player_id, mv.played_at \
             FROM moves mv JOIN matches m ON m.id = mv.match_id \
             WHERE m.status IN ('challenge', 'live') ORDER BY mv.match_id, mv.seq",
        )
        .fetch_all(&self.read)
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
            // One damaged match must not keep every other one from being restored: it is left
            // as it is in the database, and said in the log.
            let m = match Self::match_with_seats(row, its_seats) {
                Ok(m) => m,
                Err(error) => {
                    tracing::error!(%error, "an open match cannot be read; left as it is");
                    continue;
                }
            };
            match its_log.iter().map(Self::log_entry).collect() {
                Ok(log) => out.push((m, log)),
                Err(StoreError::Corrupt(error)) => {
                    tracing::error!(match_id = m.id, %error, "a move log cannot be read; match left as it is");
                }
                Err(other) => return Err(other),
            }
        }
        Ok(out)
    }

    pub(in crate::store) async fn match_by_id(
        &self,
        id: i64,
    ) -> Result<Option<MatchRow>, StoreError> {
        let row = sqlx::query(&format!("{MATCH_SELECT} WHERE m.id = $1"))
            .bind(id)
            .fetch_optional(&self.read)
            .await?;
        match row {
            Some(row) => Ok(Some(self.read_match(&row).await?)),
            None => Ok(None),
        }
    }

    /// A match row with its seats.
    pub(in crate::store) async fn read_match(&self, row: &DbRow) -> Result<MatchRow, StoreError> {
        let id: i64 = row.try_get("id")?;
        let seats = sqlx::query(
            "SELECT s.match_id, s.seat, s.player_id, p.name FROM match_seats s \
             LEFT JOIN players p ON p.id = s.player_id WHERE s.match_id = $1 ORDER BY s.seat",
        )
        .bind(id)
        .fetch_all(&self.read)
        .await?;
        Self::match_with_seats(row, &seats)
    }

    /// A match from its row and its seats' rows (match_id, seat, player_id, name; in order).
    fn match_with_seats(row: &DbRow, seat_rows: &[DbRow]) -> Result<MatchRow, StoreError> {
        let mut m = Self::match_from_row(row)?;
        let count: i64 = row.try_get("seat_count")?;
        let mut seats = Vec::with_capacity(seat_rows.len());
        for (i, r) in seat_rows.iter().enumerate() {
            let seat: i64 = r.try_get(1)?;
            let player: Option<i64> = r.try_get(2)?;
            if seat != i as i64 {
                return Err(StoreError::Corrupt(format!("match {}: seat {seat}", m.id)));
            }
            seats.push(match player {
                Some(id) => Some(PlayerRef {
                    id: from_db_id(id),
                    name: r.try_get::<Option<String>, _>(3)?.unwrap_or_default(),
                }),
                None => None,
            });
        }
        if seats.len() as i64 != count {
            return Err(StoreError::Corrupt(format!(
                "match {} has {} seats of {count}",
                m.id,
                seats.len()
            )));
        }
        m.seats = seats;
        Ok(m)
    }

    pub(in crate::store) async fn read_matches(
        &self,
        rows: &[DbRow],
    ) -> Result<Vec<MatchRow>, StoreError> {
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            out.push(self.read_match(row).await?);
        }
        Ok(out)
    }

    pub(in crate::store) async fn log(&self, match_id: i64) -> Result<Vec<LogEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT match_id, seq, kind, ply, notation, player_id, played_at FROM moves \
             WHERE match_id = $1 ORDER BY seq",
        )
        .bind(match_id)
        .fetch_all(&self.read)
        .await?;
        rows.iter().map(Self::log_entry).collect()
    }

    /// One entry of a move log from its row (match_id, seq, kind, ply, notation, player_id,
    /// played_at).
    fn log_entry(r: &DbRow) -> Result<LogEntry, StoreError> {
        let kind: String = r.try_get("kind")?;
        Ok(LogEntry {
            seq: to_u32(r.try_get("seq")?)?,
            kind: EntryKind::from_name(&kind)
                .ok_or_else(|| StoreError::Corrupt(format!("log entry kind `{kind}`")))?,
            ply: to_u32(r.try_get("ply")?)?,
            notation: r.try_get("notation")?,
            player_id: from_db_id(r.try_get("player_id")?),
            at: r.try_get("played_at")?,
        })
    }

    pub(in crate::store) async fn last_challenge_at(
        &self,
        user: u64,
    ) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT MAX(created_at) FROM matches WHERE challenger_id = $1")
            .bind(db_id(user))
            .fetch_one(&self.read)
            .await?;
        Ok(row.try_get(0)?)
    }

    pub(in crate::store) async fn last_closed_in_channel(
        &self,
        channel: u64,
        user: u64,
    ) -> Result<Option<MatchRow>, StoreError> {
        let row = sqlx::query(&format!(
            "{MATCH_SELECT} WHERE m.channel_id = $1 AND m.status IN ('finished', 'aborted') \
             AND {} ORDER BY m.finished_at DESC, m.id DESC LIMIT 1",
            played_by("$2")
        ))
        .bind(db_id(channel))
        .bind(db_id(user))
        .fetch_optional(&self.read)
        .await?;
        match row {
            Some(row) => Ok(Some(self.read_match(&row).await?)),
            None => Ok(None),
        }
    }

    pub(in crate::store) async fn rating(
        &self,
        user: u64,
        game: &str,
        scope: i64,
    ) -> Result<Option<RatingRow>, StoreError> {
        let row = sqlx::query(&format!(
            "{RATING_SELECT} WHERE r.player_id = $1 AND r.game = $2 AND r.scope = $3"
        ))
        .bind(db_id(user))
        .bind(game)
        .bind(scope)
        .fetch_optional(&self.read)
        .await?;
        row.as_ref().map(Self::rating_from_row).transpose()
    }

    pub(in crate::store) async fn ratings_of(
        &self,
        user: u64,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "{RATING_SELECT} WHERE r.player_id = $1 ORDER BY r.game, r.scope"
        ))
        .bind(db_id(user))
        .fetch_all(&self.read)
        .await?;
        rows.iter().map(Self::rating_from_row).collect()
    }

    pub(in crate::store) async fn leaderboard(
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

    pub(in crate::store) async fn provisional(
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
        let rows = sqlx::query(&format!(
            "{RATING_SELECT} WHERE r.game = $1 AND r.scope = $2 AND {condition} \
             ORDER BY {order} LIMIT $4 OFFSET $5"
        ))
        .bind(game)
        .bind(scope)
        .bind(max_deviation)
        .bind(i64::from(limit))
        .bind(i64::from(offset))
        .fetch_all(&self.read)
        .await?;
        let total: i64 = sqlx::query(&format!(
            "SELECT COUNT(*) FROM ratings r WHERE r.game = $1 AND r.scope = $2 AND {condition}"
        ))
        .bind(game)
        .bind(scope)
        .bind(max_deviation)
        .fetch_one(&self.read)
        .await?
        .try_get(0)?;
        let rows = rows
            .iter()
            .map(Self::rating_from_row)
            .collect::<Result<_, _>>()?;
        Ok((rows, to_u32(total)?))
    }

    pub(in crate::store) async fn count_above(
        &self,
        game: &str,
        scope: i64,
        rating: f64,
        max_deviation: f64,
    ) -> Result<u32, StoreError> {
        let n: i64 = sqlx::query(
            "SELECT COUNT(*) FROM ratings WHERE game = $1 AND scope = $2 AND deviation <= $3 \
             AND rating > $4",
        )
        .bind(game)
        .bind(scope)
        .bind(max_deviation)
        .bind(rating)
        .fetch_one(&self.read)
        .await?
        .try_get(0)?;
        to_u32(n)
    }

    pub(in crate::store) async fn head_to_head(
        &self,
        a: u64,
        b: u64,
    ) -> Result<Vec<Tally>, StoreError> {
        let rows = sqlx::query(
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
        .fetch_all(&self.read)
        .await?;
        rows.iter()
            .map(|r| {
                let games = to_u32(r.try_get("games")?)?;
                let wins = to_u32(r.try_get("wins")?)?;
                let draws = to_u32(r.try_get("draws")?)?;
                Ok(Tally {
                    game: r.try_get("game")?,
                    wins,
                    draws,
                    losses: games.saturating_sub(wins + draws),
                })
            })
            .collect()
    }

    pub(in crate::store) async fn history(
        &self,
        user: u64,
        limit: u32,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "{MATCH_SELECT} WHERE {} \
             AND m.status IN ('finished', 'aborted') ORDER BY m.finished_at DESC, m.id DESC LIMIT $2",
            played_by("$1")
        ))
        .bind(db_id(user))
        .bind(i64::from(limit))
        .fetch_all(&self.read)
        .await?;
        self.read_matches(&rows).await
    }

    pub(in crate::store) async fn guild_settings(
        &self,
        guild: u64,
    ) -> Result<GuildSettings, StoreError> {
        let row = sqlx::query(
            "SELECT threads, told_no_threads, language, web_slug, web_name FROM guild_settings \
             WHERE guild_id = $1",
        )
        .bind(db_id(guild))
        .fetch_optional(&self.read)
        .await?;
        Ok(match row {
            Some(r) => GuildSettings {
                threads: r.try_get(0)?,
                told_no_threads: r.try_get(1)?,
                language: lang_of(r.try_get(2)?)?,
                web_slug: r.try_get(3)?,
                web_name: r.try_get(4)?,
            },
            None => GuildSettings::default(),
        })
    }

    pub(in crate::store) async fn set_guild_settings(
        &self,
        guild: u64,
        settings: &GuildSettings,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, threads, told_no_threads, language, web_slug, \
             web_name) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads, \
             told_no_threads = excluded.told_no_threads, language = excluded.language, \
             web_slug = excluded.web_slug, web_name = excluded.web_name",
        )
        .bind(db_id(guild))
        .bind(settings.threads)
        .bind(settings.told_no_threads)
        .bind(settings.language.map(Lang::code))
        .bind(settings.web_slug.as_deref())
        .bind(settings.web_name.as_deref())
        .execute(&self.write)
        .await?;
        Ok(())
    }

    pub(in crate::store) async fn reminders(&self, player: u64) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT reminders FROM player_settings WHERE player_id = $1")
            .bind(db_id(player))
            .fetch_optional(&self.read)
            .await?;
        Ok(match row {
            Some(r) => r.try_get(0)?,
            None => true,
        })
    }

    pub(in crate::store) async fn set_reminders(
        &self,
        player: &PlayerRef,
        on: bool,
        at: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write.begin().await?;
        Self::upsert_player(&mut tx, player, at).await?;
        sqlx::query(
            "INSERT INTO player_settings (player_id, reminders) VALUES ($1, $2) \
             ON CONFLICT (player_id) DO UPDATE SET reminders = excluded.reminders",
        )
        .bind(db_id(player.id))
        .bind(on)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub(in crate::store) async fn web_hidden(&self, player: u64) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT web_hidden FROM player_settings WHERE player_id = $1")
            .bind(db_id(player))
            .fetch_optional(&self.read)
            .await?;
        Ok(match row {
            Some(r) => r.try_get(0)?,
            None => false,
        })
    }

    pub(in crate::store) async fn set_web_hidden(
        &self,
        player: &PlayerRef,
        hidden: bool,
        at: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write.begin().await?;
        Self::upsert_player(&mut tx, player, at).await?;
        sqlx::query(
            "INSERT INTO player_settings (player_id, web_hidden) VALUES ($1, $2) \
             ON CONFLICT (player_id) DO UPDATE SET web_hidden = excluded.web_hidden",
        )
        .bind(db_id(player.id))
        .bind(hidden)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub(in crate::store) async fn web_key(
        &self,
        player: u64,
    ) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT web_key FROM players WHERE id = $1")
            .bind(db_id(player))
            .fetch_optional(&self.read)
            .await?;
        match row {
            Some(r) => Ok(r.try_get(0)?),
            None => Ok(None),
        }
    }

    pub(in crate::store) async fn language(&self, player: u64) -> Result<Option<Lang>, StoreError> {
        let row = sqlx::query("SELECT language FROM player_settings WHERE player_id = $1")
            .bind(db_id(player))
            .fetch_optional(&self.read)
            .await?;
        match row {
            Some(r) => lang_of(r.try_get(0)?),
            None => Ok(None),
        }
    }

    pub(in crate::store) async fn set_language(
        &self,
        player: &PlayerRef,
        language: Option<Lang>,
        at: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write.begin().await?;
        Self::upsert_player(&mut tx, player, at).await?;
        sqlx::query(
            "INSERT INTO player_settings (player_id, language) VALUES ($1, $2) \
             ON CONFLICT (player_id) DO UPDATE SET language = excluded.language",
        )
        .bind(db_id(player.id))
        .bind(language.map(Lang::code))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub(in crate::store) async fn set_undelivered(
        &self,
        match_id: i64,
        reason: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO undelivered (match_id, reason, at) VALUES ($1, $2, $3) \
             ON CONFLICT (match_id) DO UPDATE SET reason = excluded.reason, at = excluded.at",
        )
        .bind(match_id)
        .bind(reason)
        .bind(at)
        .execute(&self.write)
        .await?;
        Ok(())
    }

    pub(in crate::store) async fn take_undelivered(
        &self,
        match_id: i64,
    ) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("DELETE FROM undelivered WHERE match_id = $1 RETURNING reason")
            .bind(match_id)
            .fetch_optional(&self.write)
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get(0)?),
            None => None,
        })
    }

    pub(in crate::store) async fn undelivered_of(
        &self,
        player: u64,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT u.match_id, u.reason FROM undelivered u JOIN matches m ON m.id = u.match_id \
             WHERE {} AND m.status IN ('challenge', 'live') ORDER BY u.at DESC",
            played_by("$1")
        ))
        .bind(db_id(player))
        .fetch_all(&self.read)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }

    pub(in crate::store) async fn analysis(
        &self,
        match_id: i64,
    ) -> Result<Option<AnalysisRow>, StoreError> {
        let row = sqlx::query("SELECT status, nodes, result FROM analyses WHERE match_id = $1")
            .bind(match_id)
            .fetch_optional(&self.read)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let status: String = row.try_get(0)?;
        let nodes: i64 = row.try_get(1)?;
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
            result: row.try_get(2)?,
        }))
    }

    pub(in crate::store) async fn begin_analysis(
        &self,
        match_id: i64,
        nodes: u64,
        at: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO analyses (match_id, status, nodes, requested_at) \
             VALUES ($1, 'pending', $2, $3) ON CONFLICT (match_id) DO NOTHING",
        )
        .bind(match_id)
        .bind(i64::try_from(nodes).unwrap_or(i64::MAX))
        .bind(at)
        .execute(&self.write)
        .await?
        .rows_affected()
            == 1;
        Ok(done)
    }

    pub(in crate::store) async fn finish_analysis(
        &self,
        match_id: i64,
        result: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE analyses SET status = 'done', result = $1, finished_at = $2 \
             WHERE match_id = $3",
        )
        .bind(result)
        .bind(at)
        .bind(match_id)
        .execute(&self.write)
        .await?;
        Ok(())
    }

    pub(in crate::store) async fn drop_analysis(&self, match_id: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM analyses WHERE match_id = $1")
            .bind(match_id)
            .execute(&self.write)
            .await?;
        Ok(())
    }

    pub(in crate::store) async fn pending_analyses(&self) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT match_id FROM analyses WHERE status = 'pending' ORDER BY requested_at, match_id",
        )
        .fetch_all(&self.read)
        .await?;
        rows.iter()
            .map(|r| r.try_get::<i64, _>(0).map_err(StoreError::from))
            .collect()
    }

    async fn upsert_player(
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

    /// Reads every seat's rating in one scope, rates the game, writes ratings and history. A player
    /// holding two seats (the bot) is not rated: only rated matches between people get here.
    async fn rate_scope(
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

    fn match_from_row(r: &DbRow) -> Result<MatchRow, StoreError> {
        let status: String = r.try_get("status")?;
        let opponent_id: Option<i64> = r.try_get("opponent_id")?;
        let opponent_name: Option<String> = r.try_get("opponent_name")?;
        Ok(MatchRow {
            id: r.try_get("id")?,
            guild_id: r.try_get::<Option<i64>, _>("guild_id")?.map(from_db_id),
            channel_id: from_db_id(r.try_get("channel_id")?),
            parent_id: r.try_get::<Option<i64>, _>("parent_id")?.map(from_db_id),
            game: r.try_get("game")?,
            variant: r.try_get("variant")?,
            options: r.try_get("options")?,
            seed: r.try_get("seed")?,
            rated: r.try_get("rated")?,
            clock_secs: r.try_get("clock_secs")?,
            level: r
                .try_get::<Option<i64>, _>("level")?
                .map(to_u8)
                .transpose()?,
            challenger: PlayerRef {
                id: from_db_id(r.try_get("challenger_id")?),
                name: r.try_get("challenger_name")?,
            },
            opponent: opponent_id.map(|id| PlayerRef {
                id: from_db_id(id),
                name: opponent_name.unwrap_or_default(),
            }),
            vs_bot: r.try_get("vs_bot")?,
            challenger_seat: to_u8(r.try_get("challenger_seat")?)?,
            seats: Vec::new(),
            threaded: r.try_get("threaded")?,
            card: match (
                r.try_get::<Option<i64>, _>("card_channel_id")?,
                r.try_get::<Option<i64>, _>("card_message_id")?,
            ) {
                (Some(c), Some(m)) => Some((from_db_id(c), from_db_id(m))),
                _ => None,
            },
            status: MatchStatus::from_name(&status)
                .ok_or_else(|| StoreError::Corrupt(format!("match status `{status}`")))?,
            winner_seat: r
                .try_get::<Option<i64>, _>("winner_seat")?
                .map(to_u8)
                .transpose()?,
            reason: r.try_get("reason")?,
            deadline_at: r.try_get("deadline_at")?,
            warned: r.try_get("warned")?,
            draw_offer_seat: r
                .try_get::<Option<i64>, _>("draw_offer_seat")?
                .map(to_u8)
                .transpose()?,
            takeback_seat: r
                .try_get::<Option<i64>, _>("takeback_seat")?
                .map(to_u8)
                .transpose()?,
            draw_consent: to_u8(r.try_get("draw_consent")?)?,
            takeback_consent: to_u8(r.try_get("takeback_consent")?)?,
            rematch_of: r.try_get("rematch_of")?,
            created_at: r.try_get("created_at")?,
            started_at: r.try_get("started_at")?,
            finished_at: r.try_get("finished_at")?,
        })
    }

    pub(in crate::store) fn rating_from_row(r: &DbRow) -> Result<RatingRow, StoreError> {
        Ok(RatingRow {
            player: PlayerRef {
                id: from_db_id(r.try_get("player_id")?),
                name: r.try_get("player_name")?,
            },
            game: r.try_get("game")?,
            scope: r.try_get("scope")?,
            value: Glicko {
                rating: r.try_get("rating")?,
                deviation: r.try_get("deviation")?,
                volatility: r.try_get("volatility")?,
            },
            games: to_u32(r.try_get("games")?)?,
            wins: to_u32(r.try_get("wins")?)?,
            draws: to_u32(r.try_get("draws")?)?,
            losses: to_u32(r.try_get("losses")?)?,
            last_played: r.try_get("last_played")?,
        })
    }
}

/// Rows ordered by their first column (a match id), handed out match by match: `take` is called
/// with ids in increasing order.
struct Grouped<'a> {
    rows: &'a [DbRow],
    at: usize,
}

impl<'a> Grouped<'a> {
    fn new(rows: &'a [DbRow]) -> Self {
        Grouped { rows, at: 0 }
    }

    /// The rows of match `id` (none if it has none), skipping those of smaller ids.
    fn take(&mut self, id: i64) -> &'a [DbRow] {
        let of = |r: &DbRow| r.try_get::<i64, _>(0).unwrap_or(i64::MIN);
        while self.rows.get(self.at).is_some_and(|r| of(r) < id) {
            self.at += 1;
        }
        let start = self.at;
        while self.rows.get(self.at).is_some_and(|r| of(r) == id) {
            self.at += 1;
        }
        &self.rows[start..self.at]
    }
}
