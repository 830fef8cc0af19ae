//! Sizes a game file may not exceed: hostile sizes get a clear error instead of work.

use crate::code::Code;
use crate::diagnostic::Diagnostic;

/// The largest source text compiled, in bytes. A game is a few kilobytes.
pub const MAX_SOURCE_BYTES: usize = 1 << 20;
/// The longest line, in characters.
pub const MAX_LINE_CHARS: usize = 10_000;
/// The longest Betza string, in characters: every shogi piece fits in ten.
pub const MAX_BETZA_CHARS: usize = 256;

/// An error if the text is larger or has a longer line than the limits allow.
pub(crate) fn check(source: &str) -> Result<(), Diagnostic> {
    if source.len() > MAX_SOURCE_BYTES {
        let mut d = Diagnostic::new(
            Code::FileTooLarge,
            0..0,
            format!(
                "the game file is {} bytes; at most {MAX_SOURCE_BYTES} are read",
                source.len()
            ),
        );
        d.help("a game fits in a few kilobytes: is this the right file?");
        return Err(d);
    }
    let mut at = 0;
    for line in source.split('\n') {
        if line.len() > MAX_LINE_CHARS && line.chars().count() > MAX_LINE_CHARS {
            let cut = line
                .char_indices()
                .nth(MAX_LINE_CHARS)
                .map_or(line.len(), |(i, _)| i);
            let mut d = Diagnostic::new(
                Code::LineTooLong,
                at + cut..at + cut,
                format!("a line is longer than {MAX_LINE_CHARS} characters"),
            );
            d.label("the limit")
                .help("break the line: statements may span lines freely");
            return Err(d);
        }
        at += line.len() + 1;
    }
    Ok(())
}
