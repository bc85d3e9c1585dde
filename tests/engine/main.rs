//! The rules engines' integration tests, in one test binary: a conformance suite every game must
//! pass, then each game's own rule tests, then the engine protocol.

mod analysis;
mod barrier;
mod conformance;
#[path = "../support/engine_process.rs"]
mod engine_process;
mod games;
mod games_barrier;
mod games_barrier_parse;
mod games_barrier_tiles;
mod games_lightning;
mod games_lightning_design;
mod games_lightning_half;
mod games_loa;
mod games_loa_board;
mod games_loa_geometry;
mod games_notation;
mod games_seating;
mod games_simultana;
mod games_variants;
#[path = "../support/lcg.rs"]
mod lcg;
mod lightning;
mod loa;
mod loa_variants;
mod protocol;
#[path = "../support/puzzles.rs"]
mod puzzle_support;
mod puzzles;
mod simultana;
mod tournament;
mod tournament_arena;
mod tournament_berger;
mod tournament_dutch;
mod tournament_event;
mod tournament_matching;
mod tournament_standings;
mod tournament_trf;
mod tournament_weight;

/// Why `game` refuses move `text` as illegal (the test fails if it reads it, or refuses it for
/// another reason, such as its spelling).
#[track_caller]
pub(crate) fn illegal_message<G: parlor::games::Game>(game: &G, text: &str) -> String {
    match game.parse_move(text) {
        Err(e @ parlor::games::MoveError::Illegal(_)) => e.to_string(),
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

/// Fails unless `status` is a win for `side` by `reason`.
#[track_caller]
pub(crate) fn assert_won(
    status: parlor::games::Status,
    side: parlor::games::Side,
    reason: parlor::games::Reason,
) {
    use parlor::games::{Outcome, Status};
    assert_eq!(status, Status::Over(Outcome::win(side, reason)));
}

/// Fails unless `game` is over, won by `side` by `reason`, with no legal move left.
#[track_caller]
pub(crate) fn assert_finished<G: parlor::games::Game>(
    game: &G,
    side: parlor::games::Side,
    reason: parlor::games::Reason,
) {
    assert_won(game.status(), side, reason);
    assert!(game.legal_moves().is_empty(), "a move after the end");
}

/// Fails unless `status` is a draw by `reason`.
#[track_caller]
pub(crate) fn assert_drawn(status: parlor::games::Status, reason: parlor::games::Reason) {
    use parlor::games::{Outcome, Status};
    assert_eq!(status, Status::Over(Outcome::draw(reason)));
}
