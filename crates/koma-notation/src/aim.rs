//! The other pieces that could go where a move goes: what a notation must tell the moving piece from.

use koma_vm::{FaceId, Move, Position, Square};

/// The squares of the mover's pieces on the board, but the one on `from`, whose face `alike` accepts and that
/// could go to `to`: by a legal move, or by their moves as attacks see them (a piece pinned to its king still
/// counts, as shogi notation has it).
pub(crate) fn rivals(
    pos: &Position,
    legal: &[Move],
    from: Option<Square>,
    to: Square,
    alike: impl Fn(FaceId) -> bool,
) -> Vec<Square> {
    let side = pos.side_to_move();
    pos.occupied_by(side)
        .filter(|&sq| Some(sq) != from)
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| alike(p.face)))
        .filter(|&sq| {
            pos.attacks_from(sq).has(to)
                || legal.iter().any(|m| m.from() == Some(sq) && m.to() == to)
        })
        .collect()
}

/// Whether a legal move does what `mv` does but promotes: `mv` then declines a promotion.
pub(crate) fn declines(legal: &[Move], mv: Move) -> bool {
    !mv.is_promotion()
        && mv.from().is_some()
        && legal.iter().any(|m| {
            m.is_promotion() && m.from() == mv.from() && m.to() == mv.to() && m.mid() == mv.mid()
        })
}
