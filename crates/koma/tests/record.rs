//! `koma record`: records converted through the binary, and a bad record refused in one line with its line.

mod common;

use common::{koma, koma_with_input, scratch, stderr, stdout};

#[test]
fn a_record_is_converted_between_every_format_and_back() {
    let usi = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n";
    let dir = scratch("record-formats");
    for to in ["kif", "csa", "json", "usi"] {
        let out = koma_with_input(
            &["record", "-", "--from", "usi", "--to", to],
            usi.as_bytes(),
        );
        assert!(out.status.success(), "{to}: {}", stderr(&out));
        let file = dir.join(format!("game.{to}"));
        std::fs::write(&file, out.stdout).unwrap();
        let back = koma(&["record", file.to_str().unwrap(), "--to", "usi"]);
        assert!(back.status.success(), "{to}: {}", stderr(&back));
        assert_eq!(stdout(&back), usi, "{to}");
    }
    let example = common::repo().join("examples/records/shiken-bisha.kifu");
    let kif = koma(&["record", example.to_str().unwrap()]);
    assert!(
        stdout(&kif).contains("12 moves of Shogi, each legal"),
        "{}",
        stderr(&kif)
    );
}

#[test]
fn a_bad_record_is_refused_in_one_line_with_its_line() {
    let dir = scratch("record-bad");
    let kif = dir.join("bad.kif");
    std::fs::write(
        &kif,
        "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(73)\n",
    )
    .unwrap();
    let out = koma(&["record", kif.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("line 3: `７六歩(73)`"),
        "{}",
        stderr(&out)
    );
    // No extension: the format must be said.
    let bare = dir.join("game");
    std::fs::write(&bare, "position startpos\n").unwrap();
    let out = koma(&["record", bare.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--from"), "{}", stderr(&out));
    // Bytes that are no record in any format: an error, never a panic.
    for from in ["kif", "csa", "usi", "json"] {
        let junk: Vec<u8> = (0..4000u32).map(|i| (i * 7919 % 251) as u8).collect();
        let out = koma_with_input(&["record", "-", "--from", from], &junk);
        assert_eq!(out.status.code(), Some(1), "{from}: {}", stderr(&out));
        assert!(
            !stderr(&out).contains("panicked"),
            "{from}: {}",
            stderr(&out)
        );
    }
    // A game CSA cannot hold says why.
    let out = koma_with_input(
        &[
            "record", "-", "--from", "usi", "--game", "chushogi", "--to", "csa",
        ],
        b"position startpos\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("12x12"), "{}", stderr(&out));
}

#[test]
fn the_repl_says_one_move_in_the_singular() {
    let dir = scratch("record-repl-one");
    let file = dir.join("one.kif");
    let f = file.to_str().unwrap();
    let script = format!("play 7g7f\nsave {f}\nreset\nload {f}\n");
    let text = stdout(&koma_with_input(&["repl", "shogi"], script.as_bytes()));
    assert!(
        text.contains(&format!("saved 1 move to {f} (kif)")),
        "{text}"
    );
    assert!(text.contains(&format!("loaded 1 move from {f}")), "{text}");
}

#[test]
fn the_repl_saves_a_game_and_loads_it_back_in_every_format() {
    let dir = scratch("record-repl");
    for ext in ["kif", "kifu", "csa", "usi", "json"] {
        let file = dir.join(format!("game.{ext}"));
        let f = file.to_str().unwrap();
        let script =
            format!("play 7g7f 3c3d 8h2b+ 3a2b B*4e\nsave {f}\nsave {f}\nreset\nload {f}\nsfen\n");
        let out = koma_with_input(&["repl", "shogi"], script.as_bytes());
        let text = stdout(&out);
        assert!(
            text.contains(&format!(
                "saved 5 moves to {f} ({})",
                if ext == "kifu" { "kif" } else { ext }
            )),
            "{ext}: {text}"
        );
        assert!(
            text.contains("File exists"),
            "{ext}: a second save does not overwrite: {text}"
        );
        assert!(
            text.contains(&format!("loaded 5 moves from {f}")),
            "{ext}: {text}"
        );
        assert!(
            text.contains(
                "sfen: lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b "
            ),
            "{ext}: {text}"
        );
    }
    // A record with an illegal move changes nothing and names the line.
    let bad = dir.join("bad.csa");
    std::fs::write(&bad, "PI\n+\n+7776FU\n-7776FU\n").unwrap();
    let script = format!("play 2g2f\nload {}\nsfen\n", bad.to_str().unwrap());
    let text = stdout(&koma_with_input(&["repl", "shogi"], script.as_bytes()));
    assert!(
        text.contains("bad.csa: line 4: `-7776FU` is not a legal move here"),
        "{text}"
    );
    assert!(
        text.contains("sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - "),
        "{text}"
    );
}

/// The moves of a record file, as `koma record FILE --to usi` reads them.
fn moves_of(file: &std::path::Path, game: &str) -> Vec<String> {
    let out = koma(&[
        "record",
        file.to_str().unwrap(),
        "--game",
        game,
        "--to",
        "usi",
    ]);
    assert!(out.status.success(), "{}: {}", file.display(), stderr(&out));
    let line = stdout(&out);
    line.split_whitespace()
        .skip_while(|w| *w != "moves")
        .skip(1)
        .map(str::to_string)
        .collect()
}

#[test]
fn self_play_writes_each_game_as_a_record_that_reads_back() {
    let dir = scratch("selfplay-records");
    let games = dir.join("games");
    let lines = dir.join("run.jsonl");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "selfplay",
            "minishogi",
            "--games",
            "4",
            "--nodes",
            "200",
            "--record-dir",
            games.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        koma(&args)
    };
    let out = run(&["--records", lines.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Each game's record holds the moves the run's JSON lines hold for it.
    let text = std::fs::read_to_string(&lines).unwrap();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let index = v["record"]["index"].as_u64().unwrap();
        let expected: Vec<String> = v["record"]["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let file = games.join(format!("game-{index:04}.kif"));
        let kif = std::fs::read_to_string(&file).unwrap();
        assert!(kif.contains("先手：koma"), "{kif}");
        assert_eq!(moves_of(&file, "minishogi"), expected, "{kif}");
    }
    assert_eq!(std::fs::read_dir(&games).unwrap().count(), 4);
    // A second run into the same folder writes over nothing.
    let again = run(&[]);
    assert_eq!(again.status.code(), Some(1));
    let words = |o: &std::process::Output| {
        stderr(o)
            .replace('│', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        words(&again).contains("game-0000.kif is already there"),
        "{}",
        stderr(&again)
    );
    // Another format, asked for; one that cannot hold the game is refused before any game is played.
    let json = run(&["--record-format", "json", "--seed", "2"]);
    assert!(json.status.success(), "{}", stderr(&json));
    assert!(games.join("game-0003.json").exists());
    let chu = koma(&[
        "selfplay",
        "chushogi",
        "--games",
        "1",
        "--record-dir",
        games.to_str().unwrap(),
        "--record-format",
        "csa",
    ]);
    assert_eq!(chu.status.code(), Some(1));
    assert!(
        words(&chu).contains("--record-format csa: a 12x12 board does not fit"),
        "{}",
        stderr(&chu)
    );
}
