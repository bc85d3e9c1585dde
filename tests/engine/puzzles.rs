//! The starter set of puzzles shipped in assets/puzzles: every line reads back, its moves are
//! legal and its solution wins; for a sample of each file (all of them with
//! `PARLOR_PUZZLES_FULL=1`), no other move of the solver wins as fast at any of its moves.

use parlor::ai::puzzle::{DEFAULT_BUDGET, forced_win_any, replay, wins_at_once};
use parlor::games::{AnyGame, Status};
use parlor::table::puzzles::{self, Line, STARTER};

/// Every `SAMPLE`-th puzzle of a file is checked move by move in an ordinary run.
const SAMPLE: usize = 20;

/// No move of the solver but the solution's (or, at its last move, one winning at once) keeps
/// a win as fast, checked with the plain forced-win search.
fn only_moves(start: &AnyGame, line: &Line) {
    let (mut position, solution, wins) = replay(start, &line.moves, &line.solution).unwrap();
    assert!(wins, "{}", line.text());
    let winner = position.status().to_move();
    let mut left = u32::try_from(solution.len().div_ceil(2)).unwrap();
    for (i, played) in solution.iter().enumerate() {
        if i % 2 == 0 {
            for mv in position.legal_moves() {
                if mv == *played || (left == 1 && i > 0 && wins_at_once(&position, &mv)) {
                    continue;
                }
                let mut after = position.clone();
                after.play(&mv).unwrap();
                let keeps = match after.status() {
                    Status::Over(o) => o.winner == winner,
                    Status::ToMove(_) => {
                        left > 1
                            && after.legal_moves().iter().all(|reply| {
                                let mut next = after.clone();
                                next.play(reply).unwrap();
                                match next.status() {
                                    Status::Over(o) => o.winner == winner,
                                    Status::ToMove(_) => {
                                        forced_win_any(&next, left - 1, DEFAULT_BUDGET).is_ok()
                                    }
                                }
                            })
                    }
                };
                assert!(
                    !keeps,
                    "another move wins as fast at ply {i}: {}",
                    line.text()
                );
            }
            left -= 1;
        }
        position.play(played).unwrap();
    }
}

#[test]
fn the_starter_set_checks_out() {
    let full = std::env::var("PARLOR_PUZZLES_FULL").is_ok_and(|v| v == "1");
    let mut ids = std::collections::HashSet::new();
    for (file, text) in STARTER {
        for (i, text) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
            let line = Line::parse(text).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(
                ids.insert((line.game, line.id)),
                "{file}: id {} twice",
                line.id
            );
            let checked = puzzles::checked(&line, "starter")
                .unwrap_or_else(|e| panic!("{file}: {e}: {text}"));
            assert_eq!(checked.moves, line.moves);
            if full || i % SAMPLE == 0 {
                let (start, _) = puzzles::start(line.game, &line.options).unwrap();
                only_moves(&start, &line);
            }
        }
    }
}
