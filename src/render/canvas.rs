//! Pixel buffers and antialiased drawing: an opaque RGB canvas for pictures, premultiplied RGBA
//! sprites for pieces and tiles (drawn once, then blitted), and shapes measured by signed distance
//! so that every edge gets a one-pixel antialiasing ramp.

use super::palette::{Rgb, mix_channel};

/// An opaque RGB picture, row by row.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Canvas {
    pub w: u32,
    pub h: u32,
    pub px: Vec<u8>,
}

impl Clone for Canvas {
    fn clone(&self) -> Self {
        Canvas {
            w: self.w,
            h: self.h,
            px: self.px.clone(),
        }
    }

    /// Copies into the existing buffer: redrawing a picture allocates nothing.
    fn clone_from(&mut self, source: &Self) {
        self.w = source.w;
        self.h = source.h;
        self.px.clone_from(&source.px);
    }
}

/// A premultiplied RGBA picture, drawn once and then blitted onto canvases.
#[derive(Clone, Debug)]
pub struct Sprite {
    pub w: u32,
    pub h: u32,
    pub px: Vec<[u8; 4]>,
}

/// Something that shapes and text can be painted on.
pub trait Paint {
    fn size(&self) -> (u32, u32);
    /// Paints `colour` over the pixel at (x, y), which is inside, with coverage `a` (0..=255).
    fn plot(&mut self, x: u32, y: u32, colour: Rgb, a: u8);
}

impl Canvas {
    pub fn new(w: u32, h: u32, fill: Rgb) -> Self {
        let mut px = Vec::with_capacity((w * h * 3) as usize);
        for _ in 0..w * h {
            px.extend_from_slice(&fill);
        }
        Canvas { w, h, px }
    }

    /// The colour at (x, y); black outside.
    #[cfg(test)]
    pub fn get(&self, x: u32, y: u32) -> Rgb {
        if x >= self.w || y >= self.h {
            return [0, 0, 0];
        }
        let i = ((y * self.w + x) * 3) as usize;
        [self.px[i], self.px[i + 1], self.px[i + 2]]
    }

    /// Fills a rectangle, clipped to the canvas.
    pub fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, colour: Rgb) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, w, h) else {
            return;
        };
        let row: Vec<u8> = (x0..x1).flat_map(|_| colour).collect();
        for yy in y0..y1 {
            let i = ((yy * self.w + x0) * 3) as usize;
            self.px[i..i + row.len()].copy_from_slice(&row);
        }
    }

    /// Composites a sprite with its top-left corner at (x, y), clipped.
    pub fn draw_sprite(&mut self, sprite: &Sprite, x: i32, y: i32) {
        let Some((x0, y0, x1, y1)) = self.clip(x, y, sprite.w as i32, sprite.h as i32) else {
            return;
        };
        for yy in y0..y1 {
            let sy = (yy as i32 - y) as u32;
            let srow = (sy * sprite.w) as usize;
            for xx in x0..x1 {
                let sx = (xx as i32 - x) as u32;
                let [r, g, b, a] = sprite.px[srow + sx as usize];
                if a == 0 {
                    continue;
                }
                let d = ((yy * self.w + xx) * 3) as usize;
                if a == 255 {
                    self.px[d..d + 3].copy_from_slice(&[r, g, b]);
                } else {
                    let keep = 255 - u32::from(a);
                    for (c, s) in self.px[d..d + 3].iter_mut().zip([r, g, b]) {
                        *c = (u32::from(s) + (u32::from(*c) * keep + 127) / 255).min(255) as u8;
                    }
                }
            }
        }
    }

    /// The part of a rectangle inside the canvas, as `x0, y0, x1, y1` (end exclusive).
    fn clip(&self, x: i32, y: i32, w: i32, h: i32) -> Option<(u32, u32, u32, u32)> {
        let x0 = x.max(0);
        let y0 = y.max(0);
        let x1 = x.saturating_add(w).min(self.w as i32);
        let y1 = y.saturating_add(h).min(self.h as i32);
        (x0 < x1 && y0 < y1).then_some((x0 as u32, y0 as u32, x1 as u32, y1 as u32))
    }
}

impl Paint for Canvas {
    fn size(&self) -> (u32, u32) {
        (self.w, self.h)
    }

    fn plot(&mut self, x: u32, y: u32, colour: Rgb, a: u8) {
        let i = ((y * self.w + x) * 3) as usize;
        for (c, s) in self.px[i..i + 3].iter_mut().zip(colour) {
            *c = mix_channel(s, *c, a);
        }
    }
}

impl Sprite {
    /// A fully transparent sprite.
    pub fn new(w: u32, h: u32) -> Self {
        Sprite {
            w,
            h,
            px: vec![[0; 4]; (w * h) as usize],
        }
    }
}

impl Paint for Sprite {
    fn size(&self) -> (u32, u32) {
        (self.w, self.h)
    }

    fn plot(&mut self, x: u32, y: u32, colour: Rgb, a: u8) {
        let p = &mut self.px[(y * self.w + x) as usize];
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

/// A shape, measured by its signed distance (negative inside) in pixels.
#[derive(Clone, Debug)]
pub enum Shape {
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
    },
    /// A circle's outline of width `2 * half`.
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

    pub fn segment(a: (f32, f32), b: (f32, f32), width: f32) -> Shape {
        Shape::Segment {
            a,
            b,
            half: width / 2.0,
        }
    }

    /// The signed distance from the point to the shape's edge; negative inside.
    fn distance(&self, x: f32, y: f32) -> f32 {
        match self {
            Shape::Circle { cx, cy, r } => (x - cx).hypot(y - cy) - r,
            Shape::Ring { cx, cy, r, half } => ((x - cx).hypot(y - cy) - r).abs() - half,
            Shape::Segment { a, b, half } => {
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len2 = dx * dx + dy * dy;
                let t = if len2 > 0.0 {
                    (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                (x - a.0 - t * dx).hypot(y - a.1 - t * dy) - half
            }
            Shape::Polygon(points) => {
                let n = points.len();
                if n < 3 {
                    return f32::INFINITY;
                }
                let area: f32 = (0..n)
                    .map(|i| {
                        let (p, q) = (points[i], points[(i + 1) % n]);
                        p.0 * q.1 - q.0 * p.1
                    })
                    .sum();
                let sign = if area >= 0.0 { 1.0 } else { -1.0 };
                let mut d = f32::NEG_INFINITY;
                for i in 0..n {
                    let (p, q) = (points[i], points[(i + 1) % n]);
                    let (ex, ey) = (q.0 - p.0, q.1 - p.1);
                    let len = ex.hypot(ey);
                    if len == 0.0 {
                        continue;
                    }
                    // Outward normal for a counter-clockwise polygon (y down: clockwise on screen).
                    let (nx, ny) = (ey / len * sign, -ex / len * sign);
                    d = d.max((x - p.0) * nx + (y - p.1) * ny);
                }
                d
            }
            Shape::RoundRect { x0, y0, x1, y1, r } => {
                let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                let (hx, hy) = ((x1 - x0) / 2.0 - r, (y1 - y0) / 2.0 - r);
                let (qx, qy) = ((x - cx).abs() - hx, (y - cy).abs() - hy);
                qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0) - r
            }
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
}

/// Fills the union of `shapes` with `colour` at `opacity` (0..=255), antialiased. Overlapping
/// shapes are painted once, so joints of a polyline show no seams.
pub fn fill<P: Paint>(p: &mut P, shapes: &[Shape], colour: Rgb, opacity: u8) {
    let (w, h) = p.size();
    let boxes: Vec<_> = shapes.iter().map(Shape::bounds).collect();
    let (bx0, by0, bx1, by1) = boxes.iter().fold(
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
    for y in y0..y1 {
        let fy = y as f32 + 0.5;
        for x in x0..x1 {
            let fx = x as f32 + 0.5;
            let mut d = f32::INFINITY;
            for (shape, b) in shapes.iter().zip(&boxes) {
                if fx < b.0 - 1.0 || fx > b.2 + 1.0 || fy < b.1 - 1.0 || fy > b.3 + 1.0 {
                    continue;
                }
                d = d.min(shape.distance(fx, fy));
            }
            let coverage = (0.5 - d).clamp(0.0, 1.0);
            if coverage > 0.0 {
                let a = (coverage * f32::from(opacity)).round() as u8;
                if a > 0 {
                    p.plot(x, y, colour, a);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_circle_is_solid_inside_soft_at_the_edge_and_absent_outside() {
        let mut c = Canvas::new(20, 20, [0, 0, 0]);
        fill(
            &mut c,
            &[Shape::circle(10.0, 10.0, 6.3)],
            [255, 255, 255],
            255,
        );
        assert_eq!(c.get(10, 10), [255, 255, 255]);
        assert_eq!(c.get(1, 1), [0, 0, 0]);
        let edge = c.get(16, 10)[0];
        assert!(
            edge > 0 && edge < 255,
            "edge pixel {edge} is not antialiased"
        );
    }

    #[test]
    fn a_sprite_blits_like_direct_painting() {
        let shapes = [
            Shape::circle(8.0, 8.0, 5.0),
            Shape::segment((2.0, 2.0), (14.0, 5.0), 3.0),
        ];
        let mut direct = Canvas::new(16, 16, [40, 90, 160]);
        fill(&mut direct, &shapes, [250, 200, 10], 255);
        let mut sprite = Sprite::new(16, 16);
        fill(&mut sprite, &shapes, [250, 200, 10], 255);
        let mut blitted = Canvas::new(16, 16, [40, 90, 160]);
        blitted.draw_sprite(&sprite, 0, 0);
        for (a, b) in direct.px.iter().zip(&blitted.px) {
            assert!(a.abs_diff(*b) <= 2, "{a} vs {b}");
        }
    }

    #[test]
    fn drawing_off_the_canvas_is_clipped() {
        let mut c = Canvas::new(8, 8, [0, 0, 0]);
        c.fill_rect(-5, -5, 100, 7, [9, 9, 9]);
        c.draw_sprite(&Sprite::new(4, 4), 6, 6);
        fill(&mut c, &[Shape::circle(-50.0, 4.0, 3.0)], [1, 1, 1], 255);
        assert_eq!(c.get(0, 0), [9, 9, 9]);
        assert_eq!(c.get(0, 3), [0, 0, 0]);
    }

    #[test]
    fn polygons_fill_in_either_winding() {
        for tri in [
            vec![(2.0, 2.0), (18.0, 2.0), (10.0, 18.0)],
            vec![(10.0, 18.0), (18.0, 2.0), (2.0, 2.0)],
        ] {
            let mut c = Canvas::new(20, 20, [0, 0, 0]);
            fill(&mut c, &[Shape::Polygon(tri)], [255, 0, 0], 255);
            assert_eq!(c.get(10, 8), [255, 0, 0]);
            assert_eq!(c.get(2, 16), [0, 0, 0]);
        }
    }
}
