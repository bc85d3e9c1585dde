//! The Discord adapter: poise slash commands and a global button handler, thin over the match
//! service. Everything here is Discord plumbing; what a command means is decided elsewhere.
//!
//! Start-up: [`run`] reads nothing itself; `main` builds a [`Config`] from the environment.

mod choices;
mod commands;
mod components;
mod config;
mod health;
mod present;
mod respond;
mod shards;

use std::fmt::Display;
use std::future::Future;
use std::time::Instant;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

pub use choices::{Clock, Game, Scope, Variant};
pub use config::{Config, ConfigError, DEFAULT_DATABASE_URL};
pub use health::{DATABASE_TIMEOUT, Health};
pub use present::Locales;
pub use respond::{Answer, DEFER_AFTER};
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
    /// The newest board of each match, to grey out the one before.
    boards: std::sync::Arc<respond::Boards>,
    /// The language of each server seen so far, for what the bot posts on its own (notices).
    guild_langs: GuildLangs,
}

/// Server id -> the server's language, learnt from interactions' `guild_locale`.
type GuildLangs = std::sync::Arc<std::sync::Mutex<std::collections::HashMap<u64, Lang>>>;

impl Data {
    /// The languages of an interaction (`locale`, `guild_locale`), remembering the server's.
    pub fn locales(&self, guild: Option<u64>, user: &str, guild_locale: Option<&str>) -> Locales {
        let guild_lang = guild_locale.and_then(Lang::from_locale);
        if let (Some(g), Some(lang)) = (guild, guild_lang) {
            self.guild_langs
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(g, lang);
        }
        Locales {
            user: Lang::from_locale(user),
            guild: guild_lang,
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
/// `docs_url`, and `owns` from the shard range, when unset, come from `config`).
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
    let settings = table::Config {
        docs_url: settings.docs_url.or_else(|| config.docs_url.clone()),
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

    let framework = poise::Framework::builder()
        .options(options())
        // Owners are not used; skipping them saves a request at start.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                info!(
                    bot = %ready.user.name,
                    servers = ready.guilds.len(),
                    "connected to Discord"
                );
                register(ctx, &framework.options().commands, guild_id).await;
                let mut settings = settings;
                settings.bot = table::UserRef::new(ready.user.id.get(), ready.user.name.clone());
                let (table, notices) = Table::start(store, settings).await?;
                table.spawn_timer();
                let boards = std::sync::Arc::new(respond::Boards::default());
                let guild_langs = GuildLangs::default();
                tokio::spawn(post_notices(
                    ctx.http.clone(),
                    notices,
                    boards.clone(),
                    guild_langs.clone(),
                ));
                Ok(Data {
                    bot_id: ready.user.id,
                    table,
                    defer_after,
                    boards,
                    guild_langs,
                })
            })
        })
        .build();

    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .event_handler(health::Watch(config.health.clone()))
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
    info!("stopped");
    Ok(())
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

/// Posts what happens without a request (the AI's moves, clock warnings, timeouts, expired
/// challenges) in the match's channel, until the match service stops.
async fn post_notices(
    http: std::sync::Arc<serenity::Http>,
    mut notices: table::Notices,
    boards: std::sync::Arc<respond::Boards>,
    guild_langs: GuildLangs,
) {
    while let Some(notice) = notices.recv().await {
        let start = Instant::now();
        let channel = serenity::ChannelId::new(notice.place.channel);
        let guild = notice.place.guild.and_then(|g| {
            let langs = guild_langs.lock().unwrap_or_else(|p| p.into_inner());
            langs.get(&g).copied()
        });
        let locales = Locales {
            user: None,
            guild,
            fallback: Lang::from_env(),
        };
        let answer = present::present(notice.reply, locales).await;
        let mut sent = channel.send_message(&http, answer.to_message()).await;
        if is_archived_thread(&sent) {
            // A long game's thread archives itself after a quiet week: open it again.
            let reopen = serenity::EditThread::new().archived(false);
            match channel.edit_thread(&http, reopen).await {
                Ok(_) => sent = channel.send_message(&http, answer.to_message()).await,
                Err(e) => warn!(match_id = notice.match_id, %channel, "cannot unarchive: {e}"),
            }
        }
        respond::edit_card(&http, &answer).await;
        match sent {
            Ok(message) => {
                boards.posted(&http, &answer, channel, message.id).await;
                info!(match_id = notice.match_id, %channel, ms = format!("{:.1}", start.elapsed().as_secs_f64() * 1000.0), "notice posted");
            }
            Err(e) => {
                metrics::counter!("parlor_notices_failed_total").increment(1);
                warn!(match_id = notice.match_id, %channel, "cannot post a notice: {e}");
            }
        }
    }
}

/// Whether Discord refused a message because its thread is archived (JSON error 50083).
fn is_archived_thread(result: &serenity::Result<serenity::Message>) -> bool {
    matches!(
        result,
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) if r.error.code == 50083
    )
}

/// Registers the slash commands in one server (instant) or globally (may take an hour to show).
/// A failure is logged, not fatal: the commands of a previous start may still be there.
async fn register(
    http: &serenity::Context,
    commands: &[poise::Command<Data, Error>],
    guild_id: Option<serenity::GuildId>,
) {
    let result = match guild_id {
        Some(guild) => poise::builtins::register_in_guild(http, commands, guild).await,
        None => poise::builtins::register_globally(http, commands).await,
    };
    match (result, guild_id) {
        (Ok(()), Some(guild)) => {
            info!(count = commands.len(), %guild, "slash commands registered in one server")
        }
        (Ok(()), None) => info!(count = commands.len(), "slash commands registered globally"),
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
                if let serenity::FullEvent::InteractionCreate {
                    interaction: serenity::Interaction::Component(interaction),
                } = event
                {
                    components::handle(ctx, data, interaction).await;
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
            let locales = match ctx {
                Context::Application(app) => ctx.data().locales(
                    ctx.guild_id().map(|g| g.get()),
                    &app.interaction.locale,
                    app.interaction.guild_locale.as_deref(),
                ),
                Context::Prefix(_) => Locales::default(),
            };
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
