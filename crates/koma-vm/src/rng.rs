//! A small seeded generator (xorshift) for what must vary yet reproduce: self-play openings, random positions
//! in tests and tools. Not for anything that needs good randomness.

/// A xorshift generator; its state must not be zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rng(pub u64);

impl Rng {
    /// A generator for item `index` of a run seeded with `seed`: the seed and the index are mixed (splitmix)
    /// so that neighbouring items get unrelated streams.
    pub fn mixed(seed: u64, index: u64) -> Rng {
        let mut z = seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xd1b5_4a32_d192_ed03;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}
