//! Zones: `last N ranks`, `rank N`, `ranks A..B`, counted from the owner's side.

use koma_syntax::Span;
use koma_syntax::ast::Zone;
use koma_vm::spec::RankSet;

use crate::code::Code;
use crate::diagnostic::Diagnostics;

/// The ranks of a zone (0-based from the owner's home rank), or `None` after reporting that it does not fit.
pub(crate) fn ranks(
    d: &mut Diagnostics,
    zone: Zone,
    board_ranks: u8,
    span: Span,
) -> Option<RankSet> {
    let n = board_ranks as u32;
    let (low, high, fits) = match zone {
        Zone::Last(k) => (n.saturating_sub(k) + 1, n, k != 0 && k <= n),
        Zone::Ranks(a, b) => (a, b, a != 0 && a <= b && b <= n),
    };
    if !fits {
        d.report(
            Code::ZoneDoesNotFit,
            span,
            format!("this zone does not fit a board of {n} ranks"),
        )
        .label("zone")
        .help(format!("ranks count from 1 (the owner's home rank) to {n}"));
        return None;
    }
    Some(RankSet::span(low as u8 - 1, high as u8 - 1))
}
