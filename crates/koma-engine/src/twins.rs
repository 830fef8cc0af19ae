//! Moves that reach the same position by another way: a move in two legs whose first leg crosses an empty
//! square and whose second lands where a one-leg move of the same piece lands, showing the same face (a
//! lion's `8h7h6h` beside its jump `8h6h`). The search keeps one of each such pair; the rules, perft and the
//! move list a user sees keep both.

use koma_vm::{Move, Position};

/// Removes from `moves` every move in two legs through an empty square that has a one-leg twin in `moves`.
pub fn remove_twins(pos: &Position, moves: &mut Vec<Move>) {
    if !moves.iter().any(|m| m.mid().is_some()) {
        return;
    }
    let singles: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.mid().is_none() && !m.is_drop())
        .collect();
    moves.retain(|&m| twin_of(pos, m, &singles).is_none());
}

/// The one-leg move among `singles` that reaches the position `mv` reaches, when `mv` is a move in two legs
/// through an empty square.
pub fn twin_of(pos: &Position, mv: Move, singles: &[Move]) -> Option<Move> {
    let (from, mid) = (mv.from()?, mv.mid()?);
    if mv.to() == from || pos.piece_at(mid).is_some() {
        return None;
    }
    singles
        .iter()
        .copied()
        .find(|s| s.from() == Some(from) && s.to() == mv.to() && s.face_after() == mv.face_after())
}
