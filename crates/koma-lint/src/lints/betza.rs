//! Betza spellings that compile but are probably not what was meant, at the character.

use koma_syntax::ast::Statement;
use koma_syntax::betza::{self, BetzaWarning};

use super::lint;
use crate::context::Context;
use crate::finding::Finding;

fn warnings(ctx: &Context, kind: BetzaWarning, name: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    for st in &ctx.file.statements {
        let Statement::Piece(p) = st else { continue };
        let Ok(b) = betza::parse(&p.moves.node) else {
            continue;
        };
        let at = p.moves.span.start;
        for w in b.warnings.iter().filter(|w| w.warning == Some(kind)) {
            let mut f = Finding::new(
                lint(name),
                at + w.span.start..at + w.span.end,
                format!("{}: {}", p.name.node, w.message),
            );
            if let Some(hint) = &w.hint {
                f = f.help(hint.clone());
            }
            out.push(f);
        }
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
