//! New matches: `/play` and Rematch (with the checks that need the database: the cooldown, one
//! match per pair, threads), the ratings they show, and `/settings`.

use crate::games::{AnyGame, GameKind};
use crate::i18n::Msg;
use crate::store::{Glicko, MatchRow, MatchStatus, NewMatch, PlayerRef};

use super::act::Stamp;
use super::act::{Actor, ChallengeSpec, Opponent, Place, SettingsChange, UserRef};
use super::api::{Reply, ReplyKind};
use super::commands::{Answer, Fail, refuse};
use super::decide;
use super::links::WebPage;
use super::state::Match;
use super::verdict::{id, p};
use super::{RESERVED, Table, present, presets, published, rating};

/// How long a lobby (a match of more than two seats) waits for its seats to fill.
pub const LOBBY_TTL_MS: i64 = 15 * 60 * 1000;

impl Table {
    /// Opens a challenge (or a lobby); against the bot the game starts at once. `rematch` is
    /// the finished match it repeats and the challenger's seat in it.
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
        let (threaded, note) = self.thread_mode(place).await?;
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
            clock_secs,
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
                let mut index = self.lock_index();
                if !threaded && index.by_channel.get(&place.channel) == Some(&RESERVED) {
                    index.by_channel.remove(&place.channel);
                }
                return Err(e.into());
            }
        };
        tracing::info!(match_id = id, game = %spec.game, challenger = actor.id, "challenge");
        let m = Match::from_new(id, new, spec.game, *place);
        let mut reply = if lobby {
            let mut reply = present::lobby_reply(&m, &start, config.ai.is_some(), expires_at, now);
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
            let req = super::Act::Accept.at(stamp);
            return self.decided(&mut m, &req, accept).await;
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

    /// Whether a new challenge here gets a thread of its own once accepted, and the note that
    /// says (once per server) why it cannot.
    async fn thread_mode(&self, place: &Place) -> Result<(bool, Option<Msg>), Fail> {
        let (Some(guild), None) = (place.guild, place.parent) else {
            return Ok((false, None));
        };
        let store = &self.inner.store;
        let _held = self.inner.guild_settings.lock().await;
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
        store.set_guild_settings(guild, &settings).await?;
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
        let here: Vec<_> = self.lock_index().entries.values().cloned().collect();
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
    pub(super) async fn rematch(&self, actor: &Actor, place: &Place, at: Option<Stamp>) -> Answer {
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
            let mut m = slot.lock().await;
            if m.is_challenge()
                && m.row.rematch_of == Some(old.id)
                && m.row.challenger.id == other.id
            {
                return self.act_on(&mut m, actor, &super::Act::Accept.into()).await;
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
                old.clock_secs
                    .map_or("none".to_string(), |s| format!("{s}s")),
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

    /// Shows the settings after changing those given: the server's need Manage Server. Turning
    /// the web pages on answers with their link; a manager's `/settings` also refreshes the
    /// server's name shown on them.
    pub(super) async fn settings(
        &self,
        actor: &Actor,
        place: &Place,
        change: SettingsChange,
    ) -> Answer {
        let store = &self.inner.store;
        let server_wide =
            change.threads.is_some() || change.language.is_some() || change.web.is_some();
        if server_wide {
            let Some(_) = place.guild else {
                return refuse(Msg::new("err-settings-no-server"));
            };
            if !actor.manages_server {
                return refuse(Msg::new("err-settings-manage-server"));
            }
        }
        if let (Some(guild), true) = (place.guild, actor.manages_server) {
            let _held = self.inner.guild_settings.lock().await;
            let old = store.guild_settings(guild).await?;
            let mut settings = old.clone();
            settings.threads = change.threads.unwrap_or(settings.threads);
            settings.language = change.language.unwrap_or(settings.language);
            match change.web {
                // Already on: the same slug, so that links already shared keep working.
                Some(true) if settings.web_slug.is_none() => {
                    settings.web_slug = Some(published::new_slug());
                    tracing::info!(guild, "web pages turned on");
                }
                Some(false) if settings.web_slug.is_some() => {
                    settings.web_slug = None;
                    tracing::info!(guild, "web pages turned off");
                }
                _ => {}
            }
            if let Some(name) = change.server_name.as_deref().map(str::trim)
                && !name.is_empty()
            {
                settings.web_name = Some(name.to_owned());
            }
            if settings != old {
                store.set_guild_settings(guild, &settings).await?;
            }
        }
        let me = PlayerRef {
            id: actor.id,
            name: actor.name.clone(),
        };
        if let Some(on) = change.reminders {
            store.set_reminders(&me, on, self.now()).await?;
        }
        if let Some(language) = change.my_language {
            store.set_language(&me, language, self.now()).await?;
        }
        if let Some(shown) = change.my_web {
            store.set_web_hidden(&me, !shown, self.now()).await?;
        }
        let mut lines = Vec::new();
        let mut links = Vec::new();
        let mine = change.reminders.is_some() || change.my_language.is_some();
        if server_wide || mine || change.my_web.is_some() {
            lines.push(Msg::new("settings-saved"));
        }
        let on_off = |on: bool| if on { "on" } else { "off" };
        let code = |lang: Option<crate::i18n::Lang>| lang.map_or("auto", |l| l.code());
        if let Some(guild) = place.guild {
            let settings = store.guild_settings(guild).await?;
            lines.push(Msg::new("settings-threads").plain("on", on_off(settings.threads)));
            lines.push(Msg::new("settings-language").plain("lang", code(settings.language)));
            lines.push(Msg::new("settings-web").plain("on", on_off(settings.web_slug.is_some())));
            if let (Some(true), Some(slug)) = (change.web, settings.web_slug) {
                match self.published(place).await? {
                    Some(web) => {
                        let page = WebPage::Server { slug };
                        let link = web.link(Msg::new("link-server"), &page);
                        lines.push(Msg::new("settings-web-link").plain("url", link.url.clone()));
                        links.push(link);
                    }
                    None => lines.push(
                        Msg::new("settings-web-no-url").code("variable", "PARLOR_PUBLIC_URL"),
                    ),
                }
            }
        }
        let on = store.reminders(actor.id).await?;
        lines.push(Msg::new("settings-reminders").plain("on", on_off(on)));
        let mine = store.language(actor.id).await?;
        lines.push(Msg::new("settings-my-language").plain("lang", code(mine)));
        let hidden = store.web_hidden(actor.id).await?;
        lines.push(Msg::new("settings-my-web").plain("on", on_off(!hidden)));
        let mut reply = Reply::private(Msg::new("settings-title"));
        reply.kind = ReplyKind::Info;
        reply.lines.extend(lines);
        reply.links = links;
        Ok(reply)
    }

    /// The languages stored for a server and a person (`None`: `auto`), for the transport to
    /// choose the words of an answer or a notice. A database that cannot be read means `auto`.
    pub async fn languages(&self, guild: Option<u64>, person: Option<u64>) -> Languages {
        let store = &self.inner.store;
        let server = match guild {
            Some(g) => store.guild_settings(g).await.map(|s| s.language),
            None => Ok(None),
        };
        let person = match person {
            Some(p) => store.language(p).await,
            None => Ok(None),
        };
        let log = |e: &crate::store::StoreError| {
            tracing::warn!(error = %e, "cannot read a language setting; using auto");
        };
        Languages {
            server: server.inspect_err(log).unwrap_or(None),
            person: person.inspect_err(log).unwrap_or(None),
        }
    }
}

/// The stored language settings that concern one answer (`None`: `auto`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Languages {
    /// The server's (`/settings language:`).
    pub server: Option<crate::i18n::Lang>,
    /// The person's (`/settings my-language:`).
    pub person: Option<crate::i18n::Lang>,
}

impl Match {
    /// A challenge just written as match `id`, where it was made.
    fn from_new(id: i64, new: NewMatch, kind: GameKind, place: Place) -> Match {
        let seats = new.seats.len();
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
        }
    }
}
