//! Hoppers, lame leapers, range captures and moves anywhere: move components that need the general path
//! through the board.

use super::{Layout, absolute};
use crate::player::Player;
use crate::spec::{GameSpec, Hop, Modality};

/// How a special component reaches its squares: the one field [`Pos::special_reach`] reads to choose.
///
/// [`Pos::special_reach`]: crate::pos::Pos
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Square by square along its line: a hopper, a lame leaper, a rider that passes over squares (`j`, `jj`).
    Line,
    /// A range capture (`range capture`).
    RangeCapture,
    /// A move anywhere: to any empty square, and onto any enemy piece no other enemy piece protects.
    Anywhere,
    /// A move anywhere only to squares no enemy piece attacks (`moves anywhere not attacked`).
    AnywhereNotAttacked,
}

/// A move component taken square by square: a cannon, a grasshopper, a lame leaper, a rider that passes over
/// its first square or all of them (`j`, `jj`), the range captures of
/// a slider under `range capture`, or a move anywhere.
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
    /// How it reaches its squares (for a move anywhere, its other fields say nothing).
    pub reach: Reach,
    /// The player whose piece this is (the enemy of a move anywhere protects).
    pub owner: Player,
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
pub(crate) fn build(layout: Layout, spec: &GameSpec, ranks: &[u8]) -> Vec<Vec<Special>> {
    let faces = &spec.faces;
    let mut out = vec![Vec::new(); layout.pairs()];
    for (player, face) in layout.each_pair() {
        if let Some(a) = spec.anywhere.as_ref().filter(|a| a.faces.contains(&face)) {
            out[layout.pf(player, face)].push(Special {
                vector: (0, 0),
                range: 0,
                modality: Modality::Both,
                hop: Hop::None,
                lame: false,
                range_capture: 0,
                reach: if a.not_attacked {
                    Reach::AnywhereNotAttacked
                } else {
                    Reach::Anywhere
                },
                owner: player,
            });
        }
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
                    reach: if range_capture {
                        Reach::RangeCapture
                    } else {
                        Reach::Line
                    },
                    owner: player,
                });
            }
        }
    }
    out
}
