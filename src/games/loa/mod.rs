//! Lines of Action (RULES.md section 1): the abacus and olympiad rule sets and the standard,
//! scrambled-eggs and parachute setups, on bitboards so that search and perft are fast.

mod board;
mod notation;
mod text;

use std::fmt;

use self::board::{Board, NO_SQUARE, Perft, Verdict};
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

/// The rule set (option `rules`): who moves first and what a double connection means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoaRules {
    /// White moves first; a turn that connects both sides wins for the mover.
    #[default]
    Abacus,
    /// Black moves first; a turn that connects both sides is a draw.
    Olympiad,
}

impl LoaRules {
    pub fn name(self) -> &'static str {
        match self {
            LoaRules::Abacus => "abacus",
            LoaRules::Olympiad => "olympiad",
        }
    }
}

/// The start position (option `setup`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoaSetup {
    #[default]
    Standard,
    ScrambledEggs,
    /// Six stones each on the board; each player holds the opponent's other six and drops one
    /// after each of their first six moves.
    Parachute,
}

impl LoaSetup {
    pub fn name(self) -> &'static str {
        match self {
            LoaSetup::Standard => "standard",
            LoaSetup::ScrambledEggs => "scrambled-eggs",
            LoaSetup::Parachute => "parachute",
        }
    }

    /// White's and Black's pieces at the start, and how many stones each side's opponent holds.
    fn layout(self) -> (u64, u64, u8) {
        let squares = |names: &[&str]| -> u64 {
            names
                .iter()
                .filter_map(|n| notation::square_index(n))
                .fold(0, |acc, sq| acc | 1u64 << sq)
        };
        match self {
            LoaSetup::Standard => (
                squares(&[
                    "a2", "a3", "a4", "a5", "a6", "a7", "h2", "h3", "h4", "h5", "h6", "h7",
                ]),
                squares(&[
                    "b1", "c1", "d1", "e1", "f1", "g1", "b8", "c8", "d8", "e8", "f8", "g8",
                ]),
                0,
            ),
            LoaSetup::ScrambledEggs => (
                squares(&[
                    "a2", "a4", "a6", "b8", "d8", "f8", "h7", "h5", "h3", "g1", "e1", "c1",
                ]),
                squares(&[
                    "a3", "a5", "a7", "c8", "e8", "g8", "h6", "h4", "h2", "f1", "d1", "b1",
                ]),
                0,
            ),
            LoaSetup::Parachute => (
                squares(&["a2", "a4", "a6", "h3", "h5", "h7"]),
                squares(&["a3", "a5", "a7", "h2", "h4", "h6"]),
                6,
            ),
        }
    }
}

/// The settings of a Lines of Action match: `rules=abacus|olympiad`,
/// `setup=standard|scrambled-eggs|parachute`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoaOptions {
    pub rules: LoaRules,
    pub setup: LoaSetup,
}

impl GameOptions for LoaOptions {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        let value = value.to_ascii_lowercase();
        match key {
            "rules" => {
                self.rules = match value.as_str() {
                    "abacus" => LoaRules::Abacus,
                    "olympiad" => LoaRules::Olympiad,
                    _ => {
                        return Err(OptionsError(
                            "the rules option is rules=abacus or rules=olympiad".to_string(),
                        ));
                    }
                }
            }
            "setup" => {
                self.setup = match value.as_str() {
                    "standard" => LoaSetup::Standard,
                    "scrambled-eggs" => LoaSetup::ScrambledEggs,
                    "parachute" => LoaSetup::Parachute,
                    _ => {
                        return Err(OptionsError(
                            "the setup option is setup=standard, setup=scrambled-eggs or setup=parachute"
                                .to_string(),
                        ));
                    }
                }
            }
            _ => {
                return Err(OptionsError(
                    "Lines of Action has the options rules=abacus|olympiad and setup=standard|scrambled-eggs|parachute"
                        .to_string(),
                ));
            }
        }
        Ok(())
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("rules", self.rules.name().to_string()),
            ("setup", self.setup.name().to_string()),
        ]
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

    fn new(options: LoaOptions) -> Self {
        let (white, black, held) = options.setup.layout();
        let first = match options.rules {
            LoaRules::Abacus => Color::White,
            LoaRules::Olympiad => Color::Black,
        };
        let board = Board::new(white, black, [held, held], first);
        Loa::from_parts(options, board, None, 0)
    }

    fn options(&self) -> &LoaOptions {
        &self.options
    }

    fn side_name(&self, side: Side) -> &'static str {
        self.color_of(side).name()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_moves_are_exactly_the_legal_ones() {
        let mut game = Loa::new(LoaOptions {
            rules: LoaRules::Abacus,
            setup: LoaSetup::Parachute,
        });
        for _ in 0..14 {
            let moves = game.legal_moves();
            assert!(moves.iter().all(|m| game.is_legal(m)));
            let mut unique = moves.clone();
            unique.sort_by_key(|m| (m.from, m.to, m.drop));
            unique.dedup();
            assert_eq!(unique.len(), moves.len());
            let mv = moves[moves.len() / 3];
            game.play_unchecked(&mv);
            if game.status().is_over() {
                break;
            }
        }
    }
}
