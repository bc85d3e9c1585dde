//! Simultana: the 5x5 board, white and black stones, and optionally the empty region that made
//! the last move legal. When a side lost for having no move, each of its stones says so.

use std::sync::OnceLock;

use super::canvas::{Canvas, Draw, Shape, Sprite, fill};
use super::encode::Backdrop;
use super::frame::{self, Grid, Header, SWATCH, WIDTH};
use super::palette;
use super::stones::{Tone, chip, stone};
use crate::games::simultana::{Simultana, SimultanaMove};
use crate::games::{Game, Outcome, Reason, Side, Status};

/// Square size: 5 x 92 = 460 px of board.
const S: i32 = 92;
/// The outline drawn inside region squares, so that the shading shows without colour.
const REGION_EDGE: palette::Rgb = [0x1f, 0x6a, 0xa0];

/// What to draw, read from the engine.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// `[file][rank]`
    pub cells: [[Option<Tone>; 5]; 5],
    pub moved: Vec<(u8, u8)>,
    /// The empty squares to shade (the region that made the last move legal), if asked for.
    pub region: Vec<(u8, u8)>,
    /// When the game ended because the side to move had no legal move: that side's tone. Each
    /// of its stones carries a "no move" sign.
    pub blocked: Option<Tone>,
}

pub fn grid() -> Grid {
    Grid::under_header(28, S, 5)
}

pub fn size() -> (u32, u32) {
    (WIDTH, grid().picture_height(0))
}

struct Sprites {
    board: [Sprite; 2],
    swatch: [Sprite; 2],
    /// The region's inner outline on a shaded square, then on the vacated (tinted) one.
    outline: [Sprite; 2],
    /// The "no move" sign on a stone of the blocked side: a square's worth of sprite.
    no_move: Sprite,
}

/// A prohibition sign (a ring crossed by a bar) over the top-right of a square's stone, for
/// squares of `size` pixels (Barrier draws it too).
pub(super) fn no_move_sign(size: u32) -> Sprite {
    let mut s = Sprite::new(size, size);
    let z = size as f32;
    let (cx, cy, r) = (z * 0.74, z * 0.26, z * 0.17);
    fill(
        &mut s,
        &[Shape::circle(cx, cy, r + 2.0)],
        palette::PIECE_EDGE,
        255,
    );
    fill(&mut s, &[Shape::circle(cx, cy, r)], palette::NO_MOVE, 255);
    fill(
        &mut s,
        &[Shape::circle(cx, cy, r * 0.66)],
        palette::WHITE_PIECE,
        255,
    );
    let d = r * 0.72;
    let bar = Shape::segment((cx - d, cy + d), (cx + d, cy - d), r * 0.2);
    fill(&mut s, &[bar], palette::NO_MOVE, 255);
    s
}

fn sprites() -> &'static Sprites {
    static SPRITES: OnceLock<Sprites> = OnceLock::new();
    SPRITES.get_or_init(|| {
        let tones = [Tone::White, Tone::Black];
        Sprites {
            board: tones.map(|t| stone(t, false, S as u32, 0.72)),
            swatch: tones.map(|t| chip(t, false, SWATCH)),
            outline: [palette::REGION, palette::SIM_MOVED].map(|inner| {
                let mut s = Sprite::new(S as u32, S as u32);
                let rect = |inset: f32, r: f32| Shape::RoundRect {
                    x0: inset,
                    y0: inset,
                    x1: S as f32 - inset,
                    y1: S as f32 - inset,
                    r,
                };
                fill(&mut s, &[rect(9.0, 10.0)], REGION_EDGE, 255);
                fill(&mut s, &[rect(12.0, 7.0)], inner, 255);
                s
            }),
            no_move: no_move_sign(S as u32),
        }
    })
}

pub fn swatch(tone: Tone) -> &'static Sprite {
    &sprites().swatch[tone as usize]
}

/// Fills a square inside its share of the grid lines.
fn square(c: &mut Canvas, g: &Grid, f: u8, r: u8, colour: palette::Rgb) {
    let (x, y) = g.corner(f, r);
    c.fill_rect(x + 1, y + 1, S - 2, S - 2, colour);
}

fn background() -> &'static Backdrop {
    static BACKGROUND: OnceLock<Backdrop> = OnceLock::new();
    BACKGROUND.get_or_init(|| {
        let (w, h) = size();
        let mut c = Canvas::from_pixel(w, h, image::Rgb(palette::BACKGROUND));
        let g = grid();
        g.fill_around(&mut c, 3, palette::SIM_GRID);
        for f in 0..5 {
            for r in 0..5 {
                square(&mut c, &g, f, r, palette::SIM_SQUARE);
            }
        }
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
    g.mark_all_moved(c, &view.moved, |_, _| palette::SIM_MOVED);
    // The region: shaded, with an inner outline that also shows on the vacated square (which
    // keeps its last-move tint) and without colour.
    let sprites = sprites();
    for &(f, r) in view.region.iter().filter(|&&(f, r)| g.contains(f, r)) {
        let vacated = view.moved.contains(&(f, r));
        if !vacated {
            square(c, &g, f, r, palette::REGION);
        }
        let (x, y) = g.corner(f, r);
        c.stamp(&sprites.outline[vacated as usize], x, y);
    }
    for f in 0..5u8 {
        for r in 0..5u8 {
            if let Some(tone) = view.cells[f as usize][r as usize] {
                let (x, y) = g.corner(f, r);
                c.stamp(&sprites.board[tone as usize], x, y);
                if view.blocked == Some(tone) {
                    c.stamp(&sprites.no_move, x, y);
                }
            }
        }
    }
}

fn tone(side: Side) -> Tone {
    match side {
        Side::First => Tone::White,
        Side::Second => Tone::Black,
    }
}

/// Reads what to draw from the engine; `last` is the position before the last move, and it.
pub fn view(g: &Simultana, last: Option<(&Simultana, &SimultanaMove)>, region: bool) -> View {
    let mut v = View::default();
    for f in 0..5u8 {
        for r in 0..5u8 {
            v.cells[f as usize][r as usize] = g.piece_at(f, r).map(tone);
        }
    }
    if let Status::Over(Outcome {
        winner: Some(winner),
        reason: Reason::Blocked,
    }) = g.status()
    {
        v.blocked = Some(tone(winner.opponent()));
    }
    if let Some((before, mv)) = last {
        v.moved = vec![mv.from(), mv.to()];
        if region {
            v.region = before.qualifying_region(mv).unwrap_or_default();
        }
    }
    v
}
