//! Parlor: board games for Discord. The library holds every layer; the binary only picks one.
//!
//! Layers point downward only: `games` (pure rules) <- `ai` (search) <- `protocol` (the text
//! engine protocol); `games` <- `render` (pictures); `games` <- `store` (SQLite, the only SQL)
//! <- `table` (the match service the adapters call, which describes pictures and draws them
//! through `render`, and will ask `ai` for the bot's moves) <- `discord` (the Discord adapter).

pub mod ai;
#[cfg(test)]
mod deploy;
pub mod discord;
#[cfg(test)]
mod fuzz;
pub mod games;
pub mod i18n;
pub mod local;
pub mod logs;
pub mod protocol;
pub mod render;
pub mod store;
pub mod table;
