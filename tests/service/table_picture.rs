//! The tests of `parlor::table::picture`.
//!
//! Moved out of src/table/picture.rs (the library builds no unit-test harness).

use parlor::games::AnyGame;
use parlor::games::Outcome;
use parlor::i18n::Lang;
use parlor::i18n::Msg;

use parlor::games::GameKind;
use parlor::table::picture::*;

fn board(seq: u32, result: Option<Outcome>) -> Picture {
    Picture::Board {
        match_id: Some(7),
        seq,
        game: AnyGame::start(GameKind::Loa, "", 0).expect("a start position"),
        last_move: None,
        players: vec![Msg::verbatim("a"), Msg::verbatim("b")],
        ratings: vec![None, None],
        move_number: 0,
        result,
        time_left: None,
        clocks: Vec::new(),
    }
}

#[tokio::test]
async fn a_board_is_kept_per_position_and_language_and_a_final_one_is_not() {
    let pictures = Pictures::new(1, 4);
    let first = pictures
        .draw(board(3, None), Lang::En)
        .await
        .expect("drawn");
    let kept = |lang| pictures.lock().peek(&(7, lang)).map(|(at, _)| at.0);
    assert_eq!(kept(Lang::En), Some(3));
    assert_eq!(kept(Lang::Fr), None, "each language its own");
    let again = pictures.draw(board(3, None), Lang::En).await.expect("kept");
    assert_eq!(again, first);
    pictures
        .draw(board(4, None), Lang::En)
        .await
        .expect("drawn");
    assert_eq!(kept(Lang::En), Some(4), "the newer position replaces it");
    let end = Outcome {
        winner: None,
        reason: parlor::games::Reason::Abort,
    };
    let last = pictures.draw(board(5, Some(end)), Lang::En).await;
    assert!(last.is_ok_and(|i| i.file_name == "match-7-final.png"));
    assert_eq!(
        kept(Lang::En),
        Some(4),
        "a final board is drawn once, not kept"
    );
}

#[tokio::test]
async fn pictures_asked_at_once_are_each_drawn_as_alone_by_the_drawing_threads() {
    // Two drawing threads, forty boards of different positions in both languages asked at
    // once: every answer is its own picture, byte for byte what drawing it alone gives.
    let pictures = Pictures::new(2, 4);
    let positions: Vec<(Picture, Lang)> = (0..40u32)
        .map(|i| {
            let mut game = AnyGame::start(GameKind::Loa, "", 0).expect("a start position");
            for _ in 0..i % 7 {
                let legal = game.legal_move_texts();
                let pick = legal[(i as usize * 13) % legal.len()].clone();
                game.play_text(&pick).expect("a legal move");
            }
            let mut picture = board(i, None);
            if let Picture::Board {
                game: g, match_id, ..
            } = &mut picture
            {
                *g = game;
                *match_id = Some(i64::from(i));
            }
            let lang = if i % 2 == 0 { Lang::En } else { Lang::Fr };
            (picture, lang)
        })
        .collect();
    let asked = positions.iter().map(|(picture, lang)| {
        let pictures = pictures.clone();
        let (picture, lang) = (picture.clone(), *lang);
        tokio::spawn(async move { pictures.draw(picture, lang).await })
    });
    let drawn = futures_util::future::join_all(asked).await;
    for ((picture, lang), got) in positions.iter().zip(drawn) {
        let got = got.expect("the task ends").expect("drawn");
        let alone = picture.render(*lang).expect("drawn alone");
        assert_eq!(got.bytes, alone.bytes);
        assert_eq!(got.file_name, alone.file_name);
    }
}
