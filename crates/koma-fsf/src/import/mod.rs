//! `variants.ini` sections read into `.game` files: inheritance resolved through the file and
//! Fairy-Stockfish's built-in shogi variants, each key to its statement, and each key koma cannot say named.

mod builtin;
mod convert;
mod drops;
mod ends;
mod faces;
pub mod ini;
mod model;
mod regions;
mod resolve;
mod start;
mod write;
mod zones;

pub use model::Issue;

/// One section read: its name and header line, and its `.game` text or the keys koma cannot say.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The section's name.
    pub name: String,
    /// The line of its header.
    pub line: usize,
    /// The `.game` text, or the keys koma cannot say.
    pub game: Result<String, Vec<Issue>>,
}

/// Reads every section of a `variants.ini` text (or the one named `only`) into a `.game` text.
pub fn import(text: &str, only: Option<&str>) -> Result<Vec<Imported>, ini::SyntaxError> {
    let file = ini::sections(text)?;
    let mut out = Vec::new();
    for section in &file {
        if only.is_some_and(|n| n != section.name) {
            continue;
        }
        let game = match resolve::resolve(&file, section) {
            Ok(chain) => convert::convert(&section.name, &chain),
            Err(why) => Err(vec![Issue {
                key: format!("[{}]", section.name),
                line: Some(section.line),
                message: why,
            }]),
        };
        out.push(Imported {
            name: section.name.clone(),
            line: section.line,
            game,
        });
    }
    Ok(out)
}
