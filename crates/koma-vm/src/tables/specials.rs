//! Hoppers and lame leapers: move components that need the general path through the board.

use super::{Layout, absolute};
use crate::spec::{FaceSpec, Hop, Modality};

/// A move component taken square by square: a cannon, a grasshopper or a lame leaper.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Special {
    /// The board-relative step.
    pub vector: (i8, i8),
    /// Steps along the line: 1 for a leap, 0 for unlimited.
    pub range: u8,
    /// Move, capture or both.
    pub modality: Modality,
    /// Hopping behaviour.
    pub hop: Hop,
    /// Blocked by a piece halfway along the leap.
    pub lame: bool,
}

/// Per (player, face): its special components.
pub(crate) fn build(layout: Layout, faces: &[FaceSpec]) -> Vec<Vec<Special>> {
    let mut out = vec![Vec::new(); layout.pairs()];
    for (player, face) in layout.each_pair() {
        let specials = faces[face.index()]
            .moves
            .iter()
            .filter(|m| m.hop != Hop::None || m.lame);
        for m in specials {
            for &v in &m.vectors {
                out[layout.pf(player, face)].push(Special {
                    vector: absolute(player, v),
                    range: m.range,
                    modality: m.modality,
                    hop: m.hop,
                    lame: m.lame,
                });
            }
        }
    }
    out
}
