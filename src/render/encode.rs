//! Encoding finished canvases: PNG for single pictures, and GIF replays the lila-gif way (one
//! small palette for the whole replay, each frame only the rectangle that changed, unchanged
//! pixels inside it transparent, a long pause on the last frame).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use image::RgbImage;

use super::RenderError;

use super::canvas::{CLEAN, Canvas, SPAN};
use super::lzw::Lzw;
use super::palette::Rgb;

/// Colours in a replay's palette, the transparent index included: 7-bit LZW codes.
pub const GIF_COLOURS: usize = 127;
/// Colours in a PNG's palette.
pub const PNG_COLOURS: usize = 256;
/// Lookup-table entries that are not an index: not computed yet, or shared by two key colours.
const UNKNOWN: u16 = u16::MAX;
const SHARED: u16 = u16::MAX - 1;

/// A picture's fixed background, drawn once, with its palette indices once a PNG of it has been
/// encoded: wherever a picture still shows its background, encoding copies those indices
/// instead of looking each pixel up again.
#[derive(Debug)]
pub struct Backdrop {
    pub canvas: RgbImage,
    /// Unique to this backdrop: what a canvas painted over it remembers (an address could be
    /// reused by another backdrop once this one is dropped).
    id: u64,
    /// The indices of `canvas` under one quantizer, and which (its id).
    indices: OnceLock<(u64, Vec<u8>)>,
}

impl Backdrop {
    pub fn new(canvas: impl Into<Canvas>) -> Self {
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Backdrop {
            canvas: canvas.into().into_image(),
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            indices: OnceLock::new(),
        }
    }

    /// Gives `c` the backdrop's pixels (only where it was drawn on since, when it was last
    /// painted over this backdrop), draws on it, and returns the backdrop for the encoder.
    pub fn paint<'a>(&'a self, c: &mut Canvas, draw: impl FnOnce(&mut Canvas)) -> &'a Self {
        c.restore(self.id, &self.canvas);
        draw(c);
        self
    }

    /// The indices of the backdrop under `q`, or None for another quantizer than the first.
    fn indices(&self, q: &Quantizer) -> Option<&[u8]> {
        let id = q.id;
        let (of, indices) = self.indices.get_or_init(|| {
            let raw = self.canvas.as_raw();
            (
                id,
                raw.chunks_exact(3)
                    .map(|p| q.index([p[0], p[1], p[2]]))
                    .collect(),
            )
        });
        (*of == id).then_some(indices.as_slice())
    }
}

/// Encodes a picture as an indexed PNG with the palette of `q` (the game's key colours exactly,
/// then its commonest antialiasing shades): the loss is invisible and the file a third of RGB.
pub fn png(c: &RgbImage, q: &Quantizer) -> Result<Vec<u8>, RenderError> {
    let mut filtered = Filtered::take((c.width() as usize + 1) * c.height() as usize);
    let mut rows = Rows::new(c.width() as usize);
    for pixels in c.as_raw().chunks_exact(3 * (c.width() as usize).max(1)) {
        index_runs(pixels, &mut rows.row, q);
        rows.filter_into(&mut filtered);
    }
    compress(c, &filtered, q)
}

/// The indices of spans that differ from their backdrop, by content (and quantizer): a stone on
/// a square gives the same spans on every picture. Kept per thread, emptied when full.
type Spans = HashMap<SpanKey, [u8; SPAN], rustc_hash::FxBuildHasher>;
/// Spans kept at most per thread (about 1.3 MB).
const SPANS_KEPT: usize = 16_384;

/// A span's pixels under a quantizer (its id), compared inline 16 bytes at a time: the derived
/// comparison of the array calls `memcmp` for each lookup.
#[derive(Clone, Copy)]
struct SpanKey(u64, [u8; 3 * SPAN]);

impl std::hash::Hash for SpanKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.0);
        state.write(&self.1);
    }
}

impl PartialEq for SpanKey {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0 && same(&self.1, &other.1)
    }
}

impl Eq for SpanKey {}

/// The indices of a whole span that differs from the backdrop: from the thread's spans seen
/// before, or looked up and kept.
fn known_span(known: &mut Spans, q: &Quantizer, span: &[u8; 3 * SPAN]) -> [u8; SPAN] {
    let key = SpanKey(q.id, *span);
    if let Some(found) = known.get(&key) {
        return *found;
    }
    let mut found = [0; SPAN];
    index_runs(span, &mut found, q);
    if known.len() >= SPANS_KEPT {
        known.clear();
    }
    known.insert(key, found);
    found
}

thread_local! {
    static SPANS: RefCell<Spans> = RefCell::default();
    /// The thread's buffer of filtered rows, lent to one picture at a time.
    static FILTERED: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The thread's deflate state, reset for each picture: a new one allocates and zeroes
    /// about 300 KB of tables (fresh pages from the system, most of them), which cost more
    /// than the reset.
    static DEFLATE: RefCell<Option<flate2::Compress>> = const { RefCell::new(None) };
}

/// A picture's filtered rows in the thread's buffer, given back when dropped: a picture's
/// 300 KB to 1 MB would otherwise be fresh pages each time.
struct Filtered(Vec<u8>);

impl Filtered {
    /// The thread's buffer, emptied, with room for `len` bytes.
    fn take(len: usize) -> Self {
        let mut buffer = FILTERED.with_borrow_mut(std::mem::take);
        buffer.clear();
        buffer.reserve(len);
        Filtered(buffer)
    }
}

impl std::ops::Deref for Filtered {
    type Target = Vec<u8>;
    fn deref(&self) -> &Vec<u8> {
        &self.0
    }
}

impl std::ops::DerefMut for Filtered {
    fn deref_mut(&mut self) -> &mut Vec<u8> {
        &mut self.0
    }
}

impl Drop for Filtered {
    fn drop(&mut self) {
        let buffer = std::mem::take(&mut self.0);
        // A thread being torn down has no buffer to give back to.
        let _ = FILTERED.try_with(|kept| *kept.borrow_mut() = buffer);
    }
}

/// `filtered` compressed as a zlib stream by the thread's deflate state.
fn deflate(filtered: &[u8]) -> Result<Vec<u8>, RenderError> {
    let fail = |e: flate2::CompressError| RenderError::Encode(e.to_string());
    DEFLATE.with_borrow_mut(|state| {
        // zlib-rs's level 1 (zlib-ng's "quick": fixed Huffman codes) with the Up filter: by
        // the render bench, 18 % less time a picture than its level 2 for files 18 to 24 %
        // larger (LOA 22 KB instead of 18), inside issue 44's allowance of 25 %. Its RLE
        // strategy was both slower and larger; fdeflate is faster still but gives 35 to 78 KB.
        let z =
            state.get_or_insert_with(|| flate2::Compress::new(flate2::Compression::new(1), true));
        z.reset();
        let mut data = Vec::with_capacity(32 * 1024);
        loop {
            let read = usize::try_from(z.total_in()).unwrap_or(usize::MAX);
            let rest = filtered.get(read..).unwrap_or_default();
            match z
                .compress_vec(rest, &mut data, flate2::FlushCompress::Finish)
                .map_err(fail)?
            {
                flate2::Status::StreamEnd => return Ok(data),
                // Out of room: more, and on.
                _ => data.reserve(data.capacity().max(16 * 1024)),
            }
        }
    })
}

/// Whether two spans of pixels are the same, compared 16 bytes at a time, inline.
fn same(a: &[u8; 3 * SPAN], b: &[u8; 3 * SPAN]) -> bool {
    let (a, b) = (a.as_chunks::<16>().0, b.as_chunks::<16>().0);
    a.iter().zip(b).fold(0, |differ, (a, b)| {
        differ | (u128::from_ne_bytes(*a) ^ u128::from_ne_bytes(*b))
    }) == 0
}

/// A row of indices being filtered, and the row above it.
struct Rows {
    row: Vec<u8>,
    above: Vec<u8>,
}

impl Rows {
    fn new(width: usize) -> Self {
        Rows {
            row: vec![0; width],
            above: vec![0; width],
        }
    }

    /// Appends the row as the Up filter writes it (its byte, then each index minus the one
    /// above), and makes it the row above the next.
    fn filter_into(&mut self, filtered: &mut Vec<u8>) {
        filtered.push(UP);
        filtered.extend(
            self.row
                .iter()
                .zip(&self.above)
                .map(|(r, a)| r.wrapping_sub(*a)),
        );
        std::mem::swap(&mut self.row, &mut self.above);
    }
}

/// [`png`] of a canvas painted over `backdrop` (the same size): the same file, made faster. The
/// spans the canvas was not drawn on since it took the backdrop's pixels take the backdrop's
/// indices unseen; the others are compared with the backdrop first.
pub fn png_over(
    c: &Canvas,
    backdrop: Option<&Backdrop>,
    q: &Quantizer,
) -> Result<Vec<u8>, RenderError> {
    let width = c.width() as usize;
    let Some((under, indices, id)) = backdrop
        .filter(|b| b.canvas.dimensions() == c.dimensions())
        .and_then(|b| Some((b.canvas.as_raw(), b.indices(q)?, b.id)))
    else {
        return png(c, q);
    };
    // Filtered here and compressed in one go: fed row by row (as the `png` crate does), flate2
    // clears its 32 KB output buffer on every write, twice a row, which cost more than the
    // compression itself.
    let mut filtered = Filtered::take((width + 1) * c.height() as usize);
    let mut rows = Rows::new(width);
    let painted = c.over() == Some(id);
    SPANS.with_borrow_mut(|known| {
        for (y, pixels) in c.as_raw().chunks_exact(3 * width.max(1)).enumerate() {
            let under = &under[3 * width * y..3 * width * (y + 1)];
            let indices = &indices[width * y..width * (y + 1)];
            // The backdrop's indices in one copy; then only the spans that may differ.
            rows.row.copy_from_slice(indices);
            let index = |x: usize, row: &mut [u8], known: &mut Spans| {
                let at = x * SPAN..(x * SPAN + SPAN).min(width);
                let (span, under) = (
                    &pixels[3 * at.start..3 * at.end],
                    &under[3 * at.start..3 * at.end],
                );
                let row = &mut row[at];
                // Whole spans compare 16 bytes at a time; the row's last as slices.
                let whole = (
                    span.first_chunk::<{ 3 * SPAN }>(),
                    under.first_chunk::<{ 3 * SPAN }>(),
                    row.first_chunk_mut::<SPAN>(),
                );
                match whole {
                    (Some(whole), Some(under), Some(row)) => {
                        if !same(whole, under) {
                            *row = known_span(known, q, whole);
                        }
                    }
                    _ if span == under => {}
                    _ => index_runs(span, row, q),
                }
            };
            if painted {
                let drawn = c.drawn(y);
                let mut x = 0;
                while x < drawn.len() {
                    let state = drawn[x];
                    let Some(stamp) = c.stamp_of(state) else {
                        if state != CLEAN {
                            index(x, &mut rows.row, known);
                        }
                        x += 1;
                        continue;
                    };
                    // A stamp's spans take the indices found once for all its pictures.
                    let end = x + drawn[x..].iter().take_while(|&&s| s == state).count();
                    let found = stamp.indices(q.id, y, x..end, |rgb| {
                        let mut all = vec![0; rgb.len() / 3];
                        index_runs(rgb, &mut all, q);
                        all
                    });
                    match found {
                        Some(found) => {
                            let at = x * SPAN..x * SPAN + found.len();
                            rows.row[at].copy_from_slice(found);
                        }
                        None => (x..end).for_each(|x| index(x, &mut rows.row, known)),
                    }
                    x = end;
                }
            } else {
                for x in 0..width.div_ceil(SPAN) {
                    index(x, &mut rows.row, known);
                }
            }
            rows.filter_into(&mut filtered);
        }
    });
    compress(c, &filtered, q)
}

/// The PNG of filtered rows of indices of a picture of `c`'s size, with `q`'s palette.
fn compress(c: &RgbImage, filtered: &[u8], q: &Quantizer) -> Result<Vec<u8>, RenderError> {
    let data = deflate(filtered)?;
    let mut out = Vec::with_capacity(data.len() + 1024);
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut encoder = png::Encoder::new(&mut out, c.width(), c.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(q.colours.iter().flatten().copied().collect::<Vec<u8>>());
    let mut writer = encoder.write_header().map_err(err)?;
    writer.write_chunk(png::chunk::IDAT, &data).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(out)
}

/// PNG's Up filter: each byte minus the one above it.
const UP: u8 = 2;

/// The palette indices of RGB `pixels` into `out`. Neighbours often share a colour (runs of
/// background, of a square): a pixel like the one before takes its index without a lookup.
fn index_runs(pixels: &[u8], out: &mut [u8], q: &Quantizer) {
    let mut last: Option<(Rgb, u8)> = None;
    for (p, o) in pixels.chunks_exact(3).zip(out) {
        let colour = [p[0], p[1], p[2]];
        *o = match last {
            Some((seen, index)) if seen == colour => index,
            _ => {
                let index = q.index(colour);
                last = Some((colour, index));
                index
            }
        };
    }
}

/// Maps colours to a small palette: the game's key colours exactly, then the commonest other
/// colours of sample pictures (antialiasing, text), and every other colour to its nearest entry.
/// Built once per game from fixed samples, its lookup table filled for every colour then, so
/// that an index is a pure function of the colour: pictures are deterministic and cheap.
#[derive(Clone, Debug)]
pub struct Quantizer {
    pub colours: Vec<Rgb>,
    /// Unique to this quantizer and its clones: what the caches of indices are keyed by (an
    /// address could be reused by another quantizer once this one is dropped).
    id: u64,
    /// How many of `colours` are key colours, kept exactly.
    exact: usize,
    /// Nearest entry per 15-bit colour bucket: for a colour of the samples, the nearest to the
    /// first such colour seen; for any other bucket, the nearest to its centre.
    lut: Vec<u16>,
}

pub fn bucket(c: Rgb) -> usize {
    (usize::from(c[0] >> 3) << 10) | (usize::from(c[1] >> 3) << 5) | usize::from(c[2] >> 3)
}

impl Quantizer {
    /// A palette of at most `size` entries (a GIF keeps one more index for transparency).
    pub fn new(keys: &[Rgb], samples: &[&RgbImage], size: usize) -> Self {
        let size = size.min(256);
        let mut colours: Vec<Rgb> = Vec::with_capacity(size);
        for &k in keys {
            if colours.len() < size && !colours.contains(&k) {
                colours.push(k);
            }
        }
        let exact = colours.len();
        // Histogram of the samples by bucket, with colour sums for the bucket's mean.
        let mut count = vec![0u32; 1 << 15];
        let mut sum = vec![[0u32; 3]; 1 << 15];
        for c in samples {
            for p in c.as_raw().chunks_exact(3) {
                let b = bucket([p[0], p[1], p[2]]);
                count[b] += 1;
                for i in 0..3 {
                    sum[b][i] += u32::from(p[i]);
                }
            }
        }
        let mut lut = vec![UNKNOWN; 1 << 15];
        for (i, &k) in colours.iter().enumerate() {
            let b = bucket(k);
            lut[b] = if lut[b] == UNKNOWN { i as u16 } else { SHARED };
            count[b] = 0;
        }
        let mut order: Vec<usize> = (0..count.len()).filter(|&b| count[b] > 0).collect();
        order.sort_by_key(|&b| (std::cmp::Reverse(count[b]), b));
        for b in order.into_iter().take(size - colours.len()) {
            let n = count[b];
            colours.push([
                ((sum[b][0] + n / 2) / n) as u8,
                ((sum[b][1] + n / 2) / n) as u8,
                ((sum[b][2] + n / 2) / n) as u8,
            ]);
        }
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let mut q = Quantizer {
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            colours,
            exact,
            lut,
        };
        for c in samples {
            for p in c.as_raw().chunks_exact(3) {
                q.fill([p[0], p[1], p[2]]);
            }
        }
        for b in 0..q.lut.len() {
            let centre = |shift: usize| ((((b >> shift) & 31) << 3) | 4) as u8;
            q.fill([centre(10), centre(5), centre(0)]);
        }
        q
    }

    /// Fills the table's entry of a colour's bucket, if it has none, with that colour's nearest.
    fn fill(&mut self, c: Rgb) {
        let b = bucket(c);
        if self.lut[b] == UNKNOWN {
            self.lut[b] = u16::from(self.nearest(c));
        }
    }

    /// The index used for transparent pixels: just past the colours.
    pub fn transparent(&self) -> u8 {
        self.colours.len().min(255) as u8
    }

    /// The palette index for a colour.
    #[inline]
    pub fn index(&self, c: Rgb) -> u8 {
        let b = bucket(c);
        match self.lut[b] {
            i @ 0..=255 => i as u8,
            _ => self.lookup(c),
        }
    }

    /// Two key colours share this bucket: an exact match first, else the nearest.
    #[cold]
    fn lookup(&self, c: Rgb) -> u8 {
        match self.colours[..self.exact].iter().position(|&k| k == c) {
            Some(i) => i as u8,
            None => self.nearest(c),
        }
    }

    fn nearest(&self, c: Rgb) -> u8 {
        let mut best = (i32::MAX, 0u8);
        for (i, p) in self.colours.iter().enumerate() {
            let d: i32 = (0..3)
                .map(|k| {
                    let e = i32::from(c[k]) - i32::from(p[k]);
                    // Weighted roughly like the eye: green counts most, blue least.
                    e * e * [3, 4, 2][k]
                })
                .sum();
            if d < best.0 {
                best = (d, i as u8);
            }
        }
        best.1
    }

    /// The palette as GIF wants it: RGB triples, the transparent slot included.
    pub fn table(&self) -> Vec<u8> {
        let mut t: Vec<u8> = self.colours.iter().flatten().copied().collect();
        t.extend_from_slice(&[0, 0, 0]);
        t
    }
}

/// A frame waiting for its delay: it is written once the next frame is known (or at the end,
/// with the long final pause).
pub struct Pending {
    pub left: u16,
    pub top: u16,
    pub width: u16,
    pub height: u16,
    pub indices: Vec<u8>,
    transparent: bool,
}

/// Writes a GIF replay one canvas at a time; every canvas must have the first one's size.
pub struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    lzw: Lzw,
    quantizer: Quantizer,
    previous: Option<Canvas>,
    pending: Option<Pending>,
    delay: u16,
}

impl GifWriter {
    /// Starts a replay of `w` x `h` frames in the palette of `q` (at most [`GIF_COLOURS`], so
    /// that one index is left for transparency); every frame but the last shows for `delay`
    /// hundredths of a second.
    pub fn new(w: u32, h: u32, q: &Quantizer, delay: u16) -> Result<Self, RenderError> {
        let quantizer = q.clone();
        let (w, h) = (to_u16(w)?, to_u16(h)?);
        let mut encoder = gif::Encoder::new(Vec::new(), w, h, &quantizer.table())
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        // Enough bits for every colour and the transparent index.
        let symbols = quantizer.colours.len() + 1;
        let min_code_size = (usize::BITS - (symbols - 1).leading_zeros()).max(2) as u8;
        Ok(GifWriter {
            encoder,
            lzw: Lzw::new(min_code_size),
            quantizer,
            previous: None,
            pending: None,
            delay,
        })
    }

    /// Adds the next picture: only the rectangle that differs from the previous one is encoded,
    /// and inside it the pixels that did not change are transparent. The writer keeps the
    /// picture and hands back the previous one's buffer in `c`, to draw the next frame in.
    pub fn push(&mut self, c: &mut Canvas) -> Result<(), RenderError> {
        let next = match &self.previous {
            None => Pending {
                left: 0,
                top: 0,
                width: to_u16(c.width())?,
                height: to_u16(c.height())?,
                indices: c
                    .as_raw()
                    .chunks_exact(3)
                    .map(|p| self.quantizer.index([p[0], p[1], p[2]]))
                    .collect(),
                transparent: false,
            },
            Some(prev) => {
                if (prev.width(), prev.height()) != (c.width(), c.height()) {
                    return Err(RenderError::Encode("frames differ in size".to_string()));
                }
                diff(prev, c, &mut self.quantizer)
            }
        };
        self.flush(self.delay)?;
        self.pending = Some(next);
        match &mut self.previous {
            Some(prev) => std::mem::swap(prev, c),
            None => self.previous = Some(std::mem::take(c)),
        }
        Ok(())
    }

    /// Writes the last frame with a pause of `last_delay` hundredths and returns the file.
    pub fn finish(mut self, last_delay: u16) -> Result<Vec<u8>, RenderError> {
        self.flush(last_delay)?;
        self.encoder
            .into_inner()
            .map_err(|e| RenderError::Encode(e.to_string()))
    }

    fn flush(&mut self, delay: u16) -> Result<(), RenderError> {
        let Some(p) = self.pending.take() else {
            return Ok(());
        };
        let mut compressed = Vec::with_capacity(p.indices.len() / 8 + 16);
        self.lzw
            .encode(&p.indices, self.quantizer.transparent(), &mut compressed);
        let frame = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: p.transparent.then(|| self.quantizer.transparent()),
            left: p.left,
            top: p.top,
            width: p.width,
            height: p.height,
            buffer: Cow::Owned(compressed),
            ..gif::Frame::default()
        };
        self.encoder
            .write_lzw_pre_encoded_frame(&frame)
            .map_err(|e| RenderError::Encode(e.to_string()))
    }
}

fn to_u16(v: u32) -> Result<u16, RenderError> {
    u16::try_from(v).map_err(|_| RenderError::Encode(format!("{v} pixels is too big for a GIF")))
}

/// The changed rectangle between two canvases, as palette indices with unchanged pixels
/// transparent; a single transparent pixel when nothing changed.
pub fn diff(prev: &RgbImage, next: &RgbImage, q: &mut Quantizer) -> Pending {
    let row = (next.width() * 3) as usize;
    let rows_prev = prev.as_raw().chunks_exact(row);
    let changed: Vec<usize> = rows_prev
        .zip(next.as_raw().chunks_exact(row))
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(y, _)| y)
        .collect();
    let transparent = q.transparent();
    let (Some(&top), Some(&bottom)) = (changed.first(), changed.last()) else {
        return Pending {
            left: 0,
            top: 0,
            width: 1,
            height: 1,
            indices: vec![transparent],
            transparent: true,
        };
    };
    let (mut left, mut right) = (next.width() as usize, 0usize);
    for &y in &changed {
        let a = &prev.as_raw()[y * row..(y + 1) * row];
        let b = &next.as_raw()[y * row..(y + 1) * row];
        if let (Some(f), Some(l)) = (first_difference(a, b), last_difference(a, b)) {
            left = left.min(f / 3);
            right = right.max(l / 3);
        }
    }
    let (width, height) = (right + 1 - left, bottom + 1 - top);
    let mut indices = vec![transparent; width * height];
    for (row, out) in (top..=bottom).zip(indices.chunks_exact_mut(width)) {
        let start = (row * next.width() as usize + left) * 3;
        let a = &prev.as_raw()[start..start + width * 3];
        let b = &next.as_raw()[start..start + width * 3];
        // Jump over unchanged stretches eight bytes at a time, then map the changed pixels.
        let mut x = 0;
        while let Some(d) = first_difference(&a[x * 3..], &b[x * 3..]) {
            x += d / 3;
            while x < width && a[x * 3..x * 3 + 3] != b[x * 3..x * 3 + 3] {
                out[x] = q.index([b[x * 3], b[x * 3 + 1], b[x * 3 + 2]]);
                x += 1;
            }
        }
    }
    // The rectangle fits a canvas whose sides were checked to fit in u16.
    Pending {
        left: left as u16,
        top: top as u16,
        width: width as u16,
        height: height as u16,
        indices,
        transparent: true,
    }
}

/// The first byte where two equally long slices differ, comparing eight bytes at a time.
pub fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let chunks = a.chunks_exact(8).zip(b.chunks_exact(8));
    let skip = chunks.take_while(|(x, y)| x == y).count() * 8;
    (skip..a.len()).find(|&i| a[i] != b[i])
}

/// The last byte where two equally long slices differ, comparing eight bytes at a time.
pub fn last_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let tail = a.len() % 8;
    if let Some(i) = (a.len() - tail..a.len()).rev().find(|&i| a[i] != b[i]) {
        return Some(i);
    }
    let body = a.len() - tail;
    let chunks = a[..body].rchunks_exact(8).zip(b[..body].rchunks_exact(8));
    let skip = chunks.take_while(|(x, y)| x == y).count() * 8;
    (0..body - skip).rev().find(|&i| a[i] != b[i])
}
