//! `extends "NAME"`: building a game on another one.

use std::mem::discriminant;

use koma_syntax::ast::{GameFile, Spanned, Statement};

use crate::code::Code;
use crate::diagnostic::Diagnostic;

const MAX_DEPTH: usize = 8;

/// Merges `file` with the games it extends. Parent texts are parsed as if they followed the child text
/// (their spans start at `offset`), so every span stays unique and inherited ones are recognisable.
pub(crate) fn resolve(
    file: GameFile,
    offset: usize,
    parents: &dyn Fn(&str) -> Option<String>,
    depth: usize,
) -> Result<GameFile, Diagnostic> {
    let Some(parent_name) = file.extends.clone() else {
        return Ok(file);
    };
    let fail = |code: Code, message: String, help: &str| {
        let mut d = Diagnostic::new(code, parent_name.span.clone(), message);
        d.label("parent game").help(help);
        d
    };
    if depth >= MAX_DEPTH {
        return Err(fail(
            Code::ExtendsCycle,
            format!(
                "games extend each other more than {MAX_DEPTH} deep; is there a cycle through `{}`?",
                parent_name.node
            ),
            "a game may extend another, which may extend another, but not in a circle",
        ));
    }
    let Some(text) = parents(&parent_name.node) else {
        return Err(fail(
            Code::ExtendsUnknownGame,
            format!("no game named `{}` to extend", parent_name.node),
            "name an embedded game (such as `gorogoro`) or a .game file next to this one",
        ));
    };
    let padded = format!("{}{}", " ".repeat(offset + 1), text);
    let parent = koma_syntax::parse(&padded).map_err(|e| {
        fail(
            Code::ExtendsBrokenParent,
            format!(
                "the game `{}` does not parse: {}",
                parent_name.node, e.message
            ),
            "check that game first",
        )
    })?;
    let parent = resolve(parent, padded.len(), parents, depth + 1)?;
    Ok(merge(parent, file))
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
