//! One miette report type for every error the tools show.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, Severity,
    SourceCode,
};

/// An error or warning with a code, an optional labelled span in some source, and an optional help line.
#[derive(Debug)]
pub struct Report {
    code: &'static str,
    message: String,
    severity: Severity,
    help: Option<String>,
    labels: Vec<(String, Range<usize>)>,
    source: Option<Box<NamedSource<Arc<str>>>>,
}

impl Report {
    /// A report with no source text to point into.
    pub fn plain(code: &'static str, message: impl Into<String>, help: Option<String>) -> Report {
        Report {
            code,
            message: message.into(),
            severity: Severity::Error,
            help,
            labels: Vec::new(),
            source: None,
        }
    }

    /// A report pointing at `span` of `text`, which is shown under the name `name`.
    pub fn spanned(
        code: &'static str,
        message: impl Into<String>,
        name: &str,
        text: &str,
        span: Range<usize>,
        label: &str,
    ) -> Report {
        Report::spanned_in(code, message, name, &Arc::from(text), span, label)
    }

    /// As [`Report::spanned`], sharing `text` with other reports (a file with many diagnostics is kept once).
    ///
    /// A span on a very long line is not drawn (the renderer cannot draw it, and the output would not be
    /// bounded): the message then ends with the position.
    pub fn spanned_in(
        code: &'static str,
        message: impl Into<String>,
        name: &str,
        text: &Arc<str>,
        span: Range<usize>,
        label: &str,
    ) -> Report {
        let span = clamp(span, text.len());
        let mut message = message.into();
        let drawable = longest_line_around(text, &span) <= MAX_DRAWN_LINE;
        if !drawable {
            let (line, column) = position(text, span.start);
            message =
                format!("{message} (at {name}:{line}:{column}; the line is too long to show)");
        }
        Report {
            code,
            message,
            severity: Severity::Error,
            help: None,
            labels: if drawable {
                vec![(label.into(), span)]
            } else {
                Vec::new()
            },
            source: drawable.then(|| Box::new(NamedSource::new(name, visible(text)))),
        }
    }

    /// Adds another labelled span in the same source.
    pub fn with_label(mut self, span: Range<usize>, label: impl Into<String>) -> Report {
        let Some(source) = self.source.as_ref() else {
            return self;
        };
        let text = source.inner();
        let span = clamp(span, text.len());
        if longest_line_around(text, &span) <= MAX_DRAWN_LINE {
            self.labels.push((label.into(), span));
        }
        self
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Report {
        self.help = Some(help.into());
        self
    }

    /// A compile diagnostic of a `.game` file.
    pub fn from_compile(d: &koma_compile::Diagnostic, name: &str, text: &str) -> Report {
        let mut r = Report::spanned(
            d.code.name(),
            d.message.clone(),
            name,
            text,
            d.span.clone(),
            &d.label,
        );
        for (span, label) in &d.related {
            r = r.with_label(span.clone(), label.clone());
        }
        r.help = d.help.clone();
        if d.severity() == koma_compile::Severity::Warning {
            r.severity = Severity::Warning;
        }
        r
    }

    /// A bad SFEN.
    pub fn from_sfen(e: &koma_vm::SfenError, sfen: &str) -> Report {
        Report::spanned(
            "koma::sfen",
            format!("bad SFEN: {}", e.message),
            "sfen",
            sfen,
            e.span.clone(),
            "here",
        )
        .with_help(e.help.clone().unwrap_or_else(|| {
            "SFEN is `BOARD SIDE HAND [MOVE-NUMBER]`, e.g. `rbsgk/4p/5/P4/KGSBR b - 1`".to_string()
        }))
    }

    /// A USI move that cannot be read or is not legal; `offset` is where the move starts in `line`.
    pub fn from_usi(e: &koma_vm::UsiError, line: &str, offset: usize, len: usize) -> Report {
        match e {
            koma_vm::UsiError::Syntax { span, .. } => Report::spanned(
                "koma::usi",
                e.to_string(),
                "moves",
                line,
                offset + span.start..offset + span.end.max(span.start + 1),
                "here",
            )
            .with_help("USI moves look like `5e4d`, `2e1a+` (promote) or `P*3c` (drop)"),
            koma_vm::UsiError::Illegal { .. } => Report::spanned(
                "koma::illegal-move",
                e.to_string(),
                "moves",
                line,
                offset..offset + len,
                "this move",
            ),
        }
    }

    /// The same report as a warning.
    pub fn into_warning(mut self) -> Report {
        self.severity = Severity::Warning;
        self
    }

    /// Whether this is a warning rather than an error.
    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning
    }

    /// Renders the report without colours, for files and snapshots.
    pub fn render_plain(&self) -> String {
        self.render(false)
    }

    /// Renders the report, with ANSI colours for a terminal or without.
    pub fn render(&self, color: bool) -> String {
        let mut out = String::new();
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
        handler
            .render_report(&mut out, self)
            .expect("writing to a String cannot fail");
        out
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_deref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().map(|(label, span)| {
            LabeledSpan::new_with_span(Some(label.clone()), span.clone())
        })))
    }
}

/// A span cut to fit a text of `len` bytes.
fn clamp(span: Range<usize>, len: usize) -> Range<usize> {
    let end = span.end.max(span.start).min(len);
    span.start.min(end)..end
}

/// Lines longer than this are not drawn under a diagnostic.
const MAX_DRAWN_LINE: usize = 400;

/// The longest of the lines a span touches and the lines just before and after them (what a report draws).
fn longest_line_around(text: &str, span: &Range<usize>) -> usize {
    let before = text[..span.start].rfind('\n').map_or(0, |i| i);
    let from = text[..before].rfind('\n').map_or(0, |i| i + 1);
    let after = text[span.end..]
        .find('\n')
        .map_or(text.len(), |i| span.end + i);
    let to = text[(after + 1).min(text.len())..]
        .find('\n')
        .map_or(text.len(), |i| after + 1 + i);
    text[from..to.max(from)]
        .split('\n')
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
}

/// The 1-based line and column of byte `at`.
pub fn position(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// User text cut for a message, so output stays bounded.
pub fn shorten(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

/// The text with ASCII control characters (other than line breaks and tabs) shown as `?`, byte for byte, so
/// that spans still fit and nothing invisible reaches the terminal.
fn visible(text: &Arc<str>) -> Arc<str> {
    let hidden = |c: char| c.is_ascii_control() && !matches!(c, '\n' | '\r' | '\t');
    if text.chars().any(hidden) {
        Arc::from(
            text.chars()
                .map(|c| if hidden(c) { '?' } else { c })
                .collect::<String>(),
        )
    } else {
        text.clone()
    }
}
