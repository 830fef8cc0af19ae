//! Ends of the game that take effect the moment a move is made: a king captured, a king in its goal zone,
//! the Nth check, a bare king.

use crate::bitboard::BitSet;
use crate::end_rule::ImmediateEnd;
use crate::player::Player;
use crate::pos::Pos;
use crate::ranks::RankSet;
use crate::tables::ends::Goal;

impl<B: BitSet> Pos<B> {
    /// Whether an end rule that acts at once (a king captured, a king reaching its zone, the Nth check, a bare
    /// king) has ended the game.
    pub fn immediate_end(&self) -> Option<ImmediateEnd> {
        let r = &*self.rules;
        let sets = &*self.sets;
        let us = self.side;
        if sets.immediate_ends.on_king_capture
            && !r.royals.is_empty()
            && self.royals(us).is_empty()
            && r.royals.iter().all(|&k| self.hand_count(us, k) == 0)
        {
            return Some(ImmediateEnd::KingCaptured);
        }
        let them = us.opponent();
        // A move may lose its own last royal piece: burning beside an enemy burner, or jumped and taken by its
        // own range capture.
        if sets.immediate_ends.on_king_capture
            && (r.passive_burning || r.range_capture_takes)
            && !r.royals.is_empty()
            && self.royals(them).is_empty()
            && r.royals.iter().all(|&k| self.hand_count(them, k) == 0)
        {
            return Some(ImmediateEnd::OwnKingLost);
        }
        if let Some(n) = sets.immediate_ends.checks
            && self.checks[them.index()] as u32 >= n
        {
            return Some(ImmediateEnd::ChecksGiven(them));
        }
        if let Some(bare) = &sets.immediate_ends.bare
            && let Some(end) = self.bare_end(bare)
        {
            return Some(end);
        }
        // Only the player who just moved reaches a goal, unless a rule says `safely`.
        let union = &sets.immediate_ends.goal_union;
        let near = |p: Player| !(self.royals(p) & union[p.index()]).is_empty();
        if !(near(them) || sets.immediate_ends.goal_safely && near(us)) {
            return None;
        }
        sets.immediate_ends
            .goals
            .iter()
            .find_map(|g| self.goal_reached(g))
            .map(ImmediateEnd::KingReachedZone)
    }

    /// Whether a royal piece of `player` stands in the zone of some `king reaches ZONE` rule, attacked or not.
    pub fn king_in_goal_zone(&self, player: Player) -> bool {
        self.sets
            .immediate_ends
            .goals
            .iter()
            .any(|g| !(self.royals(player) & g.zone[player.index()]).is_empty())
    }

    /// The player whose royal piece has reached the zone of the `king reaches` rule over `ranks` (`safely` as
    /// that rule says), if one has: the rule is looked at on its own, with its own zone.
    pub fn reached(&self, ranks: RankSet, safely: bool) -> Option<Player> {
        let goal = self
            .sets
            .immediate_ends
            .goals
            .iter()
            .find(|g| g.ranks == ranks && g.safely == safely)?;
        self.goal_reached(goal)
    }

    /// Without `safely`, the player who just moved, if a royal of theirs stands in the zone; with it, the first
    /// player with an unattacked royal there, the side to move first (its king has stood there through the
    /// other player's turn).
    fn goal_reached(&self, goal: &Goal<B>) -> Option<Player> {
        if goal.safely {
            return self.safe_in_goal_zone(goal);
        }
        let them = self.side.opponent();
        (!(self.royals(them) & goal.zone[them.index()]).is_empty()).then_some(them)
    }

    #[cold]
    fn safe_in_goal_zone(&self, goal: &Goal<B>) -> Option<Player> {
        let occ = self.occupied();
        [self.side, self.side.opponent()].into_iter().find(|&p| {
            let attackers = self.by_player[p.opponent().index()];
            let mut kings = self.royals(p) & goal.zone[p.index()];
            kings.any(|k| !self.attacked_with(k, p.opponent(), occ, attackers))
        })
    }
}
