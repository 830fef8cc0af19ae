//! `koma card GAME`: the rules card.

use koma_draw::Format;

use crate::args::CardFormat;
use crate::load::load_rules;
use crate::report::Report;

/// Prints the card in the chosen format.
pub fn run(game: &str, format: CardFormat) -> Result<(), Vec<Report>> {
    let rules = load_rules(game)?;
    let format = match format {
        CardFormat::Text => Format::Text,
        CardFormat::Markdown => Format::Markdown,
        CardFormat::Html => Format::Html,
    };
    crate::out::text(&koma_draw::card(&rules, format));
    Ok(())
}
