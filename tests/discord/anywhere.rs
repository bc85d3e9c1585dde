//! Play anywhere (issue 43): Parlor installed to a person's account, its commands offered in DMs,
//! group DMs and servers that never added the bot, and matches carried by interactions alone.

use std::sync::Arc;
use std::time::Duration;

use parlor::table::catalogue;
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};

use crate::fake::{self, FakeDiscord, Msg};
use crate::logs;
use crate::rules::{code, followup, http, message, respond};
use crate::steps::{
    accept, alice, ask, ask_to_play, assert_shows, bob, bots_nth_move, carol, challenge, is_result,
    last_board_greyed_out, legal, play, play_first, press, stop, to_move, who,
};

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
    respond(&http, id, &token, &message("a board"))
        .await
        .expect("the answer goes through the interaction");
    // The bot may not write in the chat itself.
    let post = serenity::ChannelId::new(dm)
        .send_message(&http, serenity::CreateMessage::new().content("hello"))
        .await;
    assert_eq!(code(post), 50001);
    assert_eq!(discord.state().outside_refused.len(), 1);
    // Five follow-ups, not six.
    for _ in 0..fake::contexts::MAX_FOLLOWUPS {
        http.create_followup_message(&token, &followup("news"), vec![])
            .await
            .expect("a follow-up within the limit");
    }
    let sixth = http
        .create_followup_message(&token, &followup("news"), vec![])
        .await;
    assert_eq!(code(sixth), 40094);
    assert_eq!(discord.take_violations().len(), 1);
    // A token dies after 15 minutes: no follow-up, no edit.
    let (id, token) = discord.record_interaction_in(&bob(), dm);
    respond(&http, id, &token, &message("x"))
        .await
        .expect("answered");
    discord.age(id, fake::contexts::TOKEN_LIFE + Duration::from_secs(1));
    let late = http
        .create_followup_message(&token, &followup("news"), vec![])
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
    respond(&http, id, &token, &message("public?"))
        .await
        .expect("answered");
    let answer = discord.outcome(id).await;
    assert!(answer.ephemeral, "forced private");
    // A server that allows external apps keeps a public answer public.
    let (_, open) = discord.server_without_bot(true);
    let (id, token) = discord.record_interaction_in(&alice(), open);
    respond(&http, id, &token, &message("public"))
        .await
        .expect("answered");
    assert!(!discord.outcome(id).await.ephemeral);
    discord.assert_no_violations();
}

/// Starts a fake and the bot registering its commands globally (as for user installs), with
/// these match-service settings; waits until it is ready.
async fn start_global(settings: parlor::table::Config) -> (FakeDiscord, fake::Bot) {
    logs();
    let discord = FakeDiscord::start().await;
    let bot = discord.start_bot_with(discord.config(&[]), settings);
    discord.wait_ready(1).await;
    (discord, bot)
}

/// The match service's settings of the tests (no cooldown between challenges).
fn settings() -> parlor::table::Config {
    parlor::table::Config {
        challenge_cooldown_ms: 0,
        ..parlor::table::Config::default()
    }
}

/// As [`start_global`], the bot's time a clock the test moves on.
async fn start_clocked() -> (FakeDiscord, fake::Bot, parlor::table::ManualClock) {
    let clock = parlor::table::ManualClock::new(1_700_000_000_000);
    let (discord, bot) = start_global(parlor::table::Config {
        clock: Arc::new(clock.clone()),
        ..settings()
    })
    .await;
    (discord, bot, clock)
}

/// Nothing was ever posted, edited or started in `channel` other than through interactions.
fn only_interactions(discord: &FakeDiscord, channel: u64) {
    let state = discord.state();
    assert!(
        state.outside_refused.is_empty(),
        "the bot tried the channel itself: {:?}",
        state.outside_refused
    );
    let path = format!("/channels/{channel}");
    assert!(
        !state.requests.iter().any(|r| r.contains(&path)),
        "{:?}",
        state.requests
    );
}

/// The match number a result names (`#12`).
fn match_number(msg: &Msg) -> String {
    msg.text()
        .split('#')
        .nth(1)
        .map(|rest| rest.chars().take_while(char::is_ascii_digit).collect())
        .unwrap_or_default()
}

/// A whole Simultana match between two people in a group DM the bot is no member of: the
/// challenge, the accept (a button), a move by menus, the others by `/move`, the result with
/// its rating, all answers to interactions; the global ladder, `/stats` and `/history` count it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_in_a_group_dm_is_carried_by_interactions() {
    let (discord, bot) = start_global(settings()).await;
    let group = discord.open_group(&[alice(), bob(), carol()]);
    let players = [alice(), bob()];
    let options = json!({"game": "simultana", "clock": "1d"});
    let card = challenge(&discord, group, &alice(), &bob(), options).await;
    assert!(card.button("Accept").is_some(), "{}", card.text());
    let mut board = accept(&discord, &card, &bob()).await;
    board = discord.pictured(board.id).await;
    assert!(board.png().is_some(), "the board's picture");
    // The card's buttons are greyed out through the token of its interaction.
    discord
        .wait("the card greyed out", |s| {
            s.message(card.id).filter(|m| m.all_disabled()).map(|_| ())
        })
        .await;
    // A move by menus: the piece, then (privately) its target.
    board = by_menus(&discord, &board, &players).await;
    // The rest by `/move`, with its completion.
    for _ in 0..300 {
        if is_result(&board) {
            break;
        }
        board = play_first(&discord, group, &board, &players).await;
    }
    assert!(is_result(&board), "the match ended: {}", board.text());
    assert!(
        board.text().contains("->"),
        "ratings changed: {}",
        board.text()
    );
    last_board_greyed_out(&discord, group).await;
    // Counted in the global ladder and each player's records, never a server's.
    let number = match_number(&board);
    let in_group = async |user: &fake::User, name: &str, options: Value| {
        ask(&discord, user, group, name, options).await
    };
    let stats = in_group(&alice(), "stats", json!({"game": "simultana"})).await;
    assert_shows(&stats, "global");
    assert!(!stats.text().contains("server"), "{}", stats.text());
    let history = in_group(&bob(), "history", json!({})).await;
    assert_shows(&history, &format!("#{number}"));
    let ladder = in_group(&carol(), "leaderboard", json!({"game": "simultana"})).await;
    assert_shows(&ladder, &format!("<@{}>", alice().id));
    let scopes = crate::db::sql_i64(
        &discord.database_url,
        &format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM ratings WHERE player_id = {} AND scope <> 0",
            alice().id
        ),
    )
    .await;
    assert_eq!(scopes, 0, "no server ladder counts it");
    // A server's own setting says privately that it needs a server.
    let refused = in_group(&alice(), "settings", json!({"language": "fr"})).await;
    assert!(refused.ephemeral, "{}", refused.text());
    assert_shows(&refused, "server that added Parlor");
    let server_ladder = json!({"game": "simultana", "scope": "server"});
    let ladder = in_group(&alice(), "leaderboard", server_ladder).await;
    assert!(ladder.ephemeral, "{}", ladder.text());
    only_interactions(&discord, group);
    stop(&discord, bot).await;
}

/// The player to move on `board` plays by its menus: the first piece, then (privately) its
/// first target; the new board, public, the turn passed.
async fn by_menus(discord: &FakeDiscord, board: &Msg, players: &[fake::User]) -> Msg {
    let mover = who(players, to_move(board)).clone();
    let source_menu = board.menus()[0].clone();
    let source = board.menu_values(&source_menu)[0].clone();
    let targets = discord
        .outcome(discord.select(&mover, board.id, &source_menu, &[&source]))
        .await;
    assert!(targets.ephemeral, "{}", targets.text());
    let target_menu = targets.menus()[0].clone();
    let target = targets.menu_values(&target_menu)[0].clone();
    let next = discord
        .outcome(discord.select(&mover, targets.id, &target_menu, &[&target]))
        .await;
    assert!(!next.ephemeral, "the move is public: {}", next.text());
    assert_ne!(to_move(&next), mover.id, "the turn passed");
    next
}

/// In a DM with Parlor, `/play` plays the AI: its moves follow in the DM (the bot is a member
/// there), to the end of the match; a challenge to someone else is refused, saying where.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_with_parlor_plays_the_ai() {
    let (discord, bot) = start_global(settings()).await;
    let dm = fake::DM_CHANNEL_ID;
    let simultana = json!({"game": "simultana"});
    let refused = ask_to_play(&discord, dm, &alice(), &bob(), simultana).await;
    assert!(refused.ephemeral, "{}", refused.text());
    assert_shows(&refused, "DM with Parlor");
    let mut board = ask(
        &discord,
        &alice(),
        dm,
        "play",
        json!({"game": "simultana", "level": 1}),
    )
    .await;
    assert!(!board.ephemeral, "{}", board.text());
    let mut bot_moves = 0;
    for _ in 0..300 {
        if is_result(&board) {
            break;
        }
        if to_move(&board) == fake::APP_ID {
            board = bots_nth_move(&discord, bot_moves).await;
            bot_moves += 1;
            continue;
        }
        let first = legal(&discord, &alice(), dm).await.remove(0);
        board = play(&discord, &alice(), dm, &first).await;
        assert!(!board.ephemeral, "{}", board.text());
    }
    assert!(is_result(&board), "the match ended: {}", board.text());
    assert!(bot_moves > 0);
    stop(&discord, bot).await;
}

/// Alice challenges Bob to Simultana with an hour a move in `dm`, he accepts and each plays a
/// move (before that, a time-out would only abort the match); the player to move now.
async fn clocked_match(discord: &FakeDiscord, dm: u64) -> u64 {
    let options = json!({"game": "simultana", "clock": "1h"});
    let card = challenge(discord, dm, &alice(), &bob(), options).await;
    let mut board = accept(discord, &card, &bob()).await;
    let players = [alice(), bob()];
    for _ in 0..2 {
        board = play_first(discord, dm, &board, &players).await;
    }
    to_move(&board)
}

/// The result of a time-out of `late`'s, told as a follow-up of interaction `id`.
async fn time_out_told(discord: &FakeDiscord, id: u64, late: u64) -> Msg {
    discord.outcome(id).await;
    let result = discord
        .wait("the time-out told", |s| {
            s.messages
                .iter()
                .find(|m| m.touched_by.contains(&id) && !m.ephemeral && is_result(m))
                .cloned()
        })
        .await;
    let text = result.text();
    assert!(text.contains(&format!("<@{late}>")), "{text}");
    assert!(
        discord.state().interactions[&id]
            .followups
            .contains(&result.id)
    );
    result
}

/// A time-out in a DM between two people, when no interaction's token lives any more: nothing
/// is posted then; the next interaction there tells it, as a follow-up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_out_in_a_dm_is_told_by_the_next_interaction() {
    let (discord, bot, clock) = start_clocked().await;
    let dm = discord.open_dm(&alice(), &bob());
    let late = clocked_match(&discord, dm).await;
    discord.idle().await;
    let in_dm = |s: &fake::FakeState| s.messages.iter().filter(|m| m.channel_id == dm).count();
    let before = in_dm(&discord.state());
    // Two hours pass, for Discord (every token dies) and for the bot's clock.
    discord.age_all(Duration::from_secs(2 * 3600));
    clock.advance_ms(2 * 3600 * 1000);
    // The bot's timer applies it within a second.
    timed_out(&discord, 1).await;
    assert_eq!(in_dm(&discord.state()), before, "nothing could be said yet");
    // The next interaction there: its answer, and the time-out as a follow-up.
    let id = discord.slash_in(&alice(), dm, "board", json!({}), &[]);
    time_out_told(&discord, id, late).await;
    only_interactions(&discord, dm);
    stop(&discord, bot).await;
}

/// A server that never added the bot and turned "Use External Apps" off: every answer is
/// private, says why and how the match goes on; the opponent finds the challenge with `/board`,
/// and the match is played to its end all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_the_bot_forcing_private_answers() {
    let (discord, bot) = start_global(settings()).await;
    let (guild, channel) = discord.server_without_bot(false);
    let simultana = json!({"game": "simultana"});
    let card = ask_to_play(&discord, channel, &alice(), &bob(), simultana).await;
    assert!(card.ephemeral, "forced private");
    assert_shows(&card, "Use External Apps");
    assert_shows(&card, "/board");
    // Bob never saw it: `/board` shows him the challenge, with its buttons.
    let shown = ask(&discord, &bob(), channel, "board", json!({})).await;
    assert!(
        shown.ephemeral && shown.button("Accept").is_some(),
        "{}",
        shown.text()
    );
    let mut board = press(&discord, &bob(), &shown, "Accept").await;
    assert!(board.ephemeral, "{}", board.text());
    assert_shows(&board, "Use External Apps");
    let players = [alice(), bob()];
    for _ in 0..2 {
        let mover = who(&players, to_move(&board)).clone();
        let first = legal(&discord, &mover, channel).await.remove(0);
        board = play(&discord, &mover, channel, &first).await;
        assert!(
            board.ephemeral && board.button("Resign").is_some(),
            "{}",
            board.text()
        );
    }
    let result = ask(&discord, &alice(), channel, "resign", json!({})).await;
    assert!(result.ephemeral && is_result(&result), "{}", result.text());
    let scope = crate::db::sql_i64(
        &discord.database_url,
        &format!("SELECT CAST(COUNT(*) AS BIGINT) FROM ratings WHERE scope = {guild}"),
    )
    .await;
    assert_eq!(scope, 0, "a server that never added the bot has no ladder");
    only_interactions(&discord, channel);
    stop(&discord, bot).await;
}

/// The AI played in a group DM the bot is no member of: each of its moves comes as a follow-up
/// of the interaction it answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ais_moves_follow_up_the_interaction_they_answer() {
    let (discord, bot) = start_global(settings()).await;
    let group = discord.open_group(&[alice(), bob()]);
    let mut board = challenge(
        &discord,
        group,
        &alice(),
        &fake::User::bot(),
        json!({"game": "simultana", "level": 1}),
    )
    .await;
    let mut bot_moves = 0;
    while bot_moves < 3 && !is_result(&board) {
        if to_move(&board) == fake::APP_ID {
            board = bots_nth_move(&discord, bot_moves).await;
            bot_moves += 1;
            let state = discord.state();
            assert!(
                state
                    .interactions
                    .values()
                    .any(|ix| ix.followups.contains(&board.id)),
                "the AI's move is a follow-up"
            );
            continue;
        }
        let first = legal(&discord, &alice(), group).await.remove(0);
        board = play(&discord, &alice(), group, &first).await;
        assert!(!board.ephemeral, "{}", board.text());
    }
    assert!(bot_moves == 3 || is_result(&board), "{}", board.text());
    discord.idle().await;
    only_interactions(&discord, group);
    // Every move went as a follow-up: none was kept back and told in a DM instead (news that
    // came while an answer was going used to be).
    assert_eq!(discord.state().dm_of(alice().id), None, "no DM");
    stop(&discord, bot).await;
}

/// After a restart the bot has not heard from a DM between people yet: a time-out there is
/// refused by Discord (the bot is no member), and the next interaction tells it all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_news_in_a_dm_waits_for_the_next_interaction() {
    let clock = parlor::table::ManualClock::new(1_700_000_000_000);
    let with_clock = || parlor::table::Config {
        clock: Arc::new(clock.clone()),
        ..settings()
    };
    let (discord, bot) = start_global(with_clock()).await;
    let dm = discord.open_dm(&alice(), &bob());
    let late = clocked_match(&discord, dm).await;
    discord.idle().await;
    bot.stop().await.expect("clean shutdown");
    let bot = discord.start_bot_with(discord.config(&[]), with_clock());
    discord.wait_ready(2).await;
    discord.age_all(Duration::from_secs(2 * 3600));
    clock.advance_ms(2 * 3600 * 1000);
    discord
        .wait("Discord to refuse the notice", |s| {
            (!s.outside_refused.is_empty()).then_some(())
        })
        .await;
    discord.idle().await;
    let id = discord.slash_in(&bob(), dm, "board", json!({}), &[]);
    time_out_told(&discord, id, late).await;
    stop(&discord, bot).await;
}

/// Waits until the bot's timer has finished the `n`th match of the test, then until it is idle.
async fn timed_out(discord: &FakeDiscord, n: i64) {
    let finished = "SELECT CAST(COUNT(*) AS BIGINT) FROM matches WHERE status = 'finished'";
    for _ in 0..400 {
        if crate::db::sql_i64(&discord.database_url, finished).await == n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(crate::db::sql_i64(&discord.database_url, finished).await, n);
    discord.idle().await;
}

/// A time-out in a group DM once every token there is dead: Alice, who installed Parlor to her
/// account, is told at once in a DM from Parlor (the result's picture, a link to the chat, no
/// controls); Bob, who only pressed the buttons and menus of her messages (no install, no server
/// shared with the bot), cannot be sent one: Discord refuses it (50007), and he learns it from
/// the next interaction in the group, which tells it once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_out_goes_in_a_dm_to_whom_discord_lets_parlor_message() {
    let (discord, bot, clock) = start_clocked().await;
    let group = discord.open_group(&[alice(), bob(), carol()]);
    let players = [alice(), bob()];
    let options = json!({"game": "simultana", "clock": "1h"});
    let card = challenge(&discord, group, &alice(), &bob(), options).await;
    let mut board = accept(&discord, &card, &bob()).await;
    for _ in 0..2 {
        board = by_menus(&discord, &board, &players).await;
    }
    let late = to_move(&board);
    discord.idle().await;
    {
        let state = discord.state();
        assert!(state.can_message(alice().id), "Alice installed Parlor");
        assert!(!state.can_message(bob().id), "Bob never did");
    }
    let in_group =
        |s: &fake::FakeState| s.messages.iter().filter(|m| m.channel_id == group).count();
    let before = in_group(&discord.state());
    discord.age_all(Duration::from_secs(2 * 3600));
    clock.advance_ms(2 * 3600 * 1000);
    timed_out(&discord, 1).await;
    // Alice's DM: the result, in her language, with where it happened and no controls.
    let letter = discord
        .wait("the time-out in Alice's DM", |s| {
            let dm = s.dm_of(alice().id)?;
            s.messages.iter().find(|m| m.channel_id == dm).cloned()
        })
        .await;
    let text = letter.text();
    let said = crate::puzzle_words::fixed_words(parlor::i18n::Lang::En, "notice-in-dm");
    assert!(text.contains(&said), "{text}");
    assert!(
        text.contains(&format!("https://discord.com/channels/@me/{group}")),
        "{text}"
    );
    assert!(text.contains(&format!("<@{late}>")), "the time-out: {text}");
    assert!(letter.png().is_some(), "the final board");
    assert!(letter.controls().is_empty(), "{:?}", letter.controls());
    {
        let state = discord.state();
        assert_eq!(
            state.dm_refused,
            [bob().id],
            "Discord refused Bob's DM, once"
        );
        let bobs = state.dm_of(bob().id);
        assert!(
            !state.messages.iter().any(|m| Some(m.channel_id) == bobs),
            "nothing reached Bob"
        );
        assert_eq!(in_group(&state), before, "nothing in the group yet");
    }
    // Bob presses the old board: the answer, and the time-out once, as its follow-up.
    let resign = board.button("Resign").expect("the board's Resign button");
    let id = discord.press(&bob(), board.id, &resign);
    time_out_told(&discord, id, late).await;
    discord.idle().await;
    let results = discord
        .state()
        .messages
        .iter()
        .filter(|m| m.channel_id == group && !m.ephemeral && is_result(m))
        .count();
    assert_eq!(results, 1, "told once in the group");
    assert!(!discord.state().can_message(bob().id), "still no install");
    assert_eq!(discord.state().dm_refused.len(), 1, "no DM tried again");
    // A second match times out within the hour: Alice has a second DM; Bob, refused lately, is
    // not asked again (each refusal counts towards Discord's limit of invalid requests).
    let options = json!({"game": "simultana", "clock": "1h"});
    let card = challenge(&discord, group, &alice(), &bob(), options).await;
    let mut board = accept(&discord, &card, &bob()).await;
    for _ in 0..2 {
        board = by_menus(&discord, &board, &players).await;
    }
    discord.idle().await;
    discord.age_all(Duration::from_secs(2 * 3600));
    clock.advance_ms(2 * 3600 * 1000);
    timed_out(&discord, 2).await;
    discord
        .wait("the second time-out in Alice's DM", |s| {
            let dm = s.dm_of(alice().id)?;
            (s.messages.iter().filter(|m| m.channel_id == dm).count() == 2).then_some(())
        })
        .await;
    assert_eq!(discord.state().dm_refused.len(), 1, "Bob not asked again");
    only_interactions(&discord, group);
    stop(&discord, bot).await;
}

/// `/puzzle` where the bot is no member or in its own DM: the daily puzzle, a hint and a move
/// answered to the person only, in a DM with Parlor (context 1) and in a group DM (context 2,
/// interactions only).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_work_in_a_dm_with_parlor_and_in_a_group_dm() {
    use crate::puzzle_words::fixed_words;
    use parlor::i18n::Lang;
    let (discord, bot) = start_global(settings()).await;
    let says = |msg: &Msg, id: &str| {
        let fixed = fixed_words(Lang::En, id);
        assert!(msg.text().contains(&fixed), "{id}: {}", msg.text());
    };
    let group = discord.open_group(&[alice(), bob()]);
    for (user, chat) in [(alice(), fake::DM_CHANNEL_ID), (bob(), group)] {
        let mut daily = None;
        for _ in 0..600 {
            let shown = ask(&discord, &user, chat, "puzzle", json!({"daily": true})).await;
            if shown
                .text()
                .contains(&fixed_words(Lang::En, "puzzle-daily-title"))
            {
                daily = Some(shown);
                break;
            }
            // The starter puzzles load beside the start.
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let daily = daily.expect("the daily puzzle");
        assert!(daily.ephemeral, "{}", daily.text());
        let hinted = press(&discord, &user, &daily, "Hint").await;
        assert!(hinted.ephemeral);
        says(&hinted, "puzzle-hint");
        let id = discord.send_autocomplete(&user, chat, "puzzle", "move", "");
        let first = discord
            .choices(id)
            .await
            .iter()
            .find_map(|c| c["value"].as_str().map(str::to_owned))
            .expect("the puzzle's moves");
        let answer = ask(&discord, &user, chat, "puzzle", json!({"move": first})).await;
        assert!(answer.ephemeral, "{}", answer.text());
        let ids = ["puzzle-right", "puzzle-wrong", "puzzle-solved"];
        assert!(
            ids.iter()
                .any(|id| answer.text().contains(&fixed_words(Lang::En, id))),
            "{}",
            answer.text()
        );
    }
    only_interactions(&discord, group);
    stop(&discord, bot).await;
}
