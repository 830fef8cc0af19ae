//! Range capture (`range capture: ...`): the captures a ranked slider makes by jumping pieces of lower rank,
//! the pieces it takes by jumping them under `range capture takes every piece it jumps`, and why a move it
//! cannot make is refused.

use crate::bitboard::BitSet;
use crate::explain::IllegalReason;
use crate::face::FaceId;
use crate::player::Player;
use crate::pos::{Pos, decode};
use crate::square::Square;
use crate::tables::specials::Special;

impl<B: BitSet> Pos<B> {
    /// A range capture's (quiet, capture-capable) targets from `from` with occupancy `occ`: under `range capture
    /// takes every piece it jumps` its whole line ([`Pos::range_jumps`]), else the pieces it may take
    /// ([`Pos::range_captures`]; its slide has the rest).
    pub(crate) fn range_reach(&self, s: &Special, from: Square, occ: B) -> (B, B) {
        if self.rules.range_capture_takes {
            self.range_jumps(s, from, occ)
        } else {
            (B::EMPTY, self.range_captures(s, from, occ))
        }
    }

    /// The squares a range capture from `from` may take on with occupancy `occ`: the first piece along the
    /// line, whatever its rank, and beyond it each piece reached by jumping only pieces of lower rank than
    /// the mover's, itself of lower rank. Friends are included, as for any attack (protection).
    pub(crate) fn range_captures(&self, s: &Special, from: Square, occ: B) -> B {
        let lines = &self.sets.lines;
        let g = &self.rules.geometry;
        let dir = lines
            .direction(s.vector)
            .expect("every rider's direction is in the lines, range captures' included");
        // The pieces along the line, nearest first; a limited range counts steps of the vector.
        let mut pieces = lines.beyond(dir, from) & occ;
        let step = s.vector.0.unsigned_abs().max(s.vector.1.unsigned_abs()) as u32;
        let ascending = lines.ascending[dir as usize];
        let mut reach = B::EMPTY;
        let mut first = true;
        while !pieces.is_empty() {
            let t = if ascending {
                pieces.lowest()
            } else {
                pieces.highest()
            };
            pieces.remove(t);
            if s.range != 0 && g.distance(from, t) > s.range as u32 * step {
                break;
            }
            let lower = !self.range_stopped(s, t);
            if first || lower {
                reach.insert(t);
            }
            if !lower {
                break;
            }
            first = false;
        }
        reach
    }

    /// Under `range capture takes every piece it jumps`, the squares a range capture from `from` reaches with
    /// occupancy `occ`, split as (empty, occupied): along its line, every square before the first piece of the
    /// mover's rank or higher. Every piece before the square it stops on is jumped and taken; of the occupied
    /// squares it may stop on the enemy pieces (the friends are its attacks: protection).
    pub(crate) fn range_jumps(&self, s: &Special, from: Square, occ: B) -> (B, B) {
        let g = &self.rules.geometry;
        let (mut empty, mut pieces) = (B::EMPTY, B::EMPTY);
        let mut at = from;
        let mut steps = 0u32;
        while let Some(t) = g.step(at, s.vector) {
            steps += 1;
            if s.range != 0 && steps > s.range as u32 {
                break;
            }
            if !occ.has(t) {
                empty.insert(t);
            } else if !self.range_stopped(s, t) {
                pieces.insert(t);
            } else {
                break;
            }
            at = t;
        }
        (empty, pieces)
    }

    /// Under `range capture takes every piece it jumps`, the squares of the pieces `us`'s piece showing `face`
    /// takes by jumping on a board move from `from` to `to`: when that face captures by range and the move goes
    /// straight along a file, rank or diagonal, every piece between the two squares, friend or foe (whatever
    /// move it was: a range capture, or a leap over the square between). Otherwise the enemy pieces a sweep
    /// passed over ([`Pos::swept_squares`]).
    pub(crate) fn jumped_squares(
        &self,
        us: Player,
        face: FaceId,
        from: Square,
        to: Square,
    ) -> Vec<Square> {
        let r = &*self.rules;
        if !r.range_capture_takes
            || !r.specials[r.pf(us, face)]
                .iter()
                .any(|s| s.range_capture != 0)
        {
            return self.swept_squares(us, face, from, to);
        }
        let Some((step, _)) = r.geometry.line(from, to) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut at = from;
        while let Some(t) = r.geometry.step(at, step).filter(|&t| t != to) {
            if self.board[t.index()] != 0 {
                out.push(t);
            }
            at = t;
        }
        out
    }

    /// [`Pos::jumped_squares`] of the side to move's board move `mv`, for the face on its square, or for a
    /// move in two legs what its first leg sweeps over ([`Pos::swept_by_first_leg`]); nothing for a drop.
    pub(crate) fn jumped_by_move(&self, mv: crate::moves::Move) -> Vec<Square> {
        match mv.from() {
            Some(from) => {
                let face = decode(self.board[from.index()]).face;
                self.jumped_by(self.side, face, from, mv)
            }
            None => Vec::new(),
        }
    }

    /// The pieces `us`'s board move `mv` from `from`, by a piece showing `face`, takes besides what stands on
    /// its middle square and its target: [`Pos::jumped_squares`], or for a move in two legs
    /// [`Pos::swept_by_first_leg`].
    fn jumped_by(
        &self,
        us: Player,
        face: FaceId,
        from: Square,
        mv: crate::moves::Move,
    ) -> Vec<Square> {
        match mv.mid() {
            None => self.jumped_squares(us, face, from, mv.to()),
            Some(mid) => self.swept_by_first_leg(us, face, from, mid, mv.to()),
        }
    }

    /// After `us`'s board move `mv` from `from`, takes out of the game the pieces it jumped or swept
    /// ([`Pos::jumped_by_move`], for the face that moved, before any promotion), and records them as removed
    /// (see [`Pos::burnt`]).
    pub(crate) fn take_jumped(&mut self, us: Player, from: Square, mv: crate::moves::Move) {
        let Some(moved) = self.undo.last().map(|u| u.moved) else {
            return;
        };
        let mut count = 0u8;
        for t in self.jumped_by(us, moved, from, mv) {
            let code = self.board[t.index()];
            let piece = decode(code);
            self.remove(piece.owner, piece.face, t);
            self.burnt.push((t, code));
            count += 1;
        }
        if let Some(u) = self.undo.last_mut() {
            u.burnt += count;
        }
    }

    /// Whether the range capture `s` stops before the piece on `sq`: it may neither jump it nor take it by
    /// jumping (a piece of the mover's rank or higher, or one of its list). A square counted as occupied that
    /// holds no piece on the board (a position asked about before a move is made) stops it.
    #[inline]
    pub(crate) fn range_stopped(&self, s: &Special, sq: Square) -> bool {
        match self.board[sq.index()] {
            0 => true,
            code => self.rules.range_stops[s.stops as usize + decode(code).face.index()],
        }
    }

    /// Why the side to move's `face` on `from` may not go to `to` by a range capture, when `to` lies on one of
    /// its range-capturing lines beyond a piece: a piece of its rank or higher stands before `to` or on it, or
    /// `to` is empty (a jump must capture, unless the jump takes what it passes over). `None` when no such line
    /// reaches `to` past a piece.
    pub(crate) fn range_refusal(
        &self,
        from: Square,
        to: Square,
        face: FaceId,
    ) -> Option<IllegalReason> {
        let r = &*self.rules;
        let occ = self.occupied();
        let listed = r.piece_ranks.iter().all(|&rank| rank == 0);
        let name = |sq: Square| {
            let code = self.board[sq.index()];
            r.face(decode(code).face).name.clone()
        };
        for s in &r.specials[r.pf(self.side, face)] {
            if s.range_capture == 0 {
                continue;
            }
            let path = r.geometry.walk(from, s.vector, s.range);
            let Some(k) = path.iter().position(|&sq| sq == to) else {
                continue;
            };
            let piece = || r.face(face).name.clone();
            if r.range_capture_takes {
                // Every piece on the way is jumped and taken: only a piece of the mover's rank or higher, on the
                // way or on `to`, refuses the move.
                match path[..=k]
                    .iter()
                    .copied()
                    .find(|&sq| occ.has(sq) && self.range_stopped(s, sq))
                {
                    Some(at) => {
                        return Some(IllegalReason::Outranked {
                            piece: piece(),
                            by: format!("{} on {}", name(at), r.square_name(at)),
                            on_target: at == to,
                            listed,
                            origin: r.origins.range_capture.clone(),
                        });
                    }
                    None => continue,
                }
            }
            let before: Vec<Square> = path[..k]
                .iter()
                .copied()
                .filter(|&sq| occ.has(sq))
                .collect();
            if before.is_empty() {
                continue;
            }
            let outranks = before
                .iter()
                .copied()
                .chain(occ.has(to).then_some(to))
                .find(|&sq| self.range_stopped(s, sq));
            return Some(match outranks {
                Some(at) => IllegalReason::Outranked {
                    piece: piece(),
                    by: format!("{} on {}", name(at), r.square_name(at)),
                    on_target: at == to,
                    listed,
                    origin: r.origins.range_capture.clone(),
                },
                None => IllegalReason::JumpWithoutCapture {
                    piece: piece(),
                    to: r.square_name(to),
                    origin: r.origins.range_capture.clone(),
                },
            });
        }
        None
    }
}
