//! Lightning (RULES.md section 4): each player builds a path of tile strokes across their own
//! 8 x 17 half, drawing tiles from a shuffled pile or a shared face-up reserve, and may block on
//! the opponent's half.
//!
//! A turn may be one move (`PS-c1`) or two (`P`, then `-c1`); while a tile is in hand the same
//! side is still to move. Every turn draws from the pile or puts a reserve tile on a board, so no
//! position can ever come back: there is no repetition table.
//!
//! Hidden information, in a match. Public at all times: both halves, the reserve, how many tiles
//! are left in the pile, how many of each design are still unseen (30 of each minus those seen),
//! whose turn it is and the tile in hand. Hidden: the order of the pile, hence the seed that
//! fixes it. A tile is revealed to both players only when it is drawn with `P`; the whole order
//! is revealed when the match is over (its replay). So in a match only `P` is offered for the
//! pile, and a whole turn from the pile typed before the draw (`PS-c1`) gets one answer whatever
//! the top tile is ([`Game::parse_visible_move`]); it is never played, even when it would match.
//! The AI sees the same ([`Lightning::redeal_unseen`]). The engine protocol, an analysis tool,
//! keeps full information: there `PS-c1` is played when S is on top.

#[doc(hidden)]
pub mod design;
#[doc(hidden)]
pub mod half;
#[doc(hidden)]
pub mod text;

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::notation::{parse_square, square_name, squash};
use super::{Game, GameKind, GameOptions, MoveError, OptionsError, Outcome, Reason, Side, Status};
use crate::i18n::Msg;

pub use design::{Design, Point};
use half::{FILES, Half, Mask, RANKS, mask_is_empty, mask_squares};

/// Tiles in the game: 30 of each of the five designs.
pub const PILE_SIZE: usize = 150;
/// Tiles of each design.
pub const PER_DESIGN: u8 = 30;

/// The settings of a match: the seed that fixes the order of the draw pile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LightningOptions {
    pub seed: u64,
}

impl GameOptions for LightningOptions {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        match key {
            "seed" => {
                self.seed = value.parse().map_err(|_| {
                    OptionsError(format!(
                        "the seed must be a whole number from 0 to {}",
                        u64::MAX
                    ))
                })?;
                Ok(())
            }
            _ => Err(OptionsError(format!(
                "unknown option `{key}`; lightning has only seed=<number>"
            ))),
        }
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        vec![("seed", self.seed.to_string())]
    }

    /// The match's seed orders the pile (over any `seed=` of the preset).
    fn set_seed(&mut self, seed: i64) -> Result<(), OptionsError> {
        self.set("seed", &seed.to_string())
    }
}

/// Where a tile is taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    Pile,
    Reserve,
}

impl Source {
    fn letter(self) -> char {
        match self {
            Source::Pile => 'P',
            Source::Reserve => 'R',
        }
    }
}

/// Where a tile is put. Squares are 0-based `(file, rank)` in the frame of the half's owner;
/// `Own` is the mover's half, `Opponent` the other one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Own(u8, u8),
    Opponent(u8, u8),
    Reserve,
}

impl Target {
    fn text(self) -> String {
        match self {
            Target::Own(f, r) => square_name(f, r),
            Target::Opponent(f, r) => format!("*{}", square_name(f, r)),
            Target::Reserve => "R".to_string(),
        }
    }
}

/// A move: a whole turn (source, design and target), the first step of a turn (`P` draws the
/// top tile, `RS` takes an S from the reserve), or the second step (put the tile in hand; then
/// the source and design are those of the tile in hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LightningMove {
    source: Source,
    design: Option<Design>,
    target: Option<Target>,
}

impl LightningMove {
    /// Where the tile comes from.
    pub fn source(&self) -> Source {
        self.source
    }

    /// The tile's design; `None` only for the `P` step, which draws a tile unseen.
    pub fn design(&self) -> Option<Design> {
        self.design
    }

    /// Where the tile goes; `None` for a first step (`P`, `RS`).
    pub fn target(&self) -> Option<Target> {
        self.target
    }
}

/// What a typed move said, before it is matched against the position.
#[doc(hidden)]
pub enum Typed {
    Draw,
    Take(Design),
    Whole(Source, Design, Target),
    Put(Target),
}

/// The pile order for a seed: a Fisher–Yates shuffle driven only by ChaCha8's output stream,
/// so stored matches replay identically whatever `rand`'s own shuffle does in later versions.
#[doc(hidden)]
pub fn shuffled_pile(seed: u64) -> [Design; PILE_SIZE] {
    let mut pile = [Design::S; PILE_SIZE];
    for (i, tile) in pile.iter_mut().enumerate() {
        *tile = Design::ALL[i / usize::from(PER_DESIGN)];
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..PILE_SIZE).rev() {
        let bound = i as u32 + 1;
        let limit = u32::MAX - u32::MAX % bound;
        let j = loop {
            let x = rng.next_u32();
            if x < limit {
                break x % bound;
            }
        };
        pile.swap(i, j as usize);
    }
    pile
}

/// A Lightning position: the pile, both halves, the reserve, the tile in hand and the result.
/// The bulky parts live behind pointers so that the position stays small inside `AnyGame`; the
/// pile order never changes during a game, so copies share it.
#[derive(Clone, Debug)]
pub struct Lightning {
    options: LightningOptions,
    /// The draw order; `pile[drawn..]` is still face down, top first.
    #[doc(hidden)]
    pub pile: Arc<[Design; PILE_SIZE]>,
    drawn: u8,
    halves: Box<[Half; 2]>,
    reserve: [u8; 5],
    hand: Option<(Source, Design)>,
    to_move: Side,
    /// Whether the first tile of the game has been put on a board.
    started: bool,
    outcome: Option<Outcome>,
}

/// The places a tile may go this turn.
struct Targets {
    own: Mask,
    opponent: Mask,
    reserve: bool,
}

impl Targets {
    fn on_board(&self) -> bool {
        !mask_is_empty(&self.own) || !mask_is_empty(&self.opponent)
    }
}

impl Lightning {
    /// The design on a square of `half` (0-based file and rank, in that half's owner's frame).
    pub fn tile_at(&self, half: Side, file: u8, rank: u8) -> Option<Design> {
        self.halves[half.index()].tile(file, rank)
    }

    /// The face-up reserve: how many tiles of each design, in [`Design::ALL`] order.
    pub fn reserve(&self) -> [u8; 5] {
        self.reserve
    }

    /// How many tiles are still face down in the pile.
    pub fn pile_len(&self) -> usize {
        PILE_SIZE - usize::from(self.drawn)
    }

    /// The tile taken in the first step of a turn and not yet put, with where it came from.
    pub fn in_hand(&self) -> Option<(Source, Design)> {
        self.hand
    }

    /// When the game was won by a connection: the winner and the squares of the connected group
    /// that touches both edges of their half (all its branches included).
    pub fn winning_line(&self) -> Option<(Side, Vec<(u8, u8)>)> {
        match self.outcome {
            Some(Outcome {
                winner: Some(side),
                reason: Reason::Connection,
            }) => Some((side, self.halves[side.index()].winning_squares())),
            _ => None,
        }
    }

    /// When the game was won by a connection: the winner and one shortest path of tiles from
    /// the outer edge of their start row to that of their finish row, bottom to top (see
    /// [`Lightning::winning_line`] for the whole group, branches included).
    pub fn winning_path(&self) -> Option<(Side, Vec<(u8, u8)>)> {
        self.winning_line()
            .map(|(side, _)| (side, self.halves[side.index()].winning_path()))
    }

    /// The connected part of a player's line: the tiles of their half whose strokes join, tile
    /// to tile (by a shared corner, as the rules count contact), a point on the outer edge of
    /// their start row. A tile belongs when any of its stroke groups does. This is the part of
    /// the line that counts for the win; other tiles of the half lead nowhere yet.
    pub fn connected_part(&self, half: Side) -> Vec<(u8, u8)> {
        self.halves[half.index()].connected_squares()
    }

    /// The blocking tiles on a player's half: the tiles the opponent laid there (the rules'
    /// "on your opponent's half, to block") that are not part of the player's connected part,
    /// so still stand in the way. One the player's line has since grown through is not
    /// blocking any more.
    pub fn blocking_tiles(&self, half: Side) -> Vec<(u8, u8)> {
        let h = &self.halves[half.index()];
        let connected = h.connected_squares();
        (0..RANKS)
            .flat_map(|rank| (0..FILES).map(move |file| (file, rank)))
            .filter(|&(f, r)| h.laid_by_opponent(f, r) && !connected.contains(&(f, r)))
            .collect()
    }

    /// Whether the tile on a square of `half` was laid by that half's opponent.
    pub fn laid_by_opponent(&self, half: Side, file: u8, rank: u8) -> bool {
        self.halves[half.index()].laid_by_opponent(file, rank)
    }

    /// How many tiles of each design have not been drawn yet: public knowledge, unlike the order
    /// of the pile, so an AI may use it.
    pub fn unseen_counts(&self) -> [u8; 5] {
        let mut counts = [0u8; 5];
        for d in &self.pile[usize::from(self.drawn)..] {
            counts[d.index()] += 1;
        }
        counts
    }

    /// Puts the face-down tiles in a new random order (same designs, same counts), for an AI's
    /// determinization. The new order depends only on [`Lightning::unseen_counts`] and `rng`,
    /// never on the old order, so a search using it cannot learn the real pile.
    pub fn redeal_unseen<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        use rand::seq::SliceRandom;
        let counts = self.unseen_counts();
        let pile = Arc::make_mut(&mut self.pile);
        let rest = &mut pile[usize::from(self.drawn)..];
        let mut i = 0;
        for design in Design::ALL {
            for _ in 0..counts[design.index()] {
                rest[i] = design;
                i += 1;
            }
        }
        rest.shuffle(rng);
    }

    fn targets(&self, source: Source) -> Targets {
        let me = self.to_move.index();
        if !self.started {
            let mut own = [0u8; RANKS as usize];
            own[0] = self.halves[me].targets(true)[0];
            return Targets {
                own,
                opponent: [0; RANKS as usize],
                reserve: false,
            };
        }
        Targets {
            own: self.halves[me].targets(true),
            opponent: self.halves[1 - me].targets(false),
            reserve: source == Source::Pile,
        }
    }

    /// Whether the side to move could put some reserve tile on a board.
    fn reserve_playable(&self) -> bool {
        self.reserve.iter().any(|&n| n > 0) && self.targets(Source::Reserve).on_board()
    }

    /// Appends the legal moves; without `whole_pile_turns`, leaves out the whole turns from the
    /// pile before the draw (they name the hidden top tile).
    fn moves_into(&self, out: &mut Vec<LightningMove>, whole_pile_turns: bool) {
        if self.outcome.is_some() {
            return;
        }
        if let Some((source, design)) = self.hand {
            Self::push_puts(source, design, &self.targets(source), out);
            return;
        }
        if let Some(&top) = self.pile.get(usize::from(self.drawn)) {
            out.push(LightningMove {
                source: Source::Pile,
                design: None,
                target: None,
            });
            if whole_pile_turns {
                Self::push_puts(Source::Pile, top, &self.targets(Source::Pile), out);
            }
        }
        let targets = self.targets(Source::Reserve);
        if !targets.on_board() {
            return;
        }
        for design in Design::ALL {
            if self.reserve[design.index()] > 0 {
                out.push(LightningMove {
                    source: Source::Reserve,
                    design: Some(design),
                    target: None,
                });
                Self::push_puts(Source::Reserve, design, &targets, out);
            }
        }
    }

    fn push_puts(source: Source, design: Design, targets: &Targets, out: &mut Vec<LightningMove>) {
        let mv = |target| LightningMove {
            source,
            design: Some(design),
            target: Some(target),
        };
        out.extend(mask_squares(&targets.own).map(|(f, r)| mv(Target::Own(f, r))));
        out.extend(mask_squares(&targets.opponent).map(|(f, r)| mv(Target::Opponent(f, r))));
        if targets.reserve {
            out.push(mv(Target::Reserve));
        }
    }

    /// Why `target` is not allowed for a tile from `source`, in words for the player.
    fn check_target(&self, source: Source, target: Target) -> Result<(), Msg> {
        let me = self.to_move.index();
        if !self.started {
            return match target {
                Target::Own(f, 0) if f < FILES => Ok(()),
                _ => Err(Msg::new("move-lightning-first-tile")),
            };
        }
        match target {
            Target::Own(f, r) | Target::Opponent(f, r) if f >= FILES || r >= RANKS => {
                Err(Msg::new("move-lightning-no-such-square"))
            }
            Target::Own(f, r) => {
                let half = &self.halves[me];
                if half.is_occupied(f, r) {
                    Err(Msg::new("move-taken").code("square", square_name(f, r)))
                } else if r != 0 && !half.touches_tile(f, r) {
                    Err(Msg::new("move-lightning-not-connected").code("square", square_name(f, r)))
                } else {
                    Ok(())
                }
            }
            Target::Opponent(f, r) => {
                let half = &self.halves[1 - me];
                if half.is_occupied(f, r) {
                    Err(Msg::new("move-taken").code("square", format!("*{}", square_name(f, r))))
                } else if !half.touches_tile(f, r) {
                    Err(Msg::new("move-lightning-not-blocking")
                        .code("square", format!("*{}", square_name(f, r))))
                } else {
                    Ok(())
                }
            }
            Target::Reserve if source == Source::Reserve => {
                Err(Msg::new("move-lightning-reserve-to-reserve"))
            }
            Target::Reserve => Ok(()),
        }
    }

    /// Whether `mv` is legal here, and if not, why (in words for the player). The game must not
    /// be over.
    fn check(&self, mv: &LightningMove) -> Result<(), Msg> {
        if let Some((source, design)) = self.hand {
            let Some(target) = mv.target else {
                return Err(Msg::new("move-lightning-already-holding")
                    .msg("hand", describe_hand(source, design))
                    .msg("examples", put_examples(source)));
            };
            if mv.source != source || mv.design != Some(design) {
                return Err(Msg::new("move-lightning-holding")
                    .msg("hand", describe_hand(source, design))
                    .msg("examples", put_examples(source)));
            }
            return self.check_target(source, target);
        }
        match (mv.source, mv.design, mv.target) {
            (_, None, Some(_)) | (Source::Reserve, None, None) => {
                Err(Msg::new("move-lightning-expected"))
            }
            (Source::Pile, Some(_), None) => Err(Msg::new("move-lightning-expected")),
            (Source::Pile, design, target) => {
                let Some(&top) = self.pile.get(usize::from(self.drawn)) else {
                    return Err(Msg::new("move-lightning-pile-empty"));
                };
                match (design, target) {
                    (Some(d), Some(t)) => {
                        if d != top {
                            return Err(
                                Msg::new("move-lightning-not-top").plain("design", d.to_string())
                            );
                        }
                        self.check_target(Source::Pile, t)
                    }
                    _ => Ok(()),
                }
            }
            (Source::Reserve, Some(d), target) => {
                if self.reserve[d.index()] == 0 {
                    return Err(
                        Msg::new("move-lightning-not-in-reserve").plain("design", d.to_string())
                    );
                }
                match target {
                    Some(t) => self.check_target(Source::Reserve, t),
                    None if self.targets(Source::Reserve).on_board() => Ok(()),
                    None => Err(Msg::new("move-lightning-no-room").plain("design", d.to_string())),
                }
            }
        }
    }

    /// Reads the text of a move without looking at the position.
    #[doc(hidden)]
    pub fn read(text: &str) -> Result<Typed, MoveError> {
        if text.len() > 256 {
            return Err(MoveError::Syntax(
                Msg::new("move-lightning-too-long")
                    .msg("expected", Msg::new("move-lightning-expected")),
            ));
        }
        let s = squash(text);
        let syntax = || MoveError::Syntax(Msg::new("move-lightning-expected"));
        if let Some(rest) = s.strip_prefix('-') {
            return read_target(rest).map(Typed::Put);
        }
        if let Some(rest) = s.strip_prefix('p') {
            if rest.is_empty() {
                return Ok(Typed::Draw);
            }
            let (design, rest) = design_then(rest).ok_or_else(syntax)?;
            if rest.is_empty() {
                return Err(MoveError::Syntax(
                    Msg::new("move-lightning-needs-target").plain("design", design.to_string()),
                ));
            }
            let target = read_target(rest.strip_prefix('-').unwrap_or(rest))?;
            return Ok(Typed::Whole(Source::Pile, design, target));
        }
        if let Some(rest) = s.strip_prefix('r') {
            if rest.is_empty() {
                return Ok(Typed::Put(Target::Reserve));
            }
            let (design, rest) = design_then(rest).ok_or_else(syntax)?;
            if rest.is_empty() {
                return Ok(Typed::Take(design));
            }
            let target = read_target(rest.strip_prefix('-').unwrap_or(rest))?;
            return Ok(Typed::Whole(Source::Reserve, design, target));
        }
        if s.starts_with(|c: char| c == '*' || ('a'..='h').contains(&c)) {
            return read_target(&s).map(Typed::Put);
        }
        Err(syntax())
    }

    fn end_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        if usize::from(self.drawn) == PILE_SIZE && !self.reserve_playable() {
            self.outcome = Some(Outcome::draw(Reason::Blocked));
        }
    }
}

/// The tile design a text starts with (its letter), and the rest of the text.
fn design_then(text: &str) -> Option<(Design, &str)> {
    let mut chars = text.chars();
    let design = chars.next().and_then(Design::from_letter)?;
    Some((design, chars.as_str()))
}

fn describe_hand(source: Source, design: Design) -> Msg {
    Msg::new("move-lightning-hand")
        .plain(
            "source",
            match source {
                Source::Pile => "pile",
                Source::Reserve => "reserve",
            },
        )
        .msg(
            "tile",
            Msg::new("move-lightning-tile").plain("design", design.to_string()),
        )
}

fn put_examples(source: Source) -> Msg {
    Msg::new("move-lightning-put-examples").plain(
        "source",
        match source {
            Source::Pile => "pile",
            Source::Reserve => "reserve",
        },
    )
}

/// Reads a target: `r` for the reserve, `*d4` for a square of the opponent's half, `c1` for one
/// of the mover's half.
fn read_target(text: &str) -> Result<Target, MoveError> {
    let bad = || {
        MoveError::Syntax(
            Msg::new("move-lightning-bad-target")
                .code("target", text.chars().take(20).collect::<String>()),
        )
    };
    if text == "r" {
        return Ok(Target::Reserve);
    }
    if let Some(square) = text.strip_prefix('*') {
        let (f, r) = parse_square(square, FILES, RANKS).ok_or_else(bad)?;
        return Ok(Target::Opponent(f, r));
    }
    let (f, r) = parse_square(text, FILES, RANKS).ok_or_else(bad)?;
    Ok(Target::Own(f, r))
}

impl Game for Lightning {
    type Move = LightningMove;
    type Options = LightningOptions;
    const KIND: GameKind = GameKind::Lightning;

    /// Taking back a draw would put a tile everyone has seen back on the hidden pile.
    const TAKEBACKS: bool = false;

    fn new(options: LightningOptions) -> Self {
        Lightning {
            pile: Arc::new(shuffled_pile(options.seed)),
            options,
            drawn: 0,
            halves: Box::new([Half::default(), Half::default()]),
            reserve: [0; 5],
            hand: None,
            to_move: Side::First,
            started: false,
            outcome: None,
        }
    }

    fn options(&self) -> &LightningOptions {
        &self.options
    }

    fn side_name(&self, side: Side) -> &'static str {
        ["first", "second"][side.index()]
    }

    fn status(&self) -> Status {
        match self.outcome {
            Some(outcome) => Status::Over(outcome),
            None => Status::ToMove(self.to_move),
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<LightningMove>) {
        self.moves_into(out, true);
    }

    /// Without the whole turns from the pile (`PS-c1`) before the draw: they name the top tile.
    fn visible_moves_into(&self, out: &mut Vec<LightningMove>) {
        self.moves_into(out, false);
    }

    /// A whole turn from the pile typed before the draw is refused with one answer whatever the
    /// top tile is (unless the pile is empty, which everyone sees): draw first.
    fn parse_visible_move(&self, text: &str) -> Result<LightningMove, MoveError> {
        if self.outcome.is_none()
            && self.hand.is_none()
            && matches!(Self::read(text), Ok(Typed::Whole(Source::Pile, _, _)))
        {
            let msg = if self.pile_len() == 0 {
                Msg::new("move-lightning-pile-empty")
            } else {
                Msg::new("move-lightning-draw-first")
                    .code("draw", "P")
                    .code("put", "-c1")
            };
            return Err(MoveError::Illegal(msg));
        }
        self.parse_move(text)
    }

    fn is_legal(&self, mv: &LightningMove) -> bool {
        self.outcome.is_none() && self.check(mv).is_ok()
    }

    fn play_unchecked(&mut self, mv: &LightningMove) {
        if self.hand.is_none() {
            let design = match mv.source {
                Source::Pile => {
                    let top = self.pile[usize::from(self.drawn)];
                    self.drawn += 1;
                    top
                }
                Source::Reserve => {
                    let design = mv.design.unwrap_or(Design::S);
                    let count = &mut self.reserve[design.index()];
                    *count = count.saturating_sub(1);
                    design
                }
            };
            self.hand = Some((mv.source, design));
        }
        let Some(target) = mv.target else {
            return;
        };
        let Some((_, design)) = self.hand.take() else {
            return;
        };
        let (owner, file, rank) = match target {
            Target::Reserve => {
                self.reserve[design.index()] += 1;
                self.end_turn();
                return;
            }
            Target::Own(f, r) => (self.to_move, f, r),
            Target::Opponent(f, r) => (self.to_move.opponent(), f, r),
        };
        self.started = true;
        if owner != self.to_move {
            self.halves[owner.index()].mark_laid_by_opponent(file, rank);
        }
        if self.halves[owner.index()].place(file, rank, design) {
            self.outcome = Some(Outcome::win(owner, Reason::Connection));
        } else {
            self.end_turn();
        }
    }

    fn format_move(&self, mv: &LightningMove) -> String {
        match (mv.design, mv.target) {
            (None, _) => "P".to_string(),
            (Some(d), None) => format!("R{d}"),
            (Some(d), Some(t)) if self.hand.is_none() => {
                format!("{}{d}-{}", mv.source.letter(), t.text())
            }
            (Some(_), Some(t)) => format!("-{}", t.text()),
        }
    }

    fn parse_move(&self, text: &str) -> Result<LightningMove, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = match Self::read(text)? {
            Typed::Draw => LightningMove {
                source: Source::Pile,
                design: None,
                target: None,
            },
            Typed::Take(design) => LightningMove {
                source: Source::Reserve,
                design: Some(design),
                target: None,
            },
            Typed::Whole(source, design, target) => LightningMove {
                source,
                design: Some(design),
                target: Some(target),
            },
            Typed::Put(target) => {
                let Some((source, design)) = self.hand else {
                    return Err(MoveError::Illegal(Msg::new("move-lightning-empty-hand")));
                };
                LightningMove {
                    source,
                    design: Some(design),
                    target: Some(target),
                }
            }
        };
        self.check(&mv).map_err(MoveError::Illegal)?;
        Ok(mv)
    }

    fn export(&self) -> String {
        text::export(self)
    }

    fn import(text: &str) -> Result<Self, super::ImportError> {
        text::import(text)
    }

    fn draw_text(&self) -> String {
        text::draw(self)
    }
}
