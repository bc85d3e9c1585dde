//! The geometry of the Lines of Action board, in one place: directions, the lines through each
//! square, where a move of `n` steps lands, the squares it passes over, and which squares touch.
//! The rules (`board.rs`) generate moves from these tables and the AI's evaluation counts moves
//! and groups with them, so the two can never disagree on how a piece moves.
//! Square index = rank * 8 + file (a1 = 0).

/// Marks "no square": the origin of a pass, or a move without a drop.
#[doc(hidden)]
pub const NO_SQUARE: u8 = 64;

/// The eight directions as (file, rank) steps. Directions `2k` and `2k + 1` run along the same
/// line kind `k` (0 rank, 1 file, 2 diagonal, 3 anti-diagonal); the even one goes towards higher
/// square indices, which is what lets `Board::each_step` mask the squares in between cheaply.
pub(super) const DIRS: [(i8, i8); 8] = [
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
#[doc(hidden)]
pub const NUM_LINES: usize = 46;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// For each square, the indices of its rank, file, diagonal and anti-diagonal in the counts. On
/// the flat board the 15 diagonals of each kind are numbered apart; on the cylinder each
/// diagonal wraps round into one of 8 circles.
const fn build_line_of(cylinder: bool) -> [[u8; 4]; 64] {
    let mut table = [[0u8; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = sq % 8;
        let rank = sq / 8;
        table[sq] = if cylinder {
            [
                rank as u8,
                8 + file as u8,
                (16 + (file + 8 - rank) % 8) as u8,
                (24 + (file + rank) % 8) as u8,
            ]
        } else {
            [
                rank as u8,
                8 + file as u8,
                (16 + file + 7 - rank) as u8,
                (31 + file + rank) as u8,
            ]
        };
        sq += 1;
    }
    table
}

/// Runs the body for every square `sq`, direction `d` and step count `n` from `first` to 8,
/// inside a `const fn` (where `for` loops are not allowed).
macro_rules! every_step {
    (|$sq:ident, $d:ident, $n:ident| from $first:literal $body:block) => {{
        let mut $sq = 0;
        while $sq < 64 {
            let mut $d = 0;
            while $d < 8 {
                let mut $n = $first;
                while $n < 9 {
                    $body
                    $n += 1;
                }
                $d += 1;
            }
            $sq += 1;
        }
    }};
}

/// The square `n` steps from `sq` in direction `d`, for every (sq, d, n). On the cylinder files
/// are taken modulo 8, and a move that comes back to its own square (8 pieces on a rank circle)
/// has no destination.
const fn build_dest(cylinder: bool) -> [[[u8; 9]; 8]; 64] {
    let mut table = [[[NO_SQUARE; 9]; 8]; 64];
    every_step!(|sq, d, n| from 1 {
        let f = (sq % 8) as i32 + DIRS[d].0 as i32 * n as i32;
        let f = if cylinder { f.rem_euclid(8) } else { f };
        let r = (sq / 8) as i32 + DIRS[d].1 as i32 * n as i32;
        let to = r * 8 + f;
        if f >= 0 && f < 8 && r >= 0 && r < 8 && to != sq as i32 {
            table[sq][d][n] = to as u8;
        }
    });
    table
}

const fn build_rays() -> [[u64; 8]; 64] {
    let mut table = [[0u64; 8]; 64];
    every_step!(|sq, d, n| from 1 {
        let to = DEST[sq][d][n];
        if to != NO_SQUARE {
            table[sq][d] |= 1u64 << to;
        }
    });
    table
}

/// For each square, the indices of its rank, file, diagonal and anti-diagonal in the counts.
#[doc(hidden)]
pub static LINE_OF: [[u8; 4]; 64] = build_line_of(false);
/// `DEST[sq][d][n]`: the square `n` steps from `sq` in direction `d`, or [`NO_SQUARE`].
#[doc(hidden)]
pub static DEST: [[[u8; 9]; 8]; 64] = build_dest(false);
/// `RAY[sq][d]`: every square from `sq` (excluded) to the edge in direction `d`.
#[doc(hidden)]
pub static RAY: [[u64; 8]; 64] = build_rays();

/// On the cylinder: 8 rank circles, 8 files, 8 diagonals and 8 anti-diagonals, each of 8 squares.
const NUM_LINES_CYLINDER: usize = 32;

/// `BETWEEN_CYLINDER[sq][d][n]`: the squares a move of `n` steps in direction `d` passes over.
const fn build_between_cylinder() -> [[[u64; 9]; 8]; 64] {
    let mut table = [[[0u64; 9]; 8]; 64];
    every_step!(|sq, d, n| from 2 {
        let f = ((sq % 8) as i32 + DIRS[d].0 as i32 * (n as i32 - 1)).rem_euclid(8);
        let r = (sq / 8) as i32 + DIRS[d].1 as i32 * (n as i32 - 1);
        table[sq][d][n] = table[sq][d][n - 1];
        if r >= 0 && r < 8 {
            table[sq][d][n] |= 1u64 << (r * 8 + f);
        }
    });
    table
}

const _: () = assert!(NUM_LINES_CYLINDER <= NUM_LINES);

#[doc(hidden)]
pub static LINE_OF_CYLINDER: [[u8; 4]; 64] = build_line_of(true);
#[doc(hidden)]
pub static DEST_CYLINDER: [[[u8; 9]; 8]; 64] = build_dest(true);
#[doc(hidden)]
pub static BETWEEN_CYLINDER: [[[u64; 9]; 8]; 64] = build_between_cylinder();

/// `LINE[sq][k]`: every square of the line of kind `k` through `sq` (flat board), `sq` included.
static LINE: [[u64; 4]; 64] = build_lines();

const fn build_lines() -> [[u64; 4]; 64] {
    let mut table = [[0u64; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut k = 0;
        while k < 4 {
            table[sq][k] = RAY[sq][2 * k] | RAY[sq][2 * k + 1] | 1u64 << sq;
            k += 1;
        }
        sq += 1;
    }
    table
}

/// `set` and every square next to one of its squares (8 directions); on the cylinder file h
/// touches file a.
#[inline(always)]
pub fn reach(set: u64, cylinder: bool) -> u64 {
    let mut row = set | ((set << 1) & !FILE_A) | ((set >> 1) & !FILE_H);
    if cylinder {
        row |= ((set >> 7) & FILE_A) | ((set << 7) & FILE_H);
    }
    row | (row << 8) | (row >> 8)
}

/// The 8-connected group of `set` that holds the squares of `seed` (a subset of `set`).
#[inline(always)]
pub fn group_of(seed: u64, set: u64, cylinder: bool) -> u64 {
    let mut group = seed;
    loop {
        let grown = reach(group, cylinder) & set;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// Whether the pieces of `bb` form one 8-connected group; an empty set is not connected.
#[inline(always)]
pub fn connected(bb: u64, cylinder: bool) -> bool {
    bb != 0 && group_of(bb & bb.wrapping_neg(), bb, cylinder) == bb
}

/// Calls `f(to, capture)` for the flat-board moves of a piece on `sq` along line kind `k` (both
/// directions) when `n` pieces stand on that line: `n` steps, over no enemy piece, onto an empty
/// or enemy square.
#[inline(always)]
#[doc(hidden)]
pub fn line_steps(
    sq: usize,
    k: usize,
    n: usize,
    own: u64,
    enemy: u64,
    mut f: impl FnMut(u8, bool),
) {
    let to = DEST[sq][2 * k][n];
    if to != NO_SQUARE {
        let bit = 1u64 << to;
        let between = RAY[sq][2 * k] & (bit - 1);
        if (between & enemy) | (bit & own) == 0 {
            f(to, enemy & bit != 0);
        }
    }
    let to = DEST[sq][2 * k + 1][n];
    if to != NO_SQUARE {
        let bit = 1u64 << to;
        let between = RAY[sq][2 * k + 1] & !(bit | (bit - 1));
        if (between & enemy) | (bit & own) == 0 {
            f(to, enemy & bit != 0);
        }
    }
}

/// Calls `f(from, to, capture)` for every flat-board move of the pieces `own` against `enemy`,
/// whoever is to move (the line counts are taken from the two sets): the AI's evaluation looks at
/// both sides' moves in one position.
pub fn flat_steps(own: u64, enemy: u64, mut f: impl FnMut(u8, u8, bool)) {
    let occupied = own | enemy;
    let mut bb = own;
    while bb != 0 {
        let sq = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        for (k, &line) in LINE[sq].iter().enumerate() {
            let n = (line & occupied).count_ones() as usize;
            line_steps(sq, k, n, own, enemy, |to, capture| f(sq as u8, to, capture));
        }
    }
}
