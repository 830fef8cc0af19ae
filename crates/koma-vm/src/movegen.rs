//! Attacks, legal move generation and perft.

use crate::bitboard::{Bitboard, Square};
use crate::position::{decode, Move, Position};
use crate::rules::{PieceId, Ray, Rules, Side, Special};
use crate::spec::{Hop, Modality};

/// An end of the game that takes effect the moment a move is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImmediateEnd {
    /// The side to move has lost all its royal pieces.
    KingCaptured,
    /// The player who just moved brought a royal piece into its goal zone.
    KingReachedZone,
}

impl Rules {
    /// The squares a ray reaches with occupancy `occ`: up to and including the first piece.
    #[inline(always)]
    fn ray_reach(&self, ray: &Ray, occ: Bitboard) -> Bitboard {
        let blockers = ray.mask & occ;
        if blockers.is_empty() {
            return ray.mask;
        }
        let first = if ray.ascending {
            blockers.lowest()
        } else {
            blockers.highest()
        };
        ray.mask & !self.beyond[ray.dir as usize * self.squares + first as usize]
    }

    /// The nearest occupied square from `sq` along direction `dir`.
    #[inline(always)]
    fn first_along(&self, dir: u16, sq: Square, occ: Bitboard) -> Option<Square> {
        let b = self.beyond[dir as usize * self.squares + sq as usize] & occ;
        if b.is_empty() {
            None
        } else if self.ascending[dir as usize] {
            Some(b.lowest())
        } else {
            Some(b.highest())
        }
    }

    /// Targets of a hopper or lame leaper at `from` (any occupancy), split as (quiet, capture-capable).
    fn special_targets(&self, s: &Special, from: Square, occ: Bitboard) -> (Bitboard, Bitboard) {
        let (w, h) = (self.files as i32, self.ranks as i32);
        let at = |x: i32, y: i32| {
            ((0..w).contains(&x) && (0..h).contains(&y)).then(|| (y * w + x) as Square)
        };
        let (x0, y0) = (from as i32 % w, from as i32 / w);
        let (dx, dy) = (s.vector.0 as i32, s.vector.1 as i32);
        let mut reach = Bitboard::EMPTY;
        if s.lame {
            let (mx, my) = (dx / 2, dy / 2);
            if let (Some(mid), Some(t)) = (at(x0 + mx, y0 + my), at(x0 + dx, y0 + dy)) {
                if !occ.has(mid) {
                    reach.insert(t);
                }
            }
        } else {
            let mut screens = 0;
            let (mut x, mut y, mut steps) = (x0, y0, 0u32);
            loop {
                x += dx;
                y += dy;
                steps += 1;
                let Some(t) = at(x, y) else { break };
                if s.range != 0 && steps > s.range as u32 {
                    break;
                }
                let occupied = occ.has(t);
                match s.hop {
                    Hop::Cannon => {
                        if screens == 1 {
                            reach.insert(t);
                        }
                        if occupied {
                            screens += 1;
                            if screens == 2 {
                                break;
                            }
                        }
                    }
                    Hop::Grasshopper => {
                        if screens == 1 {
                            reach.insert(t);
                            break;
                        }
                        if occupied {
                            screens = 1;
                        }
                    }
                    Hop::None => {
                        reach.insert(t);
                        if occupied {
                            break;
                        }
                    }
                }
            }
        }
        match s.modality {
            Modality::Both => (reach, reach),
            Modality::Move => (reach, Bitboard::EMPTY),
            Modality::Capture => (Bitboard::EMPTY, reach),
        }
    }
}

impl Position {
    /// Whether `sq` is attacked by `by`'s pieces in `mask`, with occupancy `occ`.
    ///
    /// Pass changed `occ` and `mask` to ask about the position after a move without making it.
    pub(crate) fn attacked_with(
        &self,
        sq: Square,
        by: Side,
        occ: Bitboard,
        mask: Bitboard,
    ) -> bool {
        let r = &*self.rules;
        let pieces = &self.by_piece[by.index()];
        for (id, &bb) in pieces.iter().enumerate().take(r.pieces.len()) {
            let bb = bb & mask;
            if !bb.is_empty() && !(r.leap_attackers[r.sps(by, id as PieceId, sq)] & bb).is_empty() {
                return true;
            }
        }
        for g in &r.sliders[by.index()] {
            let Some(first) = r.first_along(g.look, sq, occ) else {
                continue;
            };
            if !mask.has(first) {
                continue;
            }
            let id = decode(self.board[first as usize]).id;
            for &(gid, range) in &g.pieces {
                if gid == id
                    && (range == 0 || self.steps_between(sq, first, g.look) <= range as u32)
                {
                    return true;
                }
            }
        }
        if r.has_specials {
            for (id, &bb) in pieces.iter().enumerate().take(r.pieces.len()) {
                let specials = &r.specials[r.sp(by, id as PieceId)];
                if specials.is_empty() {
                    continue;
                }
                for from in bb & mask {
                    if specials
                        .iter()
                        .any(|s| r.special_targets(s, from, occ).1.has(sq))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn steps_between(&self, a: Square, b: Square, dir: u16) -> u32 {
        let r = &self.rules;
        let (dx, dy) = r.directions[dir as usize];
        let (ax, ay) = r.coords(a);
        let (bx, by) = r.coords(b);
        let (ddx, ddy) = (bx as i32 - ax as i32, by as i32 - ay as i32);
        if dx != 0 {
            (ddx / dx as i32).unsigned_abs()
        } else {
            (ddy / dy as i32).unsigned_abs()
        }
    }

    /// Squares holding `side`'s royal pieces.
    #[inline(always)]
    pub(crate) fn royals(&self, side: Side) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for &id in &self.rules.royals {
            b |= self.by_piece[side.index()][id as usize];
        }
        b
    }

    /// Whether any royal piece of `side` is attacked.
    pub fn royal_attacked(&self, side: Side) -> bool {
        let occ = self.occupied();
        let them = self.by_side[side.flip().index()];
        self.royals(side)
            .any(|k| self.attacked_with(k, side.flip(), occ, them))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// Whether `mv` (pseudo-legal) leaves the mover's royal pieces unattacked.
    pub(crate) fn keeps_royals_safe(&self, mv: Move) -> bool {
        let us = self.side;
        let them = us.flip();
        let to = mv.to();
        let mut occ = self.occupied();
        let mut enemy = self.by_side[them.index()];
        let mut royals = self.royals(us);
        if let Some(from) = mv.from() {
            occ.remove(from);
            royals.remove(from);
            enemy.remove(to);
        }
        occ.insert(to);
        if self.rules.pieces[mv.piece() as usize].royal {
            royals.insert(to);
        }
        royals.all(|k| !self.attacked_with(k, them, occ, enemy))
    }

    /// Capture-capable targets of `side`'s piece `id` standing on `from`.
    pub(crate) fn attacks_from(
        &self,
        side: Side,
        id: PieceId,
        from: Square,
        occ: Bitboard,
    ) -> Bitboard {
        let r = &*self.rules;
        let i = r.sps(side, id, from);
        let mut t = r.leap_any[i] | r.leap_capture[i];
        let (a, b) = r.ray_index[i];
        for ray in &r.rays[a as usize..b as usize] {
            if ray.modality != Modality::Move {
                t |= r.ray_reach(ray, occ);
            }
        }
        for s in &r.specials[r.sp(side, id)] {
            t |= r.special_targets(s, from, occ).1;
        }
        t
    }

    /// Pseudo-legal targets of the piece on `from` (own pieces excluded).
    #[inline(always)]
    pub(crate) fn targets_from(&self, side: Side, id: PieceId, from: Square) -> Bitboard {
        let r = &*self.rules;
        let occ = self.occupied();
        let own = self.by_side[side.index()];
        let enemy = self.by_side[side.flip().index()];
        let empty = r.all & !occ;
        let i = r.sps(side, id, from);
        let mut t =
            (r.leap_any[i] & !own) | (r.leap_quiet[i] & empty) | (r.leap_capture[i] & enemy);
        let (a, b) = r.ray_index[i];
        for ray in &r.rays[a as usize..b as usize] {
            let reach = r.ray_reach(ray, occ);
            t |= match ray.modality {
                Modality::Both => reach & !own,
                Modality::Move => reach & empty,
                Modality::Capture => reach & enemy,
            };
        }
        if r.has_specials {
            for s in &r.specials[r.sp(side, id)] {
                let (quiet, capture) = r.special_targets(s, from, occ);
                t |= (quiet & empty) | (capture & enemy);
            }
        }
        t
    }

    /// Own pieces that shield a royal from an enemy slider (exact pins), for the legality shortcut.
    fn pinned(&self, king: Square) -> Bitboard {
        let r = &*self.rules;
        let us = self.side;
        let them = us.flip();
        let occ = self.occupied();
        let own = self.by_side[us.index()];
        let enemy = self.by_side[them.index()];
        let mut pinned = Bitboard::EMPTY;
        for g in &r.sliders[them.index()] {
            let Some(first) = r.first_along(g.look, king, occ) else {
                continue;
            };
            if !own.has(first) {
                continue;
            }
            let Some(second) = r.first_along(g.look, first, occ) else {
                continue;
            };
            if !enemy.has(second) {
                continue;
            }
            let id = decode(self.board[second as usize]).id;
            if g.pieces.iter().any(|&(gid, range)| {
                gid == id
                    && (range == 0 || self.steps_between(king, second, g.look) <= range as u32)
            }) {
                pinned.insert(first);
            }
        }
        pinned
    }

    /// Whether an end rule that acts at once (a king captured, a king reaching its zone) has ended the game.
    pub fn immediate_end(&self) -> Option<ImmediateEnd> {
        let r = &*self.rules;
        let us = self.side;
        let them = us.flip();
        if r.ends_on_king_capture
            && !r.royals.is_empty()
            && self.royals(us).is_empty()
            && r.royals
                .iter()
                .all(|&k| self.hands[us.index()][k as usize] == 0)
        {
            return Some(ImmediateEnd::KingCaptured);
        }
        if !(self.royals(them) & r.try_zone[them.index()]).is_empty() {
            return Some(ImmediateEnd::KingReachedZone);
        }
        None
    }

    /// All legal moves, into `out` (cleared first).
    pub fn generate_legal(&self, out: &mut Vec<Move>) {
        out.clear();
        let r = &*self.rules;
        if r.has_immediate_ends && self.immediate_end().is_some() {
            return;
        }
        let us = self.side;
        let royals = if r.royals_capturable {
            Bitboard::EMPTY
        } else {
            self.royals(us)
        };
        let occ = self.occupied();
        let enemy = self.by_side[us.flip().index()];
        let single_king = royals.count() == 1;
        let mut kings = royals;
        let in_check = kings.any(|k| self.attacked_with(k, us.flip(), occ, enemy));
        // With one royal, no check and no hoppers, only royal moves and pinned pieces can expose the king.
        let shortcut = single_king && !in_check && !r.has_specials;
        let must_test = if shortcut {
            royals | self.pinned(royals.lowest())
        } else {
            r.all
        };
        let test_all = !royals.is_empty() && !shortcut;

        for from in self.by_side[us.index()] {
            let id = decode(self.board[from as usize]).id;
            let targets = self.targets_from(us, id, from);
            if targets.is_empty() {
                continue;
            }
            let test = !royals.is_empty() && must_test.has(from);
            let piece = &r.pieces[id as usize];
            let forced = r.forced[r.sp(us, id)];
            let promotable = match piece.promotes_to {
                None => Bitboard::EMPTY,
                Some(_) if r.promotion_zone[us.index()].has(from) => targets,
                Some(_) => targets & r.promotion_zone[us.index()],
            };
            for to in targets {
                let after = match piece.flips_to {
                    Some(flip) if enemy.has(to) => flip,
                    _ => id,
                };
                let plain = Move::board(from, to, after, false);
                if test && !self.keeps_royals_safe(plain) {
                    continue;
                }
                if promotable.has(to) {
                    out.push(Move::board(
                        from,
                        to,
                        piece.promotes_to.expect("promotable"),
                        true,
                    ));
                }
                if !forced.has(to) {
                    out.push(plain);
                }
            }
        }

        let empty = r.all & !occ;
        for &tile in &r.hand_pieces {
            if self.hands[us.index()][tile as usize] == 0 {
                continue;
            }
            let other_face = r.pieces[tile as usize]
                .flips_to
                .filter(|_| r.drop_either_face);
            for id in std::iter::once(tile).chain(other_face) {
                self.generate_drops(id, empty, test_all, out);
            }
        }
    }

    fn generate_drops(&self, id: PieceId, empty: Bitboard, test_all: bool, out: &mut Vec<Move>) {
        let r = &*self.rules;
        let us = self.side;
        {
            let piece = &r.pieces[id as usize];
            let mut mask = r.drop_mask[r.sp(us, id)] & empty;
            if let Some(blocker) = piece.drop_file_blocker {
                for sq in self.by_piece[us.index()][blocker as usize] {
                    mask &= !r.file_masks[(sq % r.files) as usize];
                }
            }
            for to in mask {
                let mv = Move::drop(id, to);
                if test_all && !self.keeps_royals_safe(mv) {
                    continue;
                }
                if piece.drop_not_mate && self.drop_mates(mv) {
                    continue;
                }
                out.push(mv);
            }
        }
    }

    /// Whether the drop `mv` checks the opponent and leaves them without a legal reply.
    pub(crate) fn drop_mates(&self, mv: Move) -> bool {
        let them = self.side.flip();
        let enemy_royals = self.royals(them);
        if enemy_royals.is_empty() {
            return false;
        }
        let mut occ = self.occupied();
        occ.insert(mv.to());
        if (self.attacks_from(self.side, mv.piece(), mv.to(), occ) & enemy_royals).is_empty() {
            return false;
        }
        let mut after = self.clone();
        after.make(mv);
        !after.has_legal_move()
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut moves = Vec::new();
        self.generate_legal(&mut moves);
        !moves.is_empty()
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate_legal(&mut moves);
        moves
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep (the last ply counted in bulk).
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(128); depth as usize + 1];
        self.perft_with(depth, &mut buffers)
    }

    fn perft_with(&mut self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
        self.generate_legal(moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &mv in moves.iter() {
            self.make(mv);
            nodes += self.perft_with(depth - 1, rest);
            self.unmake();
        }
        nodes
    }

    /// Perft split by root move, in generation order.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let moves = self.legal_moves();
        moves
            .into_iter()
            .map(|mv| {
                self.make(mv);
                let n = if depth <= 1 { 1 } else { self.perft(depth - 1) };
                self.unmake();
                (mv, n)
            })
            .collect()
    }
}
