//! Ends of the game that take effect the moment a move is made.

use crate::end_rule::ImmediateEnd;
use crate::player::Player;
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
        if r.immediate_ends.goal_safely {
            return self.safe_in_goal_zone();
        }
        self.king_in_goal_zone(them)
            .then_some(ImmediateEnd::KingReachedZone(them))
    }

    /// Whether a royal piece of `player` stands in its goal zone (`king reaches ZONE`), attacked or not.
    pub fn king_in_goal_zone(&self, player: Player) -> bool {
        !(self.royals(player) & self.rules.immediate_ends.goal_zone[player.index()]).is_empty()
    }

    /// `king reaches ZONE safely`: a king in its zone that the other player does not attack, the side to move's
    /// first (its king has stood there through the other player's turn).
    #[cold]
    fn safe_in_goal_zone(&self) -> Option<ImmediateEnd> {
        let r = &*self.rules;
        let occ = self.occupied();
        [self.side, self.side.opponent()].into_iter().find_map(|p| {
            let attackers = self.by_player[p.opponent().index()];
            let mut kings = self.royals(p) & r.immediate_ends.goal_zone[p.index()];
            let safe = kings.any(|k| !self.attacked_with(k, p.opponent(), occ, attackers));
            safe.then_some(ImmediateEnd::KingReachedZone(p))
        })
    }
}
