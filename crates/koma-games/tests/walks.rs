//! Walks (`mKaK`, `mKamKaK`), tenjiku shogi's area moves, position by position: the squares within reach
//! through empty squares, one move each, taking only where the walk stops. The exact counts are in the perft
//! suites (`tenjiku-generals-*.perft`, from tools/shogivar_tables.py).

use koma_vm::{Position, Rules};
use std::sync::Arc;

mod common;
use common::{moves_from, test_game};

fn tenjiku() -> Arc<Rules> {
    test_game("tenjiku-generals")
}

fn at(sfen: &str) -> Position {
    Position::from_sfen(&tenjiku(), sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// The target squares of the legal moves from `from`, sorted.
fn targets(pos: &Position, from: &str) -> Vec<String> {
    moves_from(pos, from)
        .into_iter()
        .filter_map(|m| m.strip_prefix(from).map(str::to_string))
        .collect()
}

#[test]
fn a_lion_hawk_reaches_every_square_within_two_steps_once() {
    // A Lion Hawk on 8h of an empty board: the 24 squares within two king steps, and its Bishop's lines.
    let pos = at("K15/16/16/16/16/16/16/8L'7/16/16/16/16/16/16/16/15k b - 1");
    let all = targets(&pos, "8h");
    let mut unique = all.clone();
    unique.dedup();
    assert_eq!(all, unique, "one move a square");
    // 24 within two steps, 8 of them on its diagonals; the diagonals' other squares: 7 + 7 + 6 + 8 - 4 = 24.
    let near = all
        .iter()
        .filter(|t| {
            let file: i32 = t[..t.len() - 1].parse().unwrap();
            let rank = t.as_bytes()[t.len() - 1] as i32 - b'a' as i32 + 1;
            (file - 8).abs() <= 2 && (rank - 8).abs() <= 2
        })
        .count();
    assert_eq!(near, 24, "{all:?}");
}

#[test]
fn a_vice_general_walks_around_pieces_and_takes_only_where_it_stops() {
    // Black's Vice General on 8i, boxed in by its own Pawns but for 7h; White's Pawn on 8f.
    let boxed = "K15/16/16/16/16/8p7/16/7PP7/7PV'P6/7PPP6/16/16/16/16/16/15k b - 1";
    let walk = targets(&at(boxed), "8i");
    // Out through 7h alone: 10i is two steps away on an empty board, but every way passes its own Pawns.
    assert!(walk.contains(&"7h".to_string()));
    assert!(!walk.contains(&"10i".to_string()), "{walk:?}");
    // The Pawn on 8f is three steps away through 7h and 7g (or 8g): taken there.
    assert!(walk.contains(&"8f".to_string()), "{walk:?}");
    // It never stays where it is.
    assert!(!walk.contains(&"8i".to_string()));
}

#[test]
fn a_blocked_walk_is_explained() {
    let boxed = "K15/16/16/16/16/8p7/16/7PP7/7PV'P6/7PPP6/16/16/16/16/16/15k b - 1";
    match at(boxed).parse_usi("8i10i") {
        Ok(_) => panic!("8i10i is legal"),
        Err(koma_vm::UsiError::Illegal { reason, .. }) => {
            assert_eq!(reason.name(), "blocked");
            assert!(
                reason.to_string().contains("every way there is blocked"),
                "{reason}"
            );
        }
        Err(e) => panic!("{e}"),
    }
}
