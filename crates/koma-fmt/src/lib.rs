//! The canonical layout of `.game` files, for `koma fmt` and the language server's formatting.
//!
//! [`format`] reads a text's outline from the grammar ([`koma_syntax::outline`]), keeps every comment with the
//! statement or block item it stands by, and writes:
//! - the comments before `game` first, then the header;
//! - the statements in the reference's order, one paragraph each: `board`, the piece table, `value`s, the
//!   one-line rules, `without`s, `drop rules`, `start`, `end`, `options`, `lints`;
//! - the piece table in aligned columns (name, letter, moves, promotion or flip, kanji);
//! - each block with one item per line, indented two spaces;
//! - one space between words, none before `:` or `,`, none around `..`.
//!
//! Statements of one kind keep their order, and so do the items of a block: the order of `end` rules and of
//! pieces means something. Formatting never changes what a game means; the crate's tests compile every
//! shipped game before and after and compare the rules.
//!
//! | concept | module |
//! |---|---|
//! | the words of a text, and how they are spaced | `tokens.rs` |
//! | which statement or item each comment belongs to | `comments.rs` |
//! | the piece table's columns | `pieces.rs` |
//! | statements in order, paragraphs, blocks | `layout.rs` |

mod comments;
mod layout;
mod pieces;
mod tokens;

pub use koma_syntax::SyntaxError;

/// The text in its canonical layout, or the syntax error that stops it from being read. A text that parses
/// but does not compile (an unknown piece name, a bad Betza string) is formatted all the same.
pub fn format(source: &str) -> Result<String, SyntaxError> {
    koma_syntax::parse(source)?;
    let outline = koma_syntax::outline(source)?;
    Ok(layout::render(source, &outline))
}

/// Whether `source` is already in its canonical layout (`koma fmt --check`).
pub fn is_formatted(source: &str) -> Result<bool, SyntaxError> {
    Ok(format(source)? == source)
}
