//! The match service against temporary databases: whole matches, every refusal, concurrency,
//! restarts, clocks, ratings, ladders and the storage's failure modes.

mod arena;
mod backup;
#[path = "../support/bin.rs"]
mod bin;
mod browser;
mod clocks;
mod coach;
mod common;
#[path = "../support/db.rs"]
mod db;
mod edges;
mod endings;
mod fair;
mod four;
mod glicko;
mod http;
mod ladders;
mod languages;
mod logs;
mod moves;
mod numbering;
mod outage;
mod processes;
mod puzzle_pages;
#[path = "../support/puzzles.rs"]
mod puzzle_words;
mod puzzles;
#[path = "../support/relay.rs"]
mod relay;
mod rules;
mod shards;
mod store;
mod store_backup;
mod store_check;
mod store_decode;
mod store_error;
mod store_health;
mod store_postgres;
mod store_queries_matches;
mod store_queries_settings;
mod table_act;
mod table_catalogue;
mod table_clock;
mod table_links;
mod table_matches_hints;
mod table_matches_rating;
mod table_matches_schedule;
mod table_picture;
mod table_presets;
mod table_puzzles_solve;
mod table_reads_published;
mod table_reads_sheet;
mod table_shell;
mod table_tournaments_calendar;
mod table_words;
mod table_work;
mod threads;
mod tls;
mod tournaments;
mod web;
mod web_chart;
mod web_links;
mod web_mod;

use common::*;
use parlor::games::GameKind;
use parlor::store::{EntryKind, Store, StoreError};
use parlor::table::{
    Act, Actor, ChallengeSpec, Clock, Opponent, Reply, Request, Scope, SettingsChange, Stamp,
    rating,
};

fn mv(text: &str) -> Request {
    Act::Move(text.to_string()).into()
}

fn mv_at(text: &str, at: Stamp) -> Request {
    Act::Move(text.to_string()).at(at)
}

/// Which of `players` is to move on this board.
fn to_move<'a>(board: &Reply, players: [&'a Actor; 2]) -> (&'a Actor, &'a Actor) {
    if board.mentions[0] == players[0].id {
        (players[0], players[1])
    } else {
        (players[1], players[0])
    }
}

#[tokio::test]
async fn a_whole_match_from_challenge_to_rating_update() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let place = channel(1);
    let card = w.challenge_simultana(&a, place, &b).await;
    assert_shows(&card, "@Alice challenges @Bob");
    // The challenger sees what is at stake: two newcomers, +/- about 162 for a decisive game.
    assert_shows(&card, "win +162");
    assert_shows(&card, "loss -162");
    assert_eq!(card.mentions, vec![b.id]);
    let board = w.run(&b, place, press(&card, Act::Accept)).await;
    assert_has(&board, "head-accepts");
    assert_shows(&board, "@Bob");
    // A rated match shows both newcomers' ratings on its pictures.
    let Some(parlor::table::Picture::Board { ratings, .. }) = &board.picture else {
        panic!("a board picture: {:?}", board.picture);
    };
    assert_eq!(
        ratings,
        &[Some("1500?".to_string()), Some("1500?".to_string())]
    );
    let png = drawn(&board);
    assert!(png.bytes.starts_with(b"\x89PNG") && png.file_name == "match-1-0.png");
    assert!(!board.menus.is_empty(), "menus to move without typing");
    let result = w.play_out(place, board, &[&a, &b]).await;
    assert!(
        result.text().contains("wins") || result.text().contains("Draw"),
        "{}",
        result.text()
    );

    // Ratings: both scopes, matching Glicko-2 computed from the paper.
    let store = w.table.store();
    let score_alice = w.challenger_score(1).await;
    let expect_a = glicko::update(
        (1500.0, 350.0, 0.06),
        (1500.0, 350.0),
        score_alice,
        rating::TAU,
    );
    let expect_b = glicko::update(
        (1500.0, 350.0, 0.06),
        (1500.0, 350.0),
        1.0 - score_alice,
        rating::TAU,
    );
    for scope in [GUILD as i64, 0] {
        let ra = store
            .rating(a.id, "simultana", scope)
            .await
            .unwrap()
            .expect("alice rated");
        let rb = store
            .rating(b.id, "simultana", scope)
            .await
            .unwrap()
            .expect("bob rated");
        for (got, want) in [(&ra, expect_a), (&rb, expect_b)] {
            assert!(
                (got.value.rating - want.0).abs() < 1e-3,
                "{} vs {}",
                got.value.rating,
                want.0
            );
            assert!((got.value.deviation - want.1).abs() < 1e-3);
            assert!((got.value.volatility - want.2).abs() < 1e-6);
            assert_eq!(got.games, 1);
        }
        assert_eq!(ra.wins + ra.draws + ra.losses, 1);
        assert_eq!((ra.wins, ra.losses), (rb.losses, rb.wins));
    }
    // The result message shows the change; history and stats know the match.
    assert_shows(&result, "1500? ->");
    let history = w.run(&a, place, Act::History { user: None }).await;
    assert_shows(&history, "#1 Simultana vs @Bob");
    let stats = w
        .run(
            &b,
            place,
            Act::Stats {
                user: Some(user(&a)),
                game: None,
            },
        )
        .await;
    assert_shows(&stats, "Simultana:");
    assert_shows(&stats, "provisional");
    let h2h = w
        .run(
            &a,
            place,
            Act::HeadToHead {
                user: user(&b),
                other: None,
                game: None,
            },
        )
        .await;
    assert_shows(&h2h, "Simultana:");
    let other_game = w
        .run(
            &a,
            place,
            Act::HeadToHead {
                user: user(&b),
                other: None,
                game: Some(GameKind::Loa),
            },
        )
        .await;
    assert_has(&other_game, "h2h-none");
    // The channel is free again; the finished match can be replayed.
    let replay = w.run(&a, place, Act::Replay(1)).await;
    assert!(
        !replay.private && replay.picture.is_some(),
        "{}",
        replay.text()
    );
    assert_eq!(w.table.matches().open_count(), 0);
}

#[tokio::test]
async fn refusals_while_playing() {
    let (w, a, b, place, board) = World::alice_plays_bob().await;
    let c = carol();
    let (first, second) = to_move(&board, [&a, &b]);

    let r = w.run(&c, place, mv("a2-a3")).await;
    assert!(r.private);
    assert_eq!(r.text(), "You are not playing in this match.");
    let r = w.run(second, place, mv("a2-a3")).await;
    assert!(r.private);
    assert_eq!(
        r.text(),
        format!("It's not your turn — waiting for @{}.", first.name)
    );
    let r = w.run(first, place, mv("a2-a1")).await;
    assert!(r.private);
    assert!(
        r.text()
            .starts_with("That's not a legal move: after a2-a1 the empty regions"),
        "{}",
        r.text()
    );
    let r = w.run(first, place, mv("hello")).await;
    assert_refused(&r, "err-not-a-move");
    let r = w.run(&c, place, Act::Resign).await;
    assert!(r.private);
    // Lenient notation goes through the engine.
    let r = w.run(first, place, mv(" A2A3 ")).await;
    assert_says(&r, "head-played");
    assert_shows(&r, "a2-a3");
    // No match in another channel.
    let r = w.run(&a, channel(2), mv("a2-a3")).await;
    assert_refused(&r, "err-no-match-here");
    // One match per channel.
    let r = w
        .challenge(&c, place, GameKind::Simultana, Opponent::Anyone)
        .await;
    assert_refused(&r, "err-channel-busy");
    // But a player may play in another channel (or thread) at the same time.
    let thread = parlor::table::Place {
        guild: Some(GUILD),
        channel: 3,
        parent: Some(1),
        can_thread: false,
    };
    let card = w.challenge_simultana(&a, thread, &c).await;
    assert!(!card.private, "{}", card.text());
    let parent: i64 = w
        .sql_i64("SELECT parent_id FROM matches WHERE channel_id = 3")
        .await;
    assert_eq!(parent, 1);
}

#[tokio::test]
async fn challenge_refusals_cooldown_and_open_challenges() {
    let mut w = World::new().await;
    let (a, b, c) = (alice(), bob(), carol());
    let card = w.challenge_simultana(&a, channel(1), &b).await;
    // Only the challenged accepts; not the challenger, not a third person.
    let r = w.run(&c, channel(1), press(&card, Act::Accept)).await;
    assert_refused(&r, "err-challenge-for");
    assert_eq!(r.text(), "This challenge is for @Bob.");
    let r = w.run(&a, channel(1), press(&card, Act::Accept)).await;
    assert_refused(&r, "err-own-challenge");
    let r = w.run(&c, channel(1), press(&card, Act::Decline)).await;
    assert!(r.private);
    let r = w.run(&c, channel(1), press(&card, Act::Cancel)).await;
    assert_refused(&r, "err-only-cancel");
    assert_shows(&r, "@Alice");
    // Moving before the challenge is accepted.
    let r = w.run(&a, channel(1), mv("a2-a3")).await;
    assert_refused(&r, "err-not-accepted");
    // Cooldown: a second challenge right away is refused, even elsewhere.
    let r = w
        .challenge(&a, channel(2), GameKind::Simultana, Opponent::Anyone)
        .await;
    assert_refused(&r, "err-cooldown");
    w.clock.advance_secs(60);
    // An open challenge: anyone but the challenger may accept.
    let open = w
        .challenge(&a, channel(2), GameKind::Simultana, Opponent::Anyone)
        .await;
    assert_shows(&open, "challenges anyone");
    // Nobody needs to decline it: the card offers no Decline, and a typed one is refused.
    assert!(
        open.buttons
            .iter()
            .flatten()
            .all(|b| b.label.id != "btn-decline"),
        "{:?}",
        open.buttons
    );
    let r = w.run(&c, channel(2), Act::Decline).await;
    assert_refused(&r, "err-open-decline");
    let board = w.run(&c, channel(2), press(&open, Act::Accept)).await;
    assert_says(&board, "head-accepts");
    assert_shows(&board, "@Carol");
    let r = w.run(&b, channel(2), press(&open, Act::Accept)).await;
    assert_refused(&r, "err-already-accepted");
    // Decline by the challenged frees the channel.
    let r = w.run(&b, channel(1), press(&card, Act::Decline)).await;
    assert_says(&r, "head-declines");
    let r = w.run(&b, channel(1), press(&card, Act::Accept)).await;
    assert_refused(&r, "err-match-over-id");
    assert!(r.stale, "the card's buttons may be greyed out");
    // Expiry: ten minutes without an answer.
    w.clock.advance_secs(60);
    let card = w.challenge_simultana(&b, channel(1), &a).await;
    assert!(!card.private, "{}", card.text());
    w.clock.advance_secs(9 * 60);
    assert_eq!(w.table.matches().tick().await, 0);
    let notice = w.the_notice_after(61).await;
    let notices = [notice];
    assert_has(&notices[0].reply, "notice-expired");
    assert_eq!(notices[0].place, channel(1));
    let r = w.run(&a, channel(1), press(&card, Act::Accept)).await;
    assert_refused(&r, "err-match-over-id");
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE status = 'expired'", 1)
        .await;
    // Bad settings are explained.
    w.clock.advance_secs(60);
    let mut spec = ChallengeSpec::new(GameKind::Simultana, Opponent::User(user(&a)));
    spec.clock = Some("10s".into());
    let r = w.run(&c, channel(5), Act::Challenge(spec.clone())).await;
    assert_refused(&r, "err-clock-range");
    spec.clock = None;
    spec.variant = Some("olympiad".into());
    let r = w.run(&c, channel(5), Act::Challenge(spec)).await;
    assert_refused(&r, "err-no-variant");
    assert_shows(&r, "olympiad");
    let r = w.challenge_simultana(&c, channel(5), &c).await;
    assert_refused(&r, "err-self-challenge");
}

#[tokio::test]
async fn without_an_ai_the_bot_refuses_challenges_and_changes_nothing() {
    let w = World::new().await;
    let r = w
        .challenge(&alice(), channel(1), GameKind::Simultana, Opponent::Bot)
        .await;
    assert_refused(&r, "err-no-ai");
    w.assert_sql("SELECT COUNT(*) FROM matches", 0).await;
    assert_eq!(w.table.matches().open_count(), 0);
    // The cooldown did not start either.
    let r = w
        .challenge(&alice(), channel(1), GameKind::Simultana, Opponent::Anyone)
        .await;
    assert!(!r.private, "{}", r.text());
}

#[tokio::test]
async fn abort_rules() {
    let w = World::new().await;
    let (a, b, c) = (alice(), bob(), carol());
    // Before each side has moved a player may abort; no rating change.
    let board = w.simultana(&a, &b, channel(1)).await;
    let board = w.play_one(channel(1), &board, &[&a, &b]).await;
    let r = w.run(&c, channel(1), Act::Abort).await;
    assert_refused(&r, "err-abort-not-allowed");
    let r = w.run(&a, channel(1), press(&board, Act::Abort)).await;
    assert_says(&r, "result-aborted");
    w.assert_sql("SELECT COUNT(*) FROM ratings", 0).await;
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE status = 'aborted'", 1)
        .await;
    // After two moves, players cannot; a moderator can.
    let board = w.simultana(&a, &b, channel(1)).await;
    let board = w.play_one(channel(1), &board, &[&a, &b]).await;
    let board = w.play_one(channel(1), &board, &[&a, &b]).await;
    assert!(board.button(&Act::Abort).is_none());
    let r = w.run(&b, channel(1), Act::Abort).await;
    assert_refused(&r, "err-too-late-abort");
    let r = w.run(&moderator(), channel(1), Act::Abort).await;
    assert_says(&r, "result-aborted");
    w.assert_sql("SELECT COUNT(*) FROM ratings", 0).await;
    // A moderator can also withdraw someone's challenge.
    let card = w
        .challenge(&a, channel(1), GameKind::Simultana, Opponent::Anyone)
        .await;
    let at = Some(stamp(&card));
    let r = w
        .run(
            &moderator(),
            channel(1),
            Request {
                act: Act::Abort,
                at,
            },
        )
        .await;
    assert_says(&r, "head-withdrawn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_moves_for_the_same_turn_apply_exactly_one() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    for trial in 0..40u64 {
        let place = channel(100 + trial);
        let board = w.simultana(&a, &b, place).await;
        let (first, _) = to_move(&board, [&a, &b]);
        let at = stamp(&board);
        let hints = w.table.matches().move_hints(&place, "").await;
        // Two presses of two different moves from the same board, plus a typed move.
        let t1 = {
            let (t, f, m) = (w.table.clone(), first.clone(), hints[0].clone());
            tokio::spawn(async move { t.handle(&f, &place, mv_at(&m, at)).await })
        };
        let t2 = {
            let (t, f, m) = (w.table.clone(), first.clone(), hints[1].clone());
            tokio::spawn(async move { t.handle(&f, &place, mv_at(&m, at)).await })
        };
        let t3 = {
            let (t, f, m) = (w.table.clone(), first.clone(), hints[2].clone());
            tokio::spawn(async move { t.handle(&f, &place, mv(&m)).await })
        };
        let replies = [t1.await.unwrap(), t2.await.unwrap(), t3.await.unwrap()];
        let applied = replies.iter().filter(|r| !r.private).count();
        assert_eq!(applied, 1, "trial {trial}: {:?}", replies.map(|r| r.text()));
        for r in replies.iter().filter(|r| r.private) {
            let ids = said(r);
            assert!(
                ids.contains(&"err-stale-board") || ids.contains(&"err-not-your-turn"),
                "{ids:?}: {}",
                r.text()
            );
        }
        let id = at.match_id;
        let logged = w
            .sql_i64(&format!("SELECT COUNT(*) FROM moves WHERE match_id = {id}"))
            .await;
        assert_eq!(logged, 1, "trial {trial}");
        w.run(&moderator(), place, Act::Abort).await;
    }
}

#[tokio::test]
async fn a_restart_in_the_middle_of_a_match_carries_on() {
    let (mut w, a, b, place, mut board) = World::alice_plays_bob().await;
    let old = board.clone();
    for _ in 0..4 {
        board = w.play_one(place, &board, &[&a, &b]).await;
    }
    let before = w.table.matches().move_hints(&place, "").await;
    w.restart().await;
    assert_eq!(w.table.matches().open_count(), 1);
    assert_eq!(w.table.matches().move_hints(&place, "").await, before);
    // The restored match still shows the ratings on its pictures.
    let shown = w.run(&a, place, Act::Board).await;
    let Some(parlor::table::Picture::Board { ratings, .. }) = &shown.picture else {
        panic!("a board picture: {}", shown.text());
    };
    assert!(
        ratings.iter().all(|r| r.as_deref() == Some("1500?")),
        "{ratings:?}"
    );
    // A stale button from before the restart is refused and plays nothing.
    let (first, _) = to_move(&board, [&a, &b]);
    let r = w.run(first, place, mv_at(&before[0], stamp(&old))).await;
    assert_refused(&r, "err-stale-board");
    assert!(r.stale, "marked for the transport to grey out");
    // The current board's buttons still work.
    let menu = &board.menus[0];
    let source = &menu.options[0].value;
    let pick = w
        .run(
            first,
            place,
            Request::from_custom_id(&menu.id, std::slice::from_ref(source)).unwrap(),
        )
        .await;
    assert!(pick.private && !pick.menus.is_empty(), "{}", pick.text());
    let choice = pick.menus[0].options[0].value.clone();
    let r = w
        .run(
            first,
            place,
            Request::from_custom_id(&pick.menus[0].id, std::slice::from_ref(&choice)).unwrap(),
        )
        .await;
    assert_says(&r, "head-played");
    assert_shows(&r, &choice);
    let result = w.play_out(place, r, &[&a, &b]).await;
    assert!(is_over(&result));
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE status = 'finished'", 1)
        .await;
}

#[tokio::test]
async fn a_deadline_that_passed_while_down_is_applied_at_start() {
    let mut w = World::new().await;
    let (a, b, c) = (alice(), bob(), carol());
    // Match 1: four moves made, then the service is down for two days: the player to move
    // loses on time.
    let mut board = w.simultana(&a, &b, channel(1)).await;
    for _ in 0..4 {
        board = w.play_one(channel(1), &board, &[&a, &b]).await;
    }
    let (late, winner) = to_move(&board, [&a, &b]);
    // Match 2: one move only: aborted instead.
    let board2 = w.simultana(&a, &c, channel(2)).await;
    w.play_one(channel(2), &board2, &[&a, &c]).await;
    w.table.store().close().await;
    w.clock.advance_secs(2 * 86_400);
    w.restart().await;
    let notices = w.drain();
    assert_eq!(notices.len(), 2, "{notices:?}");
    let n1 = notices.iter().find(|n| n.place == channel(1)).unwrap();
    assert!(
        n1.reply
            .text()
            .contains(&format!("@{} ran out of time", late.name)),
        "{}",
        n1.reply.text()
    );
    assert!(
        n1.reply
            .text()
            .contains(&format!("@{} wins on time", winner.name)),
        "{}",
        n1.reply.text()
    );
    let n2 = notices.iter().find(|n| n.place == channel(2)).unwrap();
    assert_has(&n2.reply, "result-aborted-timeout");
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE reason = 'timeout'", 1)
        .await;
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE status = 'aborted'", 1)
        .await;
    w.assert_sql("SELECT COUNT(*) FROM rating_history", 4).await;
    assert_eq!(w.table.matches().open_count(), 0);
}

#[tokio::test]
async fn the_clock_warns_at_a_tenth_then_times_out() {
    let mut w = World::new().await;
    let (a, b) = (alice(), bob());
    let place = channel(1);
    let mut spec = ChallengeSpec::new(GameKind::Simultana, Opponent::User(user(&b)));
    spec.clock = Some("1h".into());
    w.run(&a, place, Act::Challenge(spec)).await;
    let mut board = w.run(&b, place, Act::Accept).await;
    assert_shows(&board, "1 hour per move");
    for _ in 0..3 {
        board = w.play_one(place, &board, &[&a, &b]).await;
    }
    let (late, _) = to_move(&board, [&a, &b]);
    w.clock.advance_secs(53 * 60);
    assert_eq!(w.table.matches().tick().await, 0);
    w.clock.advance_secs(60);
    assert_eq!(w.table.matches().tick().await, 1);
    let warn = w.drain();
    assert_eq!(warn.len(), 1);
    assert!(
        warn[0].reply.text().contains("Time left: 6 minutes"),
        "{}",
        warn[0].reply.text()
    );
    assert_eq!(warn[0].reply.mentions, vec![late.id]);
    assert_eq!(w.table.matches().tick().await, 0, "warned once only");
    // A restart does not remind again: the reminder is part of the stored deadline.
    w.restart().await;
    assert_eq!(w.table.matches().tick().await, 0);
    assert!(w.drain().is_empty());
    w.clock.advance_secs(6 * 60);
    assert_eq!(w.table.matches().tick().await, 1);
    let out = w.drain();
    assert!(
        out[0].reply.text().contains("on time"),
        "{}",
        out[0].reply.text()
    );
}

#[tokio::test]
async fn a_day_clock_reminds_an_hour_before_and_a_player_may_turn_reminders_off() {
    let (mut w, a, b, place, mut board) = World::alice_plays_bob().await;
    assert_shows(&board, "1 day per move");
    for _ in 0..2 {
        board = w.play_one(place, &board, &[&a, &b]).await;
    }
    let (first, second) = to_move(&board, [&a, &b]);
    // The reminder comes with one hour left, not before; a restart keeps it due.
    w.clock.advance_secs(22 * 3600 + 59 * 60);
    assert_eq!(w.table.matches().tick().await, 0);
    w.restart().await;
    w.clock.advance_secs(60);
    assert_eq!(w.table.matches().tick().await, 1);
    let warn = w.drain();
    assert_eq!(warn.len(), 1);
    assert_eq!(warn[0].reply.mentions, vec![first.id]);
    assert!(
        warn[0].reply.text().contains("Time left: 1 hour"),
        "{}",
        warn[0].reply.text()
    );
    // The other player turns reminders off for themselves: their turn comes and goes quietly.
    let r = w
        .run(
            second,
            place,
            Act::Settings(SettingsChange {
                reminders: Some(false),
                ..SettingsChange::default()
            }),
        )
        .await;
    assert_refused(&r, "settings-reminders");
    assert_shows(&r, "runs low: off");
    let board = w.play_one(place, &board, &[&a, &b]).await;
    assert_eq!(board.mentions, vec![second.id]);
    w.clock.advance_secs(23 * 3600 + 1);
    w.table.matches().tick().await;
    assert!(w.drain().is_empty(), "no reminder for who turned them off");
    // Nobody else may change the server's settings.
    let r = w.run(&a, place, threads_off()).await;
    assert_refused(&r, "err-settings-manage-server");
    let manager = Actor::new(a.id, "Alice").manager();
    let r = w.run(&manager, place, threads_off()).await;
    assert_shows(&r, "threads of their own (this server): off");
    w.assert_sql(
        "SELECT threads FROM guild_settings WHERE guild_id = 7000",
        0,
    )
    .await;
}

#[tokio::test]
async fn takeback_is_logged_append_only() {
    let (w, a, b, place, mut board) = World::alice_plays_bob().await;
    for _ in 0..3 {
        board = w.play_one(place, &board, &[&a, &b]).await;
    }
    let (next, last) = to_move(&board, [&a, &b]);
    let hints_before = w.table.matches().move_hints(&place, "").await;
    // The player who just moved asks; the opponent accepts with the button.
    let ask = w.run(last, place, Act::Takeback).await;
    assert_says(&ask, "head-asks-takeback");
    let r = w.run(last, place, Act::Takeback).await;
    assert_refused(&r, "err-takeback-asked");
    let done = w.run(next, place, press(&ask, Act::Takeback)).await;
    assert_says(&done, "head-takeback");
    assert_shows(&done, "1 move undone");
    assert_eq!(done.mentions, vec![last.id], "the asker is to move again");
    assert_ne!(w.table.matches().move_hints(&place, "").await, hints_before);
    // The log keeps every move and adds the takeback.
    let store = w.table.store();
    let log = store.log(1).await.unwrap();
    assert_eq!(log.len(), 4);
    assert_eq!(log[3].kind, EntryKind::Takeback);
    assert_eq!(log[3].ply, 2);
    assert!(log[..3].iter().all(|e| e.kind == EntryKind::Move));
    // Asking when the opponent has moved since undoes two plies; refusing works too.
    let board = w.play_one(place, &done, &[&a, &b]).await;
    let (asker, other) = to_move(&board, [&a, &b]);
    let ask = w.run(asker, place, Act::Takeback).await;
    let r = w.run(other, place, press(&ask, Act::RefuseTakeback)).await;
    assert_says(&r, "head-refuses");
    assert_shows(&r, "takeback");
    let ask = w.run(asker, place, Act::Takeback).await;
    let done = w.run(other, place, Act::Takeback).await;
    assert!(
        done.text().contains("2 moves undone"),
        "{} / {}",
        ask.text(),
        done.text()
    );
    let log = store.log(1).await.unwrap();
    assert_eq!(log.len(), 6);
    assert_eq!((log[5].kind, log[5].ply), (EntryKind::Takeback, 1));
    // A button drawn before the takeback is stale now.
    let r = w.run(asker, place, mv_at("a2-a3", stamp(&board))).await;
    assert_refused(&r, "err-stale-board");
    assert!(r.stale);
    // A typed refusal is never "stale": there is no board to grey out.
    let typed = Act::Move("z9-z8".to_string());
    let r = w.run(asker, place, typed).await;
    assert!(r.private && !r.stale, "{}", r.text());
}

#[tokio::test]
async fn draws_by_agreement_and_rematch_with_seats_swapped() {
    let (w, a, b, place, board) = World::alice_plays_bob().await;
    let board = w.play_one(place, &board, &[&a, &b]).await;
    let offer = w.run(&a, place, Act::Draw).await;
    assert_has(&offer, "head-offers-draw");
    assert_shows(&offer, "@Alice");
    let r = w.run(&a, place, press(&offer, Act::RefuseDraw)).await;
    assert_refused(&r, "err-own-offer");
    // The accept button asks first (only Bob sees the question); the confirmation accepts.
    let question = w.run(&b, place, press(&offer, Act::Draw)).await;
    assert!(question.private, "{}", question.text());
    let result = w.run(&b, place, press(&question, Act::ConfirmDraw)).await;
    assert_shows(&result, "Draw by agreement");
    let ra = w
        .table
        .store()
        .rating(a.id, "simultana", 0)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((ra.wins, ra.draws, ra.losses), (0, 1, 0));
    assert!(!board.private);
    let seat1 = w
        .sql_i64("SELECT challenger_seat FROM matches WHERE id = 1")
        .await;
    // Bob asks for a rematch; Alice's press accepts it.
    w.clock.advance_secs(60);
    let card = w.run(&b, place, press(&result, Act::Rematch)).await;
    assert_shows(&card, "@Bob challenges @Alice");
    let board = w.run(&a, place, press(&result, Act::Rematch)).await;
    assert_has(&board, "head-accepts");
    assert_shows(&board, "@Alice");
    // Seats are swapped: Alice (the first challenger, seat s) now sits in seat 1 - s.
    let rematch_alice_seat = w
        .sql_i64("SELECT 1 - challenger_seat FROM matches WHERE id = 2")
        .await;
    assert_eq!(rematch_alice_seat, 1 - seat1);
    w.assert_sql("SELECT rematch_of FROM matches WHERE id = 2", 1)
        .await;
}

#[tokio::test]
async fn move_hints_and_menus() {
    let (w, a, b, place, board) = World::alice_plays_bob().await;
    let (first, second) = to_move(&board, [&a, &b]);
    assert_eq!(
        w.table.matches().move_hints(&place, "").await,
        ["a2-a3", "c2-c3", "e2-e3"]
    );
    assert_eq!(w.table.matches().move_hints(&place, "C2").await, ["c2-c3"]);
    assert_eq!(w.table.matches().move_hints(&place, "e2e").await, ["e2-e3"]);
    assert!(w.table.matches().move_hints(&place, "b").await.is_empty());
    assert!(
        w.table
            .matches()
            .move_hints(&channel(9), "")
            .await
            .is_empty()
    );
    let sources: Vec<&str> = board.menus[0]
        .options
        .iter()
        .map(|o| o.value.as_str())
        .collect();
    assert_eq!(sources, ["a2", "c2", "e2"]);
    let r = w
        .run(
            second,
            place,
            Request::from_custom_id(&board.menus[0].id, &["a2".into()]).unwrap(),
        )
        .await;
    assert_refused(&r, "err-not-your-turn");
    let r = w
        .run(
            first,
            place,
            Request::from_custom_id(&board.menus[0].id, &["c2".into()]).unwrap(),
        )
        .await;
    let moves: Vec<&str> = r.menus[0]
        .options
        .iter()
        .map(|o| o.value.as_str())
        .collect();
    assert_eq!(moves, ["c2-c3"]);
    // Ids fit Discord, rows hold at most 5 buttons, menus at most 25 options.
    for b in board.all_buttons() {
        assert!(b.id.len() <= 100);
    }
    assert!(board.buttons.iter().all(|row| row.len() <= 5));
    assert!(board.buttons.len() + board.menus.len() <= 5);
    assert!(Request::from_custom_id("something-else", &[]).is_none());
}

#[tokio::test]
async fn rules_text_and_unknown_matches() {
    let w = World::new().await;
    let rules = w
        .run(&alice(), channel(1), Act::Rules(GameKind::Simultana))
        .await;
    assert_shows(&rules, "Simultana");
    let r = w.run(&alice(), channel(1), Act::Replay(42)).await;
    assert_refused(&r, "err-no-such-match");
    assert_shows(&r, "#42");
    let r = w.run(&alice(), channel(1), Act::Board).await;
    assert_refused(&r, "err-no-match-here");
    let r = w
        .run(
            &alice(),
            channel(1),
            Request::from_custom_id("pl:res:42:0", &[]).unwrap(),
        )
        .await;
    assert_refused(&r, "err-no-such-match");
    assert_shows(&r, "#42");
    // Pictures are described, and drawn on demand.
    let image = rules
        .picture
        .expect("a picture")
        .render(parlor::i18n::Lang::En)
        .expect("rules picture");
    assert_eq!(image.file_name, "simultana.png");
    assert_eq!(image.mime, "image/png");
    assert!(image.bytes.starts_with(b"\x89PNG"));
}

/// Writes ratings straight into the database to build ladders of known shape.
async fn seed_ratings(w: &World, rows: &[(u64, i64, f64, f64)]) {
    for &(player, scope, rating, deviation) in rows {
        w.exec(&format!(
            "INSERT INTO players (id, name, updated_at) VALUES ({player}, 'P{player}', 0) \
             ON CONFLICT DO NOTHING"
        ))
        .await;
        w.exec(&format!(
            "INSERT INTO ratings (player_id, game, scope, rating, deviation, volatility, games, \
             wins, draws, losses, last_played) \
             VALUES ({player}, 'loa', {scope}, {rating:?}, {deviation:?}, 0.06, 30, 20, 4, 6, 0)"
        ))
        .await;
    }
}

#[tokio::test]
async fn time_away_widens_the_deviation_before_the_next_rated_game() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    // Both settled (deviation 60) 30 days ago: six rating periods of five days.
    let away = 30 * 86_400_000;
    let last_played = w.clock.now_ms() - away;
    for (who, r) in [(&a, 1600.0), (&b, 1500.0)] {
        w.exec(&format!(
            "INSERT INTO players (id, name, updated_at) VALUES ({}, '{}', 0) ON CONFLICT DO NOTHING",
            who.id, who.name
        ))
        .await;
        for scope in [GUILD as i64, 0] {
            w.exec(&format!(
                "INSERT INTO ratings (player_id, game, scope, rating, deviation, volatility, \
                 games, wins, draws, losses, last_played) \
                 VALUES ({}, 'simultana', {scope}, {r:?}, 60.0, 0.06, 30, 15, 0, 15, {last_played})",
                who.id
            ))
            .await;
        }
    }
    let place = channel(1);
    let board = w.simultana(&a, &b, place).await;
    w.play_out(place, board, &[&a, &b]).await;
    let score_a = w.challenger_score(1).await;
    let rd = glicko::idle(60.0, 0.06, 6);
    assert!(rd > 61.0, "six idle periods widen 60 to {rd}");
    let want = glicko::update((1600.0, rd, 0.06), (1500.0, rd), score_a, rating::TAU);
    let got = w
        .table
        .store()
        .rating(a.id, "simultana", 0)
        .await
        .unwrap()
        .expect("alice rated");
    assert!(
        (got.value.rating - want.0).abs() < 1e-3,
        "{got:?} vs {want:?}"
    );
    assert!(
        (got.value.deviation - want.1).abs() < 1e-3,
        "{got:?} vs {want:?}"
    );
    assert_eq!(got.last_played, w.clock.now_ms());
}

#[tokio::test]
async fn leaderboards_rank_settled_ratings_then_list_provisional_ones_and_page_by_scope() {
    let w = World::new().await;
    let mut rows = Vec::new();
    // 25 established players on this server, ratings 1700, 1690, ... 1460.
    for i in 0..25u64 {
        rows.push((1000 + i, GUILD as i64, 1700.0 - 10.0 * i as f64, 60.0));
    }
    // A provisional player with the best rating, and an established one on another server.
    rows.push((2000, GUILD as i64, 2400.0, 200.0));
    rows.push((3000, 555, 2300.0, 50.0));
    // The global ladder: only two players.
    rows.push((1000, 0, 1650.0, 80.0));
    rows.push((3000, 0, 1800.0, 100.0));
    seed_ratings(&w, &rows).await;
    let board = |scope, page| Act::Leaderboard {
        game: GameKind::Loa,
        scope,
        page,
        variant: None,
    };
    let r = w.run(&alice(), channel(1), board(Scope::Server, 1)).await;
    assert_shows(&r, "page 1 of 3");
    assert_shows(&r, "1. @P1000 1700 — 30 games (20 W / 4 D / 6 L)");
    assert_shows(&r, "10. @P1009 1610");
    assert_hides(&r, "P2000");
    assert_hides(&r, "P3000");
    let r = w.run(&alice(), channel(1), board(Scope::Server, 3)).await;
    assert_shows(&r, "21. @P1020");
    assert_shows(&r, "25. @P1024");
    // The provisional player comes last, ranked after the settled ones, on the last page only.
    let text = r.text();
    let heading = parlor::i18n::Msg::new("board-not-ranked").text(parlor::i18n::Lang::En);
    let (ranked, fresh) = text.split_once(&heading).expect("a provisional section");
    assert!(
        !ranked.contains("26.") && !ranked.contains("P2000"),
        "{text}"
    );
    assert!(
        fresh.contains("26. @P2000 2400? — 30 games (20 W / 4 D / 6 L)"),
        "{}",
        r.text()
    );
    assert!(
        !fresh.contains("P3000"),
        "another server's player: {}",
        r.text()
    );
    let r = w.run(&alice(), channel(1), board(Scope::Global, 1)).await;
    assert_shows(&r, "1. @P3000 1800");
    assert_shows(&r, "2. @P1000 1650");
    // Stats: rank among established players; provisional ratings have none.
    let p = |id: u64| parlor::table::UserRef::new(id, format!("P{id}"));
    let r = w
        .run(
            &alice(),
            channel(1),
            Act::Stats {
                user: Some(p(1003)),
                game: Some(GameKind::Loa),
            },
        )
        .await;
    assert_shows(&r, "1670 (#4), 30 games");
    let r = w
        .run(
            &alice(),
            channel(1),
            Act::Stats {
                user: Some(p(2000)),
                game: None,
            },
        )
        .await;
    assert_shows(&r, "2400? (provisional)");
}

#[tokio::test]
async fn a_broken_or_foreign_database_gives_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("garbage.db");
    std::fs::write(&path, vec![0x42u8; 8192]).unwrap();
    let err = Store::open(&sqlite_url(&path)).await.unwrap_err();
    assert!(matches!(err, StoreError::NotSqlite { .. }), "{err:?}");
    assert!(err.to_string().contains("not a SQLite database"), "{err}");
    // Untouched.
    assert_eq!(std::fs::read(&path).unwrap(), vec![0x42u8; 8192]);

    let foreign = dir.path().join("foreign.db");
    let url = format!("sqlite://{}?mode=rwc", foreign.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("CREATE TABLE players (who TEXT)")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let err = Store::open(&sqlite_url(&foreign)).await.unwrap_err();
    assert!(matches!(err, StoreError::Foreign { .. }), "{err:?}");
    assert!(
        err.to_string().contains("belongs to another application"),
        "{err}"
    );
    assert!(!foreign.with_extension("db-wal").exists());

    let err = Store::open("mysql://localhost/parlor").await.unwrap_err();
    assert!(matches!(err, StoreError::Url { .. }), "{err:?}");
    // A PostgreSQL server that is not there: said, and the password is not shown.
    let err = Store::open("postgres://parlor:hunter2@127.0.0.1:1/parlor")
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("postgres://parlor:***@127.0.0.1:1/parlor"),
        "{err}"
    );
    assert!(!err.to_string().contains("hunter2"), "{err}");
    // A missing file is created.
    let fresh = dir.path().join("new.db");
    Store::open(&sqlite_url(&fresh)).await.unwrap();
    assert!(fresh.exists());
}

/// On either backend: another application's tables are refused and left as they were.
#[tokio::test]
async fn a_database_holding_another_applications_tables_is_left_alone() {
    let db = TestDb::new().await;
    db.exec("CREATE TABLE players (who TEXT)").await;
    db.exec("INSERT INTO players (who) VALUES ('someone')")
        .await;
    let err = Store::open(&db.url).await.unwrap_err();
    assert!(matches!(err, StoreError::Foreign { .. }), "{err:?}");
    db.assert_sql("SELECT COUNT(*) FROM players", 1).await;
}

/// On either backend: a schema written by a newer Parlor is refused, and not touched.
#[tokio::test]
async fn a_database_from_a_newer_parlor_is_left_alone() {
    let db = TestDb::new().await;
    Store::open(&db.url)
        .await
        .expect("a new database")
        .close()
        .await;
    db.exec(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         SELECT 9999, 'from the future', success, checksum, execution_time \
         FROM _sqlx_migrations WHERE version = 1",
    )
    .await;
    let err = Store::open(&db.url).await.unwrap_err();
    assert!(
        matches!(err, StoreError::Newer { version: 9999, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("newer version of Parlor"), "{err}");
    db.assert_sql(
        "SELECT COUNT(*) FROM _sqlx_migrations WHERE version = 9999",
        1,
    )
    .await;
}

#[tokio::test]
async fn lightning_hides_the_pile_and_refuses_takebacks() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let place = channel(1);
    let board = w.live(GameKind::Lightning, &a, &b, place).await;
    let (first, second) = to_move(&board, [&a, &b]);
    // The pile's top tile is not named anywhere before it is drawn.
    let hints = w.table.matches().move_hints(&place, "").await;
    assert_eq!(hints, ["P"]);
    assert!(w.table.matches().move_hints(&place, "PS").await.is_empty());
    let r = w.run(first, place, Act::Takeback).await;
    assert_refused(&r, "err-no-takeback-lightning");
    // A turn in two steps: draw, then put; the turn passes only after the second.
    let drawn = w.run(first, place, mv("P")).await;
    assert!(!drawn.private, "{}", drawn.text());
    assert_eq!(drawn.mentions, vec![first.id]);
    let puts = w.table.matches().move_hints(&place, "").await;
    assert!(puts.iter().all(|m| m.starts_with('-')), "{puts:?}");
    assert_eq!(
        drawn.menus[0].options[0].value, puts[0],
        "the put step is offered directly"
    );
    let put = w.run(first, place, mv(&puts[0])).await;
    assert_eq!(put.mentions, vec![second.id], "{}", put.text());
    // Only one side has moved: still abortable.
    assert!(put.button(&Act::Abort).is_some());
    assert!(put.button(&Act::Takeback).is_none());
}

#[tokio::test]
async fn the_ai_seam_plays_the_bots_moves_as_notices() {
    let db = TestDb::new().await;
    let url = db.url.clone();
    let clock = parlor::table::ManualClock::new(START_MS);
    let mut cfg = config(&clock);
    cfg.bot = parlor::table::UserRef::new(900, "Parlor");
    cfg.ai = Some(std::sync::Arc::new(FirstMove));
    let store = Store::open(&url).await.unwrap();
    let (table, mut notices) = parlor::table::Table::start(store, cfg).await.unwrap();
    let a = alice();
    let place = channel(1);
    let mut spec = ChallengeSpec::new(GameKind::Simultana, Opponent::Bot);
    spec.rated = Some(true);
    spec.level = Some(3);
    let mut board = table.handle(&a, &place, Act::Challenge(spec)).await;
    assert_has(&board, "head-bot-accepts");
    assert_shows(&board, "casual");
    assert_shows(&board, "AI level 3");
    for _ in 0..200 {
        if is_over(&board) {
            break;
        }
        if board.mentions[0] == 900 {
            let wait = std::time::Duration::from_secs(30);
            let notice = tokio::time::timeout(wait, notices.recv())
                .await
                .expect("the bot moves")
                .expect("notice channel open");
            assert_eq!(notice.place, place);
            assert!(
                notice.reply.text().contains("@Parlor played"),
                "{}",
                notice.reply.text()
            );
            board = notice.reply;
            continue;
        }
        let hints = table.matches().move_hints(&place, "").await;
        board = table.handle(&a, &place, mv(&hints[0])).await;
        assert!(!board.private, "{}", board.text());
    }
    assert!(is_over(&board), "{}", board.text());
    // Games against the bot are casual: no rating.
    assert!(table.store().ratings_of(a.id).await.unwrap().is_empty());
    // The bot declines draws.
    clock.advance_secs(60);
    let spec = ChallengeSpec::new(GameKind::Simultana, Opponent::Bot);
    let board = table.handle(&a, &channel(2), Act::Challenge(spec)).await;
    assert!(!board.private, "{}", board.text());
    let r = table.handle(&a, &channel(2), Act::Draw).await;
    assert_refused(&r, "err-bot-no-draw");
}

#[tokio::test]
async fn barrier_tiles_are_laid_through_the_menus() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let place = channel(1);
    w.challenge(&a, place, GameKind::Barrier, Opponent::User(user(&b)))
        .await;
    let board = w.run(&b, place, Act::Accept).await;
    assert_shows(&board, "(yellow) vs");
    let (first, second) = to_move(&board, [&a, &b]);
    // First the tile (8 kinds), then the square (8 dot squares).
    let menu = &board.menus[0];
    assert_eq!(menu.options.len(), 8, "{:?}", menu.options);
    assert!(menu.options.iter().any(|o| o.value == "N+E"));
    let pick = w
        .run(
            first,
            place,
            Request::from_custom_id(&menu.id, &["N+E".into()]).unwrap(),
        )
        .await;
    let squares: Vec<&str> = pick.menus[0]
        .options
        .iter()
        .map(|o| o.value.as_str())
        .collect();
    assert_eq!(squares.len(), 8);
    assert!(squares.iter().all(|m| m.starts_with("N+E@")), "{squares:?}");
    let laid = w
        .run(
            first,
            place,
            Request::from_custom_id(&pick.menus[0].id, &[squares[0].to_string()]).unwrap(),
        )
        .await;
    assert_shows(&laid, &format!("played {}", squares[0]));
    assert_eq!(laid.mentions, vec![second.id]);
    // Typed leniently too.
    let hints = w.table.matches().move_hints(&place, "ew").await;
    assert!(
        !hints.is_empty() && hints.iter().all(|m| m.starts_with("E+W@")),
        "{hints:?}"
    );
}

#[tokio::test]
async fn loa_variants_and_parachute_drops_through_the_menus() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let mut spec = ChallengeSpec::new(GameKind::Loa, Opponent::User(user(&b)));
    spec.variant = Some("olympiad".into());
    let card = w.run(&a, channel(1), Act::Challenge(spec)).await;
    assert_shows(&card, "Lines of Action #1 (olympiad");
    let board = w.run(&b, channel(1), Act::Accept).await;
    assert!(
        board.text().contains("(black) vs"),
        "Black moves first: {}",
        board.text()
    );
    assert!(
        w.table
            .matches()
            .move_hints(&channel(1), "a2")
            .await
            .is_empty(),
        "a2 is White's"
    );
    let mut b1 = w.table.matches().move_hints(&channel(1), "b1").await;
    b1.sort();
    assert_eq!(b1, ["b1-b3", "b1-d3", "b1-h1"]);
    w.clock.advance_secs(60);

    let mut spec = ChallengeSpec::new(GameKind::Loa, Opponent::User(user(&a)));
    spec.variant = Some("parachute".into());
    w.run(&b, channel(2), Act::Challenge(spec)).await;
    let board = w.run(&a, channel(2), Act::Accept).await;
    let (first, _) = to_move(&board, [&a, &b]);
    let source = board.menus[0].options[0].value.clone();
    // Too many move-and-drop choices for one menu: first the move, then the drop.
    let pick = w
        .run(
            first,
            channel(2),
            Request::from_custom_id(&board.menus[0].id, std::slice::from_ref(&source)).unwrap(),
        )
        .await;
    let stage = pick.menus[0].options[0].value.clone();
    assert!(
        stage.starts_with(&source) && !stage.contains('@'),
        "{stage}"
    );
    let drops = w
        .run(
            first,
            channel(2),
            Request::from_custom_id(&pick.menus[0].id, std::slice::from_ref(&stage)).unwrap(),
        )
        .await;
    assert!(drops.menus.len() <= 5 && drops.menus.iter().all(|m| m.options.len() <= 25));
    let choice = drops.menus[0].options[0].value.clone();
    assert!(choice.starts_with(&format!("{stage}@")), "{choice}");
    let ids: std::collections::HashSet<&str> = drops.menus.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids.len(), drops.menus.len(), "distinct menu ids");
    let played = w
        .run(
            first,
            channel(2),
            Request::from_custom_id(&drops.menus[0].id, std::slice::from_ref(&choice)).unwrap(),
        )
        .await;
    assert_shows(&played, &format!("played {choice}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_people_accepting_an_open_challenge_at_once_seat_exactly_one() {
    let w = World::new().await;
    for trial in 0..20u64 {
        let place = channel(500 + trial);
        let card = w
            .challenge(&alice(), place, GameKind::Simultana, Opponent::Anyone)
            .await;
        assert!(!card.private, "{}", card.text());
        let accept = press(&card, Act::Accept);
        let tasks: Vec<_> = [bob(), carol()]
            .into_iter()
            .map(|who| {
                let (t, c) = (w.table.clone(), accept.clone());
                tokio::spawn(async move { t.handle(&who, &place, c).await })
            })
            .collect();
        let mut seated = 0;
        for t in tasks {
            let r = t.await.unwrap();
            if r.private {
                assert_has(&r, "err-already-accepted");
            } else {
                seated += 1;
            }
        }
        assert_eq!(seated, 1, "trial {trial}");
        w.run(&moderator(), place, Act::Abort).await;
        w.clock.advance_secs(60);
    }
}

#[tokio::test]
async fn the_real_ai_answers_every_move_in_a_game_against_the_bot() {
    let db = TestDb::new().await;
    let url = db.url.clone();
    let clock = parlor::table::ManualClock::new(START_MS);
    let mut cfg = config(&clock);
    cfg.bot = parlor::table::UserRef::new(900, "Parlor");
    cfg.ai = Some(std::sync::Arc::new(parlor::ai::Ai::new(1).with_seed(7)));
    let store = Store::open(&url).await.unwrap();
    let (table, mut notices) = parlor::table::Table::start(store, cfg).await.unwrap();
    let a = alice();
    let place = channel(1);
    let mut spec = ChallengeSpec::new(GameKind::Loa, Opponent::Bot);
    spec.level = Some(1);
    let mut board = table.handle(&a, &place, Act::Challenge(spec)).await;
    let mut bot_moves = 0;
    while bot_moves < 3 && !is_over(&board) {
        if board.mentions[0] == 900 {
            let wait = std::time::Duration::from_secs(60);
            let notice = tokio::time::timeout(wait, notices.recv())
                .await
                .expect("the bot moves")
                .expect("notice channel open");
            assert!(
                notice.reply.text().contains("@Parlor played"),
                "{}",
                notice.reply.text()
            );
            board = notice.reply;
            bot_moves += 1;
            continue;
        }
        let hints = table.matches().move_hints(&place, "").await;
        board = table.handle(&a, &place, mv(&hints[0])).await;
        assert!(!board.private, "{}", board.text());
    }
    assert!(bot_moves == 3 || is_over(&board), "{}", board.text());
}
