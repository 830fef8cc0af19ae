//! Captures and royalty: where captured pieces go, and whether kings may be captured.

use koma_vm::spec::Captures;

use crate::statements::Statements;

/// Where captured pieces go (to hand unless the game says otherwise) and whether royals may be captured.
pub(crate) fn lower(st: &Statements) -> (Captures, bool) {
    let captures = st
        .captures
        .as_ref()
        .map_or(Captures::default(), |(c, _)| *c);
    (captures, st.royals_capturable.is_some())
}
