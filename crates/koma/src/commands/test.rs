//! `koma test PATH...`: run scenario files and report failures at the scenario's line.

use std::path::{Path, PathBuf};

use koma_host::{Host, SourceFile, convert};

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
    let host = Host::disk();
    let unreadable =
        |e: &koma_host::LoadError| vec![Report::from(convert::load_error(e, &koma_host::Disk))];
    let text = host.read_scenarios(path).map_err(|e| unreadable(&e))?.text;
    let source = SourceFile::standalone(&name, &text);
    let file = koma_scenario::parse(&text)
        .map_err(|e| vec![Report::from(convert::scenario_syntax(&e, &source))])?;
    let game = host
        .scenario_game(path, file.game.as_ref().map(|g| g.node.as_str()))
        .map_err(|e| unreadable(&e))?;
    let loaded = crate::load::load(&game)?;
    let rules = loaded.rules();
    let results = koma_scenario::run(&file, rules);
    crate::say!(
        "{}",
        koma_scenario::summary(&format!("{name} ({})", rules.name), &results)
    );
    let reports: Vec<Report> = results
        .iter()
        .filter_map(|r| convert::scenario_failure(r, &source).map(Report::from))
        .collect();
    let failed = reports.len();
    Ok((results.len() - failed, failed, reports))
}
