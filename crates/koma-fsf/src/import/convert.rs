//! A resolved section's keys written as a `.game` file, or the keys koma cannot say.

use super::model::{Issue, Model};
use super::resolve::Setting;

/// The `.game` text of a section named `name` with the settings `chain` (one list per section, the
/// furthest parent first), or every key koma cannot say.
pub fn convert(name: &str, chain: &[Vec<Setting>]) -> Result<String, Vec<Issue>> {
    let mut m = Model::default();
    for section in chain {
        // Fairy-Stockfish reads a section's pieces before its other keys.
        let mut rest = Vec::new();
        for s in section {
            if !m.piece(s) {
                rest.push(s);
            }
        }
        for s in rest {
            if s.key == "promotedPieceType" {
                m.promotions(s);
            } else {
                m.scalars.insert(s.key.clone(), (s.value.clone(), s.line));
            }
        }
    }
    let text = super::write::game(name, &mut m);
    if m.issues.is_empty() {
        Ok(text)
    } else {
        Err(m.issues)
    }
}
