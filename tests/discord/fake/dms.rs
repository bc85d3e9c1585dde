//! DMs from the bot to a person, as Discord makes them:
//! - `POST /users/@me/channels` with `recipient_id` opens the DM between the bot and that person
//!   (the same channel every time) and answers with Discord's private channel object; an id the
//!   fake never saw is an unknown user (404, 10013);
//! - a message there goes through only when the app may message the person: they installed it to
//!   their account (an interaction of theirs was authorized by their own install: a command of
//!   theirs outside a server with the bot, or in their DM with it) or they share a server with
//!   it (they used it in one); else Discord refuses it (403, 50007, Cannot send messages to this
//!   user), counted in `dm_refused`. Pressing a button on someone else's message installs nothing.

use super::*;

/// Discord's error for a DM to someone the app may not message.
pub const CANNOT_MESSAGE: u64 = 50007;

impl FakeState {
    /// The DM between the bot and `user`, if the bot opened it.
    pub fn dm_of(&self, user: u64) -> Option<u64> {
        self.dm_channels.get(&user).copied()
    }

    /// The person a DM of the bot's is with.
    pub(super) fn dm_recipient(&self, channel: u64) -> Option<u64> {
        self.dm_channels
            .iter()
            .find(|(_, c)| **c == channel)
            .map(|(user, _)| *user)
    }

    /// Whether the app may send `user` a DM: they installed it to their account, or share a
    /// server with it.
    pub fn can_message(&self, user: u64) -> bool {
        self.interactions.values().any(|ix| {
            ix.owner == Some(user)
                || (ix.user == user && ix.guild.is_some() && !ix.user_install_only)
        })
    }
}

/// A person as Discord's user object, every field its API spec requires.
fn user_json(user: &User) -> Value {
    let mut json = user.json();
    for (key, value) in [
        ("flags", json!(0)),
        ("banner", Value::Null),
        ("accent_color", Value::Null),
        ("avatar_decoration_data", Value::Null),
        ("collectibles", Value::Null),
        ("primary_guild", Value::Null),
    ] {
        json[key] = value;
    }
    json
}

/// `POST /users/@me/channels`: opens (or finds) the DM with `recipient_id`.
pub(super) async fn create_dm(
    AxState(inner): AxState<Arc<Inner>>,
    Body(data, _): Body,
) -> Response {
    let recipient = match &data["recipient_id"] {
        Value::String(id) => id.parse::<u64>().ok(),
        Value::Number(id) => id.as_u64(),
        _ => None,
    };
    let Some(recipient) = recipient else {
        return invalid_body(&inner, format!("a DM without a recipient_id: {data}"));
    };
    let mut state = inner.lock();
    let Some(person) = state.people.get(&recipient).cloned() else {
        drop(state);
        return discord_error(StatusCode::NOT_FOUND, 10013, "Unknown User");
    };
    if person.bot {
        drop(state);
        return refused(
            &inner,
            format!("the bot opened a DM with a bot ({recipient})"),
            StatusCode::FORBIDDEN,
            CANNOT_MESSAGE,
            "Cannot send messages to this user",
        );
    }
    let channel = match state.dm_of(recipient) {
        Some(channel) => channel,
        None => {
            let channel = state.new_id();
            state.dm_channels.insert(recipient, channel);
            channel
        }
    };
    let last = state
        .messages
        .iter()
        .rev()
        .find(|m| m.channel_id == channel)
        .map(|m| m.id.to_string());
    drop(state);
    inner.changed();
    let json = json!({
        "id": channel.to_string(),
        "type": 1,
        "last_message_id": last,
        "flags": 0,
        "last_pin_timestamp": null,
        "recipients": [user_json(&person)],
    });
    if let Err(e) = serde_json::from_value::<serenity::PrivateChannel>(json.clone()) {
        inner.violation(format!(
            "the fake built a DM channel serenity cannot read: {e}"
        ));
    }
    Json(json).into_response()
}

/// Refuses a message in the bot's DM with someone it may not message, as Discord does.
pub(super) fn refuse_dm(state: &mut FakeState, channel: u64) -> Option<Response> {
    let user = state.dm_recipient(channel)?;
    if state.can_message(user) {
        return None;
    }
    state.dm_refused.push(user);
    Some(discord_error(
        StatusCode::FORBIDDEN,
        CANNOT_MESSAGE,
        "Cannot send messages to this user",
    ))
}
