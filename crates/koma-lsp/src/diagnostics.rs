//! The host's diagnostics as the editor shows them: the first label's span is the range, the code is the
//! diagnostic's code, the help follows the message, and every other label is related information (in this
//! file or in a game it extends).

use koma_host::{Label, Level};
use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range,
};

use crate::document::Document;
use crate::position::LineIndex;

/// What the editor shows for a document.
pub(crate) fn of(doc: &Document) -> Vec<Diagnostic> {
    let main = doc.checked.sources.main().map(|f| f.base);
    let own = |label: &Label| Some(label.file.base) == main || main.is_none();
    let index = LineIndex::new(&doc.text);
    doc.checked
        .diagnostics
        .iter()
        .map(|d| {
            let range = d
                .labels
                .first()
                .filter(|l| own(l))
                .map_or_else(Range::default, |l| index.range(&l.span));
            let related: Vec<DiagnosticRelatedInformation> = d
                .labels
                .iter()
                .enumerate()
                .filter(|(k, l)| *k > 0 || !own(l))
                .filter_map(|(_, l)| {
                    let uri = if own(l) {
                        doc.uri.clone()
                    } else {
                        crate::embedded::uri_of(&l.file, &doc.uri)?
                    };
                    let range = LineIndex::new(&l.file.text).range(&l.span);
                    Some(DiagnosticRelatedInformation {
                        location: Location::new(uri, range),
                        message: l.text.clone(),
                    })
                })
                .collect();
            let message = match &d.help {
                Some(help) => format!("{}\nhelp: {help}", d.message),
                None => d.message.clone(),
            };
            Diagnostic {
                range,
                severity: Some(match d.level {
                    Level::Error => DiagnosticSeverity::ERROR,
                    _ => DiagnosticSeverity::WARNING,
                }),
                code: Some(NumberOrString::String(d.code.to_string())),
                source: Some("koma".into()),
                message,
                related_information: (!related.is_empty()).then_some(related),
                ..Diagnostic::default()
            }
        })
        .collect()
}
