//! Dead squares: where a face could never move again. A stepping, leaping or riding component lives where it
//! has a target on an empty board (a rider that passes over its first square, from the second); a hopping one (Betza `p`, `g`) where any square lies on its line, as
//! Fairy-Stockfish decides it, since its target depends on the pieces around it (a cannon on an empty board has
//! no move at all, yet is not stuck).

use super::geometry::Geometry;
use super::{Layout, absolute};
use crate::bitboard::BitSet;
use crate::spec::{FaceSpec, Hop};

/// Per (player, face): the squares from which no component of the face has a target on an empty board, and
/// no hopping component has a square on its line.
pub(crate) fn build<B: BitSet>(geometry: &Geometry, layout: Layout, faces: &[FaceSpec]) -> Vec<B> {
    let mut dead = vec![B::EMPTY; layout.pairs()];
    for (player, face) in layout.each_pair() {
        let mut alive = B::EMPTY;
        for m in &faces[face.index()].moves {
            // A hopper's line needs one square to be a line at all; a rider that passes over its first square
            // needs a second.
            let (range, needs) = match m.hop {
                Hop::None | Hop::Over | Hop::Sweep => (m.range, 1),
                Hop::Skip => (m.range, 2),
                Hop::Cannon | Hop::Grasshopper => (1, 1),
            };
            for &v in &m.vectors {
                for from in geometry.each() {
                    if geometry.walk(from, absolute(player, v), range).len() >= needs {
                        alive.insert(from);
                    }
                }
            }
        }
        dead[layout.pf(player, face)] = geometry.all::<B>() & !alive;
    }
    dead
}
