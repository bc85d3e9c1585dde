//! Several bot processes on one database: each runs a table of its own on the same store. What
//! crosses servers (one person's ratings) must stay right when both write at the same moment,
//! and a turn can be recorded only once whoever records it.

use super::common::*;
use parlor::games::GameKind;
use parlor::store::Store;
use parlor::table::{Act, Opponent, Place, Table};

/// A second process: its own connections and its own table, on the world's database.
async fn second_process(w: &World) -> Table {
    second_process_with_notices(w).await.0
}

async fn second_process_with_notices(w: &World) -> (Table, parlor::table::Notices) {
    let store = Store::open(&w.url).await.expect("open store");
    Table::start(store, config(&w.clock)).await.expect("start")
}

#[tokio::test]
async fn two_rated_games_of_one_person_ending_at_once_in_two_processes_keep_both_changes() {
    let w = World::new().await;
    let other = second_process(&w).await;
    let (a, b, c) = (alice(), bob(), carol());
    const ROUNDS: u64 = 6;
    for round in 0..ROUNDS {
        // Alice against Bob on a server of the first process, against Carol on one of the second.
        let here = Place::new(Some(1_000), 100 + round);
        let there = Place::new(Some(2_000), 200 + round);
        let card = w.challenge_simultana(&a, here, &b).await;
        assert!(!card.private, "{}", card.text());
        assert!(!w.run(&b, here, Act::Accept).await.private);
        w.clock.advance_secs(60);
        let spec = parlor::table::ChallengeSpec::new(GameKind::Simultana, Opponent::User(user(&c)));
        let card = other.handle(&a, &there, Act::Challenge(spec)).await;
        assert!(!card.private, "{}", card.text());
        let board = other.handle(&c, &there, Act::Accept).await;
        assert!(!board.private, "{}", board.text());
        w.clock.advance_secs(60);
        // Both opponents resign at the same moment, each in its own process.
        let (r1, r2) = tokio::join!(
            w.table.handle(&b, &here, Act::Resign),
            other.handle(&c, &there, Act::Resign),
        );
        assert!(is_over(&r1), "{}", r1.text());
        assert!(is_over(&r2), "{}", r2.text());
    }
    // Alice's global rating counts every game, and every change starts where another ended:
    // no update was computed from a rating that another process had already replaced.
    let global = w
        .table
        .store()
        .rating(a.id, "simultana", 0)
        .await
        .expect("read")
        .expect("rated");
    assert_eq!(global.games as u64, 2 * ROUNDS);
    assert_eq!(global.wins as u64, 2 * ROUNDS);
    let mut changes =
        w.db.reals(&format!(
            "SELECT rating_before, rating_after FROM rating_history \
             WHERE player_id = {} AND scope = 0",
            a.id
        ))
        .await;
    assert_eq!(changes.len() as u64, 2 * ROUNDS);
    let mut current = 1500.0;
    while !changes.is_empty() {
        let next = changes
            .iter()
            .position(|c| c[0] == current)
            .unwrap_or_else(|| panic!("no change starts at {current}: {changes:?}"));
        current = changes.swap_remove(next)[1];
    }
    assert_eq!(current, global.value.rating);
}

#[tokio::test]
async fn the_same_turn_sent_to_two_processes_is_recorded_once() {
    let (w, a, b, place, board) = World::alice_plays_bob().await;
    // The second process starts after the match did, so it restores it too: two live copies.
    let other = second_process(&w).await;
    let first = if board.mentions[0] == a.id { &a } else { &b };
    let moves = w.table.matches().move_hints(&place, "").await;
    assert!(moves.len() >= 2, "{moves:?}");
    let play = |text: &String| Act::Move(text.clone());
    let (r1, r2) = tokio::join!(
        w.run(first, place, play(&moves[0])),
        other.handle(first, &place, play(&moves[1])),
    );
    let applied = [&r1, &r2].iter().filter(|r| !r.private).count();
    assert_eq!(applied, 1, "{} / {}", r1.text(), r2.text());
    w.assert_sql("SELECT COUNT(*) FROM moves", 1).await;
}

#[tokio::test]
async fn a_process_holding_a_stale_copy_of_a_match_cannot_change_it() {
    let (w, a, b, place, board) = World::alice_plays_bob().await;
    let other = second_process(&w).await;
    // The first process records a move; the second still holds the position before it, where
    // the same player is to move again.
    let first = if board.mentions[0] == a.id { &a } else { &b };
    let moved = w.play_one(place, &board, &[&a, &b]).await;
    assert!(!moved.private);
    let stale_hints = other.matches().move_hints(&place, "").await;
    let play = |text: &String| Act::Move(text.clone());
    let r = other.handle(first, &place, play(&stale_hints[0])).await;
    assert!(r.private, "{}", r.text());
    assert_has(&r, "err-changed-elsewhere");
    w.assert_sql("SELECT COUNT(*) FROM moves", 1).await;
    // The refusal made the second process read the match again: it plays on from the stored
    // position (whoever is to move there), and now the first process's copy is the stale one.
    let hints = other.matches().move_hints(&place, "").await;
    let mut answers = Vec::new();
    for who in [&a, &b] {
        answers.push(other.handle(who, &place, play(&hints[0])).await);
    }
    assert_eq!(
        answers.iter().filter(|r| !r.private).count(),
        1,
        "{:?}",
        answers.iter().map(|r| r.text()).collect::<Vec<_>>()
    );
    w.assert_sql("SELECT COUNT(*) FROM moves", 2).await;
    // A change without a move (a draw offer) from the stale copy is refused as well.
    let r = w.run(first, place, Act::Draw).await;
    assert_has(&r, "err-changed-elsewhere");
    w.assert_sql(
        "SELECT COUNT(*) FROM matches WHERE draw_offer_seat IS NOT NULL",
        0,
    )
    .await;
    // Caught up, the first process takes the next request.
    let r = w.run(first, place, Act::Resign).await;
    assert!(is_over(&r), "{}", r.text());
    w.assert_sql("SELECT COUNT(*) FROM moves", 2).await;
}

#[tokio::test]
async fn a_deadline_seen_by_two_processes_fires_once() {
    let mut w = World::new().await;
    let (a, b) = (alice(), bob());
    let mut board = w.simultana(&a, &b, channel(1)).await;
    for _ in 0..4 {
        board = w.play_one(channel(1), &board, &[&a, &b]).await;
    }
    let (mut other, mut other_notices) = second_process_with_notices(&w).await;
    assert_eq!(other.matches().open_count(), 1);
    // Both copies see the deadline pass, and both timers run at the same moment.
    w.clock.advance_secs(2 * 86_400);
    let (n1, n2) = tokio::join!(w.table.matches().tick(), other.matches().tick());
    let mut notices = w.drain();
    while let Ok(n) = other_notices.try_recv() {
        notices.push(n);
    }
    assert_eq!(n1 + n2, 1, "one timer acted");
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_has(&notices[0].reply, "head-out-of-time");
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE reason = 'timeout'", 1)
        .await;
    // Two players rated once, on the server's ladder and the global one.
    w.assert_sql("SELECT COUNT(*) FROM rating_history", 4).await;
    // The process that lost the race dropped its copy.
    assert_eq!(
        w.table.matches().open_count() + other.matches().open_count(),
        0
    );
    other = second_process(&w).await;
    assert_eq!(other.matches().open_count(), 0);
}
