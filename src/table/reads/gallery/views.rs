//! The web pages' data, as the gallery hands it to the web adapter: what each page shows, with
//! the privacy rules already applied (hidden players are anonymous [`Who`]s).

use std::collections::BTreeSet;

use crate::games::{GameKind, Side};
use crate::i18n::Msg;
use crate::store::web::WebPlayer;

/// Someone as the pages name them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    /// `None`: anonymous (`/settings my-web:off`).
    pub name: Option<String>,
    /// Their page, when it may be shown.
    pub key: Option<String>,
}

impl Who {
    pub(super) fn of(p: &WebPlayer) -> Who {
        if p.hidden {
            Who {
                name: None,
                key: None,
            }
        } else {
            Who {
                name: Some(p.name.clone()),
                key: Some(p.key.clone()),
            }
        }
    }

    /// As a catalogue argument: the name, or the catalogue's "anonymous".
    pub fn msg(&self) -> Msg {
        match &self.name {
            Some(name) => Msg::verbatim(name),
            None => Msg::new("web-anonymous"),
        }
    }
}

/// Where a match was played, as the pages say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A server that opted in, by its name (if known).
    Server(Option<String>),
    /// `parlor local`.
    Local,
    /// Outside any server: a DM or group DM (Parlor installed to a person's account) or a DM
    /// with Parlor; shown only when every player allows the web to name them.
    Direct,
}

/// A ladder: a server's or the global one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LadderOf {
    Server(String),
    Global,
}

/// One row of a ladder page.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderRow {
    /// Settled ratings rank first; provisional ones are ranked after them.
    pub rank: u32,
    /// The rating is still provisional (marked `?`).
    pub provisional: bool,
    pub who: Who,
    pub rating: i64,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A page of a ladder.
#[derive(Clone, Debug)]
pub struct LadderView {
    pub of: LadderOf,
    /// The server's name, for a server's ladder.
    pub server: Option<String>,
    pub game: GameKind,
    /// The variant with a ladder of its own, if this is one.
    pub variant: Option<&'static str>,
    pub rows: Vec<LadderRow>,
    pub page: u32,
    pub pages: u32,
}

/// A finished match in a list.
#[derive(Clone, Debug)]
pub struct MatchLine {
    pub id: i64,
    pub game: GameKind,
    pub players: Vec<Who>,
    pub result: Msg,
    pub place: Place,
    pub finished_at: Option<i64>,
    /// Players whose names the messages must not show.
    pub hidden: BTreeSet<u64>,
}

/// A server's front page.
#[derive(Clone, Debug)]
pub struct ServerView {
    pub slug: String,
    pub name: Option<String>,
    /// Every ladder of every game: game, variant, how many players it has here.
    pub ladders: Vec<(GameKind, Option<&'static str>, u32)>,
    pub recent: Vec<MatchLine>,
    /// Its latest tournaments, newest first.
    pub tournaments: Vec<super::TournamentLine>,
}

/// One of a player's ratings.
#[derive(Clone, Debug)]
pub struct RatingLine {
    pub game: GameKind,
    pub variant: Option<&'static str>,
    /// `None` for the global ladder, else the server's name.
    pub server: Option<Option<String>>,
    pub rating: i64,
    pub provisional: bool,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A player's global rating in one ladder over time.
#[derive(Clone, Debug)]
pub struct Series {
    pub game: GameKind,
    pub variant: Option<&'static str>,
    /// (unix ms, rating), oldest first.
    pub points: Vec<(i64, f64)>,
}

/// Finished matches against one opponent in one game, from the page's player's side.
#[derive(Clone, Debug)]
pub struct HeadToHead {
    pub opponent: Who,
    pub game: GameKind,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A player's page.
#[derive(Clone, Debug)]
pub struct PlayerView {
    pub name: String,
    pub ratings: Vec<RatingLine>,
    pub history: Vec<Series>,
    pub recent: Vec<MatchLine>,
    pub h2h: Vec<HeadToHead>,
}

/// One move of a match page's score sheet.
#[derive(Clone, Debug)]
pub struct PlyLine {
    /// 1-based.
    pub ply: usize,
    /// The move it belongs to (see [`crate::games::notation::move_numbers`]): Lightning's two
    /// steps share one.
    pub number: usize,
    /// As the score sheet shows it, with the coach's mark once analysed.
    pub text: String,
    pub side: Side,
}

/// A mistake the coach found.
#[derive(Clone, Debug)]
pub struct MistakeLine {
    pub ply: usize,
    pub line: Msg,
}

/// The coach's review of a match, once it has one.
#[derive(Clone, Debug)]
pub struct Review {
    pub summary: Msg,
    pub mistakes: Vec<MistakeLine>,
}

/// A match page.
#[derive(Clone, Debug)]
pub struct MatchView {
    pub id: i64,
    pub game: GameKind,
    /// The variant's stored name (`standard` ...).
    pub variant: String,
    /// Each seat in turn order: who, and the side or seat they played.
    pub players: Vec<(Who, Msg)>,
    pub result: Msg,
    pub rated: bool,
    pub clock: Msg,
    pub place: Place,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub plies: Vec<PlyLine>,
    /// The score sheet's rows (`1. b1-b3 a2-c2`).
    pub sheet: Vec<String>,
    /// What `parlor engine` reads back.
    pub export: String,
    pub review: Option<Review>,
    /// Players whose names the messages must not show.
    pub hidden: BTreeSet<u64>,
}
