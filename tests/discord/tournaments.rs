//! Tournaments through Discord (issue 41): `/tournament` for organisers only, the announcement
//! card with Join and Leave, kept up to date, the tournament's own thread started from it, and
//! round 1 paired there with each game in a thread of its own.

use std::sync::Arc;

use parlor::i18n::{Lang, Msg as Words, lookup};
use parlor::table::ManualClock;
use serde_json::{Value, json};

use crate::fake::events::status;
use crate::fake::{self, CHANNEL_ID, FakeDiscord, FakeState, Msg, User};
use crate::start;
use crate::steps::{alice, ask, bob, carol, join_all, kill, legal, play, stop, thread_of_card};

/// A member who may manage the server's events.
fn organiser() -> User {
    User::new(100_000_000_000_000_010, "org").with_manage_events()
}

/// `/tournament <sub> options` as `user` in the default channel; the message it produced.
async fn tournament(discord: &FakeDiscord, user: &User, sub: &str, options: Value) -> Msg {
    let id = discord.slash_sub_in(user, CHANNEL_ID, "tournament", sub, options);
    discord.outcome(id).await
}

/// Fails unless `msg` is a private answer saying catalogue message `id` (one without
/// arguments), in English.
#[track_caller]
pub(crate) fn assert_refused(msg: &Msg, id: &str) {
    let text = lookup(Lang::En, id).unwrap_or_else(|| panic!("{id} is not in the catalogue"));
    assert!(msg.ephemeral, "{id}: {}", msg.text());
    assert!(msg.text().contains(&text), "{id}: {}", msg.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_is_announced_joined_with_presses_and_paired_in_its_thread() {
    let (discord, bot) = start().await;
    discord.grant_threads();
    let options = json!({"game": "simultana", "format": "swiss", "rounds": 1});
    // Without Manage Events (or Manage Server) nobody announces one.
    let refused = tournament(&discord, &carol(), "create", options.clone()).await;
    assert_refused(&refused, "err-tournament-permission");
    // An arena without its length: refused, privately.
    let arena = json!({"game": "simultana", "format": "arena"});
    let refused = tournament(&discord, &organiser(), "create", arena).await;
    assert!(refused.ephemeral, "{}", refused.text());

    let card = tournament(&discord, &organiser(), "create", options).await;
    assert!(!card.ephemeral, "{}", card.text());
    assert!(card.button("Join").is_some() && card.button("Leave").is_some());
    let thread = thread_of_card(&discord, &card).await;

    join_all(&discord, &card, "Join", &[alice(), bob()]).await;
    // A player cannot join twice.
    let join = card.button("Join").expect("Join");
    let twice = discord
        .outcome(discord.press(&alice(), card.id, &join))
        .await;
    assert_refused(&twice, "err-tournament-registered");
    // The card lists the players so far.
    discord
        .wait("the card lists both players", |s| {
            let m = s.message(card.id)?;
            let both = [alice(), bob()]
                .iter()
                .all(|p| m.content.contains(&p.id.to_string()));
            both.then_some(())
        })
        .await;

    // Only an organiser starts it.
    let refused = tournament(&discord, &carol(), "start", json!({})).await;
    assert_refused(&refused, "err-tournament-permission");
    let started = tournament(&discord, &organiser(), "start", json!({})).await;
    assert!(!started.ephemeral, "{}", started.text());

    // Round 1 in the tournament's thread, pinging both players; their game in a thread of
    // its own named after the tournament and round, and a pointer to it in the thread.
    let game = discord
        .wait("the game's thread", |s| {
            s.threads
                .values()
                .find(|t| t.name.starts_with("Tournament #1 · Round 1 · "))
                .map(|t| t.id)
        })
        .await;
    discord
        .wait(
            "the pairings and the pointer in the tournament's thread",
            |s| {
                let here: Vec<&Msg> = s
                    .messages
                    .iter()
                    .filter(|m| m.channel_id == thread)
                    .collect();
                let pings = here.iter().any(|m| {
                    m.content.contains(&alice().id.to_string())
                        && m.content.contains(&bob().id.to_string())
                });
                let pointer = here
                    .iter()
                    .any(|m| m.content.contains(&format!("<#{game}>")));
                (pings && pointer).then_some(())
            },
        )
        .await;
    stop(&discord, bot).await;
}

/// Words of the catalogue in French, as a French server reads them.
fn fr(words: Words) -> String {
    words.text(Lang::Fr)
}

/// The French words of `words` before its argument `arg`.
fn before(words: Words, arg: &'static str) -> String {
    let probe = fr(words.plain(arg, "\u{1}"));
    probe.split('\u{1}').next().unwrap_or_default().to_owned()
}

/// The French words of `words` after its argument `arg`.
fn after(words: Words, arg: &'static str) -> String {
    let probe = fr(words.plain(arg, "\u{1}"));
    probe.split('\u{1}').nth(1).unwrap_or_default().to_owned()
}

fn dave() -> User {
    User::new(100_000_000_000_000_004, "dave")
}

/// The threads of round `round`'s games of tournament 1 (their names start as the catalogue
/// says), with their names.
fn game_threads(s: &FakeState, round: i64) -> Vec<(u64, String)> {
    let prefix = before(
        Words::new("tournament-game-thread")
            .num("id", 1)
            .num("round", round),
        "white",
    );
    let mut found: Vec<(u64, String)> = s
        .threads
        .values()
        .filter(|t| t.name.starts_with(&prefix))
        .map(|t| (t.id, t.name.clone()))
        .collect();
    found.sort_unstable();
    found
}

/// How many messages of channel `channel` show `text`.
fn count_in(s: &FakeState, channel: u64, text: &str) -> usize {
    s.messages
        .iter()
        .filter(|m| m.channel_id == channel && !m.ephemeral && m.text().contains(text))
        .count()
}

/// Waits until round `round`'s pairings stand in the tournament's thread, once.
async fn pairings_once(discord: &FakeDiscord, thread: u64, round: i64) {
    discord
        .wait(&format!("round {round}'s pairings in the thread"), |s| {
            (pairings_posted(s, thread, round) == 1).then_some(())
        })
        .await;
}

/// Kills the bot and starts it again on the same clock, for the fake's server; returns it once
/// its `start`-th session is ready.
async fn restart(
    discord: &FakeDiscord,
    bot: fake::Killable,
    clock: &ManualClock,
    start: usize,
) -> fake::Killable {
    kill(discord, bot).await;
    let guild = fake::GUILD_ID.to_string();
    let config = discord.config(&[("DISCORD_GUILD_ID", &guild)]);
    let bot = discord.start_bot_killable(config, on(clock));
    discord.wait_ready(start).await;
    bot
}

/// How many messages of the tournament's thread `thread` show round `round`'s pairings (its
/// heading, and board 1).
fn pairings_posted(s: &FakeState, thread: u64, round: i64) -> usize {
    let heading = fr(Words::new("tournament-round")
        .num("id", 1)
        .num("round", round));
    let board = before(Words::new("tournament-board").num("board", 1), "white");
    s.messages
        .iter()
        .filter(|m| m.channel_id == thread && !m.ephemeral)
        .filter(|m| m.text().contains(&heading) && m.text().contains(&board))
        .count()
}

/// A single integer read from the bot's database.
async fn sql(discord: &FakeDiscord, query: &str) -> i64 {
    crate::db::sql_i64(&discord.database_url, query).await
}

/// Plays round `round` out: every person in it resigns their game, except `forfeiter`, who
/// never moves (an opponent of theirs who is a person moves when it is their turn, and waits),
/// until `clock` runs their time out; games between the two bots play themselves. Waits until
/// the round's last result is in the tournament's thread (`over`).
async fn play_round(
    discord: &FakeDiscord,
    clock: &ManualClock,
    round: i64,
    people: &[User],
    forfeiter: Option<&User>,
    over: &str,
    thread: u64,
) {
    discord.idle().await;
    let games = game_threads(&discord.state(), round);
    let mut ended = Vec::new();
    for person in people {
        let Some((game, name)) = games.iter().find(|(_, n)| n.contains(&person.name)) else {
            continue;
        };
        if forfeiter.is_some_and(|f| f.id == person.id) || ended.contains(game) {
            continue;
        }
        if forfeiter.is_some_and(|f| name.contains(&f.name)) {
            // The forfeiter's opponent plays if it is their turn, and resigns nothing.
            // (Refused, privately, when it is not their turn.)
            if let Some(first) = legal(discord, person, *game).await.first() {
                play(discord, person, *game, first).await;
            }
            continue;
        }
        let resigned = ask(discord, person, *game, "resign", json!({})).await;
        assert!(!resigned.ephemeral, "{}", resigned.text());
        ended.push(*game);
    }
    if forfeiter.is_some() {
        discord.idle().await;
        clock.advance_ms(5 * 60_000 + 1000);
    }
    discord
        .wait("the round's last result", |s| {
            (count_in(s, thread, over) == 1).then_some(())
        })
        .await;
}

/// Settings of a bot whose clock is `clock`.
fn on(clock: &ManualClock) -> parlor::table::Config {
    parlor::table::Config {
        clock: Arc::new(clock.clone()),
        challenge_cooldown_ms: 0,
        ..parlor::table::Config::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_six_is_played_to_its_end_in_french_across_two_kills() {
    crate::logs();
    let discord = FakeDiscord::start().await;
    discord.grant_threads();
    discord.grant_events();
    discord.state().guild_locale = Some("fr".to_owned());
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    let clock = ManualClock::new(now);
    let guild = fake::GUILD_ID.to_string();
    let config = || discord.config(&[("DISCORD_GUILD_ID", &guild)]);
    let bot = discord.start_bot_killable(config(), on(&clock));
    discord.wait_ready(1).await;

    // Announced for in two hours, rounds ten minutes apart: a card with Join and Leave, its
    // thread, and an event in the server's calendar pointing to that thread.
    let options = json!({"game": "simultana", "format": "swiss", "rounds": 3, "clock": "5m",
        "starts": "2h", "interval": "10m"});
    let card = tournament(&discord, &organiser(), "create", options).await;
    assert!(!card.ephemeral, "{}", card.text());
    assert!(
        card.text().contains(&fr(Words::new("tournament-card-title")
            .num("id", 1)
            .msg("game", Words::new("game-simultana"))))
    );
    let join_label = lookup(Lang::Fr, "button-tournament-join").expect("the Join label");
    let join = card.button(&join_label).expect("Join, in French");
    let thread = thread_of_card(&discord, &card).await;
    let event = discord
        .wait("the calendar event", |s| {
            s.scheduled_events.first().cloned()
        })
        .await;
    assert_eq!(event["status"], status::SCHEDULED);
    assert_eq!(event["entity_type"], 3);
    let location = event["entity_metadata"]["location"]
        .as_str()
        .unwrap_or_default();
    assert!(location.ends_with(&format!("/{thread}")), "{location}");

    // Three people press Join, the organiser adds two bots.
    let people = [alice(), bob(), carol(), dave()];
    join_all(&discord, &card, &join_label, &people[..3]).await;
    for _ in 0..2 {
        let added = tournament(&discord, &organiser(), "add-bot", json!({"level": 1})).await;
        assert!(!added.ephemeral, "{}", added.text());
    }
    let started = tournament(&discord, &organiser(), "start", json!({})).await;
    assert!(!started.ephemeral, "{}", started.text());
    pairings_once(&discord, thread, 1).await;
    discord
        .wait("the event active", |s| {
            (s.scheduled_events[0]["status"] == status::ACTIVE).then_some(())
        })
        .await;
    // Started well before its announced time: its end is no longer two and a half hours away.
    discord
        .wait("the event's end moved", |s| {
            (s.scheduled_events[0]["scheduled_end_time"] != event["scheduled_end_time"])
                .then_some(())
        })
        .await;

    // Dave enters late, with the card's button.
    let late = discord
        .outcome(discord.press(&dave(), card.id, &join))
        .await;
    assert!(!late.ephemeral, "{}", late.text());
    let late_line = Words::new("tournament-late-entry")
        .num("id", 1)
        .num("round", 2);
    assert!(
        late.text().contains(&after(late_line, "player")),
        "{}",
        late.text()
    );

    // Round 1: a person who never moves loses on time; the others resign.
    let standings = |r: i64| {
        fr(Words::new("tournament-standings")
            .num("id", 1)
            .num("round", r))
    };
    discord.idle().await;
    let in_round_1 = game_threads(&discord.state(), 1);
    let forfeiter = people[..3]
        .iter()
        .find(|p| in_round_1.iter().any(|(_, n)| n.contains(&p.name)))
        .unwrap_or_else(|| {
            let names: Vec<String> = discord
                .state()
                .threads
                .values()
                .map(|t| t.name.clone())
                .collect();
            panic!("no person plays in round 1: {names:?}")
        })
        .clone();
    play_round(
        &discord,
        &clock,
        1,
        &people[..3],
        Some(&forfeiter),
        &standings(1),
        thread,
    )
    .await;
    let forfeit = before(
        Words::new("tournament-result").num("id", 1).num("round", 1),
        "white",
    );
    discord.idle().await;
    {
        let s = discord.state();
        let results: Vec<String> = s
            .messages
            .iter()
            .filter(|m| m.channel_id == thread && m.text().contains(&forfeit))
            .map(Msg::text)
            .collect();
        assert!(
            results
                .iter()
                .any(|r| r.contains("+/-") || r.contains("-/+")),
            "a forfeit among {results:?}"
        );
    }

    // Killed between rounds 1 and 2, and started again: round 2 is paired once, when due.
    let bot = restart(&discord, bot, &clock, 2).await;
    discord.idle().await;
    assert_eq!(
        pairings_posted(&discord.state(), thread, 2),
        0,
        "not before its time"
    );
    clock.advance_ms(5 * 60_000);
    pairings_once(&discord, thread, 2).await;
    discord.idle().await;
    assert_eq!(
        game_threads(&discord.state(), 2).len(),
        3,
        "six players, three games"
    );

    // Carol withdraws during round 2 (her game goes on); the bot is killed in the middle of
    // the round and started again.
    let left = tournament(&discord, &carol(), "leave", json!({})).await;
    assert!(!left.ephemeral, "{}", left.text());
    let bot = restart(&discord, bot, &clock, 3).await;
    play_round(&discord, &clock, 2, &people, None, &standings(2), thread).await;

    // Round 3, without Carol: two games and a bye, then the end.
    clock.advance_ms(10 * 60_000);
    pairings_once(&discord, thread, 3).await;
    discord.idle().await;
    let in_round_3 = game_threads(&discord.state(), 3);
    assert_eq!(in_round_3.len(), 2, "five players: {in_round_3:?}");
    assert!(in_round_3.iter().all(|(_, n)| !n.contains("carol")));
    let over = before(Words::new("tournament-over").num("id", 1), "winners");
    let others = [alice(), bob(), dave()];
    play_round(&discord, &clock, 3, &others, None, &over, thread).await;
    discord.idle().await;

    // Everything once: each round's pairings, the standings after rounds 1 and 2 and, at the
    // end, the podium and the final standings (two pictures); each board's match once.
    {
        let s = discord.state();
        for r in 1..=3 {
            assert_eq!(pairings_posted(&s, thread, r), 1, "round {r}'s pairings");
        }
        for r in 1..=3 {
            let expected = usize::from(r < 3);
            assert_eq!(
                count_in(&s, thread, &standings(r)),
                expected,
                "standings {r}"
            );
        }
        for picture in ["tournament-1-podium.png", "tournament-1-final.png"] {
            let posted = s
                .messages
                .iter()
                .filter(|m| m.channel_id == thread)
                .flat_map(|m| &m.files)
                .filter(|f| f.filename == picture)
                .count();
            assert_eq!(posted, 1, "{picture}");
        }
        assert_eq!(s.scheduled_events.len(), 1, "one event");
        assert_eq!(s.scheduled_events[0]["status"], status::COMPLETED);
    }
    // Two games and a bye, three games, two games and a bye.
    assert_eq!(
        sql(&discord, "SELECT COUNT(*) FROM tournament_games").await,
        2 + 3 + 2
    );
    assert_eq!(
        sql(
            &discord,
            "SELECT COUNT(DISTINCT match_id) FROM tournament_games"
        )
        .await,
        7
    );
    assert_eq!(
        sql(
            &discord,
            "SELECT COUNT(*) FROM tournaments WHERE status = 'over'"
        )
        .await,
        1
    );
    bot.kill();
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_manage_events_the_thread_is_told_once_and_the_tournament_goes_on() {
    let (discord, bot) = start().await;
    discord.grant_threads();
    let options = json!({"game": "simultana", "format": "swiss", "rounds": 1, "starts": "1h"});
    let card = tournament(&discord, &organiser(), "create", options).await;
    assert!(!card.ephemeral, "{}", card.text());
    let thread = thread_of_card(&discord, &card).await;
    let told = Words::new("tournament-no-event")
        .num("id", 1)
        .text(Lang::En);
    discord
        .wait("the thread told", |s| {
            (count_in(s, thread, &told) == 1).then_some(())
        })
        .await;
    // More news of it: not told again.
    join_all(&discord, &card, "Join", &[alice(), bob()]).await;
    discord.idle().await;
    {
        let s = discord.state();
        assert_eq!(count_in(&s, thread, &told), 1);
        assert!(s.scheduled_events.is_empty());
    }
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_keeps_discords_rules_for_scheduled_events() {
    use poise::serenity_prelude as serenity;
    let discord = FakeDiscord::start().await;
    let http = serenity::HttpBuilder::new(fake::TOKEN)
        .proxy(discord.api_base.clone())
        .ratelimiter_disabled(true)
        .build();
    let guild = serenity::GuildId::new(fake::GUILD_ID);
    let hour = serenity::Timestamp::from_unix_timestamp(
        serenity::Timestamp::now().unix_timestamp() + 3600,
    )
    .expect("a time");
    let later =
        serenity::Timestamp::from_unix_timestamp(hour.unix_timestamp() + 3600).expect("a time");
    let external = || {
        serenity::CreateScheduledEvent::new(serenity::ScheduledEventType::External, "Swiss", hour)
    };
    let status_of = |e: serenity::Error| match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            (r.status_code.as_u16(), r.error.code)
        }
        other => panic!("not a refusal: {other}"),
    };
    // Without Manage Events: 403, Missing Permissions (the bot's to handle, no broken rule).
    let refused = guild
        .create_scheduled_event(&http, external().end_time(later).location("here"))
        .await
        .expect_err("no permission");
    assert_eq!(status_of(refused), (403, 50013));
    assert!(discord.take_violations().is_empty());
    discord.grant_events();
    // An external event needs a location and an end; its start is in the future.
    for bad in [
        external().end_time(later),
        external().location("here"),
        serenity::CreateScheduledEvent::new(
            serenity::ScheduledEventType::External,
            "Swiss",
            serenity::Timestamp::from_unix_timestamp(1_000_000).expect("a time"),
        )
        .end_time(later)
        .location("here"),
    ] {
        let refused = guild
            .create_scheduled_event(&http, bad)
            .await
            .expect_err("refused");
        assert_eq!(status_of(refused), (400, 50035));
        assert_eq!(discord.take_violations().len(), 1);
    }
    let event = guild
        .create_scheduled_event(&http, external().end_time(later).location("here"))
        .await
        .expect("created");
    assert_eq!(event.status, serenity::ScheduledEventStatus::Scheduled);
    assert_eq!(
        event.metadata.and_then(|m| m.location).as_deref(),
        Some("here")
    );
    // Scheduled -> Active -> Completed, and nothing after; never back.
    let to = |status| serenity::EditScheduledEvent::new().status(status);
    let done = guild
        .edit_scheduled_event(&http, event.id, to(serenity::ScheduledEventStatus::Active))
        .await
        .expect("active");
    assert_eq!(done.status, serenity::ScheduledEventStatus::Active);
    for wrong in [
        serenity::ScheduledEventStatus::Scheduled,
        serenity::ScheduledEventStatus::Canceled,
    ] {
        let refused = guild
            .edit_scheduled_event(&http, event.id, to(wrong))
            .await
            .expect_err("no way back");
        assert_eq!(status_of(refused), (400, 50035));
    }
    guild
        .edit_scheduled_event(
            &http,
            event.id,
            to(serenity::ScheduledEventStatus::Completed),
        )
        .await
        .expect("completed");
    let refused = guild
        .edit_scheduled_event(&http, event.id, to(serenity::ScheduledEventStatus::Active))
        .await
        .expect_err("over");
    assert_eq!(status_of(refused), (400, 50035));
    assert_eq!(discord.take_violations().len(), 3);
    let listed = guild.scheduled_events(&http, false).await.expect("listed");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].status, serenity::ScheduledEventStatus::Completed);
    assert_eq!(listed[0].kind, serenity::ScheduledEventType::External);
}
