//! A koma position written as a Fairy-Stockfish FEN: board, hand in brackets, side, check counts.

use std::sync::Arc;

use koma_vm::{FaceId, Player, Position, Rules};

use crate::letters::Letters;

/// How Fairy-Stockfish writes a face of `owner`: its type's letter, or `+` and its tile's letter for a face
/// that is not its tile's own.
fn token(rules: &Rules, letters: &Letters, face: FaceId, owner: Player) -> String {
    let f = rules.face(face);
    let text = if f.tile == face {
        letters.letter(face).to_string()
    } else {
        format!("+{}", letters.letter(f.tile))
    };
    match owner {
        Player::First => text.to_ascii_uppercase(),
        Player::Second => text,
    }
}

/// The FEN of the game's start position. `checks` is the `N` of an `N checks` rule, whose remaining counts
/// Fairy-Stockfish writes after the side to move; `hands` whether the position has hands at all.
pub(crate) fn start(
    rules: &Arc<Rules>,
    letters: &Letters,
    hands: bool,
    checks: Option<u32>,
) -> String {
    let pos = Position::start(rules);
    let mut rows = Vec::new();
    for y in (0..rules.ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for x in 0..rules.files {
            let piece = rules.square(x, y).and_then(|sq| pos.piece_at(sq));
            match piece {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(&token(rules, letters, p.face, p.owner));
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let mut fen = rows.join("/");
    if hands {
        let mut hand = String::new();
        for player in [Player::First, Player::Second] {
            for &tile in &rules.tiles {
                for _ in 0..pos.hand_count(player, tile) {
                    hand.push_str(&token(rules, letters, tile, player));
                }
            }
        }
        fen.push_str(&format!("[{}]", if hand.is_empty() { "-" } else { &hand }));
    }
    let side = match pos.side_to_move() {
        Player::First => 'w',
        Player::Second => 'b',
    };
    fen.push_str(&format!(" {side} "));
    if let Some(n) = checks {
        let left = |p: Player| n.saturating_sub(u32::from(pos.checks_given(p)));
        fen.push_str(&format!(
            "{}+{} ",
            left(Player::First),
            left(Player::Second)
        ));
    }
    fen.push_str("0 1");
    fen
}
