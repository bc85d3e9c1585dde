//! Text for the pictures: DejaVu Sans (the look of every label) with fallback faces for what
//! players call themselves, so that a name in any common script shows in its own letters.
//!
//! Layout: the text is split into bidirectional runs (`unicode-bidi`, left-to-right paragraph:
//! the pictures' languages are English and French), each run into grapheme clusters that take
//! the first face holding all their characters, and each stretch of one face is shaped by
//! `rustybuzz` (Arabic joining, Devanagari conjuncts, kerning). `ab_glyph` rasterizes the
//! shaped glyphs, with a cache of glyph bitmaps so that headers cost little after the first
//! picture. The fallback fonts are subsets made by `scripts/subset-fonts.sh` (see
//! `assets/fonts/`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, point};
use rustybuzz::{Direction, UnicodeBuffer};
use unicode_bidi::BidiInfo;
use unicode_segmentation::UnicodeSegmentation;

use super::canvas::Paint;
use super::palette::Rgb;

/// Longest text drawn, in characters: user-supplied names are cut well before this.
const MAX_CHARS: usize = 200;
/// Sub-pixel steps of the pen position: glyph bitmaps are cached per step.
const SUBPIXEL: f32 = 4.0;
/// Glyph bitmaps kept at most; past that the cache starts again (names can use any glyph).
const CACHE_LIMIT: usize = 20_000;
/// Laid-out texts kept at most (and texts cut to fit): the labels of a picture come back on
/// every move. About 2 MB when full.
const LAYOUT_LIMIT: usize = 4_096;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

/// The bundled faces, in the order of [`FACES`].
static FACE_BYTES: [&[u8]; 11] = [
    include_bytes!("../../assets/DejaVuSans.ttf"),
    include_bytes!("../../assets/DejaVuSans-Bold.ttf"),
    include_bytes!("../../assets/fonts/NotoSansArabic-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansArabic-Bold.ttf"),
    include_bytes!("../../assets/fonts/NotoSansHebrew-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansHebrew-Bold.ttf"),
    include_bytes!("../../assets/fonts/NotoSansDevanagari-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansDevanagari-Bold.ttf"),
    include_bytes!("../../assets/fonts/DroidSansFallback-CJK.ttf"),
    include_bytes!("../../assets/fonts/Symbola-Emoji.ttf"),
    include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf"),
];

/// The faces tried for a cluster, first match wins. The script faces hold their own script
/// only, so Latin, Greek, Cyrillic, digits and punctuation stay in DejaVu; Chinese, Japanese,
/// Korean and emoji have one weight. Noto Emoji holds Unicode's recommended emoji (its
/// sequences too: families, flags, skin tones); Symbola, after it, the older symbols it lacks.
const REGULAR_ORDER: [usize; 7] = [2, 4, 6, 0, 8, 10, 9];
const BOLD_ORDER: [usize; 7] = [3, 5, 7, 1, 8, 10, 9];

/// The symbol face (Symbola), whose pictographs sit small on the em: drawn larger so that one
/// in a name is as tall as the capitals beside it.
const SYMBOL_FACE: usize = 9;
const SYMBOL_SCALE: f32 = 1.3;
/// The emoji face (Noto Emoji).
const EMOJI_FACE: usize = 10;
const EMOJI_SCALE: f32 = 1.0;

/// How much larger than the text's size a face is drawn (see [`SYMBOL_SCALE`]).
fn face_scale(face: usize) -> f32 {
    match face {
        SYMBOL_FACE => SYMBOL_SCALE,
        EMOJI_FACE => EMOJI_SCALE,
        _ => 1.0,
    }
}

fn order(weight: Weight) -> &'static [usize] {
    match weight {
        Weight::Regular => &REGULAR_ORDER,
        Weight::Bold => &BOLD_ORDER,
    }
}

/// The primary face of a weight: DejaVu Sans, whose missing-glyph box shows what no face has.
pub fn primary(weight: Weight) -> usize {
    weight as usize
}

/// One bundled font, parsed once for shaping and for outlines.
pub struct Face {
    pub shaper: rustybuzz::Face<'static>,
    pub outlines: FontRef<'static>,
    units_per_em: f32,
    /// `ab_glyph`'s pixel scale is the height from descender to ascender: that height in ems.
    height_em: f32,
}

pub fn faces() -> &'static [Face] {
    static FACES: OnceLock<Vec<Face>> = OnceLock::new();
    FACES.get_or_init(|| {
        FACE_BYTES
            .iter()
            .map(|bytes| {
                // The fonts are compiled in and known to parse (the tests draw with each).
                let shaper = rustybuzz::Face::from_slice(bytes, 0).expect("bundled font parses");
                let outlines = FontRef::try_from_slice(bytes).expect("bundled font parses");
                let units_per_em = outlines.units_per_em().unwrap_or(1000.0);
                Face {
                    shaper,
                    height_em: outlines.height_unscaled() / units_per_em,
                    outlines,
                    units_per_em,
                }
            })
            .collect()
    })
}

/// Pixels per em at a size: sizes are DejaVu's descender-to-ascender height, as `ab_glyph`
/// measures them, so that Latin text keeps the look it had with DejaVu alone.
fn em_px(size: f32, weight: Weight) -> f32 {
    size / faces()[primary(weight)].height_em
}

/// A rasterized glyph: coverage bytes and the offset of its top-left from the pen.
struct Bitmap {
    left: i32,
    top: i32,
    w: u32,
    h: u32,
    coverage: Vec<u8>,
}

/// Face, glyph, size in quarter pixels per em, sub-pixel step.
type Key = (u8, u16, u32, u8);

fn cache() -> &'static Mutex<HashMap<Key, Option<Arc<Bitmap>>>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Option<Arc<Bitmap>>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn rasterize(face: usize, id: u16, em: f32, step: u8) -> Option<Arc<Bitmap>> {
    let f = &faces()[face];
    let scale = PxScale::from(em * f.height_em);
    let glyph = GlyphId(id).with_scale_and_position(scale, point(f32::from(step) / SUBPIXEL, 0.0));
    let outlined = f.outlines.outline_glyph(glyph)?;
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

/// The characters that will be drawn: control characters dropped, length bounded.
fn clean(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .take(MAX_CHARS)
        .collect()
}

/// Characters that draw nothing (joiners, variation selectors, direction marks): a face need
/// not hold them to take their cluster, and the shaper hides them.
fn ignorable(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}' | '\u{E0000}'..='\u{E0FFF}')
}

/// The face for a grapheme cluster: the first in the weight's order that holds every visible
/// character of it, or DejaVu (whose missing-glyph box then shows).
fn face_for(cluster: &str, weight: Weight) -> usize {
    let all = faces();
    order(weight)
        .iter()
        .copied()
        .find(|&i| {
            cluster
                .chars()
                .filter(|&c| !ignorable(c))
                .all(|c| all[i].shaper.glyph_index(c).is_some())
        })
        .unwrap_or(primary(weight))
}

/// A shaped glyph: its face and id, and where it sits relative to the start of the text, in
/// pixels (`y` up from the baseline).
#[derive(Clone, Copy, Debug)]
pub struct Placed {
    pub face: u8,
    pub id: u16,
    pub x: f32,
    y: f32,
}

/// A line of text laid out left to right, as it will be drawn.
#[derive(Debug)]
pub struct Line {
    pub glyphs: Vec<Placed>,
    width: f32,
}

/// Shapes `text` (already cleaned) at `size`: bidi runs in visual order, faces by cluster.
pub fn shape(text: &str, size: f32, weight: Weight) -> Line {
    let em = em_px(size, weight);
    let mut line = Line {
        glyphs: Vec::new(),
        width: 0.0,
    };
    let bidi = BidiInfo::new(text, Some(unicode_bidi::Level::ltr()));
    let Some(para) = bidi.paragraphs.first() else {
        return line;
    };
    let (levels, runs) = bidi.visual_runs(para, para.range.clone());
    let mut buffer = UnicodeBuffer::new();
    for run in runs {
        let rtl = levels[run.start].is_rtl();
        // Stretches of one face, in logical order.
        let mut stretches: Vec<(usize, std::ops::Range<usize>)> = Vec::new();
        for (at, cluster) in text[run.clone()].grapheme_indices(true) {
            let face = face_for(cluster, weight);
            let range = run.start + at..run.start + at + cluster.len();
            match stretches.last_mut() {
                Some((f, r)) if *f == face => r.end = range.end,
                _ => stretches.push((face, range)),
            }
        }
        if rtl {
            stretches.reverse();
        }
        for (face, range) in stretches {
            let f = &faces()[face];
            buffer.push_str(&text[range]);
            buffer.set_direction(if rtl {
                Direction::RightToLeft
            } else {
                Direction::LeftToRight
            });
            buffer.guess_segment_properties();
            let shaped = rustybuzz::shape(&f.shaper, &[], buffer);
            let k = em * face_scale(face) / f.units_per_em;
            for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
                line.glyphs.push(Placed {
                    face: face as u8,
                    id: info.glyph_id as u16,
                    x: line.width + pos.x_offset as f32 * k,
                    y: pos.y_offset as f32 * k,
                });
                line.width += pos.x_advance as f32 * k;
            }
            buffer = shaped.clear();
        }
    }
    line
}

/// The layout of a text, from a cache: the same names and labels are drawn on every picture.
/// The least recently used layout goes first when it is full, so that the names of the matches
/// being played stay while each move's caption passes through.
fn layout(text: &str, size: f32, weight: Weight) -> Arc<Line> {
    let key = (clean(text), size.to_bits(), weight);
    if let Some(line) = cached(&LAYOUTS, &key) {
        return line;
    }
    let line = Arc::new(shape(&key.0, size, weight));
    keep(&LAYOUTS, key, line.clone());
    line
}

/// A cache of texts, keyed by the text, its size and weight (and for [`fit`], its room).
type Texts<K, V> = OnceLock<Mutex<lru::LruCache<K, V>>>;

static LAYOUTS: Texts<(String, u32, Weight), Arc<Line>> = OnceLock::new();
static FITTED: Texts<(String, u32, Weight, u32), String> = OnceLock::new();

fn texts<K: std::hash::Hash + Eq, V>(
    cache: &Texts<K, V>,
) -> std::sync::MutexGuard<'_, lru::LruCache<K, V>> {
    let cache = cache.get_or_init(|| {
        Mutex::new(lru::LruCache::new(
            std::num::NonZeroUsize::new(LAYOUT_LIMIT).unwrap_or(std::num::NonZeroUsize::MIN),
        ))
    });
    match cache.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}

fn cached<K: std::hash::Hash + Eq, V: Clone>(cache: &Texts<K, V>, key: &K) -> Option<V> {
    texts(cache).get(key).cloned()
}

fn keep<K: std::hash::Hash + Eq, V>(cache: &Texts<K, V>, key: K, value: V) {
    texts(cache).put(key, value);
}

/// The advance width of `text` in pixels.
pub fn width(text: &str, size: f32, weight: Weight) -> f32 {
    layout(text, size, weight).width
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
    let line = layout(text, size, weight);
    let em = em_px(size, weight);
    let (pw, ph) = p.size();
    let mut cache = match cache().lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    if cache.len() > CACHE_LIMIT {
        cache.clear();
    }
    for g in &line.glyphs {
        let pen = x + g.x;
        let whole = pen.floor();
        let step = (((pen - whole) * SUBPIXEL).floor() as u8).min(SUBPIXEL as u8 - 1);
        let face_em = em * face_scale(usize::from(g.face));
        let em_key = (face_em * 4.0).round() as u32;
        let bitmap = cache
            .entry((g.face, g.id, em_key, step))
            .or_insert_with(|| rasterize(usize::from(g.face), g.id, face_em, step))
            .clone();
        if let Some(b) = bitmap {
            let ox = whole as i32 + b.left;
            let oy = (y - g.y).round() as i32 + b.top;
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
    }
    x + line.width
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

/// `text` shortened so that it is at most `max` pixels wide: cut between grapheme clusters
/// (never inside a letter with its accents, a conjunct or an emoji sequence) and ended with an
/// ellipsis. A right-to-left mark after the ellipsis keeps it at the cut end of a name written
/// right to left.
pub fn fit(text: &str, size: f32, weight: Weight, max: f32) -> String {
    let text = clean(text);
    if width(&text, size, weight) <= max {
        return text;
    }
    let key = (text, size.to_bits(), weight, max.to_bits());
    if let Some(fitted) = cached(&FITTED, &key) {
        return fitted;
    }
    let fitted = cut(&key.0, size, weight, max);
    keep(&FITTED, key, fitted.clone());
    fitted
}

/// [`fit`] of a text too wide for `max`. Each prefix tried is shaped but not cached: only the
/// one kept will be drawn.
fn cut(text: &str, size: f32, weight: Weight, max: f32) -> String {
    let cuts: Vec<usize> = text.grapheme_indices(true).map(|(at, _)| at).collect();
    let candidate = |n: usize| {
        let kept = text[..cuts[n]].trim_end();
        let rtl = kept
            .chars()
            .rev()
            .find_map(|c| match unicode_bidi::bidi_class(c) {
                unicode_bidi::BidiClass::R | unicode_bidi::BidiClass::AL => Some(true),
                unicode_bidi::BidiClass::L => Some(false),
                _ => None,
            });
        format!("{kept}…{}", if rtl == Some(true) { "\u{200F}" } else { "" })
    };
    // The widest prefix that fits, by bisection over the cluster boundaries: each longer prefix
    // is at least as wide.
    let (mut fits, mut too_wide) = (None, cuts.len());
    let mut low = 0;
    while low < too_wide {
        let mid = (low + too_wide) / 2;
        if shape(&candidate(mid), size, weight).width <= max {
            fits = Some(mid);
            low = mid + 1;
        } else {
            too_wide = mid;
        }
    }
    fits.map(candidate).unwrap_or_default()
}
