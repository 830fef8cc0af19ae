//! The evaluation: material from the rules' own values, king safety where kings are checked, and the way
//! to a goal zone where a `king reaches` rule exists. Nothing in it is written for one game.

use std::sync::Arc;

use koma_vm::spec::RankSet;
use koma_vm::{Bitboard, EndCondition, FaceId, Player, Position, Rules, Square};

use crate::values::Values;

/// King danger, in units squared over [`DANGER_SCALE`]: each enemy piece within two squares of the king,
const DANGER_ATTACKER: i32 = 10;
/// each kind of piece in the enemy's hand, which a drop can bring next to the king,
const DANGER_HAND: i32 = 8;
/// less each piece of one's own next to the king.
const DANGER_DEFENDER: i32 = 6;
const DANGER_SCALE: i32 = 40;
/// The most king danger counts, in centipawns.
const DANGER_MAX: i32 = 2000;
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
    /// The values a static exchange counts: the board values, a royal piece worth more than all of them.
    pub exchange: Vec<i32>,
    royal_faces: Vec<FaceId>,
    counted_faces: Vec<FaceId>,
    near1: Vec<Bitboard>,
    near2: Vec<Bitboard>,
    /// Ranks of each player's goal zones (from the owner's side), when a `king reaches` rule exists.
    goals: Vec<RankSet>,
    king_safety: bool,
    /// Whether captured pieces return as drops (then passing the move is rarely good, and a null move sound).
    drops: bool,
    /// The least value of a piece that is not royal.
    least_value: i32,
    /// Whether the rules make having to move a burden (see [`passing_helps`]).
    passing_helps: bool,
}

/// Whether having to move can be worse than passing under these rules, whatever the material: captures are
/// compulsory, or running out of moves or pieces wins (a game played to lose). A null move is unsound there.
fn passing_helps(rules: &Rules) -> bool {
    use koma_vm::{EndResult, RelativePlayer};
    rules.compulsory_capture.is_some()
        || rules.end_rules.iter().any(|r| {
            matches!(
                r.condition,
                EndCondition::NoLegalMove | EndCondition::Stalemate | EndCondition::NoPiecesLeft
            ) && r.result == EndResult::Wins(RelativePlayer::SideToMove)
        })
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
        let counted_faces: Vec<FaceId> = faces
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
        let least_value = counted_faces
            .iter()
            .map(|f: &FaceId| values.board[f.index()])
            .filter(|&v| v > 0)
            .min()
            .unwrap_or(1);
        let royal_value = 1 + values.board.iter().map(|v| v.max(&0)).sum::<i32>();
        let exchange = FaceId::all(rules.faces.len())
            .map(|f| {
                if rules.face(f).royal {
                    royal_value
                } else {
                    values.board[f.index()]
                }
            })
            .collect();
        Evaluator {
            exchange,
            drops: rules.captures == koma_vm::spec::Captures::GoToHand,
            passing_helps: passing_helps(rules),
            least_value,
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

    /// Whether an end rule wins the game for a king reaching a zone: then a king's quiet move can end it.
    pub fn has_goal(&self) -> bool {
        !self.goals.is_empty()
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

    /// Whether a search may try a null move here: never where having to move is a burden by rule, nor where a
    /// king's quiet walk to its goal wins (a threat the shallower search after a pass does not see); where
    /// captures become drops, always; otherwise when the
    /// side to move keeps pieces worth at least four of its least valuable, so that zugzwang (every move
    /// worse than none) is unlikely.
    pub fn may_pass(&self, pos: &Position) -> bool {
        if self.passing_helps || self.has_goal() {
            return false;
        }
        if self.drops {
            return true;
        }
        let us = pos.side_to_move();
        let material: i32 = self
            .counted_faces
            .iter()
            .map(|&f| pos.pieces(us, f).count() as i32 * self.values.board[f.index()])
            .sum();
        material >= 4 * self.least_value
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
                score -= self.king_danger(pos, player, king, royals);
            }
            score += self.goal(king, player);
        }
        score
    }

    /// How much danger `player`'s king on `king` is in, in centipawns: the enemy's pieces near it and the
    /// kinds of pieces in the enemy's hand, less its defenders, counted in units whose square is the penalty
    /// (a few attackers cost little, many cost a lot).
    fn king_danger(&self, pos: &Position, player: Player, king: Square, royals: Bitboard) -> i32 {
        let them = player.opponent();
        let enemy = pos.occupied_by(them) & !self.royals(pos, them);
        let own = pos.occupied_by(player) & !royals;
        let in_hand = self
            .rules
            .tiles
            .iter()
            .filter(|&&t| pos.hand_count(them, t) > 0)
            .count() as i32;
        let units = DANGER_ATTACKER * (self.near2[king.index()] & enemy).count() as i32
            + DANGER_HAND * in_hand
            - DANGER_DEFENDER * (self.near1[king.index()] & own).count() as i32;
        let units = units.max(0);
        (units * units / DANGER_SCALE).min(DANGER_MAX)
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
