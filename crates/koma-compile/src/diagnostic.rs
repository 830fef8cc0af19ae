//! Diagnostics: a code, a message, the text it is about, and how to fix it.

use koma_syntax::Span;

use crate::code::{Code, Severity};

/// A problem found in a `.game` file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Diagnostic {
    /// What kind of problem; its severity follows from it.
    pub code: Code,
    /// What is wrong, in this game's terms.
    pub message: String,
    /// The text it is about.
    pub span: Span,
    /// A short label for the span.
    pub label: String,
    /// Other text involved, each with its own label (the first of two statements, say).
    pub related: Vec<(Span, String)>,
    /// How to fix it.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with code `code` about `span`, labelled "here".
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            span,
            label: "here".into(),
            related: Vec::new(),
            help: None,
        }
    }

    /// Error or warning.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// Sets the label of the main span.
    pub fn label(&mut self, label: impl Into<String>) -> &mut Diagnostic {
        self.label = label.into();
        self
    }

    /// Sets the help line.
    pub fn help(&mut self, help: impl Into<String>) -> &mut Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds another labelled span.
    pub fn also(&mut self, span: Span, label: impl Into<String>) -> &mut Diagnostic {
        self.related.push((span, label.into()));
        self
    }
}

/// The diagnostics found so far.
#[derive(Debug, Default)]
pub(crate) struct Diagnostics {
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Reports a problem; refine it through the returned reference.
    pub fn report(
        &mut self,
        code: Code,
        span: Span,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        self.list.push(Diagnostic::new(code, span, message));
        self.list.last_mut().expect("just pushed")
    }

    /// Whether any error has been reported.
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(|d| d.severity() == Severity::Error)
    }
}
