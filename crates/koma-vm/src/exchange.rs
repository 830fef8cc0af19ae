//! Static exchange evaluation: what a capture wins once both sides have recaptured on its square with their
//! least valuable attackers, for every kind of movement the language has. The attackers are read from the
//! same attack sets as check detection, with the occupancy changed as pieces leave the square's lines, so
//! sliders, hoppers, lame leaps and moves in two legs behind the first attacker join in as they would.

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::moves::Move;
use crate::player::Player;
use crate::pos::{Pos, decode};
use crate::rules::Rules;
use crate::square::Square;

/// The longest exchange followed.
const MAX_EXCHANGE: usize = 32;

/// The values a static exchange counts, by face, with the most any promotion adds to a piece's value (which
/// bounds what a recapture can gain beyond the piece it takes).
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeValues {
    by_face: Vec<i32>,
    promotion_gain: i32,
}

impl ExchangeValues {
    /// The exchange values `by_face[face]` of `rules`' faces.
    pub fn new(rules: &Rules, by_face: Vec<i32>) -> ExchangeValues {
        let promotion_gain = rules
            .faces
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.promotes_to.map(|p| by_face[p.index()] - by_face[i]))
            .fold(0, i32::max);
        ExchangeValues {
            by_face,
            promotion_gain,
        }
    }

    /// The value of `face`.
    #[inline]
    pub fn of(&self, face: FaceId) -> i32 {
        self.by_face[face.index()]
    }

    /// The values by face.
    pub fn by_face(&self) -> &[i32] {
        &self.by_face
    }
}

impl<B: BitSet> Pos<B> {
    /// `by`'s pieces in `mask` that attack `sq` with occupancy `occ` (the pieces of `mask` must be in `occ`).
    pub(crate) fn attackers_to(&self, sq: Square, by: Player, occ: B, mask: B) -> B {
        let r = &*self.rules;
        let sets = &*self.sets;
        if r.borrowed_moves {
            let mut out = B::EMPTY;
            for from in mask {
                let own = decode(self.board[from.index()]).face;
                let face = self.moves_as(by, from, own, mask);
                if self.attacks_from(by, face, from, occ).has(sq) {
                    out.insert(from);
                }
            }
            return out;
        }
        let mut out = B::EMPTY;
        // The pieces standing where some face leaps to `sq` from, each asked with its own face.
        for from in sets.leaps.near(by, sq) & mask & self.by_player[by.index()] {
            let face = decode(self.board[from.index()]).face;
            if sets.leaps.attackers(r.pfs(by, face, sq)).has(from) {
                out.insert(from);
            }
        }
        // Sliders only where a piece of `mask` stands in line with `sq`.
        let groups = if (sets.rays.lines_to(by, sq) & mask).is_empty() {
            &[]
        } else {
            sets.rays.sliders[by.index()].as_slice()
        };
        for g in groups {
            let Some(first) = sets.lines.first_along(g.look, g.ascending, sq, occ) else {
                continue;
            };
            if !mask.has(first) || out.has(first) {
                continue;
            }
            let face = decode(self.board[first.index()]).face;
            if g.faces.iter().any(|&(slider, range)| {
                slider == face
                    && (range == 0 || self.steps_between(sq, first, g.look) <= range as u32)
            }) {
                out.insert(first);
            }
        }
        if r.has_specials {
            out |= self.special_attackers_to(sq, by, occ, mask);
        }
        out
    }

    /// The part of [`Pos::attackers_to`] for hoppers, lame leapers and moves in two legs.
    #[cold]
    #[inline(never)]
    fn special_attackers_to(&self, sq: Square, by: Player, occ: B, mask: B) -> B {
        let mut out = B::EMPTY;
        for from in self.special_attackers(sq, by, occ, mask) {
            out.insert(from);
        }
        out
    }

    /// The static exchange value of `mv` for the side to move, in the units of `value` (a value per face): what
    /// it takes, less what it loses if the opponent recaptures on its square, and so on, each side taking with
    /// its least valuable attacker and stopping when going on would lose. A piece that promotes as it takes
    /// counts the promotion's gain; a recapturing piece promotes when it may on that square. A royal piece
    /// recaptures only where nothing of the other side's attacks the square after. A quiet move or a drop takes
    /// nothing: its value is zero, or what it loses when the piece can be taken there.
    pub fn exchange_value(&self, mv: Move, values: &ExchangeValues) -> i32 {
        let r = &*self.rules;
        let value = values.by_face();
        let to = mv.to();
        let from = mv.from();
        let mut occ = self.occupied();
        let mut gain = [0i32; MAX_EXCHANGE];
        gain[0] = self.first_gain(mv, value);
        if let Some(mid) = mv.mid() {
            occ.remove(mid);
        }
        if let Some(from) = from {
            occ.remove(from);
        }
        occ.insert(to);
        if self.removes_more && from.is_some() {
            // The pieces the move jumps or burns leave the board; when the mover burns, nothing recaptures.
            let (removed, itself) = self.removed_more(mv);
            for sq in removed {
                occ.remove(sq);
            }
            if itself {
                return gain[0];
            }
        }
        // The piece standing on the square, which the next capture takes.
        let mut standing = value[mv.face_after().index()];
        let mut side = self.side.opponent();
        let mut d = 0;
        // Pieces that have moved or been taken are out of `occ`; the square's first occupant is out of both.
        let present = |player: Player, occ: B| {
            let mut m = self.by_player[player.index()] & occ;
            m.remove(to);
            m
        };
        while d + 1 < MAX_EXCHANGE {
            let attackers = self.attackers_to(to, side, occ, present(side, occ));
            let Some((sq, face)) = self.least_valuable(attackers, value) else {
                break;
            };
            if r.face(face).royal {
                // A royal piece takes only where the other side no longer attacks.
                let mut after = occ;
                after.remove(sq);
                let defenders = present(side.opponent(), after);
                if !self
                    .attackers_to(to, side.opponent(), after, defenders)
                    .is_empty()
                {
                    break;
                }
            }
            let after_face = self.recapture_face(side, face, sq, to);
            d += 1;
            gain[d] = standing + value[after_face.index()] - value[face.index()] - gain[d - 1];
            standing = value[after_face.index()];
            occ.remove(sq);
            side = side.opponent();
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }

    /// Whether [`Pos::exchange_value`] of `mv` is at least `threshold`, answered without following the
    /// exchange where its first capture settles it: the value is never more than what the move takes, and
    /// never less than that minus the piece it puts on the square (and the most a recapture can gain by
    /// promoting).
    pub fn exchange_at_least(&self, mv: Move, values: &ExchangeValues, threshold: i32) -> bool {
        let first = self.first_gain(mv, values.by_face());
        if first < threshold {
            return false;
        }
        let standing = values.of(mv.face_after());
        if first - (standing + values.promotion_gain).max(0) >= threshold {
            return true;
        }
        self.exchange_value(mv, values) >= threshold
    }

    /// What `mv` gains by itself: the pieces it takes (on its target, and for a move in two legs on its middle
    /// square) and its promotion.
    #[inline]
    fn first_gain(&self, mv: Move, value: &[i32]) -> i32 {
        let val = |code: u16| -> i32 {
            if code == 0 {
                0
            } else {
                value[decode(code).face.index()]
            }
        };
        let to = mv.to();
        let from = mv.from();
        // A dropped piece enters with the face it is dropped as.
        let moved = from.map_or(mv.face_after(), |f| decode(self.board[f.index()]).face);
        let mut gain = if from == Some(to) {
            0
        } else {
            val(self.board[to.index()])
        };
        if let Some(mid) = mv.mid() {
            gain += val(self.board[mid.index()]);
        }
        if self.removes_more && from.is_some() {
            gain += self.removed_more_gain(mv, value);
        }
        gain + value[mv.face_after().index()] - value[moved.index()]
    }

    /// What a board move removes besides the pieces it captures: the pieces it jumps under `range capture
    /// takes every piece it jumps`, friend or foe, and the enemy pieces its burning removes; with whether the
    /// mover itself burns.
    #[cold]
    #[inline(never)]
    fn removed_more(&self, mv: Move) -> (Vec<Square>, bool) {
        let mut removed = self.jumped_by_move(mv);
        if !self.burning {
            return (removed, false);
        }
        let (burnt, itself) = self.burnt_by_move(mv);
        for sq in burnt {
            if !removed.contains(&sq) {
                removed.push(sq);
            }
        }
        (removed, itself)
    }

    /// The value [`Pos::removed_more`] changes for the mover: the enemy pieces it removes count for it, its
    /// own against it, and so does the mover when it burns.
    #[cold]
    #[inline(never)]
    fn removed_more_gain(&self, mv: Move, value: &[i32]) -> i32 {
        let (removed, itself) = self.removed_more(mv);
        let mut gain = 0;
        for sq in removed {
            let piece = decode(self.board[sq.index()]);
            let v = value[piece.face.index()];
            gain += if piece.owner == self.side { -v } else { v };
        }
        if itself {
            gain -= value[mv.face_after().index()];
        }
        gain
    }

    /// The square and face of the least valuable piece among `attackers`.
    fn least_valuable(&self, attackers: B, value: &[i32]) -> Option<(Square, FaceId)> {
        attackers
            .into_iter()
            .map(|sq| (sq, decode(self.board[sq.index()]).face))
            .min_by_key(|&(_, f)| value[f.index()])
    }

    /// The face `side`'s piece showing `face` shows after taking on `to` from `from`: promoted when the
    /// promotion zone allows it there.
    fn recapture_face(&self, side: Player, face: FaceId, from: Square, to: Square) -> FaceId {
        let zone = self.sets.promotion.zone[side.index()];
        match self.rules.face(face).promotes_to {
            Some(promoted) if zone.has(to) || zone.has(from) => promoted,
            _ => face,
        }
    }
}
