//! AI against AI: N games with alternating seats, scored with a 95% confidence interval.
//!
//! Games come in pairs: in pair k, player A takes the first seat in game 2k and the second in
//! game 2k+1. For Lightning both games of a pair use the same pile (`seed=` option), so luck
//! cancels out as far as it can. Every search seed is derived from the arena seed, the game
//! and the ply, so a run can be repeated.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::{AiError, Settings, think};
use crate::games::{AnyGame, GameKind, Side, Status};

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub kind: GameKind,
    /// Game options as `key=value ...` (RULES.md).
    pub options: String,
    pub a: Settings,
    pub b: Settings,
    pub games: usize,
    pub seed: u64,
    /// Plies after which a game is stopped and counted as a draw (a safety net; the rules end
    /// every game long before).
    pub max_plies: usize,
    /// Games played at once (threads).
    pub jobs: usize,
}

/// One finished arena game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub index: usize,
    /// Whether player A had the first seat.
    pub a_first: bool,
    /// 1 for a win of A, 0.5 for a draw, 0 for a loss.
    pub score_a: f64,
    /// How it ended (`win first connection`, `draw repetition`, `draw arena-limit`).
    pub ending: String,
    pub plies: usize,
    pub moves: Vec<String>,
}

/// Totals for one player.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlayerStats {
    pub moves: u64,
    pub nodes: u64,
    pub time: Duration,
}

impl PlayerStats {
    /// Work units per second of thinking.
    pub fn speed(&self) -> f64 {
        let s = self.time.as_secs_f64();
        if s > 0.0 { self.nodes as f64 / s } else { 0.0 }
    }

    /// Average thinking time per move.
    pub fn time_per_move(&self) -> Duration {
        if self.moves == 0 {
            Duration::ZERO
        } else {
            self.time / u32::try_from(self.moves).unwrap_or(u32::MAX)
        }
    }
}

/// The result of an arena run, from player A's point of view.
#[derive(Clone, Debug, Default)]
pub struct ArenaResult {
    pub games: Vec<GameRecord>,
    pub a: PlayerStats,
    pub b: PlayerStats,
}

impl ArenaResult {
    pub fn wins(&self) -> usize {
        self.games.iter().filter(|g| g.score_a == 1.0).count()
    }

    pub fn draws(&self) -> usize {
        self.games.iter().filter(|g| g.score_a == 0.5).count()
    }

    pub fn losses(&self) -> usize {
        self.games.iter().filter(|g| g.score_a == 0.0).count()
    }

    /// A's score: (wins + draws / 2) / games.
    pub fn score(&self) -> f64 {
        let n = self.games.len();
        if n == 0 {
            return 0.0;
        }
        self.games.iter().map(|g| g.score_a).sum::<f64>() / n as f64
    }

    /// A 95% Wilson interval of A's score (a draw is half a point): honest at the edges, where
    /// a normal approximation shrinks to nothing (4-0, or two draws).
    pub fn score_interval(&self) -> (f64, f64) {
        wilson_of(self.score(), self.games.len())
    }

    /// A 95% Wilson interval of A's win rate (draws count as non-wins).
    pub fn win_interval(&self) -> (f64, f64) {
        wilson(self.wins(), self.games.len())
    }
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    wilson_of(k as f64 / n.max(1) as f64, n)
}

/// The 95% Wilson score interval of a proportion `p` observed over `n` trials (`n` = 0: no
/// knowledge, the whole range).
#[doc(hidden)]
pub fn wilson_of(p: f64, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = n as f64;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// SplitMix64: spreads seeds so that nearby inputs give unrelated searches.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The options of game `index`: for Lightning, both games of a pair share a pile seed.
fn game_options(config: &ArenaConfig, index: usize) -> String {
    let mut options = config.options.clone();
    if config.kind == GameKind::Lightning && !options.contains("seed=") {
        let pile = mix(config.seed ^ 0x5EED) ^ (index / 2) as u64;
        options = format!("{options} seed={}", pile % 1_000_000_007);
    }
    options
}

/// Plays game `index` of the run.
pub fn play_game(
    config: &ArenaConfig,
    index: usize,
) -> Result<(GameRecord, PlayerStats, PlayerStats), AiError> {
    let a_first = index.is_multiple_of(2);
    let mut game = AnyGame::new(config.kind, &game_options(config, index))
        .map_err(|e| AiError::BadSettings(e.to_string()))?;
    let mut stats = [PlayerStats::default(), PlayerStats::default()];
    let mut moves = Vec::new();
    let ending = loop {
        let side = match game.status() {
            Status::Over(o) => {
                break match o.winner {
                    Some(w) => (Some(w), format!("win {} {}", game.side_name(w), o.reason)),
                    None => (None, format!("draw {}", o.reason)),
                };
            }
            Status::ToMove(side) => side,
        };
        if moves.len() >= config.max_plies {
            break (None, "draw arena-limit".to_string());
        }
        let a_moves = (side == Side::First) == a_first;
        let settings = if a_moves { &config.a } else { &config.b };
        let seed = mix(config.seed ^ mix(index as u64) ^ (moves.len() as u64) << 32);
        let thought = think(&game, settings, seed)?;
        let who = &mut stats[usize::from(!a_moves)];
        who.moves += 1;
        who.nodes += thought.nodes;
        who.time += thought.elapsed;
        game.play(&thought.best)
            .map_err(|e| AiError::Interrupted(format!("the AI chose an illegal move: {e}")))?;
        moves.push(thought.notation);
    };
    let a_side = if a_first { Side::First } else { Side::Second };
    let score_a = match ending.0 {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let record = GameRecord {
        index,
        a_first,
        score_a,
        ending: ending.1,
        plies: moves.len(),
        moves,
    };
    Ok((record, stats[0], stats[1]))
}

/// Plays the whole run on `config.jobs` threads; `progress` sees each game as it ends.
pub fn run(
    config: &ArenaConfig,
    progress: impl Fn(&GameRecord) + Sync,
) -> Result<ArenaResult, AiError> {
    let next = AtomicUsize::new(0);
    let result = Mutex::new(ArenaResult::default());
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        return;
                    }
                    match play_game(config, index) {
                        Ok((record, a, b)) => {
                            progress(&record);
                            let mut r = result.lock().unwrap_or_else(|p| p.into_inner());
                            add(&mut r.a, a);
                            add(&mut r.b, b);
                            r.games.push(record);
                        }
                        Err(e) => {
                            *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                            next.store(config.games, Ordering::Relaxed);
                            return;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let mut result = result.into_inner().unwrap_or_else(|p| p.into_inner());
    result.games.sort_by_key(|g| g.index);
    Ok(result)
}

fn add(total: &mut PlayerStats, more: PlayerStats) {
    total.moves += more.moves;
    total.nodes += more.nodes;
    total.time += more.time;
}
