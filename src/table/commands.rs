//! What each command does: who may do it, what changes, what is said.

use crate::games::{AnyMove, GameKind, MoveError, Outcome, Reason, Side, Status};
use crate::store::{
    EntryKind, Finish, Glicko, LogEntry, MatchStatus, MatchUpdate, NewMatch, PlayerRef, RatingJob,
    StoreError,
};

use super::api::{
    Actor, ButtonStyle, ChallengeSpec, Command, Opponent, Place, Reply, Stamp, UserRef,
};
use super::entry::{self, Entry, Live, Phase};
use super::hints;
use super::ids::Action;
use super::picture::Picture;
use super::presets;
use super::words;
use super::{RESERVED, Slot, Table, rating, seat_of_side, texts};
use crate::i18n::{Lang, Msg};

/// Why a command did nothing: a refusal for the requester, or a storage failure.
#[derive(Debug, thiserror::Error)]
pub enum Fail {
    #[error("{}", .0.text(Lang::En))]
    Refuse(Msg),
    /// A refusal of a control pressed on a board that is no longer current.
    #[error("{}", .0.text(Lang::En))]
    Stale(Msg),
    #[error(transparent)]
    Store(#[from] StoreError),
}

pub type Answer = Result<Reply, Fail>;

fn refuse<T>(msg: Msg) -> Result<T, Fail> {
    Err(Fail::Refuse(msg))
}

/// `@Name`, as a message argument.
fn p(msg: Msg, name: &'static str, who: &PlayerRef) -> Msg {
    msg.player(name, who.id, &who.name)
}

/// A match number, as a message argument.
fn id(msg: Msg, id: i64) -> Msg {
    msg.plain("id", id.to_string())
}

/// A move about to be committed: its log entry and the position it leads to.
struct Step {
    entry: LogEntry,
    game: crate::games::AnyGame,
    mv: AnyMove,
    side: Side,
}

impl Table {
    pub(super) async fn dispatch(&self, actor: &Actor, place: &Place, command: Command) -> Answer {
        match command {
            Command::Challenge(spec) => self.challenge(actor, place, spec, None).await,
            Command::Rematch { at } => self.rematch(actor, place, at).await,
            Command::Rules { game } => Ok(texts::rules(game)),
            Command::Leaderboard {
                game,
                scope,
                page,
                variant,
            } => {
                let variant = presets::variant(game, variant.as_deref()).map_err(Fail::Refuse)?;
                self.leaderboard(place, game, variant, scope, page).await
            }
            Command::Stats { user, game } => self.stats(actor, place, user, game).await,
            Command::HeadToHead { user, other, game } => {
                self.head_to_head(actor, user, other, game).await
            }
            Command::History { user } => self.history(actor, user).await,
            Command::Replay { match_id } => self.replay(match_id).await,
            Command::Moves { match_id } => self.moves(actor, place, match_id).await,
            Command::Board => {
                let slot = self.target(place, None).await?;
                let e = slot.lock().await;
                let now = self.now();
                match &e.phase {
                    Phase::Challenge { expires_at } => {
                        let preview = self.preview(&e).await?;
                        Ok(e.challenge_reply(preview, *expires_at, now))
                    }
                    Phase::Live(_) => Ok(e.board_reply(None, now)),
                    Phase::Closed => refuse(Msg::new("err-match-over")),
                }
            }
            other => {
                let at = stamp_of(&other);
                let slot = self.target(place, at).await?;
                let mut e = slot.lock().await;
                if matches!(e.phase, Phase::Closed) {
                    let text = id(Msg::new("err-match-over-id"), e.id);
                    return Err(if at.is_some() {
                        Fail::Stale(text)
                    } else {
                        Fail::Refuse(text)
                    });
                }
                self.match_command(&mut e, actor, other).await
            }
        }
    }

    /// Commands on one open match, with its lock held. A press (a command with a stamp) on a
    /// board that is not the current one is refused as stale and changes nothing, whatever the
    /// button: not even a resignation may come from an old board.
    async fn match_command(&self, e: &mut Entry, actor: &Actor, command: Command) -> Answer {
        if let (Some(at), Some(live)) = (stamp_of(&command), e.live()) {
            if at.seq != live.seq {
                return Err(Fail::Stale(
                    Msg::new("err-stale-board").code("board", "/board"),
                ));
            }
        }
        match command {
            Command::Accept { .. } => self.accept(e, actor).await,
            Command::Decline { .. } => self.decline(e, actor).await,
            Command::Cancel { .. } => self.cancel(e, actor).await,
            Command::Move { text, .. } => self.play_move(e, actor, &text).await,
            Command::PickSource { source, .. } => self.pick_source(e, actor, &source),
            // One misplaced tap must not end a game: a button asks first; typing is deliberate.
            Command::Resign { at: Some(_) } => self.ask_to_resign(e, actor),
            Command::Resign { at: None } | Command::ConfirmResign { .. } => {
                let me = self.my_seat(e, actor)?;
                self.live(e)?;
                let outcome = Outcome::win(me.opponent(), Reason::Resignation);
                let headline = Msg::new("head-resigns").player("player", actor.id, &actor.name);
                self.finish(e, outcome, false, None, Some(headline)).await
            }
            Command::Draw { at: Some(_) } if self.draw_offered_to(e, actor) => {
                self.ask_to_accept_draw(e, actor)
            }
            Command::Draw { .. } => self.draw(e, actor).await,
            Command::ConfirmDraw { .. } => {
                let me = self.my_seat(e, actor)?;
                if self.live(e)?.draw_offer != Some(me.opponent()) {
                    return refuse(Msg::new("err-no-draw-to-accept"));
                }
                self.draw(e, actor).await
            }
            Command::RefuseDraw { .. } => self.refuse_offer(e, actor, false).await,
            Command::Takeback { .. } => self.takeback(e, actor).await,
            Command::RefuseTakeback { .. } => self.refuse_offer(e, actor, true).await,
            Command::Abort { .. } => self.abort(e, actor).await,
            _ => refuse(Msg::new("err-not-match-command")),
        }
    }

    /// The open match a command is about: the one a button names, or this channel's.
    async fn target(&self, place: &Place, at: Option<Stamp>) -> Result<Slot, Fail> {
        match at {
            Some(stamp) => match self.slot(stamp.match_id) {
                Some(slot) => Ok(slot),
                None => match self.inner.store.match_by_id(stamp.match_id).await? {
                    Some(_) => Err(Fail::Stale(id(
                        Msg::new("err-match-over-id"),
                        stamp.match_id,
                    ))),
                    None => refuse(id(Msg::new("err-no-such-match"), stamp.match_id)),
                },
            },
            None => self
                .slot_in_channel(place.channel)
                .ok_or_else(|| Fail::Refuse(Msg::new("err-no-match-here").code("play", "/play"))),
        }
    }

    /// The seat of a player of this live match, or a refusal for anyone else.
    fn my_seat(&self, e: &Entry, actor: &Actor) -> Result<Side, Fail> {
        if matches!(e.phase, Phase::Challenge { .. }) {
            return refuse(Msg::new("err-not-accepted"));
        }
        e.seat_of(actor.id)
            .ok_or_else(|| Fail::Refuse(Msg::new("err-not-a-player")))
    }

    // ---- challenges ----

    pub(super) async fn challenge(
        &self,
        actor: &Actor,
        place: &Place,
        spec: ChallengeSpec,
        rematch: Option<(i64, u8)>,
    ) -> Answer {
        let config = &self.inner.config;
        let now = self.now();
        let variant = presets::variant(spec.game, spec.variant.as_deref()).map_err(Fail::Refuse)?;
        let clock_secs = presets::parse_clock(spec.clock.as_deref()).map_err(Fail::Refuse)?;
        let level = spec.level.unwrap_or(2);
        if !(1..=5).contains(&level) {
            return refuse(Msg::new("err-level"));
        }
        let vs_bot = match &spec.opponent {
            Opponent::Bot => true,
            Opponent::User(u) => u.id == config.bot.id,
            Opponent::Anyone => false,
        };
        if vs_bot && config.ai.is_none() {
            return refuse(Msg::new("err-no-ai"));
        }
        let opponent = match &spec.opponent {
            _ if vs_bot => Some(PlayerRef {
                id: config.bot.id,
                name: config.bot.name.clone(),
            }),
            Opponent::User(u) if u.id == actor.id => {
                return refuse(Msg::new("err-self-challenge"));
            }
            Opponent::User(u) => Some(PlayerRef {
                id: u.id,
                name: u.name.clone(),
            }),
            _ => None,
        };
        let rated = !vs_bot && spec.rated.unwrap_or(true);
        if let Err(e) = entry::start_position(spec.game, variant.options, 0) {
            return refuse(Msg::new("err-variant-setup").plain("why", e.to_string()));
        }
        if let Some(last) = self.inner.store.last_challenge_at(actor.id).await? {
            let wait = last + config.challenge_cooldown_ms - now;
            if wait > 0 {
                return refuse(Msg::new("err-cooldown").duration("time", (wait + 999) / 1000));
            }
        }
        {
            let mut index = self.lock_index();
            if index.by_channel.contains_key(&place.channel) {
                // Only a server has threads to start another match in.
                let id = if place.guild.is_some() {
                    "err-channel-busy"
                } else {
                    "err-channel-busy-here"
                };
                return refuse(Msg::new(id));
            }
            index.by_channel.insert(place.channel, RESERVED);
        }
        let seed = (rand::random::<u64>() >> 11) as i64;
        let challenger_seat = rematch.map_or(u8::from(rand::random::<bool>()), |(_, seat)| seat);
        let expires_at = now + config.challenge_ttl_ms;
        let challenger = PlayerRef {
            id: actor.id,
            name: actor.name.clone(),
        };
        let new = NewMatch {
            guild_id: place.guild,
            channel_id: place.channel,
            parent_id: place.parent,
            game: spec.game.name().to_string(),
            variant: variant.name.to_string(),
            options: variant.options.to_string(),
            seed,
            rated,
            clock_secs,
            level: vs_bot.then_some(level),
            challenger: challenger.clone(),
            opponent: opponent.clone(),
            vs_bot,
            challenger_seat,
            deadline_at: Some(expires_at),
            rematch_of: rematch.map(|(id, _)| id),
            created_at: now,
        };
        let id = match self.inner.store.create_challenge(&new).await {
            Ok(id) => id,
            Err(e) => {
                let mut index = self.lock_index();
                if index.by_channel.get(&place.channel) == Some(&RESERVED) {
                    index.by_channel.remove(&place.channel);
                }
                return Err(e.into());
            }
        };
        tracing::info!(match_id = id, game = %spec.game, challenger = actor.id, "challenge");
        let e = Entry {
            id,
            place: *place,
            kind: spec.game,
            variant: variant.name.to_string(),
            options: variant.options.to_string(),
            seed,
            rated,
            clock_secs,
            level: vs_bot.then_some(level),
            vs_bot,
            challenger,
            opponent: opponent.clone(),
            challenger_seat,
            rematch_of: rematch.map(|(id, _)| id),
            phase: Phase::Challenge { expires_at },
            ratings: [None, None],
        };
        let card = match (vs_bot, opponent) {
            (true, Some(bot)) => {
                // The bot accepts at once; its moves are looked up by id, so register first.
                self.register(e);
                let slot = self
                    .slot(id)
                    .ok_or_else(|| Fail::Refuse(Msg::new("err-vanished")))?;
                let mut e = slot.lock().await;
                return self.start_live(&mut e, bot).await;
            }
            _ => {
                let preview = self.preview(&e).await;
                e.challenge_reply(preview.unwrap_or(None), expires_at, now)
            }
        };
        self.register(e);
        Ok(card)
    }

    /// A player's rating in the match's game and server as of now (idle decay applied; the
    /// starting rating for a newcomer).
    async fn current_rating(&self, e: &Entry, player: u64) -> Result<Glicko, Fail> {
        let scope = e.place.guild.map_or(0, |g| g as i64);
        let now = self.now();
        Ok(self
            .inner
            .store
            .rating(player, presets::ladder(e.kind, &e.variant), scope)
            .await?
            .map_or(rating::INITIAL, |r| {
                rating::decay(r.value, now.saturating_sub(r.last_played))
            }))
    }

    /// The seats' current ratings for pictures (rated matches with both seats taken).
    pub(super) async fn seat_ratings(&self, e: &Entry) -> Result<[Option<String>; 2], Fail> {
        let (true, Some(seats)) = (e.rated && !e.vs_bot, e.seats()) else {
            return Ok([None, None]);
        };
        let mut shown = [None, None];
        for (slot, player) in shown.iter_mut().zip(seats) {
            *slot = Some(rating::show(&self.current_rating(e, player.id).await?));
        }
        Ok(shown)
    }

    /// The rating line of a rated challenge: what the challenger stands to win or lose.
    async fn preview(&self, e: &Entry) -> Result<Option<Msg>, Fail> {
        let (true, Some(opponent)) = (e.rated, &e.opponent) else {
            return Ok(None);
        };
        let mine = self.current_rating(e, e.challenger.id).await?;
        let theirs = self.current_rating(e, opponent.id).await?;
        let [win, draw, loss] = rating::preview(mine, theirs);
        let msg = p(Msg::new("rating-preview"), "challenger", &e.challenger)
            .plain("mine", rating::show(&mine));
        Ok(Some(
            p(msg, "opponent", opponent)
                .plain("theirs", rating::show(&theirs))
                .plain("win", rating::show_delta(win))
                .plain("draw", rating::show_delta(draw))
                .plain("loss", rating::show_delta(loss)),
        ))
    }

    async fn accept(&self, e: &mut Entry, actor: &Actor) -> Answer {
        let Phase::Challenge { expires_at } = e.phase else {
            return refuse(Msg::new("err-already-accepted"));
        };
        if actor.id == e.challenger.id {
            return refuse(Msg::new("err-own-challenge"));
        }
        if let Some(o) = &e.opponent {
            if o.id != actor.id {
                return refuse(p(Msg::new("err-challenge-for"), "player", o));
            }
        }
        if self.now() >= expires_at {
            self.close_challenge(e, MatchStatus::Expired).await?;
            return refuse(Msg::new("err-expired"));
        }
        let me = PlayerRef {
            id: actor.id,
            name: actor.name.clone(),
        };
        self.start_live(e, me).await
    }

    /// Seats the opponent and starts the clock.
    async fn start_live(&self, e: &mut Entry, opponent: PlayerRef) -> Answer {
        let now = self.now();
        let game = entry::start_position(e.kind, &e.options, e.seed).map_err(|err| {
            Fail::Refuse(Msg::new("err-variant-setup").plain("why", err.to_string()))
        })?;
        let deadline = e.clock_secs.map(|s| now + s * 1000);
        if !self
            .inner
            .store
            .start_match(e.id, &opponent, now, deadline)
            .await?
        {
            return refuse(Msg::new("err-no-longer-open"));
        }
        let headline = if e.vs_bot {
            Msg::new("head-bot-accepts")
        } else {
            p(Msg::new("head-accepts"), "player", &opponent)
        };
        e.opponent = Some(opponent);
        e.ratings = self.seat_ratings(e).await?;
        e.phase = Phase::Live(Box::new(Live {
            game,
            before: None,
            moves: Vec::new(),
            seq: 0,
            deadline,
            warned: false,
            draw_offer: None,
            takeback: None,
            both_moved_once: false,
        }));
        self.reschedule(e);
        self.maybe_bot_turn(e);
        Ok(e.board_reply(Some(headline), now))
    }

    async fn decline(&self, e: &mut Entry, actor: &Actor) -> Answer {
        if !matches!(e.phase, Phase::Challenge { .. }) {
            return refuse(Msg::new("err-already-accepted"));
        }
        if actor.id == e.challenger.id {
            return self.cancel(e, actor).await;
        }
        match &e.opponent {
            Some(o) if o.id == actor.id => {
                self.close_challenge(e, MatchStatus::Declined).await?;
                let msg = Msg::new("head-declines").player("player", actor.id, &actor.name);
                Ok(Reply::public(p(msg, "challenger", &e.challenger)))
            }
            Some(o) => refuse(p(Msg::new("err-challenge-for"), "player", o)),
            None => refuse(Msg::new("err-open-decline")),
        }
    }

    async fn cancel(&self, e: &mut Entry, actor: &Actor) -> Answer {
        if !matches!(e.phase, Phase::Challenge { .. }) {
            return refuse(Msg::new("err-already-accepted"));
        }
        if actor.id != e.challenger.id && !actor.is_moderator {
            return refuse(p(Msg::new("err-only-cancel"), "player", &e.challenger));
        }
        self.close_challenge(e, MatchStatus::Cancelled).await?;
        Ok(Reply::public(p(
            Msg::new("head-cancelled"),
            "player",
            &e.challenger,
        )))
    }

    async fn close_challenge(&self, e: &mut Entry, status: MatchStatus) -> Result<(), Fail> {
        self.inner
            .store
            .close_challenge(e.id, status, self.now())
            .await?;
        e.phase = Phase::Closed;
        self.unregister(e);
        Ok(())
    }

    async fn rematch(&self, actor: &Actor, place: &Place, at: Option<Stamp>) -> Answer {
        let store = &self.inner.store;
        let old = match at {
            Some(s) => store.match_by_id(s.match_id).await?,
            None => {
                store
                    .last_closed_in_channel(place.channel, actor.id)
                    .await?
            }
        };
        let Some(old) = old else {
            return refuse(Msg::new("err-no-rematch"));
        };
        if !matches!(old.status, MatchStatus::Finished | MatchStatus::Aborted) {
            return refuse(id(Msg::new("err-not-over"), old.id));
        }
        let Some(seats) = old.seats() else {
            return refuse(Msg::new("err-never-started"));
        };
        let Some(mine) = seats.iter().position(|p| p.id == actor.id) else {
            return refuse(id(Msg::new("err-rematch-players"), old.id));
        };
        let other = seats[1 - mine].clone();
        if let Some(slot) = self.slot_in_channel(place.channel) {
            let mut e = slot.lock().await;
            if matches!(e.phase, Phase::Challenge { .. })
                && e.rematch_of == Some(old.id)
                && e.challenger.id == other.id
            {
                return self.accept(&mut e, actor).await;
            }
        }
        let Ok(game) = old.game.parse::<GameKind>() else {
            return refuse(Msg::new("err-unknown-game"));
        };
        let spec = ChallengeSpec {
            game,
            opponent: if old.vs_bot {
                Opponent::Bot
            } else {
                Opponent::User(UserRef::new(other.id, other.name))
            },
            variant: Some(old.variant.clone()),
            rated: Some(old.rated),
            clock: Some(
                old.clock_secs
                    .map_or("none".to_string(), |s| format!("{s}s")),
            ),
            level: old.level,
        };
        self.challenge(actor, place, spec, Some((old.id, 1 - mine as u8)))
            .await
    }

    // ---- playing ----

    pub(super) async fn play_move(&self, e: &mut Entry, actor: &Actor, text: &str) -> Answer {
        let now = self.now();
        let me = self.my_seat(e, actor)?;
        let live = self.live(e)?;
        let Status::ToMove(side) = live.game.status() else {
            return refuse(Msg::new("err-game-over"));
        };
        if side != me {
            return refuse(not_your_turn(e.player(side)));
        }
        let (mv, canonical) = match live
            .game
            .parse_visible_move(text)
            .and_then(|mv| Ok((mv, live.game.format_move(&mv)?)))
        {
            Ok(found) => found,
            Err(e @ MoveError::Syntax(_)) => {
                return refuse(Msg::new("err-not-a-move").msg("why", e.msg()));
            }
            Err(e @ MoveError::Illegal(_)) => {
                return refuse(Msg::new("err-illegal-move").msg("why", e.msg()));
            }
            Err(MoveError::GameOver) => return refuse(Msg::new("err-game-over")),
        };
        let mut game = live.game.clone();
        if let Err(err) = game.play(&mv) {
            return refuse(Msg::new("err-illegal-move").msg("why", err.msg()));
        }
        let step = Step {
            entry: LogEntry {
                seq: live.seq + 1,
                kind: EntryKind::Move,
                ply: live.moves.len() as u32 + 1,
                notation: Some(canonical.clone()),
                player_id: actor.id,
                at: now,
            },
            game,
            mv,
            side: me,
        };
        let headline = Msg::new("head-played")
            .player("player", actor.id, &actor.name)
            .code("move", &canonical);
        if let Status::Over(outcome) = step.game.status() {
            return self
                .finish(e, outcome, false, Some(step), Some(headline))
                .await;
        }
        // The clock restarts when the turn passes (not after the first step of a two-step turn).
        let turn_passes = step.game.status().to_move() != Some(me);
        let (deadline, warned) = if turn_passes {
            (e.clock_secs.map(|s| now + s * 1000), false)
        } else {
            (live.deadline, live.warned)
        };
        // A standing draw offer lapses when the other side moves instead of accepting.
        let draw_offer = live.draw_offer.filter(|&s| s == me);
        self.inner
            .store
            .update_match(&MatchUpdate {
                match_id: e.id,
                entry: Some(step.entry.clone()),
                deadline_at: deadline,
                warned,
                draw_offer_seat: draw_offer.map(seat_of_side),
                takeback_seat: None,
                finish: None,
            })
            .await?;
        let live = self.live_mut(e)?;
        live.before = Some(std::mem::replace(&mut live.game, step.game));
        live.moves.push((step.mv, step.side));
        live.seq = step.entry.seq;
        live.deadline = deadline;
        live.warned = warned;
        live.draw_offer = draw_offer;
        live.takeback = None;
        self.reschedule(e);
        self.maybe_bot_turn(e);
        Ok(e.board_reply(Some(headline), now))
    }

    fn pick_source(&self, e: &Entry, actor: &Actor, source: &str) -> Answer {
        let me = self.my_seat(e, actor)?;
        let live = self.live(e)?;
        if live.game.status().to_move() != Some(me) {
            let waiting = live.game.status().to_move().and_then(|s| e.player(s));
            return refuse(not_your_turn(waiting));
        }
        let legal = hints::visible_moves(&live.game);
        let menus = hints::move_menus(&legal, source, e.stamp());
        if menus.is_empty() {
            return refuse(Msg::new("err-no-moves-from").code("source", source));
        }
        // The moves in words too, for adapters that show no menu (the terminal).
        let moves: Vec<&str> = menus
            .iter()
            .flat_map(|m| m.options.iter().map(|o| o.value.as_str()))
            .collect();
        let text = Msg::new("moves-from")
            .code("source", source)
            .code("moves", moves.join(" "));
        let mut reply = Reply::private(text);
        reply.menus = menus;
        Ok(reply)
    }

    /// The question a Resign button asks, with its confirm button, for the presser only.
    fn ask_to_resign(&self, e: &Entry, actor: &Actor) -> Answer {
        self.my_seat(e, actor)?;
        self.live(e)?;
        Ok(e.confirm_reply(
            id(Msg::new("confirm-resign"), e.id),
            Action::ConfirmResign,
            Msg::new("btn-confirm-resign"),
            ButtonStyle::Danger,
        ))
    }

    /// Whether the opponent of `actor` has offered a draw that `actor` could accept.
    fn draw_offered_to(&self, e: &Entry, actor: &Actor) -> bool {
        match (e.seat_of(actor.id), e.live()) {
            (Some(me), Some(live)) => live.draw_offer == Some(me.opponent()),
            _ => false,
        }
    }

    /// The question a button that would accept a draw asks, for the presser only.
    fn ask_to_accept_draw(&self, e: &Entry, actor: &Actor) -> Answer {
        let me = self.my_seat(e, actor)?;
        let other = e.player(me.opponent()).cloned().unwrap_or_default();
        Ok(e.confirm_reply(
            p(id(Msg::new("confirm-draw"), e.id), "player", &other),
            Action::ConfirmDraw,
            Msg::new("btn-confirm-draw"),
            ButtonStyle::Success,
        ))
    }

    async fn draw(&self, e: &mut Entry, actor: &Actor) -> Answer {
        let me = self.my_seat(e, actor)?;
        let live = self.live(e)?;
        let other = e.player(me.opponent()).cloned().unwrap_or_default();
        match live.draw_offer {
            Some(s) if s == me.opponent() => {
                let headline =
                    Msg::new("head-accepts-draw").player("player", actor.id, &actor.name);
                return self
                    .finish(
                        e,
                        Outcome::draw(Reason::Agreement),
                        false,
                        None,
                        Some(headline),
                    )
                    .await;
            }
            Some(_) => {
                return refuse(p(Msg::new("err-draw-offered"), "player", &other));
            }
            None => {}
        }
        if e.vs_bot {
            return refuse(Msg::new("err-bot-no-draw"));
        }
        self.set_offers(e, Some(me), live.takeback).await?;
        let headline = Msg::new("head-offers-draw").player("player", actor.id, &actor.name);
        let headline = p(headline, "other", &other);
        Ok(self.offer_reply(e, headline))
    }

    async fn takeback(&self, e: &mut Entry, actor: &Actor) -> Answer {
        if e.kind == GameKind::Lightning {
            return refuse(Msg::new("err-no-takeback-lightning"));
        }
        let me = self.my_seat(e, actor)?;
        let live = self.live(e)?;
        let other = e.player(me.opponent()).cloned().unwrap_or_default();
        match live.takeback {
            Some(s) if s == me.opponent() => return self.take_back(e, s, &other).await,
            Some(_) => {
                return refuse(p(Msg::new("err-takeback-asked"), "player", &other));
            }
            None => {}
        }
        if !live.moves.iter().any(|&(_, s)| s == me) {
            return refuse(Msg::new("err-nothing-to-take-back"));
        }
        if e.vs_bot {
            let me_ref = PlayerRef {
                id: actor.id,
                name: actor.name.clone(),
            };
            return self.take_back(e, me, &me_ref).await;
        }
        self.set_offers(e, live.draw_offer, Some(me)).await?;
        let headline = Msg::new("head-asks-takeback").player("player", actor.id, &actor.name);
        let headline = p(headline, "other", &other);
        Ok(self.offer_reply(e, headline))
    }

    /// The answer to a new draw offer or takeback request: the board's text and its accept and
    /// refuse buttons, without a new picture or move menus (the position has not changed).
    fn offer_reply(&self, e: &Entry, headline: Msg) -> Reply {
        let mut reply = e.board_reply(Some(headline), self.now());
        reply.picture = None;
        reply.menus.clear();
        reply
    }

    /// Undoes `requester`'s last move (and the reply to it, if any), logging a takeback entry.
    async fn take_back(&self, e: &mut Entry, requester: Side, who: &PlayerRef) -> Answer {
        let now = self.now();
        let live = self.live(e)?;
        let Some(keep) = live.moves.iter().rposition(|&(_, s)| s == requester) else {
            return refuse(Msg::new("err-nothing-to-take-back"));
        };
        let rebuild = |err: String| Fail::Refuse(Msg::new("err-rebuild").plain("why", err));
        let start = entry::start_position(e.kind, &e.options, e.seed)
            .map_err(|err| rebuild(err.to_string()))?;
        let (game, before) = entry::position_after(&start, &live.moves[..keep]).map_err(rebuild)?;
        let requester_id = e.player(requester).map_or(0, |p| p.id);
        let log = LogEntry {
            seq: live.seq + 1,
            kind: EntryKind::Takeback,
            ply: keep as u32,
            notation: None,
            player_id: requester_id,
            at: now,
        };
        let deadline = e.clock_secs.map(|s| now + s * 1000);
        self.inner
            .store
            .update_match(&MatchUpdate {
                match_id: e.id,
                entry: Some(log.clone()),
                deadline_at: deadline,
                warned: false,
                draw_offer_seat: None,
                takeback_seat: None,
                finish: None,
            })
            .await?;
        let live = self.live_mut(e)?;
        let undone = live.moves.len() - keep;
        live.both_moved_once = live.both_moved();
        live.game = game;
        live.before = before;
        live.moves.truncate(keep);
        live.seq = log.seq;
        live.deadline = deadline;
        live.warned = false;
        live.draw_offer = None;
        live.takeback = None;
        self.reschedule(e);
        self.maybe_bot_turn(e);
        let headline = p(Msg::new("head-takeback"), "player", who).num("n", undone as i64);
        Ok(e.board_reply(Some(headline), now))
    }

    async fn refuse_offer(&self, e: &mut Entry, actor: &Actor, takeback: bool) -> Answer {
        let me = self.my_seat(e, actor)?;
        let live = self.live(e)?;
        let (standing, what) = if takeback {
            (live.takeback, "takeback")
        } else {
            (live.draw_offer, "draw")
        };
        if standing == Some(me) {
            // Their own offer or request: the other player answers it.
            let other = e.player(me.opponent()).cloned().unwrap_or_default();
            return refuse(p(
                Msg::new("err-own-offer").plain("what", what),
                "player",
                &other,
            ));
        }
        if standing != Some(me.opponent()) {
            return refuse(Msg::new("err-nothing-to-refuse").plain("what", what));
        }
        let (draw, back) = if takeback {
            (live.draw_offer, None)
        } else {
            (None, live.takeback)
        };
        self.set_offers(e, draw, back).await?;
        Ok(Reply::public(
            Msg::new("head-refuses")
                .player("player", actor.id, &actor.name)
                .plain("what", what),
        ))
    }

    async fn set_offers(
        &self,
        e: &mut Entry,
        draw: Option<Side>,
        takeback: Option<Side>,
    ) -> Result<(), Fail> {
        let live = self.live(e)?;
        self.inner
            .store
            .update_match(&MatchUpdate {
                match_id: e.id,
                entry: None,
                deadline_at: live.deadline,
                warned: live.warned,
                draw_offer_seat: draw.map(seat_of_side),
                takeback_seat: takeback.map(seat_of_side),
                finish: None,
            })
            .await?;
        let live = self.live_mut(e)?;
        live.draw_offer = draw;
        live.takeback = takeback;
        Ok(())
    }

    async fn abort(&self, e: &mut Entry, actor: &Actor) -> Answer {
        if let Phase::Challenge { .. } = e.phase {
            if actor.id == e.challenger.id || actor.is_moderator {
                self.close_challenge(e, MatchStatus::Cancelled).await?;
                return Ok(Reply::public(p(
                    Msg::new("head-withdrawn"),
                    "player",
                    &e.challenger,
                )));
            }
            return refuse(p(Msg::new("err-only-withdraw"), "player", &e.challenger));
        }
        let live = self.live(e)?;
        let player = e.seat_of(actor.id).is_some();
        let early = !live.both_moved();
        if !(actor.is_moderator || (player && early)) {
            return refuse(Msg::new(if player {
                "err-too-late-abort"
            } else {
                "err-abort-not-allowed"
            }));
        }
        let headline = Msg::new("head-aborts").player("player", actor.id, &actor.name);
        self.finish(e, Outcome::draw(Reason::Abort), true, None, Some(headline))
            .await
    }

    /// Ends a live match: commits the last move (if any), the result and the ratings in one
    /// transaction, then closes the entry.
    async fn finish(
        &self,
        e: &mut Entry,
        outcome: Outcome,
        aborted: bool,
        step: Option<Step>,
        headline: Option<Msg>,
    ) -> Answer {
        let now = self.now();
        let seats = e
            .seats()
            .map(|s| [s[0].id, s[1].id])
            .ok_or_else(|| Fail::Refuse(Msg::new("err-no-opponent")))?;
        let scopes: Vec<i64> = e
            .place
            .guild
            .map(|g| g as i64)
            .into_iter()
            .chain([0])
            .collect();
        let rating = (e.rated && !e.vs_bot && !aborted).then(|| RatingJob {
            game: presets::ladder(e.kind, &e.variant),
            scopes,
            players: seats,
            score_first: match outcome.winner {
                Some(Side::First) => 1.0,
                Some(Side::Second) => 0.0,
                None => 0.5,
            },
            initial: rating::INITIAL,
            at: now,
            rate: rating::rate,
            decay: rating::decay,
        });
        let reason = if aborted {
            Reason::Abort.name()
        } else {
            outcome.reason.name()
        };
        let changes = self
            .inner
            .store
            .update_match(&MatchUpdate {
                match_id: e.id,
                entry: step.as_ref().map(|s| s.entry.clone()),
                deadline_at: None,
                warned: false,
                draw_offer_seat: None,
                takeback_seat: None,
                finish: Some(Finish {
                    status: if aborted {
                        MatchStatus::Aborted
                    } else {
                        MatchStatus::Finished
                    },
                    winner_seat: if aborted {
                        None
                    } else {
                        outcome.winner.map(seat_of_side)
                    },
                    reason,
                    at: now,
                    rating,
                }),
            })
            .await?;
        if let (Some(step), Phase::Live(live)) = (step, &mut e.phase) {
            live.before = Some(std::mem::replace(&mut live.game, step.game));
            live.moves.push((step.mv, step.side));
            live.seq = step.entry.seq;
        }
        tracing::info!(match_id = e.id, reason, "match over");
        let reply = e.result_reply(headline, outcome, aborted, &changes);
        e.phase = Phase::Closed;
        self.unregister(e);
        Ok(reply)
    }

    fn live<'a>(&self, e: &'a Entry) -> Result<&'a Live, Fail> {
        match &e.phase {
            Phase::Live(live) => Ok(live),
            Phase::Challenge { .. } => refuse(Msg::new("err-not-accepted")),
            Phase::Closed => refuse(Msg::new("err-match-over")),
        }
    }

    fn live_mut<'a>(&self, e: &'a mut Entry) -> Result<&'a mut Live, Fail> {
        match &mut e.phase {
            Phase::Live(live) => Ok(live),
            Phase::Challenge { .. } => refuse(Msg::new("err-not-accepted")),
            Phase::Closed => refuse(Msg::new("err-match-over")),
        }
    }

    // ---- the timer ----

    /// Applies what is due on one entry; true if something happened.
    pub(super) async fn apply_due(&self, e: &mut Entry, now: i64) -> Result<bool, Fail> {
        match &e.phase {
            Phase::Challenge { expires_at } if now >= *expires_at => {
                self.close_challenge(e, MatchStatus::Expired).await?;
                let msg = p(Msg::new("notice-expired"), "player", &e.challenger)
                    .msg("game", words::game(e.kind));
                let mut reply = Reply::public(id(msg, e.id));
                reply.mentions.push(e.challenger.id);
                self.notify(e, reply);
                Ok(true)
            }
            Phase::Live(live) => {
                let (Some(deadline), Status::ToMove(side)) = (live.deadline, live.game.status())
                else {
                    return Ok(false);
                };
                let loser = e.player(side).cloned().unwrap_or_default();
                if now >= deadline {
                    let early = !live.both_moved();
                    let outcome = Outcome::win(side.opponent(), Reason::Timeout);
                    let headline = p(Msg::new("head-out-of-time"), "player", &loser);
                    let reply = self.finish(e, outcome, early, None, Some(headline)).await?;
                    self.notify(e, reply);
                    return Ok(true);
                }
                let warn_at = e.clock_secs.map(|s| deadline - s * 1000 / 5);
                match warn_at {
                    Some(at) if !live.warned && now >= at => {
                        let (draw, back) = (live.draw_offer, live.takeback);
                        self.inner
                            .store
                            .update_match(&MatchUpdate {
                                match_id: e.id,
                                entry: None,
                                deadline_at: Some(deadline),
                                warned: true,
                                draw_offer_seat: draw.map(seat_of_side),
                                takeback_seat: back.map(seat_of_side),
                                finish: None,
                            })
                            .await?;
                        self.live_mut(e)?.warned = true;
                        self.reschedule(e);
                        let bot = self.inner.config.bot.id;
                        if let Some(p) = e.player(side).filter(|p| p.id != bot) {
                            let msg = Msg::new("notice-your-move")
                                .player("player", p.id, &p.name)
                                .msg("game", words::game(e.kind))
                                .duration("time", (deadline - now).max(0) / 1000);
                            let mut reply = Reply::public(id(msg, e.id));
                            reply.mentions.push(p.id);
                            reply.deadline = Some(deadline);
                            self.notify(e, reply);
                        }
                        Ok(true)
                    }
                    _ => {
                        self.reschedule(e);
                        Ok(false)
                    }
                }
            }
            _ => Ok(false),
        }
    }

    // ---- ladders and records ----

    async fn replay(&self, match_id: i64) -> Answer {
        let store = &self.inner.store;
        let Some(m) = store.match_by_id(match_id).await? else {
            return refuse(id(Msg::new("err-no-such-match"), match_id));
        };
        match m.status {
            MatchStatus::Finished | MatchStatus::Aborted => {}
            MatchStatus::Live => {
                return refuse(id(Msg::new("err-replay-live"), match_id));
            }
            _ => return refuse(id(Msg::new("err-never-played"), match_id)),
        }
        let (Ok(kind), Some(seats)) = (m.game.parse::<GameKind>(), m.seats()) else {
            return refuse(id(Msg::new("err-cannot-replay"), match_id));
        };
        let cannot = |err: String| {
            Fail::Refuse(id(Msg::new("err-cannot-replay-why"), match_id).plain("why", err))
        };
        let log = store.log(match_id).await?;
        let replayed =
            entry::replay_log(kind, &m.options, m.seed, &log, [seats[0].id, seats[1].id])
                .map_err(cannot)?;
        let start = entry::start_position(kind, &m.options, m.seed)
            .map_err(|err| cannot(err.to_string()))?;
        let caption = id(Msg::new("replay-caption"), match_id).msg("game", words::game(kind));
        let caption = p(p(caption, "first", seats[0]), "second", seats[1])
            .num("n", replayed.moves.len() as i64)
            .msg("result", texts::stored_result(&m));
        let mut reply = Reply::public(caption);
        reply.picture = Some(Picture::Replay {
            match_id,
            start,
            moves: replayed.moves.iter().map(|(mv, _)| *mv).collect(),
            players: [seats[0].name.clone(), seats[1].name.clone()],
            result: texts::stored_outcome(&m),
        });
        Ok(reply)
    }
}

/// "It's not your turn", naming whom the match waits for when known.
fn not_your_turn(waiting: Option<&PlayerRef>) -> Msg {
    match waiting {
        Some(w) => p(Msg::new("err-not-your-turn"), "player", w),
        None => Msg::new("err-not-your-turn-anon"),
    }
}

fn stamp_of(c: &Command) -> Option<Stamp> {
    match c {
        Command::Accept { at }
        | Command::Decline { at }
        | Command::Cancel { at }
        | Command::Move { at, .. }
        | Command::PickSource { at, .. }
        | Command::Resign { at }
        | Command::ConfirmResign { at }
        | Command::Draw { at }
        | Command::ConfirmDraw { at }
        | Command::RefuseDraw { at }
        | Command::Takeback { at }
        | Command::RefuseTakeback { at }
        | Command::Abort { at }
        | Command::Rematch { at } => *at,
        _ => None,
    }
}
