//! What the search needs to know about a game beyond its rules: which moves to consider, where
//! chance and hidden information are, and cheap game knowledge for playouts.

use rand::RngExt;

use super::AiRng;
use crate::games::barrier::{Barrier, BarrierMove};
use crate::games::lightning::{Lightning, LightningMove, Source};
use crate::games::loa::Loa;
use crate::games::simultana::Simultana;
use crate::games::{Game, Side};

/// A game the search can play. Every method has a neutral default; games override what helps.
pub trait AiGame: Game {
    /// The moves the AI may choose from: the moves a player may be offered
    /// ([`Game::visible_moves_into`]), so the AI never uses what is hidden; a game may leave
    /// out more to focus the search.
    fn search_moves(&self, out: &mut Vec<Self::Move>) {
        self.visible_moves_into(out);
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

    /// Whether the search orders each node's moves by [`AiGame::evaluate`] of the position
    /// they lead to and widens progressively (a node tries a new move only as its visits grow),
    /// so that deep search follows plausible moves instead of averaging over random ones.
    /// Worth its cost when the evaluation is informative and the branching wide.
    const GUIDED: bool = false;

    /// Plies after which a playout stops and [`AiGame::evaluate`] scores it.
    const PLAYOUT_CAP: u32 = 200;

    /// A static estimate in [-1, 1] for the first seat, used when a playout is cut short.
    fn evaluate(&self) -> f64 {
        0.0
    }
}

impl AiGame for Simultana {
    /// Games between good players run to hundreds of plies, so playouts to the end mostly hit
    /// the cap and say nothing; short playouts scored by mobility say who is being squeezed.
    const PLAYOUT_CAP: u32 = 30;

    /// The difference in mobility: the player with fewer moves is closer to being blocked.
    fn evaluate(&self) -> f64 {
        let white = f64::from(self.mobility(Side::First));
        let black = f64::from(self.mobility(Side::Second));
        ((white - black) / 4.0).tanh()
    }
}

impl AiGame for Barrier {
    /// Captures are optional, so random playouts wander; taking a capture when one is there
    /// (most of the time) makes them look more like real games.
    fn playout_move(&self, moves: &[BarrierMove], rng: &mut AiRng) -> BarrierMove {
        let captures = moves.iter().filter(|m| m.is_capture()).count();
        if captures > 0 && rng.random_range(0..8) != 0 {
            let k = rng.random_range(0..captures);
            if let Some(m) = moves.iter().filter(|m| m.is_capture()).nth(k) {
                return *m;
            }
        }
        moves[rng.random_range(0..moves.len())]
    }

    const PLAYOUT_CAP: u32 = 80;

    /// Material, a crowned piece counting double.
    fn evaluate(&self) -> f64 {
        let mut balance = 0.0f64;
        for file in 0..8 {
            for rank in 0..8 {
                if let Some((side, crowned)) = self.piece_at(file, rank) {
                    let worth = if crowned { 2.0 } else { 1.0 };
                    balance += if side == Side::First { worth } else { -worth };
                }
            }
        }
        (balance / 4.0).tanh()
    }
}

impl AiGame for Loa {}

impl AiGame for Lightning {
    /// At the start of a turn: draw (`P`) or take a design from the reserve (`RS`), and put
    /// it in the next step. Whole turns from the pile are not visible (they name the hidden top
    /// tile). Whole reserve turns are left out too: the two steps cover them, and keep the choice
    /// at the start of a turn to at most six moves, so the search compares drawing with taking
    /// instead of averaging over every square a reserve tile could go to.
    fn search_moves(&self, out: &mut Vec<LightningMove>) {
        let start = out.len();
        self.visible_moves_into(out);
        if self.in_hand().is_none() {
            let mut kept = start;
            for i in start..out.len() {
                let mv = out[i];
                if mv.source() == Source::Pile || mv.target().is_none() {
                    out[kept] = mv;
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }

    fn has_hidden_information(&self) -> bool {
        self.pile_len() > 0
    }

    fn determinize(&mut self, rng: &mut AiRng) {
        self.redeal_unseen(rng);
    }

    fn is_chance(mv: &LightningMove) -> bool {
        mv.source() == Source::Pile && mv.design().is_none()
    }

    fn observation(&self) -> u64 {
        self.in_hand().map_or(0, |(_, d)| d.index() as u64 + 1)
    }

    /// Random tiles say little about a 17-rank race, so leaves are scored by the shortest-path
    /// count at once.
    const PLAYOUT_CAP: u32 = 0;

    /// A put can go to a hundred squares; most of them are pointless.
    const GUIDED: bool = true;

    fn evaluate(&self) -> f64 {
        super::lightning::evaluate(self)
    }
}
