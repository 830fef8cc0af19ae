//! The set of any board: up to 1,344 squares in 21 64-bit words, the set of boards above 16x16 (up to 36x36)
//! and the set the public interface hands out.

use super::{BitSet, Mailbox, Pool, Sealed, debug_as_squares};
use crate::square::{MAX_SQUARES, Square};

/// Words of a [`Bitboard`]: enough for [`MAX_SQUARES`].
const WORDS: usize = MAX_SQUARES.div_ceil(64);

/// The squares a [`Bitboard`] can hold.
const CAPACITY: usize = WORDS * 64;

/// A set of squares of any board (up to 36x36): bit `n` stands for [`Square::new(n)`](Square::new).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bitboard([u64; WORDS]);

impl Default for Bitboard {
    fn default() -> Bitboard {
        Bitboard::EMPTY
    }
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; WORDS]);

    /// The set of these low words (the rest empty): how the smaller set types widen.
    #[inline(always)]
    pub(crate) fn from_words<const N: usize>(low: [u64; N]) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        b.0[..N].copy_from_slice(&low);
        b
    }

    /// A quick hash of the words, for [`Pool`] (equal sets hash alike; different ones seldom do).
    pub(crate) fn words_hash(&self) -> u64 {
        self.0.iter().fold(0u64, |h, &w| {
            (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
        })
    }

    /// The set holding only `sq`.
    #[inline(always)]
    pub fn from_square(sq: Square) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        b.insert(sq);
        b
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub fn has(self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Number of squares in the set.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest-numbered square. The set must not be empty.
    #[inline(always)]
    pub fn lowest(self) -> Square {
        let (i, w) = self
            .0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .unwrap_or((WORDS, &0));
        Square::new((i * 64) as u16 + w.trailing_zeros() as u16)
    }

    /// The highest-numbered square. The set must not be empty.
    #[inline(always)]
    pub fn highest(self) -> Square {
        let (i, w) = self
            .0
            .iter()
            .enumerate()
            .rfind(|(_, w)| **w != 0)
            .unwrap_or((0, &0));
        Square::new((i * 64 + 63) as u16 - w.leading_zeros() as u16)
    }

    /// Adds `sq`.
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes `sq`.
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// The squares numbered below `n`: a whole board of `n` squares.
    pub fn first(n: usize) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for (i, w) in b.0.iter_mut().enumerate() {
            let below = n.saturating_sub(i * 64);
            *w = if below >= 64 {
                u64::MAX
            } else {
                (1 << below) - 1
            };
        }
        b
    }
}

impl Sealed for Bitboard {}

impl BitSet for Bitboard {
    const EMPTY: Bitboard = Bitboard::EMPTY;
    const CAPACITY: usize = CAPACITY;
    const WALKS_LINES: bool = true;
    type Mailbox = Mailbox<{ CAPACITY.next_power_of_two() }>;
    const EMPTY_MAILBOX: Self::Mailbox = Mailbox::EMPTY;
    type Cell = u32;
    type Cells = Pool;

    #[inline(always)]
    fn from_square(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        Bitboard::is_empty(self)
    }
    #[inline(always)]
    fn has(self, sq: Square) -> bool {
        Bitboard::has(self, sq)
    }
    #[inline(always)]
    fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline(always)]
    fn len(self) -> u32 {
        Bitboard::count(self)
    }
    #[inline(always)]
    fn lowest(self) -> Square {
        Bitboard::lowest(self)
    }
    #[inline(always)]
    fn highest(self) -> Square {
        Bitboard::highest(self)
    }
    #[inline(always)]
    fn insert(&mut self, sq: Square) {
        Bitboard::insert(self, sq)
    }
    #[inline(always)]
    fn remove(&mut self, sq: Square) {
        Bitboard::remove(self, sq)
    }
    fn first(n: usize) -> Bitboard {
        Bitboard::first(n)
    }
    #[inline(always)]
    fn widen(self) -> Bitboard {
        self
    }
    fn store(self, cells: &mut Pool) -> u32 {
        cells.store(self)
    }
    #[inline(always)]
    fn load(cells: &Pool, cell: u32) -> Bitboard {
        cells.load(cell)
    }
    fn cells_built(cells: &mut Pool) {
        cells.built()
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let (i, w) = self.0.iter_mut().enumerate().find(|(_, w)| **w != 0)?;
        let sq = Square::new((i * 64) as u16 + w.trailing_zeros() as u16);
        *w &= *w - 1;
        Some(sq)
    }
}

debug_as_squares!(Bitboard);

/// Implements a binary operator of [`Bitboard`] word by word.
macro_rules! word_operator {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, $opa:tt) => {
        impl std::ops::$tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(mut self, rhs: Bitboard) -> Bitboard {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $opa b;
                }
                self
            }
        }
        impl std::ops::$tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $opa b;
                }
            }
        }
    };
}
word_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &, &=);
word_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |, |=);
word_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, ^=);

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(mut self) -> Bitboard {
        for w in &mut self.0 {
            *w = !*w;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_reach_every_square_of_a_36x36_board() {
        let all = Bitboard::first(1296);
        assert_eq!(all.count(), 1296);
        assert_eq!(all.lowest(), Square::new(0));
        assert_eq!(all.highest(), Square::new(1295));
        let mut s = Bitboard::EMPTY;
        for n in [0u16, 63, 64, 700, 1295] {
            s.insert(Square::new(n));
        }
        assert_eq!(
            s.map(|q| q.number()).collect::<Vec<_>>(),
            [0, 63, 64, 700, 1295]
        );
        assert_eq!(
            (s.lowest(), s.highest()),
            (Square::new(0), Square::new(1295))
        );
        s.remove(Square::new(1295));
        s.remove(Square::new(0));
        assert_eq!(
            (s.lowest(), s.highest()),
            (Square::new(63), Square::new(700))
        );
        assert!(s.has(Square::new(64)) && !s.has(Square::new(65)));
        assert_eq!((!s & Bitboard::first(1296)).count(), 1293);
        assert_eq!(Bitboard::first(1).count(), 1);
        assert!(Bitboard::first(0).is_empty());
    }
}
