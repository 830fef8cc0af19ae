//! Royalty and the rules built on it: a count of royal pieces that can never be two, checks counted in a
//! game without royal pieces, compulsory captures that leave drops free in a game without drops.

use koma_vm::{EndCondition, FaceId, Player, Position};

use super::lint;
use crate::context::Context;
use crate::lint::Finding;
use crate::reach;

/// `royal pieces: the last one counts` in a game where no player can ever have two royal pieces.
pub(super) fn last_royal_never_two(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let Some(span) = rules.origins.last_royal.clone() else {
        return Vec::new();
    };
    let start = Position::start(rules);
    let royal = |f: FaceId| rules.face(f).royal;
    let faces: Vec<FaceId> = FaceId::all(rules.faces.len()).collect();
    let two_at_start = Player::BOTH.into_iter().any(|p| {
        let on_board: u32 = faces
            .iter()
            .copied()
            .filter(|&f| royal(f))
            .map(|f| start.pieces(p, f).count())
            .sum();
        let in_hand: u32 = faces
            .iter()
            .copied()
            .filter(|&f| royal(f))
            .map(|f| u32::from(start.hand_count(p, f)))
            .sum();
        on_board + in_hand > 1
    });
    let r = reach::faces(rules);
    let by_promotion = faces
        .iter()
        .any(|&f| r.appears[f.index()] && rules.face(f).promotes_to.is_some_and(royal));
    let by_drop = faces.iter().any(|&f| royal(f) && r.droppable[f.index()]);
    if two_at_start || by_promotion || by_drop {
        return Vec::new();
    }
    vec![
        Finding::new(
            lint("last-royal-never-two"),
            span,
            "no player can ever have two royal pieces, so this changes nothing",
        )
        .label("never two")
        .help("remove the line, or give a player a second royal piece: at the start, or by a promotion to a royal face"),
    ]
}

/// An `N checks` rule in a game where no check can be given: no piece is royal.
pub(super) fn checks_without_royals(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    if FaceId::all(rules.faces.len()).any(|f| rules.face(f).royal) {
        return Vec::new();
    }
    rules
        .end_rules
        .iter()
        .filter(|r| {
            matches!(
                r.condition,
                EndCondition::Checks(_) | EndCondition::PerpetualCheck(_)
            )
        })
        .map(|r| {
            Finding::new(
                lint("check-rule-without-royals"),
                r.origin.clone().unwrap_or_else(|| ctx.end_span()),
                "no piece is royal, so no check is ever given and this rule never applies",
            )
            .label("never applies")
            .help("mark the king `royal`, or remove the rule")
        })
        .collect()
}

/// `captures are compulsory, drops allowed` in a game where no piece is ever dropped.
pub(super) fn drops_allowed_without_drops(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    if !rules.compulsory_capture.is_some_and(|c| c.drops_allowed) {
        return Vec::new();
    }
    let r = reach::faces(rules);
    if r.droppable.iter().any(|&d| d) {
        return Vec::new();
    }
    vec![
        Finding::new(
            lint("drops-allowed-without-drops"),
            rules
                .origins
                .compulsory_capture
                .clone()
                .unwrap_or_else(|| ctx.end_span()),
            "no piece is ever dropped in this game, so `drops allowed` changes nothing",
        )
        .label("no drops")
        .help("write `captures are compulsory`"),
    ]
}
