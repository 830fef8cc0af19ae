//! Promotion: pieces stranded by a move, promotions that can never happen, zones nothing uses.

use koma_syntax::ast::Statement;
use koma_vm::{FaceId, Player};

use super::lint;
use crate::context::Context;
use crate::finding::Finding;
use crate::reach;

pub(super) fn stranded_by_move(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let r = reach::faces(rules);
    let mut out = Vec::new();
    for f in FaceId::all(rules.faces.len()).filter(|f| r.appears[f.index()]) {
        let face = rules.face(f);
        if face.promotes_to.is_some() && rules.origins.stranded.is_some() {
            continue;
        }
        let dead = rules.dead_squares(Player::First, f);
        let from_squares = reach::squares(rules, &r, f);
        let stuck = from_squares
            .into_iter()
            .flat_map(|s| reach::targets(rules, f, s))
            .find(|t| dead.has(*t));
        if let Some(t) = stuck {
            let help = if face.promotes_to.is_some() {
                "add `stranded pieces must promote`, so that it promotes there"
            } else {
                "give it a promotion, or allow this lint if a stuck piece is part of the game"
            };
            out.push(
                Finding::new(
                    lint("stranded-by-move"),
                    ctx.face_span(f),
                    format!(
                        "the {} can move to {}, from where it could never move again",
                        face.name,
                        rules.square_name(t)
                    ),
                )
                .label("can be stranded")
                .help(help),
            );
        }
    }
    out
}

pub(super) fn out_of_reach(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let r = reach::faces(rules);
    let zone = rules.promotion_zone(Player::First);
    let mut out = Vec::new();
    for f in FaceId::all(rules.faces.len()).filter(|f| r.appears[f.index()]) {
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
