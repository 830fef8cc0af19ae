//! Every notation writes what shogi players read, and reads back each legal move it writes.

use std::sync::Arc;

use koma_host::Host;
use koma_notation::{Notation, read};
use koma_vm::{Game, Position, Rng, Rules};

fn rules(name: &str) -> Arc<Rules> {
    Host::embedded().load(name).unwrap().compiled.rules
}

/// The text of the USI move `usi` in `sfen` (9x9 shogi), in every notation but USI: Western, Japanese, generic.
fn texts(sfen: &str, usi: &str, last: Option<&str>) -> [String; 3] {
    let rules = rules("shogi");
    let pos = Position::from_sfen(&rules, sfen).unwrap();
    let mv = pos.parse_usi(usi).unwrap();
    let last_to = last.map(|l| rules.parse_square(l).unwrap().0);
    let [_, rest @ ..] = Notation::ALL;
    let out = rest.map(|n| n.write(&pos, mv, last_to));
    for text in &out {
        assert_eq!(read(&pos, text, last_to), Ok(mv), "{text} reads back");
    }
    out
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn a_pawn_move_a_capture_with_promotion_and_a_drop() {
    assert_eq!(texts(START, "2g2f", None), ["P-2f", "▲２六歩", "Pawn 2f"]);
    // The Bishop takes on 2b and promotes (after 7g7f 3c3d).
    let open = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
    assert_eq!(
        texts(open, "8h2b+", None),
        ["Bx2b+", "▲２二角成", "Bishop x2b+"]
    );
    assert_eq!(
        texts(open, "8h2b", None),
        ["Bx2b=", "▲２二角不成", "Bishop x2b="]
    );
    let hand = "lnsgkgsnl/1r7/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b B 1";
    assert_eq!(texts(hand, "B*5e", None), ["B*5e", "▲５五角", "Bishop *5e"]);
}

#[test]
fn the_second_player_and_the_last_moves_square() {
    let after = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4";
    assert_eq!(
        texts(after, "3a2b", Some("2b")),
        ["Sx2b", "△同　銀", "Silver x2b"]
    );
}

#[test]
fn two_pieces_that_could_go_to_one_square_are_told_apart() {
    // From the start both Golds reach 5h.
    assert_eq!(
        texts(START, "6i5h", None),
        ["G6i-5h", "▲５八金左", "Gold 6i-5h"]
    );
    assert_eq!(
        texts(START, "4i5h", None),
        ["G4i-5h", "▲５八金右", "Gold 4i-5h"]
    );
    // Golds on 5i and 4i: the one straight below goes `直`, the other from the right.
    let golds = "4k4/9/9/9/9/9/9/9/4GG3 b - 1";
    assert_eq!(texts(golds, "5i5h", None)[1], "▲５八金直");
    assert_eq!(texts(golds, "4i5h", None)[1], "▲５八金右");
    // Silvers on 5i and 4g: one goes forward, the other back.
    let silvers = "4k4/9/9/9/9/9/5S3/9/4S4 b - 1";
    assert_eq!(texts(silvers, "5i5h", None)[1], "▲５八銀上");
    assert_eq!(texts(silvers, "4g5h", None)[1], "▲５八銀引");
    // Golds on 6h and 4h both step sideways to 5h: only the side tells them apart.
    let sideways = "4k4/9/9/9/9/9/9/3G1G3/9 b - 1";
    assert_eq!(texts(sideways, "6h5h", None)[1], "▲５八金左");
    // A drop where a piece of the same kind could also go says `打`.
    let drop = "4k4/9/9/9/9/9/9/9/3G5 b G 1";
    assert_eq!(texts(drop, "G*5h", None)[1], "▲５八金打");
    assert_eq!(texts(drop, "6i5h", None)[1], "▲５八金");
}

#[test]
fn a_text_that_names_no_move_or_several_is_an_error() {
    let rules = rules("shogi");
    let pos = Position::from_sfen(&rules, START).unwrap();
    for bad in [
        "",
        "P-2e",
        "▲２五歩",
        "Gold 5h",
        "Rook 1a",
        "zz",
        &"P".repeat(500),
    ] {
        let err = read(&pos, bad, None).unwrap_err();
        assert!(
            !err.message.is_empty() && !err.message.contains('\n'),
            "{bad}: {err}"
        );
    }
    // Without the origin that tells the two Golds apart, the text names both: said so.
    let both = read(&pos, "G-5h", None).unwrap_err();
    assert!(
        both.ambiguous && both.message.contains("6i5h, 4i5h"),
        "{both}"
    );
    assert_eq!(
        read(&pos, "Gold 4i-5h", None),
        Ok(pos.parse_usi("4i5h").unwrap())
    );
    // Lower case letters are read when they name one move.
    assert_eq!(read(&pos, "p-2f", None), Ok(pos.parse_usi("2g2f").unwrap()));
}

#[test]
fn japanese_needs_kanji_and_the_others_write_any_game() {
    for name in ["shogi", "minishogi", "judkins", "torishogi", "chushogi"] {
        assert!(
            Notation::Japanese.fits(&rules(name)).is_ok(),
            "{name} has kanji"
        );
    }
    let no_kanji = Host::embedded()
        .load_text(
            "plain.game",
            "game \"Plain\" extends \"minishogi\"\npiece Cannon C moves \"pR\"\n",
        )
        .unwrap()
        .compiled
        .rules;
    let why = Notation::Japanese.fits(&no_kanji).unwrap_err();
    assert!(why.contains("Cannon"), "{why}");
    for n in [Notation::Usi, Notation::Western, Notation::Generic] {
        assert!(n.fits(&no_kanji).is_ok());
    }
    assert_eq!(Notation::named("Western"), Some(Notation::Western));
    assert_eq!(Notation::named("kif"), None);
}

#[test]
fn every_legal_move_reads_back_from_every_notation_in_random_games() {
    for name in ["shogi", "minishogi", "judkins", "torishogi", "chushogi"] {
        let rules = rules(name);
        let mut rng = Rng::mixed(11, name.len() as u64);
        for _ in 0..6 {
            let mut game = Game::start(&rules);
            for _ in 0..60 {
                let moves = game.legal_moves();
                if game.outcome().is_some() || moves.is_empty() {
                    break;
                }
                let last_to = game.moves().last().map(|m| m.to());
                let pos = game.position();
                // Every move's text is told apart from the others'; every few plies each is read back.
                let read_all = game.moves().len().is_multiple_of(7);
                for notation in Notation::ALL {
                    let mut seen = std::collections::HashMap::new();
                    for &mv in &moves {
                        let text = notation.write_among(pos, &moves, mv, last_to);
                        let read_back = if read_all {
                            read(pos, &text, last_to).unwrap()
                        } else {
                            mv
                        };
                        if let Some(other) = seen.insert(text.clone(), mv) {
                            // Only twins share a text: the same position after either.
                            assert_eq!(after(pos, other), after(pos, mv), "{name}: {text}");
                            assert_eq!(after(pos, read_back), after(pos, mv), "{name}: {text}");
                        } else {
                            assert_eq!(read_back, mv, "{name}: {text}");
                        }
                    }
                }
                game.play(moves[rng.below(moves.len())]);
            }
        }
    }
}

/// The key of the position after `mv`.
fn after(pos: &Position, mv: koma_vm::Move) -> u64 {
    let mut next = pos.clone();
    next.make(mv);
    next.key()
}
