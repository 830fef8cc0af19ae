//! Sets of squares as bit masks. The rules pick one set type per game when they are built, the narrowest that
//! holds the board: [`Narrow`] (up to 128 squares, 11x11), [`Wide`] (up to 256, 16x16) or [`Bitboard`] (every
//! board, up to 36x36). [`BitSet`] is what the generator asks of each; [`Bitboard`] is also the set the public
//! interface hands out, whatever the game's own type.

mod any;
mod mailbox;
mod narrow;
mod pool;
mod wide;

pub use any::Bitboard;
pub use mailbox::Mailbox;
pub use narrow::Narrow;
pub use pool::Pool;
pub use wide::Wide;

use crate::square::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

mod sealed {
    /// Only the VM's own set types are sets: the generator's tables are built for them alone.
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// What the move generator, and a reader that works in a game's own set type (the engine's evaluation, through
/// [`crate::Position::with_sets`]), needs of a set of squares. Implemented by [`Narrow`], [`Wide`] and
/// [`Bitboard`] only.
pub trait BitSet:
    Sealed
    + Copy
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
    /// Whether the generator finds a slider's targets by walking its line square by square rather than with
    /// whole-set operations: true for the largest type, where a set is 21 words and most lines of a crowded
    /// board stop after a square or two.
    const WALKS_LINES: bool;
    /// One 16-bit code per square, for the board's contents (a [`Mailbox`]).
    type Mailbox: Copy
        + Eq
        + Send
        + Sync
        + AsRef<[u16]>
        + std::ops::Index<usize, Output = u16>
        + std::ops::IndexMut<usize>;
    /// The empty board.
    const EMPTY_MAILBOX: Self::Mailbox;
    /// How a table of one set per (player, face, square) holds a set: the set itself for the small types; for
    /// the largest, an index into a [`Pool`] of the distinct sets, which keeps taikyoku's tables in memory.
    type Cell: Copy + Debug + Send + Sync + 'static;
    /// The sets that [`BitSet::Cell`]s stand for: nothing for the small types.
    type Cells: Default + Clone + Debug + Send + Sync + 'static;
    /// The set holding only `sq`.
    fn from_square(sq: Square) -> Self;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Whether `sq` is in the set.
    fn has(self, sq: Square) -> bool;
    /// [`BitSet::has`] read through a reference: what a loop over squares asks of a large set, which is not
    /// copied for each question.
    fn contains(&self, sq: Square) -> bool;
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
    /// The cell that holds this set in a table whose sets are kept in `cells`.
    fn store(self, cells: &mut Self::Cells) -> Self::Cell;
    /// The set a cell holds.
    fn load(cells: &Self::Cells, cell: Self::Cell) -> Self;
    /// Every cell of a table has been stored in `cells`.
    fn cells_built(cells: &mut Self::Cells);
}

/// Implements the binary operators of a set type word by word, given its words' field.
macro_rules! bit_operators {
    ($ty:ident, $($field:tt),+) => {
        bit_operators!(@one $ty, BitAnd, bitand, BitAndAssign, bitand_assign, &=, $($field),+);
        bit_operators!(@one $ty, BitOr, bitor, BitOrAssign, bitor_assign, |=, $($field),+);
        bit_operators!(@one $ty, BitXor, bitxor, BitXorAssign, bitxor_assign, ^=, $($field),+);
    };
    (@one $ty:ident, $tr:ident, $f:ident, $tra:ident, $fa:ident, $opa:tt, $($field:tt),+) => {
        impl std::ops::$tr for $ty {
            type Output = $ty;
            #[inline(always)]
            fn $f(mut self, rhs: $ty) -> $ty {
                $(self.$field $opa rhs.$field;)+
                self
            }
        }
        impl std::ops::$tra for $ty {
            #[inline(always)]
            fn $fa(&mut self, rhs: $ty) {
                $(self.$field $opa rhs.$field;)+
            }
        }
    };
}
pub(crate) use bit_operators;

/// Implements `Debug` for a set type as the set of its squares' numbers.
macro_rules! debug_as_squares {
    ($ty:ident) => {
        impl std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_set().entries(*self).finish()
            }
        }
    };
}
pub(crate) use debug_as_squares;
