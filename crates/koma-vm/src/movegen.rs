//! Legal move generation: board moves with their promotion and flip choices, then drops.

use crate::bitboard::BitSet;
use crate::face::{DropMateBan, FaceId};
use crate::moves::Move;
use crate::player::Player;
use crate::pos::{Pos, decode};
use crate::spec::FlipTrigger;
use crate::square::Square;

/// A check to the side's one royal piece where every attack is a leap or a slide.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Evasion<B> {
    /// The royal piece's square.
    royal: Square,
    /// Where the other pieces' moves and drops must land to end the check (empty in a double check).
    within: B,
}

impl<B: BitSet> Pos<B> {
    /// All legal moves, into `out` (cleared first).
    #[inline(never)]
    pub fn generate_legal(&self, out: &mut Vec<Move>) {
        self.generate_legal_with::<false>(false, out);
    }

    /// [`Pos::generate_legal`] where the caller knows whether the side to move is in check
    /// ([`Pos::in_check`]): the royal pieces' attackers are not looked for again.
    #[inline(never)]
    pub fn generate_legal_knowing(&self, in_check: bool, out: &mut Vec<Move>) {
        self.generate_legal_with::<true>(in_check, out);
    }

    /// The legal moves; with `KNOWN`, the side to move is in check when `in_check` says so.
    #[inline(always)]
    fn generate_legal_with<const KNOWN: bool>(&self, in_check: bool, out: &mut Vec<Move>) {
        out.clear();
        let r = &*self.rules;
        let sets = &*self.sets;
        if sets.immediate_ends.any && self.immediate_end().is_some() {
            return;
        }
        self.generate_moves::<false, KNOWN>(in_check, out);
        if let Some(rule) = r.compulsory_capture {
            self.keep_captures(rule.drops_allowed, out);
        }
    }

    /// The legal moves that take a piece, into `out` (cleared first): what a quiescence search follows,
    /// without generating the drops and quiet moves it would throw away. Under `captures are compulsory` these
    /// are the legal moves when any capture exists. `in_check` says whether the side to move is in check
    /// ([`Pos::in_check`]), which the caller knows: the royal pieces' attackers are not looked for again.
    pub fn generate_captures(&self, in_check: bool, out: &mut Vec<Move>) {
        out.clear();
        if self.sets.immediate_ends.any && self.immediate_end().is_some() {
            return;
        }
        self.generate_moves::<true, true>(in_check, out);
    }

    /// The moves the rules allow, into `out`, as if the game had not ended, before compulsory captures
    /// (which never leave a position without moves); with `CAPTURES`, only the board moves that take a piece.
    #[inline(always)]
    fn generate_moves<const CAPTURES: bool, const KNOWN: bool>(
        &self,
        in_check: bool,
        out: &mut Vec<Move>,
    ) {
        let r = &*self.rules;
        let us = self.side;
        let (must_test, test_drops, evasion) = self.safety_with::<true, KNOWN>(in_check);
        // The general path (moves in two legs, lion rules, promotion by rule) is chosen once per game, so
        // that the others pay nothing for it.
        if r.general_moves {
            self.generate_general::<CAPTURES>(must_test, out);
        } else if let Some(evasion) = evasion {
            self.generate_evasions::<CAPTURES>(evasion, out);
            return;
        } else {
            for from in self.by_player[us.index()] {
                self.generate_from::<false, CAPTURES, false>(
                    from,
                    must_test.has(from),
                    self.sets.all,
                    out,
                );
            }
        }
        if CAPTURES {
            return;
        }
        self.generate_all_drops(test_drops, self.sets.all, out);
    }

    /// The moves out of a check to the side's one royal piece (see [`Evasion`]): the royal's own moves, and
    /// the other pieces' moves and drops to the squares that may end the check, each tested.
    #[cold]
    #[inline(never)]
    fn generate_evasions<const CAPTURES: bool>(&self, evasion: Evasion<B>, out: &mut Vec<Move>) {
        self.generate_from::<false, CAPTURES, false>(evasion.royal, true, self.sets.all, out);
        if evasion.within.is_empty() {
            return;
        }
        for from in self.by_player[self.side.index()] {
            if from != evasion.royal {
                self.generate_from::<false, CAPTURES, true>(from, true, evasion.within, out);
            }
        }
        if !CAPTURES {
            self.generate_all_drops(true, evasion.within, out);
        }
    }

    /// Every drop the rules allow on the squares `within`, into `out`; `test_drops`: each must be tested for
    /// leaving the mover's royal pieces safe.
    #[inline(always)]
    fn generate_all_drops(&self, test_drops: bool, within: B, out: &mut Vec<Move>) {
        let r = &*self.rules;
        let us = self.side;
        let mut empty = within & !self.occupied();
        let mut test_drops = test_drops;
        if test_drops
            && !r.royal_drops
            && !r.safety_by_making
            && r.tiles.iter().any(|&tile| self.hand_count(us, tile) > 0)
        {
            // The test is the same for every face dropped on a square: made once per square, not per drop.
            empty = self.safe_drop_squares(empty);
            test_drops = false;
        }
        for &tile in &r.tiles {
            if self.hand_count(us, tile) == 0 {
                continue;
            }
            let other_face = r.face(tile).flips_to.filter(|_| r.drop_either_face);
            for face in std::iter::once(tile).chain(other_face) {
                self.generate_drops(face, empty, test_drops, out);
            }
        }
    }

    /// The squares of `empty` where a piece that is not royal may be dropped and leave the mover's royal
    /// pieces unattacked (what [`Pos::keeps_royals_safe`] says of each such drop). A royal attacked even with
    /// every square filled (by a leap, or a slider next to it) is attacked after any drop: then none.
    #[inline(never)]
    fn safe_drop_squares(&self, empty: B) -> B {
        let r = &*self.rules;
        let them = self.side.opponent();
        let occ = self.occupied();
        let enemy = self.by_player[them.index()];
        let royals = self.royals(self.side);
        // (Filling squares can only block attacks, unless hoppers or borrowed moves are about.)
        if !r.has_specials && !r.borrowed_moves && { royals }
            .any(|k| self.attacked_with(k, them, self.sets.all, enemy))
        {
            return B::EMPTY;
        }
        let mut safe = B::EMPTY;
        for to in empty {
            let mut filled = occ;
            filled.insert(to);
            if { royals }.all(|k| !self.attacked_with(k, them, filled, enemy)) {
                safe.insert(to);
            }
        }
        safe
    }

    /// Which moves need a test that they leave the mover's royal pieces safe: the pieces whose board moves
    /// do, and whether drops do. With one royal, no check and no hoppers, only royal moves and pinned pieces
    /// can expose the king.
    #[inline(always)]
    pub(crate) fn safety_tests(&self) -> (B, bool) {
        let (must_test, test_drops, _) = self.safety_with::<false, false>(false);
        (must_test, test_drops)
    }

    /// [`Pos::safety_tests`], and when `EVASION` asks and the side's one royal piece is in check where every
    /// attack is a leap or a slide (no hoppers, no borrowed moves), the squares its other pieces' moves and
    /// drops must reach. With `KNOWN`, the check is `in_check` ([`Pos::in_check`]), as the caller knows it.
    #[inline(always)]
    fn safety_with<const EVASION: bool, const KNOWN: bool>(
        &self,
        in_check: bool,
    ) -> (B, bool, Option<Evasion<B>>) {
        let r = &*self.rules;
        let us = self.side;
        let royals = if r.royals_capturable {
            B::EMPTY
        } else {
            self.checkable_royals(us)
        };
        let occ = self.occupied();
        let enemy = self.by_player[us.opponent().index()];
        let mut kings = royals;
        // (`Pos::in_check` looks at the same royal pieces, and at them too where royals may be captured, when
        // there are none here.)
        let in_check = if KNOWN {
            in_check && !royals.is_empty()
        } else {
            kings.any(|k| self.attacked_with(k, us.opponent(), occ, enemy))
        };
        let plain = royals.len() == 1 && !r.has_specials && !r.borrowed_moves;
        let shortcut = plain && !in_check;
        let must_test = if shortcut {
            royals | self.pinned(royals.lowest())
        } else if royals.is_empty() {
            B::EMPTY
        } else {
            self.sets.all
        };
        // (A move in two legs may take a checker on its way, and under `royal pieces: the last one counts` a
        // second royal piece anywhere ends a check: neither is an evasion of this kind.)
        let evasion = (EVASION && plain && in_check && !r.general_moves && !r.last_royal_counts)
            .then(|| self.evasion(royals.lowest()));
        (must_test, !royals.is_empty() && !shortcut, evasion)
    }

    /// The squares where a move or drop of a piece other than the royal on `royal` (in check, every attack a
    /// leap or a slide) may end the check: for each piece giving check, its square and, for a slider, the
    /// squares between it and the royal. A move elsewhere leaves that check in place.
    #[cold]
    fn evasion(&self, royal: Square) -> Evasion<B> {
        let sets = &*self.sets;
        let them = self.side.opponent();
        let occ = self.occupied();
        let checkers = self.attackers_to(royal, them, occ, self.by_player[them.index()]);
        let mut within = self.sets.all;
        for checker in checkers {
            let mut ends = B::EMPTY;
            ends.insert(checker);
            for g in &sets.rays.sliders[them.index()] {
                if sets.lines.first_along(g.look, g.ascending, royal, occ) == Some(checker) {
                    ends |= sets.lines.beyond(g.look, royal) & !sets.lines.beyond(g.look, checker);
                }
            }
            within &= ends;
        }
        Evasion { royal, within }
    }

    /// `captures are compulsory`: when some move in `out` captures, keeps only the captures (and the drops,
    /// with `drops allowed`).
    #[cold]
    fn keep_captures(&self, drops_allowed: bool, out: &mut Vec<Move>) {
        if self.rules.has_paths {
            keep_if_any_capture(out, drops_allowed, |mv| self.is_capture(mv));
        } else {
            // No move in two legs: a capture is a board move to an occupied square.
            let board = &self.board;
            keep_if_any_capture(out, drops_allowed, |mv| {
                mv.from().is_some() && board[mv.to().index()] != 0
            });
        }
    }

    /// The board moves of every piece of the side to move by the general path; `must_test` holds the pieces
    /// whose moves need a king-safety test.
    #[cold]
    #[inline(never)]
    fn generate_general<const CAPTURES: bool>(&self, must_test: B, out: &mut Vec<Move>) {
        for from in self.by_player[self.side.index()] {
            self.generate_from::<true, false, false>(from, must_test.has(from), self.sets.all, out);
        }
        if CAPTURES {
            // Moves in two legs and lion moves take on their middle square too: the general path keeps the
            // captures among all its moves.
            out.retain(|&mv| self.is_capture(mv));
        }
    }

    /// Whether `mv` (pseudo-legal) takes a piece: a board move to an occupied square, or one in two legs
    /// through one.
    pub fn is_capture(&self, mv: Move) -> bool {
        if mv.one_leg_origin().is_some() {
            return self.board[mv.to().index()] != 0;
        }
        match (mv.from(), mv.mid()) {
            (Some(from), Some(mid)) => {
                self.board[mid.index()] != 0 || mv.to() != from && self.board[mv.to().index()] != 0
            }
            _ => false,
        }
    }

    /// The legal moves of the piece on `from` (with `WITHIN`, those that land on `within`; with `CAPTURES`,
    /// those to an enemy piece's square); `test` asks for a king-safety test of each.
    #[inline(always)]
    pub(crate) fn generate_from<const GENERAL: bool, const CAPTURES: bool, const WITHIN: bool>(
        &self,
        from: Square,
        test: bool,
        within: B,
        out: &mut Vec<Move>,
    ) {
        let r = &*self.rules;
        let sets = &*self.sets;
        let us = self.side;
        let face = decode(self.board[from.index()]).face;
        let moving = self.moves_as(us, from, face, self.by_player[us.index()]);
        let mut targets = self.targets_from(us, moving, from);
        if GENERAL && r.has_paths {
            targets = self.generate_paths(from, moving, face, test, targets, out);
        }
        if WITHIN {
            targets &= within;
        }
        if CAPTURES {
            targets &= self.by_player[us.opponent().index()];
        }
        if targets.is_empty() {
            return;
        }
        let f = r.face(face);
        if f.promotes_to.is_none() && f.flips_to.is_none() {
            // A face that neither promotes nor flips: one move per target.
            for to in targets {
                let mv = Move::board(from, to, face, false);
                if !test || self.keeps_royals_safe(mv) {
                    out.push(mv);
                }
            }
            return;
        }
        let enemy = self.by_player[us.opponent().index()];
        let zone = sets.promotion.zone[us.index()];
        let (promotable, forced) = match f.promotes_to {
            None => (B::EMPTY, B::EMPTY),
            Some(_) if GENERAL && r.promotion_by_rule => {
                self.promotable_by_rule(us, from, face, targets)
            }
            Some(_) if zone.has(from) && f.promotion_mandatory.is_some() => (targets, targets),
            Some(_) if zone.has(from) => (targets, sets.promotion.forced[r.pf(us, face)]),
            Some(_) => (targets & zone, sets.promotion.forced[r.pf(us, face)]),
        };
        // The other face, and the squares where the piece lands turned over: captures, or every square.
        let flip = f.flips_to.map(|other| match f.flip_trigger {
            FlipTrigger::OnEveryMove => (other, targets),
            FlipTrigger::OnCapture => (other, enemy),
        });
        for to in targets {
            let after = match flip {
                Some((other, squares)) if squares.has(to) => other,
                _ => face,
            };
            let plain = Move::board(from, to, after, false);
            if test && !self.keeps_royals_safe(plain) {
                if let Some(promoted) = f.promotes_to.filter(|_| promotable.has(to)) {
                    self.push_royal_promotion(Move::board(from, to, promoted, true), out);
                }
                continue;
            }
            if let Some(promoted) = f.promotes_to.filter(|_| promotable.has(to)) {
                let promotion = Move::board(from, to, promoted, true);
                // (Under burning, which takes the general path, the face that stops decides what burns:
                // each is tested.)
                if !(GENERAL && test && self.burning) || self.keeps_royals_safe(promotion) {
                    out.push(promotion);
                }
            }
            if !forced.has(to) {
                out.push(plain);
            }
        }
    }

    /// Where the side to move's piece showing `face` on `from` may and must promote among `targets`, under
    /// `promotion only on entering the zone or capturing from it`, `promotion by capture` or `stranded pieces
    /// may promote`.
    #[cold]
    #[inline(never)]
    pub(crate) fn promotable_by_rule(
        &self,
        us: Player,
        from: Square,
        face: FaceId,
        targets: B,
    ) -> (B, B) {
        let r = &*self.rules;
        let sets = &*self.sets;
        let zone = sets.promotion.zone[us.index()];
        let pf = r.pf(us, face);
        if r.promotion_by_capture {
            return self.promotable_by_capture(us, pf, targets);
        }
        let may = match (r.promotion_on_entry, zone.has(from)) {
            (true, true) => targets & self.by_player[us.opponent().index()],
            (true, false) | (false, false) => targets & zone,
            (false, true) => targets,
        };
        let mandatory = match r.face(face).promotion_mandatory {
            Some(_) if zone.has(from) => may,
            Some(_) => may & zone,
            None => B::EMPTY,
        };
        (
            may | targets & sets.promotion.stranded[pf],
            mandatory | sets.promotion.forced[pf],
        )
    }

    /// [`Pos::promotable_by_rule`] under `promotion by capture`: every capture promotes, and only a capture
    /// (into the zone, where there is one).
    #[cold]
    #[inline(never)]
    fn promotable_by_capture(&self, us: Player, pf: usize, targets: B) -> (B, B) {
        let sets = &*self.sets;
        let zone = sets.promotion.zone[us.index()];
        let mut captures = targets & self.by_player[us.opponent().index()];
        if !zone.is_empty() {
            captures &= zone;
        }
        (
            captures | targets & sets.promotion.stranded[pf],
            captures | sets.promotion.forced[pf],
        )
    }

    /// Under `royal pieces: the last one counts`, a promotion to a second royal piece is safe even where the
    /// same move unpromoted is not, and under burning a promotion to a burner may burn what checks: pushes
    /// `promotion` if it makes one of these and is safe.
    #[cold]
    fn push_royal_promotion(&self, promotion: Move, out: &mut Vec<Move>) {
        if (self.burning || self.rules.face(promotion.face_after()).royal)
            && self.keeps_royals_safe(promotion)
        {
            out.push(promotion);
        }
    }

    /// The legal drops of `face` on the empty squares `empty`.
    pub(crate) fn generate_drops(&self, face: FaceId, empty: B, test: bool, out: &mut Vec<Move>) {
        let r = &*self.rules;
        let sets = &*self.sets;
        let us = self.side;
        let f = r.face(face);
        let mut mask = sets.drop_mask[r.pf(us, face)] & empty;
        if let Some(limit) = &f.drop_file_rule {
            let own = self.pieces(us, limit.blocker);
            for sq in own {
                let file = sets.file_of(sq);
                if limit.count <= 1 || (own & file).len() >= limit.count as u32 {
                    mask &= !file;
                }
            }
        }
        for to in mask {
            let mv = Move::drop(to, face);
            if test && !self.keeps_royals_safe(mv) {
                continue;
            }
            if let Some(ban) = &f.drop_mate_rule
                && self.drop_mates(mv, ban)
            {
                continue;
            }
            out.push(mv);
        }
    }

    /// Whether the drop `mv` is barred by `ban`, its face's rule: it checks the opponent (or, under `or
    /// stalemate`, need not) and leaves them without a legal reply, on any square or (under `in front of a
    /// royal piece`) on the square in front of an enemy royal piece.
    #[inline(always)]
    pub(crate) fn drop_mates(&self, mv: Move, ban: &DropMateBan) -> bool {
        if ban.in_front || ban.stalemate {
            self.drop_mates_within(mv, ban)
        } else {
            self.drop_checkmates(mv)
        }
    }

    /// [`Pos::drop_mates`] under `or stalemate` or `in front of a royal piece`.
    #[cold]
    #[inline(never)]
    fn drop_mates_within(&self, mv: Move, ban: &DropMateBan) -> bool {
        let them = self.side.opponent();
        let enemy_royals = self.checkable_royals(them);
        if enemy_royals.is_empty()
            || (ban.in_front
                && !{ enemy_royals }.any(|k| self.rules.ahead(them, k) == Some(mv.to())))
        {
            return false;
        }
        if !ban.stalemate {
            return self.drop_checkmates(mv);
        }
        let mut after = self.clone();
        after.make(mv);
        let mut replies = Vec::new();
        after.generate_moves::<false, false>(false, &mut replies);
        replies.is_empty()
    }

    /// Whether the drop `mv` checks the opponent and leaves them without a legal reply.
    fn drop_checkmates(&self, mv: Move) -> bool {
        let them = self.side.opponent();
        let enemy_royals = self.checkable_royals(them);
        if enemy_royals.is_empty() {
            return false;
        }
        let mut occ = self.occupied();
        occ.insert(mv.to());
        // (Under borrowed moves the dropped piece attacks as the piece behind it: the test comes after the drop.)
        if !self.rules.borrowed_moves
            && (self.attacks_from(self.side, mv.face_after(), mv.to(), occ) & enemy_royals)
                .is_empty()
        {
            return false;
        }
        let mut after = self.clone();
        after.make(mv);
        if self.rules.borrowed_moves && !after.royal_attacked(them) {
            return false;
        }
        // A mate, whatever else the check does (under `N checks` it may also end the game).
        let mut replies = Vec::new();
        after.generate_moves::<false, false>(false, &mut replies);
        replies.is_empty()
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut moves = Vec::new();
        self.generate_legal(&mut moves);
        !moves.is_empty()
    }

    /// Whether the side to move has a move the rules allow, as if no end rule had ended the game. Stops at the
    /// first piece that has one.
    pub fn has_move(&self) -> bool {
        let mut moves = Vec::new();
        if self.rules.general_moves {
            self.generate_moves::<false, false>(false, &mut moves);
            return !moves.is_empty();
        }
        let (must_test, test_drops) = self.safety_tests();
        for from in self.by_player[self.side.index()] {
            self.generate_from::<false, false, false>(
                from,
                must_test.has(from),
                self.sets.all,
                &mut moves,
            );
            if !moves.is_empty() {
                return true;
            }
        }
        self.generate_all_drops(test_drops, self.sets.all, &mut moves);
        !moves.is_empty()
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate_legal(&mut moves);
        moves
    }
}

/// When some move of `out` is a capture by `capture`, keeps only the captures (and the drops, with
/// `drops_allowed`).
#[inline(always)]
fn keep_if_any_capture(out: &mut Vec<Move>, drops_allowed: bool, capture: impl Fn(Move) -> bool) {
    if out.iter().any(|&mv| capture(mv)) {
        out.retain(|&mv| capture(mv) || drops_allowed && mv.is_drop());
    }
}
