//! What each command does: who may do it, what changes, what is said.

use crate::games::{AnyMove, GameKind, MoveError, Outcome, Reason, Side, Status};
use crate::store::{
    EntryKind, Finish, Glicko, LogEntry, MatchStatus, MatchUpdate, NewMatch, PlayerRef, RatingJob,
    StoreError,
};

use super::api::{Actor, ChallengeSpec, Command, Opponent, Place, Reply, Stamp, UserRef};
use super::entry::{self, Entry, Live, Phase};
use super::hints;
use super::picture::Picture;
use super::presets::{self, show_duration};
use super::{RESERVED, Slot, Table, rating, seat_of_side, texts};

/// Why a command did nothing: a refusal for the requester, or a storage failure.
#[derive(Debug, thiserror::Error)]
pub enum Fail {
    #[error("{0}")]
    Refuse(String),
    /// A refusal of a control pressed on a board that is no longer current.
    #[error("{0}")]
    Stale(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

pub type Answer = Result<Reply, Fail>;

fn refuse<T>(text: impl Into<String>) -> Result<T, Fail> {
    Err(Fail::Refuse(text.into()))
}

const STALE: &str =
    "This board is out of date: the position has changed since. Use /board to see the current one.";

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
            Command::Leaderboard { game, scope, page } => {
                self.leaderboard(place, game, scope, page).await
            }
            Command::Stats { user, game } => self.stats(actor, place, user, game).await,
            Command::HeadToHead { user, other, game } => {
                self.head_to_head(actor, user, other, game).await
            }
            Command::History { user } => self.history(actor, user).await,
            Command::Replay { match_id } => self.replay(match_id).await,
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
                    Phase::Closed => refuse("This match is over."),
                }
            }
            other => {
                let at = stamp_of(&other);
                let slot = self.target(place, at).await?;
                let mut e = slot.lock().await;
                if matches!(e.phase, Phase::Closed) {
                    let text = format!("Match #{} is over.", e.id);
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

    /// Commands on one open match, with its lock held.
    async fn match_command(&self, e: &mut Entry, actor: &Actor, command: Command) -> Answer {
        let position_bound = matches!(
            command,
            Command::Move { .. }
                | Command::PickSource { .. }
                | Command::Draw { .. }
                | Command::Takeback { .. }
        );
        if let (true, Some(at), Some(live)) = (position_bound, stamp_of(&command), e.live()) {
            if at.seq != live.seq {
                return Err(Fail::Stale(STALE.to_string()));
            }
        }
        match command {
            Command::Accept { .. } => self.accept(e, actor).await,
            Command::Decline { .. } => self.decline(e, actor).await,
            Command::Cancel { .. } => self.cancel(e, actor).await,
            Command::Move { text, .. } => self.play_move(e, actor, &text).await,
            Command::PickSource { source, .. } => self.pick_source(e, actor, &source),
            Command::Resign { .. } => {
                let me = self.my_seat(e, actor)?;
                let outcome = Outcome::win(me.opponent(), Reason::Resignation);
                let headline = format!("@{} resigns.", actor.name);
                self.finish(e, outcome, false, None, Some(headline)).await
            }
            Command::Draw { .. } => self.draw(e, actor).await,
            Command::RefuseDraw { .. } => self.refuse_offer(e, actor, false).await,
            Command::Takeback { .. } => self.takeback(e, actor).await,
            Command::RefuseTakeback { .. } => self.refuse_offer(e, actor, true).await,
            Command::Abort { .. } => self.abort(e, actor).await,
            _ => refuse("That command does not apply to a match."),
        }
    }

    /// The open match a command is about: the one a button names, or this channel's.
    async fn target(&self, place: &Place, at: Option<Stamp>) -> Result<Slot, Fail> {
        match at {
            Some(stamp) => match self.slot(stamp.match_id) {
                Some(slot) => Ok(slot),
                None => match self.inner.store.match_by_id(stamp.match_id).await? {
                    Some(_) => Err(Fail::Stale(format!("Match #{} is over.", stamp.match_id))),
                    None => refuse(format!("There is no match #{}.", stamp.match_id)),
                },
            },
            None => self.slot_in_channel(place.channel).ok_or_else(|| {
                Fail::Refuse("There is no match in this channel. Start one with /play.".to_string())
            }),
        }
    }

    /// The seat of a player of this live match, or a refusal for anyone else.
    fn my_seat(&self, e: &Entry, actor: &Actor) -> Result<Side, Fail> {
        if matches!(e.phase, Phase::Challenge { .. }) {
            return refuse("This challenge has not been accepted yet.");
        }
        e.seat_of(actor.id)
            .ok_or_else(|| Fail::Refuse("You are not playing in this match.".to_string()))
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
            return refuse("The AI level goes from 1 (gentle) to 5 (strongest).");
        }
        let vs_bot = match &spec.opponent {
            Opponent::Bot => true,
            Opponent::User(u) => u.id == config.bot.id,
            Opponent::Anyone => false,
        };
        if vs_bot && config.ai.is_none() {
            return refuse(
                "The AI is not available yet, so the bot cannot play. Challenge a person, or \
                 leave the opponent empty for an open challenge.",
            );
        }
        let opponent = match &spec.opponent {
            _ if vs_bot => Some(PlayerRef {
                id: config.bot.id,
                name: config.bot.name.clone(),
            }),
            Opponent::User(u) if u.id == actor.id => {
                return refuse("You cannot challenge yourself.");
            }
            Opponent::User(u) => Some(PlayerRef {
                id: u.id,
                name: u.name.clone(),
            }),
            _ => None,
        };
        let rated = !vs_bot && spec.rated.unwrap_or(true);
        if let Err(e) = entry::start_position(spec.game, variant.options, 0) {
            return refuse(format!("This variant cannot be set up: {e}"));
        }
        if let Some(last) = self.inner.store.last_challenge_at(actor.id).await? {
            let wait = last + config.challenge_cooldown_ms - now;
            if wait > 0 {
                return refuse(format!(
                    "Please wait {} before your next challenge.",
                    show_duration((wait + 999) / 1000)
                ));
            }
        }
        {
            let mut index = self.lock_index();
            if index.by_channel.contains_key(&place.channel) {
                return refuse(
                    "There is already a match or a challenge in this channel. Finish it first, \
                     or start a thread for another one.",
                );
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
                let slot = self.slot(id).ok_or_else(|| {
                    Fail::Refuse("The challenge vanished; please try again.".into())
                })?;
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
            .rating(player, e.kind.name(), scope)
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
    async fn preview(&self, e: &Entry) -> Result<Option<String>, Fail> {
        let (true, Some(opponent)) = (e.rated, &e.opponent) else {
            return Ok(None);
        };
        let mine = self.current_rating(e, e.challenger.id).await?;
        let theirs = self.current_rating(e, opponent.id).await?;
        let [win, draw, loss] = rating::preview(mine, theirs);
        Ok(Some(format!(
            "Ratings: @{} {} vs @{} {}. For @{}: win {}, draw {}, loss {}.",
            e.challenger.name,
            rating::show(&mine),
            opponent.name,
            rating::show(&theirs),
            e.challenger.name,
            rating::show_delta(win),
            rating::show_delta(draw),
            rating::show_delta(loss)
        )))
    }

    async fn accept(&self, e: &mut Entry, actor: &Actor) -> Answer {
        let Phase::Challenge { expires_at } = e.phase else {
            return refuse("This challenge has already been accepted.");
        };
        if actor.id == e.challenger.id {
            return refuse("You cannot accept your own challenge (you can cancel it).");
        }
        if let Some(o) = &e.opponent {
            if o.id != actor.id {
                return refuse(format!("This challenge is for @{}.", o.name));
            }
        }
        if self.now() >= expires_at {
            self.close_challenge(e, MatchStatus::Expired).await?;
            return refuse("This challenge has expired.");
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
        let game = entry::start_position(e.kind, &e.options, e.seed)
            .map_err(|err| Fail::Refuse(format!("This variant cannot be set up: {err}")))?;
        let deadline = e.clock_secs.map(|s| now + s * 1000);
        if !self
            .inner
            .store
            .start_match(e.id, &opponent, now, deadline)
            .await?
        {
            return refuse("This challenge is no longer open.");
        }
        let headline = if e.vs_bot {
            "The bot takes the challenge.".to_string()
        } else {
            format!("@{} accepts the challenge.", opponent.name)
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
        }));
        self.reschedule(e);
        self.maybe_bot_turn(e);
        Ok(e.board_reply(Some(headline), now))
    }

    async fn decline(&self, e: &mut Entry, actor: &Actor) -> Answer {
        if !matches!(e.phase, Phase::Challenge { .. }) {
            return refuse("This challenge has already been accepted.");
        }
        if actor.id == e.challenger.id {
            return self.cancel(e, actor).await;
        }
        match &e.opponent {
            Some(o) if o.id == actor.id => {
                self.close_challenge(e, MatchStatus::Declined).await?;
                Ok(Reply::public(format!(
                    "@{} declines the challenge of @{}.",
                    actor.name, e.challenger.name
                )))
            }
            Some(o) => refuse(format!("This challenge is for @{}.", o.name)),
            None => refuse("This is an open challenge: nobody needs to decline it."),
        }
    }

    async fn cancel(&self, e: &mut Entry, actor: &Actor) -> Answer {
        if !matches!(e.phase, Phase::Challenge { .. }) {
            return refuse("This challenge has already been accepted.");
        }
        if actor.id != e.challenger.id && !actor.is_moderator {
            return refuse(format!(
                "Only @{} can cancel this challenge.",
                e.challenger.name
            ));
        }
        self.close_challenge(e, MatchStatus::Cancelled).await?;
        Ok(Reply::public(format!(
            "The challenge of @{} is cancelled.",
            e.challenger.name
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
            return refuse("There is no finished match of yours to replay here.");
        };
        if !matches!(old.status, MatchStatus::Finished | MatchStatus::Aborted) {
            return refuse(format!("Match #{} is not over yet.", old.id));
        }
        let Some(seats) = old.seats() else {
            return refuse("That match never started.");
        };
        let Some(mine) = seats.iter().position(|p| p.id == actor.id) else {
            return refuse(format!(
                "Only the players of match #{} can ask for a rematch.",
                old.id
            ));
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
            return refuse("That match is of a game this version does not know.");
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
            return refuse("The game is over.");
        };
        if side != me {
            let waiting = e.player(side).map_or("your opponent", |p| p.name.as_str());
            return refuse(format!("It's not your turn — waiting for @{waiting}."));
        }
        let (mv, canonical) = match live
            .game
            .parse_move(text)
            .and_then(|mv| Ok((mv, live.game.format_move(&mv)?)))
        {
            Ok(found) => found,
            Err(e @ MoveError::Syntax(_)) => return refuse(format!("That's not a move: {e}")),
            Err(e @ MoveError::Illegal(_)) => {
                return refuse(format!("That's not a legal move: {e}"));
            }
            Err(MoveError::GameOver) => return refuse("The game is over."),
        };
        let mut game = live.game.clone();
        if let Err(err) = game.play(&mv) {
            return refuse(format!("That's not a legal move: {err}"));
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
        let headline = format!("@{} played {canonical}.", actor.name);
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
            let waiting = live
                .game
                .status()
                .to_move()
                .and_then(|s| e.player(s))
                .map_or("your opponent", |p| p.name.as_str());
            return refuse(format!("It's not your turn — waiting for @{waiting}."));
        }
        let legal = hints::visible_moves(&live.game);
        let menus = hints::move_menus(&legal, source, e.stamp());
        if menus.is_empty() {
            return refuse(format!("{source} has no legal move."));
        }
        let mut reply = Reply::private(format!("Moves from {source}:"));
        reply.menus = menus;
        Ok(reply)
    }

    async fn draw(&self, e: &mut Entry, actor: &Actor) -> Answer {
        let me = self.my_seat(e, actor)?;
        let live = self.live(e)?;
        let other = e
            .player(me.opponent())
            .map_or(String::new(), |p| p.name.clone());
        match live.draw_offer {
            Some(s) if s == me.opponent() => {
                let headline = format!("@{} accepts the draw.", actor.name);
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
                return refuse(format!(
                    "You have offered a draw already; waiting for @{other}."
                ));
            }
            None => {}
        }
        if e.vs_bot {
            return refuse("The bot plays on: it does not accept draws.");
        }
        self.set_offers(e, Some(me), live.takeback).await?;
        let headline = format!("@{} offers a draw. @{other}: accept or refuse.", actor.name);
        Ok(self.offer_reply(e, headline))
    }

    async fn takeback(&self, e: &mut Entry, actor: &Actor) -> Answer {
        if e.kind == GameKind::Lightning {
            return refuse(
                "Takebacks are off in Lightning: the tile from the pile has been seen, so \
                 taking the move back would let you peek at the pile.",
            );
        }
        let me = self.my_seat(e, actor)?;
        let live = self.live(e)?;
        let other = e
            .player(me.opponent())
            .map_or(String::new(), |p| p.name.clone());
        match live.takeback {
            Some(s) if s == me.opponent() => return self.take_back(e, s, &other).await,
            Some(_) => {
                return refuse(format!(
                    "You have asked for a takeback already; waiting for @{other}."
                ));
            }
            None => {}
        }
        if !live.moves.iter().any(|&(_, s)| s == me) {
            return refuse("You have no move to take back.");
        }
        if e.vs_bot {
            return self.take_back(e, me, &actor.name).await;
        }
        self.set_offers(e, live.draw_offer, Some(me)).await?;
        let headline = format!(
            "@{} asks to take back their last move. @{other}: accept or refuse.",
            actor.name
        );
        Ok(self.offer_reply(e, headline))
    }

    /// The answer to a new draw offer or takeback request: the board's text and its accept and
    /// refuse buttons, without a new picture or move menus (the position has not changed).
    fn offer_reply(&self, e: &Entry, headline: String) -> Reply {
        let mut reply = e.board_reply(Some(headline), self.now());
        reply.picture = None;
        reply.menus.clear();
        reply
    }

    /// Undoes `requester`'s last move (and the reply to it, if any), logging a takeback entry.
    async fn take_back(&self, e: &mut Entry, requester: Side, name: &str) -> Answer {
        let now = self.now();
        let live = self.live(e)?;
        let Some(keep) = live.moves.iter().rposition(|&(_, s)| s == requester) else {
            return refuse("There is no move to take back.");
        };
        let start = entry::start_position(e.kind, &e.options, e.seed)
            .map_err(|err| Fail::Refuse(format!("Cannot rebuild the position: {err}")))?;
        let (game, before) = entry::position_after(&start, &live.moves[..keep])
            .map_err(|err| Fail::Refuse(format!("Cannot rebuild the position: {err}")))?;
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
        let what = if undone == 1 { "move" } else { "moves" };
        Ok(e.board_reply(
            Some(format!("Takeback for @{name}: {undone} {what} undone.")),
            now,
        ))
    }

    async fn refuse_offer(&self, e: &mut Entry, actor: &Actor, takeback: bool) -> Answer {
        let me = self.my_seat(e, actor)?;
        let live = self.live(e)?;
        let (standing, what) = if takeback {
            (live.takeback, "takeback")
        } else {
            (live.draw_offer, "draw offer")
        };
        if standing != Some(me.opponent()) {
            return refuse(format!("There is no {what} to refuse."));
        }
        let (draw, back) = if takeback {
            (live.draw_offer, None)
        } else {
            (None, live.takeback)
        };
        self.set_offers(e, draw, back).await?;
        Ok(Reply::public(format!(
            "@{} refuses the {what}.",
            actor.name
        )))
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
                return Ok(Reply::public(format!(
                    "The challenge of @{} is withdrawn.",
                    e.challenger.name
                )));
            }
            return refuse(format!(
                "Only @{} (or a moderator) can withdraw this challenge.",
                e.challenger.name
            ));
        }
        let live = self.live(e)?;
        let player = e.seat_of(actor.id).is_some();
        let early = !live.both_moved();
        if !(actor.is_moderator || (player && early)) {
            return refuse(if player {
                "Too late to abort: both players have moved. You can resign or offer a draw."
            } else {
                "Only the players (before each has moved) or a moderator can abort this match."
            });
        }
        let headline = format!("@{} aborts the match.", actor.name);
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
        headline: Option<String>,
    ) -> Answer {
        let now = self.now();
        let seats = e
            .seats()
            .map(|s| [s[0].id, s[1].id])
            .ok_or_else(|| Fail::Refuse("This match has no opponent.".to_string()))?;
        let scopes: Vec<i64> = e
            .place
            .guild
            .map(|g| g as i64)
            .into_iter()
            .chain([0])
            .collect();
        let rating = (e.rated && !e.vs_bot && !aborted).then(|| RatingJob {
            game: e.kind.name(),
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
            Phase::Challenge { .. } => refuse("This challenge has not been accepted yet."),
            Phase::Closed => refuse("This match is over."),
        }
    }

    fn live_mut<'a>(&self, e: &'a mut Entry) -> Result<&'a mut Live, Fail> {
        match &mut e.phase {
            Phase::Live(live) => Ok(live),
            Phase::Challenge { .. } => refuse("This challenge has not been accepted yet."),
            Phase::Closed => refuse("This match is over."),
        }
    }

    // ---- the timer ----

    /// Applies what is due on one entry; true if something happened.
    pub(super) async fn apply_due(&self, e: &mut Entry, now: i64) -> Result<bool, Fail> {
        match &e.phase {
            Phase::Challenge { expires_at } if now >= *expires_at => {
                self.close_challenge(e, MatchStatus::Expired).await?;
                let mut reply = Reply::public(format!(
                    "The {} challenge of @{} (#{}) expired without an answer.",
                    e.kind.title(),
                    e.challenger.name,
                    e.id
                ));
                reply.mentions.push(e.challenger.id);
                self.notify(e, reply);
                Ok(true)
            }
            Phase::Live(live) => {
                let (Some(deadline), Status::ToMove(side)) = (live.deadline, live.game.status())
                else {
                    return Ok(false);
                };
                let name = e.player(side).map_or(String::new(), |p| p.name.clone());
                if now >= deadline {
                    let early = !live.both_moved();
                    let outcome = Outcome::win(side.opponent(), Reason::Timeout);
                    let headline = format!("@{name} ran out of time.");
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
                            let mut reply = Reply::public(format!(
                                "@{}: your move in {} #{}. Time left: {}.",
                                p.name,
                                e.kind.title(),
                                e.id,
                                show_duration((deadline - now).max(0) / 1000)
                            ));
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
            return refuse(format!("There is no match #{match_id}."));
        };
        match m.status {
            MatchStatus::Finished | MatchStatus::Aborted => {}
            MatchStatus::Live => {
                return refuse(format!(
                    "Match #{match_id} is still being played: its replay comes when it ends."
                ));
            }
            _ => return refuse(format!("Match #{match_id} was never played.")),
        }
        let (Ok(kind), Some(seats)) = (m.game.parse::<GameKind>(), m.seats()) else {
            return refuse(format!("Match #{match_id} cannot be replayed."));
        };
        let log = store.log(match_id).await?;
        let replayed =
            entry::replay_log(kind, &m.options, m.seed, &log, [seats[0].id, seats[1].id]).map_err(
                |err| Fail::Refuse(format!("Match #{match_id} cannot be replayed: {err}")),
            )?;
        let start = entry::start_position(kind, &m.options, m.seed)
            .map_err(|err| Fail::Refuse(format!("Match #{match_id} cannot be replayed: {err}")))?;
        let mut reply = Reply::public(format!(
            "Replay of {} #{match_id}: @{} vs @{}, {} moves. {}",
            kind.title(),
            seats[0].name,
            seats[1].name,
            replayed.moves.len(),
            texts::stored_result(&m)
        ));
        reply.picture = Some(Picture::Replay {
            match_id,
            start,
            moves: replayed.moves.iter().map(|(mv, _)| *mv).collect(),
            players: [seats[0].name.clone(), seats[1].name.clone()],
        });
        Ok(reply)
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
        | Command::Draw { at }
        | Command::RefuseDraw { at }
        | Command::Takeback { at }
        | Command::RefuseTakeback { at }
        | Command::Abort { at }
        | Command::Rematch { at } => *at,
        _ => None,
    }
}
