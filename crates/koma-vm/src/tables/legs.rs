//! Moves in two legs (the lion's `KaK`): each first step with the steps that may follow it.

use super::{Layout, absolute};
use crate::spec::{FaceSpec, Modality};

/// One first step of a move in two legs, with its second steps, seen from the board.
#[derive(Debug, Clone)]
pub(crate) struct TwoLeg {
    /// The board-relative first step.
    pub first: (i8, i8),
    /// Move, capture or both, on the square the first step reaches.
    pub first_modality: Modality,
    /// The board-relative second steps after it.
    pub second: Vec<(i8, i8)>,
    /// Move, capture or both, on the square the second step reaches (the square the piece left counts as
    /// empty).
    pub second_modality: Modality,
}

/// Per (player, face): its moves in two legs, one entry per first step.
pub(crate) fn build(layout: Layout, faces: &[FaceSpec]) -> Vec<Vec<TwoLeg>> {
    let mut out = vec![Vec::new(); layout.pairs()];
    for (player, face) in layout.each_pair() {
        for m in faces[face.index()].moves.iter().filter(|m| !m.is_walk()) {
            let Some(leg) = &m.second_leg else {
                continue;
            };
            for (&first, second) in m.vectors.iter().zip(&leg.vectors) {
                out[layout.pf(player, face)].push(TwoLeg {
                    first: absolute(player, first),
                    first_modality: m.modality,
                    second: second.iter().map(|&v| absolute(player, v)).collect(),
                    second_modality: leg.modality,
                });
            }
        }
    }
    out
}
