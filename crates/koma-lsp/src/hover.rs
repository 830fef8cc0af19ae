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

/// The piece described as the REPL's `piece NAME` says it, in a code block.
fn piece(doc: &mut Document, name: &str) -> Option<String> {
    let answer = koma_session::describe::piece(doc.session()?, &koma_draw::Style::default(), name)
        .ok()?
        .text;
    Some(format!("```text\n{}\n```", answer.trim_end()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_is_parsed_once_and_a_hover_parses_nothing() {
        let host = koma_host::Host::disk();
        let uri: lsp_types::Uri = "untitled:tiny.game".parse().expect("a URI");
        let text = "game \"Tiny\"\nboard 3 x 3\npiece King K moves \"K\" royal\nstart \"k2/3/2K b - 1\"\n\
                    end {\n  no legal move: side to move loses\n}\n";
        let before = koma_syntax::parses_on_this_thread();
        let mut doc = Document::open(&host, uri, text.to_string());
        assert_eq!(koma_syntax::parses_on_this_thread() - before, 1, "open");
        let edited = text.replace("3 x 3", "4 x 3").replace("k2/3/2K", "k3/4/3K");
        doc.change(&host, edited);
        assert_eq!(koma_syntax::parses_on_this_thread() - before, 2, "one edit");
        assert!(
            doc.outline.is_some(),
            "the outline comes from the same parse"
        );
        let at = doc.text.find("King").expect("the piece's name");
        let hover = self::at(&mut doc, at).expect("a hover on the piece");
        let HoverContents::Markup(markup) = hover.contents else {
            panic!("markdown")
        };
        assert!(markup.value.contains("King (K"), "{}", markup.value);
        assert_eq!(
            koma_syntax::parses_on_this_thread() - before,
            2,
            "the hover"
        );
    }
}
