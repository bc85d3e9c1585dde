//! What an act does to one open match, decided without I/O: `(Match, Act) -> Decision` (the
//! changes to commit and what to say once they are applied) or a [`Refusal`] that changes
//! nothing (see `verdict.rs`). The shell (`commands.rs`) commits, applies and presents.

use crate::games::{MoveError, Outcome, Reason, Status};
use crate::i18n::Msg;
use crate::store::{Change, EntryKind, LiveState, LogEntry, MatchStatus, PlayerRef};

use super::hints;
use super::offers;
use super::present;
use super::state::Match;
use super::verdict::{Decision, Facts, Refusal, Say, finish, id, live, me, my_seats, p, refuse};
use crate::table::act::Actor;
use crate::table::act::{Act, Request};
use crate::table::api::{ButtonStyle, Reply};
use crate::table::words;

/// Decides an act on an open match. A control pressed on a board that is not the current one
/// is refused as stale, whatever it is: not even a resignation may come from an old board.
pub fn decide(m: &Match, req: &Request, actor: &Actor, f: &Facts) -> Result<Decision, Refusal> {
    if m.is_closed() {
        let text = id(Msg::new("err-match-over-id"), m.id());
        return Err(match req.at {
            Some(_) => Refusal::Stale(text),
            None => Refusal::Refuse(text),
        });
    }
    let transport = matches!(
        req.act,
        Act::ThreadStarted { .. } | Act::NoThread | Act::CardPosted { .. }
    );
    if let (Some(at), Some(board), false) = (req.at, m.live(), transport)
        && at.seq != board.seq
    {
        return Err(Refusal::Stale(
            Msg::new("err-stale-board").code("board", "/board"),
        ));
    }
    let pressed = req.at.is_some();
    match &req.act {
        Act::Accept => accept(m, actor, f),
        Act::Decline => decline(m, actor, f),
        Act::Cancel => cancel(m, actor, f),
        Act::Sit(seat) => sit(m, actor, usize::from(*seat), f),
        Act::SitBot => sit_bot(m, actor, f),
        Act::Move(text) => play(m, actor, text, f),
        Act::PickSource(source) => pick_source(m, actor, source),
        // One misplaced tap must not end a game: a button asks first; typing is deliberate.
        Act::Resign if pressed => ask_to_resign(m, actor),
        Act::Resign | Act::ConfirmResign => resign(m, actor, f),
        Act::Draw if pressed && offers::draw_offered_to(m, actor) => {
            offers::ask_to_accept_draw(m, actor)
        }
        Act::Draw => offers::draw(m, actor, f),
        Act::ConfirmDraw => {
            my_seats(m, actor)?;
            live(m)?;
            if !offers::draw_offered_to(m, actor) {
                return refuse(Msg::new("err-no-draw-to-accept"));
            }
            offers::draw(m, actor, f)
        }
        Act::RefuseDraw => offers::refuse_offer(m, actor, false),
        Act::Takeback => offers::takeback(m, actor, f),
        Act::RefuseTakeback => offers::refuse_offer(m, actor, true),
        Act::Abort => abort(m, actor, f),
        Act::ThreadStarted { thread, card } => Decision::new(
            vec![Change::Relocate {
                channel: thread.channel,
                parent: thread.parent,
                card: *card,
            }],
            Say::Nothing,
        ),
        Act::CardPosted { channel, message } => Decision::new(
            vec![Change::Card {
                channel: *channel,
                message: *message,
            }],
            Say::Nothing,
        ),
        Act::NoThread => Decision::say(Say::Nothing),
        _ => refuse(Msg::new("err-not-match-command")),
    }
}

// ---- challenges and lobbies ----

fn pending(m: &Match) -> Result<(), Refusal> {
    if m.is_challenge() {
        Ok(())
    } else {
        refuse(Msg::new("err-already-accepted"))
    }
}

fn accept(m: &Match, actor: &Actor, f: &Facts) -> Result<Decision, Refusal> {
    pending(m)?;
    if m.is_lobby_game() {
        // Accepting a lobby takes its first empty seat.
        let seat = m.row.seats.iter().position(Option::is_none).unwrap_or(0);
        return sit(m, actor, seat, f);
    }
    if actor.id == m.row.challenger.id {
        return refuse(Msg::new("err-own-challenge"));
    }
    if let Some(o) = &m.row.opponent
        && o.id != actor.id
    {
        return refuse(p(Msg::new("err-challenge-for"), "player", o));
    }
    start(m, Some(me(actor)), f)
}

/// Starts the game: a two-seat challenge with its opponent, or a full lobby.
pub fn start(m: &Match, opponent: Option<PlayerRef>, f: &Facts) -> Result<Decision, Refusal> {
    if f.now >= m.expires_at() {
        return expired(f);
    }
    let headline = match &opponent {
        None => Msg::new("head-lobby-full"),
        Some(_) if m.row.vs_bot => Msg::new("head-bot-accepts"),
        Some(o) => p(Msg::new("head-accepts"), "player", o),
    };
    let deadline = m.row.clock_secs.map(|s| f.now + s * 1000);
    let change = Change::Start {
        opponent,
        at: f.now,
        deadline,
    };
    Decision::new(vec![change], Say::Board(headline))
}

/// A challenge answered too late: it closes as expired, and the answer says so.
fn expired(f: &Facts) -> Result<Decision, Refusal> {
    let close = Change::Close {
        status: MatchStatus::Expired,
        at: f.now,
    };
    let mut reply = Reply::private(Msg::new("err-expired"));
    reply.kind = crate::table::api::ReplyKind::Refusal;
    Decision::new(vec![close], Say::Private(Box::new(reply)))
}

fn sit(m: &Match, actor: &Actor, seat: usize, f: &Facts) -> Result<Decision, Refusal> {
    pending(m)?;
    if !m.is_lobby_game() {
        return refuse(Msg::new("err-not-a-lobby"));
    }
    if !m.seats_of(actor.id).is_empty() {
        return refuse(Msg::new("err-already-seated"));
    }
    seat_player(m, seat, me(actor), None, f)
}

/// Seats the bot on a lobby's first empty seat of a team it does not play against, at the
/// lobby's level: anyone seated may.
fn sit_bot(m: &Match, actor: &Actor, f: &Facts) -> Result<Decision, Refusal> {
    pending(m)?;
    if !m.is_lobby_game() {
        return refuse(Msg::new("err-not-a-lobby"));
    }
    if m.seats_of(actor.id).is_empty() && !actor.is_moderator {
        return refuse(Msg::new("err-sit-first"));
    }
    if !f.ai {
        return refuse(Msg::new("err-no-ai"));
    }
    let Some(seat) = m.seat_for_bot(f.bot) else {
        if m.row.seats.iter().any(Option::is_none) {
            // The seats left are on the other team: the bot would play against itself.
            return refuse(Msg::new("err-bot-one-team"));
        }
        return refuse(Msg::new("err-seat-taken"));
    };
    let bot = PlayerRef {
        id: f.bot,
        name: f.bot_name(m),
    };
    seat_player(m, seat, bot, Some(m.row.level.unwrap_or(2)), f)
}

impl Facts {
    /// The bot's name as this match knows it (it is seated or challenged under it).
    fn bot_name(&self, m: &Match) -> String {
        m.row
            .seats
            .iter()
            .flatten()
            .chain(&m.row.opponent)
            .find(|p| p.id == self.bot)
            .map_or_else(|| "Parlor".to_string(), |p| p.name.clone())
    }
}

/// Seats `player` (the bot with its level, which makes the match casual); the game starts
/// once every seat is taken.
fn seat_player(
    m: &Match,
    seat: usize,
    player: PlayerRef,
    bot_level: Option<u8>,
    f: &Facts,
) -> Result<Decision, Refusal> {
    if f.now >= m.expires_at() {
        return expired(f);
    }
    let (Some(None), Ok(seat_u8)) = (m.row.seats.get(seat), u8::try_from(seat)) else {
        return refuse(Msg::new("err-seat-taken"));
    };
    let headline = p(Msg::new("head-sits"), "player", &player);
    let taken = Change::Seat {
        seat: seat_u8,
        player,
        bot_level,
        at: f.now,
    };
    let last = m.row.seats.iter().filter(|s| s.is_none()).count() == 1;
    if last {
        let mut d = start(m, None, f)?;
        d.changes.insert(0, taken);
        return Ok(d);
    }
    Decision::new(vec![taken], Say::Lobby(headline))
}

fn decline(m: &Match, actor: &Actor, f: &Facts) -> Result<Decision, Refusal> {
    pending(m)?;
    if actor.id == m.row.challenger.id {
        return cancel(m, actor, f);
    }
    if m.is_lobby_game() {
        return refuse(Msg::new("err-open-decline"));
    }
    match &m.row.opponent {
        Some(o) if o.id == actor.id => {
            let msg = Msg::new("head-declines").player("player", actor.id, &actor.name);
            let close = Change::Close {
                status: MatchStatus::Declined,
                at: f.now,
            };
            let say = Say::Public(p(msg, "challenger", &m.row.challenger), Vec::new());
            Decision::new(vec![close], say)
        }
        Some(o) => refuse(p(Msg::new("err-challenge-for"), "player", o)),
        None => refuse(Msg::new("err-open-decline")),
    }
}

fn cancel(m: &Match, actor: &Actor, f: &Facts) -> Result<Decision, Refusal> {
    pending(m)?;
    if actor.id != m.row.challenger.id && !actor.is_moderator {
        return refuse(p(Msg::new("err-only-cancel"), "player", &m.row.challenger));
    }
    let close = Change::Close {
        status: MatchStatus::Cancelled,
        at: f.now,
    };
    let say = Say::Public(
        p(Msg::new("head-cancelled"), "player", &m.row.challenger),
        Vec::new(),
    );
    Decision::new(vec![close], say)
}

// ---- playing ----

/// Plays one move of the requester.
fn play(m: &Match, actor: &Actor, text: &str, f: &Facts) -> Result<Decision, Refusal> {
    let mine = my_seats(m, actor)?;
    let board = live(m)?;
    let Some(seat) = board.game.seat_to_move() else {
        return refuse(Msg::new("err-game-over"));
    };
    if !mine.contains(&seat) {
        return refuse(not_your_turn(m.player(seat)));
    }
    let parsed = board
        .game
        .parse_visible_move(text)
        .and_then(|mv| Ok((mv, board.game.format_move(&mv)?)));
    let (mv, canonical) = match parsed {
        Ok(found) => found,
        Err(e @ MoveError::Syntax(_)) => {
            return refuse(Msg::new("err-not-a-move").msg("why", e.msg()));
        }
        Err(e @ MoveError::Illegal(_)) => {
            return refuse(Msg::new("err-illegal-move").msg("why", e.msg()));
        }
        Err(MoveError::GameOver) => return refuse(Msg::new("err-game-over")),
    };
    let mut game = board.game.clone();
    if let Err(err) = game.play(&mv) {
        return refuse(Msg::new("err-illegal-move").msg("why", err.msg()));
    }
    let entry = LogEntry {
        seq: board.seq + 1,
        kind: EntryKind::Move,
        ply: board.moves.len() as u32 + 1,
        notation: Some(canonical.clone()),
        player_id: actor.id,
        at: f.now,
    };
    let shown = board
        .game
        .public_text(&mv, &game)
        .unwrap_or(canonical.clone());
    let headline = Msg::new("head-played")
        .player("player", actor.id, &actor.name)
        .code("move", shown);
    if let Status::Over(outcome) = game.status() {
        let change = Change::Finish {
            entry: Some(entry),
            aborted: false,
            winner: outcome.winner,
            reason: outcome.reason,
            at: f.now,
        };
        let say = Say::Result {
            headline,
            outcome,
            aborted: false,
        };
        return Decision::new(vec![change], say);
    }
    let now = m.state();
    // The clock restarts when the turn passes (not after the first step of a two-step turn);
    // a game clock banks the mover's time left, with the increment.
    let (deadline_at, warned, remaining) = if game.seat_to_move() != Some(seat) {
        let (deadline, remaining) = m.pass_turn(seat, game.seat_to_move(), f.now, true);
        (deadline, false, remaining)
    } else {
        (now.deadline_at, now.warned, now.remaining)
    };
    // A standing draw offer lapses when a seat that has not agreed moves instead.
    let (draw_offer_seat, draw_consent) = if now.draw_consent & (1 << seat) != 0 {
        (now.draw_offer_seat, now.draw_consent)
    } else {
        (None, 0)
    };
    let state = LiveState {
        deadline_at,
        warned,
        draw_offer_seat,
        draw_consent,
        takeback_seat: None,
        takeback_consent: 0,
        remaining,
    };
    let change = Change::Update {
        entry: Some(entry),
        state,
    };
    Decision::new(vec![change], Say::Board(headline))
}

/// "It's not your turn", naming whom the match waits for when known.
fn not_your_turn(waiting: Option<&PlayerRef>) -> Msg {
    match waiting {
        Some(w) => p(Msg::new("err-not-your-turn"), "player", w),
        None => Msg::new("err-not-your-turn-anon"),
    }
}

fn pick_source(m: &Match, actor: &Actor, source: &str) -> Result<Decision, Refusal> {
    let mine = my_seats(m, actor)?;
    let board = live(m)?;
    let to_move = board.game.seat_to_move();
    if !to_move.is_some_and(|s| mine.contains(&s)) {
        return refuse(not_your_turn(to_move.and_then(|s| m.player(s))));
    }
    let legal = hints::visible_moves(&board.game);
    let menus = hints::move_menus(&legal, source, m.stamp());
    if menus.is_empty() {
        return refuse(Msg::new("err-no-moves-from").code("source", source));
    }
    // The moves in words too, for adapters that show no menu (the terminal).
    let moves: Vec<&str> = menus
        .iter()
        .flat_map(|menu| menu.options.iter().map(|o| o.value.as_str()))
        .collect();
    let text = Msg::new("moves-from")
        .code("source", source)
        .code("moves", moves.join(" "));
    let mut reply = Reply::private(text);
    reply.kind = crate::table::api::ReplyKind::Menu;
    reply.menus = menus;
    Decision::say(Say::Private(Box::new(reply)))
}

/// The question a Resign button asks, with its confirm button, for the presser only.
fn ask_to_resign(m: &Match, actor: &Actor) -> Result<Decision, Refusal> {
    my_seats(m, actor)?;
    live(m)?;
    Decision::say(Say::Private(Box::new(present::confirm(
        m,
        id(Msg::new("confirm-resign"), m.id()),
        Act::ConfirmResign,
        Msg::new("btn-confirm-resign"),
        ButtonStyle::Danger,
    ))))
}

/// A player who resigns resigns their team.
fn resign(m: &Match, actor: &Actor, f: &Facts) -> Result<Decision, Refusal> {
    let mine = my_seats(m, actor)?;
    let team = live(m)?.game.seat_side(mine[0]);
    let outcome = Outcome::win(team.opponent(), Reason::Resignation);
    let headline = Msg::new("head-resigns").player("player", actor.id, &actor.name);
    Ok(finish(outcome, false, headline, f))
}

fn abort(m: &Match, actor: &Actor, f: &Facts) -> Result<Decision, Refusal> {
    let challenger = &m.row.challenger;
    if m.is_challenge() {
        if actor.id == challenger.id || actor.is_moderator {
            let close = Change::Close {
                status: MatchStatus::Cancelled,
                at: f.now,
            };
            let say = Say::Public(p(Msg::new("head-withdrawn"), "player", challenger), vec![]);
            return Decision::new(vec![close], say);
        }
        return refuse(p(Msg::new("err-only-withdraw"), "player", challenger));
    }
    let board = live(m)?;
    let player = !m.seats_of(actor.id).is_empty();
    if !(actor.is_moderator || (player && !board.both_moved())) {
        return refuse(Msg::new(if player {
            "err-too-late-abort"
        } else {
            "err-abort-not-allowed"
        }));
    }
    let headline = Msg::new("head-aborts").player("player", actor.id, &actor.name);
    Ok(finish(Outcome::draw(Reason::Abort), true, headline, f))
}

// ---- the timer ----

/// What is due on a match at `f.now`: an expired challenge, a timeout, a turn reminder.
pub fn due(m: &Match, f: &Facts) -> Option<Decision> {
    if m.is_challenge() {
        if f.now < m.expires_at() {
            return None;
        }
        let notice = if m.is_lobby_game() {
            "notice-lobby-expired"
        } else {
            "notice-expired"
        };
        let c = &m.row.challenger;
        let msg = p(Msg::new(notice), "player", c).msg("game", words::game(m.kind));
        let close = Change::Close {
            status: MatchStatus::Expired,
            at: f.now,
        };
        return Some(Decision {
            changes: vec![close],
            say: Say::Public(id(msg, m.id()), vec![c.id]),
        });
    }
    let board = m.live()?;
    let (Some(deadline), Some(seat)) = (m.row.deadline_at, board.game.seat_to_move()) else {
        return None;
    };
    if f.now >= deadline {
        let loser = m.player(seat).cloned().unwrap_or_default();
        let outcome = Outcome::win(board.game.seat_side(seat).opponent(), Reason::Timeout);
        let headline = p(Msg::new("head-out-of-time"), "player", &loser);
        // Out of time before every seat moved: the match is aborted, nobody loses rating.
        return Some(finish(outcome, !board.both_moved(), headline, f));
    }
    let warn_at = m.reminder_at()?;
    if m.row.warned || f.now < warn_at {
        return None;
    }
    let state = LiveState {
        warned: true,
        ..m.state()
    };
    Some(Decision {
        changes: vec![Change::Update { entry: None, state }],
        say: Say::Reminder { seat },
    })
}
