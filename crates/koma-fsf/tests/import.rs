//! `koma_fsf::import`: every shipped game exported and read back plays the same game (perft from the start),
//! and what koma cannot read is named with its key and line. tools/fsf_import_diff.py compares imported
//! sections with pyffish.

mod common;

use common::{EXPORTED, load};
use koma_host::Host;
use koma_vm::Position;

#[test]
fn every_exported_game_reads_back_as_the_same_game() {
    for name in EXPORTED {
        let original = load(name);
        let ini = koma_fsf::export(&original.compiled, "roundtrip").unwrap();
        let imported = koma_fsf::import(&ini, None).unwrap();
        assert_eq!(imported.len(), 1, "{name}");
        let text = imported[0]
            .game
            .clone()
            .unwrap_or_else(|e| panic!("{name}: {e:?}\n{ini}"));
        let back = Host::embedded()
            .load_text("roundtrip.game", &text)
            .unwrap_or_else(|e| panic!("{name}: {e:?}\n{text}"));
        let depth = if original.compiled.rules.files >= 8 {
            2
        } else {
            3
        };
        let a = Position::start(&original.compiled.rules).perft(depth);
        let b = Position::start(&back.compiled.rules).perft(depth);
        assert_eq!(a, b, "{name}: perft {depth}\n{text}");
    }
}

#[test]
fn a_built_in_parent_is_inherited_and_a_key_koma_cannot_say_is_named_by_its_line() {
    let ini = "# a test\n[plus:gorogoro]\nlance = l\npromotedPieceType = l:g\nstartFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[Ll] w 0 1\n\n[odd:minishogi]\nblastOnCapture = true\n\n[orphan:chess]\n";
    let imported = koma_fsf::import(ini, None).unwrap();
    let plus = imported[0].game.as_ref().unwrap();
    assert!(
        plus.contains("piece Lance L moves \"fR\" promotes to PromotedLance"),
        "{plus}"
    );
    assert!(
        plus.contains("start \"sgkgs/5/1ppp1/1PPP1/5/SGKGS b Ll 1\""),
        "{plus}"
    );
    let odd = imported[1].game.as_ref().unwrap_err();
    assert_eq!(
        (odd[0].key.as_str(), odd[0].line),
        ("blastOnCapture", Some(8))
    );
    let stock = "[stock:minishogi]\npieceDrops = false\ncapturesToHand = false\nstartFen = rbsgk/4p/5/P4/KGSBR[P] w 0 1\n";
    let stock = koma_fsf::import(stock, None).unwrap();
    let issues = stock[0].game.as_ref().unwrap_err();
    assert_eq!(
        (issues[0].key.as_str(), issues[0].line),
        ("pieceDrops", Some(4)),
        "{issues:?}"
    );
    let orphan = imported[2].game.as_ref().unwrap_err();
    assert!(orphan[0].message.contains("parent `chess`"), "{orphan:?}");
    assert_eq!(orphan[0].line, Some(10));
}

#[test]
fn a_line_that_is_not_ini_is_an_error_at_its_line() {
    let err = koma_fsf::import("[a]\nmaxFile 5\n", None).unwrap_err();
    assert_eq!(err.line, 2);
    let err = koma_fsf::import("maxFile = 5\n", None).unwrap_err();
    assert_eq!(err.line, 1);
}

#[test]
fn mangled_sections_are_refused_or_read_never_a_panic() {
    let base = koma_fsf::export(&load("minishogi").compiled, "m").unwrap()
        + &koma_fsf::export(&load("examples/kyotoshogi.game").compiled, "k").unwrap();
    let pieces = [
        "",
        "-",
        "*",
        "+",
        "[",
        "]",
        ":",
        "=",
        "0",
        "99999999999",
        "4000000000",
        "z",
        "Z",
        "*0",
        "*99",
        "a0",
        "zz9",
        "k:",
        "p:pB2",
        "\n",
        "true",
        "win",
        "+++",
        "[x:y]",
        "/",
        "12",
    ];
    let mut seed = 1u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    for _ in 0..2000 {
        let mut text = base.clone();
        for _ in 0..1 + next(4) {
            let at = next(text.len());
            let at = (0..=at)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0);
            let end = (at + next(6)).min(text.len());
            let end = (end..=text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(text.len());
            text.replace_range(at..end, pieces[next(pieces.len())]);
        }
        if let Ok(sections) = koma_fsf::import(&text, None) {
            for s in sections {
                if let Ok(game) = s.game {
                    // A section read must compile, or be refused by the compiler with a diagnostic.
                    let _ = Host::embedded().load_text("mangled.game", &game);
                }
            }
        }
    }
}
