//! The start position, validated once when the rules are built so that [`crate::Position::start`] cannot fail.

use std::sync::Arc;

use crate::position::Position;
use crate::rules::Rules;
use crate::sfen::SfenError;

/// Reads the start SFEN under `rules` and stores it in them.
pub(crate) fn build(rules: Rules, sfen: &str) -> Result<Rules, SfenError> {
    let rules = Arc::new(rules);
    let setup = Position::from_sfen(&rules, sfen)?.setup();
    let mut rules = Arc::into_inner(rules).expect("the position that read the SFEN is gone");
    rules.start = setup;
    Ok(rules)
}
