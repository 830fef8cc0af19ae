//! Walks (`mKaK`, `mKamKaK`, `mRasR`): the squares a piece reaches by two or three steps through empty squares,
//! or by two legs that slide (a hook move: a slide through empty squares, a turn, a slide on), taking only where
//! it stops. Nothing happens on the way, so a walk is a plain move from its square to where it ends (one move
//! however many paths lead there), and it never ends where it started.

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::player::Player;
use crate::pos::Pos;
use crate::spec::Modality;
use crate::square::Square;

impl<B: BitSet> Pos<B> {
    /// Whether a walk of the side to move's `face` on `from` ends on `to` on an empty board.
    pub(crate) fn walks_to_on_empty_board(&self, from: Square, to: Square, face: FaceId) -> bool {
        let g = &self.rules.geometry;
        let ((fx, fy), (tx, ty)) = (g.coords(from), g.coords(to));
        let (dx, dy) = match self.side {
            Player::First => (tx - fx, ty - fy),
            Player::Second => (fx - tx, fy - ty),
        };
        self.rules.face(face).moves.iter().any(|m| {
            m.walk_squares().is_some_and(|(squares, _)| {
                squares
                    .iter()
                    .any(|&(x, y)| (x as i32, y as i32) == (dx, dy))
            })
        })
    }

    /// The squares `player`'s piece showing `face` on `from` may end a walk on with occupancy `occ`, split as
    /// (quiet, capture-capable).
    pub(crate) fn walk_targets(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        occ: B,
    ) -> (B, B) {
        let r = &*self.rules;
        let g = &r.geometry;
        let step = |sq: Square, (dx, dy): (i8, i8)| {
            let (x, y) = g.coords(sq);
            g.square(x + dx as i32, y + dy as i32)
        };
        let (mut quiet, mut capture) = (B::EMPTY, B::EMPTY);
        let mut end = |sq: Square, last: Modality| {
            if sq == from {
                return;
            }
            if last != Modality::Capture {
                quiet.insert(sq);
            }
            if last != Modality::Move {
                capture.insert(sq);
            }
        };
        let walks = &r.walks[r.pf(player, face)];
        // A walk whose legs slide: every empty square of the first line is a turning point; the second leg
        // slides on from there up to and including the first piece it meets (the square the piece left is
        // empty).
        for w in walks.rides() {
            let mut one = from;
            let mut n = 0;
            while let Some(turn) = step(one, w.first).filter(|&s| !occ.has(s)) {
                one = turn;
                n += 1;
                for &v in &w.second {
                    let mut two = turn;
                    let mut k = 0;
                    while let Some(next) = step(two, v) {
                        two = next;
                        k += 1;
                        end(two, w.last);
                        if two != from && occ.has(two) || k == w.second_range {
                            break;
                        }
                    }
                }
                if n == w.first_range {
                    break;
                }
            }
        }
        for w in walks.steps() {
            let Some(one) = step(from, w.first).filter(|&s| !occ.has(s)) else {
                continue;
            };
            for &v in &w.second {
                let Some(two) = step(one, v) else {
                    continue;
                };
                let Some(third) = &w.third else {
                    end(two, w.last);
                    continue;
                };
                if two != from && occ.has(two) {
                    continue;
                }
                let Some((_, next)) = third.iter().find(|(s, _)| *s == v) else {
                    continue;
                };
                for &u in next {
                    if let Some(three) = step(two, u) {
                        end(three, w.last);
                    }
                }
            }
        }
        (quiet, capture)
    }
}
