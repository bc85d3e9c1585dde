//! Matches that another service pairs (a tournament's boards): opened and started at once
//! between two known players, linked to their board in the same transaction, and announced to
//! that service the moment they end.

use tokio::sync::mpsc;

use crate::games::GameKind;
use crate::store::{NewMatch, PlayerRef};
use crate::table::act::{Act, Place};
use crate::table::api::Reply;
use crate::table::presets::{MAX_CLOCK_SECS, Variant};
use crate::table::shell::Fail;

use super::decide;
use super::service::Matches;
use super::state::Match;

/// One board of a tournament's round, as a match to play.
#[derive(Clone, Debug)]
pub struct PairedGame {
    /// Where the match is announced (its thread is started from there).
    pub place: Place,
    pub game: GameKind,
    pub variant: &'static Variant,
    /// The time per move (or each player's time on a game clock), or `None` for no clock.
    pub clock_secs: Option<i64>,
    /// A game clock's seconds added per move; `None` for a time per move.
    pub increment_secs: Option<i64>,
    pub rated: bool,
    /// The first player (seat 0) and the second.
    pub white: PlayerRef,
    pub black: PlayerRef,
    /// The AI's level when the bot plays a seat.
    pub level: Option<u8>,
    /// The tournament, its round (0-based) and the board in it.
    pub tournament: i64,
    pub round: usize,
    pub board: usize,
}

impl Matches {
    /// Opens the match of a tournament's board and starts it, or (a restart repeating the step)
    /// starts the one already linked to that board if it is still waiting. Returns its id and,
    /// when it started now, its first board to post.
    pub async fn open_paired(&self, g: &PairedGame) -> Result<(i64, Option<Reply>), Fail> {
        let bot = self.inner.config.bot.id;
        let vs_bot = g.white.id == bot || g.black.id == bot;
        let now = self.now();
        let new = NewMatch {
            guild_id: g.place.guild,
            channel_id: g.place.channel,
            parent_id: g.place.parent,
            game: g.game,
            variant: g.variant,
            options: g.variant.options.to_string(),
            seed: (rand::random::<u64>() >> 11) as i64,
            rated: g.rated && !vs_bot,
            clock_secs: g.clock_secs,
            increment_secs: g.increment_secs,
            level: vs_bot.then_some(g.level.unwrap_or(2)),
            challenger: g.white.clone(),
            opponent: Some(g.black.clone()),
            vs_bot,
            challenger_seat: 0,
            seats: vec![Some(g.white.clone()), Some(g.black.clone())],
            // Many boards share the tournament's channel: each is played in a thread.
            threaded: true,
            // Started at once; a restart between writing and starting it still finds it open.
            deadline_at: Some(now + MAX_CLOCK_SECS * 1000),
            rematch_of: None,
            created_at: now,
        };
        let store = &self.inner.store;
        let (id, created) = store
            .create_tournament_game(&new, g.tournament, g.round, g.board)
            .await?;
        let slot = if created {
            tracing::info!(
                match_id = id,
                tournament = g.tournament,
                round = g.round + 1,
                board = g.board + 1,
                "tournament game"
            );
            self.register(Match::from_new(id, new, g.game, g.place))
        } else {
            match self.slot(id) {
                Some(slot) => slot,
                // Started and over already, or never restored: nothing to start.
                None => return Ok((id, None)),
            }
        };
        let mut m = slot.lock().await;
        if !m.is_challenge() {
            return Ok((id, None));
        }
        let start = decide::start(&m, Some(g.black.clone()), &self.facts())?;
        let req = Act::Accept.at(m.stamp());
        let reply = self.decided(&mut m, &req, start).await?;
        Ok((id, Some(reply)))
    }

    /// Whether match `id` is open here (a challenge or being played).
    pub fn is_open(&self, id: i64) -> bool {
        self.slot(id).is_some()
    }

    /// The ids of the matches that end from now on, as they end (after their end is
    /// committed), each counted in the service's work in hand until its guard is dropped. One
    /// receiver at a time: a new call replaces the last.
    pub fn endings(&self) -> mpsc::UnboundedReceiver<crate::table::Ending> {
        let (tx, rx) = mpsc::unbounded_channel();
        *self
            .inner
            .ended
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(tx);
        rx
    }

    /// Tells the listener of [`Matches::endings`] that match `id` has ended.
    pub(super) fn ended(&self, id: i64) {
        let ended = self
            .inner
            .ended
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(tx) = ended.as_ref() {
            // Nobody listening is fine: the tournament reads the result at its next look.
            let _ = tx.send((id, self.inner.config.work.begin()));
        }
    }
}

impl Matches {
    /// Berserk in an arena game: `player` halves their own game clock before their first move
    /// (half the time the game gave them is taken off what they have). Refused once they have
    /// moved, on no game clock, or when the game is over.
    pub async fn berserk(&self, id: i64, player: u64) -> Result<(), Fail> {
        let refused = |id: &'static str| Err(Fail::Refuse(crate::i18n::Msg::new(id)));
        let Some(slot) = self.slot(id) else {
            return refused("err-arena-game-over");
        };
        let mut m = slot.lock().await;
        let seat = m
            .row
            .seats
            .iter()
            .position(|s| s.as_ref().is_some_and(|p| p.id == player));
        let (Some(seat), Some(board), Some(bank), Some(secs)) =
            (seat, m.live(), m.game_clock(), m.row.clock_secs)
        else {
            return refused("err-arena-game-over");
        };
        if board.moves.iter().any(|&(_, s)| s == seat) {
            return refused("err-arena-berserk-moved");
        }
        let half = secs * 1000 / 2;
        let mut state = m.state();
        if board.game.seat_to_move() == Some(seat) {
            // Their time is running: the deadline comes sooner.
            state.deadline_at = state.deadline_at.map(|d| d - half);
        } else {
            state.remaining = Some(bank.with(seat, (bank.get(seat) - half).max(1000)));
        }
        let change = crate::store::Change::Update { entry: None, state };
        crate::table::shell::commit(self, &mut *m, &[change]).await?;
        self.lock_index().reschedule(&m);
        Ok(())
    }
}
