//! The `koma` binary end to end: outputs, exit codes and diagnostics on stderr.

mod common;
use common::{koma, stderr, stdout};

#[test]
fn default_run_with_no_input_shows_mini_shogi_and_its_moves() {
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
fn bench_columns_stay_aligned_under_a_long_game_path() {
    let path = "examples/washogi.game";
    let o = koma(&["bench", "micromini", path, "--depth", "1", "--runs", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    // Every column ends where the header's does: "depth" over each row's depth.
    let depth_end = lines[0].find("depth").unwrap() + "depth".len();
    for row in &lines[1..] {
        assert_eq!(&row[depth_end - 1..depth_end], "1", "{out}");
        assert_eq!(row.len(), lines[0].len(), "{out}");
    }
    assert!(lines[2].starts_with(path), "{out}");
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
fn moves_are_listed_in_the_notation_asked_for() {
    let lines = |notation: &str| {
        let o = koma(&[
            "moves",
            "shogi",
            "--moves",
            "7g7f 3c3d 8h2b+",
            "--notation",
            notation,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let usi = lines("usi");
    assert!(usi.lines().any(|l| l == "3a2b"), "{usi}");
    assert!(lines("japanese").lines().any(|l| l == "△同　銀"));
    assert!(lines("western").lines().any(|l| l == "Sx2b"));
    assert!(lines("generic").lines().any(|l| l == "Silver x2b"));
    for notation in ["usi", "western", "japanese", "generic"] {
        assert_eq!(
            lines(notation).lines().count(),
            usi.lines().count(),
            "{notation}"
        );
    }
    // Japanese needs kanji; an unknown notation is refused by the argument parser.
    let dir = std::env::temp_dir().join(format!("koma-notation-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("cannon.game");
    std::fs::write(
        &game,
        "game \"Cannon\" extends \"minishogi\"\npiece Cannon C moves \"pR\"\n",
    )
    .unwrap();
    let o = koma(&["moves", game.to_str().unwrap(), "--notation", "japanese"]);
    assert!(
        !o.status.success()
            && stderr(&o).contains("koma::notation")
            && stderr(&o).contains("Cannon"),
        "{}",
        stderr(&o)
    );
    let o = koma(&["moves", game.to_str().unwrap(), "--notation", "generic"]);
    assert!(stdout(&o).contains("King "), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).ok();
    let o = koma(&["moves", "shogi", "--notation", "kif"]);
    assert!(
        !o.status.success() && stderr(&o).contains("kif"),
        "{}",
        stderr(&o)
    );
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

#[test]
fn piped_commands_are_answered_as_the_repl_would() {
    for args in [&[][..], &["repl"][..], &["repl", "minishogi"][..]] {
        let o = common::koma_with_input(args, b"moves\nplay 5d5c\n");
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("koma> moves\n14 legal moves"), "{out}");
        assert!(out.contains("sfen: rbsgk/4p/P4/5/KGSBR w - 2"), "{out}");
        assert!(!out.contains('\x1b'), "no colours when piped");
    }
}

#[test]
fn the_repl_refuses_a_game_that_does_not_load() {
    let o = common::koma_with_input(&["repl", "no-such-game"], b"moves\n");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    // The game's own diagnostic, not one report nested in another.
    assert!(err.starts_with("koma::unknown-game"), "{err}");
    assert!(!err.contains("koma::repl"), "{err}");
    assert!(
        err.contains("neither a .game file nor an embedded game"),
        "{err}"
    );
    // A misspelt name is matched to the nearest embedded game.
    let o = common::koma_with_input(&["repl", "minishgi"], b"moves\n");
    assert!(
        stderr(&o).contains("did you mean `minishogi`?"),
        "{}",
        stderr(&o)
    );
    let o = koma(&["card", "examples/chushog.game"]);
    assert!(stderr(&o).contains("there is no file"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("did you mean `chushogi`?"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn options_open_moves_for_moves_and_perft() {
    let o = koma(&[
        "moves",
        "micromini",
        "--option",
        "pie=on",
        "--moves",
        "P*2b",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("swap"));
    let o = koma(&["moves", "micromini", "--option", "designate=on"]);
    assert_eq!(stdout(&o).lines().count(), 8, "{}", stdout(&o));
    assert!(stdout(&o).lines().all(|l| l.starts_with("designate ")));
    let plain = koma(&["perft", "micromini", "2"]);
    let pie = koma(&["perft", "micromini", "2", "--option", "pie=on"]);
    assert_eq!(stdout(&plain).trim(), "Nodes searched: 849");
    assert_eq!(
        stdout(&pie).trim(),
        "Nodes searched: 879",
        "one swap after each of the 30 first placements"
    );
    for bad in ["pie", "pie=maybe", "bidding=on"] {
        let o = koma(&["moves", "micromini", "--option", bad]);
        assert_eq!(o.status.code(), Some(1));
        assert!(stderr(&o).contains("koma::option"), "{}", stderr(&o));
    }
    let o = koma(&["moves", "minishogi", "--option", "pie=on"]);
    assert!(stderr(&o).contains("does not declare"), "{}", stderr(&o));
}

/// `koma selfplay`: the JSON summary carries the first player's score, and two shards written to files and
/// merged give the summary of the one run with the same seed.
#[test]
fn selfplay_summarizes_and_its_shards_merge_into_the_run() {
    let run = [
        "selfplay",
        "minishogi",
        "--games",
        "6",
        "--nodes",
        "300",
        "--seed",
        "3",
    ];
    let whole = koma(&[&run[..], &["--format", "json"]].concat());
    assert!(
        whole.status.success(),
        "{}",
        String::from_utf8_lossy(&whole.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&whole.stdout).unwrap();
    let score = summary["first_player_score"].as_f64().unwrap();
    assert!(
        (0.0..=1.0).contains(&score) && summary["games"] == 6,
        "{summary}"
    );
    let dir = std::env::temp_dir().join(format!("koma-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for shard in ["0/2", "1/2"] {
        let o = koma(&[&run[..], &["--shard", shard]].concat());
        assert!(o.status.success());
        let file = dir.join(format!("shard{}.jsonl", &shard[..1]));
        std::fs::write(&file, &o.stdout).unwrap();
        files.push(file.display().to_string());
    }
    // The shards name their game: merge needs no --game.
    let merged = koma(&[
        "selfplay", "merge", "--format", "json", &files[0], &files[1],
    ]);
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&merged.stdout).unwrap(),
        summary
    );
    let text = koma(&run);
    let out = String::from_utf8_lossy(&text.stdout);
    for part in [
        "first player's score",
        "draw rate",
        "game length",
        "how games ended",
        "line 32",
        "first moves",
    ] {
        assert!(out.contains(part), "{part}: {out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `koma selfplay --records FILE` writes every game as JSON lines, and merging that file gives the run's own
/// statistics back.
#[test]
fn selfplay_records_merge_back_into_the_same_summary() {
    let dir = common::scratch("records");
    let file = dir.join("run.jsonl").display().to_string();
    let run = [
        "selfplay",
        "minishogi",
        "--games",
        "4",
        "--nodes",
        "300",
        "--format",
        "json",
    ];
    let played = koma(&[&run[..], &["--records", &file]].concat());
    assert!(played.status.success(), "{}", stderr(&played));
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    let merged = koma(&["selfplay", "merge", "--format", "json", &file]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    let a: serde_json::Value = serde_json::from_slice(&played.stdout).unwrap();
    let b: serde_json::Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(a, b);
    assert_eq!(a["distinct_games"], 4, "{a}");
}

/// `koma selfplay GAME --compare OTHER`: two identical files show no significant difference; a version that
/// takes the second player's Rook, Bishop, Silver and Gold moves the score significantly, and `--max-change`
/// turns that into exit status 1.
#[test]
fn selfplay_compare_measures_what_a_rule_edit_does_to_balance() {
    let dir = common::scratch("compare");
    let text = include_str!("../../../games/minishogi.game");
    let a = dir.join("a.game");
    let same = dir.join("same.game");
    let edited = dir.join("edited.game");
    std::fs::write(&a, text).unwrap();
    std::fs::write(&same, text).unwrap();
    let start = "start \"rbsgk/4p/5/P4/KGSBR b - 1\"";
    assert!(text.contains(start));
    std::fs::write(
        &edited,
        text.replace(start, "start \"4k/4p/5/P4/KGSBR b - 1\""),
    )
    .unwrap();
    let (a, same, edited) = (
        a.display().to_string(),
        same.display().to_string(),
        edited.display().to_string(),
    );
    let run = |other: &str, extra: &[&str]| {
        let args = [
            &[
                "selfplay",
                a.as_str(),
                "--compare",
                other,
                "--games",
                "12",
                "--nodes",
                "300",
                "--jobs",
                "2",
            ][..],
            extra,
        ]
        .concat();
        koma(&args)
    };
    let o = run(&same, &["--format", "json", "--max-change", "0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let c: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(c["difference"], 0.0, "{c}");
    assert_eq!(c["significant"], false, "{c}");
    let o = run(&edited, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("12 games of each version, from the same seeds and openings"),
        "{out}"
    );
    assert!(out.contains(": significant"), "{out}");
    assert!(out.contains("how games ended (share of games, "), "{out}");
    let o = run(&edited, &["--max-change", "0.1"]);
    assert!(!o.status.success());
    let err = stderr(&o)
        .split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ");
    // (The size of the move depends on the engine's games; that it is a significant rise is the point.)
    assert!(
        err.contains("moved by +0.") && err.contains(", significantly, more than"),
        "{err}"
    );
}
