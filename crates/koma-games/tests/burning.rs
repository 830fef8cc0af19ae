//! Burning (`burning: ...`, tenjiku shogi's Fire Demon), position by position: what a burner's move burns and
//! spares, passive burning, a promotion to a burner, taking moves back, the end when a king burns itself, and
//! burning under check rules. The exact counts are in the perft suites (`tenjiku-generals-burning.perft`,
//! `tenjiku-checked-*.perft`, from tools/shogivar_tables.py).

use std::sync::Arc;

use koma_vm::{Game, GameResult, Player, Position, Rules};

mod common;
use common::{board, test_game};

/// [`board`] one move later (move number 2).
fn after(pieces: &[(&str, &str)], side: char) -> String {
    board(pieces, side).replace(" - 1", " - 2")
}

fn square(rules: &Arc<Rules>, name: &str) -> koma_vm::Square {
    rules.parse_square(name).expect("a square").0
}

fn at(rules: &Arc<Rules>, sfen: &str) -> Position {
    Position::from_sfen(rules, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// Plays `usi` (which must be legal) on `pos`.
fn play(pos: &mut Position, usi: &str) {
    let mv = pos.parse_usi(usi).unwrap_or_else(|e| panic!("{usi}: {e}"));
    assert!(pos.legal_moves().contains(&mv), "{usi} is not legal");
    pos.make(mv);
    assert_eq!(pos.key(), pos.compute_key(), "the key after {usi}");
}

/// Black's Fire Demon on 8k, Black to move; next to 8i stand White's Pawn (7h), Gold (9j) and Fire Demon (9h), and
/// Black's own Pawn (7j).
fn demon_beside_white_demon() -> String {
    board(
        &[
            ("8k", "F'"),
            ("7h", "p"),
            ("9j", "g"),
            ("7j", "P"),
            ("9h", "f'"),
            ("1p", "K"),
            ("16a", "k"),
        ],
        'b',
    )
}

#[test]
fn a_fire_demon_burns_the_enemies_next_to_where_it_stops_and_spares_an_enemy_fire_demon() {
    let rules = test_game("tenjiku-generals");
    // Black's Fire Demon goes 8k-8i. Next to 8i: White's Pawn (7h) and Gold (9j), Black's own Pawn (7j), and
    // White's Fire Demon (9h), which burning spares; standing next to it, the mover burns itself.
    let before = demon_beside_white_demon();
    let mut pos = at(&rules, &before);
    play(&mut pos, "8k8i");
    let burnt = after(&[("7j", "P"), ("9h", "f'"), ("1p", "K"), ("16a", "k")], 'w');
    assert_eq!(pos.to_sfen(), burnt);
    pos.unmake();
    assert_eq!(
        pos.to_sfen(),
        before,
        "taking the move back puts every piece back"
    );
    assert_eq!(pos.key(), pos.compute_key());
}

#[test]
fn a_fire_demon_away_from_enemy_fire_demons_survives_its_burning() {
    let rules = test_game("tenjiku-generals");
    let before = board(
        &[
            ("8k", "F'"),
            ("7h", "p"),
            ("9i", "r'"),
            ("1p", "K"),
            ("16a", "k"),
        ],
        'b',
    );
    let mut pos = at(&rules, &before);
    play(&mut pos, "8k8i");
    assert_eq!(
        pos.to_sfen(),
        after(&[("8i", "F'"), ("1p", "K"), ("16a", "k")], 'w'),
        "the Pawn and the Rook General burn, whatever their rank"
    );
}

#[test]
fn a_piece_that_stops_next_to_an_enemy_fire_demon_burns() {
    let rules = test_game("tenjiku-generals");
    // Black's Gold steps 5m-5l, next to White's Fire Demon on 4k; a step to 6m stays clear of it.
    let sfen = board(&[("5m", "G"), ("4k", "f'"), ("1p", "K"), ("16a", "k")], 'b');
    let mut pos = at(&rules, &sfen);
    play(&mut pos, "5m5l");
    assert_eq!(
        pos.to_sfen(),
        after(&[("4k", "f'"), ("1p", "K"), ("16a", "k")], 'w')
    );
    let mut pos = at(&rules, &sfen);
    play(&mut pos, "5m6l");
    assert!(pos.piece_at(square(&rules, "6l")).is_some());
}

#[test]
fn a_piece_promoting_to_a_fire_demon_burns_as_one() {
    let rules = test_game("tenjiku-generals");
    // Black's Water Buffalo enters the zone at 8e next to White's Pawn on 7d: promoted, it stops as a Fire
    // Demon and burns the Pawn; unpromoted it does not.
    let sfen = board(&[("8g", "W"), ("7d", "p"), ("1p", "K"), ("16a", "k")], 'b');
    let mut pos = at(&rules, &sfen);
    play(&mut pos, "8g8e+");
    assert_eq!(
        pos.to_sfen(),
        after(&[("8e", "+W"), ("1p", "K"), ("16a", "k")], 'w')
    );
    let mut pos = at(&rules, &sfen);
    play(&mut pos, "8g8e");
    assert!(pos.piece_at(square(&rules, "7d")).is_some());
}

#[test]
fn a_king_that_burns_itself_loses_under_king_captured() {
    let rules = test_game("tenjiku-generals");
    // Black's King steps next to White's Fire Demon: kings may be captured, so the move is allowed, and the
    // King burns; `king captured: side to move loses` is read of the player whose king is gone.
    let sfen = board(&[("8p", "K"), ("8n", "f'"), ("16a", "k")], 'b');
    let mut game = Game::new(at(&rules, &sfen));
    let mv = game.position().parse_usi("8p8o").expect("a move");
    assert!(game.legal_moves().contains(&mv));
    game.play(mv);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.result, GameResult::Win(Player::Second));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn under_check_rules_a_fire_demon_that_could_stop_next_to_the_king_gives_check() {
    let rules = test_game("tenjiku-checked");
    // White's Fire Demon on 8h may slide down file 8 to 8o, next to Black's King on 8p: check. Black's Lance
    // on 8n blocks the file, and the Demon's area move reaches no square next to the King.
    let open = board(&[("8p", "K"), ("8h", "f'"), ("16a", "k")], 'b');
    assert!(at(&rules, &open).in_check());
    let blocked = board(&[("8p", "K"), ("8n", "L"), ("8h", "f'"), ("16a", "k")], 'b');
    assert!(!at(&rules, &blocked).in_check());
}

#[test]
fn under_check_rules_a_king_may_not_stop_next_to_an_enemy_fire_demon() {
    let rules = test_game("tenjiku-checked");
    // White's Fire Demon on 1m is walled in by its own Pawns and cannot move. Black's King on 3o may step to
    // 3n, clear of it, but not take the Pawn on 2n: it would stop next to the Demon and burn.
    let pos = at(
        &rules,
        "k15/16/16/16/16/16/16/16/16/16/16/14pp/14pf'/14pp/13K2/16 b - 1",
    );
    assert!(
        pos.legal_moves()
            .contains(&pos.parse_usi("3o3n").expect("a move"))
    );
    let Err(koma_vm::UsiError::Illegal { reason, .. }) = pos.parse_usi("3o2n") else {
        panic!("3o2n is refused");
    };
    assert_eq!(reason.name(), "royal-burns");
    assert_eq!(
        reason.to_string(),
        "the King would stop next to the enemy FireDemon on 1m and burn (passive burning)"
    );
}

#[test]
fn under_check_rules_a_piece_that_may_promote_to_a_fire_demon_gives_check_by_burning() {
    let rules = test_game("tenjiku-checked");
    // Black's Water Buffalo on 8h may slide to 5e, in the zone, and promote to a Fire Demon there, next to
    // White's King on 6d: that burns the King, so White stands in check. Unpromoted it reaches no square
    // next to the King.
    let pos = at(
        &rules,
        &board(&[("8h", "W"), ("6d", "k"), ("16p", "K")], 'w'),
    );
    assert!(pos.in_check());
    let far = at(
        &rules,
        &board(&[("8h", "W"), ("6c", "k"), ("16p", "K")], 'w'),
    );
    assert!(!far.in_check());
}

#[test]
fn static_exchange_counts_what_burning_removes() {
    let rules = test_game("tenjiku-generals");
    // Every piece worth 1, a king 1000.
    let by_face = rules
        .faces
        .iter()
        .map(|f| if f.royal { 1000 } else { 1 })
        .collect();
    let values = koma_vm::ExchangeValues::new(&rules, by_face);
    // The Fire Demon's quiet move 8k-8i burns White's Pawn and Gold, and then the Demon burns itself beside
    // White's Fire Demon: 1 + 1 - 1.
    let pos = at(&rules, &demon_beside_white_demon());
    let mv = pos.parse_usi("8k8i").expect("the Fire Demon's move");
    assert_eq!(pos.exchange_value(mv, &values), 1);
}
