//! The rules engines' integration tests, in one test binary: a conformance suite every game must
//! pass, then each game's own rule tests, then the engine protocol.

mod analysis;
mod barrier;
mod conformance;
mod lightning;
mod loa;
mod loa_variants;
mod protocol;
mod simultana;
mod tournament;
