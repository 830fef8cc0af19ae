//! Compiled rules in words: zones, end rules and drop rules written back in the language's own terms.

use koma_vm::spec::{Captures, RankSet};
use koma_vm::{Bitboard, EndCondition, EndResult, EndRule, FaceId, Player, RelativePlayer, Rules};

/// A zone as the language writes it: `last 2 ranks`, `rank 1`, `ranks 2..3` (from the owner's side).
pub fn zone(ranks: RankSet, board_ranks: u8) -> String {
    let list: Vec<u8> = ranks.iter().map(|r| r + 1).collect();
    let (Some(&low), Some(&high)) = (list.first(), list.last()) else {
        return "no rank".into();
    };
    let contiguous = list.len() == (high - low + 1) as usize;
    match (contiguous, high == board_ranks, low == high) {
        (true, true, true) => "last rank".into(),
        (true, true, false) => format!("last {} ranks", high - low + 1),
        (true, false, true) => format!("rank {low}"),
        (true, false, false) => format!("ranks {low}..{high}"),
        _ => format!(
            "ranks {}",
            list.iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A zone in a sentence: `the last rank`, `the last 2 ranks`, `rank 1 (the home rank)`, `ranks 2 to 3`.
pub fn zone_prose(ranks: RankSet, board_ranks: u8) -> String {
    match zone(ranks, board_ranks).as_str() {
        "last rank" => "the last rank".into(),
        "rank 1" => "rank 1 (the home rank)".into(),
        z if z.starts_with("last ") => format!("the {z}"),
        z => z.replacen("..", " to ", 1),
    }
}

/// The owner-relative ranks a set of squares covers, for `player`.
pub fn ranks_of(rules: &Rules, squares: Bitboard, player: Player) -> RankSet {
    let mut set = RankSet::EMPTY;
    for sq in squares {
        let (_, y) = rules.coords(sq);
        let own = match player {
            Player::First => y,
            Player::Second => rules.ranks - 1 - y,
        };
        set = set.union(RankSet::span(own, own));
    }
    set
}

/// An end rule as the language writes it: `repetition 4 with perpetual check: checker loses`.
pub fn end_rule(rules: &Rules, rule: &EndRule) -> String {
    format!(
        "{}: {}",
        condition(rules, &rule.condition),
        result(rule.result)
    )
}

/// An end condition as the language writes it.
pub fn condition(rules: &Rules, c: &EndCondition) -> String {
    match c {
        EndCondition::NoLegalMove => "no legal move".into(),
        EndCondition::Repetition(n) => format!("repetition {n}"),
        EndCondition::PerpetualCheck(n) => format!("repetition {n} with perpetual check"),
        EndCondition::Stalemate => "stalemate".into(),
        EndCondition::KingCaptured => "king captured".into(),
        EndCondition::KingReaches { zone: z, safely } => format!(
            "king reaches {}{}",
            zone(*z, rules.ranks),
            if *safely { " safely" } else { "" }
        ),
        EndCondition::NoProgress { moves, piece } => match piece {
            Some(p) => format!(
                "{moves} moves without capture or {} move",
                rules.face(*p).name
            ),
            None => format!("{moves} moves without capture"),
        },
    }
}

/// An end result as the language writes it.
pub fn result(r: EndResult) -> String {
    let who = |p: RelativePlayer| match p {
        RelativePlayer::SideToMove => "side to move",
        RelativePlayer::FirstPlayer => "first player",
        RelativePlayer::SecondPlayer => "second player",
        RelativePlayer::Checker => "checker",
        RelativePlayer::Mover => "mover",
        RelativePlayer::Owner => "its owner",
    };
    match r {
        EndResult::Draw => "draw".into(),
        EndResult::Wins(p) => format!("{} wins", who(p)),
        EndResult::Loses(p) => format!("{} loses", who(p)),
    }
}

/// Whether `face` reaches a hand only by a capture that ends the game at once (a royal under `king captured`,
/// with captures to hand), so it is never dropped in play.
pub fn game_ends_when_captured(rules: &Rules, face: FaceId) -> bool {
    rules.face(face).royal
        && rules.captures == Captures::GoToHand
        && rules
            .end_rules
            .iter()
            .any(|r| r.condition == EndCondition::KingCaptured)
}

/// What the drop rules say about dropping `face`, one clause each; `None` if the face is never dropped.
pub fn drop_rules(rules: &Rules, face: FaceId) -> Option<Vec<String>> {
    let f = rules.face(face);
    if !rules.droppable(face) || game_ends_when_captured(rules, face) {
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
    if f.drop_mate_rule.is_some() {
        clauses.push("not giving checkmate".into());
    }
    let dead = rules.dead_squares(Player::First, face);
    if rules.origins.dead_drops.is_some() && !dead.is_empty() {
        clauses.push(format!(
            "not where it could never move ({})",
            zone_prose(ranks_of(rules, dead, Player::First), rules.ranks)
        ));
    }
    let mut allowed = rules.drop_squares(Player::First, face);
    if rules.origins.dead_drops.is_some() {
        allowed |= dead;
    }
    if allowed != rules.board() {
        clauses.push(format!(
            "only on {}",
            zone_prose(ranks_of(rules, allowed, Player::First), rules.ranks)
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
        Captures::LeaveTheGame => {
            "Captured pieces leave the game. Each player's hand is a stock of pieces to place."
        }
    }
}
