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
/// Laid-out texts kept at most: the labels of a picture come back on every move.
const LAYOUT_LIMIT: usize = 2_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

/// The bundled faces, in the order of [`FACES`].
static FACE_BYTES: [&[u8]; 10] = [
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
];

/// The faces tried for a cluster, first match wins. The script faces hold their own script
/// only, so Latin, Greek, Cyrillic, digits and punctuation stay in DejaVu; Chinese, Japanese,
/// Korean and emoji have one weight.
const REGULAR_ORDER: [usize; 6] = [2, 4, 6, 0, 8, 9];
const BOLD_ORDER: [usize; 6] = [3, 5, 7, 1, 8, 9];

/// The emoji face (Symbola), whose pictographs sit small on the em: drawn larger so that an
/// emoji in a name is as tall as the capitals beside it.
const EMOJI_FACE: usize = 9;
const EMOJI_SCALE: f32 = 1.3;

/// How much larger than the text's size a face is drawn (see [`EMOJI_SCALE`]).
fn face_scale(face: usize) -> f32 {
    if face == EMOJI_FACE { EMOJI_SCALE } else { 1.0 }
}

fn order(weight: Weight) -> &'static [usize] {
    match weight {
        Weight::Regular => &REGULAR_ORDER,
        Weight::Bold => &BOLD_ORDER,
    }
}

/// The primary face of a weight: DejaVu Sans, whose missing-glyph box shows what no face has.
fn primary(weight: Weight) -> usize {
    weight as usize
}

/// One bundled font, parsed once for shaping and for outlines.
struct Face {
    shaper: rustybuzz::Face<'static>,
    outlines: FontRef<'static>,
    units_per_em: f32,
    /// `ab_glyph`'s pixel scale is the height from descender to ascender: that height in ems.
    height_em: f32,
}

fn faces() -> &'static [Face] {
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
struct Placed {
    face: u8,
    id: u16,
    x: f32,
    y: f32,
}

/// A line of text laid out left to right, as it will be drawn.
#[derive(Debug)]
struct Line {
    glyphs: Vec<Placed>,
    width: f32,
}

/// Shapes `text` (already cleaned) at `size`: bidi runs in visual order, faces by cluster.
fn shape(text: &str, size: f32, weight: Weight) -> Line {
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
fn layout(text: &str, size: f32, weight: Weight) -> Arc<Line> {
    type Layouts = Mutex<HashMap<(String, u32, Weight), Arc<Line>>>;
    static LAYOUTS: OnceLock<Layouts> = OnceLock::new();
    let key = (clean(text), size.to_bits(), weight);
    let layouts = LAYOUTS.get_or_init(|| Mutex::new(HashMap::new()));
    let lock = || match layouts.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(line) = lock().get(&key) {
        return line.clone();
    }
    let line = Arc::new(shape(&key.0, size, weight));
    let mut map = lock();
    if map.len() >= LAYOUT_LIMIT {
        map.clear();
    }
    map.insert(key, line.clone());
    line
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
        if width(&candidate(mid), size, weight) <= max {
            fits = Some(mid);
            low = mid + 1;
        } else {
            too_wide = mid;
        }
    }
    fits.map(candidate).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::Canvas;

    /// Names in each script the pictures must show, with a word of the script for each.
    const NAMES: [&str; 12] = [
        "Zoé🎲",
        "Ελένη",
        "Дмитрий",
        "محمد",
        "שרה",
        "देवनागरी",
        "李小龍",
        "王小明",
        "さくら",
        "カタカナ",
        "김민준",
        "🎲🐉😀👍",
    ];

    fn ink(text: &str, weight: Weight) -> Canvas {
        let mut c = Canvas::new(200, 40);
        draw(&mut c, text, 4.0, 28.0, 18.0, weight, [255; 3]);
        c
    }

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
        assert!(short.len() > 10, "{short}: cut too early");
        assert_eq!(fit("Bob", 15.0, Weight::Bold, 120.0), "Bob");
        assert_eq!(fit("x\u{0}y\n", 15.0, Weight::Bold, 120.0), "xy");
    }

    /// A cut never splits a letter from its accent, nor an emoji sequence.
    #[test]
    fn fit_cuts_between_grapheme_clusters() {
        let accents = "e\u{301}".repeat(60);
        let short = fit(&accents, 15.0, Weight::Regular, 100.0);
        let kept = short.strip_suffix('…').expect("an ellipsis");
        assert!(!kept.is_empty() && kept.ends_with('\u{301}'), "{short:?}");
        let family = "👨\u{200D}👩\u{200D}👧".repeat(30);
        let short = fit(&family, 15.0, Weight::Regular, 100.0);
        let kept = short.strip_suffix('…').expect("an ellipsis");
        assert!(kept.ends_with('👧'), "{short:?}");
        assert!(width(&short, 15.0, Weight::Regular) <= 100.0);
    }

    /// A name written right to left keeps its ellipsis at its cut end, on the left.
    #[test]
    fn a_cut_right_to_left_name_ends_on_the_left() {
        let name = "محمد ".repeat(20);
        let short = fit(&name, 15.0, Weight::Bold, 100.0);
        assert!(short.ends_with("…\u{200F}"), "{short:?}");
        let line = shape(&short, 15.0, Weight::Bold);
        let dots = faces()[primary(Weight::Bold)]
            .shaper
            .glyph_index('…')
            .expect("DejaVu has an ellipsis");
        let at = |g: &&Placed| usize::from(g.face) == primary(Weight::Bold) && g.id == dots.0;
        let dots_x = line.glyphs.iter().find(at).map(|g| g.x);
        let arabic = line
            .glyphs
            .iter()
            .filter(|g| usize::from(g.face) != primary(Weight::Bold));
        assert!(
            dots_x.is_some_and(|x| arabic.clone().count() > 3 && arabic.clone().all(|g| g.x > x))
        );
    }

    #[test]
    fn strange_text_does_not_panic() {
        let mut c = Canvas::new(40, 20);
        let huge = "𝔘😀\u{202e}字\u{2067}ש".repeat(10_000);
        draw(&mut c, &huge, -30.0, 500.0, 14.0, Weight::Regular, [255; 3]);
        draw(&mut c, &huge, 0.0, 10.0, 14.0, Weight::Bold, [255; 3]);
        assert!(fit(&huge, 14.0, Weight::Regular, 1.0).is_empty());
        draw(&mut c, "", 0.0, 10.0, 14.0, Weight::Bold, [255; 3]);
        assert_eq!(width("", 14.0, Weight::Bold), 0.0);
    }

    /// Every name is drawn with real glyphs of some bundled face, never glyph 0 (the
    /// missing-glyph box), and its picture differs from the same number of boxes.
    #[test]
    fn names_in_every_script_draw_real_glyphs() {
        for weight in [Weight::Regular, Weight::Bold] {
            for name in NAMES {
                let line = shape(name, 18.0, weight);
                assert!(!line.glyphs.is_empty(), "{name}: nothing shaped");
                assert!(
                    line.glyphs.iter().all(|g| g.id != 0),
                    "{weight:?} {name}: a missing glyph in {line:?}"
                );
                let boxes = "\u{E000}".repeat(name.graphemes(true).count());
                assert!(
                    shape(&boxes, 18.0, weight).glyphs.iter().all(|g| g.id == 0),
                    "a private-use character should have no glyph"
                );
                let (drawn, missing) = (ink(name, weight), ink(&boxes, weight));
                assert!(drawn.as_raw().iter().any(|&v| v > 0), "{name}: no ink");
                assert_ne!(drawn.as_raw(), missing.as_raw(), "{name} draws as boxes");
            }
        }
    }

    /// Latin text keeps DejaVu Sans: no fallback face takes a letter it has.
    #[test]
    fn latin_greek_and_cyrillic_stay_in_dejavu() {
        for weight in [Weight::Regular, Weight::Bold] {
            for text in [
                "Alice",
                "Bartholomew 1490?",
                "Zoé",
                "Ελένη",
                "Дмитрий",
                "«12»",
            ] {
                let line = shape(text, 14.0, weight);
                assert!(
                    line.glyphs
                        .iter()
                        .all(|g| usize::from(g.face) == primary(weight)),
                    "{weight:?} {text}"
                );
            }
        }
    }

    #[test]
    fn two_cjk_names_draw_differently() {
        assert_ne!(
            ink("李小龍", Weight::Bold).as_raw(),
            ink("王小明", Weight::Bold).as_raw()
        );
        assert_ne!(
            ink("さくら", Weight::Bold).as_raw(),
            ink("김민준", Weight::Bold).as_raw()
        );
    }

    /// Hebrew reads right to left: the first letter typed is the rightmost drawn.
    #[test]
    fn right_to_left_names_are_drawn_right_to_left() {
        let line = shape("שרה", 18.0, Weight::Regular);
        let shin = faces()[line.glyphs[0].face as usize]
            .shaper
            .glyph_index('ש')
            .expect("the Hebrew face has shin");
        let rightmost = line.glyphs.iter().max_by(|a, b| a.x.total_cmp(&b.x));
        assert_eq!(rightmost.map(|g| g.id), Some(shin.0));
        // A Latin word after it stays on its right, in reading order.
        let mixed = shape("שרה Bob", 18.0, Weight::Regular);
        let b = faces()[0].shaper.glyph_index('B').expect("B");
        let first_latin = mixed.glyphs.iter().position(|g| g.id == b.0 && g.face == 0);
        assert!(first_latin.is_some_and(|i| i > 2), "{mixed:?}");
    }

    /// Arabic letters join: a word is drawn with other glyphs than its letters alone.
    #[test]
    fn arabic_letters_take_their_joined_forms() {
        let word = shape("محمد", 18.0, Weight::Regular);
        let alone: Vec<u16> = "محمد"
            .chars()
            .map(|c| shape(&c.to_string(), 18.0, Weight::Regular).glyphs[0].id)
            .collect();
        let mut joined: Vec<u16> = word.glyphs.iter().map(|g| g.id).collect();
        joined.reverse();
        assert!(word.glyphs.iter().all(|g| g.id != 0));
        assert_ne!(joined, alone);
    }

    /// Devanagari conjuncts are formed: क्ष is one or two glyphs, not three characters' worth.
    #[test]
    fn devanagari_forms_conjuncts() {
        let line = shape("क्ष", 18.0, Weight::Regular);
        assert!(line.glyphs.len() < 3, "{line:?}");
        assert!(line.glyphs.iter().all(|g| g.id != 0));
    }

    /// French needs these: accented letters, ligature, guillemets, apostrophe, and the narrow
    /// no-break space before `: ; ! ?`. A missing one would be drawn as a box.
    #[test]
    fn both_fonts_have_the_french_characters() {
        for weight in [Weight::Regular, Weight::Bold] {
            let f = &faces()[primary(weight)];
            for c in [
                'é', 'è', 'ê', 'à', 'â', 'ç', 'ô', 'û', 'ù', 'î', 'œ', 'É', '«', '»', '’',
            ] {
                let id = f.outlines.glyph_id(c);
                assert_ne!(id.0, 0, "{weight:?}: no glyph for {c}");
                let glyph = id.with_scale_and_position(PxScale::from(20.0), point(0.0, 0.0));
                let outlined = f.outlines.outline_glyph(glyph);
                assert!(
                    outlined.is_some_and(|o| o.px_bounds().width() > 0.0),
                    "{weight:?}: an empty outline for {c}"
                );
            }
            let nnbsp = f.outlines.glyph_id('\u{202F}');
            assert_ne!(nnbsp.0, 0, "{weight:?}: the font lacks U+202F");
            assert!(
                f.outlines.outline_glyph(nnbsp.with_scale(20.0)).is_none(),
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
        for (plain, accented) in [
            ("e", "é"),
            ("e", "è"),
            ("a", "à"),
            ("c", "ç"),
            ("e", "e\u{301}"),
        ] {
            let (p, a) = (rows(plain), rows(accented));
            assert!(!a.is_empty(), "{accented} drew nothing");
            assert!(
                a.len() > p.len(),
                "{accented} has no more ink rows than {plain}"
            );
        }
    }
}
