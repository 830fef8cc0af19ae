//! Pieces: faces nobody can reach, promotions that change nothing, moves that leave the board, kings in hand.

use std::collections::BTreeSet;

use koma_syntax::betza;
use koma_vm::FaceId;

use super::lint;
use crate::context::Context;
use crate::lint::Finding;
use crate::reach;

pub(super) fn unreachable_face(ctx: &Context) -> Vec<Finding> {
    let r = reach::faces(ctx.rules);
    FaceId::all(ctx.rules.faces.len())
        .filter(|f| !r.appears[f.index()])
        .map(|f| {
            Finding::new(
                lint("unreachable-face"),
                ctx.face_span(f),
                format!("the {} can never be on the board", ctx.name(f)),
            )
            .label("never in play")
            .help("put it in the start position, let a piece promote or flip to it, or remove it")
        })
        .collect()
}

/// A face's moves as a set of (vector, range, modality, hop, lame), for comparing faces.
fn move_set(ctx: &Context, f: FaceId) -> BTreeSet<String> {
    ctx.rules
        .face(f)
        .moves
        .iter()
        .flat_map(|m| {
            m.vectors
                .iter()
                .map(move |v| format!("{v:?} {} {:?} {:?} {}", m.range, m.modality, m.hop, m.lame))
        })
        .collect()
}

pub(super) fn promotion_changes_nothing(ctx: &Context) -> Vec<Finding> {
    let mut out = Vec::new();
    for f in FaceId::all(ctx.rules.faces.len()) {
        let Some(p) = ctx.rules.face(f).promotes_to else {
            continue;
        };
        if move_set(ctx, f) == move_set(ctx, p) {
            out.push(
                Finding::new(
                    lint("promotion-changes-nothing"),
                    ctx.face_span(p),
                    format!(
                        "the {} moves exactly like the {} it promotes from",
                        ctx.name(p),
                        ctx.name(f)
                    ),
                )
                .label("promoted face")
                .also(ctx.face_span(f), "moves the same")
                .help("give the promoted face its own moves, or drop the promotion"),
            );
        }
    }
    out
}

pub(super) fn move_off_board(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    let mut out = Vec::new();
    for f in FaceId::all(rules.faces.len()) {
        let Some(decl) = ctx.decl(f) else { continue };
        let Ok(parsed) = betza::parse(&decl.moves.node) else {
            continue;
        };
        for (m, c) in rules.face(f).moves.iter().zip(&parsed.components) {
            let lands = m.vectors.iter().any(|&(dx, dy)| {
                rules.board().any(|sq| {
                    let (x, y) = rules.coords(sq);
                    let (tx, ty) = (x as i32 + dx as i32, y as i32 + dy as i32);
                    (0..rules.files as i32).contains(&tx) && (0..rules.ranks as i32).contains(&ty)
                })
            });
            if !lands {
                let at = decl.moves.span.start;
                out.push(
                    Finding::new(
                        lint("move-off-board"),
                        at + c.span.start..at + c.span.end,
                        format!(
                            "the {}'s `{}` leaves a {} x {} board from every square",
                            ctx.name(f),
                            &decl.moves.node[c.span.clone()],
                            rules.files,
                            rules.ranks
                        ),
                    )
                    .label("no target anywhere")
                    .help("use a shorter leap, or remove the component"),
                );
            }
        }
    }
    out
}

pub(super) fn royal_droppable(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    if rules.royals_capturable || rules.last_royal_counts {
        return Vec::new();
    }
    let r = reach::faces(rules);
    FaceId::all(rules.faces.len())
        .filter(|&f| rules.face(f).royal && r.droppable[f.index()])
        .map(|f| {
            Finding::new(
                lint("royal-droppable"),
                ctx.face_span(f),
                format!("the {} is royal and can be dropped from hand while check rules apply", ctx.name(f)),
            )
            .label("royal in hand")
            .help("add `kings may be captured` for a capture-the-king game, or keep kings out of the hands")
        })
        .collect()
}
