//! Moves in two legs whose legs slide (the hook mover's `RaR`), and `moves in two legs hold the square they
//! start from`: a piece that stands on its square until its move ends. The exact counts against
//! yetiowin805's taikyoku_shogi engine, which plays its lions and hook movers so, are in the perft suites
//! (`taikyoku-plain-two-step.perft` and the others of the test game).

mod common;
use common::{moves_from, test_game};

fn position(game: &str, sfen: &str) -> koma_vm::Position {
    let rules = test_game(game);
    koma_vm::Position::from_sfen(&rules, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn has(moves: &[String], usi: &str) -> bool {
    moves.iter().any(|m| m == usi)
}

/// Black's Hook Mover on 5e of an empty board, the Kings in the corners, the White one behind two Golds.
const HOOK_MOVER: &str = "7gk/8g/9/9/4H4/9/9/9/K8 b - 1";

#[test]
fn the_second_leg_slides_every_way_and_may_go_on_from_a_piece_taken() {
    let pos = position("two-legs-held", HOOK_MOVER);
    let moves = moves_from(&pos, "5e");
    // Up to 5d, then on up, to either side, each its own move beside the plain slides.
    for usi in ["5e5c", "5e5d5c", "5e5d5a", "5e5d9d", "5e5d1d", "5e5c5a"] {
        assert!(has(&moves, usi), "{usi} missing from {moves:?}");
    }
    // A White Gold on 5c is taken by the first leg, and the second goes on from its square.
    let pos = position("two-legs-held", "7gk/8g/4g4/9/4H4/9/9/9/K8 b - 1");
    let moves = moves_from(&pos, "5e");
    for usi in ["5e5c", "5e5c5b", "5e5c5a", "5e5c9c", "5e5c1c"] {
        assert!(has(&moves, usi), "{usi} missing from {moves:?}");
    }
    assert!(!has(&moves, "5e5b"), "the Gold ends the first leg's line");
}

#[test]
fn a_held_square_is_neither_come_back_to_nor_passed_over() {
    let held = moves_from(&position("two-legs-held", HOOK_MOVER), "5e");
    let open = moves_from(&position("two-legs", HOOK_MOVER), "5e");
    // Under koma's plain reading the second leg may come back to 5e (a pass) and slide on over it.
    for usi in ["5e5d5e", "5e5d5f", "5e5d5i", "5e4e5e", "5e4e9e"] {
        assert!(has(&open, usi), "{usi} missing from {open:?}");
        assert!(!has(&held, usi), "{usi} in {held:?}");
    }
    // Held: 16 plain slides, and from each of the 16 squares they reach, 3 squares along its line (on beyond
    // it, and back up to the square before 5e) and 4 + 4 to either side, but for the Black King on 9i, which
    // ends two of those lines before it, and the White Golds on 2a and 1b, which end two one square early.
    // (Each path into the zone, ranks a to c, is also there with promotion.)
    let paths = held.iter().filter(|m| !m.ends_with('+')).count();
    assert_eq!(paths, 16 + 16 * 3 + 16 * 8 - 2 - 2, "{held:?}");
}

#[test]
fn a_held_lion_neither_takes_without_moving_nor_passes() {
    let lion = "8k/9/9/9/4N4/9/9/9/K8 b - 1";
    // 8 king steps, 16 leaps, and 8 x 8 paths of two steps, of which 8 come back to 5e: 88 under koma's
    // plain reading (chu shogi's lion), 80 when the square is held.
    assert_eq!(moves_from(&position("two-legs", lion), "5e").len(), 88);
    let held = moves_from(&position("two-legs-held", lion), "5e");
    assert_eq!(held.len(), 80, "{held:?}");
    assert!(!has(&held, "5e5d5e"));
    assert!(has(&held, "5e5d5c"));
}

#[test]
fn a_move_in_two_legs_may_promote_where_its_middle_square_lies_in_the_zone() {
    // Black's Hook Mover on 1g, below the zone (ranks a to c): up to 1c and back down to 1e, the middle square
    // alone in the zone.
    let pos = position("two-legs-held", "kg7/g8/9/9/9/9/8H/9/K8 b - 1");
    let moves = moves_from(&pos, "1g");
    for usi in ["1g1c1e", "1g1c1e+", "1g1c5c+"] {
        assert!(has(&moves, usi), "{usi} missing from {moves:?}");
    }
    assert!(
        !has(&moves, "1g1e1f+"),
        "no square of 1g1e1f is in the zone"
    );
}

#[test]
fn a_king_is_in_check_from_a_slide_that_turns_after_taking() {
    // White's King on 3c. Black's Hook Mover on 8h slides up to take the White Gold on 8c and turns along rank
    // c to the King; the turn on 3h up file 3 is closed by the Gold on 3d.
    let checked = "9/9/1g4k2/6g2/9/9/9/1H7/K8 w - 1";
    assert!(position("two-legs-held", checked).in_check(), "{checked}");
    // A Gold on 4c closes rank c too.
    let safe = "9/9/1g3gk2/6g2/9/9/9/1H7/K8 w - 1";
    assert!(!position("two-legs-held", safe).in_check(), "{safe}");
    // And no White move may leave the King there: taking a Gold on 4c away is refused.
    let pos = position("two-legs-held", safe);
    assert!(
        !has(&moves_from(&pos, "4c"), "4c4d"),
        "{:?}",
        moves_from(&pos, "4c")
    );
}
