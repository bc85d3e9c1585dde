//! Rough edges a new player hit: each test failed on the main of 2026-11-24.

use super::common::*;
use parlor::games::GameKind;
use parlor::table::{Act, Scope};

#[tokio::test]
async fn a_leaderboard_page_past_the_end_is_refused_and_names_the_last_page() {
    let w = World::new().await;
    let ask = |page| Act::Leaderboard {
        game: GameKind::Simultana,
        scope: Scope::Global,
        page,
        variant: None,
    };
    let first = w.run(&alice(), channel(1), ask(1)).await;
    assert!(!first.private, "{}", first.text());
    assert_shows(&first, "page 1 of 1");
    let r = w.run(&alice(), channel(1), ask(999)).await;
    assert!(r.private, "{}", r.text());
    assert_shows(&r, "no page 999");
    assert_shows(&r, "one page");
}

#[tokio::test]
async fn outside_a_server_the_leaderboard_is_everyone_s_without_a_bracket_in_a_bracket() {
    let w = World::new().await;
    let nowhere = direct(1);
    let r = w
        .run(
            &alice(),
            nowhere,
            Act::Leaderboard {
                game: GameKind::Loa,
                scope: Scope::Server,
                page: 1,
                variant: None,
            },
        )
        .await;
    assert!(!r.private, "{}", r.text());
    assert_shows(&r, "Global leaderboard");
    assert!(!r.text().contains(") ("), "{}", r.text());
    assert!(!r.text().contains("no server"), "{}", r.text());
}

#[tokio::test]
async fn a_busy_place_without_threads_does_not_suggest_starting_one() {
    let w = World::new().await;
    let here = direct(3);
    let _ = w.simultana(&alice(), &bob(), here).await;
    let r = w
        .challenge(
            &carol(),
            here,
            GameKind::Loa,
            parlor::table::Opponent::Anyone,
        )
        .await;
    assert!(r.private, "{}", r.text());
    assert_has(&r, "err-channel-busy-here");
    assert!(!r.text().contains("thread"), "{}", r.text());
    // In a server, a thread is the way to a second match.
    let _ = w.simultana(&alice(), &bob(), channel(4)).await;
    let r = w
        .challenge(
            &carol(),
            channel(4),
            GameKind::Loa,
            parlor::table::Opponent::Anyone,
        )
        .await;
    assert_shows(&r, "thread");
}

#[tokio::test]
async fn a_damaged_move_log_leaves_its_match_alone_and_the_others_are_restored() {
    let mut w = World::new().await;
    let (a, b) = (alice(), bob());
    let board = w.simultana(&a, &b, channel(1)).await;
    let _ = w.play_one(channel(1), &board, &[&a, &b]).await;
    let board = w.simultana(&a, &b, channel(2)).await;
    let _ = w.play_one(channel(2), &board, &[&a, &b]).await;
    {
        w.exec("UPDATE moves SET kind = 'bogus' WHERE match_id = 1")
            .await;
    }
    w.restart().await;
    // The other match plays on.
    let r = w.run(&a, channel(2), Act::Board).await;
    assert!(!r.private, "{}", r.text());
    // The damaged one is left as it was, live in the database, and not served.
    let status = w
        .sql_i64("SELECT COUNT(*) FROM matches WHERE id = 1 AND status = 'live'")
        .await;
    assert_eq!(status, 1);
    let r = w.run(&a, channel(1), Act::Board).await;
    assert!(r.private, "{}", r.text());
}

/// Whether a reply offers the Abort button.
fn offers_abort(reply: &parlor::table::Reply) -> bool {
    reply.all_buttons().any(|b| {
        parlor::table::Request::from_custom_id(&b.id, &[])
            .is_some_and(|r| r.act == parlor::table::Act::Abort)
    })
}

#[tokio::test]
async fn once_both_have_moved_a_takeback_does_not_bring_abort_back() {
    let mut w = World::new().await;
    let (a, b) = (alice(), bob());
    let board = w.simultana(&a, &b, channel(1)).await;
    assert!(offers_abort(&board));
    let board = w.play_one(channel(1), &board, &[&a, &b]).await;
    let second = if board.mentions[0] == a.id { &a } else { &b };
    let first = if second.id == a.id { &b } else { &a };
    let board = w.play_one(channel(1), &board, &[&a, &b]).await;
    assert!(!offers_abort(&board));
    // The second player takes their move back: only the first one's move is on the board.
    let ask = w.run(second, channel(1), Act::Takeback).await;
    assert!(!ask.private, "{}", ask.text());
    let back = w.run(first, channel(1), Act::Takeback).await;
    assert_says(&back, "head-takeback");
    assert!(!offers_abort(&back), "{}", back.text());
    let r = w.run(first, channel(1), Act::Abort).await;
    assert_refused(&r, "err-too-late-abort");
    // The same after a restart, from the log.
    w.restart().await;
    let r = w.run(second, channel(1), Act::Abort).await;
    assert_refused(&r, "err-too-late-abort");
}

#[tokio::test]
async fn picking_a_piece_names_its_moves_in_words_too() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let board = w.simultana(&a, &b, channel(1)).await;
    let to_move = if board.mentions[0] == a.id { &a } else { &b };
    // Simultana: the piece on c2 (White) or c4 (Black) has moves at the start.
    let hints = w.table.matches().move_hints(&channel(1), "").await;
    let source = hints[0].split('-').next().expect("a source").to_string();
    let r = w
        .run(to_move, channel(1), Act::PickSource(source.clone()))
        .await;
    assert!(r.private, "{}", r.text());
    for m in hints
        .iter()
        .filter(|m| m.starts_with(&format!("{source}-")))
    {
        assert!(
            r.text().contains(m.as_str()),
            "{m} missing from: {}",
            r.text()
        );
    }
}

#[tokio::test]
async fn refusing_your_own_offer_says_whose_answer_it_is() {
    let (w, a, b, _) = World::alice_offers_bob_a_draw().await;
    let r = w.run(&a, channel(1), Act::RefuseDraw).await;
    assert!(r.private, "{}", r.text());
    assert_has(&r, "err-own-offer");
    assert_shows(&r, "@Bob");
    // Bob still can.
    let r = w.run(&b, channel(1), Act::RefuseDraw).await;
    assert!(!r.private, "{}", r.text());
}
