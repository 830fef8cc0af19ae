//! End rules: games that may never end, missing and shadowed rules, goals nobody reaches.

use koma_syntax::Span;
use koma_vm::spec::{Captures, Modality};
use koma_vm::{EndCondition, FaceId};

use super::lint;
use crate::context::Context;
use crate::lint::Finding;
use crate::reach;

fn rule_span(ctx: &Context, i: usize) -> Span {
    ctx.rules.end_rules[i]
        .origin
        .clone()
        .unwrap_or_else(|| ctx.end_span())
}

pub(super) fn no_repetition_rule(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let ends = rules.end_rules.iter().any(|r| {
        matches!(
            r.condition,
            EndCondition::Repetition(_)
                | EndCondition::PerpetualCheck(_)
                | EndCondition::NoProgress { .. }
        )
    });
    // Pieces come back by drops only where some piece can capture.
    let captures = rules.faces.iter().any(|f| {
        f.moves.iter().any(|m| {
            m.modality != Modality::Move
                || m.second_leg
                    .as_ref()
                    .is_some_and(|leg| leg.last_modality() != Modality::Move)
        })
    });
    if rules.captures != Captures::GoToHand || ends || !captures {
        return Vec::new();
    }
    vec![
        Finding::new(lint("no-repetition-rule"), ctx.end_span(), "captured pieces come back by drops, so a game can go round in circles, and no end rule stops it")
            .label("end rules")
            .help("add `repetition 4: draw` (shogi's sennichite) or a move-count rule"),
    ]
}

pub(super) fn missing_no_legal_move(ctx: &Context) -> Vec<Finding> {
    let has = ctx
        .rules
        .end_rules
        .iter()
        .any(|r| r.condition == EndCondition::NoLegalMove);
    if has {
        return Vec::new();
    }
    vec![
        Finding::new(
            lint("missing-no-legal-move"),
            ctx.end_span(),
            "no end rule says what happens when the side to move has no legal move",
        )
        .label("end rules")
        .help("add `no legal move: side to move loses`"),
    ]
}

/// Whether condition `a` holds whenever `b` does, so a rule with `a` placed before `b` always decides first.
fn covers(a: &EndCondition, b: &EndCondition) -> bool {
    match (a, b) {
        (x, y) if x == y => true,
        (EndCondition::NoLegalMove, EndCondition::Stalemate) => true,
        (
            EndCondition::Repetition(n),
            EndCondition::Repetition(m) | EndCondition::PerpetualCheck(m),
        ) => n <= m,
        (EndCondition::PerpetualCheck(n), EndCondition::PerpetualCheck(m)) => n <= m,
        _ => false,
    }
}

pub(super) fn shadowed(ctx: &Context) -> Vec<Finding> {
    let ends = &ctx.rules.end_rules;
    let mut out = Vec::new();
    for (j, later) in ends.iter().enumerate() {
        if let Some(i) = (0..j).find(|&i| covers(&ends[i].condition, &later.condition)) {
            out.push(
                Finding::new(
                    lint("end-rule-shadowed"),
                    rule_span(ctx, j),
                    format!(
                        "`{}` can never apply: `{}` comes first and applies whenever it would",
                        later.words(ctx.rules),
                        ends[i].words(ctx.rules)
                    ),
                )
                .label("never decides")
                .also(rule_span(ctx, i), "always decides first")
                .help("put the narrower rule first"),
            );
        }
    }
    out
}

pub(super) fn goal_zone_unreachable(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let r = reach::faces(rules);
    let mut out = Vec::new();
    for (i, rule) in rules.end_rules.iter().enumerate() {
        let EndCondition::KingReaches { zone, .. } = rule.condition else {
            continue;
        };
        let mut goal_squares = koma_vm::Bitboard::EMPTY;
        for sq in rules.board() {
            let (_, y) = rules.coords(sq);
            if zone.contains(y) {
                goal_squares.insert(sq);
            }
        }
        let royals: Vec<FaceId> = FaceId::all(rules.faces.len())
            .filter(|&f| rules.face(f).royal && r.appears[f.index()])
            .collect();
        let reached = royals
            .iter()
            .any(|&f| !(reach::squares(rules, &r, f) & goal_squares).is_empty());
        if !reached {
            out.push(
                Finding::new(lint("goal-zone-unreachable"), rule_span(ctx, i), "no royal piece can ever stand in this goal zone")
                    .label("never reached")
                    .help("check the zone's ranks (counted from each player's own side) and the king's moves"),
            );
        }
    }
    out
}

pub(super) fn king_captured_without_capture(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    if rules.royals_capturable || rules.last_royal_counts {
        return Vec::new();
    }
    (0..rules.end_rules.len())
        .filter(|&i| rules.end_rules[i].condition == EndCondition::KingCaptured)
        .map(|i| {
            Finding::new(
                lint("king-captured-needs-capturable-kings"),
                rule_span(ctx, i),
                "kings can never be captured under check rules, so this rule never applies",
            )
            .label("never applies")
            .help("add `kings may be captured` for a capture-the-king game, or remove the rule")
        })
        .collect()
}

pub(super) fn goal_without_safety(ctx: &Context) -> Vec<Finding> {
    if !ctx.rules.royals_capturable {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, rule) in ctx.rules.end_rules.iter().enumerate() {
        if let EndCondition::KingReaches { safely: false, .. } = rule.condition {
            out.push(
                Finding::new(
                    lint("goal-without-safety"),
                    rule_span(ctx, i),
                    "kings may be captured, so a king may step into its goal zone where it could be taken, and still win at once",
                )
                .label("wins even when attacked")
                .help("write `king reaches ... safely: its owner wins`, or allow this lint if reaching the zone is enough"),
            );
        }
    }
    out
}
