//! A generic Monte-Carlo tree search over any [`AiGame`], with a score-bounded solver.
//!
//! Values are kept from the first seat's point of view (+1 a win for `First`, -1 a win for
//! `Second`, 0 a draw), because the side to move does not always alternate (Lightning's draw
//! step is followed by a put by the same player). Every node carries proven bounds
//! `lo <= value <= hi` (Cazenave & Saffidine's score-bounded MCTS): terminal positions fix them,
//! decision nodes take the best bounds of their children for the side to move, so proven wins,
//! losses *and draws* propagate, and children that cannot improve on what is already proven are
//! skipped.
//!
//! Hidden information (Lightning's pile) is handled by determinization and chance nodes: each
//! iteration starts from a fresh redeal of the unseen tiles, and a move whose result depends on
//! them (drawing from the pile) leads to a chance node whose children are keyed by what the move
//! revealed. Chance nodes keep loose bounds, so nothing is "proven" through a draw.

use std::time::Instant;

use rand::RngExt;
use rand::seq::SliceRandom;

use super::AiRng;
use super::knowledge::AiGame;
use crate::games::{Outcome, Side, Status};

/// How the tree search behaves; the plain UCT baseline and the levels differ only here.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    /// The UCT exploration constant (values lie in [-1, 1]).
    pub exploration: f64,
    /// Propagate proven results and prune with them.
    pub solver: bool,
    /// Use the game's playout policy and its evaluation when a playout is cut short;
    /// without it, playouts are uniformly random and a cut-off counts as a draw.
    pub knowledge: bool,
    /// Plies after which a playout stops and is scored (by the evaluation, or as a draw).
    pub playout_cap: u32,
    /// Evaluation-guided expansion with progressive widening, for games that offer it
    /// ([`AiGame::GUIDED`]).
    pub guided: bool,
}

impl MctsConfig {
    /// Plain UCT: random playouts to the end (or a generous cap), no solver, no knowledge.
    pub fn plain() -> Self {
        MctsConfig {
            exploration: std::f64::consts::SQRT_2,
            solver: false,
            knowledge: false,
            playout_cap: 1000,
            guided: false,
        }
    }

    /// The configuration the levels use.
    pub fn strong() -> Self {
        MctsConfig {
            exploration: 0.7,
            solver: true,
            knowledge: true,
            playout_cap: 1000,
            guided: true,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct MctsResult<M> {
    pub best: M,
    /// Completed iterations (playouts or visits of proven nodes).
    pub iterations: u64,
    /// The expected result of `best` for the side to move, in [-1, 1].
    pub value: f64,
    /// `Some(v)` when the root's value is proven (v in {-1, 0, 1} for the side to move).
    pub proven: Option<i8>,
}

/// A tree node. Decision nodes hold the moves not yet tried; chance nodes hold one child per
/// observed outcome.
struct Node<M> {
    mv: Option<M>,
    chance: bool,
    observation: u64,
    expanded: bool,
    to_move: Side,
    untried: Vec<M>,
    children: Vec<u32>,
    visits: u32,
    sum: f64,
    lo: i8,
    hi: i8,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, chance: bool, observation: u64) -> Self {
        Node {
            mv,
            chance,
            observation,
            expanded: false,
            to_move: Side::First,
            untried: Vec::new(),
            children: Vec::new(),
            visits: 0,
            sum: 0.0,
            lo: -1,
            hi: 1,
        }
    }

    fn solved(&self) -> bool {
        self.lo == self.hi
    }
}

/// The value of a finished game for the first seat.
pub fn outcome_value(outcome: Outcome) -> i8 {
    match outcome.winner {
        Some(Side::First) => 1,
        Some(Side::Second) => -1,
        None => 0,
    }
}

fn sign(side: Side) -> f64 {
    match side {
        Side::First => 1.0,
        Side::Second => -1.0,
    }
}

/// Sorts `moves` so that the most promising for `side` by the evaluation of the position each
/// leads to comes last (the search pops untried moves from the end). Chance moves get the
/// current position's evaluation: their result is not known yet.
fn order_by_prior<G: AiGame>(state: &G, side: Side, moves: &mut Vec<G::Move>) {
    let s = sign(side);
    let here = state.evaluate();
    let mut keyed: Vec<(f64, G::Move)> = moves
        .iter()
        .map(|m| {
            let v = if G::is_chance(m) {
                here
            } else {
                let mut next = state.clone();
                next.play_unchecked(m);
                match next.status() {
                    Status::Over(o) => f64::from(outcome_value(o)),
                    Status::ToMove(_) => next.evaluate(),
                }
            };
            (s * v, *m)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    *moves = keyed.into_iter().map(|(_, m)| m).collect();
}

/// A limit on the search: iterations, and a deadline.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub iterations: u64,
    pub deadline: Option<Instant>,
}

struct Tree<'a, G: AiGame> {
    nodes: Vec<Node<G::Move>>,
    config: MctsConfig,
    rng: &'a mut AiRng,
    moves: Vec<G::Move>,
    path: Vec<u32>,
}

/// Searches `root` (which must not be over) among `root_moves` (a subset of its
/// [`AiGame::search_moves`]) and returns the best move found within `budget`. Returns `None`
/// when the game is over or `root_moves` is empty.
pub fn search<G: AiGame>(
    root: &G,
    root_moves: &[G::Move],
    config: MctsConfig,
    budget: Budget,
    rng: &mut AiRng,
) -> Option<MctsResult<G::Move>> {
    let Status::ToMove(side) = root.status() else {
        return None;
    };
    if root_moves.is_empty() {
        return None;
    }
    let hidden = root.has_hidden_information();
    let mut root_node = Node::new(None, false, 0);
    root_node.expanded = true;
    root_node.to_move = side;
    root_node.untried = root_moves.to_vec();
    root_node.untried.shuffle(rng);
    if G::GUIDED && config.guided {
        order_by_prior(root, side, &mut root_node.untried);
    }
    let mut tree = Tree::<G> {
        nodes: vec![root_node],
        config,
        rng,
        moves: Vec::new(),
        path: Vec::new(),
    };
    let mut iterations = 0u64;
    while iterations < budget.iterations.max(1) {
        if config.solver && tree.nodes[0].solved() {
            break;
        }
        if iterations.is_multiple_of(32)
            && iterations > 0
            && budget.deadline.is_some_and(|d| Instant::now() >= d)
        {
            break;
        }
        let mut state = root.clone();
        if hidden {
            state.determinize(tree.rng);
        }
        tree.iterate(state);
        iterations += 1;
    }
    Some(tree.result(side, iterations, root_moves[0]))
}

impl<G: AiGame> Tree<'_, G> {
    fn push(&mut self, node: Node<G::Move>) -> u32 {
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// One iteration: select and expand down the tree, play out, back up.
    fn iterate(&mut self, mut state: G) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let value: f64 = loop {
            let n = &self.nodes[node as usize];
            if self.config.solver && n.solved() {
                break f64::from(n.lo);
            }
            let side = match state.status() {
                Status::Over(outcome) => {
                    let v = outcome_value(outcome);
                    let n = &mut self.nodes[node as usize];
                    n.lo = v;
                    n.hi = v;
                    break f64::from(v);
                }
                Status::ToMove(side) => side,
            };
            if !self.nodes[node as usize].expanded {
                let mut moves = Vec::new();
                state.search_moves(&mut moves);
                moves.shuffle(self.rng);
                if G::GUIDED && self.config.guided {
                    order_by_prior(&state, side, &mut moves);
                }
                let n = &mut self.nodes[node as usize];
                n.expanded = true;
                n.to_move = side;
                n.untried = moves;
            }
            let n = &self.nodes[node as usize];
            if n.untried.is_empty() && n.children.is_empty() {
                // The rules say someone is to move but offer the search nothing: call it even.
                break 0.0;
            }
            let child = self.select(node, side);
            let Some(mv) = self.nodes[child as usize].mv else {
                break 0.0;
            };
            state.play_unchecked(&mv);
            self.path.push(child);
            node = child;
            if self.nodes[child as usize].chance {
                node = self.outcome_child(child, state.observation());
                self.path.push(node);
            }
            if self.nodes[node as usize].visits == 0 {
                if let Status::Over(outcome) = state.status() {
                    let v = outcome_value(outcome);
                    let n = &mut self.nodes[node as usize];
                    n.lo = v;
                    n.hi = v;
                    break f64::from(v);
                }
                break self.playout(&mut state);
            }
        };
        for i in 0..self.path.len() {
            let n = &mut self.nodes[self.path[i] as usize];
            n.visits += 1;
            n.sum += value;
        }
        if self.config.solver {
            for i in (0..self.path.len()).rev() {
                let idx = self.path[i];
                if !self.update_bounds(idx) {
                    break;
                }
            }
        }
    }

    /// Recomputes a decision node's bounds from its children; returns whether they changed
    /// (or whether the node is a leaf whose bounds were just set, so parents must look again).
    fn update_bounds(&mut self, idx: u32) -> bool {
        let n = &self.nodes[idx as usize];
        if n.chance || !n.expanded {
            // Leaves were set while selecting; chance nodes stay loose.
            return !n.chance;
        }
        // The side to move takes the best child; an untried move may be anything.
        let first = n.to_move == Side::First;
        let untried = !n.untried.is_empty();
        let (mut lo, mut hi): (i8, i8) = match (first, untried) {
            (true, true) => (-1, 1),
            (true, false) => (-1, -1),
            (false, true) => (-1, 1),
            (false, false) => (1, 1),
        };
        for &c in &n.children {
            let c = &self.nodes[c as usize];
            if first {
                lo = lo.max(c.lo);
                hi = hi.max(c.hi);
            } else {
                lo = lo.min(c.lo);
                hi = hi.min(c.hi);
            }
        }
        let n = &mut self.nodes[idx as usize];
        let changed = n.lo != lo || n.hi != hi;
        n.lo = lo;
        n.hi = hi;
        changed
    }

    /// Picks a child: an untried move first (in random order), else by UCT, skipping children
    /// that cannot beat what is already proven.
    fn select(&mut self, node: u32, side: Side) -> u32 {
        let n = &self.nodes[node as usize];
        let widen = !(G::GUIDED && self.config.guided)
            || n.children.len() < 2 + (f64::from(n.visits)).sqrt() as usize;
        if let Some(mv) = widen
            .then(|| self.nodes[node as usize].untried.pop())
            .flatten()
        {
            let chance = G::is_chance(&mv);
            let child = self.push(Node::new(Some(mv), chance, 0));
            self.nodes[node as usize].children.push(child);
            return child;
        }
        let n = &self.nodes[node as usize];
        let s = sign(side);
        let log_n = f64::from(n.visits.max(1)).ln();
        let solver = self.config.solver;
        // The proven floor for the side to move, in its own point of view.
        let floor = if side == Side::First {
            f64::from(n.lo)
        } else {
            -f64::from(n.hi)
        };
        let mut best = n.children[0];
        let mut best_score = f64::NEG_INFINITY;
        for &c in &n.children {
            let child = &self.nodes[c as usize];
            let (own_lo, own_hi) = if side == Side::First {
                (f64::from(child.lo), f64::from(child.hi))
            } else {
                (-f64::from(child.hi), -f64::from(child.lo))
            };
            if solver && own_hi <= floor {
                continue;
            }
            if solver && own_lo == 1.0 {
                return c;
            }
            let visits = f64::from(child.visits.max(1));
            let q = if solver && child.solved() {
                own_lo
            } else {
                s * child.sum / visits
            };
            let score = q + self.config.exploration * (log_n / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// The child of a chance node for what its move revealed, created if new.
    fn outcome_child(&mut self, chance: u32, observation: u64) -> u32 {
        if let Some(&c) = self.nodes[chance as usize]
            .children
            .iter()
            .find(|&&c| self.nodes[c as usize].observation == observation)
        {
            return c;
        }
        let child = self.push(Node::new(None, false, observation));
        self.nodes[chance as usize].children.push(child);
        child
    }

    /// Plays on at random (or by the game's policy) and scores the end for the first seat.
    fn playout(&mut self, state: &mut G) -> f64 {
        let cap = if self.config.knowledge {
            self.config.playout_cap.min(G::PLAYOUT_CAP)
        } else {
            self.config.playout_cap
        };
        for _ in 0..cap {
            if let Status::Over(outcome) = state.status() {
                return f64::from(outcome_value(outcome));
            }
            self.moves.clear();
            state.search_moves(&mut self.moves);
            if self.moves.is_empty() {
                return 0.0;
            }
            let mv = if self.config.knowledge {
                state.playout_move(&self.moves, self.rng)
            } else {
                self.moves[self.rng.random_range(0..self.moves.len())]
            };
            state.play_unchecked(&mv);
        }
        match state.status() {
            Status::Over(outcome) => f64::from(outcome_value(outcome)),
            Status::ToMove(_) if self.config.knowledge => state.evaluate().clamp(-1.0, 1.0),
            Status::ToMove(_) => 0.0,
        }
    }

    /// The move to play: a proven win if any, else the most visited child that is not a proven
    /// loss.
    fn result(&self, side: Side, iterations: u64, fallback: G::Move) -> MctsResult<G::Move> {
        let root = &self.nodes[0];
        let s = sign(side);
        let own = |c: &Node<G::Move>| {
            if side == Side::First {
                (c.lo, c.hi)
            } else {
                (-c.hi, -c.lo)
            }
        };
        let children: Vec<&Node<G::Move>> = root
            .children
            .iter()
            .map(|&c| &self.nodes[c as usize])
            .collect();
        let solver = self.config.solver;
        let key = |c: &Node<G::Move>| {
            let (lo, hi) = own(c);
            let class = match (solver, lo, hi) {
                (true, 1, _) => 1,
                (true, _, -1) => -1,
                _ => 0,
            };
            let q = if c.visits > 0 {
                s * c.sum / f64::from(c.visits)
            } else {
                -1.0
            };
            (class, c.visits, q)
        };
        let mut best: Option<&Node<G::Move>> = None;
        for &c in &children {
            best = match best {
                None => Some(c),
                Some(b) => {
                    let (kb, vb, qb) = key(b);
                    let (kc, vc, qc) = key(c);
                    let better = kc > kb || kc == kb && (vc > vb || vc == vb && qc > qb);
                    Some(if better { c } else { b })
                }
            };
        }
        // Children exist after one iteration; fall back to an untried move otherwise.
        let (best_mv, value) = match best {
            Some(b) => (
                b.mv.or_else(|| root.untried.last().copied()),
                if b.visits > 0 {
                    s * b.sum / f64::from(b.visits)
                } else {
                    0.0
                },
            ),
            None => (root.untried.last().copied(), 0.0),
        };
        let proven = (self.config.solver && root.solved()).then(|| {
            if side == Side::First {
                root.lo
            } else {
                -root.lo
            }
        });
        MctsResult {
            best: best_mv.unwrap_or(fallback),
            iterations,
            value,
            proven,
        }
    }
}
