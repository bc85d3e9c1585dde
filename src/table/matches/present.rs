//! How a match is shown: its title, board, cards and result, as replies in no language yet.

use crate::games::{AnyGame, Outcome, Reason, Seating, Side};
use crate::i18n::Msg;
use crate::store::{PlayerRef, RatingChange};

use super::hints;
use super::rating;
use super::state::{Board, Match};
use crate::table::act::{Act, Stamp};
use crate::table::api::{Button, ButtonStyle, Reply, ReplyKind};
use crate::table::picture::Picture;
use crate::table::words;

/// A seat's player as a message argument.
fn who(m: &Match, seat: usize) -> Msg {
    m.player(seat)
        .map_or_else(|| Msg::verbatim("?"), words::who)
}

fn names(m: &Match) -> Vec<String> {
    m.row
        .seats
        .iter()
        .map(|p| p.as_ref().map_or_else(String::new, |p| p.name.clone()))
        .collect()
}

/// `Lines of Action #12 (olympiad, rated, 1 day per move)`
pub fn title(m: &Match) -> Msg {
    let mut details = Vec::new();
    if m.row.variant.name != "standard" {
        details.push(words::variant(m.row.variant.name));
    }
    details.push(Msg::new(if m.row.rated { "rated" } else { "casual" }));
    details.push(words::time_control(m.time_control()));
    if let (true, Some(level)) = (m.row.vs_bot, m.row.level) {
        details.push(Msg::new("ai-level").num("level", level));
    }
    Msg::new("match-title")
        .msg("game", words::game(m.kind))
        .plain("id", m.id().to_string())
        .list("details", details)
}

/// `@Alice (white) vs @Bob (black)`; with four seats, each player and their seat.
pub fn lineup(m: &Match, game: &AnyGame) -> Option<Msg> {
    Some(lineup_of(game, &m.players()?))
}

/// The board message: position, last move, whose turn, deadline, and the controls.
pub fn board_reply(m: &Match, headline: Option<Msg>, now: i64) -> Reply {
    let Some(live) = m.live() else {
        return Reply::private(Msg::new("err-not-started"));
    };
    let mut lines: Vec<Msg> = lineup(m, &live.game).into_iter().collect();
    lines.extend(headline);
    let mut reply = Reply {
        title: Some(title(m)),
        kind: ReplyKind::Board,
        match_id: Some(m.id()),
        ..Reply::default()
    };
    if let Some(seat) = live.game.seat_to_move() {
        if let Some(p) = m.player(seat) {
            // With four seats one player may hold several: the seat number says which moves.
            let (id, mover) = match live.game.seat_count() {
                4 => (
                    "turn-seat",
                    words::four_seat(live.game.seat_name(seat), false),
                ),
                _ => (
                    "turn",
                    words::seat(
                        live.game
                            .moving_set()
                            .unwrap_or_else(|| live.game.seat_name(seat)),
                    ),
                ),
            };
            let turn = Msg::new(id)
                .num("n", live.next_move_number(seat) as i64)
                .player("player", p.id, &p.name)
                .msg("side", mover);
            lines.push(match m.row.deadline_at {
                Some(deadline) => Msg::new("turn-timed")
                    .msg("turn", turn)
                    .duration("time", crate::table::clock::secs_left(deadline, now)),
                None => turn,
            });
            reply.mentions.push(p.id);
        }
        // The standing draw offer and takeback request, and who has still to agree.
        let r = &m.row;
        let standing = [
            (r.draw_offer_seat, r.draw_consent, "draw-offer-line", "draw"),
            (
                r.takeback_seat,
                r.takeback_consent,
                "takeback-line",
                "takeback",
            ),
        ];
        for (seat, consent, line, command) in standing {
            if let Some(s) = seat {
                let who = who(m, usize::from(s));
                lines.push(
                    Msg::new(line)
                        .msg("player", who)
                        .code(command, format!("/{command}")),
                );
                lines.extend(still_waiting(m, consent));
            }
        }
        reply.deadline = m.row.deadline_at;
        reply.buttons = controls(m, live);
        let legal = hints::visible_moves(&live.game);
        let rows = hints::MAX_ROWS.saturating_sub(reply.buttons.len());
        reply.menus = hints::source_menus(&legal, m.stamp(), rows);
    }
    // A game clock: both players' times, the one to move counting down.
    let times = m.times_left(now).unwrap_or_default();
    if !times.is_empty() {
        let faces = times
            .iter()
            .enumerate()
            .map(|(seat, &ms)| {
                Msg::new("clock-seat")
                    .msg("player", who(m, seat))
                    .plain("time", crate::table::clock::clock_face(ms))
            })
            .collect();
        lines.push(Msg::new("clocks-line").list("clocks", faces));
    }
    reply.lines = lines;
    let mut board = picture(m, live);
    if let Picture::Board {
        time_left, clocks, ..
    } = &mut board
        && !live.game.status().is_over()
    {
        *time_left = m
            .row
            .deadline_at
            .map(|at| crate::table::clock::secs_left(at, now));
        *clocks = times;
    }
    reply.picture = Some(board);
    reply
}

/// With more than two seats, who has still to agree to a standing offer.
fn still_waiting(m: &Match, consent: u8) -> Option<Msg> {
    if !m.is_lobby_game() {
        return None;
    }
    let waiting = m.waiting_for(consent).into_iter().map(words::who).collect();
    Some(Msg::new("offer-waiting").list("players", waiting))
}

/// The last picture of a match: its result in the banner, even when the rules did not end
/// the game (resignation, agreement, timeout, abort), and the ratings after it with their
/// change.
fn final_picture(
    m: &Match,
    live: &Board,
    outcome: Outcome,
    aborted: bool,
    changes: &[RatingChange],
) -> Picture {
    let mut picture = picture(m, live);
    if let Picture::Board {
        result, ratings, ..
    } = &mut picture
    {
        *result = Some(if aborted {
            Outcome {
                winner: None,
                reason: crate::games::Reason::Abort,
            }
        } else {
            outcome
        });
        let scope = m.place().guild.map_or(0, |g| g as i64);
        let seats = m.players();
        for c in changes.iter().filter(|c| c.scope == scope) {
            let seat = seats
                .as_ref()
                .and_then(|s| s.iter().position(|p| p.id == c.player_id));
            if let Some(slot) = seat.and_then(|i| ratings.get_mut(i)) {
                let delta = rating::show_delta(c.after.rating - c.rating_before);
                *slot = Some(format!("{} ({delta})", rating::show(&c.after)));
            }
        }
    }
    picture
}

pub fn picture(m: &Match, live: &Board) -> Picture {
    let last_move = live
        .moves
        .last()
        .zip(live.before.as_ref())
        .map(|((mv, _), before)| Box::new((before.clone(), *mv)));
    Picture::Board {
        match_id: Some(m.id()),
        seq: live.seq,
        game: live.game.clone(),
        last_move,
        players: names(m).into_iter().map(Msg::verbatim).collect(),
        ratings: m.ratings.clone(),
        move_number: live.last_move_number() as u32,
        result: None,
        time_left: None,
        clocks: Vec::new(),
    }
}

fn controls(m: &Match, live: &Board) -> Vec<Vec<Button>> {
    let stamp = m.stamp();
    let b = |action, label, style| button(stamp, action, label, style);
    // While an offer or a request stands, its accept button (same id) replaces the button
    // that makes one: ids must be unique within a message.
    let mut row = vec![b(Act::Resign, Msg::new("btn-resign"), ButtonStyle::Danger)];
    if m.row.draw_offer_seat.is_none() {
        row.push(b(
            Act::Draw,
            Msg::new("btn-offer-draw"),
            ButtonStyle::Secondary,
        ));
    }
    if m.kind.allows_takebacks() && m.row.takeback_seat.is_none() {
        row.push(b(
            Act::Takeback,
            Msg::new("btn-takeback"),
            ButtonStyle::Secondary,
        ));
    }
    if !live.both_moved() {
        row.push(b(Act::Abort, Msg::new("btn-abort"), ButtonStyle::Secondary));
    }
    let mut rows = vec![row];
    // The answers to a standing draw offer and takeback request.
    let standing = [
        (m.row.draw_offer_seat, Act::Draw, Act::RefuseDraw, "draw"),
        (
            m.row.takeback_seat,
            Act::Takeback,
            Act::RefuseTakeback,
            "takeback",
        ),
    ];
    let mut answers = Vec::new();
    for (_, accept, refuse, what) in standing.into_iter().filter(|s| s.0.is_some()) {
        let (yes, no) = match what {
            "draw" => ("btn-accept-draw", "btn-refuse-draw"),
            _ => ("btn-accept-takeback", "btn-refuse-takeback"),
        };
        answers.push(b(accept, Msg::new(yes), ButtonStyle::Success));
        answers.push(b(refuse, Msg::new(no), ButtonStyle::Secondary));
    }
    if !answers.is_empty() {
        rows.push(answers);
    }
    rows
}

/// A question for the presser of a destructive button only, with its confirm button,
/// stamped with the current board (so it goes stale with the board).
pub fn confirm(m: &Match, question: Msg, action: Act, label: Msg, style: ButtonStyle) -> Reply {
    let mut reply = Reply::private(question);
    reply.kind = ReplyKind::Question;
    reply.buttons = vec![vec![button(m.stamp(), action, label, style)]];
    reply
}

/// The thread a threaded match moves into once it starts: named after the match, with its
/// players (not the bot) as members.
pub fn thread_request(m: &Match) -> crate::table::api::ThreadRequest {
    let names = |side: Side| -> Vec<Msg> {
        team(&m.row.seats, side)
            .flatten()
            .map(|p| Msg::verbatim(p.name.clone()))
            .collect()
    };
    let mut members: Vec<u64> = m.row.seats.iter().flatten().map(|p| p.id).collect();
    members.dedup();
    crate::table::api::ThreadRequest {
        match_id: m.id(),
        name: Msg::new("thread-name")
            .msg("game", words::game(m.kind))
            .plain("id", m.id().to_string())
            .list("first", names(Side::First))
            .list("second", names(Side::Second)),
        members,
        card: m.row.card,
    }
}

/// The lobby card of a match of more than two seats: who sits where, a button for each
/// empty seat, one that seats the bot (`bot`: its user id when it can play; only while a seat
/// is left on a team it does not play against) and one that cancels.
pub fn lobby_reply(
    m: &Match,
    game: &AnyGame,
    bot: Option<u64>,
    expires_at: i64,
    now: i64,
) -> Reply {
    let stamp = m.stamp();
    let mut lines = vec![Msg::new("lobby-line").player(
        "challenger",
        m.row.challenger.id,
        &m.row.challenger.name,
    )];
    let mut sit = Vec::new();
    for (seat, player) in m.row.seats.iter().enumerate() {
        let line =
            Msg::new("lobby-seat").msg("seat", words::four_seat(game.seat_name(seat), false));
        lines.push(match player {
            Some(p) => line.msg("player", words::who(p)),
            None => line.msg("player", Msg::new("lobby-empty")),
        });
        if player.is_none()
            && let Ok(seat_u8) = u8::try_from(seat)
        {
            let label =
                Msg::new("btn-sit").msg("seat", words::four_seat(game.seat_name(seat), true));
            sit.push(button(
                stamp,
                Act::Sit(seat_u8),
                label,
                ButtonStyle::Primary,
            ));
        }
    }
    lines.push(
        Msg::new("challenge-expires")
            .duration("time", crate::table::clock::secs_left(expires_at, now)),
    );
    let mut more = Vec::new();
    if bot.is_some_and(|bot| m.seat_for_bot(bot).is_some()) {
        more.push(button(
            stamp,
            Act::SitBot,
            Msg::new("btn-sit-bot"),
            ButtonStyle::Secondary,
        ));
    }
    more.push(button(
        stamp,
        Act::Cancel,
        Msg::new("btn-cancel"),
        ButtonStyle::Secondary,
    ));
    Reply {
        title: Some(title(m)),
        lines,
        buttons: vec![sit, more],
        kind: ReplyKind::Lobby,
        match_id: Some(m.id()),
        deadline: Some(expires_at),
        mentions: m.row.seats.iter().flatten().map(|p| p.id).collect(),
        ..Reply::default()
    }
}

/// The challenge card; `preview` is the rating line for a rated challenge.
pub fn challenge_reply(m: &Match, preview: Option<Msg>, expires_at: i64, now: i64) -> Reply {
    let whom = match (&m.row.opponent, m.row.vs_bot) {
        (_, true) => Msg::new("whom-bot"),
        (Some(o), false) => words::who(o),
        (None, false) => Msg::new("whom-anyone"),
    };
    let seat = if m.row.challenger_seat == 0 {
        "first"
    } else {
        "second"
    };
    let mut lines = vec![
        Msg::new("challenge-line")
            .player("challenger", m.row.challenger.id, &m.row.challenger.name)
            .msg("whom", whom)
            .plain("seat", seat),
    ];
    lines.extend(preview);
    lines.push(
        Msg::new("challenge-expires")
            .duration("time", crate::table::clock::secs_left(expires_at, now)),
    );
    let stamp = m.stamp();
    let b = |action, label, style| button(stamp, action, Msg::new(label), style);
    let mut reply = Reply {
        title: Some(title(m)),
        lines,
        ..Reply::default()
    };
    // Only a challenge to someone in particular can be declined; an open one just waits.
    let mut row = vec![b(Act::Accept, "btn-accept", ButtonStyle::Success)];
    if m.row.opponent.is_some() && !m.row.vs_bot {
        row.push(b(Act::Decline, "btn-decline", ButtonStyle::Danger));
    }
    row.push(b(Act::Cancel, "btn-cancel", ButtonStyle::Secondary));
    reply.buttons = vec![row];
    reply.deadline = Some(expires_at);
    reply.kind = ReplyKind::Challenge;
    reply.match_id = Some(m.id());
    if let Some(o) = &m.row.opponent {
        reply.mentions.push(o.id);
    }
    reply
}

/// The final message: result, reason, rating changes, and a Rematch button.
pub fn result_reply(
    m: &Match,
    headline: Option<Msg>,
    outcome: Outcome,
    aborted: bool,
    changes: &[RatingChange],
) -> Reply {
    let mut reply = Reply {
        title: Some(title(m)),
        kind: ReplyKind::Result,
        match_id: Some(m.id()),
        ..Reply::default()
    };
    // Over by now: the board is the one it ended on.
    let live = m.board.as_ref();
    let mut lines = Vec::new();
    if let Some(live) = live {
        lines.extend(lineup(m, &live.game));
    }
    lines.extend(headline);
    lines.push(result_line(m, outcome, aborted));
    let global: Vec<&RatingChange> = changes.iter().filter(|c| c.scope == 0).collect();
    let shown = if m.place().guild.is_some() {
        changes.iter().filter(|c| c.scope != 0).collect()
    } else {
        global
    };
    for c in shown {
        let who = m
            .players()
            .and_then(|s| s.into_iter().find(|p| p.id == c.player_id))
            .map_or_else(|| Msg::verbatim("?"), words::who);
        let before = rating::show(&crate::store::Glicko {
            rating: c.rating_before,
            deviation: c.deviation_before,
            volatility: c.after.volatility,
        });
        lines.push(
            Msg::new("rating-change")
                .msg("player", who)
                .plain("before", before)
                .plain("after", rating::show(&c.after))
                .plain(
                    "delta",
                    rating::show_delta(c.after.rating - c.rating_before),
                ),
        );
    }
    reply.lines = lines;
    if let Some(live) = live {
        reply.picture = Some(final_picture(m, live, outcome, aborted, changes));
    }
    let stamp = m.stamp();
    let mut row = vec![button(
        stamp,
        Act::Rematch,
        Msg::new("btn-rematch"),
        ButtonStyle::Primary,
    )];
    // A match that was played (not aborted) can be reviewed by the coach.
    if !aborted && live.is_some_and(|b| !b.moves.is_empty()) {
        row.push(button(
            stamp,
            Act::Analyse(None),
            Msg::new("btn-analyse"),
            ButtonStyle::Secondary,
        ));
    }
    reply.buttons = vec![row];
    if let Some(seats) = m.players() {
        reply.mentions = seats.iter().map(|p| p.id).collect();
        reply.mentions.dedup();
    }
    reply
}

/// A live button of the board drawn at `stamp`.
fn button(stamp: Stamp, action: Act, label: Msg, style: ButtonStyle) -> Button {
    Button {
        id: action.custom_id(stamp).unwrap_or_default(),
        label,
        style,
        disabled: false,
    }
}

/// `@Alice wins by connection.`, `Draw by agreement.`, `Aborted: ...`.
pub fn result_line(m: &Match, outcome: Outcome, aborted: bool) -> Msg {
    if aborted {
        return Msg::new(match outcome.reason {
            Reason::Timeout => "result-aborted-timeout",
            _ => "result-aborted",
        });
    }
    let seating = m.kind.seating(&m.row.options).unwrap_or(Seating::TWO);
    let mut winners: Vec<&PlayerRef> = seating
        .winners(&outcome)
        .into_iter()
        .filter_map(|seat| m.player(seat))
        .collect();
    winners.dedup_by_key(|p| p.id);
    if winners.len() > 1 {
        let id = match outcome.reason {
            Reason::Resignation => "result-team-win-resignation",
            Reason::Timeout => "result-team-win-timeout",
            _ => "result-team-win",
        };
        return Msg::new(id)
            .list("players", winners.into_iter().map(words::who).collect())
            .msg("reason", words::reason(outcome.reason));
    }
    match winners.first() {
        Some(winner) => {
            let id = match outcome.reason {
                Reason::Resignation => "result-win-resignation",
                Reason::Timeout => "result-win-timeout",
                Reason::Blocked => "result-win-blocked",
                _ => "result-win",
            };
            Msg::new(id)
                .player("player", winner.id, &winner.name)
                .msg("reason", words::reason(outcome.reason))
        }
        None => Msg::new("result-draw").msg("reason", words::reason(outcome.reason)),
    }
}

/// `@Alice (white) vs @Bob (black)`; with four seats, each player and their seat.
pub fn lineup_of(game: &AnyGame, s: &[&PlayerRef]) -> Msg {
    if s.len() != 2 {
        let seats = s
            .iter()
            .enumerate()
            .map(|(seat, p)| {
                Msg::new("seat-player")
                    .player("player", p.id, &p.name)
                    .msg("seat", words::four_seat(game.seat_name(seat), false))
            })
            .collect();
        return Msg::new("lineup-seats").list("seats", seats);
    }
    Msg::new("lineup")
        .player("first", s[0].id, &s[0].name)
        .msg("first-side", words::side(game.side_name(Side::First)))
        .player("second", s[1].id, &s[1].name)
        .msg("second-side", words::side(game.side_name(Side::Second)))
}

/// The players of one side (with four seats, a team of two), as the game seats them.
pub fn team<T>(seats: &[T], side: Side) -> impl Iterator<Item = &T> {
    Seating::for_seats(seats.len()).team(seats, side)
}
