//! Sets of squares as bit masks: [`Bitboard`] (256 bits, every board) and the narrow 128-bit set that boards
//! of up to 128 squares use inside the VM. [`BitSet`] is what the generator asks of either.

use crate::square::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// What the move generator needs of a set of squares. The rules pick one implementation per game when they
/// are built: the narrow one for boards of up to 128 squares, [`Bitboard`] above that.
pub(crate) trait BitSet:
    Copy
    + Eq
    + Default
    + Hash
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + BitXorAssign
    + Not<Output = Self>
    + Iterator<Item = Square>
{
    /// The empty set.
    const EMPTY: Self;
    /// How many squares the set can hold.
    const CAPACITY: usize;
    /// One 16-bit code per square, for the board's contents.
    type Mailbox: Copy
        + Eq
        + Send
        + Sync
        + AsRef<[u16]>
        + std::ops::Index<usize, Output = u16>
        + std::ops::IndexMut<usize>;
    /// The empty board.
    const EMPTY_MAILBOX: Self::Mailbox;
    /// The set holding only `sq`.
    fn from_square(sq: Square) -> Self;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Whether `sq` is in the set.
    fn has(self, sq: Square) -> bool;
    /// Number of squares in the set.
    fn len(self) -> u32;
    /// The lowest-numbered square. The set must not be empty.
    fn lowest(self) -> Square;
    /// The highest-numbered square. The set must not be empty.
    fn highest(self) -> Square;
    /// Adds `sq`.
    fn insert(&mut self, sq: Square);
    /// Removes `sq`.
    fn remove(&mut self, sq: Square);
    /// The squares numbered below `n`: a whole board of `n` squares.
    fn first(n: usize) -> Self;
    /// The same squares as a [`Bitboard`], for the public interface.
    fn widen(self) -> Bitboard;
}

/// A set of up to 128 squares: the VM's set for boards that fit (11x11 and smaller).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub(crate) struct Narrow(u128);

impl BitSet for Narrow {
    const EMPTY: Narrow = Narrow(0);
    const CAPACITY: usize = 128;
    type Mailbox = [u16; 128];
    const EMPTY_MAILBOX: [u16; 128] = [0; 128];

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
    fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline(always)]
    fn lowest(self) -> Square {
        Square::new(self.0.trailing_zeros() as u8)
    }

    #[inline(always)]
    fn highest(self) -> Square {
        Square::new((127 - self.0.leading_zeros()) as u8)
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
        Bitboard { lo: self.0, hi: 0 }
    }
}

impl Iterator for Narrow {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

/// A set of squares of any board (up to 256 squares, 16x16): bit `n` stands for
/// [`Square::new(n)`](Square::new).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Bitboard {
    lo: u128,
    hi: u128,
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard { lo: 0, hi: 0 };

    /// The set holding only `sq`.
    #[inline(always)]
    pub fn from_square(sq: Square) -> Bitboard {
        let i = sq.index();
        if i < 128 {
            Bitboard {
                lo: 1u128 << i,
                hi: 0,
            }
        } else {
            Bitboard {
                lo: 0,
                hi: 1u128 << (i - 128),
            }
        }
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.lo | self.hi == 0
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub fn has(self, sq: Square) -> bool {
        let i = sq.index();
        if i < 128 {
            self.lo >> i & 1 != 0
        } else {
            self.hi >> (i - 128) & 1 != 0
        }
    }

    /// Number of squares in the set.
    #[inline(always)]
    pub fn count(self) -> u32 {
        // Boards of up to 128 squares never set the high half: one count then.
        if self.hi == 0 {
            self.lo.count_ones()
        } else {
            self.lo.count_ones() + self.hi.count_ones()
        }
    }

    /// The lowest-numbered square. The set must not be empty.
    #[inline(always)]
    pub fn lowest(self) -> Square {
        if self.lo != 0 {
            Square::new(self.lo.trailing_zeros() as u8)
        } else {
            Square::new((128 + self.hi.trailing_zeros()) as u8)
        }
    }

    /// The highest-numbered square. The set must not be empty.
    #[inline(always)]
    pub fn highest(self) -> Square {
        if self.hi != 0 {
            Square::new((255 - self.hi.leading_zeros()) as u8)
        } else {
            Square::new((127 - self.lo.leading_zeros()) as u8)
        }
    }

    /// Adds `sq`.
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        *self |= Bitboard::from_square(sq);
    }

    /// Removes `sq`.
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        *self &= !Bitboard::from_square(sq);
    }

    /// The squares numbered below `n`: a whole board of `n` squares.
    pub fn first(n: usize) -> Bitboard {
        let mask = |n: usize| match n {
            0 => 0,
            128.. => u128::MAX,
            n => (1u128 << n) - 1,
        };
        Bitboard {
            lo: mask(n),
            hi: mask(n.saturating_sub(128)),
        }
    }
}

impl BitSet for Bitboard {
    const EMPTY: Bitboard = Bitboard::EMPTY;
    const CAPACITY: usize = 256;
    type Mailbox = [u16; 256];
    const EMPTY_MAILBOX: [u16; 256] = [0; 256];

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
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.lo != 0 {
            let sq = Square::new(self.lo.trailing_zeros() as u8);
            self.lo &= self.lo - 1;
            Some(sq)
        } else if self.hi != 0 {
            let sq = Square::new((128 + self.hi.trailing_zeros()) as u8);
            self.hi &= self.hi - 1;
            Some(sq)
        } else {
            None
        }
    }
}

impl Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

impl Debug for Narrow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Narrow {
            type Output = Narrow;
            #[inline(always)]
            fn $f(self, rhs: Narrow) -> Narrow {
                Narrow(self.0 $op rhs.0)
            }
        }
        impl $tra for Narrow {
            #[inline(always)]
            fn $fa(&mut self, rhs: Narrow) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard { lo: self.lo $op rhs.lo, hi: self.hi $op rhs.hi }
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.lo = self.lo $op rhs.lo;
                self.hi = self.hi $op rhs.hi;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Narrow {
    type Output = Narrow;
    #[inline(always)]
    fn not(self) -> Narrow {
        Narrow(!self.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard {
            lo: !self.lo,
            hi: !self.hi,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_sets_reach_every_square_of_a_16x16_board() {
        let all = Bitboard::first(256);
        assert_eq!(all.count(), 256);
        assert_eq!(all.lowest(), Square::new(0));
        assert_eq!(all.highest(), Square::new(255));
        let mut s = Bitboard::EMPTY;
        for n in [0u8, 127, 128, 200, 255] {
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
        assert_eq!(Bitboard::first(144).count(), 144);
        assert_eq!(Bitboard::first(100), Narrow::first(100).widen());
    }
}
