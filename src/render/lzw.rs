//! GIF's LZW compression with a direct child table: one array load per pixel, where a general
//! encoder walks a tree. Code widths follow Go's `compress/lzw` writer exactly (a known-good
//! reference): the width grows when the next code would not fit, and the table is cleared when
//! code 4095 would be assigned.

/// Compresses palette indices (each below `1 << min_code_size`) into GIF's LZW stream, prefixed
/// by the minimum code size as `gif::Encoder::write_lzw_pre_encoded_frame` expects.
pub struct Lzw {
    min_code_size: u8,
    /// `table[code << min_code_size | symbol]`: the code of that string plus the symbol, tagged
    /// with the generation it belongs to, so that clearing the table is one increment.
    table: Vec<u32>,
    generation: u32,
}

const MAX_CODE: u32 = (1 << 12) - 1;

impl Lzw {
    pub fn new(min_code_size: u8) -> Self {
        let min_code_size = min_code_size.clamp(2, 8);
        Lzw {
            min_code_size,
            table: vec![0; 4096 << min_code_size],
            generation: 0,
        }
    }

    /// Forgets every string: a new generation, or (rarely) a zeroed table.
    fn next_generation(&mut self) {
        self.generation += 1;
        if self.generation >= 1 << 20 {
            self.table.fill(0);
            self.generation = 1;
        }
    }

    /// Appends the compressed form of `data` to `out`.
    pub fn encode(&mut self, data: &[u8], out: &mut Vec<u8>) {
        let m = u32::from(self.min_code_size);
        let clear = 1u32 << m;
        let eof = clear + 1;
        let mut bits = Bits::new(out, self.min_code_size);
        let mut width = m + 1;
        let mut hi = eof;
        let mut overflow = clear << 1;
        self.next_generation();
        bits.write(clear, width);
        let Some((&first, rest)) = data.split_first() else {
            bits.write(eof, width);
            bits.finish();
            return;
        };
        let mask = clear - 1;
        let mut code = u32::from(first) & mask;
        for &byte in rest {
            let literal = u32::from(byte) & mask;
            let slot = ((code << m) | literal) as usize;
            let entry = self.table[slot];
            if entry >> 12 == self.generation {
                code = entry & 0xfff;
                continue;
            }
            bits.write(code, width);
            code = literal;
            hi += 1;
            if hi == overflow {
                width += 1;
                overflow <<= 1;
            }
            if hi == MAX_CODE {
                bits.write(clear, width);
                width = m + 1;
                hi = eof;
                overflow = clear << 1;
                self.next_generation();
                continue;
            }
            self.table[slot] = (self.generation << 12) | hi;
        }
        bits.write(code, width);
        hi += 1;
        if hi == overflow {
            width += 1;
        }
        if hi == MAX_CODE {
            bits.write(clear, width);
            width = m + 1;
        }
        bits.write(eof, width);
        bits.finish();
    }
}

/// Packs codes least significant bit first.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    n: u32,
}

impl<'a> Bits<'a> {
    fn new(out: &'a mut Vec<u8>, min_code_size: u8) -> Self {
        out.push(min_code_size);
        Bits { out, acc: 0, n: 0 }
    }

    fn write(&mut self, code: u32, width: u32) {
        self.acc |= u64::from(code) << self.n;
        self.n += width;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn finish(self) {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes with the `gif` crate: a whole GIF around the LZW data, as a browser would see it.
    fn round_trip(data: &[u8], min_code_size: u8) -> Vec<u8> {
        let (w, h) = (data.len() as u16, 1);
        let palette: Vec<u8> = (0..(3usize << min_code_size)).map(|i| i as u8).collect();
        let mut lzw = Vec::new();
        Lzw::new(min_code_size).encode(data, &mut lzw);
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
        for (data, m) in cases {
            assert_eq!(
                round_trip(&data, m),
                data,
                "{} symbols, min code size {m}",
                data.len()
            );
        }
    }
}
