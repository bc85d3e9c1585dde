//! Draw offers and takeback requests: who may make, agree to or refuse them, and when every
//! seat has agreed. Decided without I/O, like every act (see `decide.rs`).

use crate::games::{Outcome, Reason};
use crate::i18n::Msg;
use crate::store::{Change, EntryKind, LiveState, LogEntry, PlayerRef};

use super::present;
use super::state::{Match, mask};
use super::verdict::{Decision, Facts, Refusal, Say, finish, id, live, me, my_seats, p, refuse};
use crate::table::act::Act;
use crate::table::act::Actor;
use crate::table::api::ButtonStyle;
use crate::table::words;

/// Whether a draw offer stands that `actor` has not agreed to yet.
pub(super) fn draw_offered_to(m: &Match, actor: &Actor) -> bool {
    let mine = mask(&m.seats_of(actor.id));
    m.live().is_some()
        && m.row.draw_offer_seat.is_some()
        && mine != 0
        && m.row.draw_consent & mine != mine
}

/// The question a button that would accept a draw asks, for the presser only.
pub(super) fn ask_to_accept_draw(m: &Match, actor: &Actor) -> Result<Decision, Refusal> {
    my_seats(m, actor)?;
    live(m)?;
    let offerer = m
        .row
        .draw_offer_seat
        .and_then(|s| m.player(usize::from(s)))
        .cloned()
        .unwrap_or_default();
    Decision::say(Say::Private(Box::new(present::confirm(
        m,
        p(id(Msg::new("confirm-draw"), m.id()), "player", &offerer),
        Act::ConfirmDraw,
        Msg::new("btn-confirm-draw"),
        ButtonStyle::Success,
    ))))
}

/// The standing offers with the draw's or the takeback's replaced.
fn offers(m: &Match, draw: Option<(Option<u8>, u8)>, back: Option<(Option<u8>, u8)>) -> Change {
    let mut state = m.state();
    if let Some((seat, consent)) = draw {
        (state.draw_offer_seat, state.draw_consent) = (seat, consent);
    }
    if let Some((seat, consent)) = back {
        (state.takeback_seat, state.takeback_consent) = (seat, consent);
    }
    Change::Update { entry: None, state }
}

fn seat_u8(seat: usize) -> Option<u8> {
    u8::try_from(seat).ok()
}

/// Offers a draw, or agrees to the standing offer: the draw is agreed when every seat has.
pub(super) fn draw(m: &Match, actor: &Actor, f: &Facts) -> Result<Decision, Refusal> {
    let mine = mask(&my_seats(m, actor)?);
    live(m)?;
    let who = |id: &'static str| Msg::new(id).player("player", actor.id, &actor.name);
    if let Some(offerer) = m.row.draw_offer_seat {
        let consent = m.row.draw_consent;
        if consent & mine == mine {
            return refuse(waiting(Msg::new("err-draw-offered"), m, consent));
        }
        let consent = consent | mine;
        if consent == m.all_seats() {
            let outcome = Outcome::draw(Reason::Agreement);
            return Ok(finish(outcome, false, who("head-accepts-draw"), f));
        }
        let change = offers(m, Some((Some(offerer), consent)), None);
        return Decision::new(vec![change], Say::Offer(who("head-agrees")));
    }
    if m.row.vs_bot {
        return refuse(Msg::new("err-bot-no-draw"));
    }
    let me = m.seats_of(actor.id).first().copied().and_then(seat_u8);
    let change = offers(m, Some((me, mine)), None);
    let headline = waiting_as(who("head-offers-draw"), "other", m, mine);
    Decision::new(vec![change], Say::Offer(headline))
}

/// Asks to take back your last move, or agrees to the standing request: it is taken back
/// when every seat has agreed (the bot agrees at once).
pub(super) fn takeback(m: &Match, actor: &Actor, f: &Facts) -> Result<Decision, Refusal> {
    if !m.kind.allows_takebacks() {
        return refuse(Msg::new("err-no-takeback-lightning"));
    }
    let seats = my_seats(m, actor)?;
    let mine = mask(&seats);
    let bot = mask(&m.seats_of(f.bot));
    let board = live(m)?;
    let who = |id: &'static str| Msg::new(id).player("player", actor.id, &actor.name);
    if let Some(requester) = m.row.takeback_seat {
        let consent = m.row.takeback_consent;
        if consent & mine == mine {
            return refuse(waiting(Msg::new("err-takeback-asked"), m, consent));
        }
        let consent = consent | mine | bot;
        let requester = usize::from(requester);
        if consent == m.all_seats() {
            let asked_by = m.player(requester).cloned().unwrap_or_default();
            return take_back(m, requester, &asked_by, f);
        }
        let change = offers(m, None, Some((seat_u8(requester), consent)));
        return Decision::new(vec![change], Say::Offer(who("head-agrees")));
    }
    let Some(&(_, requester)) = board.moves.iter().rev().find(|(_, s)| seats.contains(s)) else {
        return refuse(Msg::new("err-nothing-to-take-back"));
    };
    let consent = mine | bot;
    if consent == m.all_seats() {
        return take_back(m, requester, &me(actor), f);
    }
    let change = offers(m, None, Some((seat_u8(requester), consent)));
    let headline = waiting_as(who("head-asks-takeback"), "other", m, consent);
    Decision::new(vec![change], Say::Offer(headline))
}

/// Undoes `requester`'s last move (and every move after it), logging a takeback entry.
fn take_back(m: &Match, requester: usize, who: &PlayerRef, f: &Facts) -> Result<Decision, Refusal> {
    let board = live(m)?;
    let Some(keep) = board.moves.iter().rposition(|&(_, s)| s == requester) else {
        return refuse(Msg::new("err-nothing-to-take-back"));
    };
    let entry = LogEntry {
        seq: board.seq + 1,
        kind: EntryKind::Takeback,
        ply: keep as u32,
        notation: None,
        player_id: m.player(requester).map_or(0, |p| p.id),
        at: f.now,
    };
    // The requester moves again; on a game clock, the player whose turn it was keeps the time
    // they had left.
    let from = board.game.seat_to_move().unwrap_or(requester);
    let (deadline_at, remaining) = m.pass_turn(from, Some(requester), f.now, false);
    let state = LiveState {
        deadline_at,
        remaining,
        ..LiveState::default()
    };
    let undone = board.moves.len() - keep;
    let headline = p(Msg::new("head-takeback"), "player", who).num("n", undone as i64);
    let change = Change::Update {
        entry: Some(entry),
        state,
    };
    Decision::new(vec![change], Say::Board(headline))
}

pub(super) fn refuse_offer(m: &Match, actor: &Actor, takeback: bool) -> Result<Decision, Refusal> {
    let mine = mask(&my_seats(m, actor)?);
    live(m)?;
    let r = &m.row;
    let (standing, consent, what) = if takeback {
        (r.takeback_seat, r.takeback_consent, "takeback")
    } else {
        (r.draw_offer_seat, r.draw_consent, "draw")
    };
    if standing.is_none() {
        return refuse(Msg::new("err-nothing-to-refuse").plain("what", what));
    }
    if consent & mine == mine {
        // Their own offer or request (or one they agreed to): the others answer it.
        let msg = Msg::new("err-own-offer").plain("what", what);
        return refuse(waiting_as(msg, "player", m, consent));
    }
    let change = if takeback {
        offers(m, None, Some((None, 0)))
    } else {
        offers(m, Some((None, 0)), None)
    };
    let msg = Msg::new("head-refuses")
        .player("player", actor.id, &actor.name)
        .plain("what", what);
    Decision::new(vec![change], Say::Public(msg, Vec::new()))
}

/// `msg` with `player`: whoever has not agreed to a standing offer yet.
fn waiting(msg: Msg, m: &Match, consent: u8) -> Msg {
    waiting_as(msg, "player", m, consent)
}

/// `msg` with the argument `name`: whoever has not agreed to a standing offer yet.
fn waiting_as(msg: Msg, name: &'static str, m: &Match, consent: u8) -> Msg {
    let players = m.waiting_for(consent).into_iter().map(words::who).collect();
    msg.list(name, players)
}
