//! What players and organisers ask of a tournament: create one, join, leave, ask a bye, add a
//! bot, start it early, cancel it, and read its standings, pairings and TRF file. Each request
//! is about the open tournament of its place (its channel, or a thread of it); everything a
//! request may not do is refused with the reason and changes nothing. Who may organise (the
//! server's permissions) is the adapter's to check.

use crate::games::GameKind;
use crate::i18n::Msg;
use crate::store::TournamentRow;
use crate::table::act::{Actor, Place, TournamentCreate};
use crate::table::api::Reply;
use crate::table::presets;
use crate::table::shell::{Answer, Fail, Slot, refuse};
use crate::tournament::event::Format;

use super::event::{Event, Rules, Seat, Status, Step, bot_key, person_key};
use super::present::{self, Say};
use super::service::Tournaments;

/// The most rounds a Swiss may be given.
pub const MAX_ROUNDS: usize = 30;
/// The shortest fixed interval between rounds.
pub const MIN_INTERVAL_SECS: i64 = 60;
/// An arena's shortest and longest length, in minutes (lichess's own bounds for an arena).
pub const ARENA_MINUTES: std::ops::RangeInclusive<i64> = 20..=720;
/// An arena's game clock when its organiser names none (lichess's most played arena clock).
pub const ARENA_DEFAULT_CLOCK: &str = "3+2";

/// What `/tournament create` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSpec {
    pub game: GameKind,
    pub variant: Option<String>,
    pub format: Format,
    /// A Swiss's rounds; by default enough to find a single winner.
    pub rounds: Option<usize>,
    /// The time per move of each game, as `/play` reads it.
    pub clock: Option<String>,
    /// Whether the games between people are rated (yes by default).
    pub rated: Option<bool>,
    /// When round 1 is paired by itself (unix ms); else when the organiser starts it.
    pub starts_at: Option<i64>,
    /// Rounds at this interval instead of each as soon as the previous is over.
    pub interval_secs: Option<i64>,
    /// An arena's length (required for an arena, refused for the others).
    pub duration_secs: Option<i64>,
}

impl TournamentSpec {
    /// A tournament of `game` in `format` with every other choice left to its default.
    pub fn new(game: GameKind, format: Format) -> Self {
        TournamentSpec {
            game,
            variant: None,
            format,
            rounds: None,
            clock: None,
            rated: None,
            starts_at: None,
            interval_secs: None,
            duration_secs: None,
        }
    }
}

impl TournamentSpec {
    /// What `/tournament create` asked, its times read at `now` (unix ms). An arena's
    /// `duration:` is read as minutes (`45`) or a length (`1h`, `90m`).
    pub fn read(c: &TournamentCreate, now: i64) -> Result<TournamentSpec, Msg> {
        let format = match c.format.trim().to_ascii_lowercase().as_str() {
            "swiss" => Format::Swiss,
            "round-robin" => Format::RoundRobin { double: false },
            "arena" => Format::Arena,
            other => {
                return Err(Msg::new("err-option-choice")
                    .code("text", format!("format:{other}"))
                    .code("values", "swiss|round-robin|arena"));
            }
        };
        let duration_secs = match (&c.duration, format) {
            (Some(text), Format::Arena) => Some(arena_length(text)?),
            (None, Format::Arena) => return Err(arena_length_refused()),
            (Some(_), _) => return Err(Msg::new("err-tournament-duration")),
            (None, _) => None,
        };
        let starts_at = c
            .starts
            .as_deref()
            .map(|text| start_time(text, now))
            .transpose()?;
        let interval_secs = c
            .interval
            .as_deref()
            .map(|text| length(text).ok_or_else(|| when_refused(text)))
            .transpose()?;
        Ok(TournamentSpec {
            game: c.game,
            variant: c.variant.clone(),
            format,
            rounds: c.rounds,
            clock: c.clock.clone(),
            rated: c.rated,
            starts_at,
            interval_secs,
            duration_secs,
        })
    }
}

/// Why an arena's length was refused: it is required, between the bounds.
fn arena_length_refused() -> Msg {
    Msg::new("err-arena-duration")
        .num("min", *ARENA_MINUTES.start())
        .num("max", *ARENA_MINUTES.end())
        .code("example", "duration:60")
}

/// An arena's length as typed: minutes (`45`) or a length (`1h`), within [`ARENA_MINUTES`].
fn arena_length(text: &str) -> Result<i64, Msg> {
    let text = text.trim();
    let secs = match text.parse::<i64>() {
        Ok(minutes) => minutes.checked_mul(60),
        Err(_) => length(text),
    };
    match secs {
        Some(secs) if secs % 60 == 0 && ARENA_MINUTES.contains(&(secs / 60)) => Ok(secs),
        _ => Err(arena_length_refused()),
    }
}

/// A length of time as a clock is typed (`90s`, `30m`, `2h`, `1d`), in seconds.
fn length(text: &str) -> Option<i64> {
    presets::parse_clock(Some(text)).ok().flatten()
}

/// A time that cannot be read, with the forms that can.
fn when_refused(text: &str) -> Msg {
    Msg::new("err-tournament-when").code("text", text.chars().take(20).collect::<String>())
}

/// When a tournament starts: in a while (`30m`, `2h`) or at the next time of day `HH:MM`, UTC.
fn start_time(text: &str, now: i64) -> Result<i64, Msg> {
    let text = text.trim();
    if let Some(secs) = length(text) {
        return Ok(now + secs * 1000);
    }
    let (h, m) = text.split_once(':').ok_or_else(|| when_refused(text))?;
    let (Ok(h), Ok(m)) = (h.trim().parse::<i64>(), m.trim().parse::<i64>()) else {
        return Err(when_refused(text));
    };
    if !(0..24).contains(&h) || !(0..60).contains(&m) {
        return Err(when_refused(text));
    }
    const DAY: i64 = 86_400_000;
    let at = now - now.rem_euclid(DAY) + (h * 3600 + m * 60) * 1000;
    Ok(if at <= now { at + DAY } else { at })
}

impl Tournaments {
    /// The place of open tournament `id` (a press of its card names it), or the one given.
    pub async fn place_of(&self, id: Option<i64>, place: &Place) -> Result<Place, Fail> {
        let Some(id) = id else {
            return Ok(*place);
        };
        match self.slot(id) {
            Some(slot) => Ok(slot.lock().await.place()),
            None => refuse(Msg::new("err-tournament-none")),
        }
    }

    /// The transport posted tournament `id`'s card and started its thread: its news goes there
    /// from now on. Nothing is said.
    pub async fn located(&self, id: i64, card: (u64, u64), thread: Option<u64>) -> Answer {
        let Some(slot) = self.slot(id) else {
            return refuse(Msg::new("err-tournament-none"));
        };
        let mut e = slot.lock().await;
        let step = Step::Located { card, thread };
        self.step(&mut e, step, Say::Made(Box::default())).await
    }

    /// The transport posted arena `id`'s live standings message at `at`: it edits that one from
    /// now on, after a restart too. Nothing is said; a tournament already closed is left as it
    /// is.
    pub async fn standings_posted(&self, id: i64, at: (u64, u64)) -> Answer {
        let Some(slot) = self.slot(id) else {
            return refuse(Msg::new("err-tournament-none"));
        };
        let mut e = slot.lock().await;
        if e.standings_message == Some(at) {
            return Ok(Reply::default());
        }
        self.step(
            &mut e,
            Step::StandingsPosted { at },
            Say::Made(Box::default()),
        )
        .await
    }

    /// The time now, by the service's clock (unix ms).
    pub fn clock_now(&self) -> i64 {
        self.now()
    }

    /// Creates a tournament in this place, open for entries.
    pub async fn create(&self, actor: &Actor, place: &Place, spec: TournamentSpec) -> Answer {
        let now = self.now();
        let variant = presets::variant(spec.game, spec.variant.as_deref()).map_err(Fail::Refuse)?;
        let arena = spec.format == Format::Arena;
        let typed = match (&spec.clock, arena) {
            (None, true) => Some(ARENA_DEFAULT_CLOCK),
            (clock, _) => clock.as_deref(),
        };
        let clock = presets::parse_time_control(typed).map_err(Fail::Refuse)?;
        if arena {
            let duration = spec.duration_secs.unwrap_or(0);
            if !ARENA_MINUTES.contains(&(duration / 60)) {
                return refuse(arena_length_refused());
            }
            // A game clock, and room for two games of full length (both players' time).
            match clock.secs {
                Some(secs) if clock.increment_secs.is_some() && 4 * secs <= duration => {}
                _ => {
                    return refuse(
                        Msg::new("err-arena-clock").code("example", ARENA_DEFAULT_CLOCK),
                    );
                }
            }
            if spec.interval_secs.is_some() {
                return refuse(Msg::new("err-arena-interval"));
            }
        } else if spec.duration_secs.is_some() {
            return refuse(Msg::new("err-tournament-duration"));
        }
        if spec
            .rounds
            .is_some_and(|r| r == 0 || r > MAX_ROUNDS || spec.format != Format::Swiss)
        {
            return refuse(Msg::new("err-tournament-rounds").num("max", MAX_ROUNDS as i64));
        }
        if spec.interval_secs.is_some_and(|s| s < MIN_INTERVAL_SECS) {
            return refuse(Msg::new("err-tournament-interval").duration("min", MIN_INTERVAL_SECS));
        }
        if spec.starts_at.is_some_and(|at| at < now) {
            return refuse(Msg::new("err-tournament-past"));
        }
        if let Some(id) = self.here(place).await {
            return refuse(Msg::new("err-tournament-here").num("id", id));
        }
        let rules = Rules {
            game: spec.game.name().to_string(),
            variant: variant.name.to_string(),
            clock_secs: clock.secs,
            increment_secs: clock.increment_secs,
            rated: spec.rated.unwrap_or(true),
            interval_ms: spec.interval_secs.map(|s| s * 1000),
        };
        let mut e = Event::new(
            place,
            actor.id,
            rules,
            spec.format,
            spec.rounds.unwrap_or(0),
        );
        e.next_round_at = spec.starts_at;
        e.starts_at = spec.starts_at;
        e.duration_ms = spec.duration_secs.map(|s| s * 1000);
        let row = TournamentRow {
            id: 0,
            guild_id: place.guild,
            channel_id: place.channel,
            parent_id: place.parent,
            organiser_id: actor.id,
            status: Status::Open.name().to_string(),
            seq: 0,
            state: e.to_json()?,
        };
        e.id = self.inner.store.create_tournament(&row, now).await?;
        tracing::info!(tournament = e.id, game = %spec.game, organiser = actor.id, "tournament created");
        let mut reply = present::card(&e);
        reply.tournament = Some(present::news(&e));
        self.register(e);
        Ok(reply)
    }

    /// The open tournament of this place, or the refusal that says there is none.
    async fn open_here(&self, place: &Place) -> Result<Slot<Event>, Fail> {
        let id = self.here(place).await;
        match id.and_then(|id| self.slot(id)) {
            Some(slot) => Ok(slot),
            None => refuse(Msg::new("err-tournament-none")),
        }
    }

    /// Refuses unless `actor` organises `e`.
    fn organiser(e: &Event, actor: &Actor) -> Result<(), Fail> {
        if e.organiser == actor.id {
            Ok(())
        } else {
            refuse(Msg::new("err-tournament-organiser").num("id", e.id))
        }
    }

    /// The requester enters the tournament here (a late entry once it has started, while
    /// entries are open).
    pub async fn join(&self, actor: &Actor, place: &Place) -> Answer {
        let slot = self.open_here(place).await?;
        let mut e = slot.lock().await;
        let key = person_key(actor.id);
        if let Some(arena) = e.arena() {
            if e.status == Status::Running && self.now() >= arena.ends_at {
                return refuse(Msg::new("err-tournament-closed"));
            }
            let paused = e.player_of(actor.id).map(|i| arena.players[i].paused);
            if paused == Some(true) {
                let step = Step::Pause {
                    key: key.clone(),
                    paused: false,
                };
                let reply = self.step(&mut e, step, Say::Back { key }).await?;
                self.advance(&mut e).await?;
                return Ok(reply);
            }
        }
        let rating = self.rating_of(&e, actor.id).await?;
        let step = Step::Register {
            key: key.clone(),
            seat: Seat {
                id: actor.id,
                name: actor.name.clone(),
                level: None,
            },
            rating,
        };
        let late = e.status == Status::Running;
        self.joined(&mut e, step, key, late).await
    }

    /// Commits an entry and says so; a player entering a running arena is paired at once if
    /// someone waits.
    async fn joined(&self, e: &mut Event, step: Step, key: String, late: bool) -> Answer {
        let reply = self.step(e, step, Say::Joined { key, late }).await?;
        if late && e.arena().is_some() {
            self.advance(e).await?;
        }
        Ok(reply)
    }

    /// The requester's rating in the tournament's game on this server (0 if unrated: the
    /// pairing order is then the order of entry).
    async fn rating_of(&self, e: &Event, person: u64) -> Result<u32, Fail> {
        let Some((game, variant)) = e.rules.variant() else {
            return Ok(0);
        };
        let ladder = presets::ladder(game, variant.name);
        let scope = e.guild.map_or(0, |g| g as i64);
        let row = self.inner.store.rating(person, ladder, scope).await?;
        Ok(row.map_or(0, |r| r.value.rating.round().max(0.0) as u32))
    }

    /// The requester leaves: before round 1 the entry is taken back; after, they are paired no
    /// more (a game of theirs being played goes on).
    pub async fn leave(&self, actor: &Actor, place: &Place) -> Answer {
        let slot = self.open_here(place).await?;
        let mut e = slot.lock().await;
        let key = person_key(actor.id);
        let Some(index) = e.tournament.find(&key) else {
            return refuse(Msg::new("err-tournament-not-registered"));
        };
        // In a running arena, leaving is a pause: `join` comes back.
        if let Some(arena) = e.arena().filter(|_| e.status == Status::Running) {
            if arena.players[index].paused {
                return refuse(Msg::new("err-arena-paused").code("join", "/tournament join"));
            }
            let step = Step::Pause {
                key: key.clone(),
                paused: true,
            };
            return self.step(&mut e, step, Say::Paused { key }).await;
        }
        // Said while the player is still listed (an entry taken back is not, after).
        let said = present::say(&e, Say::Left { key: key.clone() });
        self.step(&mut e, Step::Withdraw { key }, Say::Made(Box::new(said)))
            .await
    }

    /// The requester asks for a half-point bye in the next round to be paired.
    pub async fn bye(&self, actor: &Actor, place: &Place) -> Answer {
        let slot = self.open_here(place).await?;
        let mut e = slot.lock().await;
        let key = person_key(actor.id);
        if e.tournament.find(&key).is_none() {
            return refuse(Msg::new("err-tournament-not-registered"));
        }
        self.step(&mut e, Step::Bye { key: key.clone() }, Say::Bye { key })
            .await
    }

    /// The organiser adds the bot as a player at `level` (1 to 5).
    pub async fn add_bot(&self, actor: &Actor, place: &Place, level: u8) -> Answer {
        let slot = self.open_here(place).await?;
        let mut e = slot.lock().await;
        Self::organiser(&e, actor)?;
        if self.inner.config.ai.is_none() {
            return refuse(Msg::new("err-no-ai"));
        }
        if !(1..=5).contains(&level) {
            return refuse(Msg::new("err-level"));
        }
        let key = bot_key(e.bots + 1);
        let bot = &self.inner.config.bot;
        let step = Step::Register {
            key: key.clone(),
            seat: Seat {
                id: bot.id,
                name: bot.name.clone(),
                level: Some(level),
            },
            rating: 0,
        };
        let late = e.status == Status::Running;
        self.joined(&mut e, step, key, late).await
    }

    /// The organiser starts the tournament now: round 1 is paired and its games open.
    pub async fn begin(&self, actor: &Actor, place: &Place) -> Answer {
        let slot = self.open_here(place).await?;
        let mut e = slot.lock().await;
        Self::organiser(&e, actor)?;
        if e.status != Status::Open {
            return refuse(Msg::new("err-tournament-started"));
        }
        let players = e.tournament.members.len();
        let enough = match e.tournament.format {
            Format::Swiss => players >= 2,
            Format::RoundRobin { .. } => (3..=16).contains(&players),
            Format::Arena => players >= 2,
        };
        if !enough {
            return refuse(Msg::new(match e.tournament.format {
                Format::Swiss | Format::Arena => "err-tournament-players",
                Format::RoundRobin { .. } => "err-tournament-round-robin",
            }));
        }
        let now = self.now();
        self.step(&mut e, Step::Schedule { at: now }, Say::Scheduled)
            .await?;
        self.advance(&mut e).await?;
        // Round 1's pairings are announced in the tournament's place, not said again here.
        Ok(match e.status {
            Status::Running => Reply {
                lines: vec![
                    Msg::new("tournament-started")
                        .num("id", e.id)
                        .plain("arena", if e.arena().is_some() { "yes" } else { "no" }),
                ],
                ..Reply::default()
            },
            _ => present::card(&e),
        })
    }

    /// The organiser stops the tournament (its games being played go on, unrecorded).
    pub async fn cancel(&self, actor: &Actor, place: &Place) -> Answer {
        let slot = self.open_here(place).await?;
        let mut e = slot.lock().await;
        Self::organiser(&e, actor)?;
        let reply = self.step(&mut e, Step::Cancel, Say::Cancelled).await?;
        let id = e.id;
        drop(e);
        self.forget(id);
        Ok(reply)
    }

    /// The tournament here to read: the open one, else the latest of this channel (or of the
    /// channel this thread belongs to) once it is over.
    async fn read_here(&self, place: &Place) -> Result<Event, Fail> {
        if let Some(slot) = self.here(place).await.and_then(|id| self.slot(id)) {
            return Ok(slot.lock().await.clone());
        }
        for channel in std::iter::once(place.channel).chain(place.parent) {
            if let Some(row) = self.inner.store.latest_tournament_in(channel).await? {
                return Event::restore(&row).map_err(|e| {
                    Fail::Refuse(Msg::new("err-rebuild").plain("why", e.to_string()))
                });
            }
        }
        refuse(Msg::new("err-tournament-none"))
    }

    /// The standings of the tournament here after the rounds played.
    pub async fn standings(&self, place: &Place) -> Answer {
        let e = self.read_here(place).await?;
        let changes = super::pictures::rating_changes(&self.inner.store, &e).await;
        Ok(super::pictures::with_changes(
            present::standings(&e),
            &e,
            &changes,
        ))
    }

    /// The pairings of the round being played here (or the last played).
    pub async fn pairings(&self, place: &Place) -> Answer {
        Ok(present::pairings(&self.read_here(place).await?))
    }

    /// The requester goes berserk in their arena game: half their clock, one more point on a
    /// win with at least [`crate::tournament::arena::BERSERK_MOVES`] moves of their own.
    pub async fn berserk(&self, actor: &Actor, place: &Place) -> Answer {
        let slot = self.open_here(place).await?;
        let mut e = slot.lock().await;
        let Some(arena) = e.arena() else {
            return refuse(Msg::new("err-arena-only"));
        };
        let Some(player) = e.player_of(actor.id) else {
            return refuse(Msg::new("err-tournament-not-registered"));
        };
        let Some((game, g)) = arena.players[player]
            .playing
            .and_then(|n| Some((n, arena.games.get(n)?)))
        else {
            return refuse(Msg::new("err-arena-no-game"));
        };
        let side = usize::from(g.black == player);
        if g.berserk[side] {
            return refuse(Msg::new("err-arena-berserk-done"));
        }
        let Some(&match_id) = e.games.get(&game) else {
            return refuse(Msg::new("err-arena-no-game"));
        };
        self.inner.matches.berserk(match_id, actor.id).await?;
        let key = person_key(actor.id);
        self.step(&mut e, Step::Berserk { game, player }, Say::Berserk { key })
            .await
    }

    /// The tournament here as a FIDE TRF-2026 file.
    pub async fn export(&self, place: &Place) -> Answer {
        let e = self.read_here(place).await?;
        // TRF records rounds; an arena has none, and its points, streaks and berserks have no
        // place in it: a file of players without games would be wrong, so none is made.
        if e.tournament.format == Format::Arena {
            return refuse(Msg::new("err-arena-export").code("standings", "/tournament standings"));
        }
        Ok(present::export(&e))
    }
}
