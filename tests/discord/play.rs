//! Matches played through Discord: challenge, accept, moves by command, menu and button, the
//! result, refusals, races, restarts.

use serde_json::json;

use crate::fake::{self, CHANNEL_ID, FakeDiscord, Msg, User};
use crate::steps::{
    accept, alice, assert_shows, bob, bots_nth_move, carol, challenge, command, is_result,
    last_board_greyed_out, legal, play, play_the_bot, press, stop, to_move, who,
};
use crate::{GUILD_ID, logs, start};

/// Alice challenges Bob to `game` in the test channel and Bob accepts: the first board, the
/// player to move and the other one.
async fn under_way(discord: &FakeDiscord, game: &str) -> (Msg, User, User) {
    let (_, board) = challenge_accepted(discord, CHANNEL_ID, &alice(), &bob(), game).await;
    if to_move(&board) == alice().id {
        (board, alice(), bob())
    } else {
        (board, bob(), alice())
    }
}

/// `challenger` challenges `opponent` to `game` in `channel`; `opponent` presses Accept. Returns
/// the challenge card and the first board.
async fn challenge_accepted(
    discord: &FakeDiscord,
    channel: u64,
    challenger: &User,
    opponent: &User,
    game: &str,
) -> (Msg, Msg) {
    let options = json!({"game": game, "clock": "1d"});
    let card = challenge(discord, channel, challenger, opponent, options).await;
    assert!(
        card.content.contains(&opponent.id.to_string()),
        "the card pings the opponent"
    );
    assert!(card.button("Decline").is_some() && card.button("Cancel").is_some());
    let board = accept(discord, &card, opponent).await;
    (card, board)
}

/// Once the bot is idle, no public message shows a result yet; then `user` presses `label` on
/// the private `question`, and the result is public.
async fn confirm(discord: &FakeDiscord, user: &User, question: &Msg, label: &str) -> Msg {
    discord.idle().await;
    assert!(
        discord
            .public_messages(question.channel_id)
            .iter()
            .all(|m| !is_result(m)),
        "nothing public yet"
    );
    let result = press(discord, user, question, label).await;
    assert!(!result.ephemeral && is_result(&result), "{}", result.text());
    result
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_from_challenge_to_rating_change() {
    let (discord, bot) = start().await;
    let players = [alice(), bob()];
    let (card, mut board) =
        challenge_accepted(&discord, CHANNEL_ID, &alice(), &bob(), "simultana").await;
    assert!(
        card.text().to_lowercase().contains("rated"),
        "{}",
        card.text()
    );
    board = discord.pictured(board.id).await;
    let png = board.png().expect("the board picture is attached");
    assert!(png.len() > 1000);
    let image = board.embeds[0]["image"]["url"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(
        image,
        format!("attachment://{}", board.files[0].filename),
        "shown in the embed"
    );
    let text = board.text();
    assert!(
        text.contains("<t:"),
        "the deadline as a Discord timestamp: {text}"
    );
    assert!(board.button("Resign").is_some() && board.button("Offer draw").is_some());
    assert!(!board.menus().is_empty(), "a way to move without typing");

    for _ in 0..300 {
        if is_result(&board) {
            break;
        }
        let player = who(&players, to_move(&board)).clone();
        let first = legal(&discord, &player, CHANNEL_ID).await.remove(0);
        board = play(&discord, &player, CHANNEL_ID, &first).await;
        assert!(!board.ephemeral, "move {first} refused: {}", board.text());
    }
    assert!(is_result(&board), "the game ended");
    let text = board.text();
    assert!(
        text.contains("wins") || text.to_lowercase().contains("draw"),
        "the result says who won: {text}"
    );
    assert!(text.contains("->"), "rating changes shown: {text}");
    // The whole match again, as an animation.
    let number: String = text
        .split('#')
        .nth(1)
        .map(|rest| rest.chars().take_while(char::is_ascii_digit).collect())
        .unwrap_or_default();
    let replay = command(&discord, &alice(), "replay", json!({ "match": number })).await;
    assert!(!replay.ephemeral, "{}", replay.text());
    let replay = discord.pictured(replay.id).await;
    assert!(
        replay.files.iter().any(|f| f.bytes.starts_with(b"GIF8")),
        "a GIF attached: {}",
        replay.text()
    );
    // Its move list, with the export for the engine attached as a text file.
    let sheet = command(&discord, &alice(), "moves", json!({ "match": number })).await;
    assert!(!sheet.ephemeral, "{}", sheet.text());
    assert_shows(&sheet, "1. ");
    assert!(sheet.text().chars().count() <= 2000);
    let export = sheet
        .files
        .iter()
        .find(|f| f.filename == format!("match-{number}.txt"))
        .unwrap_or_else(|| panic!("an export attached: {}", sheet.text()));
    assert!(export.bytes.starts_with(b"new "), "{:?}", export.bytes);
    // Head-to-head, through `/stats against:`.
    let id = discord.slash_in(
        &alice(),
        CHANNEL_ID,
        "stats",
        json!({ "against": bob().id }),
        &[bob()],
    );
    let h2h = discord.outcome(id).await;
    assert!(!h2h.ephemeral, "{}", h2h.text());
    assert_shows(&h2h, "vs <@");
    assert_shows(&h2h, "Simultana: ");
    // The board before the result no longer offers moves.
    last_board_greyed_out(&discord, CHANNEL_ID).await;
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_by_menu_resign_by_button_and_rematch() {
    let (discord, bot) = start().await;
    let (board, player, resigner) = under_way(&discord, "loa").await;
    // First menu: the piece; the answer (for the mover only) offers the targets.
    let source_menu = board.menus()[0].clone();
    let source = board.menu_values(&source_menu)[0].clone();
    let id = discord.select(&player, board.id, &source_menu, &[&source]);
    let targets = discord.outcome(id).await;
    assert!(targets.ephemeral, "the target menu is for the mover only");
    let target_menu = targets.menus()[0].clone();
    let target = targets.menu_values(&target_menu)[0].clone();
    let id = discord.select(&player, targets.id, &target_menu, &[&target]);
    let board = discord.outcome(id).await;
    assert!(!board.ephemeral, "the move is public: {}", board.text());
    assert_ne!(to_move(&board), player.id, "the turn passed");

    assert_eq!(to_move(&board), resigner.id, "the other player moves next");
    let resign = board.button("Resign").expect("a Resign button");
    let id = discord.press(&resigner, board.id, &resign);
    // The press only asks, in a message that only the presser sees, with a confirm button.
    let question = discord.outcome(id).await;
    assert!(question.ephemeral, "{}", question.text());
    assert!(!is_result(&question), "{}", question.text());
    let result = confirm(&discord, &resigner, &question, "Yes, resign").await;
    assert_shows(&result, "resign");
    let card = press(&discord, &player, &result, "Rematch").await;
    assert!(
        card.button("Accept").is_some(),
        "a new challenge: {}",
        card.text()
    );
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_private() {
    let (discord, bot) = start().await;
    let players = [alice(), bob()];
    // No match here yet.
    let id = discord.slash(&alice(), "board", json!({}));
    assert!(discord.outcome(id).await.ephemeral, "unknown match");
    let id = discord.slash(&alice(), "replay", json!({"match": "999"}));
    assert!(discord.outcome(id).await.ephemeral, "unknown replay");

    let (_, board) = challenge_accepted(&discord, CHANNEL_ID, &alice(), &bob(), "simultana").await;
    let mover = who(&players, to_move(&board)).clone();
    let other = players
        .iter()
        .find(|p| p.id != mover.id)
        .cloned()
        .expect("two players");
    let legal = discord.autocomplete(&mover, "move", "move", "").await;
    let legal_move = legal[0]["value"].as_str().expect("a move").to_owned();

    let refused = play(&discord, &other, CHANNEL_ID, &legal_move).await;
    assert!(refused.ephemeral, "not your turn: {}", refused.text());
    let refused = play(&discord, &carol(), CHANNEL_ID, &legal_move).await;
    assert!(refused.ephemeral, "not your match: {}", refused.text());
    let refused = play(&discord, &mover, CHANNEL_ID, "a2-a1").await;
    assert!(refused.ephemeral, "illegal move: {}", refused.text());
    assert!(
        refused.text().len() > 20,
        "the reason is given: {}",
        refused.text()
    );

    let old = board.clone();
    let next = play(&discord, &mover, CHANNEL_ID, &legal_move).await;
    assert!(!next.ephemeral);
    // A button of the old board is stale now. The bot greys old boards out, but a client may
    // still show (and send) the old one: a copy of it stands for that.
    let copy = discord.inject_message(CHANNEL_ID, "the old board", old.components.clone());
    let draw = old.button("Offer draw").expect("Offer draw");
    let id = discord.press(&other, copy, &draw);
    let stale = discord.outcome(id).await;
    assert!(stale.ephemeral, "stale button: {}", stale.text());
    assert!(
        stale.text().to_lowercase().contains("out of date"),
        "{}",
        stale.text()
    );
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_resign_is_stale_and_a_draw_button_asks_first() {
    let (discord, bot) = start().await;
    let (board, mover, other) = under_way(&discord, "simultana").await;
    let legal = discord.autocomplete(&mover, "move", "move", "").await;
    let legal_move = legal[0]["value"].as_str().expect("a move").to_owned();
    let next = play(&discord, &mover, CHANNEL_ID, &legal_move).await;
    assert!(!next.ephemeral, "{}", next.text());
    // Resign on a copy of the old board (as a client that missed the greying out would send).
    // (A stale press greys its message out, so each player presses a copy of their own.)
    let resign = board.button("Resign").expect("Resign");
    for player in [&mover, &other] {
        let copy = discord.inject_message(CHANNEL_ID, "the old board", board.components.clone());
        let id = discord.press(player, copy, &resign);
        let stale = discord.outcome(id).await;
        assert!(
            stale.ephemeral && stale.text().contains("out of date"),
            "{}",
            stale.text()
        );
    }
    // The game goes on.
    let legal = discord.autocomplete(&other, "move", "move", "").await;
    let reply = legal[0]["value"].as_str().expect("a move").to_owned();
    let board = play(&discord, &other, CHANNEL_ID, &reply).await;
    assert!(!board.ephemeral && !is_result(&board), "{}", board.text());

    // A draw offered by command; accepting it by button asks the presser only.
    let offer = command(&discord, &mover, "draw", json!({})).await;
    assert!(!offer.ephemeral, "{}", offer.text());
    let question = press(&discord, &other, &offer, "Accept draw").await;
    assert!(
        question.ephemeral && !is_result(&question),
        "{}",
        question.text()
    );
    let result = confirm(&discord, &other, &question, "Yes, accept").await;
    assert_shows(&result, "Draw by agreement");
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_simultaneous_moves_apply_once() {
    let (discord, bot) = start().await;
    let (_, mover, _) = under_way(&discord, "simultana").await;
    let legal = discord.autocomplete(&mover, "move", "move", "").await;
    let a = legal[0]["value"].as_str().expect("a move").to_owned();
    let b = legal[legal.len() - 1]["value"]
        .as_str()
        .expect("a move")
        .to_owned();
    let first = discord.slash(&mover, "move", json!({ "move": a }));
    let second = discord.slash(&mover, "move", json!({ "move": b }));
    let (one, two) = (discord.outcome(first).await, discord.outcome(second).await);
    let public = [&one, &two].iter().filter(|m| !m.ephemeral).count();
    assert_eq!(
        public,
        1,
        "exactly one move applied: {} / {}",
        one.text(),
        two.text()
    );
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_of_a_match() {
    let (discord, bot) = start().await;
    let players = [alice(), bob()];
    let (_, mover, _) = under_way(&discord, "simultana").await;
    let first = legal(&discord, &mover, CHANNEL_ID).await[0].clone();
    let board = play(&discord, &mover, CHANNEL_ID, &first).await;
    assert!(!board.ephemeral);

    bot.stop().await.expect("clean shutdown");
    let guild = fake::GUILD_ID.to_string();
    let bot = discord.start_bot(discord.config(&[("DISCORD_GUILD_ID", &guild)]));
    discord.wait_ready(2).await;

    // The board from before the restart still works: its buttons name the match and the move.
    let next = who(&players, to_move(&board)).clone();
    let source_menu = board.menus()[0].clone();
    let source = board.menu_values(&source_menu)[0].clone();
    let id = discord.select(&next, board.id, &source_menu, &[&source]);
    let targets = discord.outcome(id).await;
    assert!(
        targets.ephemeral && !targets.menus().is_empty(),
        "{}",
        targets.text()
    );
    // And the game goes on by command.
    let legal = discord.autocomplete(&next, "move", "move", "").await;
    let mv = legal[0]["value"].as_str().expect("a move").to_owned();
    let after = play(&discord, &next, CHANNEL_ID, &mv).await;
    assert!(!after.ephemeral, "the game continues: {}", after.text());
    assert_eq!(to_move(&after), mover.id);
    // The board from before the restart is out of date now (the restarted bot never knew it
    // was shown): pressing it says so, and greys it out.
    let id = discord.select(&next, board.id, &source_menu, &[&source]);
    let stale = discord.outcome(id).await;
    assert!(
        stale.ephemeral && stale.text().contains("out of date"),
        "{}",
        stale.text()
    );
    discord
        .wait("the old board greyed out", |s| {
            s.messages
                .iter()
                .find(|m| m.id == board.id)
                .filter(|m| {
                    m.button("Resign").is_some() && m.all_disabled() && m.menus().is_empty()
                })
                .map(|_| ())
        })
        .await;
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_lists_legal_moves_by_prefix() {
    let (discord, bot) = start().await;
    let (_, mover, _) = under_way(&discord, "loa").await;
    let all = discord.autocomplete(&mover, "move", "move", "").await;
    assert!(!all.is_empty() && all.len() <= 25, "{} choices", all.len());
    let first = all[0]["value"].as_str().expect("a move").to_owned();
    let prefix: String = first.chars().take(2).collect();
    let some = discord
        .autocomplete(&mover, "move", "move", &prefix.to_uppercase())
        .await;
    assert!(!some.is_empty());
    for choice in &some {
        let value = choice["value"].as_str().expect("text");
        assert!(
            value.to_lowercase().starts_with(&prefix),
            "{value} starts with {prefix}"
        );
    }
    let none = discord.autocomplete(&mover, "move", "move", "zz").await;
    assert!(none.is_empty());
    // Every offered move is accepted.
    let played = play(&discord, &mover, CHANNEL_ID, &first).await;
    assert!(!played.ephemeral, "{}", played.text());
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_ai_whose_moves_follow_by_themselves() {
    let (discord, bot) = start().await;
    let mut board = play_the_bot(&discord, &alice(), CHANNEL_ID).await;
    let mut bot_moves = 0;
    while bot_moves < 3 && !is_result(&board) {
        if to_move(&board) == fake::APP_ID {
            board = bots_nth_move(&discord, bot_moves).await;
            bot_moves += 1;
            continue;
        }
        let hints = discord.autocomplete(&alice(), "move", "move", "").await;
        let mv = hints[0]["value"].as_str().expect("a move").to_owned();
        board = play(&discord, &alice(), CHANNEL_ID, &mv).await;
        assert!(!board.ephemeral, "{}", board.text());
    }
    assert!(bot_moves == 3 || is_result(&board), "{}", board.text());
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_show_a_game() {
    let (discord, bot) = start().await;
    let rules = command(&discord, &alice(), "rules", json!({"game": "barrier"})).await;
    assert!(!rules.ephemeral);
    let rules = discord.pictured(rules.id).await;
    assert_shows(&rules, "Barrier");
    assert!(rules.png().is_some(), "a picture of the start position");
    // No published copy configured: the full rules, attached and described.
    let attached = rules
        .files
        .iter()
        .find(|a| a.filename == "barrier.md")
        .expect("the full rules attached");
    let page = parlor::i18n::Lang::En
        .rules_page("barrier")
        .expect("shipped");
    assert_eq!(attached.bytes, page.as_bytes());
    assert!(!attached.description.is_empty(), "described");
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_link_the_published_docs_when_configured() {
    let discord = FakeDiscord::start().await;
    let base = "https://example.org/parlor/blob/main/docs/rules";
    let bot = discord.start_bot(discord.config(&[("PARLOR_DOCS_URL", base)]));
    discord.wait_ready(1).await;
    let rules = command(&discord, &alice(), "rules", json!({"game": "simultana"})).await;
    assert_shows(&rules, &format!("{base}/en/simultana.md"));
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn menus_for_lightning_tiles_and_barrier_laying() {
    let (discord, bot) = start().await;
    let players = [alice(), bob()];
    for (channel, game) in [(CHANNEL_ID + 10, "lightning"), (CHANNEL_ID + 11, "barrier")] {
        let (_, board) = challenge_accepted(&discord, channel, &alice(), &bob(), game).await;
        let mover = who(&players, to_move(&board)).clone();
        let menu = board.menus()[0].clone();
        let sources = board.menu_values(&menu);
        match game {
            // Lightning: draw from the pile (the tile is hidden until drawn).
            "lightning" => assert!(sources.iter().any(|s| s == "P"), "{sources:?}"),
            // Barrier's laying phase: a tile first.
            _ => assert!(sources.iter().any(|s| s.contains('+')), "{sources:?}"),
        }
        // Pick the first option of the first menu until the turn passes: a source then its
        // target (in a private message), or Lightning's draw (public: the tile is revealed),
        // then where to put it.
        let mut current = board.clone();
        let mut choice = sources[0].clone();
        let mut menu = menu;
        let mut passed = false;
        for _ in 0..4 {
            let id = discord.select(&mover, current.id, &menu, &[&choice]);
            current = discord.outcome(id).await;
            if !current.ephemeral && to_move(&current) != mover.id {
                passed = true;
                break;
            }
            menu = current
                .menus()
                .first()
                .cloned()
                .unwrap_or_else(|| panic!("{game}: no menu to go on with: {}", current.text()));
            choice = current.menu_values(&menu)[0].clone();
        }
        assert!(passed, "{game}: the turn passed by menus alone");
    }
    stop(&discord, bot).await;
}

/// A board drawn within the wait goes with the first response, which asks Discord where the
/// message is (`with_response`): no edit follows. Drawn later (a zero wait), the answer goes
/// first and the picture is edited in. Either way the board before it is greyed out, by
/// command and by menu alike.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_drawn_in_time_goes_with_the_first_response_else_it_is_edited_in() {
    for in_time in [true, false] {
        let discord = FakeDiscord::start().await;
        let guild = fake::GUILD_ID.to_string();
        let mut config = discord.config(&[("DISCORD_GUILD_ID", &guild)]);
        config.picture_wait = if in_time {
            std::time::Duration::from_secs(2)
        } else {
            std::time::Duration::ZERO
        };
        let bot = discord.start_bot(config);
        discord.wait_ready(1).await;
        let (_, mover, other) = under_way(&discord, "loa").await;
        let moves = legal(&discord, &mover, CHANNEL_ID).await;
        let id = discord.slash(&mover, "move", json!({ "move": moves[0] }));
        let board = discord.pictured(discord.outcome(id).await.id).await;
        let first = discord.first_response(id).await;
        let attached = first.data["attachments"].as_array().map_or(0, Vec::len);
        assert_eq!(first.kind, 4, "a new message");
        assert_eq!(
            attached,
            usize::from(in_time),
            "the picture in the first response"
        );
        assert_eq!(
            board.edits,
            u32::from(!in_time),
            "edited only to add the picture"
        );
        assert!(!board.files[0].description.is_empty(), "described");
        last_board_greyed_out_but(&discord, board.id).await;
        // The other player answers by the menus: a component's first response alike.
        let source_menu = board.menus()[0].clone();
        let source = board.menu_values(&source_menu)[0].clone();
        let targets = discord
            .outcome(discord.select(&other, board.id, &source_menu, &[&source]))
            .await;
        let target_menu = targets.menus()[0].clone();
        let target = targets.menu_values(&target_menu)[0].clone();
        let id = discord.select(&other, targets.id, &target_menu, &[&target]);
        let next = discord.pictured(discord.outcome(id).await.id).await;
        let first = discord.first_response(id).await;
        let attached = first.data["attachments"].as_array().map_or(0, Vec::len);
        assert_eq!((first.kind, attached), (4, usize::from(in_time)));
        assert_eq!(next.edits, u32::from(!in_time));
        assert_eq!(to_move(&next), mover.id, "the turn passed");
        last_board_greyed_out_but(&discord, next.id).await;
        stop(&discord, bot).await;
    }
}

/// Waits until every public board of the test channel but `live` has its controls greyed out.
async fn last_board_greyed_out_but(discord: &FakeDiscord, live: u64) {
    discord
        .wait("the boards before greyed out", |s| {
            s.messages
                .iter()
                .filter(|m| m.channel_id == CHANNEL_ID && !m.ephemeral && m.id != live)
                .filter(|m| m.button("Resign").is_some())
                .all(|m| m.all_disabled())
                .then_some(())
        })
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_and_keep_their_visibility() {
    // Every answer deferred first, as a slow one would be.
    let discord = FakeDiscord::start().await;
    let guild = fake::GUILD_ID.to_string();
    let mut config = discord.config(&[("DISCORD_GUILD_ID", &guild)]);
    config.defer_after = std::time::Duration::ZERO;
    let bot = discord.start_bot(config);
    discord.wait_ready(1).await;
    let (_, mover, other) = under_way(&discord, "simultana").await;
    let deferred = discord
        .state()
        .interactions
        .values()
        .filter(|i| {
            i.callbacks
                .iter()
                .any(|c| c.accepted && matches!(c.kind, 5 | 6))
        })
        .count();
    assert!(deferred >= 1, "the answers were deferred");
    // A refusal after a public deferral must still reach only the person.
    let legal = discord.autocomplete(&mover, "move", "move", "").await;
    let mv = legal[0]["value"].as_str().expect("a move").to_owned();
    let id = discord.slash(&other, "move", json!({ "move": mv }));
    let refused = discord.outcome(id).await;
    assert!(refused.ephemeral, "{}", refused.text());
    let first = discord.first_response(id).await;
    assert_eq!(first.kind, 5, "deferred publicly, then answered privately");
    let next = play(&discord, &mover, CHANNEL_ID, &mv).await;
    assert!(!next.ephemeral, "{}", next.text());
    assert_eq!(to_move(&next), other.id);
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clean_shutdown_leaves_every_row_in_the_main_file() {
    // About SQLite's own files: on SQLite whatever the run.
    logs();
    let discord = FakeDiscord::start().await;
    let db = discord.dir.path().join("parlor.db");
    let url = format!("sqlite://{}", db.display());
    let guild = GUILD_ID.to_string();
    let bot =
        discord.start_bot(discord.config(&[("DISCORD_GUILD_ID", &guild), ("DATABASE_URL", &url)]));
    discord.wait_ready(1).await;
    challenge_accepted(&discord, CHANNEL_ID, &alice(), &bob(), "loa").await;
    bot.stop().await.expect("clean shutdown");
    let wal = discord.dir.path().join("parlor.db-wal");
    let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert_eq!(wal_len, 0, "the log was folded into parlor.db on shutdown");
    // parlor.db alone, copied elsewhere, holds the live match.
    let copy = tempfile::tempdir().expect("temp dir");
    let lone = copy.path().join("parlor.db");
    std::fs::copy(&db, &lone).expect("copy parlor.db alone");
    let copied = format!("sqlite://{}", lone.display());
    let live = "SELECT COUNT(*) FROM matches WHERE status = 'live'";
    assert_eq!(crate::db::sql_i64(&copied, live).await, 1);
}
