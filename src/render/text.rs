//! Text in DejaVu Sans (shipped in `assets/` with its licence), with a cache of rasterized
//! glyphs so that headers cost little after the first picture.
//!
//! Not `imageproc::drawing::draw_text_mut`: in imageproc 0.25 (the last release for our Rust
//! 1.85) it kerns each pair reversed and one glyph late, places text at whole pixels only, and
//! outlines every glyph on every call. ab_glyph still rasterizes; this module lays out and caches.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use super::canvas::Paint;
use super::palette::Rgb;

static REGULAR: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// Longest text drawn, in characters: user-supplied names are cut well before this.
const MAX_CHARS: usize = 200;
/// Sub-pixel steps of the pen position: glyph bitmaps are cached per step.
const SUBPIXEL: f32 = 4.0;
/// Glyph bitmaps kept at most; past that the cache starts again (names can use any glyph).
const CACHE_LIMIT: usize = 20_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

fn font(weight: Weight) -> &'static FontRef<'static> {
    static FONTS: OnceLock<[FontRef<'static>; 2]> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        // The fonts are compiled in and known to parse (the tests draw with both).
        let load = |bytes| FontRef::try_from_slice(bytes).expect("embedded DejaVu font is valid");
        [load(REGULAR), load(BOLD)]
    });
    &fonts[weight as usize]
}

/// A rasterized glyph: coverage bytes and the offset of its top-left from the pen.
struct Bitmap {
    left: i32,
    top: i32,
    w: u32,
    h: u32,
    coverage: Vec<u8>,
}

type Key = (Weight, u16, u32, u8);

fn cache() -> &'static Mutex<HashMap<Key, Option<Arc<Bitmap>>>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Option<Arc<Bitmap>>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn rasterize(weight: Weight, id: GlyphId, size: f32, step: u8) -> Option<Arc<Bitmap>> {
    let glyph =
        id.with_scale_and_position(PxScale::from(size), point(f32::from(step) / SUBPIXEL, 0.0));
    let outlined = font(weight).outline_glyph(glyph)?;
    let b = outlined.px_bounds();
    let (w, h) = (b.width() as u32, b.height() as u32);
    let mut coverage = vec![0u8; (w * h) as usize];
    outlined.draw(|x, y, c| {
        if x < w && y < h {
            coverage[(y * w + x) as usize] = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        }
    });
    Some(Arc::new(Bitmap {
        left: b.min.x as i32,
        top: b.min.y as i32,
        w,
        h,
        coverage,
    }))
}

/// The glyph of a character. A no-break space the font lacks (French puts a narrow one before
/// `: ; ! ?` and inside « ») is drawn as a plain space: it must advance, never show a box.
fn glyph_id<F: Font>(f: &F, c: char) -> GlyphId {
    let id = f.glyph_id(c);
    if id.0 == 0 && matches!(c, '\u{202F}' | '\u{00A0}' | '\u{2009}') {
        f.glyph_id(' ')
    } else {
        id
    }
}

/// The characters that will be drawn: control characters dropped, length bounded.
fn clean(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().filter(|c| !c.is_control()).take(MAX_CHARS)
}

/// The advance width of `text` in pixels.
pub fn width(text: &str, size: f32, weight: Weight) -> f32 {
    let f = font(weight).as_scaled(PxScale::from(size));
    let mut w = 0.0;
    let mut prev: Option<GlyphId> = None;
    for c in clean(text) {
        let id = glyph_id(font(weight), c);
        if let Some(p) = prev {
            w += f.kern(p, id);
        }
        w += f.h_advance(id);
        prev = Some(id);
    }
    w
}

/// Draws `text` with its baseline at `y` starting at `x`; returns the pen position at the end.
pub fn draw<P: Paint>(
    p: &mut P,
    text: &str,
    x: f32,
    y: f32,
    size: f32,
    weight: Weight,
    colour: Rgb,
) -> f32 {
    let f = font(weight).as_scaled(PxScale::from(size));
    let size_key = (size * 4.0).round() as u32;
    let baseline = y.round() as i32;
    let (pw, ph) = p.size();
    let mut pen = x;
    let mut prev: Option<GlyphId> = None;
    let mut cache = match cache().lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    if cache.len() > CACHE_LIMIT {
        cache.clear();
    }
    for c in clean(text) {
        let id = glyph_id(font(weight), c);
        if let Some(p) = prev {
            pen += f.kern(p, id);
        }
        prev = Some(id);
        let whole = pen.floor();
        let step = (((pen - whole) * SUBPIXEL).floor() as u8).min(SUBPIXEL as u8 - 1);
        let bitmap = cache
            .entry((weight, id.0, size_key, step))
            .or_insert_with(|| rasterize(weight, id, size, step))
            .clone();
        if let Some(b) = bitmap {
            let ox = whole as i32 + b.left;
            let oy = baseline + b.top;
            for gy in 0..b.h {
                let py = oy + gy as i32;
                if py < 0 || py >= ph as i32 {
                    continue;
                }
                for gx in 0..b.w {
                    let px = ox + gx as i32;
                    let a = b.coverage[(gy * b.w + gx) as usize];
                    if a > 0 && px >= 0 && px < pw as i32 {
                        p.plot(px as u32, py as u32, colour, a);
                    }
                }
            }
        }
        pen += f.h_advance(id);
    }
    pen
}

/// Where to put a text relative to the x given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// Draws `text` aligned at `x` with the middle of its capital letters at `mid_y`.
#[allow(clippy::too_many_arguments)]
pub fn draw_aligned<P: Paint>(
    p: &mut P,
    text: &str,
    x: f32,
    mid_y: f32,
    size: f32,
    weight: Weight,
    colour: Rgb,
    align: Align,
) {
    let w = width(text, size, weight);
    let left = match align {
        Align::Left => x,
        Align::Center => x - w / 2.0,
        Align::Right => x - w,
    };
    // DejaVu's capital height is 0.729 em.
    draw(
        p,
        text,
        left,
        mid_y + 0.729 * size / 2.0,
        size,
        weight,
        colour,
    );
}

/// `text` shortened with an ellipsis so that it is at most `max` pixels wide.
pub fn fit(text: &str, size: f32, weight: Weight, max: f32) -> String {
    let text: String = clean(text).collect();
    if width(&text, size, weight) <= max {
        return text;
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if width(&candidate, size, weight) <= max {
            return candidate;
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::Canvas;

    #[test]
    fn both_fonts_draw_ink_inside_the_text_box() {
        for weight in [Weight::Regular, Weight::Bold] {
            let mut c = Canvas::new(120, 30);
            let end = draw(&mut c, "Move 12 · b1×b3", 4.0, 20.0, 14.0, weight, [255; 3]);
            assert!((end - 4.0 - width("Move 12 · b1×b3", 14.0, weight)).abs() < 0.01);
            let ink = c.as_raw().iter().filter(|&&v| v > 0).count();
            assert!(ink > 100, "{weight:?}: only {ink} inked bytes");
            assert!(
                (0..30).all(|y| c.get_pixel(119, y).0 == [0, 0, 0]),
                "ink past the end"
            );
        }
    }

    #[test]
    fn fit_cuts_long_names_with_an_ellipsis() {
        let long = "A very long display name that goes on and on and on";
        let short = fit(long, 15.0, Weight::Bold, 120.0);
        assert!(short.ends_with('…'));
        assert!(width(&short, 15.0, Weight::Bold) <= 120.0);
        assert_eq!(fit("Bob", 15.0, Weight::Bold, 120.0), "Bob");
        assert_eq!(fit("x\u{0}y\n", 15.0, Weight::Bold, 120.0), "xy");
    }

    #[test]
    fn strange_text_does_not_panic() {
        let mut c = Canvas::new(40, 20);
        let huge = "𝔘😀\u{202e}字".repeat(10_000);
        draw(&mut c, &huge, -30.0, 500.0, 14.0, Weight::Regular, [255; 3]);
        draw(&mut c, &huge, 0.0, 10.0, 14.0, Weight::Bold, [255; 3]);
        assert!(fit(&huge, 14.0, Weight::Regular, 1.0).is_empty());
    }

    /// French needs these: accented letters, ligature, guillemets, apostrophe, and the narrow
    /// no-break space before `: ; ! ?`. A missing one would be drawn as a box.
    #[test]
    fn both_fonts_have_the_french_characters() {
        for weight in [Weight::Regular, Weight::Bold] {
            let f = font(weight);
            for c in [
                'é', 'è', 'ê', 'à', 'â', 'ç', 'ô', 'û', 'ù', 'î', 'œ', 'É', '«', '»', '’',
            ] {
                let id = f.glyph_id(c);
                assert_ne!(id.0, 0, "{weight:?}: no glyph for {c}");
                let glyph = id.with_scale_and_position(PxScale::from(20.0), point(0.0, 0.0));
                let outlined = f.outline_glyph(glyph);
                assert!(
                    outlined.is_some_and(|o| o.px_bounds().width() > 0.0),
                    "{weight:?}: an empty outline for {c}"
                );
            }
            let scaled = f.as_scaled(PxScale::from(20.0));
            let nnbsp = glyph_id(f, '\u{202F}');
            assert_ne!(nnbsp.0, 0, "{weight:?}: no glyph for U+202F");
            assert!(
                f.glyph_id('\u{202F}').0 != 0,
                "{weight:?}: the font lacks U+202F"
            );
            assert!(scaled.h_advance(nnbsp) > 1.0, "U+202F must advance");
            assert!(
                f.outline_glyph(nnbsp.with_scale(20.0)).is_none(),
                "U+202F draws nothing"
            );
        }
    }

    /// A narrow no-break space takes room but leaves no ink: `Pioche : vide` is drawn as words.
    #[test]
    fn narrow_no_break_space_advances_without_ink() {
        let size = 14.0;
        let with = width("a\u{202F}:", size, Weight::Regular);
        let without = width("a:", size, Weight::Regular);
        assert!(with > without + 1.0, "{with} vs {without}");
        let mut spaced = Canvas::new(60, 24);
        draw(
            &mut spaced,
            "\u{202F}",
            4.0,
            18.0,
            size,
            Weight::Regular,
            [255; 3],
        );
        assert!(spaced.as_raw().iter().all(|&v| v == 0), "U+202F drew ink");
    }

    /// An accent is real ink above the letter: `é` inks rows that `e` leaves blank.
    #[test]
    fn accents_are_drawn_above_their_letters() {
        let rows = |t: &str| {
            let mut c = Canvas::new(30, 30);
            draw(&mut c, t, 6.0, 24.0, 20.0, Weight::Regular, [255; 3]);
            (0..30u32)
                .filter(|&y| (0..30).any(|x| c.get_pixel(x, y).0 != [0, 0, 0]))
                .collect::<Vec<_>>()
        };
        for (plain, accented) in [("e", "é"), ("e", "è"), ("a", "à"), ("c", "ç")] {
            let (p, a) = (rows(plain), rows(accented));
            assert!(!a.is_empty(), "{accented} drew nothing");
            assert!(
                a.len() > p.len(),
                "{accented} has no more ink rows than {plain}"
            );
        }
    }
}
