//! The tests of `parlor::render::text`.
//!
//! Moved out of src/render/text.rs (the library builds no unit-test harness).

use ab_glyph::Font;
use ab_glyph::PxScale;
use ab_glyph::point;
use unicode_segmentation::UnicodeSegmentation;

use parlor::render::canvas::Canvas;
use parlor::render::text::*;

/// Names a Discord server really has, in each script the pictures must show, with a word of
/// the script for each (shared with the player-card tests of the whole pictures).
pub(crate) const NAMES_IN_EVERY_SCRIPT: [&str; 14] = [
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
    "🐉😀",
    "🎲🐉😀👍",
    "Łukasz Żółć",
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
    assert!(dots_x.is_some_and(|x| arabic.clone().count() > 3 && arabic.clone().all(|g| g.x > x)));
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
        for name in NAMES_IN_EVERY_SCRIPT {
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

/// Every emoji of Unicode's recommended set (its sequences too: skin tones, families, flags)
/// is drawn with real glyphs, each cluster by one face: no box, no emoji split into pieces.
/// The figures per Unicode version are printed (`--nocapture`).
#[test]
fn every_recommended_emoji_draws_real_glyphs() {
    let mut missing = Vec::new();
    let mut by_version: std::collections::BTreeMap<(u32, u32), (usize, usize)> =
        std::collections::BTreeMap::new();
    for emoji in emojis::iter()
        .flat_map(|e| std::iter::once(e).chain(e.skin_tones().into_iter().flatten().skip(1)))
    {
        let text = emoji.as_str();
        let line = shape(text, 18.0, Weight::Regular);
        let whole = !line.glyphs.is_empty()
            && line.glyphs.iter().all(|g| g.id != 0)
            && line.glyphs.iter().all(|g| g.face == line.glyphs[0].face);
        let v = emoji.unicode_version();
        let counts = by_version.entry((v.major(), v.minor())).or_default();
        counts.0 += 1;
        if whole {
            counts.1 += 1;
        } else {
            missing.push(format!(
                "{text} {} (Unicode {}.{})",
                emoji.name(),
                v.major(),
                v.minor()
            ));
        }
    }
    for ((major, minor), (all, drawn)) in &by_version {
        println!("Unicode {major}.{minor}: {drawn} of {all} emoji drawn");
    }
    assert!(
        missing.is_empty(),
        "{} not drawn: {missing:?}",
        missing.len()
    );
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
