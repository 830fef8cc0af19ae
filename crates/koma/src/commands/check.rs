//! `koma check GAME`: compile a game and report every diagnostic, and the lints at their levels.

use koma_lint::{Level, Levels};

use crate::commands::lint::{lint_game, report};
use crate::report::Report;

/// Compiles the game, prints lint findings on standard error and a one-line summary; fails on a compile error
/// or a lint at the deny level.
pub fn run(game: &str) -> Result<(), Vec<Report>> {
    let (source, findings) = lint_game(game, &Levels::default())?;
    let count = findings.iter().filter(|f| f.level == Level::Warn).count();
    let denied = findings.iter().any(|f| f.level == Level::Deny);
    for f in &findings {
        crate::out::err(&format!("{:?}", miette::Report::new(report(&source, f))));
    }
    let rules = crate::load::load_rules(game)?;
    crate::say!(
        "{}: {} — {} x {} board, {} piece faces, {count} warning(s)",
        source.name,
        if denied { "lint errors" } else { "ok" },
        rules.files,
        rules.ranks,
        rules.faces.len()
    );
    if denied { Err(Vec::new()) } else { Ok(()) }
}
