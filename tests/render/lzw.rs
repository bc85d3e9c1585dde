//! The tests of `parlor::render::lzw`.
//!
//! Moved out of src/render/lzw.rs (the library builds no unit-test harness).

use parlor::render::lzw::*;

/// Decodes with the `gif` crate: a whole GIF around the LZW data, as a browser would see it.
fn round_trip(data: &[u8], min_code_size: u8, run: u8) -> Vec<u8> {
    let (w, h) = (data.len() as u16, 1);
    let palette: Vec<u8> = (0..(3usize << min_code_size)).map(|i| i as u8).collect();
    let mut lzw = Vec::new();
    Lzw::new(min_code_size).encode(data, run, &mut lzw);
    let mut encoder = gif::Encoder::new(Vec::new(), w, h, &palette).expect("header");
    let frame = gif::Frame {
        width: w,
        height: h,
        buffer: std::borrow::Cow::Owned(lzw),
        ..gif::Frame::default()
    };
    encoder.write_lzw_pre_encoded_frame(&frame).expect("frame");
    let bytes = encoder.into_inner().expect("finish");
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes.as_slice()).expect("decodes");
    let frame = decoder
        .read_next_frame()
        .expect("frame decodes")
        .expect("a frame");
    frame.buffer.to_vec()
}

#[test]
fn the_run_shortcut_changes_nothing_in_the_output() {
    let mut data = Vec::new();
    for k in 0..3000usize {
        data.extend(std::iter::repeat_n(9u8, k % 300));
        data.push((k % 7) as u8);
    }
    let (mut plain, mut fast) = (Vec::new(), Vec::new());
    // Symbol 100 never occurs, so that encoding never takes the shortcut.
    Lzw::new(7).encode(&data, 100, &mut plain);
    Lzw::new(7).encode(&data, 9, &mut fast);
    assert_eq!(plain, fast);
}

#[test]
fn runs_noise_and_table_resets_survive_a_round_trip() {
    let mut state = 12345u32;
    let mut noise = |n: usize, k: u32| -> Vec<u8> {
        (0..n)
            .map(|_| {
                state = state.wrapping_mul(1103515245).wrapping_add(12345);
                ((state >> 16) % k) as u8
            })
            .collect()
    };
    let cases: Vec<(Vec<u8>, u8)> = vec![
        (vec![5], 7),
        (vec![0, 0], 2),
        (vec![3; 20_000], 7),
        (noise(60_000, 128), 7),
        (noise(60_000, 4), 2),
        (noise(30_000, 256), 8),
        ((0..50_000).map(|i| ((i / 37) % 128) as u8).collect(), 7),
    ];
    // Runs of the shortcut symbol, long and short, between other symbols.
    let mut runs = Vec::new();
    for k in 0..400usize {
        runs.extend(std::iter::repeat_n(127u8, (k * 37) % 700));
        runs.extend(noise(k % 5, 127));
    }
    runs.truncate(60_000);
    let mut cases = cases;
    cases.push((runs, 7));
    cases.push((vec![127; 60_000], 7));
    for (data, m) in cases {
        for run in [0u8, 3, 127] {
            let got = round_trip(&data, m, run);
            assert_eq!(
                got,
                data,
                "{} symbols, code size {m}, run {run}",
                data.len()
            );
        }
    }
}
