//! The log output of the long-running commands (`parlor bot`, `parlor local`): on standard error,
//! as coloured text only when that is a terminal (journald and container logs get plain text), or
//! one JSON object per line with `PARLOR_LOG_FORMAT=json` for log collectors.

use std::ffi::OsStr;
use std::io::IsTerminal;
use std::sync::OnceLock;

use thiserror::Error;
use tracing_subscriber::EnvFilter;

/// A log setting Parlor cannot follow.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum LogError {
    #[error("PARLOR_LOG_FORMAT is `{0}`; write text (the default) or json")]
    Format(String),
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Human-readable lines, with ANSI colours or without.
    Text { colour: bool },
    /// One JSON object per line (`timestamp`, `level`, `target`, `message` and the event's
    /// fields at the top level); never coloured.
    Json,
}

impl Style {
    /// The style asked for by `PARLOR_LOG_FORMAT` (`format`), `NO_COLOR` (`no_color`: set and not
    /// empty turns colours off, as <https://no-color.org> says) and whether standard error is a
    /// terminal.
    pub fn choose(
        format: Option<&str>,
        no_color: Option<&OsStr>,
        stderr_is_terminal: bool,
    ) -> Result<Style, LogError> {
        match format.map(str::trim) {
            None | Some("") | Some("text") => Ok(Style::Text {
                colour: stderr_is_terminal && no_color.is_none_or(OsStr::is_empty),
            }),
            Some("json") => Ok(Style::Json),
            Some(other) => Err(LogError::Format(other.to_string())),
        }
    }

    /// The style this process's environment asks for.
    pub fn from_env() -> Result<Style, LogError> {
        let format = std::env::var("PARLOR_LOG_FORMAT").ok();
        let no_color = std::env::var_os("NO_COLOR");
        Style::choose(
            format.as_deref(),
            no_color.as_deref(),
            std::io::stderr().is_terminal(),
        )
    }
}

/// The style installed by [`init`], if it ran.
static INSTALLED: OnceLock<Style> = OnceLock::new();

/// Whether [`init`] installed JSON logs: then even the last word of a failed run (`parlor: ...`)
/// must be a JSON line, for the collector that reads them.
pub fn json() -> bool {
    INSTALLED.get() == Some(&Style::Json)
}

/// serenity opens an INFO span around every REST request whose fields are the request written
/// out in full: a board picture becomes a list of some 30,000 numbers, formatted for every post
/// and never shown (under load, a fifth of the bot's CPU time); and one around every gateway
/// event, with the whole event (each interaction) formatted (2 % of the CPU under load). Those
/// spans are off unless `RUST_LOG` names their target.
const QUIET_TARGETS: [&str; 2] = ["serenity::http", "serenity::gateway::shard"];

/// Installs the log output on standard error: `RUST_LOG` filters it (`default_filter` when unset
/// or unreadable), `PARLOR_LOG_FORMAT` and `NO_COLOR` shape it. A bad `PARLOR_LOG_FORMAT` is an
/// error, so that a typo is not silently logged in the wrong shape. A second call keeps the first
/// subscriber.
pub fn init(default_filter: &str) -> Result<(), LogError> {
    let style = Style::from_env()?;
    let mut filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let asked = std::env::var("RUST_LOG").unwrap_or_else(|_| default_filter.to_owned());
    for target in QUIET_TARGETS {
        if !asked.contains(target)
            && let Ok(quiet) = format!("{target}=warn").parse()
        {
            filter = filter.add_directive(quiet);
        }
    }
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // `try_init` fails only when a subscriber is already installed (tests): the first one stays.
    let installed = match style {
        Style::Text { colour } => builder.with_ansi(colour).try_init(),
        Style::Json => builder
            .json()
            .flatten_event(true)
            .with_ansi(false)
            .try_init(),
    };
    if installed.is_ok() {
        let _ = INSTALLED.set(style);
    }
    Ok(())
}
