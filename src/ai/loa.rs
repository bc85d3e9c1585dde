//! Lines of Action: an alpha-beta searcher (negamax with principal-variation search,
//! iterative deepening, a transposition table, killer and history move ordering, late move
//! reductions) over an
//! evaluation built on the features strong LOA programs use (after Winands' MIA): concentration
//! around the centre of mass, centralisation, connectedness, quads (the Euler number, a cheap
//! count of groups), the number of groups, and mobility.

use std::time::Instant;

use crate::games::loa::{Color, Loa, LoaBoard, LoaMove, PieceSet, geometry};
use crate::games::{Game, Side, Status};

/// A won position's score; a win at ply `p` scores `WIN - p` so shorter wins are preferred.
const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses, not evaluations.
const WIN_BOUND: i32 = WIN - 1000;
const MAX_PLY: usize = 128;
const TT_BITS: u32 = 18;

/// What the searcher found.
#[derive(Clone, Copy, Debug)]
pub struct AbResult {
    pub best: LoaMove,
    pub nodes: u64,
    /// The deepest fully searched depth.
    pub depth: u32,
    /// The score of `best` for the side to move (evaluation units; about 1,000,000 is a win).
    pub score: i32,
}

impl AbResult {
    /// The score squashed into [-1, 1] for reports.
    pub fn value(&self) -> f64 {
        if self.score >= WIN_BOUND {
            1.0
        } else if self.score <= -WIN_BOUND {
            -1.0
        } else {
            (f64::from(self.score) / 400.0).tanh()
        }
    }
}

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    mv: u32,
    score: i32,
    depth: i8,
    bound: Bound,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Empty,
    Exact,
    Lower,
    Upper,
}

/// Searches `root` among `root_moves` within `max_nodes` nodes and the deadline. `noise` (in
/// evaluation units, 0 for none) adds a small seeded perturbation to the leaves so that
/// repeated games differ and the low levels are easier to beat.
pub fn search(
    root: &Loa,
    root_moves: &[LoaMove],
    max_nodes: u64,
    deadline: Option<Instant>,
    noise: u32,
    seed: u64,
) -> Option<AbResult> {
    if root.status().is_over() || root_moves.is_empty() {
        return None;
    }
    let mut s = Searcher {
        tt: vec![TtEntry::default(); 1 << TT_BITS],
        killers: [[0; 2]; MAX_PLY],
        history: vec![0; 65 * 65],
        nodes: 0,
        max_nodes: max_nodes.max(1),
        deadline,
        stopped: false,
        noise,
        seed,
    };
    let mut moves: Vec<LoaMove> = root_moves.to_vec();
    let mut best = AbResult {
        best: moves[0],
        nodes: 0,
        depth: 0,
        score: 0,
    };
    let mut scores = vec![0i32; moves.len()];
    for depth in 1..MAX_PLY as i32 {
        let mut alpha = -WIN - 1;
        let beta = WIN + 1;
        let mut iteration_best: Option<(LoaMove, i32)> = None;
        for (i, mv) in moves.iter().enumerate() {
            let mut child = root.clone();
            child.play_unchecked(mv);
            let score = if i == 0 {
                -s.negamax(&child, depth - 1, 1, -beta, -alpha)
            } else {
                let mut sc = -s.negamax(&child, depth - 1, 1, -alpha - 1, -alpha);
                if sc > alpha && !s.stopped {
                    sc = -s.negamax(&child, depth - 1, 1, -beta, -alpha);
                }
                sc
            };
            if s.stopped {
                break;
            }
            scores[i] = score;
            if score > alpha {
                alpha = score;
                iteration_best = Some((*mv, score));
            }
        }
        if let Some((mv, score)) = iteration_best {
            // A move that beat the previous best in a cut-short iteration is trustworthy.
            if !s.stopped || mv != best.best {
                best.best = mv;
                best.score = score;
            }
            if !s.stopped {
                best.depth = depth as u32;
            }
        }
        if s.stopped || best.score.abs() >= WIN_BOUND || moves.len() == 1 {
            break;
        }
        // Search the best move first next time, then the others by their last score.
        let mut order: Vec<(i32, LoaMove)> = scores
            .iter()
            .zip(&moves)
            .map(|(&sc, &m)| (if m == best.best { i32::MAX } else { sc }, m))
            .collect();
        order.sort_by_key(|&(sc, _)| std::cmp::Reverse(sc));
        moves = order.iter().map(|&(_, m)| m).collect();
        scores = order.iter().map(|&(sc, _)| sc).collect();
    }
    best.nodes = s.nodes;
    Some(best)
}

struct Searcher {
    tt: Vec<TtEntry>,
    killers: [[u32; 2]; MAX_PLY],
    history: Vec<u32>,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    noise: u32,
    seed: u64,
}

/// A compact code of a move for the transposition table and the killers (0 = none).
fn code(mv: &LoaMove) -> u32 {
    let sq = |s: Option<(u8, u8)>| s.map_or(64, |(f, r)| u32::from(r) * 8 + u32::from(f));
    1 + sq(mv.from()) + (sq(mv.to()) << 7) + (sq(mv.drop_square()) << 14)
}

fn square(s: Option<(u8, u8)>) -> usize {
    s.map_or(64, |(f, r)| usize::from(r) * 8 + usize::from(f))
}

/// A hash of everything that matters for the search: both colours' pieces, the marks, the set
/// each colour must move next (four seats, ambidextrous) and who is to move.
#[doc(hidden)]
pub fn key(pos: &Loa) -> u64 {
    use super::arena::mix;
    let white = pos.pieces(Color::White);
    let black = pos.pieces(Color::Black);
    let mover = match pos.color_to_move() {
        Color::White => 0x51ED_270B_2747_3C55,
        Color::Black => 0,
    };
    let set = |c| match pos.required_set(c) {
        None => 0u64,
        Some(PieceSet::Marked) => 1,
        Some(PieceSet::Unmarked) => 2,
    };
    let held = u64::from(pos.held(Color::White)) << 8
        | u64::from(pos.held(Color::Black))
        | set(Color::White) << 16
        | set(Color::Black) << 18;
    mix(white ^ mix(black ^ mix(held ^ mix(pos.marked())))) ^ mover
}

impl Searcher {
    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.max_nodes
            || self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn negamax(&mut self, pos: &Loa, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let mover = pos.side_of(pos.color_to_move());
        if let Status::Over(o) = pos.status() {
            return match o.winner {
                Some(w) if w == mover => WIN - ply as i32,
                Some(_) => -(WIN - ply as i32),
                None => 0,
            };
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.evaluate(pos, mover);
        }
        let k = key(pos);
        let slot = (k >> (64 - TT_BITS)) as usize;
        let entry = self.tt[slot];
        let mut tt_move = 0;
        if entry.bound != Bound::Empty && entry.key == k {
            tt_move = entry.mv;
            if i32::from(entry.depth) >= depth {
                let score = from_tt(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let mut moves = Vec::with_capacity(48);
        pos.legal_moves_into(&mut moves);
        let own = pos.pieces(pos.color_to_move());
        let com = centre_of_mass(own);
        let mut keyed: Vec<(i64, LoaMove)> = moves
            .iter()
            .map(|m| (self.order_key(m, tt_move, ply, com), *m))
            .collect();
        keyed.sort_unstable_by_key(|&(k, _)| std::cmp::Reverse(k));
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_code = 0;
        for (i, &(_, mv)) in keyed.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(&mv);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                // Late quiet moves are searched one ply shallower first (late move reduction);
                // only a move that then beats alpha gets the full depth.
                let c = code(&mv);
                let quiet =
                    !mv.is_capture() && self.killers[ply][0] != c && self.killers[ply][1] != c;
                let reduction = i32::from(depth >= 3 && i >= 4 && quiet);
                let mut sc =
                    -self.negamax(&child, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
                if sc > alpha && reduction > 0 && !self.stopped {
                    sc = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if sc > alpha && sc < beta && !self.stopped {
                    sc = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
                }
                sc
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_code = code(&mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !mv.is_capture() {
                    let c = code(&mv);
                    if self.killers[ply][0] != c {
                        self.killers[ply][1] = self.killers[ply][0];
                        self.killers[ply][0] = c;
                    }
                }
                let h = square(mv.from()) * 65 + square(mv.to());
                self.history[h] = self.history[h].saturating_add((depth * depth) as u32);
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt[slot] = TtEntry {
            key: k,
            mv: best_code,
            score: to_tt(best, ply),
            depth: depth.min(127) as i8,
            bound,
        };
        best
    }

    /// Higher first: the table's move, captures, killers, then by history and by how much the
    /// move brings the piece towards its own centre of mass.
    fn order_key(&self, mv: &LoaMove, tt_move: u32, ply: usize, com: (i32, i32)) -> i64 {
        let c = code(mv);
        if c == tt_move {
            return i64::MAX;
        }
        let mut k = 0i64;
        if mv.is_capture() {
            k += 1 << 40;
        }
        if self.killers[ply][0] == c {
            k += 1 << 39;
        } else if self.killers[ply][1] == c {
            k += 1 << 38;
        }
        let h = square(mv.from()) * 65 + square(mv.to());
        k += i64::from(self.history[h]) << 8;
        if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
            let dist = |(f, r): (u8, u8)| {
                (i32::from(f) - com.0)
                    .abs()
                    .max((i32::from(r) - com.1).abs())
            };
            k += i64::from(dist(from) - dist(to)) * 16;
            k += i64::from(CENTRE[usize::from(to.1) * 8 + usize::from(to.0)]);
        }
        k
    }

    /// The static score for `mover` (the side to move), plus the seeded noise.
    fn evaluate(&self, pos: &Loa, mover: Side) -> i32 {
        let me = pos.color_of(mover);
        let mut score = evaluate(pos, me);
        if self.noise > 0 {
            let r = super::arena::mix(key(pos) ^ self.seed);
            score += (r % u64::from(2 * self.noise + 1)) as i32 - self.noise as i32;
        }
        score
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Centralisation table (after MIA): the centre is worth most, corners least.
#[rustfmt::skip]
const CENTRE: [i32; 64] = [
    -80, -25, -20, -20, -20, -20, -25, -80,
    -25,  10,  10,  10,  10,  10,  10, -25,
    -20,  10,  25,  25,  25,  25,  10, -20,
    -20,  10,  25,  50,  50,  25,  10, -20,
    -20,  10,  25,  50,  50,  25,  10, -20,
    -20,  10,  25,  25,  25,  25,  10, -20,
    -25,  10,  10,  10,  10,  10,  10, -25,
    -80, -25, -20, -20, -20, -20, -25, -80,
];

/// The smallest possible sum of distances to the centre of mass for `n` pieces (one piece at
/// distance 0, eight at 1, sixteen at 2, ...).
const MIN_DISTANCE_SUM: [i32; 13] = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14];

/// The squares next to any square of `set` (8 directions; `wrap`: on the cylinder).
fn neighbours(set: u64, wrap: bool) -> u64 {
    geometry::reach(set, wrap) & !set
}

/// How many 8-connected groups `set` forms (`wrap`: on the cylinder).
#[doc(hidden)]
pub fn groups(mut set: u64, wrap: bool) -> i32 {
    let mut n = 0;
    while set != 0 {
        set &= !geometry::group_of(set & set.wrapping_neg(), set, wrap);
        n += 1;
    }
    n
}

/// The rounded centre of mass of a set of squares, as (file, rank).
fn centre_of_mass(set: u64) -> (i32, i32) {
    let n = set.count_ones() as i32;
    if n == 0 {
        return (3, 3);
    }
    let (mut f, mut r) = (0, 0);
    let mut s = set;
    while s != 0 {
        let sq = s.trailing_zeros() as i32;
        s &= s - 1;
        f += sq % 8;
        r += sq / 8;
    }
    ((2 * f + n) / (2 * n), (2 * r + n) / (2 * n))
}

/// The Euler number of `set` with 8-connectivity, from its 2x2 quads:
/// (Q1 - Q3 - 2 QD) / 4, here returned times 4. Lower means fewer, more solid groups.
#[doc(hidden)]
pub fn euler4(set: u64) -> i32 {
    // Embed the board in a 10 x 10 grid with an empty border so every quad fits.
    let mut g: u128 = 0;
    for rank in 0..8 {
        let row = u128::from((set >> (8 * rank)) as u8);
        g |= row << ((rank + 1) * 10 + 1);
    }
    let a = g;
    let b = g >> 1;
    let c = g >> 10;
    let d = g >> 11;
    // Lower-left corners (0..=8, 0..=8) of the 81 quads.
    let mut windows: u128 = 0;
    for row in 0..9 {
        windows |= 0x1FFu128 << (row * 10);
    }
    let odd = a ^ b ^ c ^ d;
    let two_plus = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    let q1 = (odd & !two_plus & windows).count_ones() as i32;
    let q3 = (odd & two_plus & windows).count_ones() as i32;
    let qd = (((a & d & !b & !c) | (b & c & !a & !d)) & windows).count_ones() as i32;
    q1 - q3 - 2 * qd
}

/// Counts the flat-board moves of `own` against `opp`, by the rules' own geometry: (all moves,
/// captures, moves onto the edge).
#[doc(hidden)]
pub fn mobility(own: u64, opp: u64) -> (i32, i32, i32) {
    const EDGE: u64 = 0xFF81_8181_8181_81FF;
    let (mut moves, mut captures, mut edge) = (0, 0, 0);
    geometry::flat_steps(own, opp, |_, to, capture| {
        moves += 1;
        captures += i32::from(capture);
        edge += i32::from(EDGE & (1u64 << to) != 0);
    });
    (moves, captures, edge)
}

/// The features of one colour, as a score for that colour (`wrap`: on the cylinder, where
/// groups join across the side edge; distances and mobility stay the flat ones, a heuristic).
fn side_score(own: u64, opp: u64, wrap: bool) -> i32 {
    let n = own.count_ones() as i32;
    if n <= 1 {
        return 0;
    }
    let (cf, cr) = centre_of_mass(own);
    let mut distance_sum = 0;
    let mut centre = 0;
    let mut s = own;
    while s != 0 {
        let sq = s.trailing_zeros() as i32;
        s &= s - 1;
        distance_sum += (sq % 8 - cf).abs().max((sq / 8 - cr).abs());
        centre += CENTRE[sq as usize];
    }
    let surplus = distance_sum - MIN_DISTANCE_SUM[n.min(12) as usize];
    let concentration = -(surplus * 100) / (n - 1);
    let centralisation = centre / n;
    let com_centre = -8 * ((2 * cf - 7).abs() + (2 * cr - 7).abs());
    let groups = -40 * (groups(own, wrap) - 1);
    let quads = -10 * euler4(own) / 4;
    let connected = (neighbours(own, wrap) & own).count_ones() as i32;
    let mut links = 0;
    let mut s = own;
    while s != 0 {
        let b = s & s.wrapping_neg();
        s &= s - 1;
        links += (neighbours(b, wrap) & own).count_ones() as i32;
    }
    let connectedness = 6 * links / n + connected;
    let (moves, captures, edge) = mobility(own, opp);
    let mobility = 3 * moves + 2 * captures - 2 * edge;
    concentration + centralisation + com_centre + groups + quads + connectedness + mobility
}

/// The static evaluation of `pos` for `me`: both colours' features, plus a move's worth for the
/// side to move.
pub fn evaluate(pos: &Loa, me: Color) -> i32 {
    let own = pos.pieces(me);
    let opp = pos.pieces(me.opponent());
    let tempo = if pos.color_to_move() == me { 15 } else { -15 };
    let wrap = pos.board_shape() == LoaBoard::Cylinder;
    side_score(own, opp, wrap) - side_score(opp, own, wrap) + tempo
}
