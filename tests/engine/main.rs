//! The rules engines' integration tests, in one test binary: a conformance suite every game must
//! pass, then each game's own rule tests, then the engine protocol.

mod analysis;
mod barrier;
mod conformance;
#[path = "../support/lcg.rs"]
mod lcg;
mod lightning;
mod loa;
mod loa_variants;
mod protocol;
mod puzzles;
mod simultana;
mod tournament;

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
