//! Which matches a process owns when several processes share one database, each running a range
//! of Discord's gateway shards: a match belongs to the shard of its server, so exactly one process
//! ever changes it.

use std::fmt;

/// The gateway shards `first..=last` of `total`, run by this process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardSet {
    first: u32,
    last: u32,
    total: u32,
}

/// Why a shard range cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShardError {
    /// `--shards` is not `A-B` (or a single `A`).
    #[error("--shards takes a range of shard numbers like 0-3 (or one number like 2), not {0:?}")]
    Syntax(String),
    /// `--total-shards 0`.
    #[error("--total-shards must be at least 1")]
    NoShards,
    /// `A > B`.
    #[error("--shards {first}-{last}: the first shard must not come after the last")]
    Reversed { first: u32, last: u32 },
    /// `B >= N`.
    #[error(
        "--shards {first}-{last} with --total-shards {total}: shards are numbered 0 to {}, so the last must be below {total}",
        total.saturating_sub(1)
    )]
    OutOfRange { first: u32, last: u32, total: u32 },
    /// One of the two flags without the other.
    #[error(
        "--shards and --total-shards go together (e.g. --shards 0-1 --total-shards 4); give both, or neither to run every shard"
    )]
    Incomplete,
}

impl ShardSet {
    /// Shards `first..=last` of `total`, checked: `first <= last < total`.
    pub fn new(first: u32, last: u32, total: u32) -> Result<Self, ShardError> {
        if total == 0 {
            return Err(ShardError::NoShards);
        }
        if first > last {
            return Err(ShardError::Reversed { first, last });
        }
        if last >= total {
            return Err(ShardError::OutOfRange { first, last, total });
        }
        Ok(Self { first, last, total })
    }

    /// From the command line's `--shards A-B` and `--total-shards N`: both or neither.
    pub fn from_flags(range: Option<&str>, total: Option<u32>) -> Result<Option<Self>, ShardError> {
        match (range, total) {
            (None, None) => Ok(None),
            (Some(range), Some(total)) => {
                let (first, last) = parse_range(range)?;
                Self::new(first, last, total).map(Some)
            }
            _ => Err(ShardError::Incomplete),
        }
    }

    /// The first shard run here.
    pub fn first(&self) -> u32 {
        self.first
    }

    /// The last shard run here (included).
    pub fn last(&self) -> u32 {
        self.last
    }

    /// How many shards the bot has in all.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Whether this process runs the work done once for the whole bot (the puzzle harvest):
    /// the one that runs shard 0.
    pub fn runs_shared_work(&self) -> bool {
        self.first == 0
    }

    /// Whether a match in this server (`None`: a direct message, or the terminal) is ours.
    pub fn owns(&self, guild: Option<u64>) -> bool {
        (self.first..=self.last).contains(&shard_of(guild, self.total))
    }
}

impl fmt::Display for ShardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{} of {}", self.first, self.last, self.total)
    }
}

/// The shard Discord delivers a server's events to: `(guild_id >> 22) % total`; direct messages
/// (no server) go to shard 0.
pub fn shard_of(guild: Option<u64>, total: u32) -> u32 {
    match guild {
        Some(id) if total > 0 => ((id >> 22) % u64::from(total)) as u32,
        _ => 0,
    }
}

/// `"A-B"` (or `"A"`) as `(A, B)`.
fn parse_range(text: &str) -> Result<(u32, u32), ShardError> {
    let bad = || ShardError::Syntax(text.to_owned());
    let number = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
    match text.split_once('-') {
        Some((a, b)) => Ok((number(a)?, number(b)?)),
        None => {
            let n = number(text)?;
            Ok((n, n))
        }
    }
}
