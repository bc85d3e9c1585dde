//! Exact one-move tactics run before every search, so that even the weakest level takes a win
//! in one and does not hand the opponent one when it can avoid it. Chance moves are never
//! looked through: only what the visible position guarantees counts.

use super::knowledge::AiGame;
use crate::games::{Side, Status};

/// How many further steps of the same player's turn are followed (Lightning: take, then put).
const TURN_STEPS: u32 = 2;

/// A move that wins for the side to move within its current turn, if there is one.
/// Returns the first step of such a turn.
pub fn winning_move<G: AiGame>(game: &G) -> Option<G::Move> {
    let Status::ToMove(side) = game.status() else {
        return None;
    };
    wins_within_turn(game, side, TURN_STEPS)
}

fn wins_within_turn<G: AiGame>(game: &G, side: Side, steps: u32) -> Option<G::Move> {
    let mut moves = Vec::new();
    game.search_moves(&mut moves);
    let mut continuations = Vec::new();
    for mv in moves {
        if G::is_chance(&mv) {
            continue;
        }
        let mut next = game.clone();
        next.play_unchecked(&mv);
        match next.status() {
            Status::Over(o) if o.winner == Some(side) => return Some(mv),
            Status::ToMove(s) if s == side && steps > 1 => continuations.push((mv, next)),
            _ => {}
        }
    }
    continuations
        .into_iter()
        .find(|(_, next)| wins_within_turn(next, side, steps - 1).is_some())
        .map(|(mv, _)| mv)
}

/// Whether, after `mv`, the opponent can surely win on their very next turn (or the move loses
/// on the spot). Moves that leave the turn unfinished, and chance moves, are not judged.
pub fn loses_at_once<G: AiGame>(game: &G, mv: &G::Move) -> bool {
    let Status::ToMove(side) = game.status() else {
        return false;
    };
    if G::is_chance(mv) {
        return false;
    }
    let mut next = game.clone();
    next.play_unchecked(mv);
    match next.status() {
        Status::Over(o) => o.winner == Some(side.opponent()),
        Status::ToMove(s) if s == side => false,
        Status::ToMove(_) => winning_move(&next).is_some(),
    }
}

/// The moves worth searching: all of `moves` except those that lose at once, unless every one
/// of them does.
pub fn safe_moves<G: AiGame>(game: &G, moves: &[G::Move]) -> Vec<G::Move> {
    let safe: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|mv| !loses_at_once(game, mv))
        .collect();
    if safe.is_empty() {
        moves.to_vec()
    } else {
        safe
    }
}
