//! The servers people really have: a friend server that Discord says is `en-US` switched to
//! French with one `/settings`, a person reading their own language in an English server,
//! channels where the bot lacks a permission, notices that Discord fails or that find their
//! channel deleted, and `/help`.

use serde_json::json;

use crate::fake::{self, FakeDiscord, Msg, User, perm};
use crate::play::to_move;
use crate::{alice, logs, start};

fn bob() -> User {
    User::new(100_000_000_000_000_002, "bob")
}

/// A member who may manage the server (its settings).
fn owner() -> User {
    User::new(100_000_000_000_000_009, "owner").with_manage_server()
}

/// A channel of the fake's server other than the default one.
fn channel(n: u64) -> u64 {
    fake::CHANNEL_ID + 100 + n
}

/// `/play` against the bot at level 1 in `channel`; returns the first board.
async fn play_the_bot(discord: &FakeDiscord, user: &User, channel: u64) -> Msg {
    let id = discord.slash_in(
        user,
        channel,
        "play",
        json!({"game": "simultana", "opponent": fake::APP_ID, "level": 1}),
        &[User::bot()],
    );
    let board = discord.outcome(id).await;
    assert!(!board.ephemeral, "refused: {}", board.text());
    board
}

/// Plays `user`'s first legal move in `channel` if it is their turn on `board`.
async fn move_if_my_turn(discord: &FakeDiscord, user: &User, channel: u64, board: &Msg) {
    if to_move(board) != user.id {
        return;
    }
    let choices = discord
        .autocomplete_in(user, channel, "move", "move", "")
        .await;
    let first = choices[0]["value"]
        .as_str()
        .expect("a legal move")
        .to_owned();
    let id = discord.slash_in(user, channel, "move", json!({ "move": first }), &[]);
    let answer = discord.outcome(id).await;
    assert!(!answer.ephemeral, "move refused: {}", answer.text());
}

/// The bot's own move, posted by itself in `channel` (a notice).
async fn bots_move(discord: &FakeDiscord, channel: u64, played: &str) -> Msg {
    let played = format!("<@{}> {played}", fake::APP_ID);
    discord
        .wait("the AI's move", |s| {
            s.messages
                .iter()
                .find(|m| m.channel_id == channel && !m.ephemeral && m.text().contains(&played))
                .cloned()
        })
        .await
}

/// How many matches the bot's database holds.
async fn matches(discord: &FakeDiscord) -> i64 {
    crate::db::sql_i64(&discord.database_url, "SELECT COUNT(*) FROM matches").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_discord_calls_english_plays_in_french_after_one_settings() {
    let (discord, bot) = start().await;
    // Not a Community server: Discord says en-US whatever its members speak.
    assert_eq!(discord.state().guild_locale, None);
    let id = discord.slash(&alice(), "settings", json!({ "language": "fr" }));
    let refused = discord.outcome(id).await;
    assert!(refused.ephemeral);
    assert!(
        refused
            .text()
            .contains("Only members who may manage the server"),
        "{}",
        refused.text()
    );
    let id = discord.slash(&owner(), "settings", json!({ "language": "fr" }));
    let saved = discord.outcome(id).await;
    assert!(saved.ephemeral, "{}", saved.text());
    // The owner's own answers follow their own Discord app, in English.
    assert!(
        saved.text().contains("What this server reads: French"),
        "{}",
        saved.text()
    );

    // A challenge, its board and its result: French.
    let room = channel(1);
    let id = discord.slash_in(
        &alice(),
        room,
        "play",
        json!({"game": "loa", "opponent": bob().id, "clock": "1d"}),
        &[bob()],
    );
    let card = discord.outcome(id).await;
    assert!(card.text().contains("défie"), "{}", card.text());
    let accept = card.button("Accepter").expect("an Accepter button");
    let board = discord
        .outcome(discord.press(&bob(), card.id, &accept))
        .await;
    assert!(
        board.text().contains("Coup 1\u{202F}: à <@"),
        "{}",
        board.text()
    );
    let board = discord.pictured(board.id).await;
    assert!(board.png().is_some(), "the board's picture");
    let result = discord
        .outcome(discord.slash_in(&alice(), room, "resign", json!({}), &[]))
        .await;
    assert!(
        result.text().contains("gagne par abandon"),
        "{}",
        result.text()
    );
    // The bot's own moves, posted with no interaction, too.
    let room = channel(2);
    let board = play_the_bot(&discord, &alice(), room).await;
    assert!(
        board.text().contains("Le bot relève le défi."),
        "{}",
        board.text()
    );
    move_if_my_turn(&discord, &alice(), room, &board).await;
    let notice = bots_move(&discord, room, "a joué").await;
    assert!(notice.text().contains("Coup "), "{}", notice.text());
    // Back to `auto`: English again (Discord's en-US).
    let id = discord.slash(&owner(), "settings", json!({ "language": "auto" }));
    discord.outcome(id).await;
    let id = discord.slash_in(&bob(), room, "board", json!({}), &[]);
    let board = discord.outcome(id).await;
    assert!(board.text().contains("Move "), "{}", board.text());
    bot.stop().await.expect("clean shutdown");
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_own_french_gets_french_refusals_in_an_english_server() {
    let (discord, bot) = start().await;
    let id = discord.slash(&bob(), "settings", json!({ "my-language": "fr" }));
    let saved = discord.outcome(id).await;
    assert!(saved.ephemeral);
    // Their answer is already in their new language.
    assert!(saved.text().contains("Enregistré."), "{}", saved.text());
    assert!(
        saved
            .text()
            .contains("Langue de vos réponses privées\u{202F}: français"),
        "{}",
        saved.text()
    );
    let id = discord.slash(&bob(), "move", json!({ "move": "b1-b3" }));
    let refusal = discord.outcome(id).await;
    assert!(refusal.ephemeral);
    assert!(
        refusal
            .text()
            .contains("Il n\u{2019}y a pas de partie dans ce salon."),
        "{}",
        refusal.text()
    );
    // Someone else, and what the channel reads, stay English.
    let id = discord.slash(&alice(), "move", json!({ "move": "b1-b3" }));
    let refusal = discord.outcome(id).await;
    assert!(
        refusal
            .text()
            .contains("There is no match in this channel."),
        "{}",
        refusal.text()
    );
    let id = discord.slash_in(
        &bob(),
        fake::CHANNEL_ID,
        "play",
        json!({"game": "loa", "opponent": alice().id}),
        &[alice()],
    );
    let card = discord.outcome(id).await;
    assert!(card.text().contains("challenges"), "{}", card.text());
    bot.stop().await.expect("clean shutdown");
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_match_starts_where_its_board_cannot_be_posted() {
    let (discord, bot) = start().await;
    let (no_files, no_send) = (channel(3), channel(4));
    discord.deny(no_files, perm::ATTACH_FILES);
    discord.deny(no_send, perm::SEND_MESSAGES);
    for (room, named, other) in [
        (no_files, "Attach Files", "Send Messages"),
        (no_send, "Send Messages", "Attach Files"),
    ] {
        for opponent in [bob().id, fake::APP_ID] {
            let id = discord.slash_in(
                &alice(),
                room,
                "play",
                json!({"game": "simultana", "opponent": opponent}),
                &[bob(), User::bot()],
            );
            let answer = discord.outcome(id).await;
            assert!(answer.ephemeral, "{}", answer.text());
            let text = answer.text();
            assert!(text.contains(&format!("**{named}**")), "{text}");
            assert!(!text.contains(&format!("**{other}**")), "{text}");
            assert!(text.contains("Edit Channel"), "where to grant it: {text}");
            assert!(discord.public_messages(room).is_empty());
        }
    }
    assert_eq!(matches(&discord).await, 0, "no match started");
    // In French for a French reader.
    let id = discord.slash_in(
        &alice().speaking("fr"),
        no_files,
        "play",
        json!({"game": "loa", "opponent": fake::APP_ID}),
        &[User::bot()],
    );
    let answer = discord.outcome(id).await;
    assert!(
        answer.text().contains("**Joindre des fichiers**"),
        "{}",
        answer.text()
    );
    // A permission taken away after the challenge: its Accept is refused too.
    let room = channel(5);
    let id = discord.slash_in(
        &alice(),
        room,
        "play",
        json!({"game": "loa", "opponent": bob().id}),
        &[bob()],
    );
    let card = discord.outcome(id).await;
    discord.deny(room, perm::EMBED_LINKS);
    let accept = card.button("Accept").expect("an Accept button");
    let answer = discord
        .outcome(discord.press(&bob(), card.id, &accept))
        .await;
    assert!(answer.ephemeral, "{}", answer.text());
    assert!(
        answer.text().contains("**Embed Links**"),
        "{}",
        answer.text()
    );
    let status = crate::db::sql_i64(
        &discord.database_url,
        "SELECT COUNT(*) FROM matches WHERE status = 'challenge'",
    )
    .await;
    assert_eq!(status, 1, "still a challenge");
    // What needs no permission still works there: the rules.
    let id = discord.slash_in(&alice(), no_send, "rules", json!({"game": "loa"}), &[]);
    assert!(!discord.outcome(id).await.ephemeral);
    bot.stop().await.expect("clean shutdown");
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notice_that_discord_fails_twice_is_delivered_once() {
    let (discord, bot) = start().await;
    let room = channel(6);
    // The first post in the channel is the bot's move (answers go through the interaction).
    discord.fail_posts(room, 1, 500);
    discord.fail_posts(room, 1, 429);
    let board = play_the_bot(&discord, &alice(), room).await;
    move_if_my_turn(&discord, &alice(), room, &board).await;
    let notice = bots_move(&discord, room, "played").await;
    assert!(notice.text().contains("Move "), "{}", notice.text());
    let posts = |s: &fake::FakeState| {
        let line = format!("POST /api/v10/channels/{room}/messages");
        s.requests.iter().filter(|r| **r == line).count()
    };
    assert_eq!(posts(&discord.state()), 3, "two failures, then the post");
    let played = format!("<@{}> played", fake::APP_ID);
    let copies = discord
        .public_messages(room)
        .iter()
        .filter(|m| m.text().contains(&played))
        .count();
    assert_eq!(copies, 1, "delivered once");
    bot.stop().await.expect("clean shutdown");
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notice_into_a_deleted_channel_loses_nothing() {
    let (discord, bot) = start().await;
    let (gone, here) = (channel(7), channel(8));
    discord.delete_before_next_post(gone);
    let board = play_the_bot(&discord, &alice(), gone).await;
    move_if_my_turn(&discord, &alice(), gone, &board).await;
    let match_id = crate::db::sql_i64(&discord.database_url, "SELECT MAX(id) FROM matches").await;
    // The bot moved; its notice found the channel gone, and the log says so once.
    let marker = format!("match_id={match_id}");
    // The log is not the fake's state, so it is polled.
    let lines = || {
        let text =
            String::from_utf8_lossy(&logs().lock().unwrap_or_else(|p| p.into_inner())).into_owned();
        text.lines()
            .filter(|l| l.contains("a notice could not be posted") && l.contains(&marker))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let deadline = std::time::Instant::now() + fake::WAIT;
    while lines().is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "no log of the lost notice"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let said = lines();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("gone"), "{said:?}");
    // Alice's next /board, in another channel, brings the match there and says what happened.
    let id = discord.slash_in(&alice(), here, "board", json!({}), &[]);
    let board = discord.outcome(id).await;
    assert!(!board.ephemeral, "{}", board.text());
    assert!(
        board
            .text()
            .contains("The channel of this match was deleted"),
        "{}",
        board.text()
    );
    assert_eq!(
        to_move(&board),
        alice().id,
        "the bot's move is on the board"
    );
    // And the match goes on here.
    move_if_my_turn(&discord, &alice(), here, &board).await;
    bots_move(&discord, here, "played").await;
    bot.stop().await.expect("clean shutdown");
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_in_the_readers_language_a_presence_and_an_invite_link() {
    let (discord, bot) = start().await;
    let id = discord.slash(&alice(), "help", json!({}));
    let help = discord.outcome(id).await;
    assert!(help.ephemeral);
    for command in [
        "/play",
        "/move",
        "/board",
        "/rules",
        "/settings",
        "/leaderboard",
    ] {
        assert!(help.text().contains(command), "{command}: {}", help.text());
    }
    assert!(
        help.text().contains("docs/rules"),
        "where the rules are: {}",
        help.text()
    );
    let id = discord.slash(&alice().speaking("fr"), "help", json!({}));
    let aide = discord.outcome(id).await;
    assert!(aide.text().contains("lance un défi"), "{}", aide.text());
    assert!(aide.text().contains("/rules"), "{}", aide.text());
    // The presence says how to start, on every shard, in English.
    let identify = discord.state().identifies[0].clone();
    assert!(
        identify["presence"]
            .to_string()
            .contains("/play to start a game"),
        "{identify:#}"
    );
    // The invite link asks for exactly the permissions the bot uses.
    let want = perm::VIEW_CHANNEL
        | perm::SEND_MESSAGES
        | perm::SEND_MESSAGES_IN_THREADS
        | perm::EMBED_LINKS
        | perm::ATTACH_FILES
        | perm::READ_MESSAGE_HISTORY
        | (1 << 35);
    let link = format!(
        "oauth2/authorize?client_id={}&scope=bot%20applications.commands&permissions={want}",
        fake::APP_ID
    );
    let text =
        String::from_utf8_lossy(&logs().lock().unwrap_or_else(|p| p.into_inner())).into_owned();
    assert!(text.contains(&link), "no invite link {link} in the logs");
    bot.stop().await.expect("clean shutdown");
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notice_the_bot_may_not_post_is_told_by_the_next_board() {
    let (discord, bot) = start().await;
    let room = channel(9);
    let board = play_the_bot(&discord, &alice(), room).await;
    let board = if to_move(&board) == fake::APP_ID {
        bots_move(&discord, room, "played").await
    } else {
        board
    };
    assert_eq!(to_move(&board), alice().id);
    // Someone takes Send Messages away; Alice's move is answered through her interaction, which
    // tells the bot what it may do here: it does not even try to post its reply.
    discord.deny(room, perm::SEND_MESSAGES);
    let posts = |s: &fake::FakeState| {
        let line = format!("POST /api/v10/channels/{room}/messages");
        s.requests.iter().filter(|r| **r == line).count()
    };
    let before = posts(&discord.state());
    move_if_my_turn(&discord, &alice(), room, &board).await;
    // The bot moves, and its notice is kept for the next answer (the database is polled: it is
    // not the fake's state).
    let deadline = std::time::Instant::now() + fake::WAIT;
    let kept = "SELECT COUNT(*) FROM undelivered";
    while crate::db::sql_i64(&discord.database_url, kept).await == 0 {
        assert!(std::time::Instant::now() < deadline, "no notice kept");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let id = discord.slash_in(&alice(), room, "board", json!({}), &[]);
    let board = discord.outcome(id).await;
    assert!(
        board.text().contains("I am missing **Send Messages**"),
        "{}",
        board.text()
    );
    assert_eq!(
        to_move(&board),
        alice().id,
        "the bot's move is on the board"
    );
    assert_eq!(
        posts(&discord.state()),
        before,
        "nothing tried where it is refused"
    );
    // Told once.
    let id = discord.slash_in(&alice(), room, "board", json!({}), &[]);
    let again = discord.outcome(id).await;
    assert!(!again.text().contains("I am missing"), "{}", again.text());
    bot.stop().await.expect("clean shutdown");
    discord.assert_no_violations();
}
