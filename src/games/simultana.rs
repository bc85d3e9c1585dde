//! Simultana (RULES.md section 2): a 5x5 blocking game where a piece may only step next to an
//! empty region of the size its owner needs (2 or 4 for White, 3 or 5 for Black).
//!
//! The board is two 25-bit sets (bit `rank * 5 + file`), so empty regions are flood fills of a
//! few shifts each.

use super::notation::{squash, take_square};
use super::{
    Game, GameKind, GameOptions, ImportError, MoveError, OptionsError, Outcome, Reason,
    Repetitions, Side, Status,
};
use crate::i18n::Msg;

/// The board's side length.
const SIZE: u8 = 5;
/// Every square of the board.
#[doc(hidden)]
pub const FULL: u32 = (1 << 25) - 1;
/// The squares of file a, then of file e (masks that stop shifts from wrapping round a rank).
const FILE_A: u32 = 0b00001_00001_00001_00001_00001;
const FILE_E: u32 = FILE_A << 4;
/// White: a2 b2 c2 d2 e2 c1. Black: a4 b4 c4 d4 e4 c5.
const START: [u32; 2] = [0b11111_00100, 0b00100_11111 << 15];
/// Pieces per side; nothing is ever captured.
const PIECES: u32 = 6;

/// Simultana has no settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimultanaOptions;

impl GameOptions for SimultanaOptions {
    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionsError> {
        Err(OptionsError(format!(
            "Simultana has no options, so `{}` cannot be set",
            key.chars().take(40).collect::<String>()
        )))
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

/// One step of one piece: from one square to the orthogonally adjacent one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimultanaMove {
    from: u8,
    to: u8,
}

impl SimultanaMove {
    /// The step between two squares `(file, rank)` (0-based), if both are on the board and
    /// orthogonally adjacent. Whether it is legal depends on the position.
    pub fn new(from: (u8, u8), to: (u8, u8)) -> Option<Self> {
        let on_board = |(f, r): (u8, u8)| f < SIZE && r < SIZE;
        if !on_board(from) || !on_board(to) || from.0.abs_diff(to.0) + from.1.abs_diff(to.1) != 1 {
            return None;
        }
        Some(SimultanaMove {
            from: index(from),
            to: index(to),
        })
    }

    /// The square left, as `(file, rank)`, 0-based.
    pub fn from(&self) -> (u8, u8) {
        coords(self.from)
    }

    /// The square reached, as `(file, rank)`, 0-based.
    pub fn to(&self) -> (u8, u8) {
        coords(self.to)
    }
}

/// A Simultana position with its status and the repetition history since the start (or import).
#[derive(Clone, Debug)]
pub struct Simultana {
    options: SimultanaOptions,
    /// The pieces of each side, indexed by [`Side::index`].
    #[doc(hidden)]
    pub pieces: [u32; 2],
    /// Whose turn it is; kept after the game ends so that the position stays complete.
    #[doc(hidden)]
    pub turn: Side,
    #[doc(hidden)]
    pub status: Status,
    repetitions: Repetitions,
}

fn index((file, rank): (u8, u8)) -> u8 {
    rank * SIZE + file
}

fn coords(square: u8) -> (u8, u8) {
    (square % SIZE, square / SIZE)
}

#[doc(hidden)]
pub fn bit(square: u8) -> u32 {
    1 << square
}

#[doc(hidden)]
pub fn name(square: u8) -> String {
    let (file, rank) = coords(square);
    super::notation::square_name(file, rank)
}

/// The squares orthogonally next to any square of `set`.
#[doc(hidden)]
pub fn neighbours(set: u32) -> u32 {
    (((set & !FILE_E) << 1) | ((set & !FILE_A) >> 1) | (set << 5) | (set >> 5)) & FULL
}

/// The orthogonally connected part of `within` that contains `seed`.
#[doc(hidden)]
pub fn flood(seed: u32, within: u32) -> u32 {
    let mut region = seed & within;
    loop {
        let grown = (region | neighbours(region)) & within;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The distinct empty regions next to `mv.to` once the piece has moved (its old square empty).
fn regions_after(occupied: u32, mv: SimultanaMove) -> impl Iterator<Item = u32> {
    let empty = !(occupied & !bit(mv.from) | bit(mv.to)) & FULL;
    let mut frontier = neighbours(bit(mv.to)) & empty;
    std::iter::from_fn(move || {
        if frontier == 0 {
            return None;
        }
        let region = flood(frontier & frontier.wrapping_neg(), empty);
        frontier &= !region;
        Some(region)
    })
}

/// Whether an empty region of this many squares lets `side` move next to it.
fn wanted(side: Side, size: u32) -> bool {
    match side {
        Side::First => size == 2 || size == 4,
        Side::Second => size == 3 || size == 5,
    }
}

fn side_title(side: Side) -> &'static str {
    match side {
        Side::First => "White",
        Side::Second => "Black",
    }
}

/// The squares of a set as `(file, rank)`, a1 first, rank by rank.
#[doc(hidden)]
pub fn squares_of(set: u32) -> Vec<(u8, u8)> {
    (0..25u8)
        .filter(|&s| set & bit(s) != 0)
        .map(coords)
        .collect()
}

impl Simultana {
    fn occupied(&self) -> u32 {
        self.pieces[0] | self.pieces[1]
    }

    /// How many legal moves `side` would have if it were its turn here (the AI's measure of
    /// who is closer to being blocked).
    pub fn mobility(&self, side: Side) -> u32 {
        let mut n = 0;
        self.for_each_move(side, |_| {
            n += 1;
            true
        });
        n
    }

    /// Who stands on a square (`file`, `rank` 0-based), if anyone; off-board squares are empty.
    pub fn piece_at(&self, file: u8, rank: u8) -> Option<Side> {
        if file >= SIZE || rank >= SIZE {
            return None;
        }
        let b = bit(index((file, rank)));
        Side::BOTH
            .into_iter()
            .find(|s| self.pieces[s.index()] & b != 0)
    }

    /// For a legal move of this position, the empty region that makes it legal (the smallest if
    /// several qualify), as `(file, rank)` squares; `None` if the move is not legal here.
    pub fn qualifying_region(&self, mv: &SimultanaMove) -> Option<Vec<(u8, u8)>> {
        if !self.is_legal(mv) {
            return None;
        }
        regions_after(self.occupied(), *mv)
            .filter(|r| wanted(self.turn, r.count_ones()))
            .min_by_key(|r| (r.count_ones(), r.trailing_zeros()))
            .map(squares_of)
    }

    /// Whether the step is geometrically possible for `side` and leaves a wanted region.
    fn step_is_legal(&self, side: Side, mv: SimultanaMove) -> bool {
        let occupied = self.occupied();
        self.pieces[side.index()] & bit(mv.from) != 0
            && occupied & bit(mv.to) == 0
            && neighbours(bit(mv.from)) & bit(mv.to) != 0
            && regions_after(occupied, mv).any(|r| wanted(side, r.count_ones()))
    }

    /// Calls `f` on every legal move of `side`, ordered by the piece's square then the target
    /// square; stops as soon as `f` returns `false`.
    fn for_each_move(&self, side: Side, mut f: impl FnMut(SimultanaMove) -> bool) {
        let empty = !self.occupied() & FULL;
        let mut own = self.pieces[side.index()];
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            let mut targets = neighbours(bit(from)) & empty;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let mv = SimultanaMove { from, to };
                if regions_after(self.occupied(), mv).any(|r| wanted(side, r.count_ones()))
                    && !f(mv)
                {
                    return;
                }
            }
        }
    }

    fn has_move(&self, side: Side) -> bool {
        let mut any = false;
        self.for_each_move(side, |_| {
            any = true;
            false
        });
        any
    }

    /// The exact repetition key: both boards and the side to move.
    fn key(&self) -> u64 {
        u64::from(self.pieces[0])
            | u64::from(self.pieces[1]) << 25
            | (self.turn.index() as u64) << 50
    }

    /// Why a step of the side to move is not legal, in words for the player.
    fn explain(&self, mv: SimultanaMove) -> MoveError {
        let side = self.turn;
        let (from, to) = (name(mv.from), name(mv.to));
        let illegal = MoveError::Illegal;
        let color = match side {
            Side::First => "white",
            Side::Second => "black",
        };
        if self.pieces[side.opponent().index()] & bit(mv.from) != 0 {
            return illegal(
                Msg::new("move-simultana-not-yours")
                    .code("square", from)
                    .plain("color", color),
            );
        }
        if self.pieces[side.index()] & bit(mv.from) == 0 {
            return illegal(Msg::new("move-no-piece").code("square", from));
        }
        if mv.from == mv.to {
            return illegal(Msg::new("move-simultana-same-square"));
        }
        if neighbours(bit(mv.from)) & bit(mv.to) == 0 {
            return illegal(
                Msg::new("move-simultana-not-next")
                    .code("from", from)
                    .code("to", to),
            );
        }
        if self.occupied() & bit(mv.to) != 0 {
            return illegal(Msg::new("move-taken").code("square", to));
        }
        let mut sizes: Vec<u32> = regions_after(self.occupied(), mv)
            .map(u32::count_ones)
            .collect();
        sizes.sort_unstable();
        let regions = match sizes.split_last() {
            Some((&last, [])) => Msg::new("move-simultana-region")
                .code("square", to.clone())
                .num("n", last),
            Some((&last, rest)) => Msg::new("move-simultana-regions")
                .code("square", to.clone())
                .plain(
                    "sizes",
                    rest.iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                )
                .num("last", last),
            None => Msg::new("move-simultana-regions")
                .code("square", to.clone())
                .plain("sizes", "")
                .num("last", 0),
        };
        illegal(
            Msg::new("move-simultana-region-size")
                .code("move", format!("{from}-{to}"))
                .msg("regions", regions)
                .plain("color", color),
        )
    }

    /// The status of a position where `self.turn` is to move, ignoring repetitions.
    fn blocked_status(&self) -> Status {
        if self.has_move(self.turn) {
            Status::ToMove(self.turn)
        } else {
            Status::Over(Outcome::win(self.turn.opponent(), Reason::Blocked))
        }
    }

    fn import_board(text: &str) -> Result<[u32; 2], ImportError> {
        let err = |msg: &str| Err(ImportError(msg.to_string()));
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != usize::from(SIZE) {
            return err("the board needs 5 ranks separated by `/`, rank 5 first");
        }
        let mut pieces = [0u32; 2];
        for (i, row) in rows.iter().enumerate() {
            let rank = SIZE - 1 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                let side = match c {
                    'o' => Some(Side::First),
                    'x' => Some(Side::Second),
                    '1'..='5' => None,
                    _ => {
                        return err("a rank is written with o (White), x (Black) and digits 1-5");
                    }
                };
                let width = if side.is_some() { 1 } else { c as u8 - b'0' };
                if file + width > SIZE {
                    return err("a rank has more than 5 squares");
                }
                if let Some(side) = side {
                    pieces[side.index()] |= bit(index((file, rank)));
                }
                file += width;
            }
            if file != SIZE {
                return err("a rank has fewer than 5 squares");
            }
        }
        if pieces.iter().any(|p| p.count_ones() != PIECES) {
            return err("each side has exactly 6 pieces");
        }
        Ok(pieces)
    }
}

impl Game for Simultana {
    type Move = SimultanaMove;
    type Options = SimultanaOptions;
    const KIND: GameKind = GameKind::Simultana;

    /// A move may not leave its region empty-handed: pictures show the regions.
    const SHOW_REGIONS: bool = true;

    fn new(options: SimultanaOptions) -> Self {
        let mut game = Simultana {
            options,
            pieces: START,
            turn: Side::First,
            status: Status::ToMove(Side::First),
            repetitions: Repetitions::default(),
        };
        game.repetitions.record(game.key());
        game
    }

    fn options(&self) -> &SimultanaOptions {
        &self.options
    }

    fn side_name(&self, side: Side) -> &'static str {
        ["white", "black"][side.index()]
    }

    fn position_key(&self) -> Option<u64> {
        Some(self.key())
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_moves_into(&self, out: &mut Vec<SimultanaMove>) {
        if let Status::ToMove(side) = self.status {
            self.for_each_move(side, |mv| {
                out.push(mv);
                true
            });
        }
    }

    fn is_legal(&self, mv: &SimultanaMove) -> bool {
        match self.status {
            Status::ToMove(side) => self.step_is_legal(side, *mv),
            Status::Over(_) => false,
        }
    }

    /// Moves the piece, passes the turn, then ends the game if the new side to move is blocked
    /// (the mover wins) or the position has now occurred three times (a draw). No move is
    /// irreversible, so the repetition history is never cleared.
    fn play_unchecked(&mut self, mv: &SimultanaMove) {
        let own = &mut self.pieces[self.turn.index()];
        *own = *own & !bit(mv.from) | bit(mv.to);
        self.turn = self.turn.opponent();
        let seen = self.repetitions.record(self.key());
        self.status = self.blocked_status();
        if seen >= 3 && !self.status.is_over() {
            self.status = Status::Over(Outcome::draw(Reason::Repetition));
        }
    }

    fn format_move(&self, mv: &SimultanaMove) -> String {
        format!("{}-{}", name(mv.from), name(mv.to))
    }

    fn parse_move(&self, text: &str) -> Result<SimultanaMove, MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        let text = squash(text);
        let syntax = || MoveError::Syntax(Msg::new("move-simultana-expected"));
        let (from, rest) = take_square(&text, SIZE, SIZE).ok_or_else(syntax)?;
        let rest = rest.strip_prefix('-').unwrap_or(rest);
        let (to, rest) = take_square(rest, SIZE, SIZE).ok_or_else(syntax)?;
        if !rest.is_empty() {
            return Err(syntax());
        }
        let mv = SimultanaMove {
            from: index(from),
            to: index(to),
        };
        if self.is_legal(&mv) {
            Ok(mv)
        } else {
            Err(self.explain(mv))
        }
    }

    /// `<board> <side to move> [win <side> <reason> | draw <reason>]`, the board rank 5 first
    /// with `o` for White, `x` for Black and digits for runs of empty squares, e.g.
    /// `2x2/xxxxx/5/ooooo/2o2 white`.
    fn export(&self) -> String {
        let mut board = String::new();
        for rank in (0..SIZE).rev() {
            let mut run = 0;
            for file in 0..SIZE {
                let c = match self.piece_at(file, rank) {
                    Some(Side::First) => 'o',
                    Some(Side::Second) => 'x',
                    None => {
                        run += 1;
                        continue;
                    }
                };
                if run > 0 {
                    board.push_str(&run.to_string());
                    run = 0;
                }
                board.push(c);
            }
            if run > 0 {
                board.push_str(&run.to_string());
            }
            if rank > 0 {
                board.push('/');
            }
        }
        let mut text = format!("{board} {}", self.side_name(self.turn));
        if let Status::Over(outcome) = self.status {
            match outcome.winner {
                Some(side) => {
                    text.push_str(&format!(" win {} {}", self.side_name(side), outcome.reason))
                }
                None => text.push_str(&format!(" draw {}", outcome.reason)),
            }
        }
        text
    }

    /// Reads [`Game::export`]'s text. A position whose side to move has no legal move is
    /// finished even when the text does not say so; a stated result must agree with the board.
    fn import(text: &str) -> Result<Self, ImportError> {
        let err = |msg: &str| Err(ImportError(msg.to_string()));
        let words: Vec<&str> = text.split_whitespace().collect();
        let (board, turn, result) = match words.as_slice() {
            [board, turn, result @ ..] => (board, turn, result),
            _ => {
                return err(
                    "write the board then the side to move, e.g. `2x2/xxxxx/5/ooooo/2o2 white`",
                );
            }
        };
        let pieces = Self::import_board(board)?;
        let turn = match *turn {
            "white" => Side::First,
            "black" => Side::Second,
            _ => return err("the side to move is white or black"),
        };
        let mut game = Simultana {
            options: SimultanaOptions,
            pieces,
            turn,
            status: Status::ToMove(turn),
            repetitions: Repetitions::default(),
        };
        game.repetitions.record(game.key());
        let blocked = game.blocked_status();
        let side_of = |s: &str| match s {
            "white" => Some(Side::First),
            "black" => Some(Side::Second),
            _ => None,
        };
        game.status = match result {
            [] => blocked,
            ["win", winner, "blocked"] => {
                let Some(winner) = side_of(winner) else {
                    return err("the winner is white or black");
                };
                if blocked != Status::Over(Outcome::win(winner, Reason::Blocked)) {
                    return err("the board does not show that side's opponent blocked on its turn");
                }
                blocked
            }
            ["draw", "repetition"] => {
                if blocked.is_over() {
                    return err(
                        "the side to move is blocked, so the game did not end by repetition",
                    );
                }
                Status::Over(Outcome::draw(Reason::Repetition))
            }
            _ => {
                return err(
                    "after the side to move, only `win <side> blocked` or `draw repetition` may follow",
                );
            }
        };
        Ok(game)
    }

    fn glyph_side(&self, glyph: char) -> Option<Side> {
        match glyph {
            'O' => Some(Side::First),
            'X' => Some(Side::Second),
            _ => None,
        }
    }

    fn draw_text(&self) -> String {
        let files = "   a b c d e\n";
        let mut out = String::from(files);
        for rank in (0..SIZE).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..SIZE {
                out.push(' ');
                out.push(match self.piece_at(file, rank) {
                    Some(Side::First) => 'O',
                    Some(Side::Second) => 'X',
                    None => '.',
                });
            }
            out.push_str(&format!("  {}\n", rank + 1));
        }
        out.push_str(files);
        let line = match self.status {
            Status::ToMove(side) => format!(
                "{} ({}) to move",
                side_title(side),
                if side == Side::First { 'O' } else { 'X' }
            ),
            Status::Over(Outcome {
                winner: Some(side),
                reason,
            }) => format!(
                "{} wins: {}",
                side_title(side),
                if reason == Reason::Blocked {
                    format!("{} is blocked", side_title(side.opponent()))
                } else {
                    reason.to_string()
                }
            ),
            Status::Over(Outcome { winner: None, .. }) => {
                "Draw by threefold repetition".to_string()
            }
        };
        out.push_str(&line);
        out.push('\n');
        out
    }
}
