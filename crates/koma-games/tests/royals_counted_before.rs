//! `royal pieces: the last one counts before the move` beside the reading after the move (sho shogi's example):
//! the count decides whether a promotion to a second royal piece may leave the first one attacked. The exact
//! counts are in `shoshogi-before-royal.perft`, from Fairy-Stockfish's move generator (tools/fsf_diff.py).

mod common;
use common::{example, moves_from, test_game};
use koma_vm::Position;

fn moves(rules: &std::sync::Arc<koma_vm::Rules>, sfen: &str, from: &str) -> Vec<String> {
    let pos = Position::from_sfen(rules, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    moves_from(&pos, from)
}

#[test]
fn in_check_a_promotion_to_a_second_royal_piece_must_answer_the_check() {
    // Black's King on 5i is checked by the Rook on 5b; its Drunk Elephant on 2c may promote to a Crown Prince.
    let sfen = "4k4/4r4/7E1/9/9/9/9/9/4K4 b - 1";
    let after = moves(&example("shoshogi"), sfen, "2c");
    assert_eq!(
        after.len(),
        7,
        "counted after the move, each promotion is legal: {after:?}"
    );
    assert!(after.iter().all(|m| m.ends_with('+')), "{after:?}");
    let before = moves(&test_game("shoshogi-before"), sfen, "2c");
    assert!(
        before.is_empty(),
        "counted before the move, none answers the check: {before:?}"
    );
}

#[test]
fn a_pinned_drunk_elephant_may_not_promote_off_its_line() {
    // The Rook on 5a pins Black's Drunk Elephant on 5c to its King on 5i.
    let sfen = "4r3k/9/4E4/9/9/9/9/9/4K4 b - 1";
    let after = moves(&example("shoshogi"), sfen, "5c");
    for m in ["5c4b+", "5c6d+", "5c5b+", "5c5b"] {
        assert!(after.contains(&m.to_string()), "{m} missing from {after:?}");
    }
    let before = moves(&test_game("shoshogi-before"), sfen, "5c");
    assert_eq!(before, ["5c5b", "5c5b+"]);
}
