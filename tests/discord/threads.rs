//! Matches in threads of their own, through Discord: the thread started from the challenge card,
//! two matches at once in one channel, the card edited with the result, a missing permission,
//! and an archived thread opened again when a move arrives.

use serde_json::json;

use crate::fake::{self, CHANNEL_ID, FakeDiscord, Msg, User};
use crate::start;
use crate::steps::{
    alice, alice_challenges_bob, ask, ask_to_play, assert_shows, bob, carol, challenge, command,
    four_player_lobby, legal, play_the_bot, press, stop, to_move,
};

/// `a` challenges `b` to Simultana in the channel and `b` presses Accept; returns the card's id
/// and the thread the match moved into, with its first board.
async fn accepted_in_thread(discord: &FakeDiscord, a: &User, b: &User) -> (u64, u64, Msg) {
    let card = challenge(discord, CHANNEL_ID, a, b, json!({"game": "simultana"})).await;
    let accept = card.button("Accept").expect("an Accept button");
    discord.press(b, card.id, &accept);
    let (thread, board) = board_in_thread(discord, card.id).await;
    (card.id, thread, board)
}

/// The thread started from challenge card `card`, and the first board of its match there.
async fn board_in_thread(discord: &FakeDiscord, card: u64) -> (u64, Msg) {
    discord
        .wait("the board in the match's thread", |s| {
            let thread = s.threads.values().find(|t| t.message == card)?;
            let board = s
                .messages
                .iter()
                .find(|m| m.channel_id == thread.id && m.button("Resign").is_some())?;
            Some((thread.id, board.clone()))
        })
        .await
}

/// Bob accepts `card`: the match is played in the channel, and no thread is started.
async fn accepted_in_the_channel(discord: &FakeDiscord, card: &Msg) {
    let board = press(discord, &bob(), card, "Accept").await;
    assert!(
        !board.ephemeral && board.channel_id == CHANNEL_ID,
        "{}",
        board.text()
    );
    discord.idle().await;
    assert!(discord.state().threads.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_matches_in_one_channel_each_in_a_thread_made_from_its_card() {
    let (discord, bot) = start().await;
    discord.grant_threads();
    let (card_one, one, board_one) = accepted_in_thread(&discord, &alice(), &bob()).await;
    let (card_two, two, _) = accepted_in_thread(&discord, &carol(), &alice()).await;
    assert_ne!(one, two);
    {
        let state = discord.state();
        let thread = &state.threads[&one];
        assert_eq!(thread.parent, CHANNEL_ID);
        assert!(
            thread.name.starts_with("Simultana #1 · "),
            "{}",
            thread.name
        );
        assert!(thread.members.contains(&alice().id) && thread.members.contains(&bob().id));
    }
    // The card says where the match is and offers nothing to press any more.
    let card = discord
        .wait("the card edited", |s| {
            s.message(card_one)
                .filter(|m| m.content.contains(&format!("<#{one}>")))
                .cloned()
        })
        .await;
    assert!(card.all_disabled(), "{:?}", card.components);
    discord
        .wait("the second card edited", |s| {
            s.message(card_two)
                .filter(|m| m.content.contains(&format!("<#{two}>")))
                .map(|_| ())
        })
        .await;
    // The match is played in its thread; someone else's press there changes nothing.
    let player = if to_move(&board_one) == alice().id {
        alice()
    } else {
        bob()
    };
    let resign = board_one.button("Resign").expect("a Resign button");
    let id = discord.press(&carol(), board_one.id, &resign);
    assert!(discord.outcome(id).await.ephemeral);
    let hints = legal(&discord, &player, one).await;
    let first = hints.into_iter().next().expect("a move");
    let board = ask(&discord, &player, one, "move", json!({ "move": first })).await;
    assert!(
        !board.ephemeral && board.channel_id == one,
        "{}",
        board.text()
    );
    // In the channel itself there is no match to move in.
    let id = discord.slash_in(&player, CHANNEL_ID, "move", json!({ "move": first }), &[]);
    assert!(discord.outcome(id).await.ephemeral);
    // A resignation ends the game in the thread and writes the result on the card.
    let result = ask(&discord, &alice(), one, "resign", json!({})).await;
    assert!(result.button("Rematch").is_some(), "{}", result.text());
    discord
        .wait("the result on the card", |s| {
            s.message(card_one)
                .filter(|m| m.content.contains("Match #1 is over"))
                .map(|_| ())
        })
        .await;
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_permission_the_match_stays_in_the_channel_and_the_server_is_told_once() {
    let (discord, bot) = start().await;
    let card = alice_challenges_bob(&discord, CHANNEL_ID, json!({"game": "simultana"})).await;
    assert_shows(&card, "Create Public Threads");
    accepted_in_the_channel(&discord, &card).await;
    let card = challenge(
        &discord,
        CHANNEL_ID + 1,
        &carol(),
        &bob(),
        json!({"game": "simultana"}),
    )
    .await;
    assert!(
        !card.text().contains("Create Public Threads"),
        "said once: {}",
        card.text()
    );
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_archived_thread_is_opened_again_when_the_bot_moves() {
    let (discord, bot) = start().await;
    discord.grant_threads();
    // A table for four fills from its buttons: the game starts in a thread, the bot in two seats.
    let lobby = four_player_lobby(&discord, &alice()).await;
    let id = discord.press(
        &alice(),
        lobby.id,
        &lobby.button("Seat the bot").expect("bot"),
    );
    let lobby = discord.outcome(id).await;
    let id = discord.press(
        &alice(),
        lobby.id,
        &lobby
            .button("Seat the bot")
            .unwrap_or_else(|| panic!("{} {:?}", lobby.text(), lobby.components)),
    );
    let lobby = discord.outcome(id).await;
    let seat = lobby
        .controls()
        .into_iter()
        .map(|(id, _, _)| id)
        .find(|id| id.starts_with("pl:st") && !id.starts_with("pl:stb"))
        .expect("the last seat");
    discord.press(&bob(), lobby.id, &seat);
    let thread = discord
        .wait("the game's thread", |s| s.threads.keys().next().copied())
        .await;
    let bot_played = format!("<@{}> played", fake::APP_ID);
    let played = |s: &fake::FakeState| {
        s.messages
            .iter()
            .filter(|m| m.channel_id == thread && m.text().contains(&bot_played))
            .count()
    };
    // Wait for a human's turn, archive the thread, and move: the bot's answer reopens it.
    let board = discord
        .wait("a human to move", |s| {
            let last = s
                .messages
                .iter()
                .rfind(|m| m.channel_id == thread && m.button("Resign").is_some())?;
            (to_move(last) != fake::APP_ID).then(|| last.clone())
        })
        .await;
    let before = played(&discord.state());
    discord.archive(thread);
    // The people move (their answers come through the interaction) until the bot's turn: its
    // move is a message of its own, which reopens the thread.
    let mut board = board;
    for _ in 0..4 {
        if played(&discord.state()) > before {
            break;
        }
        if to_move(&board) == fake::APP_ID {
            discord
                .wait("the bot's move in the reopened thread", |s| {
                    (played(s) > before).then_some(())
                })
                .await;
            break;
        }
        let player = if to_move(&board) == alice().id {
            alice()
        } else {
            bob()
        };
        let hints = legal(&discord, &player, thread).await;
        let mv = hints.into_iter().next().expect("a move");
        let id = discord.slash_in(&player, thread, "move", json!({ "move": mv }), &[]);
        board = discord.outcome(id).await;
        assert!(!board.ephemeral, "{}", board.text());
    }
    assert!(played(&discord.state()) > before, "the bot moved");
    assert!(!discord.state().threads[&thread].archived);
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_may_keep_one_match_per_channel_and_only_its_managers_decide() {
    let (discord, bot) = start().await;
    discord.grant_threads();
    let off = json!({"threads": false});
    let id = discord.slash_in(&alice(), CHANNEL_ID, "settings", off.clone(), &[]);
    let refused = discord.outcome(id).await;
    assert!(
        refused.ephemeral && refused.text().contains("manage the server"),
        "{}",
        refused.text()
    );
    let manager = carol().with_manage_server();
    let id = discord.slash_in(&manager, CHANNEL_ID, "settings", off, &[]);
    let saved = discord.outcome(id).await;
    assert!(
        saved.ephemeral
            && saved
                .text()
                .contains("threads of their own (this server): off"),
        "{}",
        saved.text()
    );
    // Accepted now, the match is played in the channel, which holds it alone.
    let card = alice_challenges_bob(&discord, CHANNEL_ID, json!({"game": "simultana"})).await;
    accepted_in_the_channel(&discord, &card).await;
    let simultana = json!({"game": "simultana"});
    let busy = ask_to_play(&discord, CHANNEL_ID, &carol(), &alice(), simultana).await;
    assert!(busy.ephemeral, "the channel is busy");
    // Everyone may turn their own reminders off.
    let mine = command(&discord, &bob(), "settings", json!({"reminders": false})).await;
    assert_shows(&mine, "clock runs low: off");
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_moves_into_a_thread_of_its_own() {
    let (discord, bot) = start().await;
    discord.grant_threads();
    let thread = 0;
    // Against the bot: `/play` answers where the game is, and the bot plays in the thread.
    let answer = play_the_bot(&discord, &carol(), CHANNEL_ID).await;
    let (bot_thread, name) = discord
        .wait("the bot game's thread", |s| {
            s.threads
                .values()
                .find(|t| t.id != thread)
                .map(|t| (t.id, t.name.clone()))
        })
        .await;
    assert_shows(&answer, &format!("<#{bot_thread}>"));
    assert!(name.contains("carol"), "{name}");
    let board = discord
        .wait("the first board in the bot game's thread", |s| {
            s.messages
                .iter()
                .find(|m| m.channel_id == bot_thread && m.button("Resign").is_some())
                .cloned()
        })
        .await;
    if to_move(&board) == fake::APP_ID {
        let bot_played = format!("<@{}> played", fake::APP_ID);
        discord
            .wait("the bot's move in its thread", |s| {
                s.messages
                    .iter()
                    .any(|m| m.channel_id == bot_thread && m.text().contains(&bot_played))
                    .then_some(())
            })
            .await;
    }
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_pings_once_in_the_thread_even_across_a_restart() {
    crate::logs();
    let discord = FakeDiscord::start().await;
    discord.grant_threads();
    let guild = fake::GUILD_ID.to_string();
    // The bot's clock is the test's: time passes when the test says so.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    let clock = parlor::table::ManualClock::new(now);
    let settings = || parlor::table::Config {
        clock: std::sync::Arc::new(clock.clone()),
        challenge_cooldown_ms: 0,
        ..parlor::table::Config::default()
    };
    let config = || discord.config(&[("DISCORD_GUILD_ID", &guild)]);
    let bot = discord.start_bot_with(config(), settings());
    discord.wait_ready(1).await;
    let card = alice_challenges_bob(
        &discord,
        CHANNEL_ID,
        json!({"game": "simultana", "clock": "1h"}),
    )
    .await;
    discord.press(&bob(), card.id, &card.button("Accept").expect("Accept"));
    let (thread, board) = board_in_thread(&discord, card.id).await;
    let late = to_move(&board);
    let reminders = |s: &fake::FakeState| {
        s.messages
            .iter()
            .filter(|m| m.channel_id == thread && m.text().contains("your move"))
            .count()
    };
    // A tenth of the hour is left: one ping, in the thread, for the player to move.
    clock.advance_ms(55 * 60 * 1000);
    discord
        .wait("the reminder", |s| (reminders(s) == 1).then_some(()))
        .await;
    let ping = discord
        .state()
        .messages
        .iter()
        .find(|m| m.channel_id == thread && m.text().contains("your move"))
        .cloned()
        .expect("the reminder");
    assert!(
        ping.content.contains(&format!("<@{late}>")),
        "{}",
        ping.text()
    );
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(reminders(&discord.state()), 1, "once only");
    // After a restart the reminder is not sent again.
    bot.stop().await.expect("clean shutdown");
    let bot = discord.start_bot_with(config(), settings());
    discord.wait_ready(2).await;
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(reminders(&discord.state()), 1, "not again after a restart");
    // Time runs out: the result is said in the thread and written on the card.
    clock.advance_ms(6 * 60 * 1000);
    discord
        .wait("the result on the card", |s| {
            s.message(card.id)
                .filter(|m| m.content.contains("Match #1 is over"))
                .map(|_| ())
        })
        .await;
    stop(&discord, bot).await;
}
