//! Document symbols: the board, each piece, the promotion zone, the drop rules, the start, each end rule and
//! the lint levels, from the text's outline.

use koma_syntax::{Outline, OutlineStatement, StatementKind};
use lsp_types::{DocumentSymbol, SymbolKind};

use crate::position::LineIndex;

/// The symbols of a text.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written, though deprecated.
pub(crate) fn of(text: &str, outline: &Outline) -> Vec<DocumentSymbol> {
    let index = LineIndex::new(text);
    let one_line = |span: &std::ops::Range<usize>| {
        text[span.clone()]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let symbol = |name: String, kind, detail: Option<String>, s: &OutlineStatement, children| {
        DocumentSymbol {
            name,
            detail,
            kind,
            tags: None,
            deprecated: None,
            range: index.range(&s.span),
            selection_range: index.range(s.items.first().unwrap_or(&s.span)),
            children,
        }
    };
    outline
        .statements
        .iter()
        .filter_map(|s| {
            let items = || -> Vec<DocumentSymbol> {
                s.items
                    .iter()
                    .map(|item| DocumentSymbol {
                        name: one_line(item),
                        detail: None,
                        kind: SymbolKind::EVENT,
                        tags: None,
                        deprecated: None,
                        range: index.range(item),
                        selection_range: index.range(item),
                        children: None,
                    })
                    .collect()
            };
            Some(match s.kind {
                StatementKind::Piece => symbol(
                    one_line(s.items.first()?),
                    SymbolKind::CLASS,
                    Some(one_line(&(s.items.get(1)?.start..s.span.end))),
                    s,
                    None,
                ),
                StatementKind::Board => {
                    symbol(one_line(&s.span), SymbolKind::NAMESPACE, None, s, None)
                }
                StatementKind::PromotionZone => {
                    symbol(one_line(&s.span), SymbolKind::NAMESPACE, None, s, None)
                }
                StatementKind::Start => symbol(
                    "start".into(),
                    SymbolKind::CONSTANT,
                    Some(one_line(&s.span)),
                    s,
                    None,
                ),
                StatementKind::End => {
                    symbol("end".into(), SymbolKind::MODULE, None, s, Some(items()))
                }
                StatementKind::DropRules => symbol(
                    "drop rules".into(),
                    SymbolKind::MODULE,
                    None,
                    s,
                    Some(items()),
                ),
                StatementKind::Lints => {
                    symbol("lints".into(), SymbolKind::MODULE, None, s, Some(items()))
                }
                _ => return None,
            })
        })
        .collect()
}
