//! Barrier: the 8x8 board, the two barrier ranks with each tile's two-headed arrow and its
//! owner's mark (dot or dash), yellow and clear pieces with crowns, and the unplayed tiles. A
//! capture is drawn as the jump it was, so the move that won by taking the last piece shows.

use std::sync::OnceLock;

use super::canvas::{Canvas, Draw, Shape, Sprite, fill};
use super::encode::Backdrop;
use super::frame::{self, Grid, Header, SWATCH, WIDTH};
use super::palette::{self, Rgb};
use super::text::{self, Align, Weight};
use crate::games::barrier::{Barrier, BarrierMove, Tile as EngineTile};
use crate::games::{Game, Outcome, Reason, Side, Status};
use crate::i18n::Msg;

/// Square size, as for Lines of Action.
const S: i32 = 58;
/// The footer: each side's unplayed tiles (laying phase) or pieces left (play).
const FOOTER: u32 = 78;
/// Tile icons in the footer.
const ICON: u32 = 30;
/// The marks of empty barrier squares.
const SLOT_MARK: Rgb = [0xb9, 0xc6, 0xd0];

/// The eight directions, clockwise from north, as (file, rank) steps.
pub const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The index in [`DIRS`] of a step, if it is one.
pub fn dir_index(delta: (i8, i8)) -> Option<usize> {
    DIRS.iter().position(|&d| d == delta)
}

/// A piece: its seat (0 Yellow, 1 Clear) and whether it is crowned.
pub type Piece = (usize, bool);
/// A tile: its two directions as indices into [`DIRS`].
pub type Tile = [usize; 2];

/// What to draw, read from the engine.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// `[file][rank]`
    pub pieces: [[Option<Piece>; 8]; 8],
    pub tiles: [[Option<Tile>; 8]; 8],
    /// Whose barrier square each square is (seat), if it is one.
    pub owners: [[Option<usize>; 8]; 8],
    pub unplayed: [Vec<Tile>; 2],
    pub laying: bool,
    pub moved: Vec<(u8, u8)>,
    pub captured: Vec<(u8, u8)>,
    /// When the last move captured: its squares, from where the piece started through each
    /// landing square, drawn as a line over the jumped pieces' squares.
    pub jump: Vec<(u8, u8)>,
    /// The seat that lost for having no legal move: its pieces carry a "no move" sign.
    pub blocked: Option<usize>,
}

pub fn grid() -> Grid {
    Grid::under_header(24, S, 8)
}

pub fn size() -> (u32, u32) {
    (WIDTH, grid().picture_height(FOOTER))
}

fn is_barrier_rank(rank: u8) -> bool {
    rank == 3 || rank == 4
}

fn square_colour(file: u8, rank: u8, moved: bool) -> Rgb {
    match (
        is_barrier_rank(rank),
        (file + rank).is_multiple_of(2),
        moved,
    ) {
        (true, _, false) => palette::BARRIER_BAND,
        (true, _, true) => palette::BARRIER_BAND_MOVED,
        (false, true, false) => palette::BARRIER_DARK,
        (false, true, true) => palette::BARRIER_DARK_MOVED,
        (false, false, false) => palette::BARRIER_LIGHT,
        (false, false, true) => palette::BARRIER_LIGHT_MOVED,
    }
}

/// The fraction of a square a piece fills: smaller on a tile, so that its arrow stays visible.
const PIECE: f32 = 0.78;
const PIECE_ON_TILE: f32 = 0.5;

/// A yellow or clear piece, crowned or not, filling `fraction` of a `size` sprite.
fn piece(seat: usize, crowned: bool, size: u32, fraction: f32) -> Sprite {
    let mut s = Sprite::new(size, size);
    let c = size as f32 / 2.0;
    let r = size as f32 * fraction / 2.0;
    let (body, edge, width) = if seat == 0 {
        (
            palette::YELLOW_PIECE,
            palette::YELLOW_EDGE,
            (r * 0.09).max(1.2),
        )
    } else {
        (
            palette::CLEAR_PIECE,
            palette::CLEAR_EDGE,
            (r * 0.2).max(2.4),
        )
    };
    fill(&mut s, &[Shape::circle(c, c + r * 0.07, r)], [0, 0, 0], 90);
    fill(&mut s, &[Shape::circle(c, c, r)], edge, 255);
    fill(&mut s, &[Shape::circle(c, c, r - width)], body, 255);
    if seat == 1 {
        // A glint: clear pieces look like glass, and differ from yellow by pattern too.
        let glint = Shape::Segment {
            a: (c - r * 0.42, c - r * 0.2),
            b: (c - r * 0.2, c - r * 0.42),
            half: (r * 0.07).max(0.8),
        };
        fill(&mut s, &[glint], palette::CLEAR_EDGE, 200);
    }
    if crowned {
        let p = |x: f32, y: f32| (c + x * r, c + y * r);
        let shapes = [
            Shape::Polygon(vec![
                p(-0.5, 0.06),
                p(0.5, 0.06),
                p(0.5, 0.32),
                p(-0.5, 0.32),
            ]),
            Shape::Polygon(vec![p(-0.5, -0.36), p(-0.5, 0.1), p(-0.1, 0.1)]),
            Shape::Polygon(vec![p(0.0, -0.5), p(-0.3, 0.1), p(0.3, 0.1)]),
            Shape::Polygon(vec![p(0.5, -0.36), p(0.5, 0.1), p(0.1, 0.1)]),
            Shape::circle(p(-0.5, -0.38).0, p(-0.5, -0.38).1, r * 0.09),
            Shape::circle(p(0.0, -0.52).0, p(0.0, -0.52).1, r * 0.09),
            Shape::circle(p(0.5, -0.38).0, p(0.5, -0.38).1, r * 0.09),
        ];
        fill(&mut s, &shapes, palette::CROWN, 255);
    }
    s
}

/// Where, around the centre of a tile, the owner's mark goes: the first gap between two
/// directions the arrow does not use, as an angle in eighths of a turn from north.
fn mark_slot(tile: Tile) -> f32 {
    let free = |k: usize| !tile.contains(&k) && !tile.contains(&((k + 1) % 8));
    let k = [7, 0, 6, 1, 5, 2, 4, 3]
        .into_iter()
        .find(|&k| free(k))
        .unwrap_or(7);
    k as f32 + 0.5
}

/// A tile of `size` pixels: its face, the two-headed arrow, and the owner's dot or dash.
fn tile(t: Tile, owner: usize, size: u32) -> Sprite {
    let mut s = Sprite::new(size, size);
    let z = size as f32;
    let c = z / 2.0;
    let face = Shape::RoundRect {
        x0: z * 0.05,
        y0: z * 0.05,
        x1: z * 0.95,
        y1: z * 0.95,
        r: z * 0.1,
    };
    fill(&mut s, &[face], palette::TILE, 255);
    let mut shapes = Vec::new();
    for &d in &t {
        let (dx, dy) = DIRS[d % 8];
        let len = (f32::from(dx).powi(2) + f32::from(dy).powi(2)).sqrt();
        // Unit vector on screen (y grows downward).
        let (ux, uy) = (f32::from(dx) / len, -f32::from(dy) / len);
        let reach = if dx != 0 && dy != 0 { 0.44 } else { 0.38 } * z;
        let tip = (c + ux * reach, c + uy * reach);
        let head = 0.17 * z;
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        let wide = 0.11 * z;
        let (px, py) = (-uy * wide, ux * wide);
        shapes.push(Shape::segment((c, c), base, 0.065 * z));
        shapes.push(Shape::Polygon(vec![
            tip,
            (base.0 + px, base.1 + py),
            (base.0 - px, base.1 - py),
        ]));
    }
    shapes.push(Shape::circle(c, c, 0.045 * z));
    fill(&mut s, &shapes, palette::TILE_INK, 255);
    let angle = mark_slot(t) * std::f32::consts::FRAC_PI_4;
    let (mx, my) = (c + angle.sin() * 0.34 * z, c - angle.cos() * 0.34 * z);
    fill(
        &mut s,
        &[owner_mark(owner, mx, my, z)],
        palette::TILE_INK,
        255,
    );
    s
}

/// Yellow's dot or Clear's dash, centred at (x, y), for a square of `z` pixels.
fn owner_mark(owner: usize, x: f32, y: f32, z: f32) -> Shape {
    if owner == 0 {
        Shape::circle(x, y, 0.06 * z)
    } else {
        Shape::segment((x - 0.08 * z, y), (x + 0.08 * z, y), 0.07 * z)
    }
}

struct Sprites {
    /// `[seat][crowned][on a tile]`
    pieces: [[[Sprite; 2]; 2]; 2],
    swatch: [Sprite; 2],
    /// `[first dir][second dir][owner]`, board size and icon size.
    tiles: Vec<Sprite>,
    icons: Vec<Sprite>,
    /// The owner's mark on an empty slot, by owner: a square's worth of sprite.
    slots: [Sprite; 2],
    /// The footer's key to the marks: each player's dot or dash on a bit of tile face.
    legend: [Sprite; 2],
    /// The sign on the pieces of a side left without a move.
    no_move: Sprite,
}

/// Size of the footer's key to the owner marks.
const LEGEND: u32 = 20;

fn tile_key(t: Tile, owner: usize) -> usize {
    ((t[0] % 8) * 8 + t[1] % 8) * 2 + owner.min(1)
}

fn sprites() -> &'static Sprites {
    static SPRITES: OnceLock<Sprites> = OnceLock::new();
    SPRITES.get_or_init(|| {
        let all = |size: u32| {
            (0..128)
                .map(|k| {
                    let (a, b, owner) = (k / 16, (k / 2) % 8, k % 2);
                    if a == b {
                        Sprite::new(1, 1)
                    } else {
                        tile([a, b], owner, size)
                    }
                })
                .collect()
        };
        Sprites {
            pieces: [0, 1].map(|seat| {
                [false, true].map(|crowned| {
                    [PIECE, PIECE_ON_TILE].map(|f| piece(seat, crowned, S as u32, f))
                })
            }),
            swatch: [0, 1].map(|seat| piece(seat, false, SWATCH, 0.92)),
            no_move: super::simultana::no_move_sign(S as u32),
            tiles: all(S as u32),
            icons: all(ICON),
            legend: [0, 1].map(|owner| {
                let mut s = Sprite::new(LEGEND, LEGEND);
                let z = LEGEND as f32;
                fill(&mut s, &[Shape::tile(z, 0.2)], palette::TILE, 255);
                let mark = owner_mark(owner, z / 2.0, z / 2.0, S as f32);
                fill(&mut s, &[mark], palette::TILE_INK, 255);
                s
            }),
            slots: [0, 1].map(|owner| {
                let mut s = Sprite::new(S as u32, S as u32);
                let c = S as f32 / 2.0;
                fill(&mut s, &[owner_mark(owner, c, c, S as f32)], SLOT_MARK, 255);
                s
            }),
        }
    })
}

pub fn swatch(seat: usize) -> &'static Sprite {
    &sprites().swatch[seat.min(1)]
}

fn background() -> &'static Backdrop {
    static BACKGROUND: OnceLock<Backdrop> = OnceLock::new();
    BACKGROUND.get_or_init(|| {
        let (w, h) = size();
        let mut c = Canvas::from_pixel(w, h, image::Rgb(palette::BACKGROUND));
        let g = grid();
        for f in 0..8 {
            for r in 0..8 {
                g.fill_square(&mut c, f, r, square_colour(f, r, false));
            }
        }
        // Thin lines between the barrier squares, which share one colour.
        for f in 1..8 {
            let (x, y) = g.corner(f, 4);
            c.fill_rect(x, y, 1, 2 * S, palette::BARRIER_DARK);
        }
        let (x, y) = g.corner(0, 4);
        c.fill_rect(x, y + S, g.width(), 1, palette::BARRIER_DARK);
        g.draw_coordinates(&mut c);
        Backdrop::new(c)
    })
}

/// Draws a position with its header into `c`, which is reused between pictures, and returns
/// the backdrop it drew over.
pub fn draw(view: &View, header: &Header, c: &mut Canvas) -> &'static Backdrop {
    background().paint(c, |c| draw_on(view, header, c))
}

/// Draws the position and header over the backdrop already in `c`.
fn draw_on(view: &View, header: &Header, c: &mut Canvas) {
    frame::draw_header(c, header);
    let g = grid();
    g.mark_all_moved(c, &view.moved, |f, r| square_colour(f, r, true));
    let sprites = sprites();
    for f in 0..8u8 {
        for r in 0..8u8 {
            let (x, y) = g.corner(f, r);
            let tile = view.tiles[f as usize][r as usize];
            let owner = view.owners[f as usize][r as usize];
            match (tile, owner) {
                (Some(t), _) => {
                    let sprite = &sprites.tiles[tile_key(t, owner.unwrap_or(0))];
                    c.stamp(sprite, x, y);
                }
                (None, Some(o)) => c.stamp(&sprites.slots[o.min(1)], x, y),
                (None, None) => {}
            }
        }
    }
    draw_jump(c, &g, &view.jump);
    for f in 0..8u8 {
        for r in 0..8u8 {
            let (x, y) = g.corner(f, r);
            let tile = view.tiles[f as usize][r as usize];
            if let Some((seat, crowned)) = view.pieces[f as usize][r as usize] {
                let sprite =
                    &sprites.pieces[seat.min(1)][crowned as usize][tile.is_some() as usize];
                c.stamp(sprite, x, y);
                if view.blocked == Some(seat) {
                    c.stamp(&sprites.no_move, x, y);
                }
            }
        }
    }
    for &(f, r) in view.captured.iter().filter(|&&(f, r)| g.contains(f, r)) {
        g.mark_captured(c, f, r);
    }
    draw_footer(c, view, header);
}

/// The capturing move: a vermilion line, edged in dark, from the start square through every
/// landing square, with a dot where it starts. Pieces and the capture crosses go on top.
fn draw_jump(c: &mut Canvas, g: &Grid, squares: &[(u8, u8)]) {
    if squares.len() < 2 {
        return;
    }
    let points: Vec<(f32, f32)> = squares
        .iter()
        .filter(|&&(f, r)| g.contains(f, r))
        .map(|&(f, r)| g.center(f, r))
        .collect();
    let z = S as f32;
    for (colour, extra) in [(palette::JUMP_EDGE, 0.06 * z), (palette::CAPTURE, 0.0)] {
        let mut shapes: Vec<Shape> = points
            .windows(2)
            .map(|w| Shape::segment(w[0], w[1], 0.09 * z + extra))
            .collect();
        if let Some(&(x, y)) = points.first() {
            shapes.push(Shape::circle(x, y, 0.12 * z + extra));
        }
        fill(c, &shapes, colour, 255);
    }
}

/// Each side's unplayed tiles while the barrier is laid, then the pieces left.
fn draw_footer(c: &mut Canvas, view: &View, header: &Header) {
    let g = grid();
    let top = (g.y0 + g.height()) as f32 + 26.0;
    let sprites = sprites();
    let ink = palette::TEXT_DIM;
    for seat in 0..2 {
        let mid = top + 18.0 + seat as f32 * (ICON as f32 + 6.0);
        let x = 24.0;
        c.stamp(
            &sprites.swatch[seat],
            x as i32 - 2,
            (mid - SWATCH as f32 / 2.0) as i32,
        );
        let name = text::fit(&header.names[seat], 13.0, Weight::Bold, 100.0);
        let tx = x + SWATCH as f32 + 4.0;
        text::draw_aligned(
            c,
            &name,
            tx,
            mid,
            13.0,
            Weight::Bold,
            palette::TEXT,
            Align::Left,
        );
        // The key to the barrier: this player's squares carry this mark.
        let kx = tx + text::width(&name, 13.0, Weight::Bold) + 8.0;
        let ky = mid - LEGEND as f32 / 2.0;
        c.stamp(&sprites.legend[seat], kx.round() as i32, ky.round() as i32);
        let x0 = 170.0;
        if view.laying || !view.unplayed[seat].is_empty() {
            if view.unplayed[seat].is_empty() {
                text::draw_aligned(
                    c,
                    &Msg::new("pic-all-laid").text(header.lang),
                    x0,
                    mid,
                    13.0,
                    Weight::Regular,
                    ink,
                    Align::Left,
                );
            }
            for (i, &t) in view.unplayed[seat].iter().take(9).enumerate() {
                let ix = x0 as i32 + i as i32 * (ICON as i32 + 6);
                let iy = (mid - ICON as f32 / 2.0) as i32;
                c.stamp(&sprites.icons[tile_key(t, seat)], ix, iy);
            }
        } else {
            let pieces = view
                .pieces
                .iter()
                .flatten()
                .flatten()
                .filter(|p| p.0 == seat);
            let (n, crowned) = pieces.fold((0, 0), |(n, k), p| (n + 1, k + p.1 as u32));
            let lang = header.lang;
            let pieces = Msg::new("pic-pieces").num("n", n).text(lang);
            let words = match crowned {
                0 => pieces,
                k => format!(
                    "{pieces}, {}",
                    Msg::new("pic-crowned").num("k", k).text(lang)
                ),
            };
            text::draw_aligned(c, &words, x0, mid, 13.0, Weight::Regular, ink, Align::Left);
        }
    }
}

fn tile_of(t: EngineTile) -> Option<Tile> {
    let [a, b] = t.dirs();
    Some([dir_index(a.delta())?, dir_index(b.delta())?])
}

/// Reads what to draw from the engine; `last` is the position before the last move, and it.
pub fn view(g: &Barrier, last: Option<(&Barrier, &BarrierMove)>) -> View {
    let mut v = View::default();
    for f in 0..8u8 {
        for r in 0..8u8 {
            let (fi, ri) = (f as usize, r as usize);
            v.pieces[fi][ri] = g
                .piece_at(f, r)
                .map(|(side, crowned)| (side.index(), crowned));
            v.tiles[fi][ri] = g.tile_at(f, r).and_then(tile_of);
            v.owners[fi][ri] = Barrier::barrier_owner(f, r).map(Side::index);
        }
    }
    for side in Side::BOTH {
        v.unplayed[side.index()] = g
            .unplayed_tiles(side)
            .into_iter()
            .filter_map(tile_of)
            .collect();
    }
    v.laying = g.is_laying();
    if let Status::Over(Outcome {
        winner: Some(w),
        reason: Reason::Blocked,
    }) = g.status()
    {
        v.blocked = Some(w.opponent().index());
    }
    if let Some((_, mv)) = last {
        v.moved = mv.squares().to_vec();
        v.captured = mv.captured();
        if mv.is_capture() {
            v.jump = mv.squares().to_vec();
        }
    }
    v
}
