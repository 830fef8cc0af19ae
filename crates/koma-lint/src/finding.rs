//! A lint's finding: what it says about which text.

use koma_syntax::Span;

use crate::Level;
use crate::lints::Lint;

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
