//! Dead squares: where a face could never move again, on an empty board.

use super::geometry::Geometry;
use super::{Layout, absolute};
use crate::bitboard::Bitboard;
use crate::spec::{FaceSpec, Hop};

/// Per (player, face): the squares from which no non-hopping component of the face has a target.
pub(crate) fn build(geometry: &Geometry, layout: Layout, faces: &[FaceSpec]) -> Vec<Bitboard> {
    let mut dead = vec![Bitboard::EMPTY; layout.pairs()];
    for (player, face) in layout.each_pair() {
        let mut alive = Bitboard::EMPTY;
        for m in faces[face.index()]
            .moves
            .iter()
            .filter(|m| m.hop == Hop::None)
        {
            for &v in &m.vectors {
                for from in geometry.all {
                    if !geometry.walk(from, absolute(player, v), m.range).is_empty() {
                        alive.insert(from);
                    }
                }
            }
        }
        dead[layout.pf(player, face)] = geometry.all & !alive;
    }
    dead
}
