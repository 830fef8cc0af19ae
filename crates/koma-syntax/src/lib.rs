//! The `.game` language: source text to a spanned AST.
//!
//! [`parse`] runs the pest grammar in `grammar/game.pest` and builds a [`ast::GameFile`] whose every node
//! carries its byte span in the source, so later passes (compiler, linter, REPL `explain`) can point back
//! at the text. [`betza`] parses the Betza move strings found inside `moves "..."`.

pub mod ast;
pub mod betza;
pub mod hidden;
mod parser;
pub mod suggest;

pub use ast::Span;
pub use parser::{
    Outline, OutlineStatement, StatementKind, SyntaxError, outline, parse, parse_at,
    parse_outlined_at, parses_on_this_thread,
};
