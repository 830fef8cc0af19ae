//! A section with its parents' keys: `[child:parent]` inheritance, through the file's own sections and
//! Fairy-Stockfish's built-in shogi variants, the child's keys last.

use super::builtin::BUILT_IN;
use super::ini::{Entry, Section, sections};

/// A key in effect, with the line that set it (`None` for a built-in parent's).
#[derive(Debug, Clone)]
pub struct Setting {
    /// The key.
    pub key: String,
    /// Its value.
    pub value: String,
    /// The line of the file that set it; `None` when a built-in parent did.
    pub line: Option<usize>,
}

/// The keys of `section` and of its parents, one list per section, the furthest parent first; or why the
/// parents cannot be found.
pub fn resolve(file: &[Section], section: &Section) -> Result<Vec<Vec<Setting>>, String> {
    let built_in = sections(BUILT_IN)
        .map_err(|e| format!("built-in variants, line {}: {}", e.line, e.message))?;
    let mut chain: Vec<(&Section, bool)> = vec![(section, true)];
    let (mut current, mut in_file) = (section, true);
    while let Some(parent) = &current.parent {
        if chain.len() > 16 {
            return Err(format!(
                "`{}` inherits through more than 16 sections",
                section.name
            ));
        }
        let own = in_file
            .then(|| {
                file.iter()
                    .take_while(|s| !std::ptr::eq(*s, current))
                    .filter(|s| &s.name == parent)
                    .last()
            })
            .flatten();
        let next = match own {
            Some(s) => (s, true),
            None => match built_in.iter().find(|s| &s.name == parent) {
                Some(s) => (s, false),
                None => {
                    return Err(format!(
                        "its parent `{parent}` is neither an earlier section nor a built-in shogi variant koma knows (minishogi, shogi, checkshogi, gorogoro, judkins, euroshogi, torishogi)"
                    ));
                }
            },
        };
        chain.push(next);
        (current, in_file) = next;
    }
    Ok(chain
        .into_iter()
        .rev()
        .map(|(s, in_file)| {
            s.entries
                .iter()
                .map(|Entry { key, value, line }| Setting {
                    key: key.clone(),
                    value: value.clone(),
                    line: in_file.then_some(*line),
                })
                .collect()
        })
        .collect())
}
