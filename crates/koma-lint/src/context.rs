//! What every lint can look at: the text, the merged syntax tree, the compiled rules.

use std::sync::Arc;

use koma_compile::{Compiled, Parsed};
use koma_syntax::Span;
use koma_syntax::ast::{GameFile, PieceDecl, Statement};
use koma_vm::{FaceId, Rules};

/// The game under lint.
pub struct Context<'a> {
    /// The game file's own text.
    pub source: &'a str,
    /// The game's own file, parsed.
    pub own: &'a Parsed,
    /// The game it extends, parsed, if it extends one.
    pub parent: Option<&'a Parsed>,
    /// The syntax tree with inherited statements merged in.
    pub file: &'a GameFile,
    /// The compiled rules.
    pub rules: &'a Arc<Rules>,
    /// The span of the game's own `extends` clause, if it has one.
    pub extends: Option<Span>,
}

impl<'a> Context<'a> {
    /// The context of a compiled game whose files are `own` and, if it extends one, `parent`.
    pub fn new(own: &'a Parsed, parent: Option<&'a Parsed>, compiled: &'a Compiled) -> Context<'a> {
        Context {
            source: &own.text,
            own,
            parent,
            file: &compiled.file,
            rules: &compiled.rules,
            extends: own.tree.extends.as_ref().map(|e| e.span.clone()),
        }
    }

    /// The declaration of a face.
    pub fn decl(&self, face: FaceId) -> Option<&'a PieceDecl> {
        let name = &self.rules.face(face).name;
        self.file.statements.iter().find_map(|s| match s {
            Statement::Piece(p) if &p.name.node == name => Some(&**p),
            _ => None,
        })
    }

    /// The span of a face's declaration (its name), or of the game's name.
    pub fn face_span(&self, face: FaceId) -> Span {
        self.decl(face)
            .map_or_else(|| self.file.name.span.clone(), |d| d.name.span.clone())
    }

    /// The span of the first statement `pick` selects, or of the game's name.
    pub fn statement_span(&self, pick: impl Fn(&Statement) -> Option<Span>) -> Span {
        self.file
            .statements
            .iter()
            .find_map(pick)
            .unwrap_or_else(|| self.file.name.span.clone())
    }

    /// The `end { ... }` block's first rule, or the game's name.
    pub fn end_span(&self) -> Span {
        self.statement_span(|s| match s {
            Statement::End(rules) => rules
                .node
                .first()
                .map(|r| r.span.clone())
                .or(Some(rules.span.clone())),
            _ => None,
        })
    }

    /// The `start "..."` statement.
    pub fn start_span(&self) -> Span {
        self.statement_span(|s| match s {
            Statement::Start(s) => Some(s.span.clone()),
            _ => None,
        })
    }

    /// A face's name.
    pub fn name(&self, face: FaceId) -> &str {
        &self.rules.face(face).name
    }
}
