//! What the public web pages read (the types are in `store/web.rs`): servers that opted in,
//! players by their public key, ladders, rating histories and the matches that may be shown.

use sqlx::Row;

use super::{MATCH_SELECT, played_by};
use crate::store::decode::{self, Fetch, game_and_variant, rating_from_row, to_u32};
use crate::store::web::{LadderQuery, RatingPoint, Shown, WebPlayer, WebRating, WebServer};
use crate::store::{MatchRow, Store, StoreError, db_id, from_db_id};

/// The condition "match `m` may be shown on the web": its server's pages are on, or it was
/// played at the terminal (its channel bound at `terminal`), or in direct messages (outside any
/// server) between players none of whom hid themself from the web (`/settings my-web:off`).
fn public(terminal: &str) -> String {
    format!(
        "(m.guild_id IN (SELECT guild_id FROM guild_settings WHERE web_slug IS NOT NULL) \
         OR (m.guild_id IS NULL AND m.channel_id = {terminal}) \
         OR (m.guild_id IS NULL AND NOT EXISTS (SELECT 1 FROM match_seats hs \
             JOIN player_settings s ON s.player_id = hs.player_id \
             WHERE hs.match_id = m.id AND s.web_hidden)))"
    )
}

const WEB_RATING_SELECT: &str = "SELECT r.*, p.name AS player_name, p.web_key, \
     COALESCE(s.web_hidden, FALSE) AS web_hidden, g.web_name, g.web_slug \
     FROM ratings r JOIN players p ON p.id = r.player_id \
     LEFT JOIN player_settings s ON s.player_id = r.player_id \
     LEFT JOIN guild_settings g ON g.guild_id = r.scope";

impl Store {
    /// The server whose pages are at `slug`.
    pub async fn web_server(&self, slug: &str) -> Result<Option<WebServer>, StoreError> {
        self.web_server_where(Some(slug), None).await
    }

    /// A server's pages, if they are on.
    pub async fn web_server_of(&self, guild: u64) -> Result<Option<WebServer>, StoreError> {
        self.web_server_where(None, Some(guild)).await
    }

    async fn web_server_where(
        &self,
        slug: Option<&str>,
        guild: Option<u64>,
    ) -> Result<Option<WebServer>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT guild_id, web_slug, web_name FROM guild_settings \
                 WHERE web_slug IS NOT NULL AND (web_slug = $1 OR guild_id = $2)",
            )
            .bind(slug)
            .bind(guild.map(db_id))
            .optional(&pools.read, |r| {
                Ok(WebServer {
                    guild_id: from_db_id(r.try_get("guild_id")?),
                    slug: r.try_get("web_slug")?,
                    name: r.try_get("web_name")?,
                })
            })
            .await
        })
    }

    /// The player whose page key is `key`.
    pub async fn web_player(&self, key: &str) -> Result<Option<WebPlayer>, StoreError> {
        self.web_player_where(Some(key), None).await
    }

    /// A player by id, with their key and choice.
    pub async fn web_player_by_id(&self, id: u64) -> Result<Option<WebPlayer>, StoreError> {
        self.web_player_where(None, Some(id)).await
    }

    async fn web_player_where(
        &self,
        key: Option<&str>,
        id: Option<u64>,
    ) -> Result<Option<WebPlayer>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT p.id, p.name, p.web_key, COALESCE(s.web_hidden, FALSE) AS web_hidden \
                 FROM players p LEFT JOIN player_settings s ON s.player_id = p.id \
                 WHERE p.web_key = $1 OR p.id = $2",
            )
            .bind(key)
            .bind(id.map(db_id))
            .optional(&pools.read, |r| {
                Ok(WebPlayer {
                    id: from_db_id(r.try_get("id")?),
                    name: r.try_get("name")?,
                    key: r
                        .try_get::<Option<String>, _>("web_key")?
                        .unwrap_or_default(),
                    hidden: r.try_get("web_hidden")?,
                })
            })
            .await
        })
    }

    /// One page of a ladder and the number of its rows.
    pub async fn web_ladder(
        &self,
        q: &LadderQuery<'_>,
    ) -> Result<(Vec<WebRating>, u32), StoreError> {
        // The global ladder shows only players seen playing this game where the pages may
        // show it: a server that never opted in is never in it.
        let filter = if q.public_game.is_some() {
            format!(
                "AND EXISTS (SELECT 1 FROM match_seats ms JOIN matches m ON m.id = ms.match_id \
                 WHERE ms.player_id = r.player_id AND m.status = 'finished' AND m.rated \
                 AND m.game = $4 AND {})",
                public("$5")
            )
        } else {
            String::from("AND $4 IS NULL AND $5 IS NULL")
        };
        let terminal = q.public_game.map(|_| db_id(q.terminal));
        let page = format!(
            "{WEB_RATING_SELECT} WHERE r.game = $1 AND r.scope = $2 {filter} \
             ORDER BY CASE WHEN r.deviation <= $3 THEN 0 ELSE 1 END, r.rating DESC, r.player_id \
             LIMIT $6 OFFSET $7"
        );
        let count = format!(
            "SELECT COUNT(*) FROM ratings r WHERE r.game = $1 AND r.scope = $2 \
             AND $3 = $3 {filter}"
        );
        on!(self, pools => {
            let rows = sqlx::query(&page)
                .bind(q.ladder)
                .bind(q.scope)
                .bind(q.max_deviation)
                .bind(q.public_game)
                .bind(terminal)
                .bind(i64::from(q.limit))
                .bind(i64::from(q.offset))
                .fetch_all(&pools.read)
                .await?;
            let total: i64 = sqlx::query(&count)
                .bind(q.ladder)
                .bind(q.scope)
                .bind(q.max_deviation)
                .bind(q.public_game)
                .bind(terminal)
                .fetch_one(&pools.read)
                .await?
                .try_get(0)?;
            let rows = rows.iter().map(web_rating).collect::<Result<_, _>>()?;
            Ok((rows, to_u32(total)?))
        })
    }

    /// Which ladders of a scope have at least one rating (for a server's front page).
    pub async fn web_ladders_of(&self, scope: i64) -> Result<Vec<(String, u32)>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT game, COUNT(*) AS n FROM ratings WHERE scope = $1 GROUP BY game ORDER BY game",
            )
            .bind(scope)
            .all(&pools.read, |r| Ok((r.try_get("game")?, to_u32(r.try_get("n")?)?)))
            .await
        })
    }

    /// A player's ratings that the pages may show: global ones and those of servers that
    /// opted in (with their names).
    pub async fn web_ratings_of(&self, player: u64) -> Result<Vec<WebRating>, StoreError> {
        on!(self, pools => {
            sqlx::query(&format!(
                "{WEB_RATING_SELECT} WHERE r.player_id = $1 \
                 AND (r.scope = 0 OR g.web_slug IS NOT NULL) ORDER BY r.scope, r.game"
            ))
            .bind(db_id(player))
            .all(&pools.read, web_rating)
            .await
        })
    }

    /// A player's global rating after each of their rated matches, oldest first.
    pub async fn web_rating_history(&self, player: u64) -> Result<Vec<RatingPoint>, StoreError> {
        on!(self, pools => {
            sqlx::query(
                "SELECT m.id, m.game, m.variant, m.started_at, m.finished_at, h.rating_before, \
                 h.rating_after, h.deviation_after \
                 FROM rating_history h JOIN matches m ON m.id = h.match_id \
                 WHERE h.player_id = $1 AND h.scope = 0 AND m.finished_at IS NOT NULL \
                 ORDER BY m.finished_at, m.id",
            )
            .bind(db_id(player))
            .all(&pools.read, rating_point)
            .await
        })
    }

    /// The latest finished matches the pages may show (of a server that opted in, played at
    /// the terminal's `terminal` channel, or in direct messages that every player allows),
    /// newest first.
    pub async fn web_matches(
        &self,
        which: Shown,
        terminal: u64,
        limit: u32,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let (condition, id) = match which {
            Shown::Player(p) => (played_by("$1"), p),
            Shown::Server(g) => ("m.guild_id = $1".to_owned(), g),
        };
        let query = format!(
            "{MATCH_SELECT} WHERE {condition} AND m.status = 'finished' AND {} \
             ORDER BY m.finished_at DESC, m.id DESC LIMIT $3",
            public("$2")
        );
        on!(self, pools => {
            let rows = sqlx::query(&query)
                .bind(db_id(id))
                .bind(db_id(terminal))
                .bind(i64::from(limit))
                .fetch_all(&pools.read)
                .await?;
            pools.read_matches(&rows).await
        })
    }
}

/// A rating with its player as the pages may show them (`WEB_RATING_SELECT`).
fn web_rating(r: &impl decode::Cells) -> Result<WebRating, StoreError> {
    let rating = rating_from_row(r)?;
    let slug: Option<String> = r.try_get("web_slug")?;
    Ok(WebRating {
        player: WebPlayer {
            id: rating.player.id,
            name: rating.player.name,
            key: r
                .try_get::<Option<String>, _>("web_key")?
                .unwrap_or_default(),
            hidden: r.try_get("web_hidden")?,
        },
        ladder: rating.game,
        scope: rating.scope,
        server: slug.and(r.try_get("web_name")?),
        value: rating.value,
        games: rating.games,
        wins: rating.wins,
        draws: rating.draws,
        losses: rating.losses,
    })
}

/// A point of a rating history, its match's game and variant read.
fn rating_point(r: &impl decode::Cells) -> Result<RatingPoint, StoreError> {
    let (game, variant) = game_and_variant(r)?;
    Ok(RatingPoint {
        game,
        variant,
        at: r.try_get("finished_at")?,
        started_at: r.try_get("started_at")?,
        before: r.try_get("rating_before")?,
        rating: r.try_get("rating_after")?,
        deviation: r.try_get("deviation_after")?,
    })
}
