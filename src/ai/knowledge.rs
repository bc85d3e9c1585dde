//! What the search needs to know about a game beyond its rules: which moves to consider, where
//! chance and hidden information are, and cheap game knowledge for playouts.

use rand::RngExt;

use super::AiRng;
use crate::games::Game;
use crate::games::barrier::Barrier;
use crate::games::lightning::Lightning;
use crate::games::loa::Loa;
use crate::games::simultana::Simultana;

/// A game the search can play. Every method has a neutral default; games override what helps.
pub trait AiGame: Game {
    /// The moves the AI may choose from (all legal moves unless some would use hidden
    /// information, like Lightning's whole-turn moves that name the pile's top tile).
    fn search_moves(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves_into(out);
    }

    /// Whether the position hides something from the player to move (then every search
    /// iteration starts from [`AiGame::determinize`]).
    fn has_hidden_information(&self) -> bool {
        false
    }

    /// Replaces what is hidden by a random sample consistent with what is visible. The result
    /// must depend only on the visible part and `rng`, never on the hidden truth.
    fn determinize(&mut self, _rng: &mut AiRng) {}

    /// Whether the result of `mv` depends on hidden information (a draw from the pile).
    fn is_chance(_mv: &Self::Move) -> bool {
        false
    }

    /// After a chance move: a key of what it revealed (e.g. the design drawn).
    fn observation(&self) -> u64 {
        0
    }

    /// The playout policy: a move among `moves` (all from [`AiGame::search_moves`]).
    fn playout_move(&self, moves: &[Self::Move], rng: &mut AiRng) -> Self::Move {
        moves[rng.random_range(0..moves.len())]
    }

    /// A static estimate in [-1, 1] for the first seat, used when a playout is cut short.
    fn evaluate(&self) -> f64 {
        0.0
    }
}

impl AiGame for Simultana {}

impl AiGame for Barrier {}

impl AiGame for Loa {}

impl AiGame for Lightning {}
