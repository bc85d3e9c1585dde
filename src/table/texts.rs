//! Fixed texts: the short rules of each game, and results read back from storage.

use crate::games::{AnyGame, GameKind, Outcome, Reason, Seating, Side};
use crate::i18n::Msg;
use crate::store::{MatchRow, MatchStatus};

use super::api::{Reply, TextFile};
use super::catalogue::{self, Group};
use super::picture::Picture;
use super::words;

/// Where the full rules live in the repository: `docs/rules/<lang>/<game>.md`, with pictures.
pub const DOCS_DIR: &str = "docs/rules";

/// A `PARLOR_DOCS_URL` that is not a web address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "PARLOR_DOCS_URL must be an http:// or https:// URL \
     (e.g. https://github.com/you/parlor/blob/main/docs/rules), not {0:?}"
)]
pub struct BadDocsUrl(pub String);

/// Reads a `PARLOR_DOCS_URL` value: `None` when blank, else the base without a trailing `/`.
pub fn docs_url(value: &str) -> Result<Option<String>, BadDocsUrl> {
    super::links::web_base(value).map_err(BadDocsUrl)
}

/// `/help`: the commands in a few lines, and where the rules are (`/rules`, and the full rules
/// under `docs_url`, or attached by `/rules` when none is configured). Only the reader sees it.
pub fn help(docs_url: Option<&str>) -> Reply {
    let lines = Group::ALL
        .into_iter()
        .filter_map(|group| {
            let id = match (group, docs_url) {
                // No published copy: `/rules` attaches the page.
                (Group::Rules, None) => "help-rules-attached",
                _ => group.id()?,
            };
            let msg = catalogue::ALL
                .iter()
                .filter(|c| c.help == group)
                .fold(Msg::new(id), |msg, c| {
                    msg.code(c.name, format!("/{}", c.name))
                });
            Some(match (group, docs_url) {
                (Group::Rules, Some(docs)) => msg.plain("docs", docs),
                _ => msg,
            })
        })
        .collect();
    Reply {
        kind: super::api::ReplyKind::Info,
        private: true,
        title: Some(Msg::new("help-title")),
        lines,
        ..Reply::default()
    }
}

/// `/rules`: a short text with a picture of the start position, and the full rules: a link to
/// `<docs_url>/<lang>/<game>.md` (the catalogue of each language adds its own `<lang>`), or,
/// when no URL is configured, the page itself in the reader's language, attached (a path in the
/// repository opens nothing for a player).
pub fn rules(game: GameKind, docs_url: Option<&str>) -> Reply {
    let text = Msg::new(match game {
        GameKind::Loa => "rules-loa",
        GameKind::Lightning => "rules-lightning",
        GameKind::Barrier => "rules-barrier",
        GameKind::Simultana => "rules-simultana",
    });
    let file = format!("{}.md", game.name());
    let (full, attached) = match docs_url {
        Some(docs) => (
            Msg::new("rules-full")
                .plain("docs", docs)
                .plain("file", file),
            None,
        ),
        None => (
            Msg::new("rules-full-attached").code("file", &file),
            Some(TextFile {
                rules: Some(game),
                ..TextFile::plain(file, "")
            }),
        ),
    };
    let mut reply = Reply {
        title: Some(words::game(game)),
        lines: vec![text, full],
        file: attached,
        ..Reply::default()
    };
    if let Ok(start) = AnyGame::start(game, "", 0) {
        let names = Side::BOTH
            .map(|s| Msg::new("pic-side").plain("side", start.side_name(s)))
            .to_vec();
        reply.picture = Some(Picture::Board {
            match_id: None,
            seq: 0,
            game: start,
            last_move: None,
            players: names,
            ratings: vec![None, None],
            move_number: 0,
            result: None,
            time_left: None,
            clocks: Vec::new(),
        });
    }
    reply
}

/// The ending of a stored match as the pictures show it: `None` while it is not over.
pub fn stored_outcome(m: &MatchRow) -> Option<Outcome> {
    let reason = |name: Option<&str>| {
        Reason::ALL
            .into_iter()
            .find(|r| Some(r.name()) == name)
            .unwrap_or(Reason::Abort)
    };
    match m.status {
        MatchStatus::Aborted => Some(Outcome {
            winner: None,
            reason: Reason::Abort,
        }),
        MatchStatus::Finished => Some(Outcome {
            winner: stored_winner(m),
            reason: reason(m.reason.as_deref()),
        }),
        _ => None,
    }
}

/// How a stored match ended, as a message: `@Alice won by connection.`
pub fn stored_result(m: &MatchRow) -> Msg {
    let reason = words::reason_named(m.reason.as_deref().unwrap_or(""));
    match (m.status, stored_winner(m), m.seats()) {
        (MatchStatus::Aborted, _, _) => Msg::new("stored-aborted"),
        (MatchStatus::Finished, Some(side), Some(seats)) => {
            let team: Vec<_> = stored_seating(m, seats.len())
                .team(&seats, side)
                .copied()
                .collect();
            match team.as_slice() {
                [winner] => {
                    let id = match m.reason.as_deref() {
                        Some("timeout") => "stored-won-timeout",
                        Some("resignation") => "stored-won-resignation",
                        _ => "stored-won",
                    };
                    Msg::new(id)
                        .player("player", winner.id, &winner.name)
                        .msg("reason", reason)
                }
                // With four seats the winning side is a team.
                _ => Msg::new("stored-team-won")
                    .list("players", team.into_iter().map(words::who).collect())
                    .msg("reason", reason),
            }
        }
        (MatchStatus::Finished, None, _) => Msg::new("stored-draw").msg("reason", reason),
        (status, _, _) => Msg::verbatim(status.name()),
    }
}

/// The winning side of a stored match: `winner_seat` holds the side's index (the winning team
/// with four seats); `None` for a draw, or a value that is no side.
pub fn stored_winner(m: &MatchRow) -> Option<Side> {
    m.winner_seat.and_then(|w| Side::from_index(usize::from(w)))
}

/// How the players of a stored match sit, from its game and options; a match this version
/// cannot read (an unknown game or options) is taken to have `seats` seats alternating sides.
pub fn stored_seating(m: &MatchRow, seats: usize) -> Seating {
    m.game
        .seating(&m.options)
        .unwrap_or_else(|_| Seating::for_seats(seats))
}
