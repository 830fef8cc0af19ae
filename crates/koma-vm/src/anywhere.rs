//! Moves anywhere (`moves anywhere: NAME, ...`): the Emperor of maka-dai-dai and tai shogi, which goes to any
//! square of the board in one move and takes only what its enemy does not protect.

use crate::bitboard::BitSet;
use crate::explain::IllegalReason;
use crate::face::FaceId;
use crate::player::Player;
use crate::pos::{Pos, decode};
use crate::square::Square;
use crate::tables::specials::{Reach, Special};

impl<B: BitSet> Pos<B> {
    /// The squares of `within` that the piece on `from` reaches by its move anywhere `s` with occupancy `occ`,
    /// split as (quiet, capture-capable).
    ///
    /// A square is *guarded* when an enemy piece attacks it with the mover standing there (its own square left
    /// empty, a piece taken there gone). Enemy pieces that move anywhere do not guard: what they may take
    /// depends on guarding itself. The mover takes only on squares not guarded, and under `not attacked` goes
    /// only to them; otherwise it goes to every empty square. Under `and protects` it takes nothing while an
    /// enemy piece that moves anywhere stands elsewhere than on the square taken.
    #[cold]
    #[inline(never)]
    pub(crate) fn anywhere_reach(&self, s: &Special, from: Square, occ: B, within: B) -> (B, B) {
        let them = s.owner.opponent();
        let mut left = occ;
        left.remove(from);
        let anywhere = self.moving_anywhere(them);
        let guards = self.by_player[them.index()] & occ & !anywhere;
        let guarded = |sq: Square| {
            let mut after = left;
            after.insert(sq);
            let mut by = guards;
            by.remove(sq);
            self.attacked_with(sq, them, after, by)
        };
        let mut within = within & self.sets.all;
        within.remove(from);
        let unguarded = |squares: B| {
            let mut out = B::EMPTY;
            for sq in squares {
                if !guarded(sq) {
                    out.insert(sq);
                }
            }
            out
        };
        let empty = within & !occ;
        let quiet = match s.reach {
            Reach::AnywhereNotAttacked => unguarded(empty),
            _ => empty,
        };
        let mut takes = within & occ;
        if self.rules.anywhere_protects && !anywhere.is_empty() {
            // Only an enemy piece that moves anywhere, alone of its kind, is not protected by one.
            takes = if anywhere.len() == 1 {
                takes & anywhere
            } else {
                B::EMPTY
            };
        }
        (quiet, unguarded(takes))
    }

    /// Why the side to move's `face` on `from`, which moves anywhere, may not go to `to`: a piece of the enemy
    /// protects what stands there (or, under `not attacked`, attacks the empty square). `None` for another face,
    /// or a square it may go to.
    pub(crate) fn anywhere_refusal(
        &self,
        from: Square,
        to: Square,
        face: FaceId,
    ) -> Option<IllegalReason> {
        let r = &*self.rules;
        let us = self.side;
        let s = r.specials[r.pf(us, face)]
            .iter()
            .find(|s| matches!(s.reach, Reach::Anywhere | Reach::AnywhereNotAttacked))?;
        let occ = self.occupied();
        let empty = !occ.has(to);
        if self.by_player[us.index()].has(to) || empty && s.reach != Reach::AnywhereNotAttacked {
            return None;
        }
        let them = us.opponent();
        let named = |sq: Square| {
            let piece = decode(self.board[sq.index()]);
            format!("{} on {}", r.face(piece.face).name, r.square_name(sq))
        };
        let refusal = |why: String| IllegalReason::Protected {
            piece: r.face(face).name.clone(),
            why,
            origin: r.origins.anywhere.clone(),
        };
        let anywhere = self.moving_anywhere(them);
        // Under `and protects`, an enemy piece that moves anywhere protects every other piece of its side.
        let protector = (r.anywhere_protects && !empty)
            .then(|| anywhere.into_iter().find(|&sq| sq != to))
            .flatten();
        if let Some(protector) = protector {
            return Some(refusal(format!(
                "may not take a protected piece, and the {} protects every other piece of its side",
                named(protector)
            )));
        }
        let mut after = occ;
        after.remove(from);
        after.insert(to);
        let mut guards = self.by_player[them.index()] & !anywhere;
        guards.remove(to);
        let guard = self
            .attackers_to(to, them, after, guards)
            .into_iter()
            .next()?;
        let why = if empty {
            format!(
                "goes only where no enemy piece attacks, and the {} attacks {}",
                named(guard),
                r.square_name(to)
            )
        } else {
            format!(
                "may not take a protected piece, and the {} protects the {}",
                named(guard),
                named(to)
            )
        };
        Some(refusal(why))
    }

    /// `player`'s pieces that move anywhere.
    fn moving_anywhere(&self, player: Player) -> B {
        let mut out = B::EMPTY;
        for &face in &self.rules.anywhere_faces {
            out |= self.pieces(player, face);
        }
        out
    }
}
