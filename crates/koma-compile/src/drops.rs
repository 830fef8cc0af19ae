//! `drop rules { ... }`: where and how pieces in hand may be dropped.

use koma_syntax::Span;
use koma_syntax::ast::DropRule;
use koma_vm::spec::RankSet;

use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;
use crate::zone;

/// The game-wide drop rules; rules about one piece are written into its spec.
#[derive(Default)]
pub(crate) struct DropRules {
    pub no_dead_squares: Option<Span>,
    pub either_face: bool,
    pub ranks: Option<RankSet>,
    pub ranks_origin: Option<Span>,
}

/// Lowers every drop rule.
pub(crate) fn lower(
    d: &mut Diagnostics,
    st: &Statements,
    pieces: &mut Pieces,
    ranks: u8,
) -> DropRules {
    let mut out = DropRules::default();
    for rule in &st.drop_rules {
        match &rule.node {
            DropRule::EitherFace => out.either_face = true,
            DropRule::NoDeadSquares => out.no_dead_squares = Some(rule.span.clone()),
            DropRule::Zone { piece, zone } => {
                let allowed = match zone {
                    Some(z) => zone::ranks(d, *z, ranks, rule.span.clone()).unwrap_or_default(),
                    None => RankSet::span(0, ranks - 1),
                };
                match piece {
                    None => {
                        out.ranks = Some(allowed);
                        out.ranks_origin = Some(rule.span.clone());
                    }
                    Some(name) => {
                        if let Some(p) = pieces.resolve(d, name) {
                            pieces.specs[p.index()].drop_ranks = Some(allowed);
                            pieces.specs[p.index()].drop_ranks_origin = Some(rule.span.clone());
                        }
                    }
                }
            }
            DropRule::NotOnFileWith { piece, blocker } => {
                let (p, b) = (pieces.resolve(d, piece), pieces.resolve(d, blocker));
                if let (Some(p), Some(b)) = (p, b) {
                    pieces.specs[p.index()].drop_not_on_file_with = Some((b, rule.span.clone()));
                }
            }
            DropRule::NotGivingCheckmate { piece } => {
                if let Some(p) = pieces.resolve(d, piece) {
                    pieces.specs[p.index()].drop_not_mate = Some(rule.span.clone());
                }
            }
        }
    }
    out
}
