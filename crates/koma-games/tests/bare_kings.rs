//! Chu shogi's bare king, position by position: who is bare, what bares a king and what does not, the lone
//! king that may take back the only piece baring it, two lone kings, and the end rules deciding in their
//! order. The rules are checked against shogiops on thousands of endings (`tools/shogiops_diff.py --bare`).

use koma_vm::{Game, GameResult, Player, Position, Rules};
use std::sync::Arc;

mod common;
use common::{example, play};

/// The rules of `examples/chushogi.game`, and the index of each of its end rules.
fn chu() -> Arc<Rules> {
    example("chushogi")
}
const KING_CAPTURED: usize = 0;
const BARE_KING: usize = 2;
const BOTH_KINGS_BARE: usize = 3;

fn game(sfen: &str) -> Game {
    Game::new(Position::from_sfen(&chu(), sfen).unwrap_or_else(|e| panic!("{sfen}: {e}")))
}

/// The result and the end rule that decided, or `None` while the game goes on.
fn ended(game: &Game) -> Option<(GameResult, usize)> {
    game.outcome().map(|o| (o.result, o.rule))
}

#[test]
fn taking_the_last_piece_but_the_king_wins_at_once() {
    let mut g = game("k10g/12/12/12/12/12/12/12/12/12/12/5K5R b - 1");
    assert_eq!(ended(&g), None);
    play(&mut g, "1l1a");
    assert_eq!(ended(&g), Some((GameResult::Win(Player::First), BARE_KING)));
    assert_eq!(g.position().bared(), Some(Player::Second));
    assert!(
        g.position().legal_moves().is_empty(),
        "nothing follows a finished game"
    );
}

#[test]
fn a_lone_king_next_to_the_only_piece_baring_it_plays_on_and_takes_it_for_a_draw() {
    let mut g = game("k11/1R10/12/12/12/12/12/12/12/12/12/5K6 w - 1");
    assert_eq!(ended(&g), None, "the King could take the Rook back");
    assert_eq!(g.position().bared(), None);
    play(&mut g, "12a11b");
    assert_eq!(ended(&g), Some((GameResult::Draw, BOTH_KINGS_BARE)));
    assert!(g.position().both_kings_bare());
}

#[test]
fn with_two_pieces_baring_it_the_lone_king_loses_even_next_to_one() {
    let g = game("k11/1R10/12/12/12/12/12/12/12/12/12/5K5G b - 1");
    assert_eq!(ended(&g), Some((GameResult::Win(Player::First), BARE_KING)));
}

#[test]
fn pawns_and_go_betweens_do_not_bare_a_king_but_a_gold_does() {
    let g = game("k11/12/12/12/12/6PI4/12/12/12/12/12/5K6 w - 1");
    assert_eq!(
        ended(&g),
        None,
        "`pieces that cannot bare a king: Pawn, GoBetween`"
    );
    assert!(!g.legal_moves().is_empty());
    let g = game("k11/12/12/12/12/6PIG3/12/12/12/12/12/5K6 w - 1");
    assert_eq!(ended(&g), Some((GameResult::Win(Player::First), BARE_KING)));
}

#[test]
fn a_pawn_that_could_still_move_keeps_its_king_from_being_bare_and_a_stranded_one_does_not() {
    // Gote's Pawn on 1k may still step to 1l; on 1l, its last rank, it never moves again.
    let g = game("k11/12/12/12/12/12/12/12/12/12/11p/5K5R b - 1");
    assert_eq!(ended(&g), None);
    let g = game("k11/12/12/12/12/12/12/12/12/12/4R7/5K5p b - 1");
    assert_eq!(ended(&g), Some((GameResult::Win(Player::First), BARE_KING)));
}

#[test]
fn a_king_cannot_bare_while_it_is_attacked() {
    // The Rook bares the lone King, but Sente's own King stands next to it, attacked.
    let g = game("12/12/12/12/12/12/12/12/12/5kK5/12/11R w - 1");
    assert_eq!(ended(&g), None);
}

#[test]
fn a_lone_king_that_steps_away_from_the_only_piece_baring_it_loses_on_its_own_move() {
    // Sente's lone King stands next to Gote's Rook: not bare yet. Stepping away bares it at once, on Sente's
    // own move (the case shogiops 0.18.0's game-over test missed); taking the Rook draws.
    let start = "k11/12/12/12/6r5/6K5/12/12/12/12/12/12 b - 1";
    let mut g = game(start);
    assert_eq!(ended(&g), None);
    play(&mut g, "6f7g");
    assert_eq!(
        ended(&g),
        Some((GameResult::Win(Player::Second), BARE_KING))
    );
    assert_eq!(g.position().bared(), Some(Player::First));
    let mut g = game(start);
    play(&mut g, "6f6e");
    assert_eq!(ended(&g), Some((GameResult::Draw, BOTH_KINGS_BARE)));
}

#[test]
fn two_lone_kings_side_by_side_play_on_until_one_is_taken() {
    let mut g = game("12/12/12/12/12/5kK5/12/12/12/12/12/12 b - 1");
    assert_eq!(ended(&g), None, "each King is attacked: no draw");
    play(&mut g, "6f7f");
    assert_eq!(
        ended(&g),
        Some((GameResult::Win(Player::First), KING_CAPTURED))
    );
}

#[test]
fn a_king_and_a_prince_are_not_a_bare_king() {
    let g = game("k+e10/12/12/12/12/12/12/12/12/12/12/5K5R w - 1");
    assert_eq!(ended(&g), None);
    let g = game("k11/12/12/12/12/12/12/12/12/12/12/4+EK5R w - 1");
    assert_eq!(ended(&g), None, "a side with two royal pieces bares nobody");
}

#[test]
fn end_rules_decide_in_their_order_even_after_an_end_that_acts_at_once() {
    // `no legal move` comes first, but the side to move still has a Rook that moves: the King's capture
    // decides, not the absence of moves that follows the end of the game.
    let text = r#"game "Order"
board 3 x 3
piece King K moves "K" royal
piece Rook R moves "R"
captured pieces leave the game
kings may be captured
start "kr1/3/R1K b - 1"
end {
  no legal move: side to move wins
  king captured: side to move loses
}
"#;
    let rules = koma_host::Host::embedded()
        .load_text("order", text)
        .unwrap_or_else(|d| panic!("{d:?}"))
        .compiled
        .rules;
    let mut g = Game::start(&rules);
    play(&mut g, "3c3a");
    assert_eq!(ended(&g), Some((GameResult::Win(Player::First), 1)));
    assert!(g.position().legal_moves().is_empty());
}
