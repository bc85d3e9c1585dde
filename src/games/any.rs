//! [`AnyGame`]: the four games behind one enum (static dispatch), so that matches, storage, the
//! protocol and the adapters handle every game the same way.

use super::barrier::{Barrier, BarrierMove};
use super::lightning::{Lightning, LightningMove};
use super::loa::{Loa, LoaMove};
use super::simultana::{Simultana, SimultanaMove};
use super::{
    Game, GameKind, GameOptions, ImportError, MoveError, OptionsError, Outcome, Seating, Side,
    Status, name_label,
};
use crate::i18n::Msg;

/// A position of any of the four games.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Loa(Loa),
    Lightning(Lightning),
    Barrier(Barrier),
    Simultana(Simultana),
}

/// A move of any of the four games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    Loa(LoaMove),
    Lightning(LightningMove),
    Barrier(BarrierMove),
    Simultana(SimultanaMove),
}

/// Each game's move is an [`AnyMove`].
macro_rules! any_move_from {
    ($($game:ident($inner:ty)),*) => {$(
        impl From<$inner> for AnyMove {
            fn from(m: $inner) -> AnyMove {
                AnyMove::$game(m)
            }
        }
    )*};
}

any_move_from!(
    Loa(LoaMove),
    Lightning(LightningMove),
    Barrier(BarrierMove),
    Simultana(SimultanaMove)
);

/// Runs `$body` with `$g` bound to the inner game, whichever it is.
macro_rules! dispatch {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            AnyGame::Loa($g) => $body,
            AnyGame::Lightning($g) => $body,
            AnyGame::Barrier($g) => $body,
            AnyGame::Simultana($g) => $body,
        }
    };
}

/// Runs `$body` with `$g` and `$m` bound when the move belongs to the same game, else `$other`.
macro_rules! with_move {
    ($game:expr, $mv:expr, ($g:ident, $m:ident) => $body:expr, $other:expr) => {
        match ($game, $mv) {
            (AnyGame::Loa($g), AnyMove::Loa($m)) => $body,
            (AnyGame::Lightning($g), AnyMove::Lightning($m)) => $body,
            (AnyGame::Barrier($g), AnyMove::Barrier($m)) => $body,
            (AnyGame::Simultana($g), AnyMove::Simultana($m)) => $body,
            _ => $other,
        }
    };
}

impl AnyMove {
    /// Whether the move is a pass (see [`Game::is_pass`]).
    pub fn is_pass(&self) -> bool {
        match self {
            AnyMove::Loa(m) => Loa::is_pass(m),
            AnyMove::Lightning(m) => Lightning::is_pass(m),
            AnyMove::Barrier(m) => Barrier::is_pass(m),
            AnyMove::Simultana(m) => Simultana::is_pass(m),
        }
    }
}

fn wrong_game() -> MoveError {
    MoveError::Illegal(crate::i18n::Msg::new("move-wrong-game"))
}

impl AnyGame {
    /// The start position of `kind` with `key=value` options (RULES.md), e.g. `rules=olympiad`.
    pub fn new(kind: GameKind, options: &str) -> Result<Self, OptionsError> {
        Ok(match kind {
            GameKind::Loa => AnyGame::Loa(Loa::new(GameOptions::parse(options)?)),
            GameKind::Lightning => AnyGame::Lightning(Lightning::new(GameOptions::parse(options)?)),
            GameKind::Barrier => AnyGame::Barrier(Barrier::new(GameOptions::parse(options)?)),
            GameKind::Simultana => AnyGame::Simultana(Simultana::new(GameOptions::parse(options)?)),
        })
    }

    /// The start position of a match of `kind`: the preset's `key=value` options with the
    /// match's random `seed` for a game whose start depends on one (Lightning's pile order; see
    /// [`GameOptions::set_seed`]).
    pub fn start(kind: GameKind, options: &str, seed: i64) -> Result<Self, OptionsError> {
        fn seeded<G: Game>(options: &str, seed: i64) -> Result<G, OptionsError> {
            let mut options = G::Options::parse(options)?;
            options.set_seed(seed)?;
            Ok(G::new(options))
        }
        Ok(match kind {
            GameKind::Loa => AnyGame::Loa(seeded(options, seed)?),
            GameKind::Lightning => AnyGame::Lightning(seeded(options, seed)?),
            GameKind::Barrier => AnyGame::Barrier(seeded(options, seed)?),
            GameKind::Simultana => AnyGame::Simultana(seeded(options, seed)?),
        })
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Loa(_) => GameKind::Loa,
            AnyGame::Lightning(_) => GameKind::Lightning,
            AnyGame::Barrier(_) => GameKind::Barrier,
            AnyGame::Simultana(_) => GameKind::Simultana,
        }
    }

    /// The canonical `key=value ...` text of this game's options.
    pub fn options_text(&self) -> String {
        dispatch!(self, g => g.options().to_text())
    }

    pub fn status(&self) -> Status {
        dispatch!(self, g => g.status())
    }

    pub fn side_name(&self, side: Side) -> &'static str {
        dispatch!(self, g => g.side_name(side))
    }

    /// Where the pieces carry marks (LOA for four, ambidextrous play), the colour and set
    /// that moves next, named as a seat (`w1`, `b2` ...); `None` otherwise or once it is over.
    pub fn moving_set(&self) -> Option<&'static str> {
        self.status().to_move()?;
        match self {
            AnyGame::Loa(g) => g.set_to_move().map(|s| s.name()),
            _ => None,
        }
    }

    /// The name of whoever is to move: the side's name, or with four-player Lines of Action the
    /// seat (`w1`, `b1`, `w2`, `b2`); `None` when the game is over.
    pub fn mover_name(&self) -> Option<&'static str> {
        let side = self.status().to_move()?;
        if let AnyGame::Loa(g) = self
            && let Some(seat) = g.seat_to_move()
        {
            return Some(seat.name());
        }
        Some(self.side_name(side))
    }

    /// How the players sit: how many seats, which side each plays, who won (see [`Seating`]).
    pub fn seating(&self) -> Seating {
        dispatch!(self, g => g.seating())
    }

    /// How many players sit at the table: two, or four for Lines of Action with `players=4`.
    pub fn seat_count(&self) -> usize {
        self.seating().count()
    }

    /// The seat to move, numbered in turn order (seat 0 moves first; with two seats this is
    /// the side's index); `None` when the game is over.
    pub fn seat_to_move(&self) -> Option<usize> {
        let side = self.status().to_move()?;
        if let AnyGame::Loa(g) = self
            && let Some(seat) = g.seat_to_move()
        {
            return g.seats_in_turn_order().iter().position(|&s| s == seat);
        }
        Some(side.index())
    }

    /// The side (team) a seat plays for: seats alternate between the two sides in turn order.
    pub fn seat_side(&self, seat: usize) -> Side {
        self.seating().side(seat)
    }

    /// The seats that won `outcome` (a team with four seats; none for a draw).
    pub fn winners(&self, outcome: &Outcome) -> Vec<usize> {
        self.seating().winners(outcome)
    }

    /// Whether a player may ask to take a move back (see [`Game::TAKEBACKS`]).
    pub fn allows_takebacks(&self) -> bool {
        self.kind().allows_takebacks()
    }

    /// Whether pictures mark the regions moves leave (see [`Game::SHOW_REGIONS`]).
    pub fn shows_regions(&self) -> bool {
        self.kind().shows_regions()
    }

    /// A side's name in the catalogue (`White`, `Yellow`, `First player` ...).
    pub fn side_label(&self, side: Side) -> Msg {
        dispatch!(self, g => g.side_label(side))
    }

    /// A seat's name in the catalogue: the side's, or with four players the seat's (`w1`).
    pub fn seat_label(&self, seat: usize) -> Msg {
        name_label(self.seat_name(seat))
    }

    /// A seat's name: the side's (`white`), or with four players the seat's (`w1`).
    pub fn seat_name(&self, seat: usize) -> &'static str {
        if let AnyGame::Loa(g) = self
            && self.seat_count() == 4
            && let Some(s) = g.seats_in_turn_order().get(seat)
        {
            return s.name();
        }
        self.side_name(self.seat_side(seat))
    }

    /// The pass the seat to move must make when it is its only legal move (a Lines of Action
    /// player whose pieces cannot move), so that it can be played for them.
    pub fn forced_pass(&self) -> Option<AnyMove> {
        let AnyGame::Loa(g) = self else {
            return None;
        };
        match g.legal_moves().as_slice() {
            [only] if only.is_pass() => Some(AnyMove::Loa(*only)),
            _ => None,
        }
    }

    /// Reads a side by its name in this game (`white`, `clear`, `second`, ...).
    pub fn side_by_name(&self, name: &str) -> Option<Side> {
        let name = name.trim().to_ascii_lowercase();
        Side::BOTH.into_iter().find(|&s| self.side_name(s) == name)
    }

    pub fn legal_moves(&self) -> Vec<AnyMove> {
        dispatch!(self, g => g.legal_moves().into_iter().map(AnyMove::from).collect())
    }

    /// The moves a player in a match may be offered (see [`Game::visible_moves`]).
    pub fn visible_moves(&self) -> Vec<AnyMove> {
        dispatch!(self, g => g.visible_moves().into_iter().map(AnyMove::from).collect())
    }

    /// The legal moves in canonical notation.
    pub fn legal_move_texts(&self) -> Vec<String> {
        dispatch!(self, g => g.legal_moves().iter().map(|m| g.format_move(m)).collect())
    }

    /// The moves a player in a match may be offered, in canonical notation (see
    /// [`Game::visible_moves`]).
    pub fn visible_move_texts(&self) -> Vec<String> {
        dispatch!(self, g => g.visible_moves().iter().map(|m| g.format_move(m)).collect())
    }

    /// Reads a move typed by a player in a match (see [`Game::parse_visible_move`]).
    pub fn parse_visible_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        dispatch!(self, g => g.parse_visible_move(text).map(AnyMove::from))
    }

    /// The canonical notation of a move of this game.
    pub fn format_move(&self, mv: &AnyMove) -> Result<String, MoveError> {
        with_move!(self, mv, (g, m) => Ok(g.format_move(m)), Err(wrong_game()))
    }

    /// Reads a typed move; only a legal move is returned (see [`Game::parse_move`]).
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        dispatch!(self, g => g.parse_move(text).map(AnyMove::from))
    }

    /// Plays a move; an illegal one (or one of another game) leaves the position unchanged.
    pub fn play(&mut self, mv: &AnyMove) -> Result<(), MoveError> {
        with_move!(self, mv, (g, m) => g.play(m), Err(wrong_game()))
    }

    /// Reads and plays a typed move, returning its canonical notation.
    pub fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        if self.status().is_over() {
            return Err(MoveError::GameOver);
        }
        let mv = self.parse_move(text)?;
        let canonical = self.format_move(&mv)?;
        self.play(&mv)?;
        Ok(canonical)
    }

    /// The game's name followed by its own export text, e.g. `loa ...`.
    pub fn export(&self) -> String {
        let inner = dispatch!(self, g => g.export());
        format!("{} {inner}", self.kind())
    }

    /// Reads back what [`AnyGame::export`] wrote.
    pub fn import(text: &str) -> Result<Self, ImportError> {
        let text = text.trim();
        let (kind, rest) = text.split_once(' ').unwrap_or((text, ""));
        let kind: GameKind = kind.parse().map_err(ImportError)?;
        Ok(match kind {
            GameKind::Loa => AnyGame::Loa(Loa::import(rest)?),
            GameKind::Lightning => AnyGame::Lightning(Lightning::import(rest)?),
            GameKind::Barrier => AnyGame::Barrier(Barrier::import(rest)?),
            GameKind::Simultana => AnyGame::Simultana(Simultana::import(rest)?),
        })
    }

    pub fn draw_text(&self) -> String {
        dispatch!(self, g => g.draw_text())
    }

    /// See [`Game::glyph_side`].
    pub fn glyph_side(&self, glyph: char) -> Option<Side> {
        dispatch!(self, g => g.glyph_side(glyph))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, g => g.perft(depth))
    }

    /// Whether the player to move is in the middle of a move (Lightning's tile drawn but not
    /// yet put): their next ply finishes the move already begun.
    pub fn mid_turn(&self) -> bool {
        matches!(self, AnyGame::Lightning(g) if g.in_hand().is_some())
    }

    /// Each of `moves`' move number, played from this position (see
    /// [`super::notation::move_numbers`]); it stops at a move that cannot be played.
    pub fn move_numbers(&self, moves: &[AnyMove]) -> Vec<usize> {
        let mut game = self.clone();
        let mut movers = Vec::with_capacity(moves.len());
        for mv in moves {
            movers.push(game.seat_to_move());
            if game.play(mv).is_err() {
                movers.pop();
                break;
            }
        }
        super::notation::move_numbers(&movers)
    }

    /// How a score sheet and a caption show `mv` once played (`after` is the position it led
    /// to): its canonical notation, except that Lightning's draw from the pile names the tile it
    /// revealed (`PX`, a notation the rules accept), which both players now see.
    pub fn public_text(&self, mv: &AnyMove, after: &AnyGame) -> Result<String, MoveError> {
        let canonical = self.format_move(mv)?;
        if let AnyGame::Lightning(g) = after
            && canonical == "P"
            && let Some((crate::games::lightning::Source::Pile, design)) = g.in_hand()
        {
            return Ok(format!("P{design}"));
        }
        Ok(canonical)
    }

    /// A rough size of `perft(depth)`, from the first two plies' mean branching, so that a
    /// count that would run for hours can be announced first. Saturates at `u64::MAX`.
    pub fn perft_estimate(&self, depth: u32) -> u64 {
        if depth <= 2 {
            return self.perft(depth);
        }
        let (one, two) = (self.perft(1), self.perft(2));
        if one == 0 {
            return 0;
        }
        let branching = two as f64 / one as f64;
        let estimate = two as f64 * branching.powi(depth as i32 - 2);
        if estimate >= u64::MAX as f64 {
            u64::MAX
        } else {
            estimate as u64
        }
    }
}
