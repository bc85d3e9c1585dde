//! Board pictures (PNG) and replays (GIF) for the four games.
//!
//! Every picture is 512 px wide: a header with both players (the one to move highlighted), the
//! move number and last move, or a game-over banner; then the board with coordinates and the
//! last move marked; then whatever the game keeps off the board (held stones, unplayed tiles,
//! Lightning's reserve). Static parts are drawn once and cached; pictures are deterministic.

mod arrows;
mod barrier;
#[doc(hidden)]
pub mod canvas;
pub mod describe;
#[doc(hidden)]
pub mod encode;
#[doc(hidden)]
pub mod frame;
mod graph;
mod lightning;
#[doc(hidden)]
pub mod loa;
#[doc(hidden)]
pub mod lzw;
pub mod palette;
mod simultana;
#[doc(hidden)]
pub mod stones;
#[doc(hidden)]
pub mod text;
pub mod tournament;

use std::sync::OnceLock;

use thiserror::Error;

use crate::games::{AnyGame, AnyMove, GameKind, Outcome, Side, Status};
use crate::i18n::{Lang, Msg};
use canvas::{Canvas, Sprite};

pub use arrows::{Arrow, ArrowKind, board_png_with_arrows};
pub use describe::{DISCORD_DESCRIPTION, Description};
pub use frame::{Winner, result_msg, unnamed_winner};
pub use graph::{evaluation_png, graph_size, summary, summary_text};
pub use lightning::reserve_icon_center;

/// Why a picture or replay could not be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RenderError {
    /// A move of the replay is not legal where it is played (1-based index).
    #[error("move {index} cannot be played: {reason}")]
    IllegalMove { index: usize, reason: String },
    /// The replay is longer than [`MAX_REPLAY_MOVES`].
    #[error("a replay has at most {MAX_REPLAY_MOVES} moves")]
    TooLong,
    /// The encoder failed (it writes to memory, so this means a bug).
    #[error("encoding failed: {0}")]
    Encode(String),
}

/// The longest replay drawn, to bound the time and memory one request can take.
pub const MAX_REPLAY_MOVES: usize = 3000;

/// A player as shown in the header: a name and, when known, a rating text and the time left
/// on a game clock (`4:57`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerLabel {
    pub name: String,
    pub rating: Option<String>,
    pub clock: Option<String>,
}

impl PlayerLabel {
    pub fn new(name: impl Into<String>) -> Self {
        PlayerLabel {
            name: name.into(),
            rating: None,
            clock: None,
        }
    }

    pub fn with_rating(mut self, rating: impl Into<String>) -> Self {
        self.rating = Some(rating.into());
        self
    }

    pub fn with_clock(mut self, clock: impl Into<String>) -> Self {
        self.clock = Some(clock.into());
        self
    }

    /// `detail`, then the rating and the clock when shown: `White · 1500 · 4:57`.
    fn detail(&self, detail: String) -> String {
        [
            Some(detail.as_str()),
            self.rating.as_deref(),
            self.clock.as_deref(),
        ]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
    }
}

/// Everything one board picture shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The position to draw.
    pub game: &'a AnyGame,
    /// The position before the last move, and that move: marked on the board.
    pub last_move: Option<(&'a AnyGame, AnyMove)>,
    /// The players by seat ([`Side::index`]); an empty name shows the side's name instead.
    pub players: [PlayerLabel; 2],
    /// LOA for four: the four players in turn order (the first colour's marked player, the
    /// second colour's marked player, then the unmarked ones); missing ones show the seat.
    pub seats: Vec<PlayerLabel>,
    /// The number of the last move played, counted over all players (see
    /// [`crate::games::notation::move_numbers`]), shown in the header ("Start" when 0); the move
    /// to play is the next one, or this one while its mover is mid-turn ([`AnyGame::mid_turn`]).
    pub move_number: u32,
    /// Simultana only: shade the empty region that made the last move legal.
    pub show_region: bool,
    /// The language of every word drawn.
    pub lang: Lang,
    /// How the match ended when the rules did not end it (resignation, agreed draw, timeout,
    /// abort): shown in the banner like a game over.
    pub result: Option<Outcome>,
    /// Words in place of the status line (a puzzle's "White to play and win").
    pub caption: Option<String>,
}

impl<'a> Scene<'a> {
    /// A scene of `game` with no last move, unnamed players and move number 0.
    pub fn new(game: &'a AnyGame) -> Self {
        Scene {
            game,
            last_move: None,
            players: Default::default(),
            seats: Vec::new(),
            move_number: 0,
            show_region: false,
            lang: Lang::En,
            result: None,
            caption: None,
        }
    }

    /// The game's status, or the match's result when one was given.
    fn status(&self) -> Status {
        match (self.game.status(), self.result) {
            (Status::ToMove(_), Some(outcome)) => Status::Over(outcome),
            (status, _) => status,
        }
    }
}

/// The PNG of a scene. Never fails for a position the engines produced; a last move that does
/// not belong to the game is ignored.
pub fn board_png(scene: &Scene) -> Vec<u8> {
    arrows::board_png_with_arrows(scene, &[])
}

/// Width and height in pixels of every picture of this game (they depend only on the game and,
/// for Lines of Action, on the parachute setup).
pub fn picture_size(game: &AnyGame) -> (u32, u32) {
    match game {
        AnyGame::Loa(g) => loa::size(loa::is_parachute(g), loa::is_cylinder(g)),
        AnyGame::Lightning(_) => lightning::size(),
        AnyGame::Barrier(_) => barrier::size(),
        AnyGame::Simultana(_) => simultana::size(),
    }
}

/// The pixel at the centre of a square (0-based file and rank) in pictures of this game, for
/// tests and image maps. `half` picks Lightning's half (each in its owner's frame); the other
/// games ignore it.
pub fn square_center(game: &AnyGame, half: Side, file: u8, rank: u8) -> Option<(u32, u32)> {
    let grid = grid(game, half);
    grid.contains(file, rank).then(|| {
        let (x, y) = grid.center(file, rank);
        (x as u32, y as u32)
    })
}

/// The side of a square in pixels in pictures of this game.
pub fn square_size(game: &AnyGame) -> u32 {
    grid(game, Side::First).s as u32
}

fn grid(game: &AnyGame, half: Side) -> frame::Grid {
    match game {
        AnyGame::Loa(g) => loa::grid(loa::is_cylinder(g)),
        AnyGame::Lightning(_) => lightning::grid(half.index()),
        AnyGame::Barrier(_) => barrier::grid(),
        AnyGame::Simultana(_) => simultana::grid(),
    }
}

/// Hundredths of a second each replay frame shows, and the last one.
const FRAME_DELAY: u16 = 90;
const LAST_FRAME_DELAY: u16 = 400;

/// About the longest a replay runs, in hundredths of a second: a long game plays faster.
const REPLAY_LENGTH: u32 = 6000;

/// Browsers show a GIF frame of under 2 hundredths for 10: the fastest delay that stays fast.
const MIN_FRAME_DELAY: u16 = 2;

/// The delay of each frame of a replay of `moves` moves, so that it lasts about a minute at
/// most (the last frame's pause included), never faster than [`MIN_FRAME_DELAY`].
fn frame_delay(moves: usize) -> u16 {
    let room = REPLAY_LENGTH - u32::from(LAST_FRAME_DELAY);
    let fit = room / u32::try_from(moves.max(1)).unwrap_or(u32::MAX);
    u16::try_from(fit)
        .unwrap_or(u16::MAX)
        .clamp(MIN_FRAME_DELAY, FRAME_DELAY)
}

/// An animated GIF of a match from `start` through `moves`: one frame for the start and one per
/// move, a long pause on the last. Frames are the board pictures without the turn highlight,
/// which would make every frame's changes span the header. Fails on a move that cannot be
/// played where it stands. Every word drawn is in `lang`.
pub fn replay_gif(
    start: &AnyGame,
    moves: &[AnyMove],
    players: [PlayerLabel; 2],
    lang: Lang,
) -> Result<Vec<u8>, RenderError> {
    replay_gif_seats(start, moves, players, Vec::new(), None, lang)
}

/// [`replay_gif`] with the four players of LOA for four, in turn order (see [`Scene::seats`]),
/// and the match's result on the last frame when the rules did not end it (see
/// [`Scene::result`]).
pub fn replay_gif_seats(
    start: &AnyGame,
    moves: &[AnyMove],
    players: [PlayerLabel; 2],
    seats: Vec<PlayerLabel>,
    result: Option<Outcome>,
    lang: Lang,
) -> Result<Vec<u8>, RenderError> {
    if moves.len() > MAX_REPLAY_MOVES {
        return Err(RenderError::TooLong);
    }
    let mut canvas = Canvas::default();
    let mut first = replay_scene(start, None, (&players, seats.as_slice()), 0, lang);
    if moves.is_empty() {
        first.result = result;
    }
    draw(&first, false, &mut canvas);
    let quantizer = &quantizers(start.kind()).1;
    let delay = frame_delay(moves.len());
    let mut gif = encode::GifWriter::new(canvas.width(), canvas.height(), quantizer, delay)?;
    gif.push(&mut canvas)?;
    let numbers = start.move_numbers(moves);
    let mut game = start.clone();
    for (i, mv) in moves.iter().enumerate() {
        let before = game.clone();
        game.play(mv).map_err(|e| RenderError::IllegalMove {
            index: i + 1,
            reason: e.to_string(),
        })?;
        let who = (&players, seats.as_slice());
        let number = numbers.get(i).map_or(i + 1, |&n| n) as u32;
        let mut scene = replay_scene(&game, Some((&before, *mv)), who, number, lang);
        if i + 1 == moves.len() {
            scene.result = result;
        }
        draw(&scene, false, &mut canvas);
        gif.push(&mut canvas)?;
    }
    gif.finish(LAST_FRAME_DELAY)
}

/// The scene of one replay frame.
fn replay_scene<'a>(
    game: &'a AnyGame,
    last_move: Option<(&'a AnyGame, AnyMove)>,
    (players, seats): (&[PlayerLabel; 2], &[PlayerLabel]),
    move_number: u32,
    lang: Lang,
) -> Scene<'a> {
    Scene {
        game,
        last_move,
        players: players.clone(),
        seats: seats.to_vec(),
        move_number,
        show_region: false,
        lang,
        result: None,
        caption: None,
    }
}

/// The PNG and GIF palettes of a game: its key colours, then the commonest shades of sample
/// pictures. Built once from fixed samples, so that the same scene always gives the same bytes.
fn quantizers(kind: GameKind) -> &'static (encode::Quantizer, encode::Quantizer) {
    static CACHE: [OnceLock<(encode::Quantizer, encode::Quantizer)>; 4] =
        [const { OnceLock::new() }; 4];
    let slot = GameKind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
    CACHE[slot].get_or_init(|| {
        let samples = samples(kind);
        let refs: Vec<&image::RgbImage> = samples.iter().map(|c| &**c).collect();
        (
            encode::Quantizer::new(palette::KEYS, &refs, encode::PNG_COLOURS),
            encode::Quantizer::new(palette::KEYS, &refs, encode::GIF_COLOURS),
        )
    })
}

/// Sample pictures of a game for its palette: a few moves in, with named players, and again
/// with the game-over banner.
fn samples(kind: GameKind) -> Vec<Canvas> {
    let options = if kind == GameKind::Loa {
        "setup=parachute"
    } else {
        ""
    };
    let Ok(mut game) = AnyGame::new(kind, options) else {
        return Vec::new();
    };
    let mut last = None;
    // Lightning's shades come from a crowded board: its line, muted tiles and blocking tiles.
    let (plies, stride) = if kind == GameKind::Lightning {
        (120, 7)
    } else {
        (3, 0)
    };
    for i in 0..plies {
        let legal = game.legal_moves();
        let Some(&mv) = legal.get(i * stride % legal.len().max(1)) else {
            break;
        };
        let before = game.clone();
        if game.play(&mv).is_err() {
            break;
        }
        last = Some((before, mv));
    }
    let players = [
        PlayerLabel::new("Alice").with_rating("1500"),
        PlayerLabel::new("Bob").with_rating("1500"),
    ];
    let scene = Scene {
        game: &game,
        last_move: last.as_ref().map(|(b, m)| (b, *m)),
        players,
        seats: Vec::new(),
        move_number: 3,
        show_region: true,
        lang: Lang::En,
        result: None,
        caption: None,
    };
    let mut plain = Canvas::default();
    draw(&scene, true, &mut plain);
    let mut over = plain.clone();
    static BLANK: std::sync::LazyLock<Sprite> = std::sync::LazyLock::new(|| Sprite::new(1, 1));
    let mut h = header(&scene, vec![&BLANK, &BLANK], true);
    h.banner = Some("Alice (White) wins by connection".to_string());
    frame::draw_header(&mut over, &h);
    let mut out = vec![plain, over];
    // The cylinder's ghosted files and the marked stones of LOA for four.
    if kind == GameKind::Loa {
        for options in ["board=cylinder", "players=4"] {
            if let Ok(mut game) = AnyGame::new(kind, options) {
                for _ in 0..3 {
                    let Some(&mv) = game.legal_moves().first() else {
                        break;
                    };
                    if game.play(&mv).is_err() {
                        break;
                    }
                }
                let mut c = Canvas::default();
                draw(&Scene::new(&game), true, &mut c);
                out.push(c);
            }
        }
    }
    out
}

/// The scene's last move as a view of `$game` takes it: `None` when there is none (or it is of
/// another game).
macro_rules! last_move_of {
    ($scene:expr, $game:ident) => {
        match &$scene.last_move {
            Some((AnyGame::$game(before), AnyMove::$game(m))) => Some((before, m)),
            _ => None,
        }
    };
}

/// Draws a scene into `c` (its buffer is reused), and returns the backdrop it drew over;
/// `highlight_turn` lights up the panel of the player to move.
fn draw(scene: &Scene, highlight_turn: bool, c: &mut Canvas) -> &'static encode::Backdrop {
    match scene.game {
        AnyGame::Loa(g) => {
            let view = loa::view(g, last_move_of!(scene, Loa));
            let header = if g.players() == 4 {
                four_seat_header(scene, g, highlight_turn)
            } else {
                header(scene, view.tones.map(loa::swatch).to_vec(), highlight_turn)
            };
            loa::draw(&view, &header, c)
        }
        AnyGame::Lightning(g) => {
            let view = lightning::view(g, last_move_of!(scene, Lightning));
            let swatches = vec![lightning::swatch(0), lightning::swatch(1)];
            lightning::draw(&view, &header(scene, swatches, highlight_turn), c)
        }
        AnyGame::Barrier(g) => {
            let view = barrier::view(g, last_move_of!(scene, Barrier));
            let swatches = vec![barrier::swatch(0), barrier::swatch(1)];
            barrier::draw(&view, &header(scene, swatches, highlight_turn), c)
        }
        AnyGame::Simultana(g) => {
            let last = last_move_of!(scene, Simultana);
            let view = simultana::view(g, last, scene.show_region);
            let swatches = [stones::Tone::White, stones::Tone::Black].map(simultana::swatch);
            simultana::draw(&view, &header(scene, swatches.to_vec(), highlight_turn), c)
        }
    }
}

/// A side's name as shown: `white` becomes `White` (`Blanc` in French).
fn side_title(game: &AnyGame, side: Side, lang: Lang) -> String {
    side_word(game.side_name(side), lang)
}

/// The word for an engine's side name (`white`, `yellow`, `first`...), capitalized.
#[doc(hidden)]
pub fn side_word(name: &str, lang: Lang) -> String {
    let word = Msg::new("pic-side").plain("side", name).text(lang);
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The header of a scene: names, sides, ratings, the move and whose turn it is, or the result.
fn header(scene: &Scene, swatches: Vec<&'static Sprite>, highlight_turn: bool) -> frame::Header {
    let game = scene.game;
    let lang = scene.lang;
    let titles = Side::BOTH.map(|s| side_title(game, s, lang));
    let names: [String; 2] = std::array::from_fn(|i| {
        let name = scene.players[i].name.trim();
        if name.is_empty() {
            titles[i].clone()
        } else {
            name.to_string()
        }
    });
    // The detail line says which side a named player plays; for an unnamed one, which seat.
    let details: [String; 2] = std::array::from_fn(|i| {
        let what = if names[i] == titles[i] {
            let id = ["pic-first-player", "pic-second-player"][i];
            let seat = Msg::new(id).text(lang);
            // Lightning's sides are already "First player": no need to say it twice.
            if seat.to_lowercase() == titles[i].to_lowercase() {
                String::new()
            } else {
                seat
            }
        } else {
            titles[i].clone()
        };
        scene.players[i].detail(what)
    });
    let who = |i: usize| {
        if names[i] == titles[i] {
            frame::unnamed_winner(game.side_name(Side::BOTH[i]), titles[i].clone())
        } else {
            frame::Winner::Player(format!("{} ({})", names[i], titles[i]))
        }
    };
    let status = scene.status();
    let moved = scene
        .last_move
        .as_ref()
        .and_then(|(before, mv)| before.public_text(mv, game).ok());
    let mut line = match (scene.move_number, moved) {
        (0, None) => Msg::new("pic-start").text(lang),
        (n, Some(text)) => Msg::new("pic-move-played")
            .num("n", n)
            .plain("move", text)
            .text(lang),
        (n, None) => Msg::new("pic-move").num("n", n).text(lang),
    };
    if let Some(caption) = &scene.caption {
        line = caption.clone();
    }
    // Replays leave the turn out: it changes every frame and the moves show it; a caption says
    // it already.
    if let (Status::ToMove(side), true, None) = (status, highlight_turn, &scene.caption) {
        // Ambidextrous play names the set that moves next (`White, marked pieces`).
        let mover = match game.moving_set() {
            Some(set) => crate::games::name_label(set).text(lang),
            None => titles[side.index()].clone(),
        };
        let turn = Msg::new("pic-to-move")
            .num("n", next_move(scene))
            .plain("side", mover);
        line.push_str(" · ");
        line.push_str(&turn.text(lang));
    }
    let banner = match status {
        Status::Over(outcome) => {
            let winner = outcome.winner.map(|s| who(s.index()));
            Some(frame::result_text(winner.as_ref(), outcome.reason, lang))
        }
        Status::ToMove(_) => None,
    };
    frame::Header {
        named: std::array::from_fn::<bool, 2, _>(|i| names[i] != titles[i]).to_vec(),
        names: names.to_vec(),
        details: details.to_vec(),
        swatches,
        to_move: status.to_move().map(Side::index),
        line,
        banner,
        highlight_turn,
        lang,
    }
}

/// The number of the move to play in `scene`: the next one, or the last one while its mover is
/// mid-turn.
fn next_move(scene: &Scene) -> i64 {
    i64::from(scene.move_number) + i64::from(!scene.game.mid_turn() || scene.move_number == 0)
}

/// Which seat (index in turn order) each of the four header panels shows: the first team's
/// marked and unmarked players on the left, the second team's mirrored on the right.
const PANEL_SEATS: [usize; 4] = [0, 2, 3, 1];

/// The header of LOA for four: four panels, the seat to move lit up; the status line names the
/// seat to move, and the banner the winning team.
fn four_seat_header(
    scene: &Scene,
    g: &crate::games::loa::Loa,
    highlight_turn: bool,
) -> frame::Header {
    let lang = scene.lang;
    let seats = loa::seats_in_turn_order(g);
    let title = |i: usize| {
        let seat = seats[i];
        let side = side_word(seat.color().name(), lang);
        let n = if seat.pieces() == crate::games::loa::PieceSet::Marked {
            1
        } else {
            2
        };
        Msg::new("pic-seat")
            .plain("side", side)
            .num("n", n)
            .text(lang)
    };
    let label = |i: usize| scene.seats.get(i).filter(|p| !p.name.trim().is_empty());
    // The two-player header gives the status line without the turn, and the banner.
    let mut two = header(scene, vec![], false);
    two.highlight_turn = highlight_turn;
    let mut names = Vec::new();
    let mut named = Vec::new();
    let mut details = Vec::new();
    let mut swatches = Vec::new();
    for &i in &PANEL_SEATS {
        swatches.push(loa::seat_swatch(seats[i]));
        named.push(label(i).is_some());
        match label(i) {
            Some(p) => {
                names.push(p.name.trim().to_string());
                let rated = p.rating.as_deref().is_some_and(|r| !r.trim().is_empty());
                let seat = if rated { String::new() } else { title(i) };
                details.push(p.detail(seat));
            }
            None => {
                names.push(title(i));
                let set = if seats[i].pieces() == crate::games::loa::PieceSet::Marked {
                    "pic-marked"
                } else {
                    "pic-unmarked"
                };
                details.push(Msg::new(set).text(lang));
            }
        }
    }
    let moving = g
        .seat_to_move()
        .and_then(|s| seats.iter().position(|&t| t == s));
    let to_move = match scene.status() {
        Status::ToMove(_) => moving.and_then(|m| PANEL_SEATS.iter().position(|&i| i == m)),
        Status::Over(_) => None,
    };
    if let (Some(m), true, None) = (moving, highlight_turn, &two.banner) {
        // One player may hold several seats (the bot often does): name the seat too.
        let who =
            label(m).map_or_else(|| title(m), |p| format!("{} ({})", p.name.trim(), title(m)));
        let turn = Msg::new("pic-to-move")
            .num("n", next_move(scene))
            .plain("side", who)
            .text(lang);
        two.line = format!("{} · {turn}", two.line);
    }
    if let Status::Over(outcome) = scene.status() {
        let winner = outcome.winner.map(|side| {
            let team = side_title(scene.game, side, lang);
            let color = g.color_of(side);
            let players: Vec<String> = (0..4)
                .filter(|&i| seats[i].color() == color)
                .filter_map(|i| label(i).map(|p| p.name.trim().to_string()))
                .collect();
            match players.as_slice() {
                [a, b] => frame::Winner::Team(format!("{team} ({a} & {b})")),
                _ => frame::Winner::Side(team),
            }
        });
        two.banner = Some(frame::result_text(winner.as_ref(), outcome.reason, lang));
    }
    frame::Header {
        names,
        named,
        details,
        swatches,
        to_move,
        ..two
    }
}
