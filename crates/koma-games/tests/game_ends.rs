//! End-of-game rules of the five games, played out move by move.

use koma_vm::spec::OptionKind;
use koma_vm::{Game, GameResult, Player, Position};

mod common;
use common::{example, play, rules};

#[test]
fn micromini_king_reaching_the_far_rank_wins_at_once() {
    let rules = rules("micromini");
    let mut game = Game::start(&rules);
    play(&mut game, "K*2c K*2a 2c2b 2a1a 2b3a");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Win(Player::First));
    assert_eq!(outcome.rule, 1, "the `king reaches` rule");
    assert!(
        game.position().legal_moves().is_empty(),
        "nothing follows a finished game"
    );
}

#[test]
fn micromini_capturing_the_king_wins() {
    let rules = rules("micromini");
    let mut game = Game::start(&rules);
    play(&mut game, "K*2c K*2a 2c2b 2a2b");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Win(Player::Second));
    assert_eq!(outcome.rule, 0, "the `king captured` rule");
}

#[test]
fn micromini_player_without_a_legal_turn_loses() {
    let rules = rules("micromini");
    // The first player's home rank is full and only the king is left in stock.
    let game = Game::new(Position::from_sfen(&rules, "3/3/rbg b Kk 1").unwrap());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Win(Player::Second));
    assert_eq!(outcome.rule, 2, "the `no legal move` rule");
}

#[test]
fn micromini_options_are_off_by_default_and_work_when_switched_on() {
    let rules = rules("micromini");
    let mut game = Game::start(&rules);
    let knight = rules.face_by_text("N").unwrap().0;
    assert!(
        game.designate(knight).is_err(),
        "designate is off by default"
    );
    assert!(game.set_option(OptionKind::Designate, true));
    game.designate(knight).unwrap();
    let moves = game.legal_moves();
    assert_eq!(
        moves.len(),
        3,
        "the knight on one of the three home squares"
    );
    assert!(
        moves
            .iter()
            .all(|m| m.is_drop() && m.face_after() == knight)
    );
    let mut generated = Vec::new();
    game.generate_legal(&mut generated);
    assert_eq!(generated, moves, "a search's moves keep the designation");
    game.generate_captures(&mut generated);
    assert!(generated.is_empty(), "placements take nothing");
    game.play(moves[0]);
    assert!(game.swap().is_err(), "pie is off");
    assert!(game.set_option(OptionKind::Pie, true));
    let before = game.position().to_sfen();
    game.swap().unwrap();
    assert!(game.players_swapped());
    assert_eq!(
        game.position().to_sfen(),
        before,
        "swapping sides leaves the position alone"
    );
    assert!(game.swap().is_err(), "only once");
}

#[test]
fn gorogoro_stalemate_loses_but_the_seed_endings_draw_it() {
    let stalemate = "4k/2S2/3G1/5/5/K4 w - 1";
    let shipped = rules("gorogoro");
    let outcome = Game::new(Position::from_sfen(&shipped, stalemate).unwrap())
        .outcome()
        .unwrap();
    assert_eq!(
        outcome.result,
        GameResult::Win(Player::First),
        "shogi: no legal move loses"
    );

    let seed = example("gorogoro-seed-endings");
    let game = Game::new(Position::from_sfen(&seed, stalemate).unwrap());
    assert!(!game.position().in_check());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(outcome.rule, 0, "the `stalemate` rule");
}

#[test]
fn gorogoro_seed_endings_draw_on_the_third_repetition() {
    let seed = example("gorogoro-seed-endings");
    let mut game = Game::start(&seed);
    play(&mut game, &"3f3e 3a3b 3e3f 3b3a ".repeat(2));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Draw);
    assert_eq!(outcome.rule, 2);
    assert_eq!(game.repetitions(), 3);
}

#[test]
fn no_progress_counts_plies_since_a_capture_or_pawn_move() {
    let source = r#"
        game "Goro Goro, impatient" extends "gorogoro"
        end { 2 moves without capture or Pawn move: draw }
    "#;
    let rules = koma_host::Host::embedded()
        .load_text("test.game", source)
        .unwrap()
        .compiled
        .rules;
    let mut game = Game::start(&rules);
    play(&mut game, "4d4c 3a3b 3f3e 3b3a");
    assert_eq!(
        game.plies_without_progress(rules.face_by_text("P").map(|(f, _)| f)),
        3
    );
    assert_eq!(game.outcome(), None);
    play(&mut game, "3e3f");
    assert_eq!(game.outcome().unwrap().result, GameResult::Draw);
}

#[test]
fn micro_perpetual_check_is_lost_by_the_checker() {
    let rules = rules("microshogi");
    // The second player's king shuttles between 4a and 3a; the first player's rook follows it with checks.
    let mut game = Game::new(Position::from_sfen(&rules, "k3/4/R3/4/3K w - 1").unwrap());
    play(&mut game, &"4a3a 4c3c 3a4a 3c4c ".repeat(3));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.rule, 1);
    assert_eq!(outcome.result, GameResult::Win(Player::Second));
}

#[test]
fn judkins_start_offers_both_promotion_choices() {
    let rules = rules("judkins");
    let pos = Position::start(&rules);
    let moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| rules.move_name(m))
        .collect();
    for usi in ["2f6b", "2f6b+", "1f1b", "1f1b+"] {
        assert!(
            moves.contains(&usi.to_string()),
            "{usi} missing from {moves:?}"
        );
    }
    assert_eq!(moves.len(), 20);
}

#[test]
fn micro_drops_either_face_and_flips_on_capture() {
    let rules = rules("microshogi");
    let pos = Position::from_sfen(&rules, "k3/4/4/4/3K b P 1").unwrap();
    let moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| rules.move_name(m))
        .collect();
    assert!(
        moves.contains(&"N*3a".to_string()),
        "a knight face may be dropped on the last rank"
    );
    assert!(moves.contains(&"P*2a".to_string()), "so may a pawn face");
    let mut pos = Position::from_sfen(&rules, "k3/4/g3/P3/3K b - 1").unwrap();
    let capture = pos.parse_usi("4d4c").unwrap();
    pos.make(capture);
    assert_eq!(
        pos.to_sfen(),
        "k3/4/N3/4/3K w G 2",
        "the pawn became a knight; the gold tile went to hand"
    );
}

#[test]
fn micromini_stock_may_be_written_in_any_order() {
    let rules = rules("micromini");
    let shuffled = Position::from_sfen(&rules, "3/3/3 b kKrRbBgGsSnNlLpP 1").unwrap();
    assert_eq!(shuffled, Position::start(&rules));
}

#[test]
fn an_extending_game_can_switch_an_option_on() {
    let rules = example("micromini-pie");
    let mut game = Game::start(&rules);
    assert!(game.option(koma_vm::spec::OptionKind::Pie));
    play(&mut game, "P*2b");
    let before = game.legal_moves();
    game.swap().unwrap();
    assert!(game.players_swapped());
    assert_eq!(
        game.legal_moves(),
        before,
        "the swap changes who plays which side, not the position"
    );
}
