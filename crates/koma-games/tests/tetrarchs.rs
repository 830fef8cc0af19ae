//! The Heavenly Tetrarchs (`jBjsW3cKabK`): passing over the square next to it (`j`), and taking without moving
//! (`cKabK`). The exact counts are in the perft suites (`tenjiku-*-tetrarchs.perft`, from
//! tools/shogivar_tables.py).

mod common;
use common::{board, moves_from, test_game};

#[test]
fn the_tetrarchs_pass_over_the_square_next_to_them_and_take_without_moving() {
    let rules = test_game("tenjiku-generals");
    // Black's Tetrarchs on 8h. Next to it: its own Pawn on 7g (passed over: the diagonal goes on from 6f), a
    // White Gold on 9h (passed over sideways, and taken without moving), a White Pawn on 8g (taken without
    // moving; the Tetrarchs never move along a file). On 10h a White Pawn stops the sideways move there: it
    // is taken, and 11h is out of reach. The board is otherwise empty but for the kings.
    let sfen = board(
        &[
            ("8h", "+C'"),
            ("7g", "P"),
            ("9h", "g"),
            ("8g", "p"),
            ("10h", "p"),
            ("1p", "K"),
            ("16a", "k"),
        ],
        'b',
    );
    let pos = koma_vm::Position::from_sfen(&rules, &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let moves = moves_from(&pos, "8h");
    for m in [
        "8h8g8h", "8h9h8h", "8h6f", "8h5e", "8h10h", "8h10j", "8h6h", "8h5h",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    for m in [
        "8h7g", "8h8g", "8h9h", "8h11h", "8h7h", "8h7g8h", "8h8f", "8h8i",
    ] {
        assert!(!moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
}
