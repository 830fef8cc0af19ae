//! `koma lint GAME...`: rule mistakes that compile, with levels, as miette diagnostics or JSON.

use koma_host::{Diagnostic, Host};
use koma_lint::{LINTS, Level, Levels};

use crate::args::DiagnosticFormat;
use crate::report::Report;

/// Lints every game; fails (exit status 1) when a lint at the deny level fires or a game does not compile.
/// Every diagnostic is reported, compile errors included, in the format asked for.
pub fn run(
    games: &[String],
    [allow, warn, deny]: [Vec<String>; 3],
    format: DiagnosticFormat,
    list: bool,
) -> Result<(), Vec<Report>> {
    if list {
        for l in LINTS {
            match format {
                DiagnosticFormat::Text => {
                    crate::say!("{:<40} {:<6} {}", l.name, level_name(l.default), l.summary)
                }
                DiagnosticFormat::Json => crate::say!(
                    "{}",
                    serde_json::json!({
                        "name": l.name,
                        "code": format!("koma::lint::{}", l.name),
                        "level": level_name(l.default),
                        "summary": l.summary,
                    })
                ),
            }
        }
        return Ok(());
    }
    let mut levels = Levels::default();
    for (level, names) in [
        (Level::Allow, allow),
        (Level::Warn, warn),
        (Level::Deny, deny),
    ] {
        for name in names {
            if !Levels::is_known(&name) {
                return Err(vec![Report::plain(
                    "koma::lint-unknown",
                    format!("no lint is called `{name}`"),
                    Some("`koma lint --list` names every lint".into()),
                )]);
            }
            levels.settings.push((level, name));
        }
    }
    let host = Host::disk();
    let mut failed = false;
    for game in games {
        let checked = host.check(game, &levels);
        failed |= checked.has_errors();
        emit(&checked.diagnostics, format);
    }
    if failed { Err(Vec::new()) } else { Ok(()) }
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Allow => "allow",
        Level::Warn => "warn",
        Level::Deny => "deny",
    }
}

/// Writes diagnostics: drawn on standard error, or one JSON object per line on standard output. At most
/// [`crate::report::MAX_REPORTS`] are drawn as text.
pub fn emit(diagnostics: &[Diagnostic], format: DiagnosticFormat) {
    match format {
        DiagnosticFormat::Text => {
            for r in crate::report::reports(diagnostics.to_vec()) {
                crate::out::err(&format!("{:?}", miette::Report::new(r)));
            }
        }
        DiagnosticFormat::Json => {
            for d in diagnostics {
                crate::say!("{}", crate::json::diagnostic(d));
            }
        }
    }
}
