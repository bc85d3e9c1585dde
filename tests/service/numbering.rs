//! One way to count moves (issue 39): a move is one player's turn, numbered from 1 over all
//! players. For a Lines of Action match, a four-player one and a Lightning one, the number the
//! text gives the move to play agrees with the board picture's, and the coach's "move N" is
//! move N on the score sheet and on the picture of that mistake.

use super::coach::{finished, world};
use super::common::*;
use super::four::{everyone, full_table};
use parlor::games::{AnyGame, GameKind};
use parlor::i18n::{Arg, Lang, Msg};
use parlor::table::{Act, Actor, Picture, Place, Reply};

/// The first message with this id in a reply's lines, nested ones included.
fn find<'a>(reply: &'a Reply, id: &str) -> Option<&'a Msg> {
    fn walk<'a>(msg: &'a Msg, id: &str) -> Option<&'a Msg> {
        if msg.id == id {
            return Some(msg);
        }
        msg.args.iter().find_map(|(_, arg)| match arg {
            Arg::Msg(inner) => walk(inner, id),
            _ => None,
        })
    }
    reply.lines.iter().find_map(|m| walk(m, id))
}

fn num(msg: &Msg, name: &str) -> i64 {
    match msg.args.iter().find(|(n, _)| *n == name) {
        Some((_, Arg::Num(n))) => *n,
        other => panic!("{name} of {msg:?}: {other:?}"),
    }
}

fn code(msg: &Msg, name: &str) -> String {
    match msg.args.iter().find(|(n, _)| *n == name) {
        Some((_, Arg::Code(text))) => text.clone(),
        other => panic!("{name} of {msg:?}: {other:?}"),
    }
}

/// What a catalogue message says before its argument `side`, here the picture's "Move 16: ".
fn before_side(msg: Msg, lang: Lang) -> String {
    let text = msg.plain("side", "\u{1}").text(lang);
    text.split('\u{1}').next().unwrap_or_default().to_string()
}

/// Checks that a live board's text names the move to play by the number its picture gives it.
#[track_caller]
fn assert_board_agrees(board: &Reply) {
    let turn = find(board, "turn")
        .or_else(|| find(board, "turn-seat"))
        .unwrap_or_else(|| panic!("whose turn: {}", board.text()));
    let Some(Picture::Board {
        game, move_number, ..
    }) = &board.picture
    else {
        panic!("a board picture: {}", board.text());
    };
    let next = i64::from(*move_number) + i64::from(!game.mid_turn() || *move_number == 0);
    assert_eq!(num(turn, "n"), next, "{}", board.text());
    // The picture says the same number where it names who is to play.
    let prefix = before_side(Msg::new("pic-to-move").num("n", next), Lang::En);
    let said = board
        .picture
        .as_ref()
        .map(|p| p.describe(Lang::En).summary)
        .unwrap_or_default();
    assert!(
        said.iter().any(|s| s.starts_with(&prefix)),
        "{prefix} in {said:?}"
    );
}

/// Plays `plies` first moves, checking each board, then has `resigner` resign; returns the
/// match id.
async fn play(w: &World, place: Place, mut board: Reply, players: &[Actor], plies: usize) -> i64 {
    let all: Vec<&Actor> = players.iter().collect();
    assert_board_agrees(&board);
    for _ in 0..plies {
        board = w.play_one(place, &board, &all).await;
        assert_board_agrees(&board);
    }
    let resigner = all
        .iter()
        .find(|a| a.id == board.mentions[0])
        .expect("the player to move");
    let end = w.run(resigner, place, Act::Resign).await;
    assert!(is_over(&end), "{}", end.text());
    end.match_id.expect("a match")
}

/// Analyses match `id`, then stores in its place an analysis in which the ply at `costly`
/// (0-based) threw the game away, and asks again: checks the coach's line for it against the
/// sheet and the picture, and returns its move number, the sheet's row that holds it and the
/// picture.
async fn coach_on(w: &World, place: Place, id: i64, costly: usize) -> (i64, String, Picture) {
    let done = finished(w.run(&alice(), place, Act::Analyse(Some(id))).await).await;
    let Some(Picture::Evaluation { analysis, .. }) = &done.picture else {
        panic!("the graph: {}", done.text());
    };
    // The mover's chances: level until the costly move, which throws the game away for good
    // (a drop that lasts: the blunderer's side stays at 10 %, the other at 90 %).
    let loser = analysis.plies[costly].side;
    w.store_analysis(id, &played(analysis), |i| match i {
        _ if i == costly => (0.1, 0.6),
        _ if i < costly => (0.5, 0.5),
        _ if analysis.plies[i].side == loser => (0.1, 0.1),
        _ => (0.9, 0.9),
    })
    .await;
    let again = w.run(&alice(), place, Act::Analyse(Some(id))).await;
    let section = again
        .sections
        .first()
        .unwrap_or_else(|| panic!("one mistake: {}", again.text()));
    let line = section.lines[0].clone();
    assert_eq!(line.id, "coach-mistake");
    let picture = section.picture.clone().expect("the mistake's board");
    let sheet = w.run(&alice(), place, Act::Moves(Some(id))).await;
    let (n, row) = assert_coach_agrees(&line, &picture, &sheet);
    (n, row, picture)
}

/// The coach's move number for its mistake, checked against the sheet and the picture; returns
/// it and the sheet's row that holds it.
fn assert_coach_agrees(line: &Msg, picture: &Picture, sheet: &Reply) -> (i64, String) {
    let n = num(line, "n");
    let played = code(line, "played");
    let Picture::Mistake {
        number,
        game,
        last_move,
        ..
    } = picture
    else {
        panic!("a mistake's picture: {picture:?}");
    };
    assert_eq!(*number as i64, n);
    // The sheet: the row holding "n. " has the move played there (a Lightning step inside its
    // move's text: `15. PS -c1??`).
    let rows: Vec<String> = sheet
        .lines
        .iter()
        .filter(|m| m.id == "moves-row")
        .map(|m| code(m, "row"))
        .collect();
    let label = format!("{n}. ");
    let row = rows
        .iter()
        .find(|r| r.starts_with(&label) || r.contains(&format!("  {label}")))
        .unwrap_or_else(|| panic!("{label} in {rows:?}"));
    let at = row.find(&label).unwrap_or(0) + label.len();
    let entry = row[at..].split("  ").next().unwrap_or_default();
    assert!(entry.contains(&played), "{played} in {entry} ({row})");
    // The picture: the move before it by its own number, then move n to play.
    let said = picture.describe(Lang::En).summary;
    let last = if game.mid_turn() { n } else { n - 1 };
    let (before, mv) = last_move.as_deref().expect("a move before the mistake");
    let mut after = before.clone();
    after.play(mv).expect("the move before");
    let shown = before.public_text(mv, &after).expect("its text");
    let caption = Msg::new("pic-move-played")
        .num("n", last)
        .plain("move", shown)
        .text(Lang::En);
    assert!(
        said.iter().any(|s| s.starts_with(&caption)),
        "{caption} in {said:?}"
    );
    let prefix = before_side(Msg::new("pic-to-move").num("n", n), Lang::En);
    assert!(
        said.iter().any(|s| s.starts_with(&prefix)),
        "{prefix} in {said:?}"
    );
    (n, row.clone())
}

/// [`play`]s the match of `board` in channel 1, then [`coach_on`] it at `costly`.
async fn coached(
    w: &World,
    board: Reply,
    players: &[Actor],
    plies: usize,
    costly: usize,
) -> (i64, String, Picture) {
    let id = play(w, channel(1), board, players, plies).await;
    coach_on(w, channel(1), id, costly).await
}

#[tokio::test]
async fn lines_of_action_counts_each_players_move_in_texts_sheet_coach_and_pictures() {
    let w = world().await;
    let board = w.live(GameKind::Loa, &alice(), &bob(), channel(1)).await;
    let (n, row, _) = coached(&w, board, &[alice(), bob()], 9, 6).await;
    // Every ply is a move: the seventh is move 7, on the row of moves 7 and 8.
    assert_eq!(n, 7);
    assert!(row.starts_with("7. ") && row.contains("  8. "), "{row}");
}

#[tokio::test]
async fn four_players_count_four_moves_a_round_and_a_row() {
    let w = world().await;
    let board = full_table(&w, channel(1)).await;
    let (n, row, _) = coached(&w, board, &everyone(), 10, 6).await;
    assert_eq!(n, 7);
    // The second round: moves 5 to 8, one row.
    assert_eq!(row.matches(". ").count(), 4, "{row}");
    assert!(row.starts_with("5. ") && row.contains("  8. "), "{row}");
}

#[tokio::test]
async fn a_lightning_move_of_two_steps_is_one_move() {
    let w = world().await;
    let board = w
        .live(GameKind::Lightning, &alice(), &bob(), channel(1))
        .await;
    // The last ply played: with at least one move of two steps before it, its move number is
    // below its ply.
    let (n, _, picture) = coached(&w, board, &[alice(), bob()], 10, 9).await;
    assert!(n < 10, "move {n} for the tenth ply");
    let Picture::Mistake { game, .. } = &picture else {
        unreachable!()
    };
    assert!(matches!(game, AnyGame::Lightning(_)));
}
