//! Go to definition: a piece name goes to its `piece` line, in this file or in a game it extends; a word of
//! the promotion rules (`promotion`, `promotes`, `zone`, `stranded`, `mandatory`) goes to the `promotion
//! zone` statement that says where the zone is; the parent named by `extends` opens (an embedded parent as a
//! read-only copy).

use koma_host::SourceFile;
use koma_syntax::{Outline, StatementKind};
use lsp_types::{Location, Range};

use crate::cursor;
use crate::document::Document;
use crate::position::LineIndex;

/// Where the thing at byte `at` is defined.
pub(crate) fn at(doc: &Document, at: usize) -> Option<Location> {
    let outline = doc.outline.as_ref()?;
    let files = doc.checked.sources.files();
    if outline.header.contains(&at) && doc.text[outline.header.start..at].contains("extends") {
        let parent = files.get(1)?;
        return Some(Location::new(
            crate::embedded::uri_of(parent, &doc.uri)?,
            Range::default(),
        ));
    }
    let (_, word) = cursor::word_at(&doc.text, at)?;
    let wanted = |o: &Outline, text: &str| find(o, text, word);
    if let Some(span) = wanted(outline, &doc.text) {
        return Some(Location::new(
            doc.uri.clone(),
            LineIndex::new(&doc.text).range(&span),
        ));
    }
    files
        .iter()
        .skip(1)
        .find_map(|file| in_file(file, doc, wanted))
}

/// The definition of `word` in a parent file.
fn in_file(
    file: &SourceFile,
    doc: &Document,
    wanted: impl Fn(&Outline, &str) -> Option<std::ops::Range<usize>>,
) -> Option<Location> {
    let outline = koma_syntax::outline(&file.text).ok()?;
    let span = wanted(&outline, &file.text)?;
    Some(Location::new(
        crate::embedded::uri_of(file, &doc.uri)?,
        LineIndex::new(&file.text).range(&span),
    ))
}

/// The statement that defines `word` in an outline.
fn find(outline: &Outline, text: &str, word: &str) -> Option<std::ops::Range<usize>> {
    let zone_word = matches!(
        word,
        "promotion" | "promotes" | "zone" | "stranded" | "mandatory"
    );
    outline
        .statements
        .iter()
        .find(|s| match s.kind {
            StatementKind::Piece => s.items.first().is_some_and(|n| &text[n.clone()] == word),
            StatementKind::PromotionZone => zone_word,
            _ => false,
        })
        .map(|s| s.span.clone())
}
