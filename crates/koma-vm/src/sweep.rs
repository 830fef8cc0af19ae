//! Sweeps (`w`): a move along a line that passes over enemy pieces, taking every one it passes over, and is
//! stopped by a piece of its own side (taikyoku shogi's Free Eagle along its paths).

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::player::Player;
use crate::pos::{Pos, decode};
use crate::spec::Modality;
use crate::square::Square;
use crate::tables::specials::{Reach, Special};

impl<B: BitSet> Pos<B> {
    /// A sweep's targets from `from` with occupancy `occ`, split as (quiet, capture-capable): every square of
    /// its line up to and including the first piece of its owner's (protection), the enemy pieces before it
    /// passed over. A square counted as occupied that holds none of the owner's pieces on the board (a
    /// position asked about before a move is made) is passed over as an enemy piece would be.
    #[cold]
    #[inline(never)]
    pub(crate) fn sweep_reach(&self, s: &Special, from: Square, occ: B) -> (B, B) {
        let g = &self.rules.geometry;
        let own = self.by_player[s.owner.index()] & occ;
        let mut reach = B::EMPTY;
        let mut at = from;
        let mut steps = 0u32;
        while let Some(t) = g.step(at, s.vector) {
            steps += 1;
            if s.range != 0 && steps > s.range as u32 {
                break;
            }
            reach.insert(t);
            if own.has(t) {
                break;
            }
            at = t;
        }
        match s.modality {
            Modality::Both => (reach, reach),
            Modality::Move => (reach, B::EMPTY),
            Modality::Capture => (B::EMPTY, reach),
        }
    }

    /// Whether the side to move's board move `mv` sweeps over some enemy piece and takes it.
    pub(crate) fn sweeps_by_move(&self, mv: crate::moves::Move) -> bool {
        let Some(from) = mv.from() else {
            return false;
        };
        let face = decode(self.board[from.index()]).face;
        match mv.mid() {
            None => !self
                .swept_squares(self.side, face, from, mv.to())
                .is_empty(),
            Some(mid) => !self
                .swept_by_first_leg(self.side, face, from, mid, mv.to())
                .is_empty(),
        }
    }

    /// The squares of the enemy pieces `us`'s piece showing `face` takes by sweeping on a board move from
    /// `from` to `to`: when one of that face's sweeps goes from `from` along the move's line as far as `to`
    /// and none of `us`'s pieces stands between, every enemy piece between the two squares (whatever move it
    /// was: along such a line, every move of the face is a sweep). Empty in any other case.
    pub(crate) fn swept_squares(
        &self,
        us: Player,
        face: FaceId,
        from: Square,
        to: Square,
    ) -> Vec<Square> {
        let r = &*self.rules;
        if !r.sweeps {
            return Vec::new();
        }
        let Some((step, distance)) = r.geometry.line(from, to) else {
            return Vec::new();
        };
        let covers = r.specials[r.pf(us, face)].iter().any(|s| {
            s.reach == Reach::Sweep
                && s.vector == step
                && (s.range == 0 || s.range as u32 >= distance)
        });
        if !covers {
            return Vec::new();
        }
        self.enemies_between(us, from, to, step, None)
    }

    /// The squares of the enemy pieces `us`'s piece showing `face` takes by sweeping on its first leg, on a
    /// move in two legs from `from` through `mid` to `to`: when a sweeping first leg of that face goes that
    /// far along the line from `from` to `mid`, the enemy pieces between the two, but the one on `to`, which
    /// the move takes as it stops there (a step back along the line). Empty in any other case.
    pub(crate) fn swept_by_first_leg(
        &self,
        us: Player,
        face: FaceId,
        from: Square,
        mid: Square,
        to: Square,
    ) -> Vec<Square> {
        let r = &*self.rules;
        if !r.sweeps {
            return Vec::new();
        }
        let Some((step, distance)) = r.geometry.line(from, mid) else {
            return Vec::new();
        };
        let covers = r.two_legs[r.pf(us, face)].iter().any(|l| {
            l.sweeps && l.first == step && (l.first_range == 0 || l.first_range as u32 >= distance)
        });
        if !covers {
            return Vec::new();
        }
        self.enemies_between(us, from, mid, step, Some(to))
    }

    /// The enemy pieces of `us` strictly between `from` and `far` along `step`, `skip` aside; none when a
    /// piece of `us` stands there (the move was no sweep).
    fn enemies_between(
        &self,
        us: Player,
        from: Square,
        far: Square,
        step: (i8, i8),
        skip: Option<Square>,
    ) -> Vec<Square> {
        let g = &self.rules.geometry;
        let mut out = Vec::new();
        let mut at = from;
        while let Some(t) = g.step(at, step).filter(|&t| t != far) {
            let code = self.board[t.index()];
            if code != 0 && Some(t) != skip {
                if decode(code).owner == us {
                    return Vec::new();
                }
                out.push(t);
            }
            at = t;
        }
        out
    }
}
