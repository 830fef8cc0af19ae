//! The board's contents: one 16-bit code per square, in an array as long as a set type's squares.

use std::ops::{Index, IndexMut};

/// One 16-bit code per square. `N` is a power of two at least the squares of the set type it goes with, so that
/// an index is masked into range rather than checked: a square of the board is always below `N`, and the
/// compiler drops the check from every read of the board.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Mailbox<const N: usize>([u16; N]);

impl<const N: usize> Mailbox<N> {
    /// Every square empty (code 0).
    pub const EMPTY: Mailbox<N> = {
        assert!(N.is_power_of_two());
        Mailbox([0; N])
    };
}

impl<const N: usize> Index<usize> for Mailbox<N> {
    type Output = u16;

    #[inline(always)]
    fn index(&self, i: usize) -> &u16 {
        &self.0[i & (N - 1)]
    }
}

impl<const N: usize> IndexMut<usize> for Mailbox<N> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut u16 {
        &mut self.0[i & (N - 1)]
    }
}

impl<const N: usize> AsRef<[u16]> for Mailbox<N> {
    fn as_ref(&self) -> &[u16] {
        &self.0
    }
}
