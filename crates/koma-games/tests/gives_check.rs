//! `Position::may_give_check` on hand-made positions: a direct check, a check uncovered behind the moved piece,
//! a move that checks neither way, a drop that checks, and a capture of a royal piece that leaves the other one
//! to be checked (sho shogi's two royal pieces). `false` must be certain: every move it says cannot check does
//! not.

use std::sync::Arc;

use koma_vm::{Position, Rules};

mod common;
use common::{example, rules};

/// Whether the rules say the USI move `mv` may give check in `sfen`, and whether it does.
fn told_and_given(rules: &Arc<Rules>, sfen: &str, mv: &str) -> (bool, bool) {
    let pos = Position::from_sfen(rules, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let mv = pos
        .parse_usi(mv)
        .unwrap_or_else(|e| panic!("{sfen} {mv}: {e}"));
    assert!(pos.legal_moves().contains(&mv), "{mv:?} is legal in {sfen}");
    let mut after = pos.clone();
    after.make(mv);
    (pos.may_give_check(mv), after.in_check())
}

#[test]
fn direct_and_uncovered_checks_are_told_and_quiet_moves_are_not() {
    let mini = rules("minishogi");
    // (what the position shows, SFEN, move, told it may check, gives check)
    let cases = [
        (
            "a Gold steps away from the King",
            "4k/5/5/2G2/K4 b - 1",
            "3d3c",
            false,
            false,
        ),
        (
            "a Gold steps next to the King",
            "2k2/5/2G2/5/K4 b - 1",
            "3c3b",
            true,
            true,
        ),
        (
            "a Silver uncovers the Rook behind it",
            "2k2/5/2S2/5/K1R2 b - 1",
            "3c4d",
            true,
            true,
        ),
        (
            "a move away from every line to the King",
            "2k2/5/5/5/K3G b - 1",
            "1e1d",
            false,
            false,
        ),
        (
            "a Gold dropped next to the King",
            "2k2/5/5/5/K4 b G 1",
            "G*3b",
            true,
            true,
        ),
    ];
    for (what, sfen, mv, told, given) in cases {
        assert_eq!(
            told_and_given(&mini, sfen, mv),
            (told, given),
            "{what}: {mv} in {sfen}"
        );
    }
}

#[test]
fn taking_one_of_two_royal_pieces_may_check_the_other() {
    let sho = example("shoshogi");
    // White has a King and a Prince: no check counts while both stand. The Silver takes the Prince on 2g, and
    // the King on 4b is then in check from the Bishop on 6d.
    let sfen = "lns3sn1/1rg2kgb1/ppp2pppl/3B5/4p3p/P6P1/1PPPPP1+eP/4GGS1L/LNSK1E1N1 b - 31";
    assert_eq!(told_and_given(&sho, sfen, "3h2g"), (true, true));
}
