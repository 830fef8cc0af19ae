//! King danger from a drop that checks: a kind in the enemy's hand counts as a safe drop check when an empty
//! square where it may be dropped would check the king from a square the king's side does not attack, or
//! from one the dropping side attacks too and only the king defends; not when every such square is defended.

use koma_engine::{Evaluator, Term};
use koma_host::Host;
use koma_vm::{FaceId, Player, Position};

/// Whether, in the mini shogi position `sfen`, the second player's king counts `tile` in the first player's
/// hand as a safe drop check, and as a kind in hand.
fn second_king_counts(sfen: &str, tile: &str) -> (bool, bool) {
    let rules = Host::embedded().load("minishogi").unwrap().compiled.rules;
    let eval = Evaluator::new(&rules);
    let face = rules.faces.iter().position(|f| f.name == tile).unwrap();
    let face = FaceId::new(face as u16);
    let layout = &eval.weights().layout;
    let pos = Position::from_sfen(&rules, sfen).unwrap();
    let danger = &eval.trace(&pos).danger[Player::Second.index()];
    let counts = |term: Term| {
        danger
            .iter()
            .any(|&(i, c)| i as usize == layout.index(term) && c == 1)
    };
    (
        counts(Term::DropCheck(face)),
        counts(Term::HandAttacker(face)),
    )
}

#[test]
fn a_gold_whose_checks_are_all_next_to_the_king_and_unsupported_is_no_safe_check() {
    assert_eq!(
        second_king_counts("4k/5/5/5/K4 b G 1", "Gold"),
        (false, true)
    );
}

#[test]
fn a_gold_drop_supported_by_a_silver_checks_safely() {
    // The Silver on 3c attacks 2b, from where a Gold checks the King on 1a.
    assert_eq!(
        second_king_counts("4k/5/2S2/5/K4 b G 1", "Gold"),
        (true, true)
    );
}

#[test]
fn a_supported_gold_drop_that_another_defender_guards_is_no_safe_check() {
    // The second player's Gold on 2a guards 1b and 2b.
    assert_eq!(
        second_king_counts("3gk/5/2S2/5/K4 b G 1", "Gold"),
        (false, true)
    );
}

#[test]
fn a_bishop_checks_from_afar_where_the_king_does_not_reach() {
    assert_eq!(
        second_king_counts("4k/5/5/5/K4 b B 1", "Bishop"),
        (true, true)
    );
    // A Pawn of the King's own on 2b closes its only diagonal: no square to check from.
    assert_eq!(
        second_king_counts("4k/3p1/5/5/K4 b B 1", "Bishop"),
        (false, true)
    );
}

#[test]
fn nothing_in_hand_counts_nothing() {
    assert_eq!(
        second_king_counts("4k/5/2S2/5/K4 b - 1", "Gold"),
        (false, false)
    );
}
