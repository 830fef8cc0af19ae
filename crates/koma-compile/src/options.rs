//! `options { NAME: on|off ... }`.

use koma_vm::spec::GameOption;

use crate::statements::Statements;

/// The options the game declares, with their defaults.
pub(crate) fn lower(st: &Statements) -> Vec<GameOption> {
    st.options
        .as_ref()
        .map(|(list, _)| list.iter().map(|o| o.node).collect())
        .unwrap_or_default()
}
