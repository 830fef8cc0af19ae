//! Ends of the game that take effect the moment a move is made.

use crate::end_rule::ImmediateEnd;
use crate::position::Position;

impl Position {
    /// Whether an end rule that acts at once (a king captured, a king reaching its zone) has ended the game.
    pub fn immediate_end(&self) -> Option<ImmediateEnd> {
        let r = &*self.rules;
        let us = self.side;
        let them = us.opponent();
        if r.immediate_ends.on_king_capture
            && !r.royals.is_empty()
            && self.royals(us).is_empty()
            && r.royals.iter().all(|&k| self.hand_count(us, k) == 0)
        {
            return Some(ImmediateEnd::KingCaptured);
        }
        if !(self.royals(them) & r.immediate_ends.goal_zone[them.index()]).is_empty() {
            return Some(ImmediateEnd::KingReachedZone);
        }
        None
    }
}
