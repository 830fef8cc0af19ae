//! The card's words: drop rules and captures in sentences. Zones, end rules and results have their words in
//! the VM, next to their types.

use koma_vm::spec::{Captures, RankSet};
use koma_vm::{FaceId, Player, Rules};

/// A zone as the language writes it: `last 2 ranks`, `rank 1`, `ranks 2..3` (from the owner's side).
pub fn zone(ranks: RankSet, board_ranks: u8) -> String {
    ranks.words(board_ranks)
}

/// A zone in a sentence: `the last rank`, `the last 2 ranks`, `rank 1 (the home rank)`, `ranks 2 to 3`.
pub fn zone_prose(ranks: RankSet, board_ranks: u8) -> String {
    ranks.prose(board_ranks)
}

/// What the drop rules say about dropping `face`, one clause each; `None` if the face is never dropped.
pub fn drop_rules(rules: &Rules, face: FaceId) -> Option<Vec<String>> {
    let f = rules.face(face);
    if !rules.drops_arise() || !rules.droppable(face) || rules.royal_capture_ends_game(face) {
        return None;
    }
    let either = !rules.tiles.contains(&face);
    let mut clauses = Vec::new();
    if either {
        clauses.push(format!(
            "dropped face up from a {} in hand",
            rules.face(f.tile).name
        ));
    }
    if let Some(limit) = &f.drop_file_rule {
        clauses.push(match limit.count {
            1 => format!(
                "not on a file holding an own {}",
                rules.face(limit.blocker).name
            ),
            n => format!(
                "not on a file holding {n} own {}s",
                rules.face(limit.blocker).name
            ),
        });
    }
    if let Some(ban) = &f.drop_mate_rule {
        let stalemate = if ban.stalemate { " or stalemate" } else { "" };
        let front = if ban.in_front {
            " in front of a royal piece"
        } else {
            ""
        };
        clauses.push(format!("not giving checkmate{stalemate}{front}"));
    }
    let dead = rules.dead_squares(Player::First, face);
    if rules.origins.dead_drops.is_some() && !dead.is_empty() {
        clauses.push(format!(
            "not where it could never move ({})",
            rules.owner_ranks(dead, Player::First).prose(rules.ranks)
        ));
    }
    let mut allowed = rules.drop_squares(Player::First, face);
    if rules.origins.dead_drops.is_some() {
        allowed |= dead;
    }
    if allowed != rules.board() {
        clauses.push(format!(
            "only on {}",
            rules.owner_ranks(allowed, Player::First).prose(rules.ranks)
        ));
    }
    if clauses.is_empty() {
        clauses.push("on any empty square".into());
    }
    Some(clauses)
}

/// Where captured pieces go, in a sentence.
pub fn captures(rules: &Rules) -> &'static str {
    match rules.captures {
        Captures::GoToHand => {
            "Captured pieces go to the captor's hand, as the tile's starting face, and may be dropped."
        }
        Captures::LeaveTheGame if !rules.drops_arise() => {
            "Captured pieces leave the game. There are no drops."
        }
        Captures::LeaveTheGame => {
            "Captured pieces leave the game. Each player's hand is a stock of pieces to place."
        }
    }
}
