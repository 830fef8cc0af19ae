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
