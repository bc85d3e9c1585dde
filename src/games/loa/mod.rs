//! Lines of Action (RULES.md section 1): the abacus and olympiad rule sets, the standard,
//! scrambled-eggs and parachute setups, marked pieces (four seats, ambidextrous play) and the
//! cylinder board, on bitboards so that search and perft are fast.

#[doc(hidden)]
pub mod board;
pub mod geometry;
mod notation;
#[doc(hidden)]
pub mod options;
mod text;

use std::fmt;

use self::options::VARIANTS;
pub use self::options::{LoaBoard, LoaMarks, LoaOptions, LoaPlayers, LoaRules, LoaSetup};

use self::board::{Board, NO_SQUARE, Perft, Required, Turns, Variant, Verdict};
use super::variants::Variant as Preset;
use super::{
    Game, GameKind, GameOptions, ImportError, MoveError, OptionsError, Outcome, Reason,
    Repetitions, Side, Status,
};

/// The colour of a Lines of Action piece. Which colour moves first depends on the rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: the index of per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `white` or `black`, as in the engine protocol.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the four seats of `players=4`: `w1` moves White's marked pieces, `w2` White's
/// unmarked ones, and likewise `b1`, `b2` for Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    W1,
    B1,
    W2,
    B2,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::W1, Seat::B1, Seat::W2, Seat::B2];

    /// `w1`, `b1`, `w2` or `b2`, as in the engine protocol.
    pub fn name(self) -> &'static str {
        match self {
            Seat::W1 => "w1",
            Seat::B1 => "b1",
            Seat::W2 => "w2",
            Seat::B2 => "b2",
        }
    }

    /// The team (colour) of the seat.
    pub fn color(self) -> Color {
        match self {
            Seat::W1 | Seat::W2 => Color::White,
            Seat::B1 | Seat::B2 => Color::Black,
        }
    }

    /// Which pieces the seat moves.
    pub fn pieces(self) -> PieceSet {
        match self {
            Seat::W1 | Seat::B1 => PieceSet::Marked,
            Seat::W2 | Seat::B2 => PieceSet::Unmarked,
        }
    }

    fn of(color: Color, set: PieceSet) -> Seat {
        match (color, set) {
            (Color::White, PieceSet::Marked) => Seat::W1,
            (Color::White, PieceSet::Unmarked) => Seat::W2,
            (Color::Black, PieceSet::Marked) => Seat::B1,
            (Color::Black, PieceSet::Unmarked) => Seat::B2,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A colour's marked or unmarked pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceSet {
    Marked,
    Unmarked,
}

impl PieceSet {
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Marked => "marked",
            PieceSet::Unmarked => "unmarked",
        }
    }

    fn from_required(required: Required) -> Option<PieceSet> {
        match required {
            Required::Any => None,
            Required::Marked => Some(PieceSet::Marked),
            Required::Unmarked => Some(PieceSet::Unmarked),
        }
    }

    fn required(set: Option<PieceSet>) -> Required {
        match set {
            None => Required::Any,
            Some(PieceSet::Marked) => Required::Marked,
            Some(PieceSet::Unmarked) => Required::Unmarked,
        }
    }
}

/// The squares marked at the start (RULES.md): the 1st, 3rd and 5th piece of each of the
/// standard setup's rows and files.
const INITIAL_MARKS: [&str; 12] = [
    "b1", "d1", "f1", "b8", "d8", "f8", "a2", "a4", "a6", "h2", "h4", "h6",
];

/// The texts the variants added (options, moves, import, drawing), built in one place so that
/// they can become translatable message ids together with [`MoveError`]'s.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Text<'a> {
    UnknownKey,
    BadPlayers,
    BadMarks,
    BadBoard,
    CylinderStandard,
    /// A variant (`players=4` or `marks=alternate`) that needs the standard setup.
    NeedsStandard {
        option: &'a str,
        setup: LoaSetup,
        cylinder: bool,
    },
    FourAlternate,
    MarksWithoutVariant,
    TooManyOfSet {
        color: Color,
        set: PieceSet,
    },
    ToMoveField,
    MarkLegend,
    SeatToMove(Seat),
    SetToMove(Color, Option<PieceSet>),
}

/// The English text of a variant message (see [`Text`]).
pub(crate) fn text(message: Text<'_>) -> String {
    match message {
        Text::UnknownKey => "Lines of Action has the options rules=abacus|olympiad, setup=standard|scrambled-eggs|parachute, players=2|4, marks=none|alternate and board=flat|cylinder".to_string(),
        Text::BadPlayers => "the players option is players=2 or players=4".to_string(),
        Text::BadMarks => "the marks option is marks=none or marks=alternate".to_string(),
        Text::BadBoard => "the board option is board=flat or board=cylinder".to_string(),
        Text::CylinderStandard => "setup=standard cannot be played with board=cylinder: files a and h touch on a cylinder, so White would start as one group; leave setup out (scrambled-eggs) or use setup=parachute".to_string(),
        Text::NeedsStandard { option, setup: _, cylinder: true } => format!(
            "{option} cannot be played with board=cylinder: it starts from the standard setup, where files a and h would touch on a cylinder and White would start as one group"
        ),
        Text::NeedsStandard { option, setup, cylinder: false } => format!(
            "{option} is played from the standard setup only (the marks are defined there), not setup={}",
            setup.name()
        ),
        Text::FourAlternate => "marks=alternate is a two-player game: with players=4 each seat already moves only one set of pieces".to_string(),
        Text::MarksWithoutVariant => "marked pieces (W, B) exist only with players=4 or marks=alternate".to_string(),
        Text::TooManyOfSet { color, set } => format!("{color} has more than 6 {} pieces", set.name()),
        Text::ToMoveField => "the side to move is w or b, a seat w1, b1, w2 or b2 with players=4, or with marks=alternate w or b followed by : and the sets White and Black must move next (m marked, u unmarked, - free), e.g. w:mu".to_string(),
        Text::MarkLegend => "W B: marked pieces, w b: unmarked pieces".to_string(),
        Text::SeatToMove(seat) => format!(
            "{seat} ({}, {} pieces) to move",
            seat.color(),
            seat.pieces().name()
        ),
        Text::SetToMove(color, set) => match set {
            Some(set) => format!("{color} moves {} pieces next", set.name()),
            None => format!("{color} may move either set next"),
        },
    }
}

/// One turn: a move (or a pass), followed in the parachute phase by a drop.
/// Built only by [`Loa`] (legal moves, parsing), so its fields are private.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoaMove {
    from: u8,
    to: u8,
    capture: bool,
    drop: u8,
}

fn coords(sq: u8) -> Option<(u8, u8)> {
    (sq < 64).then_some((sq % 8, sq / 8))
}

impl LoaMove {
    /// The square the piece leaves as `(file, rank)`, 0-based; `None` for a pass.
    pub fn from(&self) -> Option<(u8, u8)> {
        coords(self.from)
    }

    /// The square the piece lands on; `None` for a pass.
    pub fn to(&self) -> Option<(u8, u8)> {
        coords(self.to)
    }

    pub fn is_pass(&self) -> bool {
        self.from == NO_SQUARE
    }

    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// Where the turn drops an opponent stone (parachute phase), if it does.
    pub fn drop_square(&self) -> Option<(u8, u8)> {
        coords(self.drop)
    }

    /// Whether the move can never be undone (the repetition history restarts after it).
    fn is_irreversible(&self) -> bool {
        self.capture || self.drop != NO_SQUARE
    }
}

/// A Lines of Action position with its result and its repetition history.
#[derive(Clone, Debug)]
pub struct Loa {
    options: LoaOptions,
    board: Board,
    outcome: Option<Outcome>,
    ply: u32,
    repetitions: Repetitions,
}

impl Loa {
    /// The seat of a colour: White moves first under the abacus rules, Black under the olympiad.
    pub fn side_of(&self, color: Color) -> Side {
        match (self.options.rules, color) {
            (LoaRules::Abacus, Color::White) | (LoaRules::Olympiad, Color::Black) => Side::First,
            _ => Side::Second,
        }
    }

    /// The colour of a seat (the inverse of [`Loa::side_of`]).
    pub fn color_of(&self, side: Side) -> Color {
        if self.side_of(Color::White) == side {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The colour whose turn it is (also after the game ended: the one that would move next).
    pub fn color_to_move(&self) -> Color {
        self.board.mover()
    }

    /// With `players=4`, the seat whose turn it is (also after the end); else `None`.
    pub fn seat_to_move(&self) -> Option<Seat> {
        if self.options.players != LoaPlayers::Four {
            return None;
        }
        self.set_to_move()
    }

    /// When the pieces carry marks (four seats or ambidextrous play), the colour and set that
    /// must move next, named as a seat (`w1`: White's marked pieces); else `None`.
    pub fn set_to_move(&self) -> Option<Seat> {
        let color = self.board.mover();
        let set = PieceSet::from_required(self.board.required(color))?;
        Some(Seat::of(color, set))
    }

    /// The four seats in turn order (`players=4`): the first colour's marked player, the
    /// second colour's marked player, then the two unmarked players.
    pub fn seats_in_turn_order(&self) -> [Seat; 4] {
        let first = self.color_of(Side::First);
        [
            Seat::of(first, PieceSet::Marked),
            Seat::of(first.opponent(), PieceSet::Marked),
            Seat::of(first, PieceSet::Unmarked),
            Seat::of(first.opponent(), PieceSet::Unmarked),
        ]
    }

    /// The set of pieces a colour must move on its next turn (`players=4` and
    /// `marks=alternate`); `None` when any piece may move.
    pub fn required_set(&self, color: Color) -> Option<PieceSet> {
        PieceSet::from_required(self.board.required(color))
    }

    /// 2, or 4 with `players=4`.
    pub fn players(&self) -> u8 {
        match self.options.players {
            LoaPlayers::Two => 2,
            LoaPlayers::Four => 4,
        }
    }

    /// Flat or cylinder; on the cylinder file h touches file a.
    pub fn board_shape(&self) -> LoaBoard {
        self.options.board
    }

    /// Whether the piece on a square (0-based file and rank) is marked; `false` off the board.
    pub fn is_marked(&self, file: u8, rank: u8) -> bool {
        file < 8 && rank < 8 && self.board.marked() & (1u64 << (rank * 8 + file)) != 0
    }

    /// The squares of the marked pieces of both colours (same bit order as [`Loa::pieces`]).
    pub fn marked(&self) -> u64 {
        self.board.marked()
    }

    /// The piece on a square (0-based file and rank), if any; `None` off the board too.
    pub fn piece_at(&self, file: u8, rank: u8) -> Option<Color> {
        if file >= 8 || rank >= 8 {
            return None;
        }
        let bit = 1u64 << (rank * 8 + file);
        Color::BOTH
            .into_iter()
            .find(|&c| self.board.pieces(c) & bit != 0)
    }

    /// The squares of one colour's pieces on the board (bit = rank * 8 + file, a1 = bit 0).
    pub fn pieces(&self, color: Color) -> u64 {
        self.board.pieces(color)
    }

    /// How many stones of `color` the opponent still holds to drop (parachute; else 0).
    pub fn held(&self, color: Color) -> u8 {
        self.board.held(color)
    }

    /// The number of turns played since the start.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Whether a colour's pieces form one group and it has no stone left in the opponent's hand,
    /// i.e. whether it would count as connected for winning.
    pub fn is_connected(&self, color: Color) -> bool {
        self.board.effectively_connected(color)
    }

    fn from_parts(options: LoaOptions, board: Board, outcome: Option<Outcome>, ply: u32) -> Self {
        let mut repetitions = Repetitions::default();
        repetitions.record(board.key());
        Loa {
            options,
            board,
            outcome,
            ply,
            repetitions,
        }
    }

    fn verdict_outcome(&self, verdict: Verdict) -> Option<Outcome> {
        match verdict {
            Verdict::Ongoing => None,
            Verdict::Win(color) => Some(Outcome::win(self.side_of(color), Reason::Connection)),
            Verdict::Draw => Some(Outcome::draw(Reason::Connection)),
        }
    }

    /// The board after the move part of a turn, for checking the drop square.
    fn occupied_after(&self, from: u8, to: u8) -> u64 {
        let occupied = self.board.occupied();
        if from == NO_SQUARE {
            occupied
        } else {
            (occupied & !(1u64 << from)) | (1u64 << to)
        }
    }
}

impl Game for Loa {
    type Move = LoaMove;
    type Options = LoaOptions;
    const KIND: GameKind = GameKind::Loa;

    const VARIANTS: &'static [Preset] = VARIANTS;

    fn is_pass(mv: &LoaMove) -> bool {
        mv.is_pass()
    }

    fn new(options: LoaOptions) -> Self {
        let (white, black, held) = options.setup.layout();
        let first = options.rules.first_color();
        let variant = options.variant();
        let marked = if options.has_marks() {
            INITIAL_MARKS
                .iter()
                .filter_map(|n| notation::square_index(n))
                .fold(0u64, |acc, sq| acc | 1u64 << sq)
                & (white | black)
        } else {
            0
        };
        let required = if variant.turns == Turns::Seats {
            [Required::Marked; 2]
        } else {
            [Required::Any; 2]
        };
        let board =
            Board::with_variant(white, black, [held, held], first, variant, marked, required);
        Loa::from_parts(options, board, None, 0)
    }

    fn options(&self) -> &LoaOptions {
        &self.options
    }

    fn side_name(&self, side: Side) -> &'static str {
        self.color_of(side).name()
    }

    fn position_key(&self) -> Option<u64> {
        Some(self.board.key())
    }

    fn status(&self) -> Status {
        match self.outcome {
            Some(outcome) => Status::Over(outcome),
            None => Status::ToMove(self.side_of(self.board.mover())),
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<LoaMove>) {
        if self.outcome.is_some() {
            return;
        }
        let must_drop = self.board.must_drop();
        let mut push = |from: u8, to: u8, capture: bool| {
            if must_drop {
                let mut empty = !self.occupied_after(from, to);
                while empty != 0 {
                    let drop = empty.trailing_zeros() as u8;
                    empty &= empty - 1;
                    out.push(LoaMove {
                        from,
                        to,
                        capture,
                        drop,
                    });
                }
            } else {
                out.push(LoaMove {
                    from,
                    to,
                    capture,
                    drop: NO_SQUARE,
                });
            }
        };
        let mut any = false;
        self.board.each_step(|from, to, capture| {
            any = true;
            push(from, to, capture);
        });
        if !any {
            push(NO_SQUARE, NO_SQUARE, false);
        }
    }

    fn is_legal(&self, mv: &LoaMove) -> bool {
        if self.outcome.is_some() || self.board.must_drop() != (mv.drop != NO_SQUARE) {
            return false;
        }
        let step_ok = if mv.from == NO_SQUARE {
            mv.to == NO_SQUARE && !mv.capture && !self.board.has_step()
        } else {
            self.board.check_step(mv.from, mv.to) == Ok(mv.capture)
        };
        step_ok
            && (mv.drop == NO_SQUARE
                || (mv.drop < 64 && self.occupied_after(mv.from, mv.to) & (1u64 << mv.drop) == 0))
    }

    fn play_unchecked(&mut self, mv: &LoaMove) {
        let mover = self.board.mover();
        self.board.apply(mv.from, mv.to, mv.capture, mv.drop);
        self.ply += 1;
        let verdict = self.board.verdict(
            mover,
            mv.from != NO_SQUARE,
            mv.is_irreversible(),
            self.options.rules,
        );
        self.outcome = self.verdict_outcome(verdict);
        if mv.is_irreversible() {
            self.repetitions.clear();
        }
        let seen = self.repetitions.record(self.board.key());
        if self.outcome.is_none() && seen >= 3 {
            self.outcome = Some(Outcome::draw(Reason::Repetition));
        }
    }

    fn format_move(&self, mv: &LoaMove) -> String {
        notation::format(mv)
    }

    fn parse_move(&self, text: &str) -> Result<LoaMove, MoveError> {
        notation::parse(self, text)
    }

    fn export(&self) -> String {
        text::export(self)
    }

    fn import(text: &str) -> Result<Self, ImportError> {
        text::import(text)
    }

    /// `w`/`W` White's pieces, `b`/`B` Black's (upper case: marked).
    fn glyph_side(&self, glyph: char) -> Option<Side> {
        match glyph {
            'w' | 'W' => Some(self.side_of(Color::White)),
            'b' | 'B' => Some(self.side_of(Color::Black)),
            _ => None,
        }
    }

    fn draw_text(&self) -> String {
        text::draw(self)
    }

    /// Copy-make over the bitboard core with bulk counting at the last level; repetitions are
    /// still followed along each path, so the count matches playing every sequence.
    fn perft(&self, depth: u32) -> u64 {
        if self.outcome.is_some() {
            return u64::from(depth == 0);
        }
        Perft::new(self.options.rules, &self.repetitions).count(&self.board, depth, 0, true)
    }
}
