//! Pieces no shipped game uses — hoppers, lame leapers, limited riders — counted by hand on a 5x5 board.

use koma_vm::{Position, Square};

fn game(piece: &str) -> std::sync::Arc<koma_vm::Rules> {
    let source = format!(
        r#"game "Test"
        board 5 x 5
        piece King K moves "K" royal
        piece Gold G moves "WfF"
        piece Test T moves "{piece}"
        start "4k/5/5/5/K4 b - 1"
        end {{ no legal move: side to move loses }}"#
    );
    let parsed = koma_compile::Parsed::parse(source.into(), 0).unwrap();
    koma_compile::compile(&[parsed])
        .unwrap_or_else(|d| panic!("{d:?}"))
        .rules
}

/// Legal targets of the piece on `from` (USI square), sorted.
fn targets(piece: &str, sfen: &str, from: &str) -> Vec<String> {
    let rules = game(piece);
    let pos = Position::from_sfen(&rules, sfen).unwrap();
    let (sq, _): (Square, usize) = rules.parse_square(from).unwrap();
    let mut out: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(sq))
        .map(|m| rules.square_name(m.to()))
        .collect();
    out.sort();
    out
}

#[test]
fn cannon_moves_like_a_rook_and_captures_over_one_screen() {
    // Cannon on 3c, own gold on 3b as the screen, an enemy gold on 3a behind it.
    let t = targets("mRcpR", "2g1k/2G2/2T2/5/K4 b - 1", "3c");
    assert_eq!(t, ["1c", "2c", "3a", "3d", "3e", "4c", "5c"]);
}

#[test]
fn grasshopper_lands_right_behind_the_first_piece() {
    let t = targets("gQ", "4k/2G2/2T2/5/K4 b - 1", "3c");
    assert_eq!(t, ["3a"]);
    let t = targets("gQ", "4k/5/2T2/5/K4 b - 1", "3c");
    assert!(t.is_empty(), "no screen, no move: {t:?}");
}

#[test]
fn lame_knight_is_blocked_on_its_long_side() {
    assert_eq!(targets("nN", "4k/5/2T2/5/K4 b - 1", "3c").len(), 8);
    // A piece on 3b blocks both forward moves (1 right/left, 2 up).
    let t = targets("nN", "4k/2G2/2T2/5/K4 b - 1", "3c");
    assert_eq!(t.len(), 6);
    assert!(!t.contains(&"2a".to_string()) && !t.contains(&"4a".to_string()));
}

#[test]
fn limited_and_doubled_riders() {
    assert_eq!(targets("W2", "4k/5/2T2/5/K4 b - 1", "3c").len(), 8);
    assert_eq!(
        targets("NN", "4k/5/5/5/K3T b - 1", "1e"),
        ["2c", "3a", "3d", "5c"]
    );
}

#[test]
fn capture_only_and_move_only() {
    // fcF: captures forward-diagonally only; fmW: steps forward without capturing.
    let t = targets("fcFfmW", "4k/5/1g3/2T2/K4 b - 1", "3d");
    assert_eq!(t, ["3c", "4c"]);
}

#[test]
fn a_cannon_gives_check_through_a_screen() {
    let rules = game("mRcpR");
    // The second player's king on 3a, the first player's gold on 3b as the screen, its cannon on 3d.
    let pos = Position::from_sfen(&rules, "2k2/2G2/5/2T2/K4 w - 1").unwrap();
    assert!(pos.in_check());
    // The gold screens the cannon and guards 2a 4a 2b 4b; taking it removes the screen, so it is the only move.
    let moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| rules.move_name(m))
        .collect();
    assert_eq!(moves, ["3a3b"]);
}
