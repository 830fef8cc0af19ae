//! `koma export fsf GAME`: the game as a section of Fairy-Stockfish's variants.ini.

use koma_host::{Diagnostic, Label};

use crate::load::load;
use crate::report::Report;

/// Prints the game's variants.ini section, or fails with one diagnostic per rule the format cannot say.
pub fn fsf(game: &str, name: Option<&str>) -> Result<(), Vec<Report>> {
    let loaded = load(game)?;
    let name = match name {
        Some(n) => {
            let fits = !n.is_empty()
                && n.len() <= 64
                && n.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !fits {
                return Err(vec![Report::plain(
                    "koma::export-fsf",
                    format!(
                        "`--name {n}`: a variant's name is 1 to 64 letters, digits, `_` or `-`"
                    ),
                    None,
                )]);
            }
            n.to_string()
        }
        None => koma_fsf::section_name(&loaded.compiled.rules),
    };
    match koma_fsf::export(&loaded.compiled, &name) {
        Ok(text) => {
            crate::say!("{}", text.trim_end());
            Ok(())
        }
        Err(unsaid) => {
            let diagnostics = unsaid
                .into_iter()
                .map(|u| {
                    let mut d = Diagnostic::error("koma::export-fsf", u.message).with_help(
                        "grammar/README.md lists what variants.ini can say (\"Fairy-Stockfish's variants.ini\")",
                    );
                    if let Some(location) = u.origin.and_then(|s| loaded.sources.locate(&s)) {
                        d = d.with_label(Label::at(location, "variants.ini cannot say this"));
                    }
                    d
                })
                .collect();
            Err(crate::report::reports(diagnostics))
        }
    }
}
