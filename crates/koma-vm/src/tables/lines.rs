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
    /// By vector `(dx, dy)` with both within [`VECTOR_REACH`], at `(dy + REACH) * SIDE + dx + REACH`: its
    /// direction plus one, 0 for none.
    by_vector: Vec<u16>,
    squares: usize,
}

/// The largest step component [`Lines::direction`] finds a direction for.
const VECTOR_REACH: i32 = 15;
const VECTOR_SIDE: i32 = 2 * VECTOR_REACH + 1;

/// The index of `v` in [`Lines::by_vector`], if its components are within reach.
fn vector_slot((dx, dy): (i8, i8)) -> Option<usize> {
    let (dx, dy) = (dx as i32, dy as i32);
    (dx.abs() <= VECTOR_REACH && dy.abs() <= VECTOR_REACH)
        .then(|| ((dy + VECTOR_REACH) * VECTOR_SIDE + dx + VECTOR_REACH) as usize)
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
        let mut by_vector = vec![0; (VECTOR_SIDE * VECTOR_SIDE) as usize];
        for (d, &v) in directions.iter().enumerate() {
            if let Some(slot) = vector_slot(v) {
                by_vector[slot] = d as u16 + 1;
            }
        }
        Lines {
            directions,
            beyond,
            ascending,
            by_vector,
            squares: n,
        }
    }

    /// The index of a direction collected by [`Lines::build`].
    pub fn index_of(&self, v: (i8, i8)) -> u16 {
        let found = self.directions.iter().position(|&d| d == v);
        found.expect("every rider direction is collected by Lines::build") as u16
    }

    /// The direction of the board-relative step `v`, found in a table: `None` for a step no rider takes (or
    /// one longer than any rider's).
    #[inline(always)]
    pub fn direction(&self, v: (i8, i8)) -> Option<u16> {
        let d = *self.by_vector.get(vector_slot(v)?)?;
        d.checked_sub(1)
    }

    /// The nearest occupied square from `sq` along direction `dir`, whose square numbers increase along it
    /// when `ascending` (the caller knows: a [`SliderGroup`] keeps it).
    ///
    /// [`SliderGroup`]: super::rays::SliderGroup
    #[inline(always)]
    pub fn first_along(&self, dir: u16, ascending: bool, sq: Square, occ: B) -> Option<Square> {
        let b = self.beyond[dir as usize * self.squares + sq.index()] & occ;
        if b.is_empty() {
            None
        } else if ascending {
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
