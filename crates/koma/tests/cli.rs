//! The `koma` binary end to end: outputs, exit codes and diagnostics on stderr.

use std::process::{Command, Output};

fn koma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn default_run_shows_mini_shogi_and_its_moves() {
    let o = koma(&[]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("rbsgk/4p/5/P4/KGSBR b - 1"), "{out}");
    assert!(out.contains("14 legal moves"), "{out}");
}

#[test]
fn perft_divide_is_stockfish_style() {
    let o = koma(&["perft", "minishogi", "2", "--divide"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(lines.len(), 14);
    assert!(
        lines.contains(&"5d5c: 13") && lines.contains(&"1e1b: 2"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("Nodes searched: 181"), "{out}");
}

#[test]
fn moves_and_perft_accept_sfen_and_moves() {
    let o = koma(&["moves", "minishogi", "--sfen", "k4/5/5/P4/4K b P 1"]);
    assert_eq!(stdout(&o).lines().count(), 19);
    let o = koma(&["perft", "minishogi", "1", "--moves", "5d5c 1b1c"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = koma(&["perft", "minishogi", "1", "--sfen", "k4/5/5/P4/4K b P 1"]);
    assert_eq!(stdout(&o).trim(), "Nodes searched: 19");
}

#[test]
fn check_accepts_a_path_and_an_embedded_name() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/minishogi.game");
    for game in [path, "minishogi"] {
        let o = koma(&["check", game]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("ok"));
    }
}

#[test]
fn bad_inputs_fail_with_a_coded_diagnostic() {
    let bad_game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/errors/betza-drop-descriptor.game"
    );
    let cases: &[(&[&str], &str)] = &[
        (&["check", bad_game], "koma::betza"),
        (&["check", "no-such-game"], "koma::unknown-game"),
        (
            &["moves", "minishogi", "--sfen", "rbsgk/4p/5/P4 b - 1"],
            "koma::sfen",
        ),
        (&["moves", "minishogi", "--moves", "5d5c 9z9z"], "koma::usi"),
        (
            &["perft", "minishogi", "1", "--moves", "5e5d"],
            "koma::illegal-move",
        ),
    ];
    for (args, code) in cases {
        let o = koma(args);
        assert!(!o.status.success(), "{args:?} succeeded");
        assert!(stderr(&o).contains(code), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
}
