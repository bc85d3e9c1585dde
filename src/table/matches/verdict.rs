//! What a decision is made of, shared by every decision (`decide.rs`, `offers.rs`): the
//! changes to commit, what to say, a refusal, and the checks every act on a match begins with.

use crate::games::Outcome;
use crate::i18n::Msg;
use crate::store::{Change, PlayerRef};

use super::state::{Board, Match};
use crate::table::act::Actor;
use crate::table::api::Reply;

/// Why an act did nothing, for the requester.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    Refuse(Msg),
    /// A refusal of a control pressed on a board that is no longer current.
    Stale(Msg),
}

pub fn refuse<T>(msg: Msg) -> Result<T, Refusal> {
    Err(Refusal::Refuse(msg))
}

/// What the table knows besides the match.
pub struct Facts {
    pub now: i64,
    /// The bot's own user id.
    pub bot: u64,
    /// An AI is there to play the bot's seats.
    pub ai: bool,
}

/// The changes an act on a match makes, in order, and what to say once they are applied.
pub type Decision = crate::table::shell::Decision<Change, Say>;

/// What to say after a decision's changes are applied; the shell turns it into a reply.
#[derive(Debug)]
pub enum Say {
    /// The board as it now stands, under a headline (a move, a takeback, a start).
    Board(Msg),
    /// A standing offer or request: the board's text and its answer buttons, no new picture.
    Offer(Msg),
    /// The lobby, under a headline (someone sat down).
    Lobby(Msg),
    /// The match is over.
    Result {
        headline: Msg,
        outcome: Outcome,
        aborted: bool,
    },
    /// A line for everyone here, mentioning these people.
    Public(Msg, Vec<u64>),
    /// An answer for the requester only (a question, a menu of moves).
    Private(Box<Reply>),
    /// The timer's reminder to the player of `seat`, if they want reminders.
    Reminder { seat: usize },
    /// Nothing to say (news from the transport).
    Nothing,
}

impl Decision {
    pub fn new(changes: Vec<Change>, say: Say) -> Result<Decision, Refusal> {
        Ok(Decision { changes, say })
    }

    pub fn say(say: Say) -> Result<Decision, Refusal> {
        Decision::new(Vec::new(), say)
    }
}

/// `@Name`, as a message argument.
pub fn p(msg: Msg, name: &'static str, who: &PlayerRef) -> Msg {
    msg.player(name, who.id, &who.name)
}

/// A match number, as a message argument.
pub fn id(msg: Msg, id: i64) -> Msg {
    msg.plain("id", id.to_string())
}

pub fn me(actor: &Actor) -> PlayerRef {
    PlayerRef {
        id: actor.id,
        name: actor.name.clone(),
    }
}

/// The board of a live match, or the refusal that says why there is none.
pub fn live(m: &Match) -> Result<&Board, Refusal> {
    if m.is_challenge() {
        return refuse(Msg::new("err-not-accepted"));
    }
    m.live()
        .map_or_else(|| refuse(Msg::new("err-match-over")), Ok)
}

/// The seats of a player of this live match (one for a person), or a refusal for anyone else.
pub fn my_seats(m: &Match, actor: &Actor) -> Result<Vec<usize>, Refusal> {
    if m.is_challenge() {
        return refuse(Msg::new("err-not-accepted"));
    }
    let seats = m.seats_of(actor.id);
    if seats.is_empty() {
        return refuse(Msg::new("err-not-a-player"));
    }
    Ok(seats)
}

/// The end of a live match without a move: resignation, agreement, timeout, abort.
pub fn finish(outcome: Outcome, aborted: bool, headline: Msg, f: &Facts) -> Decision {
    Decision {
        changes: vec![Change::Finish {
            entry: None,
            aborted,
            winner: outcome.winner,
            reason: outcome.reason,
            at: f.now,
        }],
        say: Say::Result {
            headline,
            outcome,
            aborted,
        },
    }
}
