//! The fake's own rules (so a bot that breaks them is caught), the log lines, and notices.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde_json::json;

use crate::fake::{self, APP_ID, FakeDiscord};
use crate::steps::{alice, stop};
use crate::{logs, start};

pub(crate) fn http(discord: &FakeDiscord) -> serenity::Http {
    serenity::HttpBuilder::new(fake::TOKEN)
        .proxy(discord.api_base.clone())
        .ratelimiter_disabled(true)
        .application_id(serenity::ApplicationId::new(APP_ID))
        .build()
}

/// The Discord error code of a refused request.
pub(crate) fn code(result: serenity::Result<impl std::fmt::Debug>) -> isize {
    match result {
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e))) => e.error.code,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Sends `response` as the first response to interaction `id` (whose token is `token`), as the
/// bot would; Discord's answer.
pub(crate) async fn respond(
    http: &serenity::Http,
    id: u64,
    token: &str,
    response: &serenity::CreateInteractionResponse,
) -> serenity::Result<()> {
    let id = serenity::InteractionId::new(id);
    http.create_interaction_response(id, token, response, vec![])
        .await
}

pub(crate) fn message(text: &str) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new().content(text),
    )
}

pub(crate) fn followup(text: &str) -> serenity::CreateInteractionResponseFollowup {
    serenity::CreateInteractionResponseFollowup::new().content(text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_a_second_response_and_early_follow_ups() {
    let discord = FakeDiscord::start().await;
    let http = http(&discord);
    let (id, token) = discord.record_interaction(&alice());
    assert_eq!(
        code(
            http.create_followup_message(&token, &followup("too early"), vec![])
                .await
        ),
        10015
    );
    respond(&http, id, &token, &message("first"))
        .await
        .expect("the first response is accepted");
    let again = respond(&http, id, &token, &message("again")).await;
    assert_eq!(code(again), 40060);
    assert_eq!(discord.take_violations().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_a_late_response() {
    let discord = FakeDiscord::start_with_window(Duration::from_millis(100)).await;
    let http = http(&discord);
    let (id, token) = discord.record_interaction(&alice());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let late = respond(&http, id, &token, &message("late")).await;
    assert_eq!(code(late), 10062);
    assert_eq!(discord.take_violations().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_keeps_a_deferrals_visibility_and_discords_limits() {
    let discord = FakeDiscord::start().await;
    let http = http(&discord);
    // A public deferral: the first follow-up stays public even if it asks to be ephemeral.
    let (id, token) = discord.record_interaction(&alice());
    let defer = serenity::CreateInteractionResponse::Defer(
        serenity::CreateInteractionResponseMessage::new(),
    );
    respond(&http, id, &token, &defer)
        .await
        .expect("deferral accepted");
    let followup = followup("meant for one person").ephemeral(true);
    http.create_followup_message(&token, &followup, vec![])
        .await
        .expect("follow-up accepted");
    let shown = discord.outcome(id).await;
    assert!(!shown.ephemeral, "a public deferral stays public");
    // Six buttons in a row are refused.
    let (id, token) = discord.record_interaction(&alice());
    let buttons = (0..6)
        .map(|i| serenity::CreateButton::new(format!("b{i}")).label("x"))
        .collect();
    let crowded = serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content("crowded")
            .components(vec![serenity::CreateActionRow::Buttons(buttons)]),
    );
    let refused = respond(&http, id, &token, &crowded).await;
    assert_eq!(code(refused), 50035);
    assert_eq!(discord.take_violations().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_log_line_per_interaction_and_never_the_token() {
    let logs = logs();
    let (discord, bot) = start().await;
    let someone = fake::User::new(100_000_000_000_000_777, "logger");
    let id = discord.slash(&someone, "rules", json!({"game": "loa"}));
    discord.outcome(id).await;
    let wanted = format!("user={}", someone.id);
    let mut found = Vec::new();
    for _ in 0..100 {
        let text =
            String::from_utf8_lossy(&logs.lock().unwrap_or_else(|p| p.into_inner())).into_owned();
        found = text
            .lines()
            .filter(|l| l.contains(&wanted) && l.contains("interaction"))
            .map(str::to_owned)
            .collect();
        if !found.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(found.len(), 1, "one line for the interaction: {found:?}");
    assert!(
        found[0].contains("/rules") && found[0].contains("ms="),
        "{}",
        found[0]
    );
    bot.stop().await.expect("clean shutdown");
    let text =
        String::from_utf8_lossy(&logs.lock().unwrap_or_else(|p| p.into_inner())).into_owned();
    assert!(!text.is_empty());
    assert!(!text.contains(fake::TOKEN), "the token is never logged");
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_is_announced_in_the_channel() {
    let clock = parlor::table::ManualClock::new(1_700_000_000_000);
    let settings = parlor::table::Config {
        clock: Arc::new(clock.clone()),
        challenge_cooldown_ms: 0,
        ..parlor::table::Config::default()
    };
    let discord = FakeDiscord::start().await;
    let guild = fake::GUILD_ID.to_string();
    let bot = discord.start_bot_with(discord.config(&[("DISCORD_GUILD_ID", &guild)]), settings);
    discord.wait_ready(1).await;
    let bob = fake::User::new(100_000_000_000_000_002, "bob");
    let players = [alice(), bob.clone()];
    let id = discord.slash_in(
        &alice(),
        fake::CHANNEL_ID,
        "play",
        json!({"game": "simultana", "opponent": bob.id, "clock": "1h"}),
        std::slice::from_ref(&bob),
    );
    let card = discord.outcome(id).await;
    let accept = card.button("Accept").expect("Accept");
    let mut board = discord.outcome(discord.press(&bob, card.id, &accept)).await;
    // Both move once, so that running out of time loses rather than aborts.
    for _ in 0..2 {
        let mover = crate::steps::who(&players, crate::steps::to_move(&board)).clone();
        let hints = discord.autocomplete(&mover, "move", "move", "").await;
        let mv = hints[0]["value"].as_str().expect("a move").to_owned();
        board = discord
            .outcome(discord.slash(&mover, "move", json!({ "move": mv })))
            .await;
    }
    clock.advance_secs(2 * 3600);
    let notice = discord
        .wait("the timeout notice", |s| {
            s.messages
                .iter()
                .find(|m| m.touched_by.is_empty() && !m.ephemeral && m.text().contains("on time"))
                .cloned()
        })
        .await;
    assert!(notice.button("Rematch").is_some(), "{}", notice.text());
    stop(&discord, bot).await;
}

#[test]
fn the_fake_holds_link_buttons_to_discords_rules() {
    let row = |buttons: Vec<serde_json::Value>| json!({"content": "x", "components": [{"type": 1, "components": buttons}]});
    let check = |buttons: Vec<serde_json::Value>| fake::check_message(&row(buttons));
    let link = |url: &str| json!({"type": 2, "style": 5, "label": "Web", "url": url});
    let button = |id: &str| json!({"type": 2, "style": 1, "label": "Go", "custom_id": id});
    assert_eq!(check(vec![link("https://parlor.example/m/1")]), Ok(()));
    // A link may share a row with other buttons, five in all.
    let mut five: Vec<_> = (0..4).map(|i| button(&format!("b{i}"))).collect();
    five.push(link("https://parlor.example/m/1"));
    assert_eq!(check(five.clone()), Ok(()));
    five.push(link("https://parlor.example/m/2"));
    assert!(check(five).is_err(), "six buttons in a row");
    let mut with_id = link("https://parlor.example/m/1");
    with_id["custom_id"] = json!("pl:x:1:1");
    assert!(check(vec![with_id]).is_err(), "a link has no custom_id");
    let mut with_url = button("b");
    with_url["url"] = json!("https://parlor.example/m/1");
    assert!(
        check(vec![with_url]).is_err(),
        "a button that is no link has no url"
    );
    let no_url = json!({"type": 2, "style": 5, "label": "Web"});
    assert!(check(vec![no_url]).is_err(), "a link needs its url");
    assert!(
        check(vec![link("parlor.example/m/1")]).is_err(),
        "not a URL"
    );
    let long = format!("https://parlor.example/{}", "a".repeat(500));
    assert!(check(vec![link(&long)]).is_err(), "over 512 characters");
}
