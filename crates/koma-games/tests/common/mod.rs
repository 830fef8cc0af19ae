//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::sync::Arc;

use koma_vm::{Game, Rules};

/// The compiled rules of an embedded game.
pub fn rules(name: &str) -> Arc<Rules> {
    koma_host::Host::embedded()
        .load(name)
        .unwrap_or_else(|d| panic!("{d:?}"))
        .compiled
        .rules
}

/// The compiled rules of a game in `examples/`, which may extend embedded games.
pub fn example(name: &str) -> Arc<Rules> {
    let path = format!("{}/../../examples/{name}.game", env!("CARGO_MANIFEST_DIR"));
    koma_host::Host::disk()
        .load(&path)
        .unwrap_or_else(|d| panic!("{d:?}"))
        .compiled
        .rules
}

/// Plays USI moves, checking that the game goes on and that each move is allowed.
pub fn play(game: &mut Game, moves: &str) {
    for usi in moves.split_whitespace() {
        assert_eq!(game.outcome(), None, "the game ended before {usi}");
        let mv = game
            .position()
            .parse_usi(usi)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(game.legal_moves().contains(&mv), "{usi} is not allowed now");
        game.play(mv);
    }
}

/// The compiled rules of a test game in `tests/games/`.
pub fn test_game(name: &str) -> Arc<Rules> {
    let path = format!("{}/tests/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    koma_host::Host::disk()
        .load(&path)
        .unwrap_or_else(|d| panic!("{d:?}"))
        .compiled
        .rules
}

/// The legal moves of `pos` that start with `prefix`, by their USI names, sorted.
pub fn moves_from(pos: &koma_vm::Position, prefix: &str) -> Vec<String> {
    let r = pos.rules();
    let mut out: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| r.move_name(m))
        .filter(|m| m.starts_with(prefix))
        .collect();
    out.sort();
    out
}

/// A 16x16 SFEN with `pieces` (square, letter) on an empty board and `side` to move (move number 1).
pub fn board(pieces: &[(&str, &str)], side: char) -> String {
    let mut rows = vec![vec![String::new(); 16]; 16];
    for (square, letter) in pieces {
        let (file, rank) = square.split_at(square.len() - 1);
        let column = 16 - file.parse::<usize>().expect("a file number");
        let row = (rank.as_bytes()[0] - b'a') as usize;
        rows[row][column] = letter.to_string();
    }
    let text: Vec<String> = rows
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                if cell.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                out += cell;
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect();
    format!("{} {side} - 1", text.join("/"))
}

/// Why `usi` is refused in `pos` (the test fails if it is legal or not a move at all).
pub fn refusal(pos: &koma_vm::Position, usi: &str) -> koma_vm::IllegalReason {
    match pos.parse_usi(usi) {
        Ok(_) => panic!("{usi} is legal in {}", pos.to_sfen()),
        Err(koma_vm::UsiError::Illegal { reason, .. }) => reason,
        Err(e) => panic!("{usi}: {e}"),
    }
}
