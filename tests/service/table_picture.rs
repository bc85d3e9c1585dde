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
