//! Lint levels: defaults, then the game file's `lints { ... }` block, then the command line.

use std::collections::HashMap;

use koma_syntax::ast::Statement;

use crate::context::Context;
use crate::lint::Finding;
use crate::{LINTS, Level, find};

/// Levels asked for on the command line (`-A NAME`, `-W NAME`, `-D NAME`, `-D warnings`), in order.
#[derive(Debug, Clone, Default)]
pub struct Levels {
    /// Each setting: a level and a lint name (or `warnings`).
    pub settings: Vec<(Level, String)>,
}

impl Levels {
    /// A name the command line may use: a lint's, or `warnings`.
    pub fn is_known(name: &str) -> bool {
        name == "warnings" || find(name).is_some()
    }
}

/// The level of every lint, and findings about lint names in the file that name no lint.
pub(crate) struct Resolved {
    levels: HashMap<&'static str, Level>,
    pub findings_about_names: Vec<Finding>,
}

impl Resolved {
    pub fn level(&self, name: &str) -> Level {
        self.levels.get(name).copied().unwrap_or(Level::Allow)
    }
}

pub(crate) fn resolve(ctx: &Context, cli: &Levels) -> Resolved {
    let mut levels: HashMap<&'static str, Level> =
        LINTS.iter().map(|l| (l.name, l.default)).collect();
    let mut findings = Vec::new();
    let apply = |level: Level, name: &str, levels: &mut HashMap<&'static str, Level>| {
        if name == "warnings" {
            for l in levels.values_mut().filter(|l| **l == Level::Warn) {
                *l = level;
            }
        } else if let Some(lint) = find(name) {
            levels.insert(lint.name, level);
        }
    };
    for st in &ctx.file.statements {
        let Statement::Lints(list) = st else { continue };
        for s in &list.node {
            if Levels::is_known(&s.node.name.node) {
                apply(s.node.level, &s.node.name.node, &mut levels);
            } else {
                findings.push(unknown(&s.node.name.node, s.node.name.span.clone()));
            }
        }
    }
    for (level, name) in &cli.settings {
        apply(*level, name, &mut levels);
    }
    let unknown_level = levels.get("unknown-lint").copied().unwrap_or(Level::Warn);
    findings.retain(|_| unknown_level != Level::Allow);
    for f in &mut findings {
        f.level = unknown_level;
    }
    Resolved {
        levels,
        findings_about_names: findings,
    }
}

fn unknown(name: &str, span: koma_syntax::Span) -> Finding {
    let lint = find("unknown-lint").expect("the unknown-lint lint exists");
    let close = koma_syntax::suggest::nearest(name, LINTS.iter().map(|l| l.name)).or_else(|| {
        LINTS
            .iter()
            .map(|l| l.name)
            .find(|l| l.starts_with(&name[..name.len().min(6)]))
    });
    let help = match close {
        Some(n) => format!("did you mean `{n}`? `koma lint --list` names every lint"),
        None => "`koma lint --list` names every lint".into(),
    };
    Finding::new(lint, span, format!("no lint is called `{name}`"))
        .label("unknown lint")
        .help(help)
}
