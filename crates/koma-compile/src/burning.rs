//! `burning: NAME, ...`, `burning spares NAME, ...` and `pieces that stop next to an enemy burner burn`: tenjiku
//! shogi's Fire Demon.

use koma_syntax::ast::Spanned;
use koma_vm::FaceId;
use koma_vm::spec::{Burning, Captures};

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;

/// The burners, the faces spared and passive burning, or `None` in a game without `burning`. Reports the other
/// two statements without the first, burning where captured pieces go to hand, and a burner with a move in
/// two legs.
pub(crate) fn lower(
    d: &mut Diagnostics,
    st: &Statements,
    pieces: &Pieces,
    captures: Captures,
) -> Option<Burning> {
    let Some((names, span)) = &st.burning else {
        let orphan = st
            .burning_spares
            .as_ref()
            .map(|(_, s)| s)
            .or(st.passive_burning.as_ref().map(|(_, s)| s));
        if let Some(at) = orphan {
            d.report(
                Code::BurningWithoutBurners,
                at.clone(),
                "the game names no burner: nothing burns",
            )
            .label("burning of what?")
            .help("name the pieces that burn with `burning: NAME, ...` (tenjiku's Fire Demon)");
        }
        return None;
    };
    if captures == Captures::GoToHand {
        d.report(
            Code::BurningWithDrops,
            span.clone(),
            "burnt pieces leave the game, but this game's captured pieces go to hand",
        )
        .label("burning here")
        .help("burning is written for games without drops: say `captured pieces leave the game` instead");
    }
    let burners = resolve(d, pieces, names);
    for (face, name) in &burners {
        let legs = pieces.specs[face.index()]
            .moves
            .iter()
            .any(|m| m.second_leg.is_some() && !m.is_walk());
        if legs {
            d.report(
                Code::BurnerInTwoLegs,
                name.span.clone(),
                format!(
                    "`{}` burns, and has a move in two legs (a lion's)",
                    name.node
                ),
            )
            .label("this burner")
            .help("a burner burns around the square it stops on: give it moves of one leg, or walks (`mKaK`), or leave it out of `burning`");
        }
    }
    let spared = st
        .burning_spares
        .as_ref()
        .map_or_else(Vec::new, |(names, _)| resolve(d, pieces, names));
    Some(Burning {
        burners: burners.iter().map(|(face, _)| *face).collect(),
        spared: spared.iter().map(|(face, _)| *face).collect(),
        passive: st.passive_burning.as_ref().map(|(_, s)| s.clone()),
        span: span.clone(),
        spares_span: st.burning_spares.as_ref().map(|(_, s)| s.clone()),
    })
}

/// The faces a list names, each once with its first name; an unknown name is reported by
/// [`Pieces::resolve`].
pub(crate) fn resolve<'a>(
    d: &mut Diagnostics,
    pieces: &Pieces,
    names: &'a [Spanned<String>],
) -> Vec<(FaceId, &'a Spanned<String>)> {
    let mut faces: Vec<(FaceId, &Spanned<String>)> = Vec::new();
    for name in names {
        if let Some(face) = pieces.resolve(d, name)
            && !faces.iter().any(|(f, _)| *f == face)
        {
            faces.push((face, name));
        }
    }
    faces
}
