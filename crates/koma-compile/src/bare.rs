//! `pieces that cannot bare a king: NAME, ...`, which only the `bare king` end rule reads.

use koma_syntax::Span;
use koma_vm::{EndCondition, EndRule, FaceId};

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;

/// The faces that cannot bare a king, with where the statement was written. Reports the statement in a game
/// with no `bare king` rule.
pub(crate) fn lower(
    d: &mut Diagnostics,
    st: &Statements,
    pieces: &Pieces,
    end_rules: &[EndRule],
) -> Option<(Vec<FaceId>, Span)> {
    let (names, span) = st.cannot_bare.as_ref()?;
    let faces = names.iter().filter_map(|n| pieces.resolve(d, n)).collect();
    if !end_rules
        .iter()
        .any(|r| r.condition == EndCondition::BareKing)
    {
        d.report(
            Code::CannotBareWithoutBareKing,
            span.clone(),
            "`pieces that cannot bare a king` in a game with no `bare king` end rule",
        )
        .label("read by no rule")
        .help("add `bare king: its owner loses` to the `end` block, or remove this statement");
    }
    Some((faces, span.clone()))
}
