//! Making and unmaking moves, with the key updated incrementally.

use crate::moves::Move;
use crate::player::Player;
use crate::position::{Position, Undo, decode};
use crate::spec::Captures;

impl Position {
    /// Plays `mv`, which must be legal (or at least pseudo-legal) in this position.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let us = self.side;
        let them = us.opponent();
        let to = mv.to();
        let key = self.key;
        match mv.from() {
            Some(from) => {
                let moved = decode(self.board[from.index()]).face;
                let captured = self.board[to.index()];
                if captured != 0 {
                    let face = decode(captured).face;
                    self.remove(them, face, to);
                    if self.rules.captures == Captures::GoToHand {
                        let tile = self.rules.face(face).tile;
                        self.add_to_hand(us, tile, 1);
                    }
                }
                self.remove(us, moved, from);
                self.put(us, mv.face_after(), to);
                self.undo.push(Undo {
                    mv,
                    moved,
                    captured,
                    key,
                });
            }
            None => {
                let tile = self.rules.face(mv.face_after()).tile;
                self.add_to_hand(us, tile, -1);
                self.put(us, mv.face_after(), to);
                self.undo.push(Undo {
                    mv,
                    moved: mv.face_after(),
                    captured: 0,
                    key,
                });
            }
        }
        self.side = them;
        self.key ^= self.rules.zobrist.side;
        if them == Player::First {
            self.move_number += 1;
        }
    }

    /// Takes back the last move made with [`Position::make`]. Returns it, or `None` if there is none.
    #[inline]
    pub fn unmake(&mut self) -> Option<Move> {
        let u = self.undo.pop()?;
        let them = self.side;
        let us = them.opponent();
        let to = u.mv.to();
        match u.mv.from() {
            Some(from) => {
                self.remove(us, u.mv.face_after(), to);
                self.put(us, u.moved, from);
                if u.captured != 0 {
                    let face = decode(u.captured).face;
                    if self.rules.captures == Captures::GoToHand {
                        let tile = self.rules.face(face).tile;
                        self.add_to_hand(us, tile, -1);
                    }
                    self.put(them, face, to);
                }
            }
            None => {
                self.remove(us, u.mv.face_after(), to);
                let tile = self.rules.face(u.mv.face_after()).tile;
                self.add_to_hand(us, tile, 1);
            }
        }
        if them == Player::First {
            self.move_number -= 1;
        }
        self.side = us;
        self.key = u.key;
        Some(u.mv)
    }
}
