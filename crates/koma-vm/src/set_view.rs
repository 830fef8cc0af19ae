//! A position read in its rules' own set type: what a reader that runs at every node (the engine's
//! evaluation) reads, without widening each set to a [`crate::Bitboard`].

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::player::Player;
use crate::pos::{Piece, Pos, decode};
use crate::square::Square;

/// Something that reads a position in whatever set type its rules chose: [`crate::Position::read_sets`] calls
/// [`SetReader::read`] with the position's [`SetView`], in its set type `B`.
pub trait SetReader {
    /// What the reading gives.
    type Output;
    /// Reads the position through `view`.
    fn read<B: BitSet>(self, view: SetView<'_, B>) -> Self::Output;
}

/// A position's sets in the set type `B` of its rules ([`crate::Rules::set_type`]).
pub struct SetView<'a, B: BitSet> {
    pos: &'a Pos<B>,
}

impl<'a, B: BitSet> SetView<'a, B> {
    pub(crate) fn new(pos: &'a Pos<B>) -> SetView<'a, B> {
        SetView { pos }
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Player {
        self.pos.side
    }

    /// How many tiles of starting face `tile` `player` holds in hand.
    #[inline(always)]
    pub fn hand_count(&self, player: Player, tile: FaceId) -> u8 {
        self.pos.hand_count(player, tile)
    }

    /// The piece on `sq`.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pos.piece_at(sq)
    }

    /// Squares occupied by `player`.
    #[inline(always)]
    pub fn occupied_by(&self, player: Player) -> B {
        self.pos.occupied_by(player)
    }

    /// Squares holding `player`'s pieces showing `face`.
    #[inline(always)]
    pub fn pieces(&self, player: Player, face: FaceId) -> B {
        self.pos.pieces(player, face)
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.pos.occupied()
    }

    /// Calls `f` with every piece on the board, in square order: its square, the piece, and (when
    /// `with_attacks`) the squares it attacks, else the empty set. One pass for what an evaluation reads of
    /// every piece.
    #[inline(always)]
    pub fn for_each_piece(&self, with_attacks: bool, mut f: impl FnMut(Square, Piece, B)) {
        let p = self.pos;
        let occ = p.occupied();
        for sq in occ {
            let piece = decode(p.board[sq.index()]);
            let attacks = if with_attacks {
                p.attacks_of_piece(sq, piece, occ)
            } else {
                B::EMPTY
            };
            f(sq, piece, attacks);
        }
    }

    /// The squares a piece of `player` showing `face` would attack from `sq` with the board as it is (its
    /// own moves, none borrowed), whether or not such a piece stands there.
    #[inline(always)]
    pub fn attacks_as(&self, player: Player, face: FaceId, sq: Square) -> B {
        self.pos.attacks_from(player, face, sq, self.pos.occupied())
    }
}
