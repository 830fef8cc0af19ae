//! A game in progress: a position plus its history, and the end-of-game rules applied to it.

use std::sync::Arc;

use crate::position::{Move, Position};
use crate::rules::{Rules, Side};
use crate::spec::{EndCondition, EndResult, Role};

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// This side won.
    Win(Side),
    /// Nobody won.
    Draw,
}

/// The verdict of an end rule: the result and the index of the rule in [`Rules::end_rules`] that gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Who won.
    pub result: GameResult,
    /// Which end rule decided.
    pub rule: usize,
}

/// A game: the current position and every position before it, for repetition rules.
#[derive(Debug, Clone)]
pub struct Game {
    position: Position,
    first: Side,
    /// Keys of every position so far, the current one last.
    keys: Vec<u64>,
    /// For every position so far, whether the side to move was in check.
    checks: Vec<bool>,
    moves: Vec<Move>,
}

impl Game {
    /// A game starting from `position`; the side to move there is the first player of the game.
    pub fn new(position: Position) -> Game {
        let check = position.in_check();
        Game {
            first: position.side_to_move(),
            keys: vec![position.key()],
            checks: vec![check],
            position,
            moves: Vec::new(),
        }
    }

    /// A game from the rules' start position.
    pub fn start(rules: &Arc<Rules>) -> Game {
        Game::new(Position::start(rules))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        self.position.make(mv);
        self.keys.push(self.position.key());
        self.checks.push(self.position.in_check());
        self.moves.push(mv);
    }

    /// Takes back the last move; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.position.unmake();
        self.keys.pop();
        self.checks.pop();
        true
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let key = self.position.key();
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// The side that gave check with every one of its moves since the `n`th-last occurrence of the current
    /// position, if exactly one side did.
    fn perpetual_checker(&self, n: usize) -> Option<Side> {
        let key = self.position.key();
        let seen: Vec<usize> = (0..self.keys.len())
            .filter(|&i| self.keys[i] == key)
            .collect();
        let since = seen[seen.len() - n];
        let last = self.keys.len() - 1;
        let side_at = |i: usize| {
            if (last - i).is_multiple_of(2) {
                self.position.side_to_move()
            } else {
                self.position.side_to_move().flip()
            }
        };
        let checked_always = |checker: Side| {
            (since + 1..=last)
                .filter(|&i| side_at(i) == checker.flip())
                .all(|i| self.checks[i])
        };
        match (checked_always(Side::First), checked_always(Side::Second)) {
            (true, false) => Some(Side::First),
            (false, true) => Some(Side::Second),
            _ => None,
        }
    }

    /// The end of the game, if an end rule applies to the current position.
    pub fn outcome(&self) -> Option<Outcome> {
        let stm = self.position.side_to_move();
        let reps = self.repetitions();
        for (rule, end) in self.position.rules().end_rules.iter().enumerate() {
            let checker = match end.condition {
                EndCondition::NoLegalMove => {
                    if self.position.has_legal_move() {
                        continue;
                    }
                    None
                }
                EndCondition::Repetition(n) => {
                    if reps < n as usize {
                        continue;
                    }
                    None
                }
                EndCondition::PerpetualCheck(n) => {
                    if reps < n as usize {
                        continue;
                    }
                    match self.perpetual_checker(n as usize) {
                        Some(side) => Some(side),
                        None => continue,
                    }
                }
            };
            let who = |role: Role| match role {
                Role::SideToMove => stm,
                Role::FirstPlayer => self.first,
                Role::SecondPlayer => self.first.flip(),
                Role::Checker => checker.unwrap_or(stm),
            };
            let result = match end.result {
                EndResult::Draw => GameResult::Draw,
                EndResult::Wins(role) => GameResult::Win(who(role)),
                EndResult::Loses(role) => GameResult::Win(who(role).flip()),
            };
            return Some(Outcome { result, rule });
        }
        None
    }
}
