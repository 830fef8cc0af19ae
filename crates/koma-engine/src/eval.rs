//! The evaluation: material from the rules' own values, king safety where kings are checked, and the way
//! to a goal zone where a `king reaches` rule exists. Nothing in it is written for one game.

use std::sync::Arc;

use koma_vm::spec::RankSet;
use koma_vm::{Bitboard, EndCondition, FaceId, Player, Position, Rules, Square};

use crate::values::Values;

/// A piece of the enemy's within two squares of a king.
const ATTACKER_NEAR_KING: i32 = 12;
/// A piece of one's own next to one's king.
const DEFENDER_NEXT_TO_KING: i32 = 10;
/// A king standing in its goal zone, scaled down by its distance from it.
const GOAL: i32 = 200;
/// Having the move.
const TEMPO: i32 = 10;

/// Evaluates positions of one game.
#[derive(Debug, Clone)]
pub struct Evaluator {
    rules: Arc<Rules>,
    /// The values the evaluation counts.
    pub values: Values,
    royal_faces: Vec<FaceId>,
    counted_faces: Vec<FaceId>,
    near1: Vec<Bitboard>,
    near2: Vec<Bitboard>,
    /// Ranks of each player's goal zones (from the owner's side), when a `king reaches` rule exists.
    goals: Vec<RankSet>,
    king_safety: bool,
}

impl Evaluator {
    /// The evaluator of a game, with values derived from its rules.
    pub fn new(rules: &Arc<Rules>) -> Evaluator {
        Evaluator::with_values(rules, Values::automatic(rules))
    }

    /// The evaluator of a game with the given values.
    pub fn with_values(rules: &Arc<Rules>, values: Values) -> Evaluator {
        let faces: Vec<FaceId> = FaceId::all(rules.faces.len()).collect();
        let royal_faces: Vec<FaceId> = faces
            .iter()
            .copied()
            .filter(|&f| rules.face(f).royal)
            .collect();
        let counted_faces = faces
            .iter()
            .copied()
            .filter(|&f| !rules.face(f).royal)
            .collect();
        let square_list: Vec<Square> = rules.board().collect();
        let max_square = square_list.iter().map(|s| s.index()).max().unwrap_or(0);
        let mut near1 = vec![Bitboard::EMPTY; max_square + 1];
        let mut near2 = vec![Bitboard::EMPTY; max_square + 1];
        for &a in &square_list {
            let (ax, ay) = rules.coords(a);
            for &b in &square_list {
                let (bx, by) = rules.coords(b);
                let d = ax.abs_diff(bx).max(ay.abs_diff(by));
                if d == 1 {
                    near1[a.index()].insert(b);
                }
                if (1..=2).contains(&d) {
                    near2[a.index()].insert(b);
                }
            }
        }
        let goals = rules
            .end_rules
            .iter()
            .filter_map(|r| match r.condition {
                EndCondition::KingReaches { zone, .. } => Some(zone),
                _ => None,
            })
            .collect();
        Evaluator {
            king_safety: !rules.royals_capturable,
            rules: rules.clone(),
            values,
            royal_faces,
            counted_faces,
            near1,
            near2,
            goals,
        }
    }

    /// The rules it evaluates.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The position's value for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        self.side(pos, us) - self.side(pos, us.opponent()) + TEMPO
    }

    /// What `player` has: material, its king's safety and its way to its goal.
    fn side(&self, pos: &Position, player: Player) -> i32 {
        let mut score = 0;
        for &f in &self.counted_faces {
            score += pos.pieces(player, f).count() as i32 * self.values.board[f.index()];
        }
        for &t in &self.rules.tiles {
            score += pos.hand_count(player, t) as i32 * self.values.hand[t.index()];
        }
        let royals = self.royals(pos, player);
        if royals.count() == 1 {
            let king = royals.lowest();
            if self.king_safety {
                let enemy =
                    pos.occupied_by(player.opponent()) & !self.royals(pos, player.opponent());
                let own = pos.occupied_by(player) & !royals;
                score -= ATTACKER_NEAR_KING * (self.near2[king.index()] & enemy).count() as i32;
                score += DEFENDER_NEXT_TO_KING * (self.near1[king.index()] & own).count() as i32;
            }
            score += self.goal(king, player);
        }
        score
    }

    fn royals(&self, pos: &Position, player: Player) -> Bitboard {
        self.royal_faces
            .iter()
            .fold(Bitboard::EMPTY, |b, &f| b | pos.pieces(player, f))
    }

    /// The bonus of a king on `king` for the nearest goal zone: full in the zone, falling with the square of
    /// the distance in ranks.
    fn goal(&self, king: Square, player: Player) -> i32 {
        let ranks = self.rules.ranks as i32;
        let (_, y) = self.rules.coords(king);
        let own = match player {
            Player::First => y as i32,
            Player::Second => ranks - 1 - y as i32,
        };
        self.goals
            .iter()
            .filter_map(|zone| zone.iter().map(|r| (r as i32 - own).abs()).min())
            .map(|d| {
                let near = (ranks - d).max(0);
                GOAL * near * near / (ranks * ranks).max(1)
            })
            .max()
            .unwrap_or(0)
    }
}
