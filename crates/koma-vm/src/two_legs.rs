//! Moves in two legs (Betza `a`, the lion's `KaK`, the hook mover's `RaR`): generating them, the squares they
//! attack, and making and unmaking them. A piece steps or slides to a middle square, taking what stands there,
//! then steps or slides on, taking again, or back to the square it left (a capture without moving, or a pass),
//! unless moves in two legs hold that square.

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::moves::Move;
use crate::player::Player;
use crate::pos::{Pos, Undo, decode};
use crate::spec::{Captures, FlipTrigger, Modality};
use crate::square::Square;
use crate::tables::legs::TwoLeg;

impl<B: BitSet> Pos<B> {
    /// The general path of move generation for the side to move's piece on `from` (showing `face`, moving as
    /// `moving`): pushes its moves in two legs to `out`, and returns its one-leg `targets` without the lions the
    /// lion rules forbid it to take.
    #[cold]
    #[inline(never)]
    pub(crate) fn generate_paths(
        &self,
        from: Square,
        moving: FaceId,
        face: FaceId,
        test: bool,
        targets: B,
        out: &mut Vec<Move>,
    ) -> B {
        let r = &*self.rules;
        if !r.two_legs[r.pf(self.side, moving)].is_empty() {
            self.generate_two_legs(from, moving, face, test, out);
        }
        if r.has_lion_rules {
            self.lion_targets(from, face, targets)
        } else {
            targets
        }
    }

    /// The legal moves in two legs of `us`'s piece showing `face` on `from`, moving as `moving` (its own
    /// face, or a borrowed one); `test` asks for a king-safety test of each.
    fn generate_two_legs(
        &self,
        from: Square,
        moving: FaceId,
        face: FaceId,
        test: bool,
        out: &mut Vec<Move>,
    ) {
        self.two_leg_paths(from, moving, |mid, to, captures| {
            if !self.lion_capture_allowed(from, mid, to) {
                return;
            }
            for mv in self.two_leg_moves(from, mid, to, face, captures) {
                if !test || self.keeps_royals_safe(mv) {
                    out.push(mv);
                }
            }
        });
    }

    /// Calls `visit(mid, to, captures)` for every path in two legs of the side to move's piece on `from`,
    /// moving as `moving`, that the pieces on the board allow (the lion rules and king safety aside). A leg
    /// that slides stops at the first piece on its line, which it may take.
    pub(crate) fn two_leg_paths(
        &self,
        from: Square,
        moving: FaceId,
        mut visit: impl FnMut(Square, Square, bool),
    ) {
        let r = &*self.rules;
        let us = self.side;
        let own = self.by_player[us.index()];
        let enemy = self.by_player[us.opponent().index()];
        let hold = r.legs_hold;
        for leg in &r.two_legs[r.pf(us, moving)] {
            if leg.rides() {
                self.riding_two_leg_paths(from, leg, &mut visit);
                continue;
            }
            let Some(mid) = r.geometry.step(from, leg.first) else {
                continue;
            };
            if own.has(mid) || !fits(leg.first_modality, enemy.has(mid)) {
                continue;
            }
            for &second in &leg.second {
                let Some(to) = r.geometry.step(mid, second) else {
                    continue;
                };
                // The square the piece left is empty to the second leg, unless moves in two legs hold it.
                let takes = to != from && enemy.has(to);
                if (to != from || hold) && own.has(to) || !fits(leg.second_modality, takes) {
                    continue;
                }
                visit(mid, to, takes || enemy.has(mid));
            }
        }
    }

    /// [`Pos::two_leg_paths`] for one move in two legs of which a leg slides (the hook mover's `RaR`).
    #[cold]
    #[inline(never)]
    fn riding_two_leg_paths(
        &self,
        from: Square,
        leg: &TwoLeg,
        visit: &mut impl FnMut(Square, Square, bool),
    ) {
        let r = &*self.rules;
        let us = self.side;
        let own = self.by_player[us.index()];
        let enemy = self.by_player[us.opponent().index()];
        let left = (!r.legs_hold).then_some(from);
        let mut mid = from;
        let mut n = 0;
        // Whether a sweeping first leg has passed over an enemy piece, which it takes.
        let mut swept = false;
        while let Some(next) = r.geometry.step(mid, leg.first) {
            mid = next;
            n += 1;
            if own.has(mid) {
                break;
            }
            let took = enemy.has(mid);
            if fits(leg.first_modality, took) {
                for &second in &leg.second {
                    let mut to = mid;
                    let mut k = 0;
                    while let Some(next) = r.geometry.step(to, second) {
                        to = next;
                        k += 1;
                        let open = left == Some(to);
                        if !open && own.has(to) {
                            break;
                        }
                        let takes = !open && enemy.has(to);
                        if fits(leg.second_modality, takes) {
                            visit(mid, to, takes || took || swept);
                        }
                        // (After a sweep the second leg is one step: it crosses no square swept.)
                        if takes || k == leg.second_range {
                            break;
                        }
                    }
                }
            }
            if took && !leg.sweeps || n == leg.first_range {
                break;
            }
            swept |= enemy.has(mid);
        }
    }

    /// The moves along the path `from`, `mid`, `to` of a piece showing `face`: with and without promotion
    /// where the zone allows it, turned over where its tile flips. Where moves in two legs hold the square they
    /// start from, each leg is read as a move of its own: under the zone's plain rule (a move that starts or
    /// ends in the zone may promote) the middle square counts as well.
    fn two_leg_moves(
        &self,
        from: Square,
        mid: Square,
        to: Square,
        face: FaceId,
        captures: bool,
    ) -> impl Iterator<Item = Move> + use<B> {
        let r = &*self.rules;
        let sets = &*self.sets;
        let us = self.side;
        let f = r.face(face);
        let after = match (f.flips_to, f.flip_trigger) {
            (Some(other), FlipTrigger::OnEveryMove) => other,
            (Some(other), FlipTrigger::OnCapture) if captures => other,
            _ => face,
        };
        let (may, must) = match f.promotes_to {
            Some(_) => {
                let zone = sets.promotion.zone[us.index()];
                let through = r.legs_hold
                    && !r.promotion_by_capture
                    && !r.promotion_on_entry
                    && zone.has(mid);
                let may = through || self.may_promote(from, to, captures, face);
                let mandatory = r.promotion_by_capture
                    || f.promotion_mandatory.is_some() && (zone.has(from) || zone.has(to));
                (
                    may,
                    may && (mandatory || sets.promotion.forced[r.pf(us, face)].has(to)),
                )
            }
            None => (false, false),
        };
        let promoted = f
            .promotes_to
            .filter(|_| may)
            .map(|p| Move::two_leg(from, mid, to, p, true));
        let plain = (!must).then(|| Move::two_leg(from, mid, to, after, false));
        promoted.into_iter().chain(plain)
    }

    /// Whether `player`'s piece showing `face` on `from` attacks `sq` by a move in two legs, with occupancy
    /// `occ` and `player`'s pieces in `mask`: on a middle square where its first step may capture, or where
    /// its second step lands after a first step that `player`'s own pieces do not block.
    #[cold]
    #[inline(never)]
    pub(crate) fn two_legs_attack(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        sq: Square,
        occ: B,
        mask: B,
    ) -> bool {
        self.two_legs_attacks(player, face, from, occ, mask).has(sq)
    }

    /// Every square `player`'s piece showing `face` on `from` attacks by its moves in two legs, with occupancy
    /// `occ` and `player`'s pieces in `mask` (see [`Pos::two_legs_attack`]).
    pub(crate) fn two_legs_attacks(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        occ: B,
        mask: B,
    ) -> B {
        let r = &*self.rules;
        let mut out = B::EMPTY;
        for leg in &r.two_legs[r.pf(player, face)] {
            let mut mid = from;
            let mut n = 0;
            while let Some(next) = r.geometry.step(mid, leg.first) {
                mid = next;
                n += 1;
                if mask.has(mid) {
                    break;
                }
                let occupied = occ.has(mid);
                if leg.first_modality != Modality::Move {
                    out.insert(mid);
                }
                if leg.second_modality != Modality::Move && fits(leg.first_modality, occupied) {
                    self.second_leg_attacks(from, mid, leg, occ, &mut out);
                }
                // (A sweep goes on over the enemy pieces: `mask` holds its own side's, which stop it.)
                if occupied && !leg.sweeps || n == leg.first_range {
                    break;
                }
            }
        }
        out
    }

    /// Adds to `out` the squares the second leg of `leg` attacks from `mid`, for the piece on `from`, with
    /// occupancy `occ`: along each line up to and including the first piece, not the square the piece left
    /// (empty to it, unless moves in two legs hold it).
    #[inline(always)]
    fn second_leg_attacks(&self, from: Square, mid: Square, leg: &TwoLeg, occ: B, out: &mut B) {
        let r = &*self.rules;
        for &v in &leg.second {
            let mut to = mid;
            let mut k = 0;
            while let Some(next) = r.geometry.step(to, v) {
                to = next;
                k += 1;
                if to == from {
                    if r.legs_hold {
                        break;
                    }
                } else {
                    out.insert(to);
                    if occ.has(to) {
                        break;
                    }
                }
                if k == leg.second_range {
                    break;
                }
            }
        }
    }

    /// Plays the two-leg board move `mv` of `us` from `from` through `mid`: takes what stands on `mid`,
    /// then what stands on the target, unless the piece came back to `from`. `key` is the position's key
    /// before the move, for unmake.
    #[cold]
    #[inline(never)]
    pub(crate) fn make_two_legs(&mut self, mv: Move, from: Square, mid: Square, key: u64) {
        let us = self.side;
        let them = us.opponent();
        let to = mv.to();
        let moved = decode(self.board[from.index()]).face;
        self.remove(us, moved, from);
        let captured_mid = self.take(them, mid);
        let captured = self.take(them, to);
        self.put(us, mv.face_after(), to);
        self.undo.push(Undo {
            mv,
            moved,
            captured,
            captured_mid,
            key,
            counted_check: false,
            burnt: 0,
        });
    }

    /// Takes `them`'s piece off `sq` (into the captor's hand, if captures go there); returns its board code,
    /// 0 for an empty square.
    fn take(&mut self, them: Player, sq: Square) -> u16 {
        let code = self.board[sq.index()];
        if code != 0 {
            let face = decode(code).face;
            self.remove(them, face, sq);
            if self.rules.captures == Captures::GoToHand {
                let tile = self.rules.face(face).tile;
                self.add_to_hand(them.opponent(), tile, 1);
            }
        }
        code
    }

    /// Takes back the two-leg move of `u`, made by `us` through `mid`.
    #[cold]
    #[inline(never)]
    pub(crate) fn unmake_two_legs(&mut self, u: &Undo, us: Player, from: Square, mid: Square) {
        let them = us.opponent();
        let to = u.mv.to();
        self.remove(us, u.mv.face_after(), to);
        for (code, sq) in [(u.captured, to), (u.captured_mid, mid)] {
            if code != 0 {
                let face = decode(code).face;
                if self.rules.captures == Captures::GoToHand {
                    let tile = self.rules.face(face).tile;
                    self.add_to_hand(us, tile, -1);
                }
                self.put(them, face, sq);
            }
        }
        self.put(us, u.moved, from);
    }
}

impl<B: BitSet> Pos<B> {
    /// Whether a move of the side to move's piece showing `face` from `from` to `to`, capturing or not, may
    /// promote: the rule of [`Pos::generate_moves`] for one move.
    pub(crate) fn may_promote(
        &self,
        from: Square,
        to: Square,
        captures: bool,
        face: FaceId,
    ) -> bool {
        let r = &*self.rules;
        let sets = &*self.sets;
        let zone = sets.promotion.zone[self.side.index()];
        if sets.promotion.stranded[r.pf(self.side, face)].has(to) {
            return true;
        }
        if r.promotion_by_capture {
            return captures && (zone.is_empty() || zone.has(to));
        }
        if r.promotion_on_entry {
            if zone.has(from) {
                captures
            } else {
                zone.has(to)
            }
        } else {
            zone.has(from) || zone.has(to)
        }
    }
}

/// Whether a step with `modality` may end on its square: taking a piece there when `takes`, else moving to
/// an empty one.
#[inline]
fn fits(modality: Modality, takes: bool) -> bool {
    match modality {
        Modality::Both => true,
        Modality::Move => !takes,
        Modality::Capture => takes,
    }
}
