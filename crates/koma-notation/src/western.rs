//! Western (Hodges) notation, and koma's generic notation that writes the pieces' names instead of letters.

use koma_vm::{FaceId, Move, Position, Rules};

use crate::aim::{declines, rivals};

/// How a piece is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Letters {
    /// By its SFEN letter, `+` first for a promoted face: `P`, `+R`.
    Western,
    /// By its name and a space: `Pawn `.
    Names,
}

/// How `notation` names pieces, when it is Western or generic.
pub(crate) fn letters_of(notation: crate::Notation) -> Option<Letters> {
    match notation {
        crate::Notation::Western => Some(Letters::Western),
        crate::Notation::Generic => Some(Letters::Names),
        _ => None,
    }
}

/// The text of `mv`, a legal move of `pos`.
pub(crate) fn write(pos: &Position, legal: &[Move], mv: Move, letters: Letters) -> String {
    write_telling(pos, legal, mv, letters, true)
}

/// [`write`], with the origin of a piece another could stand in for (`tell`) or without it, as a reader may
/// write it.
pub(crate) fn write_telling(
    pos: &Position,
    legal: &[Move],
    mv: Move,
    letters: Letters,
    tell: bool,
) -> String {
    let rules = pos.rules();
    let name = |sq| rules.square_name(sq);
    let to = mv.to();
    let Some(from) = mv.from() else {
        return head(rules, mv.face_after(), letters) + "*" + &name(to);
    };
    let Some(piece) = pos.piece_at(from) else {
        return rules.move_name(mv);
    };
    let origin = if !tell || rivals(pos, legal, Some(from), to, |f| f == piece.face).is_empty() {
        String::new()
    } else {
        name(from)
    };
    let takes = |sq| if pos.piece_at(sq).is_some() { "x" } else { "-" };
    let mut body = origin;
    if let Some(mid) = mv.mid() {
        if to == from && pos.piece_at(mid).is_some() {
            // Takes on the middle square and comes back (igui).
            body += &format!("x!{}", name(mid));
        } else if to == from {
            // Passes: out to the middle square and back.
            body += &format!("-{}-{}", name(mid), name(to));
        } else {
            body += &format!("{}{}{}{}", takes(mid), name(mid), takes(to), name(to));
        }
    } else {
        body += &format!("{}{}", takes(to), name(to));
    }
    if mv.is_promotion() {
        body.push('+');
    } else if declines(legal, mv) {
        body.push('=');
    }
    let head = head(rules, piece.face, letters);
    match letters {
        Letters::Western => head + &body,
        Letters::Names => head + body.strip_prefix('-').unwrap_or(&body),
    }
}

/// What names the piece: its letter, or its name and a space.
fn head(rules: &Rules, face: FaceId, letters: Letters) -> String {
    match letters {
        Letters::Western => rules.face_text(face),
        Letters::Names => format!("{} ", rules.face(face).name),
    }
}
