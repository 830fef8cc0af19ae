//! A game's chain of files: the game, the game it extends, and so on, each read and parsed once.

use koma_compile::{Code, MAX_EXTENDS_DEPTH, Parsed};
use koma_syntax::ast::Spanned;

use crate::diagnostic::{Diagnostic, Label};
use crate::source_map::SourceMap;
use crate::sources::{LoadError, Sources};

/// The files of a game, read and parsed: `parsed[i]` is the file `map.files()[i]`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Chain {
    pub map: SourceMap,
    pub parsed: Vec<Parsed>,
}

/// Reads the game `name` and every game it extends. On failure, the files read (and parsed) so far and what
/// went wrong.
pub(crate) fn read(sources: &dyn Sources, name: &str) -> Result<Chain, (Chain, Vec<Diagnostic>)> {
    let mut chain = Chain::default();
    let own = sources.read(name, None).map_err(|e| {
        (
            Chain::default(),
            vec![crate::convert::load_error(&e, sources)],
        )
    })?;
    let mut next = Some(own);
    while let Some(text) = next.take() {
        let file = chain.map.add(&text.name, text.origin, text.text);
        let parsed = match Parsed::parse(file.text.clone(), file.base) {
            Ok(p) => p,
            Err(d) => {
                let d = match chain.parsed.last() {
                    None => crate::convert::compile(&d, &chain.map),
                    Some(child) => broken_parent(&chain, child, &d),
                };
                return Err((chain, vec![d]));
            }
        };
        let parent = parsed.tree.extends.clone();
        chain.parsed.push(parsed);
        let Some(parent) = parent else { break };
        match read_parent(sources, &chain, &parent) {
            Ok(text) => next = Some(text),
            Err(d) => return Err((chain, vec![d])),
        }
    }
    Ok(chain)
}

/// Reads the game that the last file of the chain extends.
fn read_parent(
    sources: &dyn Sources,
    chain: &Chain,
    parent: &Spanned<String>,
) -> Result<crate::sources::SourceText, Diagnostic> {
    let child = chain.map.files().last().expect("the chain holds the child");
    let at = |code: Code, message: String, help: &str| {
        at_extends(chain, parent, code.name(), message, "parent game").with_help(help)
    };
    if chain.parsed.len() > MAX_EXTENDS_DEPTH {
        return Err(at(
            Code::ExtendsCycle,
            format!(
                "games extend each other more than {MAX_EXTENDS_DEPTH} deep; is there a cycle through `{}`?",
                parent.node
            ),
            "a game may extend another, which may extend another, but not in a circle",
        ));
    }
    let text = sources.read(&parent.node, Some(&child.origin)).map_err(|e| match e {
        LoadError::NotFound { .. } => at(
            Code::ExtendsUnknownGame,
            format!("no game named `{}` to extend", parent.node),
            "name an embedded game (such as `gorogoro`) or a .game file next to this one",
        ),
        LoadError::Refused { why, .. } => at(
            Code::ExtendsRefused,
            format!("`{}` cannot be extended: {why}", parent.node),
            "copy the game into this folder, or name an embedded game",
        ),
        LoadError::Unreadable { why, help, .. } => at_extends(
            chain,
            parent,
            "koma::io",
            format!("the game `{}` that this one extends {why}", parent.node),
            "parent game",
        )
        .with_help(help),
        LoadError::NotUtf8 { at: byte, .. } => at_extends(
            chain,
            parent,
            "koma::encoding",
            format!(
                "the game `{}` that this one extends is not UTF-8 text: byte {byte} is not part of a UTF-8 character",
                parent.node
            ),
            "parent game",
        )
        .with_help("save that file as UTF-8"),
    })?;
    if let Some(i) = chain
        .map
        .files()
        .iter()
        .position(|f| f.origin == text.origin)
    {
        let circle: Vec<&str> = chain.map.files()[i..]
            .iter()
            .map(|f| f.name.as_str())
            .chain([chain.map.files()[i].name.as_str()])
            .collect();
        return Err(at(
            Code::ExtendsCycle,
            if circle.len() == 2 {
                format!("the game `{}` extends itself", circle[0])
            } else {
                format!(
                    "games extend each other in a circle: {}",
                    circle.join(" → ")
                )
            },
            "a game may extend another, which may extend another, but not in a circle",
        ));
    }
    Ok(text)
}

/// A diagnostic about the parent named at `parent`, shown at the game's own `extends` clause: a problem met
/// deeper in the chain says which inherited game it is in.
fn at_extends(
    chain: &Chain,
    parent: &Spanned<String>,
    code: &'static str,
    message: String,
    label: &str,
) -> Diagnostic {
    let own_extends = chain.parsed.first().and_then(|p| p.tree.extends.as_ref());
    let (span, message, label) = match own_extends {
        Some(own) if own.span != parent.span => (
            own.span.clone(),
            format!("in the inherited game `{}`: {message}", own.node),
            "inherited from here",
        ),
        _ => (parent.span.clone(), message, label),
    };
    let mut d = Diagnostic::error(code, message);
    if let Some(location) = chain.map.locate(&span) {
        d = d.with_label(Label::at(location, label));
    }
    d
}

/// A parent that does not parse (or breaks a size limit): shown at the `extends` clause, with the place in
/// the parent where the parser stopped.
fn broken_parent(chain: &Chain, child: &Parsed, d: &koma_compile::Diagnostic) -> Diagnostic {
    let parent = child
        .tree
        .extends
        .as_ref()
        .expect("a parent is read only when named");
    let (code, message) = if d.code == Code::Syntax {
        (
            Code::ExtendsBrokenParent.name(),
            format!("the game `{}` does not parse: {}", parent.node, d.message),
        )
    } else {
        (
            d.code.name(),
            format!(
                "the game `{}` that this one extends: {}",
                parent.node, d.message
            ),
        )
    };
    let mut out =
        at_extends(chain, parent, code, message, "parent game").with_help("check that game first");
    if let Some(location) = chain.map.locate(&d.span) {
        out = out.with_label(Label::at(location, "the parent stops making sense here"));
    }
    out
}
