//! `range capture: NAME > NAME, NAME > ...`: the piece ranks of tenjiku shogi's jumping generals.

use koma_syntax::Span;
use koma_vm::FaceId;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;

/// The rank groups, highest first, with where the statement was written. Reports a piece named twice, and a
/// statement in which no piece named slides and captures (so none captures by range).
pub(crate) fn lower(
    d: &mut Diagnostics,
    st: &Statements,
    pieces: &Pieces,
) -> Option<(Vec<Vec<FaceId>>, Span)> {
    let (groups, span) = st.range_capture.as_ref()?;
    let mut seen: Vec<(FaceId, &Span)> = Vec::new();
    let mut out = Vec::new();
    for group in groups.iter() {
        let mut faces = Vec::new();
        for name in group {
            let Some(face) = pieces.resolve(d, name) else {
                continue;
            };
            if let Some((_, first)) = seen.iter().find(|(f, _)| *f == face) {
                d.report(
                    Code::RankTwice,
                    name.span.clone(),
                    format!("`{}` is given a rank twice", name.node),
                )
                .label("named again here")
                .also((*first).clone(), "first named here")
                .help("a piece has one rank: name it once, in the group of its rank");
                continue;
            }
            seen.push((face, &name.span));
            faces.push(face);
        }
        out.push(faces);
    }
    let slides = |face: &FaceId| {
        pieces.specs[face.index()]
            .moves
            .iter()
            .any(koma_vm::spec::MoveSpec::may_range_capture)
    };
    if !seen.is_empty() && !seen.iter().any(|(f, _)| slides(f)) {
        d.report(
            Code::RangeCaptureWithoutSlider,
            span.clone(),
            "`range capture` names no piece that slides and captures",
        )
        .label("no piece here captures by range")
        .help("range capture is made along a piece's slides (`R`, `B`, `fR`, `W5`, ...): name at least one piece that has them");
    }
    Some((out, span.clone()))
}
