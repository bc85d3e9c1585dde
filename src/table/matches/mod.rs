//! Matches, from challenge to result.
//!
//! The pure core: a match is one value ([`state::Match`]); an act on it is decided by a pure
//! function (`decide.rs`, with `offers.rs` for draws and takebacks and `verdict.rs` for what a
//! decision is made of) into [`crate::store::Change`]s; ratings are computed in `rating.rs`.
//! The service around it ([`Matches`], `service.rs`) keeps the open matches in memory
//! (`index.rs`, `schedule.rs`), takes each request through the shell ([`crate::table::shell`]:
//! `commands.rs`, `keeper.rs`), opens new ones (`challenge.rs`) and presents them
//! (`present.rs`, `hints.rs`).

mod challenge;
mod commands;
mod decide;
#[doc(hidden)]
pub mod hints;
mod index;
mod keeper;
mod offers;
mod paired;
#[doc(hidden)]
pub mod present;
pub mod rating;
#[doc(hidden)]
pub mod schedule;
mod service;
#[doc(hidden)]
pub mod state;
mod verdict;

pub use paired::PairedGame;
pub use service::Matches;
