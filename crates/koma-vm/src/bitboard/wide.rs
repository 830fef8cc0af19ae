//! The wide set: up to 256 squares in two 128-bit words, the set of boards up to 16x16.

use super::{BitSet, Bitboard, Mailbox, Sealed, bit_operators, debug_as_squares};
use crate::square::Square;

/// A set of up to 256 squares (16x16): bit `n` stands for [`Square::new(n)`](Square::new).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Wide {
    lo: u128,
    hi: u128,
}

impl Sealed for Wide {}

impl BitSet for Wide {
    const EMPTY: Wide = Wide { lo: 0, hi: 0 };
    const CAPACITY: usize = 256;
    const WALKS_LINES: bool = false;
    type Mailbox = Mailbox<256>;
    const EMPTY_MAILBOX: Mailbox<256> = Mailbox::EMPTY;
    type Cell = Wide;
    type Cells = ();

    #[inline(always)]
    fn from_square(sq: Square) -> Wide {
        let i = sq.index();
        if i < 128 {
            Wide {
                lo: 1u128 << i,
                hi: 0,
            }
        } else {
            Wide {
                lo: 0,
                hi: 1u128 << (i - 128),
            }
        }
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.lo | self.hi == 0
    }

    #[inline(always)]
    fn has(self, sq: Square) -> bool {
        let i = sq.index();
        if i < 128 {
            self.lo >> i & 1 != 0
        } else {
            self.hi >> (i - 128) & 1 != 0
        }
    }

    #[inline(always)]
    fn contains(&self, sq: Square) -> bool {
        self.has(sq)
    }

    #[inline(always)]
    fn len(self) -> u32 {
        // Boards of up to 128 squares never set the high half: one count then.
        if self.hi == 0 {
            self.lo.count_ones()
        } else {
            self.lo.count_ones() + self.hi.count_ones()
        }
    }

    #[inline(always)]
    fn lowest(self) -> Square {
        if self.lo != 0 {
            Square::new(self.lo.trailing_zeros() as u16)
        } else {
            Square::new((128 + self.hi.trailing_zeros()) as u16)
        }
    }

    #[inline(always)]
    fn highest(self) -> Square {
        if self.hi != 0 {
            Square::new((255 - self.hi.leading_zeros()) as u16)
        } else {
            Square::new((127 - self.lo.leading_zeros()) as u16)
        }
    }

    #[inline(always)]
    fn insert(&mut self, sq: Square) {
        *self |= Wide::from_square(sq);
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square) {
        *self &= !Wide::from_square(sq);
    }

    fn first(n: usize) -> Wide {
        let mask = |n: usize| match n {
            0 => 0,
            128.. => u128::MAX,
            n => (1u128 << n) - 1,
        };
        Wide {
            lo: mask(n),
            hi: mask(n.saturating_sub(128)),
        }
    }

    #[inline(always)]
    fn widen(self) -> Bitboard {
        Bitboard::from_words([
            self.lo as u64,
            (self.lo >> 64) as u64,
            self.hi as u64,
            (self.hi >> 64) as u64,
        ])
    }

    #[inline(always)]
    fn store(self, _: &mut ()) -> Wide {
        self
    }

    #[inline(always)]
    fn load(_: &(), cell: Wide) -> Wide {
        cell
    }

    fn cells_built(_: &mut ()) {}
}

impl Iterator for Wide {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.lo != 0 {
            let sq = Square::new(self.lo.trailing_zeros() as u16);
            self.lo &= self.lo - 1;
            Some(sq)
        } else if self.hi != 0 {
            let sq = Square::new((128 + self.hi.trailing_zeros()) as u16);
            self.hi &= self.hi - 1;
            Some(sq)
        } else {
            None
        }
    }
}

bit_operators!(Wide, lo, hi);
debug_as_squares!(Wide);

impl std::ops::Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide {
            lo: !self.lo,
            hi: !self.hi,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Narrow;

    #[test]
    fn wide_sets_reach_every_square_of_a_16x16_board() {
        let all = Wide::first(256);
        assert_eq!(all.len(), 256);
        assert_eq!(all.lowest(), Square::new(0));
        assert_eq!(all.highest(), Square::new(255));
        let mut s = Wide::EMPTY;
        for n in [0u16, 127, 128, 200, 255] {
            s.insert(Square::new(n));
        }
        assert_eq!(
            s.map(|q| q.number()).collect::<Vec<_>>(),
            [0, 127, 128, 200, 255]
        );
        assert_eq!(s.highest(), Square::new(255));
        s.remove(Square::new(255));
        assert_eq!(s.highest(), Square::new(200));
        assert!(s.has(Square::new(128)) && !s.has(Square::new(129)));
        assert_eq!(Wide::first(144).len(), 144);
        assert_eq!(Wide::first(100).widen(), Narrow::first(100).widen());
        assert_eq!(s.widen().count(), 4);
        assert!(s.widen().has(Square::new(200)));
    }
}
