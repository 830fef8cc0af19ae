//! Range capture (`range capture: ...`): the captures a ranked slider makes by jumping pieces of lower rank,
//! and why one it cannot make is refused.

use crate::bitboard::BitSet;
use crate::explain::IllegalReason;
use crate::face::FaceId;
use crate::pos::{Pos, decode};
use crate::square::Square;
use crate::tables::absolute;
use crate::tables::specials::Special;

impl<B: BitSet> Pos<B> {
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
            let lower = self.piece_rank(t) < s.range_capture;
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

    /// The rank under `range capture` of the piece on `sq`; a square counted as occupied that holds no piece
    /// on the board (a position asked about before a move is made) ranks highest.
    #[inline]
    pub(crate) fn piece_rank(&self, sq: Square) -> u8 {
        match self.board[sq.index()] {
            0 => u8::MAX,
            code => self.rules.piece_ranks[decode(code).face.index()],
        }
    }

    /// Why the side to move's `face` on `from` may not go to `to` by a range capture, when `to` lies on one of
    /// its range-capturing lines beyond a piece: a piece of its rank or higher stands before `to` or on it, or
    /// `to` is empty (a jump must capture). `None` when no such line reaches `to` past a piece.
    pub(crate) fn range_refusal(
        &self,
        from: Square,
        to: Square,
        face: FaceId,
    ) -> Option<IllegalReason> {
        let r = &*self.rules;
        let occ = self.occupied();
        let name = |sq: Square| {
            let code = self.board[sq.index()];
            r.face(decode(code).face).name.clone()
        };
        for s in &r.specials[r.pf(self.side, face)] {
            if s.range_capture == 0 {
                continue;
            }
            let path = r
                .geometry
                .walk(from, absolute(self.side, s.vector), s.range);
            let Some(k) = path.iter().position(|&sq| sq == to) else {
                continue;
            };
            let before: Vec<Square> = path[..k]
                .iter()
                .copied()
                .filter(|&sq| occ.has(sq))
                .collect();
            if before.is_empty() {
                continue;
            }
            let piece = r.face(face).name.clone();
            let outranks = before
                .iter()
                .copied()
                .chain(occ.has(to).then_some(to))
                .find(|&sq| self.piece_rank(sq) >= s.range_capture);
            return Some(match outranks {
                Some(at) => IllegalReason::Outranked {
                    piece,
                    by: format!("{} on {}", name(at), r.square_name(at)),
                    on_target: at == to,
                    origin: r.origins.range_capture.clone(),
                },
                None => IllegalReason::JumpWithoutCapture {
                    piece,
                    to: r.square_name(to),
                    origin: r.origins.range_capture.clone(),
                },
            });
        }
        None
    }
}
