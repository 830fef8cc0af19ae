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
        let mut parts = pair.into_inner();
        let piece = text(parts.next().expect("piece"));
        let readings: Vec<Rule> = parts.map(|p| p.as_rule()).collect();
        return Ok(Spanned::new(
            DropRule::NotGivingCheckmate {
                piece,
                stalemate: readings.contains(&Rule::drop_mate_stalemate),
                in_front: readings.contains(&Rule::drop_mate_in_front),
            },
            sp,
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
