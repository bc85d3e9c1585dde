//! The rules of the four games: pure, synchronous code with no I/O.
//!
//! Every game implements [`Game`] with the same shape (options, position, move, legal moves,
//! `play`, status, notation, export/import), and [`AnyGame`] wraps the four behind one enum so
//! that the rest of the program handles any match the same way.

/// Runs `$body` with the type `$G` standing for the game of `$kind` (static dispatch on a
/// [`GameKind`], for what a game says before any position exists: seats, presets, rules facts).
macro_rules! by_kind {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::Loa => {
                type $G = $crate::games::loa::Loa;
                $body
            }
            $crate::games::GameKind::Lightning => {
                type $G = $crate::games::lightning::Lightning;
                $body
            }
            $crate::games::GameKind::Barrier => {
                type $G = $crate::games::barrier::Barrier;
                $body
            }
            $crate::games::GameKind::Simultana => {
                type $G = $crate::games::simultana::Simultana;
                $body
            }
        }
    };
}

/// `Display` by the type's `name()`, and `FromStr` finding the one of its `ALL` whose name
/// `$same(name, text)` accepts, else the error `$err(text)`.
macro_rules! named {
    ($ty:ident, $same:expr, $err:expr) => {
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, String> {
                let same: fn(&str, &str) -> bool = $same;
                let err: fn(&str) -> String = $err;
                $ty::ALL
                    .into_iter()
                    .find(|x| same(x.name(), s))
                    .ok_or_else(|| err(s))
            }
        }
    };
}
pub(crate) use named;

pub mod any;
pub mod barrier;
pub mod lightning;
pub mod loa;
pub mod notation;
pub mod seating;
pub mod simultana;
pub mod variants;

use std::fmt;
use std::hash::Hash;

use thiserror::Error;

use crate::i18n::{Lang, Msg};

pub use any::{AnyGame, AnyMove};
pub use seating::Seating;
pub use variants::{Variant, ladder, ladders, variant, variants};

/// A seat at the table. `First` is the side that moves first at the start of the game
/// (for Lines of Action that is White under the abacus rules and Black under the olympiad rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first seat, 1 for the second: handy for indexing per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side of an index written by [`Side::index`] (e.g. a stored winner); `None` for
    /// anything else, so a bad stored value is never taken for a side.
    pub fn from_index(index: usize) -> Option<Side> {
        match index {
            0 => Some(Side::First),
            1 => Some(Side::Second),
            _ => None,
        }
    }
}

/// Why a game ended (RULES.md, "Common conventions").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    Connection,
    Elimination,
    Blocked,
    Repetition,
    MoveLimit,
    Agreement,
    Resignation,
    Timeout,
    Abort,
}

impl Reason {
    pub const ALL: [Reason; 9] = [
        Reason::Connection,
        Reason::Elimination,
        Reason::Blocked,
        Reason::Repetition,
        Reason::MoveLimit,
        Reason::Agreement,
        Reason::Resignation,
        Reason::Timeout,
        Reason::Abort,
    ];

    /// The one-word name used by the engine protocol and in storage.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Connection => "connection",
            Reason::Elimination => "elimination",
            Reason::Blocked => "blocked",
            Reason::Repetition => "repetition",
            Reason::MoveLimit => "move-limit",
            Reason::Agreement => "agreement",
            Reason::Resignation => "resignation",
            Reason::Timeout => "timeout",
            Reason::Abort => "abort",
        }
    }
}

named!(Reason, |name, s| name == s, |s| format!(
    "unknown reason `{s}`"
));

/// How a finished game ended: a winner (or `None` for a draw) and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: Reason,
}

impl Outcome {
    pub fn win(side: Side, reason: Reason) -> Self {
        Outcome {
            winner: Some(side),
            reason,
        }
    }

    pub fn draw(reason: Reason) -> Self {
        Outcome {
            winner: None,
            reason,
        }
    }
}

/// Whether the game goes on (and who is to move) or is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    ToMove(Side),
    Over(Outcome),
}

impl Status {
    pub fn is_over(self) -> bool {
        matches!(self, Status::Over(_))
    }

    pub fn to_move(self) -> Option<Side> {
        match self {
            Status::ToMove(side) => Some(side),
            Status::Over(_) => None,
        }
    }
}

/// The four games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    Loa,
    Lightning,
    Barrier,
    Simultana,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::Loa,
        GameKind::Lightning,
        GameKind::Barrier,
        GameKind::Simultana,
    ];

    /// The short name used in commands, the protocol and storage.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Loa => "loa",
            GameKind::Lightning => "lightning",
            GameKind::Barrier => "barrier",
            GameKind::Simultana => "simultana",
        }
    }

    /// The game's title in the catalogue (`Lines of Action`), for every language.
    pub fn label(self) -> Msg {
        Msg::new(match self {
            GameKind::Loa => "game-loa",
            GameKind::Lightning => "game-lightning",
            GameKind::Barrier => "game-barrier",
            GameKind::Simultana => "game-simultana",
        })
    }

    /// How the players of this game with `key=value` options sit (see [`Seating::new`]).
    pub fn seating(self, options: &str) -> Result<Seating, OptionsError> {
        Seating::new(self, options)
    }

    /// Whether a player may ask to take a move back (see [`Game::TAKEBACKS`]).
    pub fn allows_takebacks(self) -> bool {
        by_kind!(self, G => G::TAKEBACKS)
    }

    /// Whether pictures of this game mark the regions moves leave (see [`Game::SHOW_REGIONS`]).
    pub fn shows_regions(self) -> bool {
        by_kind!(self, G => G::SHOW_REGIONS)
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Loa => "Lines of Action",
            GameKind::Lightning => "Lightning",
            GameKind::Barrier => "Barrier",
            GameKind::Simultana => "Simultana",
        }
    }
}

named!(
    GameKind,
    |name, s| name.eq_ignore_ascii_case(s.trim()),
    |s| format!(
        "unknown game `{}`; the games are loa, lightning, barrier and simultana",
        s.trim().to_ascii_lowercase()
    )
);

/// Why a move was not played. The messages are written for players, in the catalogue
/// (`move-*` ids), so each player reads them in their language; `Display` says them in English,
/// as the engine protocol and the logs do.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum MoveError {
    /// The text is not a move in this game's notation; the message says what was expected.
    #[error("{}", .0.text(Lang::En))]
    Syntax(Msg),
    /// A well-formed move that the rules do not allow here; the message says why.
    #[error("{}", .0.text(Lang::En))]
    Illegal(Msg),
    /// Nothing can be played: the game has ended.
    #[error("{}", Msg::new("move-game-over").text(Lang::En))]
    GameOver,
}

impl MoveError {
    /// What to tell the player, in any language.
    pub fn msg(&self) -> Msg {
        match self {
            MoveError::Syntax(msg) | MoveError::Illegal(msg) => msg.clone(),
            MoveError::GameOver => Msg::new("move-game-over"),
        }
    }
}

/// A bad `key=value` game option.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct OptionsError(pub String);

/// A position text that could not be imported.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read the position: {0}")]
pub struct ImportError(pub String);

/// The settings of a game chosen when a match is created (RULES.md's **[option]**s).
pub trait GameOptions:
    Clone + fmt::Debug + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// Sets one option from its `key=value` form; unknown keys and values are errors.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError>;

    /// Every option with its current value, in canonical text form (for storage and display).
    fn pairs(&self) -> Vec<(&'static str, String)>;

    /// Parses whitespace-separated `key=value` pairs over the defaults.
    fn parse(text: &str) -> Result<Self, OptionsError> {
        let mut options = Self::default();
        for token in text.split_whitespace() {
            let (key, value) = token.split_once('=').ok_or_else(|| {
                OptionsError(format!("`{token}` is not an option; write key=value"))
            })?;
            options.set(&key.to_ascii_lowercase(), value)?;
        }
        Ok(options)
    }

    /// How many players sit at the table with these options: two unless the game has teams.
    fn seat_count(&self) -> usize {
        2
    }

    /// Fixes the match's random seed, for a game whose start depends on one (Lightning's pile
    /// order); the others ignore it. An error when the game cannot take this seed.
    fn set_seed(&mut self, _seed: i64) -> Result<(), OptionsError> {
        Ok(())
    }

    /// The canonical `key=value key=value` text of these options; `parse` reads it back.
    fn to_text(&self) -> String {
        self.pairs()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// One game's rules: a validated position that only changes through legal moves.
pub trait Game: Clone + fmt::Debug + Send + Sync + Sized + 'static {
    /// A move; small and `Copy` so that search can use it freely.
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    type Options: GameOptions;

    const KIND: GameKind;

    /// The named presets of this game's options offered to players; the first is the default.
    const VARIANTS: &'static [Variant] = &[Variant::STANDARD];

    /// Whether a player may ask to take a move back. Not where a takeback would show what is
    /// hidden (Lightning: the tile drawn would go back on a pile everyone has now seen).
    const TAKEBACKS: bool = true;

    /// Whether a picture of the position marks the region each move leaves (Simultana's rule
    /// is about regions).
    const SHOW_REGIONS: bool = false;

    /// The start position for these options.
    fn new(options: Self::Options) -> Self;

    fn options(&self) -> &Self::Options;

    /// The name of a side in this game (`white`/`black`, `yellow`/`clear`, `first`/`second`).
    fn side_name(&self, side: Side) -> &'static str;

    /// A side's name in the catalogue, for players in any language.
    fn side_label(&self, side: Side) -> Msg {
        name_label(self.side_name(side))
    }

    /// How the players sit: two seats, or four in two teams (see [`Seating`]).
    fn seating(&self) -> Seating {
        Seating::for_seats(self.options().seat_count())
    }

    /// Whether a move is a pass (a Lines of Action player whose pieces cannot move), which a
    /// match announces as such rather than by its notation.
    fn is_pass(_mv: &Self::Move) -> bool {
        false
    }

    /// Who is to move, or how the game ended.
    fn status(&self) -> Status;

    /// A key of the position (board and side to move, not the move counters), equal for equal
    /// positions: how a puzzle's line is checked for repetitions. `None` where the game keeps
    /// no such key.
    fn position_key(&self) -> Option<u64> {
        None
    }

    /// Appends every legal move to `out` (nothing when the game is over).
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);

    /// Plays a move known to be legal; the caller guarantees legality (search and perft).
    fn play_unchecked(&mut self, mv: &Self::Move);

    /// The canonical notation of a legal move of this position.
    fn format_move(&self, mv: &Self::Move) -> String;

    /// Reads a move leniently (case, separators, spaces) and returns it only if it is legal here;
    /// otherwise the error says what was expected or why the rules forbid it.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// A compact one-line text of the position (board, side to move, counters, result).
    /// It does not carry the history, so repetitions before an import are forgotten.
    fn export(&self) -> String;

    /// Reads back what [`Game::export`] wrote.
    fn import(text: &str) -> Result<Self, ImportError>;

    /// A multi-line text drawing of the position for terminals and debugging.
    fn draw_text(&self) -> String;

    /// Whose piece a character of [`Game::draw_text`]'s board squares stands for, so that a
    /// terminal can colour pieces (and not coordinates or legends); `None` for anything else.
    fn glyph_side(&self, _glyph: char) -> Option<Side> {
        None
    }

    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Appends the legal moves a player in a match may be offered to `out`: none of them names
    /// something the player to move has not seen. All of them in a game without hidden
    /// information. The one definition of what is public, for matches and the AI alike.
    fn visible_moves_into(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves_into(out);
    }

    /// The moves of [`Game::visible_moves_into`] in a new vector.
    fn visible_moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.visible_moves_into(&mut out);
        out
    }

    /// Reads a move typed by a player in a match. Like [`Game::parse_move`], except that the
    /// answer (the move, or why not) never depends on what the player has not seen. The engine
    /// protocol, an analysis tool with full information, keeps [`Game::parse_move`].
    fn parse_visible_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(text)
    }

    fn is_legal(&self, mv: &Self::Move) -> bool {
        self.legal_moves().contains(mv)
    }

    /// Plays a move; an illegal one is refused and the position is left unchanged.
    fn play(&mut self, mv: &Self::Move) -> Result<(), MoveError> {
        if self.status().is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(MoveError::Illegal(Msg::new("move-not-legal-here")));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// The number of move sequences of exactly `depth` moves (sequences stop where a game ends).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play_unchecked(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// The catalogue message of a side by its engine name (`white`, `clear`, `first` ...), or of a
/// four-player seat (`w1` ...); an unknown name is shown as it is.
pub fn name_label(name: &str) -> Msg {
    match name {
        "white" => Msg::new("side-white"),
        "black" => Msg::new("side-black"),
        "yellow" => Msg::new("side-yellow"),
        "clear" => Msg::new("side-clear"),
        "first" => Msg::new("side-first"),
        "second" => Msg::new("side-second"),
        "w1" | "w2" | "b1" | "b2" => Msg::new("seat-name").plain("seat", name),
        other => Msg::verbatim(other),
    }
}

/// Positions seen since the last irreversible move, for threefold-repetition draws.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Repetitions {
    keys: Vec<u64>,
}

impl Repetitions {
    /// Records a position and returns how many times it has now occurred.
    pub fn record(&mut self, key: u64) -> usize {
        self.keys.push(key);
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// Forgets everything: after a capture or any other move that can never be undone.
    pub fn clear(&mut self) {
        self.keys.clear();
    }

    /// How many times a position has occurred.
    pub fn count(&self, key: u64) -> usize {
        self.keys.iter().filter(|&&k| k == key).count()
    }
}

/// A 64-bit key of a position packed into words, for repetition tables: each word goes through
/// a SplitMix64 finaliser (a bijection), so equal keys of different positions are chance
/// collisions. Deterministic across builds; never stored.
pub fn words_key(words: &[u64]) -> u64 {
    words.iter().fold(0x243F_6A88_85A3_08D3, |h: u64, &w| {
        let mut x = (h ^ w).wrapping_add(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    })
}
