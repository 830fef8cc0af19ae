//! Hoppers, lame leapers and range captures: move components that need the general path through the board.

use super::{Layout, absolute};
use crate::spec::{FaceSpec, GameSpec, Hop, Modality};

/// A move component taken square by square: a cannon, a grasshopper, a lame leaper, or the range captures of
/// a slider under `range capture`.
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
    /// For a range capture, the mover's rank: it jumps over pieces of lower rank along the line and may take
    /// one of them. 0 for every other component.
    pub range_capture: u8,
}

/// Per face: its rank under `range capture` (the first group named ranks highest; 0 for faces not named).
pub(crate) fn piece_ranks(spec: &GameSpec) -> Vec<u8> {
    let mut ranks = vec![0u8; spec.faces.len()];
    if let Some((groups, _)) = &spec.range_capture {
        for (i, group) in groups.iter().enumerate() {
            let rank = (groups.len() - i).min(u8::MAX as usize) as u8;
            for face in group {
                ranks[face.index()] = rank;
            }
        }
    }
    ranks
}

/// Per (player, face): its special components.
pub(crate) fn build(layout: Layout, faces: &[FaceSpec], ranks: &[u8]) -> Vec<Vec<Special>> {
    let mut out = vec![Vec::new(); layout.pairs()];
    for (player, face) in layout.each_pair() {
        let rank = ranks[face.index()];
        for m in &faces[face.index()].moves {
            let range_capture = rank > 0 && m.may_range_capture();
            if m.hop == Hop::None && !m.lame && !range_capture {
                continue;
            }
            for &v in &m.vectors {
                out[layout.pf(player, face)].push(Special {
                    vector: absolute(player, v),
                    range: m.range,
                    modality: if range_capture {
                        Modality::Capture
                    } else {
                        m.modality
                    },
                    hop: m.hop,
                    lame: m.lame,
                    range_capture: if range_capture { rank } else { 0 },
                });
            }
        }
    }
    out
}
