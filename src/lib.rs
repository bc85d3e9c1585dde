//! Parlor: board games for Discord. The library holds every layer; the binary only picks one.
//!
//! Layers point downward only:
//!
//! | module | what it is | uses |
//! |---|---|---|
//! | [`i18n`] | the Fluent catalogues (English, French): every word a player reads | |
//! | [`games`] | the rules of the four games, pure: moves, notation, seats and teams, variants | `i18n` |
//! | [`ai`] | the search over the games (MCTS-solver, alpha-beta for LOA), levels, the arena, the puzzle solver (proven forced wins, the only-move rule) | `games` |
//! | [`protocol`] | the text engine protocol (`parlor engine`) | `games`, `ai` |
//! | [`render`] | positions and replays as PNG and GIF, and the words that describe each picture | `games`, `i18n` |
//! | [`store`] | SQLite or PostgreSQL: the only SQL (one module of queries compiled per backend) | `games` |
//! | [`tournament`] | tournaments as plain data: Swiss (Dutch) pairings, TRF files, round robins, standings | |
//! | [`table`] | the services: a match as one value, acts decided by pure functions into changes the store commits, the read models beside it, tournaments kept open the same way; [`table::catalogue`] declares every slash command once | `store`, `games`, `ai`, `render`, `i18n`, `tournament` |
//! | [`discord`] | the Discord adapter (poise/serenity): registers and dispatches the catalogue's commands, for server and user installs; matches carried by interactions where the bot is no member | `table` |
//! | [`local`] | the terminal adapter (`parlor local`): the catalogue's commands typed as text | `table` |
//! | [`web`] | the public web pages (`parlor web`, or beside the bot): ladders, players, matches | `table`, `render`, `i18n` |
//! | [`http`] | the HTTP adapter (`PARLOR_HTTP`): `/healthz` and `/metrics`, on a router the web pages join | |
//! | [`logs`] | the log output of `parlor bot` and `parlor local` (text or JSON) | |

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
pub mod tournament;
pub mod web;
