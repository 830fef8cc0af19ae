//! `drop rules { ... }`.

use pest::iterators::Pair;

use super::{Rule, SyntaxError, int, span, text, unknown_rule, zone};
use crate::ast::*;

pub(super) fn drop_rule(pair: Pair<Rule>) -> Result<Spanned<DropRule>, SyntaxError> {
    let sp = span(&pair);
    let rule = pair.as_rule();
    if rule == Rule::drop_zone {
        let mut parts = pair.into_inner();
        let who = parts.next().expect("piece");
        let piece = (who.as_rule() == Rule::name).then(|| text(who));
        let z = zone(parts.next().expect("zone"))?;
        return Ok(Spanned::new(
            DropRule::Zone {
                piece,
                zone: Some(z.node),
            },
            sp,
        ));
    }
    if rule == Rule::drop_file {
        let mut parts = pair.into_inner();
        let piece = text(parts.next().expect("piece"));
        let next = parts.next().expect("count or blocker");
        let (count, blocker) = if next.as_rule() == Rule::int {
            (int(next)?, text(parts.next().expect("blocker")))
        } else {
            (Spanned::new(1, piece.span.end..piece.span.end), text(next))
        };
        return Ok(Spanned::new(
            DropRule::NotOnFileWith {
                piece,
                count,
                blocker,
            },
            sp,
        ));
    }
    if rule == Rule::drop_mate {
        let source = pair.as_str();
        let mut parts = pair.into_inner();
        let piece = text(parts.next().expect("piece"));
        let readings: Vec<Pair<Rule>> = parts.collect();
        // The rule ends at its last word: the implicit whitespace before the optional readings, when they
        // are absent, is not part of it.
        let end = match readings.last() {
            Some(last) => span(last).end,
            None => {
                let after_name = piece.span.end - sp.start;
                let checkmate = source[after_name..].find("checkmate").expect("checkmate");
                sp.start + after_name + checkmate + "checkmate".len()
            }
        };
        let has = |r: Rule| readings.iter().any(|p| p.as_rule() == r);
        return Ok(Spanned::new(
            DropRule::NotGivingCheckmate {
                stalemate: has(Rule::drop_mate_stalemate),
                in_front: has(Rule::drop_mate_in_front),
                piece,
            },
            sp.start..end,
        ));
    }
    let mut names = pair.into_inner().map(text);
    let rule = match rule {
        Rule::drop_dead => DropRule::NoDeadSquares,
        Rule::drop_anywhere => DropRule::Zone {
            piece: names.next(),
            zone: None,
        },
        Rule::drop_either => DropRule::EitherFace,
        other => return Err(unknown_rule(other, sp)),
    };
    Ok(Spanned::new(rule, sp))
}
