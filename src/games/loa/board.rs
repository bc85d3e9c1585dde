//! The bitboard core of Lines of Action: move generation on the tables of `geometry.rs`, line
//! counts kept up to date, Zobrist keys and a copy-make perft. Square index = rank * 8 + file
//! (a1 = 0).
//! The flat board keeps its original fast path; the cylinder (`board=cylinder`) has its own
//! tables, and marked pieces restrict which pieces may move (`players=4`, `marks=alternate`).

use super::{Color, LoaRules};
use crate::games::Repetitions;

pub use super::geometry::NO_SQUARE;
use super::geometry::{
    BETWEEN_CYLINDER, DEST, DEST_CYLINDER, LINE_OF, LINE_OF_CYLINDER, NUM_LINES, connected,
    line_steps,
};

/// One step of the SplitMix64 generator: fixed pseudo-random numbers for the Zobrist tables.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Zobrist keys: 128 for the pieces, 14 for the held counts, 1 for Black to move, 64 for the
/// marks, 4 for each colour's required set (marked or unmarked; a free choice has no key).
const ZOBRIST_LEN: usize = 211;

const fn build_zobrist() -> [u64; ZOBRIST_LEN] {
    let mut table = [0u64; ZOBRIST_LEN];
    let mut state = 0x4C4F_415F_5041_524C;
    let mut i = 0;
    while i < ZOBRIST_LEN {
        let (s, z) = splitmix(state);
        state = s;
        table[i] = z;
        i += 1;
    }
    table
}

static ZOBRIST: [u64; ZOBRIST_LEN] = build_zobrist();

fn z_piece(color: usize, sq: usize) -> u64 {
    ZOBRIST[color * 64 + sq]
}

fn z_held(color: usize, held: u8) -> u64 {
    ZOBRIST[128 + color * 7 + usize::from(held.min(6))]
}

const Z_BLACK_TO_MOVE: u64 = build_zobrist()[142];

fn z_mark(sq: usize) -> u64 {
    ZOBRIST[143 + sq]
}

fn z_required(color: usize, required: Required) -> u64 {
    match required {
        Required::Any => 0,
        Required::Marked => ZOBRIST[207 + color * 2],
        Required::Unmarked => ZOBRIST[208 + color * 2],
    }
}

/// Which of its pieces a colour must move next: any (the plain game, or a free first choice
/// under `marks=alternate`), only the marked ones or only the unmarked ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Required {
    Any,
    Marked,
    Unmarked,
}

impl Required {
    /// The other set; `Any` stays `Any`.
    fn other(self) -> Required {
        match self {
            Required::Any => Required::Any,
            Required::Marked => Required::Unmarked,
            Required::Unmarked => Required::Marked,
        }
    }
}

/// How the marks restrict the turns: not at all, by seat (`players=4`: each colour's turns go
/// marked, unmarked, marked, ...; a pass also hands over), or by alternation (`marks=alternate`:
/// the set not moved last; the other set when it cannot move; a pass changes nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turns {
    Plain,
    Seats,
    Alternate,
}

/// The shape and turn rules a board is played under; fixed for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    pub cylinder: bool,
    pub turns: Turns,
}

impl Variant {
    pub const PLAIN: Variant = Variant {
        cylinder: false,
        turns: Turns::Plain,
    };
}

/// What a finished turn leaves: the game goes on, a colour wins, or a draw (all by connection).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
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
    /// The piece is not in the set that must move this turn (marked or unmarked).
    WrongSet(Required),
}

/// A position without its history or result: pieces, held stones and the colour to move.
/// `Copy`, so that search and perft can copy-make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The pieces of each colour, indexed by [`Color::index`].
    pub pieces: [u64; 2],
    /// `held[c]`: how many stones of colour `c` the opponent still holds (parachute).
    pub held: [u8; 2],
    pub to_move: Color,
    /// The Zobrist key of everything above.
    pub key: u64,
    /// How many pieces (both colours) stand on each line: kept up to date by [`Board::apply`].
    /// The cylinder uses only the first [`NUM_LINES_CYLINDER`].
    counts: [u8; NUM_LINES],
    /// The marked pieces of both colours (empty unless the variant uses marks).
    pub marked: u64,
    /// `required[c]`: the set colour `c` must move on its next turn.
    pub required: [Required; 2],
    variant: Variant,
    /// The two-player flat game with no marks: the fast path of [`Board::each_step`].
    plain: bool,
}

impl Board {
    /// A flat board without marks from bitboards; the caller guarantees the sets do not overlap.
    pub fn new(white: u64, black: u64, held: [u8; 2], to_move: Color) -> Board {
        Board::with_variant(
            white,
            black,
            held,
            to_move,
            Variant::PLAIN,
            0,
            [Required::Any; 2],
        )
    }

    /// A board of any variant; the caller guarantees that the colours do not overlap and that
    /// `marked` lies on pieces.
    pub fn with_variant(
        white: u64,
        black: u64,
        held: [u8; 2],
        to_move: Color,
        variant: Variant,
        marked: u64,
        required: [Required; 2],
    ) -> Board {
        let mut board = Board {
            pieces: [white, black],
            held,
            to_move,
            key: 0,
            counts: [0; NUM_LINES],
            marked,
            required,
            variant,
            plain: variant
                == Variant {
                    cylinder: false,
                    turns: Turns::Plain,
                },
        };
        let mut occ = white | black;
        while occ != 0 {
            let sq = occ.trailing_zeros() as u8;
            occ &= occ - 1;
            board.add_to_lines(board.line_table(), sq);
        }
        board.key = board.compute_key();
        board
    }

    /// The Zobrist key computed from scratch (the incremental one must always equal it).
    pub fn compute_key(&self) -> u64 {
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
            key ^= z_required(color, self.required[color]);
        }
        let mut marked = self.marked;
        while marked != 0 {
            key ^= z_mark(marked.trailing_zeros() as usize);
            marked &= marked - 1;
        }
        key
    }

    pub(super) fn marked(&self) -> u64 {
        self.marked
    }

    pub(super) fn required(&self, color: Color) -> Required {
        self.required[color.index()]
    }

    pub(super) fn variant(&self) -> Variant {
        self.variant
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
        let pieces = self.pieces[color.index()];
        self.held[color.index()] == 0
            && if self.variant.cylinder {
                connected(pieces, true)
            } else {
                connected(pieces, false)
            }
    }

    /// The pieces the side to move may move this turn: all of them in the plain game, else the
    /// required set, or under `marks=alternate` the other set when the required one is stuck.
    #[inline(always)]
    pub(super) fn movable(&self) -> u64 {
        let me = self.to_move.index();
        let own = self.pieces[me];
        let set = match self.required[me] {
            Required::Any => return own,
            Required::Marked => own & self.marked,
            Required::Unmarked => own & !self.marked,
        };
        if self.variant.turns == Turns::Alternate {
            let mut any = false;
            self.steps_from(set, |_, _, _| any = true);
            if !any {
                return own & !set;
            }
        }
        set
    }

    /// Calls `f(from, to, capture)` for every legal move (without drop) of the side to move.
    #[inline(always)]
    pub fn each_step(&self, f: impl FnMut(u8, u8, bool)) {
        if self.plain {
            self.steps::<false>(self.pieces[self.to_move.index()], f);
        } else {
            self.steps_variant(f);
        }
    }

    /// [`Board::each_step`] for the variants, kept out of line so that the plain game's loop
    /// stays as small as it was.
    #[inline(never)]
    fn steps_variant(&self, f: impl FnMut(u8, u8, bool)) {
        self.steps_from(self.movable(), f);
    }

    /// Calls `f(from, to, capture)` for every move of the pieces in `movable` (own pieces).
    #[inline(always)]
    fn steps_from(&self, movable: u64, f: impl FnMut(u8, u8, bool)) {
        if self.variant.cylinder {
            self.steps::<true>(movable, f);
        } else {
            self.steps::<false>(movable, f);
        }
    }

    /// The moves of the pieces in `movable`, on the cylinder or on the flat board (the original
    /// fast path, a line kind at a time). On the cylinder two directions can reach the same
    /// square (4 steps either way round a rank, or along a diagonal and an anti-diagonal that
    /// both hold 4 pieces); that is one move, since the notation and the result are the same,
    /// so destinations are merged.
    #[inline(always)]
    fn steps<const CYLINDER: bool>(&self, movable: u64, mut f: impl FnMut(u8, u8, bool)) {
        let me = self.to_move.index();
        let own = self.pieces[me];
        let enemy = self.pieces[me ^ 1];
        let mut bb = movable;
        while bb != 0 {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            if !CYLINDER {
                for (k, &line) in LINE_OF[sq].iter().enumerate() {
                    let n = usize::from(self.counts[usize::from(line)]);
                    line_steps(sq, k, n, own, enemy, |to, capture| f(sq as u8, to, capture));
                }
                continue;
            }
            let lines = &LINE_OF_CYLINDER[sq];
            let mut targets = 0u64;
            for d in 0..8 {
                let n = usize::from(self.counts[usize::from(lines[d / 2])]);
                let to = DEST_CYLINDER[sq][d][n];
                if to != NO_SQUARE && BETWEEN_CYLINDER[sq][d][n] & enemy == 0 {
                    targets |= 1u64 << to;
                }
            }
            targets &= !own;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                f(sq as u8, to, enemy & (1u64 << to) != 0);
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
        let movable = self.movable();
        // Under `marks=alternate` with no move at all, the rule that applies is the one that
        // stops this piece (the line checks below), not the alternation.
        let stuck = self.variant.turns == Turns::Alternate && {
            let mut any = false;
            self.steps_from(movable, |_, _, _| any = true);
            !any
        };
        if movable & from_bit == 0 && !stuck {
            let required = match self.required[me] {
                Required::Marked if self.marked & from_bit != 0 => Required::Unmarked,
                Required::Unmarked if self.marked & from_bit == 0 => Required::Marked,
                required => required,
            };
            return Err(StepError::WrongSet(required));
        }
        let (dest, line_of) = if self.variant.cylinder {
            (&DEST_CYLINDER, &LINE_OF_CYLINDER)
        } else {
            (&DEST, &LINE_OF)
        };
        // Every (direction, distance) that reaches `to`: one at most on the flat board.
        let mut wrong_distance = None;
        let mut blocked = None;
        for d in 0..8 {
            let n = self.counts[usize::from(line_of[usize::from(from)][d / 2])];
            let Some(distance) = (1..9).find(|&k| dest[usize::from(from)][d][k] == to) else {
                continue;
            };
            if distance != usize::from(n) {
                wrong_distance.get_or_insert(n);
                continue;
            }
            match dest[usize::from(from)][d][1..distance]
                .iter()
                .find(|&&sq| enemy & (1u64 << sq) != 0)
            {
                Some(&sq) => {
                    blocked.get_or_insert(sq);
                }
                None => {
                    let to_bit = 1u64 << to;
                    if own & to_bit != 0 {
                        return Err(StepError::OwnPiece);
                    }
                    return Ok(enemy & to_bit != 0);
                }
            }
        }
        Err(match (blocked, wrong_distance) {
            (Some(sq), _) => StepError::JumpsEnemy(sq),
            (None, Some(n)) => StepError::Distance(n),
            (None, None) => StepError::NotALine,
        })
    }

    #[inline(always)]
    fn line_table(&self) -> &'static [[u8; 4]; 64] {
        if self.variant.cylinder {
            &LINE_OF_CYLINDER
        } else {
            &LINE_OF
        }
    }

    #[inline(always)]
    fn add_to_lines(&mut self, table: &[[u8; 4]; 64], sq: u8) {
        for line in table[usize::from(sq)] {
            self.counts[usize::from(line)] += 1;
        }
    }

    #[inline(always)]
    fn remove_from_lines(&mut self, table: &[[u8; 4]; 64], sq: u8) {
        for line in table[usize::from(sq)] {
            self.counts[usize::from(line)] -= 1;
        }
    }

    /// Plays one turn known to be legal: a move `from`-`to` (or a pass when `from` is
    /// [`NO_SQUARE`]), then a drop on `drop` unless it is [`NO_SQUARE`]; the turn passes.
    #[inline]
    pub fn apply(&mut self, from: u8, to: u8, capture: bool, drop: u8) {
        let me = self.to_move.index();
        let opp = me ^ 1;
        if !self.plain {
            self.pass_marks(from, to);
        }
        let table = self.line_table();
        if from != NO_SQUARE {
            self.pieces[me] ^= (1u64 << from) | (1u64 << to);
            self.key ^= z_piece(me, usize::from(from)) ^ z_piece(me, usize::from(to));
            self.remove_from_lines(table, from);
            if capture {
                self.pieces[opp] ^= 1u64 << to;
                self.key ^= z_piece(opp, usize::from(to));
            } else {
                self.add_to_lines(table, to);
            }
        }
        if drop != NO_SQUARE {
            self.pieces[opp] |= 1u64 << drop;
            self.key ^= z_piece(opp, usize::from(drop));
            self.add_to_lines(table, drop);
            let held = self.held[opp];
            self.key ^= z_held(opp, held) ^ z_held(opp, held - 1);
            self.held[opp] = held - 1;
        }
        self.to_move = self.to_move.opponent();
        self.key ^= Z_BLACK_TO_MOVE;
    }

    /// The mark and set bookkeeping of a turn, before its pieces move: the mark travels with the
    /// moving piece, a captured piece's mark leaves with it, and the mover's required set moves on.
    fn pass_marks(&mut self, from: u8, to: u8) {
        let me = self.to_move.index();
        let old = self.required[me];
        let new = match self.variant.turns {
            Turns::Plain => old,
            Turns::Seats => old.other(),
            Turns::Alternate if from == NO_SQUARE => old,
            Turns::Alternate if self.marked & (1u64 << from) != 0 => Required::Unmarked,
            Turns::Alternate => Required::Marked,
        };
        self.required[me] = new;
        self.key ^= z_required(me, old) ^ z_required(me, new);
        if from == NO_SQUARE {
            return;
        }
        if self.marked & (1u64 << to) != 0 {
            self.marked ^= 1u64 << to;
            self.key ^= z_mark(usize::from(to));
        }
        if self.marked & (1u64 << from) != 0 {
            self.marked ^= (1u64 << from) | (1u64 << to);
            self.key ^= z_mark(usize::from(from)) ^ z_mark(usize::from(to));
        }
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
pub struct Perft<'a> {
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
