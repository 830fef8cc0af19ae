//! Records read back what they write, in every format a game allows, and a bad record is an error at its line.

use std::sync::Arc;

use koma_host::Host;
use koma_record::{Format, Replay, read, write};
use koma_vm::{Game, Rng, Rules};

fn rules(name: &str) -> Arc<Rules> {
    Host::embedded().load(name).unwrap().compiled.rules
}

/// A random game of at most `plies` plies from the start.
fn random_game(rules: &Arc<Rules>, rng: &mut Rng, plies: usize) -> Game {
    let mut game = Game::start(rules);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.below(moves.len())]);
    }
    game
}

#[test]
fn every_format_reads_back_the_moves_it_writes() {
    // (game, formats that must hold it)
    let cases: [(&str, &[Format]); 5] = [
        ("shogi", &Format::ALL),
        ("minishogi", &Format::ALL),
        ("judkins", &Format::ALL),
        ("torishogi", &[Format::Kif, Format::Usi, Format::Json]),
        ("chushogi", &[Format::Kif, Format::Usi, Format::Json]),
    ];
    let mut two_legs = 0;
    for (name, formats) in cases {
        let rules = rules(name);
        let mut rng = Rng::mixed(7, name.len() as u64);
        for i in 0..40 {
            let mut replay = Replay::of(random_game(&rules, &mut rng, 150));
            replay.headers = vec![
                ("first".into(), "Ann".into()),
                ("second".into(), "Bo".into()),
            ];
            replay.comments = vec![(1, format!("game {i}"))];
            two_legs += replay.moves().iter().filter(|m| m.mid().is_some()).count();
            for &format in formats {
                let text = write(&replay, format)
                    .unwrap_or_else(|e| panic!("{name}: {}: {e}", format.name()));
                let back = read(&rules, format, &text)
                    .unwrap_or_else(|e| panic!("{name} {}: {e}\n{text}", format.name()));
                assert_eq!(
                    back.moves(),
                    replay.moves(),
                    "{name} {}:\n{text}",
                    format.name()
                );
                for h in &replay.headers {
                    if format != Format::Usi {
                        assert!(back.headers.contains(h), "{name} {}: {h:?}", format.name());
                    }
                }
                if format != Format::Usi {
                    assert_eq!(back.comments, replay.comments, "{name} {}", format.name());
                }
                assert_eq!(back.ending(), replay.ending(), "{name} {}", format.name());
            }
        }
    }
    assert!(
        two_legs > 100,
        "only {two_legs} moves in two legs were written"
    );
}

#[test]
fn chu_shogi_kif_is_read_as_lishogi_writes_it() {
    // Moves as lishogi's shogiops writes them (full names, a lion's two legs, `(じっと)` for a lion that
    // stays), read into koma's moves; then koma's own KIF of the same moves.
    let chu = rules("chushogi");
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 4七仲人 （←4八）\n   2 2二猛豹 （←2一）\n\
        \x20  3 9十一龍馬 （←9十）\n   4 4二金将 （←5一）\n   5 8八獅子 （←7十）\n   6 11二猛豹 （←11一）\n\
        \x20  7一歩目 7七獅子 （←8八）\n   7二歩目 8六獅子 （←7七）\n   8 9二銅将 （←10一）\n\
        \x20  9 7七獅子 （←8六）\n  10 5五歩兵 （←5四）\n  11 一歩目 7八獅子 （←7七）\n\
        \x20 11 二歩目 7七獅子(じっと) （←7八）\n  12 7六龍馬 （←4三）\n";
    let replay = read(&chu, Format::Kif, kif).unwrap_or_else(|e| panic!("{e}"));
    let usi = "position startpos moves 4h4g 2a2b 9j9k 5a4b 7j8h 11a11b 8h7g8f 10a9b 8f7g 5d5e 7g7h7g 4c7f\n";
    assert_eq!(write(&replay, Format::Usi).unwrap(), usi);
    let text = write(&replay, Format::Kif).unwrap();
    for line in [
        "   1 4七仲 （←4八）",
        "   7 一歩目 7七獅 （←8八）",
        "   7 二歩目 8六獅 （←7七）",
        "  11 一歩目 7八獅 （←7七）",
        "  11 二歩目 7七獅 （←7八）",
    ] {
        assert!(text.contains(&format!("{line}\n")), "{line}\n{text}");
    }
    // A leg without its other half, and legs that do not meet, are errors at their lines.
    let head = "手数----指手---------消費時間--\n   1 一歩目 7八獅子 （←7十）\n";
    let e = read(&chu, Format::Kif, &format!("{head}   2 5五歩兵 （←5四）\n")).unwrap_err();
    assert_eq!(
        (e.line, e.message.contains("no `二歩目`")),
        (2, true),
        "{e}"
    );
    let e = read(&chu, Format::Kif, "   1 二歩目 7八獅子 （←7十）\n").unwrap_err();
    assert!(e.message.contains("no `一歩目`"), "{e}");
    let e = read(
        &chu,
        Format::Kif,
        &format!("{head}   1 二歩目 7七獅子 （←8八）\n"),
    )
    .unwrap_err();
    assert_eq!(
        (e.line, e.message.contains("the first ended on 7h")),
        (3, true),
        "{e}"
    );
}

#[test]
fn a_format_that_cannot_hold_a_game_says_why() {
    let chu = Replay::of(Game::start(&rules("chushogi")));
    let e = write(&chu, Format::Csa).unwrap_err();
    assert!(e.contains("12x12"), "{e}");
    assert!(write(&chu, Format::Json).is_ok());
    let text =
        include_str!("../../../examples/my-variant/four-by-four.game").replace(" kanji \"歩\"", "");
    let plain = Host::embedded()
        .load_text("plain.game", &text)
        .unwrap()
        .compiled
        .rules;
    let e = write(&Replay::of(Game::start(&plain)), Format::Kif).unwrap_err();
    assert!(e.contains("the piece Pawn has no kanji"), "{e}");
    let tori = Replay::of(Game::start(&rules("torishogi")));
    let e = write(&tori, Format::Csa).unwrap_err();
    assert!(e.contains("no CSA code"), "{e}");
}

#[test]
fn a_move_that_is_not_legal_is_an_error_at_its_line() {
    let shogi = rules("shogi");
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５五飛(28)\n";
    let e = read(&shogi, Format::Kif, kif).unwrap_err();
    assert_eq!(e.line, 5, "{e}");
    assert!(e.message.contains("not a legal move"), "{e}");
    let e = read(&shogi, Format::Kif, "   1 ７六象(77)\n").unwrap_err();
    assert!(
        e.message.contains("no piece of this game has the kanji 象"),
        "{e}"
    );
    let e = read(&shogi, Format::Csa, "PI\n+\n+7776FU\n+3334FU\n").unwrap_err();
    assert_eq!(
        (e.line, e.message.contains("not this player's turn")),
        (4, true),
        "{e}"
    );
    let e = read(&shogi, Format::Usi, "position startpos moves 7g7f 7g7f").unwrap_err();
    assert!(e.message.contains("move 2"), "{e}");
    let e = read(&shogi, Format::Kif, "後手の持駒：なし\n").unwrap_err();
    assert!(e.message.contains("board diagrams"), "{e}");
    let e = read(
        &shogi,
        Format::Json,
        r#"{"game": "Mini Shogi", "moves": []}"#,
    )
    .unwrap_err();
    assert!(e.message.contains("Mini Shogi"), "{e}");
}

#[test]
fn shift_jis_kif_is_read_and_a_resignation_kept() {
    let shogi = rules("shogi");
    let text = "先手：甲\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 投了\nまで1手で先手の勝ち\n";
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the test text is not UTF-8"
    );
    let replay = read(&shogi, Format::Kif, &koma_record::decode(&bytes)).unwrap();
    assert_eq!(replay.moves().len(), 1);
    assert_eq!(
        replay.headers,
        vec![("first".to_string(), "甲".to_string())]
    );
    assert_eq!(replay.ending().as_deref(), Some("投了 (後手)"));
    let csa = write(&replay, Format::Csa).unwrap();
    assert!(csa.ends_with("+7776FU\n%TORYO\n"), "{csa}");
}

#[test]
fn a_header_that_would_read_back_as_something_else_is_kept_as_a_comment() {
    let shogi = rules("shogi");
    let json =
        r#"{"moves": ["7g7f"], "headers": [["|odd", "x"], ["表題", "y"], ["first", "Ann"]]}"#;
    let replay = read(&shogi, Format::Json, json).unwrap();
    for format in [Format::Kif, Format::Csa] {
        let text = write(&replay, format).unwrap();
        let back = read(&shogi, format, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.moves(), replay.moves());
        assert!(
            back.headers.contains(&("first".into(), "Ann".into())),
            "{text}"
        );
        assert!(
            back.comments.iter().any(|(_, c)| c.contains("|odd")),
            "{format:?}: {text}"
        );
    }
    let broken = r#"{"moves": [], "headers": [["event", "two\nlines"]]}"#;
    let replay = read(&shogi, Format::Json, broken).unwrap();
    let e = write(&replay, Format::Kif).unwrap_err();
    assert!(e.contains("cannot be written in KIF"), "{e}");
}

#[test]
fn a_drop_the_kanji_cannot_tell_is_written_with_its_letter() {
    // Tori shogi's two quails are both 鶉: with both in hand, a drop names its quail by its SFEN letter.
    let tori = rules("torishogi");
    let mut rng = Rng::mixed(3, 1);
    let mut lettered = 0;
    for _ in 0..400 {
        let replay = Replay::of(random_game(&tori, &mut rng, 300));
        let text = write(&replay, Format::Kif).unwrap();
        if text.contains("L打") || text.contains("R打") {
            lettered += 1;
            let back = read(&tori, Format::Kif, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.moves(), replay.moves(), "{text}");
        }
        if lettered >= 3 {
            break;
        }
    }
    assert!(
        lettered >= 3,
        "only {lettered} games dropped a quail with both in hand"
    );
}

#[test]
fn letters_with_marks_and_two_character_kanji_read_back() {
    // Mini shogi with its Gold written G' (kanji 金将) and its Silver S!.
    let path = format!(
        "{}/../koma-games/tests/games/marked-minishogi.game",
        env!("CARGO_MANIFEST_DIR")
    );
    let rules = Host::disk().load(&path).unwrap().compiled.rules;
    let mut rng = Rng::mixed(11, 0);
    let mut two_character_names = 0;
    for _ in 0..20 {
        let game = random_game(&rules, &mut rng, 60);
        // CSA names pieces by shogi's codes, which know no 金将: it says so (tested below).
        for format in [Format::Kif, Format::Usi, Format::Json] {
            let text = write(&Replay::of(game.clone()), format).unwrap();
            two_character_names += text.matches("金将").count();
            let back =
                read(&rules, format, &text).unwrap_or_else(|e| panic!("{format:?}: {e}\n{text}"));
            assert_eq!(back.game.moves(), game.moves(), "{format:?}\n{text}");
        }
    }
    assert!(two_character_names > 0, "no record named the Gold");
    let csa = write(&Replay::of(Game::start(&rules)), Format::Csa).unwrap_err();
    assert!(csa.contains("Gold has no CSA code"), "{csa}");
}
