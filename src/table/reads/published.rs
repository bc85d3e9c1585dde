//! Links from chat to the web pages. A server's pages exist only while a manager has turned
//! them on (`/settings web:on`, which gives them an unguessable slug); the terminal's own
//! matches are always shown (under "local"). No link is given without the public address
//! (`PARLOR_PUBLIC_URL`), nor to the page of a person who hid their name.

use crate::i18n::Msg;
use crate::store::{Store, StoreError};
use crate::table::act::Place;
use crate::table::api::Link;
use crate::table::config::at_terminal;
use crate::table::links::WebPage;

/// A `PARLOR_PUBLIC_URL` that is not a web address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "PARLOR_PUBLIC_URL must be the http:// or https:// address where the web pages are served \
     (e.g. https://parlor.example.org), not {0:?}"
)]
pub struct BadPublicUrl(pub String);

/// Reads a `PARLOR_PUBLIC_URL` value: `None` when blank, else the base without a trailing `/`.
pub fn public_url(value: &str) -> Result<Option<String>, BadPublicUrl> {
    crate::table::links::web_base(value).map_err(BadPublicUrl)
}

/// Where the links of a place point: the public address and, in a server, its pages' slug.
pub struct Published {
    base: String,
    /// `None` at the terminal, whose matches are shown under "local".
    slug: Option<String>,
}

impl Published {
    /// The server's slug (`None` at the terminal).
    pub fn slug(&self) -> Option<&str> {
        self.slug.as_deref()
    }

    /// A link button to `page`, labelled `label`.
    pub fn link(&self, label: Msg, page: &WebPage) -> Link {
        Link {
            label,
            url: page.url(&self.base),
        }
    }
}

/// A new slug for a server's pages: 128 random bits from the thread's generator (a
/// cryptographic one, seeded by the system), as 32 hexadecimal digits, safe in a URL.
pub fn new_slug() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Where links from chat to the web pages point: the store (for servers' slugs and players'
/// keys) and the public address.
#[derive(Clone)]
pub struct WebLinks {
    store: Store,
    /// `PARLOR_PUBLIC_URL`; `None` gives no links.
    base: Option<String>,
}

impl WebLinks {
    pub fn new(store: Store, base: Option<String>) -> WebLinks {
        WebLinks { store, base }
    }

    /// The web pages that links from this place may point to: `None` without a public address,
    /// in a server whose pages are off, and in direct messages.
    pub async fn for_place(&self, place: &Place) -> Result<Option<Published>, StoreError> {
        let Some(base) = &self.base else {
            return Ok(None);
        };
        let slug = match place.guild {
            Some(guild) => match self.store.guild_settings(guild).await?.web_slug {
                Some(slug) => Some(slug),
                None => return Ok(None),
            },
            None if at_terminal(place.guild, place.channel) => None,
            None => return Ok(None),
        };
        Ok(Some(Published {
            base: base.clone(),
            slug,
        }))
    }

    /// The link to a player's page, unless they hid their name on the web (their page then
    /// says "anonymous" and nothing leads there from chat) or have no page (never played).
    pub async fn player_link(
        &self,
        web: &Published,
        player: u64,
    ) -> Result<Option<Link>, StoreError> {
        let store = &self.store;
        if store.web_hidden(player).await? {
            return Ok(None);
        }
        Ok(store
            .web_key(player)
            .await?
            .map(|key| web.link(Msg::new("link-player"), &WebPage::Player { key })))
    }

    /// The link to a player's page from this place, if there may be one.
    pub async fn player_links(&self, place: &Place, player: u64) -> Result<Vec<Link>, StoreError> {
        let Some(web) = self.for_place(place).await? else {
            return Ok(Vec::new());
        };
        Ok(self.player_link(&web, player).await?.into_iter().collect())
    }
}
