//! Making and unmaking moves, with the key updated incrementally.

use crate::bitboard::BitSet;
use crate::moves::Move;
use crate::player::Player;
use crate::pos::{Pos, Undo, decode};
use crate::spec::Captures;
use crate::zobrist::CHECKS_MAX;

impl<B: BitSet> Pos<B> {
    /// Plays `mv`, which must be legal (or at least pseudo-legal) in this position.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let us = self.side;
        let them = us.opponent();
        let to = mv.to();
        let key = self.key;
        match (mv.one_leg_origin(), mv.from()) {
            (None, Some(from)) => {
                self.make_two_legs(mv, from, mv.mid().expect("a middle square"), key);
            }
            (Some(from), _) => {
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
                    captured_mid: 0,
                    key,
                    counted_check: false,
                    burnt: 0,
                });
            }
            (None, None) => {
                let tile = self.rules.face(mv.face_after()).tile;
                self.add_to_hand(us, tile, -1);
                self.put(us, mv.face_after(), to);
                self.undo.push(Undo {
                    mv,
                    moved: mv.face_after(),
                    captured: 0,
                    captured_mid: 0,
                    key,
                    counted_check: false,
                    burnt: 0,
                });
            }
        }
        if self.removes_more && mv.from().is_some() {
            self.remove_more(us, mv);
        }
        self.side = them;
        self.key ^= self.rules.zobrist.side;
        if self.lion_rules {
            self.counter_strike_key();
        }
        self.move_number += 1;
        if self.sets.immediate_ends.checks.is_some() {
            self.count_check(us);
        }
    }

    /// After `us`'s board move `mv`: takes the pieces a range capture jumped (under `range capture takes every
    /// piece it jumps`) or a sweep passed over, then burns. Records what it removed on the last undo entry, to be put back by unmake.
    #[cold]
    #[inline(never)]
    fn remove_more(&mut self, us: Player, mv: Move) {
        if (self.rules.range_capture_takes || self.rules.sweeps)
            && let Some(from) = mv.from()
        {
            self.take_jumped(us, from, mv);
        }
        if self.burning {
            self.burn(us, mv.to());
        }
    }

    /// Under an `N checks` rule: counts the check the last move of `us` gave, if it gave one.
    fn count_check(&mut self, us: Player) {
        let n = self.checks[us.index()];
        if (n as usize) + 1 < CHECKS_MAX && self.in_check() {
            let keys = &self.rules.zobrist.checks[us.index()];
            self.key ^= keys[n as usize] ^ keys[n as usize + 1];
            self.checks[us.index()] = n + 1;
            if let Some(u) = self.undo.last_mut() {
                u.counted_check = true;
            }
        }
    }

    /// Takes back the last move made with [`Position::make`]. Returns it, or `None` if there is none.
    #[inline]
    pub fn unmake(&mut self) -> Option<Move> {
        let u = self.undo.pop()?;
        let them = self.side;
        let us = them.opponent();
        if u.counted_check {
            self.checks[us.index()] -= 1;
        }
        if u.burnt != 0 {
            self.unburn(u.burnt);
        }
        let to = u.mv.to();
        match (u.mv.one_leg_origin(), u.mv.from()) {
            (None, Some(from)) => {
                self.unmake_two_legs(&u, us, from, u.mv.mid().expect("a middle square"));
            }
            (Some(from), _) => {
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
            (None, None) => {
                self.remove(us, u.mv.face_after(), to);
                let tile = self.rules.face(u.mv.face_after()).tile;
                self.add_to_hand(us, tile, 1);
            }
        }
        self.move_number -= 1;
        self.side = us;
        self.key = u.key;
        Some(u.mv)
    }

    /// Passes the move to the opponent without moving (a search's null move): the side to move and the key
    /// change, nothing else. After it no counter-strike square holds. Take it back with [`Pos::unmake_null`].
    pub fn make_null(&mut self) {
        let us = self.side;
        let key = self.key;
        self.undo.push(Undo {
            // A drop's move names no origin, so the lion rules read no capture from it.
            mv: Move::drop(crate::square::Square::new(0), crate::face::FaceId::new(0)),
            moved: crate::face::FaceId::new(0),
            captured: 0,
            captured_mid: 0,
            key,
            counted_check: false,
            burnt: 0,
        });
        self.side = us.opponent();
        self.key ^= self.rules.zobrist.side;
        if self.lion_rules {
            self.counter_strike_key();
        }
        self.move_number += 1;
    }

    /// Takes back a [`Pos::make_null`].
    pub fn unmake_null(&mut self) {
        let Some(u) = self.undo.pop() else {
            return;
        };
        self.move_number -= 1;
        self.side = self.side.opponent();
        self.key = u.key;
    }
}
