//! Leap tables: the squares each face reaches in one step, and who attacks a square by a leap.

use super::geometry::Geometry;
use super::{Layout, absolute};
use crate::bitboard::BitSet;
use crate::spec::{FaceSpec, Modality};

/// Per (player, face, square) targets of plain leaps (not hopping, not lame, in one leg), by modality.
#[derive(Debug, Clone)]
pub(crate) struct Leaps<B> {
    /// Move or capture.
    pub any: Vec<B>,
    /// Move only (`m`).
    pub quiet: Vec<B>,
    /// Capture only (`c`).
    pub capture: Vec<B>,
    /// Per (player, face, square): the squares from which that face attacks the square by a leap.
    pub attackers: Vec<B>,
    /// Per (player, square): the squares from which some face of the player attacks the square by a leap
    /// (the union of `attackers` over the faces), so that a search for attackers looks only at the pieces
    /// standing there.
    pub near: Vec<B>,
    squares: usize,
}

impl<B: BitSet> Leaps<B> {
    /// The leap tables of `faces` on `geometry`. A confined face leaps only into its region, and attacks only
    /// the squares there.
    pub fn build(geometry: &Geometry, layout: Layout, faces: &[FaceSpec]) -> Leaps<B> {
        let size = layout.pairs() * layout.squares;
        let mut t = Leaps {
            any: vec![B::EMPTY; size],
            quiet: vec![B::EMPTY; size],
            capture: vec![B::EMPTY; size],
            attackers: vec![B::EMPTY; size],
            near: vec![B::EMPTY; 2 * layout.squares],
            squares: layout.squares,
        };
        for (player, face) in layout.each_pair() {
            let region: B = geometry.region_mask(player, faces[face.index()].region.as_ref());
            let leaps = faces[face.index()]
                .moves
                .iter()
                .filter(|m| m.is_plain_leap());
            for m in leaps {
                for &v in &m.vectors {
                    for from in geometry.each() {
                        let Some(&to) = geometry.walk(from, absolute(player, v), 1).first() else {
                            continue;
                        };
                        if !region.has(to) {
                            continue;
                        }
                        let i = layout.pfs(player, face, from);
                        let target = B::from_square(to);
                        match m.modality {
                            Modality::Both => t.any[i] |= target,
                            Modality::Move => t.quiet[i] |= target,
                            Modality::Capture => t.capture[i] |= target,
                        }
                        if m.modality != Modality::Move {
                            t.attackers[layout.pfs(player, face, to)].insert(from);
                            t.near[player.index() * layout.squares + to.index()].insert(from);
                        }
                    }
                }
            }
        }
        t
    }

    /// The squares from which some face of `player` attacks `sq` by a leap.
    #[inline(always)]
    pub fn near(&self, player: crate::player::Player, sq: crate::square::Square) -> B {
        self.near[player.index() * self.squares + sq.index()]
    }

    /// Capture-capable leap targets of a face on a square, by its table index.
    #[inline(always)]
    pub fn attacks(&self, i: usize) -> B {
        self.any[i] | self.capture[i]
    }
}
