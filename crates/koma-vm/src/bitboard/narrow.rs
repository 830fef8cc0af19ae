//! The narrow set: up to 128 squares in one 128-bit word, the set of boards up to 11x11.

use super::{BitSet, Bitboard, Mailbox, Sealed, bit_operators, debug_as_squares};
use crate::square::Square;

/// A set of up to 128 squares: the VM's set for boards that fit (11x11 and smaller).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Narrow(u128);

impl Sealed for Narrow {}

impl BitSet for Narrow {
    const EMPTY: Narrow = Narrow(0);
    const CAPACITY: usize = 128;
    const WALKS_LINES: bool = false;
    type Mailbox = Mailbox<128>;
    const EMPTY_MAILBOX: Mailbox<128> = Mailbox::EMPTY;
    type Cell = Narrow;
    type Cells = ();

    #[inline(always)]
    fn from_square(sq: Square) -> Narrow {
        Narrow(1u128 << sq.index())
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    #[inline(always)]
    fn contains(&self, sq: Square) -> bool {
        self.has(sq)
    }

    #[inline(always)]
    fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline(always)]
    fn lowest(self) -> Square {
        Square::new(self.0.trailing_zeros() as u16)
    }

    #[inline(always)]
    fn highest(self) -> Square {
        Square::new((127 - self.0.leading_zeros()) as u16)
    }

    #[inline(always)]
    fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    fn first(n: usize) -> Narrow {
        Narrow(if n >= 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        })
    }

    #[inline(always)]
    fn widen(self) -> Bitboard {
        Bitboard::from_words([self.0 as u64, (self.0 >> 64) as u64])
    }

    #[inline(always)]
    fn store(self, _: &mut ()) -> Narrow {
        self
    }

    #[inline(always)]
    fn load(_: &(), cell: Narrow) -> Narrow {
        cell
    }

    fn cells_built(_: &mut ()) {}
}

impl Iterator for Narrow {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new(self.0.trailing_zeros() as u16);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

bit_operators!(Narrow, 0);
debug_as_squares!(Narrow);

impl std::ops::Not for Narrow {
    type Output = Narrow;
    #[inline(always)]
    fn not(self) -> Narrow {
        Narrow(!self.0)
    }
}
