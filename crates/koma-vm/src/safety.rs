//! King safety: whether a move leaves the mover's royal pieces unattacked, and which pieces are pinned.

use crate::bitboard::BitSet;
use crate::moves::Move;
use crate::pos::{Pos, decode};
use crate::square::Square;

impl<B: BitSet> Pos<B> {
    /// Whether `mv` (pseudo-legal) leaves the mover's royal pieces unattacked.
    #[inline(always)]
    pub(crate) fn keeps_royals_safe(&self, mv: Move) -> bool {
        if self.rules.safety_by_making {
            return self.keeps_royals_safe_made(mv);
        }
        let us = self.side;
        let them = us.opponent();
        let to = mv.to();
        let mut occ = self.occupied();
        let mut enemy = self.by_player[them.index()];
        let mut royals = self.royals(us);
        if let Some(from) = mv.from() {
            occ.remove(from);
            royals.remove(from);
            enemy.remove(to);
        }
        occ.insert(to);
        if self.rules.face(mv.face_after()).royal {
            if self.rules.royals_counted_before {
                return self.keeps_royals_safe_counted_before(mv, occ, enemy, royals);
            }
            royals.insert(to);
            // A second royal piece (a promotion or a drop under `royal pieces: the last one counts`): while
            // a player has two, the check rules protect neither. A player that has two already is never
            // tested (its royals are not checkable).
            if self.rules.last_royal_counts && royals.len() > 1 {
                return true;
            }
        }
        royals.all(|k| !self.attacked_with(k, them, occ, enemy))
    }

    /// [`Pos::keeps_royals_safe`] for a move that leaves a royal face on its target, under `royal pieces: the
    /// last one counts before the move`, given the occupancy, the enemy pieces and the mover's other royal pieces
    /// after it: a royal piece the move makes (a promotion to a royal face, or a drop) is not yet one, so the
    /// player's one royal piece must stay safe; a royal piece that moves is tested where it lands.
    #[cold]
    #[inline(never)]
    fn keeps_royals_safe_counted_before(&self, mv: Move, occ: B, enemy: B, mut royals: B) -> bool {
        let us = self.side;
        if mv.from().is_some_and(|f| self.royals(us).has(f)) {
            royals.insert(mv.to());
            if self.rules.last_royal_counts && royals.len() > 1 {
                return true;
            }
        }
        royals.all(|k| !self.attacked_with(k, us.opponent(), occ, enemy))
    }

    /// [`Pos::keeps_royals_safe`] by making the move on a copy: under `range capture`, whether a piece may be
    /// jumped depends on the rank of what stands on its square, which only the made move shows; under burning,
    /// what a burner would burn depends on what stands where, and a royal piece that moves next to an enemy
    /// burner burns (passive burning) as surely as if it were taken.
    #[cold]
    #[inline(never)]
    fn keeps_royals_safe_made(&self, mv: Move) -> bool {
        let us = self.side;
        let mut after = self.clone();
        after.make(mv);
        if self.rules.passive_burning && after.royals(us).len() < self.royals(us).len() {
            return self.checkable_royals(us).is_empty();
        }
        let occ = after.occupied();
        let them = after.by_player[us.opponent().index()];
        let mut royals = after.checkable_royals(us);
        if self.rules.royals_counted_before && royals.is_empty() {
            // Counted before the move: a second royal piece the move makes does not lift the protection of
            // the first.
            royals = after.royals(us);
            royals.remove(mv.to());
        }
        royals.all(|k| !after.attacked_with(k, us.opponent(), occ, them))
    }

    /// Own pieces that shield the royal on `king` from an enemy slider (exact pins).
    #[inline(always)]
    pub(crate) fn pinned(&self, king: Square) -> B {
        let sets = &*self.sets;
        let us = self.side;
        let them = us.opponent();
        let occ = self.occupied();
        let own = self.by_player[us.index()];
        let enemy = self.by_player[them.index()];
        let mut pinned = B::EMPTY;
        for g in &sets.rays.sliders[them.index()] {
            let Some(first) = sets.lines.first_along(g.look, g.ascending, king, occ) else {
                continue;
            };
            if !own.has(first) {
                continue;
            }
            let Some(second) = sets.lines.first_along(g.look, g.ascending, first, occ) else {
                continue;
            };
            if !enemy.has(second) {
                continue;
            }
            let face = decode(self.board[second.index()]).face;
            if g.faces.iter().any(|&(slider, range)| {
                slider == face
                    && (range == 0 || self.steps_between(king, second, g.look) <= range as u32)
            }) {
                pinned.insert(first);
            }
        }
        pinned
    }
}
