//! Attacks and pseudo-legal targets: which squares a piece reaches, and whether a square is attacked.

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::player::Player;
use crate::pos::{Piece, Pos, decode};
use crate::spec::{Hop, Modality};
use crate::square::Square;
use crate::tables::rays::Ray;
use crate::tables::sets::Sets;
use crate::tables::specials::{Reach, Special};
use crate::walked::walk_line;

impl<B: BitSet> Sets<B> {
    /// The squares a ray reaches with occupancy `occ`: up to and including the first piece.
    #[inline(always)]
    fn ray_reach(&self, ray: &Ray<B>, occ: B) -> B {
        let mask = self.rays.mask(ray);
        let blockers = mask & occ;
        if blockers.is_empty() {
            return mask;
        }
        let first = if ray.ascending {
            blockers.lowest()
        } else {
            blockers.highest()
        };
        mask & !self.lines.beyond(ray.dir, first)
    }

    /// Targets of a hopper or lame leaper at `from` (any occupancy), split as (quiet, capture-capable).
    pub(crate) fn special_targets(&self, s: &Special, from: Square, occ: B) -> (B, B) {
        let g = &self.geometry;
        let (x0, y0) = g.coords(from);
        let (dx, dy) = (s.vector.0 as i32, s.vector.1 as i32);
        let reach = if s.lame {
            let mid = g.square(x0 + dx / 2, y0 + dy / 2);
            match (mid, g.square(x0 + dx, y0 + dy)) {
                (Some(mid), Some(t)) if !occ.has(mid) => B::from_square(t),
                _ => B::EMPTY,
            }
        } else {
            self.hop_targets(s, (x0, y0), (dx, dy), occ)
        };
        match s.modality {
            Modality::Both => (reach, reach),
            Modality::Move => (reach, B::EMPTY),
            Modality::Capture => (B::EMPTY, reach),
        }
    }

    /// The squares a rider with hop rule `s.hop` reaches from `(x, y)` along `(dx, dy)`.
    fn hop_targets(
        &self,
        s: &Special,
        (mut x, mut y): (i32, i32),
        (dx, dy): (i32, i32),
        occ: B,
    ) -> B {
        let mut reach = B::EMPTY;
        let mut screens = 0;
        let mut steps = 0u32;
        loop {
            x += dx;
            y += dy;
            steps += 1;
            let Some(t) = self.geometry.square(x, y) else {
                break;
            };
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
                Hop::Skip if steps == 1 => {}
                Hop::Over => reach.insert(t),
                // (A sweep goes through `Pos::sweep_reach`, which knows its owner; alone it would stop here.)
                Hop::None | Hop::Skip | Hop::Sweep => {
                    reach.insert(t);
                    if occupied {
                        break;
                    }
                }
            }
        }
        reach
    }
}

impl<B: BitSet> Pos<B> {
    /// Targets of a special component of the piece on `from` with occupancy `occ`, split as (quiet,
    /// capture-capable): [`Sets::special_targets`], for a range capture the pieces it may take, and for a move
    /// anywhere its squares outside `unasked` (the caller says which squares it does not ask about, which costs
    /// the other components nothing: a move anywhere tests each square it is asked about).
    #[inline]
    pub(crate) fn special_reach(&self, s: &Special, from: Square, occ: B, unasked: B) -> (B, B) {
        // (Range captures first, by their rank: the order that costs tenjiku's many ranked slides least.)
        if s.range_capture != 0 {
            self.range_reach(s, from, occ)
        } else if s.reach == Reach::Line {
            self.sets.special_targets(s, from, occ)
        } else if s.reach == Reach::Sweep {
            self.sweep_reach(s, from, occ)
        } else {
            self.anywhere_reach(s, from, occ, !unasked)
        }
    }

    /// Whether `sq` is attacked by `by`'s pieces in `mask`, with occupancy `occ`.
    ///
    /// Pass changed `occ` and `mask` to ask about the position after a move without making it.
    pub(crate) fn attacked_with(&self, sq: Square, by: Player, occ: B, mask: B) -> bool {
        let r = &*self.rules;
        let sets = &*self.sets;
        if r.borrowed_moves {
            return self.attacked_borrowing(sq, by, occ, mask);
        }
        // The pieces standing where some face leaps to `sq` from, each asked with its own face.
        let near = sets.leaps.near(by, sq) & mask & self.by_player[by.index()];
        for from in near {
            let face = decode(self.board[from.index()]).face;
            if sets.leaps.attackers(r.pfs(by, face, sq)).has(from) {
                return true;
            }
        }
        for g in &sets.rays.sliders[by.index()] {
            let Some(first) = sets.lines.first_along(g.look, g.ascending, sq, occ) else {
                continue;
            };
            if !mask.has(first) {
                continue;
            }
            let face = decode(self.board[first.index()]).face;
            for &(slider, range) in &g.faces {
                if slider == face
                    && (range == 0 || self.steps_between(sq, first, g.look) <= range as u32)
                {
                    return true;
                }
            }
        }
        r.has_specials && self.attacked_by_specials(sq, by, occ, mask)
    }

    /// [`Position::attacked_with`] under borrowed moves: each piece of `mask` attacks as the face it moves as
    /// (its own, or that of the friendly piece of `mask` directly behind it).
    #[cold]
    fn attacked_borrowing(&self, sq: Square, by: Player, occ: B, mask: B) -> bool {
        let mut pieces = mask;
        pieces.any(|from| {
            let own = decode(self.board[from.index()]).face;
            let face = self.moves_as(by, from, own, mask);
            self.attacks_square(by, face, from, sq, occ)
        })
    }

    /// Whether `player`'s piece showing `face` on `from` attacks `sq` with occupancy `occ`: the test of
    /// [`Pos::attacks_from`] for one square, which reaches a slider's line only when `sq` lies on it.
    pub(crate) fn attacks_square(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        sq: Square,
        occ: B,
    ) -> bool {
        let r = &*self.rules;
        let sets = &*self.sets;
        let i = r.pfs(player, face, from);
        if sets.leaps.attacks(i).has(sq) {
            return true;
        }
        let (a, b) = sets.rays.index[i];
        let on_line = |ray: &&Ray<B>| ray.modality != Modality::Move && sets.rays.mask(ray).has(sq);
        if sets.rays.rays[a as usize..b as usize]
            .iter()
            .filter(on_line)
            .any(|ray| sets.ray_reach(ray, occ).has(sq))
        {
            return true;
        }
        r.has_specials && self.attacks_square_specially(player, face, from, sq, occ)
    }

    /// The part of [`Pos::attacks_square`] for hoppers, lame leapers and moves in two legs.
    #[cold]
    #[inline(never)]
    fn attacks_square_specially(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        sq: Square,
        occ: B,
    ) -> bool {
        let r = &*self.rules;
        let others = !B::from_square(sq);
        r.specials[r.pf(player, face)]
            .iter()
            .any(|s| self.special_reach(s, from, occ, others).1.has(sq))
            || !r.walks[r.pf(player, face)].is_empty()
                && self.walk_targets(player, face, from, occ).1.has(sq)
            || r.has_paths
                && self.two_legs_attack(
                    player,
                    face,
                    from,
                    sq,
                    occ,
                    self.by_player[player.index()] & occ,
                )
            || r.burning && r.may_burn(face) && self.burns_square(player, face, from, sq, occ)
    }

    /// The squares the piece on `sq` attacks with occupancy `occ`, by the moves it makes (borrowed ones
    /// included); none for an empty square. For messages that name an attacker.
    pub(crate) fn attacks_of(&self, sq: Square, occ: B) -> B {
        match self.piece_at(sq) {
            Some(piece) => self.attacks_of_piece(sq, piece, occ),
            None => B::EMPTY,
        }
    }

    /// The squares `piece`, standing on `sq`, attacks with occupancy `occ`, by the moves it makes (borrowed
    /// ones included).
    #[inline(always)]
    pub(crate) fn attacks_of_piece(&self, sq: Square, piece: Piece, occ: B) -> B {
        let face = self.moves_as(piece.owner, sq, piece.face, self.occupied_by(piece.owner));
        self.attacks_from(piece.owner, face, sq, occ)
    }

    /// The face whose moves `player`'s piece on `from`, showing `own`, makes: `own`, or under `pieces move as
    /// the friendly piece behind them`, the face of the piece of `friends` directly behind it (one rank toward
    /// its owner).
    #[inline(always)]
    pub(crate) fn moves_as(&self, player: Player, from: Square, own: FaceId, friends: B) -> FaceId {
        if !self.rules.borrowed_moves {
            return own;
        }
        let files = self.rules.files as usize;
        let behind = match player {
            Player::First => from.index().checked_sub(files),
            Player::Second => {
                Some(from.index() + files).filter(|&i| i < self.rules.geometry.squares)
            }
        };
        match behind.map(|i| Square::new(i as u16)) {
            Some(b) if friends.has(b) => decode(self.board[b.index()]).face,
            _ => own,
        }
    }

    #[cold]
    #[inline(never)]
    fn attacked_by_specials(&self, sq: Square, by: Player, occ: B, mask: B) -> bool {
        self.special_attackers(sq, by, occ, mask).next().is_some()
    }

    /// `by`'s pieces of `mask` that attack `sq` by hops, lame leaps, moves in two legs, walks or burning,
    /// lazily (a test for any stops at the first).
    pub(crate) fn special_attackers(
        &self,
        sq: Square,
        by: Player,
        occ: B,
        mask: B,
    ) -> impl Iterator<Item = Square> + '_ {
        let r = &*self.rules;
        let others = !B::from_square(sq);
        FaceId::all(r.faces.len())
            .filter(move |&face| {
                !r.specials[r.pf(by, face)].is_empty()
                    || !r.two_legs[r.pf(by, face)].is_empty()
                    || !r.walks[r.pf(by, face)].is_empty()
                    || r.burning && r.may_burn(face)
            })
            .flat_map(move |face| {
                let specials = &r.specials[r.pf(by, face)];
                let two_legs = !r.two_legs[r.pf(by, face)].is_empty();
                let walks = !r.walks[r.pf(by, face)].is_empty();
                let burns = r.burning && r.may_burn(face);
                (self.pieces(by, face) & mask)
                    .into_iter()
                    .filter(move |&from| {
                        specials
                            .iter()
                            .any(|s| self.special_reach(s, from, occ, others).1.has(sq))
                            || walks && self.walk_targets(by, face, from, occ).1.has(sq)
                            || two_legs && self.two_legs_attack(by, face, from, sq, occ, mask & occ)
                            || burns && self.burns_square(by, face, from, sq, occ)
                    })
            })
    }

    /// The number of steps from `a` to `b` along direction `dir`.
    pub(crate) fn steps_between(&self, a: Square, b: Square, dir: u16) -> u32 {
        let g = &self.rules.geometry;
        let (dx, dy) = self.sets.lines.directions[dir as usize];
        let (ax, ay) = g.coords(a);
        let (bx, by) = g.coords(b);
        if dx != 0 {
            ((bx - ax) / dx as i32).unsigned_abs()
        } else {
            ((by - ay) / dy as i32).unsigned_abs()
        }
    }

    /// Squares holding `player`'s royal pieces.
    #[inline(always)]
    pub(crate) fn royals(&self, player: Player) -> B {
        let mut b = B::EMPTY;
        for &face in &self.rules.royals {
            b |= self.pieces(player, face);
        }
        b
    }

    /// The royal pieces of `player` that a check is given to: all of them, except under `royal pieces: the
    /// last one counts`, where a player with two or more has none.
    #[inline(always)]
    pub(crate) fn checkable_royals(&self, player: Player) -> B {
        let royals = self.royals(player);
        if self.rules.last_royal_counts && royals.len() > 1 {
            B::EMPTY
        } else {
            royals
        }
    }

    /// Whether `player` is in check: a royal piece of theirs is attacked (under `royal pieces: the last one
    /// counts`, only when they have one).
    pub fn royal_attacked(&self, player: Player) -> bool {
        let occ = self.occupied();
        let them = self.by_player[player.opponent().index()];
        self.checkable_royals(player)
            .any(|k| self.attacked_with(k, player.opponent(), occ, them))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// Capture-capable targets of `player`'s piece showing `face` on `from`.
    pub(crate) fn attacks_from(&self, player: Player, face: FaceId, from: Square, occ: B) -> B {
        let r = &*self.rules;
        let sets = &*self.sets;
        let i = r.pfs(player, face, from);
        let mut t = sets.leaps.attacks(i);
        let (a, b) = sets.rays.index[i];
        for ray in &sets.rays.rays[a as usize..b as usize] {
            if ray.modality != Modality::Move {
                t |= sets.ray_reach(ray, occ);
            }
        }
        for s in &r.specials[r.pf(player, face)] {
            t |= self.special_reach(s, from, occ, B::EMPTY).1;
        }
        if r.has_specials && !r.walks[r.pf(player, face)].is_empty() {
            t |= self.walk_targets(player, face, from, occ).1;
        }
        if r.has_specials && r.burning && r.may_burn(face) {
            let own = self.by_player[player.index()] & occ;
            t |= self.burn_reach(player, face, from, occ, own) & !self.spared_squares();
        }
        if r.has_paths && !r.two_legs[r.pf(player, face)].is_empty() {
            t |= self.two_legs_attacks(
                player,
                face,
                from,
                occ,
                self.by_player[player.index()] & occ,
            );
        }
        t
    }

    /// Pseudo-legal targets of the piece on `from` (own pieces excluded).
    #[inline(always)]
    pub(crate) fn targets_from(&self, player: Player, face: FaceId, from: Square) -> B {
        self.targets_with(
            player,
            face,
            from,
            self.occupied(),
            self.by_player[player.index()],
            self.by_player[player.opponent().index()],
        )
    }

    /// [`Pos::targets_from`] with occupancy `occ`, of which `own` are the mover's pieces and `enemy` the
    /// others'.
    #[inline(always)]
    pub(crate) fn targets_with(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        occ: B,
        own: B,
        enemy: B,
    ) -> B {
        let r = &*self.rules;
        let sets = &*self.sets;
        let i = r.pfs(player, face, from);
        if B::WALKS_LINES
            && let Some(mut t) = self.walked_targets(player, face, from, (&occ, &own, &enemy))
        {
            if r.has_specials {
                let empty = sets.all & !occ;
                self.add_special_targets(player, face, from, (&occ, &own, &enemy, &empty), &mut t);
            }
            return t;
        }
        let empty = sets.all & !occ;
        let mut t = (sets.leaps.any(i) & !own)
            | (sets.leaps.quiet(i) & empty)
            | (sets.leaps.capture(i) & enemy);
        let (a, b) = sets.rays.index[i];
        for ray in &sets.rays.rays[a as usize..b as usize] {
            if B::WALKS_LINES {
                // (A face confined to a region: its leaps from the tables, its lines walked.)
                walk_line(ray, from, (&occ, &own, &enemy), &mut t);
                continue;
            }
            let reach = sets.ray_reach(ray, occ);
            t |= match ray.modality {
                Modality::Both => reach & !own,
                Modality::Move => reach & empty,
                Modality::Capture => reach & enemy,
            };
        }
        self.add_special_targets(player, face, from, (&occ, &own, &enemy, &empty), &mut t);
        t
    }

    /// Adds to `t` the targets of the special moves and walks of `player`'s piece showing `face` on `from`,
    /// given the occupancy, the mover's pieces, the others' and the empty squares.
    #[inline(always)]
    pub(crate) fn add_special_targets(
        &self,
        player: Player,
        face: FaceId,
        from: Square,
        (occ, own, enemy, empty): (&B, &B, &B, &B),
        t: &mut B,
    ) {
        let r = &*self.rules;
        if r.has_specials {
            for s in &r.specials[r.pf(player, face)] {
                let (quiet, capture) = self.special_reach(s, from, *occ, *own);
                *t |= (quiet & *empty) | (capture & *enemy);
            }
            if !r.walks[r.pf(player, face)].is_empty() {
                let (quiet, capture) = self.walk_targets(player, face, from, *occ);
                *t |= (quiet & *empty) | (capture & *enemy);
            }
        }
    }
}
