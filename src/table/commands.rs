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
use super::{RESERVED, Slot, Table, rating, texts};
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
    seat: usize,
}

/// How long a lobby (a match of more than two seats) waits for its seats to fill.
pub const LOBBY_TTL_MS: i64 = 15 * 60 * 1000;

impl Table {
    pub(super) async fn dispatch(&self, actor: &Actor, place: &Place, command: Command) -> Answer {
        match command {
            Command::Challenge(spec) => self.challenge(actor, place, spec, None).await,
            Command::Rematch { at } => self.rematch(actor, place, at).await,
            Command::Rules { game } => {
                Ok(texts::rules(game, self.inner.config.docs_url.as_deref()))
            }
            Command::Settings { threads, reminders } => {
                self.settings(actor, place, threads, reminders).await
            }
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
        if let (Some(at), Some(live)) = (stamp_of(&command), e.live())
            && at.seq != live.seq
        {
            return Err(Fail::Stale(
                Msg::new("err-stale-board").code("board", "/board"),
            ));
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
                // A player who resigns resigns their team.
                let mine = self.my_seats(e, actor)?;
                let team = self.live(e)?.game.seat_side(mine[0]);
                let outcome = Outcome::win(team.opponent(), Reason::Resignation);
                let headline = Msg::new("head-resigns").player("player", actor.id, &actor.name);
                self.finish(e, outcome, false, None, Some(headline)).await
            }
            Command::Draw { at: Some(_) } if self.draw_offered_to(e, actor) => {
                self.ask_to_accept_draw(e, actor)
            }
            Command::Draw { .. } => self.draw(e, actor).await,
            Command::ConfirmDraw { .. } => {
                self.my_seats(e, actor)?;
                self.live(e)?;
                if !self.draw_offered_to(e, actor) {
                    return refuse(Msg::new("err-no-draw-to-accept"));
                }
                self.draw(e, actor).await
            }
            Command::Sit { seat, .. } => self.sit(e, actor, usize::from(seat)).await,
            Command::SitBot { .. } => self.sit_bot(e, actor).await,
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

    /// The seats of a player of this live match (one for a person), or a refusal for anyone
    /// else.
    fn my_seats(&self, e: &Entry, actor: &Actor) -> Result<Vec<usize>, Fail> {
        if matches!(e.phase, Phase::Challenge { .. }) {
            return refuse(Msg::new("err-not-accepted"));
        }
        let seats = e.seats_of(actor.id);
        if seats.is_empty() {
            return refuse(Msg::new("err-not-a-player"));
        }
        Ok(seats)
    }

    /// The seats the bot holds, as consent bits: the bot agrees to every takeback.
    fn bot_seats(&self, e: &Entry) -> u8 {
        entry::mask(&e.seats_of(self.inner.config.bot.id))
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
        let start = match entry::start_position(spec.game, variant.options, 0) {
            Ok(start) => start,
            Err(e) => return refuse(Msg::new("err-variant-setup").plain("why", e.to_string())),
        };
        let seat_count = start.seat_count();
        let lobby = seat_count > 2;
        if lobby && rematch.is_some() {
            return refuse(Msg::new("err-rematch-lobby").code("play", "/play"));
        }
        if let Some(last) = self.inner.store.last_challenge_at(actor.id).await? {
            let wait = last + config.challenge_cooldown_ms - now;
            if wait > 0 {
                return refuse(Msg::new("err-cooldown").duration("time", (wait + 999) / 1000));
            }
        }
        let (threaded, note) = self.thread_mode(place).await?;
        if threaded {
            let named = match &opponent {
                Some(o) if !vs_bot => Some(o.id),
                _ => None,
            };
            self.one_match_per_pair(place, actor.id, named).await?;
        } else {
            let mut index = self.lock_index();
            if let Some(&busy) = index.by_channel.get(&place.channel) {
                if place.parent.is_some() && busy != RESERVED {
                    // A match's own thread: new challenges belong in the channel.
                    return refuse(id(Msg::new("err-play-in-thread"), busy));
                }
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
        let challenger_seat = rematch.map_or_else(
            || (rand::random::<u32>() % seat_count as u32) as u8,
            |(_, seat)| seat,
        );
        let expires_at = now
            + if lobby {
                LOBBY_TTL_MS
            } else {
                config.challenge_ttl_ms
            };
        let challenger = PlayerRef {
            id: actor.id,
            name: actor.name.clone(),
        };
        // A lobby's named opponent (or the bot) sits on the other team, next in turn.
        let mut seats: Vec<Option<PlayerRef>> = vec![None; seat_count];
        let mine = usize::from(challenger_seat) % seat_count;
        seats[mine] = Some(challenger.clone());
        seats[(mine + 1) % seat_count] = opponent.clone();
        let (opponent, seat_opponent) = if lobby {
            (None, opponent)
        } else {
            (opponent, None)
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
            level: (vs_bot || lobby).then_some(level),
            challenger: challenger.clone(),
            opponent: opponent.clone(),
            vs_bot,
            challenger_seat,
            seats: seats.clone(),
            threaded,
            deadline_at: Some(expires_at),
            rematch_of: rematch.map(|(id, _)| id),
            created_at: now,
        };
        let id = match self.inner.store.create_challenge(&new).await {
            Ok(id) => id,
            Err(e) => {
                let mut index = self.lock_index();
                if !threaded && index.by_channel.get(&place.channel) == Some(&RESERVED) {
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
            level: (vs_bot || lobby).then_some(level),
            vs_bot,
            challenger,
            opponent: opponent.clone(),
            challenger_seat,
            ratings: vec![None; seats.len()],
            seats,
            threaded,
            card: None,
            rematch_of: rematch.map(|(id, _)| id),
            phase: Phase::Challenge { expires_at },
        };
        if lobby {
            let mut reply = e.lobby_reply(&start, config.ai.is_some(), expires_at, now);
            if let Some(o) = seat_opponent {
                reply.mentions.retain(|&m| m == o.id);
            } else {
                reply.mentions.clear();
            }
            self.register(e);
            reply.lines.extend(note);
            return Ok(reply);
        }
        let card = match (vs_bot, opponent) {
            (true, Some(bot)) => {
                // The bot accepts at once; its moves are looked up by id, so register first.
                self.register(e);
                let slot = self
                    .slot(id)
                    .ok_or_else(|| Fail::Refuse(Msg::new("err-vanished")))?;
                let mut e = slot.lock().await;
                return self.start_live(&mut e, Some(bot)).await;
            }
            _ => {
                let preview = self.preview(&e).await;
                e.challenge_reply(preview.unwrap_or(None), expires_at, now)
            }
        };
        self.register(e);
        let mut card = card;
        card.lines.extend(note);
        Ok(card)
    }

    /// Shows the settings after changing those given: the server's need Manage Server.
    async fn settings(
        &self,
        actor: &Actor,
        place: &Place,
        threads: Option<bool>,
        reminders: Option<bool>,
    ) -> Answer {
        let store = &self.inner.store;
        let mut lines = Vec::new();
        if let Some(on) = threads {
            let Some(guild) = place.guild else {
                return refuse(Msg::new("err-settings-no-server"));
            };
            if !actor.manages_server {
                return refuse(Msg::new("err-settings-manage-server"));
            }
            let mut settings = store.guild_settings(guild).await?;
            settings.threads = on;
            store.set_guild_settings(guild, settings).await?;
            lines.push(Msg::new("settings-saved"));
        }
        if let Some(on) = reminders {
            let me = PlayerRef {
                id: actor.id,
                name: actor.name.clone(),
            };
            store.set_reminders(&me, on, self.now()).await?;
            if threads.is_none() {
                lines.push(Msg::new("settings-saved"));
            }
        }
        if let Some(guild) = place.guild {
            let on = store.guild_settings(guild).await?.threads;
            lines.push(Msg::new("settings-threads").plain("on", if on { "on" } else { "off" }));
        }
        let on = store.reminders(actor.id).await?;
        lines.push(Msg::new("settings-reminders").plain("on", if on { "on" } else { "off" }));
        let mut reply = Reply::private(Msg::new("settings-title"));
        reply.lines.extend(lines);
        Ok(reply)
    }

    /// Whether a new challenge here gets a thread of its own once accepted, and the note that
    /// says (once per server) why it cannot.
    async fn thread_mode(&self, place: &Place) -> Result<(bool, Option<Msg>), Fail> {
        let (Some(guild), None) = (place.guild, place.parent) else {
            return Ok((false, None));
        };
        let store = &self.inner.store;
        let mut settings = store.guild_settings(guild).await?;
        if !settings.threads {
            return Ok((false, None));
        }
        if place.can_thread {
            return Ok((true, None));
        }
        if settings.told_no_threads {
            return Ok((false, None));
        }
        settings.told_no_threads = true;
        store.set_guild_settings(guild, settings).await?;
        Ok((false, Some(Msg::new("note-no-threads"))))
    }

    /// With threads, a channel holds any number of matches, but a person has one match with
    /// the same opponent there at a time.
    async fn one_match_per_pair(
        &self,
        place: &Place,
        me: u64,
        other: Option<u64>,
    ) -> Result<(), Fail> {
        let Some(other) = other else {
            return Ok(());
        };
        let here: Vec<Slot> = self.lock_index().entries.values().cloned().collect();
        for slot in here {
            let e = slot.lock().await;
            let in_channel =
                e.place.channel == place.channel || e.place.parent == Some(place.channel);
            let theirs = |id: u64| {
                e.challenger.id == id
                    || e.opponent.as_ref().is_some_and(|o| o.id == id)
                    || !e.seats_of(id).is_empty()
            };
            if in_channel && !matches!(e.phase, Phase::Closed) && theirs(me) && theirs(other) {
                return refuse(id(Msg::new("err-same-opponent-here"), e.id));
            }
        }
        Ok(())
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
            .map_or(rating::initial(e.seats.len()), |r| {
                (rating::decay_for(e.seats.len()))(r.value, now.saturating_sub(r.last_played))
            }))
    }

    /// The seats' current ratings for pictures (rated matches with every seat taken).
    pub(super) async fn seat_ratings(&self, e: &Entry) -> Result<Vec<Option<String>>, Fail> {
        let (true, Some(seats)) = (e.rated && !e.vs_bot, e.seats()) else {
            return Ok(vec![None; e.seats.len()]);
        };
        let mut shown = vec![None; seats.len()];
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
        if e.is_lobby_game() {
            // Accepting a lobby takes its first empty seat.
            let seat = e.seats.iter().position(Option::is_none).unwrap_or(0);
            return self.sit(e, actor, seat).await;
        }
        if actor.id == e.challenger.id {
            return refuse(Msg::new("err-own-challenge"));
        }
        if let Some(o) = &e.opponent
            && o.id != actor.id
        {
            return refuse(p(Msg::new("err-challenge-for"), "player", o));
        }
        if self.now() >= expires_at {
            self.close_challenge(e, MatchStatus::Expired).await?;
            return refuse(Msg::new("err-expired"));
        }
        let me = PlayerRef {
            id: actor.id,
            name: actor.name.clone(),
        };
        self.start_live(e, Some(me)).await
    }

    /// Takes an empty seat of a lobby; the game starts when the last seat is taken.
    async fn sit(&self, e: &mut Entry, actor: &Actor, seat: usize) -> Answer {
        let Phase::Challenge { expires_at } = e.phase else {
            return refuse(Msg::new("err-already-accepted"));
        };
        if !e.is_lobby_game() {
            return refuse(Msg::new("err-not-a-lobby"));
        }
        if !e.seats_of(actor.id).is_empty() {
            return refuse(Msg::new("err-already-seated"));
        }
        let me = PlayerRef {
            id: actor.id,
            name: actor.name.clone(),
        };
        self.seat_player(e, seat, me, None, expires_at).await
    }

    /// Seats the bot on a lobby's first empty seat, at the lobby's level: anyone seated may.
    async fn sit_bot(&self, e: &mut Entry, actor: &Actor) -> Answer {
        let Phase::Challenge { expires_at } = e.phase else {
            return refuse(Msg::new("err-already-accepted"));
        };
        if !e.is_lobby_game() {
            return refuse(Msg::new("err-not-a-lobby"));
        }
        if e.seats_of(actor.id).is_empty() && !actor.is_moderator {
            return refuse(Msg::new("err-sit-first"));
        }
        if self.inner.config.ai.is_none() {
            return refuse(Msg::new("err-no-ai"));
        }
        let Some(seat) = e.seats.iter().position(Option::is_none) else {
            return refuse(Msg::new("err-seat-taken"));
        };
        let bot = PlayerRef {
            id: self.inner.config.bot.id,
            name: self.inner.config.bot.name.clone(),
        };
        let level = e.level.unwrap_or(2);
        self.seat_player(e, seat, bot, Some(level), expires_at)
            .await
    }

    /// Records `player` on `seat` (the bot with its level, which makes the match casual),
    /// then answers with the lobby, or starts the game once every seat is taken.
    async fn seat_player(
        &self,
        e: &mut Entry,
        seat: usize,
        player: PlayerRef,
        bot_level: Option<u8>,
        expires_at: i64,
    ) -> Answer {
        let now = self.now();
        if now >= expires_at {
            self.close_challenge(e, MatchStatus::Expired).await?;
            return refuse(Msg::new("err-expired"));
        }
        if e.seats.get(seat).is_none_or(Option::is_some) {
            return refuse(Msg::new("err-seat-taken"));
        }
        let store = &self.inner.store;
        let seat_u8 = u8::try_from(seat).map_err(|_| Fail::Refuse(Msg::new("err-seat-taken")))?;
        if !store
            .take_seat(e.id, seat_u8, &player, bot_level, now)
            .await?
        {
            return refuse(Msg::new("err-seat-taken"));
        }
        if let Some(level) = bot_level {
            e.vs_bot = true;
            e.rated = false;
            e.level = Some(e.level.unwrap_or(level));
        }
        let headline = p(Msg::new("head-sits"), "player", &player);
        e.seats[seat] = Some(player);
        if e.seats.iter().all(Option::is_some) {
            return self.start_live(e, None).await;
        }
        let start = entry::start_position(e.kind, &e.options, e.seed).map_err(|err| {
            Fail::Refuse(Msg::new("err-variant-setup").plain("why", err.to_string()))
        })?;
        let mut reply = e.lobby_reply(&start, self.inner.config.ai.is_some(), expires_at, now);
        reply.lines.insert(0, headline);
        reply.mentions.clear();
        Ok(reply)
    }

    /// Seats the opponent of a two-seat challenge (a lobby's seats are already taken) and
    /// starts the clock.
    async fn start_live(&self, e: &mut Entry, opponent: Option<PlayerRef>) -> Answer {
        let now = self.now();
        let game = entry::start_position(e.kind, &e.options, e.seed).map_err(|err| {
            Fail::Refuse(Msg::new("err-variant-setup").plain("why", err.to_string()))
        })?;
        let deadline = e.clock_secs.map(|s| now + s * 1000);
        if !self
            .inner
            .store
            .start_match(e.id, opponent.as_ref(), now, deadline)
            .await?
        {
            return refuse(Msg::new("err-no-longer-open"));
        }
        let headline = match &opponent {
            None => Msg::new("head-lobby-full"),
            Some(_) if e.vs_bot => Msg::new("head-bot-accepts"),
            Some(o) => p(Msg::new("head-accepts"), "player", o),
        };
        if let Some(opponent) = opponent {
            let seat = 1 - usize::from(e.challenger_seat.min(1));
            e.seats[seat] = Some(opponent.clone());
            e.opponent = Some(opponent);
        }
        e.ratings = self.seat_ratings(e).await?;
        e.phase = Phase::Live(Box::new(Live {
            game,
            before: None,
            moves: Vec::new(),
            seq: 0,
            deadline,
            warned: false,
            draw_offer: None,
            draw_consent: 0,
            takeback: None,
            takeback_consent: 0,
            both_moved_once: false,
        }));
        self.reschedule(e);
        let mut reply = e.board_reply(Some(headline), now);
        if e.threaded && !e.holds_channel() {
            // The bot's first move waits until the match is in its thread (see `relocate`).
            let mut thread = e.thread_request();
            thread.members.retain(|&m| m != self.inner.config.bot.id);
            reply.thread = Some(thread);
        } else {
            self.maybe_bot_turn(e);
        }
        Ok(reply)
    }

    async fn decline(&self, e: &mut Entry, actor: &Actor) -> Answer {
        if !matches!(e.phase, Phase::Challenge { .. }) {
            return refuse(Msg::new("err-already-accepted"));
        }
        if actor.id == e.challenger.id {
            return self.cancel(e, actor).await;
        }
        if e.is_lobby_game() {
            return refuse(Msg::new("err-open-decline"));
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
        if seats.len() != 2 {
            return refuse(Msg::new("err-rematch-lobby").code("play", "/play"));
        }
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

    /// Plays a move; then a seat left with no legal move passes at once (nobody has to type
    /// it), and the answer says so.
    pub(super) async fn play_move(&self, e: &mut Entry, actor: &Actor, text: &str) -> Answer {
        let (mut reply, mut headline) = self.play_turn(e, actor, text, None).await?;
        // Four seats at most pass in a row before someone can move again.
        for _ in 0..4 {
            let Some((player, pass)) = self.forced_pass(e) else {
                break;
            };
            let who = Actor::new(player.id, player.name);
            (reply, headline) = self.play_turn(e, &who, &pass, Some(headline)).await?;
        }
        Ok(reply)
    }

    /// The player of the seat to move and its pass, when a pass is all it can play.
    fn forced_pass(&self, e: &Entry) -> Option<(PlayerRef, String)> {
        let live = e.live()?;
        let pass = live.game.forced_pass()?;
        let text = live.game.format_move(&pass).ok()?;
        let player = e.player(live.game.seat_to_move()?)?.clone();
        Some((player, text))
    }

    /// Plays one move; `earlier` is the headline of the move this one follows at once (a
    /// forced pass), which the answer keeps. Returns the answer and its headline.
    async fn play_turn(
        &self,
        e: &mut Entry,
        actor: &Actor,
        text: &str,
        earlier: Option<Msg>,
    ) -> Result<(Reply, Msg), Fail> {
        let now = self.now();
        let mine = self.my_seats(e, actor)?;
        let live = self.live(e)?;
        let Some(seat) = live.game.seat_to_move() else {
            return refuse(Msg::new("err-game-over"));
        };
        if !mine.contains(&seat) {
            return refuse(not_your_turn(e.player(seat)));
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
            seat,
        };
        let this = match (&earlier, step.mv) {
            (Some(_), AnyMove::Loa(mv)) if mv.is_pass() => {
                Msg::new("head-passes").player("player", actor.id, &actor.name)
            }
            _ => Msg::new("head-played")
                .player("player", actor.id, &actor.name)
                .code("move", &canonical),
        };
        let headline = match earlier {
            Some(first) => Msg::new("head-then")
                .msg("first", first)
                .msg("second", this),
            None => this,
        };
        if let Status::Over(outcome) = step.game.status() {
            let reply = self
                .finish(e, outcome, false, Some(step), Some(headline.clone()))
                .await?;
            return Ok((reply, headline));
        }
        // The clock restarts when the turn passes (not after the first step of a two-step turn).
        let turn_passes = step.game.seat_to_move() != Some(seat);
        let (deadline, warned) = if turn_passes {
            (e.clock_secs.map(|s| now + s * 1000), false)
        } else {
            (live.deadline, live.warned)
        };
        // A standing draw offer lapses when a seat that has not agreed moves instead.
        let (draw_offer, draw_consent) = if live.draw_consent & (1 << seat) != 0 {
            (live.draw_offer, live.draw_consent)
        } else {
            (None, 0)
        };
        self.inner
            .store
            .update_match(&MatchUpdate {
                match_id: e.id,
                known_seq: e.live().map_or(0, |l| l.seq),
                entry: Some(step.entry.clone()),
                deadline_at: deadline,
                warned,
                draw_offer_seat: draw_offer.map(seat_u8),
                takeback_seat: None,
                draw_consent,
                takeback_consent: 0,
                finish: None,
            })
            .await?;
        let live = self.live_mut(e)?;
        live.before = Some(std::mem::replace(&mut live.game, step.game));
        live.moves.push((step.mv, step.seat));
        live.seq = step.entry.seq;
        live.deadline = deadline;
        live.warned = warned;
        live.draw_offer = draw_offer;
        live.draw_consent = draw_consent;
        live.takeback = None;
        live.takeback_consent = 0;
        self.reschedule(e);
        self.maybe_bot_turn(e);
        Ok((e.board_reply(Some(headline.clone()), now), headline))
    }

    fn pick_source(&self, e: &Entry, actor: &Actor, source: &str) -> Answer {
        let mine = self.my_seats(e, actor)?;
        let live = self.live(e)?;
        let to_move = live.game.seat_to_move();
        if !to_move.is_some_and(|s| mine.contains(&s)) {
            return refuse(not_your_turn(to_move.and_then(|s| e.player(s))));
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
        self.my_seats(e, actor)?;
        self.live(e)?;
        Ok(e.confirm_reply(
            id(Msg::new("confirm-resign"), e.id),
            Action::ConfirmResign,
            Msg::new("btn-confirm-resign"),
            ButtonStyle::Danger,
        ))
    }

    /// Whether a draw offer stands that `actor` has not agreed to yet.
    fn draw_offered_to(&self, e: &Entry, actor: &Actor) -> bool {
        let mine = entry::mask(&e.seats_of(actor.id));
        match e.live() {
            Some(live) => {
                live.draw_offer.is_some() && mine != 0 && live.draw_consent & mine != mine
            }
            None => false,
        }
    }

    /// The question a button that would accept a draw asks, for the presser only.
    fn ask_to_accept_draw(&self, e: &Entry, actor: &Actor) -> Answer {
        self.my_seats(e, actor)?;
        let live = self.live(e)?;
        let offerer = live
            .draw_offer
            .and_then(|s| e.player(s))
            .cloned()
            .unwrap_or_default();
        Ok(e.confirm_reply(
            p(id(Msg::new("confirm-draw"), e.id), "player", &offerer),
            Action::ConfirmDraw,
            Msg::new("btn-confirm-draw"),
            ButtonStyle::Success,
        ))
    }

    /// Offers a draw, or agrees to the standing offer: the draw is agreed when every seat has.
    async fn draw(&self, e: &mut Entry, actor: &Actor) -> Answer {
        let mine = entry::mask(&self.my_seats(e, actor)?);
        let live = self.live(e)?;
        if let Some(offerer) = live.draw_offer {
            if live.draw_consent & mine == mine {
                return refuse(waiting(Msg::new("err-draw-offered"), e, live.draw_consent));
            }
            let consent = live.draw_consent | mine;
            if consent == e.all_seats() {
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
            let takeback = (live.takeback, live.takeback_consent);
            self.set_offers(e, (Some(offerer), consent), takeback)
                .await?;
            let headline = Msg::new("head-agrees").player("player", actor.id, &actor.name);
            return Ok(self.offer_reply(e, headline));
        }
        if e.vs_bot {
            return refuse(Msg::new("err-bot-no-draw"));
        }
        let me = e.seats_of(actor.id).first().copied().unwrap_or(0);
        let takeback = (live.takeback, live.takeback_consent);
        self.set_offers(e, (Some(me), mine), takeback).await?;
        let headline = Msg::new("head-offers-draw").player("player", actor.id, &actor.name);
        Ok(self.offer_reply(e, waiting_as(headline, "other", e, mine)))
    }

    /// Asks to take back your last move, or agrees to the standing request: it is taken back
    /// when every seat has agreed (the bot agrees at once).
    async fn takeback(&self, e: &mut Entry, actor: &Actor) -> Answer {
        if e.kind == GameKind::Lightning {
            return refuse(Msg::new("err-no-takeback-lightning"));
        }
        let seats = self.my_seats(e, actor)?;
        let mine = entry::mask(&seats);
        let bot = self.bot_seats(e);
        let live = self.live(e)?;
        let draw = (live.draw_offer, live.draw_consent);
        if let Some(requester) = live.takeback {
            if live.takeback_consent & mine == mine {
                return refuse(waiting(
                    Msg::new("err-takeback-asked"),
                    e,
                    live.takeback_consent,
                ));
            }
            let consent = live.takeback_consent | mine | bot;
            if consent == e.all_seats() {
                let who = e.player(requester).cloned().unwrap_or_default();
                return self.take_back(e, requester, &who).await;
            }
            self.set_offers(e, draw, (Some(requester), consent)).await?;
            let headline = Msg::new("head-agrees").player("player", actor.id, &actor.name);
            return Ok(self.offer_reply(e, headline));
        }
        let Some(last) = live.moves.iter().rev().find(|(_, s)| seats.contains(s)) else {
            return refuse(Msg::new("err-nothing-to-take-back"));
        };
        let requester = last.1;
        let consent = mine | bot;
        if consent == e.all_seats() {
            let me_ref = PlayerRef {
                id: actor.id,
                name: actor.name.clone(),
            };
            return self.take_back(e, requester, &me_ref).await;
        }
        self.set_offers(e, draw, (Some(requester), consent)).await?;
        let headline = Msg::new("head-asks-takeback").player("player", actor.id, &actor.name);
        Ok(self.offer_reply(e, waiting_as(headline, "other", e, consent)))
    }

    /// The answer to a new draw offer or takeback request: the board's text and its accept and
    /// refuse buttons, without a new picture or move menus (the position has not changed).
    fn offer_reply(&self, e: &Entry, headline: Msg) -> Reply {
        let mut reply = e.board_reply(Some(headline), self.now());
        reply.picture = None;
        reply.menus.clear();
        reply
    }

    /// Undoes `requester`'s last move (and every move after it), logging a takeback entry.
    async fn take_back(&self, e: &mut Entry, requester: usize, who: &PlayerRef) -> Answer {
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
                known_seq: e.live().map_or(0, |l| l.seq),
                entry: Some(log.clone()),
                deadline_at: deadline,
                warned: false,
                draw_offer_seat: None,
                takeback_seat: None,
                draw_consent: 0,
                takeback_consent: 0,
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
        live.draw_consent = 0;
        live.takeback = None;
        live.takeback_consent = 0;
        self.reschedule(e);
        self.maybe_bot_turn(e);
        let headline = p(Msg::new("head-takeback"), "player", who).num("n", undone as i64);
        Ok(e.board_reply(Some(headline), now))
    }

    async fn refuse_offer(&self, e: &mut Entry, actor: &Actor, takeback: bool) -> Answer {
        let mine = entry::mask(&self.my_seats(e, actor)?);
        let live = self.live(e)?;
        let (standing, consent, what) = if takeback {
            (live.takeback, live.takeback_consent, "takeback")
        } else {
            (live.draw_offer, live.draw_consent, "draw")
        };
        if standing.is_none() {
            return refuse(Msg::new("err-nothing-to-refuse").plain("what", what));
        }
        if consent & mine == mine {
            // Their own offer or request (or one they agreed to): the others answer it.
            let msg = Msg::new("err-own-offer").plain("what", what);
            return refuse(waiting_as(msg, "player", e, consent));
        }
        let (draw, back) = if takeback {
            ((live.draw_offer, live.draw_consent), (None, 0))
        } else {
            ((None, 0), (live.takeback, live.takeback_consent))
        };
        self.set_offers(e, draw, back).await?;
        Ok(Reply::public(
            Msg::new("head-refuses")
                .player("player", actor.id, &actor.name)
                .plain("what", what),
        ))
    }

    /// Records the standing draw offer and takeback request: (the asking seat, the consents).
    async fn set_offers(
        &self,
        e: &mut Entry,
        draw: (Option<usize>, u8),
        takeback: (Option<usize>, u8),
    ) -> Result<(), Fail> {
        let live = self.live(e)?;
        self.inner
            .store
            .update_match(&MatchUpdate {
                match_id: e.id,
                known_seq: e.live().map_or(0, |l| l.seq),
                entry: None,
                deadline_at: live.deadline,
                warned: live.warned,
                draw_offer_seat: draw.0.map(seat_u8),
                takeback_seat: takeback.0.map(seat_u8),
                draw_consent: draw.1,
                takeback_consent: takeback.1,
                finish: None,
            })
            .await?;
        let live = self.live_mut(e)?;
        (live.draw_offer, live.draw_consent) = draw;
        (live.takeback, live.takeback_consent) = takeback;
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
        let player = !e.seats_of(actor.id).is_empty();
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
        let seats: Vec<u64> = e
            .seats()
            .map(|s| s.iter().map(|p| p.id).collect())
            .ok_or_else(|| Fail::Refuse(Msg::new("err-no-opponent")))?;
        let count = seats.len();
        let scopes: Vec<i64> = e
            .place
            .guild
            .map(|g| g as i64)
            .into_iter()
            .chain([0])
            .collect();
        let game = &self.live(e)?.game;
        let scores = (0..count)
            .map(|seat| match outcome.winner {
                Some(winner) if game.seat_side(seat) == winner => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            })
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
            scores,
            initial: rating::initial(count),
            at: now,
            rate: if count > 2 {
                rating::rate_teams
            } else {
                rating::rate
            },
            decay: rating::decay_for(count),
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
                known_seq: e.live().map_or(0, |l| l.seq),
                entry: step.as_ref().map(|s| s.entry.clone()),
                deadline_at: None,
                warned: false,
                draw_offer_seat: None,
                takeback_seat: None,
                draw_consent: 0,
                takeback_consent: 0,
                finish: Some(Finish {
                    status: if aborted {
                        MatchStatus::Aborted
                    } else {
                        MatchStatus::Finished
                    },
                    winner_seat: if aborted {
                        None
                    } else {
                        outcome.winner.map(|side| side.index() as u8)
                    },
                    reason,
                    at: now,
                    rating,
                }),
            })
            .await?;
        if let (Some(step), Phase::Live(live)) = (step, &mut e.phase) {
            live.before = Some(std::mem::replace(&mut live.game, step.game));
            live.moves.push((step.mv, step.seat));
            live.seq = step.entry.seq;
        }
        tracing::info!(match_id = e.id, reason, "match over");
        let mut reply = e.result_reply(headline, outcome, aborted, &changes);
        if let Some((channel, message)) = e.card {
            reply.card = Some(crate::table::CardEdit {
                channel,
                message,
                line: id(Msg::new("card-over"), e.id)
                    .msg("result", entry::result_line(e, outcome, aborted)),
            });
        }
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
                let notice = if e.is_lobby_game() {
                    "notice-lobby-expired"
                } else {
                    "notice-expired"
                };
                let msg =
                    p(Msg::new(notice), "player", &e.challenger).msg("game", words::game(e.kind));
                let mut reply = Reply::public(id(msg, e.id));
                reply.mentions.push(e.challenger.id);
                self.notify(e, reply);
                Ok(true)
            }
            Phase::Live(live) => {
                let (Some(deadline), Some(seat)) = (live.deadline, live.game.seat_to_move()) else {
                    return Ok(false);
                };
                let loser = e.player(seat).cloned().unwrap_or_default();
                if now >= deadline {
                    let early = !live.both_moved();
                    let team = live.game.seat_side(seat);
                    let outcome = Outcome::win(team.opponent(), Reason::Timeout);
                    let headline = p(Msg::new("head-out-of-time"), "player", &loser);
                    let reply = self.finish(e, outcome, early, None, Some(headline)).await?;
                    self.notify(e, reply);
                    return Ok(true);
                }
                let warn_at = e.clock_secs.map(|s| deadline - super::reminder_ms(s));
                match warn_at {
                    Some(at) if !live.warned && now >= at => {
                        self.inner
                            .store
                            .update_match(&MatchUpdate {
                                match_id: e.id,
                                known_seq: e.live().map_or(0, |l| l.seq),
                                entry: None,
                                deadline_at: Some(deadline),
                                warned: true,
                                draw_offer_seat: live.draw_offer.map(seat_u8),
                                takeback_seat: live.takeback.map(seat_u8),
                                draw_consent: live.draw_consent,
                                takeback_consent: live.takeback_consent,
                                finish: None,
                            })
                            .await?;
                        self.live_mut(e)?.warned = true;
                        self.reschedule(e);
                        let bot = self.inner.config.bot.id;
                        let wanted = match e.player(seat) {
                            Some(p) if p.id != bot => self.inner.store.reminders(p.id).await?,
                            _ => false,
                        };
                        if let Some(p) = e.player(seat).filter(|_| wanted) {
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
        let ids: Vec<u64> = seats.iter().map(|p| p.id).collect();
        let replayed = entry::replay_log(kind, &m.options, m.seed, &log, &ids).map_err(cannot)?;
        let start = entry::start_position(kind, &m.options, m.seed)
            .map_err(|err| cannot(err.to_string()))?;
        let caption = id(Msg::new("replay-caption"), match_id).msg("game", words::game(kind));
        // With four seats, each side is its team (seats alternate in turn order).
        let team = |side: usize| -> Vec<Msg> {
            entry::team(&seats, side).map(|p| words::who(p)).collect()
        };
        let caption = caption
            .list("first", team(0))
            .list("second", team(1))
            .num("n", replayed.moves.len() as i64)
            .msg("result", texts::stored_result(&m));
        let mut reply = Reply::public(caption);
        reply.picture = Some(Picture::Replay {
            match_id,
            start,
            moves: replayed.moves.iter().map(|(mv, _)| *mv).collect(),
            players: seats.iter().map(|p| p.name.clone()).collect(),
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
        | Command::Sit { at, .. }
        | Command::SitBot { at }
        | Command::Rematch { at } => *at,
        _ => None,
    }
}

fn seat_u8(seat: usize) -> u8 {
    seat as u8
}

/// `msg` with `players`: whoever has not agreed to a standing offer yet.
fn waiting(msg: Msg, e: &Entry, consent: u8) -> Msg {
    waiting_as(msg, "player", e, consent)
}

/// `msg` with the argument `name`: whoever has not agreed to a standing offer yet.
fn waiting_as(msg: Msg, name: &'static str, e: &Entry, consent: u8) -> Msg {
    let players = e.waiting_for(consent).into_iter().map(words::who).collect();
    msg.list(name, players)
}
