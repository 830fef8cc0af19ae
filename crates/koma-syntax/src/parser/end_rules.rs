//! `end { CONDITION: RESULT ... }`.

use pest::iterators::Pair;

use super::{Rule, SyntaxError, int, span, text, unknown_rule, zone};
use crate::ast::*;

pub(super) fn end_rule(pair: Pair<Rule>) -> Result<Spanned<EndRule>, SyntaxError> {
    let sp = span(&pair);
    let mut inner = pair.into_inner();
    let cond = inner.next().expect("condition");
    let csp = span(&cond);
    let condition = match cond.as_rule() {
        Rule::no_legal_move => EndCondition::NoLegalMove,
        Rule::repetition => {
            EndCondition::Repetition(int(cond.into_inner().next().expect("n"))?.node)
        }
        Rule::perpetual_check => {
            EndCondition::PerpetualCheck(int(cond.into_inner().next().expect("n"))?.node)
        }
        Rule::stalemate => EndCondition::Stalemate,
        Rule::king_captured => EndCondition::KingCaptured,
        Rule::bare_king => EndCondition::BareKing,
        Rule::both_kings_bare => EndCondition::BothKingsBare,
        Rule::no_pieces_left => EndCondition::NoPiecesLeft,
        Rule::checks => EndCondition::Checks(int(cond.into_inner().next().expect("n"))?.node),
        Rule::king_reaches => {
            let mut parts = cond.into_inner();
            EndCondition::KingReaches {
                zone: zone(parts.next().expect("zone"))?.node,
                safely: parts.next().is_some(),
            }
        }
        Rule::no_progress => {
            let mut parts = cond.into_inner();
            let moves = int(parts.next().expect("moves"))?.node;
            EndCondition::NoProgress {
                moves,
                piece: parts.next().map(text),
            }
        }
        other => return Err(unknown_rule(other, csp)),
    };
    let res = inner.next().expect("result");
    let rsp = span(&res);
    let mut parts = res.into_inner();
    let first = parts.next().expect("result body");
    let result = if first.as_rule() == Rule::draw {
        EndResult::Draw
    } else {
        let who = first.into_inner().next().expect("player");
        let player = match who.as_rule() {
            Rule::side_to_move => RelativePlayer::SideToMove,
            Rule::first_player => RelativePlayer::FirstPlayer,
            Rule::second_player => RelativePlayer::SecondPlayer,
            Rule::checker => RelativePlayer::Checker,
            Rule::mover => RelativePlayer::Mover,
            Rule::owner => RelativePlayer::Owner,
            other => return Err(unknown_rule(other, span(&who))),
        };
        match parts
            .next()
            .and_then(|v| v.into_inner().next())
            .map(|v| v.as_rule())
        {
            Some(Rule::wins) => EndResult::Wins(player),
            _ => EndResult::Loses(player),
        }
    };
    Ok(Spanned::new(
        EndRule {
            condition: Spanned::new(condition, csp),
            result: Spanned::new(result, rsp),
        },
        sp,
    ))
}
