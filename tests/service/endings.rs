//! The last picture of a match says how it ended, whatever ended it, with the new ratings.

use super::common::*;
use parlor::games::{Outcome, Reason, Side};
use parlor::table::{Act, Picture, Reply};

/// The result and ratings a reply's board picture carries.
/// A result's last picture: its outcome and ratings, once checked that the match is over and
/// the picture carries the result's banner.
fn ending(reply: &Reply) -> (Option<Outcome>, Vec<Option<String>>) {
    assert!(is_over(reply), "{}", reply.text());
    assert!(has_banner(reply), "the result's banner");
    match &reply.picture {
        Some(Picture::Board {
            result, ratings, ..
        }) => (*result, ratings.clone()),
        other => panic!("a board picture: {other:?}"),
    }
}

/// The banner band of a drawn picture holds the banner colour.
fn has_banner(reply: &Reply) -> bool {
    let image = drawn(reply);
    let img = image::load_from_memory(&image.bytes)
        .expect("decodes")
        .to_rgb8();
    // With `PARLOR_PICTURES=dir`, keep the picture to look at.
    if let Ok(dir) = std::env::var("PARLOR_PICTURES") {
        let path = format!("{dir}/ending-{}", image.file_name);
        std::fs::write(path, &image.bytes).expect("written");
    }
    let banner = parlor::render::palette::BANNER;
    (56..84).any(|y| (0..img.width()).any(|x| img.get_pixel(x, y).0 == banner))
}

#[tokio::test]
async fn a_resignation_shows_its_result_and_the_new_ratings_on_the_last_picture() {
    let (w, a, b, place, board) = World::alice_plays_bob().await;
    let board = w.play_one(place, &board, &[&a, &b]).await;
    assert!(!has_banner(&board), "no banner while the game goes on");
    let r = w.run(&a, place, Act::Resign).await;
    let (result, ratings) = ending(&r);
    let outcome = result.expect("the result is on the picture");
    assert_eq!(outcome.reason, Reason::Resignation);
    // Alice challenged, so she sits first or second; the winner is the other seat.
    let first_is_alice = board.mentions.first() == Some(&b.id);
    let alice_side = if first_is_alice {
        Side::First
    } else {
        Side::Second
    };
    assert_eq!(outcome.winner, Some(alice_side.opponent()));
    for r in ratings.iter() {
        let text = r.as_deref().expect("a rated match shows ratings");
        assert!(text.contains("(+") || text.contains("(-"), "{text}");
    }
}

#[tokio::test]
async fn an_agreed_draw_and_an_abort_show_on_the_last_picture() {
    let (w, a, b, _) = World::alice_offers_bob_a_draw().await;
    let r = w.run(&b, channel(1), Act::Draw).await;
    let (result, _) = ending(&r);
    assert_eq!(
        result,
        Some(Outcome {
            winner: None,
            reason: Reason::Agreement
        })
    );

    let _ = w.simultana(&a, &b, channel(2)).await;
    let r = w.run(&a, channel(2), Act::Abort).await;
    let (result, _) = ending(&r);
    assert_eq!(
        result.map(|o| (o.winner, o.reason)),
        Some((None, Reason::Abort))
    );
}

#[tokio::test]
async fn a_replay_of_a_resigned_match_ends_on_its_result() {
    let w = World::new().await;
    let (a, b) = (alice(), bob());
    let board = w.simultana(&a, &b, channel(1)).await;
    let _ = w.play_one(channel(1), &board, &[&a, &b]).await;
    let _ = w.run(&b, channel(1), Act::Resign).await;
    let replay = w.run(&a, channel(1), Act::Replay(1)).await;
    match &replay.picture {
        Some(Picture::Replay { result, .. }) => {
            assert_eq!(result.map(|o| o.reason), Some(Reason::Resignation));
        }
        other => panic!("a replay: {other:?}"),
    }
}
