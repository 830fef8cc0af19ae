//! Moves in two legs (the lion's `KaK`, the hook mover's `RaR`): each first step with the steps that may
//! follow it, and how far each leg may go along its line.

use super::{Layout, absolute};
use crate::spec::{FaceSpec, Hop, Modality};

/// One first step of a move in two legs, with its second steps, seen from the board.
#[derive(Debug, Clone)]
pub(crate) struct TwoLeg {
    /// The board-relative first step.
    pub first: (i8, i8),
    /// How many first steps the first leg may take along its line: 1 for one, 0 for any number (a slide).
    pub first_range: u8,
    /// Move, capture or both, on the square the first step reaches.
    pub first_modality: Modality,
    /// The board-relative second steps after it.
    pub second: Vec<(i8, i8)>,
    /// How many steps the second leg may take along its line: 1 for one, 0 for any number (a slide).
    pub second_range: u8,
    /// Move, capture or both, on the square the second step reaches (the square the piece left counts as
    /// empty, unless moves in two legs hold it).
    pub second_modality: Modality,
    /// Whether the first leg sweeps (`w`): it goes on over enemy pieces, taking each, up to its own side's
    /// first piece; its second leg is one step.
    pub sweeps: bool,
}

impl TwoLeg {
    /// Whether a leg goes further than one step along its line (a slide, or a step with a range).
    #[inline(always)]
    pub fn rides(&self) -> bool {
        self.first_range != 1 || self.second_range != 1 || self.sweeps
    }
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
                    first_range: m.range,
                    first_modality: m.modality,
                    second: second.iter().map(|&v| absolute(player, v)).collect(),
                    second_range: leg.range,
                    second_modality: leg.modality,
                    sweeps: m.hop == Hop::Sweep,
                });
            }
        }
    }
    out
}
