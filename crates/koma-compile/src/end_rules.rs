//! `end { CONDITION: RESULT ... }`.

use std::cell::RefCell;

use koma_syntax::Span;
use koma_syntax::ast::{self, Spanned};
use koma_vm::{EndCondition, EndResult, EndRule, RelativePlayer};

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;
use crate::zone;

/// The end rules in order; an error if the game has none.
pub(crate) fn lower(
    d: &mut Diagnostics,
    st: &Statements,
    pieces: &Pieces,
    ranks: u8,
    header: &Span,
) -> Vec<EndRule> {
    if let Some((rules, span)) = &st.end
        && rules.is_empty()
    {
        d.report(
            Code::EmptyEnd,
            span.clone(),
            "the `end` block has no rules, so no game would ever end",
        )
        .label("empty")
        .help("add `no legal move: side to move loses` or similar");
        return Vec::new();
    }
    let Some((rules, _)) = st.end else {
        d.report(
            Code::MissingEnd,
            header.clone(),
            "the game has no end rules",
        )
        .label("in this game")
        .help("add `end { no legal move: side to move loses }` or similar");
        return Vec::new();
    };
    rules
        .iter()
        .filter_map(|r| end_rule(d, r, pieces, ranks))
        .collect()
}

/// The most checks an `N checks` rule may count (the position keeps the count in a byte).
const MAX_CHECKS: u32 = 255;

fn end_rule(
    d: &mut Diagnostics,
    rule: &Spanned<ast::EndRule>,
    pieces: &Pieces,
    ranks: u8,
) -> Option<EndRule> {
    let written = &rule.node.condition;
    let cspan = written.span.clone();
    counts(d, &written.node, &cspan);
    let names_checker = matches!(
        rule.node.result.node,
        EndResult::Wins(RelativePlayer::Checker) | EndResult::Loses(RelativePlayer::Checker)
    );
    if names_checker
        && !matches!(
            written.node,
            EndCondition::PerpetualCheck(_) | EndCondition::Checks(_)
        )
    {
        d.report(
            Code::CheckerWithoutPerpetual,
            rule.node.result.span.clone(),
            "`checker` only means something after `repetition N with perpetual check` or `N checks`",
        )
        .label("no checker here");
    }
    let names_owner = matches!(
        rule.node.result.node,
        EndResult::Wins(RelativePlayer::Owner) | EndResult::Loses(RelativePlayer::Owner)
    );
    match written.node {
        EndCondition::KingReaches { .. } | EndCondition::BareKing => {}
        _ if names_owner => {
            d.report(
                Code::OwnerWithoutGoal,
                rule.node.result.span.clone(),
                "`its owner` only means something after `king reaches ZONE` or `bare king`",
            )
            .label("no king whose owner this is");
        }
        _ => {}
    }
    let names_either = matches!(
        rule.node.result.node,
        EndResult::Wins(RelativePlayer::Mover | RelativePlayer::SideToMove)
            | EndResult::Loses(RelativePlayer::Mover | RelativePlayer::SideToMove)
    );
    if matches!(written.node, EndCondition::KingReaches { safely: true, .. }) && names_either {
        d.report(
            Code::SafeGoalNeedsOwner,
            rule.node.result.span.clone(),
            "with `safely`, the king in its zone may be the mover's or the side to move's",
        )
        .label("which player?")
        .help("write `its owner wins`");
    }
    // Both translations may report; they take turns with the diagnostics.
    let d = RefCell::new(d);
    let condition = written.node.try_map(
        |z| zone::ranks(&mut d.borrow_mut(), *z, ranks, cspan.clone()),
        |p| pieces.resolve(&mut d.borrow_mut(), p),
    )?;
    Some(EndRule {
        condition,
        result: rule.node.result.node,
        origin: Some(rule.span.clone()),
    })
}

/// The counts a condition gives: at least one move, two occurrences, one check.
fn counts<Z, P>(d: &mut Diagnostics, condition: &EndCondition<Z, P>, cspan: &Span) {
    match *condition {
        EndCondition::NoProgress { moves: 0, .. } => {
            d.report(
                Code::MoveCountZero,
                cspan.clone(),
                "the move count must be at least 1",
            )
            .label("count");
        }
        EndCondition::Repetition(n) | EndCondition::PerpetualCheck(n) if n < 2 => {
            d.report(
                Code::RepetitionCount,
                cspan.clone(),
                format!("a position cannot repeat {n} time(s)"),
            )
            .label("count")
            .help("repetition counts occurrences, the first included: 4 is shogi's sennichite");
        }
        EndCondition::Checks(n) if n == 0 || n > MAX_CHECKS => {
            d.report(
                Code::CheckCount,
                cspan.clone(),
                format!("a check rule must count from 1 to {MAX_CHECKS} checks"),
            )
            .label("count")
            .help(
                "`1 check: checker wins` ends the game at the first check, `3 checks` at the third",
            );
        }
        _ => {}
    }
}
