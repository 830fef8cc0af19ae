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
}

impl SourceFile {
    /// A file on its own, at base 0: a SFEN, a line of moves, a scenario file.
    pub fn standalone(name: &str, text: &str) -> Arc<SourceFile> {
        Arc::new(SourceFile {
            name: name.to_string(),
            origin: Origin::Memory(name.to_string()),
            text: Arc::from(text),
            base: 0,
        })
    }

    /// The first byte past the file, in the span space.
    pub fn end(&self) -> usize {
        self.base + self.text.len()
    }

    /// The 1-based line and column (in characters) of byte `at` of the file's own text.
    pub fn line_column(&self, at: usize) -> (usize, usize) {
        crate::text::line_column(&self.text, at)
    }

    /// The text of 1-based line `line`, without its line break.
    pub fn line(&self, line: usize) -> Option<&str> {
        self.text.split('\n').nth(line.checked_sub(1)?)
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
        let file = Arc::new(SourceFile {
            name: name.to_string(),
            origin,
            text,
            base: self.next_base(),
        });
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
