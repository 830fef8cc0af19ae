//! Snapshot tests of every diagnostic the tools print: `.game` files under `games/errors/`, malformed
//! SFENs and malformed or illegal USI moves. Snapshots live in the repository's `snapshots/` folder.

use koma::report::Report;
use koma_vm::Position;

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../../snapshots");
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

#[test]
fn game_file_errors() {
    settings().bind(|| {
        insta::glob!("../../../games/errors", "*.game", |path| {
            let name = format!(
                "games/errors/{}",
                path.file_name().unwrap().to_string_lossy()
            );
            let source = koma::GameSource {
                name,
                text: std::fs::read_to_string(path).unwrap(),
            };
            let reports = match koma::compile(&source) {
                Ok(_) => panic!("{} compiled, but it is an error fixture", source.name),
                Err(reports) => reports,
            };
            assert!(
                reports.iter().any(|r| !r.is_warning()),
                "{}: no error reported",
                source.name
            );
            insta::assert_snapshot!(render_all(&reports));
        });
    });
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
    let rules = koma_games::load("minishogi").unwrap().unwrap().rules;
    let mut out = String::new();
    for line in fixture_lines("bad-sfen.txt") {
        let err = Position::from_sfen(&rules, &line).expect_err(&line);
        out.push_str(&format!(
            "$ {line}\n{}\n",
            Report::from_sfen(&err, &line).render_plain()
        ));
    }
    settings().bind(|| insta::assert_snapshot!("sfen_errors", out));
}

#[test]
fn usi_errors() {
    let rules = koma_games::load("minishogi").unwrap().unwrap().rules;
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
                    report = Some(Report::from_usi(&e, &line, offset, word.len()));
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
    settings().bind(|| insta::assert_snapshot!("usi_errors", out));
}
