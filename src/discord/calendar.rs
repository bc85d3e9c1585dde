//! A tournament announced with a start time in the server's calendar: a guild scheduled event
//! (external, at the tournament's thread) created with its card, marked active when round 1 is
//! paired and completed at the end (canceled if it is cancelled before). Without the Manage
//! Events permission the tournament's thread is told so once, and the tournament goes on.
//! What was done is recorded by the table ([`crate::table::tournaments::CalendarEntry`]), so a
//! restart creates nothing twice.

use poise::serenity_prelude as serenity;
use serenity::http::HttpError;
use tracing::{debug, info};

use crate::i18n::{Lang, Msg};
use crate::table::TournamentNews;
use crate::table::tournaments::{Calendar, CalendarNews, CalendarStatus};

/// Discord's longest event name, location and description.
const NAME_MAX: usize = 100;
const LOCATION_MAX: usize = 100;
const DESCRIPTION_MAX: usize = 1000;

/// Brings tournament `news`'s calendar event to where the tournament is. `at` is where its
/// thread and card are when just posted (else the news says): the event points to the thread,
/// else to the card.
pub(super) async fn keep(
    http: &serenity::Http,
    table: &crate::table::Table,
    news: &TournamentNews,
    at: (Option<u64>, Option<(u64, u64)>),
    lang: Lang,
) {
    let Some(wanted) = &news.calendar else {
        return;
    };
    let mut entry = match table.tournaments().calendar(news.id).await {
        Ok(entry) => entry,
        Err(e) => {
            debug!(tournament = news.id, "cannot read the calendar event: {e}");
            return;
        }
    };
    let guild = serenity::GuildId::new(wanted.guild);
    let end = end_of(wanted);
    loop {
        let now = entry.get();
        let done = match (now.next(wanted.wanted), now.event) {
            (Some(CalendarStatus::Scheduled), _) => {
                create(http, news, wanted, at, guild, lang).await
            }
            (Some(next), Some(event)) => {
                let status = serenity::EditScheduledEvent::new().status(status_of(next));
                edit(http, news.id, (guild, event), status, now.with(next)).await
            }
            // Rounds running late (or early) move the end the server's members see.
            (None, Some(event)) if now.needs_end(end) => {
                let Ok(at) = serenity::Timestamp::from_millis(end) else {
                    return;
                };
                let moved = serenity::EditScheduledEvent::new().end_time(at);
                let done = edit(http, news.id, (guild, event), moved, now).await;
                done.map(|c| Calendar {
                    end: (c.status == now.status).then_some(end),
                    ..c
                })
            }
            _ => return,
        };
        let Some(done) = done else { return };
        if let Err(e) = entry.set(done).await {
            debug!(
                tournament = news.id,
                "cannot record the calendar event: {e}"
            );
            return;
        }
    }
}

/// The end time given to the event: the expected end, and at least a minute after its start
/// (Discord refuses an event that ends before it starts).
fn end_of(wanted: &CalendarNews) -> i64 {
    wanted.ends_at.max(wanted.starts_at + 60_000)
}

/// Discord's name of event status `status`.
fn status_of(status: CalendarStatus) -> serenity::ScheduledEventStatus {
    match status {
        CalendarStatus::Active => serenity::ScheduledEventStatus::Active,
        CalendarStatus::Completed => serenity::ScheduledEventStatus::Completed,
        CalendarStatus::Canceled => serenity::ScheduledEventStatus::Canceled,
        _ => serenity::ScheduledEventStatus::Scheduled,
    }
}

/// The link to the tournament's thread, else to its card.
fn location(
    guild: serenity::GuildId,
    (thread, card): (Option<u64>, Option<(u64, u64)>),
) -> Option<String> {
    let at = match (thread, card) {
        (Some(thread), _) => format!("{guild}/{thread}"),
        (None, Some((channel, message))) => format!("{guild}/{channel}/{message}"),
        (None, None) => return None,
    };
    Some(format!("https://discord.com/channels/{at}"))
}

/// Discord's error code and HTTP status of a refused request.
fn refusal(error: &serenity::Error) -> Option<(u16, isize)> {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

/// Creates the event; without the permission, says so in the tournament's thread (or by its
/// card) and records that. `None`: not now (no place to point to yet, the start passed, or
/// Discord failed), tried again with the next news.
async fn create(
    http: &serenity::Http,
    news: &TournamentNews,
    wanted: &CalendarNews,
    (thread, card): (Option<u64>, Option<(u64, u64)>),
    guild: serenity::GuildId,
    lang: Lang,
) -> Option<Calendar> {
    let (thread, card) = (thread.or(news.thread), card.or(news.card));
    let location: String = location(guild, (thread, card))?
        .chars()
        .take(LOCATION_MAX)
        .collect();
    let now = system_now_ms();
    if wanted.starts_at <= now {
        return None;
    }
    let (Ok(start), Ok(end)) = (
        serenity::Timestamp::from_millis(wanted.starts_at),
        serenity::Timestamp::from_millis(end_of(wanted)),
    ) else {
        return None;
    };
    let name: String = wanted.name.text(lang).chars().take(NAME_MAX).collect();
    let description: String = wanted
        .description
        .text(lang)
        .chars()
        .take(DESCRIPTION_MAX)
        .collect();
    let builder =
        serenity::CreateScheduledEvent::new(serenity::ScheduledEventType::External, name, start)
            .end_time(end)
            .location(location)
            .description(description);
    match guild.create_scheduled_event(http, builder).await {
        Ok(event) => {
            info!(tournament = news.id, event = %event.id, "calendar event created");
            Some(Calendar {
                event: Some(event.id.get()),
                status: CalendarStatus::Scheduled,
                end: Some(end_of(wanted)),
            })
        }
        Err(e) if refusal(&e).is_some_and(|(status, _)| status == 403) => {
            info!(
                tournament = news.id,
                "no calendar event: the bot lacks Manage Events"
            );
            let text = Msg::new("tournament-no-event")
                .num("id", news.id)
                .text(lang);
            let channel = thread.or(card.map(|(channel, _)| channel));
            if let Some(channel) = channel {
                let message = serenity::CreateMessage::new().content(text);
                if let Err(e) = serenity::ChannelId::new(channel)
                    .send_message(http, message)
                    .await
                {
                    debug!(
                        tournament = news.id,
                        "cannot say there is no calendar event: {e}"
                    );
                }
            }
            Some(Calendar {
                event: None,
                status: CalendarStatus::Refused,
                end: None,
            })
        }
        Err(e) => {
            debug!(
                tournament = news.id,
                "cannot create the calendar event: {e}"
            );
            None
        }
    }
}

/// Makes `change` to event `event`, which is then `after`. `None`: Discord failed, tried again
/// with the next news.
async fn edit(
    http: &serenity::Http,
    tournament: i64,
    (guild, event): (serenity::GuildId, u64),
    change: serenity::EditScheduledEvent<'_>,
    after: Calendar,
) -> Option<Calendar> {
    match guild.edit_scheduled_event(http, event, change).await {
        Ok(_) => {
            info!(
                tournament,
                event,
                status = after.status.name(),
                "calendar event updated"
            );
            Some(after)
        }
        // Deleted on the server, or no longer the bot's to change: left alone.
        Err(e) if refusal(&e).is_some_and(|(status, _)| status == 403 || status == 404) => {
            info!(
                tournament,
                event, "calendar event gone or out of reach: {e}"
            );
            Some(Calendar {
                status: CalendarStatus::Gone,
                ..after
            })
        }
        Err(e) => {
            debug!(tournament, event, "cannot update the calendar event: {e}");
            None
        }
    }
}

/// The time now (unix ms) by the system clock, which is Discord's.
fn system_now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
