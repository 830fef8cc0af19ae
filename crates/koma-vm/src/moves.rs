//! Moves: board moves and drops.

use crate::face::FaceId;
use crate::square::Square;

/// A move: a board move or a drop, with the face the piece shows after it.
///
/// Promotions, flips and drops of a chosen face are all expressed by [`Move::face_after`], so the generator,
/// make/unmake and notation treat them alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

// Bits: target 0-7, origin 8-15, for a move in two legs its middle square xor its target 16-23 (a second leg
// never ends where it starts, so 0 there means one leg), promotes 24, drop 25, face 26-31.
const MID_SHIFT: u32 = 16;
const PROMOTES: u32 = 1 << 24;
const DROP: u32 = 1 << 25;
const FACE_SHIFT: u32 = 26;

impl Move {
    /// A board move from `from` to `to`, after which the piece on `to` shows `face_after`.
    #[inline(always)]
    pub fn board(from: Square, to: Square, face_after: FaceId, promotes: bool) -> Move {
        Move(
            to.number() as u32
                | (from.number() as u32) << 8
                | (face_after.index() as u32) << FACE_SHIFT
                | if promotes { PROMOTES } else { 0 },
        )
    }

    /// A two-leg board move: from `from` to `mid`, then on to `to` (which may be `from` again), capturing on
    /// either square; after it the piece on `to` shows `face_after`.
    #[inline(always)]
    pub fn two_leg(
        from: Square,
        mid: Square,
        to: Square,
        face_after: FaceId,
        promotes: bool,
    ) -> Move {
        let one = Move::board(from, to, face_after, promotes);
        Move(one.0 | ((mid.number() ^ to.number()) as u32) << MID_SHIFT)
    }

    /// The square a two-leg move passes through between its legs; `None` for a one-leg move or a drop.
    #[inline(always)]
    pub fn mid(self) -> Option<Square> {
        let x = (self.0 >> MID_SHIFT) as u8;
        (x != 0).then(|| Square::new(x ^ self.0 as u8))
    }

    /// Whether this is a board move in one leg, and its origin: the common case, told by one test.
    #[inline(always)]
    pub(crate) fn one_leg_origin(self) -> Option<Square> {
        (self.0 & (DROP | 0xff << MID_SHIFT) == 0).then_some(Square::new((self.0 >> 8) as u8))
    }

    /// A drop on `to` of a piece showing `face`.
    #[inline(always)]
    pub fn drop(to: Square, face: FaceId) -> Move {
        Move(to.number() as u32 | DROP | (face.index() as u32) << FACE_SHIFT)
    }

    /// The origin square, or `None` for a drop.
    #[inline(always)]
    pub fn from(self) -> Option<Square> {
        (self.0 & DROP == 0).then_some(Square::new((self.0 >> 8) as u8))
    }

    /// The target square.
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new(self.0 as u8)
    }

    /// The face the piece shows on the target square after the move.
    #[inline(always)]
    pub fn face_after(self) -> FaceId {
        FaceId::new((self.0 >> FACE_SHIFT) as u8)
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.0 & DROP != 0
    }

    /// Whether the move promotes the piece.
    #[inline(always)]
    pub fn is_promotion(self) -> bool {
        self.0 & PROMOTES != 0
    }

    /// The move packed in 32 bits, for tables that store moves (a search's transposition table).
    #[inline(always)]
    pub fn bits(self) -> u32 {
        self.0
    }

    /// A move from [`Move::bits`]. Bits that did not come from a move of this game make a move that is not
    /// legal anywhere: compare with the legal moves before playing it.
    #[inline(always)]
    pub fn from_bits(bits: u32) -> Move {
        Move(bits)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let face = self.face_after().index();
        match self.from() {
            Some(from) => write!(
                f,
                "Move({}->{}{} as {face}{})",
                from.number(),
                self.mid()
                    .map(|m| format!("{}->", m.number()))
                    .unwrap_or_default(),
                self.to().number(),
                if self.is_promotion() { "+" } else { "" }
            ),
            None => write!(f, "Drop({face} at {})", self.to().number()),
        }
    }
}
