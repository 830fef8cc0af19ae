//! The evaluation: the game's weights (see `weights.rs`) summed over the terms of a position (`features.rs`):
//! piece-square values started from the rules' own values, pieces in hand, mobility, threats, king danger
//! where kings are checked, the way to a goal zone where a `king reaches` rule exists, and a tempo. Nothing in
//! it is written for one game.

use std::sync::Arc;

use koma_vm::{EndCondition, ExchangeValues, FaceId, Player, Position, Rules};

use crate::features::{Sink, Terms};
use crate::weights::{DANGER_MAX, DANGER_SCALE, Weights};
use koma_vm::Values;

/// Evaluates positions of one game.
#[derive(Debug, Clone)]
pub struct Evaluator {
    rules: Arc<Rules>,
    /// The values the evaluation counts.
    pub values: Values,
    /// The values a static exchange counts: the board values, a royal piece worth more than all of them.
    pub exchange: ExchangeValues,
    counted_faces: Vec<FaceId>,
    /// Whether a `king reaches` rule exists (the weights hold the goal zones' values).
    has_goal: bool,
    terms: Terms,
    weights: Weights,
    /// Whether any weight of a term read from attacks is not nothing (else the evaluation skips the attacks).
    uses_attacks: bool,
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
        let counted_faces: Vec<FaceId> = faces
            .iter()
            .copied()
            .filter(|&f| !rules.face(f).royal)
            .collect();
        let has_goal = rules
            .end_rules
            .iter()
            .any(|r| matches!(r.condition, EndCondition::KingReaches { .. }));
        let least_value = counted_faces
            .iter()
            .map(|f: &FaceId| values.board[f.index()])
            .filter(|&v| v > 0)
            .min()
            .unwrap_or(1);
        let royal_value = 1 + values.board.iter().map(|v| v.max(&0)).sum::<i32>();
        let exchange = ExchangeValues::new(
            rules,
            FaceId::all(rules.faces.len())
                .map(|f| {
                    if rules.face(f).royal {
                        royal_value
                    } else {
                        values.board[f.index()]
                    }
                })
                .collect(),
        );
        let weights = Weights::initial(rules, &values);
        Evaluator {
            terms: Terms::new(rules, &values.board),
            uses_attacks: weights.uses_attacks(),
            weights,
            exchange,
            drops: rules.captures == koma_vm::spec::Captures::GoToHand,
            passing_helps: passing_helps(rules),
            least_value,
            rules: rules.clone(),
            values,
            counted_faces,
            has_goal,
        }
    }

    /// Whether an end rule wins the game for a king reaching a zone: then a king's quiet move can end it.
    pub fn has_goal(&self) -> bool {
        self.has_goal
    }

    /// The rules it evaluates.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The position's value for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut sum = Sum {
            weights: &self.weights.values,
            score: [0; 2],
            units: [0; 2],
            attacks: self.uses_attacks,
        };
        self.terms.read(pos, &mut sum);
        let side = |p: usize| sum.score[p] - danger(sum.units[p]);
        let us = pos.side_to_move().index();
        (side(us) - side(1 - us)).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The terms of `pos` as tuning reads them.
    pub fn trace(&self, pos: &Position) -> Trace {
        let mut trace = Trace::default();
        self.terms.read(pos, &mut trace);
        Trace::merge(&mut trace.terms);
        for d in &mut trace.danger {
            Trace::merge(d);
        }
        trace
    }

    /// The evaluator of a game with the weights a weights file gives (`text`, named `origin` in errors), or
    /// with the weights derived from its rules when there is none.
    pub fn for_game(
        rules: &Arc<Rules>,
        weights: Option<(&str, &str)>,
    ) -> Result<Evaluator, String> {
        let eval = Evaluator::new(rules);
        let Some((origin, text)) = weights else {
            return Ok(eval);
        };
        let weights =
            Weights::parse(rules, eval.weights(), text).map_err(|e| format!("{origin}: {e}"))?;
        Ok(eval.with_weights(weights))
    }

    /// The weights it sums.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The same evaluator with other weights (of the same game's layout).
    pub fn with_weights(&self, weights: Weights) -> Evaluator {
        assert_eq!(
            weights.layout, self.weights.layout,
            "weights of another game"
        );
        Evaluator {
            uses_attacks: weights.uses_attacks(),
            weights,
            ..self.clone()
        }
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
            .map(|&f| pos.count(us, f) as i32 * self.values.board[f.index()])
            .sum();
        material >= 4 * self.least_value
    }
}

/// The penalty of a king danger of `units`: their square over a scale, capped.
fn danger(units: i32) -> i32 {
    let units = units.max(0) as i64;
    (units * units / DANGER_SCALE as i64).min(DANGER_MAX as i64) as i32
}

/// The largest evaluation, well inside the scores of found wins.
const MAX_EVAL: i32 = 20_000;

/// The terms of one position as tuning reads them, from the first player's side.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trace {
    /// Each weight's count, the first player's less the second's (weights that do not count left out).
    pub terms: Vec<(u32, i32)>,
    /// For each player's king, each weight's count in its danger units.
    pub danger: [Vec<(u32, i32)>; 2],
}

impl Sink for Trace {
    fn term(&mut self, player: Player, index: usize, count: i32) {
        let sign = if player == Player::First { 1 } else { -1 };
        self.terms.push((index as u32, sign * count));
    }

    fn danger(&mut self, player: Player, index: usize, count: i32) {
        self.danger[player.index()].push((index as u32, count));
    }
}

impl Trace {
    /// The evaluation these terms give under `weights`, from the first player's side (before the
    /// evaluation's bound): what [`Evaluator::evaluate`] computes, read back from the trace.
    pub fn score(&self, weights: &[i32]) -> i32 {
        let sum = |list: &[(u32, i32)]| -> i32 {
            list.iter().map(|&(i, c)| weights[i as usize] * c).sum()
        };
        sum(&self.terms) - danger(sum(&self.danger[0])) + danger(sum(&self.danger[1]))
    }

    /// Sums the counts of each weight and leaves out those that cancel.
    fn merge(list: &mut Vec<(u32, i32)>) {
        list.sort_unstable_by_key(|&(i, _)| i);
        let mut out: Vec<(u32, i32)> = Vec::with_capacity(list.len());
        for &(i, c) in list.iter() {
            match out.last_mut() {
                Some(last) if last.0 == i => last.1 += c,
                _ => out.push((i, c)),
            }
        }
        out.retain(|&(_, c)| c != 0);
        *list = out;
    }
}

/// The search's sink: each player's weights summed, and their kings' danger units.
struct Sum<'w> {
    weights: &'w [i32],
    score: [i32; 2],
    units: [i32; 2],
    attacks: bool,
}

impl Sink for Sum<'_> {
    #[inline(always)]
    fn term(&mut self, player: Player, index: usize, count: i32) {
        self.score[player.index()] += self.weights[index] * count;
    }

    #[inline(always)]
    fn danger(&mut self, player: Player, index: usize, count: i32) {
        self.units[player.index()] += self.weights[index] * count;
    }

    #[inline(always)]
    fn attacks(&self) -> bool {
        self.attacks
    }
}
