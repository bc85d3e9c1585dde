//! The tests of `parlor::render::encode`.
//!
//! Moved out of src/render/encode.rs (the library builds no unit-test harness).

use parlor::render::canvas::Canvas;

use parlor::render::canvas::Draw;
use parlor::render::encode::*;

#[test]
fn key_colours_are_kept_exactly() {
    let keys = [[10, 20, 30], [200, 100, 50], [255, 255, 255]];
    let sample = image::RgbImage::from_pixel(4, 4, image::Rgb([12, 22, 33]));
    let q = Quantizer::new(&keys, &[&sample], GIF_COLOURS);
    for (i, k) in keys.iter().enumerate() {
        assert_eq!(q.index(*k), i as u8);
    }
    assert!(q.colours.len() < GIF_COLOURS);
}

#[test]
fn key_colours_sharing_a_bucket_stay_apart() {
    let keys = [[100, 100, 100], [101, 101, 101], [102, 100, 100]];
    let q = Quantizer::new(&keys, &[], 16);
    for (i, k) in keys.iter().enumerate() {
        assert_eq!(q.index(*k), i as u8);
    }
    assert_eq!(q.index([99, 99, 99]), 0);
}

#[test]
fn no_two_key_colours_share_a_bucket() {
    // Shared buckets fall back to a slow search: the palette keeps them apart.
    let keys = parlor::render::palette::KEYS;
    for (i, a) in keys.iter().enumerate() {
        for b in &keys[i + 1..] {
            assert!(a == b || bucket(*a) != bucket(*b), "{a:?} and {b:?}");
        }
    }
}

#[test]
fn every_palette_key_survives_png_quantization() {
    let keys = parlor::render::palette::KEYS;
    let q = Quantizer::new(keys, &[], PNG_COLOURS);
    for k in keys {
        let i = q.index(*k);
        assert_eq!(q.colours[usize::from(i)], *k);
    }
}

#[test]
fn a_png_decodes_to_its_palette_colours() {
    let keys = [[10, 20, 30], [200, 100, 50], [255, 255, 255]];
    let mut c = image::RgbImage::from_pixel(7, 5, image::Rgb(keys[0]));
    for (n, (x, y)) in [(0, 0), (6, 0), (3, 2), (6, 4), (0, 4)]
        .into_iter()
        .enumerate()
    {
        c.put_pixel(x, y, image::Rgb(keys[1 + n % 2]));
    }
    let q = Quantizer::new(&keys, &[&c], PNG_COLOURS);
    let bytes = png(&c, &q).expect("encoded");
    let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .expect("decoded")
        .to_rgb8();
    assert_eq!(back.dimensions(), (7, 5));
    assert_eq!(back.as_raw(), c.as_raw(), "key colours come back exactly");
}

#[test]
fn differences_are_found_at_both_ends() {
    let a = vec![0u8; 37];
    for i in 0..37 {
        let mut b = a.clone();
        b[i] = 1;
        assert_eq!(first_difference(&a, &b), Some(i));
        assert_eq!(last_difference(&a, &b), Some(i));
    }
    let mut b = a.clone();
    b[3] = 1;
    b[30] = 1;
    assert_eq!(
        (first_difference(&a, &b), last_difference(&a, &b)),
        (Some(3), Some(30))
    );
    assert_eq!(
        (first_difference(&a, &a), last_difference(&a, &a)),
        (None, None)
    );
}

#[test]
fn a_frame_without_change_is_one_transparent_pixel() {
    let c = image::RgbImage::from_pixel(8, 8, image::Rgb([1, 2, 3]));
    let mut q = Quantizer::new(&[[1, 2, 3]], &[&c], GIF_COLOURS);
    let p = diff(&c, &c, &mut q);
    assert_eq!((p.width, p.height), (1, 1));
    assert_eq!(p.indices, vec![q.transparent()]);
}

#[test]
fn the_diff_covers_exactly_the_changed_rectangle() {
    let a = Canvas::from_pixel(10, 10, image::Rgb([0, 0, 0]));
    let mut b = a.clone();
    b.fill_rect(2, 3, 1, 1, [255, 255, 255]);
    b.fill_rect(6, 7, 1, 1, [255, 255, 255]);
    let mut q = Quantizer::new(&[[0, 0, 0], [255, 255, 255]], &[&*a], GIF_COLOURS);
    let p = diff(&a, &b, &mut q);
    assert_eq!((p.left, p.top, p.width, p.height), (2, 3, 5, 5));
    assert_eq!(p.indices[0], 1);
    assert_eq!(p.indices[1], q.transparent());
    assert_eq!(p.indices[24], 1);
}
