//! `value PIECE N`: the engine's value of a piece, given by the author instead of derived from its moves.

use koma_syntax::ast::Statement;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::{PerPiece, Statements};

/// Writes each `value` into its face: an unknown piece, a royal piece (losing it ends the game, so it has no
/// material value) or a piece valued twice is reported.
pub(crate) fn lower(d: &mut Diagnostics, st: &Statements, pieces: &mut Pieces) {
    let mut seen = PerPiece::default();
    for s in &st.values {
        let Statement::Value {
            piece,
            centipawns,
            span,
        } = s
        else {
            continue;
        };
        let Some(face) = pieces.resolve(d, piece) else {
            continue;
        };
        let i = face.index();
        if pieces.specs[i].royal {
            d.report(Code::ValueOfRoyal, piece.span.clone(), format!("{} is royal: it has no value to give", piece.node))
                .label("royal piece")
                .help("remove this line: losing a royal piece ends the game, which the engine scores as a win or loss");
            continue;
        }
        if !seen.first(
            d,
            i,
            span,
            format!("the value of {} is given twice", piece.node),
            "keep one of them",
        ) {
            continue;
        }
        pieces.specs[i].value = Some(centipawns.node);
    }
}
