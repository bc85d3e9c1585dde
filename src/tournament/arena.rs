//! An arena, lichess's format: for a fixed time, a player who finishes a game is paired at once
//! with a waiting player close in the standings (never their last opponent while another is
//! waiting). A win scores 2, a draw 1; after two wins in a row a player is on a streak and their
//! wins and draws count double until a game that is no win. Berserk (half the clock) adds a
//! point to a win with enough moves played. Players may pause and come back; no game starts
//! after the end time, and the games still running then count. Standings: points, then
//! performance. Pure: no clock, no I/O; the service says when and what happened.

use serde::{Deserialize, Serialize};

/// Points of a win and of a draw, before the streak doubles them.
pub const WIN: u32 = 2;
pub const DRAW: u32 = 1;
/// Wins in a row after which wins and draws count double.
pub const STREAK: u32 = 2;
/// The moves a berserk player must have made in a game for its win to earn the extra point.
pub const BERSERK_MOVES: u32 = 7;

/// How an arena game ended, for the arena.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ArenaResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// Neither played (both forfeited): no points for either.
    BothLose,
}

/// A player of the arena.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ArenaPlayer {
    /// The service's identity of the player.
    pub key: String,
    pub rating: u32,
    pub points: u32,
    /// Wins in a row so far.
    pub wins_in_row: u32,
    /// Paused: not paired until they come back.
    pub paused: bool,
    /// The game being played, if any.
    pub playing: Option<usize>,
    /// The last opponent (avoided while another player waits).
    pub last_opponent: Option<usize>,
    /// Games played to their end, and the sum of their performance (opponent's rating, plus
    /// 500 for a win, minus 500 for a loss).
    pub games: u32,
    pub performance_sum: i64,
    /// Games with the first move (to balance colours).
    pub whites: u32,
}

/// One game of the arena.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ArenaGame {
    pub white: usize,
    pub black: usize,
    /// Which side went berserk (white, black).
    pub berserk: [bool; 2],
    pub result: Option<ArenaResult>,
}

/// Why an arena refuses a step.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ArenaError {
    #[error("no such player or game")]
    Unknown,
    #[error("the game is over")]
    Over,
    #[error("already registered")]
    Registered,
}

/// An arena: its players, its games and when it ends (unix ms).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Arena {
    pub ends_at: i64,
    pub players: Vec<ArenaPlayer>,
    pub games: Vec<ArenaGame>,
}

impl Arena {
    pub fn new(ends_at: i64) -> Arena {
        Arena {
            ends_at,
            players: Vec::new(),
            games: Vec::new(),
        }
    }

    /// Registers a player (they wait for a game at once); returns their index.
    pub fn join(&mut self, key: &str, rating: u32) -> Result<usize, ArenaError> {
        if self.players.iter().any(|p| p.key == key) {
            return Err(ArenaError::Registered);
        }
        self.players.push(ArenaPlayer {
            key: key.to_string(),
            rating,
            points: 0,
            wins_in_row: 0,
            paused: false,
            playing: None,
            last_opponent: None,
            games: 0,
            performance_sum: 0,
            whites: 0,
        });
        Ok(self.players.len() - 1)
    }

    /// Pauses a player (a game they are playing goes on) or brings them back.
    pub fn set_paused(&mut self, player: usize, paused: bool) -> Result<(), ArenaError> {
        self.players
            .get_mut(player)
            .ok_or(ArenaError::Unknown)?
            .paused = paused;
        Ok(())
    }

    /// Whether a player waits for a game.
    #[doc(hidden)]
    pub fn waiting(&self, player: usize) -> bool {
        self.players
            .get(player)
            .is_some_and(|p| !p.paused && p.playing.is_none())
    }

    /// The players in standings order: points, then performance, then rating.
    pub fn standings(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by_key(|&i| {
            let p = &self.players[i];
            (
                std::cmp::Reverse(p.points),
                std::cmp::Reverse(performance(p)),
                std::cmp::Reverse(p.rating),
                i,
            )
        });
        order
    }

    /// Pairs the waiting players at `now`, each with the nearest waiting player below them in
    /// the standings that is not their last opponent (their last opponent only when nobody
    /// else waits); nothing at or after the end time. The new games are recorded and returned
    /// (indices in [`Arena::games`]).
    pub fn pair(&mut self, now: i64) -> Vec<usize> {
        if now >= self.ends_at {
            return Vec::new();
        }
        let waiting: Vec<usize> = self
            .standings()
            .into_iter()
            .filter(|&i| self.waiting(i))
            .collect();
        let mut new = Vec::new();
        // Greedy from the top: the first still waiting takes the nearest fit below; a skipped
        // last opponent stays for the next.
        let mut taken = vec![false; waiting.len()];
        for a in 0..waiting.len() {
            if taken[a] {
                continue;
            }
            let me = waiting[a];
            let last = self.players[me].last_opponent;
            let free = (a + 1..waiting.len()).filter(|&b| !taken[b]);
            let mut chosen = None;
            let mut fallback = None;
            for b in free {
                if Some(waiting[b]) == last {
                    fallback.get_or_insert(b);
                } else {
                    chosen = Some(b);
                    break;
                }
            }
            let Some(b) = chosen.or(fallback) else {
                continue;
            };
            taken[a] = true;
            taken[b] = true;
            new.push(self.start(me, waiting[b]));
        }
        new
    }

    /// Starts a game of `a` and `b`, the one with fewer first moves moving first.
    fn start(&mut self, a: usize, b: usize) -> usize {
        let (white, black) = if self.players[a].whites <= self.players[b].whites {
            (a, b)
        } else {
            (b, a)
        };
        let game = self.games.len();
        self.games.push(ArenaGame {
            white,
            black,
            berserk: [false, false],
            result: None,
        });
        self.players[white].whites += 1;
        for (me, them) in [(white, black), (black, white)] {
            let p = &mut self.players[me];
            p.playing = Some(game);
            p.last_opponent = Some(them);
        }
        game
    }

    /// A player goes berserk in their game (the service halves their clock, and lets them only
    /// before their first move).
    pub fn berserk(&mut self, game: usize, player: usize) -> Result<(), ArenaError> {
        let g = self.games.get_mut(game).ok_or(ArenaError::Unknown)?;
        if g.result.is_some() {
            return Err(ArenaError::Over);
        }
        let side = [g.white, g.black]
            .iter()
            .position(|&p| p == player)
            .ok_or(ArenaError::Unknown)?;
        g.berserk[side] = true;
        Ok(())
    }

    /// Records a game's end, with the moves each side made (white, black): scores, streaks and
    /// performance move on, and both players wait again (unless paused).
    pub fn finish(
        &mut self,
        game: usize,
        result: ArenaResult,
        moves: [u32; 2],
    ) -> Result<(), ArenaError> {
        let g = self.games.get_mut(game).ok_or(ArenaError::Unknown)?;
        if g.result.is_some() {
            return Err(ArenaError::Over);
        }
        g.result = Some(result);
        let g = g.clone();
        let sides = [g.white, g.black];
        let ratings = sides.map(|p| i64::from(self.players[p].rating));
        for side in 0..2 {
            let score = match (result, side) {
                (ArenaResult::Draw, _) => 1,
                (ArenaResult::WhiteWins, 0) | (ArenaResult::BlackWins, 1) => 2,
                _ => 0,
            };
            let p = &mut self.players[sides[side]];
            let on_fire = p.wins_in_row >= STREAK;
            let mut points = match score {
                2 => WIN,
                1 => DRAW,
                _ => 0,
            };
            if on_fire {
                points *= 2;
            }
            if score == 2 && g.berserk[side] && moves[side] >= BERSERK_MOVES {
                points += 1;
            }
            p.points += points;
            p.wins_in_row = if score == 2 { p.wins_in_row + 1 } else { 0 };
            p.games += 1;
            p.performance_sum += ratings[1 - side] + 500 * (score - 1);
            p.playing = None;
        }
        Ok(())
    }

    /// Whether the arena is over at `now`: past its end, every game finished.
    pub fn is_over(&self, now: i64) -> bool {
        now >= self.ends_at && self.games.iter().all(|g| g.result.is_some())
    }
}

/// A player's performance: the mean of their games' performances (0 before any game).
pub fn performance(p: &ArenaPlayer) -> i64 {
    if p.games == 0 {
        0
    } else {
        p.performance_sum / i64::from(p.games)
    }
}
