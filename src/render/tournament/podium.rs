//! The final podium as a picture.

use super::*;

pub(super) fn draw_podium(p: &Podium, lang: Lang) -> Canvas {
    let (w, h) = podium_size();
    let mut c = Canvas::from_pixel(w, h, image::Rgb(palette::BACKGROUND));
    draw_title(&mut c, &p.heading, &Msg::new("pic-podium").text(lang), lang);
    // Second on the left, first in the middle (highest), third on the right.
    let step_w = 150.0;
    let gap = 8.0;
    let left = (WIDTH as f32 - 3.0 * step_w - 2.0 * gap) / 2.0;
    let floor = h as f32 - MARGIN;
    for (slot, place) in [1usize, 0, 2].into_iter().enumerate() {
        let Some(row) = p.places.get(place) else {
            continue;
        };
        // The step's colour and height follow the rank, so that a tie shares them.
        let (colour, height) = match row.rank {
            1 => (palette::ACCENT, 150.0),
            2 => (SILVER, 110.0),
            _ => (BRONZE, 80.0),
        };
        let x = left + slot as f32 * (step_w + gap);
        let top = floor - height;
        fill(
            &mut c,
            &[Shape::RoundRect {
                x0: x,
                y0: top,
                x1: x + step_w,
                y1: floor,
                r: 6.0,
            }],
            colour,
            255,
        );
        let mid = x + step_w / 2.0;
        text::draw_aligned(
            &mut c,
            &row.rank.to_string(),
            mid,
            top + 34.0,
            40.0,
            Weight::Bold,
            palette::BANNER_TEXT,
            Align::Center,
        );
        let name = text::fit(&row.name.text(lang), 19.0, Weight::Bold, step_w + gap);
        text::draw_aligned(
            &mut c,
            &name,
            mid,
            top - 44.0,
            19.0,
            Weight::Bold,
            palette::TEXT,
            Align::Center,
        );
        let points = Msg::new("pic-points")
            .plain("points", row.points.clone())
            .text(lang);
        text::draw_aligned(
            &mut c,
            &points,
            mid,
            top - 18.0,
            16.0,
            Weight::Regular,
            palette::TEXT_DIM,
            Align::Center,
        );
    }
    c
}
