//! The starter set of puzzles shipped in assets/puzzles: every line reads back, its moves are
//! legal and its solution wins; for a sample of each file (all of them with
//! `PARLOR_PUZZLES_FULL=1`), no other move of the solver wins as fast at any of its moves.

use crate::puzzle_support::other_wins;
use parlor::ai::puzzle::replay;
use parlor::games::AnyGame;
use parlor::table::puzzles::{self, Line, STARTER};

/// Every `SAMPLE`-th puzzle of a file is checked move by move in an ordinary run.
const SAMPLE: usize = 20;

/// No move of the solver but the solution's (or, at its last move, one winning at once) keeps
/// a win as fast, checked with the plain forced-win search.
fn only_moves(start: &AnyGame, line: &Line) {
    let (mut position, solution, wins) = replay(start, &line.moves, &line.solution).unwrap();
    assert!(wins, "{}", line.text());
    let mut left = u32::try_from(solution.len().div_ceil(2)).unwrap();
    for (i, played) in solution.iter().enumerate() {
        if i % 2 == 0 {
            let others = other_wins(&position, played, i == 0, left);
            assert!(
                others.is_empty(),
                "another move wins as fast at ply {i}: {}",
                line.text()
            );
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
