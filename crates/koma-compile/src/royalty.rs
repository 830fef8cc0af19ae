//! Royalty: `royal pieces: the last one counts` and `no royal pieces`, checked against each other, against
//! `kings may be captured` and against the pieces marked `royal`.

use koma_vm::Span;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;

/// The royalty statements of a game, where they were written.
pub(crate) struct Royalty {
    /// `royal pieces: the last one counts`.
    pub last_royal_counts: Option<Span>,
    /// `... before the move`.
    pub royals_counted_before: bool,
    /// `no royal pieces`.
    pub no_royals: Option<Span>,
}

/// Reports the contradictions among the royalty statements and the `royal` pieces.
pub(crate) fn check(d: &mut Diagnostics, st: &Statements, pieces: &Pieces) -> Royalty {
    let last_royal_counts = st.last_royal.as_ref().map(|(_, s)| s.clone());
    let no_royals = st.no_royals.as_ref().map(|(_, s)| s.clone());
    if let Some(none) = &no_royals {
        let other = last_royal_counts
            .as_ref()
            .map(|s| (s, "`royal pieces: the last one counts`"))
            .or(st
                .royals_capturable
                .as_ref()
                .map(|(_, s)| (s, "`kings may be captured`")));
        if let Some((span, what)) = other {
            d.report(
                Code::RoyaltyContradiction,
                span.clone(),
                format!("{what} is about royal pieces, but the game has none"),
            )
            .label("about royal pieces")
            .also(none.clone(), "no royal pieces")
            .help("keep one of the two lines");
        }
        for decl in &pieces.decls {
            if let Some(royal) = &decl.royal {
                d.report(
                    Code::RoyalWithoutRoyals,
                    royal.clone(),
                    format!("the {} is royal, but the game says it has no royal pieces", decl.name.node),
                )
                .label("royal")
                .also(none.clone(), "no royal pieces")
                .help("remove `royal` from the piece (in an anti-variant the king is a piece like any other)");
            }
        }
    }
    Royalty {
        last_royal_counts,
        royals_counted_before: st.last_royal.as_ref().is_some_and(|(before, _)| *before),
        no_royals,
    }
}
