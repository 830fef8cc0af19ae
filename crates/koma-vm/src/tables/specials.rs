//! Hoppers, lame leapers, range captures and moves anywhere: move components that need the general path
//! through the board.

use super::{Layout, absolute};
use crate::player::Player;
use crate::spec::{FaceSpec, GameSpec, Hop, Modality};

/// How a special component reaches its squares: the one field [`Pos::special_reach`] reads to choose.
///
/// [`Pos::special_reach`]: crate::pos::Pos
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Square by square along its line: a hopper, a lame leaper, a rider that passes over squares (`j`, `jj`).
    Line,
    /// A range capture (`range capture`).
    RangeCapture,
    /// A sweep (`w`): along its line up to its own side's first piece, taking every enemy piece it passes over.
    Sweep,
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
    /// Nonzero for a range capture (the mover's rank under `range capture: ...`, 1 under its lists): it jumps
    /// over the pieces it may jump along the line and may take one of them (or, under `range capture takes
    /// every piece it jumps`, takes them all and may stop on any empty square or enemy piece it reaches). 0 for
    /// every other component.
    pub range_capture: u8,
    /// For a range capture, where the mover's row starts in [`Rules::range_stops`](crate::rules::Rules): the
    /// faces it may not jump.
    pub stops: u32,
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

/// Per face: nonzero when it captures by range along its unlimited slides (its rank under `range capture: ...`,
/// 1 for a piece given a list in `range capture { ... }`); 0 for the others and without range capture.
pub(crate) fn range_marks(spec: &GameSpec) -> Vec<u8> {
    let mut marks = piece_ranks(spec);
    if let Some((lists, _)) = &spec.range_capture_lists {
        for (face, _) in lists {
            marks[face.index()] = 1;
        }
    }
    marks
}

/// A row per face of `spec`, a column per face: whether a range capture by the row's face stops before (may
/// neither jump nor take by jumping) a piece showing the column's face. Under ranks, the faces of the mover's
/// rank or higher; under lists, the faces of its list. Empty without range capture.
pub(crate) fn range_stops(spec: &GameSpec) -> Vec<bool> {
    let n = spec.faces.len();
    let ranks = piece_ranks(spec);
    if let Some((lists, _)) = &spec.range_capture_lists {
        let mut stops = vec![false; n * n];
        for (mover, list) in lists {
            for victim in list {
                stops[mover.index() * n + victim.index()] = true;
            }
        }
        stops
    } else if spec.range_capture.is_some() {
        (0..n * n).map(|i| ranks[i % n] >= ranks[i / n]).collect()
    } else {
        Vec::new()
    }
}

/// Per (player, face): its special components. `marks` is [`range_marks`].
pub(crate) fn build(layout: Layout, spec: &GameSpec, marks: &[u8]) -> Vec<Vec<Special>> {
    let faces = &spec.faces;
    // Taking every piece it jumps, a range capture is the whole of its line's moves (the plain slide along it
    // is left out of the rays: see `ranked_slides_taken_out`), so it moves as well as captures.
    let takes = spec.range_capture_takes.is_some();
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
                stops: 0,
                reach: if a.not_attacked {
                    Reach::AnywhereNotAttacked
                } else {
                    Reach::Anywhere
                },
                owner: player,
            });
        }
        let rank = marks[face.index()];
        for m in &faces[face.index()].moves {
            let range_capture = rank > 0 && m.may_range_capture();
            // (A move in two legs whose first leg sweeps is a move in two legs: see `legs.rs`.)
            if m.hop == Hop::None && !m.lame && !range_capture || m.second_leg.is_some() {
                continue;
            }
            for &v in &m.vectors {
                out[layout.pf(player, face)].push(Special {
                    vector: absolute(player, v),
                    range: m.range,
                    modality: if range_capture && takes {
                        m.modality
                    } else if range_capture {
                        Modality::Capture
                    } else {
                        m.modality
                    },
                    hop: m.hop,
                    lame: m.lame,
                    range_capture: if range_capture { rank } else { 0 },
                    stops: (face.index() * faces.len()) as u32,
                    reach: if range_capture {
                        Reach::RangeCapture
                    } else if m.hop == Hop::Sweep {
                        Reach::Sweep
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

/// The faces of `spec` with the slides that capture by range left out, under `range capture takes every piece it
/// jumps`, where those slides are special components alone (a piece of higher rank ends the line before it, so
/// the plain slide's capture of the first piece would be wrong); `None` in every other game, whose rays keep
/// every slide.
pub(crate) fn ranked_slides_taken_out(spec: &GameSpec) -> Option<Vec<FaceSpec>> {
    spec.range_capture_takes.as_ref()?;
    let marks = range_marks(spec);
    let mut faces = spec.faces.clone();
    for (face, rank) in faces.iter_mut().zip(marks) {
        if rank > 0 {
            face.moves.retain(|m| !m.may_range_capture());
        }
    }
    Some(faces)
}
