//! What a new user met: a diff that can fail CI, examples by name, the second king's kanji, progress only on a
//! terminal. Each through the binary.

mod common;

use std::path::PathBuf;

use common::{koma, stderr, stdout};

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("koma-new-user-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Mini shogi without its first end rule: checkmate no longer ends the game.
fn minishogi_without_mate(dir: &std::path::Path) -> String {
    let source = koma_games::find("minishogi").unwrap().source;
    let edited: String = source
        .lines()
        .filter(|l| !l.contains("no legal move: side to move loses"))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = dir.join("no-mate.game");
    std::fs::write(&path, edited).unwrap();
    path.display().to_string()
}

#[test]
fn diff_exits_1_on_a_difference_like_diff_does() {
    let out = koma(&["diff", "micromini", "micromini-pie"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("legal only under micromini-pie: swap"));
    let out = koma(&["diff", "minishogi", "games/minishogi.game"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).starts_with("no difference"));
}

#[test]
fn diff_from_a_position_reaches_rules_that_matter_deep_in_a_game() {
    let dir = scratch("from");
    let edited = minishogi_without_mate(&dir);
    // One ply deep from the start, both games agree.
    let out = koma(&["diff", "minishogi", &edited, "--depth", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // From a position one move before mate, they do not.
    let mate_in_one = "k4/5/1G3/5/4K b G 1";
    let out = koma(&[
        "diff",
        "minishogi",
        &edited,
        "--depth",
        "1",
        "--from",
        mate_in_one,
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("the game goes on"),
        "{}",
        stdout(&out)
    );
    let out = koma(&["diff", "minishogi", &edited, "--from", "not an sfen"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("koma::diff-from"), "{}", stderr(&out));
}

#[test]
fn seeded_random_playouts_find_what_a_shallow_walk_cannot() {
    let dir = scratch("playouts");
    let edited = minishogi_without_mate(&dir);
    let args = [
        "diff",
        "minishogi",
        &edited,
        "--depth",
        "1",
        "--playouts",
        "30",
    ];
    let out = koma(&args);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("random playout"), "{text}");
    assert!(text.contains("no legal move: side to move loses"), "{text}");
    assert_eq!(
        stdout(&koma(&args)),
        text,
        "the same seed plays the same playouts"
    );
}

#[test]
fn examples_are_embedded_under_their_names() {
    let out = koma(&["card", "kyotoshogi"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("Kyoto Shogi"));
    let games = stdout(&koma(&["games"]));
    for example in [
        "kyotoshogi",
        "dobutsu",
        "torishogi",
        "euroshogi",
        "four-by-four",
    ] {
        let line = games.lines().find(|l| l.starts_with(example)).unwrap_or("");
        assert!(line.contains("example"), "{example}: {games}");
    }
}

#[test]
fn the_second_players_king_has_its_own_kanji() {
    let out = common::koma(&["repl", "minishogi", "--kanji"]);
    let board = stdout(&out);
    assert!(board.contains("v王"), "{board}");
    assert!(board.contains(" 玉"), "{board}");
    assert!(!board.contains("v玉"), "{board}");
}

#[test]
fn progress_lines_stay_off_a_pipe() {
    let out = koma(&["perft", "minishogi", "6"]);
    assert!(out.status.success());
    assert_eq!(
        stderr(&out),
        "",
        "no progress line when standard error is not a terminal"
    );
}
