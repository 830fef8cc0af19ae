//! One diagnostic type: every error and finding of every crate, as the front ends show it.

use std::ops::Range;
use std::sync::Arc;

use crate::source_map::{Location, SourceFile};

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// The input cannot be used (a game that does not compile, a lint at the `deny` level, a move that is
    /// not legal).
    Error,
    /// Probably not what was meant; the input can still be used.
    Warning,
}

impl Level {
    /// `error` or `warning`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
        }
    }
}

/// A span of a file with a short text saying what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The file the span is in.
    pub file: Arc<SourceFile>,
    /// The span, in the file's own text.
    pub span: Range<usize>,
    /// What the span is ("here", "parent game", "first given here").
    pub text: String,
}

impl Label {
    /// The label at a located span.
    pub fn at(location: Location, text: impl Into<String>) -> Label {
        Label {
            file: location.file,
            span: location.span,
            text: text.into(),
        }
    }

    /// Where the label's span starts: file, line and column.
    pub fn location(&self) -> Location {
        let (line, column) = self.file.line_column(self.span.start);
        Location {
            file: self.file.clone(),
            span: self.span.clone(),
            line,
            column,
        }
    }
}

/// An error or a finding: a code, a level, a message, the text it is about and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// A stable name: `koma::syntax`, `koma::lint::unreachable-face`, `koma::io`.
    pub code: &'static str,
    /// How serious it is.
    pub level: Level,
    /// What is wrong, in one sentence of the game's terms.
    pub message: String,
    /// The text it is about: the first label is the main one; others name related text, maybe in other
    /// files. Empty when no text is involved (a missing file, say).
    pub labels: Vec<Label>,
    /// How to fix it.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error with no text to point at.
    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            level: Level::Error,
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }

    /// Adds a label.
    pub fn with_label(mut self, label: Label) -> Diagnostic {
        self.labels.push(label);
        self
    }

    /// Adds a label at `span` of a standalone text.
    pub fn with_span(self, file: &Arc<SourceFile>, span: Range<usize>, text: &str) -> Diagnostic {
        let end = span.end.clamp(span.start, file.text.len());
        let start = span.start.min(end);
        self.with_label(Label {
            file: file.clone(),
            span: start..end,
            text: text.into(),
        })
    }

    /// Sets the help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// The same diagnostic as a warning.
    pub fn warning(mut self) -> Diagnostic {
        self.level = Level::Warning;
        self
    }

    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.level == Level::Error
    }

    /// Where its main label points, if it has one.
    pub fn location(&self) -> Option<Location> {
        self.labels.first().map(Label::location)
    }
}
