//! The linter: one fixture per lint under `games/lints/` that fires that lint and no other, its rendered
//! diagnostics and JSON snapshotted; the shipped games and examples lint clean; levels from the command line.

use std::collections::BTreeSet;

use koma_host::Host;
use koma_lint::{LINTS, Levels};

mod common;
use common::{koma, repo};

#[test]
fn each_fixture_fires_its_lint_and_no_other() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../../snapshots/lints");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../../../games/lints", "*.game", |path| {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let arg = format!("games/lints/{name}.game");
            let o = koma(&["lint", &arg, "--format", "json"]);
            let lines = String::from_utf8_lossy(&o.stdout).to_string();
            let codes: BTreeSet<String> = lines
                .lines()
                .map(|l| {
                    l.split("\"code\":\"")
                        .nth(1)
                        .unwrap()
                        .split('"')
                        .next()
                        .unwrap()
                        .to_string()
                })
                .collect();
            assert_eq!(
                codes,
                BTreeSet::from([format!("koma::lint::{name}")]),
                "{arg}:\n{lines}"
            );
            let text = String::from_utf8_lossy(&koma(&["lint", &arg]).stderr).to_string();
            insta::assert_snapshot!(format!("{text}\n--- json ---\n{lines}"));
        });
    });
}

#[test]
fn every_lint_has_a_fixture() {
    for l in LINTS {
        assert!(
            repo()
                .join(format!("games/lints/{}.game", l.name))
                .is_file(),
            "no fixture for {}",
            l.name
        );
        assert!(l.code.starts_with("koma::lint::") && !l.summary.is_empty());
    }
}

#[test]
fn shipped_games_and_examples_lint_clean() {
    let dir = repo();
    let mut games: Vec<String> = koma_games::GAMES
        .iter()
        .map(|g| g.name.to_string())
        .collect();
    for example in [
        "examples/gorogoro-seed-endings.game",
        "examples/micromini-pie.game",
        "examples/my-variant/four-by-four.game",
        "examples/kyotoshogi.game",
        "examples/euroshogi.game",
        "examples/dobutsu.game",
        "examples/torishogi.game",
    ] {
        games.push(dir.join(example).display().to_string());
    }
    for g in games {
        let checked = Host::disk().check(&g, &Levels::default());
        assert!(checked.compiled.is_some(), "{g} does not compile");
        assert!(
            checked.diagnostics.is_empty(),
            "{g}: {:?}",
            checked
                .diagnostics
                .iter()
                .map(|d| &d.message)
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn levels_from_the_command_line_and_exit_status() {
    let fixture = "games/lints/end-rule-shadowed.game";
    assert_eq!(
        koma(&["lint", fixture]).status.code(),
        Some(0),
        "a warning passes"
    );
    assert_eq!(
        koma(&["lint", fixture, "-D", "end-rule-shadowed"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        koma(&["lint", fixture, "-D", "warnings"]).status.code(),
        Some(1)
    );
    let allowed = koma(&["lint", fixture, "-A", "end-rule-shadowed"]);
    assert!(allowed.status.success() && allowed.stderr.is_empty());
    assert_eq!(
        koma(&["lint", "games/lints/start-without-moves.game"])
            .status
            .code(),
        Some(1),
        "deny by default"
    );
    let o = koma(&["lint", fixture, "-D", "no-such-lint"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("no lint is called `no-such-lint`"));
    let o = koma(&[
        "lint",
        "games/lints/asymmetric-start.game",
        "-A",
        "asymmetric-start",
    ]);
    assert!(o.stderr.is_empty(), "the command line overrides the file");
    let list = String::from_utf8_lossy(&koma(&["lint", "--list"]).stdout).to_string();
    assert_eq!(list.lines().count(), LINTS.len());
}

#[test]
fn check_shows_the_default_warnings() {
    let o = koma(&["check", "games/lints/end-rule-shadowed.game"]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("koma::lint::end-rule-shadowed"), "{err}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("1 warning(s)"));
    assert_eq!(
        koma(&["check", "games/lints/start-without-moves.game"])
            .status
            .code(),
        Some(1)
    );
}

#[test]
fn json_objects_carry_position_and_help() {
    let checked = Host::disk().check(
        &repo()
            .join("games/lints/end-rule-shadowed.game")
            .display()
            .to_string(),
        &Levels::default(),
    );
    let line = koma::json::diagnostic(&checked.diagnostics[0]).to_string();
    for key in [
        "\"code\":\"koma::lint::end-rule-shadowed\"",
        "\"level\":\"warning\"",
        "\"line\":8",
        "\"column\":3",
        "\"help\":\"put the narrower rule first\"",
    ] {
        assert!(line.contains(key), "{line} lacks {key}");
    }
    assert!(koma::report::Report::from(checked.diagnostics[0].clone()).is_warning());
}

/// `koma check --format json` reports a syntax error, an unknown parent and a lint alike: one JSON object
/// each, on standard output, with exit status 1 for the errors. The format is in docs/testing.md.
#[test]
fn check_json_reports_syntax_errors_unknown_parents_and_lints() {
    let o = koma(&[
        "check",
        "--format",
        "json",
        "games/errors/syntax-board-without-x.game",
        "games/errors/extends-unknown-game.game",
        "games/lints/end-rule-shadowed.game",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let codes: Vec<&str> = records
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [
            "koma::syntax",
            "koma::extends-unknown-game",
            "koma::lint::end-rule-shadowed"
        ]
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../../snapshots/json");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("check_json", out));
}
