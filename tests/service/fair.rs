//! Fair play: nothing in a match reveals an unseen Lightning tile, and destructive controls
//! neither act from an old board nor on one tap.

use parlor::games::{AnyGame, GameKind};
use parlor::i18n::Lang;
use parlor::table::{Act, Picture, Reply};

use super::common::*;

/// The top tile of the pile for a seed, drawn through the engine's public moves.
fn top_tile(seed: u64) -> String {
    let mut game = AnyGame::new(GameKind::Lightning, &format!("seed={seed}")).expect("lightning");
    game.play_text("P").expect("drawing");
    match game {
        AnyGame::Lightning(g) => g.in_hand().expect("a tile in hand").1.to_string(),
        _ => unreachable!("a Lightning game"),
    }
}

/// A live Lightning match between Alice (first to move) and Bob whose pile is `seed`'s.
async fn lightning_with_seed(seed: u64) -> World {
    let mut w = World::new().await;
    let (a, b) = (alice(), bob());
    let place = channel(1);
    w.live(GameKind::Lightning, &a, &b, place).await;
    // Same seats in every world; the pile is the seed's (nothing is logged yet).
    w.exec(&format!(
        "UPDATE matches SET seed = {}, challenger_seat = 0 WHERE id = 1",
        seed as i64
    ))
    .await;
    w.exec(
        "UPDATE match_seats SET player_id = (SELECT CASE seat WHEN 0 THEN challenger_id \
         ELSE opponent_id END FROM matches WHERE id = 1) WHERE match_id = 1",
    )
    .await;
    w.restart().await;
    w
}

/// Everything a player can see of a reply: text, controls, and the picture's pixels.
fn seen(reply: &Reply) -> String {
    let mut out = format!("{} private={}", reply.text(), reply.private);
    for b in reply.all_buttons() {
        out.push_str(&format!(" [{} {}]", b.id, b.label.text(Lang::En)));
    }
    for m in &reply.menus {
        let values: Vec<&str> = m.options.iter().map(|o| o.value.as_str()).collect();
        out.push_str(&format!(" <{} {}>", m.id, values.join("|")));
    }
    if let Some(picture) = &reply.picture {
        for lang in [Lang::En, Lang::Fr] {
            let image = picture.render(lang).expect("picture drawn");
            out.push_str(&format!(" {}:{:x?}", image.file_name, md5ish(&image.bytes)));
        }
    }
    out
}

/// A short fingerprint of bytes (FNV-1a), to keep failure messages readable.
fn md5ish(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[tokio::test]
async fn probing_the_pile_gets_one_answer_whatever_the_top_tile() {
    // Two matches whose top tiles differ; the probe names the first one's top tile.
    let seed_a = 11;
    let top_a = top_tile(seed_a);
    let seed_b = (12..).find(|&s| top_tile(s) != top_a).expect("another top");
    let worlds = [
        lightning_with_seed(seed_a).await,
        lightning_with_seed(seed_b).await,
    ];
    let (a, b) = (alice(), bob());
    let place = channel(1);
    let mut views: Vec<Vec<String>> = Vec::new();
    for w in &worlds {
        let mut view = Vec::new();
        let board = w.run(&a, place, Act::Board).await;
        view.push(seen(&board));
        for design in ["S", "B", "X", "A", "V"] {
            for target in ["a1", "*a1", "R", "c5"] {
                let probe = format!("P{design}-{target}");
                let r = w.run(&a, place, Act::Move(probe.clone())).await;
                assert!(r.private, "{probe} was played: {}", r.text());
                view.push(seen(&r));
            }
        }
        // The same probe from a menu value, and the pile as a source.
        let r = w
            .run(
                &a,
                place,
                Act::Move(format!("P{top_a}-a1")).at(stamp(&board)),
            )
            .await;
        assert!(r.private, "{}", r.text());
        view.push(seen(&r));
        let r = w
            .run(&a, place, Act::PickSource("P".into()).at(stamp(&board)))
            .await;
        view.push(seen(&r));
        for prefix in ["", "P", "PS", &format!("P{top_a}")] {
            view.push(format!(
                "{:?}",
                w.table.matches().move_hints(&place, prefix).await
            ));
        }
        // The live match cannot be replayed, and is not in anyone's history yet.
        view.push(seen(&w.run(&b, place, Act::Replay(1)).await));
        view.push(seen(&w.run(&b, place, Act::History { user: None }).await));
        // Nothing was played: the board is the same as before the probes.
        let again = w.run(&a, place, Act::Board).await;
        assert_eq!(seen(&again), seen(&board));
        views.push(view);
    }
    assert_eq!(views[0], views[1]);
    let answer = &views[0][1];
    assert!(answer.contains("play P first"), "{answer}");
    assert!(!answer.contains("top tile"), "{answer}");
    for w in &worlds {
        assert_eq!(
            w.sql_i64("SELECT COUNT(*) FROM moves").await,
            0,
            "nothing was logged"
        );
    }
    // Drawing shows the tile to both; then it may be named.
    let drawn = worlds[0].run(&a, place, Act::Move("P".into())).await;
    assert!(!drawn.private, "{}", drawn.text());
    let put = worlds[0]
        .run(&a, place, Act::Move(format!("P{top_a}-a1")))
        .await;
    assert_says(&put, "head-played");
    assert_shows(&put, "-a1");
}

#[tokio::test]
async fn every_button_of_an_old_board_is_stale_even_resign() {
    let (w, a, b, place, old) = World::alice_plays_bob().await;
    let question = {
        let (first, _) = players_of(&old, &a, &b);
        w.run(first, place, press(&old, Act::Resign)).await
    };
    let board = w.play_one(place, &old, &[&a, &b]).await;
    for action in [Act::Resign, Act::Draw, Act::Takeback, Act::Abort] {
        for who in [&a, &b] {
            let r = w.run(who, place, press(&old, action.clone())).await;
            assert_stale(&r, "err-stale-board");
        }
    }
    // The question asked on the old board went stale with it.
    let r = w.run(&a, place, press(&question, Act::ConfirmResign)).await;
    let r2 = w.run(&b, place, press(&question, Act::ConfirmResign)).await;
    for r in [r, r2] {
        assert!(r.private && r.stale, "{}", r.text());
    }
    // The game goes on: nothing changed, the current board still plays.
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE status = 'live'", 1)
        .await;
    w.assert_sql("SELECT COUNT(*) FROM moves", 1).await;
    let next = w.play_one(place, &board, &[&a, &b]).await;
    assert!(!is_over(&next), "{}", next.text());
}

/// (the player to move, the other) on a board.
fn players_of<'a>(
    board: &Reply,
    a: &'a parlor::table::Actor,
    b: &'a parlor::table::Actor,
) -> (&'a parlor::table::Actor, &'a parlor::table::Actor) {
    if board.mentions[0] == a.id {
        (a, b)
    } else {
        (b, a)
    }
}

#[tokio::test]
async fn a_resign_button_asks_first_and_only_the_confirmation_resigns() {
    let (w, a, b, place, board) = World::alice_plays_bob().await;
    let c = carol();
    let board = w.play_one(place, &board, &[&a, &b]).await;
    let (me, _) = players_of(&board, &a, &b);
    let question = w.run(me, place, press(&board, Act::Resign)).await;
    assert!(question.private, "{}", question.text());
    assert_shows(&question, "for good?");
    assert!(!is_over(&question));
    assert!(question.button(&Act::ConfirmResign).is_some());
    assert_eq!(
        w.sql_i64("SELECT COUNT(*) FROM matches WHERE status = 'live'")
            .await,
        1,
        "the press alone changes nothing"
    );
    // Someone else cannot resign for a player, with or without the question.
    let r = w.run(&c, place, press(&board, Act::Resign)).await;
    assert!(
        r.private && r.button(&Act::ConfirmResign).is_none(),
        "{}",
        r.text()
    );
    let r = w.run(&c, place, press(&question, Act::ConfirmResign)).await;
    assert_refused(&r, "err-not-a-player");
    // The confirmation ends the game.
    let result = w.run(me, place, press(&question, Act::ConfirmResign)).await;
    assert_says(&result, "head-resigns");
    assert!(is_over(&result));
    let r = w.run(me, place, press(&question, Act::ConfirmResign)).await;
    assert!(r.private && r.stale, "{}", r.text());
    // A typed /resign is deliberate: no question.
    let board = w.simultana(&a, &b, place).await;
    let r = w.run(&a, place, Act::Resign).await;
    assert!(is_over(&r) && !board.private, "{}", r.text());
}

#[tokio::test]
async fn accepting_a_draw_by_button_asks_first() {
    let (w, a, b, place, board) = World::alice_plays_bob().await;
    w.play_one(place, &board, &[&a, &b]).await;
    let offer = w.run(&a, place, Act::Draw).await;
    // Every id of a message is distinct: the accept button replaces the offer button.
    let ids: Vec<&str> = offer.all_buttons().map(|b| b.id.as_str()).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(ids.len(), unique.len(), "{ids:?}");
    let question = w.run(&b, place, press(&offer, Act::Draw)).await;
    assert!(
        question.private && !is_over(&question),
        "{}",
        question.text()
    );
    assert_shows(&question, "@Alice's draw offer");
    w.assert_sql("SELECT COUNT(*) FROM matches WHERE status = 'live'", 1)
        .await;
    // The offerer's own press is refused as before.
    let r = w.run(&a, place, press(&offer, Act::Draw)).await;
    assert_refused(&r, "err-draw-offered");
    // Once the offer is refused, the confirmation has nothing to accept (and offers nothing).
    w.run(&b, place, press(&offer, Act::RefuseDraw)).await;
    let r = w.run(&b, place, press(&question, Act::ConfirmDraw)).await;
    assert_refused(&r, "err-no-draw-to-accept");
    w.assert_sql(
        "SELECT COUNT(*) FROM matches WHERE draw_offer_seat IS NOT NULL",
        0,
    )
    .await;
    // Offered again, asked, confirmed: a draw.
    let offer = w.run(&a, place, Act::Draw).await;
    let question = w.run(&b, place, press(&offer, Act::Draw)).await;
    let result = w.run(&b, place, press(&question, Act::ConfirmDraw)).await;
    assert_shows(&result, "Draw by agreement");
}

/// The pictures of a board before the draw do not depend on the pile (checked directly on the
/// picture, whatever the match around it).
#[test]
fn board_pictures_before_the_draw_do_not_depend_on_the_pile() {
    let picture = |seed: u64| Picture::Board {
        match_id: Some(1),
        seq: 0,
        game: AnyGame::new(GameKind::Lightning, &format!("seed={seed}")).expect("lightning"),
        last_move: None,
        players: vec![
            parlor::i18n::Msg::verbatim("Alice"),
            parlor::i18n::Msg::verbatim("Bob"),
        ],
        ratings: vec![None, None],
        move_number: 0,
        result: None,
        time_left: None,
        clocks: Vec::new(),
    };
    let top = top_tile(1);
    let other = (2..).find(|&s| top_tile(s) != top).expect("another top");
    let a = picture(1).render(Lang::En).expect("drawn");
    let b = picture(other).render(Lang::En).expect("drawn");
    assert!(a.bytes == b.bytes, "the pictures differ");
}
