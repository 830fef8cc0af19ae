//! Moves: board moves and drops.

use std::num::NonZeroU64;

use crate::face::FaceId;
use crate::square::Square;

/// A move: a board move or a drop, with the face the piece shows after it.
///
/// Promotions, flips and drops of a chosen face are all expressed by [`Move::face_after`], so the generator,
/// make/unmake and notation treat them alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU64);

// Bits: target 0-15, origin 16-31, for a move in two legs its middle square xor its target 32-47 (a second
// leg never ends where it starts, so 0 there means one leg), face 48-60, always 1 at 61 (so that an
// `Option<Move>` takes no more room than a move), promotes 62, drop 63. Fields on 16-bit boundaries read in one
// instruction; [`Move::bits`] packs the move into fewer bits.
const SQUARE_MASK: u64 = 0xffff;
const FROM_SHIFT: u32 = 16;
const MID_SHIFT: u32 = 32;
const FACE_SHIFT: u32 = 48;
const FACE_BITS: u32 = 13;
const FACE_MASK: u64 = (1 << FACE_BITS) - 1;
const ALWAYS: u64 = 1 << 61;
const PROMOTES: u64 = 1 << 62;
const DROP: u64 = 1 << 63;

impl Move {
    /// The move of these bits (with the bit that is always set).
    #[inline(always)]
    fn new(bits: u64) -> Move {
        Move(NonZeroU64::new(bits | ALWAYS).expect("a move's bits are not zero"))
    }

    #[inline(always)]
    fn raw(self) -> u64 {
        self.0.get()
    }

    /// A board move from `from` to `to`, after which the piece on `to` shows `face_after`.
    #[inline(always)]
    pub fn board(from: Square, to: Square, face_after: FaceId, promotes: bool) -> Move {
        Move::new(
            to.number() as u64
                | (from.number() as u64) << FROM_SHIFT
                | (face_after.index() as u64) << FACE_SHIFT
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
        Move::new(one.raw() | ((mid.number() ^ to.number()) as u64) << MID_SHIFT)
    }

    /// The square a two-leg move passes through between its legs; `None` for a one-leg move or a drop.
    #[inline(always)]
    pub fn mid(self) -> Option<Square> {
        let x = self.raw() >> MID_SHIFT & SQUARE_MASK;
        (x != 0).then(|| Square::new((x ^ self.raw() & SQUARE_MASK) as u16))
    }

    /// Whether this is a board move in one leg, and its origin: the common case, told by one test.
    #[inline(always)]
    pub(crate) fn one_leg_origin(self) -> Option<Square> {
        (self.raw() & (DROP | SQUARE_MASK << MID_SHIFT) == 0)
            .then_some(Square::new((self.raw() >> FROM_SHIFT & SQUARE_MASK) as u16))
    }

    /// A drop on `to` of a piece showing `face`.
    #[inline(always)]
    pub fn drop(to: Square, face: FaceId) -> Move {
        Move::new(to.number() as u64 | DROP | (face.index() as u64) << FACE_SHIFT)
    }

    /// The origin square, or `None` for a drop.
    #[inline(always)]
    pub fn from(self) -> Option<Square> {
        (self.raw() & DROP == 0)
            .then_some(Square::new((self.raw() >> FROM_SHIFT & SQUARE_MASK) as u16))
    }

    /// The target square.
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new((self.raw() & SQUARE_MASK) as u16)
    }

    /// The face the piece shows on the target square after the move.
    #[inline(always)]
    pub fn face_after(self) -> FaceId {
        FaceId::new((self.raw() >> FACE_SHIFT & FACE_MASK) as u16)
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.raw() & DROP != 0
    }

    /// Whether the move promotes the piece.
    #[inline(always)]
    pub fn is_promotion(self) -> bool {
        self.raw() & PROMOTES != 0
    }

    /// The move packed in the low [`Move::BITS`] bits of a number, for tables that store moves (a search's
    /// transposition table): target, origin and middle square in twelve bits each, then the face in
    /// thirteen, promotion and drop.
    #[inline]
    pub fn bits(self) -> u64 {
        let m = self.raw();
        let square = |shift: u32| (m >> shift & 0xfff) << (shift / 16 * 12);
        let face = (m >> FACE_SHIFT & FACE_MASK) << 36;
        square(0) | square(FROM_SHIFT) | square(MID_SHIFT) | face | (m >> 62) << 49
    }

    /// How many low bits [`Move::bits`] uses.
    pub const BITS: u32 = 51;

    /// A move from [`Move::bits`]. Bits that did not come from a move of this game make a move that is not
    /// legal anywhere: compare with the legal moves before playing it.
    #[inline]
    pub fn from_bits(bits: u64) -> Move {
        let square = |shift: u32| (bits >> (shift / 16 * 12) & 0xfff) << shift;
        let face = (bits >> 36 & FACE_MASK) << FACE_SHIFT;
        Move::new(
            square(0) | square(FROM_SHIFT) | square(MID_SHIFT) | face | (bits >> 49 & 3) << 62,
        )
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

#[cfg(test)]
mod tests {
    use super::*;

    fn moves() -> Vec<Move> {
        let sq = Square::new;
        let face = FaceId::new;
        vec![
            Move::board(sq(0), sq(1), face(0), false),
            Move::board(sq(255), sq(0), face(779), true),
            Move::two_leg(sq(17), sq(18), sq(17), face(700), false),
            Move::two_leg(sq(200), sq(201), sq(202), face(65), true),
            Move::drop(sq(0), face(0)),
            Move::drop(sq(143), face(779)),
        ]
    }

    #[test]
    fn every_field_reads_back_as_written() {
        let m = Move::two_leg(
            Square::new(200),
            Square::new(201),
            Square::new(185),
            FaceId::new(779),
            true,
        );
        assert_eq!(m.from(), Some(Square::new(200)));
        assert_eq!(m.mid(), Some(Square::new(201)));
        assert_eq!(m.to(), Square::new(185));
        assert_eq!(m.face_after(), FaceId::new(779));
        assert!(m.is_promotion() && !m.is_drop());
        assert_eq!(m.one_leg_origin(), None);
        let d = Move::drop(Square::new(255), FaceId::new(779));
        assert_eq!((d.from(), d.mid(), d.to()), (None, None, Square::new(255)));
        assert_eq!(d.face_after(), FaceId::new(779));
        assert!(d.is_drop() && !d.is_promotion());
        let b = Move::board(Square::new(3), Square::new(4), FaceId::new(70), false);
        assert_eq!(b.one_leg_origin(), Some(Square::new(3)));
    }

    #[test]
    fn packed_bits_fit_their_width_and_read_back_as_the_same_move() {
        for m in moves() {
            let bits = m.bits();
            assert!(bits < 1 << Move::BITS, "{m:?}");
            assert_eq!(Move::from_bits(bits), m);
        }
        let all = moves();
        let distinct: std::collections::HashSet<u64> = all.iter().map(|m| m.bits()).collect();
        assert_eq!(distinct.len(), all.len());
    }

    #[test]
    fn an_absent_move_takes_no_room() {
        assert_eq!(size_of::<Option<Move>>(), size_of::<Move>());
    }
}
