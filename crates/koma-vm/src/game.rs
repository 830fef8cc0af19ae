//! A game in progress: a position plus its history, the opening options, and the end-of-game rules
//! applied to it.

use std::sync::Arc;

use crate::movegen::ImmediateEnd;
use crate::position::{Move, Position};
use crate::rules::{PieceId, Rules, Side};
use crate::spec::{EndCondition, EndResult, OptionKind, Role};

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

/// Why an opening option cannot be used now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The option is not switched on for this game.
    #[error("the `{0}` option is not switched on")]
    Off(&'static str),
    /// The option belongs to another moment of the game.
    #[error("`{0}` is only possible {1}")]
    NotNow(&'static str, &'static str),
    /// The named piece cannot be placed first.
    #[error("the first player cannot place that piece")]
    NotPlaceable,
}

/// A game: the current position and every position before it, for repetition and progress rules.
#[derive(Debug, Clone)]
pub struct Game {
    position: Position,
    first: Side,
    /// Keys of every position so far, the current one last.
    keys: Vec<u64>,
    /// For every position so far, whether the side to move was in check.
    checks: Vec<bool>,
    /// For every move, whether it was a capture.
    captures: Vec<bool>,
    /// For every move, the face of the piece that moved (`None` for a drop).
    movers: Vec<Option<PieceId>>,
    moves: Vec<Move>,
    options: Vec<(OptionKind, bool)>,
    designated: Option<PieceId>,
    swapped: bool,
}

fn option_name(kind: OptionKind) -> &'static str {
    match kind {
        OptionKind::Designate => "designate",
        OptionKind::Pie => "pie",
    }
}

impl Game {
    /// A game starting from `position`; the side to move there is the first player of the game.
    pub fn new(position: Position) -> Game {
        let check = position.in_check();
        let options = position
            .rules()
            .options
            .iter()
            .map(|o| (o.kind, o.on))
            .collect();
        Game {
            first: position.side_to_move(),
            keys: vec![position.key()],
            checks: vec![check],
            captures: Vec::new(),
            movers: Vec::new(),
            position,
            moves: Vec::new(),
            options,
            designated: None,
            swapped: false,
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

    /// Switches an option the game declares on or off. Returns `false` if the game has no such option.
    pub fn set_option(&mut self, kind: OptionKind, on: bool) -> bool {
        match self.options.iter_mut().find(|(k, _)| *k == kind) {
            Some(o) => {
                o.1 = on;
                true
            }
            None => false,
        }
    }

    /// Whether an option is on.
    pub fn option(&self, kind: OptionKind) -> bool {
        self.options.iter().any(|&(k, on)| k == kind && on)
    }

    /// The `designate` option: before the first move, the second player names the piece the first player
    /// must place first.
    pub fn designate(&mut self, piece: PieceId) -> Result<(), OptionError> {
        if !self.option(OptionKind::Designate) {
            return Err(OptionError::Off("designate"));
        }
        if !self.moves.is_empty() || self.designated.is_some() {
            return Err(OptionError::NotNow(
                "designate",
                "once, before the first move",
            ));
        }
        if !self
            .position
            .legal_moves()
            .iter()
            .any(|m| m.is_drop() && m.piece() == piece)
        {
            return Err(OptionError::NotPlaceable);
        }
        self.designated = Some(piece);
        Ok(())
    }

    /// The `pie` option: after the first move, the second player takes over the first player's side.
    /// The position does not change; the players exchange sides.
    pub fn swap(&mut self) -> Result<(), OptionError> {
        if !self.option(OptionKind::Pie) {
            return Err(OptionError::Off("pie"));
        }
        if self.moves.len() != 1 || self.swapped {
            return Err(OptionError::NotNow(
                option_name(OptionKind::Pie),
                "right after the first move",
            ));
        }
        self.swapped = true;
        Ok(())
    }

    /// Whether the players exchanged sides with the `pie` option.
    pub fn players_swapped(&self) -> bool {
        self.swapped
    }

    /// The legal moves now, with the `designate` restriction applied to the first move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = self.position.legal_moves();
        if let (Some(piece), true) = (self.designated, self.moves.is_empty()) {
            moves.retain(|m| m.is_drop() && m.piece() == piece);
        }
        moves
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        let capture = !mv.is_drop() && self.position.piece_at(mv.to()).is_some();
        let mover = mv
            .from()
            .and_then(|f| self.position.piece_at(f))
            .map(|p| p.id);
        self.position.make(mv);
        self.keys.push(self.position.key());
        self.checks.push(self.position.in_check());
        self.captures.push(capture);
        self.movers.push(mover);
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
        self.captures.pop();
        self.movers.pop();
        if self.moves.is_empty() {
            self.swapped = false;
        }
        true
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let key = self.position.key();
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// Plies since the last capture or move of `piece`.
    pub fn plies_without_progress(&self, piece: Option<PieceId>) -> usize {
        (0..self.moves.len())
            .rev()
            .take_while(|&i| !self.captures[i] && (piece.is_none() || self.movers[i] != piece))
            .count()
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
        let stm = self.position.side_to_move();
        let side_at = |i: usize| {
            if (last - i).is_multiple_of(2) {
                stm
            } else {
                stm.flip()
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
        let pos = &self.position;
        let stm = pos.side_to_move();
        let reps = self.repetitions();
        let immediate = pos.immediate_end();
        for (rule, end) in pos.rules().end_rules.iter().enumerate() {
            let mut checker = None;
            let applies = match end.condition {
                EndCondition::NoLegalMove => !pos.has_legal_move(),
                EndCondition::Stalemate => !pos.in_check() && !pos.has_legal_move(),
                EndCondition::Repetition(n) => reps >= n as usize,
                EndCondition::PerpetualCheck(n) => {
                    checker = if reps >= n as usize {
                        self.perpetual_checker(n as usize)
                    } else {
                        None
                    };
                    checker.is_some()
                }
                EndCondition::KingCaptured => immediate == Some(ImmediateEnd::KingCaptured),
                EndCondition::KingReaches(_) => immediate == Some(ImmediateEnd::KingReachedZone),
                EndCondition::NoProgress { plies, piece } => {
                    self.plies_without_progress(piece.map(|p| p as PieceId)) >= plies as usize
                }
            };
            if !applies {
                continue;
            }
            let who = |role: Role| match role {
                Role::SideToMove => stm,
                Role::Mover => stm.flip(),
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
