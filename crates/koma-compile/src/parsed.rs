//! One file of a game, read and parsed once: its text, its syntax tree and its outline.

use std::sync::Arc;

use koma_syntax::Outline;
use koma_syntax::ast::GameFile;

use crate::code::Code;
use crate::diagnostic::Diagnostic;

/// A parsed `.game` file. Its spans start at `base`: the game's own file has base 0, and each file it
/// extends follows the one before it, so every span of a game names one place in one file.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The file's text.
    pub text: Arc<str>,
    /// Where the file's spans start.
    pub base: usize,
    /// The syntax tree, with spans from `base`.
    pub tree: GameFile,
    /// Where its statements lie, from the same parse, with spans from `base`.
    pub outline: Outline,
}

impl Parsed {
    /// Checks the size limits and parses `text`, its spans starting at `base`. A diagnostic's span is in the
    /// same span space.
    pub fn parse(text: Arc<str>, base: usize) -> Result<Parsed, Diagnostic> {
        let shift = |mut d: Diagnostic| {
            d.span = d.span.start + base..d.span.end + base;
            d
        };
        crate::limits::check(&text).map_err(shift)?;
        let (tree, outline) = koma_syntax::parse_outlined_at(&text, base).map_err(|e| {
            let mut d = Diagnostic::new(Code::Syntax, e.span, e.message);
            d.help("see grammar/README.md for the statements a game file may contain");
            d
        })?;
        Ok(Parsed {
            text,
            base,
            tree,
            outline,
        })
    }

    /// The first byte past the file's text, in its span space: where the next file of the chain may start.
    pub fn end(&self) -> usize {
        self.base + self.text.len()
    }
}
