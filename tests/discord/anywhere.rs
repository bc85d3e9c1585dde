//! Play anywhere (issue 43): Parlor installed to a person's account, its commands offered in DMs,
//! group DMs and servers that never added the bot, and matches carried by interactions alone.

use std::time::Duration;

use parlor::table::catalogue;
use poise::serenity_prelude as serenity;
use serde_json::Value;

use crate::fake::{self, FakeDiscord};
use crate::logs;
use crate::rules::{code, http, message};
use crate::steps::{alice, bob, stop};

/// What the bot logged so far.
fn logged() -> String {
    String::from_utf8_lossy(&logs().lock().unwrap_or_else(|p| p.into_inner())).into_owned()
}

/// The numbers of a registered list (`integration_types`, `contexts`).
fn numbers(command: &Value, key: &str) -> Vec<u64> {
    command[key]
        .as_array()
        .unwrap_or_else(|| panic!("/{} registered without {key}", command["name"]))
        .iter()
        .filter_map(Value::as_u64)
        .collect()
}

/// Registered globally, every command meant for everywhere lists both installations and the
/// three contexts, and only those; a server's own commands are offered in servers only. The
/// bot logs both invite links at start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_is_offered_where_the_catalogue_says() {
    logs();
    let discord = FakeDiscord::start().await;
    let bot = discord.start_bot(discord.config(&[]));
    discord.wait_ready(1).await;
    let registration = discord.state().registrations[0].clone();
    assert_eq!(registration.guild, None, "registered globally");
    assert_eq!(registration.commands.len(), catalogue::ALL.len());
    let mut everywhere = 0;
    for declared in &catalogue::ALL {
        let command = registration
            .commands
            .iter()
            .find(|c| c["name"] == declared.name)
            .unwrap_or_else(|| panic!("/{} not registered", declared.name));
        let places = declared.places;
        let installs: Vec<u64> = [(places.guild_install, 0), (places.user_install, 1)]
            .into_iter()
            .filter_map(|(yes, n)| yes.then_some(n))
            .collect();
        let contexts: Vec<u64> = [
            (places.server, 0),
            (places.bot_dm, 1),
            (places.private_channel, 2),
        ]
        .into_iter()
        .filter_map(|(yes, n)| yes.then_some(n))
        .collect();
        assert_eq!(
            numbers(command, "integration_types"),
            installs,
            "/{}",
            declared.name
        );
        assert_eq!(numbers(command, "contexts"), contexts, "/{}", declared.name);
        if places == catalogue::Places::EVERYWHERE {
            everywhere += 1;
            assert_eq!(installs, [0, 1]);
            assert_eq!(contexts, [0, 1, 2]);
        }
    }
    // Every command a player uses is for everywhere (tournaments, server-only, come later).
    for name in [
        "play", "move", "board", "resign", "stats", "history", "settings", "help",
    ] {
        let declared = catalogue::find(name).expect("declared");
        assert_eq!(declared.places, catalogue::Places::EVERYWHERE, "/{name}");
    }
    assert!(everywhere >= 16, "{everywhere}");
    let app = crate::fake::APP_ID;
    let server = format!("client_id={app}&scope=bot%20applications.commands&permissions=");
    let account = format!("client_id={app}&integration_type=1&scope=applications.commands");
    discord
        .wait("both invite links in the log", |_| {
            let logs = logged();
            (logs.contains(&server) && logs.contains(&account)).then_some(())
        })
        .await;
    stop(&discord, bot).await;
}

/// The fake keeps Discord's rules where the bot is no member: interactions of a user install in
/// context 2 (a DM between people) and 0 (a server without the bot), channel requests refused
/// (403), follow-ups refused after the token's 15 minutes and past 5, answers forced private
/// where Use External Apps is off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_keeps_discords_rules_where_the_bot_is_no_member() {
    let discord = FakeDiscord::start().await;
    let http = http(&discord);
    let dm = discord.open_dm(&alice(), &bob());
    let (id, token) = discord.record_interaction_in(&alice(), dm);
    {
        let state = discord.state();
        let ix = &state.interactions[&id];
        assert_eq!(
            (ix.context, ix.guild, ix.owner),
            (2, None, Some(alice().id))
        );
        assert!(ix.user_install_only && !ix.forced_private);
    }
    let interaction = serenity::InteractionId::new(id);
    http.create_interaction_response(interaction, &token, &message("a board"), vec![])
        .await
        .expect("the answer goes through the interaction");
    // The bot may not write in the chat itself.
    let post = serenity::ChannelId::new(dm)
        .send_message(&http, serenity::CreateMessage::new().content("hello"))
        .await;
    assert_eq!(code(post), 50001);
    assert_eq!(discord.state().outside_refused.len(), 1);
    // Five follow-ups, not six.
    let followup = || serenity::CreateInteractionResponseFollowup::new().content("news");
    for _ in 0..fake::MAX_FOLLOWUPS {
        http.create_followup_message(&token, &followup(), vec![])
            .await
            .expect("a follow-up within the limit");
    }
    let sixth = http
        .create_followup_message(&token, &followup(), vec![])
        .await;
    assert_eq!(code(sixth), 40094);
    assert_eq!(discord.take_violations().len(), 1);
    // A token dies after 15 minutes: no follow-up, no edit.
    let (id, token) = discord.record_interaction_in(&bob(), dm);
    http.create_interaction_response(
        serenity::InteractionId::new(id),
        &token,
        &message("x"),
        vec![],
    )
    .await
    .expect("answered");
    discord.age(id, fake::TOKEN_LIFE + Duration::from_secs(1));
    let late = http
        .create_followup_message(&token, &followup(), vec![])
        .await;
    assert_eq!(code(late), 50027);
    let edit = serenity::EditInteractionResponse::new().content("later");
    assert_eq!(
        code(
            http.edit_original_interaction_response(&token, &edit, vec![])
                .await
        ),
        50027
    );
    assert_eq!(discord.take_violations().len(), 2);
    // A server that turned Use External Apps off: every answer is private.
    let (guild, channel) = discord.server_without_bot(false);
    let (id, token) = discord.record_interaction_in(&alice(), channel);
    {
        let state = discord.state();
        let ix = &state.interactions[&id];
        assert_eq!((ix.context, ix.guild), (0, Some(guild)));
        assert!(ix.forced_private && ix.user_install_only);
    }
    http.create_interaction_response(
        serenity::InteractionId::new(id),
        &token,
        &message("public?"),
        vec![],
    )
    .await
    .expect("answered");
    let answer = discord.outcome(id).await;
    assert!(answer.ephemeral, "forced private");
    // A server that allows external apps keeps a public answer public.
    let (_, open) = discord.server_without_bot(true);
    let (id, token) = discord.record_interaction_in(&alice(), open);
    http.create_interaction_response(
        serenity::InteractionId::new(id),
        &token,
        &message("public"),
        vec![],
    )
    .await
    .expect("answered");
    assert!(!discord.outcome(id).await.ephemeral);
    discord.assert_no_violations();
}
