//! Whether a move may give check, told before it is played: the moved piece's attack from its new square,
//! and the sliders its leaving uncovers. A search asks this to skip playing a move it would prune unless it
//! checks.

use crate::bitboard::BitSet;
use crate::moves::Move;
use crate::pos::{Pos, decode};

impl<B: BitSet> Pos<B> {
    /// Whether playing the pseudo-legal `mv` may leave the opponent in check ([`Pos::in_check`] after it).
    /// `false` is certain: the move does not check. `true` is not: rules whose attacks this test does not
    /// follow (hoppers, lame leaps, moves in two legs, borrowed moves, capturable royal pieces) answer `true`
    /// for every move, as does a move that takes a royal piece.
    ///
    /// It rests on the opponent not being in check before the move, which holds in every position koma reaches
    /// or reads where royal pieces may not be taken: their leapers and the sliders the move does not uncover
    /// attack as before.
    pub fn may_give_check(&self, mv: Move) -> bool {
        let r = &*self.rules;
        if r.borrowed_moves || r.has_specials || r.has_paths || r.royals_capturable {
            return true;
        }
        // Taking a royal piece may leave one that can be checked (`royal pieces: the last one counts`).
        let to = mv.to();
        let taken = self.board[to.index()];
        if taken != 0 && mv.from() != Some(to) && r.face(decode(taken).face).royal {
            return true;
        }
        let us = self.side;
        let mut royals = self.checkable_royals(us.opponent());
        if royals.is_empty() {
            return false;
        }
        let mut occ = self.occupied();
        let mut ours = self.by_player[us.index()];
        if let Some(from) = mv.from() {
            occ.remove(from);
            ours.remove(from);
        }
        occ.insert(to);
        let sets = &*self.sets;
        royals.any(|k| {
            // The moved piece, from its new square.
            if self.attacks_square(us, mv.face_after(), to, k, occ) {
                return true;
            }
            // A slider behind the square the piece left.
            let Some(from) = mv.from().filter(|&f| sets.rays.lines_to(us, k).has(f)) else {
                return false;
            };
            sets.rays.sliders[us.index()].iter().any(|g| {
                if !sets.lines.beyond(g.look, k).has(from) {
                    return false;
                }
                let Some(first) = sets.lines.first_along(g.look, g.ascending, k, occ) else {
                    return false;
                };
                ours.has(first) && first != to && {
                    let face = decode(self.board[first.index()]).face;
                    g.faces.iter().any(|&(slider, range)| {
                        slider == face
                            && (range == 0 || self.steps_between(k, first, g.look) <= range as u32)
                    })
                }
            })
        })
    }
}
