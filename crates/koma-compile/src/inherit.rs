//! `extends "NAME"`: building a game on another one.

use std::mem::discriminant;

use koma_syntax::Span;
use koma_syntax::ast::{GameFile, Spanned, Statement, Without};

use crate::code::Code;

use crate::diagnostic::Diagnostic;
use crate::parsed::Parsed;

/// How deep games may extend each other; deeper is taken for a cycle.
pub const MAX_DEPTH: usize = 8;

/// Merges a chain of parsed files (the game first, then the game it extends, and so on) into one syntax tree.
/// Each file's `without` statements take their statement or rule out of what it inherits; one that finds
/// nothing to take, or stands in a game that extends none, is reported.
pub(crate) fn merge_chain(chain: &[Parsed]) -> Option<(GameFile, Vec<Diagnostic>)> {
    let mut found = Vec::new();
    let mut trees = chain.iter().rev().map(|p| p.tree.clone());
    let mut merged = trees.next()?;
    // A `without` of the root game, which extends nothing, has nothing to take away.
    for st in &merged.statements {
        if let Statement::Without(w) = st {
            let mut d = Diagnostic::new(
                Code::WithoutNothing,
                w.span.clone(),
                "`without` takes a statement or rule away from the game this one extends, but it extends none",
            );
            d.help("add `extends \"NAME\"` to the `game` line, or remove this statement");
            found.push(d);
        }
    }
    merged
        .statements
        .retain(|s| !matches!(s, Statement::Without(_)));
    for mut child in trees {
        let parent = take_away(merged, &child, chain, &mut found);
        child
            .statements
            .retain(|s| !matches!(s, Statement::Without(_)));
        merged = merge(parent, child);
    }
    Some((merged, found))
}

/// The parent's statements without what the child's `without` statements take away.
fn take_away(
    mut parent: GameFile,
    child: &GameFile,
    chain: &[Parsed],
    found: &mut Vec<Diagnostic>,
) -> GameFile {
    for st in &child.statements {
        let Statement::Without(w) = st else { continue };
        let took = match &w.node {
            Without::Statement(kind) => {
                let before = parent.statements.len();
                parent
                    .statements
                    .retain(|p| discriminant(p) != discriminant(&**kind));
                parent.statements.len() < before
            }
            Without::DropRule(rule) => parent.statements.iter_mut().any(|p| match p {
                Statement::DropRules(rules) => remove_same(&mut rules.node, &rule.span, chain),
                _ => false,
            }),
            Without::EndRule(rule) => parent.statements.iter_mut().any(|p| match p {
                Statement::End(rules) => remove_same(&mut rules.node, &rule.span, chain),
                _ => false,
            }),
        };
        if !took {
            let mut d = Diagnostic::new(
                Code::WithoutNothing,
                w.span.clone(),
                "the game this one extends has no such statement or rule to take away",
            );
            d.help(
                "`koma card` on the parent game lists its rules; name one as it is written there",
            );
            found.push(d);
        }
    }
    parent
}

/// Removes the rules of `rules` written as the text at `like` is (spaces and comments aside); whether any was.
fn remove_same<T>(rules: &mut Vec<Spanned<T>>, like: &Span, chain: &[Parsed]) -> bool {
    let wanted = words(chain, like);
    let before = rules.len();
    rules.retain(|r| words(chain, &r.span) != wanted);
    rules.len() < before
}

/// The text of the chain at `span`, comments left out and blank space made single spaces.
fn words(chain: &[Parsed], span: &Span) -> String {
    let Some(file) = chain
        .iter()
        .find(|p| p.base <= span.start && span.end <= p.end())
    else {
        return String::new();
    };
    let text = file
        .text
        .get(span.start - file.base..span.end - file.base)
        .unwrap_or_default();
    text.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The name a statement is keyed by when a child replaces it one by one: a piece's name (for `piece` and
/// `value`); other statements are replaced by kind, all of a kind at once.
fn keyed(st: &Statement) -> Option<(std::mem::Discriminant<Statement>, &str)> {
    match st {
        Statement::Piece(p) => Some((discriminant(st), &p.name.node)),
        Statement::Value { piece, .. } | Statement::Confine { piece, .. } => {
            Some((discriminant(st), &piece.node))
        }
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
