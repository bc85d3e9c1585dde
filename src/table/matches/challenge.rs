//! New matches: `/play` and Rematch (with the checks that need the database: the cooldown, one
//! match per pair, threads), and the ratings they show.

use crate::games::{AnyGame, GameKind};
use crate::i18n::Msg;
use crate::store::{Glicko, MatchRow, MatchStatus, NewMatch, PlayerRef};

use crate::table::act::{Act, Actor, ChallengeSpec, Opponent, Place, Request, UserRef};
use crate::table::presets;
use crate::table::shell::{Answer, Fail, refuse};

use crate::table::reads::named_or_last;

use super::decide;
use super::index::RESERVED;
use super::present;
use super::rating;
use super::service::Matches;
use super::state::Match;
use super::verdict::{id, p};

/// How long a lobby (a match of more than two seats) waits for its seats to fill.
pub const LOBBY_TTL_MS: i64 = 15 * 60 * 1000;

impl Matches {
    /// Opens a challenge (or a lobby); against the bot the game starts at once. `rematch` is
    /// the finished match it repeats and the challenger's seat in it.
    pub async fn challenge(
        &self,
        actor: &Actor,
        place: &Place,
        spec: ChallengeSpec,
        rematch: Option<(i64, u8)>,
    ) -> Answer {
        let config = &self.inner.config;
        let now = self.now();
        let variant = presets::variant(spec.game, spec.variant.as_deref()).map_err(Fail::Refuse)?;
        let clock = presets::parse_time_control(spec.clock.as_deref()).map_err(Fail::Refuse)?;
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
        let start = match AnyGame::start(spec.game, variant.options, 0) {
            Ok(start) => start,
            Err(e) => return refuse(Msg::new("err-variant-setup").plain("why", e.to_string())),
        };
        let seating = start.seating();
        let (seat_count, lobby) = (seating.count(), seating.has_teams());
        if lobby && rematch.is_some() {
            return refuse(Msg::new("err-rematch-lobby").code("play", "/play"));
        }
        if let Some(last) = self.inner.store.last_challenge_at(actor.id).await? {
            let wait = last + config.challenge_cooldown_ms - now;
            if wait > 0 {
                return refuse(Msg::new("err-cooldown").duration("time", (wait + 999) / 1000));
            }
        }
        let (threaded, note) = self.inner.settings.thread_mode(place).await?;
        if threaded {
            let named = opponent.as_ref().filter(|_| !vs_bot).map(|o| o.id);
            self.one_match_per_pair(place, actor.id, named).await?;
        } else {
            self.reserve_channel(place)?;
        }
        let challenger_seat = rematch.map_or_else(
            || (rand::random::<u32>() % seat_count as u32) as u8,
            |(_, seat)| seat,
        );
        let challenger = PlayerRef {
            id: actor.id,
            name: actor.name.clone(),
        };
        // A lobby's named opponent (or the bot) sits on the other team, next in turn.
        let mut seats: Vec<Option<PlayerRef>> = vec![None; seat_count];
        let mine = usize::from(challenger_seat).min(seat_count - 1);
        seats[mine] = Some(challenger.clone());
        seats[seating.next(mine)] = opponent.clone();
        let expires_at = now
            + if lobby {
                LOBBY_TTL_MS
            } else {
                config.challenge_ttl_ms
            };
        let new = NewMatch {
            guild_id: place.guild,
            channel_id: place.channel,
            parent_id: place.parent,
            game: spec.game,
            variant,
            options: variant.options.to_string(),
            seed: (rand::random::<u64>() >> 11) as i64,
            rated: !vs_bot && spec.rated.unwrap_or(true),
            clock_secs: clock.secs,
            increment_secs: clock.increment_secs,
            level: (vs_bot || lobby).then_some(level),
            challenger,
            // A lobby's named opponent is only seated.
            opponent: opponent.clone().filter(|_| !lobby),
            vs_bot,
            challenger_seat,
            seats,
            threaded,
            deadline_at: Some(expires_at),
            rematch_of: rematch.map(|(id, _)| id),
            created_at: now,
        };
        let id = match self.inner.store.create_challenge(&new).await {
            Ok(id) => id,
            Err(e) => {
                if !threaded {
                    self.lock_index().free_channel(place.channel, RESERVED);
                }
                return Err(e.into());
            }
        };
        tracing::info!(match_id = id, game = %spec.game, challenger = actor.id, "challenge");
        let m = Match::from_new(id, new, spec.game, *place);
        let mut reply = if lobby {
            let bot = config.playing_bot();
            let mut reply = present::lobby_reply(&m, &start, bot, expires_at, now);
            // Only a named opponent is called to the table.
            let named = opponent.map(|o| o.id);
            reply.mentions.retain(|&p| Some(p) == named);
            self.register(m);
            reply
        } else if vs_bot {
            // The bot accepts at once; its moves are looked up by id, so register first.
            let slot = self.register(m);
            let mut m = slot.lock().await;
            let bot = opponent.unwrap_or_default();
            let accept = decide::start(&m, Some(bot), &self.facts())?;
            let stamp = m.stamp();
            let req = Act::Accept.at(stamp);
            let mut reply = self.decided(&mut m, &req, accept).await?;
            // Asked for a rated game: say plainly that this one is not.
            if spec.rated == Some(true) {
                reply.lines.push(Msg::new("note-bot-unrated"));
            }
            return Ok(reply);
        } else {
            let preview = self.preview(&m).await.unwrap_or(None);
            let reply = present::challenge_reply(&m, preview, expires_at, now);
            self.register(m);
            reply
        };
        reply.lines.extend(note);
        Ok(reply)
    }

    /// Holds a channel without threads for the challenge about to be written (one match at a
    /// time there), or says why it is busy.
    fn reserve_channel(&self, place: &Place) -> Result<(), Fail> {
        let mut index = self.lock_index();
        if let Some(&busy) = index.by_channel.get(&place.channel) {
            if place.parent.is_some() && busy != RESERVED {
                // A match's own thread: new challenges belong in the channel.
                return refuse(id(Msg::new("err-play-in-thread"), busy));
            }
            // Only a server has threads to start another match in.
            let busy = if place.guild.is_some() {
                "err-channel-busy"
            } else {
                "err-channel-busy-here"
            };
            return refuse(Msg::new(busy));
        }
        index.by_channel.insert(place.channel, RESERVED);
        Ok(())
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
        let here = self.lock_index().all();
        for slot in here {
            let m = slot.lock().await;
            let row = &m.row;
            let in_channel =
                row.channel_id == place.channel || row.parent_id == Some(place.channel);
            if in_channel && !m.is_closed() && m.involves(me) && m.involves(other) {
                return refuse(id(Msg::new("err-same-opponent-here"), m.id()));
            }
        }
        Ok(())
    }

    /// Challenges the opponent of a finished match again, with seats swapped (or accepts
    /// their standing rematch).
    pub async fn rematch(&self, actor: &Actor, place: &Place, req: &Request) -> Answer {
        let store = &self.inner.store;
        let named = req.at.map(|s| s.match_id);
        let old = named_or_last(store, actor, place, named).await?;
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
            let mut m = slot.lock().await;
            if m.is_challenge()
                && m.row.rematch_of == Some(old.id)
                && m.row.challenger.id == other.id
            {
                return self.act_on(&mut m, actor, &Act::Accept.into()).await;
            }
        }
        let game = old.game;
        let spec = ChallengeSpec {
            game,
            opponent: if old.vs_bot {
                Opponent::Bot
            } else {
                Opponent::User(UserRef::new(other.id, other.name))
            },
            variant: Some(old.variant.name.to_string()),
            rated: Some(old.rated),
            clock: Some(
                presets::TimeControl {
                    secs: old.clock_secs,
                    increment_secs: old.increment_secs,
                }
                .typed(),
            ),
            level: old.level,
        };
        self.challenge(actor, place, spec, Some((old.id, 1 - mine as u8)))
            .await
    }

    /// A player's rating in the match's game and server as of now (idle decay applied; the
    /// starting rating for a newcomer).
    async fn current_rating(&self, m: &Match, player: u64) -> Result<Glicko, Fail> {
        let scope = m.row.guild_id.map_or(0, |g| g as i64);
        let seats = m.row.seats.len();
        let ladder = presets::ladder(m.kind, m.row.variant.name);
        let now = self.now();
        Ok(self
            .inner
            .store
            .rating(player, ladder, scope)
            .await?
            .map_or(rating::initial(seats), |r| {
                (rating::decay_for(seats))(r.value, now.saturating_sub(r.last_played))
            }))
    }

    /// The seats' current ratings for pictures (rated matches with every seat taken).
    pub(super) async fn seat_ratings(&self, m: &Match) -> Result<Vec<Option<String>>, Fail> {
        let (true, Some(seats)) = (m.row.rated && !m.row.vs_bot, m.players()) else {
            return Ok(vec![None; m.row.seats.len()]);
        };
        let mut shown = vec![None; seats.len()];
        for (slot, player) in shown.iter_mut().zip(seats) {
            *slot = Some(rating::show(&self.current_rating(m, player.id).await?));
        }
        Ok(shown)
    }

    /// The rating line of a rated challenge: what the challenger stands to win or lose.
    pub(super) async fn preview(&self, m: &Match) -> Result<Option<Msg>, Fail> {
        let (true, Some(opponent)) = (m.row.rated, &m.row.opponent) else {
            return Ok(None);
        };
        let challenger = &m.row.challenger;
        let mine = self.current_rating(m, challenger.id).await?;
        let theirs = self.current_rating(m, opponent.id).await?;
        let [win, draw, loss] = rating::preview(mine, theirs);
        let msg = p(Msg::new("rating-preview"), "challenger", challenger)
            .plain("mine", rating::show(&mine));
        Ok(Some(
            p(msg, "opponent", opponent)
                .plain("theirs", rating::show(&theirs))
                .plain("win", rating::show_delta(win))
                .plain("draw", rating::show_delta(draw))
                .plain("loss", rating::show_delta(loss)),
        ))
    }
}

impl Match {
    /// A challenge just written as match `id`, where it was made.
    pub(super) fn from_new(id: i64, new: NewMatch, kind: GameKind, place: Place) -> Match {
        let seats = new.seats.len();
        let remaining = new.starting_bank();
        Match {
            row: MatchRow {
                id,
                guild_id: place.guild,
                channel_id: place.channel,
                parent_id: place.parent,
                game: new.game,
                variant: new.variant,
                options: new.options,
                seed: new.seed,
                rated: new.rated,
                clock_secs: new.clock_secs,
                increment_secs: new.increment_secs,
                remaining,
                clock_seen_at: None,
                level: new.level,
                challenger: new.challenger,
                opponent: new.opponent,
                vs_bot: new.vs_bot,
                challenger_seat: new.challenger_seat,
                seats: new.seats,
                threaded: new.threaded,
                card: None,
                status: MatchStatus::Challenge,
                winner_seat: None,
                reason: None,
                deadline_at: new.deadline_at,
                warned: false,
                draw_offer_seat: None,
                takeback_seat: None,
                draw_consent: 0,
                takeback_consent: 0,
                rematch_of: new.rematch_of,
                created_at: new.created_at,
                started_at: None,
                finished_at: None,
            },
            kind,
            board: None,
            ratings: vec![None; seats],
            awaiting_thread: false,
            news: false,
        }
    }
}
