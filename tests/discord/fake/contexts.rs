//! Places where the bot is not a member, reached through Parlor installed to a person's account:
//! a DM between people, a group DM, a server that never added the bot. Discord's rules there:
//! - interactions carry `context` 2 (a DM or group DM) or 0 (a server) and
//!   `authorizing_integration_owners` `{"1": <the user who installed it>}` (for a button, the
//!   user whose command made the message), no guild install;
//! - the bot may not post, edit or start threads in such a channel: 403 (50001, Missing Access),
//!   counted in `outside_refused`;
//! - an interaction's token lives 15 minutes: a follow-up or an edit through it after that is
//!   refused (401, 50027) and recorded as a broken rule;
//! - an interaction authorized by a user install alone takes at most 5 follow-ups (400, 40094,
//!   recorded);
//! - in a server that turned "Use External Apps" off (the member lacks the permission), every
//!   response and follow-up is private (ephemeral), whatever the bot asks.

use super::*;

/// Discord's Use External Apps permission.
pub const USE_EXTERNAL_APPS: u64 = 1 << 50;
/// How long an interaction's token lets the bot follow up and edit.
pub const TOKEN_LIFE: Duration = Duration::from_secs(15 * 60);
/// The follow-ups an interaction authorized by a user install alone may have.
pub const MAX_FOLLOWUPS: usize = 5;
/// What Discord reports as the app's permissions in a channel where it is not a member: what
/// its interaction responses may carry (it can post nothing there itself).
const OUTSIDE_PERMISSIONS: u64 = perm::VIEW_CHANNEL
    | perm::SEND_MESSAGES
    | perm::EMBED_LINKS
    | perm::ATTACH_FILES
    | perm::READ_MESSAGE_HISTORY;

/// A place the bot is not a member of.
#[derive(Clone, Debug)]
pub enum Outside {
    /// A DM between two people (channel type 1).
    Dm { people: Vec<User> },
    /// A group DM (channel type 3).
    Group { people: Vec<User>, name: String },
    /// A channel of a server that never added the bot; `external_apps`: whether its members may
    /// use external apps publicly.
    Server { guild: u64, external_apps: bool },
}

impl Outside {
    /// The server it is in, if any.
    pub fn guild(&self) -> Option<u64> {
        match self {
            Outside::Server { guild, .. } => Some(*guild),
            _ => None,
        }
    }

    /// Discord's interaction context: 0 in a server, 2 in a DM or group DM.
    fn context(&self) -> u64 {
        match self {
            Outside::Server { .. } => 0,
            _ => 2,
        }
    }

    /// The channel as an interaction carries it.
    fn channel_json(&self, id: u64) -> Value {
        let permissions = OUTSIDE_PERMISSIONS.to_string();
        let recipients = |people: &[User]| people.iter().map(User::json).collect::<Vec<_>>();
        match self {
            Outside::Dm { people } => json!({
                "id": id.to_string(), "type": 1, "last_message_id": null, "flags": 0,
                "recipients": recipients(people), "permissions": permissions,
            }),
            Outside::Group { people, name } => json!({
                "id": id.to_string(), "type": 3, "name": name, "last_message_id": null,
                "flags": 0, "icon": null, "owner_id": people.first().map(|p| p.id.to_string()),
                "recipients": recipients(people), "permissions": permissions,
            }),
            Outside::Server { guild, .. } => json!({
                "id": id.to_string(), "type": 0, "guild_id": guild.to_string(),
                "name": "general", "position": 0, "nsfw": false, "rate_limit_per_user": 0,
                "parent_id": null, "last_message_id": null, "flags": 0,
                "permissions": permissions,
            }),
        }
    }

    /// Fills the fields of an interaction payload that say where it comes from and who
    /// authorized it (`owner`, who installed Parlor to their account); returns the context and
    /// whether its answers are forced private.
    pub(super) fn fill(
        &self,
        payload: &mut Value,
        channel: u64,
        user: &User,
        owner: u64,
        guild_locale: Option<&str>,
    ) -> (u64, bool) {
        payload["channel"] = self.channel_json(channel);
        payload["app_permissions"] = json!(OUTSIDE_PERMISSIONS.to_string());
        payload["context"] = json!(self.context());
        payload["authorizing_integration_owners"] = json!({"1": owner.to_string()});
        match self {
            Outside::Server {
                guild,
                external_apps,
            } => {
                let mut member = user.member_json();
                let mut permissions = user.permissions;
                if !external_apps {
                    permissions &= !USE_EXTERNAL_APPS;
                }
                member["permissions"] = json!(permissions.to_string());
                payload["guild_id"] = json!(guild.to_string());
                payload["member"] = member;
                payload["guild_locale"] = json!(guild_locale.unwrap_or("en-US"));
                (0, !external_apps)
            }
            _ => {
                payload["user"] = user.json();
                (2, false)
            }
        }
    }
}

/// Refuses a REST request about a channel the bot is not a member of, as Discord does.
pub(super) fn refuse_outside(inner: &Inner, line: &str, channel: Option<u64>) -> Option<Response> {
    let channel = channel?;
    let mut state = inner.lock();
    if !state.outside.contains_key(&channel) {
        return None;
    }
    state.outside_refused.push(line.to_owned());
    drop(state);
    inner.changed();
    Some(discord_error(
        StatusCode::FORBIDDEN,
        50001,
        "Missing Access",
    ))
}

/// Why a follow-up or an edit through `ix`'s token is refused, if it is: the token is older
/// than 15 minutes, or (a follow-up) a user install's interaction already has its 5.
pub(super) fn token_refusal(ix: &Interaction, followup: bool) -> Option<(String, StatusCode, u64)> {
    let age = ix.sent_at.elapsed();
    if age > TOKEN_LIFE {
        return Some((
            format!(
                "interaction {}: its token used after {age:?} (it lives 15 minutes)",
                ix.id
            ),
            StatusCode::UNAUTHORIZED,
            50027,
        ));
    }
    if followup && ix.user_install_only && ix.followups.len() >= MAX_FOLLOWUPS {
        return Some((
            format!(
                "interaction {}: a follow-up past the {MAX_FOLLOWUPS} of a user install",
                ix.id
            ),
            StatusCode::BAD_REQUEST,
            40094,
        ));
    }
    None
}

impl FakeDiscord {
    /// A DM between two people (the bot is no member); returns its channel.
    pub fn open_dm(&self, a: &User, b: &User) -> u64 {
        self.add_outside(Outside::Dm {
            people: vec![a.clone(), b.clone()],
        })
    }

    /// A group DM of these people (the bot is no member); returns its channel.
    pub fn open_group(&self, people: &[User]) -> u64 {
        self.add_outside(Outside::Group {
            people: people.to_vec(),
            name: "friends".to_owned(),
        })
    }

    /// A server that never added the bot, and its channel; `external_apps`: whether it lets
    /// its members use external apps publicly.
    pub fn server_without_bot(&self, external_apps: bool) -> (u64, u64) {
        let guild = self.inner.lock().new_id();
        let channel = self.add_outside(Outside::Server {
            guild,
            external_apps,
        });
        (guild, channel)
    }

    fn add_outside(&self, place: Outside) -> u64 {
        if let Outside::Dm { people } | Outside::Group { people, .. } = &place {
            self.meet(people);
        }
        let mut state = self.inner.lock();
        let channel = state.new_id();
        state.outside.insert(channel, place);
        channel
    }

    /// Makes these people known to the fake (whom the bot may open a DM with).
    pub(super) fn meet(&self, people: &[User]) {
        let mut state = self.inner.lock();
        for person in people {
            state.people.insert(person.id, person.clone());
        }
    }

    /// Makes interaction `id` older by `by`, as if that much time had passed since it was
    /// sent (its token dies 15 minutes after).
    pub fn age(&self, id: u64, by: Duration) {
        if let Some(ix) = self.inner.lock().interactions.get_mut(&id) {
            ix.sent_at = ix.sent_at.checked_sub(by).unwrap_or(ix.sent_at);
        }
    }

    /// Makes every interaction sent so far older by `by`.
    pub fn age_all(&self, by: Duration) {
        let ids: Vec<u64> = self.inner.lock().interactions.keys().copied().collect();
        for id in ids {
            self.age(id, by);
        }
    }

    /// Records a slash-command interaction by `user` in `channel` without sending it (to answer
    /// it by hand in the fake's own tests); returns its id and token.
    pub fn record_interaction_in(&self, user: &User, channel: u64) -> (u64, String) {
        let (record, _) = self.base_interaction(2, user, channel, None);
        let (id, token) = (record.id, record.token.clone());
        self.inner.lock().interactions.insert(id, record);
        (id, token)
    }
}
