//! The queries, grouped by what they store; each is written once, inside [`on!`], and so
//! compiled for both backends (portable SQL with `$N` placeholders). The few steps a query makes
//! on its backend's own transaction or pool are in `tx.rs`, compiled per backend by `sqlite.rs`
//! and `postgres.rs`.

pub(super) mod analyses;
#[doc(hidden)]
pub mod attempts;
pub(super) mod matches;
#[doc(hidden)]
pub mod puzzles;
pub(super) mod ratings;
#[doc(hidden)]
pub mod settings;
#[doc(hidden)]
pub mod tournaments;
pub(super) mod web;

/// The condition "the player bound at `param` holds a seat in match `m`".
pub fn played_by(param: &str) -> String {
    format!("m.id IN (SELECT match_id FROM match_seats WHERE player_id = {param})")
}

/// A match with its players' names (read by `decode::match_from_row`).
pub const MATCH_SELECT: &str = "SELECT m.*, c.name AS challenger_name, o.name AS opponent_name \
     FROM matches m JOIN players c ON c.id = m.challenger_id \
     LEFT JOIN players o ON o.id = m.opponent_id";

/// A rating with its player's name (read by `decode::rating_from_row`).
pub(super) const RATING_SELECT: &str = "SELECT r.*, p.name AS player_name FROM ratings r \
     JOIN players p ON p.id = r.player_id";
