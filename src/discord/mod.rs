//! The Discord adapter: poise slash commands and a global button handler, thin over the match
//! service. Everything here is Discord plumbing; what a command means is decided elsewhere.
//!
//! Start-up: [`run`] reads nothing itself; `main` builds a [`Config`] from the environment.

#[doc(hidden)]
pub mod access;
#[doc(hidden)]
pub mod answer;
mod calendar;
#[doc(hidden)]
pub mod commands;
mod components;
#[doc(hidden)]
pub mod config;
#[doc(hidden)]
pub mod health;
mod lanes;
mod live;
#[doc(hidden)]
pub mod present;
#[doc(hidden)]
pub mod reach;
#[doc(hidden)]
pub mod respond;
#[doc(hidden)]
pub mod shards;
#[doc(hidden)]
pub mod work;

use std::fmt::Display;
use std::future::Future;
use std::time::Instant;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tracing::{debug, error, info, warn};

pub use answer::Answer;
pub use config::{Config, ConfigError, DEFAULT_DATABASE_URL};
pub use health::{DATABASE_TIMEOUT, Health};
pub use present::Locales;
pub use respond::DEFER_AFTER;
pub use shards::{ShardError, ShardSet, shard_of};
pub use work::{Busy, Work};

use crate::i18n::{Lang, Msg};
use crate::store::Store;
use crate::table::{self, Table};

/// What every command and button handler can reach.
pub struct Data {
    /// The bot's own user id, to recognise `/play opponent:<the bot>`.
    pub bot_id: serenity::UserId,
    /// The match service.
    pub table: Table,
    /// Work slower than this is deferred before it is answered.
    pub defer_after: std::time::Duration,
    /// The newest board of each match, to grey out the one before.
    boards: std::sync::Arc<respond::Boards>,
    /// Chooses the language of every answer and notice.
    tongues: Tongues,
    /// The bot's permissions in each channel, as interactions there last reported them.
    known: access::Known,
    /// Each server's name, for the web pages' titles.
    guild_names: GuildNames,
    /// The chats the bot reaches through interactions only (DMs and group DMs between people,
    /// servers without the bot): their newest token and the news waiting there.
    chats: reach::Chats,
}

/// Each server's name as Discord last sent it (GUILD_CREATE when a shard connects or the bot
/// joins, GUILD_UPDATE when it is renamed): the bot keeps no cache of its own, and interactions
/// do not carry the name. Learnt by a serenity event handler of its own, which sees the events
/// as they arrive (poise holds them back until the match service has started). The server's
/// Discord language comes with them too: notices posted after a restart, before anyone there
/// has used the bot, are in it.
#[derive(Clone, Default)]
struct GuildNames(
    std::sync::Arc<std::sync::Mutex<std::collections::HashMap<u64, String>>>,
    GuildLangs,
);

#[serenity::async_trait]
impl serenity::EventHandler for GuildNames {
    async fn guild_create(
        &self,
        _ctx: serenity::Context,
        guild: serenity::Guild,
        _is_new: Option<bool>,
    ) {
        self.saw(guild.id.get(), &guild.name);
        self.speaks(guild.id.get(), &guild.preferred_locale);
    }

    async fn guild_update(
        &self,
        _ctx: serenity::Context,
        _old: Option<serenity::Guild>,
        new: serenity::PartialGuild,
    ) {
        self.saw(new.id.get(), &new.name);
        self.speaks(new.id.get(), &new.preferred_locale);
    }
}

impl GuildNames {
    fn saw(&self, guild: u64, name: &str) {
        let mut names = self.0.lock().unwrap_or_else(|p| p.into_inner());
        names.insert(guild, name.to_owned());
    }

    fn speaks(&self, guild: u64, locale: &str) {
        if let Some(lang) = Lang::from_locale(locale) {
            let mut langs = self.1.lock().unwrap_or_else(|p| p.into_inner());
            langs.insert(guild, lang);
        }
    }

    /// The server's name, if Discord has said it since the bot started.
    fn get(&self, guild: u64) -> Option<String> {
        let names = self.0.lock().unwrap_or_else(|p| p.into_inner());
        names.get(&guild).cloned()
    }
}

/// Server id -> the server's language, learnt from interactions' `guild_locale`.
type GuildLangs = std::sync::Arc<std::sync::Mutex<std::collections::HashMap<u64, Lang>>>;

/// Who asked and where, as Discord says it: what a language is chosen from, with the settings.
#[derive(Clone, Debug, Default)]
pub struct Asker {
    pub guild: Option<u64>,
    /// The person (`None` for a notice, which nobody asked for).
    pub user: Option<u64>,
    /// Their Discord app's language (`locale`).
    pub locale: Option<String>,
    /// Discord's language of the server (`guild_locale`).
    pub guild_locale: Option<String>,
}

impl Asker {
    /// Nobody in particular, in a server (a notice).
    fn server(guild: Option<u64>) -> Asker {
        Asker {
            guild,
            ..Asker::default()
        }
    }

    /// The person and place of an interaction.
    fn of(
        guild: Option<serenity::GuildId>,
        user: &serenity::User,
        locale: &str,
        guild_locale: Option<&str>,
    ) -> Asker {
        Asker {
            guild: guild.map(|g| g.get()),
            user: Some(user.id.get()),
            locale: Some(locale.to_owned()),
            guild_locale: guild_locale.map(str::to_owned),
        }
    }
}

/// Gathers what decides a language: the settings stored through the match service and what
/// Discord says (remembering each server's Discord language for the notices, which come with no
/// interaction). [`Locales::pick`] then chooses.
#[derive(Clone)]
pub struct Tongues {
    table: Table,
    guild_langs: GuildLangs,
}

impl Tongues {
    /// Languages told by interactions, added to `guild_langs` (from the gateway's events).
    fn new(table: Table, guild_langs: GuildLangs) -> Tongues {
        Tongues { table, guild_langs }
    }

    /// The languages known for an answer to `asker`.
    pub async fn locales(&self, asker: &Asker) -> Locales {
        let said = asker.guild_locale.as_deref().and_then(Lang::from_locale);
        let guild = {
            let mut langs = self.guild_langs.lock().unwrap_or_else(|p| p.into_inner());
            match (asker.guild, said) {
                (Some(g), Some(lang)) => {
                    langs.insert(g, lang);
                    Some(lang)
                }
                (Some(g), None) => langs.get(&g).copied(),
                (None, _) => said,
            }
        };
        let stored = self
            .table
            .settings()
            .languages(asker.guild, asker.user)
            .await;
        Locales {
            person: stored.person,
            user: asker.locale.as_deref().and_then(Lang::from_locale),
            server: stored.server,
            guild,
            fallback: Lang::from_env(),
        }
    }
}

/// The error type of commands (an edge, so `anyhow`).
pub type Error = anyhow::Error;
/// The poise context of a command.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The names of every slash command, as registered.
pub fn command_names() -> Vec<String> {
    commands::all()
        .into_iter()
        .map(|c| c.name.into_owned())
        .collect()
}

/// Runs the bot until SIGTERM or ctrl-c, with the match service's default settings.
pub async fn run(config: Config) -> anyhow::Result<()> {
    serve(config, table::Config::default(), shutdown_signal()).await
}

/// Resolves on ctrl-c or (on Unix) SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            warn!("cannot listen for ctrl-c: {e}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(e) => {
                warn!("cannot listen for SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => info!("ctrl-c received"),
        () = term => info!("SIGTERM received"),
    }
}

/// The matches the bot serves: those of its shards' servers (every server without a range), never
/// the terminal's (`parlor local` may share the database).
pub fn owns(shards: Option<ShardSet>) -> table::Owns {
    std::sync::Arc::new(move |guild, channel| {
        !table::at_terminal(guild, channel) && shards.is_none_or(|set| set.owns(guild))
    })
}

/// Runs the bot until `shutdown` resolves, then disconnects every shard and returns.
/// `settings` are the match service's (its `bot` is filled in once Discord says who we are; its
/// `docs_url`, `public_url`, and `owns` from the shard range, when unset, come from `config`).
pub async fn serve(
    config: Config,
    settings: table::Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    // The database first: a bad DATABASE_URL should stop us before we log in.
    // The store's errors name the database and say what is wrong with it.
    let store = Store::open(&config.database_url).await?;
    info!(database = %crate::store::shown_url(&config.database_url), backend = store.backend(), "database ready");
    config.health.set_store(store.clone());
    // The starter puzzles go into an empty database beside the start, not in its way; then the
    // matches finished here add puzzles in the background (after the starter set, which only
    // an empty database gets).
    let starter = store.clone();
    // One harvest for the whole bot: the process of shard 0 (or of every shard) runs it.
    let harvests = config.shards.is_none_or(|set| set.runs_shared_work());
    tokio::spawn(async move {
        let now = table::Clock::now_ms(&table::SystemClock);
        match table::puzzles::load_starter(&starter, now).await {
            Ok(0) => {}
            Ok(added) => info!(added, "starter puzzles loaded"),
            Err(e) => warn!(error = %e, "the starter puzzles could not be loaded"),
        }
        if !harvests {
            info!("the puzzle harvest runs in the process of shard 0");
            return;
        }
        let clock = std::sync::Arc::new(table::SystemClock);
        table::puzzles::Harvest::new(starter, clock)
            .run(table::puzzles::HARVEST_EVERY)
            .await;
    });
    let settings = table::Config {
        docs_url: settings.docs_url.or_else(|| config.docs_url.clone()),
        public_url: settings.public_url.or_else(|| config.public_url.clone()),
        owns: settings.owns.or_else(|| Some(owns(config.shards))),
        ..settings
    };
    let result = connect(config, settings, shutdown, store.clone()).await;
    // Every way out (a signal, a failed login) closes the database cleanly.
    store.close().await;
    info!("database closed");
    result
}

/// What a failed connection means for the person starting the bot: only Discord refusing the
/// token is blamed on the token; anything else is the network or Discord itself.
pub fn login_failure(error: &serenity::Error) -> &'static str {
    use serenity::all::{GatewayError, HttpError};
    let refused = match error {
        serenity::Error::Gateway(GatewayError::InvalidAuthentication) => true,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => r.status_code.as_u16() == 401,
        _ => false,
    };
    if refused {
        "Discord refused the token: DISCORD_TOKEN is wrong or was reset (see the README's \"Discord set-up\")"
    } else {
        "cannot reach Discord (check the network, or DISCORD_API_BASE if it is set)"
    }
}

/// Logs in and serves until `shutdown` resolves or the connection fails.
async fn connect(
    config: Config,
    settings: table::Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
    store: Store,
) -> anyhow::Result<()> {
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // serenity ignores the proxy while its rate limiter is on.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
        info!(base = %base, "using a Discord API base other than Discord's");
    }
    let http = http.build();
    let guild_id = config.guild_id;
    let defer_after = config.defer_after;
    let guild_names = GuildNames::default();
    let names = guild_names.clone();
    let guild_langs = guild_names.1.clone();
    let work = config.work.clone();
    let poster_work = work.clone();
    let daily_work = work.clone();
    let drain_work = work.clone();
    let stop = lanes::Stop::default();
    let poster_stop = stop.clone();
    let notice_retry = config.notice_retry;
    let health = config.health.clone();

    let framework = poise::Framework::builder()
        .options(options())
        // Owners are not used; skipping them saves a request at start.
        .initialize_owners(false)
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                info!(
                    bot = %ready.user.name,
                    servers = ready.guilds.len(),
                    "connected to Discord"
                );
                let application = ready.application.id.get();
                info!(
                    url = %access::invite_url(application),
                    "invite link to add Parlor to a server (with the permissions it needs)"
                );
                info!(
                    url = %access::user_install_url(application),
                    "invite link to install Parlor to a person's account (DMs, group DMs, any server)"
                );
                register(ctx, guild_id).await;
                let mut settings = settings;
                settings.bot = table::UserRef::new(ready.user.id.get(), ready.user.name.clone());
                let (table, notices) = Table::start(store, settings).await?;
                table.matches().spawn_timer();
                table.tournaments().spawn_timer();
                health.set_tournaments(table.tournaments().clone());
                let chats = reach::Chats::new(table.matches().clock());
                let boards = std::sync::Arc::new(respond::Boards::new(chats.clone()));
                let tongues = Tongues::new(table.clone(), guild_langs);
                let known = access::Known::default();
                let poster = Poster {
                    http: ctx.http.clone(),
                    boards: boards.clone(),
                    tongues: tongues.clone(),
                    known: known.clone(),
                    table: table.clone(),
                    work: poster_work,
                    chats: chats.clone(),
                    dms: reach::Dms::default(),
                    bot_id: ready.user.id,
                    live: live::Live::default(),
                    lanes: lanes::Lanes::default(),
                    stop: poster_stop,
                    retry_for: notice_retry,
                };
                tokio::spawn(std::sync::Arc::new(poster).run(notices));
                tokio::spawn(post_daily_puzzles(
                    ctx.http.clone(),
                    tongues.clone(),
                    table.clone(),
                    daily_work,
                ));
                // Every open match is restored and timed: interactions are served from here.
                info!(open = table.matches().open_count(), "match service ready");
                Ok(Data {
                    bot_id: ready.user.id,
                    table,
                    defer_after,
                    boards,
                    tongues,
                    known,
                    guild_names,
                    chats,
                })
            })
        })
        .build();

    // Presence is one for every server, so in the bot's default language: English.
    let presence = crate::i18n::lookup(Lang::En, "presence").unwrap_or_default();
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .activity(serenity::ActivityData::custom(presence))
        .framework(Counted { framework, work })
        .event_handler(health::Watch(config.health.clone()))
        .event_handler(names)
        .await
        .context("cannot set up the Discord client")?;
    let range = config.shards.map(|set| set.last() - set.first() + 1);
    config
        .health
        .set_shards(client.shard_manager.clone(), range);
    let recount = tokio::spawn(health::recount(config.health.clone()));

    let shards = client.shard_manager.clone();
    let stopper = tokio::spawn(async move {
        shutdown.await;
        info!("shutting down");
        shards.shutdown_all().await;
    });
    let result = match config.shards {
        None => client.start_autosharded().await,
        Some(set) => start_shards(&mut client, set).await,
    };
    stopper.abort();
    recount.abort();
    if let Err(error) = result {
        return Err(anyhow::anyhow!("{}: {error}", login_failure(&error)));
    }
    // A notice Discord does not take now is kept as news rather than tried for minutes.
    stop.enter(lanes::Phase::Stopping);
    drain(&drain_work, DRAIN).await;
    if drain_work.in_hand() > 0 {
        // Out of time: the notices still waiting are kept for the players' next answer.
        stop.enter(lanes::Phase::Stopped);
        drain(&drain_work, KEEP).await;
    }
    info!("stopped");
    Ok(())
}

/// How long a shutdown waits for the work in hand: within Docker's default 10 s between
/// SIGTERM and SIGKILL, and far longer than an answer takes.
const DRAIN: std::time::Duration = std::time::Duration::from_secs(8);
/// How long it then waits for the notices not posted to be kept as news, within those 10 s.
const KEEP: std::time::Duration = std::time::Duration::from_secs(1);

/// Waits, once the gateway is closed (so nothing new arrives), until every interaction in hand
/// is answered and every notice being posted is sent, or `cap` has passed: a deploy leaves no
/// interaction unanswered. An event the gateway delivered just before closing may not be
/// counted yet when this starts, so nothing in hand must hold for a moment before it returns.
async fn drain(work: &Work, cap: std::time::Duration) {
    const SETTLED: std::time::Duration = std::time::Duration::from_millis(100);
    let settled = async {
        loop {
            work.idle().await;
            tokio::time::sleep(SETTLED).await;
            if work.in_hand() == 0 {
                return;
            }
        }
    };
    let left = work.in_hand();
    if left > 0 {
        info!(in_hand = left, "answering what is in hand before stopping");
    }
    if tokio::time::timeout(cap, settled).await.is_err() {
        warn!(
            in_hand = work.in_hand(),
            "stopping with work still in hand after {} s",
            cap.as_secs()
        );
    }
}

/// Runs the gateway shards of `set` only. Discord is asked first for its gateway, as
/// autosharding does: serenity would retry a shard that cannot connect for ever, where a bad
/// token or no network must stop the bot with a message.
async fn start_shards(client: &mut serenity::Client, set: ShardSet) -> Result<(), serenity::Error> {
    let gateway = client.http.get_bot_gateway().await?;
    if gateway.shards > set.total() {
        warn!(
            recommended = gateway.shards,
            total = set.total(),
            "Discord recommends more shards than --total-shards"
        );
    }
    info!(shards = %set, "running a range of gateway shards");
    // serenity 0.12 takes the range's end as the last shard *included* (it boots
    // `start..=end`), whatever `Range` suggests: `first..last` runs first to last.
    client
        .start_shard_range(set.first()..set.last(), set.total())
        .await
}

/// poise's framework, counting every event it handles (an interaction until its answer and all
/// that follows it are done) as work in hand.
struct Counted {
    framework: poise::Framework<Data, Error>,
    work: Work,
}

#[serenity::async_trait]
impl serenity::framework::Framework for Counted {
    async fn init(&mut self, client: &serenity::Client) {
        self.framework.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let _busy = self.work.begin();
        self.framework.dispatch(ctx, event).await;
    }
}

/// How often the puzzle channels are looked at: a channel just set gets today's puzzle soon.
const DAILY_CHECK: std::time::Duration = std::time::Duration::from_secs(3);

/// Posts the day's puzzle in each server's puzzle channel (`/settings puzzle-channel:`) once a
/// day, in the server's language, with its Solve button. A post Discord refuses is given up
/// for the day (and logged), not tried again every few seconds.
async fn post_daily_puzzles(
    http: std::sync::Arc<serenity::Http>,
    tongues: Tongues,
    table: Table,
    work: Work,
) {
    let mut every = tokio::time::interval(DAILY_CHECK);
    loop {
        every.tick().await;
        let puzzles = table.puzzles();
        let due = match puzzles.due_posts().await {
            Ok(due) => due,
            Err(error) => {
                warn!(%error, "cannot read the puzzle channels");
                continue;
            }
        };
        for (guild, channel, day, post) in due {
            let _busy = work.begin();
            let locales = tongues.locales(&Asker::server(Some(guild))).await;
            let answer = present::present(post, locales, table.pictures()).await;
            let to = serenity::ChannelId::new(channel);
            match to.send_message(&http, answer.to_message()).await {
                Ok(_) => info!(guild, channel, day, "daily puzzle posted"),
                Err(error) => warn!(guild, channel, %error, "cannot post the daily puzzle"),
            }
            if let Err(error) = puzzles.posted(guild, day).await {
                warn!(guild, %error, "cannot note the daily puzzle as posted");
            }
        }
    }
}

/// The wait before a notice's second try when Discord fails (5xx), asks to slow down (429) or
/// cannot be reached; each further wait doubles, up to [`BACKOFF_CAP`], for as long as
/// [`Config::notice_retry`] allows.
const BACKOFF: std::time::Duration = std::time::Duration::from_millis(500);
/// The longest wait between two tries.
const BACKOFF_CAP: std::time::Duration = std::time::Duration::from_secs(30);

/// Posts what happens without a request (the AI's moves, clock warnings, timeouts, expired
/// challenges) in the match's channel. A notice is news only: the match has already changed,
/// whether or not it can be posted; what cannot be is told at the next answer about the match.
struct Poster {
    http: std::sync::Arc<serenity::Http>,
    boards: std::sync::Arc<respond::Boards>,
    tongues: Tongues,
    known: access::Known,
    table: Table,
    /// Each notice counts as work in hand while it is posted.
    work: Work,
    /// Where the bot is no member, a notice goes through an interaction's token instead.
    chats: reach::Chats,
    /// Where no token can carry it, it goes besides in a DM to the players it concerns.
    dms: reach::Dms,
    /// The bot itself, never sent a DM.
    bot_id: serenity::UserId,
    /// Arenas' live standings messages.
    live: live::Live,
    /// The notices waiting, one queue per channel.
    lanes: lanes::Lanes,
    /// How far the bot is in stopping: what is not posted by then is kept.
    stop: lanes::Stop,
    /// How long a notice is tried again while Discord fails, before it is kept as news.
    retry_for: std::time::Duration,
}

/// Why a notice was not posted.
enum Failed {
    /// The channel no longer exists (Discord's error 10003).
    Gone,
    /// The bot may not post there: what it lacks, when known (empty when Discord only said 403).
    Forbidden(serenity::Permissions),
    /// Discord's Missing Access (403, 50001): outside any server, the bot is no member of the
    /// chat (a DM or group DM between people).
    NoAccess,
    /// Discord failed or could not be reached for as long as notices are tried again (or the
    /// bot is stopping).
    Unavailable(String),
    /// Anything else.
    Other(String),
}

impl Poster {
    /// Posts every notice, in order in each channel, until the match service stops.
    async fn run(self: std::sync::Arc<Self>, mut notices: table::Notices) {
        while let Some(notice) = notices.recv().await {
            let channel = notice.place.channel;
            if self.lanes.push(notice, self.work.begin()) {
                tokio::spawn(self.clone().lane(channel));
            }
        }
    }

    /// Posts a channel's notices one after the other until none is left (kept as news once
    /// the bot is stopping).
    async fn lane(self: std::sync::Arc<Self>, channel: u64) {
        while let Some((notice, _busy)) = self.lanes.next(channel) {
            if self.stop.phase() == lanes::Phase::Stopped {
                let match_id = notice.match_id;
                info!(
                    match_id,
                    channel, "stopping: notice kept for the next answer"
                );
                let why = table::Undelivered::Unavailable;
                self.table.matches().undelivered(match_id, why).await;
            } else {
                self.post(notice).await;
            }
        }
    }

    async fn post(&self, notice: table::Notice) {
        let start = Instant::now();
        let match_id = notice.match_id;
        let channel = serenity::ChannelId::new(notice.place.channel);
        let locales = self
            .tongues
            .locales(&Asker::server(notice.place.guild))
            .await;
        // Outside servers the news may have to go in DMs as well, in each player's language.
        let news = notice.place.guild.is_none() || self.chats.is_outside(channel.get());
        let reply = news.then(|| notice.reply.clone());
        let answer = present::present(notice.reply, locales, self.table.pictures()).await;
        if self.chats.is_outside(channel.get()) {
            self.follow_up(&notice.place, match_id, answer, reply, start)
                .await;
            return;
        }
        let need = access::to_post(
            notice.place.parent.is_some(),
            answer.embed.is_some(),
            answer.file.is_some(),
        );
        let lacking = access::missing(self.known.get(channel.get()), need);
        respond::tournament_news(&self.http, &self.table, &answer, None).await;
        if let Some(news) = &answer.tournament {
            self.live
                .keep(&self.http, &self.table, &self.work, news, locales)
                .await;
        }
        // A tournament's game starts in a thread of its own, as a match accepted from its card.
        if lacking.is_empty() && answer.thread.is_some() && notice.place.guild.is_some() {
            let guild = notice.place.guild.map(serenity::GuildId::new);
            let started = respond::into_thread(
                &self.http,
                &self.table,
                &self.boards,
                guild,
                channel,
                None,
                &answer,
            )
            .await;
            match started {
                Ok(Some(thread)) => {
                    self.point_to_game(&answer, thread).await;
                    info!(match_id, %thread, "match started in its thread");
                    return;
                }
                Ok(None) => {}
                Err(e) => debug!(match_id, "cannot post in the match's thread: {e}"),
            }
        }
        let sent = if lacking.is_empty() {
            self.deliver(match_id, channel, &answer).await
        } else {
            Err(Failed::Forbidden(lacking))
        };
        respond::edit_card(&self.http, &answer).await;
        let why = match sent {
            Ok(message) => {
                self.boards
                    .posted(&self.http, &answer, channel, message.id)
                    .await;
                let ms = format!("{:.1}", start.elapsed().as_secs_f64() * 1000.0);
                info!(match_id, %channel, ms, "notice posted");
                return;
            }
            Err(Failed::Gone) => table::Undelivered::Gone,
            // Outside any server Discord refused the channel itself: a DM or group DM between
            // people this process has not heard from since it started. Its next interaction
            // tells the news, as where the chat is known.
            Err(Failed::NoAccess) if notice.place.guild.is_none() => {
                info!(match_id, %channel, "the bot is no member here; notice kept for the next interaction");
                self.keep(&notice.place, match_id, answer, reply).await;
                return;
            }
            Err(Failed::NoAccess) => table::Undelivered::Forbidden("0".to_owned()),
            Err(Failed::Forbidden(lacking)) => {
                table::Undelivered::Forbidden(lacking.bits().to_string())
            }
            Err(Failed::Unavailable(error)) => {
                warn!(match_id, %channel, %error, "Discord did not take the notice; kept for the next answer");
                table::Undelivered::Unavailable
            }
            Err(Failed::Other(error)) => {
                debug!(match_id, %channel, %error, "notice not posted");
                table::Undelivered::Forbidden("0".to_owned())
            }
        };
        metrics::counter!("parlor_notices_failed_total").increment(1);
        // The table logs it, once, with the match id.
        self.table.matches().undelivered(match_id, why).await;
    }

    /// Tells the players of a tournament's game, in the tournament's thread, where their game
    /// is (a ping to each).
    async fn point_to_game(&self, answer: &Answer, game: serenity::ChannelId) {
        let Some(news) = &answer.tournament else {
            return;
        };
        let Some(thread) = news.thread else { return };
        let players: Vec<String> = answer
            .mentions
            .iter()
            .map(|id| format!("<@{id}>"))
            .collect();
        let text = Msg::new("tournament-your-game")
            .plain("players", players.join(" "))
            .plain("game", format!("<#{game}>"))
            .text(answer.lang);
        let message = serenity::CreateMessage::new()
            .content(text)
            .allowed_mentions(answer.allowed_mentions());
        if let Err(e) = serenity::ChannelId::new(thread)
            .send_message(&self.http, message)
            .await
        {
            debug!(
                tournament = news.id,
                "cannot point the players to their game: {e}"
            );
        }
    }

    /// Sends a notice in a chat the bot is no member of: as a follow-up of the newest
    /// interaction there while its token lives and has a follow-up left, else kept for the next
    /// interaction, which tells it, and sent besides in DMs where Discord allows it.
    async fn follow_up(
        &self,
        place: &table::Place,
        match_id: i64,
        answer: Answer,
        reply: Option<table::Reply>,
        start: Instant,
    ) {
        use serenity::Builder;
        let channel = serenity::ChannelId::new(place.channel);
        let Some(token) = self.chats.lend(channel.get()) else {
            info!(match_id, %channel, "notice kept for the next interaction in this chat");
            self.keep(place, match_id, answer, reply).await;
            return;
        };
        match answer
            .to_followup()
            .execute(&self.http, (None, &token.token))
            .await
        {
            Ok(message) => {
                self.boards.sent_through(message.id, token, false);
                self.boards
                    .posted(&self.http, &answer, channel, message.id)
                    .await;
                let ms = format!("{:.1}", start.elapsed().as_secs_f64() * 1000.0);
                info!(match_id, %channel, ms, "notice sent as a follow-up");
            }
            Err(error) => {
                debug!(match_id, %channel, %error, "notice not followed up; kept for the next interaction");
                self.keep(place, match_id, answer, reply).await;
            }
        }
    }

    /// Keeps news no token could carry for the next interaction in its chat (which tells
    /// everyone there), and tells it now in a DM from Parlor to each player it concerns (those
    /// it names), where Discord allows it: a person who never installed Parlor and shares no
    /// server with it learns it from that next interaction only.
    async fn keep(
        &self,
        place: &table::Place,
        match_id: i64,
        answer: Answer,
        reply: Option<table::Reply>,
    ) {
        // An interaction there not answered yet takes it as a follow-up in a moment.
        let soon = self.chats.answer_coming(place.channel);
        self.chats.hold(place.channel, answer);
        let Some(reply) = reply.filter(|_| !soon) else {
            return;
        };
        let mut players = reply.mentions.clone();
        players.dedup();
        players.retain(|&p| p != self.bot_id.get());
        let chat = reach::chat_link(place.guild, place.channel);
        for player in players {
            let asker = Asker {
                user: Some(player),
                ..Asker::default()
            };
            let locales = self.tongues.locales(&asker).await;
            let mut letter = present::present(reply.clone(), locales, self.table.pictures()).await;
            // Its controls belong to the chat of the match, not to the DM.
            letter.rows.clear();
            letter.mentions.clear();
            let line = Msg::new("notice-in-dm")
                .plain("chat", chat.clone())
                .text(letter.lang);
            letter.text = present::truncate(&format!("{line}\n{}", letter.text), 2000);
            let user = serenity::UserId::new(player);
            match self.dms.send(&self.http, user, letter.to_message()).await {
                reach::Dm::Sent => info!(match_id, player, "notice sent in a DM"),
                reach::Dm::Refused => {
                    info!(
                        match_id,
                        player, "the player cannot be sent a DM; the next interaction tells it"
                    )
                }
                reach::Dm::Failed(error) => {
                    debug!(match_id, player, %error, "notice not sent in a DM")
                }
            }
        }
    }

    /// Sends a notice, trying again with a growing wait while Discord fails, asks to slow down
    /// or cannot be reached (for [`Poster::retry_for`], unless the bot stops), and reopening an
    /// archived thread once. (With serenity's rate limiter on, as against Discord itself, a 429
    /// is waited out there for its `retry_after` before it reaches here.)
    async fn deliver(
        &self,
        match_id: i64,
        channel: serenity::ChannelId,
        answer: &Answer,
    ) -> Result<serenity::Message, Failed> {
        let http = &self.http;
        let first = Instant::now();
        let mut wait = BACKOFF;
        let mut reopened = false;
        let mut attempt = 0;
        loop {
            attempt += 1;
            let error = match channel.send_message(http, answer.to_message()).await {
                Ok(message) => return Ok(message),
                Err(error) => error,
            };
            let response = match &error {
                serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
                    response
                }
                // No answer at all (refused, reset, timed out): Discord may be unreachable.
                serenity::Error::Http(serenity::HttpError::Request(_)) => {
                    self.wait_to_retry(match_id, channel, (first, &mut wait), 0, &error)
                        .await?;
                    continue;
                }
                _ => return Err(Failed::Other(error.to_string())),
            };
            let (status, code) = (response.status_code.as_u16(), response.error.code);
            match (status, code) {
                // A long game's thread archives itself after a quiet week: open it again.
                (_, 50083) if !reopened => {
                    reopened = true;
                    let reopen = serenity::EditThread::new().archived(false);
                    if let Err(e) = channel.edit_thread(http, reopen).await {
                        return Err(Failed::Other(format!("cannot unarchive: {e}")));
                    }
                }
                (404, _) | (_, 10003) => return Err(Failed::Gone),
                (403, 50001) => return Err(Failed::NoAccess),
                (403, _) => return Err(Failed::Forbidden(serenity::Permissions::empty())),
                (429 | 500..=599, _) => {
                    self.wait_to_retry(match_id, channel, (first, &mut wait), status, &error)
                        .await?;
                    debug!(match_id, %channel, status, attempt, "notice not taken; trying again");
                }
                _ => return Err(Failed::Other(error.to_string())),
            }
        }
    }

    /// Waits before the next try of a notice that Discord did not take (`status` 0: no answer),
    /// the wait then doubled up to [`BACKOFF_CAP`]; gives up when the next try would come after
    /// [`Poster::retry_for`] since the `first`, or the bot stops.
    async fn wait_to_retry(
        &self,
        match_id: i64,
        channel: serenity::ChannelId,
        (first, wait): (Instant, &mut std::time::Duration),
        status: u16,
        error: &serenity::Error,
    ) -> Result<(), Failed> {
        let stopping = self.stop.phase() != lanes::Phase::Running;
        if stopping || first.elapsed() + *wait > self.retry_for {
            return Err(Failed::Unavailable(error.to_string()));
        }
        if *wait >= BACKOFF_CAP {
            // Said once a while, not at every try: Discord has been failing for a minute.
            info!(match_id, %channel, status, "Discord keeps failing; the notice is tried again");
        }
        self.stop.sleep(*wait).await;
        *wait = (*wait * 2).min(BACKOFF_CAP);
        if self.stop.phase() != lanes::Phase::Running {
            return Err(Failed::Unavailable(error.to_string()));
        }
        Ok(())
    }
}

/// Registers the slash commands of the catalogue in one server (instant) or globally (may take
/// an hour to show). A failure is logged, not fatal: the commands of a previous start may still
/// be there.
async fn register(http: &serenity::Context, guild_id: Option<serenity::GuildId>) {
    let commands = commands::registration();
    let count = commands.len();
    let result = match guild_id {
        Some(guild) => guild.set_commands(http, commands).await,
        None => serenity::Command::set_global_commands(http, commands).await,
    };
    match (result, guild_id) {
        (Ok(_), Some(guild)) => info!(count, %guild, "slash commands registered in one server"),
        (Ok(_), None) => info!(count, "slash commands registered globally"),
        (Err(e), _) => error!("cannot register the slash commands: {e}"),
    }
}

fn options() -> poise::FrameworkOptions<Data, Error> {
    poise::FrameworkOptions {
        commands: commands::all(),
        pre_command: |ctx| {
            Box::pin(async move {
                ctx.set_invocation_data(Instant::now()).await;
            })
        },
        post_command: |ctx| Box::pin(async move { log_command(ctx, None::<&str>).await }),
        on_error: |error| Box::pin(on_error(error)),
        event_handler: |framework, event| {
            Box::pin(async move {
                let (ctx, data) = (framework.serenity_context, framework.user_data);
                match event {
                    serenity::FullEvent::InteractionCreate {
                        interaction: serenity::Interaction::Component(interaction),
                    } => components::handle(ctx, data, interaction).await,
                    // Connected again (or first): news Discord did not take meanwhile goes out.
                    serenity::FullEvent::Ready { .. } | serenity::FullEvent::Resume { .. } => {
                        let matches = data.table.matches().clone();
                        tokio::spawn(async move { matches.post_kept().await });
                    }
                    _ => {}
                }
                Ok(())
            })
        },
        ..Default::default()
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Setup {
            error, framework, ..
        } => {
            // Without the match service the bot can do nothing: stop rather than hang.
            error!("cannot start the match service: {error:#}");
            framework.shard_manager().shutdown_all().await;
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            // The whole chain of causes: the reply below says only "something went wrong".
            let cause = format!("{error:#}");
            error!(command = %ctx.invocation_string(), error = %cause, "command failed");
            log_command(ctx, Some(&cause)).await;
            let locales = commands::locales(ctx).await;
            let text = Msg::new("err-internal").text(locales.pick(true));
            let reply = Answer::private(text);
            // The interaction may already be answered, or expired: nothing more to do then.
            let _ = ctx.send(reply.to_reply()).await;
        }
        other => {
            if let Some(ctx) = other.ctx() {
                log_command(ctx, Some(&other.to_string())).await;
            }
            if let Err(e) = poise::builtins::on_error(other).await {
                warn!("cannot report an error to Discord: {e}");
            }
        }
    }
}

async fn log_command(ctx: Context<'_>, error: Option<&(impl Display + ?Sized)>) {
    let start = ctx
        .invocation_data::<Instant>()
        .await
        .map(|start| *start)
        .unwrap_or_else(Instant::now);
    log_interaction(
        ctx.author().id,
        &ctx.author().name,
        &ctx.invocation_string(),
        start,
        error,
    );
}

/// The one log line of an interaction: who, what, how long (and the error, if any).
pub(crate) fn log_interaction(
    user: serenity::UserId,
    name: &str,
    what: &str,
    start: Instant,
    error: Option<&(impl Display + ?Sized)>,
) {
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    match error {
        None => info!(user = %user, name, what, ms = format!("{ms:.1}"), "interaction"),
        Some(e) => {
            warn!(user = %user, name, what, ms = format!("{ms:.1}"), error = %e, "interaction failed")
        }
    }
}

/// The parent channel of an interaction's channel when that channel is a thread (a thread's
/// matches belong to it, but the service also needs to know where it hangs).
fn thread_parent(channel: Option<&serenity::PartialChannel>) -> Option<u64> {
    let channel = channel?;
    let thread = matches!(
        channel.kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    );
    if thread {
        channel.parent_id.map(|p| p.get())
    } else {
        None
    }
}

/// Whether the bot can give a match a thread of its own here: a server's text channel where it
/// may create public threads and write in them.
fn can_thread(
    channel: Option<&serenity::PartialChannel>,
    permissions: Option<serenity::Permissions>,
) -> bool {
    let text = channel.is_some_and(|c| c.kind == serenity::ChannelType::Text);
    let allowed =
        permissions.is_some_and(|p| p.create_public_threads() && p.send_messages_in_threads());
    text && allowed
}
