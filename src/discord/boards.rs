//! The newest message with live controls of each match, so that older ones are greyed out when
//! a newer one is posted (their buttons would only answer "out of date").

use std::collections::HashMap;
use std::sync::Mutex;

use poise::serenity_prelude as serenity;
use tracing::debug;

use super::answer::Answer;
use super::reach::{Chats, Token};
use super::rest;

/// A posted message with live controls: where it is, the log position it shows, and its
/// controls greyed out.
type Board = (
    serenity::ChannelId,
    serenity::MessageId,
    u32,
    Vec<serenity::CreateActionRow>,
);

/// The newest message with live controls, per match; and, for messages sent through an
/// interaction's token where the bot is no member, that token (the only way to edit them).
pub struct Boards {
    newest: Mutex<HashMap<i64, Board>>,
    /// Message -> the token it was sent through, and whether it is the interaction's first
    /// response (`@original`) or a follow-up.
    through: Mutex<HashMap<serenity::MessageId, (Token, bool)>>,
    chats: Chats,
}

impl Boards {
    pub fn new(chats: Chats) -> Boards {
        Boards {
            newest: Mutex::default(),
            through: Mutex::default(),
            chats,
        }
    }

    /// Records that `message` was sent through `token` (as its first response when
    /// `original`) in a chat where the bot is no member: it is edited through it.
    pub fn sent_through(&self, message: serenity::MessageId, token: Token, original: bool) {
        let mut through = self.through.lock().unwrap_or_else(|p| p.into_inner());
        through.retain(|_, (t, _)| t.lives(self.chats.now_ms()));
        through.insert(message, (token, original));
    }

    /// Edits the controls of `message`: in its channel, or through the token it was sent
    /// through where the bot is no member (nothing once that token is dead).
    pub(super) async fn edit_controls(
        &self,
        http: &serenity::Http,
        channel: serenity::ChannelId,
        message: serenity::MessageId,
        rows: Vec<serenity::CreateActionRow>,
    ) -> Result<(), serenity::Error> {
        let token = {
            let through = self.through.lock().unwrap_or_else(|p| p.into_inner());
            through.get(&message).cloned()
        };
        match token {
            Some((token, _)) if !token.lives(self.chats.now_ms()) => Ok(()),
            Some((token, original)) => {
                let edit = serenity::EditInteractionResponse::new().components(rows);
                if original {
                    rest::edit_original(http, &token.token, &edit, Vec::new()).await?;
                } else {
                    rest::edit_followup(http, &token.token, message, &edit).await?;
                }
                Ok(())
            }
            None if self.chats.is_outside(channel.get()) => Ok(()),
            None => {
                let edit = serenity::EditMessage::new().components(rows);
                rest::edit_message(http, channel, message, &edit).await
            }
        }
    }

    /// Records that `message` now carries the controls of its match, and greys out the
    /// previous message of that match. Best effort: an old board that cannot be edited only
    /// keeps buttons that answer "out of date".
    pub async fn posted(
        &self,
        http: &serenity::Http,
        answer: &Answer,
        channel: serenity::ChannelId,
        message: serenity::MessageId,
    ) {
        let Some((match_id, seq, greyed)) = answer.board.clone() else {
            return;
        };
        if answer.private {
            return;
        }
        // Messages can arrive out of order (the AI's move may be posted before the answer
        // that started the match): the one showing the later position stays live, and of two
        // showing the same position (a board and an offer), the one Discord created last (ids
        // grow with time).
        let stale = {
            let mut boards = self.newest.lock().unwrap_or_else(|p| p.into_inner());
            match boards.get(&match_id) {
                Some((_, old, old_seq, _))
                    if *old != message && (*old_seq, *old) > (seq, message) =>
                {
                    Some((channel, message, greyed))
                }
                _ => boards
                    .insert(match_id, (channel, message, seq, greyed))
                    .filter(|(_, old, _, _)| *old != message)
                    .map(|(c, m, _, rows)| (c, m, rows)),
            }
        };
        if let Some((channel, old, rows)) = stale
            && let Err(e) = self.edit_controls(http, channel, old, rows).await
        {
            debug!(match_id, "cannot grey out an old board: {e}");
        }
    }
}
