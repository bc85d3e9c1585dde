//! Tournaments through Discord (issue 41): `/tournament` for organisers only, the announcement
//! card with Join and Leave, kept up to date, the tournament's own thread started from it, and
//! round 1 paired there with each game in a thread of its own.

use parlor::i18n::{Lang, lookup};
use serde_json::{Value, json};

use crate::fake::{CHANNEL_ID, FakeDiscord, Msg, User};
use crate::start;
use crate::steps::{alice, bob, carol, stop};

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
fn assert_refused(msg: &Msg, id: &str) {
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
    // An arena is not run yet: said privately.
    let arena = json!({"game": "simultana", "format": "arena"});
    let refused = tournament(&discord, &organiser(), "create", arena).await;
    assert!(refused.ephemeral, "{}", refused.text());

    let card = tournament(&discord, &organiser(), "create", options).await;
    assert!(!card.ephemeral, "{}", card.text());
    assert!(card.button("Join").is_some() && card.button("Leave").is_some());
    let thread = discord
        .wait("the tournament's thread, from its card", |s| {
            s.threads
                .values()
                .find(|t| t.message == card.id)
                .map(|t| t.id)
        })
        .await;

    for player in [alice(), bob()] {
        let join = card.button("Join").expect("Join");
        let joined = discord
            .outcome(discord.press(&player, card.id, &join))
            .await;
        assert!(!joined.ephemeral, "{}", joined.text());
    }
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
