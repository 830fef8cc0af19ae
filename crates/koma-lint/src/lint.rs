//! What a lint is (a name, a code, a default level, a summary and the check) and what it finds.

use crate::Level;
use crate::context::Context;
use koma_syntax::Span;

/// A lint: its name, code, default level, what it is about, and its check.
pub struct Lint {
    /// Kebab-case name, used in `lints { ... }` and on the command line.
    pub name: &'static str,
    /// `koma::lint::NAME`.
    pub code: &'static str,
    /// The level unless the game or the command line says otherwise.
    pub default: Level,
    /// What it finds, in one sentence.
    pub summary: &'static str,
    /// Finds it.
    pub check: fn(&Context) -> Vec<Finding>,
}

impl std::fmt::Debug for Lint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code)
    }
}

/// One thing a lint found.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The lint.
    pub lint: &'static Lint,
    /// Its level after resolution.
    pub level: Level,
    /// What is wrong, in the game's terms.
    pub message: String,
    /// The text it is about.
    pub span: Span,
    /// A label for the span.
    pub label: String,
    /// Other text involved.
    pub related: Vec<(Span, String)>,
    /// A suggested fix.
    pub help: Option<String>,
}

impl Finding {
    /// A finding of `lint` about `span`.
    pub fn new(lint: &'static Lint, span: Span, message: impl Into<String>) -> Finding {
        Finding {
            lint,
            level: lint.default,
            message: message.into(),
            span,
            label: "here".into(),
            related: Vec::new(),
            help: None,
        }
    }

    /// Sets the label.
    pub fn label(mut self, label: impl Into<String>) -> Finding {
        self.label = label.into();
        self
    }

    /// Adds a related span.
    pub fn also(mut self, span: Span, label: impl Into<String>) -> Finding {
        self.related.push((span, label.into()));
        self
    }

    /// Sets the suggested fix.
    pub fn help(mut self, help: impl Into<String>) -> Finding {
        self.help = Some(help.into());
        self
    }
}
