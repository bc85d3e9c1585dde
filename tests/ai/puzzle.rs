//! The tests of `parlor::ai::puzzle`.
//!
//! Moved out of src/ai/puzzle.rs (the library builds no unit-test harness).

use parlor::games::AnyGame;
use parlor::games::AnyMove;
use parlor::games::GameKind;
use parlor::games::Status;

use crate::puzzle_support::other_wins;
use parlor::ai::puzzle::*;

fn loa(board: &str) -> AnyGame {
    match AnyGame::import(&format!(
        "loa {board} w 20 0,0 * rules=abacus setup=standard"
    )) {
        Ok(game) => game,
        Err(e) => panic!("{board}: {e}"),
    }
}

fn texts(game: &AnyGame, line: &[AnyMove]) -> Vec<String> {
    let mut position = game.clone();
    line.iter()
        .map(|mv| {
            let text = position.format_move(mv).unwrap();
            position.play(mv).unwrap();
            text
        })
        .collect()
}

/// White a1 b1 c1 e2: e2-d2 and e2-d1 (among others) connect.
#[test]
fn two_winning_moves_are_no_puzzle() {
    let game = loa("7b/8/8/8/b7/8/4w3/www5");
    let win = forced_win_any(&game, 1, DEFAULT_BUDGET).unwrap();
    assert_eq!(win.moves, 1);
    let refused = puzzle_any(&game, 3, DEFAULT_BUDGET);
    assert!(
        matches!(refused, Err(Rejection::SeveralWins { at: 1, count }) if count >= 2),
        "{refused:?}"
    );
}

/// White a1 b1 c1 d3, Black c2 blocks every other connection: only d3-d2 wins.
#[test]
fn a_single_win_in_one_is_a_puzzle() {
    let game = loa("7b/8/8/8/8/3w4/2b5/www5");
    let found = puzzle_any(&game, 3, DEFAULT_BUDGET).unwrap();
    assert_eq!(found.moves, 1);
    assert_eq!(texts(&game, &found.line), ["d3-d2"]);
}

/// No other move of the winner at its `at`-th move keeps a win in `left` own moves: every
/// such move either lets some reply escape that long or is not a win at once. Checked with
/// [`forced_win_any`] alone, apart from the only-move search.
fn only_moves(game: &AnyGame, found: &Solution<AnyMove>) {
    let winner = game.status().to_move();
    let mut position = game.clone();
    let mut left = found.moves;
    for (i, played) in found.line.iter().enumerate() {
        if i % 2 == 0 {
            let others = other_wins(&position, played, i == 0, left);
            let texts: Vec<_> = others.iter().map(|mv| position.format_move(mv)).collect();
            assert!(others.is_empty(), "at ply {i} {texts:?} win too");
        } else {
            let mut after = position.clone();
            after.play(played).unwrap();
            left = forced_win_any(&after, left, DEFAULT_BUDGET).unwrap().moves;
        }
        position.play(played).unwrap();
    }
    assert!(
        matches!(position.status(), Status::Over(o) if o.winner == winner),
        "the line wins"
    );
}

/// Positions from self-play at low levels where the side to move wins in three.
#[test]
fn a_real_puzzle_is_accepted_with_its_line() {
    for text in [
        "loa 2w5/8/3bb1w1/3w1ww1/2wwbb2/1w1b4/3b4/3bb3 w 38 0,0 * rules=abacus setup=standard",
        "simultana x1x2/oo1x1/x2x1/oo1xo/3o1 black",
    ] {
        let game = AnyGame::import(text).unwrap();
        let found = puzzle_any(&game, 3, DEFAULT_BUDGET).unwrap();
        assert_eq!(found.moves, 3, "{text}");
        assert_eq!(found.plies(), 5, "{text}");
        only_moves(&game, &found);
        // Shorter searches find no win.
        assert_eq!(
            forced_win_any(&game, 2, DEFAULT_BUDGET),
            Err(Rejection::NoWin(2))
        );
    }
}

#[test]
fn a_position_with_no_win_is_refused() {
    let game = AnyGame::new(GameKind::Loa, "").unwrap();
    assert_eq!(
        puzzle_any(&game, 2, DEFAULT_BUDGET),
        Err(Rejection::NoWin(2))
    );
    let lightning = AnyGame::new(GameKind::Lightning, "").unwrap();
    assert_eq!(puzzle_any(&lightning, 2, 10), Err(Rejection::Unsupported));
    let four = AnyGame::new(GameKind::Loa, "players=4").unwrap();
    assert_eq!(forced_win_any(&four, 2, 10), Err(Rejection::Unsupported));
}
