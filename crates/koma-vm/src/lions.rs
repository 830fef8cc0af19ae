//! The lion rules (`lion rules { ... }`, chu shogi's): which captures of a lion they refuse, and the
//! counter-strike square they leave in the position after a lion is taken by a piece that is not a lion.

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::pos::{Pos, Undo, decode};
use crate::square::Square;

/// Why the lion rules refuse a capture of a lion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LionRefusal {
    /// A lion may not take a protected lion that is not adjacent (unless its first leg took a piece that
    /// lifts the rule).
    Protected,
    /// After a lion was taken by a piece that is not a lion, such a piece may take a lion only on that
    /// square.
    CounterStrike(Square),
}

impl<B: BitSet> Pos<B> {
    /// `targets` of `us`'s piece showing `face` on `from`, without the lions the lion rules forbid it to take
    /// in one leg.
    pub(crate) fn lion_targets(&self, from: Square, face: FaceId, targets: B) -> B {
        let mut out = targets;
        for lion in self.lions(self.side.opponent()) & targets {
            if self.lion_refusal(from, face, None, lion).is_some() {
                out.remove(lion);
            }
        }
        out
    }

    /// Whether the lion rules allow the move in two legs of the piece on `from` through `mid` to `to`, each of
    /// which may hold an enemy lion.
    pub(crate) fn lion_capture_allowed(&self, from: Square, mid: Square, to: Square) -> bool {
        if !self.rules.has_lion_rules {
            return true;
        }
        let face = decode(self.board[from.index()]).face;
        let lions = self.lions(self.side.opponent());
        !(lions.has(mid) && self.lion_refusal(from, face, None, mid).is_some()
            || to != from
                && lions.has(to)
                && self.lion_refusal(from, face, Some(mid), to).is_some())
    }

    /// Why the lion rules forbid the side to move's piece showing `face` on `from` to take the lion on
    /// `lion`, after a first leg through `mid` if it moves in two; `None` if they allow it.
    pub(crate) fn lion_refusal(
        &self,
        from: Square,
        face: FaceId,
        mid: Option<Square>,
        lion: Square,
    ) -> Option<LionRefusal> {
        let r = &*self.rules;
        let them = self.side.opponent();
        if !r.face(face).lion {
            let at = self.counter_strike()?;
            return (at != lion).then_some(LionRefusal::CounterStrike(at));
        }
        let (lifting_not, _) = r.lion_rules.protected.as_ref()?;
        if r.geometry.distance(from, lion) <= 1 {
            return None;
        }
        let first_leg_took = mid
            .and_then(|m| self.piece_at(m))
            .filter(|p| p.owner == them);
        if first_leg_took.is_some_and(|p| !lifting_not.contains(&p.face)) {
            return None;
        }
        let mut occ = self.occupied();
        occ.remove(from);
        if let Some(m) = mid {
            occ.remove(m);
        }
        // Protected: attacked by its owner's pieces, all of them as they stand before the move.
        self.attacked_with(lion, them, occ, self.by_player[them.index()])
            .then_some(LionRefusal::Protected)
    }

    /// The squares of `player`'s lions.
    fn lions(&self, player: crate::Player) -> B {
        let mut out = B::EMPTY;
        for &face in &self.rules.lions {
            out |= self.pieces(player, face);
        }
        out
    }

    /// The counter-strike square: where, on the move just made, a piece that is not a lion took a lion, under
    /// the counter-strike rule. Only a lion may take a lion elsewhere now.
    pub(crate) fn counter_strike(&self) -> Option<Square> {
        self.rules.lion_rules.counter_strike.as_ref()?;
        match self.undo.last() {
            Some(u) => self.lion_taken(u),
            None => self.root_counter_strike,
        }
    }

    /// After a move: moves the counter-strike square in the key from where it was before the move to where the
    /// move left it.
    #[cold]
    #[inline(never)]
    pub(crate) fn counter_strike_key(&mut self) {
        if self.rules.lion_rules.counter_strike.is_none() {
            return;
        }
        let n = self.undo.len();
        let before = match n {
            0 | 1 => self.root_counter_strike,
            _ => self.lion_taken(&self.undo[n - 2]),
        };
        let keys = &self.rules.zobrist.counter_strike;
        let mut key = self.key;
        for sq in [before, self.counter_strike()].into_iter().flatten() {
            key ^= keys[sq.index()];
        }
        self.key = key;
    }

    /// Where the move of `u` took a lion with a piece that is not a lion.
    pub(crate) fn lion_taken(&self, u: &Undo) -> Option<Square> {
        let r = &*self.rules;
        let from = u.mv.from()?;
        if r.face(u.moved).lion {
            return None;
        }
        let lion = |code: u16| code != 0 && r.face(decode(code).face).lion;
        if lion(u.captured) && u.mv.to() != from {
            return Some(u.mv.to());
        }
        u.mv.mid().filter(|_| lion(u.captured_mid))
    }
}
