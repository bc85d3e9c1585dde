//! What the public web pages read: servers that opted in, ladders with each player's public key
//! and choice to hide, rating histories, and the finished matches that may be shown. Read-only;
//! the queries are in `web_queries.rs`, compiled per backend like `queries.rs`.

use super::{Db, Glicko, MatchRow, Store, StoreError};

/// A server whose pages are on (`/settings web:on`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebServer {
    pub guild_id: u64,
    pub slug: String,
    /// Its name when the pages were last set (`None` if never known).
    pub name: Option<String>,
}

/// A player as the pages may show them: a hidden player is named by nobody.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebPlayer {
    pub id: u64,
    pub name: String,
    /// The random key of their page (`/p/<key>`).
    pub key: String,
    /// `/settings my-web:off`: "anonymous" everywhere on the web.
    pub hidden: bool,
}

/// A rating on a ladder, with its player as the pages may show them.
#[derive(Clone, Debug, PartialEq)]
pub struct WebRating {
    pub player: WebPlayer,
    /// The ladder (`loa`, a variant's own ladder ...).
    pub ladder: String,
    /// A guild id, or 0 for the global ladder.
    pub scope: i64,
    /// The server's name for a server's ladder whose pages are on.
    pub server: Option<String>,
    pub value: Glicko,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A player's global rating after one rated match.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub game: String,
    pub variant: String,
    /// When the match ended (unix ms).
    pub at: i64,
    /// When it started (unix ms).
    pub started_at: Option<i64>,
    /// The rating before it.
    pub before: f64,
    pub rating: f64,
    pub deviation: f64,
}

/// Which finished matches to list.
#[derive(Clone, Copy, Debug)]
pub enum Shown {
    /// A player's public matches.
    Player(u64),
    /// A server's matches (its pages being on).
    Server(u64),
}

/// The settled ratings of a ladder first (best first), then the provisional ones.
pub struct LadderQuery<'a> {
    pub ladder: &'a str,
    pub scope: i64,
    /// For the global ladder: only players with a finished rated match of this game that the
    /// pages may show (in a server that opted in, or at the terminal).
    pub public_game: Option<&'a str>,
    /// The terminal's channel (its matches count as public).
    pub terminal: u64,
    /// Deviations above this are provisional.
    pub max_deviation: f64,
    pub limit: u32,
    pub offset: u32,
}

impl Store {
    /// The server whose pages are at `slug`.
    pub async fn web_server(&self, slug: &str) -> Result<Option<WebServer>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_server(Some(slug), None).await,
            Db::Postgres(pools) => pools.web_server(Some(slug), None).await,
        }
    }

    /// A server's pages, if they are on.
    pub async fn web_server_of(&self, guild: u64) -> Result<Option<WebServer>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_server(None, Some(guild)).await,
            Db::Postgres(pools) => pools.web_server(None, Some(guild)).await,
        }
    }

    /// The player whose page key is `key`.
    pub async fn web_player(&self, key: &str) -> Result<Option<WebPlayer>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_player(Some(key), None).await,
            Db::Postgres(pools) => pools.web_player(Some(key), None).await,
        }
    }

    /// A player by id, with their key and choice.
    pub async fn web_player_by_id(&self, id: u64) -> Result<Option<WebPlayer>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_player(None, Some(id)).await,
            Db::Postgres(pools) => pools.web_player(None, Some(id)).await,
        }
    }

    /// One page of a ladder and the number of its rows.
    pub async fn web_ladder(
        &self,
        q: &LadderQuery<'_>,
    ) -> Result<(Vec<WebRating>, u32), StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_ladder(q).await,
            Db::Postgres(pools) => pools.web_ladder(q).await,
        }
    }

    /// Which ladders of a scope have at least one rating (for a server's front page).
    pub async fn web_ladders_of(&self, scope: i64) -> Result<Vec<(String, u32)>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_ladders_of(scope).await,
            Db::Postgres(pools) => pools.web_ladders_of(scope).await,
        }
    }

    /// A player's ratings that the pages may show: global ones and those of servers that
    /// opted in (with their names).
    pub async fn web_ratings_of(&self, player: u64) -> Result<Vec<WebRating>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_ratings_of(player).await,
            Db::Postgres(pools) => pools.web_ratings_of(player).await,
        }
    }

    /// A player's global rating after each of their rated matches, oldest first.
    pub async fn web_rating_history(&self, player: u64) -> Result<Vec<RatingPoint>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_rating_history(player).await,
            Db::Postgres(pools) => pools.web_rating_history(player).await,
        }
    }

    /// The latest finished matches the pages may show (of a server that opted in, or played at
    /// the terminal's `terminal` channel), newest first.
    pub async fn web_matches(
        &self,
        which: Shown,
        terminal: u64,
        limit: u32,
    ) -> Result<Vec<MatchRow>, StoreError> {
        match &self.db {
            Db::Sqlite { pools, .. } => pools.web_matches(which, terminal, limit).await,
            Db::Postgres(pools) => pools.web_matches(which, terminal, limit).await,
        }
    }
}
