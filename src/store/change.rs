//! One transition of a match as the store commits it: the match service decides a [`Change`],
//! the store writes it (a change to a live match only if its writer knew the last log entry),
//! and memory applies the same value.

use crate::games::{Reason, Side};

use super::{Finish, StoreError};
use super::{LogEntry, MatchStatus, MatchUpdate, PlayerRef, RatingChange, RatingJob, Store};

/// One transition of a match.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A player (or the bot, with the lobby's level: the match becomes casual) takes an empty
    /// seat of a pending lobby.
    Seat {
        seat: u8,
        player: PlayerRef,
        bot_level: Option<u8>,
        at: i64,
    },
    /// The challenge is accepted (by `opponent`, for two seats; a full lobby has none) and the
    /// game starts.
    Start {
        opponent: Option<PlayerRef>,
        at: i64,
        deadline: Option<i64>,
    },
    /// A pending challenge ends without a game (declined, cancelled, expired).
    Close { status: MatchStatus, at: i64 },
    /// A move or a takeback (`entry`), or only the clock and the standing offers: the state
    /// they leave.
    Update {
        entry: Option<LogEntry>,
        state: LiveState,
    },
    /// The end of a live match, with the move that ended it if one did.
    Finish {
        entry: Option<LogEntry>,
        aborted: bool,
        winner: Option<Side>,
        reason: Reason,
        at: i64,
    },
    /// The match moves into its own thread, started from its challenge card if known.
    Relocate {
        channel: u64,
        parent: Option<u64>,
        card: Option<(u64, u64)>,
    },
    /// Where the match's challenge card was posted.
    Card { channel: u64, message: u64 },
}

/// What changes between moves of a live match: the clock and the standing offers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LiveState {
    pub deadline_at: Option<i64>,
    /// The turn's reminder was sent.
    pub warned: bool,
    /// The seat that offered a draw, and every seat agreeing so far (a bit each).
    pub draw_offer_seat: Option<u8>,
    pub draw_consent: u8,
    /// The seat that asked for a takeback, and every seat agreeing so far (a bit each).
    pub takeback_seat: Option<u8>,
    pub takeback_consent: u8,
    /// A game clock's times by seat (see [`super::Bank`]); `None` for a time per move.
    pub remaining: Option<super::Bank>,
}

/// The status and winning seat that the end of a match records: an aborted match has no winner.
pub fn ending(aborted: bool, winner: Option<Side>) -> (MatchStatus, Option<u8>) {
    let status = if aborted {
        MatchStatus::Aborted
    } else {
        MatchStatus::Finished
    };
    (status, winner.filter(|_| !aborted).map(|s| s.index() as u8))
}

impl Store {
    /// Writes one change of match `match_id`; `known_seq` is the last log entry its writer
    /// knew (checked for changes to a live match). A finished rated match updates the ratings
    /// in `rating`, in the same transaction, and returns their changes. A seat or a start that
    /// another process took first is [`StoreError::NotLive`].
    pub async fn commit(
        &self,
        match_id: i64,
        known_seq: u32,
        change: &Change,
        rating: Option<RatingJob<'_>>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let update = |entry: &Option<LogEntry>, state: LiveState, finish| MatchUpdate {
            match_id,
            known_seq,
            entry: entry.clone(),
            deadline_at: state.deadline_at,
            warned: state.warned,
            draw_offer_seat: state.draw_offer_seat,
            takeback_seat: state.takeback_seat,
            draw_consent: state.draw_consent,
            takeback_consent: state.takeback_consent,
            remaining: state.remaining,
            finish,
        };
        match change {
            Change::Seat {
                seat,
                player,
                bot_level,
                at,
            } => {
                if !self
                    .take_seat(match_id, *seat, player, *bot_level, *at)
                    .await?
                {
                    return Err(StoreError::NotLive(match_id));
                }
            }
            Change::Start {
                opponent,
                at,
                deadline,
            } => {
                if !self
                    .start_match(match_id, opponent.as_ref(), *at, *deadline)
                    .await?
                {
                    return Err(StoreError::NotLive(match_id));
                }
            }
            Change::Close { status, at } => {
                // Closed elsewhere already is closed all the same.
                self.close_challenge(match_id, *status, *at).await?;
            }
            Change::Update { entry, state } => {
                return self.update_match(&update(entry, *state, None)).await;
            }
            Change::Finish {
                entry,
                aborted,
                winner,
                reason,
                at,
            } => {
                let (status, winner_seat) = ending(*aborted, *winner);
                let finish = Finish {
                    status,
                    winner_seat,
                    // An aborted match records why it was aborted as an abort.
                    reason: if *aborted {
                        Reason::Abort.name()
                    } else {
                        reason.name()
                    },
                    at: *at,
                    rating,
                };
                let state = LiveState::default();
                return self.update_match(&update(entry, state, Some(finish))).await;
            }
            Change::Relocate {
                channel,
                parent,
                card,
            } => self.relocate(match_id, *channel, *parent, *card).await?,
            Change::Card { channel, message } => {
                self.set_card(match_id, *channel, *message).await?
            }
        }
        Ok(Vec::new())
    }
}
