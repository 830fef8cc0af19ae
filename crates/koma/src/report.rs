//! The miette adapter: a [`koma_host::Diagnostic`] drawn for a terminal or as plain text.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use koma_host::{Diagnostic, Label, Level};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, Severity, SourceCode,
};

/// A diagnostic as miette draws it: the labels in the main label's file are drawn over its text; a label in
/// another file (a game this one extends) is drawn as a related report of its own.
#[derive(Debug)]
pub struct Report {
    diagnostic: Diagnostic,
    message: String,
    labels: Vec<(String, Range<usize>)>,
    source: Option<NamedSource<Arc<str>>>,
    related: Vec<Report>,
}

/// Lines longer than this are not drawn under a diagnostic.
const MAX_DRAWN_LINE: usize = 400;

impl Report {
    /// A report with no source text to point into.
    pub fn plain(code: &'static str, message: impl Into<String>, help: Option<String>) -> Report {
        let mut d = Diagnostic::error(code, message);
        d.help = help;
        Report::from(d)
    }

    /// The diagnostic drawn.
    pub fn diagnostic(&self) -> &Diagnostic {
        &self.diagnostic
    }

    /// Whether this is a warning rather than an error.
    pub fn is_warning(&self) -> bool {
        self.diagnostic.level == Level::Warning
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

impl From<Diagnostic> for Report {
    fn from(mut diagnostic: Diagnostic) -> Report {
        // Every text drawn is made visible first: a file's escape sequence quoted in a message, a label or a
        // help reaches the terminal as `?`, before miette adds any colour of its own.
        let shown = |text: &str| koma_host::text::visible(text).into_owned();
        diagnostic.message = shown(&diagnostic.message);
        diagnostic.help = diagnostic.help.as_deref().map(shown);
        for label in &mut diagnostic.labels {
            label.text = shown(&label.text);
        }
        let mut message = diagnostic.message.clone();
        let mut labels = Vec::new();
        let mut source = None;
        let mut related = Vec::new();
        if let Some(main) = diagnostic.labels.first() {
            let text = &main.file.text;
            if longest_line_around(text, &main.span) <= MAX_DRAWN_LINE {
                source = Some(NamedSource::new(
                    shown(&main.file.name),
                    Arc::from(koma_host::text::visible(text).as_ref()),
                ));
                for l in diagnostic
                    .labels
                    .iter()
                    .filter(|l| Arc::ptr_eq(&l.file, &main.file))
                {
                    if longest_line_around(text, &l.span) <= MAX_DRAWN_LINE {
                        labels.push((l.text.clone(), l.span.clone()));
                    }
                }
            } else {
                message = format!(
                    "{message} (at {}; the line is too long to show)",
                    main.location().position()
                );
            }
            related = diagnostic
                .labels
                .iter()
                .filter(|l| !Arc::ptr_eq(&l.file, &main.file))
                .map(elsewhere)
                .collect();
        }
        Report {
            diagnostic,
            message,
            labels,
            source,
            related,
        }
    }
}

/// A label in another file, as an advice of its own.
fn elsewhere(label: &Label) -> Report {
    let at = label.location();
    let mut d = Diagnostic::error("koma::note", format!("{} ({})", label.text, at.position()));
    d.level = Level::Warning;
    d.labels.push(label.clone());
    let mut r = Report::from(d);
    r.related.clear();
    r
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        (self.diagnostic.code != "koma::note")
            .then(|| Box::new(self.diagnostic.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<Severity> {
        Some(match self.diagnostic.level {
            _ if self.diagnostic.code == "koma::note" => Severity::Advice,
            Level::Error => Severity::Error,
            Level::Warning => Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diagnostic
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().map(|(label, span)| {
            LabeledSpan::new_with_span(Some(label.clone()), span.clone())
        })))
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(
            self.related.iter().map(|r| r as &dyn miette::Diagnostic),
        ))
    }
}

/// The longest of the lines a span touches and the lines just before and after them (what a report draws).
fn longest_line_around(text: &str, span: &Range<usize>) -> usize {
    let end = span.end.min(text.len());
    let start = span.start.min(end);
    let before = text[..start].rfind('\n').map_or(0, |i| i);
    let from = text[..before].rfind('\n').map_or(0, |i| i + 1);
    let after = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let to = text[(after + 1).min(text.len())..]
        .find('\n')
        .map_or(text.len(), |i| after + 1 + i);
    text[from..to.max(from)]
        .split('\n')
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
}

/// The reports of a list of diagnostics, at most [`MAX_REPORTS`] of them and a line saying how many more.
pub fn reports(diagnostics: Vec<Diagnostic>) -> Vec<Report> {
    let more = diagnostics.len().saturating_sub(MAX_REPORTS);
    let mut out: Vec<Report> = diagnostics
        .into_iter()
        .take(MAX_REPORTS)
        .map(Report::from)
        .collect();
    if more > 0 {
        out.push(Report::plain(
            "koma::more",
            format!("… and {more} more diagnostics"),
            Some("fix these first".into()),
        ));
    }
    out
}

/// At most this many diagnostics of one file are shown.
pub const MAX_REPORTS: usize = 50;
