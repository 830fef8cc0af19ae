//! Targets found by walking the board: how the generator reads the leaps and lines of a piece in the largest
//! set type ([`BitSet::WALKS_LINES`]), where a set is 21 words and a crowded board stops most lines after a
//! square or two, so that a few squares looked at cost less than whole-set operations and table reads.

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::player::Player;
use crate::pos::Pos;
use crate::spec::Modality;
use crate::square::Square;
use crate::tables::rays::Ray;

impl<B: BitSet> Pos<B> {
    /// The targets of the plain leaps and lines of `player`'s piece showing `face` on `from`, given the
    /// occupancy, the mover's pieces and the others': what [`Pos::targets_with`] reads from tables and sets,
    /// found square by square. `None` for a face confined to a region (its leaps are read from the tables).
    #[inline(always)]
    pub(crate) fn walked_targets(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        (occ, own, enemy): (&B, &B, &B),
    ) -> Option<B> {
        let r = &*self.rules;
        let sets = &*self.sets;
        let steps = sets.leaps.steps(r.pf(player, face))?;
        let mut t = B::EMPTY;
        let files = sets.geometry.files as i32;
        let ranks = sets.geometry.ranks as i32;
        let (x, y) = (from.index() as i32 % files, from.index() as i32 / files);
        for step in steps {
            let (tx, ty) = (x + step.dx as i32, y + step.dy as i32);
            if tx < 0 || tx >= files || ty < 0 || ty >= ranks {
                continue;
            }
            let sq = Square::new((ty * files + tx) as u16);
            let lands = match step.modality {
                Modality::Both => !own.contains(sq),
                Modality::Move => !occ.contains(sq),
                Modality::Capture => enemy.contains(sq),
            };
            if lands {
                t.insert(sq);
            }
        }
        let (a, b) = sets.rays.index[r.pfs(player, face, from)];
        for ray in &sets.rays.rays[a as usize..b as usize] {
            walk_line(ray, from, (occ, own, enemy), &mut t);
        }
        Some(t)
    }
}

/// Adds to `t` the targets of a slider's line from `from` with occupancy `occ` (`own` the mover's pieces,
/// `enemy` the others'), walking it square by square: the empty squares up to the first piece (unless the line
/// only captures), and that piece when the line may take it.
#[inline(always)]
pub(crate) fn walk_line<B: BitSet>(
    ray: &Ray<B>,
    from: Square,
    (occ, own, enemy): (&B, &B, &B),
    t: &mut B,
) {
    let mut n = from.number() as i32;
    for _ in 0..ray.len {
        n += ray.step as i32;
        let sq = Square::new(n as u16);
        if !occ.contains(sq) {
            if ray.modality != Modality::Capture {
                t.insert(sq);
            }
            continue;
        }
        let takes = match ray.modality {
            Modality::Both => !own.contains(sq),
            Modality::Move => false,
            Modality::Capture => enemy.contains(sq),
        };
        if takes {
            t.insert(sq);
        }
        return;
    }
}
