//! End rules that act the moment a move is made: a king captured, a king reaching its zone, the Nth check, a
//! bare king.

use super::Layout;
use super::geometry::Geometry;
use crate::bitboard::BitSet;
use crate::end_rule::{EndCondition, EndRule};
use crate::face::FaceId;
use crate::player::Player;
use crate::ranks::RankSet;
use crate::spec::GameSpec;

/// One `king reaches ZONE [safely]` rule, its zone made squares.
#[derive(Debug, Clone)]
pub(crate) struct Goal<B> {
    /// The zone as written.
    pub ranks: RankSet,
    /// Per player: the squares where a royal of that player reaches it.
    pub zone: [B; 2],
    /// `safely`: only an unattacked royal there counts, whichever side is to move.
    pub safely: bool,
}

/// What move generation needs to know about end rules that end the game at once.
#[derive(Debug, Clone, Default)]
pub(crate) struct ImmediateEnds<B> {
    /// Losing all royal pieces ends the game (`king captured`).
    pub on_king_capture: bool,
    /// Each `king reaches` rule, in the order of the end rules: each with its own zone (two rules are never
    /// merged into one zone).
    pub goals: Vec<Goal<B>>,
    /// Per player: every goal zone together, so that a position with no royal in any of them is passed at once.
    pub goal_union: [B; 2],
    /// Whether some goal rule says `safely`, so that the side to move's royal counts too.
    pub goal_safely: bool,
    /// The smallest N of the `N checks` rules: a player who has given that many checks has ended the game.
    pub checks: Option<u32>,
    /// What the `bare king` and `both kings bare` rules need, when the game has one.
    pub bare: Option<Bare<B>>,
    /// Whether any kind of rule is in force, so move generation must look for a finished game.
    pub any: bool,
}

/// What telling a bare king needs: which pieces count, and which of them bare a king.
#[derive(Debug, Clone)]
pub(crate) struct Bare<B> {
    /// A `bare king` rule is in force.
    pub bare_king: bool,
    /// A `both kings bare` rule is in force.
    pub both_bare: bool,
    /// The faces that have a square where they would be stranded, each with those squares per player.
    pub stranding: Vec<(FaceId, [B; 2])>,
    /// Per player: every square where some piece of theirs could be stranded. A piece elsewhere counts.
    pub may_strand: [B; 2],
}

/// The immediate ends of `spec`, with the dead squares of each (player, face) (`dead`).
pub(crate) fn build<B: BitSet>(
    geometry: &Geometry,
    layout: Layout,
    spec: &GameSpec,
    dead: &[B],
) -> ImmediateEnds<B> {
    let mut ends = ImmediateEnds::<B>::default();
    let rules: &[EndRule] = &spec.end_rules;
    let bare_king = rules.iter().any(|r| r.condition == EndCondition::BareKing);
    let both_bare = rules
        .iter()
        .any(|r| r.condition == EndCondition::BothKingsBare);
    if bare_king || both_bare {
        let stranding: Vec<(FaceId, [B; 2])> = FaceId::all(layout.faces)
            .map(|f| (f, Player::BOTH.map(|p| dead[layout.pf(p, f)])))
            .filter(|(_, d)| !(d[0] | d[1]).is_empty())
            .collect();
        let mut may_strand = [B::EMPTY; 2];
        for (_, d) in &stranding {
            may_strand[0] |= d[0];
            may_strand[1] |= d[1];
        }
        ends.bare = Some(Bare {
            bare_king,
            both_bare,
            stranding,
            may_strand,
        });
    }
    for rule in rules {
        match rule.condition {
            EndCondition::KingReaches {
                zone: ranks,
                safely,
            } => ends.goals.push(Goal {
                ranks,
                zone: Player::BOTH.map(|player| geometry.rank_mask(player, ranks)),
                safely,
            }),
            EndCondition::KingCaptured => ends.on_king_capture = true,
            EndCondition::Checks(n) => ends.checks = Some(ends.checks.map_or(n, |m| m.min(n))),
            _ => {}
        }
    }
    for g in &ends.goals {
        ends.goal_union[0] |= g.zone[0];
        ends.goal_union[1] |= g.zone[1];
        ends.goal_safely |= g.safely;
    }
    ends.any = ends.on_king_capture
        || ends.checks.is_some()
        || ends.bare.is_some()
        || ends
            .goals
            .iter()
            .any(|g| !(g.zone[0] | g.zone[1]).is_empty());
    ends
}
