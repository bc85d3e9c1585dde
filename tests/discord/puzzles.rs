//! Puzzles on Discord (issue 42): `/puzzle` shows a puzzle only to the person, with the menus
//! of a match; a right move gets the forced reply, a wrong one the solution; a hint makes the
//! attempt unrated; all in French in a French server.

use parlor::i18n::Lang;
use parlor::store::{PuzzleRow, Store};
use serde_json::json;

use crate::fake::{CHANNEL_ID, FakeDiscord, Msg, User};
use crate::puzzle_words::{fixed_words, wrong_move};
use crate::start;
use crate::steps::{alice, bob, command, owner, press, stop};

/// Fails unless `msg` says catalogue message `id` in `lang`.
#[track_caller]
fn assert_says(msg: &Msg, lang: Lang, id: &str) {
    let fixed = fixed_words(lang, id);
    assert!(
        msg.text().contains(&fixed),
        "{id} ({fixed:?}): {}",
        msg.text()
    );
}

/// Message `msg` once every edit is in (a picture is drawn, then edited into the answer).
async fn settled(discord: &FakeDiscord, msg: Msg) -> Msg {
    discord.idle().await;
    discord.state().message(msg.id).cloned().unwrap_or(msg)
}

/// The store, once the starter puzzles (loaded beside the start) are in.
async fn store_with_puzzles(discord: &FakeDiscord) -> Store {
    let store = Store::open(&discord.database_url)
        .await
        .expect("the bot's database");
    for _ in 0..600 {
        if store.puzzle_count(None).await.unwrap_or(0) > 0 {
            return store;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the starter puzzles were not loaded");
}

/// The puzzle `user` is solving.
async fn solving(store: &Store, user: &User) -> PuzzleRow {
    let attempt = store
        .open_attempt(user.id)
        .await
        .unwrap()
        .expect("an attempt");
    store
        .puzzle(attempt.puzzle_id)
        .await
        .unwrap()
        .expect("its puzzle")
}

/// Picks `value` in whichever menu of `msg` offers it, as `user`; the answer.
async fn choose(discord: &FakeDiscord, user: &User, msg: &Msg, value: &str) -> Msg {
    let menu = msg
        .menus()
        .into_iter()
        .find(|id| msg.menu_values(id).iter().any(|v| v == value))
        .unwrap_or_else(|| panic!("no menu offers {value}: {:?}", msg.controls()));
    discord
        .outcome(discord.select(user, msg.id, &menu, &[value]))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_solved_privately_with_the_menus_in_a_french_server() {
    let (discord, bot) = start().await;
    discord.state().guild_locale = Some("fr".to_owned());
    let store = store_with_puzzles(&discord).await;
    let french = alice().speaking("fr");
    let shown = command(&discord, &french, "puzzle", json!({})).await;
    let shown = settled(&discord, shown).await;
    assert!(shown.ephemeral, "only for the person: {}", shown.text());
    assert_says(&shown, Lang::Fr, "puzzle-title");
    assert!(!shown.files.is_empty(), "the picture");
    assert!(shown.button("Indice").is_some(), "{:?}", shown.controls());
    let puzzle = solving(&store, &french).await;
    let solution = puzzle.solution.clone();
    // The first move with the menus: the piece, then where it goes.
    let source = solution[0].split(['-', 'x']).next().unwrap_or_default();
    let piece = choose(&discord, &french, &shown, source).await;
    let mut answer = choose(&discord, &french, &piece, &solution[0]).await;
    // The rest typed, with the autocomplete of a match.
    for step in (2..solution.len()).step_by(2) {
        assert_says(&answer, Lang::Fr, "puzzle-right");
        let typed = &solution[step][..2];
        let offered = discord.autocomplete(&french, "puzzle", "move", typed).await;
        assert!(
            offered
                .iter()
                .any(|c| c["value"] == solution[step].as_str()),
            "{offered:?}"
        );
        answer = command(
            &discord,
            &french,
            "puzzle",
            json!({ "move": solution[step] }),
        )
        .await;
    }
    assert!(answer.ephemeral);
    assert_says(&answer, Lang::Fr, "puzzle-solved");
    assert_says(&answer, Lang::Fr, "puzzle-rating-change");
    assert!(answer.menus().is_empty());
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_makes_it_unrated_and_a_wrong_move_shows_the_solution() {
    let (discord, bot) = start().await;
    let store = store_with_puzzles(&discord).await;
    let shown = command(&discord, &bob(), "puzzle", json!({ "game": "loa" })).await;
    assert!(shown.ephemeral);
    assert_says(&shown, Lang::En, "puzzle-rated");
    let hinted = press(&discord, &bob(), &shown, "Hint").await;
    assert!(hinted.ephemeral);
    assert_says(&hinted, Lang::En, "puzzle-hint");
    assert_says(&hinted, Lang::En, "puzzle-unrated");
    let puzzle = solving(&store, &bob()).await;
    // A legal move that neither is the solution's nor wins at once, typed with /move (no
    // match here), whose autocomplete offers the puzzle's moves.
    let offered = discord.autocomplete(&bob(), "move", "move", "").await;
    assert!(!offered.is_empty(), "the puzzle's moves");
    let (first, _) = parlor::table::puzzles::start(puzzle.game, &puzzle.options).unwrap();
    let (position, _, _) = parlor::ai::puzzle::replay(&first, &puzzle.moves, &[]).unwrap();
    let wrong = wrong_move(&position, &puzzle.solution[0]);
    let answer = command(&discord, &bob(), "move", json!({ "move": wrong })).await;
    let answer = settled(&discord, answer).await;
    assert!(answer.ephemeral);
    assert_says(&answer, Lang::En, "puzzle-wrong");
    assert!(!answer.files.is_empty(), "the solution, drawn");
    assert!(answer.menus().is_empty());
    stop(&discord, bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_posted_in_its_channel_with_a_solve_button_in_french() {
    let (discord, bot) = start().await;
    discord.state().guild_locale = Some("fr".to_owned());
    store_with_puzzles(&discord).await;
    // Only a manager sets the channel.
    let refused = command(
        &discord,
        &alice(),
        "settings",
        json!({ "puzzle-channel": CHANNEL_ID }),
    )
    .await;
    assert!(refused.ephemeral);
    let set = command(
        &discord,
        &owner().speaking("fr"),
        "settings",
        json!({ "puzzle-channel": CHANNEL_ID }),
    )
    .await;
    assert_says(&set, Lang::Fr, "settings-puzzle-channel");
    let solve = fixed_words(Lang::Fr, "button-puzzle-solve");
    let post = discord
        .wait("the daily post", |s| {
            s.messages
                .iter()
                .find(|m| m.channel_id == CHANNEL_ID && m.button(&solve).is_some())
                .cloned()
        })
        .await;
    assert!(!post.ephemeral, "for the whole channel");
    assert_says(&post, Lang::Fr, "puzzle-daily-title");
    assert_says(&post, Lang::Fr, "puzzle-daily-post");
    assert!(!post.files.is_empty(), "the position");
    // A press gives the presser their own attempt at it, privately.
    let mine = press(&discord, &alice().speaking("fr"), &post, &solve).await;
    assert!(mine.ephemeral, "{}", mine.text());
    assert_says(&mine, Lang::Fr, "puzzle-daily-title");
    assert!(!mine.menus().is_empty());
    stop(&discord, bot).await;
}
