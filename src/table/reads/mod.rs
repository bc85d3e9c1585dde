//! The read models: services that answer from the store without changing a match. Each holds
//! what it needs (the store, the web's address, the coach's pool) and nothing of the others.
//!
//! - `records.rs`: ladders, stats, head-to-head, history ([`Records`]).
//! - `sheet.rs`: score sheets, exports and replays of stored matches ([`Sheets`]).
//! - `coach.rs`: the post-game analyses, computed once off the runtime and stored ([`Coach`]).
//! - `published.rs`: where links from chat to the web pages point ([`WebLinks`]).
//! - `gallery/`: what the public web pages may show, as data ([`Gallery`]).

pub mod coach;
pub mod gallery;
pub mod published;
pub mod records;
pub mod sheet;

pub use coach::Coach;
pub use gallery::Gallery;
pub use published::{BadPublicUrl, WebLinks, new_slug, public_url};
pub use records::Records;
pub use sheet::Sheets;

use crate::i18n::Msg;
use crate::store::{MatchRow, Store, StoreError};

use super::act::{Actor, Place};
use super::shell::Fail;

/// The stored match numbered `match_id`, or (with no number) the requester's last finished
/// match in this channel.
pub async fn named_or_last(
    store: &Store,
    actor: &Actor,
    place: &Place,
    match_id: Option<i64>,
) -> Result<Option<MatchRow>, StoreError> {
    match match_id {
        Some(id) => store.match_by_id(id).await,
        None => store.last_closed_in_channel(place.channel, actor.id).await,
    }
}

/// [`named_or_last`], refused in words when there is none.
pub async fn named_or_last_closed(
    store: &Store,
    actor: &Actor,
    place: &Place,
    match_id: Option<i64>,
) -> Result<MatchRow, Fail> {
    let row = named_or_last(store, actor, place, match_id).await?;
    row.ok_or_else(|| none_found(match_id))
}

/// The refusal when [`named_or_last`] finds nothing: no such match, or none here.
pub fn none_found(match_id: Option<i64>) -> Fail {
    Fail::Refuse(match match_id {
        Some(id) => Msg::new("err-no-such-match").plain("id", id.to_string()),
        None => Msg::new("err-no-match-here").code("play", "/play"),
    })
}
