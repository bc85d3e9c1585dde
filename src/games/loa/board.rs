//! The bitboard core of Lines of Action: precomputed line tables, move generation, the
//! connection test, Zobrist keys and a copy-make perft. Square index = rank * 8 + file (a1 = 0).

use super::{Color, LoaRules};
use crate::games::Repetitions;

/// Marks "no square": the origin of a pass, or a move without a drop.
pub(super) const NO_SQUARE: u8 = 64;

/// The eight directions as (file, rank) steps. Directions `2k` and `2k + 1` run along the same
/// line kind `k` (0 rank, 1 file, 2 diagonal, 3 anti-diagonal); the even one goes towards higher
/// square indices, which is what lets [`Board::each_step`] mask the squares in between cheaply.
const DIRS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// 8 ranks, 8 files, 15 diagonals and 15 anti-diagonals.
const NUM_LINES: usize = 46;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

const fn build_line_of() -> [[u8; 4]; 64] {
    let mut table = [[0u8; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = sq % 8;
        let rank = sq / 8;
        table[sq] = [
            rank as u8,
            8 + file as u8,
            (16 + file + 7 - rank) as u8,
            (31 + file + rank) as u8,
        ];
        sq += 1;
    }
    table
}

const fn build_dest() -> [[[u8; 9]; 8]; 64] {
    let mut table = [[[NO_SQUARE; 9]; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let mut n = 1;
            while n < 9 {
                let f = (sq % 8) as i32 + DIRS[d].0 as i32 * n as i32;
                let r = (sq / 8) as i32 + DIRS[d].1 as i32 * n as i32;
                if f >= 0 && f < 8 && r >= 0 && r < 8 {
                    table[sq][d][n] = (r * 8 + f) as u8;
                }
                n += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

const fn build_rays() -> [[u64; 8]; 64] {
    let mut table = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let mut n = 1;
            while n < 9 {
                let to = DEST[sq][d][n];
                if to != NO_SQUARE {
                    table[sq][d] |= 1u64 << to;
                }
                n += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// For each square, the indices of its rank, file, diagonal and anti-diagonal in the counts.
static LINE_OF: [[u8; 4]; 64] = build_line_of();
/// `DEST[sq][d][n]`: the square `n` steps from `sq` in direction `d`, or [`NO_SQUARE`].
static DEST: [[[u8; 9]; 8]; 64] = build_dest();
/// `RAY[sq][d]`: every square from `sq` (excluded) to the edge in direction `d`.
static RAY: [[u64; 8]; 64] = build_rays();

/// One step of the SplitMix64 generator: fixed pseudo-random numbers for the Zobrist tables.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Zobrist keys: 128 for the pieces, 14 for the held counts, 1 for Black to move.
const fn build_zobrist() -> [u64; 143] {
    let mut table = [0u64; 143];
    let mut state = 0x4C4F_415F_5041_524C;
    let mut i = 0;
    while i < 143 {
        let (s, z) = splitmix(state);
        state = s;
        table[i] = z;
        i += 1;
    }
    table
}

static ZOBRIST: [u64; 143] = build_zobrist();

fn z_piece(color: usize, sq: usize) -> u64 {
    ZOBRIST[color * 64 + sq]
}

fn z_held(color: usize, held: u8) -> u64 {
    ZOBRIST[128 + color * 7 + usize::from(held.min(6))]
}

const Z_BLACK_TO_MOVE: u64 = build_zobrist()[142];

/// Whether the pieces of `bb` form one 8-connected group; an empty set is not connected.
pub(super) fn connected(bb: u64) -> bool {
    if bb == 0 {
        return false;
    }
    let mut group = bb & bb.wrapping_neg();
    loop {
        let row = group | ((group << 1) & !FILE_A) | ((group >> 1) & !FILE_H);
        let grown = (row | (row << 8) | (row >> 8)) & bb;
        if grown == group {
            return group == bb;
        }
        group = grown;
    }
}

/// What a finished turn leaves: the game goes on, a colour wins, or a draw (all by connection).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Ongoing,
    Win(Color),
    Draw,
}

/// Why a piece cannot go from one square to another (the move part of a turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum StepError {
    NoPiece,
    NotYours,
    SameSquare,
    NotALine,
    /// The line holds `n` pieces, so the piece must move exactly `n` squares.
    Distance(u8),
    /// The first enemy piece in the way.
    JumpsEnemy(u8),
    OwnPiece,
}

/// A position without its history or result: pieces, held stones and the colour to move.
/// `Copy`, so that search and perft can copy-make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Board {
    /// The pieces of each colour, indexed by [`Color::index`].
    pieces: [u64; 2],
    /// `held[c]`: how many stones of colour `c` the opponent still holds (parachute).
    held: [u8; 2],
    to_move: Color,
    /// The Zobrist key of everything above.
    key: u64,
    /// How many pieces (both colours) stand on each line: kept up to date by [`Board::apply`].
    counts: [u8; NUM_LINES],
}

impl Board {
    /// A board from bitboards; the caller guarantees the two sets do not overlap.
    pub(super) fn new(white: u64, black: u64, held: [u8; 2], to_move: Color) -> Board {
        let mut board = Board {
            pieces: [white, black],
            held,
            to_move,
            key: 0,
            counts: [0; NUM_LINES],
        };
        let mut occ = white | black;
        while occ != 0 {
            let sq = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            for line in LINE_OF[sq] {
                board.counts[usize::from(line)] += 1;
            }
        }
        board.key = board.compute_key();
        board
    }

    /// The Zobrist key computed from scratch (the incremental one must always equal it).
    pub(super) fn compute_key(&self) -> u64 {
        let mut key = if self.to_move == Color::Black {
            Z_BLACK_TO_MOVE
        } else {
            0
        };
        for color in 0..2 {
            let mut bb = self.pieces[color];
            while bb != 0 {
                key ^= z_piece(color, bb.trailing_zeros() as usize);
                bb &= bb - 1;
            }
            key ^= z_held(color, self.held[color]);
        }
        key
    }

    pub(super) fn pieces(&self, color: Color) -> u64 {
        self.pieces[color.index()]
    }

    pub(super) fn held(&self, color: Color) -> u8 {
        self.held[color.index()]
    }

    pub(super) fn mover(&self) -> Color {
        self.to_move
    }

    pub(super) fn key(&self) -> u64 {
        self.key
    }

    pub(super) fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// Whether the side to move must drop a stone after its move (it still holds some).
    pub(super) fn must_drop(&self) -> bool {
        self.held[self.to_move.opponent().index()] > 0
    }

    /// Connected for the purpose of winning: one group on the board, and none of its stones is
    /// still held by the opponent (RULES.md's parachute interpretation).
    pub(super) fn effectively_connected(&self, color: Color) -> bool {
        self.held[color.index()] == 0 && connected(self.pieces[color.index()])
    }

    /// Calls `f(from, to, capture)` for every legal move (without drop) of the side to move.
    #[inline(always)]
    pub(super) fn each_step(&self, mut f: impl FnMut(u8, u8, bool)) {
        let me = self.to_move.index();
        let own = self.pieces[me];
        let enemy = self.pieces[me ^ 1];
        let mut bb = own;
        while bb != 0 {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let lines = &LINE_OF[sq];
            let dests = &DEST[sq];
            let rays = &RAY[sq];
            for k in 0..4 {
                let n = usize::from(self.counts[usize::from(lines[k])]);
                let to = dests[2 * k][n];
                if to != NO_SQUARE {
                    let bit = 1u64 << to;
                    let between = rays[2 * k] & (bit - 1);
                    if (between & enemy) | (bit & own) == 0 {
                        f(sq as u8, to, enemy & bit != 0);
                    }
                }
                let to = dests[2 * k + 1][n];
                if to != NO_SQUARE {
                    let bit = 1u64 << to;
                    let between = rays[2 * k + 1] & !(bit | (bit - 1));
                    if (between & enemy) | (bit & own) == 0 {
                        f(sq as u8, to, enemy & bit != 0);
                    }
                }
            }
        }
    }

    /// Whether the side to move has at least one move (else it must pass).
    pub(super) fn has_step(&self) -> bool {
        let mut any = false;
        self.each_step(|_, _, _| any = true);
        any
    }

    /// Checks one move of the side to move from `from` to `to` (squares 0..64); `Ok(capture)`.
    pub(super) fn check_step(&self, from: u8, to: u8) -> Result<bool, StepError> {
        let me = self.to_move.index();
        let own = self.pieces[me];
        let enemy = self.pieces[me ^ 1];
        if from >= 64 || to >= 64 {
            return Err(StepError::NoPiece);
        }
        let from_bit = 1u64 << from;
        if enemy & from_bit != 0 {
            return Err(StepError::NotYours);
        }
        if own & from_bit == 0 {
            return Err(StepError::NoPiece);
        }
        if from == to {
            return Err(StepError::SameSquare);
        }
        let df = i32::from(to % 8) - i32::from(from % 8);
        let dr = i32::from(to / 8) - i32::from(from / 8);
        let step = (df.signum() as i8, dr.signum() as i8);
        let d = match DIRS.iter().position(|&s| s == step) {
            Some(d) if df == 0 || dr == 0 || df.abs() == dr.abs() => d,
            _ => return Err(StepError::NotALine),
        };
        let distance = df.abs().max(dr.abs()) as usize;
        let n = self.counts[usize::from(LINE_OF[usize::from(from)][d / 2])];
        if distance != usize::from(n) {
            return Err(StepError::Distance(n));
        }
        let dests = &DEST[usize::from(from)][d];
        if let Some(&sq) = dests[1..distance]
            .iter()
            .find(|&&sq| enemy & (1u64 << sq) != 0)
        {
            return Err(StepError::JumpsEnemy(sq));
        }
        let to_bit = 1u64 << to;
        if own & to_bit != 0 {
            return Err(StepError::OwnPiece);
        }
        Ok(enemy & to_bit != 0)
    }

    fn add_to_lines(&mut self, sq: u8) {
        for line in LINE_OF[usize::from(sq)] {
            self.counts[usize::from(line)] += 1;
        }
    }

    fn remove_from_lines(&mut self, sq: u8) {
        for line in LINE_OF[usize::from(sq)] {
            self.counts[usize::from(line)] -= 1;
        }
    }

    /// Plays one turn known to be legal: a move `from`-`to` (or a pass when `from` is
    /// [`NO_SQUARE`]), then a drop on `drop` unless it is [`NO_SQUARE`]; the turn passes.
    #[inline]
    pub(super) fn apply(&mut self, from: u8, to: u8, capture: bool, drop: u8) {
        let me = self.to_move.index();
        let opp = me ^ 1;
        if from != NO_SQUARE {
            self.pieces[me] ^= (1u64 << from) | (1u64 << to);
            self.key ^= z_piece(me, usize::from(from)) ^ z_piece(me, usize::from(to));
            self.remove_from_lines(from);
            if capture {
                self.pieces[opp] ^= 1u64 << to;
                self.key ^= z_piece(opp, usize::from(to));
            } else {
                self.add_to_lines(to);
            }
        }
        if drop != NO_SQUARE {
            self.pieces[opp] |= 1u64 << drop;
            self.key ^= z_piece(opp, usize::from(drop));
            self.add_to_lines(drop);
            let held = self.held[opp];
            self.key ^= z_held(opp, held) ^ z_held(opp, held - 1);
            self.held[opp] = held - 1;
        }
        self.to_move = self.to_move.opponent();
        self.key ^= Z_BLACK_TO_MOVE;
    }

    /// The result of the turn just played by `mover`. Only a side whose pieces changed needs a
    /// flood fill: before the turn neither side was connected, or the game would be over.
    #[inline]
    pub(super) fn verdict(
        &self,
        mover: Color,
        mover_changed: bool,
        opponent_changed: bool,
        rules: LoaRules,
    ) -> Verdict {
        let opponent = mover.opponent();
        let mover_wins = mover_changed && self.effectively_connected(mover);
        let opponent_wins = opponent_changed && self.effectively_connected(opponent);
        match (mover_wins, opponent_wins) {
            (false, false) => Verdict::Ongoing,
            (true, false) => Verdict::Win(mover),
            (false, true) => Verdict::Win(opponent),
            (true, true) => match rules {
                LoaRules::Abacus => Verdict::Win(mover),
                LoaRules::Olympiad => Verdict::Draw,
            },
        }
    }

    /// The result of the last turn judged from scratch (both sides checked): for imports.
    pub(super) fn full_verdict(&self, rules: LoaRules) -> Verdict {
        self.verdict(self.to_move.opponent(), true, true, rules)
    }

    /// The number of legal turns here (a pass counts as one; each drop square as one turn).
    fn count_turns(&self) -> u64 {
        let mut steps = 0u64;
        let mut captures = 0u64;
        self.each_step(|_, _, capture| {
            steps += 1;
            captures += u64::from(capture);
        });
        if self.must_drop() {
            let empty = u64::from(64 - self.occupied().count_ones());
            // A capture frees one more square for the drop than a plain move.
            if steps == 0 {
                empty
            } else {
                steps * empty + captures
            }
        } else {
            steps.max(1)
        }
    }
}

/// The state of a perft walk: the rules, the game's repetition history and the keys along the
/// current path.
pub(super) struct Perft<'a> {
    rules: LoaRules,
    history: &'a Repetitions,
    path: Vec<u64>,
}

impl<'a> Perft<'a> {
    pub(super) fn new(rules: LoaRules, history: &'a Repetitions) -> Self {
        Perft {
            rules,
            history,
            path: Vec::with_capacity(64),
        }
    }

    /// Counts the turn sequences of `depth` turns from `board`, a position whose game goes on.
    /// `window` is where the positions since the last irreversible turn start in the path, and
    /// `use_history` says whether the game's own history is still part of that window.
    pub(super) fn count(
        &mut self,
        board: &Board,
        depth: u32,
        window: usize,
        use_history: bool,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return board.count_turns();
        }
        let mut total = 0;
        let mut any = false;
        let drops = if board.must_drop() { !0u64 } else { 0 };
        board.each_step(|from, to, capture| {
            any = true;
            total += self.children(board, from, to, capture, drops, depth, window, use_history);
        });
        if !any {
            total += self.children(
                board,
                NO_SQUARE,
                NO_SQUARE,
                false,
                drops,
                depth,
                window,
                use_history,
            );
        }
        total
    }

    /// Counts below one move, followed by every drop when `drops` is not empty.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn children(
        &mut self,
        board: &Board,
        from: u8,
        to: u8,
        capture: bool,
        drops: u64,
        depth: u32,
        window: usize,
        use_history: bool,
    ) -> u64 {
        if drops == 0 {
            return self.child(
                board,
                from,
                to,
                capture,
                NO_SQUARE,
                depth,
                window,
                use_history,
            );
        }
        let mut occupied = board.occupied();
        if from != NO_SQUARE {
            occupied = (occupied & !(1u64 << from)) | (1u64 << to);
        }
        let mut empty = !occupied;
        let mut total = 0;
        while empty != 0 {
            let drop = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            total += self.child(board, from, to, capture, drop, depth, window, use_history);
        }
        total
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        board: &Board,
        from: u8,
        to: u8,
        capture: bool,
        drop: u8,
        depth: u32,
        window: usize,
        use_history: bool,
    ) -> u64 {
        let mut child = *board;
        child.apply(from, to, capture, drop);
        let opponent_changed = capture || drop != NO_SQUARE;
        if child.verdict(
            board.to_move,
            from != NO_SQUARE,
            opponent_changed,
            self.rules,
        ) != Verdict::Ongoing
        {
            return 0;
        }
        let (window, use_history) = if opponent_changed {
            (self.path.len(), false)
        } else {
            (window, use_history)
        };
        let key = child.key;
        let mut seen = 1 + self.path[window..].iter().filter(|&&k| k == key).count();
        if use_history {
            seen += self.history.count(key);
        }
        if seen >= 3 {
            return 0;
        }
        self.path.push(key);
        let n = self.count(&child, depth - 1, window, use_history);
        self.path.pop();
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> u8 {
        let b = name.as_bytes();
        (b[1] - b'1') * 8 + (b[0] - b'a')
    }

    fn bits(names: &[&str]) -> u64 {
        names.iter().fold(0, |acc, n| acc | 1u64 << sq(n))
    }

    #[test]
    fn tables_agree_with_coordinates() {
        assert_eq!(DEST[usize::from(sq("b1"))][2][2], sq("b3"));
        assert_eq!(DEST[usize::from(sq("b1"))][4][2], sq("d3"));
        assert_eq!(DEST[usize::from(sq("b1"))][6][1], sq("a2"));
        assert_eq!(DEST[usize::from(sq("b1"))][6][2], NO_SQUARE);
        assert_eq!(DEST[usize::from(sq("h8"))][5][7], sq("a1"));
        assert_eq!(
            RAY[usize::from(sq("a1"))][4],
            bits(&["b2", "c3", "d4", "e5", "f6", "g7", "h8"])
        );
        // The longest diagonal holds 8 squares, the corner anti-diagonal 1.
        assert_eq!(LINE_OF[0][2], LINE_OF[63][2]);
        assert_ne!(LINE_OF[7][3], LINE_OF[0][3]);
    }

    #[test]
    fn flood_fill_connectivity() {
        assert!(!connected(0));
        assert!(connected(bits(&["e4"])));
        assert!(connected(bits(&["a1", "b2", "c3", "c4", "d5"])));
        assert!(!connected(bits(&["a1", "c1"])));
        // Bits must not wrap around from the h-file to the a-file.
        assert!(!connected(bits(&["h1", "a2"])));
        assert!(!connected(bits(&["a1", "h1"])));
    }

    #[test]
    fn incremental_key_matches_a_fresh_computation() {
        let mut board = Board::new(
            bits(&["a2", "a3"]),
            bits(&["b1", "c1"]),
            [0, 2],
            Color::White,
        );
        board.apply(sq("a2"), sq("c2"), false, sq("e5"));
        assert_eq!(board.key, board.compute_key());
        board.apply(sq("c1"), sq("c3"), false, NO_SQUARE);
        assert_eq!(board.key, board.compute_key());
        board.apply(sq("c2"), sq("b1"), true, NO_SQUARE);
        assert_eq!(board.key, board.compute_key());
        let fresh = Board::new(board.pieces[0], board.pieces[1], board.held, board.to_move);
        assert_eq!(board, fresh);
    }
}
