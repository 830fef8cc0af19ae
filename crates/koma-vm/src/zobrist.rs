//! Zobrist keys: a random number per (player, face, square), per (player, face, count in hand), and for the
//! side to move, per (player, checks given) where checks are counted, and per counter-strike square. A position's key is the XOR of its parts, updated incrementally by make and unmake.

use crate::tables::Layout;

/// The most pieces of one face a hand may hold, plus one.
pub(crate) const HAND_MAX: usize = 128;

/// The key tables of one game.
#[derive(Debug, Clone)]
pub(crate) struct Zobrist {
    /// Per (player, face, square).
    pub piece: Vec<u64>,
    /// Per (player, face) and count in hand; count 0 has key 0.
    pub hand: Vec<u64>,
    /// XORed in when the second player is to move.
    pub side: u64,
    /// Per player and number of checks given (`N checks` rules); 0 checks has key 0.
    pub checks: [[u64; CHECKS_MAX]; 2],
    /// Per square: the counter-strike square of the lion rules.
    pub counter_strike: Vec<u64>,
}

/// Checks given are counted up to this many, less one.
pub(crate) const CHECKS_MAX: usize = 256;

impl Zobrist {
    /// Keys for a game of this layout, from a seed that depends only on the layout, so they are reproducible.
    pub fn build(layout: Layout) -> Zobrist {
        let mut rng =
            SplitMix(0x6b6f_6d61_2d76_6d31 ^ (layout.squares as u64) << 32 ^ layout.faces as u64);
        let piece = (0..layout.pairs() * layout.squares)
            .map(|_| rng.next())
            .collect();
        let hand = (0..layout.pairs() * HAND_MAX)
            .map(|i| if i % HAND_MAX == 0 { 0 } else { rng.next() })
            .collect();
        let side = rng.next();
        let mut checks = [[0; CHECKS_MAX]; 2];
        for row in &mut checks {
            for key in &mut row[1..] {
                *key = rng.next();
            }
        }
        let counter_strike = (0..layout.squares).map(|_| rng.next()).collect();
        Zobrist {
            piece,
            hand,
            side,
            checks,
            counter_strike,
        }
    }

    /// The key of holding `count` pieces of the (player, face) pair with index `pf`.
    #[inline(always)]
    pub fn hand(&self, pf: usize, count: u8) -> u64 {
        self.hand[pf * HAND_MAX + count as usize]
    }
}

/// SplitMix64: a small, well-mixed generator for reproducible keys.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
