//! The settings of the table (its clock, the bot and its AI, the web and docs addresses, which
//! matches a process serves), read once at start and shared by every service.

use std::sync::Arc;

use crate::games::{AnyGame, AnyMove};

use super::act::UserRef;
use super::clock::{Clock, SystemClock};

/// The seam where the AI plugs in: picks a move for the side to move.
pub trait Ai: Send + Sync + 'static {
    /// A legal move of `game` at `level` (1-5), or `None` if it has none to offer. Blocking: the
    /// table calls it on a blocking thread.
    fn choose(&self, game: &AnyGame, level: u8) -> Option<AnyMove>;
}

/// The real AI: a bounded pool of searches (one per core).
impl Ai for crate::ai::Ai {
    fn choose(&self, game: &AnyGame, level: u8) -> Option<AnyMove> {
        crate::ai::Ai::choose(self, game, level)
    }
}

/// Settings of the service.
#[derive(Clone)]
pub struct Config {
    pub clock: Arc<dyn Clock>,
    /// How long a challenge waits for an answer.
    pub challenge_ttl_ms: i64,
    /// The least time between two challenges by the same person.
    pub challenge_cooldown_ms: i64,
    /// The bot's own user (the opponent of `/play opponent:<the bot>`).
    pub bot: UserRef,
    /// The AI behind `/play opponent:<the bot>`; with `None`, challenges to the bot are refused.
    pub ai: Option<Arc<dyn Ai>>,
    /// Where `/rules` sends readers for the full rules (`PARLOR_DOCS_URL`, checked with
    /// [`super::docs_url`]); `None` names the file in the repository instead.
    pub docs_url: Option<String>,
    /// The public address of the web pages (`PARLOR_PUBLIC_URL`, checked with [`super::public_url`]),
    /// for links from chat; `None` gives no links.
    pub public_url: Option<String>,
    /// Which matches this process serves when others share its database (the terminal, other
    /// shards of the bot); it restores and times only those. `None` serves every match.
    pub owns: Option<Owns>,
    /// How many post-game analyses run at once (`PARLOR_ANALYSIS_THREADS`, default 1); further
    /// requests wait their turn.
    pub analysis_threads: usize,
    /// Search steps per position of an analysis (`PARLOR_ANALYSIS_NODES`); `None`: each
    /// game's default depth ([`crate::ai::analysis::Depth::default_for`]).
    pub analysis_nodes: Option<u64>,
    /// What the service has in hand on its own (a tournament's step: a round paired, its games
    /// opened); the transport passes its own count here, so that waiting for it to be idle, or
    /// draining it at shutdown, waits for these too.
    pub work: super::Work,
}

/// A positive number from the environment; unset or unreadable (logged) is `None`.
fn env_count(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    match text.trim().parse::<u64>() {
        Ok(n) if n > 0 => Some(n),
        _ => {
            tracing::warn!(variable = name, value = %text, "not a positive whole number; ignored");
            None
        }
    }
}

/// Whether a process serves the matches of a place: its server (`None`: none) and channel.
pub type Owns = Arc<dyn Fn(Option<u64>, u64) -> bool + Send + Sync>;

/// The channel of `parlor local`'s one table (a number no Discord channel has).
pub const TERMINAL_CHANNEL: u64 = 1;

/// The first channel number of the terminal's threads: each game of a tournament at the
/// terminal is played in one of its own, as in Discord (far below any Discord channel id).
const TERMINAL_THREADS: u64 = 1 << 32;

/// The terminal's thread of match `match_id`.
pub fn terminal_thread(match_id: i64) -> u64 {
    TERMINAL_THREADS + match_id.unsigned_abs() % TERMINAL_THREADS
}

/// Whether a match is played at the terminal (`parlor local`): no server, the terminal's channel
/// or one of its threads.
pub fn at_terminal(guild: Option<u64>, channel: u64) -> bool {
    guild.is_none() && (channel == TERMINAL_CHANNEL || channel >> 32 == 1)
}

/// The bot where no transport names it (the terminal, tests): user 0, called Parlor.
pub fn default_bot() -> UserRef {
    UserRef::new(0, "Parlor")
}

impl Config {
    /// The bot's user id when it can play (an AI is configured).
    pub fn playing_bot(&self) -> Option<u64> {
        self.ai.as_ref().map(|_| self.bot.id)
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            clock: Arc::new(SystemClock),
            challenge_ttl_ms: 10 * 60 * 1000,
            challenge_cooldown_ms: 15 * 1000,
            bot: default_bot(),
            ai: Some(Arc::new(crate::ai::Ai::default())),
            docs_url: None,
            public_url: None,
            owns: None,
            analysis_threads: env_count("PARLOR_ANALYSIS_THREADS").map_or(1, |n| n as usize),
            analysis_nodes: env_count("PARLOR_ANALYSIS_NODES"),
            work: super::Work::default(),
        }
    }
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("challenge_ttl_ms", &self.challenge_ttl_ms)
            .field("challenge_cooldown_ms", &self.challenge_cooldown_ms)
            .field("bot", &self.bot)
            .field("ai", &self.ai.is_some())
            .field("docs_url", &self.docs_url)
            .field("public_url", &self.public_url)
            .field("owns", &self.owns.is_some())
            .field("analysis_threads", &self.analysis_threads)
            .field("analysis_nodes", &self.analysis_nodes)
            .field("work", &self.work)
            .finish()
    }
}
