//! Interactions: slash commands, autocomplete, buttons and menus sent to the bot, and its
//! answers through the callback and webhook routes, with Discord's rules for them (one first
//! response within the window, visibility fixed by a deferral, options as registered).

use super::*;

/// One response call to an interaction's callback route.
#[derive(Debug, Clone)]
pub struct Callback {
    /// The interaction response type (4 message, 5 deferred message, 6 deferred update, 7 update,
    /// 8 autocomplete).
    pub kind: u64,
    /// Time since the interaction was sent.
    pub after: Duration,
    pub accepted: bool,
    pub ephemeral: bool,
    pub data: Value,
    /// Which bot answered: the name given to [`FakeDiscord::api_base_for`], empty through the
    /// common [`FakeDiscord::api_base`].
    pub by: String,
}

/// An interaction sent to the bot.
#[derive(Debug, Clone)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    /// 2 command, 3 component, 4 autocomplete.
    pub kind: u64,
    pub user: u64,
    pub channel_id: u64,
    pub sent_at: Instant,
    /// The message a component was on.
    pub source: Option<u64>,
    pub callbacks: Vec<Callback>,
    /// The message `@original` refers to.
    pub original: Option<u64>,
    /// Messages created by follow-ups.
    pub followups: Vec<u64>,
    /// The server it came from (`None`: a direct message).
    pub guild: Option<u64>,
    /// The gateway shard it was delivered to.
    pub shard: u32,
    /// Time from sending until a message it created or changed first carried a PNG (the board
    /// picture posted), for the load benchmark.
    pub picture_after: Option<Duration>,
    /// Discord's interaction context: 0 a server, 1 a DM with the bot, 2 a DM or group DM.
    pub context: u64,
    /// Authorized by a user install alone (no guild install here): at most 5 follow-ups.
    pub user_install_only: bool,
    /// Whose user install authorized it, if one did (for a button, the user whose command made
    /// the message).
    pub owner: Option<u64>,
    /// Its answers are private whatever the bot asks (a server that turned Use External Apps
    /// off, without the bot).
    pub forced_private: bool,
}

impl Interaction {
    pub(super) fn answered(&self) -> bool {
        self.callbacks.iter().any(|c| c.accepted)
    }
}

/// A registration of slash commands (a bulk overwrite).
#[derive(Debug, Clone)]
pub struct Registration {
    /// `None` for global commands.
    pub guild: Option<u64>,
    pub commands: Vec<Value>,
}

pub(super) fn register(inner: &Inner, guild: Option<u64>, body: Value) -> Response {
    let Some(commands) = body.as_array() else {
        return invalid_body(inner, "command registration is not a list".into());
    };
    if let Some(why) = commands.iter().find_map(check_places) {
        return invalid_body(inner, format!("command registration: {why}"));
    }
    let mut state = inner.lock();
    let mut out = Vec::new();
    for command in commands {
        let mut command = command.clone();
        let id = state.new_id();
        command["id"] = json!(id.to_string());
        command["application_id"] = json!(APP_ID.to_string());
        command["version"] = json!(id.to_string());
        if command.get("type").is_none() {
            command["type"] = json!(1);
        }
        if let Some(guild) = guild {
            command["guild_id"] = json!(guild.to_string());
        }
        if command.get("default_member_permissions").is_none() {
            command["default_member_permissions"] = Value::Null;
        }
        out.push(command);
    }
    if let Err(e) = serde_json::from_value::<Vec<serenity::Command>>(json!(out)) {
        drop(state);
        return refused(
            inner,
            format!("the fake's command list does not parse: {e}"),
            StatusCode::INTERNAL_SERVER_ERROR,
            0,
            "fake bug",
        );
    }
    state.registrations.push(Registration {
        guild,
        commands: out.clone(),
    });
    drop(state);
    inner.changed();
    Json(json!(out)).into_response()
}

/// Discord's rules for where a command is offered: `integration_types` a non-empty set of 0
/// (guild install) and 1 (user install), `contexts` a non-empty set of 0 (server), 1 (DM with
/// the bot) and 2 (private channels); either may be left out (Discord's defaults).
fn check_places(command: &Value) -> Option<String> {
    let name = &command["name"];
    let set = |key: &str, allowed: &[u64]| -> Option<String> {
        let value = command.get(key)?;
        let Some(items) = value.as_array() else {
            return Some(format!("/{name}: {key} is not a list: {value}"));
        };
        let numbers: Vec<u64> = items.iter().filter_map(Value::as_u64).collect();
        let mut unique = numbers.clone();
        unique.sort_unstable();
        unique.dedup();
        if items.is_empty()
            || numbers.len() != items.len()
            || unique.len() != numbers.len()
            || numbers.iter().any(|n| !allowed.contains(n))
        {
            return Some(format!("/{name}: {key} {value} (a set of {allowed:?})"));
        }
        None
    };
    set("integration_types", &[0, 1]).or_else(|| set("contexts", &[0, 1, 2]))
}

pub(super) async fn register_global(
    AxState(inner): AxState<Arc<Inner>>,
    Path(app): Path<u64>,
    Json(body): Json<Value>,
) -> Response {
    if app != APP_ID {
        inner.violation(format!("commands registered for application {app}"));
    }
    register(&inner, None, body)
}

pub(super) async fn register_guild(
    AxState(inner): AxState<Arc<Inner>>,
    Path((app, guild)): Path<(u64, u64)>,
    Json(body): Json<Value>,
) -> Response {
    if app != APP_ID {
        inner.violation(format!("commands registered for application {app}"));
    }
    register(&inner, Some(guild), body)
}

pub(super) async fn interaction_callback(
    AxState(inner): AxState<Arc<Inner>>,
    axum::Extension(Caller(by)): axum::Extension<Caller>,
    Path((id, token)): Path<(u64, String)>,
    axum::extract::RawQuery(query): axum::extract::RawQuery,
    Body(body, files): Body,
) -> Response {
    // `?with_response=true`: Discord answers with the interaction and the message it made.
    let with_response = query
        .as_deref()
        .unwrap_or_default()
        .split('&')
        .any(|pair| pair == "with_response=true");
    let kind = body["type"].as_u64().unwrap_or(0);
    let data = body["data"].clone();
    let asked_ephemeral = data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0;
    let mut state = inner.lock();
    let Some(ix) = state.interactions.get(&id).cloned() else {
        drop(state);
        return refused(
            &inner,
            format!("response to unknown interaction {id}"),
            StatusCode::NOT_FOUND,
            10062,
            "Unknown interaction",
        );
    };
    // Where Use External Apps is off, a new message is private whatever the bot asks.
    let ephemeral = asked_ephemeral || (ix.forced_private && matches!(kind, 4 | 5));
    let after = ix.sent_at.elapsed();
    let callback = |accepted| Callback {
        kind,
        after,
        accepted,
        ephemeral,
        data: data.clone(),
        by: by.clone(),
    };
    let refuse = |state: &mut FakeState, why: String, status, code, message: &str| {
        state.violations.push(format!("interaction {id}: {why}"));
        if let Some(ix) = state.interactions.get_mut(&id) {
            ix.callbacks.push(callback(false));
        }
        eprintln!("fake discord: interaction {id}: {why}");
        discord_error(status, code, message)
    };
    let response = if ix.token != token {
        refuse(
            &mut state,
            "wrong token".into(),
            StatusCode::UNAUTHORIZED,
            50027,
            "Invalid Webhook Token",
        )
    } else if after > inner.window {
        refuse(
            &mut state,
            format!("first response after {after:?} (over {:?})", inner.window),
            StatusCode::NOT_FOUND,
            10062,
            "Unknown interaction",
        )
    } else if ix.answered() {
        refuse(
            &mut state,
            "a second response".into(),
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        )
    } else {
        let allowed: &[u64] = match ix.kind {
            2 => &[4, 5, 9],
            3 => &[4, 5, 6, 7, 9],
            4 => &[8],
            _ => &[],
        };
        let checked = if !allowed.contains(&kind) {
            Err(format!(
                "response type {kind} to an interaction of type {}",
                ix.kind
            ))
        } else if kind == 8 {
            let choices = data["choices"].as_array().cloned().unwrap_or_default();
            if choices.len() > 25 {
                Err(format!("{} autocomplete choices (max 25)", choices.len()))
            } else if let Some(bad) = choices.iter().find(|c| {
                let n = c["name"].as_str().map_or(0, |s| s.chars().count());
                !(1..=100).contains(&n)
            }) {
                Err(format!(
                    "autocomplete choice name {bad} not 1 to 100 characters"
                ))
            } else {
                Ok(())
            }
        } else if kind == 7
            && asked_ephemeral
                != state
                    .message(ix.source.unwrap_or(0))
                    .is_some_and(|m| m.ephemeral)
            && data["flags"].is_u64()
        {
            Err("an update cannot change a message's visibility".into())
        } else {
            check_message(&data)
        };
        match checked {
            Err(why) => refuse(
                &mut state,
                why,
                StatusCode::BAD_REQUEST,
                50035,
                "Invalid Form Body",
            ),
            Ok(()) => {
                let original = match kind {
                    4 => {
                        let msg = new_message(&mut state, ix.channel_id, ephemeral, false);
                        write_message(&mut state, msg, &data, files, Some(id), false);
                        Some(msg)
                    }
                    5 => {
                        let msg = new_message(&mut state, ix.channel_id, ephemeral, true);
                        if let Some(m) = state.message_mut(msg) {
                            m.touched_by.push(id);
                        }
                        Some(msg)
                    }
                    6 => ix.source,
                    7 => {
                        if let Some(source) = ix.source {
                            write_message(&mut state, source, &data, files, Some(id), true);
                        }
                        ix.source
                    }
                    _ => None,
                };
                if let Some(ix) = state.interactions.get_mut(&id) {
                    ix.callbacks.push(callback(true));
                    ix.original = original;
                }
                if with_response {
                    Json(callback_response(&state, &ix, kind, original)).into_response()
                } else {
                    StatusCode::NO_CONTENT.into_response()
                }
            }
        }
    };
    drop(state);
    inner.changed();
    response
}

/// What Discord answers a first response sent `?with_response=true`: the interaction, and
/// the message the response made or changed (for types 4 and 7 only).
fn callback_response(
    state: &FakeState,
    ix: &Interaction,
    kind: u64,
    original: Option<u64>,
) -> Value {
    let message = original
        .filter(|_| matches!(kind, 4 | 7))
        .and_then(|m| state.message(m));
    let mut interaction = json!({
        "id": ix.id.to_string(),
        "type": ix.kind,
    });
    if let Some(m) = original.and_then(|m| state.message(m)) {
        interaction["response_message_id"] = json!(m.id.to_string());
        interaction["response_message_loading"] = json!(kind == 5);
        interaction["response_message_ephemeral"] = json!(m.ephemeral);
    }
    let mut resource = json!({ "type": kind });
    if let Some(m) = message {
        resource["message"] = message_json(m);
    }
    json!({ "interaction": interaction, "resource": resource })
}

pub(super) fn interaction_by_token(state: &FakeState, token: &str) -> Option<Interaction> {
    // The fake's tokens name their interaction; any other token is looked for everywhere.
    let named = token
        .strip_prefix("interaction-token-")
        .and_then(|id| id.parse::<u64>().ok())
        .and_then(|id| state.interactions.get(&id))
        .filter(|i| i.token == token);
    named
        .or_else(|| state.interactions.values().find(|i| i.token == token))
        .cloned()
}

pub(super) async fn followup(
    AxState(inner): AxState<Arc<Inner>>,
    Path((app, token)): Path<(u64, String)>,
    Body(data, files): Body,
) -> Response {
    let mut state = inner.lock();
    let Some(ix) = interaction_by_token(&state, &token).filter(|_| app == APP_ID) else {
        drop(state);
        return unknown_webhook(&inner, "follow-up with an unknown token".into());
    };
    if !ix.answered() {
        drop(state);
        return unknown_webhook(
            &inner,
            format!("interaction {}: follow-up before any response", ix.id),
        );
    }
    if let Some(refusal) = token_refusal(&ix, true) {
        drop(state);
        return token_refused(&inner, refusal);
    }
    if let Err(why) = check_message(&data) {
        drop(state);
        return invalid_body(&inner, format!("interaction {}: follow-up: {why}", ix.id));
    }
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 || ix.forced_private;
    // After a deferral, the first follow-up replaces the "thinking" message, keeping its
    // visibility whatever the follow-up asks.
    let pending = ix
        .original
        .filter(|m| state.message(*m).is_some_and(|m| m.thinking && !m.deleted));
    let id = match pending {
        Some(msg) => {
            write_message(&mut state, msg, &data, files, Some(ix.id), false);
            msg
        }
        None => {
            let msg = new_message(&mut state, ix.channel_id, ephemeral, false);
            write_message(&mut state, msg, &data, files, Some(ix.id), false);
            if let Some(i) = state.interactions.get_mut(&ix.id) {
                i.followups.push(msg);
            }
            msg
        }
    };
    written(&inner, state, id)
}

/// A follow-up or an edit refused for its token (see [`token_refusal`]), recorded.
fn token_refused(inner: &Inner, (why, status, code): (String, StatusCode, u64)) -> Response {
    let message = if code == 40094 {
        "This interaction has hit the maximum number of follow up messages"
    } else {
        "Invalid Webhook Token"
    };
    refused(inner, why, status, code, message)
}

pub(super) fn webhook_target(
    state: &FakeState,
    token: &str,
    message: &str,
) -> Option<(Interaction, u64)> {
    let ix = interaction_by_token(state, token)?;
    let id = if message == "@original" {
        ix.original?
    } else {
        message.parse().ok()?
    };
    Some((ix, id))
}

/// The interaction and the message a webhook `what` (an edit, a delete) names, with the state
/// still held; or Discord's refusal (an unknown message, a token too old), recorded once the
/// state is let go.
fn webhook_write<'a>(
    inner: &'a Inner,
    token: &str,
    message: &str,
    what: &str,
) -> Result<(MutexGuard<'a, FakeState>, Interaction, u64), Box<Response>> {
    let state = inner.lock();
    let Some((ix, id)) = webhook_target(&state, token, message) else {
        drop(state);
        return Err(Box::new(unknown_message(
            inner,
            format!("{what} of unknown message {message}"),
        )));
    };
    if let Some(refusal) = token_refusal(&ix, false) {
        drop(state);
        return Err(Box::new(token_refused(inner, refusal)));
    }
    Ok((state, ix, id))
}

pub(super) async fn edit_webhook_message(
    AxState(inner): AxState<Arc<Inner>>,
    Path((_app, token, message)): Path<(u64, String, String)>,
    Body(data, files): Body,
) -> Response {
    let (mut state, ix, id) = match webhook_write(&inner, &token, &message, "edit") {
        Ok(target) => target,
        Err(refused) => return *refused,
    };
    if let Err(why) = check_message(&data) {
        drop(state);
        return invalid_body(&inner, format!("interaction {}: edit: {why}", ix.id));
    }
    let was_thinking = state.message(id).is_some_and(|m| m.thinking);
    write_message(&mut state, id, &data, files, Some(ix.id), !was_thinking);
    written(&inner, state, id)
}

pub(super) async fn delete_webhook_message(
    AxState(inner): AxState<Arc<Inner>>,
    Path((_app, token, message)): Path<(u64, String, String)>,
) -> Response {
    let (mut state, _, id) = match webhook_write(&inner, &token, &message, "delete") {
        Ok(target) => target,
        Err(refused) => return *refused,
    };
    if let Some(m) = state.message_mut(id) {
        m.deleted = true;
    }
    drop(state);
    inner.changed();
    StatusCode::NO_CONTENT.into_response()
}

pub(super) async fn get_webhook_message(
    AxState(inner): AxState<Arc<Inner>>,
    Path((_app, token, message)): Path<(u64, String, String)>,
) -> Response {
    let state = inner.lock();
    match webhook_target(&state, &token, &message)
        .and_then(|(_, id)| state.message(id).map(message_json))
    {
        Some(json) => {
            drop(state);
            respond_message(&inner, json)
        }
        None => discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
    }
}

/// Fails the test unless Discord would offer `command` where `ix` was made: its `contexts`
/// name the interaction's context and its `integration_types` the install that authorized it
/// (Discord's defaults, when left out, are every context and both installs).
fn offered_here(command: &Value, ix: &Interaction) {
    let name = &command["name"];
    let listed = |key: &str, n: u64| {
        command
            .get(key)
            .and_then(Value::as_array)
            .is_none_or(|list| list.iter().any(|v| v.as_u64() == Some(n)))
    };
    assert!(
        listed("contexts", ix.context),
        "/{name} is not offered in context {}: {command}",
        ix.context
    );
    let install = if ix.user_install_only { 1 } else { 0 };
    assert!(
        listed("integration_types", install),
        "/{name} is not offered to install {install}: {command}"
    );
}

impl FakeDiscord {
    /// A new interaction's record and the fields common to every kind of payload.
    pub(super) fn base_interaction(
        &self,
        kind: u64,
        user: &User,
        channel_id: u64,
        source: Option<u64>,
    ) -> (Interaction, Value) {
        let (id, token) = {
            let mut state = self.inner.lock();
            let id = state.new_id();
            (id, format!("interaction-token-{id}"))
        };
        let (guild_locale, thread, permissions, guild, outside, owner) = {
            let mut state = self.inner.lock();
            state.people.insert(user.id, user.clone());
            // A button's interaction is authorized by the install of the command that made its
            // message.
            let owner = source
                .and_then(|m| state.message(m))
                .and_then(|m| m.touched_by.first())
                .and_then(|ix| state.interactions.get(ix))
                .and_then(|ix| ix.owner)
                .unwrap_or(user.id);
            (
                state.guild_locale.clone(),
                state.threads.get(&channel_id).cloned(),
                state.bot_permissions(channel_id).to_string(),
                state.guild_of(channel_id),
                state.outside.get(&channel_id).cloned(),
                owner,
            )
        };
        let channel = match &thread {
            Some(t) => {
                let mut c = t.json();
                c["permissions"] = json!(permissions);
                c
            }
            None if guild.is_none() => {
                json!({"id": channel_id.to_string(), "type": 1, "permissions": permissions})
            }
            None => {
                json!({"id": channel_id.to_string(), "type": 0, "name": "games", "permissions": permissions})
            }
        };
        let mut payload = json!({
            "id": id.to_string(),
            "application_id": APP_ID.to_string(),
            "type": kind,
            "channel_id": channel_id.to_string(),
            "channel": channel,
            "token": token,
            "version": 1,
            "app_permissions": permissions,
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": 26_214_400,
        });
        let (context, owner, forced_private) = match (&outside, guild) {
            (Some(place), _) => {
                let (context, forced) = place.fill(
                    &mut payload,
                    channel_id,
                    user,
                    owner,
                    guild_locale.as_deref(),
                );
                (context, Some(owner), forced)
            }
            (None, Some(guild)) => {
                payload["guild_id"] = json!(guild.to_string());
                payload["member"] = user.member_json();
                payload["guild_locale"] = json!(guild_locale.as_deref().unwrap_or("en-US"));
                payload["authorizing_integration_owners"] = json!({"0": guild.to_string()});
                payload["context"] = json!(0);
                (0, None, false)
            }
            (None, None) => {
                // A direct message with the bot: the user, no member, no server.
                payload["user"] = user.json();
                payload["authorizing_integration_owners"] = json!({"1": user.id.to_string()});
                payload["context"] = json!(1);
                (1, Some(user.id), false)
            }
        };
        let record = Interaction {
            id,
            token,
            kind,
            user: user.id,
            channel_id,
            sent_at: Instant::now(),
            source,
            callbacks: Vec::new(),
            original: None,
            followups: Vec::new(),
            guild,
            shard: 0,
            picture_after: None,
            context,
            user_install_only: outside.is_some(),
            owner,
            forced_private,
        };
        (record, payload)
    }

    /// Sends an interaction (kept as `record`) to the bot.
    pub(super) fn send_interaction(&self, record: Interaction, payload: Value) -> u64 {
        if let Err(e) = serde_json::from_value::<serenity::Interaction>(payload.clone()) {
            panic!("the fake built an interaction serenity cannot read: {e}\n{payload:#}");
        }
        let id = record.id;
        let guild = record.guild;
        let shard = self.inner.lock().shard_for(guild);
        self.inner.lock().interactions.insert(
            id,
            Interaction {
                sent_at: Instant::now(),
                shard,
                ..record
            },
        );
        self.dispatch("INTERACTION_CREATE", payload, guild);
        id
    }

    /// Converts `options` ({"name": value}) to Discord's option list, checked against the
    /// registered command; returns the options and the `resolved` users.
    pub(super) fn command_options(
        command: &Value,
        options: &Value,
        focused: Option<&str>,
        users: &[User],
    ) -> (Vec<Value>, Value) {
        let name = command["name"].as_str().unwrap_or_default();
        let declared = command["options"].as_array().cloned().unwrap_or_default();
        let given = options.as_object().cloned().unwrap_or_default();
        let mut out = Vec::new();
        let mut resolved_users = serde_json::Map::new();
        let mut resolved_members = serde_json::Map::new();
        let mut resolved_channels = serde_json::Map::new();
        for (key, value) in &given {
            let Some(decl) = declared.iter().find(|d| d["name"] == key.as_str()) else {
                panic!("/{name} has no option {key:?} (registered: {declared:#?})");
            };
            let kind = decl["type"].as_u64().unwrap_or(0);
            let is_focused = focused == Some(key.as_str());
            if !is_focused {
                if let Some(choices) = decl["choices"].as_array().filter(|c| !c.is_empty()) {
                    assert!(
                        choices.iter().any(|c| c["value"] == *value),
                        "/{name} {key}: {value} is not one of the registered choices {choices:?}"
                    );
                }
                if let (Some(min), Some(v)) = (decl["min_value"].as_f64(), value.as_f64()) {
                    assert!(v >= min, "/{name} {key}: {v} below the minimum {min}");
                }
                if let (Some(max), Some(v)) = (decl["max_value"].as_f64(), value.as_f64()) {
                    assert!(v <= max, "/{name} {key}: {v} above the maximum {max}");
                }
            }
            let value = match kind {
                // A user: the value is the id, the user goes into `resolved`.
                6 => {
                    let id = value.as_u64().expect("a user option takes a user id");
                    let user = users
                        .iter()
                        .find(|u| u.id == id)
                        .cloned()
                        .unwrap_or_else(|| User::new(id, &format!("user{id}")));
                    resolved_users.insert(id.to_string(), user.json());
                    resolved_members.insert(id.to_string(), user.partial_member_json());
                    json!(id.to_string())
                }
                // A channel: the value is the id, the channel goes into `resolved`.
                7 => {
                    let id = value.as_u64().expect("a channel option takes a channel id");
                    resolved_channels.insert(
                        id.to_string(),
                        json!({"id": id.to_string(), "name": format!("channel{id}"), "type": 0,
                               "permissions": "0"}),
                    );
                    json!(id.to_string())
                }
                3 => {
                    assert!(value.is_string(), "/{name} {key} takes text");
                    value.clone()
                }
                4 => {
                    assert!(
                        is_focused || value.is_i64(),
                        "/{name} {key} takes an integer"
                    );
                    value.clone()
                }
                5 => {
                    assert!(value.is_boolean(), "/{name} {key} takes true or false");
                    value.clone()
                }
                _ => value.clone(),
            };
            let mut option =
                json!({"name": key, "type": if is_focused { 3 } else { kind }, "value": value});
            if is_focused {
                assert_eq!(
                    decl["autocomplete"], true,
                    "/{name} {key} has no autocomplete"
                );
                option["focused"] = json!(true);
            }
            out.push(option);
        }
        if focused.is_none() {
            for decl in &declared {
                if decl["required"] == true {
                    let key = decl["name"].as_str().unwrap_or_default();
                    assert!(given.contains_key(key), "/{name} needs the option {key:?}");
                }
            }
        }
        let mut resolved = serde_json::Map::new();
        if !resolved_users.is_empty() {
            resolved.insert("users".into(), Value::Object(resolved_users));
            resolved.insert("members".into(), Value::Object(resolved_members));
        }
        if !resolved_channels.is_empty() {
            resolved.insert("channels".into(), Value::Object(resolved_channels));
        }
        let resolved = Value::Object(resolved);
        (out, resolved)
    }

    /// The declaration of `/name` as the bot last registered it; the test fails if it is not
    /// registered.
    fn registered(&self, name: &str) -> Value {
        self.inner
            .lock()
            .command(name)
            .unwrap_or_else(|| panic!("/{name} is not registered"))
    }

    /// Sends `record` with command `data` (the server's id added inside a server, as Discord
    /// does), once the command is checked to be offered where it is used.
    fn send_command(
        &self,
        command: &Value,
        record: Interaction,
        mut payload: Value,
        mut data: Value,
    ) -> u64 {
        offered_here(command, &record);
        if let Some(guild) = record.guild {
            data["guild_id"] = json!(guild.to_string());
        }
        payload["data"] = data;
        self.send_interaction(record, payload)
    }

    /// Sends a slash command as `user` in `channel_id`; `options` maps option names to values
    /// (a user option takes the user's id; pass those users in `users` to give their names).
    pub fn slash_in(
        &self,
        user: &User,
        channel_id: u64,
        name: &str,
        options: Value,
        users: &[User],
    ) -> u64 {
        let command = self.registered(name);
        let (opts, resolved) = Self::command_options(&command, &options, None, users);
        self.meet(users);
        let (record, payload) = self.base_interaction(2, user, channel_id, None);
        let mut resolved = resolved;
        if record.guild.is_none()
            && let Some(resolved) = resolved.as_object_mut()
        {
            // Outside a server a user is no member of anything.
            resolved.remove("members");
        }
        let data = json!({
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": opts,
            "resolved": resolved,
        });
        self.send_command(&command, record, payload, data)
    }

    /// Sends subcommand `sub` of `/name` (`/tournament create`) as `user` in `channel_id`, its
    /// options checked against the subcommand's declaration as Discord does.
    pub fn slash_sub_in(
        &self,
        user: &User,
        channel_id: u64,
        name: &str,
        sub: &str,
        options: Value,
    ) -> u64 {
        let command = self.registered(name);
        let declared = command["options"].as_array().cloned().unwrap_or_default();
        let Some(decl) = declared
            .iter()
            .find(|o| o["name"] == sub && o["type"] == 1)
            .cloned()
        else {
            panic!("/{name} has no subcommand {sub}");
        };
        let (opts, resolved) = Self::command_options(&decl, &options, None, &[]);
        let (record, payload) = self.base_interaction(2, user, channel_id, None);
        let data = json!({
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": [{"name": sub, "type": 1, "options": opts}],
            "resolved": resolved,
        });
        self.send_command(&command, record, payload, data)
    }

    /// Records a slash-command interaction without sending it (to answer it by hand in the fake's
    /// own tests); returns its id and token.
    pub fn record_interaction(&self, user: &User) -> (u64, String) {
        let (record, _) = self.base_interaction(2, user, CHANNEL_ID, None);
        let (id, token) = (record.id, record.token.clone());
        self.inner.lock().interactions.insert(id, record);
        (id, token)
    }

    /// Sends a slash command in the default channel.
    pub fn slash(&self, user: &User, name: &str, options: Value) -> u64 {
        self.slash_in(user, CHANNEL_ID, name, options, &[])
    }

    /// Asks for autocomplete of `option` of `/name` with `typed` so far, in the default
    /// channel; returns the choices.
    pub async fn autocomplete(
        &self,
        user: &User,
        name: &str,
        option: &str,
        typed: &str,
    ) -> Vec<Value> {
        let id = self.send_autocomplete(user, CHANNEL_ID, name, option, typed);
        self.choices(id).await
    }

    /// The choices the bot answered autocomplete request `id` with (see
    /// [`Self::send_autocomplete`]).
    pub async fn choices(&self, id: u64) -> Vec<Value> {
        let first = self.first_response(id).await;
        assert_eq!(
            first.kind, 8,
            "autocomplete answered with type {}",
            first.kind
        );
        first.data["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Sends an autocomplete request for `option` of `/name` in `channel_id` without waiting
    /// for the answer; returns the interaction's id.
    pub fn send_autocomplete(
        &self,
        user: &User,
        channel_id: u64,
        name: &str,
        option: &str,
        typed: &str,
    ) -> u64 {
        let command = self.registered(name);
        let (opts, _) =
            Self::command_options(&command, &json!({ option: typed }), Some(option), &[]);
        let (record, payload) = self.base_interaction(4, user, channel_id, None);
        let data = json!({
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": opts,
        });
        self.send_command(&command, record, payload, data)
    }

    /// Presses the button `custom_id` on message `message_id`, as `user`.
    pub fn press(&self, user: &User, message_id: u64, custom_id: &str) -> u64 {
        self.component(user, message_id, custom_id, 2, None)
    }

    /// Picks `values` in the select menu `custom_id` on message `message_id`, as `user`.
    pub fn select(&self, user: &User, message_id: u64, custom_id: &str, values: &[&str]) -> u64 {
        self.component(user, message_id, custom_id, 3, Some(values))
    }

    pub(super) fn component(
        &self,
        user: &User,
        message_id: u64,
        custom_id: &str,
        kind: u64,
        values: Option<&[&str]>,
    ) -> u64 {
        let message = {
            let state = self.inner.lock();
            let Some(msg) = state.message(message_id).cloned() else {
                panic!("no message {message_id}");
            };
            msg
        };
        assert!(!message.deleted, "message {message_id} was deleted");
        let control = message
            .controls()
            .into_iter()
            .find(|(id, _, _)| id == custom_id);
        let Some((_, found_kind, disabled)) = control else {
            panic!(
                "message {message_id} has no component {custom_id:?}: {:?}",
                message.controls()
            );
        };
        assert_eq!(found_kind, kind, "{custom_id} is not of the expected kind");
        assert!(
            !disabled,
            "{custom_id} is disabled: Discord would not send the press"
        );
        if let Some(values) = values {
            let offered = message.menu_values(custom_id);
            for v in values {
                assert!(
                    offered.iter().any(|o| o == v),
                    "{v:?} is not an option of {custom_id}: {offered:?}"
                );
            }
        }
        let (record, mut payload) =
            self.base_interaction(3, user, message.channel_id, Some(message_id));
        payload["data"] = match values {
            None => json!({"custom_id": custom_id, "component_type": 2}),
            Some(values) => json!({"custom_id": custom_id, "component_type": 3, "values": values}),
        };
        payload["message"] = message_json(&message);
        payload["message"]["guild_id"] = json!(record.guild.map(|g| g.to_string()));
        self.send_interaction(record, payload)
    }

    /// Waits for the first accepted response to interaction `id`.
    pub async fn first_response(&self, id: u64) -> Callback {
        self.wait("a first response", |s| {
            s.interactions
                .get(&id)
                .and_then(|i| i.callbacks.iter().find(|c| c.accepted).cloned())
        })
        .await
    }
}
