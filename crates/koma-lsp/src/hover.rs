//! Hover: a piece name, letter or Betza string shows the piece as the REPL's `piece` command does (its line,
//! movement diagram, promotion and rules); a lint name shows what the lint finds.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use crate::cursor;
use crate::document::Document;
use crate::position::LineIndex;

/// The hover at byte `at`.
pub(crate) fn at(doc: &mut Document, at: usize) -> Option<Hover> {
    let (range, text) = target(doc, at)?;
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: Some(LineIndex::new(&doc.text).range(&range)),
    })
}

fn target(doc: &mut Document, at: usize) -> Option<(std::ops::Range<usize>, String)> {
    // A Betza string: the piece whose moves it is.
    if cursor::in_string(&doc.text, at) {
        let outline = doc.outline.as_ref()?;
        let statement = cursor::statement_at(outline, at)?;
        let moves = statement.items.get(2)?;
        if statement.kind != koma_syntax::StatementKind::Piece || !moves.contains(&at) {
            return None;
        }
        let name = doc.text[statement.items.first()?.clone()].to_string();
        let range = moves.clone();
        return Some((range, piece(doc, &name)?));
    }
    let (range, word) = cursor::word_at(&doc.text, at)?;
    let word = word.to_string();
    if let Some(lint) = koma_lint::find(&word) {
        return Some((
            range,
            format!(
                "**{}** (`{}`, {:?} by default)\n\n{}",
                lint.name, lint.code, lint.default, lint.summary
            ),
        ));
    }
    let rules = doc.loaded.as_ref()?.rules().clone();
    rules.find_face(&word)?;
    Some((range, piece(doc, &word)?))
}

/// `piece NAME` as the REPL answers it, in a code block.
fn piece(doc: &mut Document, name: &str) -> Option<String> {
    let answer = doc.ask(&format!("piece {name}"))?;
    Some(format!("```text\n{}\n```", answer.trim_end()))
}
