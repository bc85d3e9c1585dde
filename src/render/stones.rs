//! Round stones for Lines of Action and Simultana, drawn once per size and cached by the games.

use super::canvas::{Shape, Sprite, fill, stack};
use super::palette::{self, Rgb};

/// The two colours of stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tone {
    #[default]
    White,
    Black,
}

impl Tone {
    pub fn colour(self) -> Rgb {
        match self {
            Tone::White => palette::WHITE_PIECE,
            Tone::Black => palette::BLACK_PIECE,
        }
    }

    /// `white` or `black`: the engines' side name, which the catalogue turns into words.
    pub fn key(self) -> &'static str {
        match self {
            Tone::White => "white",
            Tone::Black => "black",
        }
    }
}

/// A stone filling `fraction` of a `size`-pixel sprite, with a soft shadow, a dark outline, an
/// inner sheen ring, and (when `marked`) a ring of the opposite tone.
pub fn stone(tone: Tone, marked: bool, size: u32, fraction: f32) -> Sprite {
    let mut s = Sprite::new(size, size);
    let c = size as f32 / 2.0;
    let r = size as f32 * fraction / 2.0;
    let edge = (r * 0.08).clamp(1.2, 2.2);
    fill(&mut s, &[Shape::circle(c, c + r * 0.06, r)], [0, 0, 0], 90);
    fill(&mut s, &[Shape::circle(c, c, r)], palette::PIECE_EDGE, 255);
    fill(&mut s, &[Shape::circle(c, c, r - edge)], tone.colour(), 255);
    let sheen = match tone {
        Tone::White => [0xd6, 0xd6, 0xd0],
        Tone::Black => [0x50, 0x50, 0x50],
    };
    let ring = |radius: f32, half: f32| Shape::Ring {
        cx: c,
        cy: c,
        r: radius,
        half,
    };
    if size >= 40 {
        fill(&mut s, &[ring(r * 0.78, (r * 0.035).max(0.6))], sheen, 255);
    }
    if marked {
        let mark = match tone {
            Tone::White => palette::WHITE_MARK,
            Tone::Black => palette::BLACK_MARK,
        };
        fill(&mut s, &[ring(r * 0.45, (r * 0.09).max(1.2))], mark, 255);
    }
    s
}

/// A header swatch: the stone (marked or not) on a chip of the light square colour, so that a
/// black stone stands out from the dark header.
pub fn chip(tone: Tone, marked: bool, size: u32) -> Sprite {
    let mut s = Sprite::new(size, size);
    let z = size as f32;
    fill(&mut s, &[Shape::tile(z, 0.22)], palette::LIGHT, 255);
    stack(&mut s, &stone(tone, marked, size, 0.8));
    s
}
