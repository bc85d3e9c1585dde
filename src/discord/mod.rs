//! The Discord adapter: poise slash commands and a global button handler, thin over the match
//! service. Everything here is Discord plumbing; what a command means is decided elsewhere.
//!
//! Start-up: [`run`] reads nothing itself; `main` builds a [`Config`] from the environment.

#[doc(hidden)]
pub mod access;
#[doc(hidden)]
pub mod answer;
mod boards;
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
mod poster;
#[doc(hidden)]
pub mod present;
#[doc(hidden)]
pub mod reach;
#[doc(hidden)]
pub mod respond;
mod rest;
#[doc(hidden)]
pub mod shards;
#[doc(hidden)]
use std::fmt::Display;
use std::future::Future;
use std::time::Instant;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

pub use crate::table::{Busy, Work};
pub use answer::Answer;
pub use config::{Config, ConfigError, DEFAULT_DATABASE_URL};
pub use health::{DATABASE_TIMEOUT, Health};
pub use present::Locales;
pub use respond::DEFER_AFTER;
pub use shards::{ShardError, ShardSet, shard_of};

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
    /// How long a first response waits for its picture.
    pub picture_wait: std::time::Duration,
    /// The newest board of each match, to grey out the one before.
    boards: std::sync::Arc<boards::Boards>,
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

    /// Remembers the server's Discord language that `asker`'s interaction tells, before it is
    /// handled: the notices its act sets off (the AI's first move) may go out before its answer.
    /// Returns the server's language as now known.
    pub fn heard(&self, asker: &Asker) -> Option<Lang> {
        let said = asker.guild_locale.as_deref().and_then(Lang::from_locale);
        let mut langs = self.guild_langs.lock().unwrap_or_else(|p| p.into_inner());
        match (asker.guild, said) {
            (Some(g), Some(lang)) => {
                langs.insert(g, lang);
                Some(lang)
            }
            (Some(g), None) => langs.get(&g).copied(),
            (None, _) => said,
        }
    }

    /// The languages known for an answer to `asker`.
    pub async fn locales(&self, asker: &Asker) -> Locales {
        let guild = self.heard(asker);
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
        // One count of what is in hand: the service's own steps count with the bot's events.
        work: config.work.clone(),
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
    let (defer_after, picture_wait) = (config.defer_after, config.picture_wait);
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
                let boards = std::sync::Arc::new(boards::Boards::new(chats.clone()));
                let tongues = Tongues::new(table.clone(), guild_langs);
                let known = access::Known::default();
                let poster = poster::Poster {
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
                    picture_wait,
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
