//! The servers people really have: a friend server that Discord says is `en-US` switched to
//! French with one `/settings`, a person reading their own language in an English server,
//! channels where the bot lacks a permission, notices that Discord fails or that find their
//! channel deleted, and `/help`.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::fake::{self, FakeDiscord, Msg, User, perm};
use crate::http::{Served, get, scrape_until, served};
use crate::steps::{
    alice, alice_challenges_bob, ask, assert_shows, bob, bots_move, challenge, command, legal,
    owner, play_the_bot, press, stop, to_move,
};
use crate::{logs, start};

/// A channel of the fake's server other than the default one.
fn channel(n: u64) -> u64 {
    fake::CHANNEL_ID + 100 + n
}

/// Plays `user`'s first legal move in `channel` if it is their turn on `board`.
async fn move_if_my_turn(
    discord: &FakeDiscord,
    user: &User,
    channel: u64,
    board: &Msg,
) -> Option<Msg> {
    if to_move(board) != user.id {
        return None;
    }
    let moves = legal(discord, user, channel).await;
    let first = moves.first().expect("a legal move");
    let answer = ask(discord, user, channel, "move", json!({ "move": first })).await;
    assert!(!answer.ephemeral, "move refused: {}", answer.text());
    Some(answer)
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
    let refused = command(&discord, &alice(), "settings", json!({ "language": "fr" })).await;
    assert!(refused.ephemeral);
    assert_shows(&refused, "Only members who may manage the server");
    let saved = command(&discord, &owner(), "settings", json!({ "language": "fr" })).await;
    assert!(saved.ephemeral, "{}", saved.text());
    // The owner's own answers follow their own Discord app, in English.
    assert_shows(&saved, "What this server reads: French");

    // A challenge, its board and its result: French.
    let room = channel(1);
    let card = alice_challenges_bob(&discord, room, json!({"game": "loa", "clock": "1d"})).await;
    assert_shows(&card, "défie");
    let board = press(&discord, &bob(), &card, "Accepter").await;
    assert_shows(&board, "Coup 1\u{202F}: à <@");
    let board = discord.pictured(board.id).await;
    assert!(board.png().is_some(), "the board's picture");
    let result = discord
        .outcome(discord.slash_in(&alice(), room, "resign", json!({}), &[]))
        .await;
    assert_shows(&result, "gagne par abandon");
    // The bot's own moves, posted with no interaction, too.
    let room = channel(2);
    let board = play_the_bot(&discord, &alice(), room).await;
    assert_shows(&board, "Le bot relève le défi.");
    move_if_my_turn(&discord, &alice(), room, &board).await;
    let notice = bots_move(&discord, room, "a joué").await;
    assert_shows(&notice, "Coup ");
    // Back to `auto`: English again (Discord's en-US).
    let id = discord.slash(&owner(), "settings", json!({ "language": "auto" }));
    discord.outcome(id).await;
    let board = ask(&discord, &bob(), room, "board", json!({})).await;
    assert_shows(&board, "Move ");
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_own_french_gets_french_refusals_in_an_english_server() {
    let (discord, bot) = start().await;
    let saved = command(&discord, &bob(), "settings", json!({ "my-language": "fr" })).await;
    assert!(saved.ephemeral);
    // Their answer is already in their new language.
    assert_shows(&saved, "Enregistré.");
    assert_shows(&saved, "Langue de vos réponses privées\u{202F}: français");
    let refusal = command(&discord, &bob(), "move", json!({ "move": "b1-b3" })).await;
    assert!(refusal.ephemeral);
    assert_shows(&refusal, "Il n\u{2019}y a pas de partie dans ce salon.");
    // Someone else, and what the channel reads, stay English.
    let refusal = command(&discord, &alice(), "move", json!({ "move": "b1-b3" })).await;
    assert_shows(&refusal, "There is no match in this channel.");
    let card = challenge(
        &discord,
        fake::CHANNEL_ID,
        &bob(),
        &alice(),
        json!({"game": "loa"}),
    )
    .await;
    assert_shows(&card, "challenges");
    stop(&discord, bot).await;
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
            discord.idle().await;
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
    assert_shows(&answer, "**Joindre des fichiers**");
    // A permission taken away after the challenge: its Accept is refused too.
    let room = channel(5);
    let card = alice_challenges_bob(&discord, room, json!({"game": "loa"})).await;
    discord.deny(room, perm::EMBED_LINKS);
    let answer = press(&discord, &bob(), &card, "Accept").await;
    assert!(answer.ephemeral, "{}", answer.text());
    assert_shows(&answer, "**Embed Links**");
    let status = crate::db::sql_i64(
        &discord.database_url,
        "SELECT COUNT(*) FROM matches WHERE status = 'challenge'",
    )
    .await;
    assert_eq!(status, 1, "still a challenge");
    // What needs no permission still works there: the rules.
    let id = discord.slash_in(&alice(), no_send, "rules", json!({"game": "loa"}), &[]);
    assert!(!discord.outcome(id).await.ephemeral);
    stop(&discord, bot).await;
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
    assert_shows(&notice, "Move ");
    let posts = |s: &fake::FakeState| {
        let line = format!("POST /api/v10/channels/{room}/messages");
        s.requests.iter().filter(|r| **r == line).count()
    };
    discord.idle().await;
    assert_eq!(posts(&discord.state()), 3, "two failures, then the post");
    let played = format!("<@{}> played", fake::APP_ID);
    assert_eq!(copies(&discord, room, &played), 1, "delivered once");
    stop(&discord, bot).await;
}

/// How many times the bot posted (or tried to post) a message in `channel`.
fn posts(state: &fake::FakeState, channel: u64) -> usize {
    let line = format!("POST /api/v10/channels/{channel}/messages");
    state.requests.iter().filter(|r| **r == line).count()
}

/// The English words of catalogue `id`, as a reader of the board sees them.
fn words(id: &str) -> String {
    parlor::i18n::lookup(parlor::i18n::Lang::En, id).expect("in the catalogue")
}

/// Starts a fake and the bot trying a notice Discord fails for `retry` before keeping it.
async fn start_retrying(retry: std::time::Duration) -> (FakeDiscord, fake::Bot) {
    crate::logs();
    let discord = FakeDiscord::start().await;
    let guild = fake::GUILD_ID.to_string();
    let mut config = discord.config(&[("DISCORD_GUILD_ID", &guild)]);
    config.notice_retry = retry;
    let bot = discord.start_bot(config);
    discord.wait_ready(1).await;
    (discord, bot)
}

/// Alice plays the bot in `room` while Discord answers every post there with `status`; returns
/// once the bot has tried to post its move `tries` times.
async fn bot_moves_while_posts_fail(discord: &FakeDiscord, room: u64, status: u16, tries: usize) {
    discord.fail_posts(room, 1000, status);
    let board = play_the_bot(discord, &alice(), room).await;
    move_if_my_turn(discord, &alice(), room, &board).await;
    discord
        .wait("the bot's move tried", |s| {
            (posts(s, room) >= tries).then_some(())
        })
        .await;
}

/// Waits for the board the bot posts in `room` saying news was missed.
async fn missed_news_posted(discord: &FakeDiscord, room: u64) -> Msg {
    let missed = words("undelivered-unavailable");
    discord
        .wait("the kept news posted", |s| {
            s.messages
                .iter()
                .find(|m| m.channel_id == room && m.text().contains(&missed))
                .cloned()
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notice_discord_keeps_failing_holds_back_only_its_channel_and_is_told_later() {
    let (discord, bot) = start_retrying(std::time::Duration::from_secs(8)).await;
    let (down, up) = (channel(9), channel(10));
    // Discord fails every post in one channel, for longer than the bot tries.
    bot_moves_while_posts_fail(&discord, down, 503, 2).await;
    // Meanwhile another channel's news goes out as usual.
    let board = play_the_bot(&discord, &bob(), up).await;
    move_if_my_turn(&discord, &bob(), up, &board).await;
    let notice = bots_move(&discord, up, "played").await;
    assert!(!notice.ephemeral);
    let kept = "SELECT COUNT(*) FROM undelivered";
    assert_eq!(
        crate::db::sql_i64(&discord.database_url, kept).await,
        0,
        "the failing channel's notice is still being tried"
    );
    // The bot gives up after its retry time, keeps the news, and posts nothing twice.
    discord.idle().await;
    assert_eq!(crate::db::sql_i64(&discord.database_url, kept).await, 1);
    let tries = posts(&discord.state(), down);
    assert!(
        (3..=8).contains(&tries),
        "tried with a growing wait: {tries}"
    );
    let bots = format!("<@{}> played", fake::APP_ID);
    let shown = discord.public_messages(down);
    assert!(
        shown.iter().all(|m| !m.text().contains(&bots)),
        "nothing posted"
    );
    // Discord is back: the next answer about the match says what was missed, with the move.
    discord.heal_posts(down);
    let board = ask(&discord, &alice(), down, "board", json!({})).await;
    assert!(!board.ephemeral, "{}", board.text());
    assert!(
        board.text().contains(&words("undelivered-unavailable")),
        "{}",
        board.text()
    );
    assert_eq!(
        to_move(&board),
        alice().id,
        "the bot's move is on the board"
    );
    assert_eq!(
        crate::db::sql_i64(&discord.database_url, kept).await,
        0,
        "told once"
    );
    discord.assert_no_violations();
    stop(&discord, bot).await;
}

/// How long Discord fails the bot's posts in the long test.
const REST_OUTAGE: Duration = Duration::from_secs(120);

/// Discord's REST failing the bot's own posts for two minutes, seen by players and an operator:
/// the bot's move is tried again and again with growing waits capped at 30 s, never given up on
/// nor kept as news; `/healthz` stays healthy all along (the bot is connected and its database
/// answers: Discord failing is not the bot being down) while `/metrics` counts each try made
/// again; once Discord takes posts again the move goes out (within one capped wait) and the
/// tries stop.
/// Run by `main.rs`'s `a_two_minute_discord_outage_...`: named to start first, as it is long.
pub(crate) async fn discord_failing_the_bots_posts_for_two_minutes_then_the_move_is_posted() {
    let discord = FakeDiscord::start().await;
    let Served {
        bot,
        healthz,
        metrics,
        ..
    } = served(&discord, "rest").await;
    let room = fake::CHANNEL_ID;
    let began = Instant::now();
    bot_moves_while_posts_fail(&discord, room, 503, 1).await;
    let kept = "SELECT COUNT(*) FROM undelivered";
    while began.elapsed() < REST_OUTAGE {
        let (status, body) = get(&healthz).await.expect("/healthz answers");
        assert_eq!(status, 200, "{body}");
        let now = scrape_until(&metrics, "the counters", |_| true).await;
        assert_eq!(
            now.get("parlor_notices_failed_total"),
            Some(&0.0),
            "{now:#?}"
        );
        assert_eq!(crate::db::sql_i64(&discord.database_url, kept).await, 0);
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
    // 0.5 s doubled up to 30 s: tries at 0, 0.5, 1.5, 3.5, 7.5, 15.5, 31.5, 61.5, 91.5 and
    // 121.5 s at most (uncapped, the eighth would wait until 127.5 s).
    let tries = posts(&discord.state(), room);
    assert!((8..=10).contains(&tries), "{tries} tries in two minutes");
    let failing = scrape_until(&metrics, "each failed try counted", |s| {
        s.get("parlor_notice_retries_total") == Some(&(tries as f64))
    })
    .await;
    let shown = discord.public_messages(room);
    let played = format!("<@{}> played", fake::APP_ID);
    assert!(
        shown.iter().all(|m| !m.text().contains(&played)),
        "posted while failing"
    );

    discord.heal_posts(room);
    let healed = Instant::now();
    while !discord
        .public_messages(room)
        .iter()
        .any(|m| m.text().contains(&played))
    {
        assert!(
            healed.elapsed() < Duration::from_secs(40),
            "not posted after Discord came back"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "the move was posted {:?} after Discord came back",
        healed.elapsed()
    );
    discord.idle().await;
    let after = scrape_until(&metrics, "the counters read again", |_| true).await;
    assert_eq!(
        after.get("parlor_notice_retries_total"),
        failing.get("parlor_notice_retries_total"),
        "each failed try counted once, and none after the post went out: {after:#?}"
    );
    assert_eq!(after.get("parlor_notices_failed_total"), Some(&0.0));
    assert_eq!(
        crate::db::sql_i64(&discord.database_url, kept).await,
        0,
        "delivered, not kept"
    );
    assert_eq!(get(&healthz).await.map(|(status, _)| status), Some(200));
    drop(bot);
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notice_being_retried_at_a_shutdown_is_kept_and_posted_after_the_restart() {
    // The bot would try for ten minutes: stopping does not wait for that.
    let (discord, bot) = start_retrying(parlor::discord::config::NOTICE_RETRY).await;
    let room = channel(11);
    bot_moves_while_posts_fail(&discord, room, 502, 2).await;
    let asked = std::time::Instant::now();
    bot.stop().await.expect("clean shutdown");
    assert!(
        asked.elapsed() < std::time::Duration::from_secs(8),
        "stopping waited for the retries: {:?}",
        asked.elapsed()
    );
    let kept = "SELECT COUNT(*) FROM undelivered";
    assert_eq!(crate::db::sql_i64(&discord.database_url, kept).await, 1);
    discord.heal_posts(room);
    let guild = fake::GUILD_ID.to_string();
    let bot = discord.start_bot(discord.config(&[("DISCORD_GUILD_ID", &guild)]));
    discord.wait_ready(2).await;
    // Connected again, the bot posts the board it could not, saying news was missed.
    let missed = words("undelivered-unavailable");
    let posted = missed_news_posted(&discord, room).await;
    assert!(!posted.ephemeral);
    assert_eq!(
        to_move(&posted),
        alice().id,
        "the bot's move is on the board"
    );
    discord.idle().await;
    assert_eq!(
        crate::db::sql_i64(&discord.database_url, kept).await,
        0,
        "told once"
    );
    let board = ask(&discord, &alice(), room, "board", json!({})).await;
    assert!(
        !board.text().contains(&missed),
        "told twice: {}",
        board.text()
    );
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn news_kept_during_an_outage_is_posted_once_connected_again() {
    let (discord, bot) = start_retrying(std::time::Duration::from_secs(2)).await;
    let room = channel(12);
    // Discord goes down as the bot is about to move: its posts fail, its gateway is cut.
    bot_moves_while_posts_fail(&discord, room, 503, 1).await;
    discord.cut_gateway();
    let kept = "SELECT COUNT(*) FROM undelivered";
    let deadline = std::time::Instant::now() + fake::WAIT;
    while crate::db::sql_i64(&discord.database_url, kept).await == 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the news was not kept"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // Discord is back: once connected, the bot posts what it could not, once.
    discord.heal_posts(room);
    discord.restore_gateway();
    let missed = words("undelivered-unavailable");
    let posted = missed_news_posted(&discord, room).await;
    assert_eq!(
        to_move(&posted),
        alice().id,
        "the bot's move is on the board"
    );
    discord.idle().await;
    assert_eq!(crate::db::sql_i64(&discord.database_url, kept).await, 0);
    assert_eq!(copies(&discord, room, &missed), 1, "posted once");
    stop(&discord, bot).await;
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
            // The log is shared by the tests of this process, each with its own match 1.
            .filter(|l| l.contains("a notice could not be posted") && l.contains(&marker))
            .filter(|l| l.contains("why=gone"))
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
    assert_eq!(said.len(), 1, "logged once: {said:?}");
    // Alice's next /board, in another channel, brings the match there and says what happened.
    let board = ask(&discord, &alice(), here, "board", json!({})).await;
    assert!(!board.ephemeral, "{}", board.text());
    assert_shows(&board, "The channel of this match was deleted");
    assert_eq!(
        to_move(&board),
        alice().id,
        "the bot's move is on the board"
    );
    // And the match goes on here.
    move_if_my_turn(&discord, &alice(), here, &board).await;
    bots_move(&discord, here, "played").await;
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_in_the_readers_language_a_presence_and_an_invite_link() {
    let (discord, bot) = start().await;
    let help = command(&discord, &alice(), "help", json!({})).await;
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
    // No docs URL configured: `/rules` attaches the full rules, and `/help` says so.
    let attached = crate::puzzle_words::fixed_words(parlor::i18n::Lang::En, "help-rules-attached");
    assert!(
        help.text().contains(&attached),
        "where the rules are: {}",
        help.text()
    );
    let aide = command(&discord, &alice().speaking("fr"), "help", json!({})).await;
    assert_shows(&aide, "lance un défi");
    assert_shows(&aide, "/rules");
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
    stop(&discord, bot).await;
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
    discord.idle().await;
    let before = posts(&discord.state());
    let moved = move_if_my_turn(&discord, &alice(), room, &board)
        .await
        .expect("Alice's turn");
    // The bot moves, and its notice is kept for the next answer (the database is polled: it is
    // not the fake's state). When the bot's move is quicker than the answer to Alice's, that
    // answer is the next one and tells it.
    let missing = "I am missing **Send Messages**";
    let board = if moved.text().contains(missing) {
        ask(&discord, &alice(), room, "board", json!({})).await
    } else {
        let deadline = std::time::Instant::now() + fake::WAIT;
        let kept = "SELECT COUNT(*) FROM undelivered";
        while crate::db::sql_i64(&discord.database_url, kept).await == 0 {
            assert!(std::time::Instant::now() < deadline, "no notice kept");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let board = ask(&discord, &alice(), room, "board", json!({})).await;
        assert_shows(&board, missing);
        board
    };
    assert_eq!(
        to_move(&board),
        alice().id,
        "the bot's move is on the board"
    );
    discord.idle().await;
    assert_eq!(
        posts(&discord.state()),
        before,
        "nothing tried where it is refused"
    );
    // Told once.
    let again = ask(&discord, &alice(), room, "board", json!({})).await;
    assert!(!again.text().contains("I am missing"), "{}", again.text());
    stop(&discord, bot).await;
}

/// How many public messages in `room` show `text`.
fn copies(discord: &FakeDiscord, room: u64, text: &str) -> usize {
    discord
        .public_messages(room)
        .iter()
        .filter(|m| m.text().contains(text))
        .count()
}
