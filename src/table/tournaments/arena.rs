//! How an arena goes on by itself (issue 40 item 4): at its start every present player is
//! paired; each game that ends is recorded and its players are paired again at once with
//! whoever else waits; no game starts after the end time, and the arena is over when the games
//! still running then have ended. Last opponents are paired together again only when no other
//! game is being played (else they wait for its players). Every step is committed before it is announced; a restart
//! opens the games already paired (each linked to its number, so none is opened twice) and
//! goes on.

use crate::i18n::Msg;
use crate::store::{EntryKind, LogEntry, MatchRow};
use crate::table::shell::Fail;
use crate::tournament::arena::ArenaResult;
use crate::tournament::event::BoardResult;

use super::event::{Event, Status, Step};
use super::present::Say;
use super::service::Tournaments;

/// The arena's view of a game's end: who won, and who never moved (paused, as lichess does).
pub fn arena_result(result: BoardResult) -> (ArenaResult, Vec<usize>) {
    match result {
        BoardResult::WhiteWins => (ArenaResult::WhiteWins, vec![]),
        BoardResult::BlackWins => (ArenaResult::BlackWins, vec![]),
        BoardResult::Draw | BoardResult::Bye => (ArenaResult::Draw, vec![]),
        BoardResult::WhiteForfeits => (ArenaResult::BlackWins, vec![0]),
        BoardResult::BlackForfeits => (ArenaResult::WhiteWins, vec![1]),
        BoardResult::BothForfeit => (ArenaResult::BothLose, vec![0, 1]),
    }
}

/// The moves each seat (first, second) made in a match, from its log.
fn moves_by_seat(row: &MatchRow, log: &[LogEntry]) -> [u32; 2] {
    let id = |seat: usize| row.seats.get(seat).cloned().flatten().map(|p| p.id);
    let count = |seat: usize| {
        let moves = log
            .iter()
            .filter(|e| e.kind == EntryKind::Move && Some(e.player_id) == id(seat))
            .count();
        let back = log
            .iter()
            .filter(|e| e.kind == EntryKind::Takeback && Some(e.player_id) == id(seat))
            .count();
        moves.saturating_sub(back) as u32
    };
    [count(0), count(1)]
}

impl Tournaments {
    /// Does everything due in arena `e` now, its lock held: the start, results, new pairings,
    /// their games, the end.
    pub(super) async fn advance_arena(&self, e: &mut Event) -> Result<(), Fail> {
        if e.status.is_closed() {
            return Ok(());
        }
        let now = self.now();
        if e.status == Status::Open {
            let Some(at) = e.next_round_at else {
                return Ok(());
            };
            if e.status == Status::Open
                && !e.reminded
                && at - super::flow::REMINDER_MS <= now
                && now < at
            {
                self.announce(e, Step::Remind, Say::Reminder).await?;
            }
            if now < at {
                return Ok(());
            }
            let present = e
                .arena()
                .map_or(0, |a| a.players.iter().filter(|p| !p.paused).count());
            if present < 2 {
                tracing::warn!(tournament = e.id, "arena without two players; cancelled");
                return self.announce(e, Step::Cancel, Say::Cancelled).await;
            }
            let ends_at = now + e.duration_ms.unwrap_or(0);
            self.announce(e, Step::ArenaStart { at: now, ends_at }, Say::ArenaStarted)
                .await?;
        }
        // Results of the games that ended, then pairings of whoever waits, until nothing moves
        // (a bound guards against a loop).
        for _ in 0..64 {
            self.open_arena_games(e).await?;
            let recorded = self.collect_arena_results(e).await?;
            let paired = self.pair_arena(e).await?;
            if !recorded && !paired {
                break;
            }
        }
        if e.arena().is_some_and(|a| a.is_over(self.now())) {
            self.announce(e, Step::Finish, Say::Over).await?;
        }
        Ok(())
    }

    /// Pairs the waiting players if two or more wait before the end; true if it did.
    async fn pair_arena(&self, e: &mut Event) -> Result<bool, Fail> {
        let now = self.now();
        let Some(arena) = e.arena() else {
            return Ok(false);
        };
        let from = arena.games.len();
        let mut trial = arena.clone();
        let games = trial.pair(now);
        if games.is_empty() {
            return Ok(false);
        }
        // Last opponents meet again only when nobody else can come: while another game is
        // being played, they wait for its players (lichess pairs in waves for the same end).
        let rematch = games.iter().any(|&g| {
            let g = &trial.games[g];
            arena.players[g.white].last_opponent == Some(g.black)
        });
        let others_playing = arena.games.iter().any(|g| g.result.is_none());
        if rematch && others_playing {
            return Ok(false);
        }
        self.announce(e, Step::ArenaPair { at: now }, Say::ArenaPaired { from })
            .await?;
        Ok(true)
    }

    /// Opens the match of every arena game that has none yet.
    async fn open_arena_games(&self, e: &mut Event) -> Result<(), Fail> {
        let Some(arena) = e.arena().cloned() else {
            return Ok(());
        };
        for (number, g) in arena.games.iter().enumerate() {
            if g.result.is_some() || e.games.contains_key(&number) {
                continue;
            }
            let thread = Msg::new("arena-game-thread")
                .num("id", e.id)
                .num("game", number as i64 + 1);
            // An arena has no rounds: its games are numbered in round 0.
            self.open_game(e, (g.white, g.black), 0, number, thread)
                .await?;
        }
        Ok(())
    }

    /// Records every arena game that has ended; true if any was.
    async fn collect_arena_results(&self, e: &mut Event) -> Result<bool, Fail> {
        let mut any = false;
        for (number, match_id) in e.games.clone() {
            let running = e
                .arena()
                .and_then(|a| a.games.get(number))
                .is_some_and(|g| g.result.is_none());
            if !running {
                continue;
            }
            let Some((row, log, result)) = self.ended_game(match_id).await? else {
                continue;
            };
            let (arena_result, sides) = arena_result(result);
            let Some(g) = e.arena().and_then(|a| a.games.get(number)).cloned() else {
                continue;
            };
            let pause = sides
                .iter()
                .map(|&s| if s == 0 { g.white } else { g.black })
                .collect();
            let step = Step::ArenaResult {
                game: number,
                result: arena_result,
                moves: moves_by_seat(&row, &log),
                pause,
            };
            let before = e
                .arena()
                .map(|a| [a.players[g.white].points, a.players[g.black].points]);
            let say = Say::ArenaResult {
                game: number,
                before: before.unwrap_or_default(),
                result,
            };
            self.announce(e, step, say).await?;
            any = true;
        }
        Ok(any)
    }
}
