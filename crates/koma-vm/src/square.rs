//! Squares of the board.

/// The most squares a board may have (16x16 fits).
pub const MAX_SQUARES: usize = 256;

/// A square of the board, numbered `rank * files + file`, with the file counted from the first player's
/// left and the rank from the first player's home rank. Names in the game's own coordinates come from
/// [`crate::Rules::square_name`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Square(u8);

impl Square {
    /// The square with this number. Numbers at or above the board's square count are off the board.
    #[inline(always)]
    pub const fn new(number: u8) -> Square {
        Square(number)
    }

    /// The square's number, for indexing tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's number.
    #[inline(always)]
    pub const fn number(self) -> u8 {
        self.0
    }
}

impl std::fmt::Debug for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Square({})", self.0)
    }
}
