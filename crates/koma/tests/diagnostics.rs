//! Snapshot tests of every diagnostic the tools print: `.game` files under `games/errors/`, malformed
//! SFENs and malformed or illegal USI moves. Snapshots live in the repository's `snapshots/` folder,
//! one subfolder per suite.

use std::collections::BTreeSet;

use koma::report::Report;
use koma_host::{Diagnostic, Disk, Embedded, Host, LoadError, Origin, SourceText, Sources};
use koma_vm::Position;

fn settings(suite: &str) -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(format!("../../../snapshots/{suite}"));
    s.set_prepend_module_to_snapshot(false);
    s
}

fn render_all(reports: &[Report]) -> String {
    reports
        .iter()
        .map(Report::render_plain)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A fixture read from disk but shown under its path from the repository's root, as `koma check` run there
/// shows it; the games it extends are found as the command line finds them.
struct Fixture {
    path: std::path::PathBuf,
}

impl Sources for Fixture {
    fn read(&self, name: &str, from: Option<&Origin>) -> Result<SourceText, LoadError> {
        if from.is_some() {
            let mut text = (Disk, Embedded).read(name, from)?;
            let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
            let root = std::fs::canonicalize(root).unwrap().display().to_string();
            text.name = text.name.replace(&format!("{root}/"), "");
            return Ok(text);
        }
        let mut text = Disk.read(&self.path.display().to_string(), None)?;
        text.name = name.to_string();
        Ok(text)
    }
}

/// The diagnostics of an error fixture, with the host's outcome: its errors, or none if it compiles.
fn fixture_diagnostics(path: &std::path::Path) -> (Vec<Diagnostic>, bool) {
    let name = format!(
        "games/errors/{}",
        path.file_name().unwrap().to_string_lossy()
    );
    let host = Host::new(Fixture {
        path: path.to_path_buf(),
    });
    match host.load(&name) {
        Ok(_) => (Vec::new(), false),
        Err(diagnostics) => (diagnostics, true),
    }
}

/// The reports of an error fixture, drawn as the command line draws them.
fn fixture_reports(path: &std::path::Path) -> (Vec<Report>, bool) {
    let (diagnostics, failed) = fixture_diagnostics(path);
    (koma::report::reports(diagnostics), failed)
}

#[test]
fn game_file_errors() {
    settings("diagnostics").bind(|| {
        insta::glob!("../../../games/errors", "*.game", |path| {
            let (reports, failed) = fixture_reports(path);
            assert!(!reports.is_empty(), "{}: no diagnostic", path.display());
            assert_eq!(
                failed,
                reports.iter().any(|r| !r.is_warning()),
                "{}: compiles exactly when it has no error",
                path.display()
            );
            insta::assert_snapshot!(render_all(&reports));
        });
    });
}

#[test]
fn every_diagnostic_code_has_a_fixture() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/errors");
    let mut seen = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "game") {
            let (diags, _) = fixture_diagnostics(&path);
            seen.extend(diags.iter().map(|d| d.code));
        }
    }
    // Inputs too large to commit are generated here.
    let big = format!("game \"Big\"\n{}", "// padding\n".repeat(100_000));
    let long = format!("game \"Long\"\n{}x\n", " ".repeat(10_001));
    for text in [big, long] {
        if let Err(diags) = Host::embedded().load_text("generated.game", &text) {
            seen.extend(diags.iter().map(|d| d.code));
        }
    }
    let missing: Vec<&str> = koma_compile::Code::ALL
        .iter()
        .map(|c| c.name())
        .filter(|c| !seen.contains(c))
        .collect();
    assert!(
        missing.is_empty(),
        "codes with no fixture under games/errors/: {missing:?}"
    );
}

fn fixture_lines(name: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn sfen_errors() {
    let rules = Host::embedded().load("minishogi").unwrap().compiled.rules;
    let mut out = String::new();
    for line in fixture_lines("bad-sfen.txt") {
        let err = Position::from_sfen(&rules, &line).expect_err(&line);
        out.push_str(&format!(
            "$ {line}\n{}\n",
            Report::from(koma_host::convert::sfen(&err, &line)).render_plain()
        ));
    }
    settings("sfen").bind(|| insta::assert_snapshot!("sfen_errors", out));
}

#[test]
fn usi_errors() {
    let rules = Host::embedded().load("minishogi").unwrap().compiled.rules;
    let mut out = String::new();
    for line in fixture_lines("bad-usi.txt") {
        let mut pos = Position::start(&rules);
        let mut offset = 0;
        let mut report = None;
        for word in line.split(' ') {
            match pos.parse_usi(word) {
                Ok(mv) => pos.make(mv),
                Err(e) => {
                    let before = pos.to_sfen();
                    report = Some(Report::from(koma_host::convert::usi(
                        &e,
                        &line,
                        offset,
                        word.len(),
                    )));
                    assert_eq!(
                        pos.to_sfen(),
                        before,
                        "a rejected move leaves the position unchanged"
                    );
                    break;
                }
            }
            offset += word.len() + 1;
        }
        let report = report.unwrap_or_else(|| panic!("`{line}` was accepted"));
        out.push_str(&format!("$ {line}\n{}\n", report.render_plain()));
    }
    settings("usi").bind(|| insta::assert_snapshot!("usi_errors", out));
}
