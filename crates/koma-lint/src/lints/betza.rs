//! Betza spellings that compile but are probably not what was meant, at the character.

use koma_syntax::ast::Statement;
use koma_syntax::betza::{self, BetzaWarning};

use super::lint;
use crate::context::Context;
use crate::lint::Finding;

fn warnings(ctx: &Context, kind: BetzaWarning, name: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    for st in &ctx.file.statements {
        let Statement::Piece(p) = st else { continue };
        let Ok(b) = betza::parse(&p.moves.node) else {
            continue;
        };
        let at = p.moves.span.start;
        let found: Vec<_> = b
            .warnings
            .iter()
            .filter(|w| w.warning == Some(kind))
            .collect();
        let Some(first) = found.first() else {
            continue;
        };
        // Warnings of one kind in one string are folded into one finding, so output stays bounded.
        let more = match found.len() - 1 {
            0 => String::new(),
            n => format!(" ({n} more like it in this string)"),
        };
        let mut f = Finding::new(
            lint(name),
            at + first.span.start..at + first.span.end,
            format!("{}: {}{more}", p.name.node, first.message),
        );
        for w in found.iter().skip(1).take(2) {
            f = f.also(at + w.span.start..at + w.span.end, "and here");
        }
        if let Some(hint) = &first.hint {
            f = f.help(hint.clone());
        }
        out.push(f);
    }
    out
}

pub(super) fn move_and_capture(ctx: &Context) -> Vec<Finding> {
    warnings(ctx, BetzaWarning::MoveAndCapture, "betza-move-and-capture")
}

pub(super) fn atom_alias(ctx: &Context) -> Vec<Finding> {
    warnings(ctx, BetzaWarning::AtomAlias, "betza-atom-alias")
}

pub(super) fn directions_on_king(ctx: &Context) -> Vec<Finding> {
    warnings(
        ctx,
        BetzaWarning::DirectionsOnKing,
        "betza-directions-on-king",
    )
}

pub(super) fn repeated_component(ctx: &Context) -> Vec<Finding> {
    warnings(
        ctx,
        BetzaWarning::RepeatedComponent,
        "betza-repeated-component",
    )
}
