//! How a tournament goes on by itself: each ended game's result is recorded, a round over
//! lets the next be scheduled (at once, or at the fixed interval) and paired when due, each
//! pairing opens its match, and the last round ends the tournament. Every step is committed
//! before it is announced, and the same function resumes from whatever a restart finds.

use crate::i18n::Msg;
use crate::store::{LogEntry, MatchRow, PlayerRef};
use crate::table::api::Reply;
use crate::table::matches::PairedGame;
use crate::table::shell::{self, Decision, Fail};
use crate::tournament::event::{BoardResult, Format, TournamentError, default_rounds};

use super::event::{Event, Seat, Status, Step, board_result};
use super::present::Say;
use super::service::Tournaments;

/// How long before its start a tournament's players are reminded.
pub const REMINDER_MS: i64 = 10 * 60 * 1000;

impl Tournaments {
    /// Commits one step and returns what it says (not yet posted).
    pub(super) async fn step(&self, e: &mut Event, step: Step, say: Say) -> Result<Reply, Fail> {
        shell::carry_out(
            self,
            e,
            Decision {
                changes: vec![step],
                say,
            },
        )
        .await
    }

    /// Commits a step nobody asked for and posts what it says in the tournament's place.
    pub(super) async fn announce(&self, e: &mut Event, step: Step, say: Say) -> Result<(), Fail> {
        let reply = self.step(e, step, say).await?;
        self.post(e, reply);
        Ok(())
    }

    /// Posts a reply about the tournament in its thread (no match's news: match id 0; the
    /// reply names the tournament).
    pub(super) fn post(&self, e: &Event, reply: Reply) {
        if !reply.lines.is_empty() {
            self.inner.notices.send(e.news_place(), 0, reply);
        }
    }

    /// Does everything due in `e` now, its lock held: results, the next round, games, the end.
    pub(super) async fn advance(&self, e: &mut Event) -> Result<(), Fail> {
        if e.arena().is_some() {
            return self.advance_arena(e).await;
        }
        // Each pass either waits or moves a round on; the bound only guards against a loop.
        for _ in 0..4 * (e.tournament.rounds() + 2) {
            if e.status.is_closed() {
                return Ok(());
            }
            let now = self.now();
            if e.tournament.current.is_some() {
                self.open_games(e).await?;
                if !self.collect_results(e).await? {
                    return Ok(());
                }
                continue;
            }
            if e.status == Status::Running && e.tournament.finished() {
                return self.announce(e, Step::Finish, Say::Over).await;
            }
            let Some(at) = e.next_round_at else {
                if e.status == Status::Open {
                    // It waits for its organiser or its start time.
                    return Ok(());
                }
                let at = e.due_at(e.tournament.swiss.played_rounds, now);
                let reply = self.step(e, Step::Schedule { at }, Say::Scheduled).await?;
                if at > now {
                    self.post(e, reply);
                }
                continue;
            };
            if e.status == Status::Open && !e.reminded && at - REMINDER_MS <= now && now < at {
                self.announce(e, Step::Remind, Say::Reminder).await?;
            }
            if now < at {
                return Ok(());
            }
            self.pair(e, now).await?;
        }
        Ok(())
    }

    /// Pairs the next round, or ends the tournament if it cannot be paired.
    async fn pair(&self, e: &mut Event, now: i64) -> Result<(), Fail> {
        let mut after = e.tournament.clone();
        if after.format == Format::Swiss && after.swiss.total_rounds == 0 {
            let active = after.members.iter().filter(|m| !m.withdrawn).count();
            after.swiss.total_rounds = default_rounds(active);
        }
        // A Swiss round of many players is a matching over all of them: computed off the
        // threads that answer everyone else.
        let (after, paired) = match tokio::task::spawn_blocking(move || {
            let paired = after.pair_round();
            (after, paired)
        })
        .await
        {
            Ok(done) => done,
            Err(error) => {
                tracing::error!(tournament = e.id, %error, "the pairing stopped");
                return shell::refuse(Msg::new("err-internal"));
            }
        };
        match paired {
            Ok(_) => {
                let step = Step::Pair {
                    after: Box::new(after),
                    at: now,
                };
                self.announce(e, step, Say::Paired).await
            }
            Err(error) => {
                tracing::warn!(tournament = e.id, %error, "round cannot be paired; tournament ends");
                let (step, say) = match error {
                    TournamentError::NotEnoughPlayers if e.status == Status::Open => {
                        (Step::Cancel, Say::Cancelled)
                    }
                    _ => (Step::Finish, Say::Unpairable),
                };
                self.announce(e, step, say).await
            }
        }
    }

    /// The match identity of a player: a person, or the bot.
    pub(super) fn player_ref(&self, seat: &Seat) -> PlayerRef {
        if seat.level.is_some() {
            let bot = &self.inner.config.bot;
            return PlayerRef {
                id: bot.id,
                name: bot.name.clone(),
            };
        }
        PlayerRef {
            id: seat.id,
            name: seat.name.clone(),
        }
    }

    /// Opens the match of every board of the round that has none yet, and posts each board.
    async fn open_games(&self, e: &mut Event) -> Result<(), Fail> {
        let Some(boards) = e.tournament.current.clone() else {
            return Ok(());
        };
        let round = e.tournament.swiss.played_rounds;
        for (board, b) in boards.iter().enumerate() {
            let (Some(black), None) = (b.pairing.black, b.result) else {
                continue;
            };
            if e.games.contains_key(&board) {
                continue;
            }
            // Its thread is named after the tournament and the round.
            let thread = Msg::new("tournament-game-thread")
                .num("id", e.id)
                .num("round", round as i64 + 1);
            self.open_game(e, (b.pairing.white, black), round, board, thread)
                .await?;
        }
        Ok(())
    }

    /// Opens the match of one paired game (`white` and `black` are member indexes), links it to
    /// the tournament and posts it in a thread named `thread` with the two names added.
    pub(super) async fn open_game(
        &self,
        e: &mut Event,
        (white, black): (usize, usize),
        round: usize,
        board: usize,
        thread: Msg,
    ) -> Result<(), Fail> {
        let Some((game, variant)) = e.rules.variant() else {
            return Err(Fail::Refuse(
                Msg::new("err-rebuild").plain("why", format!("unknown game {}", e.rules.game)),
            ));
        };
        let (Some(white_seat), Some(black_seat)) = (e.seat(white).cloned(), e.seat(black).cloned())
        else {
            return Ok(());
        };
        let g = PairedGame {
            place: e.place(),
            game,
            variant,
            clock_secs: e.rules.clock_secs,
            increment_secs: e.rules.increment_secs,
            rated: e.rules.rated,
            white: self.player_ref(&white_seat),
            black: self.player_ref(&black_seat),
            level: white_seat.level.or(black_seat.level),
            tournament: e.id,
            round,
            board,
        };
        let (match_id, reply) = self.inner.matches.open_paired(&g).await?;
        e.games.insert(board, match_id);
        self.link(e.id, match_id);
        if let Some(mut reply) = reply {
            if let Some(t) = reply.thread.as_mut() {
                t.name = thread
                    .plain("white", white_seat.name.clone())
                    .plain("black", black_seat.name.clone());
            }
            reply.tournament = Some(super::present::news(e));
            self.inner.notices.send(e.place(), match_id, reply);
        }
        Ok(())
    }

    /// A tournament game's match once it has ended: its row, its log and its result; `None`
    /// while it is still open here, or when the store has no result for it.
    pub(super) async fn ended_game(
        &self,
        match_id: i64,
    ) -> Result<Option<(MatchRow, Vec<LogEntry>, BoardResult)>, Fail> {
        if self.inner.matches.is_open(match_id) {
            return Ok(None);
        }
        let store = &self.inner.store;
        let Some(row) = store.match_by_id(match_id).await? else {
            return Ok(None);
        };
        let log = store.log(match_id).await?;
        Ok(board_result(&row, &log).map(|result| (row, log, result)))
    }

    /// Records the result of every game of the round that has ended; true once the round is
    /// over.
    async fn collect_results(&self, e: &mut Event) -> Result<bool, Fail> {
        let round = e.tournament.swiss.played_rounds;
        for (board, match_id) in e.games.clone() {
            let Some(b) = e
                .tournament
                .current
                .as_ref()
                .and_then(|c| c.get(board))
                .copied()
            else {
                continue;
            };
            let (None, Some(black)) = (b.result, b.pairing.black) else {
                continue;
            };
            let Some((_, _, result)) = self.ended_game(match_id).await? else {
                continue;
            };
            let say = Say::Result {
                round,
                white: b.pairing.white,
                black,
                result,
            };
            let step = Step::Result {
                round,
                board,
                result,
            };
            self.announce(e, step, say).await?;
            if e.tournament.current.is_none() {
                return Ok(true);
            }
        }
        Ok(e.tournament.current.is_none())
    }
}
