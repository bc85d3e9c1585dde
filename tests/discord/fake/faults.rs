//! Permissions and faults: the bot's permissions in each channel, and what a test makes go
//! wrong (permissions denied, channels deleted, failed posts); every request passes here first.

use super::*;

/// The bot's permissions in the fake's channels, as a bit set: everything a game bot needs,
/// with or without Create Public Threads (bit 35) and Send Messages in Threads (bit 38), less
/// what a test `denied` there.
pub(super) fn app_permissions(threads: bool, denied: u64) -> u64 {
    let all: u64 = 2_248_473_465_835_073;
    let thread_bits = (1 << 35) | (1 << 38);
    (if threads { all } else { all & !thread_bits }) & !denied
}

/// Discord's permission bits the fake checks when the bot posts.
pub mod perm {
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
}

/// Records every request and checks the bot's Authorization header.
pub(super) async fn check_request(
    AxState(inner): AxState<Arc<Inner>>,
    req: Request,
    next: axum::middleware::Next,
) -> Response {
    let line = format!("{} {}", req.method(), req.uri().path());
    let auth = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let _flight = Flight::start(&inner);
    let (failure, deleted, slow) = {
        let mut state = inner.lock();
        state.requests.push(line.clone());
        let slow = state
            .slow
            .iter()
            .find(|(l, _)| line.starts_with(l))
            .map(|(_, wait)| *wait);
        let found = state.failures.iter().position(|(l, _)| line.starts_with(l));
        let channel = channel_of_path(req.uri().path());
        if let Some(c) = channel.filter(|c| state.delete_before_post.contains(c))
            && line == format!("POST /api/v10/channels/{c}/messages")
        {
            state.delete_before_post.retain(|d| *d != c);
            state.deleted.push(c);
        }
        let deleted = channel.is_some_and(|c| state.is_deleted(c));
        (found.map(|i| state.failures.remove(i).1), deleted, slow)
    };
    if let Some(wait) = slow {
        // Seen before it is answered: a test may act while the bot waits for it.
        inner.changed();
        tokio::time::sleep(wait).await;
    }
    if auth != format!("Bot {}", inner.token) {
        inner.violation(format!("{line}: bad Authorization header"));
        return discord_error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    if let Some(status) = failure {
        inner.changed();
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        if status == StatusCode::TOO_MANY_REQUESTS {
            // Discord's rate limit answer: no error code, the wait in the body and the header.
            let body = json!({"message": "You are being rate limited.", "retry_after": 0.2, "global": false});
            return (status, [("retry-after", "0.2")], Json(body)).into_response();
        }
        return discord_error(status, 0, status.canonical_reason().unwrap_or("error"));
    }
    if deleted {
        inner.changed();
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    }
    if let Some(refused) = refuse_outside(&inner, &line, channel_of_path(req.uri().path())) {
        return refused;
    }
    next.run(req).await
}

/// A REST request being served: counted in flight until dropped (answered, or abandoned by the
/// bot).
pub(super) struct Flight(Arc<Inner>);

impl Flight {
    pub(super) fn start(inner: &Arc<Inner>) -> Self {
        let mut state = inner.lock();
        state.in_flight += 1;
        state.last_activity = Some(Instant::now());
        drop(state);
        Self(inner.clone())
    }
}

impl Drop for Flight {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.in_flight -= 1;
        state.last_activity = Some(Instant::now());
        drop(state);
        self.0.changed();
    }
}

/// The channel a REST path is about (`/api/v10/channels/<id>/...`), if any.
pub(super) fn channel_of_path(path: &str) -> Option<u64> {
    path.strip_prefix("/api/v10/channels/")?
        .split('/')
        .next()?
        .parse()
        .ok()
}

impl FakeDiscord {
    /// Lets the bot create public threads (and write in them) from now on.
    pub fn grant_threads(&self) {
        self.inner.lock().thread_permission = true;
    }

    /// Denies the bot these permissions (bits, see [`perm`]) in a channel (and its threads).
    pub fn deny(&self, channel: u64, bits: u64) {
        *self.inner.lock().denied.entry(channel).or_insert(0) |= bits;
    }

    /// Deletes a channel (and its threads): every request about it answers 404 (10003).
    pub fn delete_channel(&self, channel: u64) {
        self.inner.lock().deleted.push(channel);
    }

    /// Deletes a channel just before the bot next posts a message there (whatever the bot does
    /// first through interactions still works), so that a notice finds it gone.
    pub fn delete_before_next_post(&self, channel: u64) {
        self.inner.lock().delete_before_post.push(channel);
    }

    /// Answers every request whose "METHOD path" starts with `line` only after `wait`, from now
    /// on (a slow Discord).
    pub fn slow(&self, line: &str, wait: Duration) {
        self.inner.lock().slow.push((line.to_owned(), wait));
    }

    /// Takes back every failure still waiting for messages posted in `channel` (Discord is back).
    pub fn heal_posts(&self, channel: u64) {
        let line = format!("POST /api/v10/channels/{channel}/messages");
        self.inner.lock().failures.retain(|(l, _)| *l != line);
    }

    /// Answers the next `n` messages posted in `channel` with HTTP `status` instead.
    pub fn fail_posts(&self, channel: u64, n: usize, status: u16) {
        let line = format!("POST /api/v10/channels/{channel}/messages");
        let mut state = self.inner.lock();
        for _ in 0..n {
            state.failures.push((line.clone(), status));
        }
    }
}
