//! The tests of `parlor::render::palette`.
//!
//! Moved out of src/render/palette.rs (the library builds no unit-test harness).

use ::palette::color_difference::Ciede2000;
use ::palette::{IntoColor, Lab, LinSrgb};

use parlor::render::palette::vision::{VISIONS, contrast, seen};
use parlor::render::palette::*;

/// Colour alone must differ by at least this CIEDE2000 distance under every vision. One unit
/// is about the smallest difference an observer notices side by side; at 10 and beyond two
/// colours read as different colours at a glance, also small (a stone's ring, a tile's bar)
/// and on a phone screen, which is what a meaning carried by colour alone needs.
const ALONE: f64 = 10.0;
/// With a shape cue as well (a ring, a frame, a pattern, a different outline), the colours
/// only need to be clearly noticeable apart: the shape carries the meaning too.
const WITH_SHAPE: f64 = 4.0;

/// The CIEDE2000 distance between two colours as seen under vision `v`.
fn delta_e(a: Rgb, b: Rgb, v: usize) -> f64 {
    let lab = |c: Rgb| -> Lab<::palette::white_point::D65, f64> {
        let [r, g, b] = seen(c, v);
        LinSrgb::new(r, g, b).into_color()
    };
    lab(a).difference(lab(b))
}

#[test]
fn every_checked_pair_is_distinct_under_every_vision() {
    let mut failures = Vec::new();
    for &(name, a, b, cue) in CHECKED_PAIRS {
        let need = match cue {
            Cue::Alone => ALONE,
            Cue::WithShape => WITH_SHAPE,
        };
        for (v, vision) in VISIONS.iter().enumerate() {
            let d = delta_e(a, b, v);
            if d < need {
                failures.push(format!("{name}: {d:.1} under {vision} (need {need})"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn text_is_readable() {
    for (name, fg, bg) in [
        ("text", TEXT, BACKGROUND),
        ("text on panel", TEXT, PANEL),
        ("text on active panel", TEXT, PANEL_ACTIVE),
        ("coordinates", TEXT_DIM, BACKGROUND),
        ("dim text on panel", TEXT_DIM, PANEL),
        ("banner", BANNER_TEXT, BANNER),
    ] {
        let ratio = contrast(fg, bg);
        assert!(ratio >= 4.5, "{name}: contrast {ratio:.2} < 4.5 (WCAG AA)");
    }
}

#[test]
fn the_simulation_and_the_distance_are_sane() {
    // Red and green, told apart by normal vision, merge for protanopes and deuteranopes.
    let (red, green) = ([200, 60, 40], [90, 150, 40]);
    assert!(delta_e(red, green, 0) > 30.0);
    assert!(delta_e(red, green, 1) < delta_e(red, green, 0) / 2.0);
    assert!(delta_e(red, green, 2) < delta_e(red, green, 0) / 2.0);
    // Blue and green stay apart for them, and merge for tritanopes more than for anyone.
    let (blue, teal) = ([40, 90, 220], [40, 160, 160]);
    assert!(delta_e(blue, teal, 3) < delta_e(blue, teal, 1));
    assert!(delta_e(red, red, 1) < 1e-9);
    assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 0.01);
}

/// Writes each PNG named in `PARLOR_SIMULATE` (space-separated) again as seen under each
/// deficiency, beside it (`board.protanopia.png` ...), to look at the pictures through the
/// simulation: `PARLOR_SIMULATE="a.png b.png" cargo test --test render simulate_pictures -- --ignored`.
#[test]
#[ignore]
fn simulate_pictures() {
    let encode = |l: f64| {
        let c = if l <= 0.0031308 {
            l * 12.92
        } else {
            1.055 * l.powf(1.0 / 2.4) - 0.055
        };
        (c * 255.0).round().clamp(0.0, 255.0) as u8
    };
    let paths = std::env::var("PARLOR_SIMULATE").unwrap_or_default();
    for path in paths.split_whitespace() {
        let picture = image::open(path).expect("a picture").to_rgb8();
        for (v, vision) in VISIONS.iter().enumerate().skip(1) {
            let mut out = picture.clone();
            for pixel in out.pixels_mut() {
                pixel.0 = seen(pixel.0, v).map(encode);
            }
            let name = path.replace(".png", &format!(".{vision}.png"));
            out.save(&name).expect("written");
        }
    }
}

/// Prints the whole table: `cargo test --test render palette_table -- --ignored --nocapture`.
#[test]
#[ignore]
fn palette_table() {
    for &(name, a, b, cue) in CHECKED_PAIRS {
        let ds: Vec<String> = (0..4)
            .map(|v| format!("{:5.1}", delta_e(a, b, v)))
            .collect();
        println!(
            "{name:34} {:?} {} contrast {:.2}",
            cue,
            ds.join(" "),
            contrast(a, b)
        );
    }
}
