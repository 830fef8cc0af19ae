//! Sweeps (`w`): the moves that take every enemy piece they pass over. Those pieces leave the game, so a
//! game whose captured pieces go to hand may not have them.

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use koma_vm::FaceId;
use koma_vm::spec::{Captures, Hop};

/// Reports each piece that sweeps in a game whose captured pieces go to hand.
pub(crate) fn check(d: &mut Diagnostics, pieces: &Pieces, captures: Captures) {
    if captures != Captures::GoToHand {
        return;
    }
    for (i, face) in pieces.specs.iter().enumerate() {
        if !face.moves.iter().any(|m| m.hop == Hop::Sweep) {
            continue;
        }
        let decl = pieces.decl(FaceId::new(i as u16));
        d.report(
            Code::SweepWithDrops,
            decl.moves.span.clone(),
            format!(
                "{} sweeps (`w`): the pieces it passes over leave the game, but this game's captured pieces go to hand",
                decl.name.node
            ),
        )
        .label("sweeps here")
        .help("sweeps are written for games without drops: say `captured pieces leave the game` instead");
    }
}
