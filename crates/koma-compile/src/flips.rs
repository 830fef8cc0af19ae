//! `flips to NAME [on capture | on every move]`: the two faces of a tile that turn over.

use std::collections::HashMap;

use koma_vm::FaceId;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;

/// Links every flipping face to its other face. `promoted_from` maps promoted faces to their base.
pub(crate) fn link(
    d: &mut Diagnostics,
    pieces: &mut Pieces,
    promoted_from: &HashMap<FaceId, FaceId>,
) {
    for i in FaceId::all(pieces.decls.len()) {
        let p = pieces.decl(i);
        let Some(target) = &p.flips_to else { continue };
        let Some(t) = pieces.resolve(d, target) else {
            continue;
        };
        let other = pieces.decl(t);
        let taken =
            promoted_from.contains_key(&t) || pieces.specs.iter().any(|s| s.flips_to == Some(t));
        let problem = if t == i {
            Some((
                Code::FlipsToItself,
                format!("{} cannot flip to itself", p.name.node),
            ))
        } else if p.promotes_to.is_some() || other.promotes_to.is_some() {
            Some((
                Code::FlipAndPromotion,
                "a piece either promotes or flips, not both".to_string(),
            ))
        } else if other.flips_to.is_some() {
            Some((
                Code::FlipDeclaredTwice,
                format!(
                    "{} already flips; write `flips to` on one face of the pair only",
                    target.node
                ),
            ))
        } else if taken {
            Some((
                Code::FlipFaceTaken,
                format!("{} is already the other face of another piece", target.node),
            ))
        } else if p.royal.is_some() || other.royal.is_some() {
            Some((Code::RoyalFlip, "a royal piece cannot flip".to_string()))
        } else {
            None
        };
        match problem {
            Some((code, message)) => {
                d.report(code, target.span.clone(), message)
                    .label("flip")
                    .help("`flips to` pairs two faces of one tile: the declaring face is the one held in hand");
            }
            None => {
                let expected = format!("+{}", p.letter.node);
                if other.letter.node.starts_with('+') && other.letter.node != expected {
                    d.report(
                        Code::PromotedLetter,
                        other.letter.span.clone(),
                        format!(
                            "the other face {} is written `{}`, but its tile is `{}`",
                            other.name.node, other.letter.node, p.letter.node
                        ),
                    )
                    .label("letter")
                    .help(format!("write `{expected}`, or a letter of its own"));
                }
                let spec = &mut pieces.specs[i.index()];
                spec.flips_to = Some(t);
                spec.flip_trigger = p.flip_trigger.as_ref().map(|t| t.node).unwrap_or_default();
            }
        }
    }
}
