//! The Discord adapter: poise slash commands and a global button handler, thin over the match
//! service. Everything here is Discord plumbing; what a command means is decided elsewhere.
//!
//! Start-up: [`run`] reads nothing itself; `main` builds a [`Config`] from the environment.

mod choices;
mod commands;
mod components;
mod config;
mod respond;

use std::fmt::Display;
use std::future::Future;
use std::time::Instant;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

pub use choices::{Clock, Game, Scope, Variant};
pub use config::{Config, ConfigError, DEFAULT_DATABASE_URL};
pub use respond::{Answer, DEFER_AFTER};

/// What every command and button handler can reach.
pub struct Data {
    /// The bot's own user id, to recognise `/play opponent:<the bot>`.
    pub bot_id: serenity::UserId,
}

/// The error type of commands (an edge, so `anyhow`).
pub type Error = anyhow::Error;
/// The poise context of a command.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The names of every slash command, as registered.
pub fn command_names() -> Vec<String> {
    commands::all().into_iter().map(|c| c.name).collect()
}

/// Installs the log output: `RUST_LOG` filters it, `info` by default. The token is never logged.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // A second call (tests) keeps the first subscriber.
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}

/// Runs the bot until SIGTERM or ctrl-c.
pub async fn run(config: Config) -> anyhow::Result<()> {
    serve(config, shutdown_signal()).await
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

/// Runs the bot until `shutdown` resolves, then disconnects every shard and returns.
pub async fn serve(
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // serenity ignores the proxy while its rate limiter is on.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
        info!(base = %base, "using a Discord API base other than Discord's");
    }
    let http = http.build();
    let guild_id = config.guild_id;

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
                Ok(Data {
                    bot_id: ready.user.id,
                })
            })
        })
        .build();

    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .context("cannot set up the Discord client")?;

    let shards = client.shard_manager.clone();
    let stopper = tokio::spawn(async move {
        shutdown.await;
        info!("shutting down");
        shards.shutdown_all().await;
    });
    let result = client.start_autosharded().await;
    stopper.abort();
    result.context("the connection to Discord failed (is DISCORD_TOKEN right?)")?;
    info!("stopped");
    Ok(())
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
        event_handler: |ctx, event, _framework, data| {
            Box::pin(async move {
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
        poise::FrameworkError::Command { error, ctx, .. } => {
            log_command(ctx, Some(&error)).await;
            let reply =
                Answer::private("Sorry, something went wrong on my side. Please try again.");
            // The interaction may already be answered, or expired: nothing more to do then.
            let _ = ctx.send(reply.into_reply()).await;
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
