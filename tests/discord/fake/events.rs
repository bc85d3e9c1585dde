//! A server's scheduled events (Discord's guild scheduled events): created, listed and edited
//! through `/guilds/{guild}/scheduled-events`, with Discord's rules: the bot needs Manage
//! Events (403, 50013 otherwise; off until a test grants it); an external event needs a
//! location (`entity_metadata.location`, at most 100 characters) and an end after its start,
//! which must be in the future; a name of 1 to 100 characters, a description of at most 1000;
//! and its status goes SCHEDULED -> ACTIVE -> COMPLETED, or SCHEDULED -> CANCELED, nothing
//! else. A broken rule answers 400 (50035) and is recorded as a violation; an unknown event
//! answers 404 (10070).

use super::*;

/// Discord's Manage Events permission bit.
pub const MANAGE_EVENTS: u64 = 1 << 33;

/// An event's statuses.
pub mod status {
    pub const SCHEDULED: u64 = 1;
    pub const ACTIVE: u64 = 2;
    pub const COMPLETED: u64 = 3;
    pub const CANCELED: u64 = 4;
}

/// Entity types: a stage, a voice channel, somewhere else.
const EXTERNAL: u64 = 3;

/// A time as Discord writes it, as unix ms.
fn millis(value: &Value) -> Option<i64> {
    let t = serenity::Timestamp::parse(value.as_str()?).ok()?;
    Some(t.unix_timestamp() * 1000)
}

/// Whether `value` is snowflake `id` (Discord writes them as strings).
fn is_id(value: &Value, id: u64) -> bool {
    value.as_str().and_then(|s| s.parse::<u64>().ok()) == Some(id)
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// What is wrong with an event as it would be after `data` (`old` for an edit), if anything.
fn broken(old: Option<&Value>, data: &Value) -> Option<String> {
    let field = |name: &str| {
        data.get(name)
            .filter(|v| !v.is_null())
            .or_else(|| old.and_then(|o| o.get(name)))
            .cloned()
            .unwrap_or(Value::Null)
    };
    let name = field("name");
    let name_len = name.as_str().map_or(0, |n| n.chars().count());
    if !(1..=100).contains(&name_len) {
        return Some(format!("event name of {name_len} characters"));
    }
    if field("description")
        .as_str()
        .is_some_and(|d| d.chars().count() > 1000)
    {
        return Some("event description over 1000 characters".into());
    }
    if field("entity_type").as_u64() == Some(EXTERNAL) {
        let location = field("entity_metadata")["location"]
            .as_str()
            .unwrap_or_default()
            .chars()
            .count();
        if !(1..=100).contains(&location) {
            return Some(format!(
                "external event with a location of {location} characters"
            ));
        }
        if field("scheduled_end_time").is_null() {
            return Some("external event without scheduled_end_time".into());
        }
        if field("channel_id").as_str().is_some() {
            return Some("external event with a channel_id".into());
        }
    }
    let Some(start) = millis(&field("scheduled_start_time")) else {
        return Some("event without a readable scheduled_start_time".into());
    };
    if old.is_none() && start <= now_ms() {
        return Some("event starting in the past".into());
    }
    if let Some(end) = millis(&field("scheduled_end_time"))
        && end <= start
    {
        return Some("event ending before it starts".into());
    }
    None
}

/// Refuses the request unless the bot may manage the server's events.
fn may_manage(inner: &Inner) -> Option<Response> {
    if inner.lock().event_permission {
        return None;
    }
    inner.changed();
    Some(discord_error(
        StatusCode::FORBIDDEN,
        50013,
        "Missing Permissions",
    ))
}

pub(super) async fn create_event(
    AxState(inner): AxState<Arc<Inner>>,
    Path(guild): Path<u64>,
    Body(data, _): Body,
) -> Response {
    if let Some(refused) = may_manage(&inner) {
        return refused;
    }
    if let Some(why) = broken(None, &data) {
        return invalid_body(&inner, format!("scheduled event: {why}"));
    }
    let mut state = inner.lock();
    let id = state.new_id();
    let event = json!({
        "id": id.to_string(),
        "guild_id": guild.to_string(),
        "channel_id": data["channel_id"],
        "creator_id": APP_ID.to_string(),
        "name": data["name"],
        "description": data.get("description").cloned().unwrap_or(Value::Null),
        "scheduled_start_time": data["scheduled_start_time"],
        "scheduled_end_time": data.get("scheduled_end_time").cloned().unwrap_or(Value::Null),
        "privacy_level": data["privacy_level"],
        "status": status::SCHEDULED,
        "entity_type": data["entity_type"],
        "entity_id": null,
        "entity_metadata": data.get("entity_metadata").cloned().unwrap_or(Value::Null),
        "creator": User::bot().json(),
        "user_count": 0,
        "image": null,
    });
    state.scheduled_events.push(event.clone());
    drop(state);
    inner.changed();
    respond_event(&inner, event)
}

pub(super) async fn list_events(
    AxState(inner): AxState<Arc<Inner>>,
    Path(guild): Path<u64>,
) -> Response {
    let found: Vec<Value> = inner
        .lock()
        .scheduled_events
        .iter()
        .filter(|e| is_id(&e["guild_id"], guild))
        .cloned()
        .collect();
    for event in &found {
        if let Err(e) = serde_json::from_value::<serenity::ScheduledEvent>(event.clone()) {
            inner.violation(format!("the fake built an event serenity cannot read: {e}"));
        }
    }
    Json(Value::Array(found)).into_response()
}

pub(super) async fn edit_event(
    AxState(inner): AxState<Arc<Inner>>,
    Path((guild, id)): Path<(u64, u64)>,
    Body(data, _): Body,
) -> Response {
    if let Some(refused) = may_manage(&inner) {
        return refused;
    }
    let mut state = inner.lock();
    let Some(event) = state
        .scheduled_events
        .iter_mut()
        .find(|e| is_id(&e["id"], id) && is_id(&e["guild_id"], guild))
    else {
        drop(state);
        return refused(
            &inner,
            format!("unknown scheduled event {id} edited"),
            StatusCode::NOT_FOUND,
            10070,
            "Unknown Guild Scheduled Event",
        );
    };
    let from = event["status"].as_u64().unwrap_or_default();
    if let Some(to) = data.get("status").and_then(Value::as_u64) {
        use status::*;
        let allowed = matches!(
            (from, to),
            (SCHEDULED, ACTIVE) | (ACTIVE, COMPLETED) | (SCHEDULED, CANCELED)
        ) || from == to && from == SCHEDULED;
        if !allowed {
            drop(state);
            return invalid_body(
                &inner,
                format!("scheduled event {id}: status {from} to {to}"),
            );
        }
    }
    if matches!(from, status::COMPLETED | status::CANCELED) {
        drop(state);
        return invalid_body(&inner, format!("scheduled event {id} edited once over"));
    }
    if let Some(why) = broken(Some(event), &data) {
        drop(state);
        return invalid_body(&inner, format!("scheduled event {id}: {why}"));
    }
    if let (Some(fields), Some(object)) = (data.as_object(), event.as_object_mut()) {
        for (key, value) in fields {
            if object.contains_key(key) && key != "id" && key != "guild_id" {
                object.insert(key.clone(), value.clone());
            }
        }
    }
    let event = event.clone();
    drop(state);
    inner.changed();
    respond_event(&inner, event)
}

/// Answers with an event, which serenity must be able to read.
fn respond_event(inner: &Inner, event: Value) -> Response {
    if let Err(e) = serde_json::from_value::<serenity::ScheduledEvent>(event.clone()) {
        inner.violation(format!("the fake built an event serenity cannot read: {e}"));
    }
    Json(event).into_response()
}

impl FakeDiscord {
    /// Lets the bot manage the server's events from now on.
    pub fn grant_events(&self) {
        self.inner.lock().event_permission = true;
    }
}
