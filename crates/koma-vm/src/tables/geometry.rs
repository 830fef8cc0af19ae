//! The board: its squares, files and ranks.

use crate::bitboard::BitSet;
use crate::player::Player;
use crate::spec::{RankSet, Region};
use crate::square::{MAX_SIDE, Square};

/// Board shape. The masks derived from it are built for the set type the rules use ([`Geometry::all`],
/// [`Geometry::rank_mask`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Geometry {
    pub files: u8,
    pub ranks: u8,
    pub squares: usize,
}

impl Geometry {
    /// The board of `files` x `ranks`, if each is 1 to [`MAX_SIDE`].
    pub fn new(files: u8, ranks: u8) -> Option<Geometry> {
        let squares = files as usize * ranks as usize;
        if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
            return None;
        }
        Some(Geometry {
            files,
            ranks,
            squares,
        })
    }

    /// Every square, in number order.
    pub fn each(&self) -> impl Iterator<Item = Square> + use<> {
        (0..self.squares).map(|n| Square::new(n as u16))
    }

    /// Every square of the board as a set.
    pub fn all<B: BitSet>(&self) -> B {
        B::first(self.squares)
    }

    /// The squares of each file, by file.
    pub fn file_masks<B: BitSet>(&self) -> Vec<B> {
        (0..self.files)
            .map(|x| {
                (0..self.ranks)
                    .filter_map(|y| self.square(x as i32, y as i32))
                    .fold(B::EMPTY, |b, s| b | B::from_square(s))
            })
            .collect()
    }

    /// The square at file `x` and rank `y` (0-based from the first player's left and home rank), if any.
    #[inline]
    pub fn square(&self, x: i32, y: i32) -> Option<Square> {
        // One unsigned comparison per coordinate: a negative one wraps to above any board.
        ((x as u32) < self.files as u32 && (y as u32) < self.ranks as u32)
            .then(|| Square::new((y * self.files as i32 + x) as u16))
    }

    /// The file and rank of a square.
    #[inline]
    pub fn coords(&self, sq: Square) -> (i32, i32) {
        let n = sq.index() as i32;
        (n % self.files as i32, n / self.files as i32)
    }

    /// The king-step distance between two squares (0 for the same square, 1 for neighbours).
    #[inline]
    pub fn distance(&self, a: Square, b: Square) -> u32 {
        let ((ax, ay), (bx, by)) = (self.coords(a), self.coords(b));
        (ax - bx).unsigned_abs().max((ay - by).unsigned_abs())
    }

    /// The unit step from `from` toward `to` and the number of such steps between them, when the two squares
    /// are distinct and on one file, rank or diagonal.
    pub fn line(&self, from: Square, to: Square) -> Option<((i8, i8), u32)> {
        let ((fx, fy), (tx, ty)) = (self.coords(from), self.coords(to));
        let (dx, dy) = (tx - fx, ty - fy);
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) || (dx, dy) == (0, 0) {
            return None;
        }
        let step = (dx.signum() as i8, dy.signum() as i8);
        Some((step, dx.unsigned_abs().max(dy.unsigned_abs())))
    }

    /// The square one step `(dx, dy)` from `from`, if it is on the board.
    #[inline]
    pub fn step(&self, from: Square, (dx, dy): (i8, i8)) -> Option<Square> {
        let (x, y) = self.coords(from);
        self.square(x + dx as i32, y + dy as i32)
    }

    /// The squares from `from` along `(dx, dy)`, at most `range` steps (0: to the edge).
    pub fn walk(&self, from: Square, (dx, dy): (i8, i8), range: u8) -> Vec<Square> {
        let (mut x, mut y) = self.coords(from);
        let mut out = Vec::new();
        loop {
            x += dx as i32;
            y += dy as i32;
            match self.square(x, y) {
                Some(t) if range == 0 || out.len() < range as usize => out.push(t),
                _ => return out,
            }
        }
    }

    /// The squares on ranks of `ranks`, counted from `player`'s home rank.
    pub fn rank_mask<B: BitSet>(&self, player: Player, ranks: RankSet) -> B {
        let mut m = B::EMPTY;
        for sq in self.each() {
            let (_, y) = self.coords(sq);
            let own = match player {
                Player::First => y,
                Player::Second => self.ranks as i32 - 1 - y,
            };
            if ranks.contains(own as u8) {
                m.insert(sq);
            }
        }
        m
    }

    /// The squares of `region` as `player` sees the board (files from its right, ranks from its home rank);
    /// every square when there is no region.
    pub fn region_mask<B: BitSet>(&self, player: Player, region: Option<&Region>) -> B {
        let Some(region) = region else {
            return self.all();
        };
        let mut m = B::EMPTY;
        for sq in self.each() {
            let (x, y) = self.coords(sq);
            let (file, rank) = match player {
                Player::First => (self.files as i32 - 1 - x, y),
                Player::Second => (x, self.ranks as i32 - 1 - y),
            };
            if region.contains(file as u8, rank as u8) {
                m.insert(sq);
            }
        }
        m
    }
}

/// The set of the given squares.
pub(crate) fn squares_to_bitboard<B: BitSet>(squares: &[Square]) -> B {
    squares.iter().fold(B::EMPTY, |b, &s| b | B::from_square(s))
}
