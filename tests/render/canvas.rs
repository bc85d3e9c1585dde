//! The tests of `parlor::render::canvas`.
//!
//! Moved out of src/render/canvas.rs (the library builds no unit-test harness).

use parlor::render::palette::Rgb;

use parlor::render::canvas::*;

fn blank(w: u32, h: u32, colour: Rgb) -> Canvas {
    Canvas::from_pixel(w, h, image::Rgb(colour))
}

#[test]
fn a_circle_is_solid_inside_soft_at_the_edge_and_absent_outside() {
    let mut c = blank(20, 20, [0, 0, 0]);
    fill(
        &mut c,
        &[Shape::circle(10.0, 10.0, 6.3)],
        [255, 255, 255],
        255,
    );
    assert_eq!(c.get_pixel(10, 10).0, [255, 255, 255]);
    assert_eq!(c.get_pixel(1, 1).0, [0, 0, 0]);
    let edge = c.get_pixel(16, 10)[0];
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
    let mut direct = blank(16, 16, [40, 90, 160]);
    fill(&mut direct, &shapes, [250, 200, 10], 255);
    let mut sprite = Sprite::new(16, 16);
    fill(&mut sprite, &shapes, [250, 200, 10], 255);
    let mut blitted = blank(16, 16, [40, 90, 160]);
    blitted.draw_sprite(&sprite, 0, 0);
    for (a, b) in direct.as_raw().iter().zip(blitted.as_raw()) {
        assert!(a.abs_diff(*b) <= 2, "{a} vs {b}");
    }
}

#[test]
fn drawing_off_the_canvas_is_clipped() {
    let mut c = blank(8, 8, [0, 0, 0]);
    c.fill_rect(-5, -5, 100, 7, [9, 9, 9]);
    c.draw_sprite(&Sprite::new(4, 4), 6, 6);
    fill(&mut c, &[Shape::circle(-50.0, 4.0, 3.0)], [1, 1, 1], 255);
    assert_eq!(c.get_pixel(0, 0).0, [9, 9, 9]);
    assert_eq!(c.get_pixel(0, 3).0, [0, 0, 0]);
}

#[test]
fn polygons_fill_in_either_winding() {
    for tri in [
        vec![(2.0, 2.0), (18.0, 2.0), (10.0, 18.0)],
        vec![(10.0, 18.0), (18.0, 2.0), (2.0, 2.0)],
    ] {
        let mut c = blank(20, 20, [0, 0, 0]);
        fill(&mut c, &[Shape::Polygon(tri)], [255, 0, 0], 255);
        assert_eq!(c.get_pixel(10, 8).0, [255, 0, 0]);
        assert_eq!(c.get_pixel(2, 16).0, [0, 0, 0]);
    }
}

#[test]
fn rounded_rectangles_keep_their_corners_clear() {
    let mut s = Sprite::new(20, 20);
    let r = Shape::RoundRect {
        x0: 0.0,
        y0: 0.0,
        x1: 20.0,
        y1: 20.0,
        r: 6.0,
    };
    fill(&mut s, &[r], [255, 255, 255], 255);
    assert_eq!(s.get_pixel(0, 0).0, [0, 0, 0, 0]);
    assert_eq!(s.get_pixel(10, 0).0, [255, 255, 255, 255]);
    assert_eq!(s.get_pixel(10, 10).0, [255, 255, 255, 255]);
    assert_eq!(s.get_pixel(19, 19).0, [0, 0, 0, 0]);
}
