//! Links from chat to the web pages. A server's pages exist only while a manager has turned
//! them on (`/settings web:on`, which gives them an unguessable slug); the terminal's own
//! matches are always shown (under "local"). No link is given without the public address
//! (`PARLOR_PUBLIC_URL`), nor to the page of a person who hid their name.

use crate::i18n::Msg;
use crate::store::StoreError;

use super::act::Place;
use super::api::Link;
use super::links::WebPage;
use super::{Table, at_terminal};

/// A `PARLOR_PUBLIC_URL` that is not a web address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "PARLOR_PUBLIC_URL must be the http:// or https:// address where the web pages are served \
     (e.g. https://parlor.example.org), not {0:?}"
)]
pub struct BadPublicUrl(pub String);

/// Reads a `PARLOR_PUBLIC_URL` value: `None` when blank, else the base without a trailing `/`.
pub fn public_url(value: &str) -> Result<Option<String>, BadPublicUrl> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    let web = value.starts_with("https://") || value.starts_with("http://");
    if !web || value.chars().any(char::is_whitespace) {
        return Err(BadPublicUrl(value.to_string()));
    }
    Ok(Some(value.trim_end_matches('/').to_string()))
}

/// Where the links of a place point: the public address and, in a server, its pages' slug.
pub(super) struct Published {
    base: String,
    /// `None` at the terminal, whose matches are shown under "local".
    slug: Option<String>,
}

impl Published {
    /// The server's slug (`None` at the terminal).
    pub(super) fn slug(&self) -> Option<&str> {
        self.slug.as_deref()
    }

    /// A link button to `page`, labelled `label`.
    pub(super) fn link(&self, label: Msg, page: &WebPage) -> Link {
        Link {
            label,
            url: page.url(&self.base),
        }
    }
}

/// A new slug for a server's pages: 128 random bits from the thread's generator (a
/// cryptographic one, seeded by the system), as 32 hexadecimal digits, safe in a URL.
pub(super) fn new_slug() -> String {
    format!("{:032x}", rand::random::<u128>())
}

impl Table {
    /// The web pages that links from this place may point to: `None` without a public address,
    /// in a server whose pages are off, and in direct messages.
    pub(super) async fn published(&self, place: &Place) -> Result<Option<Published>, StoreError> {
        let Some(base) = &self.inner.config.public_url else {
            return Ok(None);
        };
        let slug = match place.guild {
            Some(guild) => match self.inner.store.guild_settings(guild).await?.web_slug {
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
    pub(super) async fn player_link(
        &self,
        web: &Published,
        player: u64,
    ) -> Result<Option<Link>, StoreError> {
        let store = &self.inner.store;
        if store.web_hidden(player).await? {
            return Ok(None);
        }
        Ok(store
            .web_key(player)
            .await?
            .map(|key| web.link(Msg::new("link-player"), &WebPage::Player { key })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_address_is_a_web_address() {
        assert_eq!(public_url("  "), Ok(None));
        assert_eq!(
            public_url(" https://parlor.example/ "),
            Ok(Some("https://parlor.example".into()))
        );
        assert!(public_url("parlor.example").is_err());
        assert!(public_url("https://parlor example").is_err());
    }

    #[test]
    fn a_slug_is_128_random_bits_safe_in_a_url() {
        let (a, b) = (new_slug(), new_slug());
        assert_eq!(a.len(), 32);
        assert!(
            a.chars()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
        );
        assert_ne!(a, b);
    }
}
