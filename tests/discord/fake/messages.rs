//! Messages and threads: what the bot posts and edits in channels, checked against Discord's
//! limits, and the public threads it starts, joins and reopens.

use super::*;

/// A file attached to a message.
#[derive(Debug, Clone)]
pub struct File {
    pub id: u64,
    pub filename: String,
    pub bytes: Vec<u8>,
    /// The words a screen reader says for it (Discord: at most 1,024 characters).
    pub description: String,
}

/// A message as the fake keeps it.
#[derive(Debug, Clone)]
pub struct Msg {
    pub id: u64,
    pub channel_id: u64,
    /// Only the person of `interaction` sees it.
    pub ephemeral: bool,
    pub content: String,
    pub embeds: Vec<Value>,
    /// Rows of components, as sent by the bot.
    pub components: Vec<Value>,
    pub files: Vec<File>,
    /// A deferral's "thinking" placeholder not yet replaced.
    pub thinking: bool,
    pub deleted: bool,
    pub edits: u32,
    /// The content after each write (creation, deferral's end, every edit), oldest first.
    pub history: Vec<String>,
    /// The interactions that created or changed it, oldest first.
    pub touched_by: Vec<u64>,
    /// Users the bot allowed to be notified by mentions.
    pub allowed_users: Vec<u64>,
}

impl Msg {
    /// Every button and menu: (custom_id, component type, disabled).
    pub fn controls(&self) -> Vec<(String, u64, bool)> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| {
                Some((
                    c["custom_id"].as_str()?.to_owned(),
                    c["type"].as_u64().unwrap_or(0),
                    c["disabled"].as_bool().unwrap_or(false),
                ))
            })
            .collect()
    }

    /// The custom_id of the first button whose label contains `label` (case-insensitive).
    pub fn button(&self, label: &str) -> Option<String> {
        let label = label.to_lowercase();
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .find(|c| {
                c["type"] == 2
                    && c["label"]
                        .as_str()
                        .is_some_and(|l| l.to_lowercase().contains(&label))
            })
            .and_then(|c| c["custom_id"].as_str().map(str::to_owned))
    }

    /// Every link button: (label, url).
    pub fn links(&self) -> Vec<(String, String)> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|c| c["type"] == 2 && c["style"] == 5)
            .map(|c| {
                let text = |key: &str| c[key].as_str().unwrap_or_default().to_owned();
                (text("label"), text("url"))
            })
            .collect()
    }

    /// The options (values) of the select menu `custom_id`.
    pub fn menu_values(&self, custom_id: &str) -> Vec<String> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|c| c["custom_id"] == custom_id)
            .flat_map(|c| c["options"].as_array().cloned().unwrap_or_default())
            .filter_map(|o| o["value"].as_str().map(str::to_owned))
            .collect()
    }

    /// Every select menu's custom_id.
    pub fn menus(&self) -> Vec<String> {
        self.controls()
            .into_iter()
            .filter(|(_, kind, _)| *kind == 3)
            .map(|(id, _, _)| id)
            .collect()
    }

    /// Whether every button and menu is disabled (a finished board).
    pub fn all_disabled(&self) -> bool {
        self.controls().iter().all(|(_, _, disabled)| *disabled)
    }

    /// The text and the embeds' text, for assertions.
    pub fn text(&self) -> String {
        let mut text = self.content.clone();
        for embed in &self.embeds {
            for key in ["title", "description"] {
                if let Some(s) = embed[key].as_str() {
                    text.push('\n');
                    text.push_str(s);
                }
            }
            for field in embed["fields"].as_array().into_iter().flatten() {
                for key in ["name", "value"] {
                    if let Some(s) = field[key].as_str() {
                        text.push('\n');
                        text.push_str(s);
                    }
                }
            }
            if let Some(s) = embed["footer"]["text"].as_str() {
                text.push('\n');
                text.push_str(s);
            }
        }
        text
    }

    /// The first PNG attached, if any.
    pub fn png(&self) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|f| f.bytes.starts_with(b"\x89PNG"))
            .map(|f| f.bytes.as_slice())
    }
}

/// A public thread the bot started from a message.
#[derive(Debug, Clone)]
pub struct Thread {
    pub id: u64,
    pub parent: u64,
    /// The server of its parent channel.
    pub guild: u64,
    /// The message it was started from.
    pub message: u64,
    pub name: String,
    pub members: Vec<u64>,
    pub archived: bool,
}

impl Thread {
    /// The thread as Discord sends a channel object.
    pub(super) fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "type": 11,
            "guild_id": self.guild.to_string(),
            "name": self.name,
            "parent_id": self.parent.to_string(),
            "owner_id": APP_ID.to_string(),
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": self.members.len(),
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": 10080,
                "archive_timestamp": "2026-11-24T12:00:00.000000+00:00",
                "locked": false,
            },
        })
    }
}

/// A message as Discord returns it (complete enough for serenity's `Message`).
pub(super) fn message_json(msg: &Msg) -> Value {
    let attachments: Vec<Value> = msg
        .files
        .iter()
        .map(|f| {
            json!({
                "id": f.id.to_string(),
                "filename": f.filename,
                "size": f.bytes.len(),
                "url": format!("https://cdn.invalid/{}/{}", f.id, f.filename),
                "proxy_url": format!("https://media.invalid/{}/{}", f.id, f.filename),
                "content_type": if f.filename.ends_with(".gif") { "image/gif" } else { "image/png" },
                "ephemeral": msg.ephemeral,
            })
        })
        .collect();
    json!({
        "id": msg.id.to_string(),
        "channel_id": msg.channel_id.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "author": User::bot().json(),
        "content": msg.content,
        "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": if msg.edits > 0 { json!("2024-01-01T00:00:01.000000+00:00") } else { Value::Null },
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": msg.embeds,
        "pinned": false,
        "type": 0,
        "flags": if msg.ephemeral { EPHEMERAL } else { 0 } | if msg.thinking { 1 << 7 } else { 0 },
        "components": msg.components,
        "application_id": APP_ID.to_string(),
        "webhook_id": APP_ID.to_string(),
    })
}

/// Checks a message body against Discord's limits.
pub fn check_message(data: &Value) -> Result<(), String> {
    if let Some(content) = data["content"].as_str()
        && content.chars().count() > 2000
    {
        return Err(format!(
            "content of {} characters (max 2000)",
            content.chars().count()
        ));
    }
    if let Some(embeds) = data["embeds"].as_array() {
        if embeds.len() > 10 {
            return Err("more than 10 embeds".into());
        }
        for embed in embeds {
            if embed["description"]
                .as_str()
                .is_some_and(|d| d.chars().count() > 4096)
            {
                return Err("embed description over 4096 characters".into());
            }
            if embed["title"]
                .as_str()
                .is_some_and(|d| d.chars().count() > 256)
            {
                return Err("embed title over 256 characters".into());
            }
        }
    }
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    if rows.len() > 5 {
        return Err(format!("{} component rows (max 5)", rows.len()));
    }
    let mut ids = Vec::new();
    for row in &rows {
        if row["type"] != 1 {
            return Err(format!(
                "a top-level component of type {} (must be a row)",
                row["type"]
            ));
        }
        let children = row["components"].as_array().cloned().unwrap_or_default();
        if children.is_empty() {
            return Err("an empty row".into());
        }
        let buttons = children.iter().filter(|c| c["type"] == 2).count();
        let menus = children.len() - buttons;
        if buttons > 5 {
            return Err(format!("{buttons} buttons in a row (max 5)"));
        }
        if menus > 0 && children.len() > 1 {
            return Err("a select menu must be alone in its row".into());
        }
        for c in &children {
            check_link(c)?;
            if let Some(id) = c["custom_id"].as_str() {
                if id.is_empty() || id.chars().count() > 100 {
                    return Err(format!("custom_id {id:?} not 1 to 100 characters"));
                }
                if ids.contains(&id.to_owned()) {
                    return Err(format!("custom_id {id:?} used twice in one message"));
                }
                ids.push(id.to_owned());
            } else if c["url"].is_null() {
                return Err("a component with neither custom_id nor url".into());
            }
            if c["label"].as_str().is_some_and(|l| l.chars().count() > 80) {
                return Err("a button label over 80 characters".into());
            }
            if c["type"] == 3 {
                let options = c["options"].as_array().cloned().unwrap_or_default();
                if options.is_empty() || options.len() > 25 {
                    return Err(format!(
                        "a select menu with {} options (1 to 25)",
                        options.len()
                    ));
                }
                for o in &options {
                    let label = o["label"].as_str().unwrap_or_default();
                    let value = o["value"].as_str().unwrap_or_default();
                    if label.is_empty()
                        || label.chars().count() > 100
                        || value.is_empty()
                        || value.chars().count() > 100
                    {
                        return Err(format!("a select option {o} not 1 to 100 characters"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Discord's rules for a button's link: a link button (style 5) has a `url` of at most 512
/// characters (http, https or discord) and no `custom_id`; every other button has a
/// `custom_id` and no `url`.
pub(super) fn check_link(c: &Value) -> Result<(), String> {
    if c["type"] != 2 {
        return Ok(());
    }
    let (id, url) = (c["custom_id"].as_str(), c["url"].as_str());
    if c["style"] != 5 {
        return match (id, url) {
            (Some(_), None) => Ok(()),
            _ => Err(format!(
                "a button of style {} needs a custom_id and no url",
                c["style"]
            )),
        };
    }
    let Some(url) = url else {
        return Err("a link button (style 5) without a url".into());
    };
    if id.is_some() {
        return Err("a link button (style 5) with a custom_id".into());
    }
    let scheme = ["http://", "https://", "discord://"]
        .iter()
        .any(|s| url.starts_with(s));
    if !scheme || url.chars().count() > 512 || url.chars().any(char::is_whitespace) {
        return Err(format!(
            "a link button's url {url:?} is not a valid URL of 512 characters at most"
        ));
    }
    Ok(())
}

/// A request's body: JSON, or multipart (`payload_json` and files); one Discord cannot read is
/// recorded as a broken rule and answered with its error 50035 before the handler runs.
pub(super) struct Body(pub(super) Value, pub(super) Vec<File>);

#[axum::async_trait]
impl FromRequest<Arc<Inner>> for Body {
    type Rejection = Response;

    async fn from_request(req: Request, inner: &Arc<Inner>) -> Result<Self, Response> {
        read_body(inner, req)
            .await
            .map(|(data, files)| Body(data, files))
    }
}

/// Reads a JSON or multipart (`payload_json` + files) body.
pub(super) async fn read_body(inner: &Inner, req: Request) -> Result<(Value, Vec<File>), Response> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let bad = |what: String| {
        inner.violation(what);
        discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body")
    };
    if !multipart {
        let bytes = axum::body::to_bytes(req.into_body(), 30 * 1024 * 1024)
            .await
            .map_err(|e| bad(format!("unreadable body: {e}")))?;
        if bytes.is_empty() {
            return Ok((Value::Null, Vec::new()));
        }
        let value =
            serde_json::from_slice(&bytes).map_err(|e| bad(format!("body is not JSON: {e}")))?;
        return Ok((value, Vec::new()));
    }
    let mut form = Multipart::from_request(req, &())
        .await
        .map_err(|e| bad(format!("bad multipart body: {e}")))?;
    let mut payload = Value::Null;
    let mut files = Vec::new();
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| bad(format!("bad multipart field: {e}")))?
    {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let bytes = field
            .bytes()
            .await
            .map_err(|e| bad(format!("unreadable multipart field: {e}")))?;
        if name == "payload_json" {
            payload = serde_json::from_slice(&bytes)
                .map_err(|e| bad(format!("payload_json is not JSON: {e}")))?;
        } else {
            // serenity names the n-th new file `files[n]`, described in `attachments` by id n.
            let slot = name
                .strip_prefix("files[")
                .and_then(|n| n.strip_suffix(']'))
                .map(str::to_owned);
            files.push((
                slot,
                File {
                    id: 0,
                    filename: filename.unwrap_or(name),
                    bytes: bytes.to_vec(),
                    description: String::new(),
                },
            ));
        }
    }
    // An interaction's callback carries the message under `data`.
    let described = |slot: &str| {
        let listed = payload["attachments"]
            .as_array()
            .or_else(|| payload["data"]["attachments"].as_array());
        listed?.iter().find(|a| {
            a["id"].as_str() == Some(slot)
                || a["id"].as_u64().map(|n| n.to_string()) == Some(slot.to_owned())
        })?["description"]
            .as_str()
            .map(str::to_owned)
    };
    let mut out = Vec::new();
    for (slot, mut file) in files {
        // Every attachment Parlor posts carries its words, within Discord's limit.
        match slot.as_deref().and_then(described) {
            Some(words) if words.trim().is_empty() => {
                return Err(bad(format!("{}: an empty description", file.filename)));
            }
            Some(words) if words.encode_utf16().count() > 1024 => {
                return Err(bad(format!(
                    "{}: a description of {} characters (Discord allows 1024)",
                    file.filename,
                    words.encode_utf16().count()
                )));
            }
            Some(words) => file.description = words,
            None => {
                return Err(bad(format!(
                    "{}: an attachment without a description (screen readers say nothing)",
                    file.filename
                )));
            }
        }
        out.push(file);
    }
    Ok((payload, out))
}

/// Applies a message body to a message (creation or edit).
pub(super) fn apply(
    msg: &mut Msg,
    data: &Value,
    mut files: Vec<File>,
    state_ids: &mut impl FnMut() -> u64,
) {
    if let Some(content) = data.get("content") {
        msg.content = content.as_str().unwrap_or_default().to_owned();
    }
    if let Some(embeds) = data.get("embeds") {
        msg.embeds = embeds.as_array().cloned().unwrap_or_default();
    }
    if let Some(components) = data.get("components") {
        msg.components = components.as_array().cloned().unwrap_or_default();
    }
    if let Some(keep) = data.get("attachments").and_then(Value::as_array) {
        let keep: Vec<String> = keep
            .iter()
            .filter_map(|a| {
                a["id"]
                    .as_str()
                    .map(str::to_owned)
                    .or_else(|| a["id"].as_u64().map(|n| n.to_string()))
            })
            .collect();
        msg.files.retain(|f| keep.contains(&f.id.to_string()));
    }
    for file in &mut files {
        file.id = state_ids();
    }
    msg.files.extend(files);
    if let Some(users) = data["allowed_mentions"]["users"].as_array() {
        msg.allowed_users = users
            .iter()
            .filter_map(|u| {
                u.as_str()
                    .and_then(|s| s.parse().ok())
                    .or_else(|| u.as_u64())
            })
            .collect();
    }
}

pub(super) fn new_message(
    state: &mut FakeState,
    channel_id: u64,
    ephemeral: bool,
    thinking: bool,
) -> u64 {
    let id = state.new_id();
    state.messages.push(Msg {
        id,
        channel_id,
        ephemeral,
        content: String::new(),
        embeds: Vec::new(),
        components: Vec::new(),
        files: Vec::new(),
        thinking,
        deleted: false,
        edits: 0,
        history: Vec::new(),
        touched_by: Vec::new(),
        allowed_users: Vec::new(),
    });
    id
}

/// Sets a message's content from a body and records who touched it.
pub(super) fn write_message(
    state: &mut FakeState,
    id: u64,
    data: &Value,
    files: Vec<File>,
    by: Option<u64>,
    edit: bool,
) {
    let mut next = state.next_id;
    let mut ids = || {
        next += 1;
        1_000_000_000_000_000_000 + next
    };
    let picture = files.iter().any(|f| f.bytes.starts_with(b"\x89PNG"));
    if let Some(msg) = state.message_mut(id) {
        apply(msg, data, files, &mut ids);
        msg.history.push(msg.content.clone());
        if edit {
            msg.edits += 1;
        }
        msg.thinking = false;
        if let Some(by) = by {
            msg.touched_by.push(by);
        }
    }
    state.next_id = next;
    if let Some(ix) = by.filter(|_| picture)
        && let Some(ix) = state.interactions.get_mut(&ix)
        && ix.picture_after.is_none()
    {
        ix.picture_after = Some(ix.sent_at.elapsed());
    }
}

/// Returns a message, after checking serenity can read it.
pub(super) fn respond_message(inner: &Inner, json: Value) -> Response {
    if let Err(e) = serde_json::from_value::<serenity::Message>(json.clone()) {
        inner.violation(format!(
            "the fake built a message serenity cannot read: {e}"
        ));
    }
    Json(json).into_response()
}

pub(super) async fn channel_post(
    AxState(inner): AxState<Arc<Inner>>,
    Path(channel): Path<u64>,
    Body(data, files): Body,
) -> Response {
    if let Err(why) = check_message(&data) {
        return invalid_body(&inner, format!("channel message: {why}"));
    }
    let mut state = inner.lock();
    if let Some(refused) = refuse_dm(&mut state, channel) {
        drop(state);
        inner.changed();
        return refused;
    }
    let have = state.bot_permissions(channel);
    let send = if state.threads.contains_key(&channel) {
        perm::SEND_MESSAGES_IN_THREADS
    } else {
        perm::SEND_MESSAGES
    };
    if have & perm::VIEW_CHANNEL == 0 {
        return discord_error(StatusCode::FORBIDDEN, 50001, "Missing Access");
    }
    if have & send == 0 || (!files.is_empty() && have & perm::ATTACH_FILES == 0) {
        return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
    }
    if state.threads.get(&channel).is_some_and(|t| t.archived) {
        return discord_error(StatusCode::BAD_REQUEST, 50083, "Thread is archived");
    }
    let mut data = data;
    if have & perm::EMBED_LINKS == 0 && data.get("embeds").is_some() {
        // Discord posts the message without its embeds.
        data["embeds"] = json!([]);
    }
    let id = new_message(&mut state, channel, false, false);
    write_message(&mut state, id, &data, files, None, false);
    written(&inner, state, id)
}

pub(super) async fn channel_edit(
    AxState(inner): AxState<Arc<Inner>>,
    Path((channel, message)): Path<(u64, u64)>,
    _headers: HeaderMap,
    Body(data, files): Body,
) -> Response {
    let mut state = inner.lock();
    let editable = state
        .message(message)
        .is_some_and(|m| m.channel_id == channel && !m.ephemeral && !m.deleted);
    if !editable {
        drop(state);
        return unknown_message(
            &inner,
            format!("edit of message {message}, unknown in channel {channel} (or ephemeral)"),
        );
    }
    if let Err(why) = check_message(&data) {
        drop(state);
        return invalid_body(&inner, format!("channel edit: {why}"));
    }
    write_message(&mut state, message, &data, files, None, true);
    written(&inner, state, message)
}

/// Starts a public thread from a message, as Discord does: with the permission to create public
/// threads only, at most one thread per message, a name of 1 to 100 characters.
pub(super) async fn thread_from_message(
    AxState(inner): AxState<Arc<Inner>>,
    Path((channel, message)): Path<(u64, u64)>,
    Body(data, _): Body,
) -> Response {
    start_thread(&inner, channel, Some(message), &data)
}

/// Starts a public thread on its own (no message), as Discord does: type 11 must be asked for.
pub(super) async fn thread_alone(
    AxState(inner): AxState<Arc<Inner>>,
    Path(channel): Path<u64>,
    Body(data, _): Body,
) -> Response {
    if data["type"] != 11 {
        return invalid_body(
            &inner,
            format!("a thread without a message must say type 11: {data}"),
        );
    }
    start_thread(&inner, channel, None, &data)
}

/// A new thread under `channel`, from `message` if given.
pub(super) fn start_thread(
    inner: &Arc<Inner>,
    channel: u64,
    message: Option<u64>,
    data: &Value,
) -> Response {
    let name = data["name"].as_str().unwrap_or_default().to_owned();
    let mut state = inner.lock();
    if !state.thread_permission {
        return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
    }
    let known = message.is_none_or(|message| {
        state
            .message(message)
            .is_some_and(|m| m.channel_id == channel && !m.ephemeral)
    });
    let taken = message.is_some() && state.threads.values().any(|t| Some(t.message) == message);
    if !known || taken || name.is_empty() || name.chars().count() > 100 {
        drop(state);
        inner.violation(format!(
            "thread from message {message:?} in {channel}: known {known}, taken {taken}, name {name:?}"
        ));
        return discord_error(
            StatusCode::BAD_REQUEST,
            160004,
            "A thread has already been created for this message",
        );
    }
    let id = state.new_id();
    let thread = Thread {
        id,
        parent: channel,
        guild: state.guild_of(channel).unwrap_or(GUILD_ID),
        message: message.unwrap_or(0),
        name,
        members: vec![APP_ID],
        archived: false,
    };
    let json = thread.json();
    state.threads.insert(id, thread);
    drop(state);
    inner.changed();
    if let Err(e) = serde_json::from_value::<serenity::GuildChannel>(json.clone()) {
        inner.violation(format!("the fake built a thread serenity cannot read: {e}"));
    }
    (StatusCode::CREATED, Json(json)).into_response()
}

/// Adds a member to a thread.
pub(super) async fn thread_member(
    AxState(inner): AxState<Arc<Inner>>,
    Path((channel, user)): Path<(u64, u64)>,
) -> Response {
    let mut state = inner.lock();
    let Some(thread) = state.threads.get_mut(&channel) else {
        drop(state);
        return refused(
            &inner,
            format!("thread member added to {channel}, which is no thread"),
            StatusCode::NOT_FOUND,
            10003,
            "Unknown Channel",
        );
    };
    if !thread.members.contains(&user) {
        thread.members.push(user);
    }
    drop(state);
    inner.changed();
    StatusCode::NO_CONTENT.into_response()
}

/// Edits a channel: here, only a thread's `archived` flag.
pub(super) async fn channel_patch(
    AxState(inner): AxState<Arc<Inner>>,
    Path(channel): Path<u64>,
    Body(data, _): Body,
) -> Response {
    let mut state = inner.lock();
    let Some(thread) = state.threads.get_mut(&channel) else {
        drop(state);
        return refused(
            &inner,
            format!("channel {channel} edited, which is no thread"),
            StatusCode::NOT_FOUND,
            10003,
            "Unknown Channel",
        );
    };
    if let Some(archived) = data["archived"].as_bool() {
        thread.archived = archived;
    }
    let json = thread.json();
    drop(state);
    inner.changed();
    Json(json).into_response()
}

impl FakeDiscord {
    /// Archives a thread, as Discord does after a quiet week.
    pub fn archive(&self, thread: u64) {
        if let Some(t) = self.inner.lock().threads.get_mut(&thread) {
            t.archived = true;
        }
    }

    /// Puts a message with these component rows into a channel, as if an earlier run of the bot
    /// had posted it (old boards after a restart).
    pub fn inject_message(&self, channel_id: u64, content: &str, components: Vec<Value>) -> u64 {
        let mut state = self.inner.lock();
        let id = state.new_id();
        state.messages.push(Msg {
            id,
            channel_id,
            ephemeral: false,
            content: content.to_owned(),
            embeds: Vec::new(),
            components,
            files: Vec::new(),
            thinking: false,
            deleted: false,
            edits: 0,
            history: vec![content.to_owned()],
            touched_by: Vec::new(),
            allowed_users: Vec::new(),
        });
        id
    }

    /// Waits until interaction `id` has shown a finished (not "thinking") message, and returns
    /// the newest one it created or changed.
    pub async fn outcome(&self, id: u64) -> Msg {
        self.wait("the interaction's message", |s| {
            s.messages
                .iter()
                .filter(|m| m.touched_by.contains(&id) && !m.thinking && !m.deleted)
                .max_by_key(|m| m.touched_by.iter().position(|t| *t == id).map(|_| m.id))
                .cloned()
        })
        .await
    }

    /// Waits until message `id` carries a picture (PNG or GIF), and returns it: as on Discord,
    /// an answer may show at once and its picture be edited in a moment later.
    pub async fn pictured(&self, id: u64) -> Msg {
        self.wait("the message's picture", |s| {
            s.message(id)
                .filter(|m| {
                    m.files
                        .iter()
                        .any(|f| f.bytes.starts_with(b"\x89PNG") || f.bytes.starts_with(b"GIF8"))
                })
                .cloned()
        })
        .await
    }

    /// Every message of a channel that everyone sees, oldest first.
    pub fn public_messages(&self, channel_id: u64) -> Vec<Msg> {
        self.inner
            .lock()
            .messages
            .iter()
            .filter(|m| m.channel_id == channel_id && !m.ephemeral && !m.deleted)
            .cloned()
            .collect()
    }
}
