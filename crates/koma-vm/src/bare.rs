//! Bare kings (`bare king`, `both kings bare`): which pieces count, who is bare, and who bares whom.
//!
//! A piece *counts* when it is on the board and could still move: a stranded piece (a Pawn on its last rank)
//! does not. A player is *bare* when its only piece that counts is one royal piece and its hand is empty. The
//! other player *bares* it with one royal piece, not attacked, and at least one more piece that counts and is
//! not named by `pieces that cannot bare a king`; with only one such piece, the bare royal piece must not
//! attack it, since it could take it back.

use crate::bitboard::BitSet;
use crate::end_rule::ImmediateEnd;
use crate::player::Player;
use crate::pos::{Pos, decode};
use crate::tables::ends::Bare;

impl<B: BitSet> Pos<B> {
    /// The end a bare king gives, when a `bare king` or `both kings bare` rule is in force and applies.
    pub(crate) fn bare_end(&self, bare: &Bare<B>) -> Option<ImmediateEnd> {
        // Most positions are answered here: each player has two pieces that could never be stranded.
        if Player::BOTH
            .into_iter()
            .all(|p| self.surely_not_bare(bare, p))
        {
            return None;
        }
        if bare.bare_king
            && let Some(player) = self.bared_by(bare)
        {
            return Some(ImmediateEnd::KingBared(player));
        }
        (bare.both_bare && self.both_bare(bare)).then_some(ImmediateEnd::BothKingsBare)
    }

    /// The player whose king is bare and bared (`bare king`), if one is. Two players are never both: a bare
    /// player has no piece that could bare the other.
    pub fn bared(&self) -> Option<Player> {
        self.sets
            .immediate_ends
            .bare
            .as_ref()
            .and_then(|b| self.bared_by(b))
    }

    /// Whether both players are bare and neither royal piece is attacked (`both kings bare`).
    pub fn both_kings_bare(&self) -> bool {
        self.sets
            .immediate_ends
            .bare
            .as_ref()
            .is_some_and(|b| self.both_bare(b))
    }

    fn bared_by(&self, bare: &Bare<B>) -> Option<Player> {
        let player = [self.side, self.side.opponent()]
            .into_iter()
            .find(|&p| self.is_bare(bare, p))?;
        let other = player.opponent();
        let theirs = self.royals(other);
        if theirs.len() != 1 {
            return None;
        }
        let occ = self.occupied();
        let own = self.by_player[player.index()];
        if self.attacked_with(theirs.lowest(), player, occ, own) {
            return None;
        }
        let mut baring = self.counting(bare, other) & !theirs;
        for &face in &self.rules.cannot_bare {
            baring &= !self.pieces(other, face);
        }
        match baring.len() {
            0 => None,
            1 => {
                let king = self.royals(player).lowest();
                let face = decode(self.board[king.index()]).face;
                let takes_back = self
                    .attacks_from(player, face, king, occ)
                    .has(baring.lowest());
                (!takes_back).then_some(player)
            }
            _ => Some(player),
        }
    }

    fn both_bare(&self, bare: &Bare<B>) -> bool {
        let occ = self.occupied();
        Player::BOTH.into_iter().all(|p| {
            self.is_bare(bare, p) && {
                let them = p.opponent();
                let king = self.royals(p).lowest();
                !self.attacked_with(king, them, occ, self.by_player[them.index()])
            }
        })
    }

    /// Whether `player`'s only piece that counts is one royal piece, with nothing in hand.
    fn is_bare(&self, bare: &Bare<B>, player: Player) -> bool {
        if self.surely_not_bare(bare, player) {
            return false;
        }
        let royals = self.royals(player);
        royals.len() == 1
            && self.counting(bare, player) == royals
            && self.hand(player).iter().all(|&n| n == 0)
    }

    /// Whether `player` has two pieces on squares where no piece of theirs could be stranded: then two of their
    /// pieces count. Asked without counting every piece.
    #[inline]
    fn surely_not_bare(&self, bare: &Bare<B>, player: Player) -> bool {
        let i = player.index();
        let mut sure = self.by_player[i] & !bare.may_strand[i];
        if sure.is_empty() {
            return false;
        }
        sure.remove(sure.lowest());
        !sure.is_empty()
    }

    /// `player`'s pieces on the board that could still move.
    fn counting(&self, bare: &Bare<B>, player: Player) -> B {
        let i = player.index();
        let mut pieces = self.by_player[i];
        for (face, dead) in &bare.stranding {
            pieces &= !(self.pieces(player, *face) & dead[i]);
        }
        pieces
    }
}
