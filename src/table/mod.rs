//! The table: Parlor's services, independent of any transport. Adapters (Discord, the
//! terminal) turn their input into an [`Act`] (a [`Request`] when a control was pressed) with an
//! [`Actor`] and a [`Place`], call [`Table::handle`], and show the [`Reply`]. Things that happen
//! on their own (timeouts, clock warnings, expired challenges, the AI's moves) arrive as
//! [`Notice`]s on the receiver returned by [`Table::start`].
//!
//! Where things live:
//! - `front.rs`: [`Table`], which starts the services and hands each request to its service.
//! - `shell.rs`: the spine every long-lived thing shares: lock, decide, commit, apply,
//!   present, notify. A match uses it; a tournament or a puzzle attempt will too.
//! - `matches/`: matches, from challenge to result: the pure core (state, decide, offers,
//!   verdict, rating) and the service that keeps the open ones ([`Matches`]).
//! - `reads/`: the read models, small services answering from the store: records, score
//!   sheets, the coach's analyses, links to the web pages, and the web pages' data
//!   ([`gallery`]).
//! - `settings.rs`: people's and servers' settings.
//! - The shared vocabulary: requests (`act.rs`), replies and notices (`api.rs`), pictures,
//!   words, texts, presets (variants and clocks), links, the clock, the configuration.
//! - `tournaments/`: tournaments, a value that implements [`shell::Decides`] and a service
//!   that implements [`shell::Keeper`]; each pairing is an ordinary match.
//! - `puzzles/`: finding, exporting and loading puzzles. Future: a puzzle attempt goes there
//!   the same way as a match, with its read models in `reads/` and its acts routed in
//!   `front.rs`.

#[doc(hidden)]
pub mod act;
#[doc(hidden)]
pub mod api;
pub mod catalogue;
#[doc(hidden)]
pub mod clock;
#[doc(hidden)]
pub mod config;
mod front;
pub mod links;
pub mod matches;
#[doc(hidden)]
pub mod picture;
#[doc(hidden)]
pub mod presets;
pub mod puzzles;
pub mod reads;
mod settings;
pub mod shell;
#[doc(hidden)]
pub mod texts;
pub mod tournaments;
pub mod words;
mod work;

pub use act::{
    Act, Actor, ChallengeSpec, Opponent, Place, PuzzleAct, Request, Scope, SettingsChange, Stamp,
    TournamentAct, TournamentCreate, UserRef, controls, stamp_of_custom_id,
};
pub use api::{
    Button, ButtonStyle, CardEdit, Coaching, Link, Menu, MenuOption, Notice, Progress, Reply,
    ReplyKind, Section, TextFile, ThreadRequest, TournamentNews, Undelivered,
};
pub use clock::{Clock, ManualClock, SystemClock, reminder_ms, secs_left};
pub use config::{Ai, Config, Owns, TERMINAL_CHANNEL, at_terminal, default_bot, terminal_thread};
pub use front::Table;
pub use matches::{Matches, PairedGame, rating};
pub use picture::{Image, Picture, PictureError, Pictures};
pub use presets::{
    CLOCK_CHOICES, DEFAULT_CLOCK_SECS, MAX_CLOCK_SECS, MAX_GAME_MINUTES, MAX_INCREMENT_SECS,
    MIN_CLOCK_SECS, MIN_GAME_MINUTES, TimeControl, Variant, parse_clock, parse_time_control,
    variant, variants,
};
pub use reads::gallery;
pub use reads::{BadPublicUrl, public_url};
pub use settings::{Languages, Settings};
pub use shell::Notices;
pub use texts::{BadDocsUrl, DOCS_DIR, docs_url};
pub use tournaments::{TournamentSpec, Tournaments};
pub use work::{Busy, Ending, Work};
// The move hints and menus and the replay of a stored log, driven directly by the fuzz targets
// of tests/checks.
pub use matches::hints::{MAX_CHOICES, MAX_ROWS, hints, move_menus, visible_moves};
pub use matches::state::{Board, Unreplayable, position_after};
