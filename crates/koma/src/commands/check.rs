//! `koma check GAME...`: compile each game once, lint it once, and report every diagnostic.

use koma_host::{Checked, Host};
use koma_lint::Levels;

use crate::args::DiagnosticFormat;
use crate::commands::lint::emit;
use crate::report::Report;

/// Checks every game: diagnostics on standard error (or JSON lines on standard output) and, as text, a
/// one-line summary per game that compiled. Fails when any game has an error or a lint at the deny level.
pub fn run(games: &[String], format: DiagnosticFormat) -> Result<(), Vec<Report>> {
    let host = Host::disk();
    let mut failed = false;
    for game in games {
        let checked = host.check(game, &Levels::default());
        failed |= checked.has_errors();
        emit(&checked.diagnostics, format);
        if format == DiagnosticFormat::Text {
            summary(game, &checked);
        }
    }
    if failed { Err(Vec::new()) } else { Ok(()) }
}

fn summary(game: &str, checked: &Checked) {
    let Some(compiled) = &checked.compiled else {
        return;
    };
    let name = checked.sources.main().map_or(game, |f| &f.name);
    let rules = &compiled.rules;
    let warnings = checked.diagnostics.iter().filter(|d| !d.is_error()).count();
    crate::say!(
        "{name}: {} — {} x {} board, {} piece faces, {warnings} warning(s)",
        if checked.has_errors() {
            "lint errors"
        } else {
            "ok"
        },
        rules.files,
        rules.ranks,
        rules.faces.len()
    );
}
