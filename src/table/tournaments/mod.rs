//! Tournaments as a service (issue 40): the engine's pure [`crate::tournament`] value kept by
//! the shell ([`crate::table::shell`]) like a match.
//!
//! - `event.rs`: the tournament as the service keeps and stores it ([`Event`]), its
//!   transitions ([`Step`]) and how a finished game becomes a board's result (forfeits).
//! - `service.rs`: [`Tournaments`], the open ones in memory, restored at start, the timer and
//!   the listener of ended games.
//! - `flow.rs`: what happens by itself: results, rounds scheduled and paired, games opened
//!   (each an ordinary match, see [`crate::table::matches::PairedGame`]), the end.
//! - `arena.rs`: the same for an arena: players paired again the moment they are free.
//! - `commands.rs`: what people ask ([`TournamentSpec`] for creating one).
//! - `present.rs`: what it says; `pictures.rs`: its pictures (standings, pairings, podium).

mod arena;
#[doc(hidden)]
pub mod calendar;
mod commands;
#[doc(hidden)]
pub mod event;
mod flow;
pub mod pictures;
mod present;
#[doc(hidden)]
pub mod service;

pub use calendar::{Calendar, CalendarEntry, CalendarNews, CalendarStatus};
pub use commands::{MAX_ROUNDS, MIN_INTERVAL_SECS, TournamentSpec};
pub use event::{Event, Rules, Seat, Status, Step, board_result, bot_key, person_key};
pub use present::{format as format_name, points};
pub use service::Tournaments;
