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

/// The name a statement is keyed by when a child replaces it one by one: a piece's name (for `piece` and
/// `value`); other statements are replaced by kind, all of a kind at once.
fn keyed(st: &Statement) -> Option<(std::mem::Discriminant<Statement>, &str)> {
    match st {
        Statement::Piece(p) => Some((discriminant(st), &p.name.node)),
        Statement::Value { piece, .. } => Some((discriminant(st), &piece.node)),
        _ => None,
    }
}

/// The parent's statements, with every kind of statement the child gives replaced by the child's, and
/// pieces and values replaced by name.
fn merge(parent: GameFile, child: GameFile) -> GameFile {
    let child_kinds: Vec<_> = child
        .statements
        .iter()
        .filter(|s| keyed(s).is_none())
        .map(discriminant)
        .collect();
    let child_keyed = |key: (std::mem::Discriminant<Statement>, &str)| {
        child
            .statements
            .iter()
            .find(|s| keyed(s) == Some(key))
            .cloned()
    };
    let mut statements = Vec::new();
    let mut replaced: Vec<(std::mem::Discriminant<Statement>, String)> = Vec::new();
    for st in parent.statements {
        match keyed(&st) {
            Some(key) => match child_keyed(key) {
                Some(own) => {
                    replaced.push((key.0, key.1.to_string()));
                    statements.push(own);
                }
                None => statements.push(st),
            },
            None if child_kinds.contains(&discriminant(&st)) => {}
            None => statements.push(st),
        }
    }
    for st in child.statements {
        match keyed(&st) {
            Some((kind, name)) if replaced.iter().any(|(k, n)| *k == kind && n == name) => {}
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
