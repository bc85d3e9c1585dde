//! Puzzles: finding them (`parlor puzzles generate`), writing them out (`parlor puzzles
//! export`, one line each in INTERFACES.md's format) and loading the starter set shipped in
//! `assets/puzzles/` into an empty database on first start.
//!
//! The search itself is [`crate::ai::puzzle`]; this service runs it over self-play games and
//! finished matches and stores what it finds. Generation is resumable: it stops once the
//! database holds `count` puzzles of the game and options, and a later run goes on from the
//! last self-play seed and the last match it read.

use thiserror::Error;

mod harvest;
#[doc(hidden)]
pub mod solve;

pub use harvest::{HARVEST_EVERY, Harvest, Harvested, MATCHES_PER_ROUND};

pub use solve::{DAY_MS, Puzzles, daily_candidate, date_of, position_at, streak_of};

use crate::ai::puzzle::{self, Found};
use crate::games::{AnyGame, AnyMove, GameKind};
use crate::store::{EntryKind, FinishedGame, LogEntry, NewPuzzle, PuzzleRow, Store, StoreError};

/// The starter set, one file per game and variant, in the export format.
pub const STARTER: &[(&str, &str)] = &[
    (
        "loa-standard",
        include_str!("../../../assets/puzzles/loa-standard.txt"),
    ),
    (
        "loa-scrambled-eggs",
        include_str!("../../../assets/puzzles/loa-scrambled-eggs.txt"),
    ),
    (
        "loa-parachute",
        include_str!("../../../assets/puzzles/loa-parachute.txt"),
    ),
    (
        "loa-olympiad",
        include_str!("../../../assets/puzzles/loa-olympiad.txt"),
    ),
    (
        "loa-ambidextrous",
        include_str!("../../../assets/puzzles/loa-ambidextrous.txt"),
    ),
    (
        "loa-cylinder",
        include_str!("../../../assets/puzzles/loa-cylinder.txt"),
    ),
    (
        "simultana",
        include_str!("../../../assets/puzzles/simultana.txt"),
    ),
    (
        "barrier",
        include_str!("../../../assets/puzzles/barrier.txt"),
    ),
];

/// A new puzzle's rating deviation and volatility (Glicko-2's usual start).
pub const FIRST_DEVIATION: f64 = 350.0;
pub const FIRST_VOLATILITY: f64 = 0.06;

/// Plies after which a self-play game is given up.
const SELF_PLAY_PLIES: usize = 300;

/// Matches read from the database at a time.
const MATCH_BATCH: u32 = 200;

/// Why puzzles could not be generated, exported or loaded.
#[derive(Debug, Error)]
pub enum PuzzleError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("puzzles are offered for Lines of Action with two players, Simultana and Barrier")]
    Unsupported,
    #[error("bad game options: {0}")]
    Options(String),
    #[error("line {line} of {file}: {why}")]
    BadLine {
        file: String,
        line: usize,
        why: String,
    },
    #[error("the search was stopped: {0}")]
    Interrupted(String),
}

/// What a generation run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Generated {
    /// Puzzles added by this run.
    pub added: u64,
    /// Puzzles of the game and options now stored.
    pub stored: i64,
    /// Self-play games played and matches read.
    pub games: u64,
}

/// One puzzle line: the game, its canonical options, the moves and the solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub id: i64,
    pub game: GameKind,
    pub options: String,
    pub moves: Vec<String>,
    pub solution: Vec<String>,
}

impl Line {
    /// The export line: `puzzle <id> <game> [key=value ...] moves ... solution ...`.
    pub fn text(&self) -> String {
        let mut words = vec![
            "puzzle".to_string(),
            self.id.to_string(),
            self.game.name().to_string(),
        ];
        words.extend(self.options.split_whitespace().map(String::from));
        words.push("moves".to_string());
        words.extend(self.moves.iter().cloned());
        words.push("solution".to_string());
        words.extend(self.solution.iter().cloned());
        words.join(" ")
    }

    /// Reads an export line back.
    pub fn parse(text: &str) -> Result<Line, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [first, id, game, rest @ ..] = words.as_slice() else {
            return Err("write puzzle <id> <game> [options] moves ... solution ...".to_string());
        };
        if *first != "puzzle" {
            return Err(format!("`{first}` is not `puzzle`"));
        }
        let id: i64 = id.parse().map_err(|_| format!("`{id}` is not an id"))?;
        let game: GameKind = game.parse()?;
        let moves_at = rest
            .iter()
            .position(|w| *w == "moves")
            .ok_or("no `moves`")?;
        let solution_at = rest
            .iter()
            .position(|w| *w == "solution")
            .filter(|&s| s > moves_at)
            .ok_or("no `solution` after `moves`")?;
        let own = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        Ok(Line {
            id,
            game,
            options: rest[..moves_at].join(" "),
            moves: own(&rest[moves_at + 1..solution_at]),
            solution: own(&rest[solution_at + 1..]),
        })
    }
}

impl From<&PuzzleRow> for Line {
    fn from(row: &PuzzleRow) -> Line {
        Line {
            id: row.id,
            game: row.game,
            options: row.options.clone(),
            moves: row.moves.clone(),
            solution: row.solution.clone(),
        }
    }
}

/// The start position of `game` with `options`, and its canonical options text, if the game
/// offers puzzles.
pub fn start(game: GameKind, options: &str) -> Result<(AnyGame, String), PuzzleError> {
    let start = AnyGame::new(game, options).map_err(|e| PuzzleError::Options(e.to_string()))?;
    if !puzzle::offered(&start) {
        return Err(PuzzleError::Unsupported);
    }
    let canonical = start.options_text();
    Ok((start, canonical))
}

fn new_puzzle(
    game: GameKind,
    options: &str,
    found: Found,
    source: &'static str,
    source_id: i64,
) -> NewPuzzle {
    NewPuzzle {
        game,
        options: options.to_string(),
        rating: found.first_rating(),
        position: found.position,
        moves: found.moves,
        solution: found.solution,
        own_moves: found.own_moves,
        nodes: found.nodes,
        source,
        source_id,
        deviation: FIRST_DEVIATION,
        volatility: FIRST_VOLATILITY,
    }
}

/// The moves on the board at the end of a match's log (takebacks undone).
pub fn moves_of(start: &AnyGame, log: &[LogEntry]) -> Vec<AnyMove> {
    let mut texts: Vec<&str> = Vec::new();
    for entry in log {
        let keep = usize::try_from(entry.ply).unwrap_or(usize::MAX);
        match (entry.kind, &entry.notation) {
            (EntryKind::Move, Some(text)) => {
                texts.truncate(keep.saturating_sub(1));
                texts.push(text);
            }
            _ => texts.truncate(keep),
        }
    }
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(texts.len());
    for text in texts {
        let Ok(mv) = position.parse_move(text) else {
            break;
        };
        if position.play(&mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

/// A finished match of `game` that offers puzzles, rebuilt: its start, its canonical options
/// and the moves on the board at its end.
fn replayed(game: GameKind, record: &FinishedGame) -> Option<(AnyGame, String, Vec<AnyMove>)> {
    let start = AnyGame::start(game, &record.options, record.seed).ok()?;
    if !puzzle::offered(&start) {
        return None;
    }
    let options = start.options_text();
    let moves = moves_of(&start, &record.log);
    Some((start, options, moves))
}

/// Finds puzzles of `game` with `options` until `count` are stored: first in the finished
/// matches not read yet, then in self-play at several levels. `now` gives the time stamps;
/// `progress` hears the number stored after each game.
pub async fn generate(
    store: &Store,
    game: GameKind,
    options: &str,
    count: i64,
    max_moves: u32,
    now: impl Fn() -> i64,
    mut progress: impl FnMut(&Generated),
) -> Result<Generated, PuzzleError> {
    let (first, options) = start(game, options)?;
    let mut done = Generated {
        stored: store.puzzle_count(Some((game, &options))).await?,
        ..Generated::default()
    };
    let mut after = store
        .last_puzzle_source(game, &options, "match")
        .await?
        .unwrap_or(0);
    while done.stored < count {
        let batch = store.finished_games_after(game, after, MATCH_BATCH).await?;
        let Some(last) = batch.last().map(|g| g.id) else {
            break;
        };
        after = last;
        for record in batch {
            if done.stored >= count {
                break;
            }
            let Some((match_start, match_options, moves)) = replayed(game, &record) else {
                continue;
            };
            if match_options != options {
                continue;
            }
            let found = run_blocking(move || {
                puzzle::harvest(&match_start, &moves, max_moves, puzzle::DEFAULT_BUDGET)
            })
            .await?;
            store_found(
                store, game, &options, found, "match", record.id, &now, &mut done,
            )
            .await?;
            progress(&done);
        }
    }
    let mut seed = store
        .last_puzzle_source(game, &options, "self-play")
        .await?
        .map_or(0, |s| s + 1);
    while done.stored < count {
        let start = first.clone();
        let this_seed = u64::try_from(seed).unwrap_or_default();
        let found = run_blocking(move || {
            let (a, b) = puzzle::self_play_levels(this_seed);
            let record = puzzle::self_play(&start, a, b, this_seed, SELF_PLAY_PLIES);
            puzzle::harvest(&start, &record, max_moves, puzzle::DEFAULT_BUDGET)
        })
        .await?;
        store_found(
            store,
            game,
            &options,
            found,
            "self-play",
            seed,
            &now,
            &mut done,
        )
        .await?;
        progress(&done);
        seed += 1;
    }
    Ok(done)
}

async fn run_blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, PuzzleError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| PuzzleError::Interrupted(e.to_string()))
}

#[allow(clippy::too_many_arguments)]
async fn store_found(
    store: &Store,
    game: GameKind,
    options: &str,
    found: Vec<Found>,
    source: &'static str,
    source_id: i64,
    now: &impl Fn() -> i64,
    done: &mut Generated,
) -> Result<(), PuzzleError> {
    done.games += 1;
    for f in found {
        if store
            .add_puzzle(&new_puzzle(game, options, f, source, source_id), now())
            .await?
        {
            done.added += 1;
            done.stored += 1;
        }
    }
    Ok(())
}

/// Every stored puzzle (of one game, or all) as export lines.
pub async fn export(store: &Store, game: Option<GameKind>) -> Result<Vec<String>, PuzzleError> {
    Ok(store
        .puzzles(game)
        .await?
        .iter()
        .map(|row| Line::from(row).text())
        .collect())
}

/// Checks one export line and makes it a puzzle to store: its moves legal from the start and
/// its solution a win for the side to move.
pub fn checked(line: &Line, source: &'static str) -> Result<NewPuzzle, String> {
    let (first, options) = start(line.game, &line.options).map_err(|e| e.to_string())?;
    let (position, _, wins) =
        puzzle::replay(&first, &line.moves, &line.solution).ok_or("a move is not legal")?;
    if !wins || line.solution.len().is_multiple_of(2) {
        return Err("the solution does not win".to_string());
    }
    let own_moves = u32::try_from(line.solution.len().div_ceil(2)).unwrap_or(u32::MAX);
    // The proof's effort is not in the line: the branching stands in for it.
    let branching = position.legal_moves().len().max(2) as f64;
    let nodes = branching.powf(f64::from(own_moves * 2 - 1)) as u64;
    let found = Found {
        moves: line.moves.clone(),
        solution: line.solution.clone(),
        own_moves,
        nodes,
        position: position.export(),
    };
    Ok(new_puzzle(line.game, &options, found, source, line.id))
}

/// Loads the starter set when no puzzle is stored yet; returns how many were added. A line
/// that does not check out is an error (the shipped files are tested).
pub async fn load_starter(store: &Store, now: i64) -> Result<u64, PuzzleError> {
    if store.puzzle_count(None).await? > 0 {
        return Ok(0);
    }
    let mut added = 0;
    for (file, text) in STARTER {
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let bad = |why: String| PuzzleError::BadLine {
                file: (*file).to_string(),
                line: i + 1,
                why,
            };
            let parsed = Line::parse(line).map_err(bad)?;
            let puzzle = checked(&parsed, "starter").map_err(bad)?;
            if store.add_puzzle(&puzzle, now).await? {
                added += 1;
            }
        }
    }
    Ok(added)
}
