//! An arena's live standings in its thread: one message, posted once and then edited, at most
//! every [`EVERY`]. News that comes sooner is held, and the latest standings are written when
//! the time comes (a task waits for it, counted as work in hand). Where the message is, the
//! table records with the tournament: after a restart the same message is edited.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::time::Instant;
use tracing::debug;

use crate::table::{Reply, Table, TournamentNews};

use super::present::{self, Locales};
use crate::table::Work;

/// The shortest time between two edits of the same standings.
pub const EVERY: Duration = Duration::from_secs(3);

/// Each arena's standings message, when it was last written and what waits to be.
#[derive(Clone, Default)]
pub struct Live(Arc<Mutex<HashMap<i64, Entry>>>);

#[derive(Default)]
struct Entry {
    message: Option<(serenity::ChannelId, serenity::MessageId)>,
    written: Option<Instant>,
    /// Standings that came too soon, for the waiting task to write.
    pending: Option<(Box<Reply>, Locales)>,
    waiting: bool,
}

/// Where to write: the arena's thread.
struct Target {
    http: Arc<serenity::Http>,
    table: Table,
    thread: serenity::ChannelId,
    id: i64,
    /// The message the table recorded, if any.
    recorded: Option<(u64, u64)>,
}

impl Live {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Entry>> {
        // Each entry is replaced whole: a panic elsewhere leaves none half-written.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Brings arena `news`'s standings up to date in its thread, now or, when they were
    /// written less than [`EVERY`] ago, once that time has passed.
    pub async fn keep(
        &self,
        http: &Arc<serenity::Http>,
        table: &Table,
        work: &Work,
        news: &TournamentNews,
        locales: Locales,
    ) {
        let (Some(standings), Some(thread)) = (&news.live, news.thread) else {
            return;
        };
        let target = Target {
            http: http.clone(),
            table: table.clone(),
            thread: serenity::ChannelId::new(thread),
            id: news.id,
            recorded: news.live_at,
        };
        let wait = {
            let mut live = self.lock();
            let entry = live.entry(news.id).or_default();
            let since = entry.written.map(|at| at.elapsed());
            match since {
                Some(since) if since < EVERY => {
                    entry.pending = Some((standings.clone(), locales));
                    if entry.waiting {
                        return;
                    }
                    entry.waiting = true;
                    Some(EVERY - since)
                }
                _ => {
                    entry.written = Some(Instant::now());
                    None
                }
            }
        };
        match wait {
            None => self.write(&target, (**standings).clone(), locales).await,
            Some(wait) => {
                let live = self.clone();
                let busy = work.begin();
                tokio::spawn(async move {
                    let _busy = busy;
                    tokio::time::sleep(wait).await;
                    let next = {
                        let mut map = live.lock();
                        let entry = map.entry(target.id).or_default();
                        entry.waiting = false;
                        entry.written = Some(Instant::now());
                        entry.pending.take()
                    };
                    if let Some((standings, locales)) = next {
                        live.write(&target, *standings, locales).await;
                    }
                });
            }
        }
    }

    /// Posts the standings message, or edits the one posted (posts anew if it was deleted).
    async fn write(&self, target: &Target, standings: Reply, locales: Locales) {
        let answer = present::present(standings, locales, target.table.pictures()).await;
        let posted = self
            .lock()
            .get(&target.id)
            .and_then(|e| e.message)
            .or_else(|| {
                target
                    .recorded
                    .map(|(c, m)| (serenity::ChannelId::new(c), serenity::MessageId::new(m)))
            });
        if let Some((channel, message)) = posted {
            let mut edit = serenity::EditMessage::new()
                .content(answer.text.clone())
                .embeds(answer.embed.iter().cloned().collect())
                .remove_all_attachments();
            if let Some(file) = &answer.file {
                edit = edit.new_attachment(file.clone());
            }
            match channel.edit_message(&target.http, message, edit).await {
                Ok(_) => return,
                Err(e) if !gone(&e) => {
                    debug!(
                        tournament = target.id,
                        "cannot edit the live standings: {e}"
                    );
                    return;
                }
                Err(_) => {}
            }
        }
        match target
            .thread
            .send_message(&target.http, answer.to_message())
            .await
        {
            Ok(message) => {
                {
                    let mut live = self.lock();
                    let entry = live.entry(target.id).or_default();
                    entry.message = Some((message.channel_id, message.id));
                }
                let at = (message.channel_id.get(), message.id.get());
                if let Err(e) = target
                    .table
                    .tournaments()
                    .standings_posted(target.id, at)
                    .await
                {
                    debug!(
                        tournament = target.id,
                        "cannot record the live standings message: {e}"
                    );
                }
            }
            Err(e) => debug!(
                tournament = target.id,
                "cannot post the live standings: {e}"
            ),
        }
    }
}

/// Whether Discord says the message is no more (deleted by someone).
fn gone(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 404
    )
}
