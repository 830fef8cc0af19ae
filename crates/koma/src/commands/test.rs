//! `koma test PATH...`: run scenario files and report failures at the scenario's line.

use std::path::{Path, PathBuf};

use crate::load::{compile_game, read_game};
use crate::report::Report;

/// Runs every scenario file under `paths`; fails when any scenario fails.
pub fn run(paths: &[String]) -> Result<(), Vec<Report>> {
    let mut files = Vec::new();
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| {
                    vec![Report::plain(
                        "koma::io",
                        format!("cannot read {p}: {e}"),
                        None,
                    )]
                })?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "scenarios"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.to_path_buf());
        }
    }
    if files.is_empty() {
        return Err(vec![Report::plain(
            "koma::scenario-none",
            "no .scenarios files found",
            None,
        )]);
    }
    let (mut passed, mut failed, mut reports) = (0, 0, Vec::new());
    for file in &files {
        match run_file(file) {
            Ok((p, f, r)) => {
                passed += p;
                failed += f;
                reports.extend(r);
            }
            Err(r) => {
                failed += 1;
                reports.extend(r);
            }
        }
    }
    let _ = std::io::Write::flush(&mut std::io::stdout());
    for r in reports {
        crate::out::err(&format!("{:?}", miette::Report::new(r)));
    }
    crate::say!("{passed} passed, {failed} failed");
    if failed > 0 { Err(Vec::new()) } else { Ok(()) }
}

/// Runs one file: (passed, failed, reports of the failures).
fn run_file(path: &Path) -> Result<(usize, usize, Vec<Report>), Vec<Report>> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        vec![Report::plain(
            "koma::io",
            format!("cannot read {name}: {e}"),
            None,
        )]
    })?;
    let file = koma_scenario::parse(&text).map_err(|e| {
        vec![
            Report::spanned(
                "koma::scenario-syntax",
                e.message,
                &name,
                &text,
                e.span,
                "here",
            )
            .with_help("see grammar/README.md, section Scenario files"),
        ]
    })?;
    let game = game_for(path, file.game.as_ref().map(|g| g.node.as_str()));
    let source = read_game(&game).map_err(|r| vec![r])?;
    let (compiled, _) = compile_game(&source)?;
    let results = koma_scenario::run(&file, &compiled.rules);
    crate::say!(
        "{}",
        koma_scenario::summary(&format!("{name} ({})", compiled.rules.name), &results)
    );
    let reports: Vec<Report> = results
        .iter()
        .filter_map(|r| {
            let f = r.failure.as_ref()?;
            Some(
                Report::spanned(
                    "koma::scenario-failed",
                    format!("scenario \"{}\" failed: {}", r.name, f.message),
                    &name,
                    &text,
                    f.span.clone(),
                    "this step",
                )
                .with_label(r.span.clone(), "in this scenario"),
            )
        })
        .collect();
    let failed = reports.len();
    Ok((results.len() - failed, failed, reports))
}

/// The game a scenario file is about: `game "X"` (a file beside it, or an embedded game), else the `.game`
/// file of the same name beside it, else the embedded game of that name.
fn game_for(path: &Path, named: Option<&str>) -> String {
    let dir = path.parent().unwrap_or(Path::new(""));
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let candidate = named.map_or_else(|| format!("{stem}.game"), str::to_string);
    let beside = dir.join(&candidate);
    if beside.is_file() {
        return beside.display().to_string();
    }
    named.map_or(stem, str::to_string)
}
