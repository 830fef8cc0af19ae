//! Position invariants under random play, and end-of-game rules played out on mini shogi.

use std::sync::Arc;

use koma_vm::{Game, GameResult, Player, Position, Rng, Rules};

mod common;
use common::{play, rules};

fn minishogi() -> Arc<Rules> {
    rules("minishogi")
}

#[test]
fn make_unmake_keys_and_sfen_round_trip_under_random_play() {
    for game in koma_games::GAMES {
        random_play_invariants(
            &koma_host::Host::embedded()
                .load(game.name)
                .unwrap()
                .compiled
                .rules,
        );
    }
}

fn random_play_invariants(rules: &Arc<Rules>) {
    let rules = rules.clone();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut plies = 0;
    for _game in 0..60 {
        let mut pos = Position::start(&rules);
        for _ in 0..150 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let before = pos.to_sfen();
            let key = pos.key();
            for &mv in &moves {
                pos.make(mv);
                assert_eq!(
                    pos.key(),
                    pos.compute_key(),
                    "incremental key after {}",
                    rules.move_name(mv)
                );
                if !rules.royals_capturable {
                    assert!(
                        !pos.royal_attacked(pos.side_to_move().opponent()),
                        "{}: {} leaves the king attacked in {before}",
                        rules.name,
                        rules.move_name(mv)
                    );
                }
                pos.unmake();
                assert_eq!(pos.to_sfen(), before);
                assert_eq!(pos.key(), key);
            }
            let again = Position::from_sfen(&rules, &before).unwrap();
            assert_eq!(again, pos);
            assert_eq!(again.key(), key);
            for &mv in &moves {
                assert_eq!(pos.parse_usi(&rules.move_name(mv)), Ok(mv));
            }
            pos.make(moves[rng.below(moves.len())]);
            plies += 1;
        }
    }
    assert!(plies > 1_000, "{}: only {plies} plies", rules.name);
}

#[test]
fn sennichite_without_checks_is_lost_by_the_first_player() {
    let rules = minishogi();
    let mut game = Game::start(&rules);
    let cycle = "5e4d 1a2b 4d5e 2b1a ";
    play(&mut game, &cycle.repeat(2));
    play(&mut game, "5e4d 1a2b 4d5e");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), None);
    play(&mut game, "2b1a");
    assert_eq!(game.repetitions(), 4);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Win(Player::Second));
    assert_eq!(outcome.rule, 2);
}

#[test]
fn perpetual_check_is_lost_by_the_checker() {
    let rules = minishogi();
    // The second player moves first here; the first player's rook checks on every move.
    let mut game = Game::new(Position::from_sfen(&rules, "4k/5/2G1R/5/K4 w - 1").unwrap());
    play(&mut game, &"1a2a 1c2c 2a1a 2c1c ".repeat(3));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.rule, 1, "the perpetual-check rule decides");
    assert_eq!(outcome.result, GameResult::Win(Player::Second));
}

#[test]
fn a_player_with_no_legal_move_loses() {
    let rules = minishogi();
    let game = Game::new(Position::from_sfen(&rules, "4k/4G/4S/5/K4 w - 1").unwrap());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Win(Player::First));
    assert_eq!(outcome.rule, 0);
}

#[test]
fn undo_restores_the_history() {
    let rules = minishogi();
    let mut game = Game::start(&rules);
    play(&mut game, "5e4d 1a2b");
    assert!(game.undo());
    assert!(game.undo());
    assert!(!game.undo());
    assert_eq!(game.position(), &Position::start(&rules));
    assert_eq!(game.repetitions(), 1);
}

/// A game with `stranded pieces must promote` but no ban on dead drops lets a pawn be dropped on the last rank;
/// SFEN must accept the position that drop reaches, and still refuse one that no move or drop could reach.
#[test]
fn sfen_accepts_every_placement_a_legal_game_reaches() {
    let base = koma_games::find("minishogi").unwrap().source;
    let no_dead_ban: String = base
        .lines()
        .filter(|l| {
            !l.trim_start()
                .starts_with("no piece where it could never move")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(no_dead_ban, base);
    let rules = koma_host::Host::embedded()
        .load_text("test.game", &no_dead_ban)
        .unwrap()
        .compiled
        .rules;
    let mut pos = Position::from_sfen(&rules, "k4/5/5/5/4K b P 1").unwrap();
    let drop = pos.parse_usi("P*3a").expect("the drop is legal");
    pos.make(drop);
    let reached = pos.to_sfen();
    assert_eq!(
        Position::from_sfen(&rules, &reached).map(|p| p.to_sfen()),
        Ok(reached)
    );
    // With the ban, no drop puts a pawn there and a move there must promote: refused.
    let strict = koma_host::Host::embedded()
        .load("minishogi")
        .unwrap()
        .compiled
        .rules;
    let e = Position::from_sfen(&strict, "k1P2/5/5/5/4K w - 1").unwrap_err();
    assert!(e.message.contains("could never move again"), "{e}");
}

/// Perft on two or three threads counts what perft on one does, for every shipped game.
#[test]
fn perft_on_several_threads_counts_the_same() {
    for game in koma_games::GAMES {
        let rules = koma_host::Host::embedded()
            .load(game.name)
            .unwrap()
            .compiled
            .rules;
        let pos = Position::start(&rules);
        let one = pos.clone().perft(4);
        assert_eq!(pos.perft_threads(4, 2), one, "{}", game.name);
        assert_eq!(pos.perft_threads(4, 3), one, "{}", game.name);
        let divided: u64 = pos.divide_threads(3, 2).iter().map(|(_, n)| n).sum();
        assert_eq!(divided, pos.clone().perft(3), "{}", game.name);
    }
}
