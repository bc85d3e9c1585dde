//! Matches in threads of their own: many matches per channel, the thread the transport is asked
//! to start, the card edited with the result, the server setting and the missing permission.

use super::common::*;
use parlor::games::GameKind;
use parlor::table::{Act, Actor, Opponent, Place, Reply, ReplyKind, Stamp};

/// A server channel where the transport may start threads.
fn games() -> Place {
    channel(1).with_threads()
}

/// The thread the transport started for a match, under the `games` channel.
fn thread(n: u64) -> Place {
    Place {
        parent: Some(1),
        ..channel(n)
    }
}

/// `a` challenges `b` in the games channel and `b` presses Accept; returns the first board.
async fn accepted(w: &World, a: &Actor, b: &Actor) -> Reply {
    let card = w.challenge_simultana(a, games(), b).await;
    assert!(!card.private, "{}", card.text());
    let board = w.run(b, games(), press(&card, Act::Accept)).await;
    assert!(!board.private, "{}", board.text());
    board
}

#[tokio::test]
async fn two_matches_at_once_in_one_channel_each_in_its_own_thread() {
    let w = World::new().await;
    let (a, b, c, d) = (alice(), bob(), carol(), dave());
    let first = accepted(&w, &a, &b).await;
    let second = accepted(&w, &c, &d).await;
    let ask = first.thread.clone().expect("a thread for the first match");
    assert_eq!(ask.match_id, 1);
    let name = ask.name.text(parlor::i18n::Lang::En);
    // Named after the match, the first to move first (seats are drawn at random).
    let first_name = if first.mentions == vec![a.id] {
        "Alice"
    } else {
        "Bob"
    };
    let other_name = if first_name == "Alice" {
        "Bob"
    } else {
        "Alice"
    };
    assert_eq!(name, format!("Simultana #1 · {first_name} vs {other_name}"));
    let mut members = ask.members.clone();
    members.sort();
    assert_eq!(members, vec![a.id, b.id]);
    assert_eq!(second.thread.as_ref().map(|t| t.match_id), Some(2));
    // The transport starts the threads and says where they are.
    relocate(&w, 1, 501, Some((1, 9001))).await;
    relocate(&w, 2, 502, None).await;
    // Each thread plays its own match; the channel itself holds none.
    let board = w.run(&a, thread(501), Act::Board).await;
    assert_shows(&board, "Simultana #1");
    let board = w.play_one(thread(501), &board, &[&a, &b]).await;
    assert!(
        board.thread.is_none(),
        "only the first board asks for a thread"
    );
    let other = w.run(&c, thread(502), Act::Board).await;
    assert_shows(&other, "Simultana #2");
    let r = w.run(&a, games(), Act::Board).await;
    assert!(r.private, "{}", r.text());
    // A press in the wrong thread is refused and changes nothing.
    let r = w.run(&c, thread(501), press(&board, Act::Resign)).await;
    assert!(r.private, "{}", r.text());
    // A challenge typed in a match's thread is answered clearly.
    w.clock.advance_secs(60);
    let r = w
        .challenge(&a, thread(501), GameKind::Loa, Opponent::User(user(&c)))
        .await;
    assert_refused(&r, "err-play-in-thread");
    assert_shows(&r, "#1");
    // One match with the same opponent per channel at a time; others are welcome.
    let r = w
        .challenge(&b, games(), GameKind::Loa, Opponent::User(user(&a)))
        .await;
    assert_refused(&r, "err-same-opponent-here");
    let r = w
        .challenge(&a, games(), GameKind::Loa, Opponent::User(user(&c)))
        .await;
    assert!(!r.private, "{}", r.text());
    // The end of the game is said in the thread, and the card in the channel is edited.
    let over = w.run(&a, thread(501), Act::Resign).await;
    let card = over.card.clone().expect("the card to edit");
    assert_eq!((card.channel, card.message), (1, 9001));
    let line = card.line.text(parlor::i18n::Lang::En);
    assert_contains(&line, "Match #1 is over");
    assert_contains(&line, "wins by resignation");
    w.assert_sql("SELECT channel_id FROM matches WHERE id = 1", 501)
        .await;
}

#[tokio::test]
async fn a_restart_keeps_a_match_in_its_thread_and_its_card() {
    let mut w = World::new().await;
    let (a, b) = (alice(), bob());
    accepted(&w, &a, &b).await;
    relocate(&w, 1, 501, Some((1, 9001))).await;
    w.restart().await;
    let board = w.run(&b, thread(501), Act::Board).await;
    assert!(!board.private, "{}", board.text());
    let over = w.run(&b, thread(501), Act::Resign).await;
    assert_eq!(over.card.map(|c| (c.channel, c.message)), Some((1, 9001)));
    // A second match may start in the channel at once.
    w.clock.advance_secs(60);
    assert!(accepted(&w, &a, &b).await.thread.is_some());
}

#[tokio::test]
async fn with_threads_off_a_channel_holds_one_match_again() {
    let w = World::new().await;
    let (a, b, c, d) = (alice(), bob(), carol(), dave());
    let manager = Actor::new(199, "Mod").manager();
    let r = w.run(&manager, games(), threads_off()).await;
    assert_shows(&r, "off");
    let board = accepted(&w, &a, &b).await;
    assert!(board.thread.is_none());
    let r = w.challenge_simultana(&c, games(), &d).await;
    assert!(r.private, "{}", r.text());
    let board = w.run(&a, games(), Act::Board).await;
    assert!(!board.private, "{}", board.text());
}

#[tokio::test]
async fn without_the_permission_the_server_is_told_once_and_plays_in_the_channel() {
    let w = World::new().await;
    let (a, b, c, d) = (alice(), bob(), carol(), dave());
    let card = w.challenge_simultana(&a, channel(1), &b).await;
    assert_shows(&card, "Create Public Threads");
    let board = w.run(&b, channel(1), press(&card, Act::Accept)).await;
    assert!(board.thread.is_none(), "{}", board.text());
    let card = w.challenge_simultana(&c, channel(2), &d).await;
    assert!(!card.private, "{}", card.text());
    assert!(
        !card.text().contains("Create Public Threads"),
        "said once: {}",
        card.text()
    );
    w.assert_sql(
        "SELECT told_no_threads FROM guild_settings WHERE guild_id = 7000",
        1,
    )
    .await;
}

/// The transport started match `id`'s thread `n` (from its card when given) and says so.
async fn relocate(w: &World, id: i64, n: u64, card: Option<(u64, u64)>) {
    let stamp = Stamp {
        match_id: id,
        seq: 0,
    };
    let news = Act::ThreadStarted {
        thread: thread(n),
        card,
    };
    let r = w.run(&alice(), thread(n), news.at(stamp)).await;
    assert_ne!(r.kind, ReplyKind::Refusal, "{}", r.text());
}
