//! `moves in two legs hold the square they start from`: the reading of moves in two legs under which the piece
//! stands on its square until its move ends (yetiowin805's taikyoku_shogi engine plays its lions and hook
//! movers so).

use koma_syntax::ast::Span;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;

/// Where the statement was written, or `None` without it. Reports it in a game where no piece has a move in
/// two legs (a walk passes only empty squares, so the statement says nothing of it).
pub(crate) fn hold(d: &mut Diagnostics, st: &Statements, pieces: &Pieces) -> Option<Span> {
    let (_, span) = st.legs_hold.as_ref()?;
    let any = pieces
        .specs
        .iter()
        .flat_map(|f| &f.moves)
        .any(|m| m.second_leg.is_some() && !m.is_walk());
    if !any {
        d.report(
            Code::LegsHoldWithoutLegs,
            span.clone(),
            "no piece of this game moves in two legs",
        )
        .label("held by what?")
        .help("the statement reads moves such as the lion's `KaK` or the hook mover's `RaR`; walks (`mKaK`) pass only empty squares");
    }
    Some(span.clone())
}
