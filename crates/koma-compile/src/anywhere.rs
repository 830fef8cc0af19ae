//! `moves anywhere: NAME, ...`, `moves anywhere not attacked: NAME, ...` and `moves anywhere and protects: NAME,
//! ...`: the Emperor of maka-dai-dai and tai shogi.

use koma_vm::spec::Anywhere;

use crate::burning::resolve;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;

/// The faces that move anywhere and the reading, or `None` in a game without the statement. An unknown name is
/// reported; a name given twice counts once.
pub(crate) fn lower(d: &mut Diagnostics, st: &Statements, pieces: &Pieces) -> Option<Anywhere> {
    let (statement, span) = st.anywhere.as_ref()?;
    let faces = resolve(d, pieces, &statement.pieces);
    Some(Anywhere {
        faces: faces.iter().map(|(face, _)| *face).collect(),
        not_attacked: statement.not_attacked,
        protects: statement.protects,
        span: span.clone(),
    })
}
