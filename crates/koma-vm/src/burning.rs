//! Burning (`burning: ...`, tenjiku shogi's Fire Demon): what a move burns, taking it back, and the squares a
//! burner threatens by burning.

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::player::Player;
use crate::pos::{Pos, decode};
use crate::square::Square;

impl<B: BitSet> Pos<B> {
    /// Burns after `us` has made a board move that stopped on `to`: a burner there burns the enemy pieces next
    /// to it that are not spared; then, under passive burning, the piece on `to` burns if an enemy burner
    /// stands next to it. Records what burnt on the last undo entry.
    #[cold]
    #[inline(never)]
    pub(crate) fn burn(&mut self, us: Player, to: Square) {
        let rules = self.rules.clone();
        let them = us.opponent();
        let near = self.sets.neighbours[to.index()];
        let mover = decode(self.board[to.index()]).face;
        let mut count = 0u8;
        if rules.burns[mover.index()] {
            for sq in near & self.by_player[them.index()] {
                let code = self.board[sq.index()];
                let victim = decode(code).face;
                if !rules.burn_spared[victim.index()] {
                    self.remove(them, victim, sq);
                    self.burnt.push((sq, code));
                    count += 1;
                }
            }
        }
        if rules.passive_burning && self.burner_among(them, near) {
            self.burnt.push((to, self.board[to.index()]));
            self.remove(us, mover, to);
            count += 1;
        }
        if let Some(u) = self.undo.last_mut() {
            u.burnt += count;
        }
    }

    /// Puts back the last `count` pieces burnt (or taken by a range capture's jump), the last removed first.
    #[cold]
    #[inline(never)]
    pub(crate) fn unburn(&mut self, count: u8) {
        for _ in 0..count {
            let (sq, code) = self.burnt.pop().expect("a burnt piece to put back");
            let piece = decode(code);
            self.put(piece.owner, piece.face, sq);
        }
    }

    /// Whether a burner of `player` stands on a square of `squares`.
    fn burner_among(&self, player: Player, squares: B) -> bool {
        let mut on = squares & self.by_player[player.index()];
        on.any(|sq| self.rules.burns[decode(self.board[sq.index()]).face.index()])
    }

    /// The squares `player`'s piece showing `face` on `from` burns around, with occupancy `occ` and `own` its
    /// side's pieces: every square next to a square its move may stop on as a burner (all of them for a
    /// burner; for a piece that promotes to one, those where it may promote).
    pub(crate) fn burn_reach(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        occ: B,
        own: B,
    ) -> B {
        let r = &*self.rules;
        let mut stops = self.targets_with(player, face, from, occ, own, occ & !own);
        if !r.burns[face.index()] {
            let zone = self.sets.promotion.zone[player.index()];
            stops = if r.promotion_by_rule {
                self.promotable_by_rule(player, from, face, stops).0
            } else if zone.has(from) {
                stops
            } else {
                stops & zone
            };
        }
        let mut reach = B::EMPTY;
        for t in stops {
            reach |= self.sets.neighbours[t.index()];
        }
        reach.remove(from);
        reach
    }

    /// Whether `player`'s burner (or piece that may promote to one) showing `face` on `from` attacks `sq` by
    /// burning, with occupancy `occ`: `sq` lies next to a square its move may stop on as a burner, and holds no
    /// face that burning spares. (Like any attack, it reaches the mover's own pieces too, as protection.)
    pub(crate) fn burns_square(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        sq: Square,
        occ: B,
    ) -> bool {
        let code = self.board[sq.index()];
        if code != 0 && self.rules.burn_spared[decode(code).face.index()] {
            return false;
        }
        let own = self.by_player[player.index()] & occ;
        self.burn_reach(player, face, from, occ, own).has(sq)
    }

    /// The squares holding a face that burning spares, of either side.
    pub(crate) fn spared_squares(&self) -> B {
        let r = &*self.rules;
        let mut out = B::EMPTY;
        for (i, _) in r.burn_spared.iter().enumerate().filter(|(_, s)| **s) {
            let face = FaceId::new(i as u16);
            out |= self.pieces(Player::First, face) | self.pieces(Player::Second, face);
        }
        out
    }

    /// The enemy pieces a board move of the side to move that stops on `to` as `face` would burn, and whether
    /// the mover itself would burn there (passive burning), in the position before the move; `taken` holds the
    /// squares whose pieces the move takes (where it stops, and a middle square). For `explain`.
    pub(crate) fn burnt_by(&self, to: Square, face: FaceId, taken: B) -> (Vec<Square>, bool) {
        let r = &*self.rules;
        if !r.burning {
            return (Vec::new(), false);
        }
        let them = self.side.opponent();
        let mut near = self.sets.neighbours[to.index()] & self.by_player[them.index()] & !taken;
        let mut burnt = Vec::new();
        if r.burns[face.index()] {
            for sq in near {
                if !r.burn_spared[decode(self.board[sq.index()]).face.index()] {
                    burnt.push(sq);
                }
            }
        }
        for &sq in &burnt {
            near.remove(sq);
        }
        let itself = r.passive_burning && self.burner_among(them, near);
        (burnt, itself)
    }

    /// [`Pos::burnt_by`] for a board move.
    pub(crate) fn burnt_by_move(&self, mv: crate::moves::Move) -> (Vec<Square>, bool) {
        let mut taken = B::EMPTY;
        taken.insert(mv.to());
        if let Some(mid) = mv.mid() {
            taken.insert(mid);
        }
        self.burnt_by(mv.to(), mv.face_after(), taken)
    }
}
