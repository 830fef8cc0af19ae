//! Code actions from the diagnostics' helps, where the fix is mechanical:
//! - a help that asks "did you mean `X`?" (an unknown piece, an unknown lint) replaces the word with `X`;
//! - every lint finding can be allowed in this game: `allow NAME` goes into the `lints` block, which is made
//!   when the game has none.

use std::collections::HashMap;

use koma_syntax::StatementKind;
use lsp_types::{
    CodeAction, CodeActionKind, Diagnostic, NumberOrString, Range, TextEdit, WorkspaceEdit,
};

use crate::document::Document;
use crate::position::LineIndex;

/// The actions for the diagnostics the editor sends with the request.
pub(crate) fn for_diagnostics(doc: &Document, diagnostics: &[Diagnostic]) -> Vec<CodeAction> {
    let mut actions = Vec::new();
    for d in diagnostics {
        if let Some(name) = suggested(&d.message) {
            actions.push(action(
                doc,
                format!("Replace with `{name}`"),
                d,
                TextEdit::new(d.range, name.to_string()),
                true,
            ));
        }
        let code = match &d.code {
            Some(NumberOrString::String(code)) => code.as_str(),
            _ => continue,
        };
        if let Some(lint) = code.strip_prefix("koma::lint::")
            && let Some(edit) = allow(doc, lint)
        {
            actions.push(action(
                doc,
                format!("Allow `{lint}` in this game"),
                d,
                edit,
                false,
            ));
        }
    }
    actions
}

/// The name a message suggests: "did you mean `X`?".
fn suggested(message: &str) -> Option<&str> {
    let rest = message.split("did you mean `").nth(1)?;
    rest.split('`').next().filter(|s| !s.is_empty())
}

fn action(
    doc: &Document,
    title: String,
    d: &Diagnostic,
    edit: TextEdit,
    preferred: bool,
) -> CodeAction {
    CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![d.clone()]),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(doc.uri.clone(), vec![edit])])),
            ..WorkspaceEdit::default()
        }),
        is_preferred: Some(preferred),
        ..CodeAction::default()
    }
}

/// The edit that allows `lint`: a line in the `lints` block, or a new block at the end.
fn allow(doc: &Document, lint: &str) -> Option<TextEdit> {
    let outline = doc.outline.as_ref()?;
    let text = &doc.text;
    let index = LineIndex::new(text);
    let Some(block) = outline
        .statements
        .iter()
        .find(|s| s.kind == StatementKind::Lints)
    else {
        let end = index.position(text.len());
        let gap = if text.ends_with('\n') { "\n" } else { "\n\n" };
        return Some(TextEdit::new(
            Range::new(end, end),
            format!("{gap}lints {{\n  allow {lint}\n}}\n"),
        ));
    };
    let brace = block.span.end.checked_sub(1)?;
    let line_start = text[..brace].rfind('\n').map_or(0, |n| n + 1);
    Some(if text[line_start..brace].trim().is_empty() {
        let at = index.position(line_start);
        TextEdit::new(Range::new(at, at), format!("  allow {lint}\n"))
    } else {
        let at = index.position(brace);
        TextEdit::new(Range::new(at, at), format!("allow {lint} "))
    })
}
