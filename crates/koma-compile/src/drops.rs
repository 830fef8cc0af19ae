//! `drop rules { ... }`: where and how pieces in hand may be dropped.

use koma_syntax::Span;
use koma_syntax::ast::DropRule;
use koma_syntax::ast::Spanned;
use koma_vm::FaceId;
use koma_vm::spec::{DropMateBan, FileLimit, RankSet};

use crate::code::Code;

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
            DropRule::NotOnFileWith {
                piece,
                count,
                blocker,
            } => {
                let (p, b) = (pieces.resolve(d, piece), resolve_plural(d, pieces, blocker));
                if count.node == 0 || count.node > u32::from(ranks) {
                    d.report(
                        Code::FileLimitCount,
                        count.span.clone(),
                        format!(
                            "a file of this board holds 1 to {ranks} pieces; {} cannot be the limit",
                            count.node
                        ),
                    )
                    .label("count")
                    .help("`an` (or 1) is shogi's nifu; to bar a piece from drops, limit where it may go instead");
                } else if let (Some(p), Some(b)) = (p, b) {
                    pieces.specs[p.index()].drop_not_on_file_with = Some(FileLimit {
                        blocker: b,
                        count: count.node as u8,
                        origin: rule.span.clone(),
                    });
                }
            }
            DropRule::NotGivingCheckmate {
                piece,
                stalemate,
                in_front,
            } => {
                if let Some(p) = pieces.resolve(d, piece) {
                    pieces.specs[p.index()].drop_not_mate = Some(DropMateBan {
                        stalemate: *stalemate,
                        in_front: *in_front,
                        origin: rule.span.clone(),
                    });
                }
            }
        }
    }
    out
}

/// A piece named in the plural after a count (`2 own Swallows`): the name itself, or without its final `s`.
fn resolve_plural(d: &mut Diagnostics, pieces: &Pieces, name: &Spanned<String>) -> Option<FaceId> {
    if pieces.find(&name.node).is_none()
        && let Some(stem) = name
            .node
            .strip_suffix('s')
            .and_then(|stem| pieces.find(stem))
    {
        return Some(stem);
    }
    pieces.resolve(d, name)
}
