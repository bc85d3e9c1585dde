//! The public web pages, named by what they show. Their paths are written here once, so that the
//! links the bot gives in chat and the pages the web adapter serves always agree. `/`,
//! `/global/<game>` and `/m/<id>` are fixed by INTERFACES.md; the rest is Parlor's own.

use crate::games::GameKind;

/// One page of the web pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebPage {
    /// The front page: links to the ladders shown.
    Home,
    /// A server's front page: its ladders and latest matches (`/s/<slug>`).
    Server { slug: String },
    /// One of a server's ladders (`/s/<slug>/<game>?variant=`).
    ServerLadder {
        slug: String,
        game: GameKind,
        /// The variant of a ladder of its own (`None`: the game's main ladder).
        variant: Option<String>,
    },
    /// The global ladder of a game (`/global/<game>?variant=`).
    Global {
        game: GameKind,
        variant: Option<String>,
    },
    /// A player's page, by their public key (`/p/<key>`), never by their Discord id.
    Player { key: String },
    /// A finished match (`/m/<id>`).
    Match { id: i64 },
    /// A tournament (`/t/<id>`), with its TRF file at `/t/<id>/tournament-<id>.trf`.
    Tournament { id: i64 },
    /// A puzzle and its solution stepped through (`/puzzle/<id>`); a daily puzzle only once
    /// its day is over.
    Puzzle { id: i64 },
}

impl WebPage {
    /// The page's path, from the site's root.
    pub fn path(&self) -> String {
        let with_variant = |base: String, variant: &Option<String>| match variant {
            Some(v) => format!("{base}?variant={v}"),
            None => base,
        };
        match self {
            WebPage::Home => "/".to_owned(),
            WebPage::Server { slug } => format!("/s/{slug}"),
            WebPage::ServerLadder {
                slug,
                game,
                variant,
            } => with_variant(format!("/s/{slug}/{}", game.name()), variant),
            WebPage::Global { game, variant } => {
                with_variant(format!("/global/{}", game.name()), variant)
            }
            WebPage::Player { key } => format!("/p/{key}"),
            WebPage::Match { id } => format!("/m/{id}"),
            WebPage::Tournament { id } => format!("/t/{id}"),
            WebPage::Puzzle { id } => format!("/puzzle/{id}"),
        }
    }

    /// The page's address under the public base (`PARLOR_PUBLIC_URL`, with or without a final
    /// slash).
    pub fn url(&self, base: &str) -> String {
        format!("{}{}", base.trim_end_matches('/'), self.path())
    }
}

/// Reads an address setting (`PARLOR_PUBLIC_URL`, `PARLOR_DOCS_URL`): `None` when blank, else
/// the base without a trailing `/`; the value itself when it is not an http(s) address.
pub fn web_base(value: &str) -> Result<Option<String>, String> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    let web = value.starts_with("https://") || value.starts_with("http://");
    if !web || value.chars().any(char::is_whitespace) {
        return Err(value.to_string());
    }
    Ok(Some(value.trim_end_matches('/').to_string()))
}
