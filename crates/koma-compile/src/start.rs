//! `start "SFEN"`, and the rule tables built with the start position checked against them.

use std::sync::Arc;

use koma_syntax::Span;
use koma_syntax::ast::Spanned;
use koma_vm::spec::GameSpec;
use koma_vm::{Rules, RulesError};

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::statements::Statements;

/// The start SFEN; an error if the game has none.
pub(crate) fn sfen<'a>(
    d: &mut Diagnostics,
    st: &Statements<'a>,
    header: &Span,
) -> Option<&'a Spanned<String>> {
    let Some((start, _)) = st.start else {
        d.report(
            Code::MissingStart,
            header.clone(),
            "the game has no start position",
        )
        .label("in this game")
        .help("add `start \"SFEN\"`, e.g. `start \"rbsgk/4p/5/P4/KGSBR b - 1\"`");
        return None;
    };
    Some(start)
}

/// Builds the rule tables; a start position that is not a position of these rules is reported in the SFEN.
pub(crate) fn build(
    d: &mut Diagnostics,
    spec: &GameSpec,
    start: &Spanned<String>,
    board: Span,
) -> Option<Arc<Rules>> {
    match Rules::build(spec) {
        Ok(rules) => Some(Arc::new(rules)),
        Err(RulesError::StartPosition(e)) => {
            let at = start.span.start;
            let end = e.span.end.max(e.span.start + 1).min(start.node.len());
            d.report(Code::StartPosition, at + e.span.start..at + end, format!("bad start position: {}", e.message))
                .help(e.help.clone().unwrap_or_else(|| "the start is an SFEN: ranks from the second player's side, `b` for the first player to move, the hand, the move number".to_string()));
            None
        }
        Err(e) => {
            let code = match e {
                RulesError::TooManyFaces(_) => Code::TooManyFaces,
                RulesError::UnknownFace(..) => Code::UnknownPiece,
                _ => Code::BoardSize,
            };
            d.report(code, board, e.to_string());
            None
        }
    }
}
