//! A position as numbers for learning: the board as planes of 0 and 1 per face and side, and the hands as
//! counts, both from the side to move's point of view (its pieces first).

use koma_vm::{FaceId, Position, Rules};

/// `(2 * faces, ranks, files)`.
pub(crate) fn shape(rules: &Rules) -> (usize, usize, usize) {
    (
        2 * rules.faces.len(),
        usize::from(rules.ranks),
        usize::from(rules.files),
    )
}

/// The board planes in C order: plane `face` holds the side to move's pieces of that face, plane
/// `faces + face` the other side's; row 0 is the top rank as SFEN writes it, column 0 its left file.
pub(crate) fn board(position: &Position) -> Vec<u8> {
    let rules = position.rules();
    let (planes, ranks, files) = shape(rules);
    let faces = rules.faces.len();
    let mover = position.side_to_move();
    let mut out = vec![0u8; planes * ranks * files];
    for row in 0..ranks {
        for column in 0..files {
            let (x, y) = (column as u8, (ranks - 1 - row) as u8);
            let Some(piece) = rules.square(x, y).and_then(|sq| position.piece_at(sq)) else {
                continue;
            };
            let plane = piece.face.index() + if piece.owner == mover { 0 } else { faces };
            out[(plane * ranks + row) * files + column] = 1;
        }
    }
    out
}

/// The pieces in hand: the side to move's count of each face, then the other side's.
pub(crate) fn hands(position: &Position) -> Vec<u32> {
    let rules = position.rules();
    let mover = position.side_to_move();
    [mover, mover.opponent()]
        .into_iter()
        .flat_map(|p| {
            FaceId::all(rules.faces.len()).map(move |f| u32::from(position.hand_count(p, f)))
        })
        .collect()
}
