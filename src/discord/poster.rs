//! The poster: what happens without a request (the AI's moves, clock warnings, time-outs,
//! expired challenges, tournament news) posted in each match's channel, or where the bot is no
//! member through an interaction's token or a DM, tried again while Discord fails and kept as
//! news when it cannot be posted.

use std::time::Instant;

use poise::serenity_prelude as serenity;
use tracing::{debug, info, warn};

use super::answer::Answer;
use super::{Asker, Tongues, access, lanes, live, present, reach, respond};
use crate::i18n::Msg;
use crate::table::Work;
use crate::table::{self, Table};

/// The wait before a notice's second try when Discord fails (5xx), asks to slow down (429) or
/// cannot be reached; each further wait doubles, up to [`BACKOFF_CAP`], for as long as
/// [`Config::notice_retry`] allows.
const BACKOFF: std::time::Duration = std::time::Duration::from_millis(500);
/// The longest wait between two tries.
const BACKOFF_CAP: std::time::Duration = std::time::Duration::from_secs(30);

/// Posts what happens without a request (the AI's moves, clock warnings, timeouts, expired
/// challenges) in the match's channel. A notice is news only: the match has already changed,
/// whether or not it can be posted; what cannot be is told at the next answer about the match.
pub(super) struct Poster {
    pub(super) http: std::sync::Arc<serenity::Http>,
    pub(super) boards: std::sync::Arc<super::boards::Boards>,
    pub(super) tongues: Tongues,
    pub(super) known: access::Known,
    pub(super) table: Table,
    /// Each notice counts as work in hand while it is posted.
    pub(super) work: Work,
    /// Where the bot is no member, a notice goes through an interaction's token instead.
    pub(super) chats: reach::Chats,
    /// Where no token can carry it, it goes besides in a DM to the players it concerns.
    pub(super) dms: reach::Dms,
    /// The bot itself, never sent a DM.
    pub(super) bot_id: serenity::UserId,
    /// Arenas' live standings messages.
    pub(super) live: live::Live,
    /// The notices waiting, one queue per channel.
    pub(super) lanes: lanes::Lanes,
    /// How far the bot is in stopping: what is not posted by then is kept.
    pub(super) stop: lanes::Stop,
    /// How long a notice is tried again while Discord fails, before it is kept as news.
    pub(super) retry_for: std::time::Duration,
}

/// Why a notice was not posted.
enum Failed {
    /// The channel no longer exists (Discord's error 10003).
    Gone,
    /// The bot may not post there: what it lacks, when known (empty when Discord only said 403).
    Forbidden(serenity::Permissions),
    /// Discord's Missing Access (403, 50001): outside any server, the bot is no member of the
    /// chat (a DM or group DM between people).
    NoAccess,
    /// Discord failed or could not be reached for as long as notices are tried again (or the
    /// bot is stopping).
    Unavailable(String),
    /// Anything else.
    Other(String),
}

impl Poster {
    /// Posts every notice, in order in each channel, until the match service stops.
    pub(super) async fn run(self: std::sync::Arc<Self>, mut notices: table::Notices) {
        while let Some(notice) = notices.recv().await {
            let channel = notice.place.channel;
            if self.lanes.push(notice, self.work.begin()) {
                tokio::spawn(self.clone().lane(channel));
            }
        }
    }

    /// Posts a channel's notices one after the other until none is left (kept as news once
    /// the bot is stopping).
    async fn lane(self: std::sync::Arc<Self>, channel: u64) {
        while let Some((notice, _busy)) = self.lanes.next(channel) {
            if self.stop.phase() == lanes::Phase::Stopped {
                let match_id = notice.match_id;
                info!(
                    match_id,
                    channel, "stopping: notice kept for the next answer"
                );
                let why = table::Undelivered::Unavailable;
                self.table.matches().undelivered(match_id, why).await;
            } else {
                self.post(notice).await;
            }
        }
    }

    async fn post(&self, notice: table::Notice) {
        let start = Instant::now();
        let match_id = notice.match_id;
        let channel = serenity::ChannelId::new(notice.place.channel);
        let locales = self
            .tongues
            .locales(&Asker::server(notice.place.guild))
            .await;
        // Outside servers the news may have to go in DMs as well, in each player's language.
        let news = notice.place.guild.is_none() || self.chats.is_outside(channel.get());
        let reply = news.then(|| notice.reply.clone());
        let answer = present::present(notice.reply, locales, self.table.pictures()).await;
        if self.chats.is_outside(channel.get()) {
            self.follow_up(&notice.place, match_id, answer, reply, start)
                .await;
            return;
        }
        let need = access::to_post(
            notice.place.parent.is_some(),
            answer.embed.is_some(),
            answer.file.is_some(),
        );
        let lacking = access::missing(self.known.get(channel.get()), need);
        respond::tournament_news(&self.http, &self.table, &answer, None).await;
        if let Some(news) = &answer.tournament {
            self.live
                .keep(&self.http, &self.table, &self.work, news, locales)
                .await;
        }
        // A tournament's game starts in a thread of its own, as a match accepted from its card.
        if lacking.is_empty() && answer.thread.is_some() && notice.place.guild.is_some() {
            let guild = notice.place.guild.map(serenity::GuildId::new);
            let started = respond::into_thread(
                &self.http,
                &self.table,
                &self.boards,
                guild,
                channel,
                None,
                &answer,
            )
            .await;
            match started {
                Ok(Some(thread)) => {
                    self.point_to_game(&answer, thread).await;
                    info!(match_id, %thread, "match started in its thread");
                    return;
                }
                Ok(None) => {}
                Err(e) => debug!(match_id, "cannot post in the match's thread: {e}"),
            }
        }
        let sent = if lacking.is_empty() {
            self.deliver(match_id, channel, &answer).await
        } else {
            Err(Failed::Forbidden(lacking))
        };
        respond::edit_card(&self.http, &answer).await;
        let why = match sent {
            Ok(message) => {
                self.boards
                    .posted(&self.http, &answer, channel, message.id)
                    .await;
                let ms = format!("{:.1}", start.elapsed().as_secs_f64() * 1000.0);
                info!(match_id, %channel, ms, "notice posted");
                return;
            }
            Err(Failed::Gone) => table::Undelivered::Gone,
            // Outside any server Discord refused the channel itself: a DM or group DM between
            // people this process has not heard from since it started. Its next interaction
            // tells the news, as where the chat is known.
            Err(Failed::NoAccess) if notice.place.guild.is_none() => {
                info!(match_id, %channel, "the bot is no member here; notice kept for the next interaction");
                self.keep(&notice.place, match_id, answer, reply).await;
                return;
            }
            Err(Failed::NoAccess) => table::Undelivered::Forbidden("0".to_owned()),
            Err(Failed::Forbidden(lacking)) => {
                table::Undelivered::Forbidden(lacking.bits().to_string())
            }
            Err(Failed::Unavailable(error)) => {
                warn!(match_id, %channel, %error, "Discord did not take the notice; kept for the next answer");
                table::Undelivered::Unavailable
            }
            Err(Failed::Other(error)) => {
                debug!(match_id, %channel, %error, "notice not posted");
                table::Undelivered::Forbidden("0".to_owned())
            }
        };
        metrics::counter!("parlor_notices_failed_total").increment(1);
        // The table logs it, once, with the match id.
        self.table.matches().undelivered(match_id, why).await;
    }

    /// Tells the players of a tournament's game, in the tournament's thread, where their game
    /// is (a ping to each).
    async fn point_to_game(&self, answer: &Answer, game: serenity::ChannelId) {
        let Some(news) = &answer.tournament else {
            return;
        };
        let Some(thread) = news.thread else { return };
        let players: Vec<String> = answer
            .mentions
            .iter()
            .map(|id| format!("<@{id}>"))
            .collect();
        let text = Msg::new("tournament-your-game")
            .plain("players", players.join(" "))
            .plain("game", format!("<#{game}>"))
            .text(answer.lang);
        let message = serenity::CreateMessage::new()
            .content(text)
            .allowed_mentions(answer.allowed_mentions());
        if let Err(e) = serenity::ChannelId::new(thread)
            .send_message(&self.http, message)
            .await
        {
            debug!(
                tournament = news.id,
                "cannot point the players to their game: {e}"
            );
        }
    }

    /// Sends a notice in a chat the bot is no member of: as a follow-up of the newest
    /// interaction there while its token lives and has a follow-up left, else kept for the next
    /// interaction, which tells it, and sent besides in DMs where Discord allows it.
    async fn follow_up(
        &self,
        place: &table::Place,
        match_id: i64,
        answer: Answer,
        reply: Option<table::Reply>,
        start: Instant,
    ) {
        use serenity::Builder;
        let channel = serenity::ChannelId::new(place.channel);
        let (token, answer) = match self.chats.lend_or_hold(channel.get(), answer) {
            Ok(lent) => lent,
            Err(held) => {
                info!(match_id, %channel, "notice kept for the next interaction in this chat");
                self.tell_in_dms(place, match_id, reply, held).await;
                return;
            }
        };
        match answer
            .to_followup()
            .execute(&self.http, (None, &token.token))
            .await
        {
            Ok(message) => {
                self.boards.sent_through(message.id, token, false);
                self.boards
                    .posted(&self.http, &answer, channel, message.id)
                    .await;
                let ms = format!("{:.1}", start.elapsed().as_secs_f64() * 1000.0);
                info!(match_id, %channel, ms, "notice sent as a follow-up");
            }
            Err(error) => {
                debug!(match_id, %channel, %error, "notice not followed up; kept for the next interaction");
                self.keep(place, match_id, answer, reply).await;
            }
        }
    }

    /// Keeps news no token could carry for the next interaction in its chat (which tells
    /// everyone there), and tells it now in a DM from Parlor to each player it concerns (those
    /// it names), where Discord allows it: a person who never installed Parlor and shares no
    /// server with it learns it from that next interaction only.
    async fn keep(
        &self,
        place: &table::Place,
        match_id: i64,
        answer: Answer,
        reply: Option<table::Reply>,
    ) {
        let held = self.chats.hold(place.channel, answer);
        self.tell_in_dms(place, match_id, reply, held).await;
    }

    /// Tells news kept in a chat in a DM from Parlor to each player it concerns (those it
    /// names), where Discord allows it, unless an interaction there takes it as a follow-up in
    /// a moment.
    async fn tell_in_dms(
        &self,
        place: &table::Place,
        match_id: i64,
        reply: Option<table::Reply>,
        held: reach::Held,
    ) {
        let Some(reply) = reply.filter(|_| held == reach::Held::NextInteraction) else {
            return;
        };
        let mut players = reply.mentions.clone();
        players.dedup();
        players.retain(|&p| p != self.bot_id.get());
        let chat = reach::chat_link(place.guild, place.channel);
        for player in players {
            let asker = Asker {
                user: Some(player),
                ..Asker::default()
            };
            let locales = self.tongues.locales(&asker).await;
            let mut letter = present::present(reply.clone(), locales, self.table.pictures()).await;
            // Its controls belong to the chat of the match, not to the DM.
            letter.rows.clear();
            letter.mentions.clear();
            let line = Msg::new("notice-in-dm")
                .plain("chat", chat.clone())
                .text(letter.lang);
            letter.text = present::truncate(&format!("{line}\n{}", letter.text), 2000);
            let user = serenity::UserId::new(player);
            match self.dms.send(&self.http, user, letter.to_message()).await {
                reach::Dm::Sent => info!(match_id, player, "notice sent in a DM"),
                reach::Dm::Refused => {
                    info!(
                        match_id,
                        player, "the player cannot be sent a DM; the next interaction tells it"
                    )
                }
                reach::Dm::Failed(error) => {
                    debug!(match_id, player, %error, "notice not sent in a DM")
                }
            }
        }
    }

    /// Sends a notice, trying again with a growing wait while Discord fails, asks to slow down
    /// or cannot be reached (for [`Poster::retry_for`], unless the bot stops), and reopening an
    /// archived thread once. (With serenity's rate limiter on, as against Discord itself, a 429
    /// is waited out there for its `retry_after` before it reaches here.)
    async fn deliver(
        &self,
        match_id: i64,
        channel: serenity::ChannelId,
        answer: &Answer,
    ) -> Result<serenity::Message, Failed> {
        let http = &self.http;
        let first = Instant::now();
        let mut wait = BACKOFF;
        let mut reopened = false;
        let mut attempt = 0;
        loop {
            attempt += 1;
            let error = match channel.send_message(http, answer.to_message()).await {
                Ok(message) => return Ok(message),
                Err(error) => error,
            };
            let response = match &error {
                serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
                    response
                }
                // No answer at all (refused, reset, timed out): Discord may be unreachable.
                serenity::Error::Http(serenity::HttpError::Request(_)) => {
                    self.wait_to_retry(match_id, channel, (first, &mut wait), 0, &error)
                        .await?;
                    continue;
                }
                _ => return Err(Failed::Other(error.to_string())),
            };
            let (status, code) = (response.status_code.as_u16(), response.error.code);
            match (status, code) {
                // A long game's thread archives itself after a quiet week: open it again.
                (_, 50083) if !reopened => {
                    reopened = true;
                    let reopen = serenity::EditThread::new().archived(false);
                    if let Err(e) = channel.edit_thread(http, reopen).await {
                        return Err(Failed::Other(format!("cannot unarchive: {e}")));
                    }
                }
                (404, _) | (_, 10003) => return Err(Failed::Gone),
                (403, 50001) => return Err(Failed::NoAccess),
                (403, _) => return Err(Failed::Forbidden(serenity::Permissions::empty())),
                (429 | 500..=599, _) => {
                    self.wait_to_retry(match_id, channel, (first, &mut wait), status, &error)
                        .await?;
                    debug!(match_id, %channel, status, attempt, "notice not taken; trying again");
                }
                _ => return Err(Failed::Other(error.to_string())),
            }
        }
    }

    /// Waits before the next try of a notice that Discord did not take (`status` 0: no answer),
    /// the wait then doubled up to [`BACKOFF_CAP`]; gives up when the next try would come after
    /// [`Poster::retry_for`] since the `first`, or the bot stops.
    async fn wait_to_retry(
        &self,
        match_id: i64,
        channel: serenity::ChannelId,
        (first, wait): (Instant, &mut std::time::Duration),
        status: u16,
        error: &serenity::Error,
    ) -> Result<(), Failed> {
        let stopping = self.stop.phase() != lanes::Phase::Running;
        if stopping || first.elapsed() + *wait > self.retry_for {
            return Err(Failed::Unavailable(error.to_string()));
        }
        metrics::counter!("parlor_notice_retries_total").increment(1);
        if *wait >= BACKOFF_CAP {
            // Said once a while, not at every try: Discord has been failing for a minute.
            info!(match_id, %channel, status, "Discord keeps failing; the notice is tried again");
        }
        self.stop.sleep(*wait).await;
        *wait = (*wait * 2).min(BACKOFF_CAP);
        if self.stop.phase() != lanes::Phase::Running {
            return Err(Failed::Unavailable(error.to_string()));
        }
        Ok(())
    }
}
