//! Rows read into Parlor's types, written once for both backends: [`Cells`] reads a column of a
//! SQLite or a PostgreSQL row alike. A value Parlor cannot read (an unknown game, a count out of
//! range) is [`StoreError::Corrupt`] naming its match, never a panic.

use sqlx::postgres::{PgRow, Postgres};
use sqlx::query::Query;
use sqlx::sqlite::{Sqlite, SqliteRow};
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};

use super::{
    Bank, EntryKind, Glicko, LogEntry, MatchRow, MatchStatus, PlayerRef, RatingRow, StoreError,
    Tally, from_db_id,
};
use crate::games::{GameKind, Variant, variants};
use crate::i18n::Lang;

/// A value one backend reads from a column and writes to one.
pub trait Sql<DB: Database>: for<'r> Decode<'r, DB> + for<'q> Encode<'q, DB> + Type<DB> {}

impl<DB: Database, T: for<'r> Decode<'r, DB> + for<'q> Encode<'q, DB> + Type<DB>> Sql<DB> for T {}

/// A value both backends read and write (a setting's value is bound and read back alike).
pub trait Value: Sql<Sqlite> + Sql<Postgres> + Send + Sync + 'static {}

impl<T: Sql<Sqlite> + Sql<Postgres> + Send + Sync + 'static> Value for T {}

/// A column, by name or by number, of either backend's rows.
pub trait Column: ColumnIndex<SqliteRow> + ColumnIndex<PgRow> {}

impl<I: ColumnIndex<SqliteRow> + ColumnIndex<PgRow>> Column for I {}

/// A row of either backend, for the code that reads rows (written once for both).
pub trait Cells {
    fn try_get<T: Value, I: Column>(&self, column: I) -> Result<T, sqlx::Error>;
}

impl Cells for SqliteRow {
    fn try_get<T: Value, I: Column>(&self, column: I) -> Result<T, sqlx::Error> {
        Row::try_get(self, column)
    }
}

impl Cells for PgRow {
    fn try_get<T: Value, I: Column>(&self, column: I) -> Result<T, sqlx::Error> {
        Row::try_get(self, column)
    }
}

/// A bound query's rows read into Parlor's types by a decoder (a `*_from_row` of this file or a
/// closure), the same on either backend: what a read does once its parameters are bound.
pub(super) trait Fetch<DB: Database>: Sized {
    /// The first row, if there is one, decoded.
    fn optional<T: Send>(
        self,
        pool: &Pool<DB>,
        decode: impl Fn(&DB::Row) -> Result<T, StoreError> + Send,
    ) -> impl Future<Output = Result<Option<T>, StoreError>> + Send;

    /// Every row, decoded, in the query's order.
    fn all<T: Send>(
        self,
        pool: &Pool<DB>,
        decode: impl Fn(&DB::Row) -> Result<T, StoreError> + Send,
    ) -> impl Future<Output = Result<Vec<T>, StoreError>> + Send;
}

impl<'q, DB, A> Fetch<DB> for Query<'q, DB, A>
where
    DB: Database,
    A: 'q + IntoArguments<'q, DB> + Send,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
{
    async fn optional<T: Send>(
        self,
        pool: &Pool<DB>,
        decode: impl Fn(&DB::Row) -> Result<T, StoreError> + Send,
    ) -> Result<Option<T>, StoreError> {
        self.fetch_optional(pool)
            .await?
            .as_ref()
            .map(decode)
            .transpose()
    }

    async fn all<T: Send>(
        self,
        pool: &Pool<DB>,
        decode: impl Fn(&DB::Row) -> Result<T, StoreError> + Send,
    ) -> Result<Vec<T>, StoreError> {
        self.fetch_all(pool).await?.iter().map(decode).collect()
    }
}

pub(super) fn to_u32(v: i64) -> Result<u32, StoreError> {
    u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("{v} is out of range")))
}

fn to_u8(v: i64) -> Result<u8, StoreError> {
    u8::try_from(v).map_err(|_| StoreError::Corrupt(format!("{v} is out of range")))
}

/// A stored seat number or the like (NULL for none).
fn opt_u8(r: &impl Cells, column: &str) -> Result<Option<u8>, StoreError> {
    r.try_get::<Option<i64>, _>(column)?.map(to_u8).transpose()
}

/// A stored language code (`en`, `fr`; NULL for `auto`) as a language.
pub fn lang_of(code: Option<String>) -> Result<Option<Lang>, StoreError> {
    code.map(|c| {
        Lang::from_locale(&c).ok_or_else(|| StoreError::Corrupt(format!("{c} is no language")))
    })
    .transpose()
}

/// A stored game name (`loa` ...), exactly as [`GameKind::name`] writes it.
pub fn game_of(name: &str) -> Option<GameKind> {
    GameKind::ALL.into_iter().find(|g| g.name() == name)
}

/// The game and variant of a row's match (its columns `id`, `game`, `variant`).
pub(super) fn game_and_variant(r: &impl Cells) -> Result<(GameKind, &'static Variant), StoreError> {
    let id: i64 = r.try_get("id")?;
    game_and_variant_named(
        id,
        &r.try_get::<String, _>("game")?,
        &r.try_get::<String, _>("variant")?,
    )
}

/// The game and variant of match `id` from their stored names.
pub fn game_and_variant_named(
    id: i64,
    game: &str,
    variant: &str,
) -> Result<(GameKind, &'static Variant), StoreError> {
    let kind =
        game_of(game).ok_or_else(|| StoreError::Corrupt(format!("match {id}: game `{game}`")))?;
    let variant = variants(kind)
        .iter()
        .find(|v| v.name == variant)
        .ok_or_else(|| {
            StoreError::Corrupt(format!("match {id}: no variant `{variant}` of {kind}"))
        })?;
    Ok((kind, variant))
}

/// A match from its row (`MATCH_SELECT`), without its seats.
pub(super) fn match_from_row(r: &impl Cells) -> Result<MatchRow, StoreError> {
    let id: i64 = r.try_get("id")?;
    let status: String = r.try_get("status")?;
    let (game, variant) = game_and_variant(r)?;
    let opponent_id: Option<i64> = r.try_get("opponent_id")?;
    let opponent_name: Option<String> = r.try_get("opponent_name")?;
    Ok(MatchRow {
        id,
        guild_id: r.try_get::<Option<i64>, _>("guild_id")?.map(from_db_id),
        channel_id: from_db_id(r.try_get("channel_id")?),
        parent_id: r.try_get::<Option<i64>, _>("parent_id")?.map(from_db_id),
        game,
        variant,
        options: r.try_get("options")?,
        seed: r.try_get("seed")?,
        rated: r.try_get("rated")?,
        clock_secs: r.try_get("clock_secs")?,
        increment_secs: r.try_get("increment_secs")?,
        remaining: match r.try_get::<Option<String>, _>("remaining_ms")? {
            Some(text) => {
                Some(Bank::from_text(&text).ok_or_else(|| {
                    StoreError::Corrupt(format!("match {id}: clock times `{text}`"))
                })?)
            }
            None => None,
        },
        clock_seen_at: r.try_get("clock_seen_at")?,
        level: opt_u8(r, "level")?,
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
            .ok_or_else(|| StoreError::Corrupt(format!("match {id}: status `{status}`")))?,
        winner_seat: opt_u8(r, "winner_seat")?,
        reason: r.try_get("reason")?,
        deadline_at: r.try_get("deadline_at")?,
        warned: r.try_get("warned")?,
        draw_offer_seat: opt_u8(r, "draw_offer_seat")?,
        takeback_seat: opt_u8(r, "takeback_seat")?,
        draw_consent: to_u8(r.try_get("draw_consent")?)?,
        takeback_consent: to_u8(r.try_get("takeback_consent")?)?,
        rematch_of: r.try_get("rematch_of")?,
        created_at: r.try_get("created_at")?,
        started_at: r.try_get("started_at")?,
        finished_at: r.try_get("finished_at")?,
    })
}

/// A match from its row and its seats' rows (match_id, seat, player_id, name; in order).
pub fn match_with_seats<R: Cells>(row: &R, seat_rows: &[R]) -> Result<MatchRow, StoreError> {
    let mut m = match_from_row(row)?;
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

/// One entry of a move log from its row (match_id, seq, kind, ply, notation, player_id,
/// played_at).
pub fn log_entry(r: &impl Cells) -> Result<LogEntry, StoreError> {
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

/// A rating from its row (`RATING_SELECT`).
pub(super) fn rating_from_row(r: &impl Cells) -> Result<RatingRow, StoreError> {
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

/// One game's head-to-head tally from its row (game, draws, wins, games).
pub(super) fn tally(r: &impl Cells) -> Result<Tally, StoreError> {
    let games = to_u32(r.try_get("games")?)?;
    let wins = to_u32(r.try_get("wins")?)?;
    let draws = to_u32(r.try_get("draws")?)?;
    let game: String = r.try_get("game")?;
    Ok(Tally {
        game: game_of(&game).ok_or_else(|| StoreError::Corrupt(format!("game `{game}`")))?,
        wins,
        draws,
        losses: games.saturating_sub(wins + draws),
    })
}

/// Rows ordered by their first column (a match id), handed out match by match: `take` is called
/// with ids in increasing order.
pub struct Grouped<'a, R> {
    rows: &'a [R],
    at: usize,
}

impl<'a, R: Cells> Grouped<'a, R> {
    pub(super) fn new(rows: &'a [R]) -> Self {
        Grouped { rows, at: 0 }
    }

    /// The rows of match `id` (none if it has none), skipping those of smaller ids.
    pub(super) fn take(&mut self, id: i64) -> &'a [R] {
        let of = |r: &R| r.try_get::<i64, _>(0).unwrap_or(i64::MIN);
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
