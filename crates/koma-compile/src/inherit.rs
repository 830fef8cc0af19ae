//! `extends "NAME"`: building a game on another one.

use std::mem::discriminant;

use koma_syntax::ast::{GameFile, Spanned, Statement};

use crate::diagnostic::Diagnostic;
use crate::parsed::Parsed;

/// How deep games may extend each other; deeper is taken for a cycle.
pub const MAX_DEPTH: usize = 8;

/// Merges a chain of parsed files (the game first, then the game it extends, and so on) into one syntax tree.
pub(crate) fn merge_chain(chain: &[Parsed]) -> Option<GameFile> {
    chain.iter().rev().map(|p| p.tree.clone()).reduce(merge)
}

/// The parent's statements, with every kind of statement the child gives replaced by the child's, and
/// pieces replaced by name.
fn merge(parent: GameFile, child: GameFile) -> GameFile {
    let child_kinds: Vec<_> = child
        .statements
        .iter()
        .filter(|s| !matches!(s, Statement::Piece(_)))
        .map(discriminant)
        .collect();
    let child_piece = |name: &str| {
        child.statements.iter().find_map(|s| match s {
            Statement::Piece(p) if p.name.node == name => Some(s.clone()),
            _ => None,
        })
    };
    let mut statements = Vec::new();
    let mut replaced = Vec::new();
    for st in parent.statements {
        match &st {
            Statement::Piece(p) => match child_piece(&p.name.node) {
                Some(own) => {
                    replaced.push(p.name.node.clone());
                    statements.push(own);
                }
                None => statements.push(st),
            },
            other if child_kinds.contains(&discriminant(other)) => {}
            _ => statements.push(st),
        }
    }
    for st in child.statements {
        match &st {
            Statement::Piece(p) if replaced.contains(&p.name.node) => {}
            _ => statements.push(st),
        }
    }
    GameFile {
        name: child.name,
        extends: None,
        statements,
    }
}

/// A diagnostic about inherited text (which starts at byte `child_len`) is moved to the `extends` clause.
pub(crate) fn point_at_extends(d: &mut Diagnostic, child_len: usize, parent: &Spanned<String>) {
    if d.span.start >= child_len {
        d.message = format!("in the inherited game `{}`: {}", parent.node, d.message);
        d.span = parent.span.clone();
        d.label = "inherited from here".into();
    }
    d.related.retain(|(span, _)| span.start < child_len);
}
