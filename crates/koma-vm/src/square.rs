//! Squares of the board.

/// The most files, and the most ranks, a board may have (taikyoku shogi's 36x36).
pub const MAX_SIDE: u8 = 36;

/// The most squares a board may have: [`MAX_SIDE`] x [`MAX_SIDE`].
pub const MAX_SQUARES: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// A square of the board, numbered `rank * files + file`, with the file counted from the first player's
/// left and the rank from the first player's home rank. Names in the game's own coordinates come from
/// [`crate::Rules::square_name`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Square(u16);

impl Square {
    /// The square with this number. Numbers at or above the board's square count are off the board.
    #[inline(always)]
    pub const fn new(number: u16) -> Square {
        Square(number)
    }

    /// The square's number, for indexing tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's number.
    #[inline(always)]
    pub const fn number(self) -> u16 {
        self.0
    }
}

impl std::fmt::Debug for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Square({})", self.0)
    }
}

/// The letters of the rank `row` ranks below the top of the board (the second player's home rank, `a`): `a` to
/// `z`, then `aa` to `aj` on boards of more than 26 ranks (up to 36), as a spreadsheet names its columns.
pub fn rank_letters(row: u8) -> String {
    if row < 26 {
        char::from(b'a' + row).to_string()
    } else {
        format!("a{}", char::from(b'a' + row - 26))
    }
}

/// Reads [`rank_letters`] at the start of `text` on a board of `ranks` ranks: the row and the bytes used.
/// Two letters are read only on a board of more than 26 ranks, so that on smaller boards a rank is one letter
/// whatever follows it.
pub fn read_rank_letters(text: &[u8], ranks: u8) -> Option<(u8, usize)> {
    let first = *text.first().filter(|b| b.is_ascii_lowercase())?;
    let (row, used) = match text.get(1) {
        Some(&second) if ranks > 26 && first == b'a' && second.is_ascii_lowercase() => {
            (26 + second - b'a', 2)
        }
        _ => (first - b'a', 1),
    };
    (row < ranks).then_some((row, used))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_past_z_take_two_letters() {
        assert_eq!(rank_letters(0), "a");
        assert_eq!(rank_letters(25), "z");
        assert_eq!(rank_letters(26), "aa");
        assert_eq!(rank_letters(35), "aj");
        for row in 0..36 {
            let name = rank_letters(row);
            assert_eq!(
                read_rank_letters(name.as_bytes(), 36),
                Some((row, name.len()))
            );
        }
        // On 26 ranks or fewer a rank is one letter, whatever follows.
        assert_eq!(read_rank_letters(b"ab", 9), Some((0, 1)));
        assert_eq!(read_rank_letters(b"j", 9), None);
        assert_eq!(read_rank_letters(b"ak", 36), None);
        assert_eq!(read_rank_letters(b"A", 36), None);
    }
}
