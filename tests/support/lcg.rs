//! A tiny deterministic generator, so that every run plays the same "random" games (shared by
//! the test binaries that include it with `#[path]`).

pub struct Lcg(pub u64);

impl Lcg {
    /// The next number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}
