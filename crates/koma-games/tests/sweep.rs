//! Sweeps (`w`): moves along a line that take every enemy piece they pass over and are stopped by a piece of
//! their own side. The exact counts against yetiowin805's taikyoku_shogi engine, whose Free Eagle moves so,
//! are in the perft suite `taikyoku-plain-free-eagle.perft`.

mod common;
use common::{moves_from, test_game};

fn position(sfen: &str) -> koma_vm::Position {
    koma_vm::Position::from_sfen(&test_game("sweep"), sfen)
        .unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn has(moves: &[String], usi: &str) -> bool {
    moves.iter().any(|m| m == usi)
}

/// Plays `usi` on a copy of `pos`, checking that it is legal.
fn after(pos: &koma_vm::Position, usi: &str) -> koma_vm::Position {
    let mv = pos.parse_usi(usi).unwrap_or_else(|e| panic!("{usi}: {e}"));
    assert!(pos.is_legal(mv), "{usi} is not legal in {}", pos.to_sfen());
    let mut next = pos.clone();
    next.make(mv);
    next
}

/// Black's Eagle on 5e, White Golds on 4d and 3c along its forward right diagonal.
const TWO_GOLDS: &str = "1k7/9/6g2/5g3/4E4/9/9/9/K8 b - 1";

#[test]
fn a_sweep_takes_every_enemy_piece_it_passes_over() {
    let pos = position(TWO_GOLDS);
    let moves = moves_from(&pos, "5e");
    // Along 4d, 3c, 2b, 1a: four squares, the Golds passed over; the queen alone stops on 4d.
    for usi in ["5e4d", "5e3c", "5e2b", "5e1a"] {
        assert!(has(&moves, usi), "{usi} missing from {moves:?}");
    }
    let swept = after(&pos, "5e2b");
    assert_eq!(swept.to_sfen(), "1k7/7E1/9/9/9/9/9/9/K8 w - 2");
    let taken = after(&pos, "5e3c");
    assert_eq!(taken.to_sfen(), "1k7/9/6E2/9/9/9/9/9/K8 w - 2");
    // Made and taken back, the position is the one before, Golds and all.
    let mut undone = swept.clone();
    undone.unmake();
    assert_eq!(undone.to_sfen(), pos.to_sfen());
    assert_eq!(undone.key(), pos.key());
}

#[test]
fn a_sweep_stops_before_its_own_side_and_at_its_range() {
    // A Black Gold on 3c: the sweep takes 4d and stops there.
    let pos = position("1k7/9/6G2/5g3/4E4/9/9/9/K8 b - 1");
    let moves = moves_from(&pos, "5e");
    assert!(has(&moves, "5e4d"));
    for usi in ["5e3c", "5e2b", "5e1a"] {
        assert!(!has(&moves, usi), "{usi} in {moves:?}");
    }
    // Backward, three squares: over two White Golds to 8h, not to 9i, which the queen cannot reach past them.
    let pos = position("1k7/9/9/9/4E4/5g3/6g2/9/K8 b - 1");
    let moves = moves_from(&pos, "5e");
    assert!(has(&moves, "5e3g") && has(&moves, "5e2h"), "{moves:?}");
    assert!(!has(&moves, "5e1i"), "{moves:?}");
}

#[test]
fn a_capturing_sweep_ends_on_an_enemy_piece() {
    // The Broom `cwR` on 5i, White Golds on 5g and 5e: it takes on 5g, or on 5e taking 5g on the way.
    let pos = position("k8/9/9/9/4g4/9/4g4/9/K3B4 b - 1");
    let moves = moves_from(&pos, "5i");
    assert_eq!(moves, ["5i5e", "5i5g"]);
    assert_eq!(after(&pos, "5i5e").to_sfen(), "k8/9/9/9/4B4/9/9/9/K8 w - 2");
}

#[test]
fn a_sweep_checks_through_the_pieces_it_would_take() {
    // The White King on 2b behind two White Golds on the Eagle's diagonal: in check, and no Gold shields it.
    let pos = position("9/7k1/6g2/5g3/4E4/9/9/9/K8 w - 1");
    assert!(pos.in_check());
    let r = pos.rules();
    let moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| r.move_name(m))
        .collect();
    assert!(!moves.is_empty());
    // The King steps off the line (not to 1a, four squares along it, still swept), or the Gold on 4d takes
    // the Eagle; nothing else answers the check.
    let mut expected = vec!["2b1b", "2b1c", "2b2a", "2b2c", "2b3a", "2b3b", "4d5e"];
    expected.sort();
    let mut moves = moves;
    moves.sort();
    assert_eq!(moves, expected);
    // And a Black piece between them (a Broom, which does not attack 2b) is a shield: the sweep stops at it.
    let shielded = position("9/7k1/6B2/5g3/4E4/9/9/9/K8 w - 1");
    assert!(!shielded.in_check());
}

#[test]
fn a_sweep_in_two_legs_takes_on_its_way_to_the_middle_square() {
    // `cwfF3abF`: White Golds on 4d and 2b, the Eagle sweeps over 4d, takes 2b and steps back to 3c.
    let pos = position("1k7/7g1/9/5g3/4E4/9/9/9/K8 b - 1");
    let moves = moves_from(&pos, "5e");
    assert!(has(&moves, "5e2b3c") && has(&moves, "5e4d5e"), "{moves:?}");
    let next = after(&pos, "5e2b3c");
    assert_eq!(next.to_sfen(), "1k7/9/6E2/9/9/9/9/9/K8 w - 2");
    let mut undone = next.clone();
    undone.unmake();
    assert_eq!((undone.to_sfen(), undone.key()), (pos.to_sfen(), pos.key()));
    // A Black Gold on 4d stops the sweep before it: 2b is out of reach.
    let pos = position("1k7/7g1/9/5G3/4E4/9/9/9/K8 b - 1");
    assert!(!has(&moves_from(&pos, "5e"), "5e2b3c"));
    // The middle square must hold an enemy piece (`c`): over an empty 3c there is no such move.
    let pos = position("1k7/9/9/5g3/4E4/9/9/9/K8 b - 1");
    assert!(!has(&moves_from(&pos, "5e"), "5e3c4d"));
}

#[test]
fn the_eagle_takes_two_squares_away_and_steps_back() {
    // `cDabW`: a White Gold on 5c, two squares ahead: the Eagle takes it and stops on 5d.
    let pos = position("1k7/9/4g4/9/4E4/9/9/9/K8 b - 1");
    let moves = moves_from(&pos, "5e");
    assert!(has(&moves, "5e5c5d"), "{moves:?}");
    assert_eq!(
        after(&pos, "5e5c5d").to_sfen(),
        "1k7/9/9/4E4/9/9/9/9/K8 w - 2"
    );
    // With a White Gold on 5d too, both go.
    let pos = position("1k7/9/4g4/4g4/4E4/9/9/9/K8 b - 1");
    assert_eq!(
        after(&pos, "5e5c5d").to_sfen(),
        "1k7/9/9/4E4/9/9/9/9/K8 w - 2"
    );
}
