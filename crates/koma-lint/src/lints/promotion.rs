//! Promotion: pieces stranded by a move, promotions that can never happen, zones nothing uses.

use koma_syntax::ast::Statement;
use koma_vm::spec::FlipTrigger;
use koma_vm::{FaceId, Player};

use super::lint;
use crate::context::Context;
use crate::lint::Finding;
use crate::reach;

pub(super) fn stranded_by_move(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    // Under borrowed moves a piece may yet move as a piece placed behind it: none is stranded for good.
    if rules.borrowed_moves {
        return Vec::new();
    }
    let r = reach::faces(rules);
    let mut out = Vec::new();
    for f in FaceId::all(rules.faces.len()).filter(|f| r.appears[f.index()]) {
        let face = rules.face(f);
        // The game says what happens there: it must promote, or it may (and may also stay, as the game means).
        if face.promotes_to.is_some()
            && (rules.origins.stranded.is_some() || rules.origins.stranded_may_promote.is_some())
        {
            continue;
        }
        // The face it stands with after the move: its other face when it flips on every move.
        let after = match (face.flip_trigger, face.flips_to) {
            (FlipTrigger::OnEveryMove, Some(other)) => other,
            _ => f,
        };
        let dead = rules.dead_squares(Player::First, after);
        let forced = rules.forced_promotion_squares(Player::First, f);
        let from_squares = reach::squares(rules, &r, f);
        let stuck = from_squares
            .into_iter()
            .flat_map(|s| reach::targets(rules, f, s))
            .find(|t| dead.has(*t) && !forced.has(*t));
        if let Some(t) = stuck {
            // A flipping tile changes face by its flip, not by promotion: a promotion is no cure to offer.
            let help = if face.promotes_to.is_some() {
                "add `stranded pieces must promote`, so that it promotes there"
            } else if face.flips_to.is_some() {
                "give its other face a move out of there, or allow this lint if a stuck piece is part of the game"
            } else {
                "give it a promotion, or allow this lint if a stuck piece is part of the game"
            };
            out.push(
                Finding::new(
                    lint("stranded-by-move"),
                    ctx.face_span(f),
                    format!(
                        "the {} can move to {}, from where it could never move again{}",
                        face.name,
                        rules.square_name(t),
                        if after == f {
                            String::new()
                        } else {
                            format!(" (as a {})", rules.face(after).name)
                        }
                    ),
                )
                .label("can be stranded")
                .help(help),
            );
        }
    }
    out
}

/// Whether no move of `f` goes toward the opponent, and so `never-forward` names the cause of its trouble:
/// every move points back, or it promotes in a game with a promotion zone yet never steps forward.
fn never_forward_face(ctx: &Context, f: FaceId) -> Option<&'static str> {
    let face = ctx.rules.face(f);
    let vectors: Vec<(i8, i8)> = face.moves.iter().flat_map(|m| m.vectors.clone()).collect();
    if face.royal || vectors.is_empty() || vectors.iter().any(|&(_, dy)| dy > 0) {
        return None;
    }
    if vectors.iter().all(|&(_, dy)| dy < 0) {
        return Some("every move of it points away from the opponent, toward its own side");
    }
    let zone = !ctx.rules.promotion_zone(Player::First).is_empty();
    (face.promotes_to.is_some() && zone)
        .then_some("it promotes, but no move of it goes forward, toward the promotion zone")
}

pub(super) fn never_forward(ctx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for f in FaceId::all(ctx.rules.faces.len()) {
        let (Some(why), Some(decl)) = (never_forward_face(ctx, f), ctx.decl(f)) else {
            continue;
        };
        let moves = &decl.moves;
        out.push(
            Finding::new(
                lint("never-forward"),
                moves.span.clone(),
                format!("the {} never moves forward: {why}", ctx.name(f)),
            )
            .label("its moves")
            .help(
                "in Betza, `f` is forward (toward the opponent) and `b` backward: a lance is `fR`, a pawn `fW`, \
                 a knight of shogi `ffN`",
            ),
        );
    }
    out
}

pub(super) fn out_of_reach(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let r = reach::faces(rules);
    let zone = rules.promotion_zone(Player::First);
    let mut out = Vec::new();
    // A face that never moves forward is reported by `never-forward`, which names the cause.
    for f in FaceId::all(rules.faces.len())
        .filter(|f| r.appears[f.index()] && never_forward_face(ctx, *f).is_none())
    {
        let Some(p) = rules.face(f).promotes_to else {
            continue;
        };
        let squares = reach::squares(rules, &r, f);
        let touches = squares
            .into_iter()
            .any(|s| zone.has(s) && !reach::targets(rules, f, s).is_empty())
            || squares
                .into_iter()
                .flat_map(|s| reach::targets(rules, f, s))
                .any(|t| zone.has(t));
        if !touches && !zone.is_empty() {
            let zone_span = rules
                .origins
                .promotion_zone
                .clone()
                .unwrap_or_else(|| ctx.face_span(f));
            out.push(
                Finding::new(
                    lint("promotion-out-of-reach"),
                    ctx.face_span(f),
                    format!("the {} promotes to {}, but no move of it can start or end in the promotion zone", rules.face(f).name, ctx.name(p)),
                )
                .label("never promotes")
                .also(zone_span, "the zone")
                .help("move the zone, give the piece moves that reach it, or remove the promotion"),
            );
        }
    }
    out
}

pub(super) fn zone_unused(ctx: &Context) -> Vec<Finding> {
    let promotes = ctx.rules.faces.iter().any(|f| f.promotes_to.is_some());
    let zone = ctx.file.statements.iter().find_map(|s| match s {
        Statement::PromotionZone(z) => Some(z.span.clone()),
        _ => None,
    });
    match zone {
        Some(span) if !promotes => vec![
            Finding::new(
                lint("promotion-zone-unused"),
                span,
                "the game has a promotion zone, but no piece promotes",
            )
            .label("unused zone")
            .help("add `promotes to NAME` to the pieces that promote, or remove the zone"),
        ],
        _ => Vec::new(),
    }
}

pub(super) fn stranded_rule_unneeded(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let Some(span) = rules.origins.stranded.clone() else {
        return Vec::new();
    };
    let zone = rules.promotion_zone(Player::First);
    let covered = FaceId::all(rules.faces.len()).all(|f| {
        let face = rules.face(f);
        face.promotes_to.is_none()
            || (face.promotion_mandatory.is_some()
                && (rules.dead_squares(Player::First, f) & !zone).is_empty())
    });
    let any_promotes = rules.faces.iter().any(|f| f.promotes_to.is_some());
    if !covered || !any_promotes {
        return Vec::new();
    }
    vec![
        Finding::new(
            lint("stranded-rule-unneeded"),
            span,
            "`stranded pieces must promote` changes nothing: promotion is mandatory in the zone, and every square where a piece could be stranded lies in it",
        )
        .label("changes nothing")
        .help("remove this line"),
    ]
}
