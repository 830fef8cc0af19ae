//! Borrowed moves: `pieces move as the friendly piece behind them`, checked against the rules about pieces
//! that could never move again, which it makes meaningless.

use koma_syntax::ast::DropRule;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::statements::Statements;

/// Reports `stranded pieces must promote` and `no piece where it could never move` in a game with borrowed
/// moves: any piece away from its owner's home rank may yet borrow a move from a piece placed behind it, so
/// no square strands a piece for good.
pub(crate) fn check(d: &mut Diagnostics, st: &Statements) {
    let Some((_, borrowed)) = &st.borrowed else {
        return;
    };
    let stranded = st
        .stranded
        .as_ref()
        .map(|(_, s)| (s.clone(), "stranded pieces must promote"));
    let dead = st
        .drop_rules
        .iter()
        .find(|r| r.node == DropRule::NoDeadSquares)
        .map(|r| (r.span.clone(), "no piece where it could never move"));
    for (span, what) in stranded.into_iter().chain(dead) {
        d.report(
            Code::BorrowedMovesStranded,
            span,
            format!(
                "`{what}` never applies with borrowed moves: a piece may yet move as a friendly piece placed behind it"
            ),
        )
        .label("a rule about pieces that could never move")
        .also(borrowed.clone(), "borrowed moves")
        .help("remove the line (in a game that extends another, `without` takes it away)");
    }
}
