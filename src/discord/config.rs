//! The bot's configuration, read from the environment (INTERFACES.md).

use std::fmt;

use poise::serenity_prelude as serenity;

/// Everything the bot needs to start, from `DISCORD_TOKEN`, `DATABASE_URL`, `DISCORD_GUILD_ID`,
/// `DISCORD_API_BASE`, `PARLOR_DOCS_URL` and `PARLOR_PUBLIC_URL`.
#[derive(Clone)]
pub struct Config {
    /// The bot token (never logged: `Debug` hides it).
    pub token: String,
    /// Where matches are kept; `sqlite://parlor.db` by default.
    pub database_url: String,
    /// Register the slash commands in this server only (instant) instead of globally.
    pub guild_id: Option<serenity::GuildId>,
    /// Send every REST call and the gateway look-up here instead of Discord (tests, local fakes).
    pub api_base: Option<String>,
    /// Where `/rules` links the full rules (`<base>/<lang>/<game>.md`); else the repository path.
    pub docs_url: Option<String>,
    /// The public address of the web pages, for links from chat (none without it).
    pub public_url: Option<String>,
    /// Work slower than this is deferred first; zero defers always (not from the environment:
    /// tests set it).
    pub defer_after: std::time::Duration,
    /// How long a first response waits for its picture before it goes without it (not from the
    /// environment: tests set it).
    pub picture_wait: std::time::Duration,
    /// Run only these gateway shards (`parlor bot --shards A-B --total-shards N`, not from the
    /// environment); `None` runs every shard, as many as Discord recommends.
    pub shards: Option<super::ShardSet>,
    /// Filled in as the bot starts (its database, its shards), for `/healthz` (not from the
    /// environment: `main` hands a clone to the HTTP adapter).
    pub health: super::Health,
    /// What the bot is handling now (not from the environment: tests wait for it to be idle).
    pub work: super::Work,
    /// How long a notice Discord does not take (5xx, 429, unreachable) is tried again before it
    /// is kept as news for the players' next answer: ten minutes (not from the environment:
    /// tests shorten it).
    pub notice_retry: std::time::Duration,
}

/// Why the configuration cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// No token: say how to get one, and what works without one.
    #[error(
        "DISCORD_TOKEN is not set.\n\
         The bot needs a token to log in to Discord. To get one:\n  \
         1. open https://discord.com/developers/applications and create an application;\n  \
         2. on its Bot page, press \"Reset Token\" and copy the token;\n  \
         3. run `DISCORD_TOKEN=<the token> parlor` (or put DISCORD_TOKEN=<the token> in a .env file).\n\
         The README's \"Discord set-up\" section says how to invite the bot to a server.\n\
         To play without Discord, try `parlor local`."
    )]
    MissingToken,
    /// `DISCORD_GUILD_ID` is not a server id.
    #[error("DISCORD_GUILD_ID must be a server id (a positive number), not {0:?}")]
    BadGuildId(String),
    /// `DISCORD_API_BASE` is not an http(s) URL.
    #[error(
        "DISCORD_API_BASE must be an http:// or https:// URL (e.g. http://127.0.0.1:8080), not {0:?}"
    )]
    BadApiBase(String),
    /// `PARLOR_DOCS_URL` is not an http(s) URL.
    #[error(transparent)]
    BadDocsUrl(#[from] crate::table::BadDocsUrl),
    /// `PARLOR_PUBLIC_URL` is not an http(s) URL.
    #[error(transparent)]
    BadPublicUrl(#[from] crate::table::BadPublicUrl),
}

/// How long a notice is tried again while Discord fails (issue: at least ten minutes).
pub const NOTICE_RETRY: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// The default database: a file next to where the bot runs.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://parlor.db";

impl Config {
    /// Reads the process environment (call `dotenvy::dotenv()` first to include a `.env` file).
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|key| std::env::var(key).ok())
    }

    /// Reads the configuration through `get`, so that tests need not touch the process environment.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let non_empty = |key: &str| {
            get(key)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let token = non_empty("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        let database_url =
            non_empty("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
        let guild_id = match non_empty("DISCORD_GUILD_ID") {
            None => None,
            Some(text) => match text.parse::<u64>() {
                Ok(id) if id > 0 => Some(serenity::GuildId::new(id)),
                _ => return Err(ConfigError::BadGuildId(text)),
            },
        };
        let api_base = match non_empty("DISCORD_API_BASE") {
            None => None,
            Some(base) if base.starts_with("http://") || base.starts_with("https://") => {
                Some(base.trim_end_matches('/').to_owned())
            }
            Some(base) => return Err(ConfigError::BadApiBase(base)),
        };
        let docs_url = crate::table::docs_url(&get("PARLOR_DOCS_URL").unwrap_or_default())?;
        let public_url = crate::table::public_url(&get("PARLOR_PUBLIC_URL").unwrap_or_default())?;
        Ok(Self {
            token,
            database_url,
            guild_id,
            api_base,
            docs_url,
            public_url,
            defer_after: super::respond::DEFER_AFTER,
            picture_wait: super::respond::PICTURE_WAIT,
            shards: None,
            health: super::Health::default(),
            work: super::Work::default(),
            notice_retry: NOTICE_RETRY,
        })
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &"<hidden>")
            .field("database_url", &crate::store::shown_url(&self.database_url))
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("docs_url", &self.docs_url)
            .field("public_url", &self.public_url)
            .field("defer_after", &self.defer_after)
            .field("picture_wait", &self.picture_wait)
            .field("shards", &self.shards)
            .finish()
    }
}
