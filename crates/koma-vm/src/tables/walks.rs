//! Walks (`mKaK`, `mKamKaK`): moves in two or three legs whose legs before the last only move, such as the area
//! moves of tenjiku shogi's Fire Demon and Vice General. Each first step with the steps that may follow it.

use super::{Layout, absolute};
use crate::move_spec::StepsAfter;
use crate::spec::{FaceSpec, Modality};

/// One first step of a walk, with what may follow it, seen from the board.
#[derive(Debug, Clone)]
pub(crate) struct Walk {
    /// The board-relative first step, to an empty square.
    pub first: (i8, i8),
    /// The board-relative second steps after it.
    pub second: Vec<(i8, i8)>,
    /// In a walk of three legs, for each board-relative second step, the third steps after it (the second
    /// step then goes to an empty square, or back to the square the piece left).
    pub third: Option<StepsAfter>,
    /// Move, capture or both, on the square the walk ends on.
    pub last: Modality,
}

/// Per (player, face): its walks, one entry per first step.
pub(crate) fn build(layout: Layout, faces: &[FaceSpec]) -> Vec<Vec<Walk>> {
    let mut out = vec![Vec::new(); layout.pairs()];
    for (player, face) in layout.each_pair() {
        for m in faces[face.index()].moves.iter().filter(|m| m.is_walk()) {
            let Some(leg) = &m.second_leg else {
                continue;
            };
            let third = leg.third.as_ref().map(|t| {
                t.steps
                    .iter()
                    .map(|(s, next)| {
                        let next = next.iter().map(|&v| absolute(player, v)).collect();
                        (absolute(player, *s), next)
                    })
                    .collect::<StepsAfter>()
            });
            let last = leg.last_modality();
            for (&first, second) in m.vectors.iter().zip(&leg.vectors) {
                out[layout.pf(player, face)].push(Walk {
                    first: absolute(player, first),
                    second: second.iter().map(|&v| absolute(player, v)).collect(),
                    third: third.clone(),
                    last,
                });
            }
        }
    }
    out
}
