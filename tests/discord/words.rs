//! Pictures in words: every picture posted carries its description (the fake refuses one
//! without), the board's is the renderer's words for the position, and `/board text:true`
//! gives the whole position privately, with no picture.

use serde_json::json;

use parlor::games::{AnyGame, GameKind, Side};
use parlor::i18n::{Lang, Msg};
use parlor::render::describe::{list, pieces_label, side_label};

use crate::fake::CHANNEL_ID;
use crate::start;
use crate::steps::{accept, alice, alice_challenges_bob, ask, bob, legal, play, to_move, who};

/// `White, pieces (12): a2, …` as the renderer says it for `game`, in English.
fn pieces_line(game: &AnyGame, side: Side) -> String {
    let AnyGame::Loa(g) = game else {
        return String::new();
    };
    let color = g.color_of(side);
    let mut squares = Vec::new();
    for f in 0..8 {
        for r in 0..8 {
            if g.piece_at(f, r) == Some(color) {
                squares.push(parlor::games::notation::square_name(f, r));
            }
        }
    }
    let label = pieces_label(side_label(game, side, Lang::En), "all");
    list(label, &squares, Lang::En)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_carry_their_words_and_board_text_true_says_them_privately() {
    let (discord, _bot) = start().await;
    let card =
        alice_challenges_bob(&discord, CHANNEL_ID, json!({"game": "loa", "clock": "1d"})).await;
    let first = accept(&discord, &card, &bob()).await;
    let mut game = AnyGame::new(GameKind::Loa, "").expect("the standard game");
    let players = [alice(), bob()];
    let mut board = first;
    for _ in 0..2 {
        let mover = who(&players, to_move(&board)).clone();
        let mv = legal(&discord, &mover, CHANNEL_ID).await.remove(0);
        board = play(&discord, &mover, CHANNEL_ID, &mv).await;
        assert!(!board.ephemeral, "{mv}: {}", board.text());
        game.play_text(&mv).expect("a legal move");
    }
    let board = discord.pictured(board.id).await;
    let words = &board.files[0].description;
    let game_line = Msg::new("describe-game")
        .msg("game", GameKind::Loa.label())
        .text(Lang::En);
    assert!(words.starts_with(&game_line), "{words}");
    for side in Side::BOTH {
        assert!(words.contains(&pieces_line(&game, side)), "{words}");
    }
    let time = Msg::new("describe-time-left")
        .duration("time", 0)
        .text(Lang::En);
    let time_prefix = time.split(':').next().unwrap_or_default();
    assert!(words.contains(time_prefix), "the time left: {words}");

    let text = ask(
        &discord,
        &alice(),
        CHANNEL_ID,
        "board",
        json!({"text": true}),
    )
    .await;
    assert!(text.ephemeral, "only to the asker");
    assert!(text.files.is_empty(), "words, no picture");
    let said = text.text();
    assert!(said.contains(&game_line), "{said}");
    for side in Side::BOTH {
        assert!(said.contains(&pieces_line(&game, side)), "{said}");
    }
    discord.assert_no_violations();
}
