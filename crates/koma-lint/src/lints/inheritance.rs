//! Inheritance: a child statement that says exactly what the parent says.

use koma_syntax::ast::Statement;

use super::lint;
use crate::context::Context;
use crate::lint::Finding;

/// A statement's text with its whitespace and comments folded, for comparing a child's with its parent's.
fn folded(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The source text of each statement of a parsed file: `(kind, piece name, folded text, span)`.
fn statements(
    parsed: &koma_compile::Parsed,
) -> Vec<(
    std::mem::Discriminant<Statement>,
    Option<String>,
    String,
    koma_syntax::Span,
)> {
    let (file, text, base) = (&parsed.tree, &parsed.text, parsed.base);
    let mut spans: Vec<(koma_syntax::Span, &Statement)> = Vec::new();
    for st in &file.statements {
        let span = match st {
            Statement::Board { span, .. } => span.clone(),
            Statement::Piece(p) => p.span.clone(),
            Statement::PromotionZone(z) => z.span.clone(),
            Statement::MandatoryPromotion(m)
            | Statement::CannotBare(m)
            | Statement::Burning(m)
            | Statement::BurningSpares(m) => m.span.clone(),
            Statement::StrandedMustPromote(s)
            | Statement::StrandedMayPromote(s)
            | Statement::PromotionOnEntry(s)
            | Statement::PromotionByCapture(s)
            | Statement::RoyalsCapturable(s)
            | Statement::NoRoyals(s)
            | Statement::BorrowedMoves(s)
            | Statement::PassiveBurning(s)
            | Statement::LegsHold(s)
            | Statement::RangeCaptureTakes(s) => s.clone(),
            Statement::CompulsoryCapture(c) => c.span.clone(),
            Statement::LastRoyalCounts(l) => l.span.clone(),
            Statement::Captures(c) => c.span.clone(),
            Statement::Start(s) => s.span.clone(),
            Statement::Options(l) => l.span.clone(),
            Statement::DropRules(l) => l.span.clone(),
            Statement::LionRules(l) => l.span.clone(),
            Statement::RangeCapture(r) => r.span.clone(),
            Statement::RangeCaptureLists(r) => r.span.clone(),
            Statement::Anywhere(a) => a.span.clone(),
            Statement::End(l) => l.span.clone(),
            Statement::Lints(l) => l.span.clone(),
            Statement::Value { span, .. } | Statement::Confine { span, .. } => span.clone(),
            Statement::Without(w) => w.span.clone(),
        };
        spans.push((span, st));
    }
    spans
        .into_iter()
        .filter(|(span, _)| !span.is_empty())
        .map(|(span, st)| {
            let name = match st {
                Statement::Piece(p) => Some(p.name.node.clone()),
                _ => None,
            };
            (
                std::mem::discriminant(st),
                name,
                folded(
                    text.get(span.start - base..span.end - base)
                        .unwrap_or_default(),
                ),
                span,
            )
        })
        .collect()
}

pub(super) fn redundant_override(ctx: &Context) -> Vec<Finding> {
    let (Some(parent_name), Some(parent)) = (&ctx.own.tree.extends, ctx.parent) else {
        return Vec::new();
    };
    let parent = statements(parent);
    statements(ctx.own)
        .into_iter()
        .filter(|(kind, name, text, _)| {
            parent
                .iter()
                .any(|(k, n, t, _)| k == kind && n == name && t == text)
        })
        .map(|(_, _, _, span)| {
            Finding::new(
                lint("redundant-override"),
                span,
                format!(
                    "this repeats the statement of `{}` exactly",
                    parent_name.node
                ),
            )
            .label("same as the parent's")
            .also(parent_name.span.clone(), "the parent")
            .help("remove it: the parent's statement applies unless this game gives another")
        })
        .collect()
}
