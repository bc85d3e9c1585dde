//! Lightning: the two 8x17 halves side by side, each in its owner's frame (rank 1 at the
//! bottom, as the notation names squares), start and finish rows marked, every tile's strokes
//! drawn as bolts, and the reserve, pile and tile in hand. So that a long game reads at phone
//! size, only the connected part of each player's line has bright, thick bolts; the rest is
//! muted, the opponent's blocking tiles have a brick face barred in the opponent's colour, and a won game
//! shows one winning path in the winning colours.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use super::canvas::{Canvas, Draw, Shape, Sprite, fill};
use super::encode::Backdrop;
use super::frame::{self, Grid, HEADER, Header, SWATCH, WIDTH};
use super::palette::{self, Rgb};
use super::text::{self, Align, Weight};
use crate::games::lightning::{Design, Lightning, LightningMove, Point, Source, Target};
use crate::games::{Game, Side};
use crate::i18n::{Lang, Msg};

/// Square size: two halves of 8 x 28 px with the rank numbers between them.
const S: i32 = 28;
const FILES: u8 = 8;
const RANKS: u8 = 17;
/// Left edges of the two halves.
const HALF_X: [i32; 2] = [10, 278];
/// The panel with the reserve, the pile and the tile in hand, just under the header: what
/// changes every turn stays near the top, so replay frames stay small.
const INFO_TOP: i32 = HEADER as i32 + 2;
const INFO: i32 = 62;
/// Top of the boards: below the panel, the owners' names and the finish strips.
const TOP: i32 = INFO_TOP + INFO + 34;
/// Reserve and hand icons: large enough to read the design at phone size.
const ICON: u32 = 28;

/// Position of a stroke's end in a unit square, y downward.
fn at(p: Point) -> (f32, f32) {
    match p {
        Point::SW => (0.0, 1.0),
        Point::SE => (1.0, 1.0),
        Point::NW => (0.0, 0.0),
        Point::NE => (1.0, 0.0),
        Point::C => (0.5, 0.5),
    }
}

const POINTS: [Point; 5] = [Point::SW, Point::SE, Point::NW, Point::NE, Point::C];

/// A design as a set of strokes: bit `5 * a + b` for the stroke between points `a <= b`; a key
/// for the tile cache that follows the engine's stroke table, whatever designs it holds.
pub type Strokes = u32;

/// The stroke set of a list of point pairs.
pub fn strokes(pairs: &[(Point, Point)]) -> Strokes {
    let index = |p: Point| POINTS.iter().position(|&q| q == p).unwrap_or(0);
    pairs.iter().fold(0, |m, &(a, b)| {
        let (a, b) = (index(a).min(index(b)), index(a).max(index(b)));
        m | (1 << (5 * a + b))
    })
}

fn pairs(s: Strokes) -> impl Iterator<Item = (Point, Point)> {
    (0..25)
        .filter(move |bit| s & (1 << bit) != 0)
        .map(|bit| (POINTS[bit / 5], POINTS[bit % 5]))
}

/// Where the last move put its tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    Square {
        half: usize,
        file: u8,
        rank: u8,
    },
    /// Into the reserve: the index of the design in [`View::reserve`].
    Reserve(usize),
    /// Into the hand (the first step of a two-step turn).
    Hand,
}

/// How a tile on a board is drawn, from least to most emphasis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Look {
    /// Not (yet) part of the owner's line: thin, muted strokes, so that the line stands out.
    #[default]
    Plain,
    /// Laid by the half's opponent (seat given) and not part of the line: a brick face, with
    /// bars in the layer's colour at the middle of the top and bottom edges.
    Blocking(usize),
    /// The connected part of the owner's line: thick, bright strokes.
    Connected,
    /// The winning path: the winning colours.
    Path,
}

/// What to draw, read from the engine.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// `[half][file][rank]`, the half indexed by its owner's seat.
    pub tiles: [[[Option<Strokes>; RANKS as usize]; FILES as usize]; 2],
    /// How each tile is drawn, indexed like `tiles`.
    pub looks: [[[Look; RANKS as usize]; FILES as usize]; 2],
    /// Each design with its count in the reserve.
    pub reserve: Vec<(Strokes, u8)>,
    pub pile: usize,
    /// The tile in hand and whether it came from the pile.
    pub in_hand: Option<(Strokes, bool)>,
    pub placed: Option<Placed>,
}

pub fn grid(half: usize) -> Grid {
    Grid {
        x0: HALF_X[half.min(1)],
        y0: TOP,
        s: S,
        files: FILES,
        ranks: RANKS,
    }
}

/// The height of the legend row under the boards.
const LEGEND: i32 = 24;

pub fn size() -> (u32, u32) {
    (WIDTH, (TOP + S * i32::from(RANKS) + 30 + LEGEND) as u32)
}

/// The legend under the boards: a brick tile with bars in a player's colour is a tile that
/// player laid on the other's half to block it.
fn draw_legend(c: &mut Canvas, view: &View, lang: Lang) {
    let Some(&(strokes, _)) = view.reserve.first() else {
        return;
    };
    let size = 18;
    let y = TOP + S * i32::from(RANKS) + 30;
    let text = Msg::new("pic-blocking-legend").text(lang);
    let text_w = text::width(&text, 12.0, Weight::Regular);
    let total = 2.0 * size as f32 + 4.0 + 8.0 + text_w;
    let x0 = ((WIDTH as f32 - total) / 2.0).round() as i32;
    for layer in 0..2 {
        let x = x0 + layer as i32 * (size as i32 + 4);
        c.stamp(cached_tile(strokes, size, Look::Blocking(layer)), x, y);
    }
    let tx = x0 as f32 + 2.0 * size as f32 + 4.0 + 8.0;
    let ty = y as f32 + size as f32 / 2.0;
    text::draw_aligned(
        c,
        &text,
        tx,
        ty,
        12.0,
        Weight::Regular,
        palette::TEXT_DIM,
        Align::Left,
    );
}

/// The bolt polyline of one stroke from `a` to `b` (pixels): a zigzag whose middle crosses the
/// straight line at its midpoint, so that the stroke's midpoint is always inked.
fn bolt(a: (f32, f32), b: (f32, f32), width: f32, out: &mut Vec<Shape>) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    if len == 0.0 {
        return;
    }
    let k = 0.1 * len;
    let (nx, ny) = (-dy / len * k, dx / len * k);
    let p1 = (a.0 + dx / 3.0 + nx, a.1 + dy / 3.0 + ny);
    let p2 = (a.0 + 2.0 * dx / 3.0 - nx, a.1 + 2.0 * dy / 3.0 - ny);
    for (p, q) in [(a, p1), (p1, p2), (p2, b)] {
        out.push(Shape::segment(p, q, width));
    }
}

/// A tile of `size` pixels with its strokes as bolts, drawn with `look`.
fn tile(s: Strokes, size: u32, look: Look) -> Sprite {
    let mut sprite = Sprite::new(size, size);
    let z = size as f32;
    let (face, ink, width, glow_width) = match look {
        Look::Plain => (palette::BOLT_TILE, palette::DIM_BOLT, z * 0.075, 0.0),
        Look::Blocking(_) => (palette::BLOCK_FACE, palette::DIM_BOLT, z * 0.075, 0.0),
        Look::Connected => (palette::BOLT_TILE, palette::BOLT, z * 0.13, z * 0.12),
        Look::Path => (palette::WIN_TILE, palette::WIN_BOLT, z * 0.13, z * 0.12),
    };
    let r = Shape::RoundRect {
        x0: 1.0,
        y0: 1.0,
        x1: z - 1.0,
        y1: z - 1.0,
        r: z * 0.08,
    };
    fill(&mut sprite, &[r], face, 255);
    if let Look::Blocking(layer) = look {
        // Bars across the middle of the top and bottom edges, where no stroke ever runs.
        let (a, b) = (z * 0.32, z * 0.68);
        let t = (z * 0.11).max(2.0);
        let (top, bottom) = (1.0 + t / 2.0, z - 1.0 - t / 2.0);
        let bars = [
            Shape::segment((a, top), (b, top), t),
            Shape::segment((a, bottom), (b, bottom), t),
        ];
        fill(&mut sprite, &bars, owner_colour(layer), 255);
    }
    let inset = 2.0;
    let px = |p: Point| {
        let (x, y) = at(p);
        (inset + x * (z - 2.0 * inset), inset + y * (z - 2.0 * inset))
    };
    let width = width.max(1.6);
    let (mut core, mut glow) = (Vec::new(), Vec::new());
    for (a, b) in pairs(s) {
        // A stroke between opposite corners passes the centre: draw it as two, so that each
        // half's zigzag is centred on its own midpoint.
        let opposite = matches!(
            (a, b),
            (Point::SW, Point::NE)
                | (Point::SE, Point::NW)
                | (Point::NE, Point::SW)
                | (Point::NW, Point::SE)
        );
        let legs: &[(Point, Point)] = if opposite {
            &[(a, Point::C), (Point::C, b)]
        } else {
            &[(a, b)]
        };
        for &(p, q) in legs {
            bolt(px(p), px(q), width, &mut core);
            if glow_width > 0.0 {
                bolt(px(p), px(q), width + glow_width, &mut glow);
            }
        }
    }
    if !glow.is_empty() {
        fill(&mut sprite, &glow, ink, 70);
    }
    fill(&mut sprite, &core, ink, 255);
    sprite
}

type TileKey = (Strokes, u32, Look);

/// Tiles by stroke set, size and look, drawn on first use and kept for the life of the process
/// (a few hundred at most): `'static`, so that canvases can stamp them.
fn cached_tile(s: Strokes, size: u32, look: Look) -> &'static Sprite {
    static CACHE: OnceLock<Mutex<HashMap<TileKey, &'static Sprite>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = match cache.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    map.entry((s, size, look))
        .or_insert_with(|| Box::leak(Box::new(tile(s, size, look))))
}

fn owner_colour(seat: usize) -> Rgb {
    if seat == 0 {
        palette::FIRST_OWNER
    } else {
        palette::SECOND_OWNER
    }
}

/// The header swatch: a tile in its owner's colour.
pub fn swatch(seat: usize) -> &'static Sprite {
    static SWATCHES: OnceLock<[Sprite; 2]> = OnceLock::new();
    &SWATCHES.get_or_init(|| {
        [0, 1].map(|seat| {
            let mut s = Sprite::new(SWATCH, SWATCH);
            let z = SWATCH as f32;
            let r = Shape::RoundRect {
                x0: 2.0,
                y0: 2.0,
                x1: z - 2.0,
                y1: z - 2.0,
                r: 4.0,
            };
            fill(&mut s, &[r], owner_colour(seat), 255);
            let mut shapes = Vec::new();
            bolt((6.0, z - 6.0), (z - 6.0, 6.0), 2.6, &mut shapes);
            fill(&mut s, &shapes, palette::NIGHT, 255);
            s
        })
    })[seat.min(1)]
}

fn background() -> &'static Backdrop {
    static BACKGROUND: OnceLock<Backdrop> = OnceLock::new();
    BACKGROUND.get_or_init(|| {
        let (w, h) = size();
        let mut c = Canvas::from_pixel(w, h, image::Rgb(palette::BACKGROUND));
        for half in 0..2 {
            let g = grid(half);
            g.fill_around(&mut c, 1, palette::NIGHT_GRID);
            for f in 0..FILES {
                for r in 0..RANKS {
                    let (x, y) = g.corner(f, r);
                    c.fill_rect(x + 1, y + 1, S - 1, S - 1, palette::NIGHT);
                }
            }
            // Finish: a chequered strip above rank 17. Start: the owner's colour under rank 1.
            let cell = 4;
            for i in 0..g.width() / cell {
                for j in 0..2 {
                    let colour = if (i + j) % 2 == 0 {
                        [0xf4; 3]
                    } else {
                        [0x14; 3]
                    };
                    c.fill_rect(g.x0 + i * cell, g.y0 - 11 + j * cell, cell, cell, colour);
                }
            }
            let bottom = g.y0 + g.height();
            c.fill_rect(g.x0, bottom + 3, g.width(), 6, owner_colour(half));
            let ink = palette::TEXT_DIM;
            for f in 0..FILES {
                let label = ((b'a' + f) as char).to_string();
                let x = g.center(f, 0).0;
                let y = bottom as f32 + 19.0;
                text::draw_aligned(
                    &mut c,
                    &label,
                    x,
                    y,
                    12.0,
                    Weight::Regular,
                    ink,
                    Align::Center,
                );
            }
        }
        let g = grid(0);
        let mid = (HALF_X[0] + g.width() + HALF_X[1]) as f32 / 2.0;
        for r in 0..RANKS {
            let y = g.center(0, r).1;
            let label = (r + 1).to_string();
            let ink = palette::TEXT_DIM;
            text::draw_aligned(
                &mut c,
                &label,
                mid,
                y,
                12.0,
                Weight::Regular,
                ink,
                Align::Center,
            );
        }
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
    for half in 0..2 {
        let g = grid(half);
        let name = if header.named.get(half).copied().unwrap_or(false) {
            Msg::new("pic-half").plain("name", header.names[half].clone())
        } else {
            Msg::new("pic-half-side").plain("side", ["first", "second"][half])
        };
        let name = name.text(header.lang);
        let name = text::fit(&name, 13.0, Weight::Bold, g.width() as f32);
        let x = g.x0 as f32 + g.width() as f32 / 2.0;
        let y = (TOP - 22) as f32;
        let ink = owner_colour(half);
        text::draw_aligned(c, &name, x, y, 13.0, Weight::Bold, ink, Align::Center);
        for f in 0..FILES {
            for r in 0..RANKS {
                if let Some(s) = view.tiles[half][f as usize][r as usize] {
                    let (x, y) = g.corner(f, r);
                    let look = view.looks[half][f as usize][r as usize];
                    c.stamp(cached_tile(s, S as u32, look), x, y);
                }
            }
        }
        if let Some(Placed::Square {
            half: h,
            file,
            rank,
        }) = view.placed
            && h == half
            && g.contains(file, rank)
        {
            let (x, y) = g.corner(file, rank);
            c.outline(x - 1, y - 1, S + 3, S + 3, 3, palette::BOLT_MOVED);
        }
    }
    draw_info(c, view, header.lang);
    draw_legend(c, view, header.lang);
}

/// The panel's first row (the reserve) and second row (the pile, the hand), as text baselines.
const ROW1: f32 = INFO_TOP as f32 + 16.0;
const ROW2: f32 = INFO_TOP as f32 + 46.0;
/// The panel's words' size.
const INFO_TEXT: f32 = 13.0;

/// The left edge of the reserve's icon of design `index` (see [`View::reserve`]): after the
/// word "Reserve" in `lang`.
fn reserve_icon_x(index: usize, lang: Lang) -> f32 {
    let reserve = Msg::new("pic-reserve").text(lang);
    12.0 + text::width(&reserve, INFO_TEXT, Weight::Bold)
        + 12.0
        + index as f32 * (ICON as f32 + 45.0)
}

/// The centre of the reserve's icon of design `index` in pictures in `lang`: where the coach
/// draws a tile taken from the reserve or put into it.
pub fn reserve_icon_center(index: usize, lang: Lang) -> (f32, f32) {
    (reserve_icon_x(index, lang) + ICON as f32 / 2.0, ROW1)
}

/// The reserve with counts, the pile, and the tile in hand.
fn draw_info(c: &mut Canvas, view: &View, lang: Lang) {
    let row1 = ROW1;
    let row2 = ROW2;
    let (ink, dim) = (palette::TEXT, palette::TEXT_DIM);
    let size = INFO_TEXT;
    let x = 12.0;
    let reserve = Msg::new("pic-reserve").text(lang);
    text::draw_aligned(c, &reserve, x, row1, size, Weight::Bold, ink, Align::Left);
    for (i, &(s, count)) in view.reserve.iter().enumerate() {
        let ix = reserve_icon_x(i, lang);
        let iy = (row1 - ICON as f32 / 2.0).round() as i32;
        c.stamp(cached_tile(s, ICON, Look::Connected), ix as i32, iy);
        if view.placed == Some(Placed::Reserve(i)) {
            c.outline(
                ix as i32 - 3,
                iy - 3,
                ICON as i32 + 6,
                ICON as i32 + 6,
                2,
                palette::BOLT_MOVED,
            );
        }
        let label = format!("×{count}");
        let (tone, weight) = if count == 0 {
            (dim, Weight::Regular)
        } else {
            (ink, Weight::Bold)
        };
        text::draw_aligned(
            c,
            &label,
            ix + ICON as f32 + 4.0,
            row1,
            15.0,
            weight,
            tone,
            Align::Left,
        );
    }
    let pile = Msg::new("pic-pile").num("n", view.pile as i64).text(lang);
    text::draw_aligned(c, &pile, x, row2, size, Weight::Regular, ink, Align::Left);
    let hx = 200.0;
    let in_hand = Msg::new("pic-in-hand").text(lang);
    let end = hx + text::width(&in_hand, size, Weight::Bold);
    text::draw_aligned(c, &in_hand, hx, row2, size, Weight::Bold, ink, Align::Left);
    match view.in_hand {
        Some((s, from_pile)) => {
            let iy = (row2 - ICON as f32 / 2.0).round() as i32;
            let ix = (end + 10.0) as i32;
            c.stamp(cached_tile(s, ICON, Look::Connected), ix, iy);
            if view.placed == Some(Placed::Hand) {
                c.outline(
                    ix - 3,
                    iy - 3,
                    ICON as i32 + 6,
                    ICON as i32 + 6,
                    2,
                    palette::BOLT_MOVED,
                );
            }
            let from = if from_pile {
                Msg::new("pic-from-pile")
            } else {
                Msg::new("pic-from-reserve")
            };
            let from = from.text(lang);
            let tx = ix as f32 + ICON as f32 + 8.0;
            text::draw_aligned(c, &from, tx, row2, size, Weight::Regular, dim, Align::Left);
        }
        None => {
            text::draw_aligned(
                c,
                &Msg::new("pic-nothing").text(lang),
                end + 10.0,
                row2,
                size,
                Weight::Regular,
                dim,
                Align::Left,
            );
        }
    }
}

/// Reads what to draw from the engine; `last` is the position before the last move, and it.
pub fn view(g: &Lightning, last: Option<(&Lightning, &LightningMove)>) -> View {
    let mut v = View::default();
    for half in Side::BOTH {
        for f in 0..FILES {
            for r in 0..RANKS {
                v.tiles[half.index()][f as usize][r as usize] =
                    g.tile_at(half, f, r).map(|d| strokes(d.strokes()));
            }
        }
    }
    for half in Side::BOTH {
        let looks = &mut v.looks[half.index()];
        for (f, r) in g.blocking_tiles(half) {
            looks[f as usize][r as usize] = Look::Blocking(half.opponent().index());
        }
        for (f, r) in g.connected_part(half) {
            looks[f as usize][r as usize] = Look::Connected;
        }
    }
    if let Some((side, path)) = g.winning_path() {
        for (f, r) in path {
            v.looks[side.index()][f as usize][r as usize] = Look::Path;
        }
    }
    let counts = g.reserve();
    v.reserve = Design::ALL
        .iter()
        .map(|d| (strokes(d.strokes()), counts[d.index()]))
        .collect();
    v.pile = g.pile_len();
    v.in_hand = g
        .in_hand()
        .map(|(source, d)| (strokes(d.strokes()), source == Source::Pile));
    if let Some((before, mv)) = last {
        let mover = before.status().to_move().unwrap_or(Side::First);
        v.placed = Some(match mv.target() {
            None => Placed::Hand,
            Some(Target::Own(file, rank)) => Placed::Square {
                half: mover.index(),
                file,
                rank,
            },
            Some(Target::Opponent(file, rank)) => Placed::Square {
                half: mover.opponent().index(),
                file,
                rank,
            },
            Some(Target::Reserve) => {
                // The design is that of the move, or of the tile that was in hand.
                let design = mv.design().or(before.in_hand().map(|(_, d)| d));
                match design {
                    Some(d) => Placed::Reserve(d.index()),
                    None => Placed::Hand,
                }
            }
        });
    }
    v
}
