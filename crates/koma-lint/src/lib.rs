//! The rules linter: mistakes that compile, found in the compiled rules and the text.
//!
//! Each lint has a kebab-case name, a code `koma::lint::NAME`, a default [`Level`], and lives in the module of
//! its family under `lints/`. [`lint`] runs every lint whose level is not `allow` and returns the findings with
//! their levels. Levels resolve in order: the lint's default, the game file's `lints { ... }` block (inherited
//! and overridable like any statement), then the command line ([`Levels`]).

mod context;
mod levels;
mod lint;
mod lints;
mod reach;

pub use context::Context;
pub use koma_syntax::ast::LintLevel as Level;
pub use levels::Levels;
pub use lint::{Finding, Lint};
pub use lints::LINTS;

/// Lints a compiled game. `chain` holds its parsed files, the game's own first and then the games it extends
/// (as it was compiled from); with an empty chain there is nothing to lint.
pub fn lint(
    chain: &[koma_compile::Parsed],
    compiled: &koma_compile::Compiled,
    cli: &Levels,
) -> Vec<Finding> {
    let Some(own) = chain.first() else {
        return Vec::new();
    };
    let ctx = Context::new(own, chain.get(1), compiled);
    let mut levels = levels::resolve(&ctx, cli);
    let mut findings = std::mem::take(&mut levels.findings_about_names);
    for lint in LINTS {
        let level = levels.level(lint.name);
        if level == Level::Allow {
            continue;
        }
        for mut f in (lint.check)(&ctx) {
            f.level = level;
            relocate(&ctx, &mut f);
            findings.push(f);
        }
    }
    findings.sort_by_key(|f| (f.span.start, f.lint.name));
    findings
}

/// The lint called `name`.
pub fn find(name: &str) -> Option<&'static Lint> {
    LINTS.iter().find(|l| l.name == name)
}

/// A finding about inherited text points at the `extends` clause instead, saying so.
fn relocate(ctx: &Context, f: &mut Finding) {
    let Some(extends) = &ctx.extends else { return };
    if koma_compile::inherited(&f.span, ctx.source) {
        f.span = extends.clone();
        f.label = "inherited from here".into();
        f.message = format!("in the inherited game: {}", f.message);
    }
    f.related
        .retain(|(s, _)| !koma_compile::inherited(s, ctx.source));
}
