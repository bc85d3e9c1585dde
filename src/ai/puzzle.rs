//! Puzzles: proven forced wins and the only-move rule.
//!
//! [`forced_win`] proves the shortest forced win of the side to move within a number of its own
//! moves (a connection in Lines of Action, a block in Simultana, the last capture or a block in
//! Barrier) by an exhaustive AND-OR search, and gives its line: the winner's moves and, between
//! them, the reply that resists longest. [`puzzle`] also applies lichess's rules for a puzzle:
//! at the first move exactly one move keeps a forced win of that length or shorter, and at every
//! later move of the solver exactly one does, except that any move winning at once is accepted
//! at the last one; and no position repeats along the line.
//!
//! Lightning has no puzzles: its draws are chance moves, and a line through them is no proof.
//! Four-player Lines of Action has none either (a team's win is not one player's).

use std::collections::HashMap;

use thiserror::Error;

use crate::games::{AnyGame, AnyMove, Game, GameKind, Side, Status};

/// Search steps (moves played) one proof may take by default before it gives up.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// The longest puzzle, in the solver's own moves, that [`puzzle`] looks for by default.
pub const DEFAULT_MOVES: u32 = 3;

/// A proven forced win: its length and its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The winner's own moves in the line (a win in one is 1).
    pub moves: u32,
    /// The winner's moves alternating with the longest-resisting replies; ends with the win.
    pub line: Vec<M>,
    /// Search steps the proof took: how hard the position was to solve.
    pub nodes: u64,
}

impl<M> Solution<M> {
    /// The number of plies of the line.
    pub fn plies(&self) -> usize {
        self.line.len()
    }
}

/// Why a position is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Rejection {
    #[error("the game is over")]
    GameOver,
    #[error("puzzles are offered for Lines of Action with two players, Simultana and Barrier")]
    Unsupported,
    #[error("no forced win within {0} moves")]
    NoWin(u32),
    /// Several moves keep the win at the solver's `at`-th move (1 = the first).
    #[error("{count} moves keep the win at the solver's move {at}")]
    SeveralWins { at: u32, count: usize },
    #[error("the line repeats a position")]
    Repetition,
    #[error("the search ran out of its budget of {0} steps")]
    Budget(u64),
}

/// The search ran past its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OutOfBudget;

/// The AND-OR search of one proof, with a table of what it has settled.
struct Prover {
    winner: Side,
    nodes: u64,
    budget: u64,
    /// (position key, own moves left, winner to move) -> whether the winner wins.
    table: HashMap<(u64, u32, bool), bool>,
}

impl Prover {
    fn new(winner: Side, budget: u64) -> Self {
        Prover {
            winner,
            nodes: 0,
            budget,
            table: HashMap::new(),
        }
    }

    fn child<G: Game>(&mut self, game: &G, mv: &G::Move) -> Result<G, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        let mut next = game.clone();
        next.play_unchecked(mv);
        Ok(next)
    }

    fn won(&self, status: Status) -> bool {
        matches!(status, Status::Over(o) if o.winner == Some(self.winner))
    }

    /// Whether `mv`, a move of the winner, ends the game in the winner's favour at once.
    fn wins_at_once<G: Game>(&mut self, game: &G, mv: &G::Move) -> Result<bool, OutOfBudget> {
        let next = self.child(game, mv)?;
        Ok(self.won(next.status()))
    }

    fn remembered<G: Game>(&self, game: &G, left: u32, attacking: bool) -> Option<bool> {
        let key = game.position_key()?;
        self.table.get(&(key, left, attacking)).copied()
    }

    fn remember<G: Game>(&mut self, game: &G, left: u32, attacking: bool, value: bool) {
        if let Some(key) = game.position_key() {
            self.table.insert((key, left, attacking), value);
        }
    }

    /// Whether the winner, to move in `game`, forces a win within `left` of its own moves.
    fn wins<G: Game>(&mut self, game: &G, left: u32) -> Result<bool, OutOfBudget> {
        if left == 0 {
            return Ok(false);
        }
        if let Some(known) = self.remembered(game, left, true) {
            return Ok(known);
        }
        let moves = game.legal_moves();
        let mut found = false;
        for mv in &moves {
            if self.wins_at_once(game, mv)? {
                found = true;
                break;
            }
        }
        if !found && left > 1 {
            for mv in &moves {
                if self.keeps(game, mv, left)? {
                    found = true;
                    break;
                }
            }
        }
        self.remember(game, left, true, found);
        Ok(found)
    }

    /// Whether the winner's move `mv` keeps a forced win within `left` own moves (itself
    /// included).
    fn keeps<G: Game>(&mut self, game: &G, mv: &G::Move, left: u32) -> Result<bool, OutOfBudget> {
        let next = self.child(game, mv)?;
        match next.status() {
            Status::Over(o) => Ok(o.winner == Some(self.winner)),
            Status::ToMove(s) if s == self.winner => self.wins(&next, left),
            Status::ToMove(_) => self.holds(&next, left - 1),
        }
    }

    /// Whether every reply of the loser, to move in `game`, leaves the winner a forced win
    /// within `left` own moves.
    fn holds<G: Game>(&mut self, game: &G, left: u32) -> Result<bool, OutOfBudget> {
        if left == 0 {
            return Ok(false);
        }
        if let Some(known) = self.remembered(game, left, false) {
            return Ok(known);
        }
        let mut replies = Vec::new();
        game.legal_moves_into(&mut replies);
        let mut held = true;
        for reply in &replies {
            if !self.survives(game, reply, left)? {
                held = false;
                break;
            }
        }
        self.remember(game, left, false, held);
        Ok(held)
    }

    /// Whether, after the loser's `reply`, the winner still forces a win within `left`.
    fn survives<G: Game>(
        &mut self,
        game: &G,
        reply: &G::Move,
        left: u32,
    ) -> Result<bool, OutOfBudget> {
        let next = self.child(game, reply)?;
        match next.status() {
            Status::Over(o) => Ok(o.winner == Some(self.winner)),
            Status::ToMove(s) if s == self.winner => self.wins(&next, left),
            Status::ToMove(_) => self.holds(&next, left),
        }
    }

    /// The fewest own moves (at most `left`) in which the winner, to move, forces a win.
    fn shortest<G: Game>(&mut self, game: &G, left: u32) -> Result<Option<u32>, OutOfBudget> {
        for n in 1..=left {
            if self.wins(game, n)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// The fewest own moves (at most `left`) in which the winner wins after the loser's `reply`.
    fn after_reply<G: Game>(
        &mut self,
        game: &G,
        reply: &G::Move,
        left: u32,
    ) -> Result<Option<u32>, OutOfBudget> {
        let next = self.child(game, reply)?;
        match next.status() {
            Status::Over(o) if o.winner == Some(self.winner) => Ok(Some(0)),
            Status::Over(_) => Ok(None),
            Status::ToMove(s) if s == self.winner => self.shortest(&next, left),
            Status::ToMove(_) => {
                for n in 1..=left {
                    if self.holds(&next, n)? {
                        return Ok(Some(n));
                    }
                }
                Ok(None)
            }
        }
    }

    /// The winner's moves that keep a forced win within `left` own moves, stopping once
    /// `enough` are found (`usize::MAX` for all), with whether each wins at once.
    fn keepers<G: Game>(
        &mut self,
        game: &G,
        left: u32,
        enough: usize,
    ) -> Result<Vec<(G::Move, bool)>, OutOfBudget> {
        let mut found = Vec::new();
        for mv in game.legal_moves() {
            if found.len() >= enough {
                break;
            }
            if self.wins_at_once(game, &mv)? {
                found.push((mv, true));
            } else if left > 1 && self.keeps(game, &mv, left)? {
                found.push((mv, false));
            }
        }
        Ok(found)
    }
}

/// How [`solve`] treats the moves of the winner beside the one it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// Any winning move will do.
    AnyWin,
    /// The only-move rule of puzzles.
    OnlyMove,
}

fn solve<G: Game>(
    game: &G,
    max_moves: u32,
    budget: u64,
    rule: Rule,
) -> Result<Solution<G::Move>, Rejection> {
    let Status::ToMove(winner) = game.status() else {
        return Err(Rejection::GameOver);
    };
    let mut prover = Prover::new(winner, budget);
    let out = |_| Rejection::Budget(budget);
    let moves = prover
        .shortest(game, max_moves)
        .map_err(out)?
        .ok_or(Rejection::NoWin(max_moves))?;
    let mut position = game.clone();
    let mut line = Vec::new();
    let mut seen = Vec::new();
    let mut left = moves;
    let mut at = 0;
    loop {
        at += 1;
        if let Some(key) = position.position_key() {
            if seen.contains(&key) {
                return Err(Rejection::Repetition);
            }
            seen.push(key);
        }
        let enough = if rule == Rule::OnlyMove { 2 } else { 1 };
        let keepers = prover.keepers(&position, left, enough).map_err(out)?;
        let Some(&(best, _)) = keepers.first() else {
            return Err(Rejection::NoWin(left));
        };
        if rule == Rule::OnlyMove && keepers.len() > 1 {
            // Past the first move, a last move with several wins at once is a puzzle still.
            let all_at_once = left == 1 && at > 1;
            if !all_at_once {
                let count = prover
                    .keepers(&position, left, usize::MAX)
                    .map_err(out)?
                    .len();
                return Err(Rejection::SeveralWins { at, count });
            }
        }
        position.play_unchecked(&best);
        line.push(best);
        match position.status() {
            Status::Over(o) if o.winner == Some(winner) => break,
            Status::Over(_) => return Err(Rejection::NoWin(moves)),
            Status::ToMove(s) if s == winner => continue,
            Status::ToMove(_) => {}
        }
        // The loser's reply: the one after which the win takes longest.
        let mut reply = None;
        let mut longest = 0;
        for candidate in position.legal_moves() {
            let length = prover
                .after_reply(&position, &candidate, left - 1)
                .map_err(out)?
                .ok_or(Rejection::NoWin(moves))?;
            if reply.is_none() || length > longest {
                reply = Some(candidate);
                longest = length;
            }
        }
        let Some(reply) = reply else {
            return Err(Rejection::NoWin(moves));
        };
        if let Some(key) = position.position_key() {
            if seen.contains(&key) {
                return Err(Rejection::Repetition);
            }
            seen.push(key);
        }
        position.play_unchecked(&reply);
        line.push(reply);
        match position.status() {
            Status::Over(o) if o.winner == Some(winner) => break,
            Status::Over(_) => return Err(Rejection::NoWin(moves)),
            _ => {}
        }
        left = longest;
    }
    Ok(Solution {
        moves,
        line,
        nodes: prover.nodes,
    })
}

/// The shortest forced win of the side to move within `max_moves` of its own moves, with the
/// longest resistance, or why there is none (no win, or the search ran past `budget` steps).
pub fn forced_win<G: Game>(
    game: &G,
    max_moves: u32,
    budget: u64,
) -> Result<Solution<G::Move>, Rejection> {
    solve(game, max_moves, budget, Rule::AnyWin)
}

/// The position as a puzzle: its shortest forced win within `max_moves` own moves, if that win
/// obeys the only-move rule at every move of the solver and repeats no position.
pub fn puzzle<G: Game>(
    game: &G,
    max_moves: u32,
    budget: u64,
) -> Result<Solution<G::Move>, Rejection> {
    solve(game, max_moves, budget, Rule::OnlyMove)
}

/// Whether puzzles are offered for this position's game (see the module's note).
pub fn offered(game: &AnyGame) -> bool {
    offered_for(game.kind(), game.seat_count())
}

/// Whether puzzles are offered for `kind` with `seats` players.
pub fn offered_for(kind: GameKind, seats: usize) -> bool {
    kind != GameKind::Lightning && seats == 2
}

fn lift<M: Into<AnyMove>>(
    found: Result<Solution<M>, Rejection>,
) -> Result<Solution<AnyMove>, Rejection> {
    found.map(|s| Solution {
        moves: s.moves,
        line: s.line.into_iter().map(Into::into).collect(),
        nodes: s.nodes,
    })
}

/// [`forced_win`] for any game that offers puzzles.
pub fn forced_win_any(
    game: &AnyGame,
    max_moves: u32,
    budget: u64,
) -> Result<Solution<AnyMove>, Rejection> {
    any(game, max_moves, budget, Rule::AnyWin)
}

/// [`puzzle`] for any game that offers puzzles.
pub fn puzzle_any(
    game: &AnyGame,
    max_moves: u32,
    budget: u64,
) -> Result<Solution<AnyMove>, Rejection> {
    any(game, max_moves, budget, Rule::OnlyMove)
}

fn any(
    game: &AnyGame,
    max_moves: u32,
    budget: u64,
    rule: Rule,
) -> Result<Solution<AnyMove>, Rejection> {
    if !offered(game) {
        return Err(Rejection::Unsupported);
    }
    match game {
        AnyGame::Loa(g) => lift(solve(g, max_moves, budget, rule)),
        AnyGame::Barrier(g) => lift(solve(g, max_moves, budget, rule)),
        AnyGame::Simultana(g) => lift(solve(g, max_moves, budget, rule)),
        AnyGame::Lightning(_) => Err(Rejection::Unsupported),
    }
}

/// Whether `mv` wins the game at once for the side that plays it: how a puzzle accepts, at its
/// last move, a winning move other than the one stored.
pub fn wins_at_once(game: &AnyGame, mv: &AnyMove) -> bool {
    let Status::ToMove(side) = game.status() else {
        return false;
    };
    let mut next = game.clone();
    next.play(mv).is_ok() && matches!(next.status(), Status::Over(o) if o.winner == Some(side))
}

/// A puzzle found in a game record: where it is and how it is solved, in canonical notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The moves from the game's start to the puzzle's position.
    pub moves: Vec<String>,
    /// The solver's moves alternating with the forced replies; ends with the win.
    pub solution: Vec<String>,
    /// The solver's own moves in the solution.
    pub own_moves: u32,
    /// Search steps the proof took.
    pub nodes: u64,
    /// The position's export text (what makes two puzzles the same).
    pub position: String,
}

impl Found {
    /// A first rating from how hard the search found it: longer wins, and wins whose proof
    /// took more steps, start higher (on the 1500-centred Glicko scale).
    pub fn first_rating(&self) -> f64 {
        let length = f64::from(self.own_moves.saturating_sub(1)) * 250.0;
        let effort = (self.nodes.max(1) as f64).log10() * 60.0;
        (1000.0 + length + effort).clamp(600.0, 2500.0)
    }
}

/// The moves of `line` from `start` in canonical notation, or `None` if one is not legal.
pub fn notation(start: &AnyGame, line: &[AnyMove]) -> Option<Vec<String>> {
    let mut position = start.clone();
    let mut texts = Vec::with_capacity(line.len());
    for mv in line {
        texts.push(position.format_move(mv).ok()?);
        position.play(mv).ok()?;
    }
    Some(texts)
}

/// Every puzzle along a game record: each position of `record` from `start` is tried, and a
/// position inside a found puzzle's line is skipped (it would be the same puzzle, shorter).
/// Positions whose proof needs more than `budget` steps are passed over.
pub fn harvest(start: &AnyGame, record: &[AnyMove], max_moves: u32, budget: u64) -> Vec<Found> {
    let mut found = Vec::new();
    if !offered(start) {
        return found;
    }
    let mut position = start.clone();
    let mut skip_until = 0;
    for (ply, mv) in record.iter().enumerate() {
        if ply >= skip_until
            && !position.status().is_over()
            && let Ok(solution) = puzzle_any(&position, max_moves, budget)
            && let (Some(moves), Some(texts)) = (
                notation(start, &record[..ply]),
                notation(&position, &solution.line),
            )
        {
            skip_until = ply + solution.plies();
            found.push(Found {
                moves,
                solution: texts,
                own_moves: solution.moves,
                nodes: solution.nodes,
                position: position.export(),
            });
        }
        if position.play(mv).is_err() {
            break;
        }
    }
    found
}

/// A game of the AI against itself from `start`: the first seat at level `first`, the second at
/// `second`, each search seeded from `seed`; at most `max_plies` moves.
pub fn self_play(
    start: &AnyGame,
    first: u8,
    second: u8,
    seed: u64,
    max_plies: usize,
) -> Vec<AnyMove> {
    let settings = [first, second].map(|l| super::Settings::level(l).ok());
    let mut position = start.clone();
    let mut record = Vec::new();
    while record.len() < max_plies {
        let Status::ToMove(side) = position.status() else {
            break;
        };
        let Some(settings) = settings[side.index()] else {
            break;
        };
        let search_seed = seed
            .wrapping_mul(1_000_003)
            .wrapping_add(record.len() as u64);
        let Ok(thought) = super::think(&position, &settings, search_seed) else {
            break;
        };
        if position.play(&thought.best).is_err() {
            break;
        }
        record.push(thought.best);
    }
    record
}

/// The levels of the two sides in self-play game `seed`: a cycle through weak and middling
/// pairs, so that the games hold the mistakes puzzles are made of.
pub fn self_play_levels(seed: u64) -> (u8, u8) {
    const PAIRS: [(u8, u8); 6] = [(1, 1), (2, 1), (1, 2), (2, 2), (3, 2), (2, 3)];
    PAIRS[(seed % PAIRS.len() as u64) as usize]
}

/// Reads a puzzle back from its moves and solution texts: the position, the solution's moves,
/// and whether the solution wins for the side to move (legal move by move, the game won at its
/// end). `None` when a move is not legal.
pub fn replay(
    start: &AnyGame,
    moves: &[String],
    solution: &[String],
) -> Option<(AnyGame, Vec<AnyMove>, bool)> {
    let mut position = start.clone();
    for text in moves {
        position.play_text(text).ok()?;
    }
    let puzzle_position = position.clone();
    let solver = position.status().to_move()?;
    let mut line = Vec::with_capacity(solution.len());
    for text in solution {
        let mv = position.parse_move(text).ok()?;
        position.play(&mv).ok()?;
        line.push(mv);
    }
    let wins = matches!(position.status(), Status::Over(o) if o.winner == Some(solver));
    Some((puzzle_position, line, wins))
}
