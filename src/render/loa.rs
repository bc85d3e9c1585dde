//! Lines of Action: the 8x8 board with white and black stones, marked stones (a ring of the other
//! tone: a shape, so it reads without colour), in the parachute setup the stones each side still
//! holds, and on the cylinder the opposite edge's file ghosted beyond each side.

use std::sync::OnceLock;

use super::canvas::{Canvas, Draw, Shape, Sprite, fill};
use super::encode::Backdrop;
use super::frame::{self, Grid, Header, SWATCH, WIDTH};
use super::palette;
use super::stones::{Tone, chip, stone};
use super::text::{self, Align, Weight};
use crate::games::loa::{Color, Loa, LoaBoard, LoaMove, LoaSetup, PieceSet, Seat};
use crate::games::{Game, Reason, Side, Status};
use crate::i18n::{Lang, Msg};

/// Square size: 8 x 58 = 464 px of board in a 512 px picture.
pub const S: i32 = 58;
/// Square size on the cylinder, which leaves room for the ghosted files: 8 x 52 = 416 px.
const SC: i32 = 52;
/// Width of each ghosted strip beyond the cylinder's sides (about half a square).
const GHOST: i32 = 28;
use palette::GHOST as GHOST_OPACITY;
/// Height of the parachute footer (stones still held).
const FOOTER: u32 = 46;
/// Size of the small stones in the footer.
const SMALL: u32 = 24;

/// What to draw, read from the engine.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// The stone on each square, `[file][rank]`, with its mark.
    pub cells: [[Option<(Tone, bool)>; 8]; 8],
    /// The parachute setup: the footer with held stones is drawn.
    pub parachute: bool,
    /// Stones of each tone (White, Black) still held by the other side.
    pub held: [u8; 2],
    /// Squares the last move left and reached (and where it dropped a stone).
    pub moved: Vec<(u8, u8)>,
    /// Where the last move captured (the mover's stone stands there now).
    pub captured: Option<(u8, u8)>,
    /// The tone each seat plays (it depends on the rule set).
    pub tones: [Tone; 2],
    /// The cylinder board: files h and a touch, so each is ghosted beyond the other side.
    pub cylinder: bool,
    /// The stones of a group that won by connection (bit = rank * 8 + file): linked on the
    /// picture to show why the game was won.
    pub winning: u64,
}

/// The board's place in the picture (the cylinder's squares are smaller, to make room for the
/// ghosted files).
pub fn grid(cylinder: bool) -> Grid {
    let s = if cylinder { SC } else { S };
    Grid::under_header((WIDTH as i32 - 8 * s) / 2, s, 8)
}

pub fn size(parachute: bool, cylinder: bool) -> (u32, u32) {
    let footer = if parachute { FOOTER } else { 0 };
    (WIDTH, grid(cylinder).picture_height(footer))
}

struct Sprites {
    /// `[tone][marked]`
    board: [[Sprite; 2]; 2],
    /// `[tone][marked]`, at the cylinder's square size.
    cylinder: [[Sprite; 2]; 2],
    /// `[side][tone][marked]`: the part of a cylinder stone that shows in the ghosted strip left
    /// of file a (file h's right part) and right of file h (file a's left part), faded.
    ghost: [[[Sprite; 2]; 2]; 2],
    /// `[tone][marked]`
    swatch: [[Sprite; 2]; 2],
    small: [Sprite; 2],
}

/// `sprite` with every pixel's opacity scaled by `opacity` / 255 (premultiplied, so all four
/// channels scale).
fn faded(mut sprite: Sprite, opacity: u8) -> Sprite {
    for p in sprite.pixels_mut() {
        for ch in p.0.iter_mut() {
            *ch = ((u32::from(*ch) * u32::from(opacity) + 127) / 255) as u8;
        }
    }
    sprite
}

fn sprites() -> &'static Sprites {
    static SPRITES: OnceLock<Sprites> = OnceLock::new();
    SPRITES.get_or_init(|| {
        let tones = [Tone::White, Tone::Black];
        let cylinder = tones.map(|t| [false, true].map(|m| stone(t, m, SC as u32, 0.8)));
        let (w, h) = (GHOST as u32, SC as u32);
        let part = |t: Tone, m: bool, x: u32| {
            let s = &cylinder[t as usize][m as usize];
            faded(
                image::imageops::crop_imm(s, x, 0, w, h).to_image(),
                GHOST_OPACITY,
            )
        };
        let right_part = (SC - GHOST) as u32;
        Sprites {
            board: tones.map(|t| [false, true].map(|m| stone(t, m, S as u32, 0.8))),
            ghost: [right_part, 0].map(|x| tones.map(|t| [false, true].map(|m| part(t, m, x)))),
            cylinder,
            swatch: tones.map(|t| [false, true].map(|m| chip(t, m, SWATCH))),
            small: tones.map(|t| stone(t, false, SMALL, 0.86)),
        }
    })
}

/// The header swatch of a tone.
pub fn swatch(tone: Tone) -> &'static Sprite {
    &sprites().swatch[tone as usize][0]
}

/// The header swatch of one of the four seats: its team's tone, marked or not.
pub fn seat_swatch(seat: Seat) -> &'static Sprite {
    let marked = seat.pieces() == PieceSet::Marked;
    &sprites().swatch[tone(seat.color()) as usize][usize::from(marked)]
}

/// The board, its coordinates and the empty footer, drawn once per layout.
fn background(parachute: bool, cylinder: bool) -> &'static Backdrop {
    static CACHE: [OnceLock<Backdrop>; 4] = [const { OnceLock::new() }; 4];
    CACHE[usize::from(parachute) * 2 + usize::from(cylinder)].get_or_init(|| {
        let (w, h) = size(parachute, cylinder);
        let mut c = Canvas::from_pixel(w, h, image::Rgb(palette::BACKGROUND));
        let g = grid(cylinder);
        for f in 0..8 {
            for r in 0..8 {
                g.fill_square(&mut c, f, r, square_colour(f, r, false));
            }
        }
        if cylinder {
            draw_ghost_files(&mut c, &g);
        } else {
            g.draw_coordinates(&mut c);
        }
        Backdrop::new(c)
    })
}

/// The cylinder's ghosted strips: file h's squares left of file a and file a's right of file h,
/// faded, with their letters dimmed under them and the ranks further out.
fn draw_ghost_files(c: &mut Canvas, g: &Grid) {
    let right = g.x0 + g.width();
    for r in 0..8 {
        let (_, y) = g.corner(0, r);
        let fade = |colour| palette::mix(colour, palette::BACKGROUND, GHOST_OPACITY);
        c.fill_rect(
            g.x0 - GHOST,
            y,
            GHOST,
            g.s,
            fade(square_colour(7, r, false)),
        );
        c.fill_rect(right, y, GHOST, g.s, fade(square_colour(0, r, false)));
    }
    // Where the board wraps round: a dashed seam at each edge, thick enough to read on a phone.
    let dash = g.s / 4;
    for x in [g.x0 - 3, right] {
        let mut y = g.y0;
        while y < g.y0 + g.height() {
            c.fill_rect(
                x,
                y,
                3,
                (dash - 3).min(g.y0 + g.height() - y),
                palette::TEXT_DIM,
            );
            y += dash;
        }
    }
    g.draw_coordinates_at(c, GHOST as f32 + 5.0);
    let bottom = (g.y0 + g.height()) as f32 + 11.0;
    let ink = palette::TEXT_DIM;
    let half = GHOST as f32 / 2.0;
    for (label, x) in [("h", g.x0 as f32 - half), ("a", right as f32 + half)] {
        text::draw_aligned(
            c,
            label,
            x,
            bottom,
            13.0,
            Weight::Regular,
            ink,
            Align::Center,
        );
    }
}

fn square_colour(file: u8, rank: u8, moved: bool) -> palette::Rgb {
    match ((file + rank).is_multiple_of(2), moved) {
        (true, false) => palette::DARK,
        (true, true) => palette::DARK_MOVED,
        (false, false) => palette::LIGHT,
        (false, true) => palette::LIGHT_MOVED,
    }
}

/// Draws a position with its header into `c`, which is reused between pictures, and returns
/// the backdrop it drew over.
pub fn draw(view: &View, header: &Header, c: &mut Canvas) -> &'static Backdrop {
    background(view.parachute, view.cylinder).paint(c, |c| draw_on(view, header, c))
}

/// Draws the position and header over the backdrop already in `c`.
fn draw_on(view: &View, header: &Header, c: &mut Canvas) {
    frame::draw_header(c, header);
    let g = grid(view.cylinder);
    g.mark_all_moved(c, &view.moved, |f, r| square_colour(f, r, true));
    if view.winning != 0 {
        draw_links(c, &g, view.winning, view.cylinder);
    }
    let sprites = sprites();
    let stones = if view.cylinder {
        &sprites.cylinder
    } else {
        &sprites.board
    };
    for f in 0..8u8 {
        for r in 0..8u8 {
            if let Some((tone, marked)) = view.cells[f as usize][r as usize] {
                let (x, y) = g.corner(f, r);
                c.stamp(&stones[tone as usize][marked as usize], x, y);
            }
        }
    }
    if view.cylinder {
        for r in 0..8u8 {
            let (_, y) = g.corner(0, r);
            let ghosts = [(7, g.x0 - GHOST), (0, g.x0 + g.width())];
            for (side, (file, x)) in ghosts.into_iter().enumerate() {
                if let Some((tone, marked)) = view.cells[file][r as usize] {
                    c.stamp(&sprites.ghost[side][tone as usize][marked as usize], x, y);
                }
            }
        }
    }
    if let Some((f, r)) = view.captured.filter(|&(f, r)| g.contains(f, r)) {
        g.mark_capture_badge(c, f, r);
    }
    if view.parachute {
        draw_held(c, view, header.lang);
    }
}

/// A halo around every stone of a winning group and thick links between every two touching
/// ones, drawn under the stones so that they show around and between them (and across the
/// cylinder's joined edge).
fn draw_links(c: &mut Canvas, g: &Grid, set: u64, cylinder: bool) {
    let mut shapes = Vec::new();
    let half = g.s as f32 * 0.09;
    for sq in 0..64u8 {
        if set & 1u64 << sq == 0 {
            continue;
        }
        let (f, r) = (sq % 8, sq / 8);
        let from = g.center(f, r);
        // A halo around the stone, then its links.
        shapes.push(Shape::circle(from.0, from.1, g.s as f32 * 0.47));
        // Right, up-right, up, up-left: every link once.
        for (df, dr) in [(1i8, 0i8), (1, 1), (0, 1), (-1, 1)] {
            let (nf, nr) = (f as i8 + df, r as i8 + dr);
            if !(0..8).contains(&nr) {
                continue;
            }
            let wrapped = !(0..8).contains(&nf);
            if wrapped && !cylinder {
                continue;
            }
            let file = nf.rem_euclid(8) as u8;
            if set & 1u64 << (nr as u8 * 8 + file) == 0 {
                continue;
            }
            let step = g.s as f32;
            let to = (from.0 + f32::from(df) * step, from.1 - f32::from(dr) * step);
            shapes.push(Shape::segment(from, to, half));
            if wrapped {
                // The same link seen from the other side of the joined edge.
                let back = g.center(file, nr as u8);
                let beyond = (back.0 - f32::from(df) * step, back.1 + f32::from(dr) * step);
                shapes.push(Shape::segment(back, beyond, half));
            }
        }
    }
    fill(c, &shapes, palette::WIN_LINK, 255);
}

/// The parachute footer: for each side, the opponent's stones it still holds.
fn draw_held(c: &mut Canvas, view: &View, lang: Lang) {
    let g = grid(view.cylinder);
    let y0 = (g.y0 + g.height()) as f32 + 26.0;
    let mid = y0 + FOOTER as f32 / 2.0 - 2.0;
    let sprites = sprites();
    for (seat, tone) in [Tone::White, Tone::Black].into_iter().enumerate() {
        // The seat that plays `tone` holds stones of the other tone.
        let other = match tone {
            Tone::White => Tone::Black,
            Tone::Black => Tone::White,
        };
        let count = view.held[other as usize];
        let x = if seat == 0 {
            24.0
        } else {
            WIDTH as f32 / 2.0 + 8.0
        };
        let side = super::side_word(tone.key(), lang);
        // "holds nothing" is one phrase: French words it differently ("ne tient rien").
        let id = if count == 0 {
            "pic-holds-none"
        } else {
            "pic-holds"
        };
        let label = Msg::new(id).plain("side", side).text(lang);
        let ink = palette::TEXT_DIM;
        let end = x + text::width(&label, 13.0, Weight::Regular);
        text::draw_aligned(c, &label, x, mid, 13.0, Weight::Regular, ink, Align::Left);
        let shown = count.min(6);
        // Stones side by side, or overlapping like a pile where the words leave too little
        // room before the middle (the first side) or the edge (the second).
        let limit = if seat == 0 {
            WIDTH as f32 / 2.0 + 4.0
        } else {
            WIDTH as f32 - 8.0
        };
        let room = limit - (end + 12.0) - SMALL as f32;
        let step = match shown {
            0 | 1 => 0.0,
            n => (room / f32::from(n - 1)).clamp(6.0, SMALL as f32 + 2.0),
        };
        if shown > 0 {
            // A light tray, so that black stones show against the dark frame.
            let tray = Shape::RoundRect {
                x0: end + 4.0,
                y0: mid - SMALL as f32 / 2.0 - 4.0,
                x1: end + 12.0 + f32::from(shown - 1) * step + SMALL as f32,
                y1: mid + SMALL as f32 / 2.0 + 4.0,
                r: 8.0,
            };
            fill(c, &[tray], palette::LIGHT, 255);
        }
        for i in 0..shown {
            let sx = (end + 8.0 + f32::from(i) * step).round() as i32;
            let sy = (mid - SMALL as f32 / 2.0).round() as i32;
            c.stamp(&sprites.small[other as usize], sx, sy);
        }
    }
}

/// Whether pictures of this game show the cylinder's ghosted files.
pub fn is_cylinder(g: &Loa) -> bool {
    g.board_shape() == LoaBoard::Cylinder
}

/// The four seats in turn order (the first colour's marked player first), for `players=4`.
pub fn seats_in_turn_order(g: &Loa) -> [Seat; 4] {
    g.seats_in_turn_order()
}

/// Whether pictures of this game have the parachute footer.
pub fn is_parachute(g: &Loa) -> bool {
    g.options().setup == LoaSetup::Parachute
}

fn tone(c: Color) -> Tone {
    match c {
        Color::White => Tone::White,
        Color::Black => Tone::Black,
    }
}

/// Reads what to draw from the engine; `last` is the position before the last move, and it.
pub fn view(g: &Loa, last: Option<(&Loa, &LoaMove)>) -> View {
    let mut v = View {
        parachute: is_parachute(g),
        cylinder: is_cylinder(g),
        held: [g.held(Color::White), g.held(Color::Black)],
        tones: Side::BOTH.map(|s| tone(g.color_of(s))),
        ..View::default()
    };
    for f in 0..8u8 {
        for r in 0..8u8 {
            v.cells[f as usize][r as usize] =
                g.piece_at(f, r).map(|c| (tone(c), g.is_marked(f, r)));
        }
    }
    if let Status::Over(outcome) = g.status()
        && outcome.reason == Reason::Connection
    {
        let winners = match outcome.winner {
            Some(side) => vec![g.color_of(side)],
            None => vec![Color::White, Color::Black],
        };
        v.winning = winners
            .into_iter()
            .map(|c| g.pieces(c))
            .fold(0, |a, b| a | b);
    }
    if let Some((_, mv)) = last {
        v.moved = [mv.from(), mv.to(), mv.drop_square()]
            .into_iter()
            .flatten()
            .collect();
        v.captured = mv.is_capture().then(|| mv.to()).flatten();
    }
    v
}
