//! The AI opponent: levels 1 to 5 for every game, a plain UCT baseline, and a bounded pool that
//! runs searches off the async runtime.
//!
//! - [`think`] searches one position synchronously (the protocol's `go`, the arena, tests).
//! - [`Ai::best_move`] does the same from async code, one search per core at most.
//! - [`Settings`] says who plays: `level=3`, `uct=10000`, with optional `nodes=` / `ms=`.
//!
//! Searchers: Lines of Action levels use alpha-beta ([`loa`]); the other games use the generic
//! MCTS with a solver ([`mcts`]), with determinization and chance nodes for Lightning's pile.
//! Every level first takes a win within the turn and drops moves that let the opponent win at
//! once ([`tactics`]). Levels differ by their budget ([`level_budget`]).
//!
//! A search is reproducible from its seed as long as the wall-clock cap does not cut it short.
//! Level 5 may reach its 2 s cap on a loaded machine; pass a long `time` in [`Settings`] when
//! exact replay matters more than speed (tests do).

pub mod analysis;
pub mod arena;
pub mod knowledge;
pub mod lightning;
pub mod loa;
pub mod mcts;
mod pool;
pub mod puzzle;
pub mod tactics;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use thiserror::Error;

use crate::games::{AnyGame, AnyMove, Game, GameKind};
use knowledge::AiGame;
use mcts::{Budget, MctsConfig};

pub use pool::Ai;

/// The random generator of every search: small, fast and reproducible from a `u64` seed.
pub type AiRng = rand_chacha::ChaCha8Rng;

/// Why the AI gave no move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AiError {
    #[error("the game is over")]
    GameOver,
    #[error("{0}")]
    BadSettings(String),
    #[error("the search was interrupted: {0}")]
    Interrupted(String),
}

/// The lowest and highest levels.
pub const MIN_LEVEL: u8 = 1;
pub const MAX_LEVEL: u8 = 5;

/// Which searcher plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The level's searcher and budgets (1 = beginner .. 5 = strongest).
    Level(u8),
    /// Plain UCT with uniformly random playouts and this many simulations per move.
    Uct(u64),
}

/// Who plays and how long they may think. `nodes` replaces the style's count of search steps;
/// `time` replaces its time cap (a cap: the search still stops at the count when it comes first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub style: Style,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

impl Settings {
    /// A level from 1 to 5.
    pub fn level(level: u8) -> Result<Self, AiError> {
        if !(MIN_LEVEL..=MAX_LEVEL).contains(&level) {
            return Err(AiError::BadSettings(format!(
                "the level must be {MIN_LEVEL} to {MAX_LEVEL}, not {level}"
            )));
        }
        Ok(Settings {
            style: Style::Level(level),
            nodes: None,
            time: None,
        })
    }

    /// The plain UCT baseline with `simulations` random playouts per move.
    pub fn uct(simulations: u64) -> Self {
        Settings {
            style: Style::Uct(simulations.max(1)),
            nodes: None,
            time: None,
        }
    }

    /// Reads `key=value` words: `level=<1-5>`, `uct=<n>`, `nodes=<n>`, `ms=<t>`. With neither
    /// `level` nor `uct`, the strongest level's searcher is used (capped by `nodes`/`ms`).
    pub fn parse_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<Self, AiError> {
        let mut style = None;
        let mut nodes = None;
        let mut time = None;
        for word in words {
            let (key, value) = word.split_once('=').ok_or_else(|| {
                AiError::BadSettings(format!(
                    "`{word}` is not a setting; write level=<1-5>, uct=<n>, nodes=<n> or ms=<t>"
                ))
            })?;
            let number = |what: &str| -> Result<u64, AiError> {
                value.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    AiError::BadSettings(format!(
                        "{what} must be a positive whole number, not `{value}`"
                    ))
                })
            };
            match key.to_ascii_lowercase().as_str() {
                "level" => {
                    let n = number("level")?;
                    let level = u8::try_from(n).unwrap_or(u8::MAX);
                    style = Some(Settings::level(level)?.style);
                }
                "uct" => style = Some(Style::Uct(number("uct")?)),
                "nodes" => nodes = Some(number("nodes")?),
                "ms" => time = Some(Duration::from_millis(number("ms")?)),
                other => {
                    return Err(AiError::BadSettings(format!(
                        "unknown setting `{other}`; the settings are level, uct, nodes and ms"
                    )));
                }
            }
        }
        let explicit_budget = nodes.is_some() || time.is_some();
        let style = style.unwrap_or(if explicit_budget {
            Style::Level(MAX_LEVEL)
        } else {
            Style::Level(3)
        });
        Ok(Settings { style, nodes, time })
    }
}

impl FromStr for Settings {
    type Err = AiError;

    /// `level=3`, `uct=10000`, `level=5,ms=500` (commas or spaces between settings).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Settings::parse_words(s.split([',', ' ']).filter(|w| !w.is_empty()))
    }
}

impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.style {
            Style::Level(l) => write!(f, "level={l}")?,
            Style::Uct(n) => write!(f, "uct={n}")?,
        }
        if let Some(n) = self.nodes {
            write!(f, ",nodes={n}")?;
        }
        if let Some(t) = self.time {
            write!(f, ",ms={}", t.as_millis())?;
        }
        Ok(())
    }
}

/// A level's search budget: work units (MCTS iterations or alpha-beta nodes) and a wall-clock
/// cap that the budget is meant never to reach on this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelBudget {
    pub nodes: u64,
    pub cap: Duration,
}

/// The budgets of the levels, per game (index = level - 1).
pub fn level_budget(kind: GameKind, level: u8) -> LevelBudget {
    let i = usize::from(level.clamp(MIN_LEVEL, MAX_LEVEL) - 1);
    // Work per move grows about sevenfold a level; level 5 is sized to take about a second
    // on an idle core, under the 2 s cap.
    let nodes: [u64; 5] = match kind {
        GameKind::Loa => [60, 500, 4_000, 25_000, 600_000],
        GameKind::Simultana => [20, 150, 1_000, 6_000, 40_000],
        // Barrier: strong players rarely lose but often draw by the 50-turn rule, so levels
        // that are close draw each other. With 20 iterations level 1 drew a quarter of its games
        // against level 2; with 10 it loses them. Level 4 at 5,000 drew a quarter against
        // level 5; at 3,000 it loses them and still beats level 3.
        GameKind::Barrier => [10, 150, 1_000, 3_000, 25_000],
        // Lightning: the draw flattens what search buys. Levels 1-4 sample moves at random,
        // where a few more samples make a clearly better player; level 5 alone expands every
        // move with the evaluation (`AiGame::GUIDED`) and searches deep. A guided level 4 was
        // about as strong as level 5 can be against the draw, leaving no gap between them.
        GameKind::Lightning => [5, 15, 25, 50, 12_000],
    };
    let caps: [u64; 5] = [250, 500, 1_000, 1_500, 2_000];
    LevelBudget {
        nodes: nodes[i],
        cap: Duration::from_millis(caps[i]),
    }
}

/// From this level on, games that offer it ([`AiGame::GUIDED`]) use evaluation-guided
/// expansion; below it their moves are sampled at random, which keeps the lower levels apart.
const GUIDED_FROM_LEVEL: u8 = 5;

/// What a search decided, with numbers for logs and the arena.
#[derive(Clone, Debug)]
pub struct Thought {
    pub best: AnyMove,
    /// The move in canonical notation.
    pub notation: String,
    /// Work done: MCTS iterations or alpha-beta nodes.
    pub nodes: u64,
    pub elapsed: Duration,
    /// The expected result for the side to move in [-1, 1], when the searcher has one.
    pub value: f64,
    /// Why the move was chosen without search, if it was (`win in one`, `only move`).
    pub shortcut: Option<&'static str>,
}

/// Searches `game` with `settings` and returns the chosen move. Reproducible for a given seed
/// when no wall-clock limit cuts the search short.
pub fn think(game: &AnyGame, settings: &Settings, seed: u64) -> Result<Thought, AiError> {
    let start = Instant::now();
    let mut rng = AiRng::seed_from_u64(seed);
    let kind = game.kind();
    let (best, nodes, value, shortcut) = match game {
        AnyGame::Loa(g) => lift(think_loa(g, settings, seed, &mut rng)?, AnyMove::Loa),
        AnyGame::Lightning(g) => lift(
            think_generic(g, settings, kind, &mut rng)?,
            AnyMove::Lightning,
        ),
        AnyGame::Barrier(g) => lift(
            think_generic(g, settings, kind, &mut rng)?,
            AnyMove::Barrier,
        ),
        AnyGame::Simultana(g) => lift(
            think_generic(g, settings, kind, &mut rng)?,
            AnyMove::Simultana,
        ),
    };
    let notation = game
        .format_move(&best)
        .map_err(|e| AiError::Interrupted(e.to_string()))?;
    Ok(Thought {
        best,
        notation,
        nodes,
        elapsed: start.elapsed(),
        value,
        shortcut,
    })
}

type Found<M> = (M, u64, f64, Option<&'static str>);

fn lift<M>(found: Found<M>, wrap: fn(M) -> AnyMove) -> Found<AnyMove> {
    (wrap(found.0), found.1, found.2, found.3)
}

fn think_generic<G: AiGame>(
    game: &G,
    settings: &Settings,
    kind: GameKind,
    rng: &mut AiRng,
) -> Result<Found<G::Move>, AiError> {
    let start = Instant::now();
    if game.status().is_over() {
        return Err(AiError::GameOver);
    }
    let mut moves = Vec::new();
    game.search_moves(&mut moves);
    if moves.is_empty() {
        return Err(AiError::GameOver);
    }
    let (config, nodes, cap) = match settings.style {
        Style::Uct(n) => (MctsConfig::plain(), n, None),
        Style::Level(level) => {
            let budget = level_budget(kind, level);
            let config = MctsConfig {
                guided: level >= GUIDED_FROM_LEVEL,
                ..MctsConfig::strong()
            };
            (config, budget.nodes, Some(budget.cap))
        }
    };
    let nodes = settings.nodes.unwrap_or(nodes);
    let cap = settings.time.or(cap);
    let deadline = cap.map(|c| start + c);
    let candidates = if let Style::Level(_) = settings.style {
        if let Some(mv) = tactics::winning_move(game) {
            return Ok((mv, 0, 1.0, Some("win in one")));
        }
        tactics::safe_moves(game, &moves)
    } else {
        moves
    };
    if candidates.len() == 1 {
        return Ok((candidates[0], 0, 0.0, Some("only move")));
    }
    let budget = Budget {
        iterations: nodes,
        deadline,
    };
    let found = mcts::search(game, &candidates, config, budget, rng).ok_or(AiError::GameOver)?;
    Ok((found.best, found.iterations, found.value, None))
}

/// Per level, the leaf noise of the LOA searcher (evaluation units; a pawn-like unit is ~100).
const LOA_NOISE: [u32; 5] = [60, 30, 15, 8, 4];

/// Lines of Action: the levels use the alpha-beta searcher; the UCT baseline stays generic.
fn think_loa(
    game: &crate::games::loa::Loa,
    settings: &Settings,
    seed: u64,
    rng: &mut AiRng,
) -> Result<Found<crate::games::loa::LoaMove>, AiError> {
    let Style::Level(level) = settings.style else {
        return think_generic(game, settings, GameKind::Loa, rng);
    };
    let start = Instant::now();
    let mut moves = Vec::new();
    game.search_moves(&mut moves);
    if game.status().is_over() || moves.is_empty() {
        return Err(AiError::GameOver);
    }
    if let Some(mv) = tactics::winning_move(game) {
        return Ok((mv, 0, 1.0, Some("win in one")));
    }
    let candidates = tactics::safe_moves(game, &moves);
    if candidates.len() == 1 {
        return Ok((candidates[0], 0, 0.0, Some("only move")));
    }
    let budget = level_budget(GameKind::Loa, level);
    let nodes = settings.nodes.unwrap_or(budget.nodes);
    let deadline = settings.time.or(Some(budget.cap)).map(|c| start + c);
    let noise = LOA_NOISE[usize::from(level.clamp(MIN_LEVEL, MAX_LEVEL) - 1)];
    let found =
        loa::search(game, &candidates, nodes, deadline, noise, seed).ok_or(AiError::GameOver)?;
    Ok((found.best, found.nodes, found.value(), None))
}
