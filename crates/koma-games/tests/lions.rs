//! Chu shogi's moves in two legs and lion rules, position by position: what a lion, a Falcon and an Eagle
//! may do, what the lion rules refuse and why, the counter-strike square in the position and its SFEN, and
//! chu's promotion rule. The exact counts are in the perft suites (`chushogi*.perft`, from shogiops).

use koma_vm::{IllegalReason, Position, Rules};
use std::sync::Arc;

mod common;
use common::{moves_from, refusal, rules};

fn chu() -> Arc<Rules> {
    rules("chushogi")
}

fn at(sfen: &str) -> Position {
    Position::from_sfen(&chu(), sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn legal(pos: &Position, usi: &str) -> bool {
    pos.parse_usi(usi).is_ok()
}

#[test]
fn a_lone_lion_has_88_moves_igui_and_passes_included() {
    let pos = at("k11/p11/12/12/12/5N6/12/12/12/12/12/11K b - 1");
    let lion = moves_from(&pos, "7f");
    assert_eq!(lion.len(), 88, "{lion:?}");
    // Two steps out and back over an empty square: a pass, one per neighbour.
    let passes = lion
        .iter()
        .filter(|m| m.len() == 6 && m.ends_with("7f"))
        .count();
    assert_eq!(passes, 8);
    // A jump and the two-step paths to the same square are separate moves.
    for m in ["7f7d", "7f7e7d", "7f8e7d", "7f6e7d"] {
        assert!(lion.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn igui_takes_a_neighbour_without_moving_and_unmake_puts_it_back() {
    let mut pos = at("k11/p11/12/12/5g6/5N6/12/12/12/12/12/11K b - 1");
    let before = pos.to_sfen();
    let key = pos.key();
    let igui = pos.parse_usi("7f7e7f").expect("igui is legal");
    assert!(pos.is_capture(igui));
    pos.make(igui);
    assert_eq!(
        pos.to_sfen(),
        "k11/p11/12/12/12/5N6/12/12/12/12/12/11K w - 2"
    );
    assert_eq!(pos.key(), pos.compute_key());
    assert_eq!(pos.unmake(), Some(igui));
    assert_eq!(pos.to_sfen(), before);
    assert_eq!(pos.key(), key);
    // Taking on both squares: the Gold on the first leg, then on to a square two away.
    let mut pos = at("k11/p11/12/5p6/5g6/5N6/12/12/12/12/12/11K b - 1");
    pos.make(pos.parse_usi("7f7e7d").unwrap());
    assert_eq!(
        pos.to_sfen(),
        "k11/p11/12/5N6/12/12/12/12/12/12/12/11K w - 2"
    );
}

#[test]
fn every_move_in_two_legs_reads_back_from_its_usi_name() {
    let pos = at("k11/12/3p8/2g+H1+d6/3N1n6/5+O6/4+D7/12/12/12/12/11K b - 1");
    let r = pos.rules();
    let moves = pos.legal_moves();
    assert!(moves.iter().filter(|m| m.mid().is_some()).count() > 60);
    for mv in moves {
        let name = r.move_name(mv);
        assert_eq!(pos.parse_usi(&name), Ok(mv), "{name}");
    }
    assert!(
        pos.parse_usi("9e9d9d").is_err(),
        "a second leg that goes nowhere"
    );
}

#[test]
fn the_falcon_and_the_eagle_have_the_lion_power_along_one_line() {
    let pos = at("k11/p11/12/12/12/12/3+H4+D3/12/12/12/12/11K b - 1");
    let two_legs = |from: &str| {
        moves_from(&pos, from)
            .into_iter()
            .filter(|m| m.len() == 6)
            .collect::<Vec<_>>()
    };
    assert_eq!(two_legs("9g"), ["9g9f9e", "9g9f9g"]);
    assert_eq!(two_legs("4g"), ["4g3f2e", "4g3f4g", "4g5f4g", "4g5f6e"]);
}

#[test]
fn a_lion_may_not_take_a_protected_lion_two_squares_away() {
    // The enemy Lion on 7f is protected by the Pawn on 7e.
    let pos = at("k11/12/12/12/5p6/5n6/4g1p5/5N6/12/12/12/11K b - 1");
    for usi in ["7h7f", "7h7g7f", "7h6g7f"] {
        match refusal(&pos, usi) {
            IllegalReason::LionProtected { lion, origin, .. } => {
                assert_eq!(lion, "7f");
                assert!(origin.is_some(), "the rule's line");
            }
            other => panic!("{usi}: {other:?}"),
        }
    }
    // Taking the Gold on the first leg lifts the rule; a Pawn does not (7h6g7f above).
    assert!(legal(&pos, "7h8g7f"));
    // Without the Pawn, the Lion is not protected.
    let pos = at("k11/12/12/12/12/5n6/4g1p5/5N6/12/12/12/11K b - 1");
    assert!(legal(&pos, "7h7f") && legal(&pos, "7h7g7f"));
}

#[test]
fn after_a_lion_falls_to_another_piece_only_a_counter_strike_may_take_a_lion() {
    let mut pos = at("k2r8/12/9n2/3N8/12/6n5/6G5/12/12/12/12/11K b - 1");
    assert!(pos.counter_strike().is_none());
    let key_before = pos.key();
    pos.make(pos.parse_usi("6g6f").unwrap());
    let r = pos.rules().clone();
    assert_eq!(
        pos.counter_strike().map(|sq| r.square_name(sq)),
        Some("6f".into())
    );
    let sfen = pos.to_sfen();
    assert_eq!(sfen, "k2r8/12/9n2/3N8/12/6G5/12/12/12/12/12/11K w 6f 2");
    // The square is part of the position: its key, and the SFEN round trip.
    assert_eq!(pos.key(), pos.compute_key());
    let read = Position::from_sfen(&r, &sfen).unwrap();
    assert_eq!(read.key(), pos.key());
    assert_eq!(read.counter_strike(), pos.counter_strike());
    let no_square = Position::from_sfen(&r, &sfen.replace(" 6f ", " - ")).unwrap();
    assert_ne!(no_square.key(), pos.key());
    // The Rook may not take the Lion on 9d; it may move, and the Lion may take the Lion.
    match refusal(&pos, "9a9d") {
        IllegalReason::LionCounterStrike { lion, at, .. } => {
            assert_eq!((lion.as_str(), at.as_str()), ("9d", "6f"));
        }
        other => panic!("{other:?}"),
    }
    assert!(refusal(&pos, "9a9d").to_string().contains("lion rules"));
    assert!(legal(&pos, "9a9b"));
    assert!(no_square.parse_usi("9a9d").is_ok());
    // The next move clears the square, and unmaking restores it.
    pos.make(pos.parse_usi("9a9b").unwrap());
    assert!(pos.counter_strike().is_none());
    pos.unmake();
    assert_eq!(pos.to_sfen(), sfen);
    pos.unmake();
    assert_eq!(pos.key(), key_before);
}

#[test]
fn chu_promotes_on_entering_the_zone_or_capturing_from_it() {
    let pos = at("k11/10P1/7g4/7P4/4P7/12/12/12/12/12/12/11K b - 1");
    // Entering the zone.
    assert_eq!(moves_from(&pos, "8e"), ["8e8d", "8e8d+"]);
    // Inside the zone: a capture may promote.
    assert_eq!(moves_from(&pos, "5d"), ["5d5c", "5d5c+"]);
    // A Pawn reaching the last rank may promote by a quiet move inside the zone, or stay.
    assert_eq!(moves_from(&pos, "2b"), ["2b2a", "2b2a+"]);
    // A quiet move inside the zone may not promote.
    let pos = at("k11/12/12/7P4/12/12/12/12/12/12/12/11K b - 1");
    assert_eq!(moves_from(&pos, "5d"), ["5d5c"]);
    assert!(matches!(
        refusal(&pos, "5d5c+"),
        IllegalReason::CannotPromote {
            origin: Some(_),
            ..
        }
    ));
}

#[test]
fn a_game_ends_when_the_last_royal_piece_falls() {
    // The Prince is a second royal piece: taking the King does not end the game while it stands.
    let mut pos = at("k+e10/1G10/12/12/12/12/12/12/12/12/12/11K b - 1");
    pos.make(pos.parse_usi("11b12a").unwrap());
    assert!(pos.immediate_end().is_none(), "the Prince still stands");
    assert!(!pos.legal_moves().is_empty());
}
