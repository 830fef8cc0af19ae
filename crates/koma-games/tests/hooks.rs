//! Hook moves (`mRasR`, a walk whose legs slide): a slide through empty squares, a turn square to it on any of
//! them, and a slide on, taking only where it stops. The exact counts are in the perft suites
//! (`tenjiku-hooks*.perft`, from tools/shogivar_tables.py, which reads the hook movers from ShogiVar's tables).

mod common;
use common::{board, moves_from, test_game};

fn assert_moves(moves: &[String], there: &[&str], not_there: &[&str]) {
    for m in there {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    for m in not_there {
        assert!(!moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
}

#[test]
fn a_hook_mover_turns_only_on_empty_squares_and_is_blocked_at_the_turn() {
    let rules = test_game("tenjiku-hooks");
    // Black's Hook Mover on 8h, boxed in by its own Pawns on 9h, 7h and 8i: it leaves forward only. 8g and 8f
    // are empty, so it may turn on either; the White Pawn on 8e ends the line (taken by the slide that does not
    // turn, and no turn beyond it). On 7g a Black Silver blocks the turn to the right at 8g at once; on rank f
    // the turn to the right runs to the White Gold on 5f and takes it.
    let sfen = board(
        &[
            ("8h", "J"),
            ("9h", "P"),
            ("7h", "P"),
            ("8i", "P"),
            ("8e", "p"),
            ("7g", "S"),
            ("5f", "g"),
            ("1p", "K"),
            ("16a", "k"),
        ],
        'b',
    );
    let pos = koma_vm::Position::from_sfen(&rules, &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let moves = moves_from(&pos, "8h");
    assert_moves(
        &moves,
        &[
            "8h8g", "8h8f", "8h8e", "8h9g", "8h16g", "8h7f", "8h6f", "8h5f", "8h9f", "8h16f",
        ],
        &[
            "8h7g", "8h6g", "8h4f", "8h8d", "8h7e", "8h9e", "8h7h", "8h8j", "8h7f8h",
        ],
    );
    // One move to each square, written without a middle square: 2 on the file, 8 + 0 from 8g, 8 + 3 from 8f,
    // and the capture on 8e.
    assert_eq!(moves.len(), 2 + 8 + 8 + 3 + 1, "{moves:?}");
}

#[test]
fn a_peacock_hooks_from_its_forward_diagonals_only() {
    let rules = test_game("tenjiku-hooks");
    // Black's Peacock (`flBfrBblF2brF2mfBasB`) on 8h of an empty board: its turns start on the forward
    // diagonals and may go back along the other diagonal (7g, then 6h 5i 4j; 9g, then 10h 11i 12j); straight
    // back it goes two squares, and no turn reaches 5k or 12l behind it.
    let sfen = board(&[("8h", "J'"), ("1p", "K"), ("16a", "k")], 'b');
    let pos = koma_vm::Position::from_sfen(&rules, &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let moves = moves_from(&pos, "8h");
    assert_moves(
        &moves,
        &["8h7g", "8h1a", "8h9e", "8h4j", "8h7i", "8h6j", "8h12j"],
        &["8h5k", "8h12l", "8h8g", "8h8i", "8h7h"],
    );
}

#[test]
fn a_hooks_turn_gives_check() {
    let rules = test_game("tenjiku-hooks-checked");
    // White's King on 3c shares neither line of Black's Hook Mover on 8h: only the turn on 8c reaches it.
    let sfen = board(&[("8h", "J"), ("3c", "k"), ("1p", "K")], 'w');
    let pos = koma_vm::Position::from_sfen(&rules, &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    assert!(pos.in_check(), "{sfen}");
    // Two turns reach it, on 8c along rank c and on 3h up file 3: White Golds on 4c and 3d close both.
    let blocked = board(
        &[
            ("8h", "J"),
            ("3c", "k"),
            ("4c", "g"),
            ("3d", "g"),
            ("1p", "K"),
        ],
        'w',
    );
    let pos =
        koma_vm::Position::from_sfen(&rules, &blocked).unwrap_or_else(|e| panic!("{blocked}: {e}"));
    assert!(!pos.in_check(), "{blocked}");
}
