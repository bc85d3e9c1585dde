//! GIF's LZW compression with a direct child table: one array load per pixel, where a general
//! encoder walks a tree. Code widths follow Go's `compress/lzw` writer exactly (a known-good
//! reference): the width grows when the next code would not fit, and the table is cleared when
//! code 4095 would be assigned.
//!
//! Kept by hand although the `gif` crate compresses with `weezl`: with weezl (the gif crate's
//! `write_frame`, or `weezl::encode::Encoder` reused across frames, or compressing on a second
//! thread with `Frame::make_lzw_pre_encoded`), the 100-move replays of `cargo bench --bench
//! render` took 231-390 ms (109-180 ms CPU) against 67-166 ms (38-80 ms CPU) for this encoder,
//! measured back to back on the same loaded 2-core machine: weezl walks a tree per pixel, and
//! the 150 ms target does not survive it. The output is standard LZW (the tests decode it with
//! the `gif` crate), so moving to weezl later is a change of one call.

/// Compresses palette indices (each below `1 << min_code_size`) into GIF's LZW stream, prefixed
/// by the minimum code size as `gif::Encoder::write_lzw_pre_encoded_frame` expects.
pub struct Lzw {
    min_code_size: u8,
    /// `table[symbol << 12 | code]`: the code of that string plus the symbol, tagged with the
    /// generation it belongs to, so that clearing the table is one increment. Indexing by the
    /// symbol first keeps a run of one colour (transparency, mostly) within 16 KB of the table:
    /// the lookups are a chain of dependent loads, and they must hit the cache.
    table: Vec<u32>,
    generation: u32,
    runs: Vec<u32>,
}

const MAX_CODE: u32 = (1 << 12) - 1;

impl Lzw {
    pub fn new(min_code_size: u8) -> Self {
        let min_code_size = min_code_size.clamp(2, 8);
        Lzw {
            min_code_size,
            table: vec![0; 4096 << min_code_size],
            generation: 0,
            runs: Vec::with_capacity(4096),
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

    /// Appends the compressed form of `data` to `out`. Runs of `run` (the transparent index:
    /// most of a replay frame) take a shortcut: the codes of `run` repeated k times are kept in
    /// a list, so a run jumps to its longest known code instead of one lookup per pixel. The
    /// output is exactly the plain algorithm's.
    pub fn encode(&mut self, data: &[u8], run: u8, out: &mut Vec<u8>) {
        let m = u32::from(self.min_code_size);
        let clear = 1u32 << m;
        let eof = clear + 1;
        let mask = clear - 1;
        let run = u32::from(run) & mask;
        let mut bits = Bits::new(out, self.min_code_size);
        let mut width = m + 1;
        let mut hi = eof;
        let mut overflow = clear << 1;
        self.next_generation();
        bits.write(clear, width);
        let Some(&first) = data.first() else {
            bits.write(eof, width);
            bits.finish();
            return;
        };
        // `runs[k - 1]` is the code of `run` repeated k times; `pure` is how many times the
        // current string repeats `run` (0 when it is anything else).
        self.runs.clear();
        self.runs.push(run);
        let mut code = u32::from(first) & mask;
        let mut pure = usize::from(code == run);
        let mut run_end = 0;
        let mut i = 1;
        while i < data.len() {
            let literal = u32::from(data[i]) & mask;
            if pure > 0 && literal == run {
                if run_end <= i {
                    run_end = i + data[i..]
                        .iter()
                        .take_while(|&&b| u32::from(b) & mask == run)
                        .count();
                }
                let step = (run_end - i).min(self.runs.len() - pure);
                if step > 0 {
                    pure += step;
                    i += step;
                    code = self.runs[pure - 1];
                    continue;
                }
            }
            let slot = ((literal << 12) | code) as usize;
            let entry = self.table[slot];
            if entry >> 12 == self.generation {
                code = entry & 0xfff;
                pure = 0;
                i += 1;
                continue;
            }
            bits.write(code, width);
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
                self.runs.truncate(1);
            } else {
                self.table[slot] = (self.generation << 12) | hi;
                if pure > 0 && literal == run && pure == self.runs.len() {
                    self.runs.push(hi);
                }
            }
            code = literal;
            pure = usize::from(literal == run);
            i += 1;
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
