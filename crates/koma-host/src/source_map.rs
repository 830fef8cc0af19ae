//! The files of one game and the span space they share: a span turns into a file, a line and a column.

use std::ops::Range;
use std::sync::Arc;

use crate::sources::Origin;

/// One file of a game, placed in the game's span space at `base`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The name shown in messages.
    pub name: String,
    /// Where the text came from.
    pub origin: Origin,
    /// The text.
    pub text: Arc<str>,
    /// Where the file's spans start.
    pub base: usize,
    /// Where each line starts in the text, so that a span's line is found in logarithmic time (a file with
    /// thousands of diagnostics is located in linear time, not quadratic).
    line_starts: Arc<[usize]>,
}

impl SourceFile {
    /// A file named `name` from `origin`, its spans starting at `base`.
    pub fn new(name: &str, origin: Origin, text: Arc<str>, base: usize) -> SourceFile {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceFile {
            name: name.to_string(),
            origin,
            text,
            base,
            line_starts,
        }
    }

    /// A file on its own, at base 0: a SFEN, a line of moves, a scenario file.
    pub fn standalone(name: &str, text: &str) -> Arc<SourceFile> {
        Arc::new(SourceFile::new(
            name,
            Origin::Memory(name.to_string()),
            Arc::from(text),
            0,
        ))
    }

    /// The first byte past the file, in the span space.
    pub fn end(&self) -> usize {
        self.base + self.text.len()
    }

    /// The 1-based line and column (in characters) of byte `at` of the file's own text.
    pub fn line_column(&self, at: usize) -> (usize, usize) {
        let mut at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.line_starts.partition_point(|&start| start <= at);
        let start = self.line_starts[line - 1];
        (line, self.text[start..at].chars().count() + 1)
    }

    /// The text of 1-based line `line`, without its line break.
    pub fn line(&self, line: usize) -> Option<&str> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |next| next - 1);
        Some(&self.text[start..end])
    }
}

/// A place in a file: the file, the span in the file's own text, and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The file.
    pub file: Arc<SourceFile>,
    /// The span in the file's own text (0 is the file's first byte).
    pub span: Range<usize>,
    /// The 1-based line of the span's start.
    pub line: usize,
    /// The 1-based column of the span's start, in characters.
    pub column: usize,
}

impl Location {
    /// The text of the span.
    pub fn text(&self) -> &str {
        self.file.text.get(self.span.clone()).unwrap_or_default()
    }

    /// `NAME:LINE:COLUMN`.
    pub fn position(&self) -> String {
        format!("{}:{}:{}", self.file.name, self.line, self.column)
    }
}

/// The files of a game, each at its own base: the game's file first, then the game it extends, and so on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceMap {
    files: Vec<Arc<SourceFile>>,
}

impl SourceMap {
    /// No files yet.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Where the next file's spans start: one past the last file's end, so no two files share a byte.
    pub fn next_base(&self) -> usize {
        self.files.last().map_or(0, |f| f.end() + 1)
    }

    /// Adds a file after the others and returns it.
    pub fn add(&mut self, name: &str, origin: Origin, text: Arc<str>) -> Arc<SourceFile> {
        let file = Arc::new(SourceFile::new(name, origin, text, self.next_base()));
        self.files.push(file.clone());
        file
    }

    /// Every file, the game's own first.
    pub fn files(&self) -> &[Arc<SourceFile>] {
        &self.files
    }

    /// The game's own file.
    pub fn main(&self) -> Option<&Arc<SourceFile>> {
        self.files.first()
    }

    /// The file that byte `at` of the span space lies in (a file's end counts as in it, for empty spans at
    /// the end of a file).
    pub fn file_at(&self, at: usize) -> Option<&Arc<SourceFile>> {
        self.files
            .iter()
            .rev()
            .find(|f| f.base <= at && at <= f.end())
    }

    /// Where a span of the game's span space lies: its file, line and column. `None` for a span outside
    /// every file.
    pub fn locate(&self, span: &Range<usize>) -> Option<Location> {
        let file = self.file_at(span.start)?.clone();
        let start = span.start - file.base;
        let end = span.end.clamp(span.start, file.end()) - file.base;
        let (line, column) = file.line_column(start);
        Some(Location {
            file,
            span: start..end,
            line,
            column,
        })
    }

    /// Whether a span lies in a file the game inherits (any file but the first).
    pub fn is_inherited(&self, span: &Range<usize>) -> bool {
        self.files.first().is_some_and(|own| span.start > own.end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line and column of byte `at`, counted from the start of the text (the slow way).
    fn counted(text: &str, at: usize) -> (usize, usize) {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &text[..at];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
    }

    #[test]
    fn lines_and_columns_agree_with_counting_from_the_start() {
        let text = "game \"x\"\n\nboard 5x5 — 駒\r\nlast";
        let file = SourceFile::standalone("t", text);
        for at in 0..=text.len() + 2 {
            assert_eq!(file.line_column(at), counted(text, at), "byte {at}");
        }
        assert_eq!(file.line(1), Some("game \"x\""));
        assert_eq!(file.line(2), Some(""));
        assert_eq!(file.line(3), Some("board 5x5 — 駒\r"));
        assert_eq!(file.line(4), Some("last"));
        assert_eq!(file.line(5), None);
        assert_eq!(file.line(0), None);
    }
}
