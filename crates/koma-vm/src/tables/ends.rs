//! End rules that act the moment a move is made: a king captured, a king reaching its zone.

use super::geometry::Geometry;
use crate::bitboard::Bitboard;
use crate::end_rule::{EndCondition, EndRule};
use crate::player::Player;

/// What move generation needs to know about end rules that end the game at once.
#[derive(Debug, Clone, Default)]
pub(crate) struct ImmediateEnds {
    /// Losing all royal pieces ends the game (`king captured`).
    pub on_king_capture: bool,
    /// Per player: squares where a royal ends the game (`king reaches ZONE`).
    pub goal_zone: [Bitboard; 2],
    /// `king reaches ZONE safely`: only an unattacked royal there ends it, whichever side is to move.
    pub goal_safely: bool,
    /// Whether either rule is in force, so move generation must look for a finished game.
    pub any: bool,
}

/// The immediate ends among `rules`.
pub(crate) fn build(geometry: &Geometry, rules: &[EndRule]) -> ImmediateEnds {
    let mut ends = ImmediateEnds::default();
    for rule in rules {
        match rule.condition {
            EndCondition::KingReaches {
                zone: ranks,
                safely,
            } => {
                ends.goal_safely |= safely;
                for player in Player::BOTH {
                    ends.goal_zone[player.index()] |= geometry.rank_mask(player, ranks);
                }
            }
            EndCondition::KingCaptured => ends.on_king_capture = true,
            _ => {}
        }
    }
    ends.any = ends.on_king_capture || !(ends.goal_zone[0] | ends.goal_zone[1]).is_empty();
    ends
}
