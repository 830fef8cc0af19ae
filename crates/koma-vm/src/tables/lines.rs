//! Lines: every direction a rider moves or is looked along, with the ray beyond each square.

use super::absolute;
use super::geometry::{Geometry, squares_to_bitboard};
use crate::bitboard::BitSet;
use crate::player::Player;
use crate::spec::FaceSpec;
use crate::square::Square;

/// The board-relative directions of rider moves (both signs), with their rays.
#[derive(Debug, Clone)]
pub(crate) struct Lines<B> {
    /// Direction vectors; a direction is an index into this list.
    pub directions: Vec<(i8, i8)>,
    /// Per (direction, square): the squares beyond it along the direction, to the edge.
    pub beyond: Vec<B>,
    /// Per direction: whether square numbers increase along it (the nearest piece is then the lowest bit).
    pub ascending: Vec<bool>,
    squares: usize,
}

impl<B: BitSet> Lines<B> {
    /// The lines of every rider component of `faces`, seen by both players, looked along both ways.
    pub fn build(geometry: &Geometry, faces: &[FaceSpec]) -> Lines<B> {
        let mut directions: Vec<(i8, i8)> = Vec::new();
        let riders = faces.iter().flat_map(|f| &f.moves).filter(|m| m.range != 1);
        for v in riders.flat_map(|m| &m.vectors) {
            for player in Player::BOTH {
                let a = absolute(player, *v);
                for d in [a, (-a.0, -a.1)] {
                    if !directions.contains(&d) {
                        directions.push(d);
                    }
                }
            }
        }
        let n = geometry.squares;
        let mut beyond = vec![B::EMPTY; directions.len() * n];
        for (d, &v) in directions.iter().enumerate() {
            for sq in geometry.each() {
                beyond[d * n + sq.index()] = squares_to_bitboard(&geometry.walk(sq, v, 0));
            }
        }
        let files = geometry.files as i32;
        let ascending = directions
            .iter()
            .map(|&(dx, dy)| dy as i32 * files + dx as i32 > 0)
            .collect();
        Lines {
            directions,
            beyond,
            ascending,
            squares: n,
        }
    }

    /// The index of a direction collected by [`Lines::build`].
    pub fn index_of(&self, v: (i8, i8)) -> u16 {
        let found = self.directions.iter().position(|&d| d == v);
        found.expect("every rider direction is collected by Lines::build") as u16
    }

    /// The nearest occupied square from `sq` along direction `dir`.
    #[inline(always)]
    pub fn first_along(&self, dir: u16, sq: Square, occ: B) -> Option<Square> {
        let b = self.beyond[dir as usize * self.squares + sq.index()] & occ;
        if b.is_empty() {
            None
        } else if self.ascending[dir as usize] {
            Some(b.lowest())
        } else {
            Some(b.highest())
        }
    }

    /// The squares beyond `sq` along `dir`.
    #[inline(always)]
    pub fn beyond(&self, dir: u16, sq: Square) -> B {
        self.beyond[dir as usize * self.squares + sq.index()]
    }
}
