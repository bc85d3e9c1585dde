//! What the public web pages read: servers that opted in, ladders with each player's public key
//! and choice to hide, rating histories, and the finished matches that may be shown. Read-only;
//! the queries are in `queries/web.rs`.

use super::Glicko;
use crate::games::{GameKind, Variant};

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
    pub game: GameKind,
    pub variant: &'static Variant,
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
