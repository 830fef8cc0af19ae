//! Rule behaviour under test: a rules card per shipped game and a transcript per scenario file, snapshotted;
//! and what an author sees after an edit that changes a rule (`koma test`, the card, `koma diff`).

use std::path::PathBuf;

mod common;
use common::{koma, repo, stderr, stdout};

fn settings(suite: &str) -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(format!("../../../snapshots/{suite}"));
    s.set_prepend_module_to_snapshot(false);
    s
}

#[test]
fn cards() {
    settings("cards").bind(|| {
        insta::glob!("../../../games", "*.game", |path| {
            let o = koma(&["card", path.to_str().unwrap()]);
            assert!(o.status.success(), "{}", stderr(&o));
            insta::assert_snapshot!(stdout(&o));
        });
    });
}

#[test]
fn scenarios() {
    settings("scenarios").bind(|| {
        insta::glob!("../../../games", "*.scenarios", |path| {
            let name = format!("games/{}", path.file_name().unwrap().to_string_lossy());
            let o = koma(&["test", &name]);
            assert!(o.status.success(), "{name}:\n{}{}", stdout(&o), stderr(&o));
            insta::assert_snapshot!(stdout(&o));
        });
    });
}

#[test]
fn the_example_games_pass_their_scenarios() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "scenarios"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    for f in files {
        let name = format!("examples/{}", f.file_name().unwrap().to_string_lossy());
        let o = koma(&["test", &name]);
        assert!(o.status.success(), "{name}:\n{}{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).contains(" 0 failed"), "{name}: {}", stdout(&o));
    }
}

#[test]
fn every_shipped_game_has_scenarios() {
    for g in koma_games::GAMES {
        assert!(
            repo().join(format!("games/{}.scenarios", g.name)).is_file(),
            "no scenarios for {}",
            g.name
        );
    }
}

/// A scratch copy of a shipped game and its scenarios, with one edit to the game.
fn edited_copy(game: &str, old: &str, new: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("koma-behaviour-{}-{game}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let source = std::fs::read_to_string(repo().join(format!("games/{game}.game"))).unwrap();
    assert!(source.contains(old), "{old}");
    std::fs::write(
        dir.join(format!("{game}.game")),
        source.replacen(old, new, 1),
    )
    .unwrap();
    std::fs::copy(
        repo().join(format!("games/{game}.scenarios")),
        dir.join(format!("{game}.scenarios")),
    )
    .unwrap();
    dir
}

/// The lines only one of two texts has.
fn changed_lines(a: &str, b: &str) -> (Vec<String>, Vec<String>) {
    let only = |x: &str, y: &str| {
        x.lines()
            .filter(|l| !y.lines().any(|m| m == *l))
            .map(str::to_string)
            .collect()
    };
    (only(a, b), only(b, a))
}

#[test]
fn removing_nifu_fails_its_scenario_changes_one_card_line_and_diff_finds_the_second_pawn() {
    let dir = edited_copy(
        "minishogi",
        "  no Pawn on a file holding an own Pawn  // nifu\n",
        "",
    );
    let game = dir.join("minishogi.game");
    let scenarios = dir.join("minishogi.scenarios");
    let o = koma(&["test", scenarios.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("FAIL  nifu: no pawn drop on a file that holds an own pawn"),
        "{}",
        stdout(&o)
    );
    // The start perft counts the second pawn dropped on file 5 at ply 3 too.
    assert!(
        stdout(&o).contains("FAIL  the start position has 14 moves"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).trim_end().ends_with("9 passed, 2 failed"),
        "{}",
        stdout(&o)
    );
    let err = stderr(&o);
    assert!(
        err.contains("koma::scenario-failed") && err.contains("illegal P*5b because nifu"),
        "{err}"
    );
    assert!(err.contains("but it is legal"), "{err}");

    let before = stdout(&koma(&["card", "minishogi"]));
    let after = stdout(&koma(&["card", game.to_str().unwrap()]));
    let (gone, new) = changed_lines(&before, &after);
    // The drop rule, and the perft count that the second pawn on file 5 (dropped at ply 3) changes.
    assert_eq!(
        gone,
        vec![
            "- Pawn: not on a file holding an own Pawn; not giving checkmate; not where it could never move (the last rank)",
            "depth 3: 2512"
        ]
    );
    assert_eq!(
        new,
        vec![
            "- Pawn: not giving checkmate; not where it could never move (the last rank)",
            "depth 3: 2516"
        ]
    );

    let o = koma(&["diff", "minishogi", game.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(out.starts_with("2 difference(s) after 2 plies"), "{out}");
    // (Which of the two recaptures on 1b is told first depends on the order moves are generated in.)
    assert!(
        out.contains("after 1e1b 2a1b (and 1 other line):")
            || out.contains("after 1e1b 1a1b (and 1 other line):"),
        "{out}"
    );
    assert!(out.contains("minishogi.game: P*5b P*5c"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_pawn_that_no_longer_flips_fails_its_scenario_changes_its_card_line_and_diff_finds_the_capture()
{
    let dir = edited_copy(
        "microshogi",
        "moves \"fW\"   flips to Knight",
        "moves \"fW\"                ",
    );
    let game = dir.join("microshogi.game");
    let o = koma(&["test", dir.join("microshogi.scenarios").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("FAIL  a pawn turns into a knight when it captures"),
        "{out}"
    );
    assert!(
        stderr(&o).contains("expected the position"),
        "{}",
        stderr(&o)
    );

    let before = stdout(&koma(&["card", "microshogi"]));
    let after = stdout(&koma(&["card", game.to_str().unwrap()]));
    let (gone, new) = changed_lines(&before, &after);
    assert!(
        gone.contains(&"Pawn (P, 歩): turns over to Knight whenever it captures".to_string()),
        "{gone:?}"
    );
    assert!(new.contains(&"Pawn (P, 歩)".to_string()), "{new:?}");
    assert!(
        gone.contains(&"- Knight: dropped face up from a Pawn in hand".to_string()),
        "{gone:?}"
    );

    let out = stdout(&koma(&["diff", "microshogi", game.to_str().unwrap()]));
    assert!(out.starts_with("1 difference(s) after 2 plies"), "{out}");
    assert!(out.contains("4b4c leads to different positions"), "{out}");

    // One fact found on many lines is told once, with a count.
    let out = stdout(&koma(&["diff", "micromini", "micromini-pie"]));
    assert_eq!(
        out.matches("legal only under micromini-pie: swap").count(),
        1,
        "{out}"
    );
    assert!(out.contains(" other lines):"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn identical_rules_have_no_difference_and_a_broken_scenario_file_points_at_its_line() {
    let out = stdout(&koma(&[
        "diff",
        "minishogi",
        "games/minishogi.game",
        "--depth",
        "3",
    ]));
    assert!(out.starts_with("no difference up to depth 3"), "{out}");
    let dir = std::env::temp_dir().join(format!("koma-behaviour-{}-broken", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("minishogi.scenarios");
    std::fs::write(
        &file,
        "scenario \"x\" {\n  from start\n  moves are 5d5c\n  perft three is 2\n}\n",
    )
    .unwrap();
    let o = koma(&["test", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("koma::scenario-syntax") && err.contains("minishogi.scenarios:4:9"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
