//! The outcome of a game: the first end rule that applies, and who it makes the winner.

use crate::end_rule::{Applies, EndCondition, EndResult, RelativePlayer};
use crate::game::Game;
use crate::player::Player;

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

/// The verdict of an end rule: the result and the index of the rule in [`crate::Rules::end_rules`] that gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Who won.
    pub result: GameResult,
    /// Which end rule decided.
    pub rule: usize,
}

impl Game {
    /// The end of the game, if an end rule applies to the current position. Rules are tried in order.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_given(|| self.position.has_move())
    }

    /// [`Game::outcome`] for a position whose side to move is known to have a legal move (a search that has
    /// generated the node's moves and found some): the same answer, without generating the moves again for
    /// `no legal move` and `stalemate`.
    pub fn outcome_with_a_move(&self) -> Option<Outcome> {
        debug_assert!(self.position.has_move());
        self.outcome_given(|| true)
    }

    fn outcome_given(&self, has_move: impl Fn() -> bool) -> Option<Outcome> {
        let stm = self.position.side_to_move();
        for (rule, end) in self.position.rules().end_rules.iter().enumerate() {
            let Applies::Yes { player } = end.condition.applies(self, &has_move) else {
                continue;
            };
            // `king captured` is written of the player whose king was taken, the side to move; a king its own
            // player's move lost (burnt beside an enemy burner, or jumped by its own range capture) is the
            // mover's, who then stands where the rule says `side to move`.
            let (stm, mover) = match (&end.condition, player) {
                (EndCondition::KingCaptured, Some(lost)) => (lost, lost.opponent()),
                _ => (stm, stm.opponent()),
            };
            let who = |named: RelativePlayer| match named {
                RelativePlayer::SideToMove => stm,
                RelativePlayer::Mover => mover,
                RelativePlayer::FirstPlayer => self.first,
                RelativePlayer::SecondPlayer => self.first.opponent(),
                RelativePlayer::Checker | RelativePlayer::Owner => player.unwrap_or(stm),
            };
            let result = match end.result {
                EndResult::Draw => GameResult::Draw,
                EndResult::Wins(named) => GameResult::Win(who(named)),
                EndResult::Loses(named) => GameResult::Win(who(named).opponent()),
            };
            return Some(Outcome { result, rule });
        }
        None
    }
}
