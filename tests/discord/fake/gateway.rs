//! The gateway: HELLO, IDENTIFY and READY, heartbeats, the events of the test sent to the
//! connection of their shard, and Discord's close codes for shards (4010, 4011).

use super::*;

/// Sent to a gateway session's queue of frames: close the connection instead.
pub(super) const HANG_UP: &str = "\u{0}hang up";

/// One identified gateway connection.
pub(super) struct Gateway {
    pub(super) session: u64,
    pub(super) total: u32,
    pub(super) tx: mpsc::UnboundedSender<String>,
}

/// The shard Discord sends a server's events to: `(guild_id >> 22) % total`, direct messages to
/// shard 0 (Discord's documented formula, written out here apart from the bot's own).
pub fn shard_of(guild: Option<u64>, total: u32) -> u32 {
    match guild {
        Some(id) if total > 0 => ((id >> 22) % u64::from(total)) as u32,
        _ => 0,
    }
}

/// The `n`th server id (from 1) that lands on `shard` of `total`, for tests that need a server
/// on a given shard.
pub fn guild_on_shard(shard: u32, total: u32, n: u64) -> u64 {
    let total = u64::from(total.max(1));
    let base = GUILD_ID >> 22;
    let first = base + (u64::from(shard) + total - base % total) % total;
    let id = ((first + n * total) << 22) | 1;
    debug_assert_eq!(shard_of(Some(id), total as u32), shard);
    id
}

pub(super) async fn gateway_url(AxState(inner): AxState<Arc<Inner>>) -> Json<Value> {
    Json(json!({"url": inner.gateway_url}))
}

pub(super) async fn gateway_bot(AxState(inner): AxState<Arc<Inner>>) -> Json<Value> {
    let shards = inner.lock().shard_count;
    Json(json!({
        "url": inner.gateway_url,
        "shards": shards,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
    }))
}

/// One gateway connection: HELLO, IDENTIFY -> READY, heartbeats, then the dispatches of the test.
pub(super) async fn gateway_session(inner: Arc<Inner>, stream: tokio::net::TcpStream) {
    // Nagle off, as on a real gateway: otherwise a dispatch written while the previous one is not
    // yet acknowledged waits for the bot's delayed ACK, and ~2% of interactions arrive 40 ms late.
    let _ = stream.set_nodelay(true);
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        inner.violation("a gateway connection that is not a websocket".into());
        return;
    };
    let (mut sink, mut source) = ws.split();
    if inner.lock().gateway_cut {
        close(&mut sink, 4000, "Unknown error.").await;
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let session = {
        let mut state = inner.lock();
        state.connections += 1;
        state.open_sessions += 1;
        state.connections as u64
    };
    inner.changed();
    let mut my_shard: Option<u32> = None;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 5000}});
    if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = source.next() => {
                let Some(Ok(message)) = incoming else { break };
                let text = match message {
                    WsMessage::Text(text) => text,
                    WsMessage::Close(_) => break,
                    _ => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else {
                    inner.violation(format!("gateway frame is not JSON: {text}"));
                    continue;
                };
                match frame["op"].as_u64() {
                    Some(1) => {
                        let _ = tx.send(json!({"op": 11}).to_string());
                    }
                    Some(2) => {
                        let token = frame["d"]["token"].as_str().unwrap_or_default();
                        if token.trim_start_matches("Bot ") != inner.token {
                            inner.violation("IDENTIFY with a wrong token".into());
                            let _ = sink.send(WsMessage::Close(None)).await;
                            break;
                        }
                        let shard = &frame["d"]["shard"];
                        let (id, total) = if shard.is_null() {
                            (0, 1)
                        } else {
                            match (shard[0].as_u64(), shard[1].as_u64()) {
                                (Some(id), Some(total)) => (id as u32, total as u32),
                                _ => {
                                    inner.violation(format!("IDENTIFY with a bad shard {shard}"));
                                    close(&mut sink, 4010, "Invalid shard.").await;
                                    break;
                                }
                            }
                        };
                        let refusal = {
                            let state = inner.lock();
                            let totals = state.gateways.values().map(|g| g.total).next();
                            if id >= total {
                                Some((4010, format!("shard {id} of {total}: not below the total")))
                            } else if totals.is_some_and(|t| t != total) {
                                Some((4010, format!("shard [{id}, {total}] while others run {totals:?} in all")))
                            } else if state.gateways.contains_key(&id) {
                                Some((4010, format!("shard {id} is already connected")))
                            } else if total < state.shard_count {
                                Some((4011, format!("{total} shards where the fake needs {}", state.shard_count)))
                            } else {
                                None
                            }
                        };
                        if let Some((code, why)) = refusal {
                            inner.violation(format!("IDENTIFY refused with {code}: {why}"));
                            let reason = if code == 4011 { "Sharding required." } else { "Invalid shard." };
                            close(&mut sink, code, reason).await;
                            break;
                        }
                        let mine: Vec<u64> = inner
                            .lock()
                            .guilds
                            .iter()
                            .map(|(g, _)| *g)
                            .filter(|g| shard_of(Some(*g), total) == id)
                            .collect();
                        let ready = json!({
                            "v": 10,
                            "user": {
                                "id": APP_ID.to_string(), "username": "Parlor", "discriminator": "0",
                                "global_name": null, "avatar": null, "bot": true, "verified": true,
                                "mfa_enabled": false, "flags": 0,
                            },
                            "guilds": mine.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect::<Vec<_>>(),
                            "session_id": format!("fake-session-{session}"),
                            "resume_gateway_url": inner.gateway_url,
                            "shard": [id, total],
                            "application": {"id": APP_ID.to_string(), "flags": 0},
                        });
                        if let Err(e) = serde_json::from_value::<serenity::Ready>(ready.clone()) {
                            inner.violation(format!("the fake's READY does not parse: {e}"));
                        }
                        let mut state = inner.lock();
                        let mut identify = frame["d"].clone();
                        identify["token"] = json!("<checked>");
                        state.identifies.push(identify);
                        state.seq += 1;
                        let frame = json!({"op": 0, "t": "READY", "s": state.seq, "d": ready});
                        let _ = tx.send(frame.to_string());
                        // Then each of the shard's servers becomes available.
                        for guild in mine {
                            let mut data = guild_json(guild);
                            if let Some(locale) = &state.guild_locale {
                                data["preferred_locale"] = json!(locale);
                            }
                            if let Err(e) = serde_json::from_value::<serenity::Guild>(data.clone()) {
                                state.violations.push(format!("the fake's GUILD_CREATE does not parse: {e}"));
                            }
                            state.seq += 1;
                            let frame = json!({"op": 0, "t": "GUILD_CREATE", "s": state.seq, "d": data});
                            let _ = tx.send(frame.to_string());
                            state.dispatched.push((id, "GUILD_CREATE".to_owned(), Some(guild)));
                        }
                        state.gateways.insert(id, Gateway { session, total, tx: tx.clone() });
                        my_shard = Some(id);
                        drop(state);
                        inner.changed();
                    }
                    Some(6) => {
                        // No resuming here: ask for a new session.
                        let _ = tx.send(json!({"op": 9, "d": false}).to_string());
                    }
                    _ => {}
                }
            }
            outgoing = rx.recv() => {
                let Some(text) = outgoing else { break };
                if text == HANG_UP {
                    close(&mut sink, 4000, "Unknown error.").await;
                    break;
                }
                if sink.send(WsMessage::Text(text)).await.is_err() {
                    break;
                }
            }
        }
    }
    let mut state = inner.lock();
    state.open_sessions -= 1;
    if let Some(shard) = my_shard
        && state
            .gateways
            .get(&shard)
            .is_some_and(|g| g.session == session)
    {
        state.gateways.remove(&shard);
    }
    drop(state);
    inner.changed();
}

/// Closes a gateway connection with one of Discord's close codes.
pub(super) async fn close<S>(sink: &mut S, code: u16, reason: &str)
where
    S: futures_util::Sink<WsMessage> + Unpin,
{
    use tokio_tungstenite::tungstenite::protocol::{CloseFrame, frame::coding::CloseCode};
    let frame = CloseFrame {
        code: CloseCode::from(code),
        reason: reason.to_owned().into(),
    };
    let _ = sink.send(WsMessage::Close(Some(frame))).await;
}

/// A server as GUILD_CREATE sends it (just what serenity needs to read it).
pub(super) fn guild_json(guild: u64) -> Value {
    json!({
        "id": guild.to_string(), "name": format!("server {guild}"), "icon": null,
        "icon_hash": null, "splash": null, "discovery_splash": null,
        "owner_id": "100000000000000099", "verification_level": 0,
        "default_message_notifications": 0, "explicit_content_filter": 0, "roles": [],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
        "system_channel_id": null, "system_channel_flags": 0, "rules_channel_id": null,
        "premium_tier": 0, "preferred_locale": "en-US", "nsfw_level": 0, "stickers": [],
        "premium_progress_bar_enabled": false, "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "large": false, "unavailable": false, "member_count": 3, "voice_states": [],
        "members": [], "channels": [], "threads": [], "presences": [], "stage_instances": [],
        "guild_scheduled_events": [],
    })
}

impl FakeDiscord {
    /// The gateway's websocket URL.
    pub fn gateway_url(&self) -> String {
        self.inner.gateway_url.clone()
    }

    /// Sends an event of this server (`None`: a direct message) to the connection of its shard
    /// only; returns that shard.
    pub(super) fn dispatch(&self, event: &str, data: Value, guild: Option<u64>) -> u32 {
        let mut state = self.inner.lock();
        let shard = state.shard_for(guild);
        state.seq += 1;
        let frame = json!({"op": 0, "t": event, "s": state.seq, "d": data});
        let Some(gateway) = state.gateways.get(&shard) else {
            panic!(
                "no bot runs shard {shard}, the shard of {guild:?} (connected: {:?})",
                state.connected_shards()
            );
        };
        gateway
            .tx
            .send(frame.to_string())
            .expect("gateway session alive");
        state.dispatched.push((shard, event.to_owned(), guild));
        state.last_activity = Some(Instant::now());
        shard
    }

    /// Adds a server (the bot is in it) with its default channel; a bot connected later gets
    /// its GUILD_CREATE on the server's shard.
    pub fn add_guild(&self, guild: u64, channel: u64) {
        self.inner.lock().guilds.push((guild, channel));
    }

    /// Cuts the bot off from the gateway, as a network failure or an outage of Discord would:
    /// every connection is closed with 4000 ("unknown error, reconnect"), and so is every new
    /// one, until [`FakeDiscord::restore_gateway`].
    pub fn cut_gateway(&self) {
        let mut state = self.inner.lock();
        state.gateway_cut = true;
        for gateway in state.gateways.values() {
            let _ = gateway.tx.send(HANG_UP.to_owned());
        }
    }

    /// Lets gateway connections through again.
    pub fn restore_gateway(&self) {
        self.inner.lock().gateway_cut = false;
        self.inner.changed();
    }

    /// Adds another channel to a server added with [`FakeDiscord::add_guild`].
    pub fn add_channel(&self, guild: u64, channel: u64) {
        self.inner.lock().channels.insert(channel, guild);
    }

    /// Sets how many shards `/gateway/bot` recommends, which is also the least the fake accepts.
    pub fn set_shard_count(&self, count: u32) {
        self.inner.lock().shard_count = count;
    }

    /// Waits until exactly these shards are connected (and past READY).
    pub async fn wait_shards(&self, shards: &[u32]) {
        let mut want = shards.to_vec();
        want.sort_unstable();
        self.wait(&format!("shards {want:?} to connect"), |s| {
            (s.connected_shards() == want).then_some(())
        })
        .await;
    }
}
