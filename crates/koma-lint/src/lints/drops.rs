//! Drops: pieces dropped where they could never move, rules about pieces never in hand, empty drop zones.

use koma_syntax::ast::{DropRule, Statement};
use koma_vm::{FaceId, Player};

use super::lint;
use crate::context::Context;
use crate::lint::Finding;
use crate::reach;

pub(super) fn stranded_by_drop(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    // Under borrowed moves a piece may yet move as a piece placed behind it: none is stranded for good.
    if rules.borrowed_moves {
        return Vec::new();
    }
    let r = reach::faces(rules);
    let mut out = Vec::new();
    for f in FaceId::all(rules.faces.len()).filter(|f| r.droppable[f.index()]) {
        let stuck = rules.drop_squares(Player::First, f) & rules.dead_squares(Player::First, f);
        if let Some(sq) = stuck.into_iter().next() {
            out.push(
                Finding::new(
                    lint("stranded-by-drop"),
                    ctx.face_span(f),
                    format!(
                        "a {} can be dropped on {}, from where it could never move",
                        ctx.name(f),
                        rules.square_name(sq)
                    ),
                )
                .label("can be dropped stranded")
                .help("add `no piece where it could never move` to the drop rules"),
            );
        }
    }
    out
}

pub(super) fn rule_never_applies(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let r = reach::faces(rules);
    let mut out = Vec::new();
    for st in &ctx.file.statements {
        let Statement::DropRules(list) = st else {
            continue;
        };
        for rule in &list.node {
            let named = match &rule.node {
                DropRule::NotOnFileWith { piece, .. }
                | DropRule::NotGivingCheckmate { piece, .. } => Some(piece),
                DropRule::Zone {
                    piece: Some(piece), ..
                } => Some(piece),
                _ => None,
            };
            let Some(name) = named else { continue };
            let Some(f) = FaceId::all(rules.faces.len()).find(|&f| rules.face(f).name == name.node)
            else {
                continue;
            };
            if !r.in_hand[f.index()] && !r.droppable[f.index()] {
                out.push(
                    Finding::new(
                        lint("drop-rule-never-applies"),
                        rule.span.clone(),
                        format!(
                            "this drop rule is about the {}, which is never held in hand",
                            name.node
                        ),
                    )
                    .label("never applies")
                    .also(ctx.face_span(f), "never in a hand")
                    .help("remove the rule, or name the piece that is held in hand"),
                );
            }
        }
    }
    out
}

pub(super) fn empty_zone(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let r = reach::faces(rules);
    FaceId::all(rules.faces.len())
        .filter(|f| r.in_hand[f.index()] && rules.drop_squares(Player::First, *f).is_empty())
        .map(|f| {
            let span = rules.face(f).drop_zone_rule.clone().unwrap_or_else(|| ctx.face_span(f));
            Finding::new(
                lint("empty-drop-zone"),
                span,
                format!("a {} can be held in hand, but the drop rules leave it no square to be dropped on", ctx.name(f)),
            )
            .label("no square left")
            .also(ctx.face_span(f), "this piece")
            .help("widen the drop zone for this piece")
        })
        .collect()
}
