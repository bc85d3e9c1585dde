//! The tests of `parlor::render::loa`.
//!
//! Moved out of src/render/loa.rs (the library builds no unit-test harness).

use parlor::i18n::Lang;
use parlor::render::canvas::Canvas;
use parlor::render::frame::Header;
use parlor::render::palette;
use parlor::render::stones::Tone;

use parlor::render::loa::*;

fn header() -> Header {
    Header {
        names: vec!["A".into(), "B".into()],
        named: vec![true, true],
        details: vec![String::new(), String::new()],
        swatches: vec![swatch(Tone::White), swatch(Tone::Black)],
        to_move: Some(0),
        line: String::new(),
        banner: None,
        highlight_turn: true,
        lang: Lang::En,
    }
}

#[test]
fn marked_stones_carry_a_ring_of_the_opposite_tone() {
    let mut view = View::default();
    view.cells[2][2] = Some((Tone::White, true));
    view.cells[3][2] = Some((Tone::White, false));
    view.cells[4][2] = Some((Tone::Black, true));
    let mut c = Canvas::default();
    draw(&view, &header(), &mut c);
    let g = grid(false);
    let ring_at = |f: u8| {
        let (x, y) = g.center(f, 2);
        // Half way out along the radius: where the mark's ring runs.
        c.get_pixel(x as u32 + (S as f32 * 0.4 * 0.45) as u32, y as u32)
            .0
    };
    assert_eq!(ring_at(2), palette::WHITE_MARK);
    assert_eq!(ring_at(3), palette::WHITE_PIECE);
    assert_eq!(ring_at(4), palette::BLACK_MARK);
}
