//! `range capture: NAME > NAME, NAME > ...`: the piece ranks of tenjiku shogi's jumping generals; `range capture
//! takes every piece it jumps`: taikyoku shogi's reading of them.

use koma_syntax::Span;
use koma_syntax::ast::Spanned;
use koma_vm::FaceId;
use koma_vm::spec::Captures;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::{RangeCaptureForm, Statements};

/// Ranks or lists, with where the statement was written.
type Lowered = (
    Option<(Vec<Vec<FaceId>>, Span)>,
    Option<(Vec<(FaceId, Vec<FaceId>)>, Span)>,
);

/// The statement's rank groups, highest first, or its lists, each piece that captures by range with the pieces
/// it may not jump. Reports a piece ranked or listed twice, and a statement in which no piece that captures by
/// range slides and captures.
pub(crate) fn lower(d: &mut Diagnostics, st: &Statements, pieces: &Pieces) -> Lowered {
    let Some((form, span)) = st.range_capture.as_ref() else {
        return (None, None);
    };
    let mut seen: Vec<(FaceId, Span)> = Vec::new();
    let mut once = |d: &mut Diagnostics, name: &Spanned<String>, what: &str| {
        let face = pieces.resolve(d, name)?;
        if let Some((_, first)) = seen.iter().find(|(f, _)| *f == face) {
            d.report(
                Code::RankTwice,
                name.span.clone(),
                format!("`{}` is {what} twice", name.node),
            )
            .label("named again here")
            .also(first.clone(), "first named here")
            .help(if what == "given a rank" {
                "a piece has one rank: name it once, in the group of its rank"
            } else {
                "a piece has one list: give it one line"
            });
            return None;
        }
        seen.push((face, name.span.clone()));
        Some(face)
    };
    let mut ranks = None;
    let mut lists = None;
    let capturers: Vec<FaceId> = match form {
        RangeCaptureForm::Ranks(groups) => {
            let groups: Vec<Vec<FaceId>> = groups
                .iter()
                .map(|group| {
                    group
                        .iter()
                        .filter_map(|name| once(d, name, "given a rank"))
                        .collect()
                })
                .collect();
            let named = groups.iter().flatten().copied().collect();
            ranks = Some((groups, span.clone()));
            named
        }
        RangeCaptureForm::Lists(lines) => {
            let mut out = Vec::new();
            for line in lines.iter() {
                let Some(face) = once(d, &line.node.piece, "given a list") else {
                    continue;
                };
                let not_jumped = line
                    .node
                    .not_jumped
                    .iter()
                    .filter_map(|name| pieces.resolve(d, name))
                    .collect();
                out.push((face, not_jumped));
            }
            let named = out.iter().map(|(f, _)| *f).collect();
            lists = Some((out, span.clone()));
            named
        }
    };
    let slides = |face: &FaceId| {
        pieces.specs[face.index()]
            .moves
            .iter()
            .any(koma_vm::spec::MoveSpec::may_range_capture)
    };
    if !capturers.is_empty() && !capturers.iter().any(slides) {
        d.report(
            Code::RangeCaptureWithoutSlider,
            span.clone(),
            "`range capture` names no piece that slides and captures",
        )
        .label("no piece here captures by range")
        .help("range capture is made along a piece's unlimited slides (`R`, `B`, `fR`, ...): name at least one piece that has them");
    }
    (ranks, lists)
}

/// `range capture takes every piece it jumps`, where it was written. Reports it in a game without `range
/// capture: ...` (nothing is ranked, so nothing captures by range) and in one whose captured pieces go to hand
/// (the pieces jumped leave the game, as burnt pieces do).
pub(crate) fn takes(d: &mut Diagnostics, st: &Statements, captures: Captures) -> Option<Span> {
    let (_, span) = st.range_capture_takes.as_ref()?;
    if st.range_capture.is_none() {
        d.report(
            Code::RangeTakesWithoutRanks,
            span.clone(),
            "the game ranks no piece: nothing captures by range",
        )
        .label("taken by what?")
        .help("rank the pieces with `range capture: NAME > NAME, ...`: the ranked pieces that slide capture by range");
        return None;
    }
    if captures == Captures::GoToHand {
        d.report(
            Code::RangeTakesWithDrops,
            span.clone(),
            "the pieces a range capture jumps leave the game, but this game's captured pieces go to hand",
        )
        .label("taken by jumping here")
        .help("this reading is written for games without drops: say `captured pieces leave the game` instead");
    }
    Some(span.clone())
}
