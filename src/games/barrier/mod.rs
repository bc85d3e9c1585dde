//! Barrier (RULES.md section 3): a checkers-like game whose two middle ranks are covered with
//! arrow tiles that the players lay themselves before play starts.
//!
//! Squares are indexed `rank * 8 + file` (0-based, `a1` = 0). The public accessors take 0-based
//! `(file, rank)` like [`crate::games::notation`].

#[doc(hidden)]
pub mod parse;
mod text;
#[doc(hidden)]
pub mod tiles;

pub use tiles::{BarrierOptions, DEFAULT_TILES, Dir, Tile};

use super::{Game, GameKind, ImportError, MoveError, Outcome, Reason, Repetitions, Side, Status};

/// Plies with no capture and no crowning after which the game is drawn: 50 turns by each side.
/// RULES.md defines a turn as "one step or one capture sequence" (phase 2), so the 16 laying
/// turns do not count.
pub const MOVE_LIMIT: u32 = 100;

/// The most squares one move visits: the start and up to 12 landings (the opponent has at most
/// 12 pieces to capture).
#[doc(hidden)]
pub const MAX_PATH: usize = 13;

/// A piece on the board: its side and whether it is crowned, in one byte so that a board is
/// 64 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[doc(hidden)]
pub enum Piece {
    Yellow,
    YellowCrowned,
    Clear,
    ClearCrowned,
}

impl Piece {
    fn new(side: Side, crowned: bool) -> Self {
        match (side, crowned) {
            (Side::First, false) => Piece::Yellow,
            (Side::First, true) => Piece::YellowCrowned,
            (Side::Second, false) => Piece::Clear,
            (Side::Second, true) => Piece::ClearCrowned,
        }
    }

    fn side(self) -> Side {
        match self {
            Piece::Yellow | Piece::YellowCrowned => Side::First,
            Piece::Clear | Piece::ClearCrowned => Side::Second,
        }
    }

    fn crowned(self) -> bool {
        matches!(self, Piece::YellowCrowned | Piece::ClearCrowned)
    }
}

/// What a move does, besides the squares it visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Lay(Tile),
    Step,
    Jump,
}

/// A move: laying a tile on a barrier square, a one-square step, or a capture sequence. The path
/// is a fixed array so that the move is `Copy`; entries past `len` are always `(0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BarrierMove {
    kind: Kind,
    len: u8,
    path: [(u8, u8); MAX_PATH],
}

impl BarrierMove {
    fn lay(tile: Tile, square: (u8, u8)) -> Self {
        let mut path = [(0, 0); MAX_PATH];
        path[0] = square;
        BarrierMove {
            kind: Kind::Lay(tile),
            len: 1,
            path,
        }
    }

    fn step(from: (u8, u8), to: (u8, u8)) -> Self {
        let mut path = [(0, 0); MAX_PATH];
        path[0] = from;
        path[1] = to;
        BarrierMove {
            kind: Kind::Step,
            len: 2,
            path,
        }
    }

    /// A capture sequence: the start square then every landing square (`squares.len()` is 2..=13).
    fn jump(squares: &[(u8, u8)]) -> Self {
        let mut path = [(0, 0); MAX_PATH];
        path[..squares.len()].copy_from_slice(squares);
        BarrierMove {
            kind: Kind::Jump,
            len: squares.len() as u8,
            path,
        }
    }

    /// The squares as 0-based `(file, rank)`: the start then the landing squares, or for a lay
    /// just the square that receives the tile.
    pub fn squares(&self) -> &[(u8, u8)] {
        &self.path[..usize::from(self.len)]
    }

    /// The tile laid, for a move of the laying phase.
    pub fn tile(&self) -> Option<Tile> {
        match self.kind {
            Kind::Lay(tile) => Some(tile),
            _ => None,
        }
    }

    /// Whether this move captures at least one piece.
    pub fn is_capture(&self) -> bool {
        self.kind == Kind::Jump
    }

    /// The squares of the pieces this move captures, in order (empty unless it is a capture).
    pub fn captured(&self) -> Vec<(u8, u8)> {
        if self.kind != Kind::Jump {
            return Vec::new();
        }
        self.squares()
            .windows(2)
            .map(|w| ((w[0].0 + w[1].0) / 2, (w[0].1 + w[1].1) / 2))
            .collect()
    }
}

/// A Barrier position with its history of repetitions since the last irreversible move.
#[derive(Clone, Debug)]
pub struct Barrier {
    options: BarrierOptions,
    #[doc(hidden)]
    pub board: [Option<Piece>; 64],
    /// The tiles on ranks 4 and 5, indexed `(rank - 3) * 8 + file`.
    #[doc(hidden)]
    pub tiles: [Option<Tile>; 16],
    /// For each side, which entries of `options.tiles` have been laid (bit i = entry i).
    used: [u8; 2],
    /// How many tiles are on the board (the laying phase ends at 16).
    laid: u8,
    #[doc(hidden)]
    pub to_move: Side,
    status: Status,
    quiet: u32,
    repetitions: Repetitions,
}

/// The square index of `(file, rank)`.
#[doc(hidden)]
pub fn index(square: (u8, u8)) -> usize {
    usize::from(square.1) * 8 + usize::from(square.0)
}

/// The `(file, rank)` of a square index.
#[doc(hidden)]
pub fn coords(sq: usize) -> (u8, u8) {
    ((sq % 8) as u8, (sq / 8) as u8)
}

/// The square one step from `sq` in `dir`, if it is on the board.
#[doc(hidden)]
pub fn neighbour(sq: usize, dir: Dir) -> Option<usize> {
    let (df, dr) = dir.delta();
    let file = (sq % 8) as i8 + df;
    let rank = (sq / 8) as i8 + dr;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| rank as usize * 8 + file as usize)
}

/// The rank (0-based) on which an uncrowned piece of `side` is crowned.
#[doc(hidden)]
pub fn far_rank(side: Side) -> u8 {
    match side {
        Side::First => 7,
        Side::Second => 0,
    }
}

/// The slot in `tiles` of a barrier square index, if it is one.
#[doc(hidden)]
pub fn tile_slot(sq: usize) -> Option<usize> {
    (24..40).contains(&sq).then(|| sq - 24)
}

/// The directions an uncrowned piece of `side` uses off the barrier: forward and diagonally
/// forward.
#[doc(hidden)]
pub fn forward_dirs(side: Side) -> [Dir; 3] {
    match side {
        Side::First => [Dir::N, Dir::NE, Dir::NW],
        Side::Second => [Dir::S, Dir::SE, Dir::SW],
    }
}

/// The start position of the pieces (RULES.md): Yellow on the dark squares of ranks 1-3, Clear on
/// those of ranks 6-8.
fn start_board() -> [Option<Piece>; 64] {
    let mut board = [None; 64];
    for (sq, cell) in board.iter_mut().enumerate() {
        let (file, rank) = coords(sq);
        if (file + rank) % 2 != 0 {
            continue;
        }
        let side = match rank {
            0..=2 => Side::First,
            5..=7 => Side::Second,
            _ => continue,
        };
        *cell = Some(Piece::new(side, false));
    }
    board
}

impl Barrier {
    /// Whose barrier square `(file, rank)` is (0-based): Yellow lays on the dot squares (a4 c4 e4
    /// g4 b5 d5 f5 h5), Clear on the dash squares; `None` off ranks 4 and 5.
    pub fn barrier_owner(file: u8, rank: u8) -> Option<Side> {
        if file >= 8 || !(3..=4).contains(&rank) {
            return None;
        }
        Some(if (file + rank) % 2 == 1 {
            Side::First
        } else {
            Side::Second
        })
    }

    /// The piece on `(file, rank)` (0-based): its side and whether it is crowned.
    pub fn piece_at(&self, file: u8, rank: u8) -> Option<(Side, bool)> {
        if file >= 8 || rank >= 8 {
            return None;
        }
        self.board[index((file, rank))].map(|p| (p.side(), p.crowned()))
    }

    /// The tile laid on `(file, rank)` (0-based), if any.
    pub fn tile_at(&self, file: u8, rank: u8) -> Option<Tile> {
        if file >= 8 || rank >= 8 {
            return None;
        }
        tile_slot(index((file, rank))).and_then(|slot| self.tiles[slot])
    }

    /// The tiles `side` has not laid yet, in the order of the `tiles` option.
    pub fn unplayed_tiles(&self, side: Side) -> Vec<Tile> {
        let used = self.used[side.index()];
        (0..8)
            .filter(|i| used & (1 << i) == 0)
            .map(|i| self.options.tiles()[i])
            .collect()
    }

    /// Whether the barrier is still being laid (phase 1).
    pub fn is_laying(&self) -> bool {
        self.laid < 16
    }

    /// Plies in a row with no capture and no crowning (laying turns are not counted); the game is drawn
    /// when it reaches [`MOVE_LIMIT`].
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// How many pieces `side` has on the board.
    pub fn piece_count(&self, side: Side) -> usize {
        self.board
            .iter()
            .flatten()
            .filter(|p| p.side() == side)
            .count()
    }

    /// The directions a piece may use from `sq`, as a bit set: the tile's two on a barrier square
    /// (for every piece), else forward for an uncrowned piece and all eight for a crowned one.
    fn dirs_at(&self, piece: Piece, sq: usize) -> u8 {
        if let Some(tile) = tile_slot(sq).and_then(|slot| self.tiles[slot]) {
            return tile.mask();
        }
        if piece.crowned() {
            0xff
        } else {
            forward_dirs(piece.side())
                .iter()
                .fold(0, |mask, dir| mask | dir.bit())
        }
    }

    /// Marks one unplayed copy of `tile` as laid by `side`; false if there is none.
    fn use_tile(&mut self, side: Side, tile: Tile) -> bool {
        let used = &mut self.used[side.index()];
        match (0..8).find(|&i| *used & (1 << i) == 0 && self.options.tiles()[i] == tile) {
            Some(i) => {
                *used |= 1 << i;
                true
            }
            None => false,
        }
    }

    /// The distinct tiles `side` may still lay.
    fn distinct_unplayed(&self, side: Side) -> Vec<Tile> {
        let mut tiles = self.unplayed_tiles(side);
        let mut seen = Vec::with_capacity(tiles.len());
        tiles.retain(|t| {
            let fresh = !seen.contains(t);
            seen.push(*t);
            fresh
        });
        tiles
    }

    /// The barrier squares of `side` that have no tile yet.
    fn empty_barrier_squares(&self, side: Side) -> impl Iterator<Item = (u8, u8)> + '_ {
        (24..40)
            .map(coords)
            .filter(move |&(f, r)| Barrier::barrier_owner(f, r) == Some(side))
            .filter(|&sq| self.tiles[index(sq) - 24].is_none())
    }

    /// Appends every capture sequence (each prefix is a move of its own) of `piece`, which has
    /// reached `path[len - 1]`; `board` has the piece lifted and the captured pieces removed.
    fn jumps_from(
        &self,
        board: &mut [Option<Piece>; 64],
        piece: Piece,
        path: &mut [(u8, u8); MAX_PATH],
        len: usize,
        out: &mut Vec<BarrierMove>,
    ) {
        let from = index(path[len - 1]);
        let mask = self.dirs_at(piece, from);
        for dir in Dir::ALL {
            if mask & dir.bit() == 0 {
                continue;
            }
            let Some(over) = neighbour(from, dir) else {
                continue;
            };
            let Some(victim) = board[over] else {
                continue;
            };
            if victim.side() == piece.side() {
                continue;
            }
            let Some(land) = neighbour(over, dir) else {
                continue;
            };
            if board[land].is_some() {
                continue;
            }
            path[len] = coords(land);
            out.push(BarrierMove::jump(&path[..=len]));
            let crowned_here = !piece.crowned() && coords(land).1 == far_rank(piece.side());
            if !crowned_here && len + 1 < MAX_PATH {
                board[over] = None;
                self.jumps_from(board, piece, path, len + 1, out);
                board[over] = Some(victim);
            }
        }
    }

    /// Appends the steps and capture sequences of the side to move.
    fn piece_moves_into(&self, out: &mut Vec<BarrierMove>) {
        for sq in 0..64 {
            let Some(piece) = self.board[sq] else {
                continue;
            };
            if piece.side() != self.to_move {
                continue;
            }
            let mask = self.dirs_at(piece, sq);
            for dir in Dir::ALL {
                if mask & dir.bit() == 0 {
                    continue;
                }
                if let Some(to) = neighbour(sq, dir)
                    && self.board[to].is_none()
                {
                    out.push(BarrierMove::step(coords(sq), coords(to)));
                }
            }
            let mut board = self.board;
            board[sq] = None;
            let mut path = [(0, 0); MAX_PATH];
            path[0] = coords(sq);
            self.jumps_from(&mut board, piece, &mut path, 1, out);
        }
    }

    /// Whether the side to move has at least one legal move (cheaper than listing them).
    fn has_move(&self) -> bool {
        if self.is_laying() {
            return true;
        }
        (0..64).any(|sq| {
            let Some(piece) = self.board[sq] else {
                return false;
            };
            if piece.side() != self.to_move {
                return false;
            }
            let mask = self.dirs_at(piece, sq);
            Dir::ALL.into_iter().any(|dir| {
                if mask & dir.bit() == 0 {
                    return false;
                }
                let Some(to) = neighbour(sq, dir) else {
                    return false;
                };
                match self.board[to] {
                    None => true,
                    Some(other) => {
                        other.side() != piece.side()
                            && neighbour(to, dir).is_some_and(|land| self.board[land].is_none())
                    }
                }
            })
        })
    }

    /// The key of the current position for the repetition table: squares at 3 bits, tiles by
    /// their direction masks, and the side to move, packed into six words (hashing the arrays
    /// field by field with SipHash took half of the AI's time).
    #[doc(hidden)]
    pub fn key(&self) -> u64 {
        let mut words = [0u64; 6];
        for (sq, piece) in self.board.iter().enumerate() {
            let code = piece.map_or(0, |p| p as u64 + 1);
            words[sq / 21] |= code << (3 * (sq % 21));
        }
        for (i, tile) in self.tiles.iter().enumerate() {
            let mask = tile.map_or(0, |t| u64::from(t.mask()));
            words[4 + i / 8] |= mask << (8 * (i % 8));
        }
        words[3] |= (self.to_move.index() as u64) << 63;
        super::words_key(&words)
    }

    /// The status of a position reached by a move of `mover` (or imported with `mover`'s opponent
    /// to move), given how many times it has now occurred. Elimination and blocking decide the
    /// game before the draws, so a 100th quiet ply that leaves the opponent blocked wins.
    fn settle(&self, mover: Side, occurrences: usize) -> Status {
        if self.piece_count(mover.opponent()) == 0 {
            Status::Over(Outcome::win(mover, Reason::Elimination))
        } else if !self.has_move() {
            Status::Over(Outcome::win(mover, Reason::Blocked))
        } else if occurrences >= 3 {
            Status::Over(Outcome::draw(Reason::Repetition))
        } else if self.quiet >= MOVE_LIMIT {
            Status::Over(Outcome::draw(Reason::MoveLimit))
        } else {
            Status::ToMove(self.to_move)
        }
    }
}

impl Game for Barrier {
    type Move = BarrierMove;
    type Options = BarrierOptions;
    const KIND: GameKind = GameKind::Barrier;

    fn new(options: BarrierOptions) -> Self {
        let mut game = Barrier {
            options,
            board: start_board(),
            tiles: [None; 16],
            used: [0; 2],
            laid: 0,
            to_move: Side::First,
            status: Status::ToMove(Side::First),
            quiet: 0,
            repetitions: Repetitions::default(),
        };
        let key = game.key();
        game.repetitions.record(key);
        game
    }

    fn options(&self) -> &BarrierOptions {
        &self.options
    }

    fn side_name(&self, side: Side) -> &'static str {
        ["yellow", "clear"][side.index()]
    }

    fn position_key(&self) -> Option<u64> {
        Some(self.key())
    }

    fn status(&self) -> Status {
        self.status
    }

    fn legal_moves_into(&self, out: &mut Vec<BarrierMove>) {
        if self.status.is_over() {
            return;
        }
        if self.is_laying() {
            let squares: Vec<(u8, u8)> = self.empty_barrier_squares(self.to_move).collect();
            for tile in self.distinct_unplayed(self.to_move) {
                out.extend(squares.iter().map(|&sq| BarrierMove::lay(tile, sq)));
            }
        } else {
            self.piece_moves_into(out);
        }
    }

    fn is_legal(&self, mv: &BarrierMove) -> bool {
        if self.status.is_over() {
            return false;
        }
        let checked = match mv.kind {
            Kind::Lay(tile) => self.check_lay(tile, mv.path[0]),
            Kind::Step | Kind::Jump => self.check_path(mv.squares()),
        };
        checked.as_ref() == Ok(mv)
    }

    fn play_unchecked(&mut self, mv: &BarrierMove) {
        let mover = self.to_move;
        let mut irreversible = true;
        match mv.kind {
            Kind::Lay(tile) => {
                if let Some(slot) = tile_slot(index(mv.path[0])) {
                    self.tiles[slot] = Some(tile);
                }
                self.use_tile(mover, tile);
                self.laid += 1;
            }
            Kind::Step | Kind::Jump => {
                let squares = mv.squares();
                let from = index(squares[0]);
                let to = index(squares[squares.len() - 1]);
                let Some(piece) = self.board[from].take() else {
                    return;
                };
                for square in mv.captured() {
                    self.board[index(square)] = None;
                }
                let crowning = !piece.crowned() && squares[squares.len() - 1].1 == far_rank(mover);
                self.board[to] = Some(Piece::new(mover, piece.crowned() || crowning));
                if mv.kind == Kind::Jump || crowning {
                    self.quiet = 0;
                } else {
                    self.quiet += 1;
                    irreversible = false;
                }
            }
        }
        if irreversible {
            self.repetitions.clear();
        }
        self.to_move = mover.opponent();
        let key = self.key();
        let occurrences = self.repetitions.record(key);
        self.status = self.settle(mover, occurrences);
    }

    fn format_move(&self, mv: &BarrierMove) -> String {
        use super::notation::square_name;
        match mv.kind {
            Kind::Lay(tile) => format!("{tile}@{}", square_name(mv.path[0].0, mv.path[0].1)),
            Kind::Step | Kind::Jump => {
                let separator = if mv.kind == Kind::Step { "-" } else { "x" };
                mv.squares()
                    .iter()
                    .map(|&(f, r)| square_name(f, r))
                    .collect::<Vec<_>>()
                    .join(separator)
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<BarrierMove, MoveError> {
        self.parse_text(text)
    }

    fn export(&self) -> String {
        self.export_text()
    }

    fn import(text: &str) -> Result<Self, ImportError> {
        Barrier::import_text(text)
    }

    /// `y`/`Y` Yellow's pieces (crowned in upper case), `c`/`C` Clear's.
    fn glyph_side(&self, glyph: char) -> Option<Side> {
        match glyph {
            'y' | 'Y' => Some(Side::First),
            'c' | 'C' => Some(Side::Second),
            _ => None,
        }
    }

    fn draw_text(&self) -> String {
        self.drawing()
    }
}
