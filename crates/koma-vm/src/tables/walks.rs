//! Walks (`mKaK`, `mKamKaK`, `mRasR`): moves in two or three legs whose legs before the last only move, such as
//! the area moves of tenjiku shogi's Fire Demon and Vice General and the hook moves of the larger games. Each
//! first step with the steps that may follow it, and how far each leg goes along its line.

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
    /// How many times the first step repeats along its line (through empty squares): 1, or 0 for unlimited.
    pub first_range: u8,
    /// How many times a second step repeats along its line: 1, or 0 for unlimited.
    pub second_range: u8,
}

/// A face's walks, those that step (`mKaK`, `mKamKaK`) first and those whose legs slide (hook moves) after
/// them, with where the second kind begins: one list, so that the general path's test for a face with walks
/// stays one length, and the loop over the steps never tests for a slide.
#[derive(Debug, Clone, Default)]
pub(crate) struct Walks {
    /// The walks, one entry per first step: steps, then slides.
    pub list: Vec<Walk>,
    /// The index of the first walk that slides.
    pub rides_from: usize,
}

impl Walks {
    /// Whether the face has no walk.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The walks that step.
    #[inline(always)]
    pub fn steps(&self) -> &[Walk] {
        &self.list[..self.rides_from]
    }

    /// The walks that slide.
    #[inline(always)]
    pub fn rides(&self) -> &[Walk] {
        &self.list[self.rides_from..]
    }
}

/// Per (player, face): its walks.
pub(crate) fn build(layout: Layout, faces: &[FaceSpec]) -> Vec<Walks> {
    let mut out = vec![Walks::default(); layout.pairs()];
    for (player, face) in layout.each_pair() {
        let (mut steps, mut rides) = (Vec::new(), Vec::new());
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
            let list = if m.rides_in_walk() {
                &mut rides
            } else {
                &mut steps
            };
            for (&first, second) in m.vectors.iter().zip(&leg.vectors) {
                list.push(Walk {
                    first: absolute(player, first),
                    second: second.iter().map(|&v| absolute(player, v)).collect(),
                    third: third.clone(),
                    last,
                    first_range: m.range,
                    second_range: leg.range,
                });
            }
        }
        let rides_from = steps.len();
        steps.extend(rides);
        out[layout.pf(player, face)] = Walks {
            list: steps,
            rides_from,
        };
    }
    out
}
