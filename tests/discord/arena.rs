//! An arena through Discord (issues 40 and 41): announced with its length and game clock,
//! joined with the card's button, everyone paired at its start in a game thread of their own,
//! players paired again as their games end, a berserk, the live standings kept in one message
//! of the arena's thread (edited, never posted twice, even across a kill -9), and the podium
//! at the end.

use std::sync::Arc;

use parlor::i18n::{Lang, Msg as Words, lookup};
use parlor::table::ManualClock;
use serde_json::{Value, json};

use crate::fake::{CHANNEL_ID, FakeDiscord, FakeState, Msg, User};
use crate::steps::{alice, ask, bob, carol, join_all, kill, thread_of_card};

fn organiser() -> User {
    User::new(100_000_000_000_000_010, "org").with_manage_events()
}

fn dave() -> User {
    User::new(100_000_000_000_000_004, "dave")
}

async fn tournament(discord: &FakeDiscord, user: &User, channel: u64, sub: &str) -> Msg {
    tournament_with(discord, user, channel, sub, json!({})).await
}

async fn tournament_with(
    discord: &FakeDiscord,
    user: &User,
    channel: u64,
    sub: &str,
    options: Value,
) -> Msg {
    let id = discord.slash_sub_in(user, channel, "tournament", sub, options);
    discord.outcome(id).await
}

/// The English words of `words` before its argument `arg`.
fn before(words: Words, arg: &'static str) -> String {
    let probe = words.plain(arg, "\u{1}").text(Lang::En);
    probe.split('\u{1}').next().unwrap_or_default().to_owned()
}

/// The arena's game threads so far: (game number, thread, first player, second player).
fn games(s: &FakeState, people: &[User]) -> Vec<(i64, u64, User, User)> {
    let mut out = Vec::new();
    for n in 1..50 {
        let prefix = before(
            Words::new("arena-game-thread").num("id", 1).num("game", n),
            "white",
        );
        let Some(t) = s.threads.values().find(|t| t.name.starts_with(&prefix)) else {
            continue;
        };
        let rest = &t.name[prefix.len()..];
        let mut found: Vec<(usize, User)> = people
            .iter()
            .filter_map(|p| rest.find(&p.name).map(|at| (at, p.clone())))
            .collect();
        found.sort_by_key(|(at, _)| *at);
        if let [(_, white), (_, black)] = &found[..] {
            out.push((n, t.id, white.clone(), black.clone()));
        }
    }
    out
}

/// The messages of `channel` that show `text`.
fn showing<'a>(s: &'a FakeState, channel: u64, text: &str) -> Vec<&'a Msg> {
    s.messages
        .iter()
        .filter(|m| m.channel_id == channel && !m.ephemeral && m.text().contains(text))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_as_games_end_and_keeps_one_live_standings_message() {
    crate::logs();
    let discord = FakeDiscord::start().await;
    discord.grant_threads();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    let clock = ManualClock::new(now);
    let config = parlor::table::Config {
        clock: Arc::new(clock.clone()),
        challenge_cooldown_ms: 0,
        ..parlor::table::Config::default()
    };
    let bot = discord.start_bot_killable(discord.config(&[]), config.clone());
    discord.wait_ready(1).await;

    // Its length is required, said privately with the catalogue's reason.
    let refused = tournament_with(
        &discord,
        &organiser(),
        CHANNEL_ID,
        "create",
        json!({"game": "simultana", "format": "arena"}),
    )
    .await;
    assert!(refused.ephemeral, "{}", refused.text());
    let why = before(
        Words::new("err-arena-duration")
            .num("min", 20)
            .num("max", 720),
        "example",
    );
    assert!(refused.text().contains(&why), "{}", refused.text());
    let card = tournament_with(
        &discord,
        &organiser(),
        CHANNEL_ID,
        "create",
        json!({"game": "simultana", "format": "arena", "duration": "30", "clock": "3+2"}),
    )
    .await;
    assert!(!card.ephemeral, "{}", card.text());
    let thread = thread_of_card(&discord, &card).await;
    let people = [alice(), bob(), carol(), dave()];
    join_all(&discord, &card, "Join", &people).await;
    let started = tournament(&discord, &organiser(), CHANNEL_ID, "start").await;
    assert!(!started.ephemeral, "{}", started.text());
    discord.idle().await;
    let first = games(&discord.state(), &people);
    assert_eq!(first.len(), 2, "four players, two games at the start");
    {
        let s = discord.state();
        let started = before(Words::new("arena-started").num("id", 1), "time");
        assert_eq!(showing(&s, thread, &started).len(), 1);
        // Each pairing announced in the arena's thread, pinging its players.
        let game_line = before(Words::new("arena-game").num("game", 1), "white");
        let pairing = showing(&s, thread, &game_line);
        assert_eq!(pairing.len(), 1);
        assert!(
            people
                .iter()
                .all(|p| pairing[0].content.contains(&p.id.to_string()))
        );
    }

    // In game 1 the second player goes berserk before moving; then every game ends by a
    // resignation of its first player.
    let (_, game, _, black) = &first[0];
    let berserk = tournament(&discord, black, *game, "berserk").await;
    assert!(!berserk.ephemeral, "{}", berserk.text());
    let twice = tournament(&discord, black, *game, "berserk").await;
    assert!(twice.ephemeral, "{}", twice.text());
    assert!(
        twice
            .text()
            .contains(&lookup(Lang::En, "err-arena-berserk-done").expect("words"))
    );
    for (_, game, white, _) in &first {
        let resigned = ask(&discord, white, *game, "resign", json!({})).await;
        assert!(!resigned.ephemeral, "{}", resigned.text());
    }
    // Both games over: the four are paired again, each game in a new thread.
    let second = discord
        .wait("the next two games", |s| {
            let all = games(s, &people);
            (all.len() == 4).then_some(all)
        })
        .await;
    discord.idle().await;

    // Killed with games 3 and 4 being played, and started again: the standings message it
    // posted before is the one it edits after.
    kill(&discord, bot).await;
    let bot = discord.start_bot_killable(discord.config(&[]), config);
    discord.wait_ready(2).await;
    discord.idle().await;

    // The end time passes with games 3 and 4 being played: they end and count, no game
    // starts after, and the podium comes.
    clock.advance_ms(31 * 60_000);
    for (_, game, white, _) in &second[2..] {
        let resigned = ask(&discord, white, *game, "resign", json!({})).await;
        assert!(!resigned.ephemeral, "{}", resigned.text());
    }
    let over = before(Words::new("tournament-over").num("id", 1), "winners");
    discord
        .wait("the end", |s| {
            (showing(s, thread, &over).len() == 1).then_some(())
        })
        .await;
    discord.idle().await;
    let s = discord.state();
    assert_eq!(games(&s, &people).len(), 4, "no game after the end");
    let podium = s
        .messages
        .iter()
        .filter(|m| m.channel_id == thread)
        .flat_map(|m| &m.files)
        .filter(|f| f.filename == "tournament-1-podium.png")
        .count();
    assert_eq!(podium, 1, "the podium once");
    // One standings message, edited as games ended, showing the four games at the end.
    let heading = before(Words::new("arena-standings").num("id", 1), "games");
    let live = showing(&s, thread, &heading);
    assert_eq!(live.len(), 1, "a single standings message");
    assert!(live[0].edits >= 1, "edited, not posted again");
    let last = Words::new("arena-standings")
        .num("id", 1)
        .num("games", 4)
        .text(Lang::En);
    assert!(live[0].text().contains(&last), "{}", live[0].text());
    assert!(
        live[0].files.iter().any(|f| f.filename.ends_with(".png")),
        "its picture"
    );
    drop(s);
    bot.kill();
    discord.assert_no_violations();
}
