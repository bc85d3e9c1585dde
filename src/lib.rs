//! Parlor: board games for Discord. The library holds every layer; the binary only picks one.
//!
//! Layers point downward only:
//!
//! | module | what it is | uses |
//! |---|---|---|
//! | [`i18n`] | the Fluent catalogues (English, French): every word a player reads | |
//! | [`games`] | the rules of the four games, pure: moves, notation, seats and teams, variants | `i18n` |
//! | [`ai`] | the search over the games (MCTS-solver, alpha-beta for LOA), levels, the arena | `games` |
//! | [`protocol`] | the text engine protocol (`parlor engine`) | `games`, `ai` |
//! | [`render`] | positions and replays as PNG and GIF | `games`, `i18n` |
//! | [`store`] | SQLite or PostgreSQL: the only SQL (one module of queries compiled per backend) | `games` |
//! | [`table`] | the match service: a match as one value, acts decided by pure functions into changes the store commits | `store`, `games`, `ai`, `render`, `i18n` |
//! | [`discord`] | the Discord adapter (poise/serenity) | `table` |
//! | [`local`] | the terminal adapter (`parlor local`) | `table` |
//! | [`http`] | the HTTP adapter (`PARLOR_HTTP`): `/healthz` and `/metrics`, on a router that can take more pages | |

pub mod ai;
pub mod discord;
pub mod games;
pub mod http;
pub mod i18n;
pub mod local;
pub mod logs;
pub mod protocol;
pub mod render;
pub mod store;
pub mod table;
pub mod web;
