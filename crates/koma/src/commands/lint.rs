//! `koma lint GAME...`: rule mistakes that compile, with levels, as miette diagnostics or JSON.

use koma_lint::{Finding, LINTS, Level, Levels};

use crate::args::LintFormat;
use crate::load::{parents_of, read_game};
use crate::report::Report;

/// Lints every game; fails (exit status 1) when a lint at the deny level fires or a game does not compile.
pub fn run(
    games: &[String],
    [allow, warn, deny]: [Vec<String>; 3],
    format: LintFormat,
    list: bool,
) -> Result<(), Vec<Report>> {
    if list {
        for l in LINTS {
            crate::say!("{:<40} {:<6} {}", l.name, level_name(l.default), l.summary);
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
    let mut denied = false;
    let mut failed = Vec::new();
    for game in games {
        match lint_game(game, &levels) {
            Ok((source, findings)) => {
                denied |= findings.iter().any(|f| f.level == Level::Deny);
                emit(&source, &findings, format);
            }
            Err(reports) => failed.extend(reports),
        }
    }
    if !failed.is_empty() {
        return Err(failed);
    }
    if denied { Err(Vec::new()) } else { Ok(()) }
}

/// Compiles and lints one game: its source and the findings at their resolved levels.
pub fn lint_game(
    game: &str,
    levels: &Levels,
) -> Result<(crate::load::GameSource, Vec<Finding>), Vec<Report>> {
    let source = read_game(game).map_err(|r| vec![r])?;
    let (compiled, _) = crate::load::compile_game(&source)?;
    let findings = {
        let parents = parents_of(&source);
        koma_lint::lint(&source.text, &compiled, &parents, levels)
    };
    Ok((source, findings))
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Allow => "allow",
        Level::Warn => "warn",
        Level::Deny => "deny",
    }
}

/// A finding as a miette report.
pub fn report(source: &crate::load::GameSource, f: &Finding) -> Report {
    let mut r = Report::spanned(
        f.lint.code,
        f.message.clone(),
        &source.name,
        &source.text,
        f.span.clone(),
        &f.label,
    );
    for (span, label) in &f.related {
        r = r.with_label(span.clone(), label.clone());
    }
    if let Some(help) = &f.help {
        r = r.with_help(help.clone());
    }
    if f.level == Level::Warn {
        r.into_warning()
    } else {
        r
    }
}

fn emit(source: &crate::load::GameSource, findings: &[Finding], format: LintFormat) {
    for f in findings {
        match format {
            LintFormat::Text => {
                crate::out::err(&format!("{:?}", miette::Report::new(report(source, f))))
            }
            LintFormat::Json => crate::say!("{}", json(source, f)),
        }
    }
}

/// One finding as a JSON object: code, level, message, file, line, column, byte span, help.
pub fn json(source: &crate::load::GameSource, f: &Finding) -> String {
    let before = &source.text[..f.span.start.min(source.text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    serde_json::json!({
        "code": f.lint.code,
        "level": level_name(f.level),
        "message": f.message,
        "file": source.name,
        "line": line,
        "column": column,
        "span": { "start": f.span.start, "end": f.span.end },
        "help": f.help,
    })
    .to_string()
}
