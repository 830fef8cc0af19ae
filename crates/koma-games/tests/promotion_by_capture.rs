//! `promotion by capture`: a capture promotes, compulsorily, and nothing else does (dai-dai and maka-dai-dai
//! shogi's rule); with a zone, only a capture that ends in it. The exact counts are in the perft suites
//! (`tenjiku-captures-*.perft`, from tools/shogivar_tables.py).

mod common;
use common::{board, moves_from, refusal, test_game};
use koma_vm::{IllegalReason, Position};

fn at(game: &str, pieces: &[(&str, &str)]) -> Position {
    let sfen = board(pieces, 'b');
    Position::from_sfen(&test_game(game), &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

#[test]
fn a_capture_promotes_and_nothing_else_does() {
    // Black's Pawn on 8h takes the Gold on 8g; its Gold on 4h steps to an empty square; its Pawn on 2b steps
    // to the last rank and stays there, unpromoted, with no move left (no zone, no stranded rule).
    let pos = at(
        "tenjiku-captures",
        &[
            ("8h", "P"),
            ("8g", "g"),
            ("4h", "G"),
            ("2b", "P"),
            ("1p", "K"),
            ("16a", "k"),
        ],
    );
    assert_eq!(moves_from(&pos, "8h"), ["8h8g+"]);
    assert!(moves_from(&pos, "4h").iter().all(|m| !m.ends_with('+')));
    assert_eq!(moves_from(&pos, "2b"), ["2b2a"]);
    let must = refusal(&pos, "8h8g");
    assert!(
        matches!(must, IllegalReason::MustPromoteOnCapture { .. }),
        "{must:?}"
    );
    assert_eq!(must.name(), "must-promote");
    assert!(
        must.to_string().contains("captures, so it must promote"),
        "{must}"
    );
    let cannot = refusal(&pos, "4h4g+");
    assert!(
        matches!(cannot, IllegalReason::CannotPromote { .. }),
        "{cannot:?}"
    );
    assert!(
        cannot.origin().is_some(),
        "the refusal quotes `promotion by capture`"
    );
}

#[test]
fn a_lion_promotes_when_either_leg_takes() {
    // Black's Lion on 8h, a White Pawn on 8g: taking it without moving promotes the Lion (to the Lion Hawk);
    // passing its turn over the empty 7h does not, nor a step to an empty square.
    let pos = at(
        "tenjiku-captures",
        &[("8h", "L!"), ("8g", "p"), ("1p", "K"), ("16a", "k")],
    );
    let moves = moves_from(&pos, "8h");
    for m in ["8h8g8h+", "8h8g+", "8h8g7f+", "8h7h8h", "8h7g"] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    for m in ["8h8g8h", "8h8g", "8h7h8h+", "8h7g+"] {
        assert!(!moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
}

#[test]
fn with_a_zone_only_a_capture_that_ends_in_it_promotes() {
    // The zone is Black's last five ranks (a to e): the Pawn on 8f takes on 8e, in it, and promotes; the
    // Pawn on 4h takes on 4g, outside it, and does not.
    let pos = at(
        "tenjiku-captures-zone",
        &[
            ("8f", "P"),
            ("8e", "g"),
            ("4h", "P"),
            ("4g", "g"),
            ("1p", "K"),
            ("16a", "k"),
        ],
    );
    assert_eq!(moves_from(&pos, "8f"), ["8f8e+"]);
    assert_eq!(moves_from(&pos, "4h"), ["4h4g"]);
}
