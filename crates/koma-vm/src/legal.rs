//! Whether one move is legal, without generating every move: what a search asks of the move a table kept
//! for a position, before it plays that move ahead of generating the others.

use crate::bitboard::BitSet;
use crate::moves::Move;
use crate::pos::Pos;

impl<B: BitSet> Pos<B> {
    /// Whether `mv` is one of the legal moves (the moves [`Pos::generate_legal`] gives). Only the moves of
    /// the piece on `mv`'s origin, or the drops of its face on its target, are generated; under `captures are
    /// compulsory` or once the game has ended at once, every move is.
    pub fn is_legal(&self, mv: Move) -> bool {
        let r = &*self.rules;
        let us = self.side;
        if r.compulsory_capture.is_some()
            || (self.sets.immediate_ends.any && self.immediate_end().is_some())
        {
            return self.legal_moves().contains(&mv);
        }
        let squares = r.geometry.squares;
        if mv.to().index() >= squares || mv.from().is_some_and(|f| f.index() >= squares) {
            return false;
        }
        let (must_test, test_drops) = self.safety_tests();
        let mut out = Vec::new();
        match mv.from() {
            Some(from) => {
                if !self.by_player[us.index()].has(from) {
                    return false;
                }
                let test = must_test.has(from);
                if r.general_moves {
                    self.generate_from::<true, false, false>(from, test, self.sets.all, &mut out);
                } else {
                    self.generate_from::<false, false, false>(from, test, self.sets.all, &mut out);
                }
            }
            None => {
                let face = mv.face_after();
                if face.index() >= r.faces.len() {
                    return false;
                }
                let tile = r.face(face).tile;
                let either = r.drop_either_face && r.face(tile).flips_to == Some(face);
                if self.hand_count(us, tile) == 0 || (face != tile && !either) {
                    return false;
                }
                let target = mv.to();
                if self.board[target.index()] != 0 {
                    return false;
                }
                let mut square = B::EMPTY;
                square.insert(target);
                self.generate_drops(face, square, test_drops, &mut out);
            }
        }
        out.contains(&mv)
    }
}
