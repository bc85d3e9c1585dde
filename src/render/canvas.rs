//! Canvases and sprites as `image` buffers: an opaque [`RgbImage`] for pictures and premultiplied
//! [`RgbaImage`] sprites for pieces and tiles (drawn once, then blitted). imageproc draws the
//! shapes: rectangles straight onto a canvas, and discs, polygons and boxes into a coverage mask at
//! [`SUPERSAMPLE`] times the resolution, averaged down with [`imageops::thumbnail`]. imageproc's
//! own filled discs and polygons have hard edges, so the supersampled mask is what smooths them;
//! compositing premultiplied sprites stays here, an integer blend being what keeps replays cheap.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use image::{GrayImage, Luma, Pixel, RgbImage, RgbaImage, imageops};
use imageproc::definitions::Image;
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut};
use imageproc::point::Point;
use imageproc::rect::Rect;

use super::palette::{Rgb, mix_channel};

/// Pixels per span: the unit in which a canvas remembers where it was drawn on.
pub const SPAN: usize = 16;

/// An opaque RGB picture that remembers which spans of [`SPAN`] pixels of its rows were drawn on
/// since it last took a backdrop's pixels ([`Canvas::restore`]): the next picture in the same
/// buffer restores only those, and the encoder takes the backdrop's indices for the rest without
/// looking at them. Read as an [`RgbImage`]; written only through [`Draw`] and [`Paint`], so that
/// no write goes unrecorded.
#[derive(Clone, Debug, Default)]
pub struct Canvas {
    image: RgbImage,
    /// One state per span, row after row, since the last restore: [`CLEAN`] (the backdrop's
    /// pixels), [`DRAWN`], or `STAMPED + k`: exactly as the `k`th stamp of `stamped` left it.
    drawn: Vec<u16>,
    /// The backdrop (its id) whose pixels the canvas holds wherever `drawn` is [`CLEAN`].
    over: Option<u64>,
    /// The stamps laid since the last restore, which the spans marked with them show.
    stamped: Vec<Arc<Stamp>>,
    /// Stamps laid before, by sprite (its address), backdrop and place.
    stamps: HashMap<StampKey, Arc<Stamp>, rustc_hash::FxBuildHasher>,
    /// Bytes of pixels held by `stamps`.
    stamps_bytes: usize,
    /// Pictures over other backdrops, kept for their next restore (least recently used
    /// first): a thread that draws the four games in turn copies only what it drew since,
    /// not a whole megabyte of background each time it changes game.
    spare: Vec<Spare>,
}

/// Backdrops whose last picture a canvas keeps besides its own: with it, one for each of
/// today's seven backdrops (Lines of Action's four board shapes and one a game for the
/// others), about 1 MB each.
const SPARES: usize = 6;

/// A picture kept by a canvas for its backdrop's next restore.
#[derive(Clone, Debug)]
struct Spare {
    image: RgbImage,
    drawn: Vec<u16>,
    over: u64,
}

/// A span's state: the backdrop's pixels.
pub const CLEAN: u16 = 0;
/// A span's state: drawn on.
pub const DRAWN: u16 = 1;
/// A span's state from this value on: showing the stamp `state - STAMPED` of the picture.
pub const STAMPED: u16 = 2;

/// A stamp's key: the sprite's address (a `'static` sprite's, never another's), the backdrop's
/// id, and the sprite's top-left corner.
type StampKey = (usize, u64, i32, i32);

/// Bytes of RGB pixels a canvas keeps in stamps at most (their palette indices add a third),
/// beyond which it forgets them all: about the stones of every square of every board, twice.
const STAMPS_KEPT: usize = 24 << 20;

/// A `'static` sprite composited over a backdrop at one place, kept: every span its visible
/// pixels touch, as drawn, and (once encoded) as palette indices. Laying it again copies those
/// spans instead of blending the sprite, and the encoder copies their indices instead of
/// looking them up: the same pixels and the same file.
#[derive(Debug)]
pub struct Stamp {
    /// Per row of the sprite that shows, top to bottom: the canvas row, its first and last
    /// pixel (excluded), whole spans, and where its pixels start in `rgb` (in pixels).
    rows: Vec<StampRow>,
    rgb: Vec<u8>,
    /// The palette indices of `rgb` under one quantizer, and which (its id).
    indices: OnceLock<(u64, Vec<u8>)>,
}

#[derive(Clone, Copy, Debug)]
struct StampRow {
    y: usize,
    x0: usize,
    x1: usize,
    at: usize,
}

impl StampRow {
    /// Where the row's span states are in a canvas of `spans` spans a row.
    fn states(&self, spans: usize) -> std::ops::Range<usize> {
        self.y * spans + self.x0 / SPAN..self.y * spans + self.x1.div_ceil(SPAN)
    }
}

impl Stamp {
    /// The palette indices of spans `spans` of canvas row `y`, which the stamp covers, under
    /// the quantizer `id`; `index` gives the indices of all the stamp's pixels the first time.
    /// `None` for another quantizer than the first, or spans it does not cover.
    pub fn indices(
        &self,
        id: u64,
        y: usize,
        spans: std::ops::Range<usize>,
        index: impl FnOnce(&[u8]) -> Vec<u8>,
    ) -> Option<&[u8]> {
        let (of, indices) = self.indices.get_or_init(|| (id, index(&self.rgb)));
        let row = &self.rows[self.rows.binary_search_by_key(&y, |r| r.y).ok()?];
        let (x0, x1) = (spans.start * SPAN, (spans.end * SPAN).min(row.x1));
        if *of != id || x0 < row.x0 || x0 >= x1 {
            return None;
        }
        indices.get(row.at + x0 - row.x0..row.at + x1 - row.x0)
    }
}

impl Canvas {
    /// A canvas of black pixels.
    pub fn new(width: u32, height: u32) -> Self {
        RgbImage::new(width, height).into()
    }

    /// A canvas of one colour.
    pub fn from_pixel(width: u32, height: u32, colour: image::Rgb<u8>) -> Self {
        RgbImage::from_pixel(width, height, colour).into()
    }

    pub fn into_image(self) -> RgbImage {
        self.image
    }

    /// Spans per row.
    fn spans(&self) -> usize {
        (self.image.width() as usize).div_ceil(SPAN)
    }

    /// The backdrop (its id) the canvas shows wherever [`Canvas::drawn`] says it was not drawn
    /// on; `None` until it first takes one.
    pub fn over(&self) -> Option<u64> {
        self.over
    }

    /// Row `y`'s states, one a span (`x / SPAN`), since the last restore: [`CLEAN`],
    /// [`DRAWN`], or stamped (see [`Canvas::stamp_of`]).
    pub fn drawn(&self, y: usize) -> &[u16] {
        let spans = self.spans();
        &self.drawn[y * spans..(y + 1) * spans]
    }

    /// Takes the pixels of `backdrop` (id `id`, never reused for other pixels): only the spans
    /// drawn on since, when it already holds them; else all of them.
    pub fn restore(&mut self, id: u64, backdrop: &RgbImage) {
        if self.over != Some(id) {
            self.switch(id);
        }
        if self.over == Some(id) && self.image.dimensions() == backdrop.dimensions() {
            let (spans, row) = (self.spans(), 3 * self.image.width() as usize);
            let (to, from) = (&mut *self.image, backdrop.as_raw());
            // Each row's runs of drawn spans in one copy each.
            for (y, drawn) in self.drawn.chunks_exact_mut(spans.max(1)).enumerate() {
                let mut x = 0;
                while let Some(first) = drawn[x..].iter().position(|&d| d != CLEAN) {
                    let start = x + first;
                    let len = drawn[start..].iter().take_while(|&&d| d != CLEAN).count();
                    drawn[start..start + len].fill(CLEAN);
                    x = start + len;
                    let bytes = y * row + 3 * SPAN * start..y * row + (3 * SPAN * x).min(row);
                    to[bytes.clone()].copy_from_slice(&from[bytes]);
                }
            }
        } else {
            self.image.clone_from(backdrop);
            self.drawn.clear();
            self.drawn
                .resize(self.spans() * self.image.height() as usize, CLEAN);
        }
        self.stamped.clear();
        self.over = Some(id);
    }

    /// Makes the picture kept for backdrop `id` the canvas's own, keeping the current one
    /// aside; without one kept, the canvas takes the buffers of the least recently used.
    fn switch(&mut self, id: u64) {
        let kept = self.spare.iter().position(|s| s.over == id);
        let taken = match kept {
            Some(i) => Some(self.spare.remove(i)),
            None if self.spare.len() >= SPARES => Some(self.spare.remove(0)),
            None => None,
        };
        let previous = self.over.take();
        let (image, drawn) = match taken {
            Some(s) => {
                // An evicted picture's buffers are reused; its pixels are no backdrop's.
                self.over = (s.over == id).then_some(id);
                (s.image, s.drawn)
            }
            None => (RgbImage::default(), Vec::new()),
        };
        let image = std::mem::replace(&mut self.image, image);
        let drawn = std::mem::replace(&mut self.drawn, drawn);
        if let Some(over) = previous {
            self.spare.push(Spare { image, drawn, over });
        }
    }

    /// Records a drawing on the pixels from `x0` to `x1` (excluded) of rows `y0` to `y1`
    /// (excluded), already clipped to the canvas.
    fn mark(&mut self, (x0, y0): (usize, usize), (x1, y1): (usize, usize)) {
        if x0 >= x1 || self.over.is_none() {
            return;
        }
        let spans = self.spans();
        for y in y0..y1 {
            self.drawn[y * spans + x0 / SPAN..=y * spans + (x1 - 1) / SPAN].fill(DRAWN);
        }
    }

    /// The stamp a span in state `state` shows, if it is a stamped one.
    pub fn stamp_of(&self, state: u16) -> Option<&Stamp> {
        let k = state.checked_sub(STAMPED)?;
        self.stamped.get(usize::from(k)).map(|s| &**s)
    }

    /// Composites a `'static` sprite with its top-left corner at (x, y), as
    /// [`Draw::draw_sprite`] does, but keeps the result by place and backdrop: the rows whose
    /// spans still show the backdrop take the kept pixels in one copy each, and the encoder
    /// finds their indices ready. Rows drawn on already are blended as usual.
    pub fn stamp(&mut self, sprite: &'static Sprite, x: i32, y: i32) {
        let (Some(over), Ok(k)) = (self.over, u16::try_from(self.stamped.len())) else {
            return self.draw_sprite(sprite, x, y);
        };
        let Some(state) = k.checked_add(STAMPED) else {
            return self.draw_sprite(sprite, x, y);
        };
        let key = (std::ptr::from_ref(sprite) as usize, over, x, y);
        let stamp = match self.stamps.get(&key) {
            Some(stamp) => stamp.clone(),
            None => match self.new_stamp(sprite, x, y) {
                Some(stamp) => {
                    let stamp = Arc::new(stamp);
                    if self.stamps_bytes + stamp.rgb.len() > STAMPS_KEPT {
                        self.stamps.clear();
                        self.stamps_bytes = 0;
                    }
                    self.stamps_bytes += stamp.rgb.len();
                    self.stamps.insert(key, stamp.clone());
                    stamp
                }
                None => return self.draw_sprite(sprite, x, y),
            },
        };
        let (spans, width) = (self.spans(), self.image.width() as usize);
        let mut laid = false;
        for row in &stamp.rows {
            let states = &mut self.drawn[row.states(spans)];
            if states.iter().all(|&s| s == CLEAN) {
                states.fill(state);
                let to = 3 * (row.y * width + row.x0)..3 * (row.y * width + row.x1);
                let from = 3 * row.at..3 * (row.at + row.x1 - row.x0);
                (*self.image)[to].copy_from_slice(&stamp.rgb[from]);
                laid = true;
            } else {
                self.blend_row(sprite, x, y, row.y as i32);
            }
        }
        if laid {
            self.stamped.push(stamp);
        }
    }

    /// The stamp of `sprite` at (x, y) over the backdrop, made from the canvas's pixels: `None`
    /// unless every span it touches still shows the backdrop.
    fn new_stamp(&self, sprite: &Sprite, x: i32, y: i32) -> Option<Stamp> {
        let (spans, width) = (self.spans(), self.image.width() as usize);
        let mut stamp = Stamp {
            rows: Vec::new(),
            rgb: Vec::new(),
            indices: OnceLock::new(),
        };
        for yy in self.rows_under(sprite, y) {
            let Some((visible, (l, r))) = self.visible(sprite, x, y, yy) else {
                continue;
            };
            let yy = yy as usize;
            let (x0, x1) = (l / SPAN * SPAN, (r.div_ceil(SPAN) * SPAN).min(width));
            let at = stamp.rgb.len() / 3;
            let row = StampRow { y: yy, x0, x1, at };
            if self.drawn[row.states(spans)].iter().any(|&s| s != CLEAN) {
                return None;
            }
            stamp.rgb.extend_from_slice(
                &self.image.as_raw()[3 * (yy * width + x0)..3 * (yy * width + x1)],
            );
            blend(
                visible,
                &mut stamp.rgb[3 * (at + l - x0)..3 * (at + r - x0)],
            );
            stamp.rows.push(row);
        }
        (!stamp.rows.is_empty()).then_some(stamp)
    }

    /// Row `yy` of the canvas under a sprite at (x, y): its visible pixels, from the first to
    /// the last that shows, and the canvas columns they cover (the last excluded).
    fn visible<'s>(
        &self,
        sprite: &'s Sprite,
        x: i32,
        y: i32,
        yy: i32,
    ) -> Option<(&'s [u8], (usize, usize))> {
        let (w, h) = (self.width() as i32, self.height() as i32);
        let x0 = x.max(0);
        let x1 = x.saturating_add(sprite.width() as i32).min(w);
        if x0 >= x1 || yy < y.max(0) || yy >= y.saturating_add(sprite.height() as i32).min(h) {
            return None;
        }
        let stride = sprite.width() as usize * 4;
        let (sx0, sx1) = ((x0 - x) as usize * 4, (x1 - x) as usize * 4);
        let srow = (yy - y) as usize * stride;
        let from = sprite.as_raw().get(srow + sx0..srow + sx1)?;
        let shows = |p: &[u8]| p[3] != 0;
        let first = from.chunks_exact(4).position(shows)?;
        let last = from.chunks_exact(4).rposition(shows).unwrap_or(first);
        Some((
            &from[4 * first..4 * (last + 1)],
            (x0 as usize + first, x0 as usize + last + 1),
        ))
    }

    /// The canvas rows a sprite whose top is at `y` covers.
    fn rows_under(&self, sprite: &Sprite, y: i32) -> std::ops::Range<i32> {
        y.max(0)
            ..y.saturating_add(sprite.height() as i32)
                .min(self.height() as i32)
    }

    /// Blends row `yy` of the canvas under a sprite at (x, y) and marks it drawn.
    fn blend_row(&mut self, sprite: &Sprite, x: i32, y: i32, yy: i32) {
        let Some((from, (l, r))) = self.visible(sprite, x, y, yy) else {
            return;
        };
        let yy = yy as usize;
        self.mark((l, yy), (r, yy + 1));
        let row = yy * self.image.width() as usize * 3;
        blend(from, &mut (*self.image)[row + 3 * l..row + 3 * r]);
    }
}

/// Composites premultiplied RGBA pixels over as many opaque RGB ones.
fn blend(from: &[u8], to: &mut [u8]) {
    for (s, d) in from.chunks_exact(4).zip(to.chunks_exact_mut(3)) {
        match s[3] {
            0 => {}
            255 => d.copy_from_slice(&s[..3]),
            a => {
                let keep = 255 - u32::from(a);
                for (c, &v) in d.iter_mut().zip(&s[..3]) {
                    *c = (u32::from(v) + (u32::from(*c) * keep + 127) / 255).min(255) as u8;
                }
            }
        }
    }
}

impl From<RgbImage> for Canvas {
    fn from(image: RgbImage) -> Self {
        Canvas {
            image,
            drawn: Vec::new(),
            over: None,
            stamped: Vec::new(),
            stamps: HashMap::default(),
            stamps_bytes: 0,
            spare: Vec::new(),
        }
    }
}

impl std::ops::Deref for Canvas {
    type Target = RgbImage;

    fn deref(&self) -> &RgbImage {
        &self.image
    }
}

/// A premultiplied RGBA picture, drawn once and then blitted onto canvases.
pub type Sprite = RgbaImage;

/// Samples per pixel along each axis when shapes are rasterized.
const SUPERSAMPLE: u32 = 4;

/// Something that shapes and text can be painted on.
pub trait Paint {
    fn size(&self) -> (u32, u32);
    /// Paints `colour` over the pixel at (x, y), which is inside, with coverage `a` (0..=255).
    fn plot(&mut self, x: u32, y: u32, colour: Rgb, a: u8);
}

/// Rectangles and sprites on a canvas.
pub trait Draw {
    /// Fills a rectangle, clipped to the canvas.
    fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, colour: Rgb);
    /// Composites a sprite with its top-left corner at (x, y), clipped.
    fn draw_sprite(&mut self, sprite: &Sprite, x: i32, y: i32);

    /// A frame `t` pixels thick inside a rectangle.
    fn outline(&mut self, x: i32, y: i32, w: i32, h: i32, t: i32, colour: Rgb) {
        self.fill_rect(x, y, w, t, colour);
        self.fill_rect(x, y + h - t, w, t, colour);
        self.fill_rect(x, y + t, t, h - 2 * t, colour);
        self.fill_rect(x + w - t, y + t, t, h - 2 * t, colour);
    }
}

impl Draw for Canvas {
    fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, colour: Rgb) {
        let (x0, y0) = (i64::from(x), i64::from(y));
        let drawn = fill_box(
            &mut self.image,
            (x0, y0),
            (x0 + i64::from(w), y0 + i64::from(h)),
            image::Rgb(colour),
        );
        if let Some((from, to)) = drawn {
            self.mark(from, to);
        }
    }

    // `imageops::overlay` wants the same pixel type on both sides and blends in floating point;
    // an integer blend of premultiplied pixels keeps the replays' hundred frames cheap.
    fn draw_sprite(&mut self, sprite: &Sprite, x: i32, y: i32) {
        for yy in self.rows_under(sprite, y) {
            // Only the row's pixels from its first to its last visible one are drawn and
            // marked: a stone's transparent margins stay the backdrop's, unseen by the encoder.
            self.blend_row(sprite, x, y, yy);
        }
    }
}

impl Paint for Canvas {
    fn size(&self) -> (u32, u32) {
        self.dimensions()
    }

    fn plot(&mut self, x: u32, y: u32, colour: Rgb, a: u8) {
        let (x, y) = (x as usize, y as usize);
        self.mark((x, y), (x + 1, y + 1));
        let p = &mut self.image.get_pixel_mut(x as u32, y as u32).0;
        for (c, s) in p.iter_mut().zip(colour) {
            *c = mix_channel(s, *c, a);
        }
    }
}

impl Paint for Sprite {
    fn size(&self) -> (u32, u32) {
        self.dimensions()
    }

    fn plot(&mut self, x: u32, y: u32, colour: Rgb, a: u8) {
        let p = &mut self.get_pixel_mut(x, y).0;
        let keep = 255 - u32::from(a);
        let src = [
            mix_channel(colour[0], 0, a),
            mix_channel(colour[1], 0, a),
            mix_channel(colour[2], 0, a),
            a,
        ];
        for (c, s) in p.iter_mut().zip(src) {
            *c = (u32::from(s) + (u32::from(*c) * keep + 127) / 255).min(255) as u8;
        }
    }
}

/// Composites premultiplied `top` over `bottom` of the same size.
pub fn stack(bottom: &mut Sprite, top: &Sprite) {
    for (d, p) in bottom.pixels_mut().zip(top.pixels()) {
        let keep = 255 - u32::from(p[3]);
        for i in 0..4 {
            d[i] = (u32::from(p[i]) + (u32::from(d[i]) * keep + 127) / 255).min(255) as u8;
        }
    }
}

/// A shape in pixel coordinates (pixel centres at .5).
#[derive(Clone, Debug)]
pub enum Shape {
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
    },
    /// A circle's outline of width `2 * half`; its hole also clears shapes listed before it.
    Ring {
        cx: f32,
        cy: f32,
        r: f32,
        half: f32,
    },
    /// A thick line with round ends, of width `2 * half`.
    Segment {
        a: (f32, f32),
        b: (f32, f32),
        half: f32,
    },
    /// A convex polygon, in either winding.
    Polygon(Vec<(f32, f32)>),
    /// A rectangle with rounded corners.
    RoundRect {
        x0: f32,
        y0: f32,
        x1: f32,
        y1: f32,
        r: f32,
    },
}

impl Shape {
    pub fn circle(cx: f32, cy: f32, r: f32) -> Shape {
        Shape::Circle { cx, cy, r }
    }

    /// A square of side `z` from the origin (a whole sprite), its corners rounded by `corner`
    /// times its side.
    pub fn tile(z: f32, corner: f32) -> Shape {
        Shape::RoundRect {
            x0: 0.0,
            y0: 0.0,
            x1: z,
            y1: z,
            r: z * corner,
        }
    }

    pub fn segment(a: (f32, f32), b: (f32, f32), width: f32) -> Shape {
        Shape::Segment {
            a,
            b,
            half: width / 2.0,
        }
    }

    /// A box around the shape: `x0, y0, x1, y1`.
    fn bounds(&self) -> (f32, f32, f32, f32) {
        match self {
            Shape::Circle { cx, cy, r } => (cx - r, cy - r, cx + r, cy + r),
            Shape::Ring { cx, cy, r, half } => {
                let e = r + half;
                (cx - e, cy - e, cx + e, cy + e)
            }
            Shape::Segment { a, b, half } => (
                a.0.min(b.0) - half,
                a.1.min(b.1) - half,
                a.0.max(b.0) + half,
                a.1.max(b.1) + half,
            ),
            Shape::Polygon(points) => points.iter().fold(
                (
                    f32::INFINITY,
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                    f32::NEG_INFINITY,
                ),
                |(a, b, c, d), p| (a.min(p.0), b.min(p.1), c.max(p.0), d.max(p.1)),
            ),
            Shape::RoundRect { x0, y0, x1, y1, .. } => (*x0, *y0, *x1, *y1),
        }
    }

    /// Rasterizes the shape into `mask`, whose sample (0, 0) covers the pixel at `origin`.
    fn rasterize(&self, mask: &mut GrayImage, origin: (u32, u32)) {
        let k = SUPERSAMPLE as f32;
        let at = |x: f32, y: f32| ((x - origin.0 as f32) * k, (y - origin.1 as f32) * k);
        let on = Luma([255u8]);
        match self {
            Shape::Circle { cx, cy, r } => disc(mask, at(*cx, *cy), r * k, on),
            Shape::Ring { cx, cy, r, half } => {
                disc(mask, at(*cx, *cy), (r + half) * k, on);
                disc(mask, at(*cx, *cy), (r - half) * k, Luma([0]));
            }
            Shape::Segment { a, b, half } => {
                let (pa, pb, h) = (at(a.0, a.1), at(b.0, b.1), half * k);
                disc(mask, pa, h, on);
                disc(mask, pb, h, on);
                let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1);
                let len = dx.hypot(dy);
                if len > 0.0 {
                    let (nx, ny) = (-dy / len * h, dx / len * h);
                    let quad = [
                        (pa.0 + nx, pa.1 + ny),
                        (pb.0 + nx, pb.1 + ny),
                        (pb.0 - nx, pb.1 - ny),
                        (pa.0 - nx, pa.1 - ny),
                    ];
                    polygon(mask, &quad, on);
                }
            }
            Shape::Polygon(points) => {
                let scaled: Vec<_> = points.iter().map(|p| at(p.0, p.1)).collect();
                polygon(mask, &scaled, on);
            }
            Shape::RoundRect { x0, y0, x1, y1, r } => {
                let (a, b, r) = (at(*x0, *y0), at(*x1, *y1), r * k);
                // The samples whose centres are inside: from round(x0) to round(x1), excluded.
                let rect = |x0: f32, y0: f32, x1: f32, y1: f32| {
                    let round = |v: f32| v.round() as i64;
                    ((round(x0), round(y0)), (round(x1), round(y1)))
                };
                let bars = [
                    rect(a.0 + r, a.1, b.0 - r, b.1),
                    rect(a.0, a.1 + r, b.0, b.1 - r),
                ];
                for (from, to) in bars {
                    fill_box(mask, from, to, on);
                }
                for (x, y) in [(a.0 + r, a.1 + r), (b.0 - r, a.1 + r)] {
                    disc(mask, (x, y), r, on);
                    disc(mask, (x, y + (b.1 - a.1) - 2.0 * r), r, on);
                }
            }
        }
    }
}

/// Sets the pixels from `from` (included) to `to` (excluded), clipped to the image, and returns
/// the box set; an empty box sets none.
fn fill_box<P: Pixel>(
    image: &mut Image<P>,
    from: (i64, i64),
    to: (i64, i64),
    value: P,
) -> Option<((usize, usize), (usize, usize))> {
    // Clipped first, so that the box's size fits imageproc's `u32` and its corner an `i32`.
    let (w, h) = (i64::from(image.width()), i64::from(image.height()));
    let (x0, y0) = (from.0.clamp(0, w), from.1.clamp(0, h));
    let (x1, y1) = (to.0.clamp(0, w), to.1.clamp(0, h));
    if x0 >= x1 || y0 >= y1 {
        return None;
    }
    let rect = Rect::at(x0 as i32, y0 as i32).of_size((x1 - x0) as u32, (y1 - y0) as u32);
    draw_filled_rect_mut(image, rect, value);
    Some(((x0 as usize, y0 as usize), (x1 as usize, y1 as usize)))
}

/// A disc of samples around a centre given in sample coordinates (sample centres at .5): the
/// centre and radius rounded to whole samples, so that a small disc stays round and full.
fn disc(mask: &mut GrayImage, (x, y): (f32, f32), r: f32, value: Luma<u8>) {
    if r <= 0.0 {
        return;
    }
    let centre = ((x - 0.5).round() as i32, (y - 0.5).round() as i32);
    draw_filled_circle_mut(mask, centre, r.round() as i32, value);
}

/// A polygon in sample coordinates, its corners rounded to the nearest sample centre.
fn polygon(mask: &mut GrayImage, points: &[(f32, f32)], value: Luma<u8>) {
    if points.len() < 3 || points.iter().any(|p| !(p.0.is_finite() && p.1.is_finite())) {
        return;
    }
    let corners: Vec<Point<i32>> = points
        .iter()
        // Far enough outside any picture, and small enough that imageproc's sums of
        // coordinates never overflow.
        .map(|&(x, y)| {
            let at = |v: f32| (v - 0.5).round().clamp(-1e6, 1e6) as i32;
            Point::new(at(x), at(y))
        })
        .collect();
    draw_polygon_mut(mask, &corners, value);
}

/// Fills the union of `shapes` with `colour` at `opacity` (0..=255), antialiased. Overlapping
/// shapes are painted once, so joints of a polyline show no seams.
pub fn fill<P: Paint>(p: &mut P, shapes: &[Shape], colour: Rgb, opacity: u8) {
    let (w, h) = p.size();
    let (bx0, by0, bx1, by1) = shapes.iter().map(Shape::bounds).fold(
        (
            f32::INFINITY,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
        ),
        |(a, b, c, d), s| (a.min(s.0), b.min(s.1), c.max(s.2), d.max(s.3)),
    );
    if !(bx0.is_finite() && by0.is_finite() && bx1.is_finite() && by1.is_finite()) {
        return;
    }
    let x0 = (bx0 - 1.0).floor().max(0.0) as u32;
    let y0 = (by0 - 1.0).floor().max(0.0) as u32;
    let x1 = ((bx1 + 1.0).ceil().max(0.0) as u32).min(w);
    let y1 = ((by1 + 1.0).ceil().max(0.0) as u32).min(h);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let (mw, mh) = (x1 - x0, y1 - y0);
    let mut mask = GrayImage::new(mw * SUPERSAMPLE, mh * SUPERSAMPLE);
    for shape in shapes {
        shape.rasterize(&mut mask, (x0, y0));
    }
    let coverage = imageops::thumbnail(&mask, mw, mh);
    for (x, y, &Luma([c])) in coverage.enumerate_pixels() {
        let a = ((u32::from(c) * u32::from(opacity) + 127) / 255) as u8;
        if a > 0 {
            p.plot(x0 + x, y0 + y, colour, a);
        }
    }
}
