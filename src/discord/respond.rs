//! Answering interactions within Discord's rules: a first response within 3 seconds, exactly once,
//! with its visibility (public or only for the person) fixed by the first response.

use std::future::Future;
use std::time::Duration;

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use tracing::debug;

use super::answer::{Answer, ThreadAsk};
use super::boards::Boards;
use super::reach::Token;
use super::rest::{self, Posted};
use super::{Context, Data, Error};
use crate::table::{Act, Actor, Place, ReplyKind, Stamp};

/// How long the work may take before the interaction is deferred ("Parlor is thinking..."). Well
/// inside Discord's 3 seconds, leaving room for the round trip and the upload.
pub const DEFER_AFTER: Duration = Duration::from_millis(1200);

/// When an interaction arrived, until its first response (an answer or a deferral) is sent:
/// then the wait goes into `parlor_first_response_seconds`, once.
pub struct FirstResponse(Option<std::time::Instant>);

impl FirstResponse {
    /// The interaction arrived at `start`.
    pub fn since(start: std::time::Instant) -> Self {
        Self(Some(start))
    }

    /// The first response has just been accepted by Discord; later calls do nothing.
    fn sent(&mut self) {
        if let Some(start) = self.0.take() {
            metrics::histogram!("parlor_first_response_seconds")
                .record(start.elapsed().as_secs_f64());
        }
    }
}

/// `work`'s result if it is ready within `delay`; a zero delay always defers.
async fn within<T>(delay: Duration, work: impl Future<Output = T>) -> Option<T> {
    if delay.is_zero() {
        return None;
    }
    tokio::time::timeout(delay, work).await.ok()
}

/// Answers a slash command with `work`'s message: directly if it is ready within
/// the configured delay ([`DEFER_AFTER`] by default), otherwise after a public deferral. A private result after a public deferral
/// removes the "thinking" message and follows up privately, so an error never shows to everyone.
pub async fn answer_command(
    ctx: Context<'_>,
    work: impl Future<Output = Answer> + Send,
) -> Result<(), Error> {
    // Set by `pre_command` as the command arrived.
    let arrived = ctx
        .invocation_data::<std::time::Instant>()
        .await
        .map(|t| *t);
    let mut first = FirstResponse::since(arrived.unwrap_or_else(std::time::Instant::now));
    let pictures = ctx.data().table.pictures();
    let mut work = std::pin::pin!(work);
    let mut answer = match within(ctx.data().defer_after, &mut work).await {
        Some(answer) => answer,
        None => {
            ctx.defer().await?;
            first.sent();
            // Nothing shows before the follow-up: it carries the picture.
            let mut answer = work.await;
            answer.draw(pictures).await;
            if answer.private
                && let Context::Application(app) = ctx
            {
                app.interaction.delete_response(ctx.http()).await?;
            }
            answer
        }
    };
    if let (Some(ask), false, Some(guild)) = (answer.thread.clone(), answer.private, ctx.guild_id())
    {
        answer.draw(pictures).await;
        return start_typed_in_thread(ctx, guild, ask, answer, first).await;
    }
    let Context::Application(app) = ctx else {
        answer.draw(pictures).await;
        ctx.send(answer.to_reply()).await?;
        return Ok(());
    };
    let new_card = !answer.private && answer.tournament.as_ref().is_some_and(|t| t.card.is_none());
    let token = &app.interaction.token;
    let initial = !app
        .has_sent_initial_response
        .load(std::sync::atomic::Ordering::SeqCst);
    let posted = if initial && answer.more_embeds.is_empty() && answer.more_files.is_empty() {
        // Sent here rather than by poise, which is told: a later reply is a follow-up.
        let id = app.interaction.id;
        let data = ctx.data();
        let posted = respond_drawn(ctx.http(), data, &mut answer, id, token, &mut first).await?;
        app.has_sent_initial_response
            .store(true, std::sync::atomic::Ordering::SeqCst);
        posted
    } else {
        ctx.send(answer.to_reply()).await?;
        first.sent();
        match answer.drawing(pictures) {
            Some(drawing) => picture_in(ctx.http(), &mut answer, drawing.await, token).await,
            None => None,
        }
    };
    let message = match posted {
        Some(message) => Some(message),
        None if answer.keeps() || new_card => Some(rest::original(ctx.http(), token).await?),
        None => None,
    };
    tournament_news(ctx.http(), &ctx.data().table, &answer, message.as_ref()).await;
    if let Some(message) = message.filter(|_| answer.keeps()) {
        through(ctx.data(), &message, &app.interaction.token, true);
        ctx.data()
            .boards
            .posted(ctx.http(), &answer, message.channel_id, message.id)
            .await;
        record_card(ctx.data(), &answer, &message).await;
    }
    edit_card(ctx.http(), &answer).await;
    Ok(())
}

/// How long a first response waits for its picture by default. Drawn by then, the picture goes
/// with the answer; else the answer goes first and the picture is edited in once drawn, so
/// that a busy drawing queue never holds the answer long.
pub const PICTURE_WAIT: Duration = Duration::from_millis(2);

/// Sends `answer` as the first response to interaction `id` (`token`), with the picture it left
/// for later when that is drawn within `data.picture_wait`, else without it and then edited in.
/// Returns where the message is (Discord says so with the response): `None` when it made none.
async fn respond_drawn(
    http: &serenity::Http,
    data: &Data,
    answer: &mut Answer,
    id: serenity::InteractionId,
    token: &str,
    first: &mut FirstResponse,
) -> Result<Option<Posted>, serenity::Error> {
    let mut drawing = answer.drawing(data.table.pictures()).map(Box::pin);
    let mut drawn = false;
    if let Some(drawing) = &mut drawing
        && let Some(image) = within(data.picture_wait, drawing).await
    {
        answer.show(image);
        drawn = true;
    }
    let response = serenity::CreateInteractionResponse::Message(answer.to_response());
    let files = answer.file.iter().cloned().collect();
    let posted = rest::respond(http, id, token, &response, files).await?;
    first.sent();
    let Some(drawing) = drawing.filter(|_| !drawn) else {
        return Ok(posted);
    };
    let edited = picture_in(http, answer, drawing.await, token).await;
    Ok(edited.or(posted))
}

/// Puts a picture drawn after the answer went into it, and edits it into the interaction's
/// first response (`token`'s); returns where the message is. `None` without a picture, or when
/// the edit failed (logged: the answer itself went).
async fn picture_in(
    http: &serenity::Http,
    answer: &mut Answer,
    image: Option<crate::table::Image>,
    token: &str,
) -> Option<Posted> {
    if !answer.show(image) {
        return None;
    }
    let (edit, files) = answer.picture_edit();
    match rest::edit_original(http, token, &edit, files).await {
        Ok(message) => Some(message),
        Err(e) => {
            debug!(match_id = answer.match_id, "cannot add the picture: {e}");
            None
        }
    }
}

/// Remembers where a challenge card was posted, in the match service.
async fn record_card(data: &Data, answer: &Answer, message: &Posted) {
    let (Some(match_id), ReplyKind::Challenge | ReplyKind::Lobby, false) =
        (answer.match_id, answer.kind, answer.private)
    else {
        return;
    };
    // Where the bot is no member it can never edit the card in the channel: not recorded.
    if data.chats.is_outside(message.channel_id.get()) {
        return;
    }
    let (channel, message) = (message.channel_id.get(), message.id.get());
    tell(
        &data.table,
        match_id,
        None,
        Act::CardPosted { channel, message },
    )
    .await;
}

/// Tells the match service what Discord did with one of its matches (a card posted, a thread
/// started or refused), as an act of the transport on that match.
async fn tell(table: &crate::table::Table, match_id: i64, guild: Option<u64>, act: Act) {
    let stamp = Stamp { match_id, seq: 0 };
    let place = Place::new(guild, 0);
    let reply = table
        .handle(&Actor::new(0, "Discord"), &place, act.at(stamp))
        .await;
    if reply.kind == ReplyKind::Refusal {
        tracing::warn!(match_id, answer = %reply.text(), "the match service refused news of its match");
    }
}

/// Starts a starting match's thread from its card (or on its own), tells the match service
/// where the match now is, and posts the first board there. `None`: no thread could be started
/// (no permission after all), and the match stays where it was challenged.
pub(super) async fn into_thread(
    http: &serenity::Http,
    table: &crate::table::Table,
    boards: &Boards,
    guild: Option<serenity::GuildId>,
    parent: serenity::ChannelId,
    card: Option<serenity::MessageId>,
    answer: &Answer,
) -> Result<Option<serenity::ChannelId>, serenity::Error> {
    let Some((match_id, name, members, _)) = &answer.thread else {
        return Ok(None);
    };
    let guild = guild.map(|g| g.get());
    match open_thread(http, parent, card, *match_id, name, members).await {
        Ok(thread) => {
            let place = Place {
                guild,
                channel: thread.get(),
                parent: Some(parent.get()),
                can_thread: false,
            };
            let card = card.map(|m| (parent.get(), m.get()));
            tell(
                table,
                *match_id,
                guild,
                Act::ThreadStarted {
                    thread: place,
                    card,
                },
            )
            .await;
            let message = thread.send_message(http, answer.to_message()).await?;
            boards.posted(http, answer, thread, message.id).await;
            Ok(Some(thread))
        }
        Err(e) => {
            tracing::warn!(
                match_id,
                "cannot start a thread, the match stays in the channel: {e}"
            );
            tell(table, *match_id, guild, Act::NoThread).await;
            Ok(None)
        }
    }
}

/// A match started by a typed command (`/accept`, or `/play` against the bot) moves into a
/// thread started from its card (or on its own without one); the command's answer says where.
async fn start_typed_in_thread(
    ctx: Context<'_>,
    guild: serenity::GuildId,
    ask: ThreadAsk,
    answer: Answer,
    mut first: FirstResponse,
) -> Result<(), Error> {
    let (match_id, _, _, card) = ask;
    let http = ctx.http();
    let parent = ctx.channel_id();
    // Several requests follow: say "thinking" first, within Discord's 3 seconds.
    ctx.defer().await?;
    first.sent();
    let card = card
        .filter(|(channel, _)| *channel == parent)
        .map(|(_, m)| m);
    let data = ctx.data();
    match into_thread(
        http,
        &data.table,
        &data.boards,
        Some(guild),
        parent,
        card,
        &answer,
    )
    .await?
    {
        Some(thread) => {
            let moved = moved_text(match_id, thread, answer.lang);
            if let Some(card) = card {
                let edit = serenity::EditMessage::new()
                    .content(moved.clone())
                    .components(Vec::new());
                if let Err(e) = parent.edit_message(http, card, edit).await {
                    debug!(match_id, "cannot edit the challenge card: {e}");
                }
            }
            ctx.send(CreateReply::default().content(moved)).await?;
        }
        None => {
            let handle = ctx.send(answer.to_reply()).await?;
            let message = handle.message().await?;
            ctx.data()
                .boards
                .posted(http, &answer, message.channel_id, message.id)
                .await;
        }
    }
    Ok(())
}

/// Answers a component interaction (button or menu) by posting `work`'s message as a new
/// message. If that takes longer than the configured delay, the press is acknowledged first (a
/// deferred update, which shows nothing) and the result follows, public or private as it says.
pub async fn answer_component(
    http: &serenity::Http,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    mut first: FirstResponse,
    work: impl Future<Output = Answer> + Send,
) -> Result<(), serenity::Error> {
    let pictures = data.table.pictures();
    let mut work = std::pin::pin!(work);
    let ready = within(data.defer_after, &mut work).await;
    let starts_thread =
        |a: &Answer| a.thread.is_some() && !a.private && interaction.guild_id.is_some();
    let (answer, message) = match ready {
        Some(mut answer) if starts_thread(&answer) => {
            interaction
                .create_response(http, serenity::CreateInteractionResponse::Acknowledge)
                .await?;
            first.sent();
            answer.draw(pictures).await;
            return start_in_thread(http, data, interaction, answer).await;
        }
        Some(mut answer) => {
            let (id, token) = (interaction.id, &interaction.token);
            let posted = respond_drawn(http, data, &mut answer, id, token, &mut first).await?;
            let keeps = answer.keeps();
            let message = match posted {
                Some(message) => Some(message),
                None if keeps => Some(rest::original(http, token).await?),
                None => None,
            };
            let message = message.filter(|_| keeps);
            if let Some(message) = &message {
                through(data, message, &interaction.token, true);
            }
            (answer, message)
        }
        None => {
            interaction.defer(http).await?;
            first.sent();
            let mut answer = work.await;
            answer.draw(pictures).await;
            if starts_thread(&answer) {
                return start_in_thread(http, data, interaction, answer).await;
            }
            let message = interaction
                .create_followup(http, answer.to_followup())
                .await?;
            let message = Posted::from(&message);
            through(data, &message, &interaction.token, false);
            (answer, Some(message))
        }
    };
    if let Some(message) = message {
        data.boards
            .posted(http, &answer, message.channel_id, message.id)
            .await;
        record_card(data, &answer, &message).await;
    }
    if answer.stale {
        grey_out(http, data, &interaction.message).await;
    }
    edit_card(http, &answer).await;
    tournament_news(http, &data.table, &answer, None).await;
    Ok(())
}

/// Keeps a tournament's card up to date. A card just posted (`posted`, the answer to
/// `/tournament create`) gets the tournament's own thread, started from it, and the table is
/// told where both are: its news goes to that thread from then on.
pub(super) async fn tournament_news(
    http: &serenity::Http,
    table: &crate::table::Table,
    answer: &Answer,
    posted: Option<&Posted>,
) {
    let Some(news) = answer.tournament.as_ref().filter(|_| !answer.private) else {
        return;
    };
    let (mut started, mut card_at) = (None, news.card);
    match (news.card, posted) {
        (None, Some(message)) => {
            let name = news.thread_name.text(answer.lang);
            let name: String = name.chars().take(100).collect();
            let card = Some(message.id);
            let thread = match open_thread(http, message.channel_id, card, 0, &name, &[]).await {
                Ok(thread) => Some(thread.get()),
                Err(e) => {
                    debug!(
                        tournament = news.id,
                        "cannot start the tournament's thread: {e}"
                    );
                    None
                }
            };
            started = thread;
            card_at = Some((message.channel_id.get(), message.id.get()));
            let act = Act::Tournament(crate::table::TournamentAct::Located {
                id: news.id,
                card: (message.channel_id.get(), message.id.get()),
                thread,
            });
            let place = Place::new(message.guild_id.map(|g| g.get()), message.channel_id.get());
            let reply = table.handle(&Actor::new(0, "Discord"), &place, act).await;
            if reply.kind == ReplyKind::Refusal {
                tracing::warn!(tournament = news.id, answer = %reply.text(), "the tournament service refused its card");
            }
        }
        (Some((channel, message)), _) if channel != 0 && message != 0 => {
            let locales = super::present::Locales::only(answer.lang);
            let card = (*news.card_now).clone();
            let card = super::present::present_first(card, locales, table.pictures()).await;
            let edit = serenity::EditMessage::new()
                .content(card.text.clone())
                .components(card.rows.clone());
            let (channel, message) = (
                serenity::ChannelId::new(channel),
                serenity::MessageId::new(message),
            );
            if let Err(e) = channel.edit_message(http, message, edit).await {
                debug!(
                    tournament = news.id,
                    "cannot bring the tournament's card up to date: {e}"
                );
            }
        }
        _ => {}
    }
    super::calendar::keep(http, table, news, (started, card_at), answer.lang).await;
}

/// A match accepted from its card starts in a thread made from that card: the players are
/// added, the first board is posted in it and the card says where the match is. Without a
/// thread (no permission after all), the match is played in the channel. The press is already
/// acknowledged.
async fn start_in_thread(
    http: &serenity::Http,
    data: &Data,
    interaction: &serenity::ComponentInteraction,
    answer: Answer,
) -> Result<(), serenity::Error> {
    let Some((match_id, ..)) = answer.thread else {
        return Ok(());
    };
    let card = Some(interaction.message.id);
    let (guild, parent) = (interaction.guild_id, interaction.channel_id);
    match into_thread(
        http,
        &data.table,
        &data.boards,
        guild,
        parent,
        card,
        &answer,
    )
    .await?
    {
        Some(thread) => {
            let edit = serenity::EditInteractionResponse::new()
                .content(moved_text(match_id, thread, answer.lang))
                .components(Vec::new());
            interaction.edit_response(http, edit).await?;
        }
        None => {
            let message = interaction
                .create_followup(http, answer.to_followup())
                .await?;
            data.boards
                .posted(http, &answer, message.channel_id, message.id)
                .await;
        }
    }
    Ok(())
}

/// "Match #12 is played in #thread", for the card.
fn moved_text(match_id: i64, thread: serenity::ChannelId, lang: crate::i18n::Lang) -> String {
    crate::i18n::Msg::new("card-moved")
        .plain("id", match_id.to_string())
        .plain("thread", format!("<#{thread}>"))
        .text(lang)
}

/// Starts a match's public thread under `parent` (from its card when there is one) and adds
/// the players.
async fn open_thread(
    http: &serenity::Http,
    parent: serenity::ChannelId,
    card: Option<serenity::MessageId>,
    match_id: i64,
    name: &str,
    members: &[serenity::UserId],
) -> Result<serenity::ChannelId, serenity::Error> {
    let builder = serenity::CreateThread::new(name)
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let thread = match card {
        Some(card) => {
            parent
                .create_thread_from_message(http, card, builder)
                .await?
        }
        None => parent.create_thread(http, builder).await?,
    };
    for &member in members {
        if let Err(e) = thread.id.add_thread_member(http, member).await {
            debug!(match_id, "cannot add a player to the thread: {e}");
        }
    }
    Ok(thread.id)
}

/// Writes a finished match's result on its challenge card. Best effort: a card that cannot be
/// edited (deleted, say) keeps its link to the thread.
pub async fn edit_card(http: &serenity::Http, answer: &Answer) {
    let Some((channel, message, line)) = &answer.card else {
        return;
    };
    let edit = serenity::EditMessage::new()
        .content(line.clone())
        .components(Vec::new());
    if let Err(e) = rest::edit_message(http, *channel, *message, &edit).await {
        debug!("cannot write the result on the challenge card: {e}");
    }
}

/// Disables the buttons of a message (a link to the web pages stays a link) and drops its
/// menus. Best effort: a board that cannot be edited keeps controls that answer "out of date".
async fn grey_out(http: &serenity::Http, data: &Data, message: &serenity::Message) {
    let ephemeral = message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    if ephemeral {
        return;
    }
    let rows: Vec<serenity::CreateActionRow> = message
        .components
        .iter()
        .filter_map(|row| {
            let buttons: Vec<serenity::CreateButton> = row
                .components
                .iter()
                .filter_map(|c| match c {
                    serenity::ActionRowComponent::Button(b) => {
                        let link = matches!(b.data, serenity::ButtonKind::Link { .. });
                        Some(serenity::CreateButton::from(b.clone()).disabled(!link))
                    }
                    _ => None,
                })
                .collect();
            (!buttons.is_empty()).then_some(serenity::CreateActionRow::Buttons(buttons))
        })
        .collect();
    if let Err(e) = data
        .boards
        .edit_controls(http, message.channel_id, message.id, rows)
        .await
    {
        tracing::debug!("could not grey out an old board: {e}");
    }
}

/// Records that `message` went through `token` (as the interaction's first response when
/// `original`), where the bot is no member: the only way to edit it later.
fn through(data: &Data, message: &Posted, token: &str, original: bool) {
    let chats = &data.chats;
    if chats.is_outside(message.channel_id.get()) {
        let token = Token {
            token: token.to_owned(),
            at_ms: chats.now_ms(),
        };
        data.boards.sent_through(message.id, token, original);
    }
}

/// The interaction of `token` is answered, in a chat the bot is no member of: news may follow
/// it up from now on, and the news waiting there (its moves, reminders, time-outs that came
/// while no token could carry them) is told now, as its follow-ups. What the follow-ups allowed
/// cannot carry waits for the next one.
pub async fn tell_waiting(
    http: &serenity::Http,
    data: &Data,
    channel: serenity::ChannelId,
    token: &str,
) {
    use serenity::Builder;
    for answer in data.chats.answered(channel.get(), token) {
        let Ok((token, answer)) = data.chats.lend_or_hold(channel.get(), answer) else {
            continue;
        };
        match answer
            .to_followup()
            .execute(http, (None, &token.token))
            .await
        {
            Ok(message) => {
                data.boards.sent_through(message.id, token, false);
                data.boards
                    .posted(http, &answer, message.channel_id, message.id)
                    .await;
            }
            Err(e) => {
                debug!(%channel, "cannot tell the news waiting here: {e}");
                data.chats.hold(channel.get(), answer);
            }
        }
    }
}

/// How often at most the progress of an analysis is written on its message.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// Shows the answer to an analysis request on the interaction's deferred message: the
/// progress while it runs (edited at most every [`PROGRESS_EVERY`]), then the analysis. A
/// refusal removes the public "thinking" message and is said privately.
pub async fn show_analysis(
    http: &serenity::Http,
    token: &str,
    mut reply: crate::table::Reply,
    locales: super::Locales,
    pictures: &crate::table::Pictures,
) -> Result<(), serenity::Error> {
    use serenity::Builder;
    if let Some(mut progress) = reply.progress.take() {
        let lang = locales.pick(false);
        let title = reply
            .title
            .as_ref()
            .map(|t| format!("**{}**\n", t.text(lang)))
            .unwrap_or_default();
        let mut shown: Option<String> = None;
        let mut last: Option<std::time::Instant> = None;
        let mut state = progress.now();
        reply = loop {
            match state {
                crate::table::Coaching::Done(done) => break *done,
                crate::table::Coaching::Failed(msg) => break crate::table::Reply::private(msg),
                ref running => {
                    let text = running
                        .line()
                        .map(|line| format!("{title}{}", line.text(lang)));
                    let due = last.is_none_or(|at| at.elapsed() >= PROGRESS_EVERY);
                    if let Some(text) = text.filter(|t| due && shown.as_ref() != Some(t)) {
                        serenity::EditInteractionResponse::new()
                            .content(text.clone())
                            .execute(http, token)
                            .await?;
                        shown = Some(text);
                        last = Some(std::time::Instant::now());
                    }
                }
            }
            state = progress.next().await;
        };
    }
    let answer = super::present::present(reply, locales, pictures).await;
    if answer.private {
        http.delete_original_interaction_response(token).await?;
        answer.to_followup().execute(http, (None, token)).await?;
        return Ok(());
    }
    answer.to_edit().execute(http, token).await?;
    Ok(())
}
