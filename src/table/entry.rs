//! One open match in memory (a pending challenge or a live game) and how it is shown.

use crate::games::{AnyGame, AnyMove, GameKind, OptionsError, Outcome, Reason, Side};
use crate::store::{EntryKind, LogEntry, MatchRow, PlayerRef, RatingChange};

use super::api::{Button, ButtonStyle, Place, Reply, Stamp};
use super::hints;
use super::ids::{Action, ButtonId};
use super::picture::Picture;
use super::rating;
use super::words;
use crate::i18n::Msg;

/// An open match. Guarded by its own async mutex, so that its changes apply one at a time.
#[derive(Debug)]
pub struct Entry {
    pub id: i64,
    pub place: Place,
    pub kind: GameKind,
    pub variant: String,
    /// The preset's engine options, without the seed.
    pub options: String,
    pub seed: i64,
    pub rated: bool,
    pub clock_secs: Option<i64>,
    pub level: Option<u8>,
    pub vs_bot: bool,
    pub challenger: PlayerRef,
    pub opponent: Option<PlayerRef>,
    pub challenger_seat: u8,
    /// Every seat in turn order (seat 0 moves first), `None` while empty: two, or four for
    /// four-player Lines of Action, whose seats alternate between the two teams.
    pub seats: Vec<Option<PlayerRef>>,
    /// Played in a thread of its own once accepted: until then it holds no channel.
    pub threaded: bool,
    /// The challenge card's channel and message, to edit with the result.
    pub card: Option<(u64, u64)>,
    pub rematch_of: Option<i64>,
    pub phase: Phase,
    /// The seats' ratings as shown on pictures (`1523`, `1500?`): rated matches, from when the
    /// match went live or was restored.
    pub ratings: Vec<Option<String>>,
}

#[derive(Debug)]
pub enum Phase {
    Challenge {
        expires_at: i64,
    },
    Live(Box<Live>),
    /// Finished, aborted, declined ...: kept only until every holder lets go.
    Closed,
}

/// The state of a game in progress.
#[derive(Debug)]
pub struct Live {
    pub game: AnyGame,
    /// The position before the last move (for pictures that show it).
    pub before: Option<AnyGame>,
    /// The moves on the board with the seat that made each (a takeback pops them).
    pub moves: Vec<(AnyMove, usize)>,
    /// Entries in the log so far; button ids carry it to recognise stale boards.
    pub seq: u32,
    pub deadline: Option<i64>,
    pub warned: bool,
    /// The seat that offered a draw, and every seat agreeing so far (a bit each).
    pub draw_offer: Option<usize>,
    pub draw_consent: u8,
    /// The seat that asked for a takeback, and every seat agreeing so far (a bit each).
    pub takeback: Option<usize>,
    pub takeback_consent: u8,
    /// Every seat had moved at some point, even if a takeback undid it since: the chance to
    /// abort does not come back.
    pub both_moved_once: bool,
}

impl Live {
    /// Whether every seat has made a move, now or before a takeback (until then a player may
    /// abort).
    pub fn both_moved(&self) -> bool {
        self.both_moved_once || every_seat_in(&self.moves, self.game.seat_count())
    }
}

fn every_seat_in(moves: &[(AnyMove, usize)], seats: usize) -> bool {
    (0..seats).all(|seat| moves.iter().any(|&(_, s)| s == seat))
}

/// The bit of each seat in `seats`, for consent masks.
pub fn mask(seats: &[usize]) -> u8 {
    seats.iter().fold(0, |m, &s| m | (1 << s))
}

/// The start position of a match: the preset's options plus, for Lightning, the seed.
pub fn start_position(kind: GameKind, options: &str, seed: i64) -> Result<AnyGame, OptionsError> {
    match kind {
        GameKind::Lightning => AnyGame::new(kind, &format!("{options} seed={seed}")),
        _ => AnyGame::new(kind, options),
    }
}

/// Replays a log (moves and takebacks) from the start position.
pub fn replay_log(
    kind: GameKind,
    options: &str,
    seed: i64,
    log: &[LogEntry],
    seats: &[u64],
) -> Result<Replayed, String> {
    let start = start_position(kind, options, seed).map_err(|e| e.to_string())?;
    if seats.len() != start.seat_count() {
        return Err(format!(
            "{} seats for a game of {}",
            seats.len(),
            start.seat_count()
        ));
    }
    let mut moves: Vec<(AnyMove, usize)> = Vec::new();
    let mut game = start.clone();
    let mut before = None;
    let mut both_moved_once = false;
    for entry in log {
        match entry.kind {
            EntryKind::Move => {
                let Some(seat) = game.seat_to_move() else {
                    return Err(format!("move {} after the end of the game", entry.seq));
                };
                let text = entry.notation.as_deref().unwrap_or_default();
                let mv = game
                    .parse_move(text)
                    .map_err(|e| format!("move {} `{text}`: {e}", entry.seq))?;
                before = Some(game.clone());
                game.play(&mv)
                    .map_err(|e| format!("move {} `{text}`: {e}", entry.seq))?;
                if seats.get(seat) != Some(&entry.player_id) {
                    return Err(format!("move {} was made out of turn", entry.seq));
                }
                moves.push((mv, seat));
                both_moved_once |= every_seat_in(&moves, seats.len());
            }
            EntryKind::Takeback => {
                let keep = entry.ply as usize;
                if keep > moves.len() {
                    return Err(format!("takeback {} to a later ply", entry.seq));
                }
                moves.truncate(keep);
                (game, before) = position_after(&start, &moves)?;
            }
        }
        if entry.ply as usize != moves.len() {
            return Err(format!("entry {} says ply {}", entry.seq, entry.ply));
        }
    }
    Ok(Replayed {
        game,
        before,
        moves,
        both_moved_once,
    })
}

/// A match's position rebuilt from its log.
pub struct Replayed {
    pub game: AnyGame,
    pub before: Option<AnyGame>,
    pub moves: Vec<(AnyMove, usize)>,
    /// Every seat had moved at some point of the log.
    pub both_moved_once: bool,
}

/// The position after `moves` from `start`, and the one before the last of them.
pub fn position_after(
    start: &AnyGame,
    moves: &[(AnyMove, usize)],
) -> Result<(AnyGame, Option<AnyGame>), String> {
    let mut game = start.clone();
    let mut before = None;
    for (mv, _) in moves {
        before = Some(game.clone());
        game.play(mv)
            .map_err(|e| format!("replaying the log: {e}"))?;
    }
    Ok((game, before))
}

impl Entry {
    /// Rebuilds an entry from its row (the log is applied by the caller for live matches).
    pub fn from_row(row: &MatchRow, kind: GameKind, phase: Phase) -> Entry {
        Entry {
            id: row.id,
            place: Place {
                guild: row.guild_id,
                channel: row.channel_id,
                parent: row.parent_id,
                can_thread: false,
            },
            kind,
            variant: row.variant.clone(),
            options: row.options.clone(),
            seed: row.seed,
            rated: row.rated,
            clock_secs: row.clock_secs,
            level: row.level,
            vs_bot: row.vs_bot,
            challenger: row.challenger.clone(),
            opponent: row.opponent.clone(),
            challenger_seat: row.challenger_seat,
            seats: row.seats.clone(),
            threaded: row.threaded,
            card: row.card,
            rematch_of: row.rematch_of,
            phase,
            ratings: vec![None; row.seats.len()],
        }
    }

    /// The players by seat in turn order, once every seat is taken.
    pub fn seats(&self) -> Option<Vec<&PlayerRef>> {
        self.seats.iter().map(Option::as_ref).collect()
    }

    /// The seats `user` holds (one for a person; the bot may hold several).
    pub fn seats_of(&self, user: u64) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].as_ref().is_some_and(|p| p.id == user))
            .collect()
    }

    pub fn player(&self, seat: usize) -> Option<&PlayerRef> {
        self.seats.get(seat).and_then(Option::as_ref)
    }

    /// Whether the match holds its channel: a threaded one does only once in its thread.
    pub fn holds_channel(&self) -> bool {
        !self.threaded || self.place.parent.is_some()
    }

    /// Whether this is a match of more than two seats (it starts from a lobby).
    pub fn is_lobby_game(&self) -> bool {
        self.seats.len() > 2
    }

    /// Every seat as a bit, for consent masks.
    pub fn all_seats(&self) -> u8 {
        mask(&(0..self.seats.len()).collect::<Vec<_>>())
    }

    /// The players of the seats whose bit is not in `consent` (each person once).
    pub fn waiting_for(&self, consent: u8) -> Vec<&PlayerRef> {
        let mut out: Vec<&PlayerRef> = Vec::new();
        for (seat, p) in self.seats.iter().enumerate() {
            if let Some(p) = p
                && consent & (1 << seat) == 0
                && !out.iter().any(|o| o.id == p.id)
            {
                out.push(p);
            }
        }
        out
    }

    pub fn live(&self) -> Option<&Live> {
        match &self.phase {
            Phase::Live(live) => Some(live),
            _ => None,
        }
    }

    pub fn stamp(&self) -> Stamp {
        Stamp {
            match_id: self.id,
            seq: self.live().map_or(0, |l| l.seq),
        }
    }

    /// A seat's player as a message argument.
    fn who(&self, seat: usize) -> Msg {
        self.player(seat)
            .map_or_else(|| Msg::verbatim("?"), words::who)
    }

    fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|p| p.as_ref().map_or_else(String::new, |p| p.name.clone()))
            .collect()
    }

    /// `Lines of Action #12 (olympiad, rated, 1 day per move)`
    pub fn title(&self) -> Msg {
        let mut details = Vec::new();
        if self.variant != "standard" {
            details.push(words::variant(&self.variant));
        }
        details.push(Msg::new(if self.rated { "rated" } else { "casual" }));
        details.push(words::clock(self.clock_secs));
        if let (true, Some(level)) = (self.vs_bot, self.level) {
            details.push(Msg::new("ai-level").num("level", level));
        }
        Msg::new("match-title")
            .msg("game", words::game(self.kind))
            .plain("id", self.id.to_string())
            .list("details", details)
    }

    /// `@Alice (white) vs @Bob (black)`; with four seats, each player and their seat.
    pub fn lineup(&self, game: &AnyGame) -> Option<Msg> {
        Some(lineup_of(game, &self.seats()?))
    }

    /// The board message: position, last move, whose turn, deadline, and the controls.
    pub fn board_reply(&self, headline: Option<Msg>, now: i64) -> Reply {
        let Some(live) = self.live() else {
            return Reply::private(Msg::new("err-not-started"));
        };
        let mut lines: Vec<Msg> = self.lineup(&live.game).into_iter().collect();
        lines.extend(headline);
        let mut reply = Reply {
            title: Some(self.title()),
            ..Reply::default()
        };
        if let Some(seat) = live.game.seat_to_move() {
            if let Some(p) = self.player(seat) {
                let turn = Msg::new("turn")
                    .num("n", live.moves.len() as i64 + 1)
                    .player("player", p.id, &p.name)
                    .msg("side", words::seat(live.game.seat_name(seat)));
                lines.push(match live.deadline {
                    Some(deadline) => Msg::new("turn-timed")
                        .msg("turn", turn)
                        .duration("time", (deadline - now).max(0) / 1000),
                    None => turn,
                });
                reply.mentions.push(p.id);
            }
            if let Some(s) = live.draw_offer {
                lines.push(
                    Msg::new("draw-offer-line")
                        .msg("player", self.who(s))
                        .code("draw", "/draw"),
                );
                lines.extend(self.still_waiting(live.draw_consent));
            }
            if let Some(s) = live.takeback {
                lines.push(
                    Msg::new("takeback-line")
                        .msg("player", self.who(s))
                        .code("takeback", "/takeback"),
                );
                lines.extend(self.still_waiting(live.takeback_consent));
            }
            reply.deadline = live.deadline;
            reply.buttons = self.controls(live);
            let legal = hints::visible_moves(&live.game);
            let rows = hints::MAX_ROWS.saturating_sub(reply.buttons.len());
            reply.menus = hints::source_menus(&legal, self.stamp(), rows);
        }
        reply.lines = lines;
        reply.picture = Some(self.picture(live));
        reply
    }

    /// With more than two seats, who has still to agree to a standing offer.
    fn still_waiting(&self, consent: u8) -> Option<Msg> {
        if !self.is_lobby_game() {
            return None;
        }
        let waiting = self
            .waiting_for(consent)
            .into_iter()
            .map(words::who)
            .collect();
        Some(Msg::new("offer-waiting").list("players", waiting))
    }

    /// The last picture of a match: its result in the banner, even when the rules did not end
    /// the game (resignation, agreement, timeout, abort), and the ratings after it with their
    /// change.
    fn final_picture(
        &self,
        live: &Live,
        outcome: Outcome,
        aborted: bool,
        changes: &[RatingChange],
    ) -> Picture {
        let mut picture = self.picture(live);
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
            let scope = self.place.guild.map_or(0, |g| g as i64);
            let seats = self.seats();
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

    pub fn picture(&self, live: &Live) -> Picture {
        let last_move = live
            .moves
            .last()
            .zip(live.before.as_ref())
            .map(|((mv, _), before)| Box::new((before.clone(), *mv)));
        Picture::Board {
            match_id: Some(self.id),
            seq: live.seq,
            game: live.game.clone(),
            last_move,
            players: self.names().into_iter().map(Msg::verbatim).collect(),
            ratings: self.ratings.clone(),
            move_number: live.moves.len() as u32,
            result: None,
        }
    }

    fn controls(&self, live: &Live) -> Vec<Vec<Button>> {
        let stamp = self.stamp();
        let b = |action, label, style| button(stamp, action, label, style);
        // While an offer or a request stands, its accept button (same id) replaces the button
        // that makes one: ids must be unique within a message.
        let mut row = vec![b(
            Action::Resign,
            Msg::new("btn-resign"),
            ButtonStyle::Danger,
        )];
        if live.draw_offer.is_none() {
            row.push(b(
                Action::Draw,
                Msg::new("btn-offer-draw"),
                ButtonStyle::Secondary,
            ));
        }
        if self.kind != GameKind::Lightning && live.takeback.is_none() {
            row.push(b(
                Action::Takeback,
                Msg::new("btn-takeback"),
                ButtonStyle::Secondary,
            ));
        }
        if !live.both_moved() {
            row.push(b(
                Action::Abort,
                Msg::new("btn-abort"),
                ButtonStyle::Secondary,
            ));
        }
        let mut rows = vec![row];
        let mut answers = Vec::new();
        if live.draw_offer.is_some() {
            answers.push(b(
                Action::Draw,
                Msg::new("btn-accept-draw"),
                ButtonStyle::Success,
            ));
            answers.push(b(
                Action::RefuseDraw,
                Msg::new("btn-refuse-draw"),
                ButtonStyle::Secondary,
            ));
        }
        if live.takeback.is_some() {
            answers.push(b(
                Action::Takeback,
                Msg::new("btn-accept-takeback"),
                ButtonStyle::Success,
            ));
            answers.push(b(
                Action::RefuseTakeback,
                Msg::new("btn-refuse-takeback"),
                ButtonStyle::Secondary,
            ));
        }
        if !answers.is_empty() {
            rows.push(answers);
        }
        rows
    }

    /// A question for the presser of a destructive button only, with its confirm button,
    /// stamped with the current board (so it goes stale with the board).
    pub fn confirm_reply(
        &self,
        question: Msg,
        action: Action,
        label: Msg,
        style: ButtonStyle,
    ) -> Reply {
        let mut reply = Reply::private(question);
        reply.buttons = vec![vec![button(self.stamp(), action, label, style)]];
        reply
    }

    /// The thread a threaded match moves into once it starts: named after the match, with its
    /// players (not the bot) as members.
    pub fn thread_request(&self) -> super::api::ThreadRequest {
        let names = |side: usize| -> Vec<Msg> {
            team(&self.seats, side)
                .flatten()
                .map(|p| Msg::verbatim(p.name.clone()))
                .collect()
        };
        let mut members: Vec<u64> = self.seats.iter().flatten().map(|p| p.id).collect();
        members.dedup();
        super::api::ThreadRequest {
            match_id: self.id,
            name: Msg::new("thread-name")
                .msg("game", words::game(self.kind))
                .plain("id", self.id.to_string())
                .list("first", names(0))
                .list("second", names(1)),
            members,
            card: self.card,
        }
    }

    /// The lobby card of a match of more than two seats: who sits where, a button for each
    /// empty seat, one that seats the bot (when it can play) and one that cancels.
    pub fn lobby_reply(&self, game: &AnyGame, bot_seat: bool, expires_at: i64, now: i64) -> Reply {
        let stamp = self.stamp();
        let mut lines = vec![Msg::new("lobby-line").player(
            "challenger",
            self.challenger.id,
            &self.challenger.name,
        )];
        let mut sit = Vec::new();
        for (seat, player) in self.seats.iter().enumerate() {
            let name = words::seat(game.seat_name(seat));
            let line = Msg::new("lobby-seat")
                .num("n", seat as i64 + 1)
                .msg("seat", name.clone());
            lines.push(match player {
                Some(p) => line.msg("player", words::who(p)),
                None => line.msg("player", Msg::new("lobby-empty")),
            });
            if player.is_none()
                && let Some(action) = Action::sit(seat)
            {
                let label = Msg::new("btn-sit")
                    .num("n", seat as i64 + 1)
                    .msg("seat", name);
                sit.push(button(stamp, action, label, ButtonStyle::Primary));
            }
        }
        lines
            .push(Msg::new("challenge-expires").duration("time", (expires_at - now).max(0) / 1000));
        let mut more = Vec::new();
        if bot_seat {
            more.push(button(
                stamp,
                Action::SitBot,
                Msg::new("btn-sit-bot"),
                ButtonStyle::Secondary,
            ));
        }
        more.push(button(
            stamp,
            Action::Cancel,
            Msg::new("btn-cancel"),
            ButtonStyle::Secondary,
        ));
        Reply {
            title: Some(self.title()),
            lines,
            buttons: vec![sit, more],
            challenge: Some(self.id),
            deadline: Some(expires_at),
            mentions: self.seats.iter().flatten().map(|p| p.id).collect(),
            ..Reply::default()
        }
    }

    /// The challenge card; `preview` is the rating line for a rated challenge.
    pub fn challenge_reply(&self, preview: Option<Msg>, expires_at: i64, now: i64) -> Reply {
        let whom = match (&self.opponent, self.vs_bot) {
            (_, true) => Msg::new("whom-bot"),
            (Some(o), false) => words::who(o),
            (None, false) => Msg::new("whom-anyone"),
        };
        let seat = if self.challenger_seat == 0 {
            "first"
        } else {
            "second"
        };
        let mut lines = vec![
            Msg::new("challenge-line")
                .player("challenger", self.challenger.id, &self.challenger.name)
                .msg("whom", whom)
                .plain("seat", seat),
        ];
        lines.extend(preview);
        lines
            .push(Msg::new("challenge-expires").duration("time", (expires_at - now).max(0) / 1000));
        let stamp = self.stamp();
        let b = |action, label, style| button(stamp, action, Msg::new(label), style);
        let mut reply = Reply {
            title: Some(self.title()),
            lines,
            ..Reply::default()
        };
        reply.buttons = vec![vec![
            b(Action::Accept, "btn-accept", ButtonStyle::Success),
            b(Action::Decline, "btn-decline", ButtonStyle::Danger),
            b(Action::Cancel, "btn-cancel", ButtonStyle::Secondary),
        ]];
        reply.deadline = Some(expires_at);
        reply.challenge = Some(self.id);
        if let Some(o) = &self.opponent {
            reply.mentions.push(o.id);
        }
        reply
    }

    /// The final message: result, reason, rating changes, and a Rematch button.
    pub fn result_reply(
        &self,
        headline: Option<Msg>,
        outcome: Outcome,
        aborted: bool,
        changes: &[RatingChange],
    ) -> Reply {
        let mut reply = Reply {
            title: Some(self.title()),
            ..Reply::default()
        };
        let live = self.live();
        let mut lines = Vec::new();
        if let Some(live) = live {
            lines.extend(self.lineup(&live.game));
        }
        lines.extend(headline);
        lines.push(result_line(self, outcome, aborted));
        let global: Vec<&RatingChange> = changes.iter().filter(|c| c.scope == 0).collect();
        let shown = if self.place.guild.is_some() {
            changes.iter().filter(|c| c.scope != 0).collect()
        } else {
            global
        };
        for c in shown {
            let who = self
                .seats()
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
            reply.picture = Some(self.final_picture(live, outcome, aborted, changes));
        }
        let stamp = self.stamp();
        reply.buttons = vec![vec![button(
            stamp,
            Action::Rematch,
            Msg::new("btn-rematch"),
            ButtonStyle::Primary,
        )]];
        if let Some(seats) = self.seats() {
            reply.mentions = seats.iter().map(|p| p.id).collect();
            reply.mentions.dedup();
        }
        reply
    }
}

/// A live button of the board drawn at `stamp`.
fn button(stamp: Stamp, action: Action, label: Msg, style: ButtonStyle) -> Button {
    Button {
        id: ButtonId::new(action, stamp).to_string(),
        label,
        style,
        disabled: false,
    }
}

/// `@Alice wins by connection.`, `Draw by agreement.`, `Aborted: ...`.
pub fn result_line(entry: &Entry, outcome: Outcome, aborted: bool) -> Msg {
    if aborted {
        return Msg::new(match outcome.reason {
            Reason::Timeout => "result-aborted-timeout",
            _ => "result-aborted",
        });
    }
    let winners: Vec<&PlayerRef> = match (outcome.winner, entry.live()) {
        (Some(side), Some(live)) => {
            let mut team: Vec<&PlayerRef> = (0..entry.seats.len())
                .filter(|&seat| live.game.seat_side(seat) == side)
                .filter_map(|seat| entry.player(seat))
                .collect();
            team.dedup_by_key(|p| p.id);
            team
        }
        (Some(side), None) => entry.player(side.index()).into_iter().collect(),
        (None, _) => Vec::new(),
    };
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
                    .msg("seat", words::seat(game.seat_name(seat)))
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

/// The seats of one side (`side` 0 or 1): seats alternate between the two sides in turn order,
/// so with four seats a side is a team of two.
pub fn team<T>(seats: &[T], side: usize) -> impl Iterator<Item = &T> {
    seats.iter().skip(side).step_by(2)
}
